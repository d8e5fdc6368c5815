"""REST API: the games on offer, lobbies and the links into them (OpenAPI at /docs)."""

from __future__ import annotations

from functools import cache
from typing import Any

from fastapi import APIRouter
from pydantic import TypeAdapter, ValidationError

from app.core.errors import ApiError, Invalid, validation_message
from app.core.events import LobbyEvents, LobbyOpened, LobbyOpening, SeatTaken
from app.core.lobby import invite_url, lobby_info, watch_url
from app.http.deps import (
    OPTIONAL_AUTH,
    Cred,
    EventsDep,
    HubDep,
    LinkId,
    StoreDep,
    announce,
    rate_limited,
    refusals,
    run,
)
from app.http.schemas import (
    Claimed,
    CreatedLobby,
    CreateLobby,
    GameDescription,
    JoinBody,
    Joined,
    LobbyInfo,
    Me,
    OpenLobby,
)
from app.store.store import Store
from engines.registry import all_engines, get_engine

router = APIRouter(prefix="/api")


@router.get("/games", summary="Games that can be played here")
async def list_games() -> list[GameDescription]:
    return listed_games()


def listed_games() -> list[GameDescription]:
    """The games a host can choose, as ``GET /api/games`` lists them."""
    return [GameDescription.model_validate(e.describe())
            for e in all_engines().values() if e.listed]


@cache
def listed_games_json() -> bytes:
    """``GET /api/games``'s answer as JSON (the game page carries it: app/http/firstpaint.py);
    the games are the code's, so once per process."""
    return TypeAdapter(list[GameDescription]).dump_json(listed_games())


@router.post("/lobbies", status_code=201, summary="Create a lobby",
             dependencies=[rate_limited("lobbies")], responses=refusals(400, 404, 413, 422, 429))
async def create_lobby(body: CreateLobby, store: StoreDep, events: EventsDep) -> CreatedLobby:
    return await open_lobby(body, store, events)


async def open_lobby(body: CreateLobby, store: Store, events: LobbyEvents) -> CreatedLobby:
    """The one way a lobby is made (the home page's form, a crew's "New table"): the game
    and its options checked, the webhook checked, the lobby stored, ``LobbyOpened`` told."""
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
    opening = LobbyOpening(body.webhook_url)
    try:
        await events.publish(opening)  # the webhook's addresses are checked (or refused)
    except Invalid as exc:
        raise ApiError(422, str(exc)) from None
    game, credential = await run(store.create_lobby, engine.id, options, body.seats,
                                 body.host_name, body.spectators, body.listed,
                                 engine.rules_version, body.settings.model_dump(mode="json"))
    await events.publish(LobbyOpened(game["id"], credential, body.host_email,
                                     opening.webhook_url, body.lang))
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
               events: EventsDep, credential: Cred) -> Joined:
    game = await _by(store, "invite_id", invite_id, "invite")
    if credential:
        found = await run(store.authenticate, credential)
        if found and found[0] == game["id"]:
            # Opening your own invite link again resumes your seat instead of taking another.
            return Joined(game_id=game["id"], seat=found[1], credential=credential,
                          resumed=True)
    seat, new_credential = await run(store.join, game["id"], body.name)
    await events.publish(SeatTaken(game["id"], new_credential, body.email, body.lang))
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
