"""Legal-action templates for the step table (compact: one walk template per card combination
with a ``$choice`` of end cards; the path is a follow-up, step by step)."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from engines.kaki_lima.clearing import free_moment, proposal_partners
from engines.kaki_lima.data import MOVE, SWAP
from engines.kaki_lima.flow import trade_recipients
from engines.kaki_lima.rules import (
    blocked_cells,
    card_booster,
    clear_targets,
    jom_options,
    spare_cards,
)
from engines.kaki_lima.setup import start_cells
from engines.kaki_lima.walking import companion_steps, next_steps, walk_choices, walk_survives

State = dict[str, Any]
Template = dict[str, Any]


def may_clear(state: State, seat: int) -> bool:
    """Whether a seat (not the walker) may clear or propose a clearing right now."""
    return free_moment(state) and bool(free_templates(state, seat))


def place_templates(state: State, seat: int) -> list[Template]:
    """Set-up: the border Green cards a pedestrian may start on."""
    return [{"type": "place", "cell": {"$choice": start_cells(state)}}]


def final_templates(state: State, seat: int) -> list[Template]:
    """After the last turn: spend a token in line, or finish."""
    return [{"type": "clear", "cell": {"$choice": clear_targets(state, seat)}},
            {"type": "done_clearing"}]


def free_templates(state: State, seat: int) -> list[Template]:
    """Individual clearing and collaborative-clearing proposals (at any free moment)."""
    if not free_moment(state):
        return []
    out: list[Template] = []
    if state["held"][seat] > 0:
        targets = [t for t in clear_targets(state, seat) if walk_survives(state, seat, t, 1)]
        if targets:
            out.append({"type": "clear", "cell": {"$choice": targets}})
    partners = proposal_partners(state, seat)
    if partners:
        reds = blocked_cells(state)
        hand = spare_cards(state, seat)
        for partner, gives in partners:
            card: Any = {"$choice": hand} if gives else None
            out.append({"type": "propose_clearing", "partner": partner,
                        "target": {"$choice": reds}, "card": card})
    return out


def stage_templates(state: State) -> list[Template]:
    """What the player whose turn it is may do in the current stage."""
    turn = state["turn"]
    seat = state["current"]
    stage = turn["stage"]
    if stage in ("walk", "committed"):
        out: list[Template] = [
            {"type": "walk", "cards": combo["cards"], "end": {"$choice": ends}}
            for combo, ends in walk_choices(state, seat)
        ]
        if stage == "walk":
            out += booster_templates(state, seat)
        out.append({"type": "no_walk"})
        return out
    if stage == "path":
        plain = sorted(c for c, clear in next_steps(state) if not clear)
        clearing = sorted(c for c, clear in next_steps(state) if clear)
        out = []
        if plain:
            out.append({"type": "step", "cell": {"$choice": plain}, "clear": False})
        if clearing:
            out.append({"type": "step", "cell": {"$choice": clearing}, "clear": True})
        return out
    if stage == "trade":
        hand = sorted(state["hands"][seat])
        out = [{"type": "end_trade"}]
        recipients = trade_recipients(state)
        for size in (1, 2):
            able = [to for to in recipients if len(state["hands"][to]) >= size]
            if able:
                for cards in combinations(hand, size):
                    out.append({"type": "offer_trade", "to": {"$choice": able},
                                "cards": list(cards)})
        return out
    if stage == "clearing":
        return [{"type": "done_clearing"}]
    if stage == "jom":
        out = [{"type": "place_jom", "card": name, "entry": {"$choice": entries}}
               for name, entries in jom_options(state, seat).items()]
        return out + [{"type": "end_jom"}]
    return []


def booster_templates(state: State, seat: int) -> list[Template]:
    """Swap with Discard and Move Clearing Token, played before walking."""
    out: list[Template] = []
    hand = sorted(state["hands"][seat])
    sources = [c for c in state["cleared"] if c not in state["pos"]]
    reds = blocked_cells(state)
    for card in hand:
        booster = card_booster(card)
        if booster == SWAP and state["discard"]:
            out.append({"type": "swap", "card": card})
        elif booster == MOVE and sources and reds:
            out.append({"type": "move_token", "card": card, "source": {"$choice": sorted(sources)},
                        "target": {"$choice": reds}})
    return out


def invite_templates(state: State) -> list[Template]:
    """The walk-together exchange for the pedestrian being asked."""
    inv = state["turn"]["invite"]
    sub = inv["sub"]
    if sub == "offer":
        return [{"type": "invite", "seat": inv["seat"]}, {"type": "skip_invite"}]
    if sub == "answer":
        return [{"type": "answer_pickup", "accept": {"$choice": [True, False]}}]
    steps = companion_steps(state, inv["idx"])
    if sub == "ask":
        return [{"type": "ask_pickup", "steps": {"$choice": steps}}, {"type": "skip_ask"}]
    return [{"type": "join_walk", "steps": {"$choice": steps}}, {"type": "decline_walk"}]


def answer_templates(state: State, seat: int) -> list[Template]:
    """Answers to a trade offer or a collaborative clearing proposal."""
    ans = state["answer"]
    hand = sorted(state["hands"][seat])
    if ans["kind"] == "trade":
        out: list[Template] = [{"type": "decline_trade"}]
        for cards in combinations(hand, len(ans["cards"])):
            out.append({"type": "accept_trade", "cards": list(cards)})
        return out
    decline: Template = {"type": "answer_clearing", "accept": False, "card": None}
    if ans["card"] is not None:
        return [{"type": "answer_clearing", "accept": True, "card": None}, decline]
    spare = spare_cards(state, seat)
    if not spare:
        return [decline]
    return [{"type": "answer_clearing", "accept": True, "card": {"$choice": spare}}, decline]

