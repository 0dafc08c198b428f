"""The interactive map: an ipycanvas MultiCanvas drawn from the shared scene.

Thin shell (DESIGN.md principle 1): it turns mouse events into square ids and draws shapes that
`dodnb.render.scene` computed. Layers, bottom to top: board (drawn once), tokens, overlay, hover.
Mouse events come only from the top layer (JUPYTER_TESTING.md). The hover layer is redrawn only when
the hovered square changes, and every redraw is batched (hold_canvas + array APIs).

Other widgets (line-of-sight explorer, game stepper) reuse this component: they subscribe with
`on_square_hover` / `on_square_click` and draw with `set_overlay` / `set_tokens`.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Callable, Iterable, Mapping, Optional, Sequence, Union

import ipywidgets as widgets
import numpy as np
from ipycanvas import MultiCanvas, hold_canvas

from dodnb.board.model import Board
from dodnb.render.scene import (
    STYLE,
    CircleShape,
    LineShape,
    RectShape,
    Scene,
    Shape,
    TextShape,
    board_scene,
    frame_for,
    outline_shapes,
    square_at,
    token_shapes,
)
from dodnb.render.svg import scene_to_svg

_BASELINE = {"top": "top", "middle": "middle", "bottom": "bottom"}
_ALIGN = {"start": "left", "middle": "center", "end": "right"}
FONT = "Liberation Sans, Arial, Helvetica, sans-serif"


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
        canvas.font = f"{'bold ' if s.bold else ''}{s.size:g}px {FONT}"
        canvas.fill_style = s.fill
        canvas.text_align = _ALIGN[s.anchor]
        canvas.text_baseline = _BASELINE[s.baseline]
        canvas.fill_text(s.text, s.x, s.y)
        calls += 1
    return calls


class MapView(widgets.VBox):
    """The mall on a canvas: hover a square to read it, click to select it.

    `view.selected` is the clicked square id (or None); `view.hovered` the square under the mouse.
    Keyboard users: `view.square_picker` is a dropdown that selects squares the same way.
    """

    LAYERS = ("board", "tokens", "overlay", "hover")

    def __init__(self, board: Optional[Board] = None, scale: float = 12.0, tokens: Optional[Mapping[str, Sequence[str]]] = None, **kwargs):
        if board is None:
            from dodnb.board.model import load_board

            board = load_board()
        self.board = board
        self.scene: Scene = board_scene(board, scale=scale)
        self.frame = frame_for(board, scale)
        self.canvas = MultiCanvas(len(self.LAYERS), width=int(round(self.scene.width)), height=int(round(self.scene.height)))
        self.canvas.layout.max_width = "100%"
        self.info = widgets.HTML(value=self._help_text())
        self.info.add_class("dodnb-info")
        options = [("— pick a square —", NO_CHOICE)] + [(self._label(i), i) for i in board.ids]
        self.square_picker = widgets.Dropdown(options=options, value=NO_CHOICE, description="Square:", layout=widgets.Layout(width="340px"))
        self.square_picker.observe(self._picked, names="value")
        self.tokens: dict[str, list[str]] = {k: list(v) for k, v in (tokens or {}).items()}
        self.overlay: list[Shape] = []
        self.hovered: Optional[str] = None
        self.selected: Optional[str] = None
        self._hover_cbs: list[Callable[[Optional[str]], None]] = []
        self._click_cbs: list[Callable[[str], None]] = []
        self.draw_calls = 0
        top = self.canvas[len(self.LAYERS) - 1]
        top.on_mouse_move(self._mouse_move)
        top.on_mouse_down(self._mouse_down)
        top.on_mouse_out(self._mouse_out)
        self.canvas.on_client_ready(self.redraw)
        super().__init__([self.canvas, widgets.HBox([self.square_picker]), self.info], **kwargs)
        self.redraw()

    # ----- text -------------------------------------------------------------------------------
    def _label(self, sid: str) -> str:
        return self.board.square(sid).describe()

    def _help_text(self) -> str:
        return "<i>Hover over a square to read it; click one to select it.</i>"

    def describe(self, sid: str) -> str:
        """What the info panel says about a square: id, where it is, doors, occupants."""
        sq = self.board.square(sid)
        parts = [f"<b>Square {sq.id}</b> — {sq.store or ('mall hall' if sq.is_hall else 'service corridor')}"]
        mains = [c for c, s in self.board.main_door_squares.items() if s == sq.id]
        if mains:
            parts.append(f"main door ({mains[0]}) [5.5], [13.5]")
        if sq.id == self.board.rifle_square:
            parts.append("hunting rifles start here [3.2]")
        if sq.zombie_symbol:
            parts.append("zombie placement symbol [3.1]")
        if sq.character_symbol:
            parts.append("character placement symbol [3.2]")
        occ = self.tokens.get(sq.id)
        if occ:
            parts.append("occupied by " + ", ".join(occ))
        return " · ".join(parts)

    # ----- drawing ----------------------------------------------------------------------------
    def _layer(self, name: str):
        return self.canvas[self.LAYERS.index(name)]

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
            board_layer.clear()
            self.draw_calls = draw_shapes(board_layer, self.scene.layer("board"))
            self._draw_tokens()
            self._draw_overlay()
            self._draw_hover()

    def _draw_tokens(self) -> None:
        layer = self._layer("tokens")
        layer.clear()
        draw_shapes(layer, token_shapes(self.board, self.tokens, self.frame))

    def _draw_overlay(self) -> None:
        layer = self._layer("overlay")
        layer.clear()
        draw_shapes(layer, self.overlay)

    def _draw_hover(self) -> None:
        layer = self._layer("hover")
        layer.clear()
        shapes: list[Shape] = []
        if self.selected:
            shapes += outline_shapes(self.board, [self.selected], self.frame, "#000000", 3.0, "hover")
        if self.hovered and self.hovered != self.selected:
            shapes += outline_shapes(self.board, [self.hovered], self.frame, STYLE["highlight"], 3.0, "hover")
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

    def clear_overlay(self) -> None:
        self.set_overlay([])

    def to_svg(self) -> str:
        """The view as static SVG: board, tokens and current overlay (for GitHub/nbviewer)."""
        scene = Scene(self.scene.width, self.scene.height, list(self.scene.shapes), self.scene.title)
        scene.add(*token_shapes(self.board, self.tokens, self.frame), *self.overlay)
        return scene_to_svg(scene)

    # ----- events -----------------------------------------------------------------------------
    def on_square_hover(self, callback: Callable[[Optional[str]], None]) -> None:
        self._hover_cbs.append(callback)

    def on_square_click(self, callback: Callable[[str], None]) -> None:
        self._click_cbs.append(callback)

    def hover(self, sid: Optional[str]) -> None:
        """Make `sid` the hovered square (what a mouse move does); no-op when unchanged."""
        sid = self.board.square_id(sid) if sid is not None else None
        if sid == self.hovered:
            return
        self.hovered = sid
        with hold_canvas():
            self._draw_hover()
        if sid is not None and self.selected is None:
            self.info.value = self.describe(sid)
        for cb in self._hover_cbs:
            cb(sid)

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

    def square_at(self, x: float, y: float) -> Optional[str]:
        return square_at(self.board, self.frame, x, y)

    def _mouse_move(self, x: float, y: float) -> None:
        self.hover(self.square_at(x, y))

    def _mouse_out(self, x: float, y: float) -> None:
        self.hover(None)

    def _mouse_down(self, x: float, y: float) -> None:
        sid = self.square_at(x, y)
        if sid is not None:
            self.click(sid)

    def _picked(self, change) -> None:
        new = chosen(change["new"])
        if new != self.selected:
            self.select(new)
