"""The web app of ``arle``: ``arle serve`` (see ``docs/WEB.md``).

:func:`arle.web.app.create_app` builds the FastAPI application; the game logic stays in
the engine, reached only through its public API.
"""

from __future__ import annotations

__all__ = ["create_app"]


def __getattr__(name: str) -> object:
    if name == "create_app":
        from arle.web.app import create_app
        return create_app
    raise AttributeError(name)
