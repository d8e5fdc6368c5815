"""What the HTTP routes share: path parameters, the caller's seat, the hub and the store,
rate limits, and the OpenAPI words for refusals. Every route module (and the HTTP face of
each feature) takes its dependencies from here."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Depends, Path, Query, Request
from fastapi.params import Depends as DependsParam
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from app.core.errors import ApiError
from app.core.events import LobbyEvents
from app.core.lobby import lobby_info
from app.core.ratelimit import RateLimiter, retry_after
from app.http.schemas import ErrorBody, SeatNumber
from app.realtime.hub import Hub
from app.store.store import Store
from engines.core.log import term

#: What every public id and secret is made of (``secrets.token_urlsafe``).
ID_PATTERN = r"^[A-Za-z0-9_-]+$"
GameId = Annotated[str, Path(min_length=1, max_length=32, pattern=ID_PATTERN,
                             description="The game's id.")]
LinkId = Annotated[str, Path(min_length=1, max_length=64, pattern=ID_PATTERN,
                             description="The id from an invite, watch or seat link.")]
Seat = Annotated[SeatNumber, Path(description="A seat number (0 is the first seat).")]
WatchParam = Annotated[str | None, Query(max_length=64, description="The watch link's id.")]


def _query_names(dependant: Any) -> set[str]:
    """The query parameters a route reads, its dependencies' included."""
    names = {p.alias for p in dependant.query_params}
    for sub in dependant.dependencies:
        names |= _query_names(sub)
    return names


async def one_value_each(request: Request) -> None:
    """Refuse a query parameter the route reads given more than once (``?watch=a&watch=b``).

    The document declares each as one value; FastAPI would quietly read the last, so a
    link with two watch ids would be taken for its second. Parameters the route does not
    read are still ignored, repeated or not. A dependency of each router with query
    parameters (``APIRouter(dependencies=...)``)."""
    route = request.scope.get("route")
    dependant = getattr(route, "dependant", None)
    if dependant is None:
        return
    for name in sorted(_query_names(dependant)):
        given = len(request.query_params.getlist(name))
        if given > 1:
            raise ApiError(422, f"Invalid request: {name}: given {given} times; give it once.")

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


def events_of(request: Request) -> LobbyEvents:
    return request.app.state.events  # type: ignore[no-any-return]


_bearer = HTTPBearer(auto_error=False, description="A seat credential.")


def bearer(found: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]
           ) -> str | None:
    """The credential from ``Authorization: Bearer ...`` (never from a URL)."""
    return found.credentials.strip() or None if found else None


StoreDep = Annotated[Store, Depends(store_of)]
HubDep = Annotated[Hub, Depends(hub_of)]
EventsDep = Annotated[LobbyEvents, Depends(events_of)]
Cred = Annotated[str | None, Depends(bearer)]


async def run(fn: Any, *args: Any) -> Any:
    """Run blocking database work off the event loop."""
    return await asyncio.to_thread(fn, *args)


@dataclass(frozen=True)
class SeatHolder:
    """An authenticated caller: the seat their credential holds in the path's game."""

    game_id: str
    seat: int


def is_watch_link(game: dict[str, Any], watch: str | None) -> bool:
    """Whether ``watch`` opens ``game`` as a spectator: its watch link, while it welcomes
    spectators."""
    return bool(watch) and bool(game["spectators"]) and watch == game["watch_id"]


def no_stranger_watch_link(game: dict[str, Any], watch: str | None) -> None:
    """A watch link that is given must be this game's (403 otherwise), also where the game
    needs none (a listed one): a wrong link is a mistake to say, as a wrong credential is,
    not something to pass over in silence."""
    if watch is not None and not is_watch_link(game, watch):
        raise ApiError(403, "api.watch_link_wrong")


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
_LIMITED = ("lobbies", "joins", "claims", "records", "accounts", "mails", "hints", "mine",
            "crews", "push")


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
