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
import time
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.console import Console, RenderableType
from rich.text import Text

import arle.green as G
from arle.actions import Action, IllegalActionError
from arle.cli import faces
from arle.framework.loop import NOT_MINE, GameSession, seats_from_specs
from arle.framework.loop import run as run_green
from arle.green.arena import green_schedule, play_green_match
from arle.green.faces import NOTICE, card_text, seat_view
from arle.green.io import options_from_rules

__all__ = ["GreenSession", "green_options", "public_text", "render_view", "run_green",
           "start", "start_green"]

HELP = ("Type a number or an action's text (e.g. 'take f04', 'build 1 0'); commands: "
        "card ID (a card's text), log, scores, save FILE, help, quit.")


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
class GreenSession(GameSession[G.State]):
    """One terminal game of the second game: the framework's session
    (:class:`arle.framework.loop.GameSession`: seats, prompts, hot seat, saving) with this
    game's presenter: screens from one seat's view, card texts, the redacted log."""

    game: ClassVar[str] = G.GAME.name
    #: No taking back: a decision once made has shown its seat new cards.
    undo_allowed: ClassVar[bool] = False

    def show(self) -> None:
        p = self.state.current_player
        for line in render_view(seat_view(self.state, p), p):
            self.console.print(Text(line))
        self.say(HELP, style="dim")

    def show_help(self, rest: str) -> None:
        self.say(HELP)

    def empty_line(self) -> str | None:
        return "redraw"

    def save_note(self, path: str) -> str:
        return (f" (continue later with: arle play --game green --load {path}; it holds "
                "every hidden card: keep it away from the other players).")

    def announce(self, p: int, action: Action, by_bot: bool) -> None:
        """Apply ``action``; tell the others what they may learn of it (a bot's move, or a
        person's when nobody else shares the terminal)."""
        self.state.apply(action)
        if by_bot or (len(self.seats) > 1 and not self.hot_seat):
            self.say(f"{player_name(p)} ({self.seats[p].label}): {public_text(str(action))}")

    def command(self, cmd: str, rest: str) -> str | None:
        """``card ID``, ``log`` and ``scores``."""
        if cmd == "card":
            cid = rest.lower()
            self.say(card_text(self.state.cs, cid) if cid else "card needs an id: card f01")
            return None
        if cmd == "log":
            for i, a in enumerate(seat_view(self.state, self.state.current_player)["log"], 1):
                self.say(f"{i:>3}. {a}")
            return None
        if cmd == "scores":
            for q, sc in enumerate(self.state.scores()):
                cats = ", ".join(f"{k} {v}" for k, v in sc.categories.items() if v)
                self.say(f"{player_name(q)}: {sc.total} ({cats})")
            return None
        return NOT_MINE

    def choose(self, text: str) -> Action | None:
        """A number of the listed actions or an action's text (any case)."""
        legal = self.state.legal_actions()
        if text.isdigit():
            k = int(text)
            if not 1 <= k <= len(legal):
                self.error(f"no choice {k}: choose 1 to {len(legal)} (nothing changed)")
                return None
            return legal[k - 1]
        try:
            action = Action.from_text(text.lower())
            self.state.clone().apply(action)        # the game's own refusal, if any
        except IllegalActionError as exc:
            self.error(f"{exc} (nothing changed)")
            return None
        return action

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


def green_options(specs: list[str]) -> dict[str, Any]:
    """``--rule NAME[=VALUE]`` texts as options of :func:`arle.green.new_game` (see
    :func:`arle.green.io.options_from_rules`)."""
    return options_from_rules(specs, "--rule ")


def start_green(console: Console, players: int | None, seats: list[str] | None,
                seed: int, load: str | None, cards: str | None,
                options: dict[str, Any] | None = None) -> GreenSession:
    """The session of a new game (or of the record ``load``); ValueError with a message
    for the user on bad input."""
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
    seat_list = seats_from_specs(specs, n, seed, "--seats", game=G.GAME.name)
    return GreenSession(state=state, seats=seat_list, console=console)


def start(args: faces.PlayArgs) -> GreenSession:
    """``arle play --game green``: the session of a new game (or of the record
    ``--load``), its greeting printed; ValueError with the message for a refused
    option."""
    if args.buildings is not None or args.promos or args.expansion is not None:
        raise ValueError("--buildings, --promos and --expansion are for Fields of Arle, "
                         "not --game green")
    if args.load is not None and (args.seed is not None or args.rules):
        raise ValueError("--load takes the setup from the record: leave out --seed and "
                         "--rule")
    options = green_options(args.rules)
    seed = args.seed if args.seed is not None else new_seed()
    console, load = args.console, args.load
    session = start_green(console, args.players, args.seats, seed, load, args.cards, options)
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
    return session


def new_seed() -> int:
    """A setup seed from the clock (printed, so that the setup can be played again)."""
    return int(time.time() * 1000) % 1_000_000


def _tournament_setup(players: int, buildings: str, expansion: str | None,
                      plot: str | None) -> dict[str, Any]:
    if buildings != "random" or expansion is not None:
        raise ValueError("--buildings and --expansion are not for --game green")
    if not 1 <= players <= 4:
        raise ValueError("--players must be 1 to 4 with --game green")
    return {}


def _schedule(specs: list[str], players: int, games: int, seed: int,
              setup: dict[str, Any]) -> list[Any]:
    return list(green_schedule(specs, players, games, seed))


def _replay_screen(s: G.State, seat: int | None) -> list[RenderableType]:
    """A position of a record as ``seat`` saw it (None: the player to move; everyone's
    public view once the game is over)."""
    p = s.current_player if seat is None else seat
    return [Text(line) for line in render_view(seat_view(s, p), p)]


def _replay_results(s: G.State) -> list[RenderableType]:
    out: list[RenderableType] = []
    for q, sc in enumerate(s.scores()):
        cats = ", ".join(f"{k} {v}" for k, v in sc.categories.items() if v)
        out.append(Text(f"{player_name(q)}: {sc.total} VP ({cats})"))
    w = s.winners()
    if len(s.players) > 1:
        out.append(Text("Winner: " + " and ".join(player_name(q) for q in w)
                        + (" (shared)" if len(w) > 1 else ""), style="bold"))
    return out


faces.register(faces.CliGame(
    name=G.GAME.name, start=start, tournament_setup=_tournament_setup, schedule=_schedule,
    play_match=play_green_match, shared_wins=True, notice=NOTICE,
    replay=faces.ReplayFace(screen=_replay_screen, results=_replay_results,
                            player_name=player_name, where=lambda s: f"year {s.year}"),
    tournament_title=lambda players, games: (f"Green tournament, {players} player(s), "
                                             f"{games} game(s)")))
