"""The message catalogues (dodnb/data/i18n): English and French hold the same messages with the same
placeholders, French narrates every event of the engine, and no French is written in Python code."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from dodnb import i18n
from dodnb.i18n import placeholders, tr
from dodnb.rules.events import NARRATION_EN

REPO = Path(__file__).resolve().parents[1]
FOLDER = REPO / "dodnb" / "data" / "i18n"


def raw(lang: str) -> dict:
    return json.loads((FOLDER / f"{lang}.json").read_text(encoding="utf-8"))


@pytest.fixture(autouse=True)
def english_default():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_same_messages_same_placeholders():
    en, fr = raw("en")["messages"], raw("fr")["messages"]
    assert set(en) == set(fr), {"only in en": sorted(set(en) - set(fr)), "only in fr": sorted(set(fr) - set(en))}
    bad = {k: (sorted(placeholders(en[k])), sorted(placeholders(fr[k]))) for k in en if placeholders(en[k]) != placeholders(fr[k])}
    assert bad == {}
    same = [k for k in en if en[k] == fr[k] and re.search(r"[a-z]{4}", en[k]) and k not in ("phase.berserk", "map.berserk")]
    assert len(same) <= 3, f"untranslated French messages: {same}"


def test_french_narrates_every_event_of_the_engine():
    fr = raw("fr")["narration"]
    assert set(fr) == set(NARRATION_EN), {"missing in fr": sorted(set(NARRATION_EN) - set(fr)), "not in the engine": sorted(set(fr) - set(NARRATION_EN))}
    bad = {k: (sorted(placeholders(NARRATION_EN[k])), sorted(placeholders(fr[k]))) for k in fr if placeholders(fr[k]) != placeholders(NARRATION_EN[k])}
    assert bad == {}


@pytest.mark.parametrize("key", sorted(NARRATION_EN))
def test_every_event_narrates_in_both_languages(key):
    params = {name: "017" for name in placeholders(NARRATION_EN[key])}
    en = i18n.narrate(key, "5.0", params, NARRATION_EN, "en")
    fr = i18n.narrate(key, "5.0", params, NARRATION_EN, "fr")
    assert en == NARRATION_EN[key].format(**params) + " [5.0]"
    assert fr.endswith(" [5.0]") and key not in fr  # the fallback would print the key
    if re.search(r"[A-Za-z]{4}", NARRATION_EN[key].replace("{", "").replace("}", "")) and key != "phase":
        assert fr != en, f"{key}: French line identical to the English"


def test_patterns_compile_and_replacements_use_their_groups():
    for pattern, repl in raw("fr")["patterns"]:
        rx = re.compile(pattern)
        for g in re.findall(r"\\(\d)", repl):
            assert int(g) <= rx.groups, (pattern, repl)


def test_words_inside_events_are_translated():
    assert i18n.word("is", "fr") == "est"
    assert i18n.word("A Berserk Zombie Phase", "fr") == "A Phase berserk"
    assert i18n.word("Peter and Roger", "fr") == "Peter et Roger"
    assert i18n.word("Peter and Roger and Steve and Fran", "fr") == "Peter et Roger et Steve et Fran"
    assert i18n.word("zombie unit Z07 (value 4)", "fr") == "l'unité zombi Z07 (valeur 4)"
    assert i18n.word("010 and 001 do not share a side", "fr").startswith("010 et 001 ne partagent pas")
    assert i18n.word("Peter", "fr") == "Peter" and i18n.word(3, "fr") == 3
    assert i18n.word("is", "en") == "is"


def test_package_default_and_fallbacks():
    import dodnb

    assert tr("stepper.step") == "Step"
    dodnb.set_language("fr")
    assert i18n.get_language() == "fr"
    assert tr("stepper.step") == "Pas"
    assert tr("stepper.history_at", n=2, total=5) == "pas 2 sur 5"
    assert tr("no.such.key") == "no.such.key"
    with pytest.raises(i18n.LanguageError):
        dodnb.set_language("de")
    assert i18n.get_language() == "fr"
    assert i18n.language_name("fr") == raw("fr")["language"]


def _code_strings(path: Path) -> list[tuple[int, str]]:
    """String constants of a module that code can show (docstrings and comments left out)."""
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docs.add(id(first.value))
    return [(n.lineno, n.value) for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs]


def test_no_french_in_code_paths():
    """Accented letters and French words live in the catalogues, not in the strings of the widgets'
    or i18n's code (docstrings may name the French terms)."""
    files = [REPO / "dodnb" / "i18n.py", REPO / "dodnb" / "render" / "state_scene.py", *sorted((REPO / "dodnb" / "widgets").glob("*.py"))]
    french = re.compile(r"[éèêàâçôûùîï]|\b(?:zombi|sonné|infecté|Pas|Annuler|Graine|porte|tour des|Humains)\b")
    hits = [f"{p.name}:{line}: {text!r}" for p in files for line, text in _code_strings(p) if french.search(text)]
    assert hits == []
    # the scanner itself finds a French label in code
    probe = REPO / "dodnb" / "i18n.py"
    assert any(french.search(t) for t in ["Annuler", "sonné"]) and _code_strings(probe)
