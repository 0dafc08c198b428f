"""Pictures of line of sight [6.4], [6.3], [6.7]: overlay shapes for a `Sight`, and static SVGs.

Pure drawing code: it reads the result objects of `dodnb.board.sight` and returns shapes
(`dodnb.render.scene`), which the SVG writer and the canvas widget both draw. Nothing here decides
a rule; every verdict, reason and Case comes from the Sight.

What the overlay shows, bottom to top:

* door states that are not "open" (a closed door drawn as a solid bar with a dark rim, a destroyed
  glass door drawn grey with crosses) [3.3], [10.5];
* the squares the line passes through (yellow), ends excluded [6.3];
* the doors it passes, with a yellow halo [6.4];
* the line itself, from centre to centre [6.4]: green when the target is in sight; red when not,
  solid up to the obstacle and dashed beyond it;
* the culprit in red: a wall piece drawn thick, a wall corner as a ring, a door drawn thick, a
  square holding a piece outlined [6.3], plus a ring where the line meets it;
* the shooter's square outlined in black with a dot at its centre, the target's in the line's
  colour with a ring at its centre.

`seen_shapes` shades every square a square sees ([6.4], [7.1]: the squares a zombie reacts from).
`sight_svg` / `visible_svg` give standalone SVG documents (map, pieces, overlay and a caption) for
places without a live kernel (GitHub, nbviewer, print); `crop=True` zooms in on the line.
"""

from __future__ import annotations

from dodnb.errors import InputError

from dataclasses import replace
from fractions import Fraction
from typing import Iterable, Mapping, Optional, Sequence

from dodnb.board.model import Board
from dodnb.board.sight import NotInSight, Sight, line_of_sight, normalise_door_states
from dodnb.board.sighttable import sight_table
from dodnb.render.scene import (
    DOOR_WIDTH,
    STYLE,
    CircleShape,
    Frame,
    LineShape,
    RectShape,
    Scene,
    Shape,
    TextShape,
    board_scene,
    fit_id,
    frame_for,
    token_shapes,
)
from dodnb.render.picture import Picture
from dodnb.render.shapes import scene_to_svg
from dodnb.i18n import names, tr
from dodnb.render.words import REASON_TITLES, door_words, modifier_words, reason_title, why  # noqa: F401 (REASON_TITLES re-exported)
from dodnb.rules.modifiers import shot_modifiers

__all__ = [
    "REASON_TITLES",
    "OverlayError",
    "door_state_shapes",
    "sight_shapes",
    "culprit_shapes",
    "seen_shapes",
    "shooter_shapes",
    "caption_lines",
    "compose_scene",
    "sight_scene",
    "sight_svg",
    "visible_scene",
    "visible_svg",
    "sight_picture",
    "visible_picture",
]

LAYER = "overlay"
LINE_WIDTH = 3.0
CULPRIT_WIDTH = 7.0
HALO_WIDTH = 10.0
RING_R = 7.0
CAPTION_SIZE = 13.0
DARK = "#111111"
DESTROYED = "#8c8c8c"

# Plain-English titles for the blocking reasons of dodnb.board.sight.REASONS.


class OverlayError(InputError):
    """Bad drawing options (crop, scale); the message names the bad value."""


# ---------------------------------------------------------------------------------------------
# helpers


def _fill_rect(board: Board, sid: str, frame: Frame, colour: str, alpha: float, inset: float = 1.5) -> RectShape:
    """A square's floor tinted, inset so the walls on its sides keep their own colour."""
    return RectShape(*frame.box(board.square(sid).rect, inset), fill=colour, alpha=alpha, layer=LAYER, tag=sid)


def _outline(board: Board, sid: str, frame: Frame, colour: str, width: float, tag: str) -> RectShape:
    pad = width / 2 + 1.0
    return RectShape(*frame.box(board.square(sid).rect, pad), stroke=colour, width=width, layer=LAYER, tag=tag)


def _id_label(board: Board, sid: str, frame: Frame, colour: str, tag: str) -> list[Shape]:
    """The square's id again, on a white plate, over an outline that would hide the printed one."""
    r = board.square(sid).rect
    x, y = frame.x(r.x0) + 1.0, frame.y(r.y0) + 1.5
    # the size and width board_scene prints the id at (fitted to the square: render/scene.fit_id)
    size, width = fit_id(sid, frame.id_px, frame.scale * (r.x1 - r.x0), squeeze=False) or (frame.id_px, frame.scale * (r.x1 - r.x0) - 1.5)
    return [
        RectShape(x - 0.5, y - 0.5, min(width, 0.5 * size * len(sid)) + 1, size + 2, fill="#ffffff", alpha=0.9, layer=LAYER, tag=tag),
        TextShape(x, y, sid, size, colour, "start", "top", bold=True, layer=LAYER, tag=tag, family="narrow", max_width=width),
    ]


def _seg_line(frame: Frame, seg, colour: str, width: float, dash: tuple = (), tag: Optional[str] = None) -> LineShape:
    x0, y0 = frame.point((seg.x0, seg.y0))
    x1, y1 = frame.point((seg.x1, seg.y1))
    return LineShape(x0, y0, x1, y1, colour, width, dash, layer=LAYER, tag=tag)


def _reported(sight: Sight):
    """The obstacle the Sight reports (its reason and culprit), with where the line meets it."""
    for o in sight.obstacles:
        if o.reason == sight.reason and o.culprit == sight.culprit:
            return o
    return sight.obstacles[0] if sight.obstacles else None


# ---------------------------------------------------------------------------------------------
# shapes


def door_state_shapes(board: Board, door_states: Optional[Mapping[str, str]], frame: Frame) -> list[Shape]:
    """Marks for doors that are not open [3.3]: closed = solid bar with a dark rim; destroyed glass
    door = grey with crosses [10.5]. Open doors are drawn by the board itself."""
    states = normalise_door_states(board, door_states)  # checks ids and states
    out: list[Shape] = []
    for did in sorted(states):
        state = states[did]
        if state == "open":
            continue
        door = board.doors[did]
        if state == "closed":
            out.append(_seg_line(frame, door.seg, DARK, DOOR_WIDTH + 4, tag=f"door-closed:{did}"))
            out.append(_seg_line(frame, door.seg, STYLE[door.kind], DOOR_WIDTH + 1, tag=f"door-closed:{did}"))
        else:  # destroyed (glass only, checked above): a gap with two small crosses
            out.append(_seg_line(frame, door.seg, "#ffffff", DOOR_WIDTH + 1, tag=f"door-destroyed:{did}"))
            out.append(_seg_line(frame, door.seg, DESTROYED, 1.5, (2.0, 2.0), tag=f"door-destroyed:{did}"))
            for k in (1, 3):
                cx, cy = frame.point(
                    (door.seg.x0 + Fraction(k, 4) * (door.seg.x1 - door.seg.x0), door.seg.y0 + Fraction(k, 4) * (door.seg.y1 - door.seg.y0))
                )
                d = 3.5
                out.append(LineShape(cx - d, cy - d, cx + d, cy + d, DESTROYED, 1.8, layer=LAYER, tag=f"door-destroyed:{did}"))
                out.append(LineShape(cx - d, cy + d, cx + d, cy - d, DESTROYED, 1.8, layer=LAYER, tag=f"door-destroyed:{did}"))
    return out


def culprit_shapes(board: Board, sight: Sight, frame: Frame) -> list[Shape]:
    """The reported obstacle drawn in red [6.4], [6.3]; empty when the target is in sight.

    wall -> the wall piece drawn thick; wall corner -> a ring on the corner point; door -> the door
    drawn thick; token -> the square outlined. Every culprit also gets a ring where the line meets it.
    """
    if sight.visible:
        return []
    colour = STYLE["culprit"]
    ob = _reported(sight)
    out: list[Shape] = []
    tag = f"culprit:{sight.reason}"
    if sight.reason == "wall":
        out.append(_seg_line(frame, sight.culprit, colour, CULPRIT_WIDTH, tag=tag))
    elif sight.reason == "wall_corner":
        cx, cy = frame.point(sight.culprit)
        out.append(CircleShape(cx, cy, RING_R + 2, stroke=colour, width=3.0, layer=LAYER, tag=tag))
        out.append(CircleShape(cx, cy, 3.0, fill=colour, layer=LAYER, tag=tag))
        return out  # the ring is the contact point itself
    elif sight.reason == "token":
        out.append(_outline(board, sight.culprit, frame, colour, 4.0, tag))
        out += _id_label(board, sight.culprit, frame, colour, tag)
    else:  # closed_door, main_door, door_not_side, two_doors: the culprit is a door id
        door = board.doors[sight.culprit]
        out.append(_seg_line(frame, door.seg, colour, CULPRIT_WIDTH, tag=tag))
    if ob is not None and sight.reason != "token":
        cx, cy = frame.point(sight.point_at(ob.at))
        out.append(CircleShape(cx, cy, RING_R, stroke=colour, width=2.5, layer=LAYER, tag=tag))
    return out


def shooter_shapes(board: Board, a: str, frame: Frame) -> list[Shape]:
    """The shooter's square: black outline and a dot at its centre (where the line starts) [6.4]."""
    cx, cy = frame.point(board.square(a).centre)
    return [
        _outline(board, a, frame, DARK, 3.0, "shooter"),
        *_id_label(board, a, frame, DARK, "shooter"),
        CircleShape(cx, cy, 4.5, fill=DARK, stroke="#ffffff", width=1.5, layer=LAYER, tag="shooter"),
    ]


def sight_shapes(
    board: Board, sight: Sight, frame: Frame, ends: bool = True, door_states: Optional[Mapping[str, str]] = None
) -> list[Shape]:
    """Overlay for one Sight: squares passed, doors passed, the line, the culprit, the two ends.

    door_states: when given, a passed door that is closed or destroyed is drawn so again over its
    halo (the picture must show the closed glass door the shot breaks [6.7], [10.5])."""
    colour = STYLE["visible"] if sight.visible else STYLE["blocked"]
    out: list[Shape] = []
    # squares strictly between, the ones a piece would block [6.3]
    for sid in sight.between:
        out.append(_fill_rect(board, sid, frame, STYLE["highlight"], 0.5))
    # doors passed: a yellow halo, then the door again on top [6.4]
    for did in sight.doors:
        door = board.doors[did]
        out.append(_seg_line(frame, door.seg, STYLE["highlight"], HALO_WIDTH, tag=f"door-passed:{did}"))
    for did in sight.doors:
        door = board.doors[did]
        dash = (4.0, 3.0) if door.kind == "glass" else ()
        out.append(_seg_line(frame, door.seg, STYLE[door.kind], DOOR_WIDTH, dash, tag=f"door-passed:{did}"))
    if door_states and sight.doors:
        passed = {d: s for d, s in door_states.items() if d in sight.doors}
        out += door_state_shapes(board, passed, frame)
    # the line from centre to centre [6.4]
    x0, y0 = frame.point(sight.start)
    x1, y1 = frame.point(sight.end)
    if sight.a != sight.b:
        ob = _reported(sight)
        if sight.visible or ob is None:
            out.append(LineShape(x0, y0, x1, y1, colour, LINE_WIDTH, layer=LAYER, tag="sight-line"))
        else:
            mx, my = frame.point(sight.point_at(ob.at))
            out.append(LineShape(x0, y0, mx, my, colour, LINE_WIDTH, layer=LAYER, tag="sight-line"))
            out.append(LineShape(mx, my, x1, y1, colour, LINE_WIDTH - 1, (6.0, 4.0), layer=LAYER, tag="sight-line-beyond"))
    if ends:
        out += shooter_shapes(board, sight.a, frame)
        if sight.b != sight.a:
            out.append(_outline(board, sight.b, frame, colour, 3.0, "target"))
            out += _id_label(board, sight.b, frame, colour, "target")
        out.append(CircleShape(x1, y1, 6.0, stroke=colour, width=2.5, layer=LAYER, tag="target"))
        out.append(CircleShape(x1, y1, 2.0, fill=colour, layer=LAYER, tag="target"))
    # what blocks goes on top: the ends' id plates must never hide it (a wall corner at a square's
    # corner sits right under the target's id)
    out += culprit_shapes(board, sight, frame)
    return out


def seen_shapes(board: Board, a: str, visible: Iterable[str], frame: Frame, alpha: float = 0.45) -> list[Shape]:
    """Shade every square in `visible` (e.g. SightTable.visible_from(a)) green; a itself is not shaded."""
    a = board.square_id(a)
    return [_fill_rect(board, sid, frame, STYLE["seen"], alpha) for sid in sorted(visible) if sid != a]


# ---------------------------------------------------------------------------------------------
# captions (plain words; the Case numbers come from the Sight and the modifiers)


def _fmt(n: int) -> str:
    return f"{n:+d}".replace("-", "\u2212") if n else "0"


def caption_lines(board: Board, sight: Sight, door_states: Optional[Mapping[str, str]] = None, lang: Optional[str] = None) -> list[tuple[str, str]]:
    """The verdict and its reasons as (text, colour) lines for a picture caption, in `lang`."""
    a, b = sight.a, sight.b
    if sight.visible:
        head = tr("los.in_sight", lang, a=a, b=b)
        try:
            mods = shot_modifiers(board, a, b, door_states=door_states, occupied=sight.occupied)
        except NotInSight:  # cannot happen for a visible sight; kept so a caption never crashes
            mods = None
        lines = [(head, STYLE["visible"])]
        if a == b:
            lines.append((tr("sightpic.same_square", lang), DARK))
            return lines
        path = " \u2192 ".join(sight.squares)
        if sight.doors:
            doors = names([door_words(board, d, lang=lang) for d in sight.doors], lang)
            lines.append((tr("sightpic.passes_doors", lang, path=path, doors=doors, n=sight.distance), DARK))
        else:
            lines.append((tr("sightpic.passes", lang, path=path, n=sight.distance), DARK))
        if mods is not None:
            parts = ", ".join(f"{modifier_words(board, ln, lang)[0]} {_fmt(ln.value)}" for ln in mods.lines)
            text = tr("sightpic.modifiers", lang, parts=parts, total=_fmt(mods.total))
            if mods.destroys_doors:
                text += " " + tr("sightpic.breaks", lang, doors=names([door_words(board, d, lang=lang) for d in mods.destroys_doors], lang))
            lines.append((text, DARK))
        return lines
    head = tr("los.not_in_sight", lang, a=a, b=b, title=reason_title(sight.reason, lang), case=sight.case)
    lines = [(head, STYLE["blocked"])]
    lines.append((tr("sightpic.why", lang, why=why(board, sight, door_states=door_states, lang=lang)), DARK))
    return lines


def _wrap(text: str, max_px: float, size: float) -> list[str]:
    per_line = max(12, int(max_px / (0.53 * size)))
    out: list[str] = []
    for word in text.split():
        if out and len(out[-1]) + 1 + len(word) <= per_line:
            out[-1] += " " + word
        else:
            out.append(word)
    return out or [""]


def _legend_shapes(x: float, y: float, kind: str, size: float, lang: Optional[str] = None) -> list[Shape]:
    """A one-row key for the overlay: sight-line colours ("sight") or the seen squares ("seen")."""
    if kind == "sight":
        items: list[tuple[Shape, str]] = [
            (LineShape(0, 0, 24, 0, STYLE["visible"], LINE_WIDTH), tr("sightpic.legend.in_sight", lang)),
            (LineShape(0, 0, 24, 0, STYLE["blocked"], LINE_WIDTH), tr("sightpic.legend.not_in_sight", lang)),
            (RectShape(0, -7, 24, 14, fill=STYLE["highlight"], alpha=0.5), tr("sightpic.legend.passed", lang)),
            (LineShape(0, 0, 24, 0, STYLE["culprit"], CULPRIT_WIDTH), tr("sightpic.legend.blocks", lang)),
        ]
    else:
        items = [
            (RectShape(0, -7, 24, 14, stroke=DARK, width=2.5), tr("sightpic.legend.shooter", lang)),
            (RectShape(0, -7, 24, 14, fill=STYLE["seen"], alpha=0.45), tr("sightpic.legend.seen", lang)),
        ]
    out: list[Shape] = []
    cx = x
    for shape, label in items:
        if isinstance(shape, LineShape):
            out.append(LineShape(cx, y, cx + 24, y, shape.stroke, shape.width, layer=LAYER, tag="overlay-legend"))
        elif shape.fill:
            out.append(RectShape(cx, y - 7, 24, 14, fill=shape.fill, alpha=shape.alpha, stroke=STYLE["grid"], width=0.6, layer=LAYER, tag="overlay-legend"))
        else:
            out.append(RectShape(cx, y - 7, 24, 14, stroke=shape.stroke, width=shape.width, layer=LAYER, tag="overlay-legend"))
        out.append(TextShape(cx + 30, y, label, size, "#333333", "start", layer=LAYER, tag="overlay-legend"))
        cx += 30 + 0.55 * size * len(label) + 18
    return out


# ---------------------------------------------------------------------------------------------
# whole pictures


def _translate(s: Shape, dx: float, dy: float) -> Shape:
    if isinstance(s, RectShape):
        return replace(s, x=s.x - dx, y=s.y - dy)
    if isinstance(s, LineShape):
        return replace(s, x0=s.x0 - dx, y0=s.y0 - dy, x1=s.x1 - dx, y1=s.y1 - dy)
    if isinstance(s, CircleShape):
        return replace(s, cx=s.cx - dx, cy=s.cy - dy)
    return replace(s, x=s.x - dx, y=s.y - dy)


def _inside(s: Shape, x0: float, y0: float, x1: float, y1: float) -> bool:
    """Should the shape stay in a cropped picture? Texts and their plates only when whole (no word is
    cut at the edge); anything else when it meets the window (the SVG viewport clips the rest)."""
    if isinstance(s, TextShape):
        w = 0.58 * s.size * len(s.text)
        left = {"start": s.x, "middle": s.x - w / 2, "end": s.x - w}[s.anchor]
        top = {"top": s.y, "middle": s.y - s.size / 2, "bottom": s.y - s.size}[s.baseline]
        return left >= x0 and left + w <= x1 and top >= y0 and top + s.size <= y1
    if isinstance(s, RectShape):
        if s.tag and s.tag.startswith("store:"):  # the plate behind a store name
            return s.x >= x0 and s.x + s.w <= x1 and s.y >= y0 and s.y + s.h <= y1
        bx0, by0, bx1, by1 = s.x, s.y, s.x + s.w, s.y + s.h
    elif isinstance(s, LineShape):
        bx0, bx1 = min(s.x0, s.x1), max(s.x0, s.x1)
        by0, by1 = min(s.y0, s.y1), max(s.y0, s.y1)
    else:
        bx0, by0, bx1, by1 = s.cx - s.r, s.cy - s.r, s.cx + s.r, s.cy + s.r
    return bx1 >= x0 and bx0 <= x1 and by1 >= y0 and by0 <= y1


def _crop_window(board: Board, squares: Sequence[str], extra_points: Sequence, pad: int, min_w: int, min_h: int):
    """Grid-unit window around the given squares and points, at least min_w x min_h, inside the mall."""
    rects = [board.square(s).rect for s in squares]
    xs = [r.x0 for r in rects] + [r.x1 for r in rects] + [p[0] for p in extra_points]
    ys = [r.y0 for r in rects] + [r.y1 for r in rects] + [p[1] for p in extra_points]
    x0, x1 = min(xs) - pad, max(xs) + pad
    y0, y1 = min(ys) - pad, max(ys) + pad
    bounds = board.bounds
    lo_x, hi_x = bounds.x0 - 1, bounds.x1 + 1
    lo_y, hi_y = bounds.y0 - 1, bounds.y1 + 1

    def grow(lo, hi, need, lim_lo, lim_hi):
        if hi - lo < need:
            extra = need - (hi - lo)
            lo -= extra / 2
            hi += extra / 2
        if lo < lim_lo:
            hi += lim_lo - lo
            lo = lim_lo
        if hi > lim_hi:
            lo -= hi - lim_hi
            hi = lim_hi
        return max(lo, lim_lo), min(hi, lim_hi)

    x0, x1 = grow(x0, x1, min_w, lo_x, hi_x)
    y0, y1 = grow(y0, y1, min_h, lo_y, hi_y)
    return x0, y0, x1, y1


def compose_scene(
    board: Board,
    overlay: list[Shape],
    lines: list[tuple[str, str]],
    frame: Frame,
    base: Scene,
    tokens: Mapping[str, Sequence[str]],
    window,
    title: str,
    legend: str,
    size: float = CAPTION_SIZE,
    lang: Optional[str] = None,
) -> Scene:
    """Board + overlay + pieces, cropped to `window` (grid units: x0, y0, x1, y1) if given, with a
    caption band below: `lines` of (text, colour), the first in bold, then a key of the overlay
    (`legend` "sight" or "seen")."""
    # pieces go over the overlay so a tinted or outlined square still shows what stands in it [6.3]
    shapes = list(base.shapes) + overlay + token_shapes(board, tokens, frame)
    if window is None:
        width, height = base.width, base.height
        dx = dy = 0.0
    else:
        gx0, gy0, gx1, gy1 = window
        dx, dy = frame.x(gx0), frame.y(gy0)
        width, height = frame.x(gx1) - dx, frame.y(gy1) - dy
        shapes = [_translate(s, dx, dy) for s in shapes if _inside(s, dx, dy, dx + width, dy + height)]
    text_lines: list[tuple[str, str, bool]] = []
    for n, (text, colour) in enumerate(lines):
        for k, piece in enumerate(_wrap(text, width - 24, size)):
            text_lines.append((piece, colour, n == 0))
    band = 14 + len(text_lines) * (size + 5) + 34
    scene = Scene(width, height + band, title=title, description="\n".join([title] + [text for text, _ in lines]))
    scene.add(RectShape(0, 0, width, height + band, fill=STYLE["background"]))
    scene.add(*shapes)
    scene.add(RectShape(0, height, width, band, fill=STYLE["background"], layer=LAYER, tag="caption"))
    scene.add(LineShape(0, height + 0.5, width, height + 0.5, STYLE["grid"], 1.0, layer=LAYER, tag="caption"))
    y = height + 14 + size / 2
    for piece, colour, bold in text_lines:
        scene.add(TextShape(12, y, piece, size, colour, "start", bold=bold, layer=LAYER, tag="caption"))
        y += size + 5
    scene.add(*_legend_shapes(12, y + 10, legend, size - 2, lang))
    return scene


def _check_scale(scale) -> float:
    if isinstance(scale, bool) or not isinstance(scale, (int, float)) or not 4 <= scale <= 60:
        raise OverlayError(f"scale is pixels per grid unit, a number from 4 to 60; got {scale!r}")
    return float(scale)


def _check_zoom(zoom) -> float:
    if isinstance(zoom, bool) or not isinstance(zoom, (int, float)) or not 0.25 <= zoom <= 8:
        raise OverlayError(f"zoom is how much bigger to show the picture, a number from 0.25 to 8; got {zoom!r}")
    return float(zoom)


def _zoomed_svg(scene: Scene, zoom: float) -> str:
    """The scene's SVG shown `zoom` times its natural size (the viewBox, hence the drawing, is unchanged)."""
    svg = scene_to_svg(scene)
    if zoom == 1:
        return svg
    w, h = _num(scene.width), _num(scene.height)
    old = f'width="{w}" height="{h}"'
    new = f'width="{_num(scene.width * zoom)}" height="{_num(scene.height * zoom)}"'
    return svg.replace(old, new, 1)


def _num(v: float) -> str:
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _tokens_for(occupied: Iterable[str], tokens: Optional[Mapping[str, Sequence[str]]]) -> dict[str, list[str]]:
    out = {k: list(v) for k, v in (tokens or {}).items()}
    for sid in sorted(occupied):
        out.setdefault(sid, ["zombie"])
    return out


def sight_scene(
    board: Board,
    a,
    b,
    occupied: Iterable = (),
    door_states: Optional[Mapping[str, str]] = None,
    *,
    crop: bool = False,
    scale: Optional[float] = None,
    caption: bool = True,
    tokens: Optional[Mapping[str, Sequence[str]]] = None,
    lang: Optional[str] = None,
) -> Scene:
    """The map with the sight line from a to b drawn on it [6.4]; pieces in `occupied` shown [6.3].

    crop=True keeps only a window around the squares the line passes (default scale 14 px per grid
    unit, else 12). tokens: optional pieces to draw ({'115': ['Steve', 'Fran']}); squares in
    `occupied` without an entry there get a zombie unit (any piece blocks sight [6.3]).
    """
    sight = line_of_sight(board, a, b, occupied=occupied, door_states=door_states)
    scale = _check_scale(scale if scale is not None else (14.0 if crop else 12.0))
    base = board_scene(board, scale=scale, legend=not crop, lang=lang)
    frame = frame_for(board, scale)
    overlay = door_state_shapes(board, door_states, frame) + sight_shapes(board, sight, frame, door_states=door_states)
    window = None
    if crop:
        pts = [sight.culprit] if sight.reason == "wall_corner" else []
        window = _crop_window(board, list(sight.squares), pts, pad=3, min_w=34, min_h=12)
    lines = caption_lines(board, sight, door_states, lang) if caption else []
    size = 11.0 if crop else CAPTION_SIZE
    title = tr("sightpic.title", lang, a=sight.a, b=sight.b)
    return compose_scene(board, overlay, lines, frame, base, _tokens_for(sight.occupied, tokens), window, title, "sight", size, lang)


def sight_svg(
    board: Board,
    a,
    b,
    occupied: Iterable = (),
    door_states: Optional[Mapping[str, str]] = None,
    *,
    crop: bool = False,
    scale: Optional[float] = None,
    zoom: Optional[float] = None,
    caption: bool = True,
    tokens: Optional[Mapping[str, Sequence[str]]] = None,
    lang: Optional[str] = None,
) -> str:
    """Standalone SVG of `sight_scene` (static fallback for GitHub, nbviewer, print, projectors).

    zoom: shown this many times the natural size (default 1.6 when cropped, so a projected close-up
    is easy to read; the notebook still shrinks it to fit its width).
    """
    zoom = _check_zoom(zoom if zoom is not None else (1.6 if crop else 1.0))
    scene = sight_scene(board, a, b, occupied, door_states, crop=crop, scale=scale, caption=caption, tokens=tokens, lang=lang)
    return _zoomed_svg(scene, zoom)


def visible_scene(
    board: Board,
    a,
    occupied: Iterable = (),
    door_states: Optional[Mapping[str, str]] = None,
    *,
    scale: Optional[float] = None,
    caption: bool = True,
    tokens: Optional[Mapping[str, Sequence[str]]] = None,
    lang: Optional[str] = None,
) -> Scene:
    """The map with every square within a's sight shaded [6.4], [7.1] (from sight_table)."""
    a = board.square_id(a)
    occ = frozenset(board.square_id(s) for s in occupied)
    scale = _check_scale(scale if scale is not None else 12.0)
    base = board_scene(board, scale=scale, legend=False, lang=lang)
    frame = frame_for(board, scale)
    seen = sight_table(board, door_states).visible_from(a, occ)
    overlay = door_state_shapes(board, door_states, frame) + seen_shapes(board, a, seen, frame) + shooter_shapes(board, a, frame)
    lines = []
    if caption:
        lines.append((tr("sightpic.sees", lang, a=a, n=len(seen) - 1), STYLE["visible"]))
        if occ:
            lines.append((tr("sightpic.pieces_block", lang, squares=", ".join(sorted(occ))), DARK))
    return compose_scene(board, overlay, lines, frame, base, _tokens_for(occ, tokens), None, tr("sightpic.seen_title", lang, a=a), "seen", lang=lang)


def visible_svg(
    board: Board,
    a,
    occupied: Iterable = (),
    door_states: Optional[Mapping[str, str]] = None,
    *,
    scale: Optional[float] = None,
    zoom: float = 1.0,
    caption: bool = True,
    tokens: Optional[Mapping[str, Sequence[str]]] = None,
    lang: Optional[str] = None,
) -> str:
    """Standalone SVG of `visible_scene`."""
    scene = visible_scene(board, a, occupied, door_states, scale=scale, caption=caption, tokens=tokens, lang=lang)
    return _zoomed_svg(scene, _check_zoom(zoom))


def sight_picture(board: Board, a, b, occupied: Iterable = (), door_states: Optional[Mapping[str, str]] = None, *, zoom: Optional[float] = None, **kw) -> Picture:
    """`sight_svg` as a notebook picture (PNG, renders in untrusted notebooks; alt text = the caption)."""
    zoom = _check_zoom(zoom if zoom is not None else (1.6 if kw.get("crop") else 1.0))
    scene = sight_scene(board, a, b, occupied, door_states, **kw)
    return Picture(_zoomed_svg(scene, zoom), scene.description)


def visible_picture(board: Board, a, occupied: Iterable = (), door_states: Optional[Mapping[str, str]] = None, *, zoom: float = 1.0, **kw) -> Picture:
    """`visible_svg` as a notebook picture."""
    scene = visible_scene(board, a, occupied, door_states, **kw)
    return Picture(_zoomed_svg(scene, _check_zoom(zoom)), scene.description)
