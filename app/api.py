"""REST API: lobbies, invites, seats, history (OpenAPI at /docs)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.params import Depends as DependsParam
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import ValidationError

from app import chat, loglines
from app.errors import ApiError, validation_message
from app.lobby import invite_url, lobby_info, watch_url
from app.notices.webhooks import HookRefused
from app.ratelimit import RateLimiter, retry_after
from app.rooms import Hub
from app.schemas import (
    BotBody,
    Claimed,
    ClaimLink,
    CreatedLobby,
    CreateLobby,
    ErrorBody,
    GameDescription,
    History,
    JoinBody,
    Joined,
    LobbyInfo,
    Me,
    OpenLobby,
    OrderBody,
    SeatNumber,
)
from app.store import Store
from app.takeback import taken_back
from engines.base import term
from engines.registry import all_engines, get_engine

router = APIRouter(prefix="/api")

#: What every public id and secret is made of (``secrets.token_urlsafe``).
ID_PATTERN = r"^[A-Za-z0-9_-]+$"
GameId = Annotated[str, Path(min_length=1, max_length=32, pattern=ID_PATTERN,
                             description="The game's id.")]
LinkId = Annotated[str, Path(min_length=1, max_length=64, pattern=ID_PATTERN,
                             description="The id from an invite, watch or seat link.")]
Seat = Annotated[SeatNumber, Path(description="A seat number (0 is the first seat).")]
WatchParam = Annotated[str | None, Query(max_length=64, description="The watch link's id.")]

_REASONS = {
    400: "The body is not JSON",
    401: "No valid seat credential",
    403: "The credential does not allow this",
    404: "No such game, seat or link",
    409: "Not possible in the game's current state",
    410: "The host closed the lobby",
    413: "The request body is too large",
    422: "The request is malformed",
    429: "Too many requests from this address (see Retry-After)",
}


def refusals(*codes: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI entries for the 4xx answers a route gives (all are ``{"detail": "..."}``)."""
    return {code: {"model": ErrorBody, "description": _REASONS[code]} for code in codes}


#: For routes where a credential is optional (an invite, a watch link, a public history):
#: the document says so, or a client would think the bearer token were required.
OPTIONAL_AUTH: dict[str, Any] = {"security": [{}]}


def hub_of(request: Request) -> Hub:
    return request.app.state.hub  # type: ignore[no-any-return]


def store_of(request: Request) -> Store:
    return request.app.state.store  # type: ignore[no-any-return]


_bearer = HTTPBearer(auto_error=False, description="A seat credential.")


def bearer(found: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]
           ) -> str | None:
    """The credential from ``Authorization: Bearer ...`` (never from a URL)."""
    return found.credentials.strip() or None if found else None


StoreDep = Annotated[Store, Depends(store_of)]
HubDep = Annotated[Hub, Depends(hub_of)]
Cred = Annotated[str | None, Depends(bearer)]


async def run(fn: Any, *args: Any) -> Any:
    """Run blocking database work off the event loop."""
    return await asyncio.to_thread(fn, *args)


@dataclass(frozen=True)
class SeatHolder:
    """An authenticated caller: the seat their credential holds in the path's game."""

    game_id: str
    seat: int


async def seat_in(store: Store, credential: str | None, game_id: str) -> SeatHolder:
    """The caller's seat in this game, or 401/403."""
    if credential is None:
        raise ApiError(401, "api.needs_credential")
    found = await run(store.authenticate, credential)
    if found is None:
        raise ApiError(401, "api.credential_invalid")
    if found[0] != game_id:
        raise ApiError(403, "api.credential_other_game")
    return SeatHolder(game_id, found[1])


async def seat_holder(game_id: GameId, store: StoreDep, credential: Cred) -> SeatHolder:
    return await seat_in(store, credential, game_id)


async def host_game(holder: Annotated[SeatHolder, Depends(seat_holder)],
                    store: StoreDep) -> dict[str, Any]:
    """The game row if the caller holds its host seat, else 403."""
    seats = await run(store.seats, holder.game_id)
    if not seats[holder.seat]["is_host"]:
        raise ApiError(403, "api.host_only")
    return await run(store.game, holder.game_id)  # type: ignore[no-any-return]


#: The caller's seat in ``{game_id}`` (401 without a valid credential, 403 for another game).
SeatDep = Annotated[SeatHolder, Depends(seat_holder)]
#: The game ``{game_id}`` when the caller is its host (else 401/403).
HostDep = Annotated[dict[str, Any], Depends(host_game)]

#: What each limit counts, as a term of the catalogue (``api.limited.<kind>``).
_LIMITED = ("lobbies", "joins", "claims", "records")


def rate_limited(kind: str) -> DependsParam:
    """A dependency that spends one request of ``kind`` from the caller's address (or 429)."""

    async def check(request: Request) -> None:
        limiter: RateLimiter = request.app.state.limits[kind]
        wait = limiter.take(request.client.host if request.client else "")
        if wait:
            after = retry_after(wait)
            raise ApiError(429, "api.rate_limited", headers={"Retry-After": after},
                           what=term("api.limited." + kind), seconds=int(after))

    return Depends(check)


async def announce(hub: Hub, store: Store, game_id: str) -> dict[str, Any]:
    """Tell the game's connections that seats or status changed; return LobbyInfo."""
    game, seats = await run(store.game, game_id), await run(store.seats, game_id)
    room = hub.rooms.get(game_id)
    online = room.online() if room else None
    info = lobby_info(game, seats, online)
    await hub.lobby_changed(game_id, game["status"])
    return info


async def checked_hook(hub: Hub, url: str | None) -> str | None:
    """The table's webhook URL once its addresses pass (else 422 with the reason)."""
    try:
        return await hub.notices.check_hook(url)
    except HookRefused as exc:
        raise ApiError(422, str(exc)) from None


@router.get("/games", summary="Games that can be played here")
async def list_games() -> list[GameDescription]:
    return [GameDescription.model_validate(e.describe())
            for e in all_engines().values() if e.listed]


@router.post("/lobbies", status_code=201, summary="Create a lobby",
             dependencies=[rate_limited("lobbies")], responses=refusals(400, 404, 413, 422, 429))
async def create_lobby(body: CreateLobby, store: StoreDep, hub: HubDep) -> CreatedLobby:
    engine = get_engine(body.game)
    if engine is None:
        raise ApiError(404, "api.no_such_game_kind", game=body.game[:60])
    if not engine.min_players <= body.seats <= engine.max_players:
        raise ApiError(422, "api.player_count", game=engine.name, min=engine.min_players,
                       max=engine.max_players)
    try:
        options = engine.validate_options(body.options)
    except ValidationError as exc:
        raise ApiError(422, validation_message(exc.errors(), "Invalid options")) from None
    hook = await checked_hook(hub, body.webhook_url)
    game, credential = await run(store.create_lobby, engine.id, options, body.seats,
                                 body.host_name, body.spectators, body.listed,
                                 engine.rules_version, body.settings.model_dump(mode="json"))
    await hub.notices.lobby_created(game["id"], credential, body.host_email, hook, body.lang)
    return CreatedLobby(game_id=game["id"], seat=0, credential=credential,
                        invite_url=invite_url(game), watch_url=watch_url(game))


@router.get("/lobbies", summary="Open listed lobbies")
async def open_lobbies(store: StoreDep) -> list[OpenLobby]:
    engines = {e.id: e for e in all_engines().values() if e.listed}
    return [OpenLobby(game_id=g["id"], game=g["kind"], game_name=engines[g["kind"]].name,
                      host=g["host"], seats=g["player_count"], taken=g["taken"],
                      invite_url=invite_url(g), created_at=g["created_at"].isoformat())
            for g in await run(store.open_lobbies, sorted(engines))]


async def _by(store: Store, column: str, value: str, what: str) -> dict[str, Any]:
    game = await run(store.game_by, column, value)
    if game is None or (column == "watch_id" and not game["spectators"]):
        raise ApiError(404, "api.link_invalid." + what)
    return game  # type: ignore[no-any-return]


@router.get("/invites/{invite_id}", summary="The lobby behind an invite link",
            responses=refusals(404, 422), openapi_extra=OPTIONAL_AUTH)
async def invite(invite_id: LinkId, store: StoreDep, credential: Cred) -> LobbyInfo:
    game = await _by(store, "invite_id", invite_id, "invite")
    you = None
    if credential:
        found = await run(store.authenticate, credential)
        you = found[1] if found and found[0] == game["id"] else None
    return LobbyInfo.model_validate(lobby_info(game, await run(store.seats, game["id"]),
                                               you=you))


@router.post("/invites/{invite_id}/join", summary="Join a lobby (or resume your seat)",
             dependencies=[rate_limited("joins")],
             responses=refusals(400, 404, 409, 410, 413, 422, 429), openapi_extra=OPTIONAL_AUTH)
async def join(invite_id: LinkId, body: JoinBody, store: StoreDep, hub: HubDep,
               credential: Cred) -> Joined:
    game = await _by(store, "invite_id", invite_id, "invite")
    if credential:
        found = await run(store.authenticate, credential)
        if found and found[0] == game["id"]:
            # Opening your own invite link again resumes your seat instead of taking another.
            return Joined(game_id=game["id"], seat=found[1], credential=credential,
                          resumed=True)
    seat, new_credential = await run(store.join, game["id"], body.name)
    await hub.notices.joined(game["id"], new_credential, body.email, body.lang)
    await announce(hub, store, game["id"])
    return Joined(game_id=game["id"], seat=seat, credential=new_credential, resumed=False)


@router.post("/claims/{claim_id}", summary="Take over a re-issued seat on a new device",
             dependencies=[rate_limited("claims")], responses=refusals(404, 422, 429))
async def claim(claim_id: LinkId, store: StoreDep, hub: HubDep) -> Claimed:
    game_id, seat, credential = await run(store.claim, claim_id)
    await hub.evict(game_id, seat, "ws.evicted.claimed")
    await announce(hub, store, game_id)
    return Claimed(game_id=game_id, seat=seat, credential=credential)


@router.get("/watch/{watch_id}", summary="The game behind a watch link",
            responses=refusals(404, 422))
async def watch(watch_id: LinkId, store: StoreDep) -> LobbyInfo:
    game = await _by(store, "watch_id", watch_id, "watch")
    return LobbyInfo.model_validate(lobby_info(game, await run(store.seats, game["id"])))


@router.get("/me", summary="Which seat a credential holds", responses=refusals(401))
async def me(store: StoreDep, credential: Cred) -> Me:
    found = await run(store.authenticate, credential) if credential else None
    if found is None:
        raise ApiError(401, "api.credential_invalid")
    return Me(game_id=found[0], seat=found[1])


@router.get("/games/{game_id}", summary="A game's lobby information",
            response_model_exclude_unset=True, responses=refusals(401, 403, 404, 422),
            openapi_extra=OPTIONAL_AUTH)
async def game_info(game_id: GameId, store: StoreDep, hub: HubDep, credential: Cred,
                    watch: WatchParam = None) -> LobbyInfo:
    game = await run(store.game, game_id)
    you = None
    if credential:
        you = (await seat_in(store, credential, game_id)).seat
    elif not (watch and game["spectators"] and watch == game["watch_id"]):
        raise ApiError(401, "api.open_through_link")
    room = hub.rooms.get(game_id)
    online = room.online() if room else None
    info = lobby_info(game, await run(store.seats, game_id), online, you=you)
    if room is not None and room.state is not None and you is not None:
        info["to_act"] = room.engine.awaited(room.state) if room.status == "active" else []
    return LobbyInfo.model_validate(info)


_SEAT_REFUSALS = refusals(401, 403, 404, 409, 422)


@router.post("/games/{game_id}/leave", summary="Leave a lobby or a game",
             responses=_SEAT_REFUSALS)
async def leave(holder: SeatDep, store: StoreDep, hub: HubDep) -> LobbyInfo:
    await run(store.leave, holder.game_id, holder.seat)
    await hub.evict(holder.game_id, holder.seat, "ws.evicted.left")
    return LobbyInfo.model_validate(await announce(hub, store, holder.game_id))


@router.post("/games/{game_id}/seats/{seat}/remove", summary="Host: empty a lobby seat",
             responses=_SEAT_REFUSALS)
async def remove_seat(game: HostDep, seat: Seat, store: StoreDep, hub: HubDep) -> LobbyInfo:
    await run(store.remove_seat, game["id"], seat)
    await hub.evict(game["id"], seat, "ws.evicted.removed")
    return LobbyInfo.model_validate(await announce(hub, store, game["id"]))


@router.post("/games/{game_id}/seats/order", summary="Host: reorder the lobby's seats",
             responses=refusals(400, 401, 403, 404, 409, 413, 422))
async def reorder(game: HostDep, body: OrderBody, store: StoreDep, hub: HubDep) -> LobbyInfo:
    await run(store.reorder, game["id"], body.order)
    hub.reseat(game["id"], body.order)
    return LobbyInfo.model_validate(await announce(hub, store, game["id"]))


@router.post("/games/{game_id}/seats/{seat}/bot", summary="Host: a bot takes a seat",
             responses=refusals(400, 401, 403, 404, 409, 413, 422))
async def add_bot(game: HostDep, seat: Seat, store: StoreDep, hub: HubDep,
                  body: BotBody | None = None) -> LobbyInfo:
    if game["status"] == "active":
        room = hub.rooms.get(game["id"])
        if room and seat in room.online():
            raise ApiError(409, "api.player_connected")
    await run(store.add_bot, game["id"], seat, (body or BotBody()).level)
    # The seat's credential is gone: a connection of it that the checks above could not see
    # (one still saying hello, or on another process a moment before its presence arrived)
    # is closed, never left playing beside the bot.
    await hub.evict(game["id"], seat, "ws.evicted.bot")
    return LobbyInfo.model_validate(await announce(hub, store, game["id"]))


@router.post("/games/{game_id}/seats/{seat}/reissue", summary="Host: a new link for a seat",
             responses=_SEAT_REFUSALS)
async def reissue(game: HostDep, seat: Seat, store: StoreDep) -> ClaimLink:
    claim_id = await run(store.reissue, game["id"], seat)
    return ClaimLink(claim_url=f"/claim/{claim_id}")


@router.post("/games/{game_id}/start", summary="Host: start when every seat is taken",
             responses=_SEAT_REFUSALS)
async def start(game: HostDep, store: StoreDep, hub: HubDep) -> LobbyInfo:
    engine = get_engine(game["kind"])
    if engine is None:
        raise ApiError(404, "api.kind_gone")
    if game["status"] != "lobby":
        raise ApiError(409, "api.already_started")
    state = engine.setup(game["player_count"], game["options"], game["seed"])
    await run(store.start, game["id"], state, engine.rules_version)
    info = await announce(hub, store, game["id"])
    await hub.notices.game_started(hub, game["id"])
    return LobbyInfo.model_validate(info)


@router.get("/games/{game_id}/history", summary="A game's public history",
            responses=refusals(401, 403, 404, 422), openapi_extra=OPTIONAL_AUTH)
async def history(game_id: GameId, store: StoreDep, credential: Cred,
                  watch: WatchParam = None, spectator_chat: bool = False) -> History:
    game = await run(store.game, game_id)
    reader: int | None = None
    # Anybody may read a listed game that welcomes spectators; any other game's history
    # needs what its live table needs: a seat in it, or its watch link.
    if not (game["listed"] and game["spectators"]):
        if credential:
            reader = (await seat_in(store, credential, game_id)).seat
        elif not (watch and game["spectators"] and watch == game["watch_id"]):
            raise ApiError(403, "api.history_needs_link")
    elif credential:  # a public history: a credential only adds the table chat
        found = await run(store.authenticate, credential)
        reader = found[1] if found and found[0] == game_id else None
    evs = await run(store.events, game_id)
    undone = taken_back(evs)
    engine = get_engine(game["kind"])
    outcome = engine.outcome(game["state"]) if engine and game["state"] else None
    finished = game["status"] == "finished"
    return History.model_validate({
        "game_id": game_id,
        "game": game["kind"],
        "status": game["status"],
        "events": [{"seq": e["seq"], "seat": e["seat"], "type": e["action"].get("type"),
                    "log": [loglines.english(ln) for ln in e["log"] if ln.get("to") is None],
                    "taken_back": undone.get(e["seq"])}
                   for e in evs],
        "outcome": outcome.as_dict() if outcome else None,
        # The seed (and with it the whole deal) is only revealed once nothing is hidden.
        "seed": game["seed"] if finished else None,
        "actions": [{"seq": e["seq"], "seat": e["seat"], "action": e["action"]} for e in evs]
        if finished else None,
        "chat": await run(chat.history, store.engine, game_id, reader, spectator_chat),
    })
