"""REST API of the rematch (app/features/rematch.py): offer or accept it, or decline it."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter
from pydantic import BaseModel, Field

from app.features import rematch as rematches
from app.http.deps import HubDep, SeatDep, StoreDep, announce, refusals

router = APIRouter(prefix="/api")


class RematchState(BaseModel):
    """The rematch of a finished game, as every viewer of that game sees it."""

    game_id: str = Field(description="The new table's game id.")
    accepted: list[int] = Field(description="Seats of the finished game that accepted "
                                            "(bots always do).")
    declined: list[int] = Field(description="Seats that declined: the rematch is off.")
    started: bool = Field(description="Every player accepted; the new table has started.")
    rev: int = Field(description="How many changes the rematch had (offers, acceptances, "
                                 "declines): of two states, the higher is newer.")


class RematchSeat(RematchState):
    """Your seat at the new table: keep the credential as you keep a joined seat's."""

    seat: int = Field(description="Your seat at the new table.")
    credential: str = Field(description="Your new seat's credential.")



_REFUSALS = refusals(401, 403, 404, 409, 422)


@router.post("/games/{game_id}/rematch", summary="Offer or accept a rematch",
             responses=_REFUSALS)
async def rematch(holder: SeatDep, store: StoreDep, hub: HubDep) -> RematchSeat:
    """The first player creates the new table; everyone who accepts gets a seat in it."""
    got = await asyncio.to_thread(rematches.accept, store, holder.game_id, holder.seat)
    public = {k: got[k] for k in ("game_id", "accepted", "declined", "started", "rev")}
    if got["started"]:
        await announce(hub, store, got["game_id"])  # loads the new room: its bots begin
    hub.tell(holder.game_id, "rematch", public)
    return RematchSeat.model_validate(got)


@router.post("/games/{game_id}/rematch/decline", summary="Decline the rematch",
             responses=_REFUSALS)
async def rematch_decline(holder: SeatDep, store: StoreDep, hub: HubDep) -> RematchState:
    """Call the offered rematch off for every player."""
    state = await asyncio.to_thread(rematches.decline, store, holder.game_id, holder.seat)
    hub.tell(holder.game_id, "rematch", state)
    return RematchState.model_validate(state)
