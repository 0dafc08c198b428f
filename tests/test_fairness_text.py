"""Notebook 08's "What the runs say" (both languages) tells the figures of docs/data/fairness.json, the
file its chart is drawn from: a rerun of benchmarks/fairness.py that changes a figure fails here until
the text is rewritten."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _cell(path: Path, start: str) -> str:
    nb = json.loads(path.read_text(encoding="utf-8"))
    texts = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"]
    return next(t for t in texts if t.startswith(start))


@pytest.mark.parametrize("path, start, sep", [
    ("notebooks/08_best_play.ipynb", "**What the runs say**", "."),
    ("notebooks/fr/08_best_play.ipynb", "**Ce que disent les séries**", ","),
])
def test_the_fairness_text_tells_the_recorded_figures(path, start, sep):
    data = json.loads((ROOT / "docs" / "data" / "fairness.json").read_text(encoding="utf-8"))
    pols = data["policies"]
    text = " ".join(_cell(ROOT / path, start).split())
    assert f"{data['games_per_policy']:,}".replace(",", " " if sep == "," else ",") in text
    for name in ("together", "search", "sensible"):
        assert f" {pols[name]['human_wins']} " in f" {text.replace(',', ' ')} ", name
    diff = f"{100 * data['search_vs_together']['difference']:.1f}".replace(".", sep)
    assert f"{diff} points" in text
    p = data["search_vs_together"]["p_two_sided"]
    assert f"p = {p:.1g}".replace(".", sep) in text
    medians = sorted(pols[n]["turns"]["median"] for n in ("together", "search"))
    assert all(f"{m:g}" in text for m in medians)
