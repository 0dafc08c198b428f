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
from dodnb.render.style import current as current_style

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
    id_size: Optional[float] = None  # px of the square ids; None: the style's, else 1.05 x scale, 6 to 16 px

    @property
    def id_px(self) -> float:
        """The size square ids are printed at in this frame (overlays re-print ids at the same size).

        Ids are printed in the narrow font (three digits: 1.37 em), so 1.05 x scale fills 72 % of
        the smallest (2 x 2) square: >= 10 px on screen when a full map picture is shown in a
        notebook output at a 1400-px window (0.83 of its size)."""
        if self.id_size is not None:
            return self.id_size
        still = current_style().still_id_size  # the projector's pictures print them bigger (render/style.py)
        return still * self.scale / 12.0 if still is not None else max(6.0, min(16.0, self.scale * 1.05))

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


#: Average glyph width (em) of the labels' fonts, to lay them out without measuring them.
EM_REGULAR = 0.56
EM_NARROW = 0.47
#: Advance widths (1/1000 em) of Liberation Sans Narrow, characters 32-126, bold and regular (read
#: from the fonts of Debian's fonts-liberation; Arial Narrow has the same metrics): store names are
#: fitted into their store with them, so the printed pictures (where no text is squeezed) keep them inside.
_NARROW_ADVANCE = {
    True: [int(v) for v in (
        "228,273,389,456,456,729,592,195,273,273,319,479,228,273,228,228,456,456,456,456,456,456,456,456,456,456,"
        "273,273,479,479,479,501,800,592,592,592,592,547,501,638,592,228,456,592,501,683,592,638,547,638,592,547,"
        "501,592,547,774,547,547,501,273,228,273,479,456,273,456,501,456,501,456,273,501,501,228,228,456,228,729,"
        "501,501,501,501,319,456,273,501,456,638,456,456,410,319,230,319,479").split(",")],
    False: [int(v) for v in (
        "228,228,291,456,456,729,547,157,273,273,319,479,228,273,228,228,456,456,456,456,456,456,456,456,456,456,"
        "228,228,479,479,479,456,832,547,547,592,592,547,501,638,592,228,410,547,456,683,592,638,547,638,592,547,"
        "501,592,547,774,547,547,501,228,228,228,385,456,273,456,456,410,456,456,228,456,456,182,182,410,182,683,"
        "456,456,456,456,273,410,228,456,410,592,410,410,410,274,213,274,479").split(",")],
}


def narrow_width(text: str, size: float, bold: bool = False) -> float:
    """Width in px of `text` in the narrow font at `size` px (unknown characters count as "M")."""
    adv = _NARROW_ADVANCE[bool(bold)]
    return size * sum(adv[ord(ch) - 32] if 32 <= ord(ch) < 127 else 683 for ch in text) / 1000


#: Store names and legend text (px) of a printed map (`board_scene(label_size=None)`): 12 px on
#: screen once a full-map picture is shrunk to a notebook output (0.83 of its size, 1400-px window).
LABEL_SIZE = 14.5


def _wrap(text: str, max_px: float, size: float, em: float = EM_REGULAR) -> list[str]:
    """Greedy word wrap by an average glyph width — good enough for labels."""
    per_line = max(3, int(max_px / (em * size)))
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
    label_size: Optional[float] = None,
    squeeze: bool = False,
    lang: Optional[str] = None,
) -> Scene:
    """Everything printed on the map: floors, walls, doors, ids, store names, placement symbols,
    in `lang` (the door labels, store names and legend: dodnb/data/i18n; default: the package's).

    `id_size` (pixels) overrides the size of the square ids (default: `Frame.id_px`); `label_size`
    the size of the store names and the legend (default LABEL_SIZE); the canvas map prints both
    bigger so that they stay readable once shrunk to a notebook's width. A store name whose longest
    word is wider than its store is set smaller, unless `squeeze` (the canvas squeezes text into
    `max_width`; an SVG picture cannot)."""
    f = frame_for(board, scale, margin, side_margin, id_size)
    style = current_style()
    label = label_size or style.still_label_size
    bw = board.bounds
    width = 2 * (margin + side_margin) + scale * (bw.x1 - bw.x0)
    map_bottom = 2 * margin + scale * (bw.y1 - bw.y0)
    legend_shapes: list[Shape] = []
    legend_h = 0.0
    if legend:
        legend_shapes, legend_h = legend_rows(_board_legend_items(lang), margin, map_bottom, width - 2 * margin, label)
    height = map_bottom + legend_h
    scene = Scene(width, height, title=board.name, legend_top=map_bottom if legend else 0.0)
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
            doors_label = tr("map.doors_label", lang, compass=compass, square=d.squares[0])
            scene.add(TextShape(mx, my + dy, doors_label, style.main_door_size, STYLE["main"], bold=True, tag=f"door:{d.id}"))
        else:  # stacked in the side margin, outside the outer wall
            dx = -8 if compass == "W" else 8
            anchor = "end" if compass == "W" else "start"
            stacked = tr("map.doors_stacked", lang, compass=compass, square=d.squares[0]).split("|")
            for i, line in enumerate(stacked):
                scene.add(TextShape(mx + dx, my + (i - 1) * style.main_door_size * 1.1, line, style.main_door_size, STYLE["main"], anchor,
                                    bold=True, tag=f"door:{d.id}"))
    # square ids (top-left corner of each square), each inside its square: never into the next one
    id_size = f.id_px
    for sq in board.squares.values():
        r = sq.rect
        fitted = fit_id(sq.id, id_size, scale * (r.x1 - r.x0), squeeze)
        if fitted is not None:
            size, room = fitted
            scene.add(TextShape(f.x(r.x0) + 1.0, f.y(r.y0) + 1.5, sq.id, size, STYLE["id"], "start", "top", tag=sq.id,
                                family="narrow", max_width=room))
    # store names, centred on each store's bounding box
    for name in store_names:
        rs = [board.squares[i].rect for i in board.store_squares(name)]
        if not rs:
            continue
        x0, y0 = min(r.x0 for r in rs), min(r.y0 for r in rs)
        x1, y1 = max(r.x1 for r in rs), max(r.y1 for r in rs)
        text = i18n.term("store", name, lang)
        usable = scale * (x1 - x0) - 4
        # as big as `label`, smaller only if the store's longest word would not fit its width
        size = label if squeeze else min(label, usable / max(narrow_width(w, 1.0, bold=True) for w in text.split()))
        lines = _narrow_wrap(text, usable, size)
        # in the store's top row, under the square ids printed in each top-left corner; a name of
        # two lines set tight and 1.5 px lower, so that a piece beside a square's id (`piece_spots`)
        # stays above it (the lines end where a looser block would have ended)
        row_h = min(r.y1 - r.y0 for r in rs)
        line_h = size * (1.08 if len(lines) == 1 else 1.0)
        top = f.y(y0) + id_size + 3
        room = f.y(y0 + row_h) - top
        block = len(lines) * line_h
        ty = top + max(0.0, (room - block) / 2) + (0.0 if len(lines) == 1 else 1.5)
        cx = f.x((x0 + x1) / 2)
        plate_w = min(usable + 2, max(narrow_width(line, size, bold=True) for line in lines) + 6)
        pad = 1.0 if len(lines) == 1 else 0.5
        scene.add(RectShape(cx - plate_w / 2, ty - pad, plate_w, block + 2 * pad, fill="#ffffff", alpha=0.75, tag=f"store:{name}"))
        for i, line in enumerate(lines):
            scene.add(TextShape(cx, ty + (i + 0.5) * line_h, line, size, STYLE["store_name"], bold=True, tag=f"store:{name}",
                                family="narrow", max_width=usable))
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
    scene.add(*legend_shapes)
    return scene


def fit_id(sid: str, size: float, square_w: float, squeeze: bool) -> Optional[tuple[float, float]]:
    """(font size, width it may take) of a square id printed from 1 px inside a square `square_w` px
    wide, leaving the style's `id_gap` free before the square's right side (so that neighbouring ids
    never run together: "068069070"). Too wide: squeezed (the canvas only, to `id_squeeze` of its
    width at most), then set smaller; None when even `id_min` px would not fit (no id is drawn)."""
    style = current_style()
    room = square_w - 1.0 - style.id_gap
    natural = narrow_width(sid, size)
    least = natural * (style.id_squeeze if squeeze else 1.0)
    if least > room:
        size = size * room / least
    if size < style.id_min:
        return None
    return size, room


def _narrow_wrap(text: str, max_px: float, size: float) -> list[str]:
    """Greedy word wrap in the narrow bold font, by its real widths."""
    lines: list[str] = []
    for word in text.split():
        if lines and narrow_width(lines[-1] + " " + word, size, bold=True) <= max_px:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _board_legend_items(lang: Optional[str] = None) -> list:
    """(symbol shapes drawn around (0, 0), symbol width, text) of the printed map's legend, in `lang`."""
    g = STYLE["grid"]
    return [
        ([LineShape(0, 0, 22, 0, STYLE["wall"], WALL_WIDTH)], 22, tr("map.legend.wall", lang)),
        ([LineShape(0, 0, 22, 0, STYLE["glass"], DOOR_WIDTH, (4.0, 3.0))], 22, tr("map.legend.glass", lang)),
        ([LineShape(0, 0, 22, 0, STYLE["solid"], DOOR_WIDTH)], 22, tr("map.legend.solid", lang)),
        ([LineShape(0, 0, 22, 0, STYLE["main"], DOOR_WIDTH)], 22, tr("map.legend.main", lang)),
        ([RectShape(0, -7, 22, 14, fill=STYLE["hall"], stroke=g, width=0.6)], 22, tr("map.legend.hall", lang)),
        ([RectShape(0, -7, 22, 14, fill=STYLE["service"], stroke=g, width=0.6)], 22, tr("map.legend.service", lang)),
        ([CircleShape(11, 0, 4.2, fill=STYLE["zombie_symbol"])], 22, tr("map.legend.zombie_symbol", lang)),
        ([CircleShape(11, 0, 4.2, fill=STYLE["character_symbol"])], 22, tr("map.legend.character_symbol", lang)),
    ]


def _moved(shape: Shape, dx: float, dy: float) -> Shape:
    from dataclasses import replace

    if isinstance(shape, LineShape):
        return replace(shape, x0=shape.x0 + dx, y0=shape.y0 + dy, x1=shape.x1 + dx, y1=shape.y1 + dy, tag="legend")
    if isinstance(shape, CircleShape):
        return replace(shape, cx=shape.cx + dx, cy=shape.cy + dy, tag="legend")
    return replace(shape, x=shape.x + dx, y=shape.y + dy, tag="legend")


def legend_rows(items, x: float, top: float, width: float, size: float) -> tuple[list[Shape], float]:
    """A legend under a map: items (symbol shapes around (0, 0), symbol width, text) laid out in as
    many rows of `width` pixels as they need, text `size` px in the narrow font. Returns the shapes
    and the height taken (rows and padding)."""
    row_h = float(round(max(20.0, size * 1.7)))  # whole pixels: the picture's size is exact
    out: list[Shape] = []
    cx, row = x, 0
    for symbols, sym_w, text in items:
        text_w = narrow_width(text, size)
        if cx > x and cx + sym_w + 5 + text_w > x + width:
            cx, row = x, row + 1
        y = top + 10 + row_h * (row + 0.5)
        out.extend(_moved(sh, cx, y) for sh in symbols)
        out.append(TextShape(cx + sym_w + 5, y, text, size, "#333333", "start", tag="legend", family="narrow"))
        cx += sym_w + 5 + text_w + 14
    return out, 10 + row_h * (row + 1) + 4


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


def token_shapes(
    board: Board, tokens: Mapping[str, Sequence[str]], frame: Frame, radius: Optional[float] = None, low: bool = False,
    around: Optional[Scene] = None,
) -> list[Shape]:
    """Discs with initials for the pieces in each square: {'024': ['Peter', 'zombie'], ...}.

    `radius` in pixels (default: the style's for a picture at this frame's scale); `low` places
    them as every map does (`piece_spots`: low in the square, clear of its id and of the store
    names of `around`, the board scene they are drawn on); otherwise centred in the square."""
    if radius is None:
        radius = current_style().overlay_token_radius * frame.scale / 12.0
    if low:
        spots = piece_spots(board, frame, {sid: [radius] * len(p) for sid, p in tokens.items()},
                            name_plates(around.shapes) if around else (), id_boxes(around) if around else {})
    out: list[Shape] = []
    for sid, pieces in tokens.items():
        sq = board.square(sid)
        cx, cy = frame.point(sq.centre)
        n = len(pieces)
        for i, piece in enumerate(pieces):
            x, y = spots[sid][i] if low else (cx + (i - (n - 1) / 2) * radius * 1.85, cy)
            colour = TOKEN_COLOURS.get(piece, TOKEN_COLOURS["zombie"])
            label = "Z" if piece == "zombie" else ("SZ" if piece == "super" else piece[:1])
            out.append(CircleShape(x, y, radius, fill=colour, stroke="#ffffff", width=1.2, layer="tokens", tag=sq.id))
            out.append(TextShape(x, y + 0.5, label, radius * 1.25, "#ffffff", bold=True, layer="tokens", tag=sq.id))
    return out


# ---------------------------------------------------------------------------------------------
# Where the pieces and the store names go: one statement for the canvas maps (MapView, the
# stepper's and the editor's GameMap) and the game pictures (state_scene.game_scene)

Box = tuple[float, float, float, float]  # x, y, width, height (px)

#: A square id is printed from its em box's top ("top" baseline); its digits (0.72 em tall) stand
#: on the baseline, ID_DEPTH em down (Liberation Sans Narrow's ascent), and end ID_BEARING em short
#: of their advance width (the last digit's right side bearing).
ID_DEPTH = 0.905
ID_TOP = ID_DEPTH - 0.72
ID_BEARING = 0.036


def is_store_name(shape) -> bool:
    """A store name's white plate or one of its lines (tag "store:<name>")."""
    return (getattr(shape, "tag", None) or "").startswith("store:")


def store_names(scene: Scene) -> list[Shape]:
    """The store names of a board scene: each one's white plate and its lines."""
    return [sh for sh in scene.shapes if is_store_name(sh)]


def name_plates(shapes: Iterable[Shape]) -> list[Box]:
    """The store names' white plates among `shapes`, as boxes."""
    return [(s.x, s.y, s.w, s.h) for s in shapes if isinstance(s, RectShape) and is_store_name(s)]


def id_boxes(scene: Scene) -> dict[str, Box]:
    """Where each square id's digits are printed on a board scene (the glyphs, not the square)."""
    out: dict[str, Box] = {}
    for s in scene.shapes:
        if isinstance(s, TextShape) and s.layer == "board" and s.family == "narrow" and s.baseline == "top" and s.tag == s.text:
            w = narrow_width(s.text, s.size)
            if s.max_width:
                w = min(w, s.max_width)  # the canvas squeezes an id into its room
            out[s.tag] = (s.x, s.y + ID_TOP * s.size, w - ID_BEARING * s.size, 0.72 * s.size)
    return out


def _reach(box: Box, x: float, y: float) -> float:
    """Distance from a point to a box (0 inside it)."""
    bx, by, bw, bh = box
    dx = max(bx - x, 0.0, x - (bx + bw))
    dy = max(by - y, 0.0, y - (by + bh))
    return (dx * dx + dy * dy) ** 0.5


def piece_spots(
    board: Board, frame: Frame, radii: Mapping[str, Sequence[float]], keep_clear: Sequence[Box] = (),
    ids: Mapping[str, Box] = {},
) -> dict[str, list[tuple[float, float]]]:
    """The centres of the pieces' discs, square by square ({square: [radius of each piece]}).

    A store square keeps its pieces inside it, off its id (`ids`, `id_boxes`) and off the boxes of
    `keep_clear` (the store names' plates, the rifles' box) wherever it has room: first in a row
    low in the square (slid sideways as far as needed), else piece by piece, the lowest free
    places first, which in a store's top row are beside the square's id, above the store's name.
    With no free place left, a piece goes on a name (the name then moves if its store has room,
    `names_clear_of`) before it covers another piece's letter, and covers another piece before the
    square's id. A hall or corridor square (half as wide as a piece row) keeps its row centred,
    low in the square."""
    out: dict[str, list[tuple[float, float]]] = {}
    for sid, rs in radii.items():
        sq = board.square(sid)
        if not rs:
            out[sid] = []
            continue
        x0, y0, w, h = frame.box(sq.rect)
        x1, y1 = x0 + w, y0 + h
        r = max(rs)
        n = len(rs)
        if sq.kind != "store":
            cx, cy = frame.point(sq.centre)
            cy = max(cy, y1 - r - 2.0)
            out[sid] = [(cx + (i - (n - 1) / 2) * r * 1.9, cy) for i in range(n)]
            continue
        idb = ids.get(sq.id)
        near = [b for b in keep_clear if rects_meet(b, (x0 - 1, y0 - 1, w + 2, h + 2))]

        def free(x: float, y: float, rad: float) -> bool:
            return (idb is None or _reach(idb, x, y) >= rad) and all(_reach(b, x, y) >= rad for b in near)

        out[sid] = _low_row(rs, x0, x1, y1, free) or _one_by_one(rs, x0, y0, x1, y1, idb, near)
    return out


def _low_row(rs: Sequence[float], x0: float, x1: float, y1: float, free) -> Optional[list[tuple[float, float]]]:
    """A row of discs low in a square (1 px apart), its centre as near the square's as it can be
    while every disc is `free`; None when there is no such row."""
    r = max(rs)
    step = 2 * r + 1
    half = (len(rs) - 1) / 2 * step
    if 2 * (half + r) > x1 - x0:
        return None
    centre = (x0 + x1) / 2
    for cy in (y1 - r - 2.0, y1 - r):
        for k in range(0, int(x1 - x0)):
            for cx in ((centre,) if k == 0 else (centre + k, centre - k)):
                if x0 + half + r <= cx <= x1 - half - r and all(free(cx + (i - (len(rs) - 1) / 2) * step, cy, rad) for i, rad in enumerate(rs)):
                    return [(cx + (i - (len(rs) - 1) / 2) * step, cy) for i in range(len(rs))]
    return None


def _one_by_one(rs: Sequence[float], x0: float, y0: float, x1: float, y1: float, idb: Optional[Box], near: Sequence[Box]) -> list[tuple[float, float]]:
    """Each disc in turn at the best place in the square (every px inside it): off the id, then off
    the other discs' letters, then off the other discs, then off the names, then lowest and nearest
    the side the row starts from; the row started from the left, the middle or the right, whichever
    leaves the fewest discs on an id, a letter, a disc, a name."""
    best_total, best_spots = None, None
    for start in ((0.5,) if len(rs) == 1 else (0.5, 0.0, 1.0)):
        if best_total is not None and not any(best_total):
            break
        total = [0, 0, 0, 0]
        placed: list[tuple[float, float, float]] = []
        for rad in rs:
            # every other px, and the square's sides
            xs = sorted({x0 + rad + k for k in range(0, int(x1 - x0 - 2 * rad) + 1, 2)} | {x1 - rad}) if x1 - x0 >= 2 * rad else [(x0 + x1) / 2]
            ys = sorted({y1 - rad - k for k in range(0, int(y1 - y0 - 2 * rad) + 1, 2)} | {y0 + rad}, reverse=True) if y1 - y0 >= 2 * rad else [(y0 + y1) / 2]
            aim = x0 + rad + start * (x1 - x0 - 2 * rad)
            best, best_key = None, None
            for y in ys:
                for x in xs:
                    on_id = 0.0 if idb is None else max(0.0, rad - _reach(idb, x, y))
                    apart = [(((x - px) ** 2 + (y - py) ** 2) ** 0.5, pr) for px, py, pr in placed]
                    covered = sum(1 for d, pr in apart if d < max(rad, pr) + 5)  # a letter hidden
                    touching = sum(1 for d, pr in apart if d < rad + pr + 1)
                    on_name = sum(1 for b in near if _reach(b, x, y) < rad)
                    key = (on_id > 0.5, covered, touching, on_name, on_id, abs(y - (y1 - rad - 2.0)) + 0.5 * abs(x - aim))
                    if best_key is None or key < best_key:
                        best, best_key = (x, y), key
            placed.append((best[0], best[1], rad))
            total = [t + k for t, k in zip(total, best_key[:4])]
        if best_total is None or total < best_total:
            best_total, best_spots = total, [(x, y) for x, y, _ in placed]
    return best_spots


def names_clear_of(board: Board, frame: Frame, names: Sequence[Shape], pieces: Sequence[Shape], ids: Mapping[str, Box] = {}) -> list[Shape]:
    """The store names (`store_names`), each moved, if a piece lies under it, to the nearest place
    inside its store where no piece (disc or ring), no square id (`ids`, `id_boxes`) and no rifles
    box lies under its plate; with no such place it stays (it would only cover other pieces). A
    teacher reads every name and every piece."""
    from dataclasses import replace

    discs = [c for c in pieces if isinstance(c, CircleShape)]
    boxes = [(r.x, r.y, r.w, r.h) for r in pieces if isinstance(r, RectShape)]
    out: list[Shape] = []
    groups: dict[str, list[Shape]] = {}
    for sh in names:
        groups.setdefault(sh.tag, []).append(sh)
    for tag, group in groups.items():
        plate = next((sh for sh in group if isinstance(sh, RectShape)), None)
        if plate is None:
            out += group
            continue
        sids = board.store_squares(tag[len("store:"):])
        rects = [board.squares[i].rect for i in sids]
        x0, y0 = frame.x(min(r.x0 for r in rects)), frame.y(min(r.y0 for r in rects))
        x1, y1 = frame.x(max(r.x1 for r in rects)), frame.y(max(r.y1 for r in rects))
        own_ids = [ids[i] for i in sids if i in ids]
        near = [c for c in discs if x0 - c.r <= c.cx <= x1 + c.r and y0 - c.r <= c.cy <= y1 + c.r]

        def under(dx: float, dy: float) -> int:
            box = (plate.x + dx, plate.y + dy, plate.w, plate.h)
            return sum(1 for c in near if rect_hits_circle(box, c)) + sum(1 for b in boxes if rects_meet(box, b))

        def on_id(dx: float, dy: float) -> bool:
            box = (plate.x + dx, plate.y + dy, plate.w, plate.h)
            return any(rects_meet(box, b) for b in own_ids)

        if under(0.0, 0.0) == 0:
            out += group
            continue
        spots = [(dx, dy) for dx in range(int(x0 + 1 - plate.x), int(x1 - 1 - plate.x - plate.w) + 1, 2)
                 for dy in range(int(y0 + 1 - plate.y), int(y1 - 1 - plate.y - plate.h) + 1)]
        spots.sort(key=lambda d: (abs(d[1]) + abs(d[0]) * 0.5, d))
        best = next((d for d in spots if not on_id(*d) and under(*d) == 0), None)
        out += group if best is None else [replace(sh, x=sh.x + best[0], y=sh.y + best[1]) for sh in group]
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


def move_shapes(board: Board, squares: Iterable[str], frame: Frame, colour: str, alpha: float = 0.38, layer: str = "overlay") -> list[Shape]:
    """Squares a click acts on (legal moves, targets): filled with a tint of `colour` and edged with
    it, so they read from the back of a classroom; the square's id stays readable through the tint."""
    squares = list(squares)
    return highlight_shapes(board, squares, frame, colour, alpha, layer) + outline_shapes(board, squares, frame, colour, 2.5, layer)


def door_label_shapes(
    board: Board, door_ids: Iterable[str], frame: Frame, size: Optional[float] = None, layer: str = "overlay",
    away_from: Iterable[str] = (), avoid: Iterable[Shape] = (),
) -> list[Shape]:
    """The doors a choice names (e.g. "S05") made findable on the map [5.5]: the door drawn thick
    in amber and its id on a white tag beside it, in the square on the far side from `away_from`
    (the squares of the pieces deciding), and never over a piece: the first place, of the far side,
    the near side and along the door either way, where the tag covers none of the discs in `avoid`
    (the pieces' shapes) nor another tag."""
    size = size or max(frame.id_px * 0.8, current_style().door_label_size * frame.scale / 12.0)
    away = set(away_from)
    discs = [c for c in avoid if isinstance(c, CircleShape)]
    lines: list[Shape] = []
    tags: list[Shape] = []
    placed: list[tuple[float, float, float, float]] = []
    for did in door_ids:
        door = board.doors.get(did)
        if door is None:
            continue
        s = door.seg
        (x0, y0), (x1, y1) = frame.point((s.x0, s.y0)), frame.point((s.x1, s.y1))
        lines.append(LineShape(x0, y0, x1, y1, DOOR_TAG, DOOR_WIDTH + 3, layer=layer, tag=f"door:{did}"))
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        w, h = narrow_width(did, size, bold=True) + 6, size + 3
        horizontal = y0 == y1
        # which way is "far": away from the deciding pieces' square(s)
        sign = 1.0
        far = [sq for sq in door.squares if sq and sq not in away]
        if away and far and far[0] in board.squares:
            fx, fy = frame.point(board.square(far[0]).centre)
            sign = 1.0 if (fy > cy if horizontal else fx > cx) else -1.0
        across = (0.0, (h / 2 + 2)) if horizontal else ((w / 2 + 2), 0.0)
        along = ((w + 4), 0.0) if horizontal else (0.0, (h + 4))
        candidates = [
            (cx + sign * across[0], cy + sign * across[1]),
            (cx - sign * across[0], cy - sign * across[1]),
            (cx + sign * across[0] + along[0], cy + sign * across[1] + along[1]),
            (cx + sign * across[0] - along[0], cy + sign * across[1] - along[1]),
            (cx - sign * across[0] + along[0], cy - sign * across[1] + along[1]),
            (cx - sign * across[0] - along[0], cy - sign * across[1] - along[1]),
        ]
        if not away and not discs:
            candidates = [(cx, cy)] + candidates
        best = candidates[0]
        for px, py in candidates:
            box = (px - w / 2, py - h / 2, w, h)
            if not any(rect_hits_circle(box, c) for c in discs) and not any(rects_meet(box, b) for b in placed):
                best = (px, py)
                break
        px, py = best
        placed.append((px - w / 2, py - h / 2, w, h))
        tags.append(RectShape(px - w / 2, py - h / 2, w, h, fill="#ffffff", stroke=DOOR_TAG, width=1.5, layer=layer, tag=f"door:{did}"))
        tags.append(TextShape(px, py + 0.5, did, size, "#222222", bold=True, layer=layer, tag=f"door:{did}", family="narrow"))
    return lines + tags


def rect_hits_circle(box: tuple[float, float, float, float], c: CircleShape) -> bool:
    x, y, w, h = box
    nx, ny = min(max(c.cx, x), x + w), min(max(c.cy, y), y + h)
    return (nx - c.cx) ** 2 + (ny - c.cy) ** 2 < c.r ** 2


def rects_meet(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


#: the colour of a door a choice names
DOOR_TAG = "#ef6c00"
