"""REST API: one game - its lobby information, its seats, its start and its history."""

from __future__ import annotations

from fastapi import APIRouter, Depends

from app.core import loglines
from app.core.errors import ApiError
from app.core.events import GameStarted
from app.core.lobby import final_outcome, lobby_info
from app.http.deps import (
    OPTIONAL_AUTH,
    Cred,
    EventsDep,
    GameId,
    HostDep,
    HubDep,
    Seat,
    SeatDep,
    StoreDep,
    WatchParam,
    announce,
    is_watch_link,
    no_stranger_watch_link,
    one_value_each,
    refusals,
    run,
    seat_in,
)
from app.http.schemas import BotBody, ClaimLink, History, LobbyInfo, OrderBody
from app.store import chatlog
from app.store.eventlog import taken_back
from engines.registry import get_engine

router = APIRouter(prefix="/api", dependencies=[Depends(one_value_each)])


@router.get("/games/{game_id}", summary="A game's lobby information",
            response_model_exclude_unset=True, responses=refusals(401, 403, 404, 422),
            openapi_extra=OPTIONAL_AUTH)
async def game_info(game_id: GameId, store: StoreDep, hub: HubDep, credential: Cred,
                    watch: WatchParam = None) -> LobbyInfo:
    game = await run(store.game, game_id)
    you = None
    if credential:
        you = (await seat_in(store, credential, game_id)).seat
    elif not is_watch_link(game, watch):
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
async def start(game: HostDep, store: StoreDep, hub: HubDep, events: EventsDep) -> LobbyInfo:
    engine = get_engine(game["kind"])
    if engine is None:
        raise ApiError(404, "api.kind_gone")
    if game["status"] != "lobby":
        raise ApiError(409, "api.already_started")
    state = engine.setup(game["player_count"], game["options"], game["seed"])
    await run(store.start, game["id"], state, engine.rules_version)
    info = await announce(hub, store, game["id"])
    await events.publish(GameStarted(game["id"]))
    return LobbyInfo.model_validate(info)


@router.get("/games/{game_id}/history", summary="A game's public history",
            responses=refusals(401, 403, 404, 422), openapi_extra=OPTIONAL_AUTH)
async def history(game_id: GameId, store: StoreDep, credential: Cred,
                  watch: WatchParam = None, spectator_chat: bool = False) -> History:
    game = await run(store.game, game_id)
    no_stranger_watch_link(game, watch)
    reader: int | None = None
    # Anybody may read a listed game that welcomes spectators; any other game's history
    # needs what its live table needs: a seat in it, or its watch link.
    if not (game["listed"] and game["spectators"]):
        if credential:
            reader = (await seat_in(store, credential, game_id)).seat
        elif not is_watch_link(game, watch):
            raise ApiError(403, "api.history_needs_link")
    elif credential:  # a public history: a credential only adds the table chat
        found = await run(store.authenticate, credential)
        reader = found[1] if found and found[0] == game_id else None
    evs = await run(store.events, game_id)
    undone = taken_back(evs)
    finished = game["status"] == "finished"
    return History.model_validate({
        "game_id": game_id,
        "game": game["kind"],
        "status": game["status"],
        "events": [{"seq": e["seq"], "seat": e["seat"], "type": e["action"].get("type"),
                    "log": [loglines.english(ln) for ln in e["log"] if ln.get("to") is None],
                    "taken_back": undone.get(e["seq"])}
                   for e in evs],
        "outcome": final_outcome(game),
        # The seed (and with it the whole deal) is only revealed once nothing is hidden.
        "seed": game["seed"] if finished else None,
        "actions": [{"seq": e["seq"], "seat": e["seat"], "action": e["action"]} for e in evs]
        if finished else None,
        "chat": await run(chatlog.history, store.engine, game_id, reader, spectator_chat),
    })
