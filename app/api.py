"""REST API: lobbies, invites, seats, history (OpenAPI at /docs)."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Query, Request
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from app.errors import ApiError
from app.frames import encode
from app.lobby import invite_url, lobby_info, watch_url
from app.rooms import Hub
from app.store import Store
from engines.registry import all_engines, get_engine

router = APIRouter(prefix="/api")


class CreateLobby(BaseModel):
    """A new lobby."""

    model_config = ConfigDict(extra="forbid")
    game: str = Field(min_length=1, max_length=40)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: int = Field(ge=1, le=8)
    host_name: str = Field(max_length=200)
    spectators: bool = True
    listed: bool = True


class JoinBody(BaseModel):
    """A display name for the seat."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(default="", max_length=200)


class OrderBody(BaseModel):
    """New seat order: ``order[i]`` is the old seat that becomes seat ``i``."""

    model_config = ConfigDict(extra="forbid")
    order: list[int] = Field(max_length=8)


def hub_of(request: Request) -> Hub:
    return request.app.state.hub


def store_of(request: Request) -> Store:
    return request.app.state.store


def bearer(authorization: Annotated[str | None, Header()] = None) -> str | None:
    """The credential from ``Authorization: Bearer ...`` (never from a URL)."""
    if not authorization:
        return None
    scheme, _, value = authorization.partition(" ")
    return value.strip() if scheme.lower() == "bearer" and value.strip() else None


Store_ = Annotated[Store, Depends(store_of)]
Hub_ = Annotated[Hub, Depends(hub_of)]
Cred = Annotated[str | None, Depends(bearer)]


async def run(fn: Any, *args: Any) -> Any:
    """Run blocking database work off the event loop."""
    return await asyncio.to_thread(fn, *args)


async def seat_of(store: Store, credential: str | None, game_id: str) -> int:
    """The caller's seat in this game, or 401/403."""
    if credential is None:
        raise ApiError(401, "This needs your seat's credential; open the game from the "
                            "browser you joined with, or ask the host for a new seat link.")
    found = await run(store.authenticate, credential)
    if found is None:
        raise ApiError(401, "This seat credential is not valid any more.")
    if found[0] != game_id:
        raise ApiError(403, "That credential belongs to another game.")
    return found[1]


async def host_of(store: Store, credential: str | None, game_id: str) -> dict[str, Any]:
    """The game row if the caller is its host, else 403."""
    seat = await seat_of(store, credential, game_id)
    seats = await run(store.seats, game_id)
    if not seats[seat]["is_host"]:
        raise ApiError(403, "Only the host can do that.")
    return await run(store.game, game_id)


async def announce(hub: Hub, store: Store, game_id: str) -> dict[str, Any]:
    """Tell the game's connections that seats or status changed; return LobbyInfo."""
    game, seats = await run(store.game, game_id), await run(store.seats, game_id)
    room = hub.rooms.get(game_id)
    online = ({c.seat for c in room.conns if c.seat is not None} if room else None)
    info = lobby_info(game, seats, online)
    await hub.lobby_changed(game_id, encode({"type": "lobby", "lobby": info}), game["status"])
    return info


@router.get("/games", summary="Games that can be played here")
async def list_games() -> list[dict[str, Any]]:
    return [e.describe() for e in all_engines().values() if e.listed]


@router.post("/lobbies", status_code=201, summary="Create a lobby")
async def create_lobby(body: CreateLobby, store: Store_) -> dict[str, Any]:
    engine = get_engine(body.game)
    if engine is None:
        raise ApiError(404, f"There is no game called {body.game!r} here.")
    if not engine.min_players <= body.seats <= engine.max_players:
        raise ApiError(422, f"{engine.name} is for {engine.min_players} to "
                            f"{engine.max_players} players.")
    try:
        options = engine.validate_options(body.options)
    except ValidationError as exc:
        raise ApiError(422, "Invalid options: " + "; ".join(
            f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()[:3])) from None
    game, credential = await run(store.create_lobby, engine.id, options, body.seats,
                                 body.host_name, body.spectators, body.listed,
                                 engine.rules_version)
    return {"game_id": game["id"], "seat": 0, "credential": credential,
            "invite_url": invite_url(game), "watch_url": watch_url(game)}


@router.get("/lobbies", summary="Open listed lobbies")
async def open_lobbies(store: Store_) -> list[dict[str, Any]]:
    out = []
    for g in await run(store.open_lobbies):
        engine = get_engine(g["kind"])
        if engine is None or not engine.listed:
            continue
        out.append({"game_id": g["id"], "game": g["kind"], "game_name": engine.name,
                    "host": g["host"], "seats": g["player_count"], "taken": g["taken"],
                    "invite_url": invite_url(g), "created_at": g["created_at"].isoformat()})
    return out


async def _by(store: Store, column: str, value: str, what: str) -> dict[str, Any]:
    if len(value) > 64:
        raise ApiError(404, f"This {what} link is not valid.")
    game = await run(store.game_by, column, value)
    if game is None or (column == "watch_id" and not game["spectators"]):
        raise ApiError(404, f"This {what} link is not valid.")
    return game


@router.get("/invites/{invite_id}", summary="The lobby behind an invite link")
async def invite(invite_id: str, store: Store_, credential: Cred) -> dict[str, Any]:
    game = await _by(store, "invite_id", invite_id, "invite")
    you = None
    if credential:
        found = await run(store.authenticate, credential)
        you = found[1] if found and found[0] == game["id"] else None
    return lobby_info(game, await run(store.seats, game["id"]), you=you)


@router.post("/invites/{invite_id}/join", summary="Join a lobby (or resume your seat)")
async def join(invite_id: str, body: JoinBody, store: Store_, hub: Hub_,
               credential: Cred) -> dict[str, Any]:
    game = await _by(store, "invite_id", invite_id, "invite")
    if game["status"] == "abandoned":
        raise ApiError(410, "The host closed this lobby.")
    if credential:
        found = await run(store.authenticate, credential)
        if found and found[0] == game["id"]:
            # Opening your own invite link again resumes your seat instead of taking another.
            return {"game_id": game["id"], "seat": found[1], "credential": credential,
                    "resumed": True}
    seat, new_credential = await run(store.join, game, body.name)
    await announce(hub, store, game["id"])
    return {"game_id": game["id"], "seat": seat, "credential": new_credential, "resumed": False}


@router.post("/claims/{claim_id}", summary="Take over a re-issued seat on a new device")
async def claim(claim_id: str, store: Store_, hub: Hub_) -> dict[str, Any]:
    if len(claim_id) > 64:
        raise ApiError(404, "This seat link is not valid.")
    game_id, seat, credential = await run(store.claim, claim_id)
    await hub.evict(game_id, seat, "This seat was taken over on another device.")
    await announce(hub, store, game_id)
    return {"game_id": game_id, "seat": seat, "credential": credential}


@router.get("/watch/{watch_id}", summary="The game behind a watch link")
async def watch(watch_id: str, store: Store_) -> dict[str, Any]:
    game = await _by(store, "watch_id", watch_id, "watch")
    return lobby_info(game, await run(store.seats, game["id"]))


@router.get("/me", summary="Which seat a credential holds")
async def me(store: Store_, credential: Cred) -> dict[str, Any]:
    found = await run(store.authenticate, credential) if credential else None
    if found is None:
        raise ApiError(401, "This seat credential is not valid any more.")
    return {"game_id": found[0], "seat": found[1]}


@router.get("/games/{game_id}", summary="A game's lobby information")
async def game_info(game_id: str, store: Store_, hub: Hub_, credential: Cred,
                    watch: Annotated[str | None, Query(max_length=64)] = None) -> dict[str, Any]:
    game = await run(store.game, game_id)
    you = None
    if credential:
        you = await seat_of(store, credential, game_id)
    elif not (watch and game["spectators"] and watch == game["watch_id"]):
        raise ApiError(401, "Open this game through your invite or watch link.")
    room = hub.rooms.get(game_id)
    online = {c.seat for c in room.conns if c.seat is not None} if room else None
    info = lobby_info(game, await run(store.seats, game_id), online, you=you)
    if room is not None and room.state is not None and you is not None:
        info["to_act"] = room.engine.awaited(room.state) if room.status == "active" else []
    return info


@router.post("/games/{game_id}/leave", summary="Leave a lobby or a game")
async def leave(game_id: str, store: Store_, hub: Hub_, credential: Cred) -> dict[str, Any]:
    seat = await seat_of(store, credential, game_id)
    game = await run(store.game, game_id)
    await run(store.leave, game, seat)
    await hub.evict(game_id, seat, "You left this game.")
    return await announce(hub, store, game_id)


@router.post("/games/{game_id}/seats/{seat}/remove", summary="Host: empty a lobby seat")
async def remove_seat(game_id: str, seat: int, store: Store_, hub: Hub_,
                      credential: Cred) -> dict[str, Any]:
    game = await host_of(store, credential, game_id)
    await run(store.remove_seat, game, seat)
    await hub.evict(game_id, seat, "The host removed you from this lobby.")
    return await announce(hub, store, game_id)


@router.post("/games/{game_id}/seats/order", summary="Host: reorder the lobby's seats")
async def reorder(game_id: str, body: OrderBody, store: Store_, hub: Hub_,
                  credential: Cred) -> dict[str, Any]:
    game = await host_of(store, credential, game_id)
    await run(store.reorder, game, body.order)
    hub.reseat(game_id, body.order)
    return await announce(hub, store, game_id)


@router.post("/games/{game_id}/seats/{seat}/bot", summary="Host: a bot takes a seat")
async def add_bot(game_id: str, seat: int, store: Store_, hub: Hub_,
                  credential: Cred) -> dict[str, Any]:
    game = await host_of(store, credential, game_id)
    if game["status"] == "active":
        room = hub.rooms.get(game_id)
        if room and any(c.seat == seat and not c.closed for c in room.conns):
            raise ApiError(409, "That player is still connected.")
    await run(store.add_bot, game, seat)
    return await announce(hub, store, game_id)


@router.post("/games/{game_id}/seats/{seat}/reissue", summary="Host: a new link for a seat")
async def reissue(game_id: str, seat: int, store: Store_, credential: Cred) -> dict[str, Any]:
    await host_of(store, credential, game_id)
    claim_id = await run(store.reissue, game_id, seat)
    return {"claim_url": f"/claim/{claim_id}"}


@router.post("/games/{game_id}/start", summary="Host: start when every seat is taken")
async def start(game_id: str, store: Store_, hub: Hub_, credential: Cred) -> dict[str, Any]:
    game = await host_of(store, credential, game_id)
    engine = get_engine(game["kind"])
    if engine is None:
        raise ApiError(404, "This game's kind is no longer available.")
    if game["status"] != "lobby":
        raise ApiError(409, "This game has already started.")
    state = engine.setup(game["player_count"], game["options"], game["seed"])
    await run(store.start, game, state, engine.rules_version)
    return await announce(hub, store, game_id)


@router.get("/games/{game_id}/history", summary="A game's public history")
async def history(game_id: str, store: Store_, credential: Cred,
                  watch: Annotated[str | None, Query(max_length=64)] = None) -> dict[str, Any]:
    game = await run(store.game, game_id)
    if not game["listed"]:
        if credential:
            await seat_of(store, credential, game_id)
        elif not (watch and game["watch_id"] and watch == game["watch_id"]):
            raise ApiError(403, "This game is unlisted: its history needs the watch link or "
                                "a seat in it.")
    evs = await run(store.events, game_id)
    engine = get_engine(game["kind"])
    outcome = engine.outcome(game["state"]) if engine and game["state"] else None
    finished = game["status"] == "finished"
    return {
        "game_id": game_id,
        "game": game["kind"],
        "status": game["status"],
        "events": [{"seq": e["seq"], "seat": e["seat"], "type": e["action"].get("type"),
                    "log": [ln["text"] for ln in e["log"] if ln.get("to") is None]}
                   for e in evs],
        "outcome": outcome.as_dict() if outcome else None,
        # The seed (and with it the whole deal) is only revealed once nothing is hidden.
        "seed": game["seed"] if finished else None,
        "actions": [{"seq": e["seq"], "seat": e["seat"], "action": e["action"]} for e in evs]
        if finished else None,
    }
