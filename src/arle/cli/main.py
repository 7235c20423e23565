"""Entry point of the ``arle`` command: each sub-command lives in its own module."""

from __future__ import annotations

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
    serve_cmd,
    tournament,
)

app = typer.Typer(
    name="arle",
    help="Fields of Arle: play in the terminal or the browser, score a physical game, "
         "replay and review games, bots and benchmarks.",
    no_args_is_help=True,
    add_completion=False,
)
score_cmd.register(app)
play.register(app)
replay_cmd.register(app)
review_cmd.register(app)
serve_cmd.register(app)
tournament.register(app)
selfplay_cmd.register(app)
bench.register(app)
dataset_cmd.register(app)
explain_cmd.register(app)


def main() -> None:  # pragma: no cover - thin wrapper
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
