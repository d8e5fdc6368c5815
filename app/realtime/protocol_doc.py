"""Generate docs/protocol.md's frame tables from the models in :mod:`app.realtime.frames`.

``python -m app.realtime.protocol_doc`` rewrites the part of the document between the
``<!-- frames:begin -->`` and ``<!-- frames:end -->`` markers; ``--check`` exits 1 when it is
out of date (tests/app/test_protocol_doc.py does the same).
"""

from __future__ import annotations

import sys
import types
import typing
from pathlib import Path

from pydantic import BaseModel

from app.core.settings import ROOT
from app.realtime.frames import CLIENT_FRAMES, SERVER_FRAMES

DOC = ROOT / "docs" / "protocol.md"
BEGIN, END = "<!-- frames:begin -->", "<!-- frames:end -->"


def _type(annotation: object) -> str:
    text = repr(annotation) if not isinstance(annotation, type) else annotation.__name__
    origin = typing.get_origin(annotation)
    if origin is typing.Literal:
        return " \\| ".join(f"`{a}`" for a in typing.get_args(annotation))
    if origin in (typing.Union, types.UnionType):
        return " \\| ".join(_type(a) for a in typing.get_args(annotation))
    if annotation is type(None):
        return "null"
    for noise in ("typing.", "app.realtime.frames."):
        text = text.replace(noise, "")
    text = text.replace("NoneType", "null").replace("None", "null")
    return text.replace("|", "\\|")


def _table(model: type[BaseModel]) -> list[str]:
    kind = typing.get_args(model.model_fields["type"].annotation)[0]
    doc = " ".join((model.__doc__ or "").split())
    lines = [f"#### `{kind}`", "", doc, "", "| field | type | required | meaning |",
             "|---|---|---|---|"]
    for name, info in model.model_fields.items():
        if name == "type":
            continue
        key = info.alias or name
        lines.append(f"| `{key}` | {_type(info.annotation)} | "
                     f"{'yes' if info.is_required() else 'no'} | {info.description or ''} |")
    return lines + [""]


def render() -> str:
    """The generated section (between the markers)."""
    out = ["", "*Generated from `app/realtime/frames.py` by "
           "`python -m app.realtime.protocol_doc`; edit the models, not this section.*", "",
           "### Client → server", ""]
    for model in CLIENT_FRAMES:
        out += _table(model)
    out += ["### Server → client", ""]
    for model in SERVER_FRAMES:
        out += _table(model)
    return "\n".join(out)


def updated(text: str) -> str:
    """``text`` (the document) with its generated section replaced."""
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    return head + BEGIN + "\n" + render() + "\n" + END + tail


def main(argv: list[str]) -> int:
    """Rewrite the document, or with ``--check`` report whether it is current."""
    text = Path(DOC).read_text()
    new = updated(text)
    if "--check" in argv:
        if new != text:
            print("docs/protocol.md is out of date: run python -m app.realtime.protocol_doc")
            return 1
        return 0
    Path(DOC).write_text(new)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
