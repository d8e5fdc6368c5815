"""The easy and normal bots' heuristic (engines.bots): what a pedestrian who knows the
scoring does.

Where the points come from (spec "Game end and scoring"), in the order that decides games:

* **Blocked paths.** Every path a pedestrian clears is 2 VP plus the CA bonus (1 to 3 VP per
  path once 4, 7, 10 Red cards are flipped), and two of them are a task. A collaborative
  clearing counts for *both* players from one token, so a bot proposes one to any token
  holder it can give a card to, and takes every clearing token it can reach.
* **Gathering.** Arriving at a gathering spot where someone stands scores the steps walked:
  a long card (or Double/Combine) into a friend is the biggest single score of a turn.
  Arriving with a companion counts as arriving where someone stands.
* **Tasks** (1/3/6/9/12 VP) and the end: the fifth task ends the game after one more round,
  which is worth doing when ahead and worth putting off when behind.
* **Jom!** cards, draws, Play Another Card (a second walk) and maximizing the hand.

A walk is chosen by what its end card is worth now (:func:`landing_value`) plus what the best
walk from there with the cards left will be worth next turn (:meth:`Planner.potential`).
In a pedestrian's last turn only points count: a task's tempo, cards drawn and progress
towards a Jom! card are only tie-breaks or nothing, a token only what it can still clear, and
Play Another Card's walk is judged with the card drawn before it.
``beginner`` (the picture the easy bot plays some of its moves with, easy.py) sees only its
own tasks, tokens and obvious gatherings, and never plans a turn ahead or proposes clearings.
"""

from __future__ import annotations

import random
from typing import Any

from engines.core.templates import expand_template
from engines.kaki_lima.board import (
    ORTHOGONAL,
    WALKABLE,
    distances,
    in_line,
    kinds,
    walk_ends,
)
from engines.kaki_lima.bot.testbot import tasks_left
from engines.kaki_lima.data import (
    ANOTHER,
    DECK,
    DOUBLE,
    DRAW,
    GATHER,
    HAND_LIMIT,
    JOM_CARDS,
    KAWAN,
    LOKASI,
    MAXIMIZE,
    PATH_VP,
    PICKUP,
    SWAP,
    TASK_VP,
    TOKEN,
)
from engines.kaki_lima.rules import blocked_cells, combos, free_jom_tokens, jom_need, kawan_need
from engines.kaki_lima.scoring import ca_stars, score_breakdown

State = dict[str, Any]
Action = dict[str, Any]

#: VP-like worth of the things a landing gives (gathering and Jom! VP count as they are).
CARD_WORTH = 0.7  # a Langkah card drawn (more walks to choose from)
ANOTHER_WORTH = 3.0  # Play Another Card: a second walk this turn
#: A task done brings the end (and the win) nearer, beyond its VP; and tasks break ties.
#: 1.5 -> 0.5 in the round before; with Jom! tokens kept free, 1.2 (with KAWAN_NEW 1.2 and
#: WAIT_CHANCE 0.65) took normal vs random from 85.5 / 81.5 / 78.5% to 89.5 / 83.5 / 81% at
#: 4 / 5 / 6 players on 200 paired deals (each alone +1 to +2 points, within the noise).
TEMPO = 1.2
#: How likely someone joins a pedestrian waiting at a gathering spot before its next turn
#: (0.45 before; pedestrians walk to their Pi Mana? places, most of them gathering spots).
#: A model of who is headed there (the public task cards, the distance) did no better.
WAIT_CHANCE = 0.65
LOOKAHEAD = 0.55  # next turn's best walk, discounted (the draw and the others change it)
FAR_COST = 0.25  # per card to the nearest goal when nothing is in reach next turn
ANOTHER_NOW = 0.8  # Play Another Card's walk, on top of the usual turn ahead
CLOSING = 0.6  # the turn ahead counts less once the game is about to end
ENDING = 2.0  # ending the game: the lead (plus this) decides whether it is worth it
#: A token picked up, of its path's 2 VP plus CA stars. More than the path alone: the pool
#: runs dry within two or three rounds at 4-6 players (whoever comes later gets none), and a
#: token in hand also makes its holder the partner of collaborative clearings. Measured
#: (normal vs random): 0.9 -> 1.6 took 4 / 6 players from 77 / 73% to 92 / 83% on 60 deals
#: (seeds 11000+), but 5 players on the bench's 100 deals fell from 74% to 66%: not a
#: clear gain at these counts.
TOKEN_FACTOR = 1.6
KAWAN_NEW = 1.2  # a pedestrian met for the first time: a quarter of Jom Kawan's 5 VP
JOM_PARTIAL = 0.5  # a Jom! card's VP, shared over its entries, for one more entry reached
PROPOSE_SPARE = 2  # cards in hand to give one for a collaborative clearing
GATHER_NOW = 1.0  # per step of gathering VP scored at once
BEGINNER_GATHER = 0.5  # the easy bot half sees what gathering scores
LEAVE_FOR = 2.0  # points now that make a pedestrian left with only its meeting walk off
#: Of the meeting task, for arriving alone at the meeting place: the task-seeking players
#: walk to a pedestrian waiting at its meeting place (the test bot scores such a walk 12),
#: so one who waits there is met within a round or two. 0.35 -> 1.0 (round 7), normal vs
#: random on deals 0-249 at 2 / 3 / 4 / 5 / 6 players: 98.4 / 89.2 / 88.8 / 82.8 / 80.0% ->
#: 98.4 / 90.4 / 89.2 / 83.2 / 82.8%; deals 250-499 at 5 / 6: 85.6 / 83.2 -> 86.4 / 83.2%.
MEET_WAIT = 1.0
MEET_STAY = 0.45  # of the meeting task, for staying alone at the meeting place
#: In a seat's last turn only the pedestrians still to play can come to where it waits: the
#: chance that none of ``k`` of them does is this to the power ``k``.
LATE_MISS = 0.6
#: In a seat's last turn a task's tempo is only the tie-break (most tasks), a card drawn
#: only the second tie-break (steps in hand), and progress towards a Jom! card (a new
#: pedestrian met, an entry reached) nothing: a point is worth more than any of them.
LAST_TEMPO = 0.1
LAST_CARD = 0.05
#: The cards a temple's Maximize Your Hand brings, each worth this many single draws. At 1
#: (CARD_WORTH each, like any draw) a one-step Monte Carlo oracle over normal's first walks
#: (bench/kaki_lima_oracle.py, 2026-12-05) kept preferring the temple to the walk normal
#: chose. Normal vs random on deals 0-1999 at 2 / 3 / 4 / 5 / 6 players, 1 -> 3: 99.4 -> 99.4,
#: 91.5 -> 93.8, 89.0 -> 89.8, 86.55 -> 87.05, 84.7 -> 85.35 %; 4 players on deals 4000-7999
#: (never used to choose it): 89.0 -> 89.7 % (222 deals better, 193 worse), at 3 / 5 / 6 on
#: deals 4000-5999: 92.1 -> 94.4, 86.35 -> 86.9, 85.25 -> 84.0 % (no gain at 6); at 4.0
#: 89.7 %, at 6.0 86 %. Raising every draw's worth instead (CARD_WORTH 1.0) gained nothing.
#: Not at 6 players: normal gained nothing there (-0.3 over 4,000 deals), and hard, whose
#: search plays out and values walks with this heuristic, fell from 89.5 to 83.0 % against
#: random on deals 0-199 (paired: -6.5 +- 2.9 points, 11 deals better, 24 worse).
MAXIMIZE_FACTOR: dict[int, float] = {2: 3.0, 3: 3.0, 4: 3.0, 5: 3.0, 6: 1.0}


def _by_type(templates: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    for t in templates:
        out.setdefault(t["type"], []).append(t)
    return out


def combo_steps(cards: list[str]) -> int:
    """Steps a combination walks (Double doubles its partner, Combine adds)."""
    lead = DECK[cards[0]]
    if len(cards) == 1:
        return lead[0]
    partner = DECK[cards[1]][0]
    return 2 * partner if lead[1] == DOUBLE else lead[0] + partner


def cheapest(cards: list[str]) -> str:
    """The card worth least to keep: fewest steps, plain before boosted."""
    return min(cards, key=lambda c: (DECK[c][0], DECK[c][1] is not None, c))


def projected_stars(state: State) -> int:
    """The CA stars the game will likely end with: today's flips plus the tokens to come
    (bots spend every token they get, and the pool is empty well before the end)."""
    cleared = len(state["cleared"])
    coming = sum(state["held"]) + state["pool"]
    return ca_stars(min(len(state["cells"]), int(cleared + coming)))


def worth(state: State, seat: int) -> float:
    """A seat's points now plus what its held tokens and open tasks are still likely worth."""
    parts = score_breakdown(state, seat)
    stars = projected_stars(state)
    paths = state["paths"][seat]
    value = parts["total"] - parts["bonus"] + paths * stars
    reds = len(blocked_cells(state))
    value += min(state["held"][seat], reds) * (PATH_VP + stars) * 0.9
    return value


class Planner:
    """One decision's precomputed picture for ``seat``: the grid, its goals, token worth."""

    def __init__(self, state: State, seat: int, beginner: bool,
                 lookahead: bool | None = None) -> None:
        self.state = state
        self.seat = seat
        self.beginner = beginner
        #: Plan a turn ahead with the cards left (else: the distance to the nearest goal).
        self.lookahead = not beginner if lookahead is None else lookahead
        self.n = state["n"]
        self.cells = state["cells"]
        self.pos = state["pos"]
        self.grid = kinds(state)
        self.visit, self.meet_at, self.clear_open = tasks_left(state, seat)
        self.done = sum(state["done"][seat])
        self.hand = state["hands"][seat]
        self.stars = projected_stars(state)
        self._lead_cache: float | None = None
        self._walkers: bool | None = None  # before the token's worth asks task_gain
        self._end_costs: bool | None = None
        #: In the seat's last turn, the pedestrians who still play after it.
        self.after: list[int] | None = (
            [o for o in state["end_queue"] if o != seat] if self.last_turn() else None)
        #: The Red cards not cleared.
        self.reds = blocked_cells(state)
        spare_reds = len(self.reds) - sum(state["held"])
        self.token_worth = 0.0
        if state["pool"] > 0 and spare_reds > 0:
            self.token_worth = (PATH_VP + self.stars) * TOKEN_FACTOR
            if self.clear_open and state["paths"][seat] + state["held"][seat] < 2:
                self.token_worth += self.task_gain(1) / 2
        #: A second walk (Play Another Card) is worth its fixed bonus only while walks
        #: still bring something of one's own: a Lokasi to visit, a token to take. Without
        #: this, a pedestrian left with only its meeting circled Bank, Dhobi and Market for
        #: ever while the other waited elsewhere (a 2-player game past 5,000 actions).
        self.walks_pay = bool(self.visit) or self.token_worth > 0
        #: Clearing tokens in hand and Red cards to spend them on: a walk past a Red card
        #: may still clear a path (the task, the points).
        self.holds_clearing = state["held"][seat] > 0 and bool(self.reds)
        self.endgame = state["trigger"] is not None
        #: The game is close to its end: an opponent is one task from triggering it.
        self.closing = self.endgame or any(
            sum(state["done"][o]) >= 4 for o in range(self.n) if o != seat)
        self._ends: dict[tuple[int, int, bool, bool, bool], frozenset[int]] = {}
        self._land: dict[int, float] = {}
        self._ahead: dict[tuple[int, tuple[str, ...]], float] = {}
        self._jom: dict[str, float] = {}
        self._far: list[int] | None = None
        self._draws: list[tuple[str, float]] | None = None
        self._staying: set[int] | None = None
        self._handing_over: dict[int, float] | None = None

    @property
    def staying(self) -> set[int]:
        """Cards with pedestrians likely still there next turn: waiting at their meeting
        place or beside cards set aside."""
        if self._staying is None:
            self._staying = {self.pos[o] for o in range(self.n)
                             if o != self.seat and self._stays(o)}
        return self._staying

    @property
    def lead(self) -> float:
        """This seat's worth less the best other seat's."""
        if self._lead_cache is None:
            self._lead_cache = self._lead()
        return self._lead_cache

    def _stays(self, other: int) -> bool:
        aside = self.state["aside"][other]
        if aside is not None:
            return True
        _, meet_at, _ = tasks_left(self.state, other)
        here = self.pos[other]
        return here is not None and meet_at == self.cells[here]

    def _lead(self) -> float:
        mine = worth(self.state, self.seat)
        rest = [worth(self.state, o) for o in range(self.n) if o != self.seat]
        return mine - max(rest) if rest else 0.0

    @property
    def walkers(self) -> bool:
        """Someone else may still walk here: not every other pedestrian waits at its
        meeting place for its last task (the bots leave it only for points there and then,
        a beginner never)."""
        if self._walkers is None:
            self._walkers = any(o != self.seat and not waits_to_finish(self.state, o)
                                for o in range(self.n))
        return self._walkers

    @property
    def handing_over(self) -> dict[int, float]:
        """Cards where arriving ends the game by another's last task (its meeting, where it
        waits), with what that costs this seat when it is behind (as ending it oneself, less
        their task's VP). Only the cost: how far a lead is safe to end on is for the
        pedestrian whose fifth task it is; ending on an estimated lead of 5-10 points by
        meeting another tied and lost 2 of 500 deals against random. No cost once
        :attr:`end_costs` says the end cannot cost anything any more."""
        if self._handing_over is None:
            self._handing_over = {}
            if self.state["trigger"] is None and not self.beginner and self.end_costs:
                cost = min(0.0, self.lead - (TASK_VP[5] - TASK_VP[4]) + ENDING)
                if cost < 0:
                    for o in range(self.n):
                        if o != self.seat and waits_to_finish(self.state, o):
                            self._handing_over[self.pos[o]] = max(-12.0, cost)
        return self._handing_over

    @property
    def end_costs(self) -> bool:
        """Whether ending the game while behind still costs this seat anything: while
        someone else may walk (and so score, or come to where it waits), or while what the
        seat could still score by itself (the Jom! cards nobody has claimed, the clearing
        tokens left, its tasks short of the fifth) could make up the gap. Otherwise nobody
        else will score again and the seat cannot catch up: putting the end off only keeps
        the table going for ever (a soak's hard-vs-normal table, the normal bot behind with
        one visit left and the other waiting at its meeting place, past 30,000 actions)."""
        if self._end_costs is None:
            state = self.state
            unclaimed = sum(vp for name, (_, vp) in JOM_CARDS.items()
                            if state["jom"][name]["claimed"] is None)
            tokens = min(state["pool"] + state["held"][self.seat], len(self.reds))
            tasks = max(0, TASK_VP[4] - TASK_VP[self.done])
            reach = unclaimed + tokens * (PATH_VP + self.stars) + tasks
            self._end_costs = self.walkers or self.lead + ENDING + reach >= 0
        return self._end_costs

    @property
    def nothing_to_walk_for(self) -> bool:
        """No walk can bring this pedestrian anything later: every other pedestrian waits at
        its meeting place (so nobody comes to a meeting or a gathering), and it has no Lokasi
        left to visit, no clearing token worth taking and none to spend. Only points there
        and then are worth a walk; otherwise it stays, and two quiet rounds end the game
        (spec ruling 10). Without this, a pedestrian left with only its meeting, elsewhere
        than its meeting place, walked from card to card for what the next turn might bring
        while the other waited at its own, a 2-player game that never ended (normal against
        normal, ladder deals 4 and 49)."""
        return not self.walkers and not self.walks_pay and not self.holds_clearing

    def arrival_chance(self) -> float:
        """How likely someone comes to where this pedestrian ends its turn, relative to a
        whole round: in its last turn only those still to play can. Nobody comes while
        every other pedestrian waits where it stands: counting on a visit that could not
        come kept the normal (and hard) bot circling back to its own meeting place while
        the easy bot waited at its own, a 2-player game past 5,000 actions (every walk
        resets the stall count of spec ruling 10)."""
        if not self.walkers:
            return 0.0
        if self.after is None:
            return 1.0
        return 1.0 - LATE_MISS ** len(self.after)

    def task_gain(self, new: int) -> float:
        """What completing ``new`` more tasks is worth: their VP, the tempo, and ending the
        game (good when ahead, bad when behind, unless :attr:`end_costs` says it cannot
        matter any more)."""
        if new <= 0:
            return 0.0
        after = min(5, self.done + new)
        tempo = LAST_TEMPO if self.after is not None and not self.beginner else TEMPO
        value = TASK_VP[after] - TASK_VP[self.done] + tempo * (after - self.done)
        if after == 5 and self.state["trigger"] is None and not self.beginner:
            value += max(-12.0 if self.end_costs else 0.0, min(8.0, self.lead + ENDING))
        return value

    # -- what a landing gives -------------------------------------------------------------
    def landing_value(self, end: int, steps: int, cards_left: int, others: list[int],
                      walker: bool = True, again: bool = True) -> float:
        """Ending a walk of ``steps`` steps on ``end``, with ``others`` there on arrival
        (``again``: Play Another Card may still grant a walk this turn)."""
        state = self.state
        card = self.cells[end]
        acts = LOKASI.get(card, ())
        value = 0.0
        new_tasks = 0
        if card in self.visit:
            new_tasks += 1
        if self.meet_at == card and others:
            new_tasks += 1
        value += self.task_gain(new_tasks)
        if others and self.done + new_tasks < 5:
            value += self.handing_over.get(end, 0.0)
        if self.beginner:
            # A beginner follows its Pi Mana? card and takes what lies on the way: a token
            # for its clearing task (it does not see what paths score), a second walk while
            # a Lokasi is still to visit; with only its meeting left it goes and waits.
            if GATHER in acts and others:
                value += steps * BEGINNER_GATHER
            if TOKEN in acts and self.token_worth > 0:
                value += (1.0 + self.task_gain(1) / 2) if self.clear_open else 0.5
            if ANOTHER in acts and walker and self.visit:
                value += 1.0
            if self.meet_at == card and not others and end != self.pos[self.seat]:
                value += 0.3 * self.task_gain(1)
            return value
        if GATHER in acts:
            if others:
                value += steps * GATHER_NOW
            elif walker:
                value += WAIT_CHANCE * steps * self.arrival_chance()
        if self.meet_at == card and not others:
            # waiting here: someone comes, or is met
            value += MEET_WAIT * self.task_gain(1) * self.arrival_chance()
        if TOKEN in acts:
            value += self.token_at(end)
        if self.after is not None and self.state["held"][self.seat]:
            # Held tokens (none in line with where the seat stands, or it would have
            # cleared already) can still be spent from where the walk ends.
            value += self.clearings_at(end, self.state["held"][self.seat])
        room = HAND_LIMIT - cards_left - 1  # the end-of-turn draw comes after
        card_worth = CARD_WORTH if self.after is None else LAST_CARD
        if DRAW in acts and room > 0:
            value += card_worth
        if MAXIMIZE in acts and room > 0:
            value += card_worth * room * MAXIMIZE_FACTOR[self.n]
        if (ANOTHER in acts and walker and again and not state["turn"]["extra"]
                and self.walks_pay and self.after is None):
            value += ANOTHER_WORTH
        return value + self._jom_gain(card, others)

    def token_at(self, end: int) -> float:
        """A clearing token picked up where the walk ends: its likely worth; in the seat's
        last turn exactly what clearing with it brings (:meth:`clearings_at`)."""
        if self.after is None or self.token_worth <= 0:
            return self.token_worth
        return self.clearings_at(end, 1)

    def clearings_at(self, end: int, tokens: int) -> float:
        """What spending ``tokens`` from ``end`` after the seat's last turn brings: each
        path, the CA stars after it and the star it may add to every path the seat has
        cleared; nothing without a Red card in line (the final clearings are from where
        the pedestrian stands)."""
        in_reach = sum(1 for r in self.reds if in_line(end, r))
        now = len(self.state["cleared"])
        paths = self.state["paths"][self.seat]
        value = 0.0
        for k in range(min(tokens, in_reach)):
            more = ca_stars(now + k + 1) - ca_stars(now + k)
            value += PATH_VP + ca_stars(now + k + 1) + more * (paths + k)
        return value

    def _jom_gain(self, card: str, others: list[int]) -> float:
        state = self.state
        seat = self.seat
        value = 0.0
        if others:
            jc = state["jom"][KAWAN]
            met = state["met"][seat]
            new = [o for o in others if o not in met]
            if jc["claimed"] is None and new:
                need = kawan_need(self.n)
                placed = len(jc["tokens"][seat])
                if (len(met) + len(new) >= need
                        and free_jom_tokens(state, seat) >= need - placed):
                    value += JOM_CARDS[KAWAN][1]
                elif self.after is None:  # progress pays only in a later turn
                    value += KAWAN_NEW * len(new)
        if card not in LOKASI:
            return value
        cached = self._jom.get(card)
        if cached is None:
            cached = self._jom[card] = self._lokasi_jom(card)
        return value + cached

    def _lokasi_jom(self, card: str) -> float:
        """What reaching this Lokasi adds on the Jom! cards that list it."""
        state = self.state
        seat = self.seat
        if card in state["reached"][seat]:
            return 0.0
        free = free_jom_tokens(state, seat)
        value = 0.0
        for name, jc in state["jom"].items():
            if jc["claimed"] is not None or name == KAWAN:
                continue
            need = jom_need(state, name)
            placed = len(jc["tokens"][seat])
            entries = JOM_CARDS[name][0]
            if card not in entries:
                continue
            have = sum(1 for e in entries if e in state["reached"][seat]) + 1
            if have >= need and free >= need - placed:
                value += JOM_CARDS[name][1]
            elif self.after is None:
                value += JOM_PARTIAL * JOM_CARDS[name][1] * have / need / len(entries)
        return value

    def others_at(self, end: int) -> list[int]:
        """Pedestrians standing on ``end`` now."""
        return [o for o in range(self.n) if o != self.seat and self.pos[o] == end]

    # -- a turn ahead ---------------------------------------------------------------------
    def ends(self, start: int, combo: dict[str, Any]) -> frozenset[int]:
        """Where this combination walks from ``start`` (no tokens), cached per decision."""
        key = (start, combo["steps"], combo["diagonal"], combo["reverse"], combo["around"])
        found = self._ends.get(key)
        if found is None:
            found = walk_ends(self.grid, start, None, combo["steps"],
                              diagonal=combo["diagonal"], reverse=combo["reverse"],
                              around=combo["around"], tokens=0)
            self._ends[key] = found
        return found

    def future_landing(self, end: int, steps: int, cards_left: int) -> float:
        """A landing next turn: those who stay are still there, the others may have gone."""
        others = [o for o in range(self.n)
                  if o != self.seat and self.pos[o] == end and end in self.staying]
        return self.landing_value(end, steps, cards_left, others)

    def potential(self, at: int, hand: list[str]) -> float:
        """The best walk from ``at`` next turn with ``hand`` (the draw still to come),
        discounted; far from every goal, less the distance to the nearest."""
        key = (at, tuple(sorted(hand)))
        found = self._ahead.get(key)
        if found is None:
            found = self._ahead[key] = self._potential(at, hand)
        return found

    def _potential(self, at: int, hand: list[str]) -> float:
        best = 0.0
        for combo in combos(hand, None):
            left = len(hand) - len(combo["cards"])
            for end in self.ends(at, combo):
                v = self._land.get(end * 64 + combo["steps"] * 6 + left)
                if v is None:
                    v = self.future_landing(end, combo["steps"], left)
                    self._land[end * 64 + combo["steps"] * 6 + left] = v
                if v > best:
                    best = v
        if best <= 1.0:
            far = self.far()
            d = far[at]
            best -= FAR_COST * (d if d >= 0 else 12)
        return LOOKAHEAD * best

    def far(self) -> list[int]:
        """Distance from every card to the nearest goal card (tasks, tokens)."""
        if self._far is None:
            goal = {i for i, c in enumerate(self.cells)
                    if c in self.visit or (c == self.meet_at and self._meeting_goal(i))
                    or (self.token_worth > 0 and TOKEN in LOKASI.get(c, ()))}
            self._far = distances(self.grid, goal) if goal else [0] * len(self.cells)
        return self._far

    def _meeting_goal(self, at: int) -> bool:
        """The meeting place is worth heading for: someone may come, or stands there."""
        return self.walkers or any(
            self.pos[o] == at for o in range(self.n) if o != self.seat)

    # -- choices --------------------------------------------------------------------------
    def walk_value(self, cards: list[str], end: int) -> float:
        """What this walk is worth: the landing now plus the turn after."""
        steps = combo_steps(cards)
        left = [c for c in self.hand if c not in cards]
        others = self.others_at(end)
        value = self.landing_value(end, steps, len(left), others)
        if self.state["pool"] > 0 and any(DECK[c][1] == PICKUP for c in cards):
            value += self.token_at(end)
        if not self.lookahead:
            d = self.far()[end]
            return value - 0.5 * (d if d >= 0 else 12) - 0.3 * (len(cards) - 1)
        another = (ANOTHER in LOKASI.get(self.cells[end], ())
                   and not self.state["turn"]["extra"])  # Play Another Card grants a walk
        if self.last_turn():
            if another:
                value += self.second_walk(end, left)
        else:
            ahead = self.potential(end, left)
            if another:
                ahead *= 1 + ANOTHER_NOW  # the second walk comes at once, not next turn
            value += ahead * (CLOSING if self.closing else 1.0)
        return value - 0.3 * (len(cards) - 1)

    def second_walk(self, at: int, hand: list[str]) -> float:
        """The best walk Play Another Card grants now from ``at`` (in the last turn: its
        points now). The end-of-turn draw comes first: the walk is averaged over the cards
        that draw may bring (without it, a Dhobi that led on to a gathering with the card
        drawn looked worth nothing beyond its Jom! card)."""
        draws = self.draws() if len(hand) < HAND_LIMIT else []
        if not draws:
            return self._walk_now(at, hand)
        return sum(self._walk_now(at, hand + [c]) * w for c, w in draws)

    def draws(self) -> list[tuple[str, float]]:
        """The cards the next draw may bring, one of each kind (steps and booster), with
        its chance: the draw pile as this seat pictures it (or the discards it is refilled
        from)."""
        if self._draws is None:
            pile = self.state["draw"] or self.state["discard"][:-1]
            kinds_seen: dict[tuple[int, str | None], list[str]] = {}
            for c in pile:
                kinds_seen.setdefault(DECK[c], []).append(c)
            self._draws = [(cards[0], len(cards) / len(pile)) for cards in kinds_seen.values()]
        return self._draws

    def _walk_now(self, at: int, hand: list[str]) -> float:
        best = 0.0
        for combo in combos(hand, None):
            left = len(hand) - len(combo["cards"])
            for end in self.ends(at, combo):
                best = max(best, self.landing_value(end, combo["steps"], left,
                                                    self.others_at(end), again=False))
        return best

    def worth_leaving(self, cards: list[str], end: int) -> bool:
        """Leave the meeting place (the last task) only for points now: a gathering, a
        token, a Jom! card. Walking off for what the next turn might bring and back again
        kept a 2-player game going for ever while the other pedestrian waited at its own
        place (every walk resets the stall count of spec ruling 10)."""
        steps = combo_steps(cards)
        left = len(self.hand) - len(cards)
        return self.landing_value(end, steps, left, self.others_at(end)) >= LEAVE_FOR

    def stay_value(self) -> float:
        """Not walking: keep every card (and draw), wait where one is."""
        here = self.pos[self.seat]
        value = 0.0
        if self.meet_at is not None and self.cells[here] == self.meet_at:
            value += (0.6 if self.beginner else MEET_STAY * self.arrival_chance()) \
                * self.task_gain(1)
        if not self.lookahead:
            return value - 3.0
        if not self.last_turn():
            value += self.potential(here, self.hand) * (CLOSING if self.closing else 1.0)
        return value - 1.0

    def last_turn(self) -> bool:
        """This is the seat's last turn of the game (only points now count)."""
        q = self.state["end_queue"]
        return q is not None and self.seat not in q

    def red_target(self, reds: list[int]) -> int:
        """The Red card whose clearing opens the most for this pedestrian: next to a goal or
        to where it stands."""
        far = self.far()
        mine = distances(self.grid, self.pos[self.seat])

        def closeness(r: int) -> tuple[int, int]:
            near = [far[x] for x in ORTHOGONAL[r] if self.grid[x] == WALKABLE and far[x] >= 0]
            to_goal = min(near) if near else 99
            nb = [mine[x] for x in ORTHOGONAL[r] if mine[x] >= 0]
            return (to_goal + (min(nb) if nb else 99), r)

        return min(reds, key=closeness)


def heuristic_action(state: State, seat: int, rng: random.Random, noise: float,
                     templates: list[dict[str, Any]], lookahead: bool | None = None) -> Action:
    """The obvious good move for ``seat`` (see the module docstring). ``noise`` > 0 is the
    beginner's picture, blurred walk values, now and then any legal move (the easy bot's
    short-sighted moves, easy.py)."""
    by_type = _by_type(templates)
    beginner = noise > 0
    if beginner and "no_walk" in by_type and _only_waiting(state, seat):
        return {"type": "no_walk"}
    if beginner and rng.random() < noise * 0.5:
        return expand_template(rng.choice(templates), rng)
    if "clear" not in by_type:
        quick = _quick(state, seat, by_type, beginner)
        if quick is not None:
            return quick
    plan = Planner(state, seat, beginner, lookahead)
    if "clear" in by_type:
        cells = by_type["clear"][0]["cell"]["$choice"]
        return {"type": "clear", "cell": plan.red_target(cells) if not beginner else min(cells)}
    if "place" in by_type:
        return _place(plan, by_type["place"][0]["cell"]["$choice"])
    if "answer_clearing" in by_type:
        return _answer_clearing(plan, by_type["answer_clearing"])
    if "walk" in by_type or "no_walk" in by_type:
        if not beginner and "propose_clearing" in by_type:
            proposal = _proposal(plan, by_type["propose_clearing"])
            if proposal is not None:
                return proposal
        return _walk(plan, by_type, rng, noise)
    if "invite" in by_type:
        return _invite(plan, by_type["invite"][0]["seat"])
    if "answer_pickup" in by_type:
        return {"type": "answer_pickup", "accept": _take_along(plan, state["turn"]["invite"])}
    if "skip_ask" in by_type:
        steps = _come_along(plan, by_type["ask_pickup"][0]["steps"]["$choice"]
                            if "ask_pickup" in by_type else [])
        return {"type": "skip_ask"} if steps is None else {"type": "ask_pickup", "steps": steps}
    if "join_walk" in by_type:
        steps = _come_along(plan, by_type["join_walk"][0]["steps"]["$choice"])
        return {"type": "decline_walk"} if steps is None else {"type": "join_walk",
                                                                "steps": steps}
    return expand_template(templates[0], rng)


def waits_to_finish(state: State, seat: int) -> bool:
    """Only the meeting is left, and the pedestrian stands at its meeting place."""
    visit, meet_at, clear = tasks_left(state, seat)
    here = state["pos"][seat]
    return (not visit and not clear and meet_at is not None and here is not None
            and state["cells"][here] == meet_at)


def _only_waiting(state: State, seat: int) -> bool:
    """Only the meeting is left and the pedestrian stands alone at its place: a beginner
    waits there (walking off and back again kept a 2-player game going for ever, since a
    walk resets the stall count of spec ruling 10)."""
    here = state["pos"][seat]
    return waits_to_finish(state, seat) and not any(
        state["pos"][o] == here for o in range(state["n"]) if o != seat)


def _quick(state: State, seat: int, by_type: dict[str, list[dict[str, Any]]],
           beginner: bool) -> Action | None:
    """The decisions that need no planning: finish clearing, decline trades (an offer is a
    card for a card the offerer chose), the path (clearing on the way when it can), end
    trading, and Jom! tokens."""
    if "done_clearing" in by_type:
        return {"type": "done_clearing"}
    if "decline_trade" in by_type:
        return {"type": "decline_trade"}
    if "step" in by_type:
        clearing = [t for t in by_type["step"] if t["clear"]]
        chosen = (clearing or by_type["step"])[0]
        return {"type": "step", "cell": min(chosen["cell"]["$choice"]), "clear": chosen["clear"]}
    if "end_trade" in by_type:
        return {"type": "end_trade"}
    if "place_jom" in by_type:
        return _jom(state, seat, by_type["place_jom"], beginner)
    if "end_jom" in by_type:
        return {"type": "end_jom"}
    return None


def _place(plan: Planner, cells: list[int]) -> Action:
    """Start on the border Green card whose first walk (with the hand dealt) is worth most;
    a beginner simply starts nearest to its goals."""
    far = plan.far()
    if not plan.lookahead:
        return {"type": "place",
                "cell": min(cells, key=lambda c: (far[c] if far[c] >= 0 else 99, c))}
    return {"type": "place", "cell": max(cells, key=lambda c: (
        plan.potential(c, plan.hand) - 0.1 * (far[c] if far[c] >= 0 else 12), -c))}


def _walk(plan: Planner, by_type: dict[str, list[dict[str, Any]]], rng: random.Random,
          noise: float) -> Action:
    """The walk worth most (or not walking); Swap with Discard when the top card is better."""
    best: tuple[float, Action] = (-1e9, {"type": "no_walk"})
    if "no_walk" in by_type:
        best = (plan.stay_value(), {"type": "no_walk"})
    waiting = "no_walk" in by_type and (_only_waiting(plan.state, plan.seat)
                                        or plan.nothing_to_walk_for)
    for t in by_type.get("walk", []):
        cards = t["cards"]
        for end in t["end"]["$choice"]:
            if waiting and not plan.worth_leaving(cards, end):
                continue
            value = plan.walk_value(cards, end)
            if noise > 0:
                value += rng.random() * 10 * noise
            if value > best[0]:
                best = (value, {"type": "walk", "cards": list(cards), "end": end})
    swap = _swap(plan, by_type.get("swap", []), best[0])
    return swap if swap is not None else best[1]


def _swap(plan: Planner, swaps: list[dict[str, Any]], best: float) -> Action | None:
    """Swap with Discard when walking the top card is clearly better than the best walk."""
    state = plan.state
    if plan.beginner or not swaps or not state["discard"]:
        return None
    top = state["discard"][-1]
    if DECK[top][1] == SWAP:
        return None
    for t in swaps:
        hand = [c for c in plan.hand if c != t["card"]] + [top]
        value = -1e9
        for combo in combos(hand, top):
            for end in plan.ends(plan.pos[plan.seat], combo):
                value = max(value, plan.walk_value(combo["cards"], end))
        if value > best + 1.0:
            return {"type": "swap", "card": t["card"]}
    return None


def _proposal(plan: Planner, options: list[dict[str, Any]]) -> Action | None:
    """A collaborative clearing before walking: giving the cheapest card to a token holder
    is a path for one card (they would spend the token anyway), as long as a card is left
    to walk; holding a token that nothing is in line with, take a card for it in a game of
    three or more (the path counts for both)."""
    state = plan.state
    if not plan.reds:
        return None
    target = plan.red_target(plan.reds)
    gives = [t for t in options if t["card"] is not None]
    spare = gives[0]["card"]["$choice"] if gives else []
    if gives and len(spare) >= PROPOSE_SPARE:
        holders = [t["partner"] for t in gives]
        partner = min(holders, key=lambda o: (worth(state, o), o))
        return {"type": "propose_clearing", "partner": partner, "target": target,
                "card": cheapest(spare)}
    takes = [t for t in options if t["card"] is None]
    if takes and plan.n >= 3 and state["held"][plan.seat] > 0:
        partner = min((t["partner"] for t in takes), key=lambda o: (worth(state, o), o))
        return {"type": "propose_clearing", "partner": partner, "target": target, "card": None}
    return None


def _answer_clearing(plan: Planner, options: list[dict[str, Any]]) -> Action:
    """Giving a card for a path: yes. Spending one's own token for the proposer too: only
    when the proposer is not ahead, or the game is ending."""
    state = plan.state
    yes = [t for t in options if t["accept"]]
    no = {"type": "answer_clearing", "accept": False, "card": None}
    if not yes:
        return no
    card = yes[0]["card"]
    if card is not None:  # the proposer holds the token, this seat gives a card
        return {"type": "answer_clearing", "accept": True, "card": cheapest(card["$choice"])}
    proposer = state["answer"]["from"]
    helps_leader = worth(state, proposer) >= worth(state, plan.seat)
    if plan.beginner or plan.endgame or (plan.n >= 3 and not helps_leader):
        return {"type": "answer_clearing", "accept": True, "card": None}
    return no


def _jom(state: State, seat: int, options: list[dict[str, Any]], beginner: bool) -> Action:
    """Jom! tokens only to claim a card now: an entry stays coverable for the rest of the
    game (reached and met are never lost), so a token placed early only locks one of the
    six away (placing on every card, the normal bot ran out of free tokens and could not
    claim Jom Kawan with five or six pedestrians). A beginner puts a token on the card
    closest to being claimed whenever it can."""
    free = free_jom_tokens(state, seat)
    claims = []
    for t in options:
        name = t["card"]
        missing = jom_need(state, name) - len(state["jom"][name]["tokens"][seat])
        if len(t["entry"]["$choice"]) >= missing and free >= missing:
            claims.append(t)
    if claims and not beginner:
        chosen = max(claims, key=lambda t: (JOM_CARDS[t["card"]][1], t["card"]))
        return {"type": "place_jom", "card": chosen["card"],
                "entry": chosen["entry"]["$choice"][0]}
    if not beginner:
        return {"type": "end_jom"}

    def progress(t: dict[str, Any]) -> tuple[float, int, str]:
        name = t["card"]
        mine = len(state["jom"][name]["tokens"][seat])
        return ((mine + 1) / jom_need(state, name), JOM_CARDS[name][1], name)

    chosen = max(options, key=progress)
    return {"type": "place_jom", "card": chosen["card"], "entry": chosen["entry"]["$choice"][0]}


def _invite(plan: Planner, other: int) -> Action:
    """Invite a pedestrian when arriving together makes this walk score (an empty
    gathering spot) or meets someone new; not otherwise (it only helps them)."""
    state = plan.state
    walk = state["turn"]["walk"]
    end = walk["end"]
    card = plan.cells[end]
    if GATHER in LOKASI.get(card, ()) and not plan.others_at(end):
        return {"type": "invite", "seat": other}
    if other not in state["met"][plan.seat] and (plan.n == 2 or plan.beginner):
        return {"type": "invite", "seat": other}
    return {"type": "skip_invite"}


def _take_along(plan: Planner, invite: dict[str, Any]) -> bool:
    """Take a pedestrian who asks along when it arrives with the walker at an empty
    gathering spot (the walk then scores), or meets it for the first time."""
    state = plan.state
    walk = state["turn"]["walk"]
    path = walk["path"]
    end = walk["end"]
    card = plan.cells[end]
    arrives = invite["idx"] + invite["steps"] == len(path) - 1
    if arrives and GATHER in LOKASI.get(card, ()) and not plan.others_at(end):
        return True
    return invite["seat"] not in state["met"][plan.seat] and plan.n == 2


def _come_along(plan: Planner, choices: list[int]) -> int | None:
    """The steps along another's walk that are worth most to this pedestrian (a free walk),
    or ``None`` when staying is better."""
    if not choices:
        return None
    state = plan.state
    turn = state["turn"]
    path = turn["walk"]["path"]
    idx = turn["invite"]["idx"]
    walker = state["current"]
    here = plan.pos[plan.seat]
    end = turn["walk"]["end"]
    hand = plan.hand
    best_steps: int | None = None
    best = (plan.potential(here, hand) if plan.lookahead
            else -0.5 * max(0, plan.far()[here]))
    for steps in choices:
        if idx + steps >= len(path):
            continue
        dest = path[idx + steps]
        others = [o for o in range(plan.n) if o != plan.seat and plan.pos[o] == dest
                  and o != walker]
        if dest == end:
            others.append(walker)
        value = plan.landing_value(dest, steps, len(hand) - 1, others, walker=False)
        if not plan.lookahead:
            d = plan.far()[dest]
            value -= 0.5 * (d if d >= 0 else 12)
        else:
            value += plan.potential(dest, hand)
        if value > best + 0.1:
            best_steps, best = steps, value
    return best_steps


def ranked_walks(state: State, seat: int, templates: list[dict[str, Any]],
                 limit: int) -> list[Action]:
    """The ``limit`` best walks (and not walking) by the normal heuristic's value, best
    first: the moves worth searching."""
    by_type = _by_type(templates)
    plan = Planner(state, seat, False)
    scored: list[tuple[float, int, Action]] = []
    if "no_walk" in by_type:
        scored.append((plan.stay_value(), 0, {"type": "no_walk"}))
    waiting = "no_walk" in by_type and (_only_waiting(state, seat) or plan.nothing_to_walk_for)
    for t in by_type.get("walk", []):
        for end in t["end"]["$choice"]:
            if waiting and not plan.worth_leaving(t["cards"], end):
                continue
            scored.append((plan.walk_value(t["cards"], end), len(scored),
                           {"type": "walk", "cards": list(t["cards"]), "end": end}))
    scored.sort(key=lambda x: (-x[0], x[1]))
    return [a for _, _, a in scored[:limit]]
