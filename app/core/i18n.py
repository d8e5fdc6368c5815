"""The catalogues the browser reads: every file that speaks, merged per language.

Each part of Meja keeps its own words beside its code (see ``engines/messages.py`` for the
format): the shell in ``static/i18n/<lang>.json``, each board in
``static/games/<game>/i18n/<lang>.json``, each engine in ``engines/<game>/i18n/<lang>.json``
(log lines, rule errors, game terms), and the server in ``app/core/i18n_data/<lang>.json``
(error sentences of the API, mails, notices). ``GET /i18n/<lang>.json``
(:mod:`app.http.catalogues`) serves them merged, once per process (the files do not change
while it runs), with an ETag so a browser revalidates cheaply.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from app.core.settings import ROOT
from engines import messages
from engines.registry import all_engines

APP_DIR = Path(__file__).resolve().parent / "i18n_data"


def catalogue_files(lang: str, static_dir: Path | None = None) -> list[Path]:
    """Every catalogue file of one language, in a fixed order (shell, boards, engines, server)."""
    static = static_dir or ROOT / "static"
    files = [static / "i18n" / f"{lang}.json"]
    files += sorted(static.glob(f"games/*/i18n/{lang}.json"))
    files += messages.catalogue_files(lang)
    files.append(APP_DIR / f"{lang}.json")
    return [f for f in files if f.is_file()]


def read_catalogue(path: Path) -> dict[str, str]:
    """One catalogue file (a flat JSON object of key -> pattern)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"{path}: a catalogue is one JSON object")
    return data


@cache
def merged(lang: str) -> tuple[bytes, str]:
    """The merged catalogue of a language as JSON bytes, and its ETag."""
    out: dict[str, Any] = {}
    for path in catalogue_files(lang):
        out.update(read_catalogue(path))
    body = json.dumps(out, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()
    return body, '"' + hashlib.sha256(body).hexdigest()[:16] + '"'


def merged_for(lang: str, game: str) -> tuple[bytes, str]:
    """The merged catalogue of a language as a game's page needs it, and its ETag: every
    word but the other games' (a game's words are the keys named after it, "<game>.*"), so
    a table's first visit fetches a fifth of the bytes (issue 42). The page fetches the whole
    catalogue once it goes elsewhere (static/i18n.js, ``widen``)."""
    return _scoped(merged(lang)[0], game)


@lru_cache(maxsize=32)
def _scoped(full: bytes, game: str) -> tuple[bytes, str]:
    others = set(all_engines()) - {game}
    words = {k: v for k, v in json.loads(full).items() if k.split(".", 1)[0] not in others}
    body = json.dumps(words, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()
    return body, '"' + hashlib.sha256(body).hexdigest()[:16] + '"'


@cache
def _patterns(lang: str) -> dict[str, str]:
    return dict(json.loads(merged(lang)[0]))


def has(key: str) -> bool:
    """Whether ``key`` is a message of the merged English catalogue."""
    return key in _patterns("en")


def text(key: str, params: dict[str, Any] | None = None, lang: str | None = "en",
         names: dict[int, str] | None = None) -> str:
    """A server-side sentence from the merged catalogues (mails, notices, error details);
    an unknown or missing language is English."""
    lang = lang if lang in messages.LANGS else "en"
    assert lang is not None
    pattern = _patterns(lang).get(key)
    if pattern is None:
        pattern = _patterns("en").get(key)
    if pattern is None:
        return key
    return messages.format_message(pattern, _server_terms(params or {}, lang, names), lang,
                                   names, messages.game_of(key))


def _server_terms(params: dict[str, Any], lang: str, names: dict[int, str] | None
                  ) -> dict[str, Any]:
    """``params`` with each term of the server's own catalogue (``api.limited.lobbies``...)
    worded here: the engines' formatter knows only the engines' words, and would print the
    key itself ("Too many api.limited.lobbies")."""
    return {k: text(v["term"], v.get("params") or {}, lang, names)
            if isinstance(v, dict) and "term" in v and str(v["term"]) in _server_keys()
            else v for k, v in params.items()}


@cache
def _server_keys() -> frozenset[str]:
    return frozenset(read_catalogue(APP_DIR / "en.json"))


def say(message: str, **params: Any) -> dict[str, Any]:
    """A frame's sentence: ``{"reason": English, "key": key, "params": params}`` for a key
    of the catalogues, ``{"reason": message}`` for a sentence that has none."""
    if not has(message):
        return {"reason": message}
    return {"reason": text(message, params), "key": message, "params": params}
