"""The request and answer bodies of the crews' routes (app/http/crews.py): crews and their
members, tables started with the crew, history, head-to-head, the league and privacy.
None of them has a field for an address or a credential but the new table's own seat
credential, which goes to the member who made it."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from app.core.tablesettings import HostSettings, JsonBool, JsonInt
from app.http.schemas import CreatedLobby, DisplayName, Lang
from app.http.schemas import _per_game_lobby as per_game_bounds

Rule = Literal["loss", "skip"]
Privacy = Literal["crew", "everyone", "nobody"]


class KeepCrew(BaseModel):
    """"Keep this crew": its name (the page offers one)."""

    model_config = ConfigDict(extra="forbid")
    #: Cleaned as a display name is (runs of spaces and control characters become one).
    name: DisplayName


class LeagueSettings(BaseModel):
    """The owner's switch of the league and its rule for abandoned and clock-ended games
    (``loss``: the absent or timed-out seats lose; ``skip``: such games are not rated)."""

    model_config = ConfigDict(extra="forbid")
    on: JsonBool
    rule: Rule = "loss"


class NewCrewTable(BaseModel):
    """"New table with the crew": the game and its seats, as a new lobby's (the document
    states each game's seat counts and options, as for a lobby)."""

    model_config = ConfigDict(extra="forbid", json_schema_extra=per_game_bounds)
    game: str = Field(min_length=1, max_length=40)
    seats: JsonInt = Field(ge=1, le=8)
    options: dict[str, Any] = Field(default_factory=dict)
    settings: HostSettings = Field(default_factory=HostSettings)
    spectators: JsonBool = True
    host_name: DisplayName | None = Field(None, description="the name to sit under (default: "
                                                            "the account's)")
    lang: Lang | None = None


class PrivacySettings(BaseModel):
    """Who may see your history: members of your crews (the default), everyone, nobody."""

    model_config = ConfigDict(extra="forbid")
    history: Privacy


class PrivacyState(PrivacySettings):
    """Your choice, and your account's id (your history page is ``/player/<id>``)."""

    account_id: str


class Member(BaseModel):
    account_id: str
    name: str | None = Field(description="null: the account was deleted (a former player)")
    owner: bool
    joined_at: str


class OpenTable(BaseModel):
    game_id: str
    game: str
    game_name: str
    status: Literal["lobby", "active"]
    invite_url: str
    seats: int
    taken: int


class LeagueState(BaseModel):
    on: bool
    rule: Rule
    since: str | None


class Crew(BaseModel):
    """A crew as its members see it."""

    crew_id: str
    name: str
    owner_id: str
    you: str = Field(description="your account id")
    members: list[Member]
    invite_url: str
    league: LeagueState
    tables: list[OpenTable]


class CrewSummary(BaseModel):
    crew_id: str
    name: str
    members: int
    owner: bool


class CrewInvite(BaseModel):
    """What a crew's invite link shows before joining."""

    name: str
    members: int
    member: bool = Field(description="whether you are in it already")
    crew_id: str | None = Field(description="the crew, when you are in it")


class CrewJoined(BaseModel):
    crew_id: str
    joined: bool = Field(description="false: you were in it already")


class CrewTableCreated(BaseModel):
    lobby: CreatedLobby
    told: int = Field(description="members told (the crew page; mail where they have one)")


# -- history -------------------------------------------------------------------------------
class TitleRecord(BaseModel):
    games: int
    wins: int
    average_place: float


class TableEntry(BaseModel):
    name: str | None
    place: int


class ResultLine(BaseModel):
    game_id: str
    game: str
    finished_at: str
    place: int
    players: int
    won: bool
    replay_url: str
    table: list[TableEntry]


class PlayerHistory(BaseModel):
    account_id: str
    name: str | None
    games: int
    wins: int
    titles: dict[str, TitleRecord]
    last: list[ResultLine]


class MemberRecord(BaseModel):
    account_id: str
    name: str | None
    games: int
    wins: int
    titles: dict[str, TitleRecord]


class CrewSeat(BaseModel):
    account_id: str | None
    name: str | None
    place: int
    bot: bool


class CrewGame(BaseModel):
    game_id: str
    game: str
    finished_at: str
    replay_url: str
    table: list[CrewSeat]


class Pair(BaseModel):
    a: str
    b: str
    games: int
    a_ahead: int
    b_ahead: int
    level: int


class CrewHistory(BaseModel):
    members: list[MemberRecord]
    last: list[CrewGame]
    head_to_head: list[Pair]


class Bot(BaseModel):
    game: str
    level: str


class LeagueRow(BaseModel):
    account_id: str | None
    name: str | None
    bot: Bot | None
    rating: float = Field(description="the conservative rating, mu - 3 sigma")
    mu: float
    sigma: float
    games: int


class League(BaseModel):
    on: bool
    rule: Rule
    since: str | None
    titles: dict[str, list[LeagueRow]]
