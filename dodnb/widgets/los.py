"""The line-of-sight explorer: pick a shooter, point at a target, see why [6.4], [6.3], [6.7], [6.8].

A thin shell (DESIGN.md principle 1) around one `MapView`: every verdict comes from
`dodnb.board.sight`, every shape from `dodnb.render.sight_overlay`, every probability from
`dodnb.prob`. This module only routes events and writes the panel.

How it is used:

* **Click** a square (or pick it in the *Shooter* list) to choose the shooter. Clicks then choose
  the target (the *Shooter / Target / Piece* buttons above the map say what a click sets).
* **Hover** over the map: the line from the shooter to the square under the mouse is drawn, green
  when in sight, red when not, with the squares it passes, the doors it passes and what blocks it.
  When the mouse leaves the map the line goes back to the chosen (clicked or listed) target.
* *Pieces in* (text box, or the *Piece* button and clicks) puts characters or zombie units on
  squares: a piece in a square between the two ends blocks sight [6.3]. **Click a door** on the map
  to close it (a glass door: again to break it, again to open it): a closed solid door blocks [6.4];
  a closed glass door costs 3 and is destroyed by the shot [6.7], [10.5].
* *Show every square the shooter sees* shades all of them (the squares whose zombies react [7.1]).

Only what changed is redrawn: the overlay and the panel when the target changes (hovering the same
square again does nothing), all in one batched canvas message (MapView.set_overlay).
"""

from __future__ import annotations

from dodnb.errors import InputError

import html
import time
from typing import Iterable, Mapping, Optional

import ipywidgets as widgets

from dodnb.board.model import Board, UnknownSquare
from dodnb.board.sight import NotInSight, Sight, SightError, line_of_sight, normalise_door_states
from dodnb.board.sighttable import sight_table
from dodnb.prob import kill_chance, unseen_values
from dodnb.prob.dist import fmt_fraction
from dodnb.i18n import check_language, fmt_percent, tr
from dodnb.render.picture import Picture
from dodnb.render.scene import STYLE
from dodnb.render.shapes import Scene, Shape, scene_to_svg
from dodnb.rules.modifiers import ShotModifiers, shot_modifiers
from dodnb.render.sight_overlay import (
    DARK,
    compose_scene,
    door_state_shapes,
    seen_shapes,
    shooter_shapes,
    sight_shapes,
)
from dodnb.render.words import and_list, culprit_words, door_state_words, door_words, modifier_words, reason_title, square_words, why
from dodnb.widgets.mapview import NO_CHOICE, MapView, chosen, set_choice
from dodnb.widgets.still import StillMixin

__all__ = ["LOSExplorer", "FIRE_OPTIONS", "ExplorerError"]

# Who is shooting: key -> (list label, short name, dice rolled, guns), the labels in English (the
# widget shows the catalogue's "los.fire.<key>" and "los.who.<key>"). Dice per character [6.6];
# characters shooting together add their dice, three at most, and the modifier counts per gun [6.8].
_FIRE = {"one": (1, 1), "two": (2, 1), "steve+fran": (2, 2), "peter+steve": (3, 2), "peter+roger": (3, 2), "three": (3, 3), "four": (3, 4)}
FIRE_OPTIONS = {key: (tr(f"los.fire.{key}", "en"), tr(f"los.who.{key}", "en"), dice, guns) for key, (dice, guns) in _FIRE.items()}

MODES = ("shooter", "target", "piece")
#: The Zombie Value list's "unknown (face down)" entry [7.7].
UNKNOWN = "unknown"


class ExplorerError(InputError):
    """Bad input to the explorer (a square, a door, a state); the message names the value."""


def _minus(n: int) -> str:
    return f"{n:+d}".replace("-", "\u2212") if n else "0"


class LOSExplorer(StillMixin, widgets.VBox):
    """Interactive line of sight on a mall board [6.4], with distance, modifiers and kill odds [6.7].

    Plain attributes for code and tests: `shooter`, `target` (square ids or None), `pinned` (the
    chosen target the line returns to), `sight` (the current `Sight` or None), `modifiers` (the
    `ShotModifiers` when in sight, else None), `kill` (Fraction or None), `occupied` (frozenset of
    square ids holding a piece), `door_states` (door id -> state, only doors not open), `panel`
    (the HTML widget; `text` is the same content as plain text), `map` (the MapView), `redraws`
    (overlay redraw count) and `last_update_ms` (Python time of the last update).
    """

    def __init__(
        self,
        board: Optional[Board] = None,
        shooter=None,
        target=None,
        occupied: Iterable = (),
        door_states: Optional[Mapping[str, str]] = None,
        fire: str = "two",
        value: Optional[int] = None,
        show_seen: bool = False,
        scale: float = 12.0,
        lang: Optional[str] = None,
        **kwargs,
    ):
        self.lang = lang = check_language(lang)
        if board is None:
            from dodnb.board.model import load_board

            board = load_board()
        self.board = board
        self.map = MapView(board, scale=scale, lang=lang)
        self.map.square_picker.layout.display = "none"  # replaced by the Shooter / Target lists below
        self.frame = self.map.frame
        self.shooter: Optional[str] = None
        self.target: Optional[str] = None
        self.pinned: Optional[str] = None
        self.sight: Optional[Sight] = None
        self.modifiers: Optional[ShotModifiers] = None
        self.kill = None
        self.occupied: frozenset = frozenset()
        self.door_states: dict[str, str] = {}
        self.redraws = 0
        self.last_update_ms: Optional[float] = None
        self.text = ""
        self.seen: Optional[frozenset] = None
        self._tokens: list[Shape] = []
        self._guard = False
        self._base: list[Shape] = []
        self._values = tuple(unseen_values().outcomes)

        # ---- controls
        self.mode = widgets.ToggleButtons(
            options=[(tr(f"los.mode.{m}", lang), m) for m in MODES],
            value="shooter",
            tooltips=[tr(f"los.tip.{m}", lang) for m in MODES],
            style={"button_width": "84px"},
        )
        squares = [(tr("map.pick_square", lang), NO_CHOICE)] + [(square_words(board, i, lang), i) for i in board.ids]
        self.shooter_picker = widgets.Dropdown(options=squares, value=NO_CHOICE, description=tr("los.shooter", lang), layout=widgets.Layout(width="330px"))
        self.target_picker = widgets.Dropdown(options=squares, value=NO_CHOICE, description=tr("los.target", lang), layout=widgets.Layout(width="330px"))
        self.swap_button = widgets.Button(description=tr("los.swap", lang), tooltip=tr("los.swap_tip", lang), layout=widgets.Layout(width="auto"))
        self.seen_toggle = widgets.Checkbox(value=bool(show_seen), description=tr("los.show_seen", lang), indent=False, layout=widgets.Layout(width="330px"))
        self.pieces_box = widgets.Text(value="", description=tr("los.pieces", lang), placeholder=tr("los.pieces_hint", lang), continuous_update=False, layout=widgets.Layout(width="330px"))
        self.doors_note = widgets.HTML(value="")
        self.doors_note.add_class("dodnb-doors")
        self.open_doors_button = widgets.Button(description=tr("los.open_doors", lang), tooltip=tr("los.open_doors_tip", lang), layout=widgets.Layout(width="auto"))
        self.fire = widgets.Dropdown(options=[(tr(f"los.fire.{key}", lang), key) for key in FIRE_OPTIONS], value=fire, description=tr("los.shooting", lang), layout=widgets.Layout(width="430px"))
        self.value = widgets.Dropdown(
            # not None for "unknown": ipywidgets shows an empty box for the value None
            options=[(tr("los.unknown_value", lang), UNKNOWN)] + [(str(v), v) for v in self._values],
            value=UNKNOWN if value is None else value,
            description=tr("los.zombie_value", lang),
            style={"description_width": "initial"},
            layout=widgets.Layout(width="260px"),
        )
        self.message = widgets.HTML(value="")
        self.panel = widgets.HTML(value="")
        self.panel.add_class("dodnb-los-panel")

        # ---- events
        self.map.on_square_click(self._on_click)
        self.map.on_square_hover(self._on_hover)
        self.map.square_picker.observe(self._on_map_pick, names="value")
        self.shooter_picker.observe(lambda ch: self._unless_guard(self.set_shooter, chosen(ch["new"])), names="value")
        self.target_picker.observe(lambda ch: self._unless_guard(self.set_target, chosen(ch["new"])), names="value")
        self.swap_button.on_click(lambda _b: self.swap())
        self.seen_toggle.observe(lambda ch: self._unless_guard(self.show_seen, ch["new"]), names="value")
        self.pieces_box.observe(self._on_pieces_text, names="value")
        self.map.on_door_click(lambda did: self._try(self.click_door, did))
        self.open_doors_button.on_click(lambda _b: self._try(self.open_all_doors))
        self.fire.observe(lambda ch: self._update(draw=False), names="value")
        self.value.observe(lambda ch: self._update(draw=False), names="value")

        rows = [
            widgets.HBox([widgets.Label(tr("los.click_sets", lang)), self.mode, self.swap_button]),
            widgets.HBox([self.shooter_picker, self.target_picker, self.seen_toggle]),
            widgets.HBox([self.pieces_box, self.open_doors_button, self.doors_note]),
            widgets.HBox([self.fire, self.value]),
            self.message,
        ]
        super().__init__([*rows, self.map, self.panel], **kwargs)

        # ---- initial state (checked like user input)
        with self._guarded():
            if occupied:
                self.set_pieces(occupied)
            for did, state in (door_states or {}).items():
                self.set_door(did, state)
        if shooter is not None:
            self.set_shooter(shooter)
        if target is not None:
            self.set_target(target)
        self._write_doors_note()
        self._rebuild_base()
        self._update()

    # ------------------------------------------------------------------ small helpers
    class _Guard:
        def __init__(self, owner):
            self.owner = owner

        def __enter__(self):
            self.prev = self.owner._guard
            self.owner._guard = True

        def __exit__(self, *exc):
            self.owner._guard = self.prev

    def _guarded(self):
        """While inside, widget changes made by the explorer itself are not taken as user input."""
        return self._Guard(self)

    def _unless_guard(self, fn, arg):
        if not self._guard:
            self._try(fn, arg)

    def _try(self, fn, *args):
        """Run a user action; a bad value is shown in red instead of raising inside the event loop."""
        try:
            fn(*args)
            self.message.value = ""
        except (ExplorerError, SightError, UnknownSquare) as err:
            self.message.value = f'<span style="color:{STYLE["blocked"]}">{html.escape(str(err))}</span>'

    def _sid(self, value) -> Optional[str]:
        return None if value is None else self.board.square_id(value)

    def _select_on_map(self, sid: Optional[str]) -> None:
        """Keep the MapView's selection (black outline, info text) on the shooter."""
        if self.map.selected != sid:
            with self._guarded():
                self.map.select(sid)

    # ------------------------------------------------------------------ public actions
    def set_shooter(self, sid) -> None:
        """The shooter's square (None clears it). Clicks then set targets."""
        sid = self._sid(sid)
        self.shooter = sid
        if chosen(self.shooter_picker.value) != sid:
            with self._guarded():
                set_choice(self.shooter_picker, sid)
        self._select_on_map(sid)
        if sid is None:  # no shooter, no target: the Target list (cleared below) must not hide a pinned one
            self.target = None
            self.pinned = None
        else:
            hovered = self.map.hovered
            if self.pinned is not None:
                self.target = self.pinned
            elif hovered is not None and hovered != sid:
                self.target = hovered
            else:
                self.target = None
            if self.mode.value == "shooter":
                with self._guarded():
                    self.mode.value = "target"
        self._show_target()
        self._rebuild_base()
        self._update()

    def set_target(self, sid) -> None:
        """Choose (pin) the target: the line comes back to it when the mouse leaves the map."""
        sid = self._sid(sid)
        self.pinned = sid
        if chosen(self.target_picker.value) != sid:
            with self._guarded():
                set_choice(self.target_picker, sid)
        if sid is None:
            hovered = self.map.hovered
            sid = hovered if hovered is not None and self.shooter is not None else None
        if sid != self.target:
            self.target = sid
            self._update()
        self._show_target()

    def hover(self, sid) -> None:
        """What moving the mouse onto square `sid` does (None: the mouse left the map)."""
        self.map.hover(sid)

    def click(self, sid) -> None:
        """What a mouse click at the centre of square `sid` does (it goes through the MapView)."""
        self.map.click(sid)

    def swap(self) -> None:
        """Exchange shooter and target; sight is the same both ways [6.4], the culprit may differ."""
        if self.shooter is None or self.target is None:
            return
        old_shooter, old_target = self.shooter, self.target
        with self._guarded():
            self.pinned = old_shooter
            set_choice(self.target_picker, old_shooter)
        self.set_shooter(old_target)

    def show_seen(self, on: bool = True) -> None:
        """Shade every square within the shooter's sight [6.4] (sight_table(...).visible_from)."""
        if self.seen_toggle.value != bool(on):
            with self._guarded():
                self.seen_toggle.value = bool(on)
        self._rebuild_base()
        self._update()

    def set_pieces(self, squares: Iterable) -> None:
        """Squares holding a character or zombie unit: they block lines through them [6.3]."""
        if isinstance(squares, (str, int)):
            squares = self._parse(str(squares))
        occ = frozenset(self.board.square_id(s) for s in squares)
        self.occupied = occ
        text = ", ".join(sorted(occ))
        if self.pieces_box.value != text:
            with self._guarded():
                self.pieces_box.value = text
        self.map.set_tokens({s: ["zombie"] for s in sorted(occ)})
        self._rebuild_base()
        self._update()

    def toggle_piece(self, sid) -> None:
        sid = self.board.square_id(sid)
        self.set_pieces(self.occupied ^ {sid})

    def set_door(self, door_id: str, state: str) -> None:
        """Open, close or destroy a door [3.3], [6.4], [10.5]; checked like any door state."""
        door = self.board.doors.get(door_id)
        if door is None:
            raise ExplorerError(tr("los.no_door", self.lang, door=repr(door_id)))
        if door.kind == "main":
            raise ExplorerError(tr("los.main_door", self.lang, door=door_id))
        states = dict(self.door_states)
        states[door_id] = state
        normalise_door_states(self.board, states)  # raises for a bad state, or a solid door "destroyed" [10.4]
        if state == "open":
            states.pop(door_id)
        self.door_states = states
        self.map.door_states = states
        self._write_doors_note()
        self._rebuild_base()
        self._update()

    def click_door(self, door_id: str) -> None:
        """What a click on a door does: the next state, open -> closed (-> destroyed for glass) -> open."""
        door = self.board.doors.get(door_id)
        if door is None:
            raise ExplorerError(tr("los.no_door", self.lang, door=repr(door_id)))
        cycle = ["open", "closed", "destroyed"] if door.kind == "glass" else ["open", "closed"]
        now = self.door_states.get(door_id, "open")
        self.set_door(door_id, cycle[(cycle.index(now) + 1) % len(cycle)])

    def open_all_doors(self) -> None:
        self.door_states = {}
        self.map.door_states = {}
        self._write_doors_note()
        self._rebuild_base()
        self._update()

    def _write_doors_note(self) -> None:
        if not self.door_states:
            self.doors_note.value = f"<i>{html.escape(tr('los.click_door', self.lang))}</i>"
            return
        lang = self.lang
        items = [f"{door_words(self.board, d, lang=lang)} {door_state_words(d, self.door_states, lang)}" for d in sorted(self.door_states)]
        self.doors_note.value = html.escape(tr("los.doors_not_open", lang, doors=and_list(items, lang)))

    # ------------------------------------------------------------------ events from the map and boxes
    def _on_click(self, sid: str) -> None:
        if self._guard:
            return
        mode = self.mode.value
        if mode == "shooter" or (self.shooter is None and mode == "target"):
            self._try(self.set_shooter, sid)
            return
        self._select_on_map(self.shooter)  # the click moved the MapView's selection: put it back
        if mode == "target":
            self._try(self.set_target, sid)
        else:
            self._try(self.toggle_piece, sid)

    def _on_map_pick(self, change) -> None:
        """The MapView deselected its square: the user clicked the selected square (the shooter)."""
        if self._guard or chosen(change["new"]) is not None or self.shooter is None:
            return
        mode = self.mode.value
        if mode == "shooter":
            self._try(self.set_shooter, None)
            return
        shooter = self.shooter
        self._select_on_map(shooter)
        if mode == "target":
            self._try(self.set_target, shooter)
        else:
            self._try(self.toggle_piece, shooter)

    def _on_hover(self, sid: Optional[str]) -> None:
        if self.shooter is None:
            return
        new = sid if sid is not None else (self.pinned if self.pinned is not None else self.target)
        if new == self.target:
            return  # nothing changed: no redraw
        self.target = new
        self._show_target()
        self._update()

    def _show_target(self) -> None:
        """The Target list always names the square the panel describes (hovered, else chosen)."""
        if chosen(self.target_picker.value) != self.target:
            with self._guarded():
                set_choice(self.target_picker, self.target)

    def _parse(self, text: str) -> list[str]:
        return [t for t in text.replace(",", " ").replace(";", " ").split() if t]

    def _on_pieces_text(self, change) -> None:
        if self._guard:
            return
        self._try(self.set_pieces, self._parse(change["new"]))

    # ------------------------------------------------------------------ drawing
    def _rebuild_base(self) -> None:
        """Shapes that depend on the shooter, pieces and doors but not on the target (cached)."""
        base = door_state_shapes(self.board, self.door_states, self.frame)
        self.seen = None
        if self.shooter is not None and self.seen_toggle.value:
            table = sight_table(self.board, self.door_states)
            self.seen = table.visible_from(self.shooter, self.occupied)
            base += seen_shapes(self.board, self.shooter, self.seen, self.frame)
        self._base = base
        self._tokens = self.map.token_shapes({s: ["zombie"] for s in sorted(self.occupied)})

    def overlay_shapes(self) -> list[Shape]:
        """Everything drawn over the map for the current state, in drawing order."""
        shapes = list(self._base)
        if self.sight is not None:
            shapes += sight_shapes(self.board, self.sight, self.frame, door_states=self.door_states)
        elif self.shooter is not None:
            shapes += shooter_shapes(self.board, self.shooter, self.frame)
        return shapes + self._tokens  # pieces on top: a tinted square still shows its piece [6.3]

    def _update(self, draw: bool = True) -> None:
        t0 = time.perf_counter()
        if self.shooter is not None and self.target is not None:
            self.sight = line_of_sight(self.board, self.shooter, self.target, occupied=self.occupied, door_states=self.door_states)
            try:
                self.modifiers = shot_modifiers(self.board, self.shooter, self.target, door_states=self.door_states, occupied=self.occupied)
            except NotInSight:
                self.modifiers = None
        else:
            self.sight = None
            self.modifiers = None
        self.kill = None
        if self.modifiers is not None:
            _, _, dice, guns = FIRE_OPTIONS[self.fire.value]
            self.kill = kill_chance(dice, self.modifiers.reduction * guns, self.zombie_value)  # [6.0], [6.8]
        self._write_panel()
        if draw:
            self.map.set_overlay(self.overlay_shapes())
            self.redraws += 1
        self.last_update_ms = (time.perf_counter() - t0) * 1000

    @property
    def zombie_value(self) -> Optional[int]:
        """The target's Zombie Value, None when unknown (face down) [7.7]."""
        return None if self.value.value == UNKNOWN else self.value.value

    # ------------------------------------------------------------------ the panel
    def lines(self) -> list[tuple[str, str]]:
        """The panel as (kind, text) lines; kind is 'head-ok', 'head-no', 'text' or 'item'."""
        lang = self.lang
        out: list[tuple[str, str]] = []
        if self.shooter is None:
            out.append(("text", tr("los.start", lang)))
            return out
        if self.seen is not None:
            out.append(("text", tr("los.sees", lang, shooter=self.shooter, n=len(self.seen) - 1)))
        s = self.sight
        if s is None:
            out.append(("text", tr("los.pick_target", lang, shooter=self.shooter)))
            return out
        a, b = s.a, s.b
        if s.visible:
            out.append(("head-ok", tr("los.in_sight", lang, a=a, b=b)))
        else:
            out.append(("head-no", tr("los.not_in_sight", lang, a=a, b=b, title=reason_title(s.reason, lang), case=s.case)))
            out.append(("text", tr("los.why", lang, why=why(self.board, s, door_states=self.door_states, lang=lang))))
            others = [o for o in s.obstacles if not (o.reason == s.reason and o.culprit == s.culprit)]
            if others:
                items = "; ".join(f"{culprit_words(self.board, s, o, self.door_states, lang)} {o.case}" for o in others[:4])
                if len(others) > 4:
                    items += "; " + tr("los.and_more", lang, n=len(others) - 4)
                out.append(("text", tr("los.also", lang, items=items)))
        if a == b:
            out.append(("text", tr("los.same_square", lang)))
        else:
            path = " \u2192 ".join(s.squares)
            doors = and_list([door_words(self.board, d, self.door_states, state=True, lang=lang) for d in s.doors], lang)
            out.append(("text", tr("los.passes_doors", lang, path=path, doors=doors) if doors else tr("los.passes_no_door", lang, path=path)))
            if s.distance is not None:
                out.append(("text", tr("los.distance", lang, n=s.distance)))
        _, _, dice, guns = FIRE_OPTIONS[self.fire.value]
        who = tr(f"los.who.{self.fire.value}", lang)
        m = self.modifiers
        if m is None or self.kill is None:
            out.append(("text", tr("los.no_shot", lang)))
            return out
        out.append(("text", tr("los.modifier_head", lang)))
        for line in m.lines:
            label, note = modifier_words(self.board, line, lang)
            out.append(("item", tr("mod.line", lang, label=label, value=_minus(line.value), case=line.case) + (f" \u2014 {note}" if note else "")))
        total = m.for_guns(guns)
        if guns > 1:
            out.append(("text", tr("los.total_guns", lang, total=_minus(m.total), guns=guns, all=_minus(total))))
        else:
            out.append(("text", tr("los.total", lang, total=_minus(m.total))))
        value = self.zombie_value
        against = tr("los.against_unknown", lang) if value is None else tr("los.against_value", lang, value=value)
        odds = f"{fmt_fraction(self.kill)} = {fmt_percent(self.kill, 1, lang)}" if self.kill else tr("los.impossible", lang)
        out.append(("text", tr("los.kill", lang, who=who, dice=dice, total=_minus(total), against=against, odds=odds)))
        if m.panic_check:
            out.append(("text", tr("los.panic_first", lang)))
        if b in self.occupied and a != b:
            out.append(("text", tr("los.piece_at_target", lang, b=b)))
        return out

    def _write_panel(self) -> None:
        lines = self.lines()
        self.text = "\n".join(("  \u2022 " + t) if k == "item" else t for k, t in lines)
        parts = []
        items: list[str] = []

        def flush():
            if items:
                parts.append("<ul style='margin:2px 0 2px 0'>" + "".join(f"<li>{i}</li>" for i in items) + "</ul>")
                items.clear()

        for kind, text in lines:
            t = html.escape(text)
            if kind == "item":
                items.append(t)
                continue
            flush()
            if kind == "head-ok":
                parts.append(f"<div style='font-size:1.15em;font-weight:bold;color:{STYLE['visible']}'>{t}</div>")
            elif kind == "head-no":
                parts.append(f"<div style='font-size:1.15em;font-weight:bold;color:{STYLE['blocked']}'>{t}</div>")
            else:
                parts.append(f"<div>{t}</div>")
        flush()
        self.panel.value = "<div style='line-height:1.45'>" + "".join(parts) + "</div>"

    # ------------------------------------------------------------------ static fallback
    def scene(self) -> Scene:
        """The current view as a scene: map, pieces, overlay and the panel's text as a caption."""
        colour = {"head-ok": STYLE["visible"], "head-no": STYLE["blocked"]}
        caption = [(("\u2022 " + t) if k == "item" else t, colour.get(k, DARK)) for k, t in self.lines()]
        overlay = list(self._base) + (sight_shapes(self.board, self.sight, self.frame, door_states=self.door_states) if self.sight else (shooter_shapes(self.board, self.shooter, self.frame) if self.shooter else []))
        tokens = {s: ["zombie"] for s in sorted(self.occupied)}
        title = tr("los.title", self.lang)
        return compose_scene(self.board, overlay, caption, self.frame, self.map.scene, tokens, None, title, "seen" if self.seen is not None and self.sight is None else "sight", lang=self.lang)

    def to_svg(self) -> str:
        """Static SVG of what the explorer shows now (for GitHub, nbviewer, print)."""
        return scene_to_svg(self.scene())

    def picture(self) -> Picture:
        """What the explorer shows now, as a notebook picture (PNG; renders in untrusted notebooks)."""
        scene = self.scene()
        return Picture(scene_to_svg(scene), scene.description or scene.title)

    def still_html(self) -> str:
        """Stored beside the widget: what GitHub, nbviewer or a reopened notebook shows (widgets/still.py)."""
        return self.picture().html()

    def __repr__(self) -> str:
        return f"LOSExplorer(shooter={self.shooter!r}, target={self.target!r}, occupied={sorted(self.occupied)!r}, door_states={dict(sorted(self.door_states.items()))!r})"
