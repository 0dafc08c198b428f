"""The rendering knobs, in one place: a normal style and a projector style.

`dodnb.projector()` switches every widget built afterwards and every picture drawn afterwards to
the projector style (`dodnb.projector(False)` back). The scenes (`dodnb.render.scene`,
`state_scene`, the overlays, charts and tree) and the widgets' layouts read `current()`; no other
module states a size a learner sees on the map.

What the sizes are for (measured in the real-browser test, tests/browser/test_lab.py, at a
1400 x 900 window; a font of F px draws digits about 0.7 F px tall, see JUPYTER_TESTING.md):

- normal: the notebook as a pupil sees it, the file browser open: the live map is shown at about
  0.88 of its scene size (968 px wide), square ids >= 10 px digits; pictures (PNG) at 0.83.
- projector: the teacher's screen, the file browser closed (Ctrl+B, *View > Left Sidebar*): the live
  map is shown at about 1.1 of its scene size, square ids >= 14 px digits, pieces >= 24 px across.
  A hall square (2 x 2 grid units) is then about 27 px wide on screen: its three-digit id fits at
  14 px (narrow font, squeezed to at most `id_squeeze`), never running into its neighbour's.

Imports nothing from dodnb (the bottom of the render layer, beside `shapes`).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Style", "NORMAL", "PROJECTOR", "current", "use_projector", "projector_on"]


@dataclass(frozen=True)
class Style:
    name: str
    # ----- the live (canvas) map, in scene px (the canvas shows them at ~0.88 normal, ~1.1 projector)
    #: square ids (narrow font); a square too narrow for its id gets it squeezed to `id_squeeze`
    #: of its natural width, then set smaller; never wider than the square less `id_gap`
    canvas_id_size: float
    #: store names and legend
    canvas_label_size: float
    #: pieces' discs (radius)
    canvas_token_radius: float
    # ----- pictures (PNG/SVG, shown at ~0.83 of their size in a notebook)
    #: square ids of a picture at scale 12 (None: 1.05 x scale)
    still_id_size: float | None
    #: store names and legend of a picture
    still_label_size: float
    #: pieces' discs (radius) of a game picture at scale 12
    still_token_radius: float
    #: pieces' discs (radius) of the sight pictures (render/sight_overlay.py) at scale 12
    overlay_token_radius: float
    #: the main doors' labels outside the mall ("North doors (004)")
    main_door_size: float
    # ----- shared
    #: the narrowest a square id is squeezed to (canvas only: a picture cannot squeeze its text)
    id_squeeze: float = 0.85
    #: px left free between a square id and the square's right side (ids never run together)
    id_gap: float = 3.0
    #: a square id smaller than this is not drawn (the square is too small to hold it)
    id_min: float = 7.0
    #: door ids on the map (a choice naming a door), in scene px
    door_label_size: float = 12.0
    # ----- widgets' layout
    #: the stepper's map: its widest (CSS); its panels' boxes (px): decision, choices, tabs
    stepper_map_max_width: str = "1000px"
    stepper_panel_height: int = 256
    stepper_choice_height: int = 110
    stepper_tab_height: int = 156
    stepper_log_height: int = 112
    #: the stepper's panels under its map: 2 columns (decision and choices | dice and tabs) or, at
    #: the projector's size, 3 (decision | choices | dice and tabs) with the map's square list and
    #: zoom on the controls' row and its hover line beside "why Step is greyed": the whole stepper
    #: within a 900-px screen while the map keeps the page's width (its ids >= 14 px)
    stepper_columns: int = 2
    #: calculators: the controls beside the table and chart (two columns) rather than above them
    calculator_columns: bool = False
    #: the decision tree's widest (px) and the font it is drawn in
    tree_max_width: float = 1100.0
    #: the LOS explorer's map, at most this wide (CSS), so the explanation stays on screen
    explorer_map_max_width: str = "100%"
    #: a widget's base font size (CSS) for panels written as HTML
    panel_font: str = "100%"


NORMAL = Style(
    name="normal",
    canvas_id_size=17.0,
    canvas_label_size=14.0,
    canvas_token_radius=6.5,
    still_id_size=None,
    still_label_size=14.5,
    still_token_radius=5.4,
    overlay_token_radius=5.2,
    main_door_size=10.0,
)

PROJECTOR = Style(
    name="projector",
    canvas_id_size=18.5,
    canvas_label_size=16.0,
    canvas_token_radius=11.0,
    still_id_size=17.0,
    still_label_size=17.0,
    still_token_radius=10.0,
    overlay_token_radius=10.0,
    main_door_size=13.0,
    id_squeeze=0.78,
    id_gap=2.5,
    door_label_size=16.0,
    stepper_map_max_width="100%",
    stepper_panel_height=300,
    stepper_choice_height=300,
    stepper_tab_height=206,
    stepper_log_height=168,
    stepper_columns=3,
    calculator_columns=True,
    tree_max_width=1250.0,
    explorer_map_max_width="100%",
    panel_font="115%",
)

_current = [NORMAL]


def current() -> Style:
    """The style every scene and widget built now follows."""
    return _current[0]


def use_projector(on: bool = True) -> Style:
    """Switch to the projector style (or back to normal); returns the style now in force."""
    _current[0] = PROJECTOR if on else NORMAL
    return _current[0]


def projector_on() -> bool:
    return _current[0] is PROJECTOR
