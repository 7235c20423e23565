"""``arle play``: play a game in the terminal, against people or bots; and Fields of
Arle's terminal face.

The command serves every game the same way (:mod:`arle.cli.faces`); the loop is the
framework's (:mod:`arle.framework.loop`: seats, prompts, help, undo, quit, saving).
Fields of Arle gives its presenter here (:class:`Session`: its screens, views, names
of the board as input, hints and help) and the second game its own
(:mod:`arle.cli.green_play`).

The game is driven only through the public API (``legal_actions``, ``apply``,
``parse_action``, ``record``/``replay``, ``scores``, ``winner``).  Input is read line by
line from stdin, so the same loop serves a terminal and a pipe; end of input leaves the
game cleanly (exit code 0).
"""

from __future__ import annotations

import io
import json
import sys
import time
from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar, NoReturn

import typer
from rich.cells import cell_len
from rich.columns import Columns
from rich.console import Console, RenderableType
from rich.rule import Rule
from rich.text import Text

import arle
from arle.actions import Action, IllegalActionError
from arle.bots import Bot, get as get_bot
from arle.bots.arena import play_match as _play_arle_match
from arle.bots.arena import schedule as _arle_schedule
from arle.cli import faces
from arle.cli import green_play as _green_play  # noqa: F401  (offers the second game)
from arle.cli import render
from arle.cli.explain_cmd import explain_lines
from arle.cli.files import refuse
from arle.data import catalog as C
from arle.data import tea_trade as TT
from arle.data import texts
from arle.data.options import players_error
from arle.data.tea_trade import EXPANSIONS, TT_SELECTIONS
from arle.data.texts import UnknownName
from arle.framework.loop import NOT_MINE, GameSession, Seat, run
from arle.framework.loop import seats_from_specs as _seats_from_specs
from arle.framework.loop import split_seats
from arle.scoring import CATEGORY_NAMES, TT_CATEGORY_NAMES
from arle.state import State
from arle.view import apply_logged

__all__ = ["register", "play", "run", "Seat", "Session", "AmbiguousInput", "moves_in_words",
           "parse_seats", "replay_with_movers", "resolve_names", "seats_from_specs",
           "selection_problem", "split_seats"]

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
def parse_seats(text: str | None, players: int, seed: int) -> list[Seat]:
    """``human,bot:random`` -> seats (ValueError on a bad spec or the wrong count).

    Bot ``p`` is seeded with ``seed * 100 + p``: a game seed gives the same bot play.
    """
    if text is None:
        return [Seat("human") for _ in range(players)]
    return seats_from_specs(split_seats(text), players, seed, "--seats")


def seats_from_specs(specs: list[str], players: int, seed: int,
                     where: str = "seats", make: Any = None) -> list[Seat]:
    """One seat per spec (``"human"`` or ``"bot:SPEC"``, the bot made by ``make``,
    default the registry's bots of Fields of Arle); ValueError naming ``where``
    (:func:`arle.framework.loop.seats_from_specs`)."""
    return _seats_from_specs(specs, players, seed, where, make, game="arle")


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
        return {b: render.building_name(b) for b in (*C.BUILDING_NAME, *TT.TT_BUILDING_NAME)}
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
class Session(GameSession[State]):
    """A game of Fields of Arle being played: the framework's session
    (:class:`arle.framework.loop.GameSession`) with this game's presenter: its screens
    (full or compact), views, the board's names as input, hints and help."""

    #: ``auto`` (compact when the full screen does not fit), ``compact`` or ``full``.
    view: str = "auto"
    #: Each recorded action in words (:func:`render.move_words`), beside ``movers``.
    words: list[str] = field(default_factory=list)
    _order: list[Action] = field(default_factory=list)
    _shown_half_year: int = 0
    _figures: dict[int, dict[str, int]] = field(default_factory=dict)
    #: the solo game's hint planner (kept: its best line carries over between hints)
    _planner: Bot[Any] | None = None

    game: ClassVar[str] = "arle"

    def __post_init__(self) -> None:
        if len(self.words) != len(self.movers):
            self.words = moves_in_words(self.state)

    # ------------------------------------------------------------------ output
    def player_name(self, p: int | None) -> str:
        return render.player_name(p)

    def whereabouts(self) -> str:
        return f" at half year {self.state.half_year}"

    def save_note(self, path: str) -> str:
        return f" (continue later with: arle play --load {path})."

    def undone(self, keep: int) -> None:
        self.words = self.words[:keep]

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
        compact = self.compact()
        if not compact:
            self.announce_half_year()
        moves = self.others_moves()
        if compact:
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
    def announce(self, p: int, action: Action, by_bot: bool) -> None:
        """Apply ``action``, then say the move and the steps the engine made by itself
        after it (harvest, milking, newborn animals...)."""
        words = render.move_words(self.state, action)
        steps = apply_logged(self.state, action)
        self.words.append(words)
        if by_bot:
            self.say(f"{render.player_name(p)} ({self.seats[p].label}): {action}")
        else:
            self.say(f"{render.player_name(p)}: {action}", style="green")
        for step in steps:
            self.say(f"  {step.text}", style="dim")

    def think(self, p: int, bot: Bot[Any]) -> Action:
        self.announce_half_year()
        with self.console.status(f"{render.player_name(p)} ({self.seats[p].label}) "
                                 "is thinking...", spinner="dots"):
            return bot.choose(self.state)

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

    def show_help(self, rest: str) -> None:
        """``help``: the decision and the notation; ``help NAME``: a game element."""
        if rest:
            self.explain(rest)
            return
        self.console.print(Text(render.decision_help(self.state), style="cyan"))
        self.console.print(Text(render.notation_basics(render.is_expansion(self.state),
                                                       render.is_three(self.state)),
                                style="dim"))

    def command(self, cmd: str, rest: str) -> str | None:
        """The views (``board``, ``farm [N]``, ``farms``, ``buildings``, ``scores``,
        ``list``), ``full`` and ``hint [BOT]``."""
        if cmd in ("board", "buildings", "scores", "list", "farms") and not rest:
            self.show_part(cmd, "")
            return None
        if cmd == "farm" and len(rest.split()) <= 1:
            self.show_part(cmd, rest)
            return None
        if cmd == "full" and not rest:
            self.view = "compact" if not self.compact() else "full"
            self.say(f"The {self.view} screen from now on (full switches back).", style="dim")
            return "redraw"
        if cmd == "hint":
            self.hint(rest or (SOLO_HINT_BOT if self.state.n == 1 else HINT_BOT))
            return None
        return NOT_MINE

    def choose(self, text: str) -> Action | None:
        """A number of the screen's list, an action's text, or the board's names
        (``place Dike Builder``)."""
        if text.isascii() and text.isdigit():
            k = int(text)
            if not 1 <= k <= len(self._order):
                self.error(f"there is no action number {k}: choose 1 to {len(self._order)} "
                           "(nothing changed).")
                return None
            return self._order[k - 1]
        try:
            return arle.parse_action(self.state, text)
        except IllegalActionError:
            pass
        try:
            named = resolve_names(self.state, text)
        except AmbiguousInput as e:
            self.error(str(e))
            return None
        try:
            if named == text:
                raise IllegalActionError(text)
            return arle.parse_action(self.state, named)
        except IllegalActionError:
            self.explain_illegal(named)
            return None

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
        raise ValueError("--buildings: use first-game, random or a list of building ids")
    return ids


def _load(path: str) -> tuple[State, list[int], list[str] | None]:
    """The game of a saved record, who took each action, and its seats if the record
    keeps them."""
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except FileNotFoundError:
        raise ValueError(f"{path}: no such file")
    except IsADirectoryError:
        raise ValueError(f"{path}: is a directory, not a game record")
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(f"{path}: cannot read ({exc})")
    try:
        state, movers = replay_with_movers(text)
        seats = json.loads(text).get("seats")
    except ValueError as exc:
        raise ValueError(f"{path}: {exc}")
    if seats is None:
        return state, movers, None          # records written before seats were kept
    if not (isinstance(seats, list) and all(isinstance(x, str) for x in seats)):
        raise ValueError(f"{path}: seats: expected a list of 'human' or 'bot:SPEC' texts")
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
            raise ValueError(f"--rule {spec}: expected NAME, NAME=on or NAME=off")
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
    try:
        face = faces.get(game)
        session = face.start(faces.PlayArgs(
            console, players, split_seats(seats) if seats else None, seed, load, rule or [],
            view, buildings, promos, expansion, cards))
    except ValueError as exc:
        _refuse(str(exc))
    _enable_line_editing()
    try:
        code = run(session)
    except KeyboardInterrupt:
        console.print(Text("\nInterrupted: leaving the game."))
        raise typer.Exit(code=130) from None
    raise typer.Exit(code=code)


def new_seed() -> int:
    """A setup seed from the clock (printed, so that the setup can be played again)."""
    return int(time.time() * 1000) % 1_000_000


def start(args: faces.PlayArgs) -> Session:
    """``arle play`` for Fields of Arle: the session of a new game (or of the record
    ``--load``), its greeting printed; ValueError with the message for a refused
    option."""
    console, players, seats, load = args.console, args.players, args.seats, args.load
    seed, buildings, promos, expansion = args.seed, args.buildings, args.promos, args.expansion
    if args.cards is not None:
        raise ValueError("--cards is for --game green")
    if players is not None and players > 3:
        raise ValueError(f"--players {players}: a game of Fields of Arle has 1 to 3 players "
                         "(3 with --expansion tea-and-trade)")
    if args.view not in VIEWS:
        raise ValueError(f"--view {args.view}: use auto, compact or full")
    saved_seats: list[str] | None = None
    if load is not None:
        if (seed is not None or buildings is not None or promos or expansion is not None
                or args.rules):
            raise ValueError("--load takes the setup from the record: leave out --seed, "
                             "--buildings, --promos, --expansion and --rule")
        state, movers, saved_seats = _load(load)
        if players is not None and players != len(state.players):
            raise ValueError(f"--players {players} does not match the record's "
                             f"{len(state.players)} player(s)")
        game_seed = int(state.record()["setup"].get("seed", 0))
        greeting = (f"Resuming {load}: {len(movers)} decisions replayed, "
                    f"half year {state.half_year}.")
    else:
        n = players if players is not None else len(seats) if seats else 1
        if n not in (1, 2, 3):
            raise ValueError(f"--seats names {n} seats: a game has 1 to 3 players")
        refused = players_error(n, expansion, "--expansion tea-and-trade")
        if refused is not None:
            raise ValueError(refused)
        game_seed = seed if seed is not None else new_seed()
        state = arle.new_game(players=n, seed=game_seed,
                              buildings=_buildings(buildings) if buildings else None,
                              promos=promos, expansion=expansion,
                              options=_rules(args.rules))
        movers = []
        greeting = (f"New game for {n} player(s), seed {game_seed} "
                    f"(play this setup again with --seed {game_seed}).")
    try:
        if seats is None and saved_seats is not None:
            seat_list = seats_from_specs(saved_seats, len(state.players), game_seed)
        else:
            seat_list = seats_from_specs(seats or ["human"] * len(state.players),
                                         len(state.players), game_seed, "--seats")
    except ValueError as exc:
        raise ValueError(f"{load}: {exc}" if seats is None else str(exc)) from None
    console.print(Text(greeting))
    if len(state.players) > 1:
        console.print(Text(", ".join(f"{render.player_name(p)}: {seat.label}"
                                     for p, seat in enumerate(seat_list))))
    return Session(state=state, seats=seat_list, console=console, movers=movers,
                   view=args.view)


# ---------------------------------------------------------------------------
# Fields of Arle in ``arle tournament``
# ---------------------------------------------------------------------------
def selection_problem(expansion: str | None, buildings: str) -> str | None:
    """What is wrong with ``--expansion`` and ``--buildings`` of a command that plays many
    games (None: nothing)."""
    if expansion is not None and expansion not in EXPANSIONS:
        return f"--expansion: unknown expansion {expansion!r} (known: {', '.join(EXPANSIONS)})"
    if expansion is not None and buildings not in TT_SELECTIONS:
        return "--buildings must be random or expansion-only with --expansion"
    if expansion is None and buildings not in ("random", "first-game"):
        return "--buildings must be random or first-game"
    return None


def _tournament_setup(players: int, buildings: str, expansion: str | None,
                      plot: str | None) -> dict[str, Any]:
    if players not in (1, 2, 3):
        raise ValueError("--players must be 1, 2 or 3")
    if players == 3 and expansion is None:
        raise ValueError("--players 3 needs --expansion tea-and-trade (three players play "
                         "the expansion's 3-player game)")
    problem = selection_problem(expansion, buildings)
    if problem:
        raise ValueError(problem)
    return {"buildings": buildings, "expansion": expansion}


def _schedule(specs: list[str], players: int, games: int, seed: int,
              setup: dict[str, Any]) -> list[Any]:
    return list(_arle_schedule(specs, players, games, seed, **setup))


def _tournament_title(players: int, games: int) -> str:
    kind = {1: "Solo", 2: "Two-player"}.get(players, f"{players}-player")
    return f"{kind} tournament, {games} game{'s' if games != 1 else ''}"


def _replay_screen(s: State, seat: int | None) -> list[RenderableType]:
    return [render.screen(s)[0]]


def _replay_results(s: State) -> list[RenderableType]:
    out: list[RenderableType] = [render.breakdown_table(s, p) for p in range(len(s.players))]
    return out + [Text(line, style="bold") for line in render.winner_lines(s)]


#: Fields of Arle's screens in ``arle replay``.
ARLE_REPLAY = faces.ReplayFace(screen=_replay_screen, results=_replay_results,
                               player_name=render.player_name,
                               where=lambda s: f"half year {s.half_year}")

faces.register(faces.CliGame(
    name="arle", start=start, tournament_setup=_tournament_setup, schedule=_schedule,
    play_match=_play_arle_match, tournament_title=_tournament_title,
    category_names={**CATEGORY_NAMES, **TT_CATEGORY_NAMES}, replay=ARLE_REPLAY))


def register(app: typer.Typer) -> None:
    """Add the ``play`` sub-command to ``app``."""
    app.command("play")(play)
