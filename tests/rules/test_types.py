"""The rules engine type-checks clean (issue 15: a typed phase machine, no `type: ignore` left in
dodnb/rules). mypy's settings are in pyproject.toml ([tool.mypy]: files = dodnb/rules)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_mypy_is_clean_over_the_rules(tmp_path):
    out = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "mypy"), "--no-error-summary"],
                         cwd=ROOT, capture_output=True, text=True)
    errors = [line for line in out.stdout.splitlines() if ": error:" in line]
    assert out.returncode == 0 and not errors, out.stdout + out.stderr


def test_no_type_ignore_left_in_the_rules():
    hits = [f"{p.relative_to(ROOT)}:{i}" for p in sorted((ROOT / "dodnb" / "rules").rglob("*.py"))
            for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if "type: ignore" in line]
    assert hits == []


# --- the vocabulary, not bare strings (issue 15 item 2) ---------------------------------------

#: Attribute or variable names whose values come from one enum of dodnb.rules.vocab.
_VOCAB_NAMES = {"status": "Status", "pool": "Pool", "kind": "PendingKind", "side": "Side", "winner": "Side",
                "phase": "Phase", "start": "Phase", "door_state": "DoorState"}  # door_state: a call's result


def _named(node) -> str | None:
    """The name a compared expression goes by: `c.status` -> status, `kind` -> kind, `st.door_state(d)` -> door_state."""
    import ast

    if isinstance(node, ast.Call):
        node = node.func
    return node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else None


def _bare_vocab_comparisons(source: str) -> list[tuple[int, str]]:
    """(line, text) of each comparison of a status, pool, pending kind, side, winner or phase with a
    bare string that is one of that enum's values (``c.status == "killed"``, ``kind in ("free",
    "reaction")``, ``s != "open"`` for a door state is left to review: `s` names nothing)."""
    import ast

    from dodnb.rules import vocab

    values = {name: {m.value for m in getattr(vocab, enum)} for name, enum in _VOCAB_NAMES.items()}
    out = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left, *node.comparators]
        names = [_named(s) for s in sides]
        wanted = set().union(*(values[n] for n in names if n in values)) if any(n in values for n in names) else set()
        for s in sides:
            consts = [s] if isinstance(s, ast.Constant) else list(s.elts) if isinstance(s, (ast.Tuple, ast.Set, ast.List)) else []
            if any(isinstance(c, ast.Constant) and c.value in wanted for c in consts):
                out.append((node.lineno, ast.unparse(node)))
                break
    return out


def test_the_rules_compare_with_the_vocabulary_not_bare_strings():
    hits = [f"{p.relative_to(ROOT)}:{line}: {text}" for p in sorted((ROOT / "dodnb" / "rules").rglob("*.py"))
            if p.name != "vocab.py" for line, text in _bare_vocab_comparisons(p.read_text(encoding="utf-8"))]
    assert hits == [], "use the enums of dodnb.rules.vocab:\n" + "\n".join(hits)


def test_the_bare_string_scan_finds_what_it_looks_for():
    src = ('if c.status == "killed": pass\nif kind in ("free", "reaction"): pass\nif st.phase != Phase.FREE: pass\n'
           'if a.how == "open": pass\nif st.door_state(d.id) != "closed": pass\n')
    assert [line for line, _ in _bare_vocab_comparisons(src)] == [1, 2, 5]
