"""MapView: the reusable map component (hover, click, dropdown, tokens, static fallback)."""

import pytest

import dodnb
from dodnb.board.model import UnknownSquare
from dodnb.render.shapes import TextShape
from dodnb.widgets import MapView
from dodnb.widgets.mapview import DENSITY, ID_SIZE


@pytest.fixture(scope="module")
def board():
    return dodnb.load_board()


def canvas_point(view, grid_point):
    """Where ipycanvas reports a mouse event at a grid point: canvas pixels (DENSITY x scene px)."""
    x, y = view.frame.point(grid_point)
    return x * view.density, y * view.density


def test_mouse_maps_to_squares_and_redraws_only_on_change(board):
    v = MapView(board)
    seen = []
    v.on_square_hover(seen.append)
    x, y = canvas_point(v, board.square("177").centre)
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
    x, y = canvas_point(v, board.square("004").centre)
    v._mouse_down(x, y)
    assert v.selected == "004" and v.square_picker.value == "004" and clicked == ["004"]
    assert "the North main door (N)" in v.info.value
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


def test_canvas_is_hidpi_and_fills_the_output_width(board):
    """The canvas has DENSITY x the scene's pixels and is shown at 100 % of the output width; ids are
    printed big enough to stay >= 14 px on screen once the scene is shrunk to 968 px (JupyterLab in a
    1400-px window with the file browser open; measured in the real-browser test), store names and
    legend >= 12 px."""
    v = MapView(board)
    assert v.density == DENSITY == 2
    assert (v.canvas.width, v.canvas.height) == (round(v.scene.width) * 2, round(v.scene.height) * 2)
    assert v.canvas.layout.width == "100%" and v.canvas.layout.height == "auto"
    ids = [s for s in v.scene.layer("board") if isinstance(s, TextShape) and s.text == s.tag and s.tag in board.squares]
    assert len(ids) == len(board.squares) and {s.size for s in ids} == {ID_SIZE}
    assert ID_SIZE * 968 / v.scene.width >= 14
    labels = [s for s in v.scene.layer("board") if isinstance(s, TextShape) and (s.tag or "").startswith(("store:", "legend"))]
    assert labels and min(s.size for s in labels if s.size > 9) * 968 / v.scene.width >= 12
    # the ids still fit in the narrowest square: 3 digits of the narrow font (0.456 em), and the
    # canvas squeezes them to the square's width if the browser lacks that font (max_width)
    narrowest = min(sq.rect.x1 - sq.rect.x0 for sq in board.squares.values()) * v.frame.scale
    assert {s.family for s in ids} == {"narrow"} and all(
        s.max_width <= (board.square(s.tag).rect.x1 - board.square(s.tag).rect.x0) * v.frame.scale - 1.5 for s in ids
    )
    # squeezed by 15 % at most, and 3 px clear of the square's right side: neighbouring hall ids never
    # run together ("068069070", issue 34)
    assert 3 * 0.456 * ID_SIZE <= narrowest and all(s.max_width >= 0.85 * 3 * 0.456 * ID_SIZE for s in ids)
    assert all(s.x + s.max_width <= v.frame.x(board.square(s.tag).rect.x1) - 3 for s in ids)


def test_zoom_buttons_and_fit(board):
    v = MapView(board)
    assert v.zoom == 1 and v.zoom_out_button.disabled
    v.zoom_in_button.click()
    v.zoom_in_button.click()
    assert v.zoom == 1.5 and v.canvas.layout.width == "150%" and v.zoom_label.value == "zoom: 150 %"
    for _ in range(10):
        v.zoom_in()
    assert v.zoom == 3 and v.zoom_in_button.disabled
    v.fit_button.click()
    assert v.zoom == 1 and v.canvas.layout.width == "100%" and v.zoom_label.value == "zoom: fit"


def test_doors_are_clickable_only_when_someone_listens(board):
    v = MapView(board)
    door = board.doors["G14"]
    mid = ((door.seg.x0 + door.seg.x1) / 2, (door.seg.y0 + door.seg.y1) / 2)
    x, y = canvas_point(v, mid)
    v._mouse_down(x, y)  # nobody listens to doors: a plain click on (or next to) the side
    assert v.selected in (None, *door.squares)
    clicked = []
    v.on_door_click(clicked.append)
    v.select(None)
    v._mouse_move(x, y)
    assert v.hovered_door == "G14" and "glass door between 062 and 099" in v.info.value
    v._mouse_down(x, y)
    assert clicked == ["G14"] and v.selected is None
    # a click in the middle of a square is still a square click
    v._mouse_down(*canvas_point(v, board.square("062").centre))
    assert v.selected == "062" and clicked == ["G14"]
    assert v.door_at(*v.frame.point(board.square("062").centre)) is None
    # main doors are not clickable
    n = board.main_doors["N"].seg
    assert v.door_at(*v.frame.point(((n.x0 + n.x1) / 2, n.y0))) is None


def test_static_picture_is_a_png(board):
    v = MapView(board)
    pic = v.picture()
    assert pic.png[:8] == b"\x89PNG\r\n\x1a\n" and (round(pic.width), round(pic.height)) == (round(v.scene.width), round(v.scene.height))
