"""Line of sight [6.4], [6.3], [7.1], distance and shot modifiers [6.7], [6.8], [10.5].

The rules' own examples are checked on the shipped map; every blocking reason is checked on a
small hand-made board whose geometry the test spells out.
"""

from dataclasses import replace
from fractions import Fraction

import pytest

import dodnb
from dodnb.board.geometry import Segment
from dodnb.board.model import UnknownSquare, board_from_dict
from dodnb.board.sight import (
    REASONS,
    NoPath,
    NotInSight,
    SightError,
    distance,
    line_of_sight,
    shot_geometry,
)
from dodnb.board.sighttable import sight_table, visible_from
from dodnb.rules.modifiers import shot_modifiers


@pytest.fixture(scope="module")
def mall():
    return dodnb.load_board()


def make(squares, walls=(), doors=()):
    """A hand-made board: squares as {id: rect}; walls; doors as (id, seg, kind).

    The four main doors the loader insists on are added on the outer sides of corner squares,
    where no sight line between squares can reach them.
    """
    rects = dict(squares)
    x0 = min(r[0] for r in rects.values())
    y0 = min(r[1] for r in rects.values())
    x1 = max(r[2] for r in rects.values())
    y1 = max(r[3] for r in rects.values())
    top = min((r for r in rects.values() if r[1] == y0), key=lambda r: r[0])
    bottom = min((r for r in rects.values() if r[3] == y1), key=lambda r: r[0])
    left = min((r for r in rects.values() if r[0] == x0), key=lambda r: r[1])
    right = min((r for r in rects.values() if r[2] == x1), key=lambda r: r[1])
    mains = [
        {"id": "N", "seg": [top[0], y0, top[0] + 1, y0], "kind": "main", "side": "N"},
        {"id": "S", "seg": [bottom[0], y1, bottom[0] + 1, y1], "kind": "main", "side": "S"},
        {"id": "W", "seg": [x0, left[1], x0, left[1] + 1], "kind": "main", "side": "W"},
        {"id": "E", "seg": [x1, right[1], x1, right[1] + 1], "kind": "main", "side": "E"},
    ]
    data = {
        "format": "dodnb-map",
        "version": 1,
        "require_setup_symbols": False,
        "squares": [{"id": sid, "rect": list(r), "kind": "hall"} for sid, r in rects.items()],
        "walls": [list(w) for w in walls],
        "doors": [{"id": d, "seg": list(seg), "kind": kind} for d, seg, kind in doors] + mains,
    }
    return board_from_dict(data)


ROW = {"001": (0, 0, 2, 2), "002": (2, 0, 4, 2), "003": (4, 0, 6, 2)}
COLUMN = {"001": (0, 0, 2, 2), "002": (0, 2, 2, 4), "003": (0, 4, 2, 6), "004": (0, 6, 2, 8)}
GRID = {"001": (0, 0, 2, 2), "002": (2, 0, 4, 2), "003": (0, 2, 2, 4), "004": (2, 2, 4, 4)}
# a wide square over two narrow ones over a wide one: the centre line x = 2 runs along a side
SPLIT = {"001": (0, 0, 4, 2), "002": (0, 2, 2, 4), "003": (2, 2, 4, 4), "004": (0, 4, 4, 6)}


def both_ways(board, a, b, **kw):
    s, r = line_of_sight(board, a, b, **kw), line_of_sight(board, b, a, **kw)
    assert s.visible == r.visible and s.reason == r.reason  # sight is symmetric
    assert r.squares == s.squares[::-1] and r.passages == s.passages[::-1]
    return s


# ----- the rules' examples on the shipped map -------------------------------------------------


def test_6_4_example_24_sees_62_and_62_sees_24(mall):
    """[6.4] "Sight may be traced from square 24 to square 62 (or vice versa)": through the glass
    door that is a side of 062."""
    for a, b in (("24", "62"), ("62", "24")):
        s = line_of_sight(mall, a, b)
        assert s.visible and s.reason is None and s.obstacles == ()
        assert len(s.doors) == 1
        door = mall.doors[s.doors[0]]
        assert door.kind == "glass" and door.is_side_of("062") and not door.is_side_of("024")


def test_6_4_example_24_does_not_see_82(mall):
    """[6.4] "... but not from square 24 to square 82": the door is a side of neither."""
    s = both_ways(mall, 24, 82)
    assert not s.visible and s.reason == "door_not_side" and "[6.4]" in s.message
    assert s.culprit == line_of_sight(mall, 24, 62).doors[0]
    assert "062" in s.squares  # the line goes on through 062 into 082


def test_6_4_example_98_79_wall_corner(mall):
    """[6.4] "Wall corners block sight. Example: ... not from square 98 to square 79"."""
    s = both_ways(mall, 98, 79)
    assert not s.visible and s.reason == "wall_corner" and s.case == "[6.4]"
    assert s.culprit == (Fraction(40), Fraction(10))
    assert "corner" in s.message and "[6.4]" in s.message
    assert s.squares == ("098", "079")


def test_6_7_example_167_170_three_squares(mall):
    """[6.7] 167 -> 170: three subtracted (168, 169 and 170 counted, not 167)."""
    assert distance(mall, 167, 170) == 3 == distance(mall, 170, 167)
    m = shot_modifiers(mall, 167, 170)
    assert m.total == -3 and [str(x) for x in m.lines] == ["3 squares away: -3 [6.7]"]


def test_6_7_example_019_039_diagonal_two_squares(mall):
    """[6.7] "Squares may not be counted diagonally": 019 -> 039 is two squares away."""
    assert not mall.adjacent("019", "039")
    assert distance(mall, "019", "039") == 2
    s = line_of_sight(mall, 19, 39)
    assert s.visible and s.squares == ("019", "039")  # the line only touches the corner squares
    assert shot_modifiers(mall, 19, 39).total == -2


def test_6_8_example_two_guns_in_115_shooting_113(mall):
    """[6.8] two characters in 115 shooting 113: two subtracted for each gun, four in all."""
    m = shot_modifiers(mall, 115, 113)
    assert m.total == -2 and m.reduction == 2 and m.distance == 2
    assert m.for_guns(2) == -4
    assert m.destroys_doors == () and m.destroys_door is None and not m.panic_check


def test_6_7_shot_through_doors_24_62(mall):
    """[6.7] -2 through an open door, -3 through a closed glass door which is destroyed [10.5];
    a destroyed glass door counts as open [10.5]."""
    door = line_of_sight(mall, 24, 62).doors[0]
    open_ = shot_modifiers(mall, 24, 62)
    assert open_.total == -4 and [x.value for x in open_.lines] == [-2, -2]
    assert "through an open door" in str(open_.lines[1]) and "[6.7]" in str(open_.lines[1])
    closed = shot_modifiers(mall, 62, 24, {door: "closed"})
    assert closed.total == -5 and closed.destroys_door == door and closed.destroys_doors == (door,)
    assert "through a closed glass door" in closed.lines[1].label and "[10.5]" in closed.lines[1].note
    assert line_of_sight(mall, 24, 62, door_states={door: "closed"}).visible  # glass: see through [6.4]
    destroyed = shot_modifiers(mall, 24, 62, {door: "destroyed"})
    assert destroyed.total == -4 and destroyed.destroys_doors == ()


def test_6_7_shot_geometry_is_geometry_only(mall):
    """[6.4], [6.7] sight tells what a shot passes (squares away, each door passed with its kind and
    state, the closed glass doors it destroys [10.5]) and no number of the Shot Modifier Chart."""
    door = line_of_sight(mall, 24, 62).doors[0]
    g = shot_geometry(mall, 24, 62, {door: "closed"})
    assert (g.shooter, g.target, g.distance, g.same_square) == ("024", "062", 2, False)
    (p,) = g.passages
    assert p.doors == (door,) and p.kinds == ("glass",) and p.states == ("closed",)
    assert p.closed_glass == (door,) and not p.all_destroyed and g.destroys_doors == (door,)
    d = shot_geometry(mall, 24, 62, {door: "destroyed"})
    assert d.passages[0].all_destroyed and d.destroys_doors == ()
    assert shot_geometry(mall, 167, 170).passages == () and shot_geometry(mall, 167, 170).distance == 3
    same = shot_geometry(mall, 24, 24)
    assert same.same_square and same.distance == 0 and same.passages == ()
    assert not any(hasattr(g, name) for name in ("total", "lines", "reduction"))
    with pytest.raises(NotInSight):
        shot_geometry(mall, 98, 79)


def test_6_5_same_square_no_modifier_panic_check(mall):
    """[6.7] chart: a zombie unit in the same square: 0, note a: check for panic [6.5]."""
    s = line_of_sight(mall, 24, "024")
    assert s.visible and s.distance == 0 and s.squares == ("024",)
    m = shot_modifiers(mall, 24, 24)
    assert m.total == 0 and m.panic_check
    assert str(m.lines[0]) == "same square: 0 [6.7] (panic check required [6.5])"


def test_10_4_sight_through_a_glass_door(mall):
    """[10.4] a berserk zombie next to a closed glass door sees a character through it."""
    door = line_of_sight(mall, 24, 62).doors[0]
    sq = mall.doors[door].squares
    s = line_of_sight(mall, sq[0], sq[1], door_states={door: "closed"})
    assert s.visible and s.passes_door(door)


# ----- every blocking reason on a hand-made board ---------------------------------------------


def test_6_4_wall_blocks():
    """[6.4] the line crosses a wall square side without a door."""
    b = make(ROW, walls=[(2, 0, 2, 2)])
    s = both_ways(b, "001", "003")
    assert s.reason == "wall" and s.culprit == Segment(2, 0, 2, 2) and "crosses" in s.message
    assert s.obstacles[0].at == Fraction(1, 4)
    assert line_of_sight(b, "002", "003").visible


def test_6_4_line_running_along_a_wall_is_blocked():
    """[6.4] ruling: a line lying along a wall (centres on the wall's line) is blocked."""
    b = make(SPLIT, walls=[(2, 2, 2, 4)])
    s = both_ways(b, "001", "004")
    assert s.reason == "wall" and "runs along" in s.message and s.culprit == Segment(2, 2, 2, 4)


def test_6_3_line_along_a_side_passes_no_square():
    """Ruling: a line running along the side between two squares passes through neither, so their
    tokens do not block [6.3]."""
    b = make(SPLIT)
    s = both_ways(b, "001", "004", occupied=["002", "003"])
    assert s.visible and s.squares == ("001", "004") and s.between == ()


def test_6_4_wall_end_blocks_even_a_stub():
    """[6.4] touching the end of a wall blocks: a half-side wall reaching the centre line."""
    b = make(ROW, walls=[(2, 0, 2, 1)])
    s = both_ways(b, "001", "002")
    assert s.reason == "wall_corner" and s.culprit == (Fraction(2), Fraction(1))


@pytest.mark.parametrize(
    "walls, reason",
    [
        ([(0, 2, 2, 2)], "wall_corner"),  # a wall ending at the centre of the grid
        ([(0, 2, 2, 2), (2, 2, 2, 4)], "wall_corner"),  # an L whose corner is there
        ([(0, 2, 4, 2)], "wall"),  # a straight wall crossed at a grid point
        ([], None),
    ],
)
def test_6_4_wall_corners_block_sight(walls, reason):
    """[6.4] "Wall corners block sight": the diagonal through the grid point (2, 2)."""
    b = make(GRID, walls=walls)
    s = both_ways(b, "001", "004")
    assert s.reason == reason and s.visible == (reason is None)
    if reason == "wall_corner":
        assert s.culprit == (Fraction(2), Fraction(2))
    if reason is None:
        # only the corners of 002 and 003 are touched: their tokens do not block [6.3]
        assert line_of_sight(b, "001", "004", occupied={"002", "003"}).visible


def test_6_4_closed_solid_door_blocks_open_one_does_not():
    """[6.4] "a wall square side ... with a closed solid door" blocks; an open solid door that is a
    side of the shooter's or target's square does not."""
    b = make(ROW, doors=[("S1", (2, 0, 2, 2), "solid")])
    assert line_of_sight(b, "001", "003").visible  # S1 is a side of 001
    s = both_ways(b, "001", "003", door_states={"S1": "closed"})
    assert s.reason == "closed_door" and s.culprit == "S1" and "[6.4]" in s.message
    assert shot_modifiers(b, "001", "003").lines[1].value == -2  # through an open door [6.7]


@pytest.mark.parametrize("kind, state", [("glass", "open"), ("glass", "closed"), ("glass", "destroyed"), ("solid", "open")])
def test_6_4_door_must_be_a_side_of_an_end_square(kind, state):
    """[6.4] through a glass door (open or closed) or an open solid door only if it is a side of
    the shooter's and/or the target's square."""
    b = make(COLUMN, doors=[("D1", (0, 4, 2, 4), kind)])  # between 002 and 003
    states = {"D1": state}
    for a, t in (("001", "003"), ("002", "004"), ("002", "003")):
        assert both_ways(b, a, t, door_states=states).visible
    s = both_ways(b, "001", "004", door_states=states)
    assert s.reason == "door_not_side" and s.culprit == "D1" and s.doors == ("D1",)


def test_6_4_not_through_two_doors():
    """[6.4] "Sight may not be traced through two doors", even when each is a side of an end square."""
    b = make(COLUMN, doors=[("G1", (0, 2, 2, 2), "glass"), ("G2", (0, 4, 2, 4), "glass")])
    s = line_of_sight(b, "001", "003")
    r = line_of_sight(b, "003", "001")
    assert not s.visible and s.reason == r.reason == "two_doors"
    assert s.doors == ("G1", "G2") and s.culprit == "G2" and r.culprit == "G1"
    assert line_of_sight(b, "001", "002").visible and line_of_sight(b, "002", "003").visible


def test_6_4_main_door_never_passed():
    """[6.4] ruling: a main door leads outside; no sight between two squares passes one. (A real
    map cannot even put one on such a line: main doors stand on the outer wall.)"""
    b = make(ROW, doors=[("G1", (2, 0, 2, 2), "glass")])
    door = b.doors["G1"]
    odd = replace(b, doors={**b.doors, "G1": replace(door, kind="main", compass="E")})
    s = line_of_sight(odd, "001", "002")
    assert not s.visible and s.reason == "main_door" and s.culprit == "G1"
    assert not sight_table(odd).visible("001", "002")
    assert line_of_sight(b, "001", "002").visible


def test_6_3_token_between_blocks():
    """[6.3] "A character may not shoot through a square occupied by a zombie unit or a character"."""
    b = make(ROW)
    s = both_ways(b, "001", "003", occupied=["002"])
    assert s.reason == "token" and s.culprit == "002" and s.case == "[6.3]" and "[6.3]" in s.message
    # tokens in the end squares are not "through" anything
    assert line_of_sight(b, "001", "003", occupied=["001", "003"]).visible
    assert sight_table(b).visible("001", "003") and not sight_table(b).visible("001", "003", ["002"])
    assert visible_from(b, "001", occupied=["002"]) == {"001", "002"}


def test_6_4_reason_order_wall_before_token():
    """Several obstacles: all are listed in order; the reason reported is the most fundamental."""
    b = make(ROW, walls=[(4, 0, 4, 2)])
    s = both_ways(b, "001", "003", occupied=["002"])
    assert [o.reason for o in s.obstacles] == ["token", "wall"]
    assert s.reason == "wall"
    assert set(REASONS) >= {o.reason for o in s.obstacles}


def test_6_4_double_door_seam_is_one_passage():
    """Ruling: a line through the point where two doors meet (no wall there) passes one doorway."""
    doors = [("G1", (0, 2, 2, 2), "glass"), ("G2", (2, 2, 4, 2), "glass")]  # both sides of 001
    b = make(SPLIT, doors=doors)
    s = both_ways(b, "001", "004")
    assert s.visible and s.passages == (("G1", "G2"),) and s.doors == ("G1", "G2")
    assert shot_modifiers(b, "001", "004").total == -4  # 2 squares, open door
    m = shot_modifiers(b, "001", "004", {"G1": "closed", "G2": "closed"})
    assert m.total == -5 and m.destroys_doors == ("G1", "G2")
    c = make(SPLIT, doors=[("G1", (0, 2, 2, 2), "glass"), ("S2", (2, 2, 4, 2), "solid")])
    assert line_of_sight(c, "001", "004", door_states={"S2": "closed"}).reason == "closed_door"


def test_6_4_touching_a_door_end_counts_as_passing_it():
    """Ruling: doors, like walls, are closed segments: a line through a door's end (open floor
    beyond, no wall) passes that door, with its conditions and its -2 [6.7]."""
    b = make(SPLIT, doors=[("G1", (0, 2, 2, 2), "glass")])
    s = both_ways(b, "001", "004")
    assert s.visible and s.doors == ("G1",)
    assert shot_modifiers(b, "001", "004").total == -4


# ----- distance [6.7] ------------------------------------------------------------------------


def test_6_7_distance_ignores_walls_and_counts_big_squares_once(mall):
    """[6.7] ruling: fewest side-sharing steps [2.1], walls and doors ignored; every square counts
    one whatever its size [2.1]."""
    b = make(ROW, walls=[(2, 0, 2, 2)])
    assert distance(b, "001", "002") == 1 and distance(b, "001", "003") == 2
    assert distance(mall, 24, 82) == 3  # 024, hall, 062, 082 — the store squares are bigger
    assert distance(mall, 24, 24) == 0


def test_6_7_distance_no_path():
    """Squares of a map in two pieces have no distance [2.1], [6.7]; sight still answers."""
    b = make({"001": (0, 0, 2, 2), "002": (4, 0, 6, 2)})
    with pytest.raises(NoPath, match=r"\[6\.7\]"):
        distance(b, "001", "002")
    s = line_of_sight(b, "001", "002")
    assert not s.visible and s.reason == "wall" and s.distance is None


# ----- errors --------------------------------------------------------------------------------


def test_unknown_square_is_named(mall):
    for call in (
        lambda: line_of_sight(mall, 24, 999),
        lambda: distance(mall, "abc", 24),
        lambda: shot_modifiers(mall, 24, 0),
        lambda: visible_from(mall, 1000),
        lambda: line_of_sight(mall, 24, 62, occupied=["777"]),
    ):
        with pytest.raises(UnknownSquare, match=r"\[2\.1\]"):
            call()


def test_bad_door_states_are_named(mall):
    with pytest.raises(SightError, match="no door 'X9'"):
        line_of_sight(mall, 24, 62, door_states={"X9": "open"})
    with pytest.raises(SightError, match="'ajar'"):
        sight_table(mall, {"G14": "ajar"})
    solid = next(d for d in mall.doors.values() if d.kind == "solid").id
    with pytest.raises(SightError, match=r"cannot be destroyed.*\[10\.4\]"):
        line_of_sight(mall, 24, 62, door_states={solid: "destroyed"})
    with pytest.raises(SightError, match="collection"):
        line_of_sight(mall, 24, 62, occupied="115")
    assert issubclass(SightError, ValueError)


def test_6_4_no_shot_out_of_sight(mall):
    """[6.0] step 1: a target not within sight cannot be shot; the error names [6.4] and says why."""
    with pytest.raises(NotInSight, match=r"\[6\.4\]") as err:
        shot_modifiers(mall, 98, 79)
    assert err.value.sight.reason == "wall_corner" and isinstance(err.value, ValueError)
    with pytest.raises(NotInSight, match=r"\[6\.3\]"):
        shot_modifiers(mall, 167, 170, occupied=["168"])
    with pytest.raises(SightError, match=r"\[6\.8\]"):
        shot_modifiers(mall, 115, 113).for_guns(0)


# ----- the all-pairs table [6.4], [7.1] -------------------------------------------------------


def test_7_1_visible_from_and_table(mall):
    """[7.1] 'within sight' for zombie reaction is [6.4]: visible_from gives every square seen."""
    seen = visible_from(mall, 24)
    assert "062" in seen and "082" not in seen and "024" in seen
    assert visible_from(mall, 167, occupied=["168"]).isdisjoint({"169", "170"})
    t = sight_table(mall)
    assert t.pairs == 216 * 215 // 2 and 0 < t.n_visible < t.pairs
    assert t.between("167", "170") == {"168", "169"} and t.between("98", "79") is None
    assert ("024", "062") in t.visible_pairs()


def test_6_4_table_cached_per_closed_solid_doors(mall):
    """Glass doors never change who sees whom [6.4]: one table serves all their states."""
    t = sight_table(mall)
    assert sight_table(mall) is t
    glass = next(d for d in mall.doors.values() if d.kind == "glass").id
    assert sight_table(mall, {glass: "closed"}) is t
    solid = next(d for d in mall.doors.values() if d.kind == "solid")
    closed = sight_table(mall, {solid.id: "closed"})
    assert closed is not t and closed.closed_solid == {solid.id}
    a, b = solid.squares
    assert t.visible(a, b) and not closed.visible(a, b)


def test_6_4_table_on_huge_coordinates_uses_the_exact_walker():
    """Coordinates too large for the int64 fast path: the table falls back to the exact walker."""
    off = 1 << 20
    shifted = {k: (x0 + off, y0 + off, x1 + off, y1 + off) for k, (x0, y0, x1, y1) in GRID.items()}
    b = make(shifted, walls=[(off, off + 2, off + 2, off + 2)])
    t = sight_table(b)
    ids = sorted(shifted)
    for a in ids:
        for c in ids:
            assert t.visible(a, c) == line_of_sight(b, a, c).visible
    assert not t.visible("001", "004") and not t.visible("003", "002")
    assert t.visible("001", "002") and t.between("001", "002") == frozenset()
