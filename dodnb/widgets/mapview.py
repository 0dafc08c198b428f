"""The interactive map: an ipycanvas MultiCanvas drawn from the shared scene.

Thin shell (DESIGN.md principle 1): it turns mouse events into square ids and draws shapes that
`dodnb.render.scene` computed. Layers, bottom to top: board (drawn once), tokens, overlay, hover.
Mouse events come only from the top layer (JUPYTER_TESTING.md). The hover layer is redrawn only when
the hovered square changes, and every redraw is batched (hold_canvas + array APIs).

Other widgets (line-of-sight explorer, game stepper) reuse this component: they subscribe with
`on_square_hover` / `on_square_click` / `on_door_click` and draw with `set_overlay` / `set_tokens`.

Read from the back row: the canvas fills the output's width (CSS `width: 100%`), its pixels are
`DENSITY` times the scene's (crisp on HiDPI screens and when zoomed), square ids are printed at
`ID_SIZE` px in a narrow font so that they stay >= 14 px on screen in a 1400-px window with the file
browser open (store names and legend >= 12 px), and the zoom buttons (-, +, Fit) enlarge the map
for a projector (the box scrolls).

Saved notebooks: no pixels travel back to the kernel and no widget state is saved; a notebook
reopened without a kernel shows the still picture stored beside the widget and the message "Run the
notebook ... to play again" (dodnb/widgets/still.py).
"""

from __future__ import annotations

import html
from collections import defaultdict
from typing import Callable, Iterable, Mapping, Optional, Sequence, Union

import ipywidgets as widgets
import numpy as np
from ipycanvas import MultiCanvas, hold_canvas

from dodnb.board.model import Board
from dodnb.render.picture import Picture
from dodnb.render.scene import (
    STYLE, Frame, board_scene, frame_for, id_boxes, is_store_name, names_clear_of, outline_shapes, square_at, store_names, token_shapes,
)
from dodnb.render.shapes import NARROW_FONT, CircleShape, LineShape, RectShape, Scene, Shape, TextShape, scene_to_svg
from dodnb.i18n import check_language, term, tr
from dodnb.render.style import NORMAL, current as current_style
from dodnb.render.words import door_state_words, door_words, square_words
from dodnb.widgets.still import StillMixin

_BASELINE = {"top": "top", "middle": "middle", "bottom": "bottom"}
_ALIGN = {"start": "left", "middle": "center", "end": "right"}
FONT = "Liberation Sans, Arial, Helvetica, sans-serif"

#: Canvas pixels per scene pixel: the canvas stays sharp on HiDPI screens and at 200 % zoom.
DENSITY = 2
#: The canvas map's layout: tighter margins than the printed map and bigger labels, for a projector:
#: once the map is shrunk to a notebook's width (968 px in JupyterLab in a 1400-px window with the
#: file browser open: 1096 scene px -> 0.883) square ids are >= 14 px on screen (17 px, narrow font;
#: measured in the real-browser test)
#: and store names and legend >= 12 px (LABEL_SIZE 14).
#: (The sizes are the style's, `dodnb.render.style`: NORMAL here, PROJECTOR after `dodnb.projector()`.)
MARGIN = 18.0
SIDE_MARGIN = 26.0
ID_SIZE = NORMAL.canvas_id_size
LABEL_SIZE = NORMAL.canvas_label_size
TOKEN_RADIUS = NORMAL.canvas_token_radius
#: Zoom steps (1 = fit the output's width).
ZOOMS = (1.0, 1.25, 1.5, 2.0, 2.5, 3.0)
#: How close to a door a click must be to pick the door (grid units, each side of it).
DOOR_REACH = 0.5
#: Wheel travel (CSS px, a mouse notch is 100) per zoom step with Ctrl / Cmd held.
WHEEL_STEP = 100.0

#: The page scrolls over a map: ipycanvas cancels every wheel event over its canvas
#: (`preventDefault`), so the notebook stopped scrolling under the pointer (measured: 0 px). One
#: listener per page, in the capture phase, keeps a plain wheel event from reaching the canvas (the
#: browser then scrolls the notebook as over text); with Ctrl or Cmd held it goes on to the canvas,
#: which cancels it (no page zoom) and tells the kernel: the map zooms (`MapView._wheel`). Installed
#: by an image that fails to load, the one script an ipywidgets HTML widget runs (it sets its value
#: as innerHTML, in a live notebook and in a reopened one with its saved widget state alike).
WHEEL_GUARD_HTML = (
    '<img src="data:," alt="" style="display:none" onerror="'
    "if(!window.__dodnbWheel){window.__dodnbWheel=1;document.addEventListener('wheel',function(e){"
    "var t=e.target;if(t&amp;&amp;t.closest&amp;&amp;t.closest('.dodnb-map')&amp;&amp;!(e.ctrlKey||e.metaKey))e.stopPropagation();"
    '},{capture:true,passive:true});}this.remove();">'
)


def canvas_scene(board: Board, scale: float = 12.0, lang: Optional[str] = None) -> tuple[Scene, Frame]:
    """The board scene and frame the canvas map draws (MARGIN, SIDE_MARGIN; ids, names and legend at
    the style's sizes, render/style.py), its words in `lang`."""
    style = current_style()
    scene = board_scene(board, scale=scale, margin=MARGIN, side_margin=SIDE_MARGIN, id_size=style.canvas_id_size,
                        label_size=style.canvas_label_size, squeeze=True, lang=lang)
    return scene, frame_for(board, scale, MARGIN, SIDE_MARGIN, style.canvas_id_size)


#: The value of a dropdown's "— pick … —" placeholder. Not None: ipywidgets treats value None as
#: "nothing selected" and shows an empty box instead of the placeholder.
NO_CHOICE = ""


def set_choice(picker: widgets.Dropdown, value) -> None:
    """Select `value` in a dropdown whose first option is the placeholder; None selects the placeholder."""
    picker.value = NO_CHOICE if value is None else value


def chosen(value):
    """A dropdown value as dodnb sees it: None for the placeholder."""
    return None if value == NO_CHOICE else value


def draw_shapes(canvas, shapes: Sequence[Shape]) -> int:
    """Draw shapes on one ipycanvas Canvas in as few messages as possible; returns draw calls made.

    Consecutive shapes of the same kind and style are drawn with one array call, so the result
    looks exactly like the SVG (same order) while a whole map costs a few dozen calls.
    """
    calls = 0
    i = 0
    n = len(shapes)
    while i < n:
        s = shapes[i]
        j = i + 1
        key = _style_key(s)
        while j < n and _style_key(shapes[j]) == key and not isinstance(s, TextShape):
            j += 1
        run = shapes[i:j]
        calls += _draw_run(canvas, run)
        i = j
    return calls


def _style_key(s: Shape):
    if isinstance(s, RectShape):
        return ("rect", s.fill, s.stroke, s.width, s.alpha)
    if isinstance(s, LineShape):
        return ("line", s.stroke, s.width, s.dash)
    if isinstance(s, CircleShape):
        return ("circle", s.fill, s.stroke, s.width, s.alpha)
    return ("text", id(s))


def _draw_run(canvas, run: Sequence[Shape]) -> int:
    s = run[0]
    calls = 0
    if isinstance(s, RectShape):
        x = np.array([r.x for r in run])
        y = np.array([r.y for r in run])
        w = np.array([r.w for r in run])
        h = np.array([r.h for r in run])
        canvas.global_alpha = s.alpha
        if s.fill:
            canvas.fill_style = s.fill
            canvas.fill_rects(x, y, w, h)
            calls += 1
        canvas.global_alpha = 1.0
        if s.stroke:
            canvas.stroke_style = s.stroke
            canvas.line_width = s.width
            canvas.set_line_dash([])
            canvas.stroke_rects(x, y, w, h)
            calls += 1
    elif isinstance(s, LineShape):
        pts = np.array([[[l.x0, l.y0], [l.x1, l.y1]] for l in run], dtype=float)
        canvas.stroke_style = s.stroke
        canvas.line_width = s.width
        canvas.line_cap = "square" if not s.dash else "butt"
        canvas.set_line_dash(list(s.dash))
        canvas.stroke_line_segments(pts)
        canvas.set_line_dash([])
        calls += 1
    elif isinstance(s, CircleShape):
        x = np.array([c.cx for c in run])
        y = np.array([c.cy for c in run])
        r = np.array([c.r for c in run])
        canvas.global_alpha = s.alpha
        if s.fill:
            canvas.fill_style = s.fill
            canvas.fill_circles(x, y, r)
            calls += 1
        canvas.global_alpha = 1.0
        if s.stroke:
            canvas.stroke_style = s.stroke
            canvas.line_width = s.width
            canvas.stroke_circles(x, y, r)
            calls += 1
    elif isinstance(s, TextShape):
        canvas.font = f"{'bold ' if s.bold else ''}{s.size:g}px {NARROW_FONT if s.family == 'narrow' else FONT}"
        canvas.fill_style = s.fill
        canvas.text_align = _ALIGN[s.anchor]
        canvas.text_baseline = _BASELINE[s.baseline]
        if s.max_width:
            canvas.fill_text(s.text, s.x, s.y, s.max_width)
        else:
            canvas.fill_text(s.text, s.x, s.y)
        calls += 1
    return calls


class MapView(StillMixin, widgets.VBox):
    """The mall on a canvas: hover a square to read it, click to select it.

    `view.selected` is the clicked square id (or None); `view.hovered` the square under the mouse,
    `view.hovered_door` the door under it (only when someone listens to door clicks).
    Keyboard users: `view.square_picker` is a dropdown that selects squares the same way.
    `view.zoom` is the zoom factor (1 = the output's width); `zoom_in()`, `zoom_out()`, `fit()`.
    """

    LAYERS = ("board", "tokens", "overlay", "hover")

    def __init__(self, board: Optional[Board] = None, scale: float = 12.0, tokens: Optional[Mapping[str, Sequence[str]]] = None, lang: Optional[str] = None, **kwargs):
        self.lang = check_language(lang if lang is not None else getattr(self, "lang", None))  # the words' language
        if board is None:
            from dodnb.board.model import load_board

            board = load_board()
        self.board = board
        self.style = current_style()  # render/style.py: normal, or the projector's after dodnb.projector()
        self.scene, self.frame = self._make_scene(board, scale)
        self.density = DENSITY
        w, h = int(round(self.scene.width)), int(round(self.scene.height))
        self.canvas = MultiCanvas(len(self.LAYERS), width=w * DENSITY, height=h * DENSITY)
        self.canvas.layout.width = "100%"
        self.canvas.layout.height = "auto"
        self.canvas.add_class("dodnb-map")
        self.zoom = 1.0
        self._wheel_travel = 0.0
        self.wheel_guard = widgets.HTML(WHEEL_GUARD_HTML, layout=widgets.Layout(height="0px", margin="0", overflow="hidden"))
        self.wheel_guard.add_class("dodnb-wheel-guard")
        self.zoom_out_button = widgets.Button(description="\u2212", tooltip=tr("map.zoom_out", self.lang), layout=widgets.Layout(width="36px"))
        self.zoom_in_button = widgets.Button(description="+", tooltip=tr("map.zoom_in", self.lang), layout=widgets.Layout(width="36px"))
        self.fit_button = widgets.Button(description=tr("map.fit", self.lang), tooltip=tr("map.fit_tip", self.lang), layout=widgets.Layout(width="auto"))  # "Ajuster" is longer than "Fit"
        self.zoom_label = widgets.Label(tr("map.zoom_fit", self.lang))
        self.zoom_out_button.on_click(lambda _b: self.zoom_out())
        self.zoom_in_button.on_click(lambda _b: self.zoom_in())
        self.fit_button.on_click(lambda _b: self.fit())
        self.scroller = widgets.Box([self.canvas], layout=widgets.Layout(width="100%", overflow="auto"))
        self.info = widgets.HTML(value=self._help_text())
        self.info.add_class("dodnb-info")
        options = [(tr("map.pick_square", self.lang), NO_CHOICE)] + [(self._label(i), i) for i in board.ids]
        self.square_picker = widgets.Dropdown(options=options, value=NO_CHOICE, description=tr("map.square", self.lang), layout=widgets.Layout(width="340px"))
        self.square_picker.observe(self._picked, names="value")
        self.tokens: dict[str, list[str]] = {k: list(v) for k, v in (tokens or {}).items()}
        self.overlay: list[Shape] = []
        self.hovered: Optional[str] = None
        self.hovered_door: Optional[str] = None
        self.selected: Optional[str] = None
        self._hover_cbs: list[Callable[[Optional[str]], None]] = []
        self._click_cbs: list[Callable[[str], None]] = []
        self._door_cbs: list[Callable[[str], None]] = []
        self.door_states: dict[str, str] = {}  # what the info line says about a door (set by the owner)
        self.draw_calls = 0
        top = self.canvas[len(self.LAYERS) - 1]
        top.on_mouse_move(self._mouse_move)
        top.on_mouse_down(self._mouse_down)
        top.on_mouse_out(self._mouse_out)
        top.on_mouse_wheel(self._wheel)
        self.canvas.on_client_ready(self.redraw)
        self.zoom_bar = widgets.HBox([self.zoom_out_button, self.zoom_in_button, self.fit_button, self.zoom_label])
        self.controls = widgets.HBox([self.square_picker, self.zoom_bar], layout=widgets.Layout(justify_content="space-between", width="100%"))
        super().__init__([self.controls, self.scroller, self.info, self.wheel_guard], **kwargs)
        self.add_class("dodnb-mapview")
        self.set_zoom(1.0)
        self.redraw()

    def _make_scene(self, board: Board, scale: float) -> tuple[Scene, Frame]:
        """The board scene drawn from the first paint on (a subclass draws its own board)."""
        return canvas_scene(board, scale)

    # ----- text -------------------------------------------------------------------------------
    def _label(self, sid: str) -> str:
        return square_words(self.board, sid, self.lang)

    def _help_text(self) -> str:
        return f"<i>{html.escape(tr('map.help_plain', self.lang))}</i>"

    def describe(self, sid: str) -> str:
        """What the info panel says about a square: id, where it is, doors, occupants."""
        lang = self.lang
        sq = self.board.square(sid)
        where = term("store", sq.store, lang) if sq.store else tr("map.hall" if sq.is_hall else "map.service", lang)
        parts = [f"<b>{html.escape(tr('map.square_title', lang, square=sq.id))}</b> — {html.escape(where)}"]
        mains = [c for c, s in self.board.main_door_squares.items() if s == sq.id]
        if mains:
            parts.append(html.escape(tr("map.main_door", lang, compass=mains[0])))
        if sq.id == self.board.rifle_square:
            parts.append(html.escape(tr("map.rifles_here", lang)))
        if sq.zombie_symbol:
            parts.append(html.escape(tr("map.zombie_symbol", lang)))
        if sq.character_symbol:
            parts.append(html.escape(tr("map.character_symbol", lang)))
        occ = self.tokens.get(sq.id)
        if occ:
            parts.append(html.escape(tr("map.occupied", lang, who=", ".join(occ))))
        return " · ".join(parts)

    def describe_door(self, door_id: str) -> str:
        door = self.board.doors[door_id]
        lang = self.lang
        name = door_words(self.board, door_id, lang=lang)
        text = tr("map.door_info", lang, door=f"<b>{html.escape(name[:1].upper() + name[1:])}</b>", state=html.escape(door_state_words(door_id, self.door_states, lang)))
        if door.kind in ("glass", "solid"):
            text += " — " + html.escape(tr(f"map.door_{door.kind}_tip", lang))
        return text

    # ----- zoom -------------------------------------------------------------------------------
    def set_zoom(self, zoom: float) -> None:
        """Show the map `zoom` times the output's width (1 = fit); the box scrolls when bigger."""
        zoom = min(max(float(zoom), ZOOMS[0]), ZOOMS[-1])
        self.zoom = zoom
        self.canvas.layout.width = f"{zoom * 100:g}%"
        self.canvas.layout.min_width = "100%" if zoom == 1 else f"{zoom * 100:g}%"
        self.zoom_label.value = tr("map.zoom_fit", self.lang) if zoom == 1 else tr("map.zoom", self.lang, percent=f"{zoom * 100:g}")
        self.zoom_out_button.disabled = zoom <= ZOOMS[0]
        self.zoom_in_button.disabled = zoom >= ZOOMS[-1]

    def zoom_in(self) -> None:
        self.set_zoom(next((z for z in ZOOMS if z > self.zoom), ZOOMS[-1]))

    def zoom_out(self) -> None:
        self.set_zoom(next((z for z in reversed(ZOOMS) if z < self.zoom), ZOOMS[0]))

    def fit(self) -> None:
        self.set_zoom(1.0)

    def _wheel(self, dx: float, dy: float) -> None:
        """Ctrl / Cmd + wheel over the map (the only wheel events the page lets reach the canvas,
        WHEEL_GUARD_HTML): a step of zoom per WHEEL_STEP px of travel, up to zoom in, down out."""
        self._wheel_travel += dy
        while abs(self._wheel_travel) >= WHEEL_STEP:
            if self._wheel_travel < 0:
                self._wheel_travel += WHEEL_STEP
                self.zoom_in()
            else:
                self._wheel_travel -= WHEEL_STEP
                self.zoom_out()

    # ----- drawing ----------------------------------------------------------------------------
    def _layer(self, name: str):
        return self.canvas[self.LAYERS.index(name)]

    def _begin(self, layer) -> None:
        """Clear a layer and draw in scene pixels from here on (the canvas has DENSITY times more)."""
        layer.reset_transform()
        layer.clear()
        layer.set_transform(self.density, 0, 0, self.density, 0, 0)

    def redraw(self, *_args) -> None:
        """Draw every layer (also called when a browser view connects: commands are not stored)."""
        try:  # ipycanvas keeps one shared target; reset it so a reconnecting view repaints (field notes)
            import ipycanvas.canvas as _c

            if hasattr(_c, "_CANVAS_MANAGER"):
                _c._CANVAS_MANAGER._current_canvas = None
        except Exception:  # pragma: no cover - private API, best effort only
            pass
        with hold_canvas():
            board_layer = self._layer("board")
            self._begin(board_layer)
            # the store names go on the tokens layer, where the pieces are (`name_shapes`)
            self.draw_calls = draw_shapes(board_layer, [s for s in self.scene.layer("board") if not is_store_name(s)])
            self._draw_tokens()
            self._draw_overlay()
            self._draw_hover()

    def token_shapes(self, tokens: Mapping[str, Sequence[str]]) -> list[Shape]:
        """Pieces as the canvas draws them: bigger discs, placed as on every map (scene.piece_spots:
        low in the square, clear of its id and of the store's name where the square has room)."""
        return token_shapes(self.board, tokens, self.frame, radius=self.style.canvas_token_radius, low=True, around=self.scene)

    def name_shapes(self, pieces: Sequence[Shape]) -> list[Shape]:
        """The store names, each moved off the `pieces` where its store has room (scene.names_clear_of),
        drawn on the tokens layer under the pieces."""
        return names_clear_of(self.board, self.frame, store_names(self.scene), pieces, id_boxes(self.scene))

    def _draw_tokens(self) -> None:
        layer = self._layer("tokens")
        self._begin(layer)
        pieces = self.token_shapes(self.tokens)
        draw_shapes(layer, self.name_shapes(pieces) + pieces)

    def _draw_overlay(self) -> None:
        layer = self._layer("overlay")
        self._begin(layer)
        draw_shapes(layer, self.overlay)

    def _draw_hover(self) -> None:
        layer = self._layer("hover")
        self._begin(layer)
        shapes: list[Shape] = []
        if self.selected:
            shapes += outline_shapes(self.board, [self.selected], self.frame, "#000000", 3.0, "hover")
        if self.hovered and self.hovered != self.selected:
            shapes += outline_shapes(self.board, [self.hovered], self.frame, STYLE["highlight"], 3.0, "hover")
        if self.hovered_door:
            seg = self.board.doors[self.hovered_door].seg
            f = self.frame
            shapes.append(LineShape(f.x(seg.x0), f.y(seg.y0), f.x(seg.x1), f.y(seg.y1), STYLE["highlight"], 9.0, layer="hover", tag=f"door:{self.hovered_door}"))
        draw_shapes(layer, shapes)

    def set_tokens(self, tokens: Mapping[str, Sequence[str]]) -> None:
        """Pieces to show: {'024': ['Peter', 'zombie']} (square ids checked against the map)."""
        checked = {self.board.square_id(k): list(v) for k, v in tokens.items()}
        self.tokens = checked
        with hold_canvas():
            self._draw_tokens()

    def set_overlay(self, shapes: Iterable[Shape]) -> None:
        self.overlay = list(shapes)
        with hold_canvas():
            self._draw_overlay()

    def static_scene(self) -> Scene:
        """The view as one scene: board, tokens and current overlay."""
        pieces = self.token_shapes(self.tokens)
        names = iter(self.name_shapes(pieces))  # where the canvas draws them, in the board's order
        shapes = [next(names) if is_store_name(s) else s for s in self.scene.shapes]
        scene = Scene(self.scene.width, self.scene.height, shapes, self.scene.title, self.scene.title)
        scene.add(*pieces, *self.overlay)
        return scene

    def to_svg(self) -> str:
        """The view as static SVG: board, tokens and current overlay (for GitHub/nbviewer)."""
        return scene_to_svg(self.static_scene())

    def picture(self) -> Picture:
        """The view as a notebook picture (PNG): the still stored beside the widget (widgets/still.py)."""
        return Picture(self.to_svg(), self.scene.title)

    def still_html(self) -> str:
        return self.picture().html()

    # ----- events -----------------------------------------------------------------------------
    def on_square_hover(self, callback: Callable[[Optional[str]], None]) -> None:
        self._hover_cbs.append(callback)

    def on_square_click(self, callback: Callable[[str], None]) -> None:
        self._click_cbs.append(callback)

    def on_door_click(self, callback: Callable[[str], None]) -> None:
        """Doors become clickable: a click within DOOR_REACH of a door (not a main door) calls back."""
        self._door_cbs.append(callback)

    def hover(self, sid: Optional[str]) -> None:
        """Make `sid` the hovered square (what a mouse move does); no-op when unchanged."""
        sid = self.board.square_id(sid) if sid is not None else None
        if sid == self.hovered:
            return
        self.hovered = sid
        with hold_canvas():
            self._draw_hover()
        if sid is not None and self.selected is None and self.hovered_door is None:
            self.info.value = self.describe(sid)
        for cb in self._hover_cbs:
            cb(sid)

    def hover_door(self, door_id: Optional[str]) -> None:
        if door_id == self.hovered_door:
            return
        self.hovered_door = door_id
        with hold_canvas():
            self._draw_hover()
        if door_id is not None:
            self.info.value = self.describe_door(door_id)
        elif self.hovered is not None and self.selected is None:
            self.info.value = self.describe(self.hovered)
        elif self.selected is not None:
            self.info.value = self.describe(self.selected)

    def select(self, sid: Optional[str]) -> None:
        """Select a square as a click (or the dropdown) does."""
        sid = self.board.square_id(sid) if sid is not None else None
        self.selected = sid
        if chosen(self.square_picker.value) != sid:
            set_choice(self.square_picker, sid)
        with hold_canvas():
            self._draw_hover()
        self.info.value = self.describe(sid) if sid else self._help_text()
        if sid is not None:
            for cb in self._click_cbs:
                cb(sid)

    def click(self, sid: Union[str, int]) -> None:
        """What a mouse click on square `sid` does: select it, or deselect it if already selected."""
        sid = self.board.square_id(sid)
        self.select(None if sid == self.selected else sid)

    def click_door(self, door_id: str) -> None:
        """What a mouse click on door `door_id` does (when doors are clickable)."""
        if door_id not in self.board.doors:
            raise KeyError(f"there is no door {door_id!r} on this map")
        for cb in self._door_cbs:
            cb(door_id)
        if self.hovered_door == door_id:
            self.info.value = self.describe_door(door_id)

    def square_at(self, x: float, y: float) -> Optional[str]:
        """The square under a scene pixel (None outside the mall or exactly on a side)."""
        return square_at(self.board, self.frame, x, y)

    def door_at(self, x: float, y: float) -> Optional[str]:
        """The door (not a main door) within DOOR_REACH grid units of a scene pixel, or None."""
        gx, gy = self.frame.to_grid(x, y)
        best, best_d = None, DOOR_REACH
        for door in self.board.doors.values():
            if door.kind == "main":
                continue
            s = door.seg
            # distance from the point to an axis-aligned segment
            dx = max(float(min(s.x0, s.x1)) - gx, 0.0, gx - float(max(s.x0, s.x1)))
            dy = max(float(min(s.y0, s.y1)) - gy, 0.0, gy - float(max(s.y0, s.y1)))
            d = (dx * dx + dy * dy) ** 0.5
            if d <= best_d:
                best, best_d = door.id, d
        return best

    def _scene_point(self, x: float, y: float) -> tuple[float, float]:
        """Canvas pixels (what ipycanvas reports) to scene pixels."""
        return x / self.density, y / self.density

    def _mouse_move(self, x: float, y: float) -> None:
        x, y = self._scene_point(x, y)
        if self._door_cbs:
            self.hover_door(self.door_at(x, y))
        self.hover(self.square_at(x, y))

    def _mouse_out(self, x: float, y: float) -> None:
        if self._door_cbs:
            self.hover_door(None)
        self.hover(None)

    def _mouse_down(self, x: float, y: float) -> None:
        x, y = self._scene_point(x, y)
        if self._door_cbs:
            door = self.door_at(x, y)
            if door is not None:
                self.click_door(door)
                return
        sid = self.square_at(x, y)
        if sid is not None:
            self.click(sid)

    def _picked(self, change) -> None:
        new = chosen(change["new"])
        if new != self.selected:
            self.select(new)
