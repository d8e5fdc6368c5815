"""The turn, stage by stage (spec "Turn structure"): walk, walk together, land (Lokasi
actions), Jom!, end of turn; plus the end round, the stalled-game rule and final clearing.

Each ``do_*`` function takes an already cloned state, checks the rules (raising
``RuleError`` with a sentence for the player), changes the state and appends log lines.
"""

from __future__ import annotations

from typing import Any

from engines.base import LogEntry, RuleError
from engines.kaki_lima.board import GAP_CELLS, is_lokasi, kinds
from engines.kaki_lima.data import (
    ANOTHER,
    DRAW,
    GATHER,
    HAND_LIMIT,
    LOKASI,
    MAXIMIZE,
    MOVE,
    RED,
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
    describe,
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

State = dict[str, Any]
Log = list[LogEntry]

COMPANION_ACTIONS = (DRAW, MAXIMIZE, TOKEN)


def named(cards: list[str]) -> str:
    """Cards for a private log line: id and what is on it ("L07 (a 3-step Diagonal card)")."""
    return ", ".join(f"{c} ({describe(c)})" for c in cards)


def cell_name(state: State, i: int) -> str:
    """A card's name for the log: the Lokasi, or 'a Green card (r3 c5)'."""
    card = state["cells"][i]
    r, c = divmod(i, 10)
    if is_lokasi(card):
        return card
    label = "Green card" if card != RED else ("cleared path" if i in state["cleared"]
                                               else "Red card")
    return f"the {label} at row {r + 1}, column {c + 1}"


# --- set-up --------------------------------------------------------------------------------

def do_place(state: State, seat: int, cell: int, log: Log) -> None:
    """Put a pedestrian on a border Green card; the last one placed starts the game."""
    if state["phase"] != "place" or seat != state["placing"]:
        raise RuleError("It is not your turn to place your pedestrian.")
    if cell not in start_cells(state):
        raise RuleError("Pedestrians start on a Green card along the border of the grid.")
    state["pos"][seat] = cell
    log.append(LogEntry(text=f"{{seat{seat}}} starts at {cell_name(state, cell)}."))
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
            raise RuleError("You can only play cards from your hand.")
        raise RuleError("Those cards cannot be played together: only a Double or Combine "
                        "card takes a partner (put it first).")
    combo = found[0]
    if end not in combo_ends(state, seat, combo):
        raise RuleError("A walk with those cards cannot end on that card.")
    hand = state["hands"][seat]
    for c in cards:
        hand.remove(c)
    turn["played"].extend(cards)
    turn["committed"] = None
    played = " and ".join(describe(c) for c in cards)
    log.append(LogEntry(text=f"{{seat{seat}}} plays {played}: {combo['steps']} steps to "
                             f"{cell_name(state, end)}.", data={"end": end}))
    if combo["pickup"] and state["pool"] > 0:
        state["pool"] -= 1
        state["held"][seat] += 1
        log.append(LogEntry(text=f"{{seat{seat}}} picks up a clearing token (booster)."))
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
        raise RuleError("Only a Swap with Discard card from your hand can be swapped, "
                        "before you walk.")
    if not state["discard"]:
        raise RuleError("The discard pile is empty.")
    taken = state["discard"].pop()
    state["hands"][seat].remove(card)
    state["hands"][seat].append(taken)
    state["discard"].append(card)
    turn["committed"] = taken
    turn["commit_kind"] = SWAP
    turn["stage"] = "committed"
    log.append(LogEntry(text=f"{{seat{seat}}} swaps {describe(card)} for the top of the "
                             f"discard pile ({describe(taken)})."))


def do_move_token(state: State, card: str, source: int, target: int, log: Log) -> None:
    """Move Clearing Token: the old card is blocked again, nobody's count changes
    (spec ruling 7); the card must then be walked, or is discarded."""
    seat = state["current"]
    turn = state["turn"]
    if turn["stage"] != "walk" or card not in state["hands"][seat] or card_booster(card) != MOVE:
        raise RuleError("Only a Move Clearing Token card from your hand can move a token, "
                        "before you walk.")
    if source not in state["cleared"]:
        raise RuleError("There is no clearing token on that card.")
    if source in state["pos"]:
        raise RuleError("A clearing token cannot be moved from under a pedestrian.")
    if target not in blocked_cells(state):
        raise RuleError("A clearing token can only be moved onto a Red card.")
    state["cleared"].remove(source)
    state["cleared"].append(target)
    turn["committed"] = card
    turn["commit_kind"] = MOVE
    turn["stage"] = "committed"
    turn["active"] = True
    log.append(LogEntry(text=f"{{seat{seat}}} moves the clearing token from "
                             f"{cell_name(state, source)} to {cell_name(state, target)}.",
                        data={"moved": [source, target]}))


def do_no_walk(state: State, log: Log) -> None:
    """Skip walking (keep the swapped card; discard a Move card; skip Play Another Card)."""
    seat = state["current"]
    turn = state["turn"]
    if turn["stage"] not in ("walk", "committed"):
        raise RuleError("You are in the middle of a walk.")
    if turn["commit_kind"] == MOVE and turn["committed"] is not None:
        state["hands"][seat].remove(turn["committed"])
        turn["played"].append(turn["committed"])
    turn["committed"] = None
    if turn["extra"]:
        log.append(LogEntry(text=f"{{seat{seat}}} does not play another card."))
        end_turn(state, log)
        return
    log.append(LogEntry(text=f"{{seat{seat}}} does not walk."))
    enter_jom(state, log)


def do_step(state: State, cell: int, clear: bool, log: Log) -> None:
    """The next card of the path (clearing a Red card on it with a token if asked)."""
    turn = state["turn"]
    if turn["stage"] != "path":
        raise RuleError("There is no walk in progress.")
    if (cell, clear) not in next_steps(state):
        raise RuleError("That step does not lead to the end of your walk.")
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
        log.append(LogEntry(text=f"{{seat{seat}}} clears {cell_name(state, cell)} on the way.",
                            data={"cleared": cell}))
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


COME_ALONG = "You can come along for at least one step and must not end on a Red card."


def do_invite(state: State, who: int, log: Log) -> None:
    """The walker invites the pedestrian being asked; it answers next."""
    inv = state["turn"]["invite"]
    if who != inv["seat"]:
        raise RuleError("Invite the pedestrian whose turn it is to be asked.")
    inv["sub"] = "reply"
    log.append(LogEntry(text=f"{{seat{state['current']}}} invites {{seat{who}}} to walk "
                             "together."))


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
        raise RuleError(COME_ALONG)
    inv["sub"] = "answer"
    inv["steps"] = steps
    log.append(LogEntry(text=f"{{seat{inv['seat']}}} asks {{seat{state['current']}}} to be "
                             f"picked up for {steps} step(s)."))


def do_answer_pickup(state: State, accept: bool, log: Log) -> None:
    """The walker takes the pedestrian along, or walks on alone."""
    inv = state["turn"]["invite"]
    if accept:
        add_companion(state, inv["seat"], inv["idx"], inv["steps"], log)
    else:
        log.append(LogEntry(text=f"{{seat{state['current']}}} walks on without "
                                 f"{{seat{inv['seat']}}}."))
    next_candidate(state, log)


def do_reply_invite(state: State, steps: int | None, log: Log) -> None:
    """The invitee comes along for ``steps`` steps, or declines (None)."""
    inv = state["turn"]["invite"]
    if steps is None:
        log.append(LogEntry(text=f"{{seat{inv['seat']}}} declines to walk together."))
    elif steps not in companion_steps(state, inv["idx"]):
        raise RuleError(COME_ALONG)
    else:
        add_companion(state, inv["seat"], inv["idx"], steps, log)
    next_candidate(state, log)


def add_companion(state: State, seat: int, idx: int, steps: int, log: Log) -> None:
    """A pedestrian walks together from path[idx] for ``steps`` steps."""
    state["turn"]["companions"].append({"seat": seat, "idx": idx, "steps": steps})
    walker = state["current"]
    log.append(LogEntry(text=f"{{seat{seat}}} walks together with {{seat{walker}}} for "
                             f"{steps} step(s)."))


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
    log.append(LogEntry(text=f"{{seat{walker}}} walks to {cell_name(state, walk['end'])}.",
                        data={"path": list(path), "seat": walker}))
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
        log.append(LogEntry(text=f"{{seat{seat}}} leaves {cell_name(state, aside['cell'])}: "
                                 "the cards set aside there are discarded."))


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
        log.append(LogEntry(text=f"{{seat{seat}}} gathers at {card}: {steps} VP."))
        for o in others:
            aside = state["aside"][o]
            if o not in landers and aside is not None and aside["cell"] == dest:
                state["gather"][o] += aside["steps"]
                discard_cards(state, aside["cards"])
                state["aside"][o] = None
                log.append(LogEntry(text=f"{{seat{o}}} was waiting at {card}: "
                                         f"{aside['steps']} VP."))
    elif is_walker:
        turn = state["turn"]
        state["aside"][seat] = {"cell": dest, "cards": turn["played"], "steps": steps}
        turn["played"] = []
        log.append(LogEntry(text=f"{{seat{seat}}} waits at {card}: the cards are set aside "
                                 "until someone arrives."))


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
            log.append(LogEntry(text=f"{{seat{seat}}} picks up a clearing token."))
        else:
            log.append(LogEntry(text="No clearing tokens are left in the pool."))


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
        raise RuleError("You can only trade at the Chendul or Rojak Stall.")
    if to not in trade_recipients(state):
        raise RuleError("You can make one offer to each other player here.")
    if len(set(cards)) != len(cards) or any(c not in state["hands"][seat] for c in cards):
        raise RuleError("Offer cards from your hand.")
    if len(state["hands"][to]) < len(cards):
        raise RuleError("That player does not have enough cards to trade back.")
    state["turn"]["offered"].append(to)
    state["answer"] = {"kind": "trade", "from": seat, "to": to, "cards": list(cards)}
    log.append(LogEntry(text=f"{{seat{seat}}} offers {{seat{to}}} a trade of {len(cards)} "
                             "card(s)."))
    log.append(LogEntry(text=f"{{seat{seat}}} offers {{seat{to}}}: {named(cards)}.",
                        to=sorted({seat, to}), data={"cards": list(cards)}))


def do_end_trade(state: State, log: Log) -> None:
    """Stop trading and go on with the Lokasi's other actions."""
    if state["turn"]["stage"] != "trade":
        raise RuleError("You are not trading.")
    run_actions(state, log)


def do_answer_trade(state: State, seat: int, accept: bool, cards: list[str], log: Log) -> None:
    """Accept (giving back as many cards) or decline the offer."""
    ans = state["answer"]
    giver = ans["from"]
    if accept:
        hand = state["hands"][seat]
        if len(cards) != len(ans["cards"]) or len(set(cards)) != len(cards):
            raise RuleError(f"Give back exactly {len(ans['cards'])} card(s).")
        if any(c not in hand for c in cards):
            raise RuleError("Give back cards from your hand.")
        for c in cards:
            hand.remove(c)
        for c in ans["cards"]:
            state["hands"][giver].remove(c)
        hand.extend(ans["cards"])
        state["hands"][giver].extend(cards)
        state["turn"]["active"] = True
        log.append(LogEntry(text=f"{{seat{seat}}} accepts the trade with {{seat{giver}}}."))
        log.append(LogEntry(text=f"{{seat{seat}}} gives {named(cards)} for "
                                 f"{named(ans['cards'])}.", to=sorted({seat, giver}),
                            data={"given": cards, "received": ans["cards"]}))
    else:
        log.append(LogEntry(text=f"{{seat{seat}}} declines the trade."))
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
    log.append(LogEntry(text=f"{{seat{state['current']}}} may clear a Blocked Path in line "
                             "with the walk before the turn passes."))


def settle_clearing_offer(state: State, log: Log) -> None:
    """After a clearing during the offer: the turn passes once the walker can clear no more."""
    if (state["phase"] == "play" and state["answer"] is None
            and state["turn"]["stage"] == "clearing" and not walker_may_clear(state)):
        end_turn(state, log)


def do_end_clearing(state: State, seat: int, log: Log) -> None:
    """The walker clears no more: the turn passes."""
    if state["turn"]["stage"] != "clearing" or seat != state["current"]:
        raise RuleError("There is nothing to finish now.")
    end_turn(state, log)


def do_place_jom(state: State, card: str, entry: str, log: Log) -> None:
    """Place a Jom! token (claiming the card when it is covered)."""
    seat = state["current"]
    if state["turn"]["stage"] != "jom":
        raise RuleError("Jom! tokens are placed after your walk.")
    if entry not in jom_options(state, seat).get(card, []):
        raise RuleError("You can only place a token beside a place you reached or a pedestrian "
                        "you met, on an unclaimed Jom! card, once.")
    place_jom(state, seat, card, entry, log)
    if not jom_options(state, seat):
        end_turn(state, log)


def do_end_jom(state: State, log: Log) -> None:
    """Place no more Jom! tokens."""
    if state["turn"]["stage"] != "jom":
        raise RuleError("You are not placing Jom! tokens.")
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
            log.append(LogEntry(text=f"{{seat{seat}}} may play another card."))
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
        log.append(LogEntry(text="Two full rounds without a walk, a clearing or a trade: the "
                                 "game has stalled and the end round begins with "
                                 f"{{seat{player}}}."))
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
        log.append(LogEntry(text=f"Nobody joined {{seat{seat}}} at "
                                 f"{cell_name(state, aside['cell'])}: the cards are discarded."))


# --- the end -------------------------------------------------------------------------------

def start_final(state: State, log: Log) -> None:
    """After the last turn, each player in turn order may still spend clearing tokens."""
    state["phase"] = "final"
    state["answer"] = None
    state["final_queue"] = list(range(state["n"]))
    log.append(LogEntry(text="The end round is over: players may spend their last clearing "
                             "tokens."))
    advance_final(state, log)


def advance_final(state: State, log: Log) -> None:
    """Skip players without a token or a target; end the game when nobody is left."""
    queue = state["final_queue"]
    while queue and not (state["held"][queue[0]] > 0 and clear_targets(state, queue[0])):
        queue.pop(0)
    if not queue:
        state["phase"] = "over"
        log.append(LogEntry(text="The game is over."))


def do_done_clearing(state: State, seat: int, log: Log) -> None:
    """End of game: this player spends no more tokens."""
    state["final_queue"].pop(0)
    advance_final(state, log)


def grid_ok(state: State) -> bool:
    """No pedestrian on a gap or an uncleared Red card (an invariant the tests check)."""
    grid = kinds(state)
    return all(p is None or (p not in GAP_CELLS and grid[p] == 1) for p in state["pos"])
