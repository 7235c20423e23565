"""The scoring pad as questions: one per figure of the FARM.json input format.

For people scoring a game played on the physical board: ``arle score --ask`` asks them in
the terminal and the web app's ``/score`` page shows them as a form.  Each answer is text
(``"3"``, ``"plow, peat boat"``, ``"y"``); :func:`parse_answer` turns it into the value of
the input format (``docs/SCORING_PAD.md``), and the farm is checked with the same
validation as the JSON input (:func:`arle.scoring.farm_from_dict`).

The questions come from the scoring module's own key lists, so they follow the format.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Callable

from arle.data import catalog as cat
from arle.data import tea_trade as tt
from arle.scoring import (
    ANIMAL_KEYS,
    GOODS,
    HOME_BOARD_COUNTS,
    SHIP_IDS,
    SUPPLY,
    TT_SUPPLY,
    ScoringInputError,
    farm_from_dict,
    tool_track_name,
)

__all__ = ["Question", "QUESTIONS", "TT_QUESTIONS", "ask_farm", "farm_from_answers",
           "parse_answer", "questions"]

Farm = dict[str, object]


@dataclass(frozen=True)
class Question:
    """One figure of the pad: where it goes in FARM.json, how it is asked and typed."""

    path: tuple[str, ...]          # ("goods", "food"), ("barn",), ("supply_bottlenecks",)
    prompt: str
    kind: str                      # "int", "ids", "bool"
    default: object
    known: tuple[str, ...] = ()    # ids a list may hold
    low: int | None = 0            # bounds of a whole number (None: unbounded)
    high: int | None = None


def _name(x: str) -> str:
    return x.replace("_", " ")


def _buildings_question(known: tuple[str, ...]) -> Question:
    return Question(("home_board", "buildings"), "Buildings on the home board", "ids", [],
                    known)


def _questions() -> tuple[Question, ...]:
    qs: list[Question] = []
    for g in GOODS:
        high = cat.FOOD_CAP if g == "food" else cat.GOOD_CAP
        qs.append(Question(("goods", g), f"Goods track: {_name(g)} (0-{high})", "int", 0,
                           high=high))
    for item in SUPPLY:
        qs.append(Question(("supply", item), f"Personal supply: {_name(item)}", "int", 0))
    for a in ANIMAL_KEYS:
        qs.append(Question(("animals", a), f"Animals on the home board: {a}", "int", 0))
    for i, t in enumerate(cat.TOOLS):
        values = " ".join(str(v) for v in cat.TOOL_VALUES[i])
        qs.append(Question(("tools", t), f"Tool track {tool_track_name(t)} ({values})", "int",
                           cat.TOOL_VALUES[i][0]))
    qs.append(Question(("barn",), "Equipment in the barn (ids, comma-separated; repeats "
                                  "allowed)", "ids", [], tuple(cat.EQUIPMENT)))
    qs.append(Question(("travel",), "Travel destinations used", "ids", [],
                       tuple(cat.DESTINATIONS)))
    qs.append(_buildings_question(cat.BUILDINGS))
    for key in HOME_BOARD_COUNTS[:-1]:
        qs.append(Question(("home_board", key), f"Home board: {_name(key)}", "int", 0))
    qs.append(Question(("home_board", "boardwalk"), "Home board: Small Boardwalk still "
                                                    "there (y/n)", "bool", False))
    qs.append(Question(("home_board", "dikes_moved"),
                       f"Home board: dikes moved (0-{cat.MAX_DIKE_MOVES})", "int", 0,
                       high=cat.MAX_DIKE_MOVES))
    qs.append(Question(("supply_bottlenecks",), "Supply bottlenecks: VP lost (0 or less)",
                       "int", 0, low=None, high=0))
    return tuple(qs)


#: The questions in the order of the pad.
QUESTIONS: tuple[Question, ...] = _questions()


def _tt_questions() -> tuple[Question, ...]:
    values = " ".join(str(v) for v in tt.DIGGING_SPADE_VALUES)
    return tuple(
        [Question(("supply", item), f"Personal supply: {_name(item)}", "int", 0)
         for item in TT_SUPPLY]
        + [Question(("tools", tt.DIGGING_SPADES),
                    f"Tool track {tool_track_name(tt.DIGGING_SPADES)} ({values})", "int",
                    tt.DIGGING_SPADE_VALUES[0]),
           Question(("harbor",), "Ships in the harbor (ids, comma-separated)", "ids", [],
                    tuple(SHIP_IDS)),
           Question(("home_board", "ditches"), "Home board: ditches", "int", 0)])


#: The questions a Tea & Trade pad adds (``expansion=True``), after :data:`QUESTIONS`.
TT_QUESTIONS: tuple[Question, ...] = _tt_questions()

_TT_PAD: tuple[Question, ...] = tuple(
    _buildings_question(cat.BUILDINGS + tt.TT_BUILDINGS) if q.path == ("home_board", "buildings")
    else q for q in QUESTIONS) + TT_QUESTIONS


def questions(expansion: bool = False) -> tuple[Question, ...]:
    """The pad's questions in order: :data:`QUESTIONS`, and with the Tea & Trade
    expansion its questions after them (and its buildings among the home board's).

    >>> len(questions(True)) - len(questions()) == len(TT_QUESTIONS)
    True
    >>> "tea_office" in next(q for q in questions(True) if q.path[-1] == "buildings").known
    True
    """
    return _TT_PAD if expansion else QUESTIONS


def _get(farm: Farm, path: tuple[str, ...]) -> object:
    node: object = farm
    for key in path:
        if not isinstance(node, dict) or key not in node:
            return None
        node = node[key]
    return node


def _set(farm: Farm, path: tuple[str, ...], value: object) -> None:
    node = farm
    for key in path[:-1]:
        child = node.setdefault(key, {})
        assert isinstance(child, dict)
        node = child
    node[path[-1]] = value


def _key(text: str) -> str:
    """An id or a printed name reduced for matching: ``"Farmer's House"`` ->
    ``"farmers_house"``, ``"Lütetsburg Castle"`` -> ``"lutetsburg_castle"``, a starred
    tile ``"Smithy*"`` -> ``"smithy_star"``."""
    out = text.strip().lower().replace("ü", "u").replace("'", "").replace("’", "")
    out = out.replace("*", " star")
    return "_".join(out.replace("-", " ").replace("_", " ").split())


#: Every id of the pad's lists, by its own key and by its printed name's key.
_BY_NAME: dict[str, str] = {
    **{_key(i): i for i in (*cat.EQUIPMENT, *cat.DESTINATIONS, *cat.BUILDINGS)},
    **{_key(name): i for i, name in cat.BUILDING_NAME.items()},
    **{_key(i): i for i in (*tt.TT_BUILDINGS, *SHIP_IDS)},
    **{_key(name): i for i, name in {**tt.TT_BUILDING_NAME, **tt.SHIP_NAME}.items()},
}


def _shown(q: Question, value: object) -> str:
    if q.kind == "ids":
        return ", ".join(str(x) for x in value) if isinstance(value, list) else ""
    if q.kind == "bool":
        return "y" if value else "n"
    return str(value)


def parse_answer(q: Question, text: str) -> object:
    """The value an answer stands for (``ValueError`` with the reason otherwise).

    >>> barn = next(q for q in QUESTIONS if q.path == ("barn",))
    >>> parse_answer(barn, "Plow, peat boat,  plow")
    ['plow', 'peat_boat', 'plow']
    >>> houses = next(q for q in QUESTIONS if q.path == ("home_board", "buildings"))
    >>> parse_answer(houses, "Farmer's House; Lütetsburg Castle")
    ['farmers_house', 'lutetsburg_castle']
    """
    text = text.strip()
    if q.kind == "int":
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"{text!r} is not a whole number") from None
    if q.kind == "bool":
        low = text.lower()
        if low in ("y", "yes", "true", "1"):
            return True
        if low in ("n", "no", "false", "0", ""):
            return False
        raise ValueError(f"answer y or n, not {text!r}")
    ids = []
    for item in text.replace(";", ",").split(","):
        key = _key(item)
        if not key:
            continue
        found = _BY_NAME.get(key)
        if found is None or found not in q.known:
            raise ValueError(f"unknown id {item.strip()!r}; known: {', '.join(q.known)}")
        ids.append(found)
    return ids


def _problem(farm: Farm) -> str | None:
    """Why ``farm`` is refused, or None.  The farm was valid before the last answer,
    so a refusal (even one naming another key, like a barn over capacity) is that
    answer's."""
    try:
        farm_from_dict(farm)
    except ScoringInputError as e:
        return str(e)
    return None


def ask_farm(ask: Callable[[str, str], str], say: Callable[[str], None],
             start: Farm | None = None, expansion: bool = False) -> Farm:
    """Ask every question with ``ask(prompt, default_text)`` and return the farm (JSON
    input format).  ``start`` gives the defaults (an already valid farm); with
    ``expansion`` (or a Tea & Trade ``start``) the expansion's questions follow."""
    farm: Farm = copy.deepcopy(start) if start else {}
    if start and "harbor" in start:
        expansion = True
    for q in questions(expansion):
        current = _get(farm, q.path)
        default = q.default if current is None else current
        while True:
            answer = ask(q.prompt, _shown(q, default))
            try:
                value = parse_answer(q, answer)
            except ValueError as e:
                say(f"  {e}")
                continue
            trial = copy.deepcopy(farm)
            _set(trial, q.path, value)
            problem = _problem(trial)
            if problem is None:
                farm = trial
                break
            say(f"  {problem}")
    return farm


def farm_from_answers(answers: dict[str, str], expansion: bool = False) -> Farm:
    """The farm (JSON input format) that answers keyed by question (``"goods.food"``,
    ``"barn"``...) describe; a missing answer keeps the question's default.  With
    ``expansion`` the farm is a Tea & Trade one (its rows are scored, maybe 0).  Raises
    :class:`~arle.scoring.ScoringInputError` naming the key of the first refused answer.

    >>> farm_from_answers({"goods.food": "12", "barn": "plow"})["barn"]
    ['plow']
    """
    farm: Farm = {}
    if expansion:          # an expansion sheet even if no answer names the expansion
        farm["harbor"] = []
    for q in questions(expansion):
        key = ".".join(q.path)
        text = answers.get(key)
        if text is None:
            continue
        try:
            value = parse_answer(q, text)
        except ValueError as e:
            raise ScoringInputError(f"{key}: {e}") from None
        _set(farm, q.path, value)
    farm_from_dict(farm)
    return farm
