"""Bots: programs that choose an action for the player to move.

A bot is any object with a ``name`` and a ``choose(state) -> Action`` method that returns
one of ``state.legal_actions()``; it never changes the state it is given.  Bots are made
from a text spec by :func:`get`::

    >>> import arle, arle.bots
    >>> bot = arle.bots.get("random", seed=1)
    >>> s = arle.new_game(players=1, seed=1)
    >>> bot.choose(s) in s.legal_actions()
    True

A spec is ``NAME`` or ``NAME:key=value,key=value``; the options are passed to the bot's
factory as keyword arguments (values stay text; the factory converts them).  New bots
join the registry with :func:`register` (or by adding to :data:`REGISTRY`); a bot in
another installed package joins through the ``arle.bots`` entry-point group, so that
``arle play``, ``arle tournament`` and ``arle serve`` find it by name (see
``docs/BOTS.md``).
"""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import Callable, Protocol, cast

from arle.actions import Action
from arle.state import State

__all__ = ["Bot", "BotFactory", "ENTRY_POINT_GROUP", "REGISTRY", "SEED_IN_SPEC", "get",
           "known", "parse_spec", "register"]


class Bot(Protocol):
    """What a bot offers: a display name and a (seeded, deterministic) choice."""

    @property
    def name(self) -> str: ...

    def choose(self, state: State) -> Action: ...


#: ``factory(seed=..., **options) -> Bot``; options are the spec's ``key=value`` pairs.
BotFactory = Callable[..., Bot]


def _random_factory(seed: int = 0, **options: str) -> Bot:
    from arle.bots.random_bot import RandomBot
    return RandomBot(seed=seed, **options)


#: Bot name -> factory.  A new bot adds one entry here whose factory imports its module
#: lazily (as ``_random_factory`` does), or calls :func:`register` at run time.
REGISTRY: dict[str, BotFactory] = {
    "random": _random_factory,
}


def register(name: str, factory: BotFactory) -> None:
    """Add (or replace) a bot in the registry."""
    if not name or ":" in name or "," in name or "=" in name:
        raise ValueError(f"bot name {name!r} may not be empty or contain ':', ',' or '='")
    REGISTRY[name] = factory


#: The entry-point group through which installed packages offer bots:
#: ``[project.entry-points."arle.bots"] mybot = "mypackage.bot:make_bot"``.
ENTRY_POINT_GROUP = "arle.bots"


def _plugins() -> dict[str, str]:
    """Bot name -> ``module:attribute`` of every bot installed packages offer."""
    return {ep.name.lower(): ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}


def _load_plugin(name: str) -> BotFactory | None:
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        if ep.name.lower() == name:
            try:
                factory: BotFactory = ep.load()
            except Exception as e:      # a broken plugin must not break the built-ins
                raise ValueError(f"bot {name!r}: cannot load {ep.value!r} from the "
                                 f"{ENTRY_POINT_GROUP!r} entry points ({e})") from e
            if not callable(factory):
                raise ValueError(f"bot {name!r}: {ep.value!r} is not callable")
            register(name, factory)
            return factory
    return None


def known() -> list[str]:
    """The names of the registered bots and of the installed plugin bots, sorted."""
    return sorted(set(REGISTRY) | set(_plugins()))


#: Bots whose spec may name their seed (``plan:seed=N``, issue 33); for the others the
#: seed is the caller's alone.
SEED_IN_SPEC = frozenset({"plan"})


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``"NAME:key=value,key=value"`` into the name and its options.

    >>> parse_spec("random:temperature=2")
    ('random', {'temperature': '2'})
    """
    if not isinstance(spec, str):
        raise ValueError(f"bot spec must be text, not {type(spec).__name__}")
    name, _, rest = spec.strip().partition(":")
    name = name.strip().lower()
    options: dict[str, str] = {}
    if rest.strip():
        for part in rest.split(","):
            key, eq, value = part.partition("=")
            key = key.strip()
            if not eq or not key.isidentifier():
                raise ValueError(f"bad bot option {part.strip()!r} in {spec!r} "
                                 "(expected key=value)")
            if key in options or (key == "seed" and name not in SEED_IN_SPEC):
                raise ValueError(f"bot option {key!r} given twice or reserved in {spec!r}")
            options[key] = value.strip()
    return name, options


def get(spec: str, seed: int = 0) -> Bot:
    """The bot a spec names, seeded with ``seed`` (ValueError for an unknown bot); a
    ``seed=N`` option of the spec takes its place for the bots of :data:`SEED_IN_SPEC`
    (``"plan:time=2,seed=7"``); for the others ``seed`` is reserved.

    >>> get("nobody")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown bot 'nobody' (known bots: ...random...)
    """
    name, options = parse_spec(spec)
    if "seed" in options:
        text = options.pop("seed")
        if not (text.isascii() and text.isdigit() and len(text) <= 18):
            raise ValueError(f"bot option seed={text[:20]} must be a whole number >= 0")
        seed = int(text)
    factory = REGISTRY.get(name) or _load_plugin(name)
    if factory is None:
        raise ValueError(f"unknown bot {name!r} (known bots: {', '.join(known())})")
    try:
        return factory(seed=seed, **options)
    except TypeError as e:
        raise ValueError(f"bot {name!r}: bad options {sorted(options)} ({e})") from e


def _greedy_factory(seed: int = 0, **options: str) -> Bot:
    from arle.bots.greedy import GreedyBot
    return GreedyBot(seed=seed, **options)


def _mcts_factory(seed: int = 0, **options: str) -> Bot:
    from arle.bots.mcts import MCTSBot
    return MCTSBot(seed=seed, **options)


def _plan_factory(seed: int = 0, **options: str) -> Bot:
    from arle.bots.plan import PlanBot
    return PlanBot(seed=seed, **options)


register("greedy", _greedy_factory)
register("mcts", _mcts_factory)
register("plan", _plan_factory)


def _green_factory(kind: str) -> BotFactory:  # arle.green's bots (h8), imported lazily
    def make(seed: int = 0, **options: str) -> Bot:
        from arle.green.bots import make_bot
        return cast(Bot, make_bot(kind, seed=seed, **options))
    return make


register("green-greedy", _green_factory("greedy"))
register("green-ismcts", _green_factory("ismcts"))
