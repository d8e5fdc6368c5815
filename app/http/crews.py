"""REST API of crews: keep a table's players as a crew, its invite link, leave and remove,
"New table with the crew", the crew's history, head-to-head and league, a player's
history, and who may see it (docs/crews.md).

Every route needs an account but a crew invite's preview and a public history; a crew is
seen by its members only. Every route is rate-limited (``crews``).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request, Response

from app.core.errors import ApiError
from app.core.lobby import invite_url
from app.features.crews import pages
from app.features.crews import store as crews_db
from app.features.crews.notify import CrewTable, notify_crew_table
from app.http import crewschemas as s
from app.http.deps import (
    ID_PATTERN,
    OPTIONAL_AUTH,
    EventsDep,
    StoreDep,
    rate_limited,
    refusals,
    run,
)
from app.http.lobbies import open_lobby
from app.http.schemas import CreateLobby
from app.http.session import AccountDep, SignedInDep
from app.store import accounts as accounts_db
from app.store.rows import clean_name
from engines.registry import get_engine

router = APIRouter(prefix="/api", tags=["crews"], dependencies=[rate_limited("crews")])

CrewId = Annotated[str, Path(min_length=1, max_length=32, pattern=ID_PATTERN,
                             description="The crew's id.")]
AccountId = Annotated[str, Path(min_length=1, max_length=32, pattern=ID_PATTERN,
                                description="An account's id.")]
CrewInvite = Annotated[str, Path(min_length=1, max_length=32, pattern=ID_PATTERN,
                               description="The id from a crew's invite link.")]
GameId = Annotated[str, Path(min_length=1, max_length=32, pattern=ID_PATTERN,
                             description="The finished game's id.")]


#: Why a history is not shown, per the player's choice.
_PRIVATE = {"crew": "api.player.private_crew", "nobody": "api.player.private_nobody"}


def _iso(value: Any) -> str:
    return value.isoformat() if value is not None else ""


def _game_name(kind: str) -> str:
    engine = get_engine(kind)
    return engine.name if engine else kind


async def _member_crew(store: Any, crew_id: str, account_id: str) -> dict[str, Any]:
    """The crew if the caller is in it: 404 when there is none, 403 for anyone else."""
    crew = await run(crews_db.crew, store.engine, crew_id)
    if crew is None:
        raise ApiError(404, "api.crew.none")
    if not await run(crews_db.is_member, store.engine, crew_id, account_id):
        raise ApiError(403, "api.crew.members_only")
    return crew  # type: ignore[no-any-return]


async def _owned(store: Any, crew_id: str, account_id: str) -> dict[str, Any]:
    crew = await _member_crew(store, crew_id, account_id)
    if crew["owner_id"] != account_id:
        raise ApiError(403, "api.crew.owner_only")
    return crew


async def _crew_doc(store: Any, crew: dict[str, Any], you: str) -> s.Crew:
    members = await run(crews_db.members, store.engine, crew["id"])
    tables = await run(crews_db.open_tables, store.engine, crew["id"])
    return s.Crew(
        crew_id=crew["id"], name=crew["name"], owner_id=crew["owner_id"], you=you,
        members=[s.Member(account_id=m["account_id"], name=m["name"],
                          owner=m["account_id"] == crew["owner_id"],
                          joined_at=_iso(m["joined_at"])) for m in members],
        invite_url=f"/crew-invite/{crew['invite_id']}",
        league=s.LeagueState(on=crew["league_on"], rule=crew["league_rule"],
                             since=_iso(crew["league_since"]) or None),
        tables=[s.OpenTable(game_id=t["id"], game=t["kind"], game_name=_game_name(t["kind"]),
                            status=t["status"], invite_url=invite_url(t),
                            seats=t["player_count"], taken=t["taken"]) for t in tables])


@router.post("/crews/from-table/{game_id}", summary="Keep this crew: a finished table's players",
             responses=refusals(400, 401, 404, 409, 413, 422, 429))
async def keep(game_id: GameId, body: s.KeepCrew, store: StoreDep, me: SignedInDep) -> s.Crew:
    """The players of a finished table who have accounts become a crew owned by the caller
    (who sat at it). Asked again for the same table, the crew it made is answered and the
    caller is in it."""
    crew, _new = await run(crews_db.keep_crew, store.engine, game_id, me.id,
                           clean_name(body.name))
    return await _crew_doc(store, crew, me.id)


@router.get("/crews", summary="Your crews", responses=refusals(401, 429))
async def my_crews(store: StoreDep, me: SignedInDep) -> list[s.CrewSummary]:
    return [s.CrewSummary(crew_id=c["id"], name=c["name"], members=c["members"],
                          owner=c["owner_id"] == me.id)
            for c in await run(crews_db.crews_of, store.engine, me.id)]


@router.get("/crews/{crew_id}", summary="A crew (its members only)",
            responses=refusals(401, 403, 404, 422, 429))
async def crew_page(crew_id: CrewId, store: StoreDep, me: SignedInDep) -> s.Crew:
    return await _crew_doc(store, await _member_crew(store, crew_id, me.id), me.id)


@router.get("/crew-invites/{crew_invite}", summary="The crew behind an invite link",
            responses=refusals(404, 422, 429), openapi_extra=OPTIONAL_AUTH)
async def crew_invite(crew_invite: CrewInvite, store: StoreDep, me: AccountDep
                      ) -> s.CrewInvite:
    crew = await run(crews_db.crew_by_invite, store.engine, crew_invite)
    if crew is None:
        raise ApiError(404, "api.crew.invite_invalid")
    members = await run(crews_db.members, store.engine, crew["id"])
    member = me is not None and any(m["account_id"] == me.id for m in members)
    return s.CrewInvite(name=crew["name"], members=len(members), member=member,
                        crew_id=crew["id"] if member else None)


@router.post("/crew-invites/{crew_invite}/join", summary="Join a crew by its invite link",
             responses=refusals(401, 404, 409, 422, 429))
async def join_crew(crew_invite: CrewInvite, store: StoreDep, me: SignedInDep
                    ) -> s.CrewJoined:
    crew, joined = await run(crews_db.join, store.engine, crew_invite, me.id)
    return s.CrewJoined(crew_id=crew["id"], joined=joined)


@router.post("/crews/{crew_id}/leave", status_code=204, summary="Leave a crew",
             responses=refusals(401, 404, 422, 429))
async def leave_crew(crew_id: CrewId, store: StoreDep, me: SignedInDep) -> Response:
    await run(crews_db.leave, store.engine, crew_id, me.id)
    return Response(status_code=204)


@router.delete("/crews/{crew_id}/members/{account_id}", status_code=204,
               summary="Remove a member (the owner)", responses=refusals(401, 403, 404, 409,
                                                                         422, 429))
async def remove_member(crew_id: CrewId, account_id: AccountId, store: StoreDep,
                        me: SignedInDep) -> Response:
    await _owned(store, crew_id, me.id)
    await run(crews_db.remove, store.engine, crew_id, account_id)
    return Response(status_code=204)


@router.put("/crews/{crew_id}/league", summary="Switch the league on or off (the owner)",
            responses=refusals(400, 401, 403, 404, 413, 422, 429))
async def league_settings(crew_id: CrewId, body: s.LeagueSettings, store: StoreDep,
                          me: SignedInDep) -> s.Crew:
    await _owned(store, crew_id, me.id)
    crew = await run(crews_db.set_league, store.engine, crew_id, body.on, body.rule)
    return await _crew_doc(store, crew, me.id)


@router.post("/crews/{crew_id}/tables", status_code=201, summary="New table with the crew",
             responses=refusals(400, 401, 403, 404, 409, 413, 422, 429))
async def new_table(crew_id: CrewId, body: s.NewCrewTable, request: Request, store: StoreDep,
                    events: EventsDep, me: SignedInDep) -> s.CrewTableCreated:
    """A new lobby (the same path as the home page's), its host seat held by the caller's
    account; every other member is told (the crew page lists it; mail where they have an
    address)."""
    crew = await _member_crew(store, crew_id, me.id)
    if crew["league_on"] and body.settings.hints:
        # The league rates what the players found themselves (docs/crews.md): the crew's
        # state, not the request's shape, refuses it.
        raise ApiError(409, "api.crew.league_no_hints")
    name = body.host_name or me.account.get("display_name") or "Host"
    lobby = await open_lobby(CreateLobby(
        game=body.game, seats=body.seats, options=body.options, settings=body.settings,
        host_name=name, spectators=body.spectators, listed=False, lang=body.lang),
        store, events)
    await run(accounts_db.claim_seats, store.engine, me.id, [lobby.credential])
    notices = getattr(request.app.state, "notices", None)
    settings = request.app.state.settings.notices
    told = await notify_crew_table(
        store.engine, notices,
        CrewTable(crew["id"], crew["name"], lobby.game_id, _game_name(body.game),
                  lobby.invite_url, me.id, name), settings.public_url, body.lang)
    return s.CrewTableCreated(lobby=lobby, told=len(told))


@router.get("/crews/{crew_id}/history", summary="A crew's history and head-to-head",
            responses=refusals(401, 403, 404, 422, 429))
async def crew_history(crew_id: CrewId, store: StoreDep, me: SignedInDep) -> s.CrewHistory:
    await _member_crew(store, crew_id, me.id)
    return s.CrewHistory.model_validate(await run(pages.crew_history, store.engine, crew_id))


@router.get("/crews/{crew_id}/league", summary="A crew's league tables",
            responses=refusals(401, 403, 404, 422, 429))
async def crew_league(crew_id: CrewId, store: StoreDep, me: SignedInDep) -> s.League:
    crew = await _member_crew(store, crew_id, me.id)
    return s.League.model_validate(await run(pages.crew_league, store.engine, crew))


@router.get("/players/{account_id}/history", summary="A player's history (as they allow)",
            responses=refusals(403, 404, 422, 429), openapi_extra=OPTIONAL_AUTH)
async def player_history(account_id: AccountId, store: StoreDep, me: AccountDep
                         ) -> s.PlayerHistory:
    """Shown to the player, and to whom they allow: members of a crew with them (the
    default), everyone, or nobody else."""
    exists, name = await run(crews_db.account_name, store.engine, account_id)
    if not exists:
        raise ApiError(404, "api.player.none")
    if me is None or me.id != account_id:
        rule = await run(crews_db.privacy, store.engine, account_id)
        allowed = rule == "everyone" or (
            rule == "crew" and me is not None
            and await run(crews_db.share_a_crew, store.engine, me.id, account_id))
        if not allowed:
            raise ApiError(403, _PRIVATE[rule])
    doc = await run(pages.player_page, store.engine, account_id)
    return s.PlayerHistory.model_validate({"account_id": account_id, "name": name, **doc})


@router.get("/account/privacy", summary="Who may see your history",
            responses=refusals(401, 429))
async def get_privacy(store: StoreDep, me: SignedInDep) -> s.PrivacyState:
    return s.PrivacyState(history=await run(crews_db.privacy, store.engine, me.id),
                          account_id=me.id)


@router.put("/account/privacy", summary="Choose who may see your history",
            responses=refusals(400, 401, 413, 422, 429))
async def set_privacy(body: s.PrivacySettings, store: StoreDep, me: SignedInDep
                      ) -> s.PrivacyState:
    await run(crews_db.set_privacy, store.engine, me.id, body.history)
    return s.PrivacyState(history=body.history, account_id=me.id)
