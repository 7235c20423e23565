"""The game state: plain data, cheap to copy, fully serialisable.

All rules live in :mod:`arle.engine`; the :class:`State` methods are the public door
(checking input, keeping the legal-action cache) and delegate to it.  This module sits
below the rules, which import it: the engine, the notation, the loader
(:mod:`arle.stateformat`), the views and the decisions' words link the functions the
methods call when they are imported (:func:`link`).
"""

from __future__ import annotations

import json
from typing import Any, Callable, Final, TYPE_CHECKING

from arle.actions import Action, IllegalActionError
from arle.errors import GameOverError, StateFormatError
from arle.frames import Frame, frame_to_json

if TYPE_CHECKING:
    from arle.framework.decision import Decision
    from arle.scoring import ScoreSheet


#: The attributes of a :class:`Player` and of a :class:`State`, in ``__slots__`` order.
#: Read these rather than ``__slots__``, which a class compiled with mypyc does not have.
PLAYER_FIELDS: Final[tuple[str, ...]] = (
    "res", "animals", "tools", "barn", "grid", "moor_peat", "bw_peat", "dikes",
    "buildings", "travel", "bottleneck", "ditches", "dike_cols", "boost", "harbor")
#: The fields of expansion games only (Tea & Trade): absent from a base game's JSON.
TT_PLAYER_FIELDS: Final[tuple[str, ...]] = ("ditches", "dike_cols", "boost", "harbor")
STATE_FIELDS: Final[tuple[str, ...]] = (
    "n", "seed", "setup", "players", "half_year", "start_player", "phase", "turn",
    "occupied", "special", "ended", "stack", "pool", "board", "history", "_legal", "_bsnap")


_copy_list: Final = list.copy
#: The history of every search copy (:meth:`State._fork`): a shared empty list that
#: nothing records into (``apply`` and ``_apply_discardable`` skip it).
_UNRECORDED: Final[list[str]] = []


class Player:
    """One player's belongings.  Only lists of ints/strings, copied by :meth:`copy`."""

    __slots__ = ("res", "animals", "tools", "barn", "grid", "moor_peat", "bw_peat",
                 "dikes", "buildings", "travel", "bottleneck", "ditches", "dike_cols", "boost",
                 "harbor")

    def __init__(self, _of: "Player | None" = None) -> None:
        if _of is not None:
            # copy(): a copy of _of built here, every field assigned on both branches
            # (the compiled build's __new__ would run __init__ anyway)
            self.res: list[int] = _of.res[:]
            self.animals: list[int] = _of.animals[:]
            self.tools: list[int] = _of.tools[:]
            self.barn: list[list[str]] = [b[:] for b in _of.barn]
            self.grid: list[str] = _of.grid[:]
            self.moor_peat: list[int] = _of.moor_peat[:]
            self.bw_peat: int = _of.bw_peat
            self.dikes: int = _of.dikes
            self.buildings: list[str] = _of.buildings[:]
            self.travel: list[str] = _of.travel[:]
            self.bottleneck: int = _of.bottleneck
            self.ditches: int | None = _of.ditches
            self.dike_cols: list[int] = _of.dike_cols   # replaced, never changed in place
            self.boost: list[int] = _of.boost
            self.harbor: list[list[str]] = [h[:] for h in _of.harbor] if _of.harbor else []
            return
        self.res = []                     # indexed by catalog resource constants
        self.animals = [0, 0, 0]
        self.tools = [0] * 10             # position on each tool track (0 = leftmost)
        # Barn items: [kind, load of cell 0, load of cell 1, ...] ("" = empty cell,
        # "+" = covered by the tile of a cell to its left).
        self.barn = []
        self.grid = []                    # 7 rows x 3 columns, row-major
        self.moor_peat = [0, 0, 0]
        self.bw_peat = 0
        self.dikes = 0                    # dike moves made, 0..7
        self.buildings = []
        self.travel = []                  # destinations on the Travel Experience track
        self.bottleneck = 0               # VP lost to supply bottlenecks (<= 0)
        # Tea & Trade only (None in a base game): the ditches (an edge mask of
        # arle.engine.ditches) and the Tea improvement of the action under way
        # ([tool track, steps], or [] when none).
        self.ditches = None
        self.dike_cols = []               # per gap G0..G3, the mask of columns with a dike
        # (dike_cols and boost are replaced, never changed in place: copies share them)
        self.boost = []
        # Tea & Trade: the ships in the harbor, as barn items: [ship id, load of each
        # space...] (arle.engine.harbor).
        self.harbor = []

    def copy(self) -> "Player":
        return Player(self)

    def to_dict(self) -> dict[str, Any]:
        if self.ditches is None:
            return {k: getattr(self, k) for k in PLAYER_FIELDS if k not in TT_PLAYER_FIELDS}
        return {k: getattr(self, k) for k in PLAYER_FIELDS}

    @staticmethod
    def from_dict(d: dict[str, Any]) -> "Player":
        p = Player()
        for k in PLAYER_FIELDS:
            if k in d or k not in TT_PLAYER_FIELDS:
                setattr(p, k, d[k])
        return p


class _PlayerCopy:
    """A copy of one player's belongings for :meth:`State._snapshot` (refreshed in
    place: :meth:`take` copies again only the lists that changed)."""

    __slots__ = ("pl", "res", "animals", "tools", "barn", "grid", "moor_peat", "bw_peat",
                 "dikes", "buildings", "travel", "bottleneck", "ditches", "dike_cols", "boost",
                 "harbor")

    def __init__(self, pl: Player | None = None) -> None:
        if pl is None:      # (made empty: how pickle and deepcopy rebuild one)
            pl = Player()
        self.pl = pl
        self.res: list[int] = pl.res[:]
        self.animals: list[int] = pl.animals[:]
        self.tools: list[int] = pl.tools[:]
        self.barn: list[list[str]] = list(map(_copy_list, pl.barn))
        self.grid: list[str] = pl.grid[:]
        self.moor_peat: list[int] = pl.moor_peat[:]
        self.bw_peat: int = pl.bw_peat
        self.dikes: int = pl.dikes
        self.buildings: list[str] = pl.buildings[:]
        self.travel: list[str] = pl.travel[:]
        self.bottleneck: int = pl.bottleneck
        self.ditches: int | None = pl.ditches
        self.dike_cols: list[int] = pl.dike_cols[:]
        self.boost: list[int] = pl.boost[:]
        self.harbor: list[list[str]] = list(map(_copy_list, pl.harbor))

    def take(self, pl: Player) -> None:
        """Copy ``pl`` again: a list equal to its kept copy keeps that copy (two empty
        lists, such as every base game's Tea & Trade fields, are not compared)."""
        self.pl = pl
        v = pl.res
        if self.res != v:
            self.res = v[:]
        v = pl.animals
        if self.animals != v:
            self.animals = v[:]
        v = pl.tools
        if self.tools != v:
            self.tools = v[:]
        barn = pl.barn
        if (barn or self.barn) and self.barn != barn:
            self.barn = list(map(_copy_list, barn))
        t = pl.grid
        if self.grid != t:
            self.grid = t[:]
        v = pl.moor_peat
        if self.moor_peat != v:
            self.moor_peat = v[:]
        self.bw_peat = pl.bw_peat
        self.dikes = pl.dikes
        t = pl.buildings
        if (t or self.buildings) and self.buildings != t:
            self.buildings = t[:]
        t = pl.travel
        if (t or self.travel) and self.travel != t:
            self.travel = t[:]
        self.bottleneck = pl.bottleneck
        self.ditches = pl.ditches
        v = pl.dike_cols
        if (v or self.dike_cols) and self.dike_cols != v:
            self.dike_cols = v[:]
        v = pl.boost
        if (v or self.boost) and self.boost != v:
            self.boost = v[:]
        barn = pl.harbor
        if (barn or self.harbor) and self.harbor != barn:
            self.harbor = list(map(_copy_list, barn))

    def put(self) -> None:
        """Give the player back what was copied (copies of the copies: those stay
        private to the snapshot)."""
        pl = self.pl
        pl.res, pl.animals, pl.tools = self.res[:], self.animals[:], self.tools[:]
        pl.barn = list(map(_copy_list, self.barn))
        pl.grid, pl.moor_peat = self.grid[:], self.moor_peat[:]
        pl.bw_peat, pl.dikes, pl.bottleneck = self.bw_peat, self.dikes, self.bottleneck
        pl.buildings, pl.travel = self.buildings[:], self.travel[:]
        pl.ditches = self.ditches
        pl.dike_cols, pl.boost = self.dike_cols[:], self.boost[:]
        pl.harbor = list(map(_copy_list, self.harbor))


#: For :func:`_in_order`: the names of a dict, in its order -> in sorted order.
_ORDERS: Final[dict[tuple[str, ...], tuple[str, ...]]] = {}
_ORDERS_MAX: Final = 4096


def _in_order(d: dict[str, int]) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """``d``'s names sorted and its values in that order: what ``sorted(d.items())``
    tells, without sorting again the names of a dict met before (the occupied spaces
    and the tile supplies of a search's positions come in few orders)."""
    names = tuple(d)
    order = _ORDERS.get(names)
    if order is None:
        order = tuple(sorted(names))
        if len(_ORDERS) >= _ORDERS_MAX:
            _ORDERS.clear()
        _ORDERS[names] = order
    return order, tuple([d[k] for k in order])


def _listed(action: Action, legal: list[Action]) -> bool:
    """``action in legal``, the very object looked for first: what a caller applies is
    nearly always one of the listed actions itself, found without comparing others."""
    for a in legal:
        if a is action:
            return True
    return action in legal


def winner_of(totals: list[float], start_player: int) -> int:
    """The winner of final scores ``totals`` (one per player): the best, ties to the
    tied player earliest in the play order that starts at ``start_player``."""
    best = max(totals)
    tied = [i for i, t in enumerate(totals) if t == best]
    return min(tied, key=lambda i: (i - start_player) % len(totals))


class State:
    """A Fields of Arle game at one decision point.

    Build one with :func:`arle.new_game`.  ``legal_actions()`` lists what the player to
    move (``current_player``) may do; ``apply()`` takes one of them (or its text).
    """

    __slots__ = ("n", "seed", "setup", "players", "half_year", "start_player", "phase",
                 "turn", "occupied", "special", "ended", "stack", "pool", "board",
                 "history", "_legal", "_bsnap")

    def __init__(self, _fork_of: "State | None" = None) -> None:
        if _fork_of is not None:
            # _fork(): a copy of _fork_of built here, every field assigned on both
            # branches (the compiled build's __new__ would run __init__ anyway)
            o = _fork_of
            self.n: int = o.n
            self.seed: int = o.seed
            self.setup: dict[str, Any] = o.setup
            self.players: list[Player] = [Player(p) for p in o.players]
            self.half_year: int = o.half_year
            self.start_player: int = o.start_player
            self.phase: str = o.phase
            self.turn: int = o.turn
            self.occupied: dict[str, int] = o.occupied.copy()
            self.special: int = o.special
            self.ended: list[bool] = o.ended[:]
            self.stack: list[Frame] = o.stack[:]   # frames are never mutated in place
            self.pool: dict[str, int] = o.pool.copy()
            self.board: list[str] = o.board[:]
            self.history: list[str] = _UNRECORDED
            self._legal: list[Action] | None = o._legal
            self._bsnap: _Snap | None = None
            return
        self.n = 1
        self.seed = 0
        self.setup = {}
        self.players = []
        self.half_year = 1
        self.start_player = 0
        self.phase = "work"           # "work", "inventory" or "over"
        self.turn = 0                 # workers used so far this half year (all players)
        self.occupied = {}
        self.special = -1             # player who used the Special Action this half year
        self.ended = []
        self.stack = []               # pending decisions (arle.frames)
        self.pool = {}                # limited tile supplies shared by the players
        self.board = []               # buildings still on the game board
        self.history = []             # the actions applied through apply()
        self._legal = None
        self._bsnap = None            # the snapshot State.apply refreshes (_Snap)

    # ------------------------------------------------------------------ queries
    @property
    def current_player(self) -> int | None:
        """The player to decide, or ``None`` once the game is over."""
        return _current_player(self)

    @property
    def season(self) -> int:
        """0 in a Summer half year (odd), 1 in a Winter half year (even)."""
        return 0 if self.half_year % 2 == 1 else 1

    def legal_actions(self) -> list[Action]:
        """Every legal action of the player to move (empty once the game is over)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = _legal_actions(self)
        return legal[:]

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def pending(self) -> "Decision":
        """What the player to move is deciding: kind, title, one sentence and the
        decision's details (see :mod:`arle.decision`)."""
        return _pending(self)

    def scores(self) -> "list[ScoreSheet]":
        """The scoring pad of every player (a live estimate before the end)."""
        return [_score_player(self, i) for i in range(self.n)]

    def farm(self, player: int | object) -> dict[str, Any]:   # object: checked below
        """Player ``player``'s farm as the scoring pad's JSON sheet (the input format of
        ``arle score``, docs/SCORING_PAD.md; vehicle loads count as emptied).  Scoring
        it with :func:`arle.scoring.farm_from_dict` and :func:`arle.scoring.score_farm`
        gives ``self.scores()[player]``."""
        if not (type(player) is int and 0 <= player < self.n):
            raise ValueError(f"no player {player!r} in a {self.n}-player game")
        return _farm_sheet(self, player)

    def winner(self) -> int | None:
        """The winning player once the game is over.  Ties go to the tied player
        earliest in the play order of the half year that would come next (its start
        player, then clockwise): the start player with 2 players, T54 with 3."""
        if not self.is_terminal():
            return None
        return winner_of([sc.total for sc in self.scores()], self.start_player)

    def key(self) -> tuple[object, ...]:
        """A hashable summary of the position: equal for states that play the same
        (same board, belongings, pending frames, turn; the history and the setup are
        left out), and unchanged by a ``to_json``/``from_json`` round trip.

        The dicts (occupied spaces, tile supplies) are given as their names in sorted
        order and the values in that order (:func:`_in_order`), no sort per call."""
        return (
            self.half_year, self.phase, self.turn, self.special, self.start_player,
            tuple(self.ended), _in_order(self.occupied), tuple(self.stack),
            _in_order(self.pool), tuple(self.board),
            tuple([(tuple(p.res), tuple(p.animals), tuple(p.tools),
                    tuple([tuple(b) for b in p.barn]), tuple(p.grid), tuple(p.moor_peat),
                    p.bw_peat, p.dikes, tuple(p.buildings), tuple(p.travel), p.bottleneck,
                    p.ditches, tuple(p.dike_cols), tuple(p.boost),
                    tuple([tuple(h) for h in p.harbor]))
                   for p in self.players]),
        )

    # ------------------------------------------------------------------ changes
    def apply(self, action: Action | str | object) -> None:
        """Apply a legal action (or its text); raises IllegalActionError otherwise.

        Only an :class:`Action` equal to one of ``legal_actions()`` (or a text naming
        one) is accepted: plain tuples, other types and look-alikes are refused (any
        object is taken, so that the mypyc build refuses them the same way).  The
        change is atomic: if anything fails inside the engine, the state (history
        included) is left exactly as it was and the error is raised again."""
        legal = self._legal
        if legal is None:       # computed on demand (advance leaves placements to this)
            legal = self._legal = _legal_actions(self)
        if not legal and self.current_player is None:
            raise GameOverError(f"the game is over: {_shown(action)} cannot be applied")
        if isinstance(action, str):
            action = _parse_action(self, action)
        if type(action) is not Action or not _listed(action, legal):
            raise IllegalActionError(
                f"illegal action {_shown(action)} for player {self.current_player}")
        snap = self._snapshot()
        try:
            hist = self.history
            if hist is not _UNRECORDED:
                hist.append(str(action))
            (_ENGINE_APPLY or _engine_apply())(self, action)
        except BaseException:
            self._restore(snap)
            raise

    def _apply_discardable(self, action: Action | str | object) -> None:
        """:meth:`apply` without its snapshot, for a caller that throws this state away
        if the apply fails (a search's copies of the game, :func:`arle.bots.common.after`),
        where the atomicity would buy nothing.  What :meth:`apply` refuses is refused
        the same way (anything but a legal Action goes through :meth:`apply` itself)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = _legal_actions(self)
        if type(action) is not Action or not _listed(action, legal):
            self.apply(action)
            return
        hist = self.history
        if hist is not _UNRECORDED:
            hist.append(str(action))
        (_ENGINE_APPLY or _engine_apply())(self, action)

    def _snapshot(self) -> "_Snap":
        """Everything :meth:`apply` may change, copied (restored by :meth:`_restore`).

        The snapshot is one object kept in ``_bsnap`` and refreshed at each apply: a
        list whose copy still holds the same values (a move changes few of them) is
        not copied again (comparing costs less than copying and freeing), and nothing
        is allocated for the numbers.  The copies are never handed out
        (:meth:`_restore` copies them), so nothing changes them."""
        snap = self._bsnap
        if snap is None or snap.owner != id(self):   # (one shared by a copy: not ours)
            snap = self._bsnap = _Snap(self)
        else:
            snap.take(self)
        return snap

    def _restore(self, snap: "_Snap") -> None:
        snap.put(self)

    def clone(self) -> "State":
        """An independent copy."""
        s = self._fork()
        h = self.history
        s.history = h if h is _UNRECORDED else h[:]
        return s

    def _fork(self) -> "State":
        """A copy for a search, which never reads the history: :meth:`clone` without
        the history, left empty and not recorded into by the copy's applies (nor by
        its own clones' and forks').  The copy plays exactly as a clone (the history
        takes no part in the rules: ``key()`` leaves it out), but its ``to_json`` or
        ``record`` does not replay from the setup."""
        return State(self)

    # ------------------------------------------------------------------ I/O
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": "arle-state-1",
            "n": self.n, "seed": self.seed, "setup": self.setup,
            "players": [p.to_dict() for p in self.players],
            "half_year": self.half_year, "start_player": self.start_player,
            "phase": self.phase, "turn": self.turn, "occupied": self.occupied,
            "special": self.special, "ended": self.ended,
            "stack": [frame_to_json(f) for f in self.stack],
            "pool": self.pool, "board": self.board, "history": self.history,
        }

    def to_json(self) -> str:
        """The full state as JSON text; :meth:`from_json` rebuilds it exactly."""
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    @staticmethod
    def from_json(text: str) -> "State":
        """Rebuild a state written by :meth:`to_json` (docs/STATE_FORMAT.md).

        Input that is not a position the game could reach raises
        :class:`~arle.errors.StateFormatError` (a ValueError) naming the field
        (``players[0].tools[4]: 3 is out of range``; its ``field`` attribute):
        types, ranges and keys are checked, counts must add up, animals must be housed,
        and the history must replay from the setup (or its start position) to exactly
        this state."""
        prefix = "malformed state JSON: "
        try:
            return _load_state(text)
        except RecursionError:
            raise StateFormatError("", "nested too deeply", prefix=prefix) from None
        except StateFormatError as e:
            raise e.with_prefix(prefix) from None
        except ValueError as e:
            raise StateFormatError("", str(e), prefix=prefix) from None

    def observation(self, player: int | object) -> dict[str, Any]:   # checked below
        """What ``player`` may see, JSON-ready: Fields of Arle has no hidden information,
        so every seat sees the whole position (the :meth:`to_json` fields, as a copy)."""
        if not (type(player) is int and 0 <= player < self.n):
            raise ValueError(f"no player {player!r} in a {self.n}-player game")
        out: dict[str, Any] = json.loads(self.to_json())
        return out

    def record(self) -> dict[str, Any]:
        """The game record: setup plus every applied action (see :func:`arle.replay`)."""
        return {"format": "arle-record-1", "setup": json.loads(json.dumps(self.setup)),
                "actions": list(self.history)}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash(self.to_json())

    def __repr__(self) -> str:
        return (f"<arle.State half_year={self.half_year} phase={self.phase} "
                f"current_player={self.current_player}>")


class _Snap:
    """What :meth:`State.apply` restores if the engine fails: the state's changing
    fields and a :class:`_PlayerCopy` per player (kept in ``State._bsnap`` and
    refreshed by the next apply)."""

    __slots__ = ("owner", "copies", "half_year", "start_player", "phase", "turn", "occupied",
                 "special", "ended", "stack", "pool", "board", "history", "hlen", "legal")

    def __init__(self, s: State | None = None) -> None:
        if s is None:       # (made empty: how pickle and deepcopy rebuild one)
            s = State()
        # the id of the state it was made for, not the state: no reference cycle (a
        # state is freed as soon as it is dropped, also while the collector is off)
        self.owner: int = id(s)
        self.copies: list[_PlayerCopy] = [_PlayerCopy(p) for p in s.players]
        self.half_year: int = s.half_year
        self.start_player: int = s.start_player
        self.phase: str = s.phase
        self.turn: int = s.turn
        self.occupied: dict[str, int] = s.occupied.copy()
        self.special: int = s.special
        self.ended: list[bool] = s.ended[:]
        self.stack: list[Frame] = s.stack[:]
        self.pool: dict[str, int] = s.pool.copy()
        self.board: list[str] = s.board[:]
        self.history: list[str] = s.history
        self.hlen: int = len(s.history)
        self.legal: list[Action] | None = s._legal

    def take(self, s: State) -> None:
        """Copy ``s`` again (a list equal to its kept copy keeps that copy)."""
        copies = self.copies
        pls = s.players
        if len(copies) != len(pls):
            self.copies = [_PlayerCopy(p) for p in pls]
        else:
            for i in range(len(pls)):
                copies[i].take(pls[i])
        self.half_year = s.half_year
        self.start_player = s.start_player
        self.phase = s.phase
        self.turn = s.turn
        self.occupied = s.occupied.copy()
        self.special = s.special
        e = s.ended
        if self.ended != e:
            self.ended = e[:]
        f = s.stack
        if f or self.stack:
            self.stack = f[:]
        self.pool = s.pool.copy()
        b = s.board
        if self.board != b:
            self.board = b[:]
        h = self.history = s.history
        self.hlen = len(h)
        self.legal = s._legal

    def put(self, s: State) -> None:
        """Give ``s`` back what was copied."""
        s.half_year, s.start_player, s.phase, s.turn = (
            self.half_year, self.start_player, self.phase, self.turn)
        s.occupied = self.occupied.copy()
        s.special = self.special
        s.ended = self.ended[:]
        s.stack = self.stack[:]
        s.pool = self.pool.copy()
        s.board = self.board[:]
        s.history = self.history
        del s.history[self.hlen:]
        s._legal = self.legal
        s.players = [c.pl for c in self.copies]    # the same Player objects, as they were
        for c in self.copies:
            c.put()


# ---------------------------------------------------------------------------
# The rules behind the methods, linked by the modules that have them
# ---------------------------------------------------------------------------
def _load_rules() -> None:
    """Import every module that links its rules here: Fields of Arle as the framework
    knows it (the game ``"arle"``: :mod:`arle.game` imports them all).  Until a rule is
    linked, a stub that calls this first stands for it, so that a state works whichever
    module was imported first (a saved state read with ``State.from_json`` alone)."""
    from arle.framework.game import get
    get("arle")
    if not linked():   # pragma: no cover - arle.game imports every linking module
        raise AssertionError("Fields of Arle's rules are not all linked into arle.state")


def _stub_current_player(s: State) -> int | None:
    _load_rules()
    return _current_player(s)


def _stub_legal_actions(s: State) -> list[Action]:
    _load_rules()
    return _legal_actions(s)


def _engine_apply() -> Callable[[State, Action], None]:
    """The linked ``apply_action`` (the rules loaded first if need be)."""
    _load_rules()
    apply = _linked_apply()
    assert apply is not None
    return apply


def _linked_apply() -> Callable[[State, Action], None] | None:
    return _ENGINE_APPLY


def _stub_pending(s: State) -> Decision:
    _load_rules()
    return _pending(s)


def _stub_score_player(s: State, p: int) -> ScoreSheet:
    _load_rules()
    return _score_player(s, p)


def _stub_farm_sheet(s: State, p: int) -> dict[str, Any]:
    _load_rules()
    return _farm_sheet(s, p)


def _stub_parse_action(s: State, text: str) -> Action:
    _load_rules()
    return _parse_action(s, text)


def _stub_load_state(text: str) -> State:
    _load_rules()
    return _load_state(text)


_current_player: Callable[[State], int | None] = _stub_current_player
_legal_actions: Callable[[State], list[Action]] = _stub_legal_actions
#: arle.engine.core.apply_action once linked (apply() runs the rules through it).
_ENGINE_APPLY: Callable[[State, Action], None] | None = None
_pending: Callable[[State], Decision] = _stub_pending
_score_player: Callable[[State, int], ScoreSheet] = _stub_score_player
_farm_sheet: Callable[[State, int], dict[str, Any]] = _stub_farm_sheet
_parse_action: Callable[[State, str], Action] = _stub_parse_action
_load_state: Callable[[str], State] = _stub_load_state


def link(*, current_player: Callable[[State], int | None] | None = None,
         legal_actions: Callable[[State], list[Action]] | None = None,
         apply_action: Callable[[State, Action], None] | None = None,
         pending: Callable[[State], Decision] | None = None,
         score_player: Callable[[State, int], ScoreSheet] | None = None,
         farm_sheet: Callable[[State, int], dict[str, Any]] | None = None,
         parse_action: Callable[[State, str], Action] | None = None,
         load_state: Callable[[str], State] | None = None) -> None:
    """Link the rules the methods call (each module that has some calls this when it is
    imported: :mod:`arle.engine.core`, :mod:`arle.decision`, :mod:`arle.view`,
    :mod:`arle.notation`, :mod:`arle.stateformat`)."""
    global _current_player, _legal_actions, _ENGINE_APPLY, _pending, _score_player
    global _farm_sheet, _parse_action, _load_state
    if current_player is not None:
        _current_player = current_player
    if legal_actions is not None:
        _legal_actions = legal_actions
    if apply_action is not None:
        _ENGINE_APPLY = apply_action
    if pending is not None:
        _pending = pending
    if score_player is not None:
        _score_player = score_player
    if farm_sheet is not None:
        _farm_sheet = farm_sheet
    if parse_action is not None:
        _parse_action = parse_action
    if load_state is not None:
        _load_state = load_state


def linked() -> bool:
    """Whether every rule the methods call is linked."""
    return _ENGINE_APPLY is not None and not any(f is stub for f, stub in (
        (_current_player, _stub_current_player), (_legal_actions, _stub_legal_actions),
        (_pending, _stub_pending),
        (_score_player, _stub_score_player), (_farm_sheet, _stub_farm_sheet),
        (_parse_action, _stub_parse_action), (_load_state, _stub_load_state)))


def _shown(action: object) -> str:
    """An offered action in an error message, whatever its type."""
    if type(action) is Action:
        try:
            return repr(str(action))
        except TypeError:   # Action("place", ["x"]): the mypyc build checks the fields
            pass
    return f"{action!r} (of type {type(action).__name__}; expected an Action or its text)"


def check_player(state: State, player: int) -> None:
    """Raise IllegalActionError unless ``player`` is the one to move."""
    if state.current_player != player:
        raise IllegalActionError(
            f"player {player} is not to move (player {state.current_player} is)")


__all__ = ["State", "Player", "IllegalActionError", "check_player", "PLAYER_FIELDS",
           "STATE_FIELDS", "TT_PLAYER_FIELDS"]
