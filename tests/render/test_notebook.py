"""The core's notebook pictures (dodnb.render.notebook), asked of dodnb.display by the board and the
best-play search: each object shows itself, while the board and prob modules import no render
module (the facade installs the painter; tests/test_layers.py checks the imports)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

from dodnb import Position, display, load_board
from dodnb.prob.bestplay import best_play, goals
from dodnb.render import notebook
from dodnb.render.narrate import action_words


@pytest.fixture(scope="module")
def result():
    p = Position(characters={"Peter": "115"}, units={"115": 3}, start="attack", solitaire=True)
    return best_play(p, goals.nobody_hurt(), horizon="game-turn")


def test_best_play_shows_its_choices_as_a_table(result):
    page = result._repr_html_()
    assert page == notebook.best_play_html(result)
    assert page.startswith("<table>") and page.count("<tr") == len(result.choices)
    assert action_words(result.best.action, None, result.state) in page
    assert ' style="font-weight:bold"' in page  # the best choice


def test_tree_shows_itself_as_svg_and_png(result):
    tree = result.tree(depth=2)
    assert tree._repr_svg_().startswith("<svg")
    assert tree._repr_png_()[:8] == b"\x89PNG\r\n\x1a\n"


def test_board_shows_itself_and_other_objects_have_no_picture():
    assert load_board()._repr_svg_().startswith("<svg")
    assert display.show(object(), "image/svg+xml") is None
    assert notebook.paint(load_board(), "text/html") is None


def test_showing_a_board_loads_render_only_when_asked():
    """The painter is installed by the facade; the render layer is imported at the first picture."""
    probe = textwrap.dedent(
        """
        import json, sys
        from dodnb.board.model import load_board
        b = load_board()
        before = sorted(m for m in sys.modules if m.startswith("dodnb.render"))
        svg = b._repr_svg_()
        after = sorted(m for m in sys.modules if m.startswith("dodnb.render"))
        print(json.dumps([before, "dodnb.render.notebook" in after, svg[:4]]))
        """
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=True)
    before, loaded, head = json.loads(out.stdout.strip().splitlines()[-1])
    assert before == [] and loaded and head == "<svg"
