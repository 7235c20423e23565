"""``arle serve``: the web app (lobby, games in the browser, replays) on a local address.

The games live in a SQLite file in the user's data directory unless ``--db`` names
another file or a ``postgresql://`` database.  See ``docs/WEB.md``.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Annotated

import typer

__all__ = ["register", "serve"]


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.", min=0, max=65535)] = 8000,
    db: Annotated[
        str | None,
        typer.Option(help="SQLite file or postgresql:// URL "
                          "(default: arle/arle.sqlite3 in the user's data directory)."),
    ] = None,
    bot_delay: Annotated[
        float, typer.Option(help="Seconds a bot waits before it moves (to follow its play).",
                            min=0.0, max=30.0)] = 0.6,
    bot_workers: Annotated[
        int, typer.Option(help="Worker processes in which bots think.", min=1, max=16)] = 1,
    allowed_host: Annotated[
        list[str] | None,
        typer.Option(help="A host name the server answers to besides localhost, 127.0.0.1 "
                          "and ::1 (repeatable); other Host headers get 400.")] = None,
    proxy_headers: Annotated[
        bool, typer.Option(help="Behind a TLS proxy: take the scheme from "
                                "X-Forwarded-Proto (secure cookies, https:// links).")] = False,
    green_cards: Annotated[
        list[Path] | None,
        typer.Option(help="A card set file of the second game (arle.green) to offer "
                          "besides the shipped ones, chosen in the lobby and the API by "
                          "its id (repeatable).", exists=True, dir_okay=False,
                     readable=True)] = None,
    hint_bot: Annotated[
        str | None, typer.Option(help="The bot that answers hints in games of 2 or 3 "
                                      "players (a bot spec this server seats; default "
                                      "mcts:time=0.7).")] = None,
    solo_hint_bot: Annotated[
        str | None, typer.Option(help="The bot that answers hints in solo games (default "
                                      "plan:time=0.7).")] = None,
) -> None:
    """Start the web app and print its address."""
    try:
        import uvicorn

        from arle.web.app import TokenLogFilter, create_app
    except ImportError as e:  # pragma: no cover - the web dependencies are installed
        typer.echo(f"arle serve: the web app needs its dependencies ({e})", err=True)
        raise typer.Exit(code=2) from e
    try:
        from arle.web.cardsets import CardSets
        CardSets(green_cards or ())
    except ValueError as e:
        typer.echo(f"arle serve: {e}", err=True)
        raise typer.Exit(code=2) from e
    from arle.web.service import HINT_BOT, SOLO_HINT_BOT, GameService
    hint_bot = hint_bot or HINT_BOT
    solo_hint_bot = solo_hint_bot or SOLO_HINT_BOT
    try:
        GameService.check_hint_bots(hint_bot, solo_hint_bot)
    except ValueError as e:
        typer.echo(f"arle serve: {e}", err=True)
        raise typer.Exit(code=2) from e
    try:
        app = create_app(db, bot_delay=bot_delay, bot_workers=bot_workers,
                         allowed_hosts=allowed_host or (), proxy_headers=proxy_headers,
                         green_cards=green_cards or (), hint_bot=hint_bot,
                         solo_hint_bot=solo_hint_bot, warm_workers=True)
    except Exception as e:
        typer.echo(f"arle serve: cannot open the database: {e}", err=True)
        raise typer.Exit(code=2) from e
    logging.getLogger("uvicorn.access").addFilter(TokenLogFilter())
    shown = f"[{host}]" if ":" in host else host
    typer.echo(f"arle: serving Fields of Arle at http://{shown}:{port}/ "
               f"(database {app.state.db_url}); press Ctrl+C to stop")
    uvicorn.run(app, host=host, port=port, log_level="info", ws_max_size=64 * 1024,
                proxy_headers=False, server_header=False)


def register(app: typer.Typer) -> None:
    """Add the ``serve`` sub-command to ``app``."""
    app.command("serve")(serve)
