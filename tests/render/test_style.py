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
from dodnb.render.scene import TOKEN_COLOURS, board_scene, door_label_shapes, frame_for, id_boxes, name_plates, narrow_width, rect_hits_circle
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


def _on_names(pieces, names):
    """The discs (rings included) lying on a store name's plate."""
    plates = name_plates(names)
    return [c for c in pieces if isinstance(c, CircleShape) and any(rect_hits_circle(p, c) for p in plates)]


def _placed_well(board, frame, pieces, ids, where):
    """Every disc inside its own square, and none on a store square's id (`where`: tag -> square)."""
    for c in (c for c in pieces if isinstance(c, CircleShape)):
        sid = where(c.tag)
        r = board.square(sid).rect
        assert frame.x(r.x0) - 1e-6 <= c.cx - c.r and c.cx + c.r <= frame.x(r.x1) + 1e-6, (c.tag, sid)
        assert frame.y(r.y0) - 1e-6 <= c.cy - c.r and c.cy + c.r <= frame.y(r.y1) + 1e-6, (c.tag, sid)
        if board.square(sid).kind == "store":
            assert not any(rect_hits_circle(b, c) for b in ids.values()), (c.tag, sid)


def test_no_piece_on_a_store_name_at_the_start(board, style):
    """Issue 34: green Z discs on "Hadley's Department Store", "Liberty Savings Bank", "Book Nook"...
    Game 7's set-up (49 pieces, a unit in 25 store squares): no disc on a name, on the live map (the
    stepper's and the editor's GameMap) and in the game picture alike (the same placement,
    scene.piece_spots and names_clear_of); every disc inside its square and off every id. Before:
    10 discs on names on the live map (normal), 13 (projector); pictures 4 and 8."""
    from dodnb.rules.game import Game
    from dodnb.widgets.stepper import GameMap

    st = Game(7, human="ask", zombie="random", solitaire=True).state
    where = {c.name: c.square for c in st.characters} | {z.uid: z.square for z in st.zombies if z.square}
    live = GameMap(st)
    pieces, names = live._pieces_and_names()
    picture = game_scene(st)
    drawn = [s for s in picture.shapes if s.layer == "tokens"]
    assert len([c for c in pieces if isinstance(c, CircleShape)]) == 49
    assert _on_names(pieces, names) == [] and _on_names(drawn, picture.shapes) == []
    _placed_well(board, live.frame, pieces, id_boxes(live.scene), where.get)
    _placed_well(board, frame_for(board), drawn, id_boxes(picture), where.get)


#: Discs on a store name with k units in every store square (MapView: the LOS explorer's map),
#: per style. Where they come from: a store's name is printed in its top row, under the square
#: ids, and a square holds beside its id only one piece (normal: 13 px discs in the 24 x 21 px
#: left beside a 2-line name; projector: 22 px discs, id 18.5 px + disc 22 px + name 19 px > the
#: square's 48 px), so a second piece there goes on the name, and the name cannot move: the other
#: squares of its store are full too. 1 unit a square (the most the rules allow [7.1]): none.
CROWDED = {"normal": {1: 0, 2: 8, 3: 26, 4: 50}, "projector": {1: 0, 2: 32, 3: 76, 4: 80}}


def test_crowded_store_squares_keep_names_clear_where_they_can(board, style):
    """k = 1..4 pieces in every store square: the exact count of discs on names (CROWDED), every
    disc inside its square and off every id."""
    from dodnb.widgets.mapview import MapView

    shops = [s for s in board.ids if board.square(s).kind == "store"]
    v = MapView(board)
    ids = id_boxes(v.scene)
    for k in (1, 2, 3, 4):
        pieces = v.token_shapes({s: ["zombie"] * k for s in shops})
        on = _on_names(pieces, v.name_shapes(pieces))
        _placed_well(board, v.frame, pieces, ids, lambda sid: sid)
        assert len(on) == CROWDED[style.name][k], (style.name, k, len(on), sorted({c.tag for c in on}))


def test_a_piece_alone_in_its_square_is_never_on_a_name(board, style):
    """Positions the rules allow: a unit in every store square, the four characters stacked or
    spread over the worst squares (one-square stores, whose name fills the square under its id).
    A disc on a name is one of two or more pieces in its square, on the live map and the picture."""
    from collections import Counter

    from dodnb.rules.position import Position
    from dodnb.widgets.stepper import GameMap

    shops = [s for s in board.ids if board.square(s).kind == "store"]
    cases = [{}, {n: "030" for n in ("Peter", "Roger", "Steve", "Fran")}, {"Peter": "029", "Roger": "029", "Steve": "151", "Fran": "151"},
             {"Peter": "029", "Roger": "032", "Steve": "040", "Fran": "156"}]
    for chars in cases:
        st = Position(characters=chars, units={s: 3 for s in shops}, victory_check=False).state()
        where = {c.name: c.square for c in st.characters} | {z.uid: z.square for z in st.zombies if z.square}
        crowd = Counter(where.values())
        live = GameMap(st)
        pieces, names = live._pieces_and_names()
        picture = game_scene(st)
        for on in (_on_names(pieces, names), _on_names([s for s in picture.shapes if s.layer == "tokens"], picture.shapes)):
            assert all(crowd[where[c.tag]] > 1 for c in on), (chars, [c.tag for c in on])
        if not chars:
            assert _on_names(pieces, names) == []
