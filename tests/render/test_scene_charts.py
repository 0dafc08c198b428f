"""Scenes: the map and charts are computed once as shapes; SVG and canvas draw the same list."""

from fractions import Fraction

import dodnb
from dodnb.render.charts import bar_chart
from dodnb.render.scene import RectShape, TextShape, board_scene, frame_for, square_at


def test_board_scene_has_every_square_and_door():
    b = dodnb.load_board()
    sc = board_scene(b)
    floor_tags = {s.tag for s in sc.shapes if isinstance(s, RectShape) and s.tag in b.squares}
    assert floor_tags == set(b.ids)
    door_tags = {s.tag for s in sc.shapes if s.tag and s.tag.startswith("door:")}
    assert door_tags == {f"door:{d}" for d in b.doors}
    ids = {s.text for s in sc.shapes if isinstance(s, TextShape) and s.tag in b.squares and s.text.isdigit()}
    assert ids == set(b.ids)


def test_pixel_to_square_round_trip():
    b = dodnb.load_board()
    f = frame_for(b)
    for sid in ("004", "024", "177", "212"):
        cx, cy = f.point(b.square(sid).centre)
        assert square_at(b, f, cx, cy) == sid
    assert square_at(b, f, 1, 1) is None  # margin, outside the mall


def test_bar_lengths_follow_exact_probabilities():
    rows = [("a", Fraction(1, 6)), ("b", Fraction(1, 3)), ("c", Fraction(1, 2))]
    sc = bar_chart(rows, "t")
    bars = [s for s in sc.shapes if isinstance(s, RectShape) and s.tag and s.tag.startswith("row:")]
    ratio = [bars[i].w / bars[2].w for i in range(3)]
    assert abs(ratio[0] - 1 / 3) < 1e-9 and abs(ratio[1] - 2 / 3) < 1e-9
    texts = [s.text for s in sc.shapes if isinstance(s, TextShape)]
    assert "1/6  (16.7%)" in texts and "1/2  (50.0%)" in texts
    assert sc.to_svg().count("<rect") >= 4
