"""A game position drawn as a scene: the board plus what the human player may see [2.3], [7.7].

Tokens: characters (initial, their colour; a grey ring when stunned [8.3], a purple ring when
infected [8.4]); zombie units ("Z", or "Z4" once their value is known, a red ring when berserk
[10.0]); super zombies ("SZ" [11.0]); closed doors drawn thick, destroyed glass doors red and dashed
[10.5]; the rifles left in square 177 [3.2]; the square(s) last entered outlined. The scene is the
one list of shapes the SVG writer, the PNG pictures and the canvas widget all draw.
"""

from __future__ import annotations

from typing import Any, Optional

from dodnb.render.scene import STYLE, TOKEN_COLOURS, board_scene, frame_for, legend_rows, outline_shapes, rect_hits_circle, rects_meet
from dodnb.i18n import tr
from dodnb.render.shapes import CircleShape, LineShape, RectShape, Scene, TextShape
from dodnb.render.style import current as current_style
from dodnb.rules.observe import observation
from dodnb.rules.state import GameState
from dodnb.rules.vocab import Status

STATUS_RING = {"stunned": "#9e9e9e", "infected": "#8e24aa"}
#: the legend's sample disc for a status ring: no character's colour or initial (a healthy Steve
#: must not look like the legend's "stunned")
NEUTRAL_DISC = "#b0bec5"
BERSERK_RING = "#d7301f"
CLOSED_DOOR = "#263238"
DESTROYED_DOOR = "#d7301f"


def _is_name(sh) -> bool:
    return (sh.tag or "").startswith("store:")


def store_names(scene: Scene) -> list:
    """The store names of a board scene: each one's white plate and its lines (tag "store:<name>")."""
    return [sh for sh in scene.shapes if _is_name(sh)]


def names_clear_of(board, frame, names: list, pieces: list) -> list:
    """The store names (`store_names`), each moved, if a piece lies under it, to the nearest place
    inside its store where no piece (disc or ring), no square id and no rifles box lies under its
    plate; a name with no such place stays where it was. A teacher reads every name and every piece."""
    from dataclasses import replace

    discs = [c for c in pieces if isinstance(c, CircleShape)]
    boxes = [(r.x, r.y, r.w, r.h) for r in pieces if isinstance(r, RectShape)]
    out: list = []
    groups: dict[str, list] = {}
    for sh in names:
        groups.setdefault(sh.tag, []).append(sh)
    idw, idh = frame.id_px * 1.4, frame.id_px
    for tag, group in groups.items():
        plate = next((sh for sh in group if isinstance(sh, RectShape)), None)
        if plate is None:
            out += group
            continue
        rects = [board.squares[i].rect for i in board.store_squares(tag[len("store:"):])]
        x0, y0 = frame.x(min(r.x0 for r in rects)), frame.y(min(r.y0 for r in rects))
        x1, y1 = frame.x(max(r.x1 for r in rects)), frame.y(max(r.y1 for r in rects))
        ids = [(frame.x(r.x0) + 1.0, frame.y(r.y0) + 1.5, idw, idh) for r in rects]
        near = [c for c in discs if x0 - c.r <= c.cx <= x1 + c.r and y0 - c.r <= c.cy <= y1 + c.r]

        def clear(dx: float, dy: float) -> bool:
            box = (plate.x + dx, plate.y + dy, plate.w, plate.h)
            return (not any(rect_hits_circle(box, c) for c in near) and not any(rects_meet(box, b) for b in ids)
                    and not any(rects_meet(box, b) for b in boxes))

        if clear(0.0, 0.0) or not near:
            out += group
            continue
        spots = [(dx, dy) for dx in range(int(x0 + 1 - plate.x), int(x1 - 1 - plate.x - plate.w) + 1, 2)
                 for dy in range(int(y0 + 1 - plate.y), int(y1 - 1 - plate.y - plate.h) + 1)]
        spots.sort(key=lambda d: (abs(d[1]) + abs(d[0]) * 0.5, d))
        best = next((d for d in spots if clear(*d)), None)
        out += group if best is None else [replace(sh, x=sh.x + best[0], y=sh.y + best[1]) for sh in group]
    return out


def _state(obj: Any) -> GameState:
    return obj if isinstance(obj, GameState) else obj.state


def game_scene(game_or_state: Any, scale: float = 12.0, id_size: Optional[float] = None, legend: bool = True, lang: Optional[str] = None) -> Scene:
    """The board with the position on it (only what the human player may see), its words in `lang`."""
    st = _state(game_or_state)
    board = st.board
    scene = game_board(board_scene(board, scale=scale, legend=legend, id_size=id_size, lang=lang), legend, lang)
    frame = frame_for(board, scale=scale)
    scene.add(*door_state_shapes(st, frame))
    plates = [sh for sh in scene.shapes if isinstance(sh, RectShape) and (sh.tag or "").startswith("store:")]
    pieces = piece_shapes(st, frame, radius=current_style().still_token_radius * scale / 12.0, lang=lang, avoid=plates)
    names = store_names(scene)
    moved = names_clear_of(st.board, frame, names, pieces)
    if moved != names:
        scene.shapes = [sh for sh in scene.shapes if not _is_name(sh)] + moved
    scene.add(*pieces)
    if st.record.entered:
        scene.add(*outline_shapes(board, st.record.entered[-1:], frame, "#1565c0", width=2.0, layer="overlay"))
    scene.description = describe(st, lang)
    return scene


def game_board(scene: Scene, legend: bool = True, lang: Optional[str] = None) -> Scene:
    """A board scene made ready for a game in play: the placement symbols go (they have no effect
    after set-up [3.3]) and the board's legend gives way to the game's (`game_legend`)."""
    scene.shapes = [sh for sh in scene.shapes if not _placement_symbol(sh)]
    old = [sh for sh in scene.shapes if sh.tag == "legend"]
    if legend and old and scene.legend_top:
        texts = [sh for sh in old if isinstance(sh, TextShape)]
        x = min(_left(sh) for sh in old)
        scene.shapes = [sh for sh in scene.shapes if sh.tag != "legend"]
        shapes, height = legend_rows(_game_legend_items(lang), x, scene.legend_top, scene.width - 2 * x, texts[0].size)
        scene.add(*shapes)
        scene.height = scene.legend_top + height
        scene.shapes[0] = _background(scene)
    return scene


def _left(sh) -> float:
    if isinstance(sh, LineShape):
        return min(sh.x0, sh.x1)
    if isinstance(sh, CircleShape):
        return sh.cx - sh.r
    return sh.x


def _background(scene: Scene):
    """The scene's first shape, the white background, resized to the scene."""
    bg = scene.shapes[0]
    return RectShape(0, 0, scene.width, scene.height, fill=bg.fill) if isinstance(bg, RectShape) and bg.x == 0 and bg.y == 0 else bg


def _placement_symbol(sh) -> bool:
    """The board's Z / C placement discs (and their letters) in a square's corner."""
    if isinstance(sh, CircleShape):
        return sh.layer == "board" and sh.fill in (STYLE["zombie_symbol"], STYLE["character_symbol"]) and sh.tag != "legend"
    if isinstance(sh, TextShape):
        return sh.layer == "board" and sh.text in ("Z", "C") and sh.size == 6.5
    return False


def _game_legend_items(lang: Optional[str] = None) -> list:
    """(symbol shapes around (0, 0), symbol width, text) of what the game's marks mean, in `lang`;
    the samples as big as the style's pieces (render/style.py)."""
    style = current_style()
    k = style.still_token_radius / 5.4
    out: list = []
    items = [
        ("disc", TOKEN_COLOURS["Peter"], None, "P", "character"),
        ("disc", NEUTRAL_DISC, STATUS_RING["stunned"], "", "stunned"),
        ("disc", NEUTRAL_DISC, STATUS_RING["infected"], "", "infected"),
        ("disc", TOKEN_COLOURS["zombie"], None, "Z4", "known"),
        ("disc", TOKEN_COLOURS["zombie"], BERSERK_RING, "Z", "berserk"),
        ("disc", TOKEN_COLOURS["super"], None, "SZ", "super"),
        ("line", CLOSED_DOOR, None, "", "closed"),
        ("dash", DESTROYED_DOOR, None, "", "destroyed"),
    ]
    for kind, colour, ring, label, key in items:
        text = tr("map.legend." + key, lang)
        if kind == "disc":
            sym = []
            if ring:
                sym.append(CircleShape(8 * k, 0, 8.5 * k, fill=None, stroke=ring, width=2.2 * k, tag="legend"))
            sym.append(CircleShape(8 * k, 0, 6.5 * k, fill=colour, tag="legend"))
            if label:
                sym.append(TextShape(8 * k, 0.5, label, (7.5 if len(label) < 3 else 6.0) * k, "#ffffff", bold=True, tag="legend"))
            out.append((sym, 17 * k, text))
        else:
            out.append(([LineShape(0, 0, 22, 0, colour, 5.0 if kind == "line" else 3.0, () if kind == "line" else (3.0, 2.0), tag="legend")], 22, text))
    return out


def game_legend(x: float, top: float, width: float = 1100.0, size: float = 12.0) -> list:
    """What the game's marks mean, in rows under the map (from `top`, `width` pixels wide)."""
    return legend_rows(_game_legend_items(), x, top, width, size)[0]


def door_state_shapes(st: GameState, frame) -> list:
    out = []
    for d, s in st.door_states:
        door = st.board.doors[d]
        (x0, y0), (x1, y1) = frame.point((door.seg.x0, door.seg.y0)), frame.point((door.seg.x1, door.seg.y1))
        if s == "closed":
            out.append(LineShape(x0, y0, x1, y1, CLOSED_DOOR, width=5.0, layer="tokens", tag=d))
        elif s == "destroyed":
            out.append(LineShape(x0, y0, x1, y1, DESTROYED_DOOR, width=3.0, dash=(3.0, 2.0), layer="tokens", tag=d))
    return out


def piece_shapes(st: GameState, frame, radius: float = 5.4, lang: Optional[str] = None, avoid=()) -> list:
    """Discs for every piece on the map, grouped by square, in the lower part of the square; a row
    that would cover one of the rectangles in `avoid` (the store names' plates) slides along the
    square's bottom to where it covers none, if the square has such a place."""
    plates = [(p.x, p.y, p.w, p.h) for p in avoid if isinstance(p, RectShape)]
    obs = observation(st)
    by_sq: dict[str, list[tuple[str, str, Optional[str], str]]] = {}
    for c in st.characters:
        if c.square is None or c.status == Status.KILLED:
            continue
        if c.status == Status.SUPER:
            by_sq.setdefault(c.square, []).append(("SZ", TOKEN_COLOURS["super"], None, c.name))
        else:
            by_sq.setdefault(c.square, []).append((c.name[0], TOKEN_COLOURS.get(c.name, "#555555"), STATUS_RING.get(c.status), c.name))
    for u in obs["units"]:
        label = f"Z{u['value']}" if u["value"] is not None else "Z"
        by_sq.setdefault(u["square"], []).append((label, TOKEN_COLOURS["zombie"], BERSERK_RING if u["berserk"] else None, u["uid"]))
    out: list = []
    for sid, pieces in sorted(by_sq.items()):
        sq = st.board.square(sid)
        cx, cy = frame.point(sq.centre)
        cy = max(cy, frame.y(sq.rect.y1) - radius - 2.0)
        n = len(pieces)
        step = radius * 1.9
        if plates:
            cx = _clear_of(plates, cx, cy, radius, n, step, frame.x(sq.rect.x0), frame.x(sq.rect.x1))
        for i, (label, colour, ring, tag) in enumerate(pieces):
            x = cx + (i - (n - 1) / 2) * step
            if ring:
                out.append(CircleShape(x, cy, radius + 2.0, fill=None, stroke=ring, width=2.2, layer="tokens", tag=tag))
            out.append(CircleShape(x, cy, radius, fill=colour, stroke="#ffffff", width=1.2, layer="tokens", tag=tag))
            out.append(TextShape(x, cy + 0.5, label, radius * (1.15 if len(label) < 3 else 0.9), "#ffffff", bold=True, layer="tokens", tag=tag))
    rs = st.board.rifle_square
    if rs and st.rifles_left:
        r = st.board.square(rs).rect
        x, y = frame.x(r.x0) + 3, frame.y(r.y0) + 3
        out.append(RectShape(x, y, 26, 11, fill="#fff8e1", stroke="#8d6e63", width=1.0, layer="tokens", tag="rifles"))
        out.append(TextShape(x + 13, y + 5.5, tr("map.rifles", lang, n=st.rifles_left), 6.5, "#5d4037", layer="tokens", tag="rifles"))
    return out


def _clear_of(plates, cx: float, cy: float, radius: float, n: int, step: float, left: float, right: float) -> float:
    """The centre, nearest `cx`, of a row of `n` discs (at `cy`) inside [left, right] that covers
    none of the `plates` (x, y, w, h); `cx` itself when there is none."""
    half = (n - 1) / 2 * step + radius + 1.0

    def hits(x: float) -> bool:
        for px, py, pw, ph in plates:
            for i in range(n):
                dx = x + (i - (n - 1) / 2) * step
                nx, ny = min(max(dx, px), px + pw), min(max(cy, py), py + ph)
                if (nx - dx) ** 2 + (ny - cy) ** 2 < radius ** 2:
                    return True
        return False

    if not hits(cx):
        return cx
    for k in range(1, 200):
        for x in (cx + k, cx - k):
            if left + half <= x <= right - half and not hits(x):
                return x
    return cx


def describe(st: GameState, lang: Optional[str] = None) -> str:
    """The position in words, in `lang` (default: the package's language): alt text, and what nbval
    compares."""
    from dodnb import i18n

    chars = i18n.tr("scene.alt.sep", lang).join(
        i18n.tr("scene.alt.char_in" if c.square else "scene.alt.char", lang, name=c.name, square=c.square,
                status=str(getattr(c.status, "value", c.status)), rifle=bool(c.rifle))
        for c in st.characters
    )
    units = sum(1 for z in st.zombies if z.square is not None)
    closed = sum(1 for _, s in st.door_states if s == "closed")
    if st.result is None:
        head = i18n.tr("scene.alt.turn", lang, turn=st.turn, phase=str(getattr(st.phase, "value", st.phase)))
    else:
        head = i18n.tr("scene.alt.over", lang, winner=str(getattr(st.result.winner, "value", st.result.winner)),
                       case=st.result.case)
    return i18n.tr("scene.alt", lang, head=head, chars=chars, units=units, closed=closed)


def game_svg(game_or_state: Any, scale: float = 12.0) -> str:
    return game_scene(game_or_state, scale=scale).to_svg()
