"""Projector mode and readable maps (issue 34 item 3): the scenes in both styles (render/style.py).

Shapes, not pixels: square ids inside their squares and never touching the next one, the ids and
pieces big enough once the map is shown at the width JupyterLab gives it (measured in the
real-browser test: 968 px with the file browser open, ~1230 px with it closed), door tags off the
pieces, a legend whose status samples are nobody's disc.
"""

from __future__ import annotations

import pytest

import dodnb
from dodnb.render import style as S
from dodnb.render.scene import TOKEN_COLOURS, board_scene, door_label_shapes, frame_for, narrow_width
from dodnb.render.shapes import CircleShape, RectShape, TextShape
from dodnb.render.state_scene import STATUS_RING, game_scene

#: the output width (CSS px) the live map is fitted to at a 1400-px window: file browser open
#: (normal: a pupil's laptop) and closed (projector: the teacher's screen); browser-measured
SHOWN = {"normal": 968.0, "projector": 1230.0}
#: a digit's height in em (Liberation Sans Narrow), JUPYTER_TESTING.md
DIGIT_EM = 0.70
#: digit height wanted on screen (px): DESIGN (normal >= 10), issue 34 (projector >= 14)
MIN_DIGIT = {"normal": 10.0, "projector": 14.0}


@pytest.fixture(params=["normal", "projector"])
def style(request):
    S.use_projector(request.param == "projector")
    yield S.current()
    S.use_projector(False)


@pytest.fixture(scope="module")
def board():
    return dodnb.load_board()


def _ids(scene, board):
    return [s for s in scene.shapes if isinstance(s, TextShape) and s.tag in board.squares and s.text == s.tag]


def test_projector_call_switches_the_style_and_back():
    dodnb.projector()
    assert S.current() is S.PROJECTOR and S.projector_on()
    dodnb.projector(False)
    assert S.current() is S.NORMAL and not S.projector_on()


@pytest.mark.parametrize("live", [True, False], ids=["canvas", "picture"])
def test_square_ids_fit_their_square_and_never_run_together(board, style, live):
    from dodnb.widgets.mapview import canvas_scene

    scene, frame = canvas_scene(board) if live else (board_scene(board), frame_for(board))
    ids = _ids(scene, board)
    assert len(ids) == len(board.squares), "every square keeps its number at these sizes"
    boxes = []
    for t in ids:
        r = board.square(t.tag).rect
        drawn = narrow_width(t.text, t.size) * (style.id_squeeze if live else 1.0)
        right = frame.x(r.x1)
        # inside the square, the style's gap clear of its right side
        assert t.x >= frame.x(r.x0) and t.x + min(drawn, t.max_width) <= right - style.id_gap + 1e-9, (t.tag, t.size, drawn)
        if not live:  # a picture cannot squeeze: the natural width itself fits
            assert narrow_width(t.text, t.size) <= t.max_width + 1e-9, t.tag
        boxes.append((t.x, t.y, t.x + min(drawn, t.max_width), t.y + t.size))
    # no two ids overlap (nor touch: 3 px apart at least, along a hall)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not (a[0] < b[2] + 2 and b[0] < a[2] + 2 and a[1] < b[3] and b[1] < a[3]), (a, b)


def test_live_ids_and_pieces_big_enough_on_screen(board, style):
    """Digit height on screen = font x shown width / scene width x 0.70: >= 10 px normal, >= 14 px
    in projector mode (every square, halls included); pieces >= 24 px across in projector mode."""
    from dodnb.widgets.mapview import MapView

    v = MapView(board, tokens={"068": ["Peter"], "115": ["zombie", "zombie"]})
    k = SHOWN[style.name] / v.scene.width
    ids = _ids(v.scene, board)
    smallest = min(t.size for t in ids) * k * DIGIT_EM
    assert smallest >= MIN_DIGIT[style.name], f"{style.name}: smallest square id {smallest:.1f} px tall on screen"
    discs = [c for c in v.token_shapes(v.tokens) if isinstance(c, CircleShape)]
    across = min(2 * c.r for c in discs) * k
    assert across >= (24.0 if style.name == "projector" else 11.0), across


def test_projector_is_bigger_than_normal_everywhere(board):
    from dodnb.widgets.mapview import canvas_scene

    sizes = {}
    for on in (False, True):
        S.use_projector(on)
        try:
            canvas, _ = canvas_scene(board)
            still = board_scene(board)
            sizes[on] = (max(t.size for t in _ids(canvas, board)), max(t.size for t in _ids(still, board)),
                         max(t.size for t in still.shapes if isinstance(t, TextShape) and t.tag == "legend"))
        finally:
            S.use_projector(False)
    assert all(p > n for n, p in zip(sizes[False], sizes[True])), sizes


def test_game_legend_status_samples_are_nobodys_disc(style):
    from dodnb.rules.game import Game

    scene = game_scene(Game(7))
    legend = [s for s in scene.shapes if s.tag == "legend"]
    rings = {c.stroke for c in legend if isinstance(c, CircleShape) and c.stroke}
    assert STATUS_RING["stunned"] in rings and STATUS_RING["infected"] in rings
    fills = [c.fill for c in legend if isinstance(c, CircleShape) and c.fill]
    # Steve's and Fran's colours are nowhere in the legend: a healthy Steve no longer looks stunned
    assert TOKEN_COLOURS["Steve"] not in fills and TOKEN_COLOURS["Fran"] not in fills
    letters = {t.text for t in legend if isinstance(t, TextShape) and len(t.text) <= 2}
    assert "S" not in letters and "F" not in letters


def test_door_tags_stay_off_the_pieces(board, style):
    """A door tag goes to the far side of the deciding pieces, and elsewhere when a piece stands
    there too (issue 34: "S05/S23 over Peter's disc")."""
    from dodnb.widgets.mapview import MapView

    v = MapView(board)
    frame = v.frame
    for did, door in sorted(board.doors.items()):
        if door.kind == "main" or not all(door.squares):
            continue
        a, b = door.squares
        discs = [c for c in v.token_shapes({a: ["Peter", "Roger"], b: ["zombie"]}) if isinstance(c, CircleShape)]
        shapes = door_label_shapes(board, [did], frame, away_from=[a], avoid=discs)
        tag = next(s for s in shapes if isinstance(s, RectShape))
        for c in discs:
            nx = min(max(c.cx, tag.x), tag.x + tag.w)
            ny = min(max(c.cy, tag.y), tag.y + tag.h)
            assert (nx - c.cx) ** 2 + (ny - c.cy) ** 2 >= c.r ** 2 - 1e-6, (did, style.name)
        text = next(s for s in shapes if isinstance(s, TextShape))
        assert text.size >= (16.0 if style.name == "projector" else 12.0)


def test_pieces_slide_off_store_names_where_the_square_has_room(board, style):
    """A piece in a store's top row slides along the square's bottom clear of the store's name plate;
    it may cover the name only where the plate spans the whole square (no room: the bank and
    Hadley's, a gap reported in issue 34)."""
    from dodnb.rules.game import Game

    st = Game(7).state
    scene = game_scene(st)
    plates = [s for s in scene.shapes if isinstance(s, RectShape) and (s.tag or "").startswith("store:")]
    discs = [c for c in scene.shapes if isinstance(c, CircleShape) and c.layer == "tokens" and c.fill]
    assert plates and discs
    frame = frame_for(board)
    covered = 0
    for c in discs:
        for p in plates:
            nx = min(max(c.cx, p.x), p.x + p.w)
            ny = min(max(c.cy, p.y), p.y + p.h)
            if (nx - c.cx) ** 2 + (ny - c.cy) ** 2 < (c.r - 0.5) ** 2:
                sq = next(q for q in board.squares.values() if frame.x(q.rect.x0) <= c.cx <= frame.x(q.rect.x1)
                          and frame.y(q.rect.y0) <= c.cy <= frame.y(q.rect.y1))
                room = (p.x - frame.x(sq.rect.x0), frame.x(sq.rect.x1) - (p.x + p.w))
                assert max(room) < 2 * c.r + 2, (c.tag, p.tag, room, style.name)
                covered += 1
    assert covered <= 13, covered  # game 7's set-up: 13 of 49 discs in projector mode, in squares with no room
