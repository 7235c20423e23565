"""Reading saved states and game records strictly (docs/STATE_FORMAT.md).

A state read from JSON is either refused with a ``ValueError`` naming the field, or it
is a position the engine could have reached: every field has the right type, range and
keys; counts add up (tiles in the players' hands plus the supply make the game's
totals); the animals can be housed; and the history replays from the setup (a new game,
or the start position ``setup["position"]`` of a position built with
:mod:`arle.position`) to exactly this state.  The checks are bounded: nothing here
loops over a count read from the file before the count's range was checked.
"""

from __future__ import annotations

import json
import math
from typing import TYPE_CHECKING, Any

from arle import jsonread
from arle.data.options import players_error
from arle.errors import StateFormatError
from arle.data import catalog as C
from arle.data import tea_trade as TT
from arle.state import PLAYER_FIELDS, STATE_FIELDS, TT_PLAYER_FIELDS, Player, State, link

if TYPE_CHECKING:
    from arle.frames import Frame

STATE_FORMAT = "arle-state-1"
RECORD_FORMAT = "arle-record-1"

STATE_KEYS = ("format", "n", "seed", "setup", "players", "half_year", "start_player",
              "phase", "turn", "occupied", "special", "ended", "stack", "pool", "board",
              "history")
#: The fields of a start position (``setup["position"]``): a state without its format,
#: setup, history, player count and seed (those are the setup's).
POSITION_KEYS = tuple(k for k in STATE_KEYS
                      if k not in ("format", "n", "seed", "setup", "history"))
PLAYER_KEYS = tuple(k for k in PLAYER_FIELDS if k not in TT_PLAYER_FIELDS)
TT_PLAYER_KEYS = TT_PLAYER_FIELDS
SETUP_KEYS = ("players", "seed", "buildings", "promos", "options", "position", "expansion")
SETUP_REQUIRED = ("players", "seed", "buildings", "promos")

#: Bounds of the format where the game itself sets none.
MAX_SUPPLY = 999          # any one personal-supply item (Wood, Timber, Linen, ...)
MAX_BOTTLENECK = 999      # VP lost to supply bottlenecks, as a positive number
MAX_HISTORY = 20_000      # actions in one game (a real game has about 300-600)
MAX_TEXT = 200            # characters of one action text
MAX_STACK = 64            # pending decision frames
#: Animals a player may hold beyond what the farm houses while giving some back.
HOUSE_SLACK = 40

TILES = ("", "field_grain", "field_flax", "stall", "depot", "stable", "double_stall",
         "forest", "park", "moor", "dmoor", "boardwalk")
#: Tiles counted against a limited supply: supply pool -> tiles of its two sides.
GRID_POOLS = {"field": ("field_grain", "field_flax"), "stall_depot": ("stall", "depot"),
              "stable": ("stable", "double_stall"), "forest_park": ("forest", "park")}
BARN_POOLS = ("boat_plow", "handcart_wagon", "cart_horse_cart", "carriage_droshky", "coach")
POOLS = tuple(GRID_POOLS) + BARN_POOLS
#: Size of what a loaded vehicle cell shows (what the load becomes, RULINGS 5).
LOADED = {C.RESOURCES[C.LOAD_RESULT[item]]: size for item, size in C.LOAD_SIZE.items()}
#: Tea & Trade: Tea loaded on a vehicle becomes East Frisian Tea (T6).
#: The action spaces of a 3-player game (T40): the Overlay covers the base Laborers.
SPACES_3P = (frozenset(sp for sp in C.SPACE_NAME if sp not in TT.COVERED_BY_OVERLAY)
             | frozenset(TT.SPACE_SEASON_3P) | frozenset(TT.IMITATE_SPACES))
TT_LOADED = {TT.TT_RESOURCES[TT.TEA_LOAD_RESULT[k]]: n for k, n in TT.TEA_LOAD_SIZE.items()}


class Malformed(StateFormatError):
    """A field of a state, setup or record that cannot be right: a
    :class:`~arle.errors.StateFormatError` whose message starts with the field
    (``"players[0].res: ..."``), which ``field`` names."""

    def __init__(self, message: str) -> None:
        head, sep, rest = message.partition(": ")
        ValueError.__init__(self, message)          # the message exactly as written
        field = head.partition(" (")[0] if sep else ""         # "history[3] ('x')"
        if field.startswith("record action "):                  # a record's actions[i]
            field = f"actions[{field[len('record action '):]}]"
        self.field = field
        self.reason = rest if sep else message


def need(ok: bool, where: str, what: str) -> None:
    if not ok:
        raise Malformed(f"{where}: {what}")


def is_int(v: Any, low: int | None = None, high: int | None = None) -> bool:
    return type(v) is int and (low is None or v >= low) and (high is None or v <= high)


def int_field(v: Any, where: str, low: int | None, high: int | None) -> int:
    rng = (f"{low}..{high}" if low is not None and high is not None
           else f">= {low}" if low is not None else f"<= {high}")
    need(type(v) is int, where, f"expected a whole number {rng}, got {_short(v)}")
    need(is_int(v, low, high), where, f"{v!r} is out of range ({rng})")
    return int(v)


def _short(v: Any) -> str:
    text = repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


def keys(d: Any, where: str, required: tuple[str, ...],
         optional: tuple[str, ...] = ()) -> dict[str, Any]:
    need(isinstance(d, dict), where or "state", f"expected an object, got {_short(d)}")
    pre = f"{where}." if where else ""
    for k in required:
        need(k in d, f"{pre}{k}", "missing")
    for k in d:
        need(k in required or k in optional, f"{pre}{k}", "unknown key")
    out: dict[str, Any] = d
    return out


def int_list(v: Any, where: str, length: int, low: int, highs: list[int]) -> list[int]:
    need(isinstance(v, list) and len(v) == length, where,
         f"expected a list of {length} whole numbers")
    return [int_field(x, f"{where}[{i}]", low, highs[i]) for i, x in enumerate(v)]


def str_list(v: Any, where: str, choices: Any, unique: bool = True,
             what: str = "unknown") -> list[str]:
    need(isinstance(v, list), where, "expected a list")
    for i, x in enumerate(v):
        need(isinstance(x, str) and x in choices, f"{where}[{i}]", f"{what} {_short(x)}")
    need(not unique or len(set(v)) == len(v), where, "an entry is repeated")
    return list(v)


# ---------------------------------------------------------------------------
# JSON text
# ---------------------------------------------------------------------------
def parse(text: Any, what: str) -> Any:
    """JSON text to Python objects with the package's strict reader
    (:func:`arle.jsonread.loads`: no NaN or Infinity, no key given twice, no absurd
    numbers or nesting); a refusal names ``what`` and the key at fault."""
    if isinstance(text, (bytes, bytearray)):
        text = bytes(text).decode("utf-8", errors="replace")
    need(isinstance(text, str), what, "expected JSON text")
    try:
        # numbers of any length the int type reads: the fields' ranges refuse them,
        # naming the field (players[1].res[7])
        return jsonread.loads(text, max_digits=4000)
    except StateFormatError as e:
        raise Malformed(f"{what}: {e}") from None


# ---------------------------------------------------------------------------
# Setups
# ---------------------------------------------------------------------------
def check_setup(setup: Any, where: str = "setup") -> dict[str, Any]:
    """The setup of a game (what :func:`arle.new_game` took, plus an optional start
    position); raises :class:`Malformed` naming the field."""
    from arle.data.options import BASE_TT_OPTIONS, RULE_OPTIONS, TT_RULE_OPTIONS
    from arle.engine.setup import validate_buildings
    from arle.engine.setup import EXPANSIONS, TT_SELECTIONS, validate_tt_buildings
    keys(setup, where, SETUP_REQUIRED, ("options", "position", "expansion"))
    if "expansion" in setup:
        need(setup["expansion"] in EXPANSIONS, f"{where}.expansion",
             f"unknown expansion {_short(setup['expansion'])} (known: {', '.join(EXPANSIONS)})")
    need(is_int(setup["players"], 1, 3), f"{where}.players",
         f"players must be 1, 2 or 3, not {_short(setup['players'])}")
    refused = players_error(setup["players"], setup.get("expansion"), "setup.expansion")
    need(refused is None, f"{where}.players", str(refused))
    need(is_int(setup["seed"]), f"{where}.seed",
         f"seed must be a whole number, not {_short(setup['seed'])}")
    need(isinstance(setup["promos"], bool), f"{where}.promos",
         f"promos must be true or false, not {_short(setup['promos'])}")
    b = setup["buildings"]
    if "expansion" in setup:
        if isinstance(b, str):
            need(b in TT_SELECTIONS, f"{where}.buildings",
                 f"unknown building selection {_short(b)} with the expansion (use "
                 "'random', 'expansion-only' or a list of building ids)")
        else:
            need(isinstance(b, list) and all(isinstance(x, str) for x in b),
                 f"{where}.buildings", "expected 'random', 'expansion-only' or a list of ids")
            try:
                validate_tt_buildings(list(b), setup["promos"], setup["players"])
            except ValueError as e:
                raise Malformed(f"{where}.buildings: {e}") from None
    elif isinstance(b, str):
        need(b in ("first-game", "random"), f"{where}.buildings",
             f"unknown building selection {_short(b)} (use 'first-game', 'random' or "
             "a list of building ids)")
    else:
        need(isinstance(b, list) and all(isinstance(x, str) for x in b),
             f"{where}.buildings", "expected 'first-game', 'random' or a list of ids")
        try:
            validate_buildings(list(b), setup["promos"])
        except ValueError as e:
            raise Malformed(f"{where}.buildings: {e}") from None
    opts = setup.get("options", {})
    need(isinstance(opts, dict), f"{where}.options",
         f"options must map rules option names to true/false, not {_short(opts)}")
    from arle.engine.setup import rule_options
    known = {**rule_options(setup["players"]),
             **(TT_RULE_OPTIONS if "expansion" in setup else BASE_TT_OPTIONS)}
    for k, v in opts.items():
        need(k in known, f"{where}.options.{k}", "unknown rules option"
             + (" (3-player games only)" if k in TT.THREE_PLAYER_OPTIONS else ""))
        need(isinstance(v, bool), f"{where}.options.{k}",
             f"rules option {k!r} must be true or false, not {_short(v)}")
    out: dict[str, Any] = setup
    return out


def recorded_options(setup: dict[str, Any]) -> dict[str, bool] | None:
    """The rules options of a recorded setup.  A new game records every option of its
    kind; an expansion setup written before the option ``choose_cells`` existed has
    none, and it is played as it was then: the engine places tiles and dikes (the
    option off), so that those records still replay."""
    opts = setup.get("options")
    if "expansion" not in setup or "choose_cells" in (opts or {}):
        return opts
    return {**(opts or {}), "choose_cells": False}


def start_of(setup: dict[str, Any], where: str = "setup") -> State:
    """The state a (checked) setup starts from: a new game, or its start position."""
    from arle.engine.setup import new_game
    if "position" not in setup:
        return new_game(players=setup["players"], seed=setup["seed"],
                        buildings=setup["buildings"], promos=setup["promos"],
                        options=recorded_options(setup), expansion=setup.get("expansion"))
    pos = keys(setup["position"], f"{where}.position", POSITION_KEYS)
    d = dict(pos, n=setup["players"], seed=setup["seed"], setup=setup, history=[])
    s = build(d, setup, f"{where}.position.")
    check_playable(s, f"{where}.position")
    return s


# ---------------------------------------------------------------------------
# States
# ---------------------------------------------------------------------------
def load_state(text: Any) -> State:
    """:meth:`State.from_json`: parse, check every field, replay the history."""
    d = parse(text, "state")
    need(isinstance(d, dict) and d.get("format") == STATE_FORMAT, "format",
         f"not an arle state (missing format {STATE_FORMAT!r})")
    keys(d, "", STATE_KEYS)
    setup = check_setup(d["setup"])
    built = build(d, setup, "")  # every field's type, range and consistency
    hist = d["history"]
    start = start_of(setup)
    s = _replay(start, hist, "history")
    # The replay read each saved action text as the action it names today (an older
    # spelling, such as a trade's payment named where there was one way to pay, is
    # written the new way), so the history compares as replayed.
    built.history = list(s.history)
    # against the decoded file, so older spellings (effect names) compare as today's
    _same(json.loads(s.to_json()), json.loads(built.to_json()), "")
    check_playable(s, "state")
    return s


def build(d: dict[str, Any], setup: dict[str, Any], pre: str) -> State:
    """A state from its dict form (format and keys checked by the caller), every field
    checked; the history is not replayed here."""
    n = setup["players"]
    promos = setup["promos"]
    need(is_int(d["n"]) and d["n"] == n, f"{pre}n", f"players must be 1, 2 or 3 and match "
         f"setup.players ({n}), not {_short(d['n'])}")
    need(is_int(d["seed"]) and d["seed"] == setup["seed"], f"{pre}seed",
         "must match setup.seed")
    tt = "expansion" in setup
    s = State()
    s.n = n
    s.seed = d["seed"]
    s.setup = setup
    from arle.engine.three import last_half_year
    s.setup = setup
    s.half_year = int_field(d["half_year"], f"{pre}half_year", 1, last_half_year(s))
    s.start_player = int_field(d["start_player"], f"{pre}start_player", 0, n - 1)
    need(d["phase"] in ("work", "inventory", "over"), f"{pre}phase",
         f"unknown phase {_short(d['phase'])}")
    s.phase = d["phase"]
    s.turn = int_field(d["turn"], f"{pre}turn", 0, C.WORKERS_PER_PLAYER * n)
    s.special = int_field(d["special"], f"{pre}special", -1, n - 1)
    ended = d["ended"]
    need(isinstance(ended, list) and len(ended) == n
         and all(isinstance(x, bool) for x in ended), f"{pre}ended",
         f"expected {n} true/false flag(s)")
    s.ended = list(ended)
    occ = d["occupied"]
    need(isinstance(occ, dict), f"{pre}occupied", "expected an object")
    for sp, who in occ.items():
        need(sp in (SPACES_3P if n == 3 else C.SPACE_NAME) or tt and n < 3
             and sp in TT.TT_SPACE_SEASON, f"{pre}occupied.{sp}", "unknown space or player")
        need(is_int(who, 0, n - 1), f"{pre}occupied.{sp}", "unknown space or player")
    need(len(occ) <= s.turn, f"{pre}occupied", "more spaces occupied than workers used")
    s.occupied = dict(occ)
    if tt:
        from arle.engine.setup import tt_pools
        selectable = tuple(b for base, ext in tt_pools(promos, n).values() for b in base + ext)
    else:
        selectable = C.BUILDINGS if promos else tuple(
            b for b in C.BUILDINGS if b not in C.PROMO_YELLOW + C.PROMO_RED)
    s.board = str_list(d["board"], f"{pre}board", selectable, what="unknown building")
    raw = d["players"]
    need(isinstance(raw, list) and len(raw) == n, f"{pre}players",
         f"expected {n} player(s)")
    s.players = [_player(raw[i], f"{pre}players[{i}]", selectable, tt)
                 for i in range(n)]
    for kind, total in TT.SHIP_SUPPLY.items():    # Tea & Trade: the shared ship supply (T1)
        held_ships = sum(1 for pl in s.players for h in pl.harbor if TT.SHIP_KIND[h[0]] == kind)
        need(held_ships <= total, f"{pre}players",
             f"{held_ships} {kind.replace('_', ' ')}s in the harbors, the game has {total}")
    s.stack = decode_stack(d["stack"], n, f"{pre}stack")
    _check_tt_frames(s, tt, f"{pre}stack")
    held: set[str] = set(s.board)
    for i, pl in enumerate(s.players):
        for b in pl.buildings:
            need(b not in held, f"{pre}players[{i}].buildings",
                 f"{b!r} is also on the board or another player's")
            held.add(b)
    s.pool = _pool(d["pool"], s, promos, "position" in setup, f"{pre}pool")
    _housing(s, pre)
    hist = d["history"]
    need(isinstance(hist, list) and len(hist) <= MAX_HISTORY, f"{pre}history",
         f"expected a list of at most {MAX_HISTORY} action texts")
    for i, h in enumerate(hist):
        need(isinstance(h, str) and 0 < len(h) <= MAX_TEXT, f"{pre}history[{i}]",
             f"expected an action text, got {_short(h)}")
    s.history = list(hist)
    return s


def _check_tt_frames(s: State, tt: bool, where: str) -> None:
    """The frames of the expansion's choices agree with the players' boards: a
    ``cell`` frame's tile stands on (or left) its cell, its cells are Land; a
    ``dikes`` frame has moves left; the Farmer's fields on dehydrated land are some of
    its fields; a Tea use waits only on a Laborer."""
    from arle import frames as FR
    from arle.engine.farm import CELL_THEN
    for i, f in enumerate(s.stack):
        w = f"{where}[{i}]"
        if isinstance(f, FR.Dikes):
            need(tt, w, "a 'dikes' frame needs the Tea & Trade expansion")
        if isinstance(f, FR.Cell):
            need(bool(s.setup.get("options", {}).get("choose_cells")), w,
                 "a 'cell' frame needs the rules option choose_cells")
        if isinstance(f, FR.Cell):
            pl = s.players[f.p]
            first = C.first_land_row(pl.dikes) * C.COLS
            need(len(f.cells) >= 2 and list(f.cells) == sorted(set(f.cells))
                 and all(first <= c < C.ROWS * C.COLS for c in f.cells), f"{w}.cells",
                 "expected two or more different Land cells in order")
            need(f.at in f.cells, f"{w}.at", "expected one of the frame's cells")
            need(f.then in CELL_THEN, f"{w}.then", f"expected one of {list(CELL_THEN)}")
            need(f.then != "farmer" or i > 0 and isinstance(s.stack[i - 1], FR.Farmer),
                 f"{w}.then", "a Farmer's field waits on a Farmer frame")
            below = s.stack[i - 1] if i > 0 else None
            need(f.then != "castle" or f.gone and isinstance(below, FR.Effect)
                 and below.name == "castle_field" and below.p == f.p, f"{w}.then",
                 "a Field leaving for Norderburg Castle waits on its next Field")
            need(f.tile != "" and pl.grid[f.at] == ("" if f.gone else f.tile), f"{w}.at",
                 f"the tile {f.tile!r} is not where the frame says")
            others = [c for c in f.cells if c != f.at]
            need(all(pl.grid[c] == (f.tile if f.gone else "") for c in others),
                 f"{w}.cells", "a cell of the frame does not hold what the choice moves")
        elif isinstance(f, FR.Dikes):
            need(1 <= f.n <= C.MAX_DIKE_MOVES - s.players[f.p].dikes, f"{w}.n",
                 "more dike moves than are left")
            need(C.first_land_row(s.players[f.p].dikes) <= f.line <= 3, f"{w}.line",
                 "expected the Dike Line before the moves (0..3, not above today's)")
        elif isinstance(f, FR.Farmer):
            need(0 <= f.dry <= f.fields, f"{w}.dry",
                 "expected 0 up to the fields placed")
        elif isinstance(f, FR.SpaceChoice):
            need(f.tea in ("", "tea", "eftea") and (f.tea == "" or tt and "imitate" in f.opts),
                 f"{w}.tea", "a Tea use waits only on a Laborer's imitation")


def decode_stack(raw: Any, n: int, where: str) -> "list[Frame]":
    """The typed decision frames of a JSON stack (:func:`arle.frames.frame_from_json`:
    an unknown kind, a missing, extra or mistyped field is refused naming it)."""
    from arle.engine.core import EFFECTS
    from arle.frames import frame_from_json
    need(isinstance(raw, list) and len(raw) <= MAX_STACK, where,
         f"expected a list of at most {MAX_STACK} frames")
    try:
        return [frame_from_json(f, f"{where}[{i}]", n, EFFECTS) for i, f in enumerate(raw)]
    except Malformed:
        raise
    except ValueError as e:
        raise Malformed(str(e)) from None


def _player(d: Any, w: str, buildings: tuple[str, ...], tt: bool = False) -> Player:
    from arle.engine.farm import BOARDWALK_CELL, MOOR_CELLS, barn_fits
    # Expansion games: Tea and East Frisian Tea end the resource list, the Digging
    # Spade track ends the tool list, and the player has ditches (an edge mask).
    # (an expansion state saved before the harbor existed has no "harbor": no ships)
    keys(d, w, PLAYER_KEYS + TT_PLAYER_KEYS[:-1] if tt else PLAYER_KEYS,
         ("harbor",) if tt else ())
    p = Player()
    names = TT.TT_RESOURCES if tt else C.RESOURCES
    caps = [C.FOOD_CAP if r == C.FOOD else C.GOOD_CAP if r in C.GOODS_TRACK
            else MAX_SUPPLY for r in range(len(names))]
    p.res = int_list(d["res"], f"{w}.res", len(names), 0, caps)
    p.animals = int_list(d["animals"], f"{w}.animals", 3, 0, [10 ** 6] * 3)
    values = TT.TT_TOOL_VALUES if tt else C.TOOL_VALUES
    p.tools = int_list(d["tools"], f"{w}.tools", len(values), 0,
                       [len(v) - 1 for v in values])
    if tt:
        from arle.engine import ditches as D
        dm = int_field(d["ditches"], f"{w}.ditches", 0, D.ALL_EDGES)
        need(dm == 0 or D.is_connected(dm), f"{w}.ditches", "the ditches are not connected")
        p.ditches = dm
        dc = int_list(d["dike_cols"], f"{w}.dike_cols", D.GAPS, 0, [7] * D.GAPS)
        p.dikes = int_field(d["dikes"], f"{w}.dikes", 0, C.MAX_DIKE_MOVES)
        try:
            D.check_dike_slots([(g, c) for g in range(D.GAPS) for c in range(C.COLS)
                                if dc[g] >> c & 1], p.dikes)
        except ValueError as e:
            raise Malformed(f"{w}.dike_cols: {e}") from None
        p.dike_cols = dc
        bo = d["boost"]
        need(isinstance(bo, list) and (bo == [] or len(bo) == 2
             and is_int(bo[0], 0, len(values) - 1) and is_int(bo[1], 1, 2)),
             f"{w}.boost", "expected [] or [tool track index, 1 or 2 steps]")
        p.boost = list(bo)
        p.harbor = _harbor(d.get("harbor", []), f"{w}.harbor")
    p.dikes = int_field(d["dikes"], f"{w}.dikes", 0, C.MAX_DIKE_MOVES)
    p.bottleneck = int_field(d["bottleneck"], f"{w}.bottleneck", -MAX_BOTTLENECK, 0)
    need(p.bottleneck % 2 == 0, f"{w}.bottleneck",
         f"expected a multiple of {C.BOTTLENECK_VP}")
    p.buildings = str_list(d["buildings"], f"{w}.buildings", buildings,
                           what="unknown building")
    p.travel = str_list(d["travel"], f"{w}.travel", C.DESTINATIONS,
                        what="unknown destination")
    # The home board: tile codes, Moor tiles in their places, land below the dikes.
    g = d["grid"]
    need(isinstance(g, list) and len(g) == C.ROWS * C.COLS
         and all(isinstance(x, str) for x in g), f"{w}.grid", "expected 21 tile names")
    for i, t in enumerate(g):
        need(t in TILES or t[2:] in p.buildings and t[:2] == "b:", f"{w}.grid[{i}]",
             f"unknown tile {_short(t)} (a building is 'b:' + the id of one it holds)")
    on_grid = sorted(t[2:] for t in g if t.startswith("b:"))
    need(on_grid == sorted(p.buildings), f"{w}.buildings",
         "each building held lies on the home board once (grid 'b:' + id)")
    moor_cells = {c for pair in MOOR_CELLS for c in pair}
    land = C.first_land_row(p.dikes) * C.COLS
    for i, t in enumerate(g):
        if t in ("moor", "dmoor"):
            need(i in moor_cells, f"{w}.grid[{i}]", "no Moor tile lies here")
        elif t == "boardwalk":
            need(i == BOARDWALK_CELL, f"{w}.grid[{i}]", "the Small Boardwalk lies elsewhere")
        elif t:
            need(i >= land, f"{w}.grid[{i}]", f"{t!r} above the dike line "
                 f"({p.dikes} dike moves)")
    p.grid = list(g)
    p.moor_peat = int_list(d["moor_peat"], f"{w}.moor_peat", 3, 0, [C.MOOR_PEAT] * 3)
    for c, (a, b) in enumerate(MOOR_CELLS):
        moor = {g[a], g[b]} & {"moor", "dmoor"}
        need(not moor or g[a] == g[b], f"{w}.grid[{a}]", "a Moor tile covers two "
             f"spaces (grid[{a}] and grid[{b}] differ)")
        if g[a] == "dmoor":
            need(p.moor_peat[c] > 0, f"{w}.moor_peat[{c}]",
                 "a dehydrated Moor without Peat leaves the board")
        else:
            need(p.moor_peat[c] == 0, f"{w}.moor_peat[{c}]",
                 "Peat on a hydrated Moor or on no Moor")
    p.bw_peat = int_field(d["bw_peat"], f"{w}.bw_peat", 0, C.START_BOARDWALK_PEAT)
    if g[BOARDWALK_CELL] == "boardwalk":
        need(p.bw_peat > 0, f"{w}.bw_peat", "the Small Boardwalk without Peat leaves")
    else:
        need(p.bw_peat == 0, f"{w}.bw_peat", "Peat on a Small Boardwalk that is gone")
    # The barn: equipment, each vehicle's loads.
    barn = d["barn"]
    need(isinstance(barn, list) and len(barn) <= 16, f"{w}.barn", "expected a list")
    dests = set(p.travel)
    for j, item in enumerate(barn):
        ok = (isinstance(item, list) and item and item[0] in C.EQUIPMENT
              and len(item) == 1 + len(C.VEHICLE_CELLS.get(item[0], ()))
              and all(isinstance(x, str) for x in item))
        need(bool(ok), f"{w}.barn[{j}]", "expected [equipment, load of each cell...]")
        _loads(item, f"{w}.barn[{j}]", dests, tt)
    need(barn_fits([b[0] for b in barn]), f"{w}.barn",
         "the barn holds at most 3 large vehicles and 4 (5 with at most 2 large) "
         "other pieces")
    p.barn = [list(b) for b in barn]
    return p


def _harbor(raw: Any, w: str) -> list[list[str]]:
    """Tea & Trade: the ships, at most 2 of each kind (T1), each [side, its loads]."""
    from arle.engine.harbor import TILE_SIZE
    need(isinstance(raw, list) and len(raw) <= sum(TT.HARBOR_SPACES.values()), w,
         "expected a list of ships")
    for j, h in enumerate(raw):
        ok = (isinstance(h, list) and h and h[0] in TT.SHIPS
              and len(h) == 1 + TT.SHIPS[h[0]].spaces and all(isinstance(x, str) for x in h))
        need(bool(ok), f"{w}[{j}]", "expected [ship, load of each space...]")
        cells = h[1:]
        k = 0
        while k < len(cells):
            load = cells[k]
            if load:
                need(load != "+", f"{w}[{j}][{k + 1}]", "'+' continues no tile to its left")
                need(load in TILE_SIZE, f"{w}[{j}][{k + 1}]",
                     f"unknown ship load {_short(load)} (no destination goes on a ship)")
                size = TILE_SIZE[load]
                need(cells[k + 1:k + size] == ["+"] * (size - 1)
                     and (size == 1 or TT.SHIPS[h[0]].combinable),
                     f"{w}[{j}][{k + 1}]", f"a tile of size {size} does not fit here")
                k += size
            else:
                k += 1
    for kind, n in TT.HARBOR_SPACES.items():
        need(sum(1 for h in raw if TT.SHIP_KIND[h[0]] == kind) <= n, w,
             f"more than {n} {kind.replace('_', ' ')}s")
    return [list(h) for h in raw]


def _loads(item: list[str], w: str, dests: set[str], tt: bool = False) -> None:
    kind, cells = item[0], item[1:]
    widths = C.VEHICLE_CELLS.get(kind, ())
    j = 0
    while j < len(cells):
        load = cells[j]
        if load == "":
            j += 1
            continue
        need(load != "+", f"{w}[{j + 1}]", "'+' continues no tile to its left")
        if load.startswith("dest:"):
            dest = load[5:]
            need(dest in C.DESTINATIONS, f"{w}[{j + 1}]", f"unknown destination {dest!r}")
            need(dest not in dests, f"{w}[{j + 1}]", f"destination {dest!r} used twice")
            dests.add(dest)
            size = C.DESTINATION_SIZE[dest]
        else:
            need(load in LOADED or tt and load in TT_LOADED, f"{w}[{j + 1}]",
                 f"unknown load {_short(load)}")
            size = LOADED.get(load) or TT_LOADED[load]
        covered = widths[j]
        k = j + 1
        while covered < size:
            need(k < len(cells) and cells[k] == "+" and C.VEHICLE_COMBINABLE[kind],
                 f"{w}[{j + 1}]", f"a tile of size {size} does not fit here")
            covered += widths[k]
            k += 1
        need(covered == size, f"{w}[{j + 1}]", f"a tile of size {size} does not fit here")
        j = k


def _pool(raw: Any, s: State, promos: bool, aside: bool, w: str) -> dict[str, int]:
    keys(raw, w, POOLS)
    totals = held_totals(promos, s.n)
    held = pieces_held(s)
    pool = {}
    for k in POOLS:
        v = int_field(raw[k], f"{w}.{k}", 0, totals[k])
        # A start position may set tiles aside (fewer in the supply); a game from
        # a new game never does.
        ok = v + held[k] <= totals[k] if aside else v + held[k] == totals[k]
        need(ok, f"{w}.{k}", f"{v} in the supply and {held[k]} with the players, but "
             f"the game has {totals[k]}")
        pool[k] = v
    return pool


def held_totals(promos: bool, players: int = 2) -> dict[str, int]:
    """How many tiles of each limited supply the game has (the 3-player box adds a
    few, T49)."""
    t = {"field": C.FIELDS_TOTAL, "stall_depot": C.STALLS_TOTAL,
         **{k: v for k, v in C.SUPPLY_POOLS.items()}}
    if players == 3:
        for k, v in TT.THREE_PLAYER_EXTRA_SUPPLY.items():
            t[k] += v
    t["coach"] = C.SUPPLY_POOLS["coach"] if promos else 0
    return t


def pieces_held(s: State) -> dict[str, int]:
    """Tiles of each limited supply on the players' home boards and in their barns."""
    held = dict.fromkeys(POOLS, 0)
    for pl in s.players:
        for pool, tiles in GRID_POOLS.items():
            held[pool] += sum(pl.grid.count(t) for t in tiles)
        for b in pl.barn:
            held[C.TILE_POOL[b[0]]] += 1
    return held


def _housing(s: State, pre: str) -> None:
    from arle.engine.farm import animals_fit, enclosures
    for i, pl in enumerate(s.players):
        e = enclosures(pl)
        room = 2 * e.pastures + 3 * (e.stalls + e.dry) + 6 * e.stables + e.mixed
        giving_back = any(f.KIND == "house" and f.p == i for f in s.stack)
        most = room + (HOUSE_SLACK if giving_back else 0)
        need(sum(pl.animals) <= most, f"{pre}players[{i}].animals",
             f"{sum(pl.animals)} animals, but this farm has room for {room}")
        need(giving_back or animals_fit(pl), f"{pre}players[{i}].animals",
             "these animals cannot be housed on this farm")


def check_playable(s: State, where: str) -> None:
    """The state answers every query and takes each of its legal actions."""
    try:
        s.current_player
        legal = s.legal_actions()
        s.scores()
        for a in legal:
            s.clone().apply(a)
    except Exception as e:          # noqa: BLE001 - any failure means a bad file
        raise Malformed(f"{where}: the state cannot be played "
                        f"({type(e).__name__}: {e})") from None


def _replay(s: State, actions: list[Any], where: str) -> State:
    for i, text in enumerate(actions):
        at = f"record action {i}" if where == "actions" else f"{where}[{i}]"
        need(isinstance(text, str), at, f"expected an action text, got {_short(text)}")
        try:
            try:
                s.apply(text)
            except ValueError:
                if not _castle_fields_by_default(s):
                    raise
                s.apply(text)
        except ValueError as e:
            raise Malformed(f"{at} ({text!r}): {e}") from None
    return s


def _castle_fields_by_default(s: State) -> bool:
    """Records written before Norderburg Castle asked which Fields leave go on after
    ``discard grain:G flax:F`` as if the engine had picked them (the lowest cells, as
    it did then): answer the pending questions so (True), if the castle's are pending."""
    from arle.actions import Action
    from arle import frames as FR
    from arle.engine.farm import cell_name
    last = next((h for h in reversed(s.history) if not h.startswith("cell ")), "")
    if not last.startswith("discard grain:"):
        return False
    answered = False
    while s.stack:
        f = s.stack[-1]
        if not (isinstance(f, FR.Cell) and f.gone and f.tile.startswith("field_")):
            break
        s.apply(Action("cell", (cell_name(f.at),)))
        answered = True
    return answered


def _same(replayed: Any, saved: Any, path: str) -> None:
    """Raise naming the first field where the saved state differs from the replay."""
    if path == "":
        for k in STATE_KEYS:
            if k != "setup":
                _same(replayed[k], saved[k], k)
        return
    if type(replayed) is not type(saved):
        raise Malformed(f"{path}: the history does not lead here (replaying it gives "
                        f"{_short(replayed)}, the file says {_short(saved)})")
    if isinstance(saved, dict):
        for k in sorted(set(saved) | set(replayed)):
            _same(replayed.get(k), saved.get(k), f"{path}.{k}")
    elif isinstance(saved, list):
        if len(saved) != len(replayed):
            raise Malformed(f"{path}: the history does not lead here (replaying it gives "
                            f"{_short(replayed)}, the file says {_short(saved)})")
        for i, (a, b) in enumerate(zip(replayed, saved)):
            _same(a, b, f"{path}[{i}]")
    elif replayed != saved:
        raise Malformed(f"{path}: the history does not lead here (replaying it gives "
                        f"{_short(replayed)}, the file says {_short(saved)})")


# ---------------------------------------------------------------------------
# Records
# ---------------------------------------------------------------------------
def load_record(record: Any) -> State:
    """:func:`arle.replay`: check a record and play it from its setup."""
    if isinstance(record, (str, bytes, bytearray)):
        record = parse(record, "record")
    need(isinstance(record, dict) and record.get("format") == RECORD_FORMAT, "format",
         f"not an arle game record (missing format {RECORD_FORMAT!r})")
    need("setup" in record, "setup", "missing")
    need(isinstance(record["setup"], dict), "setup",
         "'setup' must be an object and 'actions' a list of action texts")
    need("actions" in record, "actions", "missing")
    need(isinstance(record["actions"], list), "actions",
         "'setup' must be an object and 'actions' a list of action texts")
    # Other top-level keys are annotations (a tournament adds "seats" and "scores").
    need(len(record["actions"]) <= MAX_HISTORY, "actions",
         f"more than {MAX_HISTORY} actions")
    setup = check_setup(record["setup"])
    s = start_of(setup)
    return _replay(s, record["actions"], "actions")


# ---------------------------------------------------------------------------
# Start positions (arle.position)
# ---------------------------------------------------------------------------
def position_of(s: State) -> dict[str, Any]:
    """The start-position form of a state (plain JSON values)."""
    d = json.loads(s.to_json())
    return {k: d[k] for k in POSITION_KEYS}


def rebase(s: State, settle_supply: bool) -> State:
    """A new state: ``s`` as a start position (``setup["position"]``), empty history,
    every field checked.  With ``settle_supply`` the limited supplies are set to what
    the players do not hold, and buildings a player holds leave the board."""
    pos = position_of(s)
    if settle_supply:
        totals = held_totals(bool(s.setup.get("promos")), s.n)
        held = pieces_held(s)
        for k in POOLS:
            need(held[k] <= totals[k], f"pool.{k}", f"the players hold {held[k]}, "
                 f"but the game has {totals[k]}")
        pool = pos["pool"] if isinstance(pos["pool"], dict) else {}
        pos["pool"] = {k: min(pool.get(k, totals[k]), totals[k] - held[k])
                       if is_int(pool.get(k, totals[k])) else pool[k] for k in POOLS}
        owned = {b for pl in s.players for b in pl.buildings}
        pos["board"] = [b for b in pos["board"] if b not in owned]
    setup = {k: v for k, v in s.setup.items() if k != "position"}
    setup = json.loads(json.dumps(setup))
    setup["position"] = pos
    check_setup(setup)
    return start_of(setup)


def adopt(target: State, source: State) -> State:
    """Make ``target`` (a state edited in place) the checked state ``source``, keeping
    the identity of its players and lists (callers may hold them)."""
    for k in STATE_FIELDS:
        new = getattr(source, k)
        if k == "players" and len(target.players) == len(new):
            for old_p, new_p in zip(target.players, new):
                for pk in PLAYER_FIELDS:
                    _assign(old_p, pk, getattr(new_p, pk))
        elif k in ("setup", "_legal", "_bsnap"):   # shared with clones: replaced
            setattr(target, k, new)
        else:
            _assign(target, k, new)
    return target


def _assign(obj: Any, k: str, new: Any) -> None:
    old = getattr(obj, k)
    if isinstance(old, list) and isinstance(new, list) and old is not new:
        old[:] = new
    elif isinstance(old, dict) and isinstance(new, dict) and old is not new:
        old.clear()
        old.update(new)
    else:
        setattr(obj, k, new)


link(load_state=load_state)
