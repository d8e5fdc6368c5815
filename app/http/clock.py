"""REST API of the clock feature: a player takes their seat back from the stand-in bot that
played it after their time ran out (app/features/clock)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request

from app.core.errors import ApiError
from app.core.lobby import lobby_info
from app.features.clock import db, model
from app.features.clock.feature import Clocks
from app.features.clock.model import Clock
from app.http.deps import HubDep, SeatDep, StoreDep, refusals, run
from app.http.schemas import LobbyInfo

router = APIRouter(prefix="/api")


def clocks_of(request: Request) -> Clocks:
    return request.app.state.clocks  # type: ignore[no-any-return]


ClocksDep = Annotated[Clocks, Depends(clocks_of)]


@router.post("/games/{game_id}/take-back", summary="Take your seat back from the stand-in bot",
             responses=refusals(401, 403, 404, 409, 422))
async def take_back(holder: SeatDep, store: StoreDep, hub: HubDep,
                    clocks: ClocksDep) -> LobbyInfo:
    room = await hub.room(holder.game_id)
    seat = holder.seat
    if room.status != "active":
        raise ApiError(409, "api.not_playing")
    if not room.seats[seat].get("stand_in"):
        raise ApiError(409, "api.no_stand_in")
    cfg = room.settings
    awaited = room.state is not None and seat in room.engine.awaited(room.state)
    at = clocks.scheduler.now()

    def rebase(clock: Clock) -> Clock:
        return model.take_back(clock, cfg.time_control, seat, at, awaited)

    if not await run(db.take_back, store.engine, room.id, seat, rebase):
        raise ApiError(409, "api.no_stand_in")
    # Every process reloads the room; its viewers get the new lobby and, as the clock
    # changed, a fresh snapshot.
    game = await run(store.game, room.id)
    await hub.lobby_changed(room.id, game["status"])
    game, seats = await run(store.game, room.id), await run(store.seats, room.id)
    return LobbyInfo.model_validate(lobby_info(game, seats, room.online(), you=seat))
