"""The rules engine type-checks clean (issue 15: a typed phase machine, no `type: ignore` left in
dodnb/rules). mypy's settings are in pyproject.toml ([tool.mypy]: files = dodnb/rules)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_is_clean_over_the_rules(tmp_path):
    out = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "mypy"), "--no-error-summary"],
                         cwd=ROOT, capture_output=True, text=True)
    errors = [line for line in out.stdout.splitlines() if ": error:" in line]
    assert out.returncode == 0 and not errors, out.stdout + out.stderr


def test_no_type_ignore_left_in_the_rules():
    hits = [f"{p.relative_to(ROOT)}:{i}" for p in sorted((ROOT / "dodnb" / "rules").rglob("*.py"))
            for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if "type: ignore" in line]
    assert hits == []
