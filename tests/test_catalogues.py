"""The catalogues (issue 16): every language has every key, with the same placeholders,
every pattern parses, no key is defined twice, no key is unused, and the engines speak in
keys (a rule error or a log line is never a finished English sentence).

A key counts as used when its full text appears in a source file, or when a source builds it
from a literal prefix (``"tuk-tuk-taxi.term." + kind``, `` `lobby.err.${code}` ``).
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

import pytest

from app.core.i18n import catalogue_files, read_catalogue
from engines import messages
from engines.registry import all_engines

ROOT = Path(__file__).resolve().parent.parent
SOURCES = [p for d in ("static", "engines", "app") for p in (ROOT / d).rglob("*")
           if p.suffix in (".js", ".py", ".html") and ".venv" not in p.parts]
KEY_TOKEN = re.compile(r"[a-z][a-z0-9_-]*(?:\.[a-z0-9_-]+)+")
PREFIX = re.compile(r"""([a-z][a-z0-9_-]*(?:\.[a-z0-9_-]+)*\.)"""
                    r"""(?:\$\{|["'`]\s*\+|["'`]\s*f?["']?\s*\{)""")


def all_catalogues() -> dict[str, dict[Path, dict[str, str]]]:
    return {lang: {p: read_catalogue(p) for p in catalogue_files(lang)} for lang in messages.LANGS}


CATS = all_catalogues()


def keys_of(lang: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for cat in CATS[lang].values():
        out.update(cat)
    return out


def test_every_language_has_the_same_files() -> None:
    names = {lang: sorted(str(p.relative_to(ROOT)).replace(f"/{lang}.json", "")
                          for p in files) for lang, files in CATS.items()}
    assert names["id"] == names["en"] and names["ms"] == names["en"]


@pytest.mark.parametrize("lang", ["id", "ms"])
def test_every_key_is_translated_and_nothing_else(lang: str) -> None:
    en, other = keys_of("en"), keys_of(lang)
    missing = sorted(set(en) - set(other))
    extra = sorted(set(other) - set(en))
    assert not missing, f"{lang} lacks {len(missing)} keys: {missing[:20]}"
    assert not extra, f"{lang} has keys English does not: {extra[:20]}"


@pytest.mark.parametrize("lang", messages.LANGS)
def test_every_pattern_parses_and_keeps_the_placeholders(lang: str) -> None:
    en = keys_of("en")
    bad = []
    for key, pattern in keys_of(lang).items():
        try:
            names = messages.placeholders(pattern)
        except ValueError as exc:
            bad.append(f"{key}: {exc}")
            continue
        if key in en and names != messages.placeholders(en[key]):
            bad.append(f"{key}: placeholders {sorted(names)} but English has "
                       f"{sorted(messages.placeholders(en[key]))}")
    assert not bad, "\n".join(bad[:30])


def test_no_key_is_defined_in_two_files() -> None:
    where: dict[str, list[str]] = defaultdict(list)
    for path, cat in CATS["en"].items():
        for key in cat:
            where[key].append(str(path.relative_to(ROOT)))
    twice = {k: v for k, v in where.items() if len(v) > 1}
    assert not twice, twice


#: A key built under the game's own id by a shell module, e.g. `${game}.over.${key}`.
GAME_PREFIX = re.compile(r"\$\{game\}\.((?:[a-z0-9_-]+\.)+)\$\{")
KINDS = sorted(all_engines())


def test_no_key_is_unused() -> None:
    tokens: set[str] = set()
    prefixes: set[str] = set()
    for path in SOURCES:
        text = path.read_text(encoding="utf-8", errors="replace")
        tokens.update(KEY_TOKEN.findall(text))
        prefixes.update(PREFIX.findall(text))
        # `${game}.over.${key}` (static/gameover.js): the prefix under every game's id
        prefixes.update(f"{kind}.{rest}" for rest in GAME_PREFIX.findall(text) for kind in KINDS)
    unused = sorted(k for k in keys_of("en")
                    if k not in tokens and not any(k.startswith(p) for p in prefixes))
    assert not unused, f"{len(unused)} keys no source uses: {unused[:30]}"


def _raise_texts(path: Path) -> list[tuple[int, str]]:
    """Rule errors and log lines in an engine's source that are English text, not keys."""
    found = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        if name in ("RuleError", "ActionError") and node.args:
            arg = node.args[0]
            # A name passes on a key chosen elsewhere (a step's refusal, checked below).
            if not isinstance(arg, ast.Name) and not (
                    isinstance(arg, ast.Constant) and isinstance(arg.value, str)
                    and messages.has(arg.value)):
                found.append((node.lineno, f"{name}({ast.unparse(arg)[:60]})"))
        if name == "LogEntry" and any(k.arg == "text" for k in node.keywords):
            found.append((node.lineno, "LogEntry(text=...)"))
        if name == "say" and node.args:
            arg = node.args[0]
            if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)
                    and messages.has(arg.value)):
                found.append((node.lineno, f"say({ast.unparse(arg)[:60]})"))
    return found


#: Every game's package, and ``core``: the shared code (engines/core/ and engines/bots/).
ENGINE_DIRS = sorted({p.parent.name for p in (ROOT / "engines").glob("*/engine.py")} | {"core"})


@pytest.mark.parametrize("package", ENGINE_DIRS)
def test_an_engine_speaks_in_message_keys(package: str) -> None:
    shared = (ROOT / "engines" / "core", ROOT / "engines" / "bots")
    files = (sorted(p for d in shared for p in d.rglob("*.py")) if package == "core"
             else sorted((ROOT / "engines" / package).rglob("*.py")))
    found = [f"{p.relative_to(ROOT)}:{line}: {what}" for p in files
             for line, what in _raise_texts(p)]
    assert not found, (f"{len(found)} places word a rule error or log line in English instead "
                       f"of a catalogue key:\n" + "\n".join(found[:40]))


def test_every_fixed_refusal_of_a_step_is_a_key() -> None:
    import importlib

    from engines.core.steps import Step, StepEngine
    from engines.registry import all_engines

    said: list[tuple[str, object]] = []
    for engine in all_engines().values():
        if isinstance(engine, StepEngine):
            said.append((f"{engine.id} over_message", engine.over_message))
    for package in ENGINE_DIRS:
        if package == "core" or not (ROOT / "engines" / package / "steps.py").is_file():
            continue
        module = importlib.import_module(f"engines.{package}.steps")
        found = [v for v in vars(module).values() if isinstance(v, Step)]
        for v in vars(module).values():
            if isinstance(v, dict):
                found += [x for x in v.values() if isinstance(x, Step)]
        for step in found:
            said += [(f"{package} {step.name}.hint", step.hint),
                     (f"{package} {step.name}.not_your_turn", step.not_your_turn)]
    bad = [f"{where}: {text!r}" for where, text in said
           if isinstance(text, str) and not messages.has(text)]
    assert not bad, "\n".join(bad)


def _action_fields(engine: object) -> dict[str, list[str]]:
    """Every action type of an engine and the fields it takes (from its action models)."""
    schema = engine.action_adapter.json_schema()  # type: ignore[attr-defined]
    out: dict[str, list[str]] = {}
    for model in schema.get("$defs", {}).values():
        props = model.get("properties", {})
        kind = props.get("type", {}).get("const")
        if kind is not None:
            out[kind] = [f for f in props if f != "type"]
    return out


def test_every_action_type_and_field_has_words() -> None:
    """The generic action panel and the confirm bar (static/actionwords.js) show an action's
    type and fields in the viewer's language: each must have its words, or a player reading
    Bahasa Indonesia or Malay sees the engine's English field names."""
    from engines.registry import all_engines

    en = keys_of("en")
    missing = []
    for game, engine in all_engines().items():
        if not type(engine).__module__.startswith("engines."):
            continue  # an engine the service tests register for themselves
        actions = _action_fields(engine)
        assert actions, f"{game}: no action models found"
        for kind, fields in actions.items():
            if f"fallback.action.{game}.{kind}" not in en:
                missing.append(f"fallback.action.{game}.{kind}")
            missing += [f"fallback.field.{game}.{f}" for f in fields
                        if f"fallback.field.{game}.{f}" not in en]
    assert not sorted(set(missing)), sorted(set(missing))


#: Game terms: what a player reads on the board and in the log as the game's own words.
GAME_TERM = re.compile(r"\.(good|term|sign|card|board\.letter)\.")
#: Terms that are the same word in every language: names printed on the components
#: (dishes, people, the game's noodle brand) and words Indonesian and Malay share with English.
SAME_IN_EVERY_LANGUAGE = {
    "indonesia.good.siap_faji", "indonesia.board.letter.siap_faji",
    "jakarta-traffic.term.order.nasi_goreng", "jakarta-traffic.term.order.sate",
    "jakarta-traffic.term.order.bakso", "jakarta-traffic.term.order.ibu",
    "jakarta-traffic.term.order.bapak", "jakarta-traffic.term.address.spa",
    "tuk-tuk-taxi.term.stop",  # the sign reads STOP in Indonesia and Malaysia too
}


@pytest.mark.parametrize("lang", [lang for lang in messages.LANGS if lang != "en"])
def test_no_english_game_term_reaches_a_page_in_another_language(lang: str) -> None:
    """Issue 37: "Operasikan C1 (rice, 1 barang)" - a game's terms were left in English."""
    english, other = keys_of("en"), keys_of(lang)
    untranslated = sorted(k for k, text in english.items()
                          if GAME_TERM.search(k) and k not in SAME_IN_EVERY_LANGUAGE
                          and re.search(r"[A-Za-z]", text) and other.get(k) == text)
    assert not untranslated, f"English game terms in {lang}: " + ", ".join(
        f"{k} = {english[k]!r}" for k in untranslated)


@pytest.mark.parametrize("lang", [lang for lang in messages.LANGS if lang != "en"])
def test_no_english_game_term_hides_inside_another_languages_sentences(lang: str) -> None:
    """The same check inside sentences: "butuh 1 spice", "Era A membawa rice (beras)"."""
    english = keys_of("en")
    terms = {text.lower() for k, text in english.items()
             if GAME_TERM.search(k) and k not in SAME_IN_EVERY_LANGUAGE
             and re.fullmatch(r"[A-Za-z][A-Za-z -]{2,}", text)}
    found = []
    for k, text in keys_of(lang).items():
        # Placeholders, select/plural heads and their case labels are not words a player reads.
        words = re.sub(r"\{\s*\w+\s*,\s*(select|plural|number)\s*,?", "{", text)
        words = re.sub(r"[\w=]+\s*\{", "{", words)
        words = re.sub(r"\{\s*\w+\s*\}", " ", words).lower()
        found += [f"{k}: {term!r}" for term in terms
                  if re.search(rf"(?<![\w-]){re.escape(term)}(?![\w-])", words)]
    assert not found, f"English game terms inside {lang} texts: " + "; ".join(sorted(found))


def test_no_instruction_speaks_only_of_tapping() -> None:
    """Issue 37: desktop players read "Tap a highlighted space"; a click, a tap and the
    keyboard all choose, so an instruction says "choose" (or names the click or hover too)."""
    only_tap = sorted(k for k, text in keys_of("en").items()
                      if re.search(r"\btap\b", text, re.IGNORECASE)
                      and not re.search(r"\b(click|hover)", text, re.IGNORECASE))
    assert not only_tap, "instructions for touch screens only: " + ", ".join(only_tap)


@pytest.mark.parametrize("lang", messages.LANGS)
def test_every_page_title_ends_in_the_same_way(lang: str) -> None:
    """Issue 37: tabs read "Kaki Lima · Meja" beside "(Your turn) Kaki Lima - Meja"."""
    titles = {k: text for k, text in keys_of(lang).items()
              if k.endswith("page_title") or k.endswith("your_turn_title")}
    assert len(titles) >= 6
    odd = {k: text for k, text in titles.items()
           if not (text.endswith(" · Meja") or text.startswith("Meja · "))
           or re.search(r" [-—–] ", text)}
    assert not odd, f"titles that break the pattern: {odd}"
