"""Audit of the buildings against the rule texts (rulebook indexes of green, yellow,
orange, blue and red buildings; RULINGS 6, 7, 10 and 11).

The audit found the engine's building costs, VP and effects in line with the texts; the
tests below pin behaviour that matters for play and was not pinned elsewhere: the
timing of the light-green houses against the November harvest, dark-green conversions
whose Peat cut has nothing to cut, the dark-green houses' "at any time" reaching the
last exchanges of the game, and the Farmer's Inn's Forests at the next harvest.
"""

from __future__ import annotations

from arle.engine import farm as F
from util import fresh, legal, only, res, top

from arle.position import edit


def finish_work(s):
    """Skip the remaining workers and end the Work Phase (solo)."""
    while s.phase == "work" and not s.stack:
        s.apply("skip" if "skip" in legal(s) else "end")
    return s


def test_plow_makers_field_is_harvested_in_the_same_november():
    """Plow Maker's Workshop (Index of Small Houses): the house acts before November,
    i.e. before the November inventory; a Field placed then is on the home board when
    the Harvest is counted, so it yields at once."""
    s = fresh(buildings=["plow_makers_workshop"])
    only(s, timber=1, grain=1, food=9, peat=5)
    s.apply("place builder")
    s.apply("build plow_makers_workshop")
    assert res(s, 0, "grain") == 0
    finish_work(s)
    assert top(s) == "plow_maker"
    s.apply("field grain")
    assert top(s) == "sustain"
    # two Grain Fields (the starting one and the new one), one Flax Field
    assert (res(s, 0, "grain"), res(s, 0, "flax")) == (2, 1)


def test_weaving_parlor_without_moor_peat_still_gives_linen():
    """Weaving Parlor (dark green): paying 3 Flax gives 1 Linen and a Peat cut.  The cut
    comes off the player's own Moor tiles only; with nothing left there the conversion
    still gives its Linen, and no Peat comes from the general supply."""
    s = fresh(buildings=["weaving_parlor"])
    only(s, timber=1, grain=1)
    s.apply("place builder")
    s.apply("build weaving_parlor")
    edit(s, cells={F.BOARDWALK_CELL: ""}, bw_peat=0, in_place=True)
    only(s, flax=3)
    assert "use weaving_parlor" in legal(s)
    s.apply("use weaving_parlor")
    assert (res(s, 0, "flax"), res(s, 0, "linen"), res(s, 0, "peat")) == (0, 1, 0)
    assert top(s) is None


def test_dark_green_house_usable_in_the_last_exchanges_of_the_game():
    """Dark-green houses work "at any time" of the game: after the 9th November
    inventory (RULINGS 10: the window where Peat Boats still convert) the Schnapps
    Distillery may still turn Grain and Peat into Food before scoring."""
    s = edit(fresh(buildings=["schnapps_distillery"]), half_year=9)
    only(s, timber=1, grain=1)
    s.apply("place builder")
    s.apply("build schnapps_distillery")
    only(s, food=3, peat=3, grain=4)
    finish_work(s)
    s.apply("feed")
    assert top(s) == "final"
    assert (res(s, 0, "food"), res(s, 0, "grain"), res(s, 0, "peat")) == (0, 5, 1)
    s.apply("use schnapps_distillery")
    assert (res(s, 0, "food"), res(s, 0, "grain"), res(s, 0, "peat")) == (3, 4, 0)
    s.apply("finish")
    assert s.is_terminal()


def test_farmers_inn_forests_give_wood_at_the_next_harvest_not_crops():
    """Farmer's Inn (Index of Inns): Fields replaced by Forests go back to the supply;
    at the next November Harvest the Forests give 1 Wood each and the Fields are gone."""
    s = fresh(buildings=["farmers_inn"])
    only(s, wood=1, clay=1, food=12, peat=5)
    s.apply("place builder")
    s.apply("build farmers_inn")
    assert top(s) == "fields_to_forests"
    fields = s.pool["field"]
    s.apply("replace 1 1")
    assert s.pool["field"] == fields + 2
    assert F.fields(s.players[0]) == 0
    finish_work(s)
    assert top(s) == "sustain"
    assert (res(s, 0, "grain"), res(s, 0, "flax"), res(s, 0, "wood")) == (0, 0, 2)


def test_lutetsburg_forest_on_a_used_pasture_gives_animals_back():
    """Lütetsburg Castle (Index of Large Buildings): its Forest goes on an empty Land
    Space if one is left.  A pasture holding animals is still such a space (reading in
    docs/RULES_COVERAGE.md); animals that then no longer fit are given back at once."""
    s = fresh(buildings=["lutetsburg_castle"])
    only(s, timber=3, brick=3, food=15)
    pl = s.players[0]
    edit(s, animals=(2, 2, 5),  # 9 animals: the 2 pastures, the Stall and 4 of the 5 Dikes
         in_place=True)
    assert F.animals_fit(pl)
    s.apply("place builder")
    s.apply("build lutetsburg_castle")
    assert pl.grid.count("forest") == 1
    assert F.empty_land(pl) == []
    assert top(s) == "house"  # Stall 3 + Dikes 5 hold only 8
    s.apply("release sheep")
    assert pl.animals == [1, 2, 5] and F.animals_fit(pl)
    assert top(s) is None
