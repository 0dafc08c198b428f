"""The stepper never shows a zombie unit's id (issue 33): a unit is "the unit in 089" on every panel,
choice and line of the log, in English and French. The learner plays the zombies here (their free
moves, berserk checks and reactions are the stepper's choices) and then the humans; at each step the
scan reads every text of the widget (tests/widgets/test_french_scan.widget_texts: labels, HTML,
options, tooltips) and the map's description of each square holding a unit. The Save / Load box is
left out: it holds the saved game itself (JSON, every id and value), not words."""

from __future__ import annotations

import re

import pytest

from tests.widgets.test_french_scan import widget_texts


def _texts(s) -> list[str]:
    saved = s.save_text.value
    s.save_text.value = ""
    try:
        out = widget_texts(s)
    finally:
        s.save_text.value = saved
    st = s.game.state
    out += [s.map.describe(z.square) for z in st.zombies if z.square]
    out += s.log_lines()
    return out


@pytest.mark.parametrize("play,kind", [("zombie", "two-player"), ("human", "solitaire")])
def test_the_stepper_names_no_unit_by_its_id(play, kind):
    from dodnb.widgets.stepper import GameStepper

    s = GameStepper(seed=3, kind=kind, play=play)
    ids = re.compile(r"\b(" + "|".join(z.uid for z in s.game.start.zombies) + r")\b")
    found, read = [], 0
    for lang in ("fr", "en"):
        s.set_language(lang)
        for _ in range(40):
            if s.game.over:
                break
            if s.choices:  # the learner decides: take the first choice, as a click would
                s.choose(s.choices[0])
            else:
                s.step()
            texts = _texts(s)
            read += len(texts)
            found += [t for t in texts if ids.search(t)]
    assert read > 500
    assert found == []


def test_a_game_kept_by_an_older_dodnb_carries_on(tmp_path):
    """GameStepper(save_file=...) over a game kept before the seeded ids (format version 1, seed 1,
    two players, 90 actions): the stepper carries it on, move for move, with today's ids; Load of the
    same text in the Save / Load box does the same; the file is rewritten in today's format."""
    import json
    from pathlib import Path

    from dodnb.widgets.stepper import GameStepper

    old = (Path(__file__).parents[1] / "rules" / "game_v1.json").read_text()
    kept = tmp_path / "game.json"
    kept.write_text(old)
    s = GameStepper(seed=1, kind="two-player", play="human", save_file=str(kept))
    assert len(s.game.actions) == 90 and s.game.start == GameStepper(seed=1, kind="two-player").game.start
    t = GameStepper(seed=1, kind="two-player")
    t.load(old)
    assert t.game.state == s.game.state
    s.step()
    assert json.loads(kept.read_text())["version"] == 2
