"""The turn's flow after each action: the roll, the legs of the move, arrival, the next
turn with its automatic draw, and the game's end. These mutate the fresh copy."""

from __future__ import annotations

from engines.core.log import LogEntry, seat_ref
from engines.core.rng import Rng
from engines.tuk_tuk_taxi import data, rules, scoring, signs, words
from engines.tuk_tuk_taxi.data import cell_key
from engines.tuk_tuk_taxi.routes import leg_outcomes
from engines.tuk_tuk_taxi.state import MoveOption, TukTukState, Turn


def fresh_turn() -> Turn:
    """Nothing moved, nothing used, nothing rolled."""
    return {"prev": None, "first": True, "used": [], "roll": None}


def roll_die(s: TukTukState, seat: int, log: list[LogEntry]) -> None:
    """Roll the coloured die and offer the leg it allows."""
    rng = Rng(s["rng"])
    value = rng.randint(1, 6)
    s["rng"] = rng.position
    colour = data.DIE_COLOURS[value]
    s["die"] = {"value": value, "colour": colour}
    s["turn"]["roll"] = value
    log.append(LogEntry.say("tuk-tuk-taxi.log.rolled", seat=seat_ref(seat), colour=colour,
                            value=value, data={"value": value, "colour": colour}))
    offer_moves(s, seat, value, log)


def offer_moves(s: TukTukState, seat: int, budget: int, log: list[LogEntry]) -> None:
    """Work out this leg's outcomes; a taxi that cannot move at all ends its move."""
    moves: list[MoveOption] = [{
        "to": cell_key(o.end),
        "path": [cell_key(c) for c in o.path],
        "police": o.police,
        "light": o.light,
        "prev": None if o.prev is None else cell_key(o.prev),
        "acted": [cell_key(c) for c in o.acted],
        "continuation": o.continuation,
        "note": words.note(s, seat, o),
    } for o in leg_outcomes(rules.leg_for(s, seat, budget))]
    s["moves"] = moves
    if all(len(m["path"]) == 1 and not m["police"] for m in moves):
        s["moves"] = []
        log.append(LogEntry.say("tuk-tuk-taxi.log.cannot_move", seat=seat_ref(seat),
                                place={"cell": s["taxis"][seat]}))
        arrive(s, seat, log)
        return
    s["phase"] = "move"


def drive(s: TukTukState, seat: int, chosen: MoveOption, log: list[LogEntry]) -> None:
    """Drive the chosen route; Police, No parking and No stopping act at its end."""
    s["moves"] = []
    turn = s["turn"]
    turn["used"] = sorted(set(turn["used"]) | set(chosen["acted"]), key=data.parse_cell)
    path = chosen["path"]
    s["taxis"][seat] = chosen["to"]
    if chosen["police"]:
        log.append(LogEntry.say("tuk-tuk-taxi.log.police", seat=seat_ref(seat),
                                place={"cell": chosen["to"]}, data={"path": path}))
        next_turn(s, log)
        return
    if len(path) > 1:
        turn["prev"] = chosen["prev"]
        turn["first"] = False
    log.append(LogEntry.say("tuk-tuk-taxi.log.drove", seat=seat_ref(seat),
                            place={"cell": chosen["to"]}, steps=len(path) - 1,
                            data={"path": path}))
    cont = chosen["continuation"]
    if cont is not None:
        turn["used"] = sorted(set(turn["used"]) | {chosen["to"]}, key=data.parse_cell)
    if cont == "no_parking":
        s["phase"] = "no_parking"
    elif cont == "no_stopping":
        log.append(LogEntry.say("tuk-tuk-taxi.log.no_stopping", seat=seat_ref(seat),
                                steps=data.NO_STOPPING_STEPS, place={"cell": chosen["to"]}))
        offer_moves(s, seat, data.NO_STOPPING_STEPS, log)
    else:
        arrive(s, seat, log)


def arrive(s: TukTukState, seat: int, log: list[LogEntry]) -> None:
    """Pick up or drop off where the taxi came to rest, then pass the turn on."""
    cell = s["taxis"][seat]
    if s["carrying"][seat] and cell == rules.own_stop(seat):
        drop_off(s, seat, log)
        if s["phase"] == "over":
            return
    elif not s["carrying"][seat] and cell in s["passengers"]:
        s["passengers"].remove(cell)
        s["carrying"][seat] = True
        log.append(LogEntry.say("tuk-tuk-taxi.log.picked_up", seat=seat_ref(seat),
                                place={"cell": cell}, data={"cell": cell}))
    next_turn(s, log)


def drop_off(s: TukTukState, seat: int, log: list[LogEntry]) -> None:
    """Deliver the passenger; the game may be decided (ruling 9)."""
    s["carrying"][seat] = False
    s["delivered"][seat] += 1
    s["drops"] += 1
    s["last_drop"][seat] = s["drops"]
    log.append(LogEntry.say("tuk-tuk-taxi.log.dropped_off", seat=seat_ref(seat),
                            place={"cell": rules.own_stop(seat)}, count=s["delivered"][seat]))
    if scoring.nobody_can_overtake(s):
        game_over(s, log)


def game_over(s: TukTukState, log: list[LogEntry]) -> None:
    """The end: the leader wins, or nobody delivered and it is a draw."""
    s["phase"] = "over"
    s["moves"] = []
    if max(s["delivered"]) == 0:
        log.append(LogEntry.say("tuk-tuk-taxi.log.draw"))
        return
    winner = scoring.leader(s)
    log.append(LogEntry.say("tuk-tuk-taxi.log.wins", seat=seat_ref(winner),
                            count=s["delivered"][winner]))


def end_action_sign(s: TukTukState, seat: int, kind: str, log: list[LogEntry]) -> None:
    """Mechanic and Gas station end the turn; Mechanic also skips the next one."""
    s["removed"] += 1
    if kind == "mechanic":
        s["skip"][seat] = True
    next_turn(s, log)


def next_turn(s: TukTukState, log: list[LogEntry]) -> None:
    """Pass the turn on: skipped turns, the next draw, or the end of the stack."""
    while True:
        if not s["stack"]:
            log.append(LogEntry.say("tuk-tuk-taxi.log.stack_empty"))
            game_over(s, log)
            return
        seat = (s["current"] + 1) % s["players"]
        s["current"] = seat
        if s["skip"][seat]:
            s["skip"][seat] = False
            log.append(LogEntry.say("tuk-tuk-taxi.log.skips", seat=seat_ref(seat),
                                    place={"cell": s["taxis"][seat]}))
            continue
        if start_turn(s, seat, log):
            return


def start_turn(s: TukTukState, seat: int, log: list[LogEntry]) -> bool:
    """Begin ``seat``'s turn; False when the turn ended by itself (play goes on)."""
    s["current"] = seat
    s["turn"] = fresh_turn()
    s["die"] = None
    s["moves"] = []
    if s["carrying"][seat] and s["taxis"][seat] == rules.own_stop(seat):
        drop_off(s, seat, log)  # ruling 8: sent home earlier, drops off now
        if s["phase"] == "over":
            return True
    kind = s["stack"].pop(0)
    s["drawn"] = kind
    log.append(LogEntry.say("tuk-tuk-taxi.log.drew", seat=seat_ref(seat),
                            sign=words.sign_term(kind), data={"kind": kind}))
    s["phase"] = "sign"
    return _sign_needs_the_player(s, seat, kind, log)


def _sign_needs_the_player(s: TukTukState, seat: int, kind: str, log: list[LogEntry]) -> bool:
    """Discard what cannot be used; False when the drawn tile ended the turn (ruling 16)."""
    if kind in data.PLACED:
        if not signs.placements(kind, s["taxis"]):
            s["removed"] += 1
            log.append(LogEntry.say("tuk-tuk-taxi.log.unplaceable", sign=words.sign_term(kind)))
            s["phase"] = "roll"
    elif kind == "remove_sign":
        if not s["signs"]:
            s["removed"] += 1
            log.append(LogEntry.say("tuk-tuk-taxi.log.nothing_to_remove"))
            s["phase"] = "roll"
    elif not rules.free_spaces(s, seat, kind):
        log.append(LogEntry.say("tuk-tuk-taxi.log.spaces_taken", seat=seat_ref(seat), kind=kind))
        s["removed"] += 1
        if kind == "mechanic":
            s["skip"][seat] = True
        return False
    return True
