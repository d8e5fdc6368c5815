"""Messages: what the engines say, as a key and parameters, never as finished English.

A log line or a rule error names a message key (``"tuk-tuk-taxi.log.rolled"``) and its
parameters; the browser renders it in the viewer's language from the catalogues, and the
server renders English from the same catalogues where it needs a sentence of its own (the
``reason`` of a rejection, a mail). The catalogue format is a small, documented subset of
ICU MessageFormat, implemented twice, here and in ``static/i18n.js``, and held to the same
cases (``tests/engines/messages_cases.json``):

* ``{name}`` inserts a parameter as it is; ``{n, number}`` a number grouped in the
  language's way (12,345 / 12.345);
* ``{n, plural, =0 {none} one {# step} other {# steps}}``: ``#`` is the number; the
  categories are CLDR's (English has one/other; Indonesian and Malay only other);
* ``{kind, select, police {..} other {..}}`` picks by a string;
* ``'{'`` and ``''`` quote as in ICU.

Parameter values are plain (str, int, float) or *references*: ``{"seat": 2}`` (a player,
shown as their name), ``{"term": "<key>"}`` (a game term, itself translated) and board
references (``{"cell": "4,8"}``, ``{"area": 37}``, ...) that the game's renderer names and
highlights. Where the server words a board reference itself (a mail, a webhook), it takes
the game's term named after the reference, ``<game>.<kind>.<id>`` (``indonesia.sea.128``),
in the reader's language, and else the reference's ``label``. Catalogues live beside what
speaks: ``engines/<game>/i18n/<lang>.json`` for an engine, ``engines/i18n/`` for the
protocol's shared words.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

#: The languages Meja speaks, the first is the fallback of every other.
LANGS = ("en", "id", "ms")

_ROOT = Path(__file__).parent


def _plural_category(lang: str, n: float) -> str:
    # CLDR: Indonesian and Malay have no plural forms; English has one for exactly 1.
    if lang == "en" and n == 1:
        return "one"
    return "other"


class _Parser:
    """A recursive-descent reader of the ICU subset above (raises ValueError on a bad pattern)."""

    def __init__(self, text: str) -> None:
        self.s = text
        self.i = 0

    def parse(self, depth: int = 0) -> list[Any]:
        out: list[Any] = []
        buf: list[str] = []
        s = self.s
        while self.i < len(s):
            c = s[self.i]
            if c == "'":
                nxt = s[self.i + 1] if self.i + 1 < len(s) else ""
                if nxt == "'":
                    buf.append("'")
                    self.i += 2
                    continue
                if nxt in "{}#":
                    end = s.find("'", self.i + 1)
                    if end < 0:
                        raise ValueError("unclosed quote")
                    buf.append(s[self.i + 1:end])
                    self.i = end + 1
                    continue
                buf.append("'")
                self.i += 1
            elif c == "{":
                if buf:
                    out.append("".join(buf))
                    buf = []
                out.append(self._argument(depth))
            elif c == "}":
                if depth == 0:
                    raise ValueError("unmatched }")
                break
            elif c == "#" and depth > 0:
                if buf:
                    out.append("".join(buf))
                    buf = []
                out.append(("#",))
                self.i += 1
            else:
                buf.append(c)
                self.i += 1
        if buf:
            out.append("".join(buf))
        return out

    def _word(self) -> str:
        s = self.s
        while self.i < len(s) and s[self.i].isspace():
            self.i += 1
        start = self.i
        while self.i < len(s) and s[self.i] not in ",{} \t\n":
            self.i += 1
        word = s[start:self.i]
        while self.i < len(s) and s[self.i].isspace():
            self.i += 1
        return word

    def _argument(self, depth: int) -> tuple[Any, ...]:
        self.i += 1  # "{"
        name = self._word()
        if not name:
            raise ValueError("empty argument")
        if self.s[self.i:self.i + 1] == "}":
            self.i += 1
            return ("arg", name)
        if self.s[self.i:self.i + 1] != ",":
            raise ValueError(f"bad argument {name!r}")
        self.i += 1
        kind = self._word()
        if kind == "number":
            if self.s[self.i:self.i + 1] != "}":
                raise ValueError("number takes no style here")
            self.i += 1
            return ("number", name)
        if kind not in ("plural", "select"):
            raise ValueError(f"unknown argument type {kind!r}")
        if self.s[self.i:self.i + 1] != ",":
            raise ValueError(f"{kind} needs its cases")
        self.i += 1
        cases: dict[str, list[Any]] = {}
        while True:
            sel = self._word()
            if not sel:
                break
            if self.s[self.i:self.i + 1] != "{":
                raise ValueError(f"case {sel!r} needs a message")
            self.i += 1
            cases[sel] = self.parse(depth + 1)
            if self.s[self.i:self.i + 1] != "}":
                raise ValueError("unclosed case")
            self.i += 1
        if self.s[self.i:self.i + 1] != "}":
            raise ValueError("unclosed argument")
        self.i += 1
        if "other" not in cases:
            raise ValueError(f"{kind} needs an 'other' case")
        return (kind, name, cases)


@cache
def parse(pattern: str) -> tuple[Any, ...]:
    """The parsed form of one pattern (cached; raises ValueError when malformed)."""
    p = _Parser(pattern)
    parts = p.parse()
    if p.i != len(pattern):
        raise ValueError("unmatched }")
    return tuple(parts)


def placeholders(pattern: str) -> set[str]:
    """The parameter names a pattern uses (the catalogue check compares them across languages)."""
    names: set[str] = set()

    def walk(parts: Any) -> None:
        for part in parts:
            if isinstance(part, tuple) and part and part[0] != "#":
                names.add(part[1])
                if part[0] in ("plural", "select"):
                    for sub in part[2].values():
                        walk(sub)
    walk(parse(pattern))
    return names


def _number(n: Any, lang: str = "en") -> str:
    # As Intl.NumberFormat words it: Indonesian groups with "." and writes "," for the
    # decimal point; English and Malay the other way round.
    if isinstance(n, float) and n.is_integer():
        n = int(n)
    if isinstance(n, bool) or not isinstance(n, int | float):
        return str(n)
    text = f"{n:,}" if isinstance(n, int) else f"{n:,.3f}".rstrip("0").rstrip(".")
    if lang == "id":
        text = text.translate(str.maketrans(",.", ".,"))
    return text


def _reference_term(value: dict[str, Any], game: str | None) -> str | None:
    """The game's term for a board reference (``{"sea": 128, ...}`` -> ``indonesia.sea.128``),
    if its catalogue has one."""
    if not game:
        return None
    kinds = [k for k in value if k not in ("label", "params")]
    if len(kinds) != 1 or isinstance(value[kinds[0]], dict | list):
        return None
    key = f"{game}.{kinds[0]}.{value[kinds[0]]}"
    return key if has(key) else None


def _plain(value: Any, lang: str, names: dict[int, str] | None, game: str | None = None) -> str:
    """A parameter's text in a server-rendered sentence (seats by name, terms translated,
    board references by the game's words for them where it has some)."""
    if isinstance(value, dict):
        if "seat" in value:
            seat = int(value["seat"])
            return (names or {}).get(seat, f"Player {seat + 1}")
        if "term" in value:
            return render(str(value["term"]), value.get("params") or {}, lang, names)
        worded = _reference_term(value, game)
        if worded is not None:
            return render(worded, {}, lang, names)
        if "label" in value:
            return str(value["label"])
        return ", ".join(str(v) for v in value.values())
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def format_message(pattern: str, params: dict[str, Any], lang: str = "en",
                   names: dict[int, str] | None = None, game: str | None = None) -> str:
    """Format one pattern with its parameters (a missing parameter shows as ``{name}``);
    ``game`` (the key's first part) finds the words of its board references."""

    def walk(parts: Any, hash_value: Any = None) -> str:
        out = []
        for part in parts:
            if isinstance(part, str):
                out.append(part)
            elif part[0] == "#":
                out.append(_number(hash_value, lang) if hash_value is not None else "#")
            elif part[0] in ("arg", "number"):
                name = part[1]
                if name not in params:
                    out.append("{" + name + "}")
                elif part[0] == "number":
                    out.append(_number(params[name], lang))
                else:
                    out.append(_plain(params[name], lang, names, game))
            elif part[0] == "plural":
                n = params.get(part[1], 0)
                n = n if isinstance(n, int | float) else 0
                cases = part[2]
                exact = f"={n:g}"
                case = cases.get(exact) or cases.get(_plural_category(lang, n)) or cases["other"]
                out.append(walk(case, n))
            else:  # select
                value = params.get(part[1])
                key = value if isinstance(value, str) else str(value)
                out.append(walk(part[2].get(key, part[2]["other"]), hash_value))
        return "".join(out)

    return walk(parse(pattern))


def catalogue_files(lang: str) -> list[Path]:
    """Every engine catalogue file of one language (shared words first, then each game)."""
    files = [_ROOT / "i18n" / f"{lang}.json"]
    files += sorted(_ROOT.glob(f"*/i18n/{lang}.json"))
    return [f for f in files if f.is_file()]


@cache
def catalogue(lang: str = "en") -> dict[str, str]:
    """The engines' messages of one language, merged (a key is defined in exactly one file)."""
    merged: dict[str, str] = {}
    for path in catalogue_files(lang):
        merged.update(json.loads(path.read_text(encoding="utf-8")))
    return merged


def render(key: str, params: dict[str, Any] | None = None, lang: str = "en",
           names: dict[int, str] | None = None) -> str:
    """The sentence of a message key in a language (English, then the key, when missing)."""
    pattern = catalogue(lang).get(key)
    if pattern is None and lang != "en":
        pattern = catalogue("en").get(key)
    if pattern is None:
        return key
    return format_message(pattern, params or {}, lang, names, game_of(key))


def game_of(key: str) -> str:
    """The part of Meja a key belongs to, its first segment (``indonesia`` of
    ``indonesia.log.ship_placed``): a game's keys begin with the game's id."""
    return key.split(".", 1)[0]


def has(key: str) -> bool:
    """Whether the English catalogue defines ``key`` (every key starts there)."""
    return key in catalogue("en")
