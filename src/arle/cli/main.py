"""Entry point of the ``arle`` command: each sub-command lives in its own module."""

from __future__ import annotations

from typing import Annotated

import typer

from arle.cli import (
    bench,
    dataset_cmd,
    explain_cmd,
    play,
    replay_cmd,
    review_cmd,
    score_cmd,
    selfplay_cmd,
    solve_cmd,
    serve_cmd,
    tournament,
    train_cmd,
)

app = typer.Typer(
    name="arle",
    help="Fields of Arle: play in the terminal or the browser, score a physical game, "
         "replay and review games, bots and benchmarks.",
    no_args_is_help=True,
    add_completion=False,
)


def _version(value: bool) -> None:
    if value:
        import arle
        typer.echo(f"arle {arle.__version__} ({bench.build_name()})")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True,
        help="Show the version and the build (pure Python or compiled with mypyc).")]
        = False,
) -> None:
    """Fields of Arle: play in the terminal or the browser, score a physical game,
    replay and review games, bots and benchmarks."""


score_cmd.register(app)
play.register(app)
replay_cmd.register(app)
review_cmd.register(app)
solve_cmd.register(app)
serve_cmd.register(app)
tournament.register(app)
selfplay_cmd.register(app)
bench.register(app)
dataset_cmd.register(app)
train_cmd.register(app)
explain_cmd.register(app)


def main() -> None:  # pragma: no cover - thin wrapper
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
