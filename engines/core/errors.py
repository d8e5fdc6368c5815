"""What an engine raises for an action it will not take, and how a malformed one is worded.

Actions arrive as JSON dicts and are parsed by the engine's pydantic discriminated union
(field ``type``) *before* any rule runs; a malformed action is an :class:`ActionError`
with the pydantic problem worded for a player, a well-formed but illegal one a
:class:`RuleError` with a sentence a player understands.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from engines import messages
from engines.core.log import term


class RuleError(Exception):
    """A well-formed action the rules do not allow now.

    Raised with a message key of the engines' catalogues and its parameters
    (``RuleError("tuk-tuk-taxi.err.no_route", to="4,8")``, see :mod:`engines.messages`):
    ``key``/``params`` travel to the browser, which words them in the viewer's language, and
    ``str(err)`` is the English sentence. A text that is not a key is kept as it is (older
    engines; the catalogue check flags them).
    """

    def __init__(self, message: str, /, **params: Any) -> None:
        self.key: str | None = message if messages.has(message) else None
        self.params: dict[str, Any] = params
        super().__init__(messages.render(message, params) if self.key else message)


class ActionError(RuleError):
    """An action that is not even well formed (wrong type, missing field, bad value)."""


#: pydantic's error types, grouped into the few problems a player is told about (each a
#: catalogue term ``base.problem.<name>``); anything else is "not allowed".
_PROBLEMS = {"missing": "missing", "extra_forbidden": "unknown", "literal_error": "choice",
             "enum": "choice", "union_tag_invalid": "choice", "union_tag_not_found": "missing",
             "int_type": "number", "int_parsing": "number", "int_from_float": "number",
             "float_type": "number", "bool_type": "yes_no", "string_type": "text",
             "list_type": "list", "tuple_type": "list", "dict_type": "object",
             "model_type": "object", "greater_than_equal": "range", "less_than_equal": "range",
             "greater_than": "range", "less_than": "range", "too_short": "length",
             "too_long": "length", "string_too_short": "length", "string_too_long": "length"}


#: A bound of a number field, as the problem it words (``base.problem.<name>``).
_BOUNDS = (("le", "at_most"), ("lt", "below"), ("ge", "at_least"), ("gt", "above"))


def action_problem(exc: ValidationError) -> dict[str, Any]:
    """The first problem of an invalid action, as parameters of ``base.err.invalid``."""
    err = exc.errors()[0]
    loc = ".".join(str(p) for p in err.get("loc", ()) if p != "__root__")
    ctx = err.get("ctx") or {}
    problem: dict[str, Any]
    if err["type"] == "value_error":
        # A game's own check on its action model: its words (a key, or a plain sentence).
        said = str(ctx.get("error", "")) or err["msg"]
        problem = term(said) if messages.has(said) else {"label": said}
    else:
        bound = next(((name, ctx[k]) for k, name in _BOUNDS if k in ctx), None)
        problem = (term("base.problem." + bound[0], limit=bound[1]) if bound else
                   term("base.problem." + _PROBLEMS.get(err["type"], "value")))
    return {"field": loc or "type", "problem": problem}
