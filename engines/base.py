"""Temporary: the names app/ imports from here, re-exported from where they live now.

``engines/base.py`` split into :mod:`engines.core` (one job per module) and the bot side
:mod:`engines.bots`. Nothing inside engines/, tests/engines, bench or tools imports this
module (tests/engines/test_layout.py holds them to it); it goes once app/ imports from the
new modules.
"""

from engines.bots.protocol import BotLevel, SearchTuning
from engines.core.copying import Shared, canonical_json, clone, declared_copier, undeclared_keys
from engines.core.errors import ActionError, RuleError
from engines.core.line import TAKEBACK, UNDOABLE_LIMIT, Line, Undoable, replay, replay_line
from engines.core.log import LogEntry, seat_ref, term
from engines.core.options import NoOptions
from engines.core.outcome import Outcome, competition_ranks
from engines.core.protocol import ApplyResult, Engine
from engines.core.rng import Rng
from engines.core.steps import Step, StepEngine
from engines.core.templates import expand_template, field_values, template_matches
from engines.core.types import Seat, State, Template

__all__ = [
    "TAKEBACK", "UNDOABLE_LIMIT", "ActionError", "ApplyResult", "BotLevel", "Engine", "Line",
    "LogEntry", "NoOptions", "Outcome", "Rng", "RuleError", "SearchTuning", "Seat", "Shared",
    "State", "Step", "StepEngine", "Template", "Undoable", "canonical_json", "clone",
    "competition_ranks", "declared_copier", "expand_template", "field_values", "replay",
    "replay_line", "seat_ref", "template_matches", "term", "undeclared_keys",
]
