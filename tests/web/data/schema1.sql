BEGIN TRANSACTION;
CREATE TABLE games (
        id TEXT PRIMARY KEY,
        created DOUBLE PRECISION NOT NULL,
        updated DOUBLE PRECISION NOT NULL,
        players INTEGER NOT NULL,
        setup TEXT NOT NULL,
        owner_token TEXT NOT NULL,
        status TEXT NOT NULL,
        ply INTEGER NOT NULL,
        version INTEGER NOT NULL,
        state TEXT NOT NULL,
        to_move INTEGER,
        winner INTEGER,
        origin TEXT NOT NULL);
INSERT INTO "games" VALUES('BE2MGUWR',1.79612536305678725245e+09,1.79612536308013987537e+09,2,'{"players": 2, "seed": 11, "buildings": "first-game", "promos": false, "options": {"lutetsburg_shovels": false}}','LdK7gdo2hwBnWrpgCASmItYHDSdkK_ec','running',3,4,'{"board":["farmers_house","plow_makers_workshop","novices_hut","workshop","bakehouse","cooperage","mill","weaving_mill","textile_house","saddlery","joinery","waterfront_house","potters_inn","farmers_inn","junk_dealers_inn","village_church","lutetsburg_castle","berum_castle"],"ended":[false,false],"format":"arle-state-1","half_year":1,"history":["place fisherman","take sheep","place grocer_summer"],"n":2,"occupied":{"fisherman":1,"grocer_summer":0},"phase":"work","players":[{"animals":[0,0,1],"barn":[],"bottleneck":0,"buildings":[],"bw_peat":4,"dikes":0,"grid":["","","","","","","","","","","","field_grain","stall","boardwalk","field_flax","moor","moor","moor","moor","moor","moor"],"moor_peat":[0,0,0],"res":[5,2,3,2,4,4,4,0,0,3,0,0,1,0,0,0],"tools":[0,0,0,0,0,0,0,0,0,0],"travel":[]},{"animals":[1,0,1],"barn":[],"bottleneck":0,"buildings":[],"bw_peat":4,"dikes":0,"grid":["","","","","","","","","","","","field_grain","stall","boardwalk","field_flax","moor","moor","moor","moor","moor","moor"],"moor_peat":[0,0,0],"res":[8,1,3,2,4,4,4,0,0,3,0,0,0,0,0,0],"tools":[1,0,0,0,0,0,0,0,0,0],"travel":[]}],"pool":{"boat_plow":6,"carriage_droshky":3,"cart_horse_cart":3,"coach":0,"field":10,"forest_park":5,"handcart_wagon":2,"stable":3,"stall_depot":5},"seed":11,"setup":{"buildings":"first-game","options":{"lutetsburg_shovels":false},"players":2,"promos":false,"seed":11},"special":-1,"stack":[{"p":0,"t":"grocer"}],"start_player":1,"turn":2}',0,NULL,'lobby');
INSERT INTO "games" VALUES('2hSiDdXM',1.79612536311468052856e+09,1.79612536311468052856e+09,2,'{"players": 2, "seed": 5, "buildings": "first-game", "promos": false, "options": {"lutetsburg_shovels": false}}','Y2kjWnuUgn3kmNZJz7p5NHf0TORKBizi','running',0,1,'{"board":["farmers_house","plow_makers_workshop","novices_hut","workshop","smithy","turnery","mill","weaving_mill","textile_house","saddlery","joinery","waterfront_house","potters_inn","farmers_inn","junk_dealers_inn","village_church","lutetsburg_castle","berum_castle"],"ended":[false,false],"format":"arle-state-1","half_year":1,"history":[],"n":2,"occupied":{},"phase":"work","players":[{"animals":[0,0,1],"barn":[],"bottleneck":0,"buildings":[],"bw_peat":4,"dikes":0,"grid":["","","","","","","","","","","","field_grain","stall","boardwalk","field_flax","moor","moor","moor","moor","moor","moor"],"moor_peat":[0,0,0],"res":[5,1,3,2,4,4,4,0,0,3,0,0,0,0,0,0],"tools":[0,0,0,0,0,0,0,0,0,0],"travel":[]},{"animals":[0,0,1],"barn":[],"bottleneck":0,"buildings":[],"bw_peat":4,"dikes":0,"grid":["","","","","","","","","","","","field_grain","stall","boardwalk","field_flax","moor","moor","moor","moor","moor","moor"],"moor_peat":[0,0,0],"res":[5,1,3,2,4,4,4,0,0,3,0,0,0,0,0,0],"tools":[0,0,0,0,0,0,0,0,0,0],"travel":[]}],"pool":{"boat_plow":6,"carriage_droshky":3,"cart_horse_cart":3,"coach":0,"field":10,"forest_park":5,"handcart_wagon":2,"stable":3,"stall_depot":5},"seed":5,"setup":{"buildings":"first-game","options":{"lutetsburg_shovels":false},"players":2,"promos":false,"seed":5},"special":-1,"stack":[],"start_player":1,"turn":0}',1,NULL,'lobby');
INSERT INTO "games" VALUES('IK2noxXq',1.79612536311697554586e+09,1.79612536311697554586e+09,1,'{"players": 1, "seed": 3, "buildings": "first-game", "promos": false, "options": {"lutetsburg_shovels": false}}','LL9_pBWtUBcUrgNb8cQl5CauBg9aojMA','running',0,1,'{"board":["farmers_house","plow_makers_workshop","novices_hut","workshop","bakehouse","smokehouse","mill","weaving_mill","textile_house","saddlery","joinery","waterfront_house","potters_inn","farmers_inn","junk_dealers_inn","village_church","lutetsburg_castle","berum_castle"],"ended":[false],"format":"arle-state-1","half_year":1,"history":[],"n":1,"occupied":{},"phase":"work","players":[{"animals":[0,0,1],"barn":[],"bottleneck":0,"buildings":[],"bw_peat":4,"dikes":0,"grid":["","","","","","","","","","","","field_grain","stall","boardwalk","field_flax","moor","moor","moor","moor","moor","moor"],"moor_peat":[0,0,0],"res":[5,1,3,2,4,4,4,0,0,3,0,0,0,0,0,0],"tools":[0,0,0,0,0,0,0,0,0,0],"travel":[]}],"pool":{"boat_plow":6,"carriage_droshky":3,"cart_horse_cart":3,"coach":0,"field":12,"forest_park":5,"handcart_wagon":2,"stable":3,"stall_depot":6},"seed":3,"setup":{"buildings":"first-game","options":{"lutetsburg_shovels":false},"players":1,"promos":false,"seed":3},"special":-1,"stack":[],"start_player":0,"turn":0}',0,NULL,'lobby');
CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL);
INSERT INTO "meta" VALUES('schema_version','1');
CREATE TABLE moves (
        game_id TEXT NOT NULL REFERENCES games(id),
        ply INTEGER NOT NULL,
        player INTEGER NOT NULL,
        action TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, ply));
INSERT INTO "moves" VALUES('BE2MGUWR',1,1,'place fisherman',1.79612536306618237498e+09);
INSERT INTO "moves" VALUES('BE2MGUWR',2,1,'take sheep',1.79612536307355904574e+09);
INSERT INTO "moves" VALUES('BE2MGUWR',3,0,'place grocer_summer',1.79612536308005452155e+09);
CREATE TABLE seats (
        game_id TEXT NOT NULL REFERENCES games(id),
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,
        bot TEXT,
        token TEXT UNIQUE,
        joined INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, seat));
INSERT INTO "seats" VALUES('BE2MGUWR',0,'human',NULL,'wGiHfl1v6imy94IhB0qgBLIOC7kAdN7u',0);
INSERT INTO "seats" VALUES('BE2MGUWR',1,'human',NULL,'4ZeERxiomdA10C1tug9dhjdiAtog8cYm',1);
INSERT INTO "seats" VALUES('2hSiDdXM',0,'human',NULL,'Q67g3-bgfGrZtTmxqXdmjbVlIfjoCmiQ',0);
INSERT INTO "seats" VALUES('2hSiDdXM',1,'bot','random',NULL,1);
INSERT INTO "seats" VALUES('IK2noxXq',0,'human',NULL,'lEdR17VAdaxyIyPHDQVy5R19N-XfNV6R',0);
CREATE INDEX games_by_status ON games (status, updated);
COMMIT;
