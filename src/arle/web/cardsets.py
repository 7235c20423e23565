"""The second game's card sets a server offers, by id: the shipped ones and those its
operator adds with ``arle serve --green-cards FILE``.

A client chooses a set by its id (``"options": {"cards": "arle-placeholder-v3"}``),
never by a path: the files are read once, when the server starts, and any id this
server does not offer gets the same answer whether or not a file of that name exists.

>>> sets = CardSets()
>>> sets.default, [s["id"] for s in sets.listing()][:1]
('arle-placeholder-v3', ['arle-placeholder-v3'])
>>> sets.get("/etc/hostname")
Traceback (most recent call last):
...
arle.web.games.GameError: options.cards: this server offers no such card set (it offers: ...)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from arle.green.cards import DEFAULT_CARDS, SHIPPED, CardSet, load_cards
from arle.web.service import GameError

__all__ = ["CardSets", "OfferedSet"]


@dataclass(frozen=True)
class OfferedSet:
    cards: CardSet
    path: Path
    shipped: bool


class CardSets:
    """The card sets of one server: ``get(id)`` the set a client names."""

    def __init__(self, operator_files: Iterable[str | Path] = ()) -> None:
        self._sets: dict[str, OfferedSet] = {}
        for path in SHIPPED:
            cs = load_cards(path)
            self._sets[cs.id] = OfferedSet(cs, Path(path), True)
        self.default = load_cards(DEFAULT_CARDS).id
        for raw in operator_files:
            path = Path(raw)
            try:
                cs = load_cards(path)
            except ValueError as e:
                raise ValueError(f"--green-cards {path}: {e}") from None
            if cs.id in self._sets:
                raise ValueError(f"--green-cards {path}: the id {cs.id!r} is already "
                                 "offered (give each card set its own id)")
            self._sets[cs.id] = OfferedSet(cs, path.resolve(), False)

    def ids(self) -> list[str]:
        return list(self._sets)

    def get(self, set_id: str | None) -> OfferedSet:
        """The set ``set_id`` names (None: the default), or GameError 400."""
        found = self._sets.get(self.default if set_id is None else set_id)
        if found is None:
            raise GameError("options.cards: this server offers no such card set (it "
                            f"offers: {', '.join(self._sets)})")
        return found

    def by_hash(self, digest: str) -> OfferedSet | None:
        return next((s for s in self._sets.values() if s.cards.hash == digest), None)

    def listing(self) -> list[dict[str, Any]]:
        """What ``GET /api/green/card-sets`` answers: id, title, whether shipped and
        whether the default, with the number of designs; never a path."""
        return [{"id": i, "title": s.cards.title, "shipped": s.shipped,
                 "default": i == self.default, "designs": len(s.cards.designs)}
                for i, s in self._sets.items()]
