"""The Kaki Lima engine: set-up, the step table (steps.py), the outcome."""

from __future__ import annotations

from typing import Any

from engines.core.errors import RuleError
from engines.core.log import LogEntry
from engines.core.outcome import Outcome
from engines.core.steps import Step, StepEngine
from engines.core.types import State
from engines.kaki_lima import scoring, steps
from engines.kaki_lima.actions import ACTION_ADAPTER
from engines.kaki_lima.moves import check_tasks
from engines.kaki_lima.setup import setup_state
from engines.kaki_lima.state import KakiLimaState
from engines.kaki_lima.view import view


class KakiLimaEngine(StepEngine):
    """Kaki Lima: pedestrians walk George Town's five-foot ways for 2 to 6 players."""

    id = "kaki-lima"
    name = "Kaki Lima"
    min_players = 2
    max_players = 6
    rules_version = "3"
    action_adapter = ACTION_ADAPTER
    state_type = KakiLimaState
    over_message = "kaki-lima.err.over"

    #: The rules' own ways to say no or be done: a player out of time invites nobody,
    #: asks nobody, declines, ends the trade or Jom, is done clearing. A walk has no pass.
    timeout_passes = ("skip_invite", "skip_ask", "decline_walk", "decline_trade", "end_trade",
                      "end_jom", "done_clearing")
    blurb = ("Walk George Town's five-foot ways: visit Lokasi, meet friends, clear "
             "blocked paths together.")

    def setup(self, player_count: int, options: dict[str, Any], seed: int) -> State:
        if not self.min_players <= player_count <= self.max_players:
            raise RuleError("kaki-lima.err.players", min=self.min_players, max=self.max_players)
        return setup_state(player_count, seed)

    def current_step(self, state: State) -> Step:
        return steps.current_step(state)

    def handler_for(self, state: State, seat: int, kind: str) -> steps.Handler:
        if not self.is_over(state) and not 0 <= seat < state["n"]:
            raise RuleError("kaki-lima.err.not_playing")
        return super().handler_for(state, seat, kind)

    def after_action(self, state: State, seat: int, log: list[LogEntry]) -> None:
        """Tasks are checked after every action, for everyone (also outside their turn)."""
        check_tasks(state, log)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view(state, seat, self.awaited(state))

    def outcome(self, state: State) -> Outcome | None:
        if state["phase"] != "over":
            return None
        return scoring.outcome(state)

    # -- take-backs -----------------------------------------------------------------------
    def secret_part(self, state: State) -> Any:
        """The draw pile, the hands and the cards of a pending offer (seen by the two players
        concerned only): a drawn card, a card played face up from a hand, or cards offered
        to another player are reveals."""
        ans = state["answer"]
        offered = None if ans is None else [ans.get("cards"), ans.get("card")]
        return [state["draw"], state["hands"], offered]

    def reveal_why(self, before: State, after: State, seat: int, action: Any) -> str:
        """A shuffle, a draw, a card played from a hand, or cards offered."""
        if before["rng"] != after["rng"]:
            return "kaki-lima.reveal.shuffled"
        if before["draw"] != after["draw"]:
            return "kaki-lima.reveal.drawn"
        if before["hands"] != after["hands"]:
            return "kaki-lima.reveal.left_hand"
        return "kaki-lima.reveal.offer"

    def turn_of(self, state: State) -> Any:
        """The seat whose turn it is, or the seat placing its pedestrian, and who is awaited."""
        return [state["phase"] == "place", state["placing"], state["current"],
                self.awaited(state)]


ENGINE = KakiLimaEngine()
