"""The message catalogues (dodnb/data/i18n): English and French hold the same messages with the same
placeholders, French narrates every event of the engine, and no French is written in Python code."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from dodnb import i18n
from dodnb.i18n import placeholders, tr

REPO = Path(__file__).resolve().parents[1]
FOLDER = REPO / "dodnb" / "data" / "i18n"


def raw(lang: str) -> dict:
    return json.loads((FOLDER / f"{lang}.json").read_text(encoding="utf-8"))


@pytest.fixture(autouse=True)
def english_default():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


SECTIONS = ("messages", "events", "refusals", "notes")

#: English words that must not appear in a French line (names, square and unit ids aside).
ENGLISH = re.compile(
    r"\b(?:the|and|is|are|was|moves?|rolled|doors?|zombies?|units?|attacks?|shoots?|stays?|value|squares?|turn|"
    r"killed|stunned|infected|with|from|to|nobody|of|his|her|he|she|player|hunting|rifle|reveals?|appears?|enters?|"
    r"main|win|game|over|chooses?|toward|group|first|legal|choice|reaction|free|end|eliminated|destroyed|"
    r"not|may|cannot|no|only|left|take|takes|closes?|opens?|fires?|together|checks?|keeps?|nerve|becomes?|goes)\b"
)


def test_same_keys_same_placeholders_in_every_section():
    en, fr = raw("en"), raw("fr")
    for section in SECTIONS:
        a, b = en.get(section, {}), fr.get(section, {})
        assert set(a) == set(b), {section: {"only in en": sorted(set(a) - set(b)), "only in fr": sorted(set(b) - set(a))}}
        bad = {k: (sorted(placeholders(a[k])), sorted(placeholders(b[k]))) for k in a if placeholders(a[k]) != placeholders(b[k])}
        assert bad == {}, section
    m_en, m_fr = en["messages"], fr["messages"]
    # words outside the placeholders ("{x:@outcome}" alone is a term looked up, not an untranslated word)
    same = [k for k in m_en if m_en[k] == m_fr[k] and re.search(r"[a-z]{4}", re.sub(r"\{[^{}]*\}", "", m_en[k]))
            and k not in ("phase.berserk", "map.berserk")]
    assert len(same) <= 3, f"untranslated French messages: {same}"


def test_same_terms_in_both_languages():
    en, fr = raw("en")["terms"], raw("fr")["terms"]
    assert set(en) == set(fr)
    for table in en:
        assert set(en[table]) == set(fr[table]), table


def test_the_french_catalogue_has_no_narration_table():
    """French comes from keys and parameters, not from translating English afterwards."""
    fr = raw("fr")
    assert "narration" not in fr


def test_placeholders_of_the_format():
    assert placeholders("{who} {who:one=is|are} {status:@status/who} {n:one=|s} {{x}}") == {"who", "status", "n"}


def test_plurals_lists_and_genders_from_the_data():
    fill = i18n.fill
    assert fill("{who} {who:one=is|are} activated", {"who": ("Peter",)}, "en") == "Peter is activated"
    assert fill("{who} {who:one=is|are} activated", {"who": ("Peter", "Roger", "Fran")}, "en") == "Peter, Roger and Fran are activated"
    fr = "{who} {who:one=est|sont} {who:one.f=activée|one=activé|f=activées|activés}"
    assert fill(fr, {"who": ("Fran",)}, "fr") == "Fran est activée"
    assert fill(fr, {"who": ("Steve",)}, "fr") == "Steve est activé"
    assert fill(fr, {"who": ("Steve", "Fran")}, "fr") == "Steve et Fran sont activés"
    assert fill("{n} unit{n:one=|s}", {"n": 1}, "en") == "1 unit" and fill("{n} unit{n:one=|s}", {"n": 0}, "en") == "0 units"
    assert fill("{n} {n:one=unité|unités}", {"n": 0}, "fr") == "0 unité"  # French: 0 and 1 take the singular
    assert fill("{to:path}", {"to": ("030", "031", "032")}, "en") == "030 → 031 → 032"
    assert fill("{{literal}} {missing}", {}, "en") == "{literal} {missing}"
    # each character's gender is a fact of the counters data, not of a catalogue
    counters = json.loads((REPO / "dodnb" / "data" / "counters.json").read_text(encoding="utf-8"))
    assert {n: d["gender"] for n, d in counters["characters"].items()} == i18n.genders() == {"Peter": "m", "Roger": "m", "Steve": "m", "Fran": "f"}


def test_terms_agree_with_who_they_are_about():
    assert i18n.event_line("status", "8.3", {"who": "Fran", "status": "stunned"}, "fr") == "Fran est maintenant sonnée [8.3]"
    assert i18n.event_line("status", "8.3", {"who": "Roger", "status": "stunned"}, "fr") == "Roger est maintenant sonné [8.3]"
    assert i18n.event_line("keeps_nerve", "6.5", {"who": "Fran", "roll": 4, "level": 2}, "en") == "Fran keeps her nerve (rolled 4 > Panic Level 2) [6.5]"
    assert i18n.event_line("keeps_nerve", "6.5", {"who": "Peter", "roll": 4, "level": 2}, "en") == "Peter keeps his nerve (rolled 4 > Panic Level 2) [6.5]"
    assert i18n.event_line("door", "5.5", {"who": ("Steve", "Fran"), "how": "close", "door": "S05", "cost": 1}, "fr") == "Steve et Fran ferment la porte S05 (1 PM) [5.5]"
    assert i18n.event_line("entrance_roll", "13.5", {"roll": 7, "doors": ("N", "E")}, "fr") == "Table d'entrée des zombis : 7 : nord et est [13.5]"
    assert i18n.event_line("eliminated_super", "11.3", {"name": "Fran"}, "fr") == "Le super-zombi Fran éliminé [11.3]"


def _event_params(text: str) -> dict:
    """Sample parameters for a line: lists of names where the format asks for grammar."""
    out = {}
    for m in re.finditer(r"\{(\w+)(?::([^{}]*))?\}", text):
        name, spec = m.group(1), m.group(2) or ""
        if spec == "path":
            out[name] = ("030", "031")
        elif spec.startswith("@"):
            table = spec[1:].split("/")[0]
            out[name] = next(iter(raw("en")["terms"][table]))
        elif name not in out:
            out[name] = ("Peter", "Fran") if name in ("who", "by") else 3
    return out


@pytest.mark.parametrize("key", sorted(raw("en")["events"]))
def test_every_event_reads_in_both_languages(key):
    en_fmt = raw("en")["events"][key]
    params = _event_params(en_fmt)
    en = i18n.event_line(key, "5.0", params, "en")
    fr = i18n.event_line(key, "5.0", params, "fr")
    for line in (en, fr):
        assert line.endswith(" [5.0]") and "{" not in line and not line.startswith(key + " {"), line
    assert not ENGLISH.search(fr.replace("[5.0]", "")), fr
    if re.search(r"[A-Za-z]{4}", re.sub(r"\{[^}]*\}", "", en_fmt)):
        assert fr != en, f"{key}: French line identical to the English"


def _play(seed: int, solitaire: bool, steps: int = 900):
    from dodnb.rules import solitaire as sol
    from dodnb.rules.game import Game
    from dodnb.search.humans import sensible_human

    human = sensible_human
    zombie = sol.zombie_policy if solitaire else "random"
    g = Game(seed, human=human, zombie=zombie, solitaire=solitaire)
    for _ in range(steps):
        if g.over:
            break
        g.step()
    return g


@pytest.mark.parametrize("seed,solitaire", [(7, True), (3, True), (11, False)])
def test_a_french_game_log_has_no_english_word(seed, solitaire):
    from dodnb.render.present import log_entries

    g = _play(seed, solitaire)
    fr = [e.text for e in log_entries(g, "fr")]
    en = [e.text for e in log_entries(g, "en")]
    assert len(fr) == len(en) > 50
    leaks = [ln for ln in fr if ENGLISH.search(re.sub(r"\[[^\]]*\]", "", ln)) or "{" in ln]
    assert leaks == [], leaks[:10]
    assert not [ln for ln in en if "{" in ln]
    # the English log calls Fran "she": no "his" next to her name
    assert not [ln for ln in en if ln.startswith("Fran ") and re.search(r"\bhis\b|\bhim\b", ln)]


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


# --------------------------------------------------------------------------- keys used by the rules


def _calls(names: tuple[str, ...]):
    """(file, line, callee, key, keyword names or None when ** is passed) of every call in dodnb/rules
    to one of `names` whose key argument is a string constant (or a choice of two constants)."""
    import ast

    out = []
    for path in sorted((REPO / "dodnb" / "rules").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) in names):
                continue
            callee = getattr(node.func, "id", getattr(node.func, "attr", None))
            pos = 1 if callee == "RuleViolation" else 0
            if len(node.args) <= pos:
                continue
            arg = node.args[pos]
            consts = [arg] if isinstance(arg, ast.Constant) else [arg.body, arg.orelse] if isinstance(arg, ast.IfExp) else []
            keys = [c.value for c in consts if isinstance(c, ast.Constant) and isinstance(c.value, str)]
            if isinstance(arg, ast.JoinedStr):  # an f-string: a sentence written in code
                keys = ["f-string " + ast.unparse(arg)[:80]]
            kws = None if any(k.arg is None for k in node.keywords) else {k.arg for k in node.keywords} - ({"dice"} if callee == "ev" else set())
            for key in keys:
                out.append((path.name, node.lineno, callee, key, kws))
    return out


SECTION_OF = {"ev": "events", "RuleViolation": "refusals", "Note": "notes", "Words": "refusals", "MessageWords": "messages"}


def test_every_key_the_rules_use_is_in_both_catalogues_with_its_parameters():
    calls = _calls(tuple(SECTION_OF))
    assert len([c for c in calls if c[2] == "ev"]) > 50 and len([c for c in calls if c[2] == "RuleViolation"]) > 80
    en, fr = raw("en"), raw("fr")
    bad = []
    for file, line, callee, key, kws in calls:
        section = SECTION_OF[callee]
        if key not in en[section] or key not in fr[section]:
            bad.append(f"{file}:{line}: {section} key {key!r} missing")
            continue
        if kws is not None and placeholders(en[section][key]) != kws - {"uid"}:  # a unit's id: data, never words
            bad.append(f"{file}:{line}: {key!r} given {sorted(kws)}, the catalogue uses {sorted(placeholders(en[section][key]))}")
    assert bad == []


def test_no_sentence_shows_a_units_id():
    """Issue 33: a unit is named by its square ("the unit in 089"); its id travels with an event or a
    refusal as data (``uid``) but no sentence of either language writes it."""
    for lang in ("en", "fr"):
        cat = raw(lang)
        used = [(section, key) for section in ("messages", "events", "refusals", "notes")
                for key, text in cat[section].items() if "uid" in placeholders(text)]
        assert used == [], lang


def test_the_phases_speak_in_keys_only():
    """No sentence inside the rules: every event, refusal and note is a key."""
    sentences = [c for c in _calls(("ev", "RuleViolation", "Note", "Words")) if " " in c[3]]
    assert sentences == []


def test_a_french_refusal_has_no_english_word():
    from dodnb.rules.actions import Activate, Move
    from dodnb.rules.game import Game
    from dodnb.render.present import refusal_text, violation_text

    g = Game(5, human="ask")
    peter = g.state.character("Peter").square
    g.apply(Activate("Peter"))
    why = g.check(Move("001" if peter != "002" else "200"))
    assert why is not None and why.key == "move.not_adjacent" and why.case == "2.1"
    fr = violation_text(why, "fr")
    assert fr.startswith("Interdit") and "ne partagent pas de côté" in fr and not ENGLISH.search(re.sub(r"\[[^\]]*\]", "", fr)), fr
    assert str(why) == f"[2.1] {why.detail}" and "do not share a side" in why.detail  # the English stays the message
    # every refusal of the catalogue, in French, with sample parameters
    for key, text in raw("fr")["refusals"].items():
        line = i18n.refusal(key, _event_params(raw("en")["refusals"][key]), "fr")
        assert "{" not in line and not ENGLISH.search(re.sub(r"\[[^\]]*\]|\b(?:Roll|Draw)\b", "", line)), (key, line)
    assert refusal_text(why, "en") == why.detail


def test_no_english_is_translated_afterwards():
    """The French catalogue holds sentences by key only: no word swaps, no regular expressions."""
    fr = raw("fr")
    assert not {"words", "patterns", "narration"} & set(fr)
    assert not hasattr(i18n, "word") and not hasattr(i18n, "narrate")


def test_the_map_words_follow_the_language():
    """Door labels, store names, the legend and the rifle count on the map, in French [2.1]."""
    from dodnb.render.shapes import TextShape
    from dodnb.render.state_scene import game_scene
    from dodnb.rules.game import Game
    from dodnb.widgets.stepper import GameStepper

    g = Game(3)

    def words(scene):
        return [sh.text for sh in scene.shapes if isinstance(sh, TextShape)]

    en, fr = words(game_scene(g, lang="en")), words(game_scene(g, lang="fr"))
    assert "North doors (004)" in en and "Portes nord (004)" in fr
    assert "personnage" in fr and "character" in en and "character" not in fr
    assert any("Pharmacie" in t for t in fr) and not any("Drug" in t for t in fr)
    assert "2 fusils" in fr or "1 fusil" in fr
    s = GameStepper(g)
    assert "North doors (004)" in words(s.map.scene)
    s.set_language("fr")
    assert "Portes nord (004)" in words(s.map.scene) and "Portes nord (004)" in words(s.scene())
