"""The step table (docs/architecture.md, "Steps"): for each moment of the game, whom it waits
for, what they may send, their templates and the refusals; the handlers call the moves in
flow.py and clearing.py.

Between any two accepted actions, while no answer is awaited, anyone may clear or propose a
collaborative clearing (spec "Turn structure"): those are the turn steps' out-of-turn actions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core.log import LogEntry
from engines.core.steps import Step
from engines.kaki_lima import clearing, legal
from engines.kaki_lima import flow as turn

State = dict[str, Any]
Log = list[LogEntry]

ANSWER_KINDS = {"accept_trade", "decline_trade", "answer_clearing"}
# Each walk-together action and the part of the exchange (``invite["sub"]``) that takes it.
INVITE_KINDS = {
    "invite": "offer", "skip_invite": "offer",
    "ask_pickup": "ask", "skip_ask": "ask",
    "answer_pickup": "answer",
    "join_walk": "reply", "decline_walk": "reply",
}

# What a player reads when sending an action of the turn at the wrong stage.
STAGE_REFUSALS = {
    "walk": "kaki-lima.err.already_played",
    "swap": "kaki-lima.err.swap_only",
    "move_token": "kaki-lima.err.move_only",
    "no_walk": "kaki-lima.err.mid_walk",
    "step": "kaki-lima.err.no_walk_in_progress",
    "offer_trade": "kaki-lima.err.trade_only_stall",
    "end_trade": "kaki-lima.err.not_trading",
    "place_jom": "kaki-lima.err.jom_after_walk",
    "end_jom": "kaki-lima.err.not_placing_jom",
    "done_clearing": "kaki-lima.err.nothing_to_finish",
    "place": "kaki-lima.err.not_your_placing",
}


def refusal(state: State, seat: int, kind: str) -> str:
    """The message key for an action the current step does not take from this seat."""
    if kind in ("place", "done_clearing"):
        return STAGE_REFUSALS[kind]
    if kind == "clear":
        return ("kaki-lima.err.final_wait" if state["phase"] == "final"
                else "kaki-lima.err.wait_answer")
    if state["phase"] != "play":
        return ("kaki-lima.err.not_now" if state["phase"] == "final"
                else "kaki-lima.err.place_first")
    if kind in ANSWER_KINDS:
        return "kaki-lima.err.no_answer_awaited"
    if state["answer"] is not None:
        return "kaki-lima.err.wait_offer"
    return _turn_refusal(state, seat, kind)


def _turn_refusal(state: State, seat: int, kind: str) -> str:
    """The refusal while the turn's own steps run (no answer awaited)."""
    stage = state["turn"]["stage"]
    if kind in INVITE_KINDS:
        if stage == "invite" and INVITE_KINDS[kind] == state["turn"]["invite"]["sub"]:
            return "kaki-lima.err.not_your_decision"
        return "kaki-lima.err.nobody_asked"
    if kind == "propose_clearing":
        return "kaki-lima.err.wait_answer"
    if stage == "invite":
        return "kaki-lima.err.wait_walk_together"
    if seat != state["current"]:
        return "kaki-lima.err.not_your_turn"
    return STAGE_REFUSALS.get(kind, "kaki-lima.err.not_now")


Handler = Callable[[State, int, Any], Log]


def _logged(move: Callable[[State, int, Any, Log], None]) -> Handler:
    """A handler from a move that appends to a log."""
    def handler(state: State, seat: int, action: Any) -> Log:
        log: Log = []
        move(state, seat, action, log)
        return log
    handler.__doc__ = move.__doc__
    return handler


# --- handlers: the parsed action to the move ------------------------------------------------

def _place(s: State, seat: int, a: Any, log: Log) -> None:
    turn.do_place(s, seat, a.cell, log)


def _walk(s: State, seat: int, a: Any, log: Log) -> None:
    turn.do_walk(s, a.cards, a.end, log)


def _swap(s: State, seat: int, a: Any, log: Log) -> None:
    turn.do_swap(s, a.card, log)


def _move_token(s: State, seat: int, a: Any, log: Log) -> None:
    turn.do_move_token(s, a.card, a.source, a.target, log)


def _no_walk(s: State, seat: int, a: Any, log: Log) -> None:
    turn.do_no_walk(s, log)


def _step(s: State, seat: int, a: Any, log: Log) -> None:
    turn.do_step(s, a.cell, a.clear, log)


def _offer_trade(s: State, seat: int, a: Any, log: Log) -> None:
    turn.do_offer(s, a.to, a.cards, log)


def _end_trade(s: State, seat: int, a: Any, log: Log) -> None:
    turn.do_end_trade(s, log)


def _place_jom(s: State, seat: int, a: Any, log: Log) -> None:
    turn.do_place_jom(s, a.card, a.entry, log)


def _end_jom(s: State, seat: int, a: Any, log: Log) -> None:
    turn.do_end_jom(s, log)


def _end_clearing(s: State, seat: int, a: Any, log: Log) -> None:
    turn.do_end_clearing(s, seat, log)


INVITE_MOVES: dict[str, Callable[[State, int, Any, Log], None]] = {
    "invite": lambda s, seat, a, log: turn.do_invite(s, a.seat, log),
    "skip_invite": lambda s, seat, a, log: turn.do_skip_invite(s, log),
    "ask_pickup": lambda s, seat, a, log: turn.do_ask_pickup(s, a.steps, log),
    "skip_ask": lambda s, seat, a, log: turn.do_ask_pickup(s, None, log),
    "answer_pickup": lambda s, seat, a, log: turn.do_answer_pickup(s, a.accept, log),
    "join_walk": lambda s, seat, a, log: turn.do_reply_invite(s, a.steps, log),
    "decline_walk": lambda s, seat, a, log: turn.do_reply_invite(s, None, log),
}


def _answer_trade(s: State, seat: int, a: Any, log: Log) -> None:
    turn.do_answer_trade(s, seat, a.type == "accept_trade", getattr(a, "cards", []), log)


def _answer_clearing(s: State, seat: int, a: Any, log: Log) -> None:
    clearing.do_answer_clearing(s, seat, a.accept, a.card, log)


def _clear(s: State, seat: int, a: Any, log: Log) -> None:
    clearing.do_clear(s, seat, a.cell, log)


def _propose(s: State, seat: int, a: Any, log: Log) -> None:
    clearing.do_propose(s, seat, a.partner, a.target, a.card, log)


def _done_final(s: State, seat: int, a: Any, log: Log) -> None:
    turn.do_done_clearing(s, seat, log)


# --- the steps ------------------------------------------------------------------------------

def _current(state: State) -> list[int]:
    return [state["current"]]


def _free_seats(state: State) -> list[int]:
    """Seats other than the walker who may clear or propose now (listed after it)."""
    return [s for s in range(state["n"])
            if s != state["current"] and legal.may_clear(state, s)]


FREE = {"clear": _logged(_clear), "propose_clearing": _logged(_propose)}


def _turn_step(name: str, moves: dict[str, Callable[[State, int, Any, Log], None]]) -> Step:
    """A stage of the turn of the player whose turn it is, with clearing open to all."""
    return Step(name=name, actions={k: _logged(m) for k, m in moves.items()},
                actors=_current, legal=lambda s, seat: legal.stage_templates(s),
                hint=refusal, not_your_turn=refusal, out_of_turn=FREE,
                out_of_turn_legal=legal.free_templates, optional=_free_seats)


WALK = _turn_step("walk", {"walk": _walk, "swap": _swap, "move_token": _move_token,
                           "no_walk": _no_walk})
PATH = _turn_step("path", {"step": _step})
TRADE = _turn_step("trade", {"offer_trade": _offer_trade, "end_trade": _end_trade})
JOM = _turn_step("jom", {"place_jom": _place_jom, "end_jom": _end_jom})
CLEARING = _turn_step("clearing", {"done_clearing": _end_clearing})


def _invite_step(sub: str, kinds: tuple[str, ...]) -> Step:
    """One part of the walk-together exchange (spec ruling 5); everyone else waits."""
    return Step(name=f"invite_{sub}", actions={k: _logged(INVITE_MOVES[k]) for k in kinds},
                actors=lambda s: [turn.invite_actor(s)],
                legal=lambda s, seat: legal.invite_templates(s),
                hint=refusal, not_your_turn=refusal)


INVITE = {sub: _invite_step(sub, tuple(k for k, s in INVITE_KINDS.items() if s == sub))
          for sub in ("offer", "ask", "answer", "reply")}


def _answerer(state: State) -> list[int]:
    return [state["answer"]["to"]]


ANSWER = {
    "trade": Step(name="answer_trade",
                  actions={"accept_trade": _logged(_answer_trade),
                           "decline_trade": _logged(_answer_trade)},
                  actors=_answerer, legal=legal.answer_templates,
                  hint=refusal, not_your_turn=refusal),
    "clearing": Step(name="answer_clearing",
                     actions={"answer_clearing": _logged(_answer_clearing)},
                     actors=_answerer, legal=legal.answer_templates,
                     hint=refusal, not_your_turn=refusal),
}

PLACE = Step(name="place", actions={"place": _logged(_place)},
             actors=lambda s: [s["placing"]], legal=legal.place_templates,
             hint=refusal, not_your_turn=refusal)

FINAL = Step(name="final", actions={"clear": _logged(_clear),
                                    "done_clearing": _logged(_done_final)},
             actors=lambda s: s["final_queue"][:1], legal=legal.final_templates,
             hint=refusal, not_your_turn=refusal)

TURN_STEPS = {"walk": WALK, "committed": WALK, "path": PATH, "trade": TRADE, "jom": JOM,
              "clearing": CLEARING}


def current_step(state: State) -> Step:
    """The step the game is in: set-up, an answer awaited, walking together, a stage of the
    turn, or the final clearings."""
    phase = state["phase"]
    if phase == "place":
        return PLACE
    if phase == "final":
        return FINAL
    if state["answer"] is not None:
        return ANSWER[state["answer"]["kind"]]
    stage = state["turn"]["stage"]
    if stage == "invite":
        return INVITE[state["turn"]["invite"]["sub"]]
    return TURN_STEPS[stage]

