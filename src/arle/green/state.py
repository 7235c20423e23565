"""The state of :mod:`arle.green` and its public methods (rules modelled on Fields of Green
(Artipia Games, 2016) with invented cards; unofficial, not a faithful copy).

A :class:`State` is the data of :mod:`arle.green.statedata` (flat lists and dicts, so
``clone()`` is a few list copies and ``to_json()`` is the whole state) with the game
protocol on top.  What is being decided is a typed frame on ``stack``
(:mod:`arle.green.frames`), never the Python call stack; the rules of each kind of frame
are found in the table of :mod:`arle.green.rules`, and the automatic steps of the year
run in :mod:`arle.green.flow` until a decision with two or more actions is pending.  The
legal actions of that decision are cached until the next :meth:`State.apply`.

The rules, one purpose a module: :mod:`~arle.green.setup` (options, the start),
:mod:`~arle.green.flow` (the year), :mod:`~arle.green.draft` (declare, pick, take),
:mod:`~arle.green.acting` (the action with a card), :mod:`~arle.green.water`,
:mod:`~arle.green.equipment`, :mod:`~arle.green.harvest`, :mod:`~arle.green.effects`
(the abilities' vocabulary), :mod:`~arle.green.farm` (questions about a farm),
:mod:`~arle.green.tokens` (the supply), :mod:`~arle.green.chance` (the seeded RNG, every
outcome logged), :mod:`~arle.green.scoring` and :mod:`~arle.green.words` (what a
decision says).
"""

from __future__ import annotations

from typing import Any

from arle.framework import jsonread
from arle.framework.actions import Action
from arle.framework.decision import Decision
from arle.framework.errors import (
    ActionSyntaxError,
    GameOverError,
    IllegalActionError,
    StateFormatError,
)
from arle.green import acting, chance, flow, rules, tokens, words
from arle.green import catalog as K
from arle.green import io as _io
from arle.green.cards import CardSet, by_hash, load_cards
from arle.green.chance import ChanceNeeded
from arle.green.frames import HIDDEN_KINDS as HIDDEN_KINDS
from arle.green.scoring import SCORE_CATEGORIES, GreenScore
from arle.green.scoring import score as _score
from arle.green.scoring import winners as _winners
from arle.green.setup import check_options, start
from arle.green.statedata import RECORD_FORMAT as RECORD_FORMAT
from arle.green.statedata import SILO as SILO
from arle.green.statedata import STATE_FORMAT as STATE_FORMAT
from arle.green.statedata import TOWER as TOWER
from arle.green.statedata import Player as Player
from arle.green.statedata import StateData

__all__ = ["ChanceNeeded", "State", "GreenScore", "new_game", "replay", "SCORE_CATEGORIES"]

# Names that callers import from this module, kept beside their new homes.
KINDS = words.KINDS
supply = tokens.supply
_legal = rules.legal
_apply = rules.apply
_act_legal = acting.act_legal
_apply_act = acting.apply_act
_advance = flow.advance
_step = flow.step
_year_script = flow.year_script
_check_options = check_options
_chance = chance.chance


class State(StateData):
    """A game of :mod:`arle.green` at one decision point (build one with
    :func:`arle.green.new_game`)."""

    __slots__ = ()

    # -------------------------------------------------------------- protocol queries
    def legal_actions(self) -> list[Action]:
        """The legal actions of ``current_player``, in the order of ``docs/GREEN.md``."""
        return list(rules.legal_now(self))

    def apply(self, action: Action | str) -> None:
        """Take one legal action (or its text); anything else raises
        :class:`IllegalActionError` and changes nothing."""
        legal = rules.legal_now(self)
        if self.over:
            raise GameOverError(f"the game is over: {str(action)[:40]!r} cannot be applied")
        if isinstance(action, str):
            a = Action.from_text(action)         # ActionSyntaxError for an empty text
        elif isinstance(action, Action):
            a = action
        else:
            raise ActionSyntaxError(f"not an action: {action!r}")
        if a not in legal:
            if a.verb not in K.VERBS:
                raise ActionSyntaxError(f"{str(a)[:40]!r} names no action: the game has "
                                        f"no verb {a.verb[:20]!r} (see docs/GREEN.md)")
            raise IllegalActionError(
                f"illegal action {str(a)!r} for player {self.current_player}")
        self.history.append(str(a))
        rules.apply(self, self.stack[-1], a)
        flow.advance(self)

    def pending(self) -> Decision:
        """What ``current_player`` decides, in words and fields (only that seat's)."""
        return words.pending(self)

    def scores(self) -> list[GreenScore]:
        """Each seat's scoring pad (R22; a live estimate before the end)."""
        return [_score(self, i) for i in range(self.n)]

    def score(self, player: int) -> GreenScore:
        """One seat's scoring pad, as ``scores()[player]`` without scoring the others."""
        if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < self.n:
            raise ValueError(f"no seat {player!r} in a {self.n}-player game")
        return _score(self, player)

    def winners(self) -> list[int]:
        """Every seat ranking first (F27: VP, then face-up locations, then coins; a
        remaining tie is a shared win); empty before the end."""
        return _winners(self)

    def winner(self) -> int | None:
        """The sole winner once the game is over; ``None`` before the end and for a
        shared win (F27.3: see :meth:`winners`)."""
        w = self.winners()
        return w[0] if len(w) == 1 else None

    # ------------------------------------------------------------------------ I/O
    @staticmethod
    def from_json(text: str, cards: str | None = None) -> "State":
        """Rebuild a state written by :meth:`to_json`; a damaged one raises
        :class:`arle.errors.StateFormatError` (a ValueError) naming the field.

        The card set is found by its content hash among the sets loaded in this process
        (the shipped one always), or loaded from ``cards``."""
        return _io.state_from_json(text, cards, cls=State)

    def observation(self, player: int) -> dict[str, Any]:
        """A JSON-ready view of exactly what ``player`` may see (H1, H2)."""
        if not (type(player) is int and 0 <= player < self.n):
            raise ValueError(f"no player {player!r} in a {self.n}-player game")
        return _io.observation(self, player)

    def __repr__(self) -> str:
        return (f"<arle.green.State players={self.n} year={self.year} "
                f"player={self.current_player} over={self.over}>")


# ---------------------------------------------------------------------------- new games
def new_game(players: int = 3, seed: int = 0, cards: "str | CardSet | None" = None,
             *, chance_outcomes: list[int] | None = None, **options: Any) -> State:
    """A new game (see :mod:`arle.green`).

    ``chance_outcomes`` (for explicit chance nodes, :mod:`arle.env.green_openspiel`):
    the outcomes every chance event takes in turn instead of the RNG's; once they are
    used up, the next chance event raises :class:`ChanceNeeded` (also in later
    ``apply`` calls)."""
    if type(players) is not int or not 1 <= players <= 4:
        raise ValueError(f"players must be 1 to 4 (got {players!r})")
    if type(seed) is not int or seed < 0:
        raise ValueError(f"seed must be a non-negative integer (got {seed!r})")
    cs = cards if isinstance(cards, CardSet) else load_cards(cards)
    s = State()
    start(s, players, seed, cs, chance_outcomes, options)
    return s


def replay(record: dict[str, Any] | str, cards: str | None = None) -> State:
    """Rebuild the state a record describes; :class:`arle.errors.StateFormatError`
    (a ValueError) naming the field if it is malformed, illegal, played with another
    card set, or its logged chance outcomes differ."""
    def bad(field: str, msg: str, prefix: str = "malformed record: ") -> StateFormatError:
        return StateFormatError(field, msg, prefix=prefix)

    if isinstance(record, str):
        try:
            record = jsonread.loads(record)
        except StateFormatError as e:
            raise e.with_prefix("malformed record JSON: ") from None
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise bad("format", f"not an arle.green record (missing format {RECORD_FORMAT!r})",
                  "")
    try:
        setup, actions = record["setup"], record["actions"]
        if not isinstance(setup, dict) or not isinstance(actions, list):
            raise bad("setup", "'setup' must be an object and 'actions' a list of "
                               "action texts")
        want = setup["cards"]
        if not isinstance(want, dict):
            raise bad("setup.cards", "must be an object")
        cs = load_cards(cards) if cards is not None else by_hash(str(want.get("hash")))
        if cs is None or cs.hash != want.get("hash"):
            raise bad("setup.cards", f"played with card set {want.get('id')!r} (hash "
                                     f"{want.get('hash')}); pass cards=PATH of that set",
                      "record ")
        opts = setup["options"]
        if not isinstance(opts, dict):
            raise bad("setup.options", "must be an object")
        s = new_game(players=setup["players"], seed=setup["seed"], cards=cs, **opts)
    except StateFormatError:
        raise
    except (KeyError, TypeError, ValueError) as e:
        raise bad("setup", str(e)) from None
    for i, text in enumerate(actions):
        if not isinstance(text, str):
            err = StateFormatError(f"actions[{i}]", "expected an action text")
            err.args = (f"record action {i}: expected an action text, got {text!r}"[:160],)
            raise err
        try:
            s.apply(text)
        except ValueError as e:
            err = StateFormatError(f"actions[{i}]", str(e))
            err.args = (f"record action {i} ({text!r}): {e}",)
            raise err from None
    logged = record.get("chance")
    if logged is not None and logged != s.chance:
        raise bad("chance", "the logged chance outcomes differ from the replay's "
                            "(another seed or engine version)", "record ")
    return s
