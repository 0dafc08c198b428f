"""docs/ARCHITECTURE.md "Where each Case is stated": every Case of the English rules (1.0-15.8) has
one row, naming the one file that states it, and that file cites the Case (issue 32: each rule
stated once, and a maintainer can find it)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT.parent / "shared" / "seeds" / "001_aba7025de9279187.txt"
ROW = re.compile(r"^\| \[(\d{1,2}\.\d{1,2})\] \| [^|]+ \| (?:`([^`]+)`|— \(no rule: [^)]+\)) \|$")


def table() -> list[tuple[str, str | None]]:
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    part = text.split("## Where each Case is stated", 1)[1].split("\n## ", 1)[0]
    return [(m.group(1), m.group(2)) for line in part.splitlines() if (m := ROW.match(line))]


def test_every_case_of_the_rules_has_one_row():
    cases = sorted(set(re.findall(r"\[(\d{1,2}\.\d{1,2})\]", RULES.read_text(errors="replace"))),
                   key=lambda c: tuple(map(int, c.split("."))))
    rows = [c for c, _ in table()]
    assert len(rows) == len(set(rows)), "a Case listed twice"
    assert rows == cases


def test_the_file_named_cites_its_case():
    missing = [(c, f) for c, f in table() if f is not None
               and (not (ROOT / f).exists() or f"[{c}]" not in (ROOT / f).read_text(encoding="utf-8"))]
    assert missing == []
    assert [c for c, f in table() if f is None] == ["1.0", "2.0"]  # the introduction and the parts list
