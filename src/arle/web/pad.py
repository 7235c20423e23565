"""The scoring pad as a web form (``/score``) for a game played on the physical board.

The form has one field per question of :mod:`arle.scorepad`: numbers, a menu per tool
track, a count per kind of equipment in the barn, and check boxes for the travel
destinations, buildings and (with Tea & Trade) the ships in the harbor.  A Tea & Trade pad
(``expansion=True``) asks the expansion's questions too.  :func:`answers_from_form` turns the submitted form back into
the pad's text answers, so the web page, ``arle score --ask`` and ``arle score FARM.json``
share one validation and one scoring function.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from arle.data import catalog as C
from arle.data import tea_trade as TT
from arle.presenter import building_name, destination_name, equipment_name, ship_name
from arle.scorepad import Question, questions

__all__ = ["Field", "Section", "answers_from_form", "form_sections"]

_BARN_LIMIT = 7            # a barn holds at most 7 items (RULINGS 8)
_HARBOR_LIMIT = max(TT.HARBOR_SPACES.values())   # ships of one kind (the harbor's limit per
                                                 # class is checked when scoring, with why)


@dataclass
class Field:
    """One input of the form; ``kind``: number, select, checks (several boxes) or bool."""

    name: str
    label: str
    kind: str
    value: str = ""
    low: int | None = 0
    high: int | None = None
    options: list[tuple[str, str, bool]] = field(default_factory=list)  # value, label, on


@dataclass
class Section:
    title: str
    fields: list[Field]


_TITLES = {"goods": "Goods track", "supply": "Personal supply", "animals": "Animals",
           "tools": "Tool tracks", "barn": "Barn", "travel": "Travel experience",
           "home_board": "Home board", "supply_bottlenecks": "Supply bottlenecks",
           "harbor": "Harbor (Tea & Trade)"}

#: The form's fields that hold a count per id (field ``barn.plow``) and their limit.
_COUNTED = {"barn": _BARN_LIMIT, "harbor": _HARBOR_LIMIT}


def _label(q: Question) -> str:
    return q.prompt.partition(": ")[2] or q.prompt


def _names(ids: Sequence[str]) -> dict[str, str]:
    def name(i: str) -> str:
        if i in TT.SHIP_NAME:
            return ship_name(i)
        if i in C.EQUIPMENT:
            return equipment_name(i)
        if i in C.DESTINATIONS:
            return destination_name(i)
        return building_name(i)
    return {i: name(i) for i in ids}


def form_sections(answers: Mapping[str, str] | None = None,
                  expansion: bool = False) -> list[Section]:
    """The form's sections, filled with ``answers`` (question key -> text) where given,
    else with the questions' defaults; ``expansion``: a Tea & Trade pad."""
    answers = answers or {}
    sections: dict[str, Section] = {}
    for q in questions(expansion):
        key = ".".join(q.path)
        group = q.path[0]
        sec = sections.setdefault(group, Section(_TITLES.get(group, group), []))
        text = answers.get(key)
        if q.kind == "int" and q.path[0] == "tools":
            values = (TT.DIGGING_SPADE_VALUES if q.path[1] == TT.DIGGING_SPADES
                      else C.TOOL_VALUES[C.TOOL_INDEX[q.path[1]]])
            current = text if text is not None else str(q.default)
            opts = [(str(v), str(v), str(v) == current) for v in values]
            sec.fields.append(Field(key, q.prompt.removeprefix("Tool track "), "select",
                                    current, options=opts))
        elif q.kind == "int":
            label = _label(q).split(" (")[0]
            sec.fields.append(Field(key, label[:1].upper() + label[1:], "number",
                                    text if text is not None else str(q.default),
                                    q.low, q.high))
        elif q.kind == "bool":
            on = (text or "").lower() in ("y", "yes", "true", "1", "on")
            sec.fields.append(Field(key, "Small Boardwalk still on the board", "bool",
                                    "y" if on else ""))
        elif key in _COUNTED:
            chosen = [x.strip() for x in (text or "").split(",") if x.strip()]
            for item in q.known:
                sec.fields.append(Field(f"{key}.{item}", _names([item])[item], "number",
                                        str(chosen.count(item)), 0, _COUNTED[key]))
        else:
            ticked = {x.strip() for x in (text or "").split(",") if x.strip()}
            names = _names(q.known)
            opts = [(i, names[i], i in ticked) for i in q.known]
            sec.fields.append(Field(key, _label(q) if q.path[0] == "home_board" else
                                    "Destinations used", "checks", options=opts))
    return list(sections.values())


def answers_from_form(form: Mapping[str, Sequence[str]],
                      expansion: bool = False) -> tuple[dict[str, str], str | None]:
    """The pad's text answers from a submitted form (field name -> its values), and the
    reason a barn (or harbor) count was refused, if one was (that kind then counts 0, so
    the rest of the form can still be shown as it was sent).

    Check boxes come as repeated values of one name; the barn and the harbor as a count
    per kind.

    >>> answers, problem = answers_from_form(
    ...     {"goods.food": ["12"], "barn.plow": ["2"], "travel": ["hage"]})
    >>> answers  # doctest: +NORMALIZE_WHITESPACE
    {'goods.food': '12', 'barn': 'plow, plow', 'travel': 'hage',
     'home_board.buildings': '', 'home_board.boardwalk': 'n'}
    >>> answers_from_form({"barn.cart": ["lots"]})[1]
    "barn.cart: 'lots' is not a count from 0 to 7"
    """
    answers: dict[str, str] = {}
    problem: str | None = None
    for q in questions(expansion):
        key = ".".join(q.path)
        if key in _COUNTED:
            items: list[str] = []
            limit = _COUNTED[key]
            for item in q.known:
                raw = (form.get(f"{key}.{item}") or ["0"])[-1].strip() or "0"
                if not (raw.isascii() and raw.isdigit() and len(raw) < 4) or int(raw) > limit:
                    problem = problem or (f"{key}.{item}: {raw!r} is not a count from 0 "
                                          f"to {limit}")
                    continue
                items += [item] * int(raw)
            answers[key] = ", ".join(items)
        elif q.kind == "ids":
            answers[key] = ", ".join(v for v in form.get(key, []) if v)
        elif q.kind == "bool":
            answers[key] = "y" if form.get(key) else "n"
        elif key in form:
            answers[key] = form[key][-1]
    return answers, problem
