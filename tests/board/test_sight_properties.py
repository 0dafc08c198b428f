"""Property tests on random small boards [6.4], [6.3], [6.7]: sight is symmetric, the all-pairs
table agrees with the exact walker, and both agree with plain Fraction geometry (geometry.py)."""

from collections import Counter
from itertools import accumulate

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dodnb.board.geometry import segment_hits_open_rect, segments_touch
from dodnb.board.model import board_from_dict
from dodnb.board.sight import distance, line_of_sight
from dodnb.board.sighttable import sight_table, visible_from
from dodnb.rules.modifiers import shot_modifiers


@st.composite
def boards(draw):
    """A rectangle of cells with random column widths and row heights, cut into rectangular squares
    (guillotine cuts); every inner cell edge between two squares is open, wall, glass or solid door."""
    widths = draw(st.lists(st.integers(1, 3), min_size=2, max_size=5))
    heights = draw(st.lists(st.integers(1, 3), min_size=2, max_size=4))
    xs = [0, *accumulate(widths)]
    ys = [0, *accumulate(heights)]
    owner = {}
    pieces = []

    def cut(c0, r0, c1, r1, depth):
        options = ["leaf"]
        if c1 - c0 >= 2:
            options.append("v")
        if r1 - r0 >= 2:
            options.append("h")
        if len(options) == 1 or depth >= 6:
            choice = "leaf"
        else:  # mostly cut, so boards have several squares; a whole board is never one square
            cuts = options[1:] * 3 + (["leaf"] if depth > 0 else [])
            choice = draw(st.sampled_from(cuts))
        if choice == "v":
            m = draw(st.integers(c0 + 1, c1 - 1))
            cut(c0, r0, m, r1, depth + 1)
            cut(m, r0, c1, r1, depth + 1)
        elif choice == "h":
            m = draw(st.integers(r0 + 1, r1 - 1))
            cut(c0, r0, c1, m, depth + 1)
            cut(c0, m, c1, r1, depth + 1)
        else:
            sid = f"{len(pieces) + 1:03d}"
            pieces.append((sid, [xs[c0], ys[r0], xs[c1], ys[r1]]))
            for c in range(c0, c1):
                for r in range(r0, r1):
                    owner[(c, r)] = sid

    nc, nr = len(widths), len(heights)
    cut(0, 0, nc, nr, 0)
    walls, doors = [], []
    kinds = st.sampled_from(["open", "open", "wall", "glass", "solid"])
    for c in range(nc):
        for r in range(nr):
            if c + 1 < nc and owner[(c, r)] != owner[(c + 1, r)]:
                seg = [xs[c + 1], ys[r], xs[c + 1], ys[r + 1]]
                k = draw(kinds)
                if k == "wall":
                    walls.append(seg)
                elif k != "open":
                    doors.append({"id": f"D{len(doors):02d}", "seg": seg, "kind": k})
            if r + 1 < nr and owner[(c, r)] != owner[(c, r + 1)]:
                seg = [xs[c], ys[r + 1], xs[c + 1], ys[r + 1]]
                k = draw(kinds)
                if k == "wall":
                    walls.append(seg)
                elif k != "open":
                    doors.append({"id": f"D{len(doors):02d}", "seg": seg, "kind": k})
    cn = draw(st.integers(0, nc - 1))
    cs = draw(st.integers(0, nc - 1))
    rw = draw(st.integers(0, nr - 1))
    re = draw(st.integers(0, nr - 1))
    W, H = xs[-1], ys[-1]
    doors += [
        {"id": "N", "seg": [xs[cn], 0, xs[cn + 1], 0], "kind": "main", "side": "N"},
        {"id": "S", "seg": [xs[cs], H, xs[cs + 1], H], "kind": "main", "side": "S"},
        {"id": "W", "seg": [0, ys[rw], 0, ys[rw + 1]], "kind": "main", "side": "W"},
        {"id": "E", "seg": [W, ys[re], W, ys[re + 1]], "kind": "main", "side": "E"},
    ]
    data = {
        "format": "dodnb-map",
        "version": 1,
        "require_setup_symbols": False,
        "squares": [{"id": sid, "rect": rect, "kind": "hall"} for sid, rect in pieces],
        "walls": walls,
        "doors": doors,
    }
    board = board_from_dict(data)
    states = {}
    for d in board.doors.values():
        options = {"glass": ["open", "closed", "destroyed"], "solid": ["open", "closed"], "main": ["open", "closed"]}
        states[d.id] = draw(st.sampled_from(options[d.kind]))
    occupied = draw(st.sets(st.sampled_from(sorted(board.squares))))
    return board, states, occupied


PROPS = settings(max_examples=70, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPS
@given(boards())
def test_6_4_sight_symmetric_and_table_agrees(case):
    """[6.4] a sees b exactly when b sees a (same reason); the table gives the same answers."""
    board, states, occupied = case
    table = sight_table(board, states)
    ids = sorted(board.squares)
    for a in ids:
        seen = visible_from(board, a, occupied, states)
        for b in ids:
            s = line_of_sight(board, a, b, occupied=occupied, door_states=states)
            r = line_of_sight(board, b, a, occupied=occupied, door_states=states)
            assert (s.visible, s.reason) == (r.visible, r.reason)
            assert s.squares == r.squares[::-1] and s.passages == r.passages[::-1]
            assert Counter(o.reason for o in s.obstacles) == Counter(o.reason for o in r.obstacles)
            assert s.visible == table.visible(a, b, occupied) == (b in seen)
            assert (s.reason is None) == s.visible
            if s.visible and a != b:
                assert table.between(a, b) == set(s.between)


@PROPS
@given(boards())
def test_6_4_walker_agrees_with_fraction_geometry(case):
    """The exact walker against geometry.py's Fraction predicates, pair by pair: squares passed
    through (interiors), walls touched [6.4], doors passed, tokens between [6.3]."""
    board, states, occupied = case
    ids = sorted(board.squares)
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            s = line_of_sight(board, a, b, occupied=occupied, door_states=states)
            P, Q = board.squares[a].centre, board.squares[b].centre
            passed = {sid for sid, sq in board.squares.items() if segment_hits_open_rect(P, Q, sq.rect)}
            assert set(s.squares) == passed and s.squares[0] == a and s.squares[-1] == b
            wall_hit = any(segments_touch(P, Q, *w.ends) for w in board.walls)
            assert wall_hit == any(o.reason in ("wall", "wall_corner") for o in s.obstacles)
            doors_hit = {d.id for d in board.doors.values() if segments_touch(P, Q, *d.seg.ends)}
            assert set(s.doors) <= doors_hit
            if not wall_hit:
                assert set(s.doors) == doors_hit
            blockers = (set(s.between) & set(occupied))
            assert blockers == {o.culprit for o in s.obstacles if o.reason == "token"}
            if s.visible:
                assert not wall_hit and len(s.passages) <= 1 and not blockers
                for did in s.doors:
                    door = board.doors[did]
                    assert door.kind != "main" and (door.is_side_of(a) or door.is_side_of(b))
                    assert not (door.kind == "solid" and states[did] == "closed")


@PROPS
@given(boards())
def test_6_7_distance_and_modifiers(case):
    """[6.7] distance: symmetric, 1 exactly for squares sharing a side [2.1], triangle inequality;
    modifiers: -distance, -2 or -3 for a door, per gun."""
    board, states, occupied = case
    ids = sorted(board.squares)
    for a in ids:
        for b in ids:
            d = distance(board, a, b)
            assert d == distance(board, b, a)
            assert (d == 1) == board.adjacent(a, b) and (d == 0) == (a == b)
            for c in ids[:3]:
                assert d <= distance(board, a, c) + distance(board, c, b)
            s = line_of_sight(board, a, b, door_states=states)
            if s.visible:
                m = shot_modifiers(board, a, b, states)
                door = sum(line.value for line in m.lines[1:])
                assert m.total == -d + door and door in ((0, -2, -3) if a != b else (0,))
                assert (door == -3) == bool(m.destroys_doors)
