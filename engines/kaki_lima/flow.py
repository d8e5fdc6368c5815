"""The turn, stage by stage (spec "Turn structure"): walk, walk together, land (Lokasi
actions), Jom!, end of turn; plus the end round, the stalled-game rule and final clearing.

Each ``do_*`` function takes an already cloned state, checks the rules (raising
``RuleError`` with a sentence for the player), changes the state and appends log lines.
"""

from __future__ import annotations

from typing import Any

from engines.core.errors import RuleError
from engines.core.log import LogEntry, seat_ref
from engines.kaki_lima.board import GAP_CELLS, is_lokasi, kinds
from engines.kaki_lima.data import (
    ANOTHER,
    DRAW,
    GATHER,
    HAND_LIMIT,
    LOKASI,
    MAXIMIZE,
    MOVE,
    STALL_ROUNDS,
    SWAP,
    TOKEN,
    TRADE,
)
from engines.kaki_lima.moves import check_tasks, discard_cards, draw_card, place_jom
from engines.kaki_lima.rules import (
    blocked_cells,
    card_booster,
    clear_targets,
    combos,
    jom_options,
)
from engines.kaki_lima.setup import new_turn, start_cells
from engines.kaki_lima.walking import (
    combo_ends,
    companion_steps,
    next_steps,
    steps_left,
    walk_together_candidates,
)
from engines.kaki_lima.words import cell_ref, langkah_ref, langkah_refs

State = dict[str, Any]
Log = list[LogEntry]

COMPANION_ACTIONS = (DRAW, MAXIMIZE, TOKEN)





# --- set-up --------------------------------------------------------------------------------

def do_place(state: State, seat: int, cell: int, log: Log) -> None:
    """Put a pedestrian on a border Green card; the last one placed starts the game."""
    if state["phase"] != "place" or seat != state["placing"]:
        raise RuleError("kaki-lima.err.not_your_placing")
    if cell not in start_cells(state):
        raise RuleError("kaki-lima.err.start_border")
    state["pos"][seat] = cell
    log.append(LogEntry.say("kaki-lima.log.starts", seat=seat_ref(seat),
                            cell=cell_ref(state, cell)))
    if seat + 1 < state["n"]:
        state["placing"] = seat + 1
    else:
        state["phase"] = "play"
        start_turn(state, 0, log)


# --- step 1: playing cards -----------------------------------------------------------------

def do_walk(state: State, cards: list[str], end: int, log: Log) -> None:
    """Play the card(s) and fix the end card; the path follows step by step."""
    seat = state["current"]
    turn = state["turn"]
    found = [c for c in combos(state["hands"][seat], turn["committed"]) if c["cards"] == cards]
    if not found:
        if any(c not in state["hands"][seat] for c in cards):
            raise RuleError("kaki-lima.err.cards_from_hand")
        raise RuleError("kaki-lima.err.not_together")
    combo = found[0]
    if end not in combo_ends(state, seat, combo):
        raise RuleError("kaki-lima.err.cannot_end_there")
    hand = state["hands"][seat]
    for c in cards:
        hand.remove(c)
    turn["played"].extend(cards)
    turn["committed"] = None
    said: dict[str, Any] = {"seat": seat_ref(seat), "card": langkah_ref(cards[0]),
                            "steps": combo["steps"], "cell": cell_ref(state, end)}
    if len(cards) > 1:
        said["partner"] = langkah_ref(cards[1])
    if len(cards) > 1:
        log.append(LogEntry.say("kaki-lima.log.plays_pair", data={"end": end}, **said))
    else:
        log.append(LogEntry.say("kaki-lima.log.plays", data={"end": end}, **said))
    if combo["pickup"] and state["pool"] > 0:
        state["pool"] -= 1
        state["held"][seat] += 1
        log.append(LogEntry.say("kaki-lima.log.pickup_booster", seat=seat_ref(seat)))
    start = state["pos"][seat]
    turn["walk"] = {
        "cards": cards, "steps": combo["steps"], "end": end, "path": [start],
        "diagonal": combo["diagonal"], "reverse": combo["reverse"], "around": combo["around"],
    }
    turn["route"] = [start]
    turn["stage"] = "path"
    auto_steps(state, log)


def do_swap(state: State, card: str, log: Log) -> None:
    """Swap with Discard: this card goes on the discard pile, its top card comes to hand;
    the player walks that card now or keeps it (spec ruling 3)."""
    seat = state["current"]
    turn = state["turn"]
    if turn["stage"] != "walk" or card not in state["hands"][seat] or card_booster(card) != SWAP:
        raise RuleError("kaki-lima.err.swap_only")
    if not state["discard"]:
        raise RuleError("kaki-lima.err.discard_empty")
    taken = state["discard"].pop()
    state["hands"][seat].remove(card)
    state["hands"][seat].append(taken)
    state["discard"].append(card)
    turn["committed"] = taken
    turn["commit_kind"] = SWAP
    turn["stage"] = "committed"
    log.append(LogEntry.say("kaki-lima.log.swaps", seat=seat_ref(seat), card=langkah_ref(card),
                            taken=langkah_ref(taken)))


def do_move_token(state: State, card: str, source: int, target: int, log: Log) -> None:
    """Move Clearing Token: the old card is blocked again, nobody's count changes
    (spec ruling 7); the card must then be walked, or is discarded."""
    seat = state["current"]
    turn = state["turn"]
    if turn["stage"] != "walk" or card not in state["hands"][seat] or card_booster(card) != MOVE:
        raise RuleError("kaki-lima.err.move_only")
    if source not in state["cleared"]:
        raise RuleError("kaki-lima.err.no_token_there")
    if source in state["pos"]:
        raise RuleError("kaki-lima.err.token_under_pedestrian")
    if target not in blocked_cells(state):
        raise RuleError("kaki-lima.err.token_onto_red")
    state["cleared"].remove(source)
    state["cleared"].append(target)
    turn["committed"] = card
    turn["commit_kind"] = MOVE
    turn["stage"] = "committed"
    turn["active"] = True
    log.append(LogEntry.say("kaki-lima.log.moves_token", data={"moved": [source, target]},
                            seat=seat_ref(seat), source=cell_ref(state, source),
                            target=cell_ref(state, target)))


def do_no_walk(state: State, log: Log) -> None:
    """Skip walking (keep the swapped card; discard a Move card; skip Play Another Card)."""
    seat = state["current"]
    turn = state["turn"]
    if turn["stage"] not in ("walk", "committed"):
        raise RuleError("kaki-lima.err.mid_walk")
    if turn["commit_kind"] == MOVE and turn["committed"] is not None:
        state["hands"][seat].remove(turn["committed"])
        turn["played"].append(turn["committed"])
    turn["committed"] = None
    if turn["extra"]:
        log.append(LogEntry.say("kaki-lima.log.no_another", seat=seat_ref(seat)))
        end_turn(state, log)
        return
    log.append(LogEntry.say("kaki-lima.log.no_walk", seat=seat_ref(seat)))
    enter_jom(state, log)


def do_step(state: State, cell: int, clear: bool, log: Log) -> None:
    """The next card of the path (clearing a Red card on it with a token if asked)."""
    turn = state["turn"]
    if turn["stage"] != "path":
        raise RuleError("kaki-lima.err.no_walk_in_progress")
    if (cell, clear) not in next_steps(state):
        raise RuleError("kaki-lima.err.step_not_leading")
    take_step(state, cell, clear, log)
    auto_steps(state, log)


def take_step(state: State, cell: int, clear: bool, log: Log) -> None:
    """Add one card to the path."""
    seat = state["current"]
    turn = state["turn"]
    if clear:
        state["held"][seat] -= 1
        state["cleared"].append(cell)
        state["paths"][seat] += 1
        turn["active"] = True
        log.append(LogEntry.say("kaki-lima.log.clears_on_way", data={"cleared": cell},
                                seat=seat_ref(seat), cell=cell_ref(state, cell)))
    turn["walk"]["path"].append(cell)
    turn["route"].append(cell)


def auto_steps(state: State, log: Log) -> None:
    """Take forced steps (only one way on); once the path is complete, go on to walking
    together."""
    walk = state["turn"]["walk"]
    while steps_left(walk) > 0:
        options = next_steps(state)
        if len(options) != 1:
            return
        take_step(state, options[0][0], options[0][1], log)
    finish_path(state, log)


# --- step 2: walking together --------------------------------------------------------------

def finish_path(state: State, log: Log) -> None:
    """The path is given: invite pedestrians along it in path order (spec ruling 5)."""
    turn = state["turn"]
    turn["cands"] = walk_together_candidates(state)
    turn["companions"] = []
    next_candidate(state, log)


def next_candidate(state: State, log: Log) -> None:
    """Move to the next pedestrian who may walk together, or walk."""
    turn = state["turn"]
    if turn["cands"]:
        cand = turn["cands"].pop(0)
        turn["invite"] = {"seat": cand["seat"], "idx": cand["idx"], "sub": "offer", "steps": 0}
        turn["stage"] = "invite"
        return
    turn["invite"] = None
    resolve_walk(state, log)


def invite_actor(state: State) -> int:
    """Who answers now in the walk-together exchange."""
    inv = state["turn"]["invite"]
    return state["current"] if inv["sub"] in ("offer", "answer") else inv["seat"]





def do_invite(state: State, who: int, log: Log) -> None:
    """The walker invites the pedestrian being asked; it answers next."""
    inv = state["turn"]["invite"]
    if who != inv["seat"]:
        raise RuleError("kaki-lima.err.invite_who")
    inv["sub"] = "reply"
    log.append(LogEntry.say("kaki-lima.log.invites", seat=seat_ref(state["current"]),
                            other=seat_ref(who)))


def do_skip_invite(state: State, log: Log) -> None:
    """The walker does not invite: the pedestrian may ask to be picked up."""
    state["turn"]["invite"]["sub"] = "ask"


def do_ask_pickup(state: State, steps: int | None, log: Log) -> None:
    """The pedestrian asks to be picked up for ``steps`` steps (None: does not ask)."""
    inv = state["turn"]["invite"]
    if steps is None:
        next_candidate(state, log)
        return
    if steps not in companion_steps(state, inv["idx"]):
        raise RuleError("kaki-lima.err.come_along")
    inv["sub"] = "answer"
    inv["steps"] = steps
    log.append(LogEntry.say("kaki-lima.log.asks_pickup", seat=seat_ref(inv["seat"]),
                            walker=seat_ref(state["current"]), steps=steps))


def do_answer_pickup(state: State, accept: bool, log: Log) -> None:
    """The walker takes the pedestrian along, or walks on alone."""
    inv = state["turn"]["invite"]
    if accept:
        add_companion(state, inv["seat"], inv["idx"], inv["steps"], log)
    else:
        log.append(LogEntry.say("kaki-lima.log.walks_on", seat=seat_ref(state["current"]),
                                other=seat_ref(inv["seat"])))
    next_candidate(state, log)


def do_reply_invite(state: State, steps: int | None, log: Log) -> None:
    """The invitee comes along for ``steps`` steps, or declines (None)."""
    inv = state["turn"]["invite"]
    if steps is None:
        log.append(LogEntry.say("kaki-lima.log.declines_walk", seat=seat_ref(inv["seat"])))
    elif steps not in companion_steps(state, inv["idx"]):
        raise RuleError("kaki-lima.err.come_along")
    else:
        add_companion(state, inv["seat"], inv["idx"], steps, log)
    next_candidate(state, log)


def add_companion(state: State, seat: int, idx: int, steps: int, log: Log) -> None:
    """A pedestrian walks together from path[idx] for ``steps`` steps."""
    state["turn"]["companions"].append({"seat": seat, "idx": idx, "steps": steps})
    walker = state["current"]
    log.append(LogEntry.say("kaki-lima.log.walks_with", seat=seat_ref(seat),
                            walker=seat_ref(walker), steps=steps))


# --- step 3: landing -----------------------------------------------------------------------

def resolve_walk(state: State, log: Log) -> None:
    """Everyone walks; landings happen; then the walker's Lokasi actions (spec rulings 1, 4)."""
    turn = state["turn"]
    walk = turn["walk"]
    walker = state["current"]
    path = walk["path"]
    movers = [(walker, walk["end"], walk["steps"], True)]
    for comp in turn["companions"]:
        movers.append((comp["seat"], path[comp["idx"] + comp["steps"]], comp["steps"], False))
    log.append(LogEntry.say("kaki-lima.log.walks_to", data={"path": list(path), "seat": walker},
                            seat=seat_ref(walker), cell=cell_ref(state, walk["end"])))
    state["last_walk"] = {"seat": walker, "path": list(path)}
    for seat, dest, _steps, _w in movers:
        leave_card(state, seat, dest, log)
        state["pos"][seat] = dest
    for seat, _dest, _steps, is_walker in movers:
        if not is_walker:
            meet(state, walker, seat)  # a pick-up counts as meeting
    landers = {m[0] for m in movers}
    for seat, dest, steps, is_walker in movers:
        land(state, seat, dest, steps, is_walker, landers, log)
    for seat, dest, _steps, is_walker in movers:
        if not is_walker and is_lokasi(state["cells"][dest]):
            for act in LOKASI[state["cells"][dest]]:
                if act in COMPANION_ACTIONS:
                    lokasi_action(state, seat, act, log)
    turn["walk"] = None
    turn["walked"] = True
    turn["active"] = True
    end_card = state["cells"][walk["end"]]
    if is_lokasi(end_card):
        turn["actions"] = [a for a in LOKASI[end_card]
                           if a != GATHER and not (a == ANOTHER and turn["extra"])]
        turn["offered"] = []
    run_actions(state, log, after_walk=True)


def leave_card(state: State, seat: int, dest: int, log: Log) -> None:
    """A pedestrian leaving a gathering spot gives up the cards set aside there."""
    aside = state["aside"][seat]
    if aside is not None and aside["cell"] != dest:
        discard_cards(state, aside["cards"])
        state["aside"][seat] = None
        log.append(LogEntry.say("kaki-lima.log.leaves", seat=seat_ref(seat),
                                cell=cell_ref(state, aside["cell"])))


def meet(state: State, a: int, b: int) -> None:
    """Two pedestrians meet (Jom Kawan entries)."""
    if b not in state["met"][a]:
        state["met"][a].append(b)
    if a not in state["met"][b]:
        state["met"][b].append(a)


def land(state: State, seat: int, dest: int, steps: int, is_walker: bool, landers: set[int],
         log: Log) -> None:
    """End a walk on a card: visits, meetings, gathering (spec rulings 1 and 4)."""
    card = state["cells"][dest]
    others = [o for o in range(state["n"]) if o != seat and state["pos"][o] == dest]
    lokasi = is_lokasi(card)
    if lokasi and card not in state["reached"][seat]:
        state["reached"][seat].append(card)
    for o in others:
        meet(state, seat, o)
        if lokasi:
            for s in (seat, o):
                if card not in state["met_at"][s]:
                    state["met_at"][s].append(card)
    if not lokasi or GATHER not in LOKASI[card]:
        return
    if others:
        state["gather"][seat] += steps
        log.append(LogEntry.say("kaki-lima.log.gathers", seat=seat_ref(seat),
                                cell=cell_ref(state, dest), vp=steps))
        for o in others:
            aside = state["aside"][o]
            if o not in landers and aside is not None and aside["cell"] == dest:
                state["gather"][o] += aside["steps"]
                discard_cards(state, aside["cards"])
                state["aside"][o] = None
                log.append(LogEntry.say("kaki-lima.log.was_waiting", seat=seat_ref(o),
                                        cell=cell_ref(state, dest), vp=aside["steps"]))
    elif is_walker:
        turn = state["turn"]
        state["aside"][seat] = {"cell": dest, "cards": turn["played"], "steps": steps}
        turn["played"] = []
        log.append(LogEntry.say("kaki-lima.log.waits", seat=seat_ref(seat),
                                cell=cell_ref(state, dest)))


def lokasi_action(state: State, seat: int, act: str, log: Log) -> None:
    """Draw an extra card, maximize the hand, or pick up a clearing token."""
    if act == DRAW:
        draw_card(state, seat, log)
    elif act == MAXIMIZE:
        while len(state["hands"][seat]) < HAND_LIMIT and draw_card(state, seat, log):
            pass
    elif act == TOKEN:
        if state["pool"] > 0:
            state["pool"] -= 1
            state["held"][seat] += 1
            log.append(LogEntry.say("kaki-lima.log.pickup_token", seat=seat_ref(seat)))
        else:
            log.append(LogEntry.say("kaki-lima.log.pool_empty"))


def run_actions(state: State, log: Log, after_walk: bool = False) -> None:
    """The walker's Lokasi actions in order; trading waits for the walker's offers.
    ``after_walk``: straight after the walk, with no decision of the walker's in between."""
    turn = state["turn"]
    seat = state["current"]
    while turn["actions"]:
        act = turn["actions"].pop(0)
        if act == TRADE:
            if trade_recipients(state):
                turn["stage"] = "trade"
                return
        elif act == ANOTHER:
            turn["another"] = True
        else:
            lokasi_action(state, seat, act, log)
    enter_jom(state, log, after_walk=after_walk)


# --- trade ---------------------------------------------------------------------------------

def trade_recipients(state: State) -> list[int]:
    """Players who may still get an offer at this landing (one each, spec ruling 6)."""
    seat = state["current"]
    if not state["hands"][seat]:
        return []
    return [o for o in range(state["n"]) if o != seat and o not in state["turn"]["offered"]
            and state["hands"][o]]


def do_offer(state: State, to: int, cards: list[str], log: Log) -> None:
    """Offer 1 or 2 cards to one other player, who answers."""
    seat = state["current"]
    if state["turn"]["stage"] != "trade":
        raise RuleError("kaki-lima.err.trade_only_stall")
    if to not in trade_recipients(state):
        raise RuleError("kaki-lima.err.one_offer_each")
    if len(set(cards)) != len(cards) or any(c not in state["hands"][seat] for c in cards):
        raise RuleError("kaki-lima.err.offer_from_hand")
    if len(state["hands"][to]) < len(cards):
        raise RuleError("kaki-lima.err.not_enough_to_trade")
    state["turn"]["offered"].append(to)
    state["answer"] = {"kind": "trade", "from": seat, "to": to, "cards": list(cards)}
    log.append(LogEntry.say("kaki-lima.log.offers", seat=seat_ref(seat), other=seat_ref(to),
                            count=len(cards)))
    log.append(LogEntry.say("kaki-lima.log.offers_cards", to=sorted({seat, to}),
                            data={"cards": list(cards)}, seat=seat_ref(seat),
                            other=seat_ref(to), cards=langkah_refs(cards)))


def do_end_trade(state: State, log: Log) -> None:
    """Stop trading and go on with the Lokasi's other actions."""
    if state["turn"]["stage"] != "trade":
        raise RuleError("kaki-lima.err.not_trading")
    run_actions(state, log)


def do_answer_trade(state: State, seat: int, accept: bool, cards: list[str], log: Log) -> None:
    """Accept (giving back as many cards) or decline the offer."""
    ans = state["answer"]
    giver = ans["from"]
    if accept:
        hand = state["hands"][seat]
        if len(cards) != len(ans["cards"]) or len(set(cards)) != len(cards):
            raise RuleError("kaki-lima.err.give_back_exactly", count=len(ans["cards"]))
        if any(c not in hand for c in cards):
            raise RuleError("kaki-lima.err.give_back_from_hand")
        for c in cards:
            hand.remove(c)
        for c in ans["cards"]:
            state["hands"][giver].remove(c)
        hand.extend(ans["cards"])
        state["hands"][giver].extend(cards)
        state["turn"]["active"] = True
        log.append(LogEntry.say("kaki-lima.log.accepts_trade", seat=seat_ref(seat),
                                other=seat_ref(giver)))
        log.append(LogEntry.say("kaki-lima.log.trade_cards", to=sorted({seat, giver}),
                                data={"given": cards, "received": ans["cards"]},
                                seat=seat_ref(seat), given=langkah_refs(cards),
                                received=langkah_refs(ans["cards"])))
    else:
        log.append(LogEntry.say("kaki-lima.log.declines_trade", seat=seat_ref(seat)))
    state["answer"] = None
    if not trade_recipients(state):
        run_actions(state, log)


# --- Jom! and the end of the turn ----------------------------------------------------------

def enter_jom(state: State, log: Log, after_walk: bool = False) -> None:
    """Step 3: Jom! tokens, if the walker can place any; else the turn ends (after the
    clearing offer, when the walk itself would end the turn)."""
    if jom_options(state, state["current"]):
        state["turn"]["stage"] = "jom"
    elif after_walk and turn_would_pass(state) and walker_may_clear(state):
        offer_clearing(state, log)
    else:
        end_turn(state, log)


# --- the clearing offer before the turn passes (spec ruling 7) -----------------------------

def turn_would_pass(state: State) -> bool:
    """Whether ending this turn step passes the turn (not when Play Another Card follows)."""
    turn = state["turn"]
    return bool(turn["extra"] or not turn["another"])


def walker_may_clear(state: State) -> bool:
    """The walker holds a token and a Red card is in line with it or with the walk's cards."""
    seat = state["current"]
    return state["held"][seat] > 0 and bool(clear_targets(state, seat))


def offer_clearing(state: State, log: Log) -> None:
    """A walk that would end the turn by itself (forced, nothing else to do) first offers the
    walker the clearings in line with its cards: the walk's cards stop counting once the turn
    passes, so without this stop the walker never had the chance."""
    state["turn"]["stage"] = "clearing"
    log.append(LogEntry.say("kaki-lima.log.may_clear", seat=seat_ref(state["current"])))


def settle_clearing_offer(state: State, log: Log) -> None:
    """After a clearing during the offer: the turn passes once the walker can clear no more."""
    if (state["phase"] == "play" and state["answer"] is None
            and state["turn"]["stage"] == "clearing" and not walker_may_clear(state)):
        end_turn(state, log)


def do_end_clearing(state: State, seat: int, log: Log) -> None:
    """The walker clears no more: the turn passes."""
    if state["turn"]["stage"] != "clearing" or seat != state["current"]:
        raise RuleError("kaki-lima.err.nothing_to_finish")
    end_turn(state, log)


def do_place_jom(state: State, card: str, entry: str, log: Log) -> None:
    """Place a Jom! token (claiming the card when it is covered)."""
    seat = state["current"]
    if state["turn"]["stage"] != "jom":
        raise RuleError("kaki-lima.err.jom_after_walk")
    if entry not in jom_options(state, seat).get(card, []):
        raise RuleError("kaki-lima.err.jom_entry")
    place_jom(state, seat, card, entry, log)
    if not jom_options(state, seat):
        end_turn(state, log)


def do_end_jom(state: State, log: Log) -> None:
    """Place no more Jom! tokens."""
    if state["turn"]["stage"] != "jom":
        raise RuleError("kaki-lima.err.not_placing_jom")
    end_turn(state, log)


def end_turn(state: State, log: Log) -> None:
    """Discard, draw one, then Play Another Card if granted (spec ruling 8)."""
    seat = state["current"]
    turn = state["turn"]
    discard_cards(state, turn["played"])
    turn["played"] = []
    if not turn["extra"]:
        draw_card(state, seat, log)
        if turn["another"]:
            fresh = new_turn(extra=True)
            fresh["active"] = turn["active"]
            fresh["route"] = turn["route"]
            state["turn"] = fresh
            log.append(LogEntry.say("kaki-lima.log.may_another", seat=seat_ref(seat)))
            return
    next_turn(state, log)


def next_turn(state: State, log: Log) -> None:
    """Pass the turn clockwise; run the end round and the stalled-game rule (rulings 9, 10)."""
    n = state["n"]
    cur = state["current"]
    # Tasks completed by the action that ends this turn are checked before it passes, so the
    # end round counts from the turn of the trigger, not the next one (spec ruling 9).
    check_tasks(state, log)
    state["quiet"] = 0 if state["turn"]["active"] else state["quiet"] + 1
    if state["trigger"] is not None and state["end_queue"] is None:
        state["end_queue"] = end_round_order(n, cur, state["trigger"])
    if state["end_queue"] is None and state["quiet"] >= STALL_ROUNDS * n:
        player = (cur + 1) % n
        state["trigger"] = player
        state["stalled"] = True
        state["end_queue"] = end_round_order(n, player, player)
        log.append(LogEntry.say("kaki-lima.log.stalled", seat=seat_ref(player)))
        start_turn(state, player, log)
        return
    if state["end_queue"] is not None:
        if not state["end_queue"]:
            start_final(state, log)
            return
        start_turn(state, state["end_queue"].pop(0), log)
        return
    start_turn(state, (cur + 1) % n, log)


def end_round_order(n: int, current: int, trigger: int) -> list[int]:
    """The turns left after the current one: every other pedestrian clockwise from the next
    one, then the triggering pedestrian last (spec ruling 9)."""
    order = [(current + k) % n for k in range(1, n + 1)]
    return [s for s in order if s != trigger] + [trigger]


def start_turn(state: State, seat: int, log: Log) -> None:
    """A new turn: cards still set aside from the player's last turn are discarded."""
    state["current"] = seat
    state["turn"] = new_turn()
    state["proposed"] = []
    aside = state["aside"][seat]
    if aside is not None:
        discard_cards(state, aside["cards"])
        state["aside"][seat] = None
        log.append(LogEntry.say("kaki-lima.log.nobody_joined", seat=seat_ref(seat),
                                cell=cell_ref(state, aside["cell"])))


# --- the end -------------------------------------------------------------------------------

def start_final(state: State, log: Log) -> None:
    """After the last turn, each player in turn order may still spend clearing tokens."""
    state["phase"] = "final"
    state["answer"] = None
    state["final_queue"] = list(range(state["n"]))
    log.append(LogEntry.say("kaki-lima.log.final"))
    advance_final(state, log)


def advance_final(state: State, log: Log) -> None:
    """Skip players without a token or a target; end the game when nobody is left."""
    queue = state["final_queue"]
    while queue and not (state["held"][queue[0]] > 0 and clear_targets(state, queue[0])):
        queue.pop(0)
    if not queue:
        state["phase"] = "over"
        log.append(LogEntry.say("kaki-lima.log.over"))


def do_done_clearing(state: State, seat: int, log: Log) -> None:
    """End of game: this player spends no more tokens."""
    state["final_queue"].pop(0)
    advance_final(state, log)


def grid_ok(state: State) -> bool:
    """No pedestrian on a gap or an uncleared Red card (an invariant the tests check)."""
    grid = kinds(state)
    return all(p is None or (p not in GAP_CELLS and grid[p] == 1) for p in state["pos"])
