"""Pictures of line of sight [6.4], [6.3], [6.7]: the overlay shapes and the static SVGs.

The overlay only draws what dodnb.board.sight decided; these tests check that each blocking reason
on the shipped map has its culprit drawn where the culprit is, that visible lines are green with
the squares and doors they pass marked, and that the SVG documents are well formed and stable.
"""

from dataclasses import replace
from xml.etree import ElementTree

import pytest

import dodnb
from dodnb.board.model import board_from_dict
from dodnb.board.sight import SightError, line_of_sight
from dodnb.board.sighttable import sight_table
from dodnb.render.scene import STYLE, CircleShape, LineShape, RectShape, TextShape, frame_for
from dodnb.render.sight_overlay import (
    REASON_TITLES,
    OverlayError,
    caption_lines,
    culprit_shapes,
    door_state_shapes,
    seen_shapes,
    sight_scene,
    sight_shapes,
    sight_svg,
    visible_scene,
    visible_svg,
)


@pytest.fixture(scope="module")
def board():
    return dodnb.load_board()


@pytest.fixture(scope="module")
def frame(board):
    return frame_for(board)


def _close(a, b):
    return abs(a - b) < 1e-9


def _seg_px(frame, seg):
    return frame.point((seg.x0, seg.y0)) + frame.point((seg.x1, seg.y1))


def _has_line(shapes, coords, colour, min_width=0.0):
    for s in shapes:
        if isinstance(s, LineShape) and s.stroke == colour and s.width >= min_width:
            got = (s.x0, s.y0, s.x1, s.y1)
            if all(_close(u, v) for u, v in zip(got, coords)):
                return True
    return False


# ------------------------------------------------------------------ one case per blocking reason


def test_6_4_culprit_wall_is_drawn_thick_red(board, frame):
    """[6.4] a wall in the way: the wall piece itself is drawn thick in the culprit colour."""
    s = line_of_sight(board, "001", "026")
    assert s.reason == "wall"
    shapes = sight_shapes(board, s, frame)
    assert _has_line(shapes, _seg_px(frame, s.culprit), STYLE["culprit"], min_width=5)
    # and a ring where the line meets it
    rings = [c for c in shapes if isinstance(c, CircleShape) and c.tag == "culprit:wall"]
    assert len(rings) == 1


def test_6_4_culprit_wall_corner_98_79_is_a_ring_on_the_corner(board, frame):
    """[6.4] "Wall corners block sight": 98 -> 79, the corner point gets a red ring."""
    s = line_of_sight(board, "098", "079")
    assert s.reason == "wall_corner"
    x, y = frame.point(s.culprit)
    rings = [c for c in culprit_shapes(board, s, frame) if isinstance(c, CircleShape)]
    assert rings and all(_close(c.cx, x) and _close(c.cy, y) for c in rings)
    assert any(c.stroke == STYLE["culprit"] for c in rings)


def test_6_4_culprit_door_not_side_24_82(board, frame):
    """[6.4] 24 -> 82: the door G14 is a side of neither square; it is drawn in red."""
    s = line_of_sight(board, "024", "082")
    assert s.reason == "door_not_side" and s.culprit == "G14"
    shapes = sight_shapes(board, s, frame)
    assert _has_line(shapes, _seg_px(frame, board.doors["G14"].seg), STYLE["culprit"], min_width=5)
    # the door passed also gets its halo
    assert any(isinstance(x, LineShape) and x.tag == "door-passed:G14" and x.stroke == STYLE["highlight"] for x in shapes)


def test_6_4_culprit_closed_solid_door(board, frame):
    """[6.4] a closed solid door blocks like a wall: 016 -> 082 through S08."""
    states = {"S08": "closed"}
    assert line_of_sight(board, "016", "082").visible
    s = line_of_sight(board, "016", "082", door_states=states)
    assert s.reason == "closed_door" and s.culprit == "S08"
    shapes = sight_shapes(board, s, frame)
    assert _has_line(shapes, _seg_px(frame, board.doors["S08"].seg), STYLE["culprit"], min_width=5)
    # the closed door is also marked as closed, whatever the line
    assert any(x.tag == "door-closed:S08" for x in door_state_shapes(board, states, frame))


def test_6_4_culprit_two_doors_016_099(board, frame):
    """[6.4] "Sight may not be traced through two doors": 016 -> 099 passes S08 and G14."""
    s = line_of_sight(board, "016", "099")
    assert s.reason == "two_doors" and s.doors == ("S08", "G14")
    shapes = sight_shapes(board, s, frame)
    assert _has_line(shapes, _seg_px(frame, board.doors[s.culprit].seg), STYLE["culprit"], min_width=5)
    halos = {x.tag for x in shapes if isinstance(x, LineShape) and x.stroke == STYLE["highlight"]}
    assert halos == {"door-passed:S08", "door-passed:G14"}


def test_6_3_culprit_token_square_outlined(board, frame):
    """[6.3] a piece in a square in between: that square is outlined in red."""
    s = line_of_sight(board, "167", "170", occupied=["168"])
    assert s.reason == "token" and s.culprit == "168"
    r = board.square("168").rect
    outlines = [x for x in culprit_shapes(board, s, frame) if isinstance(x, RectShape) and x.stroke == STYLE["culprit"]]
    assert len(outlines) == 1
    o = outlines[0]
    assert frame.x(r.x0) < o.x < o.x + o.w < frame.x(r.x1)
    assert frame.y(r.y0) < o.y < o.y + o.h < frame.y(r.y1)
    # the square's id is printed again above the outline
    assert any(isinstance(x, TextShape) and x.text == "168" for x in culprit_shapes(board, s, frame))


def test_6_4_culprit_main_door_on_a_hand_built_board():
    """[6.4] ruling S5: a main door is never passed; only a hand-built board can even try."""
    data = {
        "format": "dodnb-map",
        "version": 1,
        "require_setup_symbols": False,
        "squares": [{"id": "001", "rect": [0, 0, 2, 2], "kind": "hall"}, {"id": "002", "rect": [2, 0, 4, 2], "kind": "hall"}],
        "walls": [],
        "doors": [
            {"id": "G1", "seg": [2, 0, 2, 2], "kind": "glass"},
            {"id": "N", "seg": [0, 0, 1, 0], "kind": "main", "side": "N"},
            {"id": "S", "seg": [0, 2, 1, 2], "kind": "main", "side": "S"},
            {"id": "W", "seg": [0, 0, 0, 1], "kind": "main", "side": "W"},
            {"id": "E", "seg": [4, 0, 4, 1], "kind": "main", "side": "E"},
        ],
    }
    b = board_from_dict(data)
    odd = replace(b, doors={**b.doors, "G1": replace(b.doors["G1"], kind="main", compass="E")})
    s = line_of_sight(odd, "001", "002")
    assert s.reason == "main_door"
    f = frame_for(odd)
    assert _has_line(culprit_shapes(odd, s, f), _seg_px(f, odd.doors["G1"].seg), STYLE["culprit"], min_width=5)


def test_every_blocking_reason_on_the_shipped_map_draws_a_culprit(board, frame):
    """[6.4], [6.3] sweep: for the first pairs of each reason, culprit shapes exist and are tagged."""
    seen = {}
    ids = board.ids
    for i, a in enumerate(ids[:60]):
        for b in ids[i + 1 :: 7]:
            s = line_of_sight(board, a, b, occupied=["099", "114"])
            if not s.visible and seen.get(s.reason, 0) < 3:
                seen[s.reason] = seen.get(s.reason, 0) + 1
                shapes = culprit_shapes(board, s, frame)
                assert shapes and all(x.tag == f"culprit:{s.reason}" for x in shapes), (a, b, s.reason)
    assert {"wall", "wall_corner", "door_not_side"} <= set(seen)


# ------------------------------------------------------------------ visible lines


def test_6_4_visible_24_62_and_62_24_green_with_squares_and_door(board, frame):
    """[6.4] Sight may be traced from 24 to 62 and from 62 to 24: a green line, no culprit."""
    for a, b in (("024", "062"), ("062", "024")):
        s = line_of_sight(board, a, b)
        shapes = sight_shapes(board, s, frame)
        line = [x for x in shapes if x.tag == "sight-line"]
        assert len(line) == 1 and line[0].stroke == STYLE["visible"]
        x0, y0 = frame.point(s.start)
        x1, y1 = frame.point(s.end)
        assert (line[0].x0, line[0].y0, line[0].x1, line[0].y1) == (x0, y0, x1, y1)
        assert not culprit_shapes(board, s, frame)
        assert not any(x.tag and x.tag.startswith("culprit") for x in shapes)
        tinted = {x.tag for x in shapes if isinstance(x, RectShape) and x.fill == STYLE["highlight"]}
        assert tinted == {"099"} == set(s.between)
        assert any(x.tag == "door-passed:G14" for x in shapes)


def test_6_4_blocked_line_is_red_solid_then_dashed(board, frame):
    """[6.4] a blocked line: red and solid up to what blocks it, dashed beyond."""
    s = line_of_sight(board, "024", "082")
    shapes = sight_shapes(board, s, frame)
    solid = [x for x in shapes if x.tag == "sight-line"]
    beyond = [x for x in shapes if x.tag == "sight-line-beyond"]
    assert len(solid) == len(beyond) == 1
    assert solid[0].stroke == beyond[0].stroke == STYLE["blocked"]
    assert not solid[0].dash and beyond[0].dash
    ob = next(o for o in s.obstacles if o.culprit == s.culprit)
    mx, my = frame.point(s.point_at(ob.at))
    assert _close(solid[0].x1, mx) and _close(solid[0].y1, my)
    assert _close(beyond[0].x0, mx) and _close(beyond[0].y0, my)


def test_6_7_same_square_has_no_line(board, frame):
    """[6.7] a target in the shooter's own square: no line, the ends are still marked."""
    s = line_of_sight(board, "115", "115")
    shapes = sight_shapes(board, s, frame)
    assert not [x for x in shapes if x.tag and x.tag.startswith("sight-line")]
    assert any(x.tag == "shooter" for x in shapes)


def test_6_4_seen_shapes_match_visible_from(board, frame):
    """[6.4], [7.1] everything a square sees: one shaded square per visible square, itself excluded."""
    seen = sight_table(board).visible_from("024")
    shapes = seen_shapes(board, "024", seen, frame)
    assert {x.tag for x in shapes} == set(seen) - {"024"}
    assert all(x.fill == STYLE["seen"] for x in shapes)


def test_10_5_door_state_marks(board, frame):
    """[3.3], [10.5] closed and destroyed doors are marked; open doors add nothing; bad input is refused."""
    assert door_state_shapes(board, None, frame) == []
    shapes = door_state_shapes(board, {"G14": "destroyed", "S08": "closed", "G01": "open"}, frame)
    tags = {x.tag for x in shapes}
    assert tags == {"door-destroyed:G14", "door-closed:S08"}
    with pytest.raises(SightError, match="S08"):
        door_state_shapes(board, {"S08": "destroyed"}, frame)  # only glass doors can be destroyed [10.4]
    with pytest.raises(SightError, match="X99"):
        door_state_shapes(board, {"X99": "closed"}, frame)


# ------------------------------------------------------------------ captions and SVG documents


def test_6_7_captions_give_verdict_distance_and_modifiers(board):
    """[6.4], [6.7], [10.5] the caption words come from the Sight and the Shot Modifier Chart."""
    lines = [t for t, _ in caption_lines(board, line_of_sight(board, "024", "062", door_states={"G14": "closed"}), {"G14": "closed"})]
    assert lines[0] == "024 \u2192 062: in sight [6.4]"
    assert "Distance 2 [6.7]" in lines[1]
    assert "\u22123" in lines[2] and "\u22125" in lines[2] and "breaks the glass door between 062 and 099 [10.5]" in lines[2]
    blocked = caption_lines(board, line_of_sight(board, "098", "079"))
    assert blocked[0][0].startswith("098 \u2192 079: NOT in sight") and "[6.4]" in blocked[0][0]
    assert REASON_TITLES["wall_corner"] in blocked[0][0]
    assert blocked[0][1] == STYLE["blocked"]


@pytest.mark.parametrize("crop", [False, True])
def test_sight_svg_is_well_formed_and_stable(board, crop):
    """The static fallback: valid XML, same bytes every time, the caption inside."""
    one = sight_svg(board, "024", "082", crop=crop)
    assert one == sight_svg(board, "024", "082", crop=crop)
    root = ElementTree.fromstring(one)
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert any(t and t.startswith("024 \u2192 082: NOT in sight") for t in texts)


def test_crop_keeps_the_line_and_zooms(board):
    """crop=True: a smaller drawing around the line, shown bigger (viewBox unchanged, width scaled)."""
    full = sight_scene(board, "167", "170", occupied=["168"])
    cropped = sight_scene(board, "167", "170", occupied=["168"], crop=True)
    assert cropped.width < full.width
    line = [s for s in cropped.shapes if s.tag == "sight-line"][0]
    assert 0 <= line.x0 <= cropped.width and 0 <= line.x1 <= cropped.width
    svg = sight_svg(board, "167", "170", occupied=["168"], crop=True)
    root = ElementTree.fromstring(svg)
    vb = [float(v) for v in root.get("viewBox").split()]
    assert float(root.get("width")) == pytest.approx(vb[2] * 1.6, abs=0.01)
    # no text is cut at the window's edge: every kept text fits inside
    for s in cropped.shapes:
        if isinstance(s, TextShape) and s.tag != "caption":
            assert -1 <= s.x <= cropped.width + 1


def test_6_3_pieces_are_drawn_on_top(board):
    """[6.3] a square holding a piece is tinted and outlined, and the piece is still drawn over it."""
    sc = sight_scene(board, "167", "170", occupied=["168"])
    idx_outline = max(i for i, s in enumerate(sc.shapes) if s.tag == "culprit:token")
    idx_piece = max(i for i, s in enumerate(sc.shapes) if isinstance(s, CircleShape) and s.layer == "tokens" and s.tag == "168")
    assert idx_piece > idx_outline


def test_visible_svg_counts_squares(board):
    """[6.4] the "who sees 024" picture says how many squares, with pieces taken into account [6.3]."""
    n = len(sight_table(board).visible_from("024")) - 1
    sc = visible_scene(board, "024")
    assert any(isinstance(s, TextShape) and s.text == f"Square 024 sees {n} other squares [6.4]." for s in sc.shapes)
    m = len(sight_table(board).visible_from("024", ["099"])) - 1
    assert m < n
    assert f"sees {m} other squares" in visible_svg(board, "024", occupied=["099"])


def test_bad_picture_options_are_refused(board):
    """A clear ValueError naming the bad value."""
    with pytest.raises(OverlayError, match="scale"):
        sight_svg(board, "024", "062", scale=0)
    with pytest.raises(OverlayError, match="zoom"):
        sight_svg(board, "024", "062", zoom="big")
    with pytest.raises(ValueError, match="999"):
        sight_svg(board, "024", "999")


def test_10_5_closed_glass_door_passed_still_shows_closed(board, frame):
    """[6.7], [10.5] the closed glass door the shot breaks is drawn closed over its yellow halo."""
    states = {"G14": "closed"}
    s = line_of_sight(board, "024", "062", door_states=states)
    shapes = sight_shapes(board, s, frame, door_states=states)
    halo = max(i for i, x in enumerate(shapes) if x.tag == "door-passed:G14")
    closed = [i for i, x in enumerate(shapes) if x.tag == "door-closed:G14"]
    assert closed and min(closed) > halo
    assert not [x for x in sight_shapes(board, s, frame) if x.tag == "door-closed:G14"]
