"""Board model: adjacency [2.1], movement through sides [5.3], ids, and the static view."""

import pytest

import dodnb
from dodnb.board.model import UnknownSquare, board_from_dict


def tiny(**extra):
    """Three squares in an L plus one touching only at a corner; one glass door; 4 main doors."""
    data = {
        "format": "dodnb-map",
        "version": 1,
        "require_setup_symbols": False,
        "stores": {"Shop": {}},
        "squares": [
            {"id": "001", "rect": [0, 0, 2, 2], "kind": "hall"},
            {"id": "002", "rect": [2, 0, 4, 2], "kind": "hall"},
            {"id": "003", "rect": [0, 2, 2, 6], "kind": "store", "store": "Shop"},
            {"id": "004", "rect": [2, 2, 4, 4], "kind": "hall"},
        ],
        "walls": [[0, 2, 1, 2], [2, 2, 2, 6]],
        "doors": [
            {"id": "G1", "seg": [1, 2, 2, 2], "kind": "glass"},
            {"id": "N", "seg": [0, 0, 2, 0], "kind": "main", "side": "N"},
            {"id": "E", "seg": [4, 0, 4, 2], "kind": "main", "side": "E"},
            {"id": "S", "seg": [0, 6, 2, 6], "kind": "main", "side": "S"},
            {"id": "W", "seg": [0, 0, 0, 2], "kind": "main", "side": "W"},
        ],
    }
    data.update(extra)
    return data


def test_2_1_adjacent_only_when_sharing_a_side():
    """[2.1] squares meeting only at a point are not adjacent."""
    b = board_from_dict(tiny())
    assert b.adjacent("001", "002") and b.adjacent("001", "003") and b.adjacent("002", "004")
    assert not b.adjacent("001", "004")  # corner only
    assert b.adjacent("003", "004")  # shares x=2, y 2..4 (walled, but still adjacent)


def test_5_3_walls_and_closed_doors_block_movement():
    """[5.3] no moving through a wall or a closed door; an open door or open floor lets you pass."""
    b = board_from_dict(tiny())
    assert b.passable("001", "002")  # open floor
    assert not b.passable("003", "004")  # wall
    assert "wall" in b.blocking_reason("003", "004") and "[5.3]" in b.blocking_reason("003", "004")
    assert b.passable("001", "003")  # open glass door [3.3]
    assert not b.passable("001", "003", {"G1": "closed"})
    assert "closed" in b.blocking_reason("001", "003", {"G1": "closed"})
    assert b.passable("001", "003", {"G1": "destroyed"})  # [10.5] destroyed = always open
    assert b.moves_from("001", {"G1": "closed"}) == ("002",)


def test_square_ids_accept_numbers_and_reject_unknown():
    b = dodnb.load_board()
    assert b.square_id(24) == "024" and b.square_id("24") == "024" and b.square_id("024") == "024"
    with pytest.raises(UnknownSquare, match="999"):
        b.square("999")
    with pytest.raises(UnknownSquare, match="abc"):
        b.square("abc")
    assert "024" in b and "999" not in b


def test_door_sides():
    b = board_from_dict(tiny())
    assert b.doors["G1"].squares == ("001", "003")
    assert [d.id for d in b.doors_between("001", "003")] == ["G1"]
    assert b.main_door_squares == {"E": "002", "N": "001", "S": "003", "W": "001"}


def test_outer_boundary_is_wall():
    """The mall's outer edge is wall except where main doors stand."""
    b = board_from_dict(tiny())
    outer_top = [w for w in b.walls if w.line == ("h", 0)]
    assert [w.interval for w in outer_top] == [(2, 4)]  # 0..2 is the N main door


def test_board_svg_shows_the_map():
    b = dodnb.load_board()
    svg = b._repr_svg_()
    assert svg.startswith("<svg") and "Edwin&#x27;s Sports Centre" in svg or "Edwin's Sports Centre" in svg
    for sid in ("004", "093", "117", "212", "177"):
        assert f">{sid}<" in svg
    assert 'stroke-dasharray' in svg  # glass doors are dashed


def test_docs_mall_svg_is_up_to_date():
    from pathlib import Path
    from dodnb.render.svg import board_svg

    root = Path(__file__).resolve().parents[2]
    assert (root / "docs" / "mall.svg").read_text() == board_svg(dodnb.load_board()), (
        "docs/mall.svg is stale: run python tools/make_svg.py"
    )
