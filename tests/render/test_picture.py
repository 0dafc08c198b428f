"""Notebook pictures: a PNG (what untrusted JupyterLab and Notebook 7 render), drawn from the same
SVG as everything else, twice the CSS size for HiDPI, with the description as text/plain."""

from __future__ import annotations

import base64
import io

from PIL import Image

import dodnb
from dodnb.render.picture import DENSITY, Picture, picture, png_available, svg_size
from dodnb.render.scene import STYLE, board_scene, frame_for
from dodnb.render.shapes import RectShape, Scene

def test_png_is_available():
    """cairosvg and the cairo library are installed by the project's own files (pyproject.toml)."""
    assert png_available()


def _rgb(pic: Picture, x: float, y: float) -> tuple[int, int, int]:
    im = Image.open(io.BytesIO(pic.png)).convert("RGB")
    return im.getpixel((round(x * DENSITY), round(y * DENSITY)))


def test_board_picture_is_png_only_at_twice_the_size():
    board = dodnb.load_board()
    pic = picture(board)
    data, meta = pic._repr_mimebundle_()
    # no SVG and no HTML in the bundle: either would win over the PNG in a trusted lab and neither
    # renders untrusted; the PNG renders everywhere
    assert set(data) == {"image/png", "text/plain"}
    assert meta == {"image/png": {"width": 1168, "height": 383}}
    im = Image.open(io.BytesIO(base64.b64decode(data["image/png"])))
    assert im.size == (round(1168 * DENSITY), round(383 * DENSITY))
    # pixels: the floor of Edwin's Sports Centre's square 177 is the anchor/store colour it has in the scene
    frame = frame_for(board)
    floor = next(s for s in board_scene(board).shapes if isinstance(s, RectShape) and s.tag == "177")
    want = tuple(int(floor.fill[i : i + 2], 16) for i in (1, 3, 5))
    cx, cy = frame.point(board.square("177").centre)
    got = _rgb(pic, cx + 8, cy + 8)
    assert max(abs(a - b) for a, b in zip(got, want)) <= 6, (got, want)
    # a wall pixel is dark
    wall = board.walls[0]
    assert max(_rgb(pic, frame.x((wall.x0 + wall.x1) / 2), frame.y((wall.y0 + wall.y1) / 2))) < 90


def test_picture_of_a_scene_uses_its_description_and_is_deterministic():
    sc = Scene(100, 50, [RectShape(0, 0, 100, 50, fill=STYLE["hall"])], title="t", description="a hall floor")
    one, two = picture(sc), picture(sc)
    assert repr(one) == "a hall floor"
    assert one.png == two.png
    assert svg_size(sc.to_svg()) == (100, 50)
    assert _rgb(one, 50, 25) == (0xFB, 0xF8, 0xEF)


def test_html_snapshot_embeds_the_png():
    sc = Scene(10, 10, [RectShape(0, 0, 10, 10, fill="#ff0000")], title="red")
    html = picture(sc).html()
    assert html.startswith('<img src="data:image/png;base64,') and "max-width:100%" in html and "<svg" not in html
