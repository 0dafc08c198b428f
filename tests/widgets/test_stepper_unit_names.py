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
