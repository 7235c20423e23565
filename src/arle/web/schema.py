"""The closed schemas of the JSON bodies the web API takes (pydantic, strict).

Every body is checked against one of these models before anything else reads it: known
keys only (an unknown key is refused with 400 naming it), each value of its JSON type
(``"1"`` is not a version, ``1`` is not ``true``) and in its range.  The rules' own checks
(a 3-player game needs Tea & Trade, ``take_seat`` names a person's seat...) come after,
in :mod:`arle.web.inputs` and the service.

No value a client sends names a file on the server: the second game's card set is
chosen by the id of a set the server offers (:class:`~arle.web.cardsets.CardSets`).

>>> parse(ArleCreate, {"players": 2, "seats": ["human", "bot:greedy"]}).players
2
>>> parse(ArleCreate, {"players": 1, "colour": "red"})
Traceback (most recent call last):
...
arle.web.games.GameError: colour: unknown field (known: game, players, seats, ...)
>>> parse(GreenCreate, {"game": "green", "options": {"seed": 3}})
Traceback (most recent call last):
...
arle.web.games.GameError: options.seed: unknown option (known: cards, ...)
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypeVar, get_args

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from arle.web.service import MAX_ACTION_LEN, MAX_SEED, GameError

__all__ = ["ArleCreate", "BotChange", "GreenCreate", "GreenOptions", "Hint", "Move", "Rematch",
           "TokenOnly", "parse"]

Text = Annotated[str, StringConstraints(max_length=MAX_ACTION_LEN)]
Token = Annotated[str, StringConstraints(max_length=100)]
Short = Annotated[str, StringConstraints(max_length=40)]


class _Closed(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class ArleCreate(_Closed):
    """``POST /api/games`` for Fields of Arle (``"game"`` absent or ``"arle"``)."""

    game: Literal["arle"] = "arle"
    players: int = Field(1, ge=1, le=3)
    seats: list[Text] | None = Field(None, max_length=3)
    seed: int | None = Field(None, ge=0, le=MAX_SEED)
    expansion: Literal["tea-and-trade"] | None = None
    buildings: Short | Annotated[list[Short], Field(max_length=40)] | None = None
    promos: bool = False
    choose_cells: bool | None = None
    hints: bool | None = None
    take_seat: int | None = Field(None, ge=0, le=2)


class GreenOptions(_Closed):
    """The second game's rules options (``arle.green.catalog.OPTION_VALUES``, each with
    its ruling in docs/GREEN.md) and the card set, by id.  ``chance_outcomes`` (a
    research hook) is not offered."""

    cards: Annotated[str, StringConstraints(max_length=200)] | None = None
    distance_metric: Literal["grid", "farm_path"] | None = None
    distance_count: Literal["steps", "cards_between"] | None = None
    open_area_anchors_placement: bool | None = None
    open_area_counts_as_location: bool | None = None
    restore_retriggers_immediate: bool | None = None
    token_limits: bool | None = None
    action_choice: Literal["sequential", "hidden"] | None = None
    draw_mode: Literal["choose", "fixed"] | None = None
    solo_mode: Literal["arle_market"] | None = None
    first_player: Literal["random"] | Annotated[int, Field(ge=0, le=3)] | None = None
    pass_directions: Literal["LRLR", "RLRL"] | None = None

    def rules(self) -> dict[str, Any]:
        """The rules options given (for ``arle.green.new_game``), without ``cards``."""
        return {k: v for k, v in self.model_dump().items() if v is not None and k != "cards"}


class GreenCreate(_Closed):
    """``POST /api/games`` with ``"game": "green"`` (or ``POST /api/green/games``)."""

    game: Literal["green"] = "green"
    players: int = Field(2, ge=1, le=4)
    seats: list[Text] | None = Field(None, max_length=4)
    seed: int | None = Field(None, ge=0, le=MAX_SEED)
    take_seat: int | None = Field(None, ge=0, le=3)
    options: GreenOptions = Field(default_factory=GreenOptions)


class Move(_Closed):
    """A move: ``{"action": "take f04", "version": 3}`` (``token``: a seat's token when
    no cookie or header carries it)."""

    action: Annotated[str, StringConstraints(min_length=1, max_length=MAX_ACTION_LEN)]
    version: int | None = Field(None, ge=0)
    token: Token | list[Token] | None = None


class TokenOnly(_Closed):
    """A body that may carry only a version and a token (undo)."""

    version: int | None = Field(None, ge=0)
    token: Token | list[Token] | None = None


class Hint(_Closed):
    """A hint request: ``bot`` (default the server's), ``version`` the position the
    asker sees (the answer says which version it was computed at)."""

    bot: Text | None = None
    version: int | None = Field(None, ge=0)
    token: Token | list[Token] | None = None


class BotChange(_Closed):
    """``POST /api/games/ID/bot``: the owner retries (``bot`` absent) or replaces the
    bot of a bot seat."""

    seat: int = Field(ge=0, le=3)
    bot: Text | None = None
    token: Token | None = None


class Rematch(_Closed):
    """``POST /api/games/ID/rematch``: the owner's token (or cookie, or header) and the
    new game's seed (absent: a random one)."""

    seed: int | None = Field(None, ge=0, le=MAX_SEED)
    token: Token | None = None


M = TypeVar("M", bound=BaseModel)


def parse(model: type[M], body: Any, what: str = "") -> M:
    """``body`` as ``model``, or GameError (400) naming the first field at fault
    (after ``what``, e.g. ``"malformed move"``)."""
    prefix = f"{what}: " if what else ""
    if not isinstance(body, dict):
        raise GameError(f"{prefix}expected a JSON object")
    try:
        return model.model_validate(body)
    except ValidationError as e:
        raise GameError(prefix + _message(model, e.errors()[0])) from None


def _where(model: type[BaseModel], loc: tuple[Any, ...]
           ) -> tuple[tuple[Any, ...], type[BaseModel], str]:
    """The location as the client wrote it (pydantic's names of union members left
    out), with the model and field name it ends in (nested models followed)."""
    kept: list[Any] = []
    owner, name = model, ""
    current: type[BaseModel] | None = model
    for part in loc:
        if isinstance(part, int):
            kept.append(part)
        elif current is not None:          # a key of a model: known or not
            kept.append(part)
            owner, name = current, str(part)
            field = current.model_fields.get(name)
            inner = field.annotation if field is not None else None
            current = inner if isinstance(inner, type) and issubclass(inner, BaseModel) \
                else None
    return tuple(kept), owner, name


def _bounds(model: type[BaseModel], name: str) -> tuple[Any, Any]:
    info = model.model_fields.get(name)
    low = high = None
    for m in (info.metadata if info is not None else []):
        low = getattr(m, "ge", low)
        high = getattr(m, "le", high)
    return low, high


def _message(model: type[BaseModel], err: Any) -> str:
    loc, owner, name = _where(model, tuple(err["loc"]))
    where = ".".join(str(x) for x in loc) or "body"
    kind = err["type"]
    if kind == "extra_forbidden":
        what = "option" if owner is GreenOptions else "field"
        return f"{where}: unknown {what} (known: {', '.join(owner.model_fields)})"
    if name == "cards" and owner is GreenOptions:
        return ("options.cards must be the id of a card set this server offers "
                "(GET /api/green/card-sets)")
    if kind == "missing":
        return f"{where} is required"
    if name == "buildings" and owner is ArleCreate:
        return ("buildings must be 'first-game', 'random', 'expansion-only' or a list of "
                "building ids (at most 40)")
    if name == "first_player" and owner is GreenOptions:
        return "options.first_player must be 'random' or a seat number from 0 to 3"
    if kind in ("bool_type", "bool_parsing"):
        return f"{where} must be true or false"
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return f"{where} must be a whole number"
    if kind in ("greater_than_equal", "less_than_equal"):
        low, high = _bounds(owner, name)
        if low is not None and high is not None:
            return f"{where} must be between {low} and {high}"
        return f"{where} must be at least {low}" if low is not None else \
            f"{where} must be at most {high}"
    if kind == "literal_error":
        field = owner.model_fields.get(name)
        optional = field is not None and type(None) in get_args(field.annotation)
        return f"{where} must be {err['ctx']['expected']}" + (" or null" if optional else "")
    if kind in ("string_type", "string_too_short"):
        return f"{where} must be text" + (" (not empty)" if kind.endswith("short") else "")
    if kind == "string_too_long":
        return f"{where} is too long (at most {err['ctx']['max_length']} characters)"
    if kind == "too_long":
        return f"{where} has too many entries (at most {err['ctx']['max_length']})"
    if kind in ("list_type", "model_type", "dict_type"):
        shape = {"list_type": "a list", "model_type": "an object",
                 "dict_type": "an object"}[kind]
        return f"{where} must be {shape}"
    return f"{where}: {err['msg']}"
