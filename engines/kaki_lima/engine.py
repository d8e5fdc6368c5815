"""The Kaki Lima engine: the protocol methods, dispatching to the rules modules."""

from __future__ import annotations

import random
from typing import Any

from engines.base import ApplyResult, Engine, LogEntry, Outcome, RuleError, State
from engines.kaki_lima import bot, clearing, legal, turn
from engines.kaki_lima.actions import ACTION_ADAPTER
from engines.kaki_lima.rules import check_tasks, hand_steps, score_breakdown
from engines.kaki_lima.setup import copy_state, setup_state
from engines.kaki_lima.view import view

INVITE_SUBSTAGES = {
    "invite": "offer", "skip_invite": "offer",
    "ask_pickup": "ask", "skip_ask": "ask",
    "answer_pickup": "answer",
    "join_walk": "reply", "decline_walk": "reply",
}
ANSWER_KINDS = {"accept_trade": "trade", "decline_trade": "trade", "answer_clearing": "clearing"}


class KakiLimaEngine(Engine):
    """Kaki Lima: pedestrians walk George Town's five-foot ways for 2 to 6 players."""

    id = "kaki-lima"
    name = "Kaki Lima"
    min_players = 2
    max_players = 6
    rules_version = "2"
    action_adapter = ACTION_ADAPTER
    blurb = ("Walk George Town's five-foot ways: visit Lokasi, meet friends, clear "
             "blocked paths together.")

    def setup(self, player_count: int, options: dict[str, Any], seed: int) -> State:
        if not self.min_players <= player_count <= self.max_players:
            raise RuleError("Kaki Lima is for 2 to 6 pedestrians.")
        return setup_state(player_count, seed)

    def apply(self, state: State, seat: int, action: Any) -> ApplyResult:
        if state["phase"] == "over":
            raise RuleError("The game is over.")
        if not 0 <= seat < state["n"]:
            raise RuleError("You are not playing in this game.")
        s = copy_state(state)
        log: list[LogEntry] = []
        _dispatch(s, seat, action, log)
        check_tasks(s, log)
        return ApplyResult(s, log)

    def legal_actions(self, state: State, seat: int) -> list[dict[str, Any]]:
        return legal.legal_actions(state, seat)

    def to_act(self, state: State) -> list[int]:
        return legal.to_act(state)

    def awaited(self, state: State) -> list[int]:
        """The seat(s) everyone waits for; token holders who may clear are not among them."""
        return legal.awaiting(state)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        if state["phase"] != "over":
            return None
        n = state["n"]
        parts = [score_breakdown(state, s) for s in range(n)]
        keys = [(p["total"], sum(state["done"][s]), hand_steps(state, s))
                for s, p in enumerate(parts)]
        ranks = [1 + sum(1 for k in keys if k > mine) for mine in keys]
        detail = {
            "gathering": [p["gathering"] for p in parts],
            "task VP": [p["tasks"] for p in parts],
            "Jom! VP": [p["jom"] for p in parts],
            "paths VP": [p["paths"] for p in parts],
            "CA bonus": [p["bonus"] for p in parts],
            "tasks": [sum(d) for d in state["done"]],
            "hand steps": [hand_steps(state, s) for s in range(n)],
        }
        return Outcome(scores=[p["total"] for p in parts], ranks=ranks, detail=detail)

    def bot_action(self, state: State, seat: int, rng: random.Random) -> dict[str, Any]:
        if not legal.legal_actions(state, seat):
            raise RuleError("There is nothing for this seat to do now.")
        return bot.bot_action(state, seat, rng)


def _dispatch(s: State, seat: int, action: Any, log: list[LogEntry]) -> None:
    """Route one parsed action to its rule, after checking whose move it is."""
    kind = action.type
    if kind == "place":
        turn.do_place(s, seat, action.cell, log)
        return
    if kind == "clear":
        clearing.do_clear(s, seat, action.cell, log)
        return
    if kind == "done_clearing":
        if s["phase"] == "play" and s["answer"] is None:
            turn.do_end_clearing(s, seat, log)
            return
        if s["phase"] != "final" or s["final_queue"][:1] != [seat]:
            raise RuleError("There is nothing to finish now.")
        turn.do_done_clearing(s, seat, log)
        return
    if s["phase"] != "play":
        raise RuleError("That cannot be done now." if s["phase"] == "final"
                        else "Every pedestrian must first be placed.")
    if kind == "propose_clearing":
        clearing.do_propose(s, seat, action.partner, action.target, action.card, log)
        return
    ans = s["answer"]
    if kind in ANSWER_KINDS:
        if ans is None or ans["to"] != seat or ans["kind"] != ANSWER_KINDS[kind]:
            raise RuleError("Nobody is waiting for that answer from you.")
        if ans["kind"] == "trade":
            turn.do_answer_trade(s, seat, kind == "accept_trade",
                                 getattr(action, "cards", []), log)
        else:
            clearing.do_answer_clearing(s, seat, action.accept, action.card, log)
        return
    if ans is not None:
        raise RuleError("Everyone waits for the answer to the current offer.")
    stage = s["turn"]["stage"]
    if kind in INVITE_SUBSTAGES:
        if stage != "invite" or s["turn"]["invite"]["sub"] != INVITE_SUBSTAGES[kind]:
            raise RuleError("Nobody is being asked to walk together now.")
        if seat != turn.invite_actor(s):
            raise RuleError("It is not your decision to make.")
        turn.do_invite(s, action, log)
        return
    if stage == "invite":
        raise RuleError("Everyone waits while pedestrians decide whether to walk together.")
    if seat != s["current"]:
        raise RuleError("It is not your turn.")
    if kind == "walk":
        if stage not in ("walk", "committed"):
            raise RuleError("You have already played your card this turn.")
        turn.do_walk(s, action.cards, action.end, log)
    elif kind == "swap":
        turn.do_swap(s, action.card, log)
    elif kind == "move_token":
        turn.do_move_token(s, action.card, action.source, action.target, log)
    elif kind == "no_walk":
        turn.do_no_walk(s, log)
    elif kind == "step":
        turn.do_step(s, action.cell, action.clear, log)
    elif kind == "offer_trade":
        turn.do_offer(s, action.to, action.cards, log)
    elif kind == "end_trade":
        turn.do_end_trade(s, log)
    elif kind == "place_jom":
        turn.do_place_jom(s, action.card, action.entry, log)
    elif kind == "end_jom":
        turn.do_end_jom(s, log)
    else:  # pragma: no cover - the union has no other members
        raise RuleError("Unknown action.")


ENGINE = KakiLimaEngine()
