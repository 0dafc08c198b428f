"""MapView: the reusable map component (hover, click, dropdown, tokens, static fallback)."""

import pytest

import dodnb
from dodnb.board.model import UnknownSquare
from dodnb.widgets import MapView


@pytest.fixture(scope="module")
def board():
    return dodnb.load_board()


def test_mouse_maps_to_squares_and_redraws_only_on_change(board):
    v = MapView(board)
    seen = []
    v.on_square_hover(seen.append)
    x, y = v.frame.point(board.square("177").centre)
    v._mouse_move(x, y)
    v._mouse_move(x + 1, y + 1)  # same square: no new event
    assert v.hovered == "177" and seen == ["177"]
    assert "Square 177" in v.info.value and "[3.2]" in v.info.value
    v._mouse_out(0, 0)
    assert v.hovered is None and seen == ["177", None]


def test_click_selects_and_second_click_deselects(board):
    v = MapView(board)
    clicked = []
    v.on_square_click(clicked.append)
    x, y = v.frame.point(board.square("004").centre)
    v._mouse_down(x, y)
    assert v.selected == "004" and v.square_picker.value == "004" and clicked == ["004"]
    assert "main door (N)" in v.info.value
    v.click("004")
    assert v.selected is None and v.square_picker.index == 0


def test_dropdown_selects_like_a_click(board):
    """Keyboard users pick squares from the dropdown."""
    v = MapView(board)
    v.square_picker.value = "212"
    assert v.selected == "212" and "Square 212" in v.info.value


def test_tokens_are_checked_and_drawn_in_the_static_view(board):
    v = MapView(board)
    v.set_tokens({24: ["Peter", "zombie"]})
    assert v.tokens == {"024": ["Peter", "zombie"]}
    assert "occupied by Peter, zombie" in v.describe("024")
    svg = v.to_svg()
    assert svg.startswith("<svg") and ">P<" in svg and ">Z<" in svg
    with pytest.raises(UnknownSquare):
        v.set_tokens({"999": ["Peter"]})
    assert v.tokens == {"024": ["Peter", "zombie"]}  # bad input lost nothing


def test_board_is_drawn_in_batches(board):
    """The whole board is one held batch of array calls and texts, far fewer than one call per shape."""
    v = MapView(board)
    n_shapes = len(v.scene.layer("board"))
    texts = sum(1 for s in v.scene.layer("board") if type(s).__name__ == "TextShape")
    assert v.draw_calls < n_shapes and v.draw_calls - texts < 60


def test_dropdown_shows_its_placeholder_when_nothing_is_selected(board):
    """ipywidgets shows an empty box for value None; the placeholder option must show instead."""
    v = MapView(board)
    assert v.square_picker.index == 0 and v.square_picker.label.startswith("—")
    v.click("024")
    v.click("024")
    assert v.selected is None and v.square_picker.index == 0 and v.square_picker.label.startswith("—")
