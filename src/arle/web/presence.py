"""Live updates and presence: who listens to a game's changes, and which seats its open
pages hold.

Each open page (a WebSocket, :mod:`arle.web.live`) subscribes to its game and hears the
game's version after every change; it says which seats it holds, and the other pages
hear when the seats present change.  The games listened to stay in memory
(:meth:`arle.web.service.GameService.evict_idle`) and are the ones the service watches
for changes made by other servers sharing the database.
"""

from __future__ import annotations

import asyncio

__all__ = ["Presence"]


class Presence:
    """The listeners of each game and the seats its open pages hold."""

    def __init__(self) -> None:
        self._listeners: dict[str, set[asyncio.Queue[int]]] = {}
        self._online: dict[str, dict[int, set[int]]] = {}   # game -> connection -> seats

    def subscribe(self, game_id: str) -> asyncio.Queue[int]:
        q: asyncio.Queue[int] = asyncio.Queue()
        self._listeners.setdefault(game_id, set()).add(q)
        return q

    def unsubscribe(self, game_id: str, q: asyncio.Queue[int]) -> None:
        qs = self._listeners.get(game_id)
        if qs is not None:
            qs.discard(q)
            if not qs:
                del self._listeners[game_id]

    def watched(self) -> list[str]:
        """The games an open page listens to."""
        return list(self._listeners)

    def is_watched(self, game_id: str) -> bool:
        return game_id in self._listeners

    def set_online(self, game_id: str, conn: int, seats: set[int]) -> bool:
        """The seats an open page (``conn``) of ``game_id`` holds; empty when it closes.
        True when the seats present changed (the other pages should hear it)."""
        before = self.online(game_id)
        conns = self._online.setdefault(game_id, {})
        if seats:
            conns[conn] = set(seats)
        else:
            conns.pop(conn, None)
            if not conns:
                del self._online[game_id]
        return self.online(game_id) != before

    def online(self, game_id: str) -> set[int]:
        """The seats of ``game_id`` that an open page holds now."""
        return set().union(*self._online.get(game_id, {}).values())

    def notify(self, game_id: str, version: int) -> None:
        """Tell the listeners of ``game_id`` that it is at ``version`` now."""
        for q in list(self._listeners.get(game_id, ())):
            q.put_nowait(version)
