"""What counts as space in a pattern the OpenAPI document states and the server checks.

``\\s`` is read a little differently by Python's ``re``, pydantic's Rust regex and the
document's readers (schemathesis generates requests from it; U+0085 is space to some and
not to others), so a pattern both sides must agree on spells the class out: every character
``str.isspace()`` calls space, which is also what ``str.strip()`` takes off.
"""

from __future__ import annotations

#: The inside of a character class: ``[{SPACE}]`` is one space, ``[^{SPACE}]`` anything else.
SPACE = r"\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
