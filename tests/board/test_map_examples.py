"""The shipped mall satisfies every map fact the rules state (docs/MAP.md).

Sight and distance are checked in test_sight*.py; here: the squares, doors and walls those
examples need are on the map, and the map's own facts ([2.1], [3.1], [3.2], [5.5], [13.0]).
"""

import pytest

import dodnb
from dodnb.board.geometry import segments_touch


@pytest.fixture(scope="module")
def board():
    return dodnb.load_board()


def test_2_1_three_digit_ids_and_unequal_squares(board):
    """[2.1] every square has a three-digit identity number; some squares are larger than others."""
    assert 150 <= len(board) <= 230
    assert all(len(i) == 3 and i.isdigit() for i in board.ids)
    areas = {(s.rect.x1 - s.rect.x0) * (s.rect.y1 - s.rect.y0) for s in board.squares.values()}
    assert len(areas) >= 3
    hall = min(a for a in areas)
    store_areas = [(s.rect.x1 - s.rect.x0) * (s.rect.y1 - s.rect.y0) for s in board.squares.values() if s.is_store]
    assert min(store_areas) > hall  # stores are drawn bigger than hall squares


@pytest.mark.parametrize("sid,compass", [("004", "N"), ("093", "E"), ("117", "S"), ("212", "W")])
def test_5_5_main_door_squares(board, sid, compass):
    """[5.5], [13.0] squares 004, 093, 117, 212 each have a main door as a side, on that side of the mall."""
    assert board.main_door_square(compass) == sid
    door = board.main_doors[compass]
    assert door.kind == "main" and door.squares == (sid,)
    b, r = board.bounds, board.square(sid).rect
    on_outer = {"N": r.y0 == b.y0, "S": r.y1 == b.y1, "W": r.x0 == b.x0, "E": r.x1 == b.x1}[compass]
    assert on_outer
    assert door.seg in [r.edges()[compass]] or (door.seg.line == r.edges()[compass].line)


def test_3_2_square_177_in_edwins(board):
    """[3.2], [12.0] the hunting rifles lie in square 177, in Edwin's Sports Centre."""
    assert board.square(177).store == "Edwin's Sports Centre"
    assert board.rifle_square == "177"


def test_3_1_forty_five_zombie_symbols(board):
    """[3.1] 45 zombie units are placed one per Zombie Placement Symbol."""
    assert len(board.zombie_symbol_squares) == 45


def test_3_2_character_symbols_hold_four(board):
    """[3.2] four characters, at most two per square: at least two Character Placement squares."""
    chars = board.character_symbol_squares
    assert len(chars) >= 2
    assert not set(chars) & set(board.zombie_symbol_squares)


def test_3_1_hidden_zombie_squares_exist(board):
    """[3.1] five hidden-zombie squares must be possible: not hall, not at/next to a character symbol."""
    chars = set(board.character_symbol_squares)
    ok = [
        s.id
        for s in board.squares.values()
        if not s.is_hall and s.id not in chars and not any(board.passable(s.id, c) for c in chars if board.adjacent(s.id, c))
    ]
    assert len(ok) >= 5


def test_6_7_019_039_are_diagonal_neighbours(board):
    """[6.7] 019 and 039 meet only at a corner: not adjacent [2.1], one square apart diagonally."""
    a, b = board.square(19).rect, board.square(39).rect
    assert not board.adjacent("019", "039")
    assert (a.x1 == b.x0 or a.x0 == b.x1) and (a.y1 == b.y0 or a.y0 == b.y1)


def test_6_7_167_to_170_in_one_row(board):
    """[6.7] 167, 168, 169, 170 lie in a row of adjacent hall squares (three squares from 167 to 170)."""
    ids = ["167", "168", "169", "170"]
    for a, b in zip(ids, ids[1:]):
        assert board.adjacent(a, b) and board.passable(a, b)
    ys = {board.square(i).rect.y0 for i in ids}
    assert len(ys) == 1


def test_6_8_115_to_113_two_squares_apart_no_doors(board):
    """[6.8] 115 and 113 are two hall squares apart with open floor between them."""
    assert board.adjacent("115", "114") and board.adjacent("114", "113")
    assert not board.adjacent("115", "113")
    assert all(board.square(i).is_hall for i in ("113", "114", "115"))
    assert not board.doors_between("115", "114") and not board.doors_between("114", "113")


def test_6_4_glass_door_is_side_of_062_not_of_024_or_082(board):
    """[6.4] the glass door on the line 024 -> 062/082 is a side of 062 only (of the three)."""
    a = board.square(24).centre
    for target in ("062", "082"):
        b = board.square(target).centre
        crossed = [d for d in board.doors.values() if segments_touch(a, b, *d.seg.ends)]
        assert len(crossed) == 1
        door = crossed[0]
        assert door.kind == "glass"
        assert door.is_side_of("062") and not door.is_side_of("024") and not door.is_side_of("082")


def test_6_4_wall_corner_between_098_and_079(board):
    """[6.4] the line from 098 to 079 passes exactly through the end of a wall (a corner)."""
    a, b = board.square(98).centre, board.square(79).centre
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    ends = {p for w in board.walls for p in w.ends}
    assert mid in ends
    assert not board.adjacent("098", "079")


def test_map_has_glass_fronts_solid_service_doors_and_named_stores(board):
    kinds = board.summary()["doors"]
    assert kinds["glass"] >= 20 and kinds["solid"] >= 10 and kinds["main"] == 4
    assert "Edwin's Sports Centre" in board.stores
    assert sum(1 for v in board.stores.values() if v.get("anchor")) >= 2
    # every store can be entered from the hall through a glass door, and has a solid service door
    for name in board.stores:
        doors = {d.kind for sid in board.store_squares(name) for d in board.doors_of(sid)}
        assert {"glass", "solid"} <= doors, name


def test_shipped_map_is_generated_from_tools_script():
    """dodnb/data/mall.json is exactly what tools/make_map.py writes (no hand edits drift)."""
    import subprocess, sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    r = subprocess.run([sys.executable, str(root / "tools" / "make_map.py"), "--check"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr or r.stdout


def test_every_square_reachable_from_every_main_door(board):
    """[5.3] with all doors open [3.3] the whole mall is one connected floor."""
    start = board.main_door_square("N")
    seen, todo = {start}, [start]
    while todo:
        for n in board.moves_from(todo.pop()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(board.ids)
