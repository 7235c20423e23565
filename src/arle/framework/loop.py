"""The terminal game loop, for every game of the game protocol.

A game is played at a terminal (or through a pipe) by a :class:`GameSession`: the state,
who plays each seat (people, or bots of the registry), and who took each recorded
action.  The loop (:func:`run`) is the same for every game: bots take their decisions
until a person is to decide; a screen is drawn for that person; each typed line is a
command (``quit``, ``quit!``, ``save FILE``, ``help``, ``undo`` where the game allows it)
or a choice (a number or an action's text); once the game is over the people may still
save it.  End of input leaves the game cleanly (exit code 0), saying whether unsaved
changes are lost; ``quit`` with unsaved changes asks first.

In a game that hides information (``perfect_information`` false in its
:class:`arle.game.Game`) with two or more people at one terminal, a "pass to Player N"
screen hides the last screen before each change of person: nothing of the next seat's
screen is printed until that person presses Enter.

Undo replays the game record without the trailing decisions of the person to move (in
solo: without the last decision; against bots: with every bot reply after it), so it
needs nothing from the game but :meth:`arle.game.Game.replay`.

What differs between games is only how a game is shown and read: a game's session
subclasses :class:`GameSession` and fills in its presenter hooks (:meth:`~GameSession.show`,
:meth:`~GameSession.show_help`, :meth:`~GameSession.command`, :meth:`~GameSession.choose`,
:meth:`~GameSession.announce`, :meth:`~GameSession.finish`...).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar, cast

from rich.console import Console
from rich.text import Text

import arle.framework.game
from arle.framework.actions import Action
from arle.framework.errors import IllegalActionError
from arle.framework.bots import Bot, get, solo_only
from arle.framework.game import GameState

__all__ = ["GameSession", "NOT_MINE", "Seat", "run", "seats_from_specs", "split_seats"]

S = TypeVar("S", bound=GameState)

#: What :meth:`GameSession.command` returns for a line that is not one of its commands.
NOT_MINE = "not-mine"
#: Lines of blank space a pass screen prints when the console cannot be cleared.
PASS_LINES = 3


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

    >>> split_seats("human,bot:mcts:sims=5,c=1,bot:random")
    ['human', 'bot:mcts:sims=5,c=1', 'bot:random']
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


def seats_from_specs(specs: list[str], players: int, seed: int, where: str = "seats",
                     make: Callable[..., Bot[Any]] | None = None,
                     game: str | None = None) -> list[Seat]:
    """One seat per spec (``"human"`` or ``"bot:SPEC"``); ValueError naming ``where``.
    Bot ``p`` is made by ``make`` (default: the registry's bots of ``game``) with seed
    ``seed * 100 + p``, so a game seed gives the same bot play."""
    if len(specs) != players:
        raise ValueError(f"{where} names {len(specs)} seat(s) for {players} player(s)")
    seats = []
    for p, spec in enumerate(specs):
        low = spec.lower()
        if low == "human":
            seats.append(Seat("human"))
        elif low.startswith("bot:"):
            name = low[4:].partition(":")[0]
            if solo_only(name) and players != 1:
                raise ValueError(f"seat {spec!r}: the bot {name} plays solo games only")
            if make is not None:
                bot = make(spec[4:], seed=seed * 100 + p)
            else:
                bot = get(spec[4:], seed=seed * 100 + p, game=game)
            seats.append(Seat(f"{bot.name} bot", bot, "bot:" + spec[4:]))
        else:
            raise ValueError(f"seat {spec!r}: use 'human' or 'bot:NAME' (e.g. bot:random)")
    return seats


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


@dataclass
class GameSession(Generic[S]):
    """A game being played at the terminal: the state, the seats, who took each recorded
    action, and whether anything changed since the last save.  A game subclasses it and
    gives its presenter hooks; ``game`` is its name in :mod:`arle.game`."""

    state: S
    seats: list[Seat]
    console: Console
    movers: list[int] = field(default_factory=list)
    dirty: bool = False
    #: hot seat: the person whose screen is up
    shown: int | None = None

    #: The game's name in :mod:`arle.game` (its replay, whether it hides information).
    game: ClassVar[str] = ""
    #: Whether ``undo`` takes back decisions in this game.
    undo_allowed: ClassVar[bool] = True

    # ------------------------------------------------------------------ output
    def say(self, message: str, style: str = "") -> None:
        self.console.print(Text(message, style=style))

    def error(self, message: str) -> None:
        self.console.print(Text("Error: ", style="bold red") + Text(message))

    @property
    def hot_seat(self) -> bool:
        """Several people at one terminal in a game that hides information: each
        person's screen is hidden before the next person's turn."""
        hidden = not arle.framework.game.get(self.game).perfect_information
        return hidden and sum(1 for seat in self.seats if seat.human) >= 2

    # ------------------------------------------------------- the presenter's hooks
    def player_name(self, p: int | None) -> str:
        return "nobody" if p is None else f"Player {p + 1}"

    def show(self) -> None:
        """Draw the screen of the person to decide."""
        raise NotImplementedError

    def show_help(self, rest: str) -> None:
        """``help`` (``rest``: what follows it, perhaps nothing)."""
        raise NotImplementedError

    def command(self, cmd: str, rest: str) -> str | None:
        """The game's own commands (views, hints...): an outcome of :meth:`handle`, or
        :data:`NOT_MINE` when ``cmd`` is none of them."""
        return NOT_MINE

    def choose(self, text: str) -> Action | None:
        """The action a line names (a number of the screen's list or an action's text),
        or None after saying why it names none (nothing changes)."""
        raise NotImplementedError

    def announce(self, p: int, action: Action, by_bot: bool) -> None:
        """Apply ``action`` of player ``p`` and tell the table (each game its way)."""
        self.state.apply(action)

    def think(self, p: int, bot: Bot[Any]) -> Action:
        """The bot's decision for player ``p``, with "Player N (its bot) is thinking..."
        on a terminal while it searches."""
        with self.console.status(f"{self.player_name(p)} ({self.seats[p].label}) is "
                                 "thinking...", spinner="dots"):
            return bot.choose(self.state)

    def empty_line(self) -> str | None:
        """The outcome of an empty line (nothing; a game may redraw)."""
        return None

    def whereabouts(self) -> str:
        """Where the game stands, for the leaving message (``" at half year 3"``)."""
        return ""

    def save_note(self, path: str) -> str:
        """What the message of a save adds after the file's name."""
        return ""

    def undone(self, keep: int) -> None:
        """After an undo kept the first ``keep`` decisions (a game trims its own logs)."""

    def finish(self) -> None:
        """The end of the game: the final screen and the winner."""
        raise NotImplementedError

    # ------------------------------------------------------------------ actions
    def take(self, action: Action, by_bot: bool = False) -> None:
        """Player to move takes ``action`` (legal); recorded as theirs."""
        p = self.state.current_player
        assert p is not None
        self.announce(p, action, by_bot)
        self.movers.append(p)
        self.dirty = True

    def run_bots(self) -> None:
        """Let bots take their decisions until a person is to decide or the game ends."""
        while not self.state.is_terminal():
            p = self.state.current_player
            assert p is not None
            bot = self.seats[p].bot
            if bot is None:
                return
            self.take(self.think(p, bot), by_bot=True)

    def undo(self) -> None:
        """Take back decisions: in solo the last one; against bots the player's own last
        decision with every bot reply after it; between people the player's own
        decisions since another player's."""
        s = self.state
        actions = list(s.record()["actions"])
        p = s.current_player
        keep = len(actions)
        if len(self.seats) == 1:
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
                          f"{self.player_name(self.movers[-1])}'s last one."))
            return
        rec = s.record()
        taken = actions[keep:]
        rec["actions"] = actions[:keep]
        self.state = cast(S, arle.framework.game.get(self.game).replay(rec))
        self.movers = self.movers[:keep]
        self.undone(keep)
        self.dirty = True
        self.say(f"Took back {len(taken)} decision(s): {', '.join(taken)}", style="yellow")

    def save(self, path: str) -> None:
        """Write the game record with its seats to ``path``."""
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
        self.say(f"Saved the game record to {path}{self.save_note(path)}", style="green")

    def handle(self, line: str) -> str | None:
        """Carry out one input line.  Returns "quit" to leave, "quit?" to leave once the
        player confirms (unsaved changes), "acted" after a change, "redraw" for a new
        screen."""
        text = line.strip()
        if not text:
            return self.empty_line()
        word, _, rest = text.partition(" ")
        cmd = word.lower()
        if cmd in ("quit!", "exit!") and not rest:
            return "quit"
        if cmd in ("quit", "exit") and not rest:
            return "quit?" if self.dirty else "quit"
        if cmd == "help":
            self.show_help(rest.strip())
            return None
        if cmd == "undo" and not rest and self.undo_allowed:
            before = len(self.movers)
            self.undo()
            return "acted" if len(self.movers) != before else None
        if cmd == "save":
            self.save(rest.strip())
            return None
        outcome = self.command(cmd, rest.strip())
        if outcome != NOT_MINE:
            return outcome
        action = self.choose(text)
        if action is None:
            return None
        self.take(action)
        return "acted"


def _pass_screen(session: GameSession[Any], seat: int) -> bool:
    """Hide the last screen and wait for the next person; False at end of input."""
    console = session.console
    if console.is_terminal:
        console.clear()
    else:
        console.print("\n" * PASS_LINES, end="")
    console.print(Text(f"=== Pass to {session.player_name(seat)}, press Enter (hands are "
                       "hidden) ===", style="bold"))
    return _read(console, "") is not None


def run(session: GameSession[Any]) -> int:
    """Play until the game ends or the players leave; the exit code."""
    console = session.console

    def leaving(prefix: str) -> None:
        session.say(f"{prefix} the game{session.whereabouts()}"
                    + (" (unsaved changes are lost)." if session.dirty else "."))

    session.run_bots()
    need_screen = True
    while not session.state.is_terminal():
        p = session.state.current_player
        assert p is not None
        if session.hot_seat and session.shown != p:
            if not _pass_screen(session, p):
                leaving("End of input: leaving")
                return 0
            need_screen = True
        session.shown = p
        if need_screen:
            session.show()
            need_screen = False
        line = _read(console, f"{session.player_name(p)}> ")
        if line is None:
            leaving("End of input: leaving")
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
            leaving("Leaving")
            return 0
        if outcome == "acted":
            session.run_bots()
            need_screen = True
    session.shown = None
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
