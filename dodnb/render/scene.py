"""The board scene: the shapes that draw the mall, computed once, drawn anywhere.

One place computes, several places show (DESIGN.md, principle 5): the SVG writer
(`dodnb.render.svg`) and the ipycanvas map view (`dodnb.widgets.mapview`) both draw the same
shapes. The shape classes and the Scene live in `dodnb.render.shapes` (re-exported here);
coordinates are screen pixels (floats are fine: this is drawing, not rules).

Layers, bottom to top: "board" (floors, walls, doors, labels, placement symbols), "tokens"
(characters and zombie units), "overlay" (line of sight, highlights), "hover".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, Optional, Sequence

from dodnb.board.model import Board
from dodnb import i18n
from dodnb.i18n import tr
from dodnb.render.shapes import CircleShape, LineShape, RectShape, Scene, Shape, TextShape

LAYERS = ("board", "tokens", "overlay", "hover")

# Palette: quiet floors, strong walls; colour-blind-safe accents for doors and sight.
STYLE = {
    "background": "#ffffff",
    "outside": "#e9e6df",
    "hall": "#fbf8ef",
    "service": "#dcd7cb",
    "store": ["#e3ecf5", "#f1e6d8", "#e4efe1", "#efe3ea", "#ece9d6", "#e0eeee"],
    "anchor": "#e6e0f0",
    "grid": "#b9b3a6",
    "wall": "#222222",
    "glass": "#1f8ac0",
    "solid": "#8a4b16",
    "main": "#c0392b",
    "id": "#555555",
    "store_name": "#333333",
    "zombie_symbol": "#3d7a3d",
    "character_symbol": "#1f5fbf",
    "visible": "#1a9850",
    "blocked": "#d7301f",
    "highlight": "#fdd835",
    "culprit": "#d7301f",
    "seen": "#66bd63",
}
WALL_WIDTH = 3.0
DOOR_WIDTH = 4.0


@dataclass(frozen=True)
class Frame:
    """Maps board grid units to pixels: x_px = margin + scale * (x - bounds.x0)."""

    scale: float
    margin_x: float
    margin_y: float
    x0: int
    y0: int
    id_size: Optional[float] = None  # px of the square ids; None: 0.62 x scale, 6 to 9 px

    @property
    def id_px(self) -> float:
        """The size square ids are printed at in this frame (overlays re-print ids at the same size)."""
        return self.id_size if self.id_size is not None else max(6.0, min(9.0, self.scale * 0.62))

    def x(self, gx) -> float:
        return self.margin_x + self.scale * float(gx - self.x0)

    def y(self, gy) -> float:
        return self.margin_y + self.scale * float(gy - self.y0)

    def point(self, p) -> tuple[float, float]:
        return self.x(p[0]), self.y(p[1])

    def box(self, r, inset: float = 0.0) -> tuple[float, float, float, float]:
        """A grid rectangle as pixel (x, y, width, height), shrunk by `inset` pixels on every side."""
        return (
            self.x(r.x0) + inset,
            self.y(r.y0) + inset,
            self.scale * (r.x1 - r.x0) - 2 * inset,
            self.scale * (r.y1 - r.y0) - 2 * inset,
        )

    def to_grid(self, px: float, py: float) -> tuple[float, float]:
        return (px - self.margin_x) / self.scale + self.x0, (py - self.margin_y) / self.scale + self.y0


SIDE_MARGIN = 52.0  # room for the West/East door labels


def frame_for(
    board: Board, scale: float = 12.0, margin: float = 28.0, side_margin: float = SIDE_MARGIN, id_size: Optional[float] = None
) -> Frame:
    b = board.bounds
    return Frame(scale, margin + side_margin, margin, b.x0, b.y0, id_size)


def square_at(board: Board, frame: Frame, px: float, py: float) -> Optional[str]:
    """The id of the square under a pixel, or None (outside the mall or exactly on a side)."""
    gx, gy = frame.to_grid(px, py)
    for sq in board.squares.values():
        r = sq.rect
        if r.x0 < gx < r.x1 and r.y0 < gy < r.y1:
            return sq.id
    return None


def _wrap(text: str, max_px: float, size: float) -> list[str]:
    """Greedy word wrap by an average glyph width (0.56 em) — good enough for labels."""
    per_line = max(3, int(max_px / (0.56 * size)))
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= per_line:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def board_scene(
    board: Board,
    scale: float = 12.0,
    margin: float = 28.0,
    legend: bool = True,
    side_margin: float = SIDE_MARGIN,
    id_size: Optional[float] = None,
    lang: Optional[str] = None,
) -> Scene:
    """Everything printed on the map: floors, walls, doors, ids, store names, placement symbols,
    in `lang` (the door labels, store names and legend: dodnb/data/i18n; default: the package's).

    `id_size` (pixels) overrides the size of the square ids (default: 0.62 x scale, 6 to 9 px); the
    canvas map prints them bigger so that they stay readable once shrunk to a notebook's width."""
    f = frame_for(board, scale, margin, side_margin, id_size)
    bw = board.bounds
    width = 2 * (margin + side_margin) + scale * (bw.x1 - bw.x0)
    height = 2 * margin + scale * (bw.y1 - bw.y0) + (44 if legend else 0)
    scene = Scene(width, height, title=board.name)
    scene.add(RectShape(0, 0, width, height, fill=STYLE["background"]))

    store_names = list(board.stores)
    # Shapes of one kind never overlap each other (floors, doors, discs), so each group is emitted
    # sorted by style: the canvas then draws a whole group with a few array calls.
    floors: list[RectShape] = []
    for sq in board.squares.values():
        r = sq.rect
        if sq.kind == "store":
            anchor = bool(board.stores.get(sq.store, {}).get("anchor"))
            fill = STYLE["anchor"] if anchor else STYLE["store"][store_names.index(sq.store) % len(STYLE["store"])]
        else:
            fill = STYLE[sq.kind]
        floors.append(
            RectShape(*f.box(r), fill=fill, stroke=STYLE["grid"], width=0.6, tag=sq.id)
        )
    scene.add(*sorted(floors, key=lambda shape: shape.fill or ""))
    # walls, then doors over their gaps
    for w in board.walls:
        scene.add(LineShape(f.x(w.x0), f.y(w.y0), f.x(w.x1), f.y(w.y1), STYLE["wall"], WALL_WIDTH, tag="wall"))
    for d in sorted(board.doors.values(), key=lambda door: door.kind):
        dash = (4.0, 3.0) if d.kind == "glass" else ()
        scene.add(LineShape(f.x(d.seg.x0), f.y(d.seg.y0), f.x(d.seg.x1), f.y(d.seg.y1), STYLE[d.kind], DOOR_WIDTH, dash, tag=f"door:{d.id}"))
    # main door labels outside the mall
    for compass, d in board.main_doors.items():
        mx, my = f.point(d.seg.midpoint)
        if compass in ("N", "S"):
            dy = -12 if compass == "N" else 12
            label = tr("map.doors_label", lang, compass=compass, square=d.squares[0])
            scene.add(TextShape(mx, my + dy, label, 10, STYLE["main"], bold=True, tag=f"door:{d.id}"))
        else:  # stacked in the side margin, outside the outer wall
            dx = -8 if compass == "W" else 8
            anchor = "end" if compass == "W" else "start"
            stacked = tr("map.doors_stacked", lang, compass=compass, square=d.squares[0]).split("|")
            for i, line in enumerate(stacked):
                scene.add(TextShape(mx + dx, my + (i - 1) * 11, line, 10, STYLE["main"], anchor, bold=True, tag=f"door:{d.id}"))
    # square ids (top-left corner of each square)
    id_size = f.id_px
    for sq in board.squares.values():
        r = sq.rect
        scene.add(TextShape(f.x(r.x0) + 1.5, f.y(r.y0) + 1.5, sq.id, id_size, STYLE["id"], "start", "top", tag=sq.id))
    # store names, centred on each store's bounding box
    for name in store_names:
        rs = [board.squares[i].rect for i in board.store_squares(name)]
        if not rs:
            continue
        x0, y0 = min(r.x0 for r in rs), min(r.y0 for r in rs)
        x1, y1 = max(r.x1 for r in rs), max(r.y1 for r in rs)
        size = 9.5 if board.stores.get(name, {}).get("anchor") else 8.5
        lines = _wrap(i18n.term("store", name, lang), scale * (x1 - x0) - 6, size)
        # centred in the store's top row, clear of the square ids printed in each top-left corner
        row_h = min(r.y1 - r.y0 for r in rs)
        cx, cy = f.x((x0 + x1) / 2), f.y(y0 + row_h / 2) + 2
        plate_w = max(len(line) for line in lines) * 0.56 * size + 6
        plate_h = len(lines) * (size + 1.5) + 3
        scene.add(RectShape(cx - plate_w / 2, cy + 3 - plate_h / 2, plate_w, plate_h, fill="#ffffff", alpha=0.75, tag=f"store:{name}"))
        for i, line in enumerate(lines):
            dy = (i - (len(lines) - 1) / 2) * (size + 1.5)
            scene.add(TextShape(cx, cy + dy + 3, line, size, STYLE["store_name"], bold=True, tag=f"store:{name}"))
    # placement symbols [3.1], [3.2]: a green Z disc and a blue C disc in the square's lower right
    discs: list[Shape] = []
    letters: list[Shape] = []
    for symbol, letter, colour in (("zombie_symbol", "Z", STYLE["zombie_symbol"]), ("character_symbol", "C", STYLE["character_symbol"])):
        for sq in board.squares.values():
            if getattr(sq, symbol):
                cx, cy = f.x(sq.rect.x1) - 5.5, f.y(sq.rect.y1) - 5.5
                discs.append(CircleShape(cx, cy, 4.2, fill=colour, tag=sq.id))
                letters.append(TextShape(cx, cy + 0.5, letter, 6.5, "#ffffff", bold=True, tag=sq.id))
    scene.add(*discs, *letters)
    if legend:
        _legend(scene, margin, height - 22, lang)
    return scene


def _legend(scene: Scene, x: float, y: float, lang: Optional[str] = None) -> None:
    items = [
        ("wall", LineShape(0, 0, 22, 0, STYLE["wall"], WALL_WIDTH)),
        ("glass", LineShape(0, 0, 22, 0, STYLE["glass"], DOOR_WIDTH, (4.0, 3.0))),
        ("solid", LineShape(0, 0, 22, 0, STYLE["solid"], DOOR_WIDTH)),
        ("main", LineShape(0, 0, 22, 0, STYLE["main"], DOOR_WIDTH)),
        ("hall", RectShape(0, -7, 22, 14, fill=STYLE["hall"], stroke=STYLE["grid"])),
        ("service", RectShape(0, -7, 22, 14, fill=STYLE["service"], stroke=STYLE["grid"])),
        ("zombie_symbol", CircleShape(11, 0, 4.2, fill=STYLE["zombie_symbol"])),
        ("character_symbol", CircleShape(11, 0, 4.2, fill=STYLE["character_symbol"])),
    ]
    cx = x
    for key, shape in items:
        label = tr("map.legend." + key, lang)
        if isinstance(shape, LineShape):
            scene.add(LineShape(cx, y, cx + 22, y, shape.stroke, shape.width, shape.dash, tag="legend"))
        elif isinstance(shape, RectShape):
            scene.add(RectShape(cx, y - 7, 22, 14, fill=shape.fill, stroke=shape.stroke, width=0.6, tag="legend"))
        else:
            scene.add(CircleShape(cx + 11, y, shape.r, fill=shape.fill, tag="legend"))
        scene.add(TextShape(cx + 27, y, label, 9.5, "#333333", "start", tag="legend"))
        cx += 27 + 0.56 * 9.5 * len(label) + 18


# ---------------------------------------------------------------------------------------------
# Tokens and overlays (drawn over the board)

TOKEN_COLOURS = {
    "Peter": "#1f5fbf",
    "Roger": "#2c7fb8",
    "Steve": "#7b3294",
    "Fran": "#c2185b",
    "zombie": "#3d7a3d",
    "super": "#6a1b1b",
}


def token_shapes(board: Board, tokens: Mapping[str, Sequence[str]], frame: Frame, radius: float = 5.2, low: bool = False) -> list[Shape]:
    """Discs with initials for the pieces in each square: {'024': ['Peter', 'zombie'], ...}.

    `radius` in pixels; `low` puts the discs in the lower part of the square, clear of its id."""
    out: list[Shape] = []
    for sid, pieces in tokens.items():
        sq = board.square(sid)
        cx, cy = frame.point(sq.centre)
        if low:
            cy = max(cy, frame.y(sq.rect.y1) - radius - 2.0)
        n = len(pieces)
        for i, piece in enumerate(pieces):
            dx = (i - (n - 1) / 2) * radius * 1.85
            colour = TOKEN_COLOURS.get(piece, TOKEN_COLOURS["zombie"])
            label = "Z" if piece == "zombie" else ("SZ" if piece == "super" else piece[:1])
            out.append(CircleShape(cx + dx, cy, radius, fill=colour, stroke="#ffffff", width=1.2, layer="tokens", tag=sq.id))
            out.append(TextShape(cx + dx, cy + 0.5, label, radius * 1.25, "#ffffff", bold=True, layer="tokens", tag=sq.id))
    return out


def highlight_shapes(
    board: Board, squares: Iterable[str], frame: Frame, colour: str, alpha: float = 0.45, layer: str = "overlay"
) -> list[Shape]:
    out: list[Shape] = []
    for sid in squares:
        r = board.square(sid).rect
        out.append(RectShape(*frame.box(r), fill=colour, alpha=alpha, layer=layer, tag=sid))
    return out


def outline_shapes(board: Board, squares: Iterable[str], frame: Frame, colour: str, width: float = 2.5, layer: str = "overlay") -> list[Shape]:
    out: list[Shape] = []
    for sid in squares:
        r = board.square(sid).rect
        out.append(RectShape(*frame.box(r, 1), stroke=colour, width=width, layer=layer, tag=sid))
    return out
