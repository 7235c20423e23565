"""``arle play``: play Fields of Arle in the terminal, against people or bots.

The game is driven only through the public API (``legal_actions``, ``apply``,
``parse_action``, ``record``/``replay``, ``scores``, ``winner``).  Input is read line by
line from stdin, so the same loop serves a terminal and a pipe; end of input leaves the
game cleanly (exit code 0).

Undo replays the game record without the trailing decisions of the player to move (in
solo: without the last decision), so it needs nothing from the engine but replay.
"""

from __future__ import annotations

import io
import json
import sys
import time
from dataclasses import dataclass, field
from collections.abc import Callable
from typing import Annotated, Any, NoReturn

import typer
from rich.cells import cell_len
from rich.columns import Columns
from rich.console import Console
from rich.rule import Rule
from rich.text import Text

import arle
from arle.actions import Action, IllegalActionError
from arle.bots import Bot, get as get_bot
from arle.cli import render
from arle.cli.explain_cmd import explain_lines
from arle.cli.files import refuse
from arle.data import catalog as C
from arle.data import tea_trade as TT
from arle.data import texts
from arle.data.options import players_error
from arle.data.texts import UnknownName
from arle.view import apply_logged
from arle.state import State

__all__ = ["register", "play", "Seat", "Session", "AmbiguousInput", "moves_in_words",
           "parse_seats", "replay_with_movers", "resolve_names", "seats_from_specs",
           "split_seats"]

COMMANDS_HINT = ("Type a number or an action's text; commands: undo, hint, save FILE, help, "
                 "help NAME, quit; views: board, farm [N], buildings, scores, list, full.")
#: The same with three players (the ``farms`` view).
COMMANDS_HINT_3P = ("Type a number or an action's text; commands: undo, hint, save FILE, "
                    "help, help NAME, quit; views: board, farms, farm [N], buildings, "
                    "scores, list, full.")
#: ``--view``: ``auto`` is compact when the full screen does not fit the terminal.
VIEWS = ("auto", "compact", "full")
#: The bot that answers ``hint`` unless another is named (``hint greedy``); in a solo
#: game the planner, one for the whole game, so that its best line carries over from
#: one hint to the next.
HINT_BOT = "mcts:sims=100"
SOLO_HINT_BOT = "plan:time=2"


# ---------------------------------------------------------------------------
# Seats and records
# ---------------------------------------------------------------------------
@dataclass
class Seat:
    """Who plays one player: a person (``bot is None``) or a bot.  ``spec`` is what a
    record keeps (``"human"`` or ``"bot:SPEC"``), so a resumed game has its bots again."""

    label: str
    bot: Bot[Any] | None = None
    spec: str = "human"

    @property
    def human(self) -> bool:
        return self.bot is None


def split_seats(text: str) -> list[str]:
    """The seat specs of ``--seats``: ``human,bot:random`` -> ``["human", "bot:random"]``.

    Bot options are separated by commas too (``bot:x:a=1,b=2``), so a ``key=value`` part
    belongs to the bot spec before it.
    """
    merged: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        if "=" in part and not part.lower().startswith(("human", "bot:")) and merged:
            merged[-1] += "," + part
        else:
            merged.append(part)
    return merged


def parse_seats(text: str | None, players: int, seed: int) -> list[Seat]:
    """``human,bot:random`` -> seats (ValueError on a bad spec or the wrong count).

    Bot ``p`` is seeded with ``seed * 100 + p``: a game seed gives the same bot play.
    """
    if text is None:
        return [Seat("human") for _ in range(players)]
    return seats_from_specs(split_seats(text), players, seed, "--seats")


def seats_from_specs(specs: list[str], players: int, seed: int,
                     where: str = "seats", make: Callable[..., Bot[Any]] | None = None
                     ) -> list[Seat]:
    """One seat per spec (``"human"`` or ``"bot:SPEC"``, the bot made by ``make``,
    default :func:`arle.bots.get`); ValueError naming ``where``."""
    if len(specs) != players:
        raise ValueError(f"{where} names {len(specs)} seat(s) for {players} player(s)")
    seats = []
    for p, spec in enumerate(specs):
        low = spec.lower()
        if low == "human":
            seats.append(Seat("human"))
        elif low.startswith("bot:"):
            if low[4:].partition(":")[0] == "plan" and players != 1:
                raise ValueError(f"seat {spec!r}: the planner plays solo games only")
            bot = (make or get_bot)(spec[4:], seed=seed * 100 + p)
            seats.append(Seat(f"{bot.name} bot", bot, "bot:" + spec[4:]))
        else:
            raise ValueError(f"seat {spec!r}: use 'human' or 'bot:NAME' (e.g. bot:random)")
    return seats


def replay_with_movers(record: dict[str, Any] | str) -> tuple[State, list[int]]:
    """The state a record describes and, for each recorded action, who took it.

    ValueError (with the engine's message) if the record is malformed or illegal.
    """
    end = arle.replay(record)
    rec = end.record()
    start = dict(rec)
    start["actions"] = []
    s = arle.replay(start)
    movers: list[int] = []
    for text in rec["actions"]:
        p = s.current_player
        assert p is not None
        movers.append(p)
        s.apply(text)
    return s, movers


def moves_in_words(state: State) -> list[str]:
    """Each recorded action of ``state`` in words (:func:`render.move_words`)."""
    rec = state.record()
    start = dict(rec)
    start["actions"] = []
    s = arle.replay(start)
    words = []
    for text in rec["actions"]:
        action = arle.parse_action(s, text)
        words.append(render.move_words(s, action))
        s.apply(action)
    return words


# ---------------------------------------------------------------------------
# The board's own names as input
# ---------------------------------------------------------------------------
class AmbiguousInput(ValueError):
    """A name that fits several game elements; ``candidates`` are ``(id, name)``."""

    def __init__(self, text: str, candidates: list[tuple[str, str]]) -> None:
        self.candidates = candidates
        shown = ", ".join(f"{name} ({i})" for i, name in candidates)
        super().__init__(f"{text.strip()!r} could mean: {shown}. Type more of the name "
                         "(nothing changed).")


def _named(verb: str) -> dict[str, str]:
    """Id -> printed name of what ``verb`` takes: spaces or buildings (else nothing)."""
    if verb in ("place", "imitate"):
        return {**C.SPACE_NAME, **TT.TT_SPACE_NAME}
    if verb in ("build", "use"):
        return {**C.BUILDING_NAME, **TT.TT_BUILDING_NAME}
    if verb == "vehicle":
        return {e: render.EQUIPMENT_NAMES[e] for e in C.VEHICLES}
    return {}


def resolve_names(state: State, text: str) -> str:
    """``text`` with a printed name after ``place``, ``imitate``, ``build``, ``use`` or
    ``vehicle`` replaced by its id: ``place Dike Builder`` and ``place dike`` (the start
    of a name, or of a word in it) -> ``place dike_builder``; ``build Potter's Inn`` ->
    ``build potters_inn``; case and punctuation do not matter.  Where several elements
    fit, those the player can take now decide; AmbiguousInput if still more than one.
    The text comes back unchanged when its verb takes no names or nothing fits."""
    verb, _, rest = text.strip().partition(" ")
    verb = verb.lower()
    names = _named(verb)
    use = ""                     # Tea & Trade: "place Dike Builder tea" keeps its Tea use
    if verb == "place":
        head, _, last = rest.strip().rpartition(" ")
        if head and last.lower() in ("tea", "eftea", "twice"):
            rest, use = head, " " + last.lower()
    key = texts.normalize(rest)
    if not names or not key:
        return text
    keys = {i: (texts.normalize(i), texts.normalize(n)) for i, n in names.items()}
    legal = {str(a.args[0]) for a in state.legal_actions() if a.verb == verb and a.args
             and (not use or a.args[1:] == (use.strip(),))}
    found = [i for i, ks in keys.items() if key in ks]
    starts = [i for i, (k_id, k_name) in keys.items()
              if k_name.startswith(key) or k_id.startswith(key)]
    if found and not legal & set(found) and len(legal & set(starts)) == 1:
        found = [i for i in starts if i in legal]   # "build Smithy" is the Smithy* there
    if not found:
        found = starts
    if not found:
        found = [i for i, (_, k_name) in keys.items() if f"_{key}" in f"_{k_name}"]
    if not found:
        return text
    if len(found) > 1:
        now = [i for i in found if i in legal]
        if len(now) == 1:
            found = now
        elif now:
            raise AmbiguousInput(text, [(i, names[i]) for i in now])
        else:
            raise AmbiguousInput(text, [(i, names[i]) for i in found])
    return f"{verb} {found[0]}{use}"


# ---------------------------------------------------------------------------
# The game loop
# ---------------------------------------------------------------------------
@dataclass
class Session:
    """A game being played: the state, who took each recorded action, and the seats."""

    state: State
    seats: list[Seat]
    console: Console
    movers: list[int] = field(default_factory=list)
    dirty: bool = False
    #: ``auto`` (compact when the full screen does not fit), ``compact`` or ``full``.
    view: str = "auto"
    #: Each recorded action in words (:func:`render.move_words`), beside ``movers``.
    words: list[str] = field(default_factory=list)
    _order: list[Action] = field(default_factory=list)
    _shown_half_year: int = 0
    _figures: dict[int, dict[str, int]] = field(default_factory=dict)
    #: the solo game's hint planner (kept: its best line carries over between hints)
    _planner: Bot[Any] | None = None

    def __post_init__(self) -> None:
        if len(self.words) != len(self.movers):
            self.words = moves_in_words(self.state)

    # ------------------------------------------------------------------ output
    def say(self, message: str, style: str = "") -> None:
        self.console.print(Text(message, style=style))

    def error(self, message: str) -> None:
        self.console.print(Text("Error: ", style="bold red") + Text(message))

    def others_moves(self) -> list[tuple[int, str]]:
        """The other players' moves since the last decision of the player to move."""
        p = self.state.current_player
        last = max((i for i, who in enumerate(self.movers) if who == p), default=-1)
        return [(self.movers[i], self.words[i]) for i in range(last + 1, len(self.movers))
                if self.movers[i] != p]

    def compact(self) -> bool:
        """Whether the compact screen is shown: as chosen, or in ``auto`` when the full
        screen is taller or wider than the terminal (a pipe gets the full screen)."""
        if self.view != "auto":
            return self.view == "compact"
        console = self.console
        if not console.is_terminal:
            return False
        body, _ = render.screen(self.state, show_actions=True, width=console.width)
        measure = Console(file=io.StringIO(), width=console.width, color_system=None,
                          highlight=False)
        measure.print(body)
        lines = measure.file.getvalue().splitlines()  # type: ignore[attr-defined]
        return (len(lines) + 3 > console.height
                or any(cell_len(line) > console.width for line in lines))

    def show(self) -> None:
        s = self.state
        moves = self.others_moves()
        if self.compact():
            p = s.current_player
            assert p is not None
            now = render.key_figures(s, p)
            changed = render.changes(self._figures.get(p), now)
            self._figures[p] = now
            body, self._order = render.compact_screen(
                s, moves=moves, changed=changed, width=min(self.console.width, 100),
                height=self.console.height)
            self.console.print(body)
            return
        if s.current_player is not None:
            self._figures.pop(s.current_player, None)   # the full screen shows it all
        body, self._order = render.screen(s, show_actions=True, width=self.console.width)
        self.console.print(Rule())
        self.console.print(body)
        for line in render.moves_block(moves, shown=12):
            self.console.print(line)
        self.say(COMMANDS_HINT_3P if render.is_three(s) else COMMANDS_HINT, style="dim")

    def show_part(self, cmd: str, rest: str) -> None:
        """The views on demand: ``board``, ``farm [N]``, ``farms``, ``buildings``,
        ``scores``, ``list``."""
        s = self.state
        if cmd == "farms":
            self.console.print(render.farms_strip(s))
        elif cmd == "board":
            self.console.print(render.action_board(s))
        elif cmd == "buildings":
            self.console.print(render.supply_board(s))
        elif cmd == "scores":
            self.console.print(render.scores_view(s))
        elif cmd == "list":
            body, self._order = render.full_listing(s)
            self.console.print(body)
        else:
            n = len(s.players)
            who = s.current_player if s.current_player is not None else 0
            if rest:
                if not (rest.isascii() and rest.isdigit() and 1 <= int(rest) <= n):
                    self.error(f"farm {rest}: name a player from 1 to {n} "
                               "(nothing changed).")
                    return
                who = int(rest) - 1
            self.console.print(render.player_panel(s, who, s.scores()[who]))

    def announce_half_year(self) -> None:
        s = self.state
        if s.half_year != self._shown_half_year and not s.is_terminal():
            self._shown_half_year = s.half_year
            self.console.print(Rule(f"Half year {s.half_year}: "
                                    f"{render.SEASONS[s.season]}"))

    # ------------------------------------------------------------------ actions
    def apply(self, action: Action, line: str, style: str = "") -> None:
        """Apply ``action``, then say ``line`` (the move) and the steps the engine made
        by itself after it (harvest, milking, newborn animals...)."""
        p = self.state.current_player
        assert p is not None
        words = render.move_words(self.state, action)
        steps = apply_logged(self.state, action)
        self.movers.append(p)
        self.words.append(words)
        self.dirty = True
        self.say(line, style=style)
        for step in steps:
            self.say(f"  {step.text}", style="dim")

    def run_bots(self) -> None:
        """Let bots take their decisions until a person is to decide or the game ends."""
        s = self.state
        while not s.is_terminal():
            p = s.current_player
            assert p is not None
            bot = self.seats[p].bot
            if bot is None:
                return
            self.announce_half_year()
            with self.console.status(f"{render.player_name(p)} ({self.seats[p].label}) "
                                     "is thinking...", spinner="dots"):
                action = bot.choose(s)
            self.apply(action, f"{render.player_name(p)} ({self.seats[p].label}): {action}")
            s = self.state

    def undo(self) -> None:
        """Take back decisions: in solo the last one; against bots the player's own last
        decision with every bot reply after it; between people the player's own
        decisions since another player's."""
        s = self.state
        actions = list(s.record()["actions"])
        p = s.current_player
        keep = len(actions)
        if len(s.players) == 1:
            keep = max(0, keep - 1)
        elif any(not seat.human for seat in self.seats):
            while keep > 0 and self.seats[self.movers[keep - 1]].bot is not None:
                keep -= 1            # the bots' replies since the player's decision
            if keep > 0 and self.movers[keep - 1] == p:
                keep -= 1            # and the player's own last decision
            else:
                keep = len(actions)
        else:
            while keep > 0 and self.movers[keep - 1] == p:
                keep -= 1
        if keep == len(actions):
            self.error("nothing to undo: you have made no decision since "
                       + ("the game began." if not actions else
                          f"{render.player_name(self.movers[-1])}'s last one."))
            return
        rec = s.record()
        taken = actions[keep:]
        rec["actions"] = actions[:keep]
        self.state = arle.replay(rec)
        self.movers = self.movers[:keep]
        self.words = self.words[:keep]
        self.dirty = True
        self.say(f"Took back {len(taken)} decision(s): {', '.join(taken)}", style="yellow")

    def hint(self, spec: str) -> None:
        """Say which action a bot would choose here; nothing changes."""
        s = self.state
        try:
            if spec == SOLO_HINT_BOT and s.n == 1:
                if self._planner is None:
                    self._planner = get_bot(spec, seed=s.seed)
                bot = self._planner
            else:
                bot = get_bot(spec, seed=len(s.history))
        except ValueError as e:
            self.error(f"{e} (nothing changed).")
            return
        try:
            with self.console.status(f"Asking {spec}...", spinner="dots"):
                action = bot.choose(s.clone())
        except Exception as e:          # a failing bot must not end the game
            self.error(f"the hint bot {spec} failed: {e} (nothing changed).")
            return
        where = (f"{self._order.index(action) + 1}. " if action in self._order else "")
        self.say(f"Hint ({spec}): {where}{action}", style="magenta")

    def save(self, path: str) -> None:
        if not path:
            self.error("save needs a file name: save FILE")
            return
        record = self.state.record()
        record["seats"] = [seat.spec for seat in self.seats]
        try:
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(json.dumps(record))
        except OSError as exc:
            self.error(f"cannot write {path}: {exc.strerror or exc}")
            return
        self.dirty = False
        self.say(f"Saved the game record to {path} "
                 f"(continue later with: arle play --load {path}).", style="green")

    def explain(self, name: str) -> None:
        """``help NAME``: what a building, space, destination or tile does."""
        try:
            self.console.print(explain_lines(name))
        except UnknownName as e:
            near = (f"nearest: {', '.join(e.suggestions)}" if e.suggestions
                    else "the list: arle explain --list")
            self.error(f"no game element is called {name.strip()!r} ({near}); "
                       "nothing changed.")

    def explain_illegal(self, text: str) -> None:
        s = self.state
        n = len(self._order)
        try:
            wanted = Action.from_text(text)
        except IllegalActionError:
            wanted = Action("")
        same = [str(a) for a in s.legal_actions() if a.verb == wanted.verb]
        msg = f"{text.strip()!r} is not a legal action now (nothing changed)."
        if same:
            shown = ", ".join(same[:10]) + (", ..." if len(same) > 10 else ".")
            msg += f" Legal {wanted.verb!r} actions: {shown}"
        else:
            msg += f" Type a number from 1 to {n}, an action as listed, or help."
        self.error(msg)

    def handle(self, line: str) -> str | None:
        """Carry out one input line.  Returns "quit" to leave, "quit?" to leave once the
        player confirms (unsaved changes), "acted" after a change, "redraw" for a new
        screen."""
        text = line.strip()
        if not text:
            return None
        word, _, rest = text.partition(" ")
        cmd = word.lower()
        if cmd in ("quit!", "exit!") and not rest:
            return "quit"
        if cmd in ("quit", "exit") and not rest:
            return "quit?" if self.dirty else "quit"
        if cmd in ("board", "buildings", "scores", "list", "farms") and not rest:
            self.show_part(cmd, "")
            return None
        if cmd == "farm" and len(rest.split()) <= 1:
            self.show_part(cmd, rest.strip())
            return None
        if cmd == "full" and not rest:
            self.view = "compact" if not self.compact() else "full"
            self.say(f"The {self.view} screen from now on (full switches back).", style="dim")
            return "redraw"
        if cmd == "help" and not rest:
            self.console.print(Text(render.decision_help(self.state), style="cyan"))
            self.console.print(Text(render.notation_basics(render.is_expansion(self.state),
                                                           render.is_three(self.state)),
                                    style="dim"))
            return None
        if cmd == "help":
            self.explain(rest)
            return None
        if cmd == "undo" and not rest:
            before = len(self.movers)
            self.undo()
            return "acted" if len(self.movers) != before else None
        if cmd == "save":
            self.save(rest.strip())
            return None
        if cmd == "hint":
            self.hint(rest.strip() or (SOLO_HINT_BOT if self.state.n == 1 else HINT_BOT))
            return None
        if text.isascii() and text.isdigit():
            k = int(text)
            if not 1 <= k <= len(self._order):
                self.error(f"there is no action number {k}: choose 1 to {len(self._order)} "
                           "(nothing changed).")
                return None
            action = self._order[k - 1]
        else:
            try:
                action = arle.parse_action(self.state, text)
            except IllegalActionError:
                try:
                    named = resolve_names(self.state, text)
                except AmbiguousInput as e:
                    self.error(str(e))
                    return None
                try:
                    if named == text:
                        raise IllegalActionError(text)
                    action = arle.parse_action(self.state, named)
                except IllegalActionError:
                    self.explain_illegal(named)
                    return None
        p = self.state.current_player
        self.apply(action, f"{render.player_name(p)}: {action}", style="green")
        return "acted"

    def finish(self) -> None:
        s = self.state
        self.console.print(Rule("Game over"))
        if self.compact():
            self.console.print(render.compact_header(s))
            self.console.print(render.scores_view(s))
        else:
            body, _ = render.screen(s, width=self.console.width)
            self.console.print(body)
            tables = [render.breakdown_table(s, p) for p in range(len(s.players))]
            self.console.print(Columns(tables, padding=(0, 4)))
        for line in render.winner_lines(s):
            self.say(line, style="bold")


def _read(console: Console, prompt: str) -> str | None:
    """One line from stdin (None at end of input).

    When stdin is not a terminal nothing echoes the line, so it is printed after the
    prompt: a transcript of a piped game reads like a played one.
    """
    try:
        line = console.input(prompt, markup=False)
    except EOFError:
        console.print()
        return None
    if not sys.stdin.isatty():
        console.print(Text(line))
    return line


def run(session: Session) -> int:
    """Play until the game ends or the players leave; the exit code."""
    console = session.console
    session.run_bots()
    need_screen = True
    while not session.state.is_terminal():
        s = session.state
        if need_screen:
            if not session.compact():
                session.announce_half_year()
            session.show()
            need_screen = False
        p = s.current_player
        line = _read(console, f"{render.player_name(p)}> ")
        if line is None:
            session.say(f"End of input: leaving the game at half year {s.half_year}"
                        + (" (unsaved changes are lost)." if session.dirty else "."))
            return 0
        outcome = session.handle(line)
        if outcome == "quit?":
            answer = _read(console, "Unsaved changes since the last save: leave anyway? "
                                    "(y/N, or save FILE to save and leave) ")
            word, _, rest = (answer or "").strip().partition(" ")
            if answer is not None and word.lower() == "save":
                session.save(rest.strip())          # leaves once the record is written
            elif answer is not None and word.lower() not in ("y", "yes"):
                session.say("Not leaving: the game goes on (quit! leaves without asking).",
                            style="dim")
                continue
            if session.dirty and answer is not None and word.lower() == "save":
                continue                            # the save failed: stay
            outcome = "quit"
        if outcome == "redraw":
            need_screen = True
        if outcome == "quit":
            session.say(f"Leaving the game at half year {s.half_year}"
                        + (" (unsaved changes are lost)." if session.dirty else "."))
            return 0
        if outcome == "acted":
            session.run_bots()
            need_screen = True
    session.finish()
    if any(seat.human for seat in session.seats):
        session.say("Type save FILE to keep the game record, or quit (or just Enter).",
                    style="dim")
        while True:
            line = _read(console, "> ")
            if line is None or not line.strip():
                return 0
            word, _, rest = line.strip().partition(" ")
            if word.lower() == "save":
                session.save(rest.strip())
            elif word.lower() in ("quit", "exit"):
                return 0
            else:
                session.error("the game is over: only save FILE or quit remain.")
    return 0


# ---------------------------------------------------------------------------
# The command
# ---------------------------------------------------------------------------
def _refuse(message: str) -> NoReturn:
    refuse("play", message)


def _buildings(value: str) -> str | list[str]:
    if value in ("first-game", "random", "expansion-only"):
        return value
    ids = [part.strip() for part in value.split(",") if part.strip()]
    if not ids:
        _refuse("--buildings: use first-game, random or a list of building ids")
    return ids


def _load(path: str) -> tuple[State, list[int], list[str] | None]:
    """The game of a saved record, who took each action, and its seats if the record
    keeps them."""
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except FileNotFoundError:
        _refuse(f"{path}: no such file")
    except IsADirectoryError:
        _refuse(f"{path}: is a directory, not a game record")
    except (OSError, UnicodeDecodeError) as exc:
        _refuse(f"{path}: cannot read ({exc})")
    try:
        state, movers = replay_with_movers(text)
        seats = json.loads(text).get("seats")
    except ValueError as exc:
        _refuse(f"{path}: {exc}")
    if seats is None:
        return state, movers, None          # records written before seats were kept
    if not (isinstance(seats, list) and all(isinstance(x, str) for x in seats)):
        _refuse(f"{path}: seats: expected a list of 'human' or 'bot:SPEC' texts")
    return state, movers, seats


def _rules(specs: list[str]) -> dict[str, bool] | None:
    """``--rule NAME``, ``--rule NAME=on`` or ``--rule NAME=off`` as rules options (the
    engine refuses unknown names, naming the known ones)."""
    out: dict[str, bool] = {}
    for spec in specs:
        name, sep, value = spec.partition("=")
        flag = {"on": True, "true": True, "off": False, "false": False}.get(
            value.strip().lower() if sep else "on")
        if not name.strip() or flag is None:
            _refuse(f"--rule {spec}: expected NAME, NAME=on or NAME=off")
        out[name.strip()] = flag
    return out or None


def _enable_line_editing() -> None:
    """Arrow keys and history at a terminal (input() uses readline once it is loaded)."""
    if sys.stdin.isatty():
        try:
            import readline  # noqa: F401
        except ImportError:  # pragma: no cover - platform without readline
            pass


def play(
    players: Annotated[int | None, typer.Option(
        "--players", min=1, max=4,
        help="Number of players, 1 or 2, or 3 with --expansion tea-and-trade (green: 1 to "
             "4) [default: the number of --seats, else 1].")] = None,
    seats: Annotated[str | None, typer.Option(
        "--seats", help="Who plays each seat, e.g. human,bot:random [default: all human].")]
        = None,
    seed: Annotated[int | None, typer.Option(
        "--seed", help="Setup seed (buildings, start player) [default: from the clock, "
                       "printed].")] = None,
    buildings: Annotated[str | None, typer.Option(
        "--buildings", help="first-game, random, or building ids separated by commas "
                            "[default: first-game].")] = None,
    promos: Annotated[bool, typer.Option(
        "--promos", help="Add the three promo tiles.")] = False,
    expansion: Annotated[str | None, typer.Option(
        "--expansion", help="Play with an expansion: tea-and-trade (then --buildings is "
                            "random or expansion-only [default: random]).")] = None,
    rule: Annotated[list[str] | None, typer.Option(
        "--rule", metavar="NAME[=on|off]",
        help="Set a rules option (repeatable; green: NAME=VALUE, e.g. --rule "
             "action_choice=hidden), e.g. --rule choose_cells to pick the cell "
             "of every tile in a base game too (docs/PLAYING.md lists them).")] = None,
    load: Annotated[str | None, typer.Option(
        "--load", metavar="FILE", help="Resume a game record saved with 'save FILE'.")] = None,
    view: Annotated[str, typer.Option(
        "--view", help="auto (compact when the full screen does not fit the terminal), "
                       "compact (fits 80x24) or full.")] = "auto",
    game: Annotated[str, typer.Option(
        "--game", help="arle (Fields of Arle) or green (rules modelled on Fields of Green "
                       "with invented cards; unofficial; 1-4 players).")] = "arle",
    cards: Annotated[str | None, typer.Option(
        "--cards", metavar="FILE", help="green only: the card set to play with.")] = None,
) -> None:
    """Play Fields of Arle in the terminal (solo, two or three players, people or
    bots)."""
    console = Console(highlight=False)
    if game == "green":
        _play_green(console, players, seats, seed, load, cards, rule or [], buildings, promos,
                    expansion)
    if game != "arle":
        _refuse(f"--game {game}: use arle or green")
    if cards is not None:
        _refuse("--cards is for --game green")
    if players is not None and players > 3:
        _refuse(f"--players {players}: a game of Fields of Arle has 1 to 3 players (3 with "
                "--expansion tea-and-trade)")
    if view not in VIEWS:
        _refuse(f"--view {view}: use auto, compact or full")
    saved_seats: list[str] | None = None
    if load is not None:
        if (seed is not None or buildings is not None or promos or expansion is not None
                or rule):
            _refuse("--load takes the setup from the record: leave out --seed, "
                    "--buildings, --promos, --expansion and --rule")
        state, movers, saved_seats = _load(load)
        if players is not None and players != len(state.players):
            _refuse(f"--players {players} does not match the record's "
                    f"{len(state.players)} player(s)")
        game_seed = int(state.record()["setup"].get("seed", 0))
        greeting = (f"Resuming {load}: {len(movers)} decisions replayed, "
                    f"half year {state.half_year}.")
    else:
        n = players if players is not None else len(split_seats(seats)) if seats else 1
        if n not in (1, 2, 3):
            _refuse(f"--seats names {n} seats: a game has 1 to 3 players")
        refused = players_error(n, expansion, "--expansion tea-and-trade")
        if refused is not None:
            _refuse(refused)
        game_seed = seed if seed is not None else int(time.time() * 1000) % 1_000_000
        try:
            state = arle.new_game(players=n, seed=game_seed,
                                  buildings=_buildings(buildings) if buildings else None,
                                  promos=promos, expansion=expansion,
                                  options=_rules(rule or []))
        except ValueError as exc:
            _refuse(str(exc))
        movers = []
        greeting = (f"New game for {n} player(s), seed {game_seed} "
                    f"(play this setup again with --seed {game_seed}).")
    try:
        if seats is None and load is not None and saved_seats is not None:
            seat_list = seats_from_specs(saved_seats, len(state.players), game_seed)
        else:
            seat_list = parse_seats(seats, len(state.players), game_seed)
    except ValueError as exc:
        _refuse(f"{load}: {exc}" if seats is None else str(exc))
    console.print(Text(greeting))
    if len(state.players) > 1:
        console.print(Text(", ".join(f"{render.player_name(p)}: {seat.label}"
                                     for p, seat in enumerate(seat_list))))
    _enable_line_editing()
    session = Session(state=state, seats=seat_list, console=console, movers=movers, view=view)
    try:
        code = run(session)
    except KeyboardInterrupt:
        console.print(Text("\nInterrupted: leaving the game."))
        raise typer.Exit(code=130) from None
    raise typer.Exit(code=code)


def _play_green(console: Console, players: int | None, seats: str | None, seed: int | None,
                load: str | None, cards: str | None, rule: list[str],
                *arle_only: object) -> NoReturn:
    """``--game green``: the terminal face of :mod:`arle.cli.green_play`."""
    from arle.cli.green_play import green_options, play_green
    if any(arle_only):
        _refuse("--buildings, --promos and --expansion are for Fields of Arle, not --game green")
    if load is not None and (seed is not None or rule):
        _refuse("--load takes the setup from the record: leave out --seed and --rule")
    try:
        options = green_options(rule)
    except ValueError as exc:
        _refuse(str(exc))
    game_seed = seed if seed is not None else int(time.time() * 1000) % 1_000_000
    _enable_line_editing()
    try:
        code = play_green(console, players, split_seats(seats) if seats else None,
                          game_seed, load, cards, options)
    except ValueError as exc:
        _refuse(str(exc))
    except KeyboardInterrupt:
        console.print(Text("\nInterrupted: leaving the game."))
        raise typer.Exit(code=130) from None
    raise typer.Exit(code=code)


def register(app: typer.Typer) -> None:
    """Add the ``play`` sub-command to ``app``."""
    app.command("play")(play)
