"""``arle play --game green``: the card-drafting game of :mod:`arle.green` in the terminal
(rules modelled on Fields of Green with invented cards; unofficial).

Each screen is drawn from :func:`arle.green.faces.seat_view` of the seat to move, so it
shows only what that seat may see (its own hand and pick, the public farms, market,
piles and counts).  With two or more people at one terminal (hot seat) a "pass to
Player N" screen hides the last hand before the next person's turn: the screen is
cleared and nothing of the next hand is printed until that person presses Enter.  Bots'
moves are announced as everybody sees them (a hidden pick is "commits a pick", a
hidden action of ``action_choice="hidden"`` "commits an action").

Input is read line by line, as in the base game's ``arle play``: a number or an action's
text; ``help``, ``card ID``, ``log``, ``scores``, ``save FILE``, ``quit``.  End of input
leaves the game cleanly.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.text import Text

import arle.green as G
from arle.actions import Action, IllegalActionError
from arle.cli.play import Seat
from arle.green.bots import green_bot
from arle.green.faces import NOTICE, card_text, seat_view
from arle.green.io import options_from_rules

__all__ = ["GreenSession", "public_text", "render_view", "run_green", "start_green"]

HELP = ("Type a number or an action's text (e.g. 'take f04', 'build 1 0'); commands: "
        "card ID (a card's text), log, scores, save FILE, help, quit.")
PASS_LINES = 3


def player_name(p: int | None) -> str:
    return "nobody" if p is None else f"Player {p + 1}"


def public_text(action: str) -> str:
    """An action as the other seats learn it (a hidden pick or keep shows no card)."""
    if action.startswith("pick "):
        return "commits a pick"
    if action.startswith("keep "):
        return "keeps an Equipment tile"
    if action.startswith("plan "):
        return "commits an action"
    return action


def _farm_grid(farm: list[dict[str, Any]]) -> list[str]:
    """The farm as a grid of cells (x across, y down): ``F01`` a face-up card, ``~f01``
    an Open Area (face down), ``w2`` Water on a tower, ``+1`` tiles placed."""
    cells: dict[tuple[int, int], str] = {}
    for e in farm:
        x, y = (int(v) for v in str(e["cell"]).split(","))
        card = str(e["card"])
        label = {"tower": "TWR", "silo": "SIL"}.get(card, card.upper())
        if not e["face_up"]:
            label = "~" + card
        if e["water"]:
            label += f" w{e['water']}"
        if e["tiles"]:
            label += f" +{len(e['tiles'])}"
        cells[(x, y)] = label
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    width = max(7, max(len(v) for v in cells.values()) + 1)
    lines = ["      " + "".join(f"x={x}".ljust(width) for x in range(min(xs), max(xs) + 1))]
    for y in range(min(ys), max(ys) + 1):
        row = "".join(cells.get((x, y), ".").ljust(width) for x in range(min(xs), max(xs) + 1))
        lines.append(f"y={y:<3} " + row.rstrip())
    return lines


def render_view(view: dict[str, Any], seat: int | None) -> list[str]:
    """The screen for ``seat`` as lines of text, from its :func:`seat_view` only."""
    o = view["obs"]
    cards: dict[str, str] = view["cards"]
    out = [f"Year {o['year']} of 4, passing {'left' if o['direction'] == 'L' else 'right'}, "
           f"First Player: {player_name(o['first'])}."]
    piles = ", ".join(f"{k} {v}" for k, v in o["piles"].items())
    out.append(f"Piles: {piles}; Equipment stack {o['equipment_stack']}; towers left "
               f"{o['towers_left']}, silos left {o['silos_left']}.")
    if o.get("supply"):
        out.append("Token supply left: " + ", ".join(f"{k} {n}" for k, n in o["supply"].items()))
    if o.get("market"):
        down = sum(o.get("market_face_down", {}).values())
        out.append(f"Market (face up): {', '.join(m.upper() for m in o['market'])}"
                   + (f"; {down} face down" if down else ""))
    if o.get("discard"):
        out.append(f"Discard: {', '.join(c.upper() for c in o['discard'])}")
    for q, st in enumerate(o["seats"]):
        me = " (you)" if q == seat else ""
        hp = ", ".join(f"{k} {v}" for k, v in st["hand_piles"].items() if v)
        extra = []
        if st["committed"]:
            extra.append("has committed a pick")
        if st.get("planned"):
            extra.append("has committed an action")
        if st["card"]:
            extra.append(f"acting with {st['card'].upper()}")
        if st["aside"]:
            extra.append(f"set aside: {', '.join(t.upper() for t in st['aside'])}")
        out.append("")
        out.append(f"{player_name(q)}{me}: {st['coins']} coins, {st['food']} Food, "
                   f"{st['vp_tokens']} VP tokens, hand {st['hand_size']}"
                   + (f" ({hp})" if hp else "") + f"; score now {view['scores'][q]}"
                   + ("; " + "; ".join(extra) if extra else ""))
        out.extend("  " + line for line in _farm_grid(st["farm"]))
    if seat is not None:
        out.append("")
        hand = o.get("hand", [])
        out.append("Your hand: " + (", ".join(c.upper() for c in hand) if hand else "(empty)"))
        for c in dict.fromkeys(hand):
            out.append(f"  {cards.get(c, c)}")
        if o.get("pick"):
            out.append(f"Your pick: {o['pick'].upper()}")
        if o.get("plan"):
            out.append(f"Your committed action: {o['plan']}")
    d = o.get("decision") or {}
    if seat is not None and d.get("player") == seat and o.get("legal_actions"):
        out.append("")
        out.append(f"{d.get('title', d.get('kind'))}:")
        details = d.get("details") or {}
        for k, v in details.items():
            out.append(f"  {k}: {v}")
        for i, a in enumerate(o["legal_actions"], 1):
            words = str(a).split()
            note = ""
            for w in words[1:]:
                if w in cards:
                    note = f"  ({cards[w]})"
                    break
            out.append(f"  {i:>2}. {a}{note}")
    return out


@dataclass
class GreenSession:
    """One terminal game: the state, who plays each seat, and the hot-seat guard."""

    state: G.State
    seats: list[Seat]
    console: Console
    shown: int | None = None           # the human seat whose screen is up
    dirty: bool = False
    notes: list[str] = field(default_factory=list)

    @property
    def hot_seat(self) -> bool:
        return sum(1 for seat in self.seats if seat.human) >= 2

    def say(self, message: str, style: str = "") -> None:
        self.console.print(Text(message, style=style))

    def error(self, message: str) -> None:
        self.console.print(Text(message, style="bold red"))

    def show(self, seat: int) -> None:
        for line in render_view(seat_view(self.state, seat), seat):
            self.console.print(Text(line))
        self.say(HELP, style="dim")

    def announce(self, p: int, action: str) -> None:
        self.say(f"{player_name(p)} ({self.seats[p].label}): {public_text(action)}")

    def run_bots(self) -> None:
        s = self.state
        while not s.is_terminal():
            p = s.current_player
            assert p is not None
            bot = self.seats[p].bot
            if bot is None:
                return
            action = bot.choose(s)
            s.apply(action)
            self.dirty = True
            self.announce(p, str(action))

    def apply(self, text: str) -> bool:
        s = self.state
        p = s.current_player
        legal = s.legal_actions()
        choice: Action | str = text
        if text.isdigit():
            k = int(text)
            if not 1 <= k <= len(legal):
                self.error(f"no choice {k}: choose 1 to {len(legal)} (nothing changed)")
                return False
            choice = legal[k - 1]
        try:
            s.apply(choice)
        except IllegalActionError as exc:
            self.error(f"{exc} (nothing changed)")
            return False
        self.dirty = True
        assert p is not None
        if len(self.seats) > 1 and not self.hot_seat:
            self.announce(p, str(choice))
        return True

    def save(self, path: str) -> None:
        if not path:
            self.error("save needs a file name: save FILE")
            return
        record = self.state.record()
        record["seats"] = [seat.spec for seat in self.seats]
        try:
            with open(path, "w", encoding="utf-8") as handle:
                json.dump(record, handle)
        except OSError as exc:
            self.error(f"cannot save to {path}: {exc}")
            return
        self.dirty = False
        self.say(f"Saved the game record to {path} (it holds every hidden card: keep it "
                 "away from the other players).")

    def handle(self, line: str) -> str | None:
        """One line of input: ``"acted"``, ``"quit"``, ``"redraw"`` or None."""
        text = line.strip()
        if not text:
            return "redraw"
        word, _, rest = text.partition(" ")
        low = word.lower()
        p = self.state.current_player
        if low in ("quit", "exit", "quit!"):
            return "quit"
        if low == "help":
            self.say(HELP)
            return None
        if low == "card":
            cid = rest.strip().lower()
            self.say(card_text(self.state.cs, cid) if cid else "card needs an id: card f01")
            return None
        if low == "log":
            for i, a in enumerate(seat_view(self.state, p)["log"], 1):
                self.say(f"{i:>3}. {a}")
            return None
        if low == "scores":
            for q, sc in enumerate(self.state.scores()):
                cats = ", ".join(f"{k} {v}" for k, v in sc.categories.items() if v)
                self.say(f"{player_name(q)}: {sc.total} ({cats})")
            return None
        if low == "save":
            self.save(rest.strip())
            return None
        return "acted" if self.apply(text.lower()) else None

    def finish(self) -> None:
        s = self.state
        self.say("")
        self.say("The game is over.", style="bold")
        for q, sc in enumerate(s.scores()):
            cats = ", ".join(f"{k} {v}" for k, v in sc.categories.items() if v)
            self.say(f"{player_name(q)} ({self.seats[q].label}): {sc.total} VP ({cats})")
        w = s.winners()
        if len(s.players) > 1:
            self.say("Winner: " + " and ".join(player_name(q) for q in w)
                     + (" (shared)" if len(w) > 1 else ""), style="bold")


def _read(console: Console, prompt: str) -> str | None:
    try:
        line = console.input(prompt, markup=False)
    except EOFError:
        console.print()
        return None
    if not sys.stdin.isatty():
        console.print(Text(line))
    return line


def _pass_screen(session: GreenSession, seat: int) -> bool:
    """Hide the last screen and wait for the next person; False at end of input."""
    console = session.console
    if console.is_terminal:
        console.clear()
    else:
        console.print("\n" * PASS_LINES, end="")
    console.print(Text(f"=== Pass to {player_name(seat)}, press Enter (hands are hidden) ===",
                       style="bold"))
    return _read(console, "") is not None


def run_green(session: GreenSession) -> int:
    """Play until the game ends or the players leave; the exit code."""
    session.run_bots()
    need_screen = True
    while not session.state.is_terminal():
        p = session.state.current_player
        assert p is not None
        if session.hot_seat and session.shown != p:
            if not _pass_screen(session, p):
                session.say("End of input: leaving the game.")
                return 0
            need_screen = True
        session.shown = p
        if need_screen:
            session.show(p)
            need_screen = False
        line = _read(session.console, f"{player_name(p)}> ")
        if line is None:
            session.say("End of input: leaving the game"
                        + (" (unsaved changes are lost)." if session.dirty else "."))
            return 0
        outcome = session.handle(line)
        if outcome == "quit":
            session.say("Leaving the game" + (" (unsaved changes are lost)."
                                              if session.dirty else "."))
            return 0
        if outcome == "redraw":
            need_screen = True
        if outcome == "acted":
            session.run_bots()
            need_screen = True
    if session.hot_seat:
        session.shown = None
    session.finish()
    return 0


def green_options(specs: list[str]) -> dict[str, Any]:
    """``--rule NAME[=VALUE]`` texts as options of :func:`arle.green.new_game` (see
    :func:`arle.green.io.options_from_rules`)."""
    return options_from_rules(specs, "--rule ")


def start_green(console: Console, players: int | None, seats: list[str] | None,
                seed: int, load: str | None, cards: str | None,
                options: dict[str, Any] | None = None) -> GreenSession:
    """The session of a new game (or of the record ``load``); ValueError with a message
    for the user on bad input."""
    from arle.cli.play import seats_from_specs
    saved: list[str] | None = None
    if load is not None:
        try:
            with open(load, encoding="utf-8") as handle:
                record = json.loads(handle.read())
        except FileNotFoundError:
            raise ValueError(f"{load}: no such file") from None
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise ValueError(f"{load}: cannot read a game record ({exc})") from None
        if not isinstance(record, dict):
            raise ValueError(f"{load}: not an arle.green record")
        saved = record.pop("seats", None)
        try:
            state = G.replay(record, cards=cards)
        except ValueError as exc:
            raise ValueError(f"{load}: {exc}") from None
        n = state.n
        if players is not None and players != n:
            raise ValueError(f"--players {players} does not match the record's {n} player(s)")
        seed = int(record["setup"].get("seed", 0))
    else:
        n = players if players is not None else len(seats) if seats else 1
        if not 1 <= n <= 4:
            raise ValueError(f"the green game has 1 to 4 players (got {n})")
        state = G.new_game(players=n, seed=seed, cards=cards, **(options or {}))
    specs = seats if seats is not None else saved if saved is not None else ["human"] * n
    if not (isinstance(specs, list) and all(isinstance(x, str) for x in specs)):
        raise ValueError(f"{load}: seats: expected a list of 'human' or 'bot:SPEC' texts")
    seat_list = seats_from_specs(specs, n, seed, "--seats", make=green_bot)
    return GreenSession(state=state, seats=seat_list, console=console)


def play_green(console: Console, players: int | None, seats: list[str] | None,
               seed: int, load: str | None, cards: str | None,
               options: dict[str, Any] | None = None) -> int:
    """``arle play --game green`` (the exit code; ValueError for bad options)."""
    session = start_green(console, players, seats, seed, load, cards, options)
    console.print(Text(NOTICE))
    if load is None:
        console.print(Text(f"New game for {session.state.n} player(s), seed {seed} "
                           f"(play this setup again with --seed {seed})."))
        if options:
            console.print(Text("Options: " + ", ".join(f"{k}={v}" for k, v in options.items())
                               + " (docs/GREEN.md, \"Options\")."))
    else:
        console.print(Text(f"Resuming {load}: {len(session.state.history)} actions replayed."))
    console.print(Text(", ".join(f"{player_name(p)}: {seat.label}"
                                 for p, seat in enumerate(session.seats))))
    return run_green(session)
