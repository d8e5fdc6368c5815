"""How a table is run, chosen by the host at creation (``CreateLobby.settings``).

Engine options change the rules of a game; table settings change how the service runs the
table around it (its clock, its take-back policy, ...). They are stored in ``games.settings``
and shown to every viewer in ``LobbyInfo.settings``, so nothing secret belongs here.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import orjson
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, Strict, model_validator
from pydantic_core import PydanticCustomError

#: Real time: a bank from 1 minute to 3 hours, an increment of up to 10 minutes per move.
BANK_RANGE = (60, 3 * 3600)
INCREMENT_RANGE = (0, 600)
#: Turn-based: from 5 minutes (onlineboardgamers' shortest kick-out timer) to 14 days.
TURN_RANGE = (300, 14 * 86400)


def _span(seconds: int) -> str:
    """A duration in words ("3 hours", "14 days", "90 seconds")."""
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= size and seconds % size == 0:
            n = seconds // size
            return f"{n} {unit}{'s' if n != 1 else ''}"
    return f"{seconds} second{'s' if seconds != 1 else ''}"


def _per_kind(schema: dict[str, Any]) -> None:
    """The bounds of the kind in use, stated in the document (one ``oneOf`` branch per kind,
    as :meth:`TimeControl._sane` checks them; a kind ignores the other kinds' fields)."""
    def bounds(lo_hi: tuple[int, int]) -> dict[str, Any]:
        return {"type": "integer", "minimum": lo_hi[0], "maximum": lo_hi[1]}
    schema["oneOf"] = [
        {"properties": {"kind": {"const": "none"}}},  # also when no kind is given
        {"properties": {"kind": {"const": "realtime"}, "bank_seconds": bounds(BANK_RANGE),
                        "increment_seconds": bounds(INCREMENT_RANGE)}, "required": ["kind"]},
        {"properties": {"kind": {"const": "turn"}, "turn_seconds": bounds(TURN_RANGE)},
         "required": ["kind"]}]


def _number(value: Any) -> Any:
    """Seconds are a JSON number: ``600`` or ``600.0`` (JSON Schema's integer, as the
    document says), never ``"600"`` or ``true``, which pydantic's lax int would take."""
    if isinstance(value, (str, bool)):
        raise PydanticCustomError("int_type", "Input should be a valid integer")
    return value


#: A JSON integer as JSON Schema counts it (``600.0`` is one; a fraction, text or a boolean
#: is not), for every whole number a request carries where the document says ``integer``.
JsonInt = Annotated[int, BeforeValidator(_number)]
#: Whole seconds.
Seconds = JsonInt
#: A JSON boolean: ``true`` or ``false``, never ``0``, ``1.0`` or ``"yes"``, which pydantic's
#: lax bool would take although the document says ``boolean``.
JsonBool = Annotated[bool, Strict()]


class TimeControl(BaseModel):
    """The table's clock.

    ``none``: no clock (how Meja always ran). ``realtime``: every player has a bank of
    ``bank_seconds`` and gains ``increment_seconds`` per committed move; the clock of every
    seat the game waits for runs. ``turn``: each turn must be played within
    ``turn_seconds`` (hours or days), shown as a deadline.
    """

    model_config = ConfigDict(extra="forbid", json_schema_extra=_per_kind)
    kind: Literal["none", "realtime", "turn"] = "none"
    bank_seconds: Seconds = 600
    increment_seconds: Seconds = 10
    turn_seconds: Seconds = 86400

    @model_validator(mode="after")
    def _sane(self) -> TimeControl:
        # Checked for the kind in use only: a turn-based table ignores the bank fields.
        checks = {"realtime": [("bank_seconds", "The time bank", BANK_RANGE),
                               ("increment_seconds", "The increment per move",
                                INCREMENT_RANGE)],
                  "turn": [("turn_seconds", "The time per turn", TURN_RANGE)]}
        for name, words, (lo, hi) in checks.get(self.kind, []):
            value = getattr(self, name)
            if not lo <= value <= hi:
                # A custom error: its sentence reaches the host without pydantic's prefix.
                raise PydanticCustomError(
                    "time_control", f"{words} must be between "
                    f"{_span(lo) if lo else 'no time'} and {_span(hi)} (it was {value} "
                    "seconds).")
        return self


#: Who may take back what (app/features/takeback/): nobody; a player their own actions of the
#: current turn; or also anything since the last reveal with every other player's consent.
TakebackPolicy = Literal["none", "own_turn", "consent"]


class TableSettings(BaseModel):
    """The host's choices for one table. Every field has a default, so ``{}`` is valid."""

    model_config = ConfigDict(extra="forbid")
    time_control: TimeControl = Field(default_factory=lambda: TimeControl())
    #: What happens to a seat whose time runs out: ``bot`` a bot plays it (the player may
    #: take it back), ``skip`` it passes where the game has a pass (else the bot), ``end``
    #: the game ends with that player ranked last.
    out_of_time: Literal["bot", "skip", "end"] = "bot"
    holiday_days: JsonInt = Field(
        default=7, ge=0, le=30, description="Turn-based tables: the days of holiday each "
                                            "player may take in this game, in all")
    takeback: TakebackPolicy = Field(
        default="own_turn", description="Take-backs: none; your own moves of the current turn "
                                "(until a roll, a draw or a secret is revealed); or also "
                                "earlier moves with every other player's consent")
    hints: JsonBool = Field(default=False, description="Beginners' hints: a player may ask the "
                        "normal bot for a good move on their own view (everyone sees that "
                        "hints are on)")
    lesson: str | None = Field(default=None, pattern=r"^[a-z0-9-]{1,40}/[a-z0-9-]{1,40}$",
                               description="Set by the server for a lesson's table "
                               "(POST /api/lessons/...): '<game>/<lesson>'; a host cannot "
                               "choose it")


class HostSettings(TableSettings):
    """What a host may choose when creating a lobby: every table setting but ``lesson``,
    which only the lessons' own route sets (a lobby that claimed to be a lesson would show
    a coach over a game its script does not fit)."""

    lesson: None = Field(default=None, description="Only a lesson's table has one "  # type: ignore[assignment]
                         "(POST /api/lessons/...)")


#: Parsed settings by their stored JSON: a move reads its table's settings several times
#: (the take-back offer in every seat's document, the clock), and validating the model each
#: time was a few percent of the server's CPU per move. Bounded; a table's settings are few.
_PARSED: dict[bytes, TableSettings] = {}
_PARSED_MAX = 1024


def settings_of(game: dict[str, Any]) -> TableSettings:
    """The stored settings of a game row (rows from before settings read as the defaults).
    The result is shared between callers: read it, never change it."""
    raw = game.get("settings") or {}
    try:
        key = orjson.dumps(raw)
    except TypeError:  # not stored JSON (a model already): nothing to remember it by
        return TableSettings.model_validate(raw)
    parsed = _PARSED.get(key)
    if parsed is None:
        parsed = TableSettings.model_validate(raw)
        if len(_PARSED) >= _PARSED_MAX:
            _PARSED.clear()
        _PARSED[key] = parsed
    return parsed


def describe_time(settings: TableSettings) -> str:
    """The clock in words, as the lobby and the game page show it."""
    tc = settings.time_control
    if tc.kind == "none":
        return "No clock"
    if tc.kind == "realtime":
        clock = f"Real time: {_span(tc.bank_seconds)}"
        clock += f" + {_span(tc.increment_seconds)} per move" if tc.increment_seconds else ""
    else:
        clock = f"Turn-based: {_span(tc.turn_seconds)} per turn"
    then = {"bot": "a bot plays for a player out of time",
            "skip": "a player out of time passes",
            "end": "a player out of time loses (the game ends)"}[settings.out_of_time]
    if tc.kind == "turn":
        days = settings.holiday_days
        then += f"; {_span(days * 86400)} of holiday per player" if days else "; no holiday"
    return f"{clock}; {then}"
