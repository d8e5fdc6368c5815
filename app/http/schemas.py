"""The REST API's request and answer bodies (what /openapi.json documents)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from app.core.tablesettings import HostSettings, JsonBool, JsonInt, TableSettings
from app.features.notices.fields import EmailField, WebhookField
from app.realtime.frames import ChatLine
from app.store.rows import MAX_NAME, NAME_PATTERN
from engines.bots.protocol import BotLevel
from engines.registry import all_engines

GameStatus = Literal["lobby", "active", "finished", "abandoned"]
#: A seat number in a path or body: games seat at most eight.
SeatNumber = Annotated[int, Field(ge=0, le=7)]


#: A display name as sent. Its bounds are stated in the document but checked by the store
#: (``clean_name``), which refuses with a sentence a player can act on ("Please enter a
#: display name.") rather than a generic validation message.
DisplayName = Annotated[str, Field(json_schema_extra={
    "minLength": 1, "maxLength": MAX_NAME, "pattern": NAME_PATTERN,
    "description": f"1 to {MAX_NAME} characters (code points), at least one of them not "
                   "a space or control character; runs of those become one space"})]


#: The languages Meja speaks (engines.messages.LANGS).
Lang = Literal["en", "id", "ms"]


class ErrorBody(BaseModel):
    """Every refusal (4xx): one sentence for the player."""

    detail: str = Field(examples=["This lobby is full."])
    key: str | None = Field(None, description="the stable code of the sentence (a catalogue "
                                              "key, e.g. `api.lobby_full`), when it has one",
                            examples=["api.lobby_full"])
    params: dict[str, Any] | None = Field(None, description="the parameters of that sentence")


# -- requests ----------------------------------------------------------------------------
def _per_game_lobby(schema: dict[str, Any]) -> None:
    """The bounds that depend on the game, stated in the document (one ``oneOf`` branch
    per game): its seat counts and its options. Read when the document is built, so a game
    registered before (a test's engine) is in it too."""
    schema["oneOf"] = [
        {"properties": {"game": {"const": e.id},
                        "seats": {"type": "integer", "minimum": e.min_players,
                                  "maximum": e.max_players},
                        "options": e.describe()["options_schema"]},
         "required": ["game", "seats"]}
        for e in sorted(all_engines().values(), key=lambda e: e.id)]


class CreateLobby(BaseModel):
    """A new lobby."""

    model_config = ConfigDict(extra="forbid", json_schema_extra=_per_game_lobby)
    game: str = Field(min_length=1, max_length=40)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: JsonInt = Field(ge=1, le=8)
    host_name: DisplayName
    spectators: JsonBool = True
    #: Unlisted unless the host asks: a listed table's free seats are open to anyone, and
    #: a seat meant for a friend should not go to a stranger by default.
    listed: JsonBool = False
    settings: HostSettings = Field(default_factory=HostSettings)
    host_email: EmailField = None
    webhook_url: WebhookField = None
    lang: Lang | None = Field(None, description="the language the host's page shows: their "
                                                "mail and the table's webhook speak it")


class JoinBody(BaseModel):
    """A display name for the seat."""

    model_config = ConfigDict(extra="forbid")
    name: DisplayName
    email: EmailField = None
    lang: Lang | None = Field(None, description="the language the player's page shows: "
                                                "their mail speaks it")


class BotBody(BaseModel):
    """How strong the bot that takes the seat plays (default ``normal``)."""

    model_config = ConfigDict(extra="forbid")
    level: BotLevel = Field(default="normal", description="easy: a beginner's opponent, "
                            "normal: plays the obvious good moves, hard: searches ahead")


class OrderBody(BaseModel):
    """New seat order: ``order[i]`` is the old seat that becomes seat ``i``."""

    model_config = ConfigDict(extra="forbid")
    order: list[SeatNumber] = Field(max_length=8, json_schema_extra={
        "minItems": 1, "uniqueItems": True,
        "description": "each of the lobby's seats once (409 when it does not list this "
                       "lobby's seats; 422 when a seat is listed twice)"})


# -- answers -----------------------------------------------------------------------------
class GameDescription(BaseModel):
    """A game that can be played here (the home page's list)."""

    id: str
    name: str
    min_players: int
    max_players: int
    rules_version: str
    options_schema: dict[str, Any]
    listed: bool
    blurb: str


class SeatInfo(BaseModel):
    """One seat of a lobby or game, as everybody may see it."""

    seat: int
    name: str | None
    bot: bool
    #: How strong the bot plays ("easy", "normal", "hard"); ``None`` for a player's seat.
    bot_level: BotLevel | None = None
    connected: bool
    left: bool
    host: bool
    stand_in: bool = Field(False, description="A bot plays this seat because its player "
                                              "ran out of time; the player may take it back.")
    former: bool = Field(False, description="The seat's player deleted their account: "
                                            "its name reads \"a former player\".")


class LobbyInfo(BaseModel):
    """A lobby or game as its players and spectators see it (no credential, seed or state)."""

    game_id: str
    game: str
    game_name: str
    status: GameStatus
    options: dict[str, Any]
    settings: TableSettings = Field(description="How the table is run (clock, take-backs...).")
    seats: list[SeatInfo]
    player_count: int
    spectators: bool
    listed: bool
    invite_url: str
    watch_url: str | None
    version: int
    rules_version: str = Field(description="The rules version this game was dealt under.")
    created_at: str | None
    you: int | None = Field(description="The caller's seat, when a seat credential was sent.")
    to_act: list[int] | None = Field(
        default=None, description="Seats the game waits for (a seat holder's game in play).")


class CreatedLobby(BaseModel):
    """The host's seat and the lobby's links."""

    game_id: str
    seat: int
    credential: str = Field(description="The host seat's secret: send it as a bearer token.")
    invite_url: str
    watch_url: str | None


class OpenLobby(BaseModel):
    """A listed lobby with an empty seat."""

    game_id: str
    game: str
    game_name: str
    host: str | None
    seats: int
    taken: int
    invite_url: str
    created_at: str


class Joined(BaseModel):
    """The seat taken (or resumed) and its credential."""

    game_id: str
    seat: int
    credential: str
    resumed: bool


class Claimed(BaseModel):
    """A re-issued seat, now on this device."""

    game_id: str
    seat: int
    credential: str


class Me(BaseModel):
    """The seat a credential holds."""

    game_id: str
    seat: int


class ClaimLink(BaseModel):
    """A one-time link that moves a seat to another device."""

    claim_url: str


class HistoryEvent(BaseModel):
    """One step of a game, as everybody may read it."""

    seq: int
    seat: int | None
    type: str | None
    log: list[str]
    taken_back: int | None = Field(None, description="the version of the take-back event "
                                                     "that undid this action, if one did")


class HistoryAction(BaseModel):
    """One step's whole action (only once the game is over)."""

    seq: int
    seat: int | None
    action: dict[str, Any]


class Outcome(BaseModel):
    """Final scores and ranks."""

    scores: list[Any]
    ranks: list[int]
    detail: dict[str, Any]


class History(BaseModel):
    """A game's public history; the seed and actions only once it is finished."""

    game_id: str
    game: str
    status: GameStatus
    events: list[HistoryEvent]
    outcome: Outcome | None
    seed: int | None
    actions: list[HistoryAction] | None
    chat: list[ChatLine] = Field(default_factory=list, description="The chat the caller may "
                                 "read: a player the table chat (and the spectators' chat with "
                                 "spectator_chat=true), anyone else the spectators' chat.")
