"""What a spot is worth to a seat: the points it scores on arriving there plus the plans it
opens (the normal and hard bots' judgement, engines/jakarta_traffic/bot/heuristic.py).

The rulebook's scoring makes the plans: a carried order is worth its stars once the moped
parks at the address it wants (one energy for the delivery, so with an empty phone battery
the ride goes by a charging station first), and an order stack the phone can take is worth
the stars of delivering it after the rides to the stack and on to its address, less the
energy paid on taking it and on delivering it (each when it is paid). Each turn a plan
needs makes it worth less (:data:`GAMMA`): the others race for the same star tokens, move
the order board and end the game. Speech bubbles score at the end at face value; energy
left does too, but while the game goes on it is bought back at charging stations
(:data:`ENERGY_VALUE`).
"""

from __future__ import annotations

from engines.jakarta_traffic import orderboard
from engines.jakarta_traffic.bot.layout import FAR, Layout
from engines.jakarta_traffic.data import (
    BUBBLE_BONUS,
    BUILDING,
    CHARGING,
    END_STARS,
    MAX_ENERGY,
    PASSENGERS,
    PHONE_CAPACITY,
    SIZE,
    SPEECH_BUBBLES,
)
from engines.jakarta_traffic.state import JakartaState, OrderBoard

#: How much a plan loses per turn of riding it still needs. Against three easy bots over
#: the same 60 deals normal won 38% at 0.6, 66% at 0.7, 81% at 0.8 and 82-83% at 0.85-0.9
#: (and 0.8 beat 0.7 at two and three players too): the far 7-star order is worth the ride.
GAMMA = 0.8
#: What one energy is worth while the game goes on: a point at the end, but it is bought
#: back at charging stations (in the last round it is worth its full point).
ENERGY_VALUE = 0.6
#: A second plan pursued alongside the first is worth this share of it.
SIDE_PLAN = 0.5
#: More turns than any plan takes.
NEVER = 4 * FAR
#: An order another player carries too and delivers first drops to the bottom row (3
#: stars) and may want another address: how much of that loss a plan counts.
CONTEST_SHARE = 0.8
#: The bottom row's stars.
BOTTOM_VALUE = 3

CELLS = SIZE * SIZE


def takeable(phone: list[str], energy: int, order: str) -> bool:
    """Ruling 1 (and the energy to pay): the phone may take one more order of this type."""
    if energy < 1 or len(phone) >= PHONE_CAPACITY or order in phone:
        return False
    return not (order in PASSENGERS and any(o in PASSENGERS for o in phone))


class Planner:
    """One seat's judgement of spots in one state (built once per decision)."""

    def __init__(self, state: JakartaState, seat: int, lay: Layout, horizon: int) -> None:
        self.state = state
        self.seat = seat
        self.lay = lay
        #: ``weight[d]``: what a plan ``d`` turns away is worth per star (0 past the horizon).
        self.weight = [GAMMA ** d if d <= horizon else 0.0 for d in range(NEVER + 1)]
        self.horizon = horizon
        self.ev = ENERGY_VALUE if horizon > 1 else 1.0
        stars = state["stars"]
        # Someone about to end the game leaves fewer turns for the slow plans.
        if any(len(s) >= END_STARS - 1 for p, s in enumerate(stars) if p != seat):
            self.weight = [w * (0.85 ** d) for d, w in enumerate(self.weight)]

        self._targets: dict[int, list[tuple[int, str, int, float]]] = {}
        self.rival = self._rivals()

    def _rivals(self) -> dict[str, int]:
        """For each order type another player carries, the fewest turns any of them needs
        to deliver it (only those who can get there by a ride and a honk or two)."""
        state, lay = self.state, self.lay
        board = state["board"]
        out: dict[str, int] = {}
        for p, phone in enumerate(state["phone"]):
            at = state["mopeds"][p]
            if p == self.seat or at is None:
                continue
            energy = state["energy"][p]
            for order in phone:
                d = self.reach(at, lay.building[orderboard.order_address(board, order)],
                               energy)
                if d < FAR and d < out.get(order, NEVER):
                    out[order] = d
        return out

    def contested(self, order: str, value: float, turns: int) -> float:
        """An order's stars when this seat delivers it in ``turns`` turns: less when
        another player carries the same type and gets to its address first (every other
        player rides once before this seat's next turn, so a tie goes to them)."""
        if turns > 0 and self.rival.get(order, NEVER) <= turns and value > BOTTOM_VALUE:
            return value - CONTEST_SHARE * (value - BOTTOM_VALUE)
        return value

    # -- rides --------------------------------------------------------------------------
    def reach(self, a: int, b: int, energy: int) -> int:
        """Turns from ``a`` to park at ``b`` with energy to spend there (via a charging
        station when the battery is empty)."""
        if energy >= 1:
            return self.lay.dist[a][b]
        return self.lay.charged[a][b]

    def stack_targets(self, board: OrderBoard) -> list[tuple[int, str, int, float]]:
        """(stack cell, order, its address's building, stars less the delivery's energy)
        of every order stack, for this order board."""
        found = self._targets.get(id(board))
        if found is None:
            building = self.lay.building
            found = self._targets[id(board)] = [
                (s, stack["order"], building[orderboard.order_address(board, stack["order"])],
                 orderboard.order_value(board, stack["order"]) - self.ev)
                for s, stack in enumerate(self.state["stacks"]) if stack is not None]
        return found

    # -- plans --------------------------------------------------------------------------
    def carried(self, board: OrderBoard, cell: int, phone: list[str], energy: int) -> float:
        """What the orders in the phone are worth from ``cell`` (best delivery order)."""
        if not phone:
            return 0.0
        weight, building = self.weight, self.lay.building
        worth = self.contested
        targets = [(building[orderboard.order_address(board, o)],
                    orderboard.order_value(board, o), o) for o in phone]
        if len(targets) == 1:
            b, v, o = targets[0]
            d = min(NEVER, self.reach(cell, b, energy))
            return (worth(o, v, d) - self.ev) * weight[d]
        (b1, v1, o1), (b2, v2, o2) = targets
        if b1 == b2:
            d = min(NEVER, self.reach(cell, b1, energy))
            return (worth(o1, v1, d) + worth(o2, v2, d) - self.ev) * weight[d]
        best = 0.0
        for (fb, fv, fo), (sb, sv, so) in (((b1, v1, o1), (b2, v2, o2)),
                                           ((b2, v2, o2), (b1, v1, o1))):
            d1 = min(NEVER, self.reach(cell, fb, energy))
            d2 = min(NEVER, d1 + self.reach(fb, sb, energy - 1 if energy >= 1 else 2))
            best = max(best, (worth(fo, fv, d1) - self.ev) * weight[d1]
                       + (worth(so, sv, d2) - self.ev) * weight[d2])
        return best

    def stack_plan(self, board: OrderBoard, cell: int, phone: list[str], energy: int) -> float:
        """The best order stack to go and take from ``cell``, delivery included."""
        if len(phone) >= PHONE_CAPACITY:
            return 0.0
        weight, ev = self.weight, self.ev
        dist, charged = self.lay.dist, self.lay.charged
        here = dist[cell]
        rival = self.rival
        best = 0.0
        for s, order, b, worth in self.stack_targets(board):
            if phone and not takeable(phone, 1, order):
                continue
            if energy >= 2:
                there, on = here[s], dist[s][b]
            elif energy == 1:
                there, on = here[s], charged[s][b]
            else:
                there, on = charged[cell][s], dist[s][b]
            # Taking it pays one energy when the moped gets there, delivering it another
            # (in ``worth``) and scores when it parks at the address.
            whole = there + on if there + on < NEVER else NEVER
            if order in rival:
                worth = self.contested(order, worth + ev, whole) - ev
            value = worth * weight[whole] - ev * weight[there]
            if value > best:
                best = value
        return best

    def potential(self, board: OrderBoard, cell: int, phone: list[str], energy: int) -> float:
        """Every plan open from ``cell`` with this phone and battery."""
        if self.horizon <= 0:
            return 0.0
        held = self.carried(board, cell, phone, energy)
        side = self.stack_plan(board, cell, phone, energy)
        return held + side * (SIDE_PLAN if phone else 1.0)

    # -- arriving ------------------------------------------------------------------------
    def arrival(self, cell: int) -> float:
        """Points scored by parking at ``cell`` now, plus the plans open from there (the
        best choice at a stack; a delivery whenever one is wanted here)."""
        state, seat = self.state, self.seat
        energy = state["energy"][seat]
        phone = state["phone"][seat]
        bubbles = state["bubbles"][seat]
        gain = 0.0
        chats = sum(1 for p, at in enumerate(state["mopeds"]) if p != seat and at == cell)
        if chats:
            energy = min(MAX_ENERGY, energy + chats)
            more = min(SPEECH_BUBBLES, bubbles + chats)
            gain += BUBBLE_BONUS[more] - BUBBLE_BONUS[bubbles]
        tile = state["tiles"][cell]
        if tile["kind"] == CHARGING:
            energy = MAX_ENERGY
        board = state["board"]
        stack = state["stacks"][cell]
        if stack is not None and takeable(phone, energy, stack["order"]):
            return gain + self.choose_order(cell, phone, energy, stack["order"])
        if tile["kind"] == BUILDING and energy >= 1:
            wanted = orderboard.wanted_here(board, phone, tile["address"])
            if wanted:
                return gain + self.delivery(cell, phone, energy, wanted)
        return gain + self.ev * energy + self.potential(board, cell, phone, energy)

    def choose_order(self, cell: int, phone: list[str], energy: int, order: str) -> float:
        """The better of taking the order here and leaving it."""
        board = self.state["board"]
        leave = self.ev * energy + self.potential(board, cell, phone, energy)
        take = self.ev * (energy - 1) + self.potential(board, cell, phone + [order], energy - 1)
        return max(leave, take)

    def takes(self, cell: int, order: str) -> bool:
        """Whether taking ``order`` at ``cell`` beats leaving it (energy already counted)."""
        take, leave = self.choices(cell, order)
        return take > leave

    def choices(self, cell: int, order: str) -> tuple[float, float]:
        """(taking ``order`` at ``cell``, leaving it): what each is worth."""
        state, seat = self.state, self.seat
        energy, phone, board = state["energy"][seat], state["phone"][seat], state["board"]
        leave = self.ev * energy + self.potential(board, cell, phone, energy)
        take = self.ev * (energy - 1) + self.potential(board, cell, phone + [order], energy - 1)
        return take, leave

    def delivery(self, cell: int, phone: list[str], energy: int, wanted: list[str]) -> float:
        """Points of delivering ``wanted`` here and the plans left after it."""
        state, seat = self.state, self.seat
        board = state["board"]
        stars = sum(orderboard.order_value(board, o) for o in wanted)
        rest = [o for o in phone if o not in wanted]
        after = orderboard.deliver(board, wanted)
        if len(state["stars"][seat]) + len(wanted) >= END_STARS:
            return stars + energy - 1   # the last round: no plans after it
        return stars + self.ev * (energy - 1) + self.potential(after, cell, rest, energy - 1)


def turns_left(state: JakartaState, seat: int) -> int:
    """Rides ``seat`` still has once the current one is over: none in the last round when
    its turn has passed, else the horizon of the plans."""
    if state["phase"] == "over":
        return 0
    if not state["end_triggered"]:
        return NEVER
    current = state["current"]
    if seat > current or (seat == current and state["phase"] in ("honk", "drive")):
        return 1
    return 0
