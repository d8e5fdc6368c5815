"""Game records: a finished game as one JSON file, and importing such a file.

A record holds what it takes to replay a game anywhere: the game, its rules version, the
options and table settings, the seed, the seats' names, every action in order and the
outcome. Importing one replays it from the seed under this server's engine, checks every
step (each action well formed, from a seat that may act, allowed by the rules; the game
over exactly at the last action, with the recorded outcome) and stores it as a finished
game with its own watch link and no seat credentials, to be watched as a replay.
"""

from __future__ import annotations

import asyncio
from typing import Any, Literal

from fastapi import APIRouter, Depends, Response
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    ValidationError,
    model_serializer,
    model_validator,
)

from app.core import loglines
from app.core.errors import ApiError, validation_message
from app.core.lobby import final_outcome, watch_url
from app.core.tablesettings import JsonBool, JsonInt, TableSettings
from app.http import deps
from app.http.schemas import DisplayName
from app.store.store import Store, clean_name
from engines.bots.protocol import BotLevel
from engines.core.copying import canonical_json
from engines.core.errors import ActionError, RuleError
from engines.core.line import TAKEBACK, Line
from engines.core.log import term
from engines.core.protocol import Engine
from engines.registry import all_engines, get_engine

router = APIRouter(prefix="/api", dependencies=[Depends(deps.one_value_each)])

FORMAT_VERSION = 1
#: The largest record body accepted (a long four-player Kaki Lima game is ~150 kB).
MAX_RECORD_BYTES = 2 * 1024 * 1024
MAX_ACTIONS = 20_000


class RecordSeat(BaseModel):
    """One seat of a recorded game."""

    # A level only on a bot's seat (``_a_level_is_a_bots``), stated in the document.
    model_config = ConfigDict(extra="forbid", json_schema_extra={"anyOf": [
        {"properties": {"bot": {"const": True}}, "required": ["bot"]},
        {"properties": {"level": {"type": "null"}}}]})
    seat: JsonInt = Field(ge=0, le=7)
    name: DisplayName
    bot: JsonBool = False
    level: BotLevel | None = Field(
        None, description="A bot's level; absent for a person and in records made before "
                          "levels were kept (such a bot played at normal).")

    @model_serializer(mode="wrap")
    def _level_only_for_bots(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        # A person's seat reads as it always did: no "level": null in every record file.
        out: dict[str, Any] = handler(self)
        if out.get("level") is None:
            out.pop("level", None)
        return out

    @model_validator(mode="after")
    def _a_level_is_a_bots(self) -> RecordSeat:
        if self.level is not None and not self.bot:
            raise ValueError("only a bot seat has a level")
        return self


class RecordAction(BaseModel):
    """One accepted action: who sent it and the action as the engine took it."""

    model_config = ConfigDict(extra="forbid")
    seat: JsonInt = Field(ge=0, le=7)
    action: dict[str, Any]


class RecordOutcome(BaseModel):
    """The recorded result (compared with the replay's on import)."""

    model_config = ConfigDict(extra="forbid")
    scores: list[Any] = Field(max_length=8)
    ranks: list[int] = Field(max_length=8)
    detail: dict[str, Any] = Field(default_factory=dict)


def _per_game_record(schema: dict[str, Any]) -> None:
    """What a record of each game must be here, stated in the document: the rules version
    this server plays (an older one cannot be checked) and the game's seat counts."""
    schema["oneOf"] = [
        {"properties": {"game": {"const": e.id}, "rules_version": {"const": e.rules_version},
                        "seats": {"type": "array", "minItems": e.min_players,
                                  "maxItems": e.max_players,
                                  # numbered 0, 1, ... in order
                                  "prefixItems": [{"properties": {"seat": {"const": i}}}
                                                  for i in range(e.max_players)]},
                        "options": e.describe()["options_schema"]},
         "required": ["game", "rules_version", "seats"]}
        for e in sorted(all_engines().values(), key=lambda e: e.id)]


class GameRecord(BaseModel):
    """A finished game as one file (``format_version`` 1)."""

    model_config = ConfigDict(extra="forbid", json_schema_extra=_per_game_record)
    format: Literal["meja-record"] = "meja-record"
    # Bounded in the document; a newer format is refused by check() with its own sentence.
    format_version: JsonInt = Field(default=FORMAT_VERSION, ge=1, description="The record "
                                    "format.", json_schema_extra={"maximum": FORMAT_VERSION})
    game: str = Field(min_length=1, max_length=40, description="The game's id.")
    game_name: str | None = Field(None, max_length=80)
    rules_version: str = Field(min_length=1, max_length=20)
    options: dict[str, Any] = Field(default_factory=dict)
    # The table's settings as the document states them (a lobby's ``settings``).
    settings: TableSettings = Field(default_factory=TableSettings,
                                    description="Table settings.")
    seed: JsonInt = Field(ge=0, le=(1 << 63) - 1)  # a number, never "42"
    seats: list[RecordSeat] = Field(min_length=1, max_length=8)
    actions: list[RecordAction] = Field(max_length=MAX_ACTIONS)
    outcome: RecordOutcome
    finished_at: str | None = Field(None, max_length=40)


class ImportedRecord(BaseModel):
    """Where an imported game can be watched."""

    game_id: str
    watch_url: str
    version: int = Field(description="The game's last version (its number of actions).")


# == export ====================================================================================

#: How a game that has no record yet is worded (``api.status.<status>``).
_STATUS_WORDS = ("lobby", "active", "abandoned")

def export(store: Store, game: dict[str, Any]) -> dict[str, Any]:
    """The record of a finished game (409 for any other)."""
    if game["status"] != "finished":
        now = term("api.status." + game["status"]) if game["status"] in _STATUS_WORDS \
            else game["status"]
        raise ApiError(409, "api.record_unfinished", state=now)
    engine = get_engine(game["kind"])
    outcome = final_outcome(game)
    if outcome is None:
        raise ApiError(409, "api.record_no_outcome")
    seats = store.seats(game["id"])
    finished = game["finished_at"]
    return GameRecord(
        game=game["kind"], game_name=engine.name if engine else None,
        rules_version=game["rules_version"], options=game["options"],
        settings=TableSettings.model_validate(game.get("settings") or {}),
        seed=game["seed"],
        seats=[RecordSeat(seat=s["seat"], name=s["name"] or f"Seat {s['seat'] + 1}",
                          bot=s["is_bot"],
                          level=(s.get("bot_level") or "normal") if s["is_bot"] else None)
                for s in seats],
        actions=[RecordAction(seat=e["seat"], action=e["action"])
                 for e in store.events(game["id"])],
        outcome=RecordOutcome.model_validate(outcome),
        finished_at=finished.isoformat() if finished else None,
    ).model_dump(mode="json")


# == import ====================================================================================

def _refuse(key: str, **params: Any) -> ApiError:
    return ApiError(422, key, **params)


def _nested(exc: RuleError) -> dict[str, Any]:
    """An engine's refusal as a parameter of the import's own sentence."""
    return term(exc.key, **exc.params) if exc.key else {"label": str(exc)}


def _worded(value: Any) -> str:
    """A recorded value in a sentence: a list as "0, 2", anything else as its JSON (cut)."""
    if isinstance(value, list) and all(not isinstance(x, (list, dict)) for x in value):
        return ", ".join(str(x) for x in value)
    text = canonical_json(value)
    return text if len(text) <= 200 else text[:199] + "…"


def _takeback_refusal(rule: str, line: Line, seat: int, count: int,
                      players: int) -> str | None:
    """Why ``seat`` could not have taken back the latest ``count`` actions at a table with
    the take-back policy ``rule`` (a catalogue key), ``None`` if it could: the live table's
    rules (app/features/takeback/asking.py). Under ``consent`` anything further back needed
    the others' agreement, which a record cannot show and a bot gives at once: accepted."""
    if rule == "none":
        return "api.record.takeback_off"
    if not 0 <= seat < players:
        return "api.record.takeback_not_own"
    if rule != "consent" and count > line.own_turn(seat):
        return "api.record.takeback_not_own"
    return None


def check(record: GameRecord) -> tuple[Engine, dict[str, Any], dict[str, Any],
                                       list[dict[str, Any]]]:
    """Replay a record step by step; ``(engine, options, final state, event rows)`` or a
    422 naming the first thing that is wrong."""
    if record.format_version != FORMAT_VERSION:
        raise _refuse("api.record.format", found=record.format_version, reads=FORMAT_VERSION)
    engine = get_engine(record.game)
    if engine is None:
        raise _refuse("api.no_such_game_kind", game=record.game[:60])
    if record.rules_version != engine.rules_version:
        raise _refuse("api.record.rules_version", played=str(record.rules_version),
                      game=engine.name, current=str(engine.rules_version))
    players = len(record.seats)
    if not engine.min_players <= players <= engine.max_players:
        raise _refuse("api.record.players", game=engine.name, min=engine.min_players,
                      max=engine.max_players, seats=players)
    if [s.seat for s in record.seats] != list(range(players)):
        raise _refuse("api.record.seat_numbers")
    for s in record.seats:
        clean_name(s.name)  # a 422 naming the problem, before any replaying
    try:
        options = engine.validate_options(record.options)
        rule = record.settings.takeback
    except ValidationError as exc:
        raise ApiError(422, validation_message(exc.errors(), "The record's options or settings "
                                                            "are not valid here")) from None
    line = Line(engine, engine.setup(players, options, record.seed))
    rows: list[dict[str, Any]] = []
    for i, step in enumerate(record.actions, start=1):
        where = {"action": i, "seat": step.seat + 1}
        if engine.outcome(line.state) is not None:
            raise _refuse("api.record.goes_on", last=i - 1)
        log: list[dict[str, Any]] = []
        if step.action.get("type") == TAKEBACK:
            # A take-back of the game's own history: it must undo the latest actions still
            # in play (never across a reveal), exactly as the table allowed it.
            try:
                undo = [int(v) for v in step.action.get("undo") or []]
                line.restored(undo)  # ValueError unless the latest actions still in play
            except (TypeError, ValueError):
                raise _refuse("api.record.bad_takeback", **where) from None
            refused = _takeback_refusal(rule, line, step.seat, len(undo), players)
            if refused is not None:
                raise _refuse(refused, **where)
            line.take_back(undo)
        else:
            if step.seat >= players or step.seat not in engine.to_act(line.state):
                raise _refuse("api.record.seat_not_to_act", **where)
            try:
                result = line.play(step.seat, step.action)
            except ActionError as exc:
                raise _refuse("api.record.invalid_action", why=_nested(exc), **where) from None
            except RuleError as exc:
                raise _refuse("api.record.against_rules", why=_nested(exc), **where) from None
            except Exception:
                raise _refuse("api.record.unappliable", **where) from None
            log = [loglines.stored(i, step.seat, e) for e in result.log]
        rows.append({"seq": i, "seat": step.seat, "action": step.action, "log": log})
    state = line.state
    outcome = engine.outcome(state)
    if outcome is None:
        raise _refuse("api.record.unfinished", count=len(record.actions))
    replayed, recorded = outcome.as_dict(), record.outcome.model_dump()
    for name in ("scores", "ranks", "detail"):
        # The first part that differs, by name: "scores 0, 0 differ from 0, 0" explained
        # nothing when only the ranks had been changed.
        if canonical_json(replayed.get(name)) != canonical_json(recorded.get(name)):
            raise _refuse("api.record.outcome_differs", field=name,
                          recorded=_worded(recorded.get(name)),
                          replayed=_worded(replayed.get(name)))
    if canonical_json(replayed) != canonical_json(recorded):
        raise _refuse("api.record.outcome_differs", field="outcome",
                      recorded=_worded(recorded), replayed=_worded(replayed))
    return engine, options, state, rows


def import_record(store: Store, record: GameRecord) -> dict[str, Any]:
    """Check a record and store it as a finished game; the new game row."""
    engine, options, state, rows = check(record)
    return store.add_finished(
        {"kind": engine.id, "options": options,
         "settings": record.settings.model_dump(exclude_unset=True),
         "seed": record.seed, "rules_version": engine.rules_version,
         "player_count": len(record.seats), "version": len(rows), "state": state},
        [s.model_dump() for s in record.seats], rows)


# == routes ====================================================================================

@router.get("/games/{game_id}/record", summary="A finished game's record (one JSON file)",
            responses=deps.refusals(401, 403, 404, 409, 422), openapi_extra=deps.OPTIONAL_AUTH)
async def record(game_id: deps.GameId, store: deps.StoreDep, credential: deps.Cred,
                 response: Response, watch: deps.WatchParam = None) -> GameRecord:
    """Readable by whoever may read the game's history (a seat, the watch link, anybody for
    a listed game that welcomes spectators); only once the game is finished."""
    game = await deps.run(store.game, game_id)
    deps.no_stranger_watch_link(game, watch)
    if not (game["listed"] and game["spectators"]):
        if credential:
            await deps.seat_in(store, credential, game_id)
        elif not deps.is_watch_link(game, watch):
            raise ApiError(403, "api.record_needs_link")
    out = await deps.run(export, store, game)
    response.headers["Content-Disposition"] = (
        f'attachment; filename="meja-{game["kind"]}-{game_id}.json"')
    return GameRecord.model_validate(out)


@router.post("/records", status_code=201, summary="Import a game record (watch it as a replay)",
             dependencies=[deps.rate_limited("records")],
             responses=deps.refusals(400, 413, 422, 429))
async def import_route(body: GameRecord, store: deps.StoreDep) -> ImportedRecord:
    """The server replays the record and refuses it (422, with the reason) unless every
    action is legal and the outcome is the recorded one."""
    game = await asyncio.to_thread(import_record, store, body)
    return ImportedRecord(game_id=game["id"], watch_url=watch_url(game) or "",
                          version=game["version"])

