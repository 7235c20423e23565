"""The bot registry and the ``random`` bot: legal choices, seeded determinism."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import arle
import arle.bots
from arle.bots import REGISTRY, get, known, parse_spec, register
from arle.bots.random_bot import RandomBot
from arle.state import State


def play_out(players: int, game_seed: int, bot_seed: int) -> State:
    """A whole game where one random bot takes every decision, checking each choice."""
    s = arle.new_game(players=players, seed=game_seed)
    bot = get("random", seed=bot_seed)
    while not s.is_terminal():
        legal = s.legal_actions()
        before = s.clone()
        a = bot.choose(s)
        assert a in legal, f"{a} is not legal"
        assert s == before, "choose() changed the state"
        s.apply(a)
    return s


@pytest.mark.parametrize("players,seed", [(1, 0), (1, 7), (2, 3), (2, 12)])
def test_every_choice_is_legal_for_a_whole_game(players: int, seed: int) -> None:
    s = play_out(players, seed, bot_seed=seed + 1)
    assert s.is_terminal()
    assert len(s.scores()) == players


def test_same_seed_same_game() -> None:
    a = play_out(2, 5, bot_seed=9)
    b = play_out(2, 5, bot_seed=9)
    assert a.record() == b.record()
    assert a == b


def test_different_seeds_give_different_games() -> None:
    records = {tuple(play_out(1, 5, bot_seed=k).record()["actions"]) for k in range(4)}
    assert len(records) > 1


def test_choices_are_spread_over_the_legal_actions() -> None:
    s = arle.new_game(players=1, seed=2)
    bot = get("random", seed=0)
    picked = {str(bot.choose(s)) for _ in range(200)}
    # 15 Summer spaces, skip and release horse: a uniform choice meets most of them.
    assert len(picked) >= 12
    assert picked <= {str(a) for a in s.legal_actions()}


def test_name_and_type() -> None:
    bot = get("random", seed=3)
    assert bot.name == "random"
    assert isinstance(bot, RandomBot)
    assert get("  Random ").name == "random"


def test_no_choice_once_the_game_is_over() -> None:
    s = play_out(1, 1, bot_seed=1)
    with pytest.raises(ValueError, match="game is over"):
        get("random").choose(s)


def test_unknown_bot_lists_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"unknown bot 'nobody'.*known bots: .*random"):
        get("nobody")


def test_random_bot_refuses_options() -> None:
    with pytest.raises(ValueError, match="only the option by=action|verb"):
        get("random:depth=3")
    with pytest.raises(ValueError, match="random by='kind': expected action or verb"):
        get("random:by=kind")


def test_random_by_verb_picks_the_verb_first() -> None:
    """``by=verb``: every verb of the legal actions is about equally likely, however
    many actions it has; the flat default follows the action counts."""
    import arle.green as G
    s = G.new_game(players=2, seed=0)
    while s.pending().kind != "act":
        s.apply(s.legal_actions()[0])
    legal = s.legal_actions()
    verbs = sorted({a.verb for a in legal})
    assert len(verbs) >= 3 and min(sum(a.verb == v for a in legal) for v in verbs) \
        < max(sum(a.verb == v for a in legal) for v in verbs)
    for by, expect in (("verb", {v: 1 / len(verbs) for v in verbs}),
                       ("action", {v: sum(a.verb == v for a in legal) / len(legal)
                                   for v in verbs})):
        bot = get(f"random:by={by}", seed=5)
        picks = [bot.choose(s) for _ in range(3000)]
        assert all(a in legal for a in picks)
        for v in verbs:
            share = sum(a.verb == v for a in picks) / len(picks)
            assert abs(share - expect[v]) < 0.04, (by, v, share, expect[v])
    # seeded: the same seed gives the same choices
    one, two = get("random:by=verb", seed=9), get("random:by=verb", seed=9)
    assert [one.choose(s) for _ in range(50)] == [two.choose(s) for _ in range(50)]
    assert get("random:by=verb").name == "random:by=verb" and get("random").name == "random"


@pytest.mark.parametrize("spec", ["random:depth", "random:=3", "random:a=1,a=2",
                                  "random:seed=4"])
def test_malformed_specs_are_refused(spec: str) -> None:
    with pytest.raises(ValueError):
        get(spec)


def test_parse_spec() -> None:
    assert parse_spec("random") == ("random", {})
    assert parse_spec("mcts:iterations=200, c=1.4") == ("mcts", {"iterations": "200",
                                                                  "c": "1.4"})


@pytest.fixture
def clean_registry() -> Iterator[None]:
    saved = dict(REGISTRY)
    yield
    REGISTRY.clear()
    REGISTRY.update(saved)


class FirstBot:
    """A stand-in for a later bot: always the first legal action."""

    def __init__(self, seed: int = 0, offset: str = "0") -> None:
        self.offset = int(offset)

    @property
    def name(self) -> str:
        return "first"

    def choose(self, state: State) -> arle.Action:
        return state.legal_actions()[self.offset]


def test_registry_takes_new_bots_with_options(clean_registry: None) -> None:
    register("first", FirstBot)
    assert {"first", "random"} <= set(known())
    assert known() == sorted(known())
    s = arle.new_game(players=1, seed=0)
    assert get("first").choose(s) == s.legal_actions()[0]
    assert get("first:offset=2", seed=5).choose(s) == s.legal_actions()[2]
    with pytest.raises(ValueError, match="bad options"):
        get("first:depth=2")
    with pytest.raises(ValueError):
        register("a:b", FirstBot)
