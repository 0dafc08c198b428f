"""A game position drawn as a scene: the board plus what the human player may see [2.3], [7.7].

Tokens: characters (initial, their colour; a grey ring when stunned [8.3], a purple ring when
infected [8.4]); zombie units ("Z", or "Z4" once their value is known, a red ring when berserk
[10.0]); super zombies ("SZ" [11.0]); closed doors drawn thick, destroyed glass doors red and dashed
[10.5]; the rifles left in square 177 [3.2]; the square(s) last entered outlined. The scene is the
one list of shapes the SVG writer, the PNG pictures and the canvas widget all draw.
"""

from __future__ import annotations

from typing import Any, Optional

from dodnb.render.scene import (
    STYLE, TOKEN_COLOURS, board_scene, frame_for, id_boxes, is_store_name, legend_rows, name_plates, names_clear_of, outline_shapes,
    piece_spots, store_names,
)
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


def _state(obj: Any) -> GameState:
    return obj if isinstance(obj, GameState) else obj.state


def game_scene(game_or_state: Any, scale: float = 12.0, id_size: Optional[float] = None, legend: bool = True, lang: Optional[str] = None) -> Scene:
    """The board with the position on it (only what the human player may see), its words in `lang`."""
    st = _state(game_or_state)
    board = st.board
    scene = game_board(board_scene(board, scale=scale, legend=legend, id_size=id_size, lang=lang), legend, lang)
    frame = frame_for(board, scale=scale)
    scene.add(*door_state_shapes(st, frame))
    pieces, names = pieces_and_names(st, frame, scene, current_style().still_token_radius * scale / 12.0, lang)
    moved = iter(names)  # in the order they were drawn, each where `names_clear_of` put it
    scene.shapes = [next(moved) if is_store_name(sh) else sh for sh in scene.shapes]
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


def pieces_and_names(st: GameState, frame, board: Scene, radius: float, lang: Optional[str] = None) -> tuple[list, list]:
    """The pieces of the position and the store names of `board` (a board scene drawn in `frame`),
    laid out as every map lays them out, the canvas maps and the pictures alike: the pieces clear
    of the names and the square ids where their squares have room (`piece_spots`), then a name a
    piece still lies on moved where its store has room (`names_clear_of`)."""
    ids = id_boxes(board)
    pieces = piece_shapes(st, frame, radius, lang, avoid=name_plates(board.shapes), ids=ids)
    return pieces, names_clear_of(st.board, frame, store_names(board), pieces, ids)


def piece_shapes(st: GameState, frame, radius: float = 5.4, lang: Optional[str] = None, avoid=(), ids=None) -> list:
    """Discs for every piece on the map, grouped by square, placed by `piece_spots`: inside the
    square, clear of its id (`ids`, from `id_boxes`) and of the boxes in `avoid` (the store names'
    plates, `name_plates`) where the square has room."""
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
    keep_clear = list(avoid)
    rs = st.board.rifle_square
    rifles: list = []
    if rs and st.rifles_left:
        r = st.board.square(rs).rect
        x, y = frame.x(r.x0) + 3, frame.y(r.y0) + 3
        rifles.append(RectShape(x, y, 26, 11, fill="#fff8e1", stroke="#8d6e63", width=1.0, layer="tokens", tag="rifles"))
        rifles.append(TextShape(x + 13, y + 5.5, tr("map.rifles", lang, n=st.rifles_left), 6.5, "#5d4037", layer="tokens", tag="rifles"))
        keep_clear.append((x, y, 26, 11))
    # a ring (stunned, infected, berserk) is drawn 2 px outside the disc, 2.2 px wide
    radii = {sid: [radius + (3.1 if ring else 0.0) for _, _, ring, _ in pieces] for sid, pieces in by_sq.items()}
    spots = piece_spots(st.board, frame, radii, keep_clear, ids or {})
    for sid, pieces in sorted(by_sq.items()):
        for (label, colour, ring, tag), (x, cy) in zip(pieces, spots[sid]):
            if ring:
                out.append(CircleShape(x, cy, radius + 2.0, fill=None, stroke=ring, width=2.2, layer="tokens", tag=tag))
            out.append(CircleShape(x, cy, radius, fill=colour, stroke="#ffffff", width=1.2, layer="tokens", tag=tag))
            out.append(TextShape(x, cy + 0.5, label, radius * (1.15 if len(label) < 3 else 0.9), "#ffffff", bold=True, layer="tokens", tag=tag))
    return out + rifles


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
