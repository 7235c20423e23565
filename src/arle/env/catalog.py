"""The fixed action space: every action of the game at a stable integer index.

The catalog is generated, not written by hand (:func:`arle.actionspace.every_action`).
Most entries are *harvested*: the engine's own decision frames and action generators are
asked for their legal actions in synthetic positions rich enough to offer every choice
they can ever offer (all tools at their last space, full supplies, one of every vehicle
in the barn, every kind of Moor tile, ...), so the text is exactly what the engine
prints.  Payments (``pay ...``) come
from every cost source of the game through the engine's payment functions with ample
goods.  Arguments that index something of unbounded arrangement are then widened to
their whole domain: barn positions (``load I J ITEM``, ``upgrade KIND@I``,
``return KIND@I``) to ``0 .. BARN_SLOTS - 1``; newborns (``breed S C H``) to every
vector with at most :data:`MAX_NEWBORNS` animals.

The catalog is the same for every game (promo actions included), sorted by
:func:`sort_key` (verb, then arguments with numbers compared as numbers), so an index
never depends on dict or set order.

>>> from arle.env.catalog import CATALOG
>>> i = CATALOG.index("place fisherman")
>>> CATALOG.text(i), CATALOG.action(i)
('place fisherman', Action(verb='place', args=('fisherman',)))
>>> import arle
>>> s = arle.new_game(players=1, seed=1)
>>> mask = CATALOG.mask(s)
>>> int(mask.sum()) == len(s.legal_actions())
True
"""

from __future__ import annotations

import re
import warnings

import numpy as np
import numpy.typing as npt

from arle.actions import Action
from arle.actionspace import BARN_SLOTS, every_action, tt_version_three_actions
from arle.state import State

__all__ = ["BARN_SLOTS", "CATALOG", "CATALOG_VERSION", "TT_CATALOG", "TT_CATALOG_VERSION",
           "TT_CATALOG_V1_SIZE", "TT_CATALOG_V2_SIZE",
           "ActionCatalog", "MAX_NEWBORNS", "UncataloguedActionError", "build_catalog",
           "catalog_for", "sort_key", "uncatalogued"]

#: Newborns in one May: at most one per Stall and two per Stable, and a farm holds at
#: most 7 Stall/Stable tiles; 13 leaves a margin over the reachable maximum (10).
MAX_NEWBORNS = 13

Mask = npt.NDArray[np.int8]


class UncataloguedActionError(KeyError):
    """A legal action of the engine that the catalog does not hold."""


# ---------------------------------------------------------------------------
# Ordering
# ---------------------------------------------------------------------------
_DIGITS = re.compile(r"(\d+)")

ArgKey = tuple[str | int, ...]


def _arg_key(arg: str) -> ArgKey:
    """Natural order: text chunks and numbers alternate (``flax:2`` < ``flax:10``)."""
    parts = _DIGITS.split(arg)
    return tuple(int(x) if i % 2 else x for i, x in enumerate(parts))


def sort_key(a: Action) -> tuple[str, tuple[ArgKey, ...]]:
    """Stable catalog order: verb, then each argument in natural order."""
    return (a.verb, tuple(_arg_key(x) for x in a.args))


def build_catalog(expansion: str | None = None) -> tuple[Action, ...]:
    """Generate the catalog (without duplicates): the base game's, sorted, or with
    ``expansion="tea-and-trade"`` the expansion's (a superset, in its own order): the
    actions of 1-2 player expansion games sorted (layout version 1, indices
    ``0 .. TT_CATALOG_V1_SIZE - 1``), then the actions only 3-player games offer,
    sorted among themselves (:func:`arle.actionspace.three_player_actions`; version 2,
    up to ``TT_CATALOG_V2_SIZE - 1``), then the actions new in version 3, sorted
    (:func:`arle.actionspace.tt_version_three_actions`)."""
    everything = every_action(BARN_SLOTS, MAX_NEWBORNS, expansion)
    if expansion is None:
        return tuple(sorted(everything, key=sort_key))
    two = _two_player_tt()
    newer = tt_version_three_actions() - two
    three = everything - two - newer
    return (tuple(sorted(two, key=sort_key)) + tuple(sorted(three, key=sort_key))
            + tuple(sorted(newer, key=sort_key)))


def _two_player_tt() -> frozenset[Action]:
    """The expansion's actions before 3 players (version 1 of its catalog)."""
    from arle.actionspace import _base, _tea_and_trade
    return _base(BARN_SLOTS, MAX_NEWBORNS) | frozenset(_tea_and_trade(BARN_SLOTS))


# ---------------------------------------------------------------------------
# The catalog object
# ---------------------------------------------------------------------------
_UNCATALOGUED: set[str] = set()


def uncatalogued() -> list[str]:
    """Legal actions seen by :meth:`ActionCatalog.mask` that the catalog lacks."""
    return sorted(_UNCATALOGUED)


class ActionCatalog:
    """Index <-> :class:`~arle.Action` <-> text for a fixed tuple of actions."""

    def __init__(self, actions: tuple[Action, ...]) -> None:
        self.actions = actions
        self.texts = tuple(str(a) for a in actions)
        self._by_action = {a: i for i, a in enumerate(actions)}
        self._by_text = {t: i for i, t in enumerate(self.texts)}

    def __len__(self) -> int:
        return len(self.actions)

    @property
    def size(self) -> int:
        return len(self.actions)

    def index(self, action: Action | str) -> int:
        """The index of an action or its text (UncataloguedActionError if absent)."""
        try:
            if isinstance(action, str):
                i = self._by_text.get(action)
                if i is None:
                    i = self._by_action[Action.from_text(action)]
                return i
            return self._by_action[action]
        except KeyError:
            raise UncataloguedActionError(f"action {str(action)!r} is not in the catalog") from None

    def action(self, index: int) -> Action:
        return self.actions[int(index)]

    def text(self, index: int) -> str:
        return self.texts[int(index)]

    def __contains__(self, action: object) -> bool:
        if isinstance(action, str):
            return action in self._by_text
        return action in self._by_action

    def legal_indices(self, state: State) -> list[int]:
        """Sorted catalog indices of the legal actions of ``state``.

        A legal action missing from the catalog is left out (and remembered, see
        :func:`uncatalogued`, with a warning); if no legal action is catalogued this
        raises :class:`UncataloguedActionError`.
        """
        legal = state.legal_actions()
        try:
            return sorted(map(self._by_action.__getitem__, legal))
        except KeyError:
            return self._legal_indices_slow(legal)

    def _legal_indices_slow(self, legal: list[Action]) -> list[int]:
        out = []
        missing = None
        for a in legal:
            i = self._by_action.get(a)
            if i is None:
                missing = a
                if str(a) not in _UNCATALOGUED:
                    _UNCATALOGUED.add(str(a))
                    warnings.warn(f"legal action {str(a)!r} is not in the arle.env catalog",
                                  RuntimeWarning, stacklevel=3)
            else:
                out.append(i)
        if missing is not None and not out:
            raise UncataloguedActionError(
                f"no legal action of this state is catalogued (e.g. {str(missing)!r})")
        out.sort()
        return out

    def mask(self, state: State) -> Mask:
        """The 0/1 ``int8`` mask of legal indices (all zero once the game is over)."""
        m = np.zeros(len(self.actions), dtype=np.int8)
        if not state.is_terminal():
            m[self.legal_indices(state)] = 1
        return m


#: The catalog of this engine version (base game).
CATALOG = ActionCatalog(build_catalog())
#: Its layout version: the base game's catalog is unchanged by the expansion.
CATALOG_VERSION = 1
#: The Tea & Trade catalog: every base action and every expansion verb (Tea
#: placements, ``dig``, ``cell``, ``dike``, ships, loads, returns, trades, the new
#: spaces and buildings), sorted the same way, so its indices differ from the base's;
#: then the 3-player game's own actions (3-player and Imitate spaces, ``specialize``,
#: Norderburg's ``discard grain:G flax:F``, ...), appended so that the first
#: :data:`TT_CATALOG_V1_SIZE` indices keep their version-1 meaning.
TT_CATALOG = ActionCatalog(build_catalog("tea-and-trade"))
#: Version 3: version 2 (version 1, the 1-2 player actions, followed by the 3-player
#: actions) followed by the actions new in version 3: Tea and the double use on the
#: Imitate spaces, and the trades written without a payment where only one way is
#: open (``trade I england``).
TT_CATALOG_VERSION = 3
#: The size of version 1 (its actions are indices ``0 .. TT_CATALOG_V1_SIZE - 1``).
TT_CATALOG_V1_SIZE = len(_two_player_tt())
#: The size of version 2 (its actions keep indices ``0 .. TT_CATALOG_V2_SIZE - 1``).
TT_CATALOG_V2_SIZE = len(TT_CATALOG) - len(tt_version_three_actions() - _two_player_tt())


def catalog_for(expansion: str | None) -> ActionCatalog:
    """The catalog of games with ``expansion`` (None: the base game)."""
    if expansion is None:
        return CATALOG
    if expansion == "tea-and-trade":
        return TT_CATALOG
    raise ValueError(f"unknown expansion {expansion!r} (known: tea-and-trade)")
