"""The position editor: set up a study position by clicking, then play on from it (issue 19).

A thin shell (DESIGN.md principle 1) over :class:`dodnb.Position`: every click builds a new
position, which checks itself (an illegal placement is refused with its Case, the position kept);
the map is the stepper's :class:`~dodnb.widgets.stepper.GameMap` drawing the position; "Play from
here" opens a :class:`~dodnb.widgets.stepper.GameStepper` on ``position.game(...)``.

What the teacher sees, top to bottom:

* the **tool palette**: a character (Peter, Roger, Steve, Fran), a zombie unit (its value, face up,
  berserk), a super zombie (whose counter), a hidden zombie square (two-player game), a square
  entered in the Human Player-Turn just ended (for a Zombie Player-Turn start), or the eraser;
  clicking a door cycles it open, closed, destroyed (glass); the four main doors have their own boxes;
* **where play starts** (the Human Player-Turn, a character about to act, or a phase of the Zombie
  Player-Turn with who moved), the kind of game, the victory check (off for a drill);
* the **map**; the **literal** (the one-line ``Position(...)``, to copy out or paste back);
* **Play from here**: the stepper, below, plays on from the edited position; **Hint** and **What can
  the zombies do?** play on to the humans' first decision and answer there in one click;
  **Exercise** makes a "which choice is best?" exercise of the edited position (the hint's question:
  the chance that nobody is hurt before the next Human Player-Turn, :func:`dodnb.exercises.best`,
  exact) and shows the pupils' page below.

The default position is a solitaire one [15.0], as the lessons are.

For code and tests: `set_tool(tool)`, `click(square)`, `click_door(door)`, `set_main_door(compass,
closed)`, `set_start(start, actor=..., actors=...)`, `paste(text)`, `play()`, `hint()`, `zombie_odds()`,
`exercise()`; `position` is the
current :class:`~dodnb.Position`, `message` the last message, `literal` the text of the position.
"""

from __future__ import annotations

import html
from dataclasses import replace
from typing import Any, Optional

import ipywidgets as widgets

from dodnb import exercises, i18n
from dodnb.errors import DodnbError, RuleViolation
from dodnb.i18n import tr
from dodnb.prob.bestplay import Budget, goals
from dodnb.prob.enumerate import TooBig
from dodnb.render.narrate import violation_text
from dodnb.render.picture import picture
from dodnb.render.scene import outline_shapes
from dodnb.render.state_scene import game_scene
from dodnb.rules.counters import CHARACTERS
from dodnb.rules.position import STARTS, Position
from dodnb.rules.state import GameState
from dodnb.widgets.exercise import ExerciseWidget
from dodnb.widgets.stepper import PLAYS, GameMap, GameStepper, policies_for
from dodnb.widgets.still import StillMixin

__all__ = ["PositionEditor", "TOOLS"]

#: The palette: one tool per kind of piece, plus the squares entered and the eraser.
TOOLS = ("Peter", "Roger", "Steve", "Fran", "unit", "super", "hidden", "entered", "erase")
HIDDEN_COLOUR = "#6a1b9a"  # hidden zombie squares [3.1]
ENTERED_COLOUR = "#1565c0"  # squares entered in the Human Player-Turn just ended [7.0] 1
#: Door states a click cycles through, by kind of door [5.5], [10.5].
CYCLE = {"glass": ("open", "closed", "destroyed"), "solid": ("open", "closed")}
STATUSES = ("normal", "stunned", "infected")
#: The exercise's search: exact or refused (a position too big for a lesson says so).
EXERCISE_BUDGET = Budget(nodes=200_000, seconds=20)


class PositionEditor(StillMixin, widgets.VBox):
    """Place and remove pieces by clicking, choose where play starts, play on (see the module)."""

    def __init__(self, position: Optional[Position] = None, *, lang: Optional[str] = None, seed: int = 1, **kwargs):
        self._syncing = False
        self.lang = i18n.check_language(lang)
        self.position = position if position is not None else Position(characters={"Peter": "099"}, solitaire=True)
        self.message = ""
        self.stepper: Optional[GameStepper] = None
        self.seed = seed
        lay = widgets.Layout
        lang = self.lang
        # ----- palette
        self.tool = widgets.ToggleButtons(options=[(self._tool_label(t), t) for t in TOOLS], value="unit",
                                          style={"button_width": "auto"}, layout=lay(flex_flow="row wrap"))
        self.tool.add_class("dodnb-editor-tools")
        self.value = widgets.BoundedIntText(value=3, min=1, max=9, description=tr("editor.value", lang), layout=lay(width="130px"),
                                          style={"description_width": "auto"})
        self.face_up = widgets.Checkbox(value=False, description=tr("editor.face_up", lang), indent=False, layout=lay(width="auto", margin="0 14px 0 0"))
        self.berserk = widgets.Checkbox(value=False, description=tr("editor.berserk", lang), indent=False, layout=lay(width="auto", margin="0 14px 0 0"))
        self.status = widgets.Dropdown(options=[(i18n.term("status", s, lang), s) for s in STATUSES], value="normal",
                                       description=tr("editor.status", lang), layout=lay(width="200px"), style={"description_width": "auto"})
        self.rifle = widgets.Checkbox(value=False, description=tr("editor.rifle", lang), indent=False, layout=lay(width="auto", margin="0 14px 0 0"))
        self.super_of = widgets.Dropdown(options=list(CHARACTERS), value="Steve", description=tr("editor.super_of", lang),
                                     layout=lay(width="240px"), style={"description_width": "auto"})
        self.main_doors = {c: widgets.Checkbox(value=False, description=tr("editor.main_door", lang, compass=c), indent=False,
                                               layout=lay(width="auto"))
                           for c in sorted(self.position.board.main_doors)}
        # ----- where play starts, the game
        self.start = widgets.Dropdown(options=[(self._start_label(s), s) for s in STARTS], value=self.position.start,
                                      description=tr("editor.start", lang), layout=lay(width="380px"), style={"description_width": "auto"})
        self.actor = widgets.Text(value="", placeholder="Peter+Roger", description=tr("editor.actor", lang), layout=lay(width="260px"),
                                  style={"description_width": "auto"})
        self.solitaire = widgets.Checkbox(value=self.position.solitaire, description=tr("editor.solitaire", lang), indent=False, layout=lay(width="auto", margin="0 14px 0 0"))
        self.victory = widgets.Checkbox(value=self.position.victory_check, description=tr("editor.victory", lang), indent=False, layout=lay(width="auto", margin="0 14px 0 0"))
        self.play_picker = widgets.Dropdown(options=[(tr(f"stepper.play.{p}", lang), p) for p in PLAYS], value="human",
                                            description=tr("stepper.play", lang), layout=lay(width="280px"))
        # ----- map, literal, play
        self.map = GameMap(self._display_state(), lang=lang)
        self.map.canvas.add_class("dodnb-editor-map")
        self.message_box = widgets.HTML()
        self.message_box.add_class("dodnb-message")
        self.literal_box = widgets.Textarea(layout=lay(width="100%", height="60px"))
        self.literal_box.add_class("dodnb-editor-literal")
        self.paste_button = widgets.Button(description=tr("editor.paste", lang), icon="upload", layout=lay(width="auto"))
        self.play_button = widgets.Button(description=tr("editor.play", lang), icon="play", button_style="success", layout=lay(width="auto"))
        self.hint_button = widgets.Button(description=tr("editor.hint", lang), icon="lightbulb-o", layout=lay(width="auto"))
        self.odds_button = widgets.Button(description=tr("editor.odds", lang), icon="question", layout=lay(width="auto"))
        self.exercise_button = widgets.Button(description=tr("editor.exercise", lang), icon="graduation-cap", layout=lay(width="auto"),
                                              tooltip=tr("editor.exercise.tip", lang))
        self.exercise_button.add_class("dodnb-editor-exercise")
        self.exercise_widget: Optional[ExerciseWidget] = None
        self.play_box = widgets.VBox([])

        # wiring
        self.map.on_square_click(lambda sid: self._guard(self.click, sid))
        self.map.on_door_click(lambda door: self._guard(self.click_door, door))
        for c, box in self.main_doors.items():
            box.observe(lambda ch, c=c: None if self._syncing else self._guard(self.set_main_door, c, ch["new"]), names="value")
        self.start.observe(lambda ch: self._guard(self._start_changed), names="value")
        self.actor.observe(lambda ch: self._guard(self._start_changed), names="value")
        self.solitaire.observe(lambda ch: None if self._syncing else self._guard(self._toggle, "solitaire", ch["new"]), names="value")
        self.victory.observe(lambda ch: None if self._syncing else self._guard(self._toggle, "victory_check", ch["new"]), names="value")
        self.paste_button.on_click(lambda _b: self._guard(self.paste))
        self.play_button.on_click(lambda _b: self._guard(self.play))
        self.hint_button.on_click(lambda _b: self._guard(self.hint))
        self.odds_button.on_click(lambda _b: self._guard(self.zombie_odds))
        self.exercise_button.on_click(lambda _b: self._guard(self.exercise))

        unit_row = widgets.HBox([self.value, self.face_up, self.berserk, self.status, self.rifle, self.super_of],
                                layout=lay(flex_flow="row wrap", align_items="center"))
        door_row = widgets.HBox([widgets.HTML(html.escape(tr("editor.main_doors", lang)))] + list(self.main_doors.values()),
                                layout=lay(flex_flow="row wrap", align_items="center"))
        start_row = widgets.HBox([self.start, self.actor, self.solitaire, self.victory], layout=lay(flex_flow="row wrap", align_items="center"))
        play_row = widgets.HBox([self.play_picker, self.play_button, self.hint_button, self.odds_button, self.exercise_button, self.paste_button],
                                layout=lay(flex_flow="row wrap", align_items="center"))
        super().__init__([self.tool, unit_row, door_row, start_row, self.map, self.message_box, self.literal_box, play_row, self.play_box], **kwargs)
        self.add_class("dodnb-editor")
        self._sync_controls()
        self._refresh()

    # ------------------------------------------------------------------ words
    def _tool_label(self, tool: str) -> str:
        return tool if tool in CHARACTERS else tr(f"editor.tool.{tool}", self.lang)

    def _start_label(self, start: str) -> str:
        return tr(f"phase.long.{start}", self.lang)

    def _say(self, text: str, kind: str = "info") -> None:
        self.message = text
        colour = "#c62828" if kind == "error" else "#333333"
        self.message_box.value = f"<span style='color:{colour}'>{html.escape(text)}</span>" if text else ""

    def _guard(self, fn, *args: Any) -> None:
        """A refused click says why, in the editor's language and with its Case, and leaves the
        position as it was."""
        try:
            fn(*args)
        except RuleViolation as err:
            self._say(violation_text(err, self.lang), "error")
        except DodnbError as err:
            self._say(str(err), "error")

    # ------------------------------------------------------------------ the position
    @property
    def literal(self) -> str:
        """The one-line literal of the position (copy it out; `paste` reads it back)."""
        return repr(self.position)

    def _update(self, **changes: Any) -> Position:
        """The position with `changes` (checked: a refusal raises and keeps the old one)."""
        new = self.position.replace(**changes)
        self.position = new
        self._say("")
        self._refresh()
        return new

    def _toggle(self, field: str, value: bool) -> None:
        """A check box of the game: refused, it goes back to what the position says."""
        try:
            self._update(**{field: value})
        finally:
            self._sync_controls()

    def set_tool(self, tool: str) -> None:
        if tool not in TOOLS:
            raise ValueError(f"tool: one of {', '.join(TOOLS)}, not {tool!r}")
        self.tool.value = tool

    def click(self, square: Any) -> Position:
        """What a click on a square does with the tool in hand."""
        new = self._click(square)
        self.map.info.value = self.map.describe(self.position.board.square_id(square))  # what is there now
        return new

    def _click(self, square: Any) -> Position:
        p = self.position
        sq = p.board.square_id(square)
        tool = self.tool.value
        chars = p.characters
        supers = p.supers
        units = p.units
        if tool in CHARACTERS:
            here = chars.get(tool)
            where = here if isinstance(here, str) else (here or {}).get("square")
            if where == sq:  # a second click on him removes him
                chars.pop(tool)
                return self._update(characters=chars, **self._without_actor(tool))
            spec: dict[str, Any] = {"square": sq}
            if self.status.value != "normal":
                spec["status"] = self.status.value
            if self.rifle.value:  # Peter or Roger with a rifle is refused by [12.1], with its words
                spec["rifle"] = True
            supers.pop(tool, None)
            chars[tool] = sq if set(spec) == {"square"} else spec
            return self._update(characters=chars, supers=supers)
        if tool == "unit":
            spec = {"value": int(self.value.value)}
            if self.face_up.value:
                spec["face_up"] = True
            if self.berserk.value:
                spec["berserk"] = True
            want: Any = spec["value"] if set(spec) == {"value"} else spec
            if units.get(sq) == want:
                units.pop(sq)
            else:
                units[sq] = want
            return self._update(units=units)
        if tool == "super":
            name = self.super_of.value
            if supers.get(name) == sq:
                supers.pop(name)
            else:
                chars.pop(name, None)
                supers[name] = sq
            return self._update(characters=chars, supers=supers, **self._without_actor(name))
        if tool == "hidden":
            hidden = list(p.hidden)
            box = list(p.hidden_box)
            if sq in hidden:
                hidden.remove(sq)
                box = box[: max(len(hidden), 0)] if len(box) > len(hidden) else box
            else:
                hidden.append(sq)
                while len(box) < len(hidden):
                    box.append(int(self.value.value))  # [9.0] the unit drawn for it waits in the box
            return self._update(hidden=hidden, hidden_box=box)
        if tool == "entered":
            entered = list(p.entered)
            entered.remove(sq) if sq in entered else entered.append(sq)
            return self._update(entered=entered)
        # the eraser: everything in the square
        chars = {n: s for n, s in chars.items() if (s if isinstance(s, str) else s.get("square")) != sq}
        gone = [n for n in p.characters if n not in chars] + [n for n, s in supers.items() if s == sq]
        supers = {n: s for n, s in supers.items() if s != sq}
        units.pop(sq, None)
        hidden = [h for h in p.hidden if h != sq]
        box = list(p.hidden_box)[: len(hidden)] if len(p.hidden_box) > len(hidden) else list(p.hidden_box)
        changes: dict[str, Any] = dict(characters=chars, supers=supers, units=units, hidden=hidden, hidden_box=box,
                                       entered=[e for e in p.entered if e != sq], acted=[a for a in p.acted if a != sq])
        for n in gone:
            changes.update(self._without_actor(n, changes))
        return self._update(**changes)

    def _without_actor(self, name: str, changes: Optional[dict] = None) -> dict:
        """Removing a character also removes him from who acts or moved."""
        p = self.position
        actor = (changes or {}).get("actor", p.actor)
        actors = (changes or {}).get("actors", p.actors)
        actor_t = (actor,) if isinstance(actor, str) else tuple(actor)
        out: dict[str, Any] = {}
        if name in actor_t:
            out["actor"] = tuple(n for n in actor_t if n != name)
        if name in actors:
            out["actors"] = tuple(n for n in actors if n != name)
        return out

    def click_door(self, door: str) -> Position:
        """A click on a door cycles its state: open, closed, destroyed (glass doors only) [5.5], [10.5]."""
        p = self.position
        kind = p.board.doors[door].kind
        cycle = CYCLE.get(kind, ("open", "closed"))
        doors = p.doors
        now = doors.get(door, "open")
        nxt = cycle[(cycle.index(now) + 1) % len(cycle)] if now in cycle else "open"
        if nxt == "open":
            doors.pop(door, None)
        else:
            doors[door] = nxt
        return self._update(doors=doors)

    def set_main_door(self, compass: str, closed: bool) -> Position:
        """Close or open a main door [5.5] (the map's door clicks leave main doors alone)."""
        door = self.position.board.main_doors[compass].id
        doors = self.position.doors
        if closed:
            doors[door] = "closed"
        else:
            doors.pop(door, None)
        if doors == self.position.doors:
            return self.position
        new = self._update(doors=doors)
        self._sync_controls()
        return new

    def set_start(self, start: str, actor: Any = (), actors: Any = None) -> Position:
        """Where play starts: 'human' (with `actor` about to act) or a Zombie Player-Turn phase, after
        the Human Player-Turn in which `actors` moved (the squares entered: the 'entered' tool)."""
        p = self.position
        changes: dict[str, Any] = {"start": start}
        if start == "human":
            changes.update(actor=actor, actors=(), entered=(), acted=())
        else:
            changes.update(actor=(), actors=p.actors if actors is None else actors)
        new = self._update(**changes)
        self._sync_controls()
        return new

    def _start_changed(self) -> None:
        if self._syncing:
            return
        start = self.start.value
        text = self.actor.value.strip()
        if start == "human":
            self.set_start(start, actor=text)
        else:
            self.set_start(start, actors=text)

    def paste(self, text: Optional[str] = None) -> Position:
        """Read a pasted ``Position(...)`` literal back (the text box's by default)."""
        new = Position.parse(self.literal_box.value if text is None else text, board=self.position.board)
        self.position = new
        self._sync_controls()
        self._say(tr("editor.pasted", self.lang))
        self._refresh()
        return new

    # ------------------------------------------------------------------ playing on
    def play(self) -> GameStepper:
        """A stepper playing on from the position (the learner plays the side(s) picked)."""
        p = self.position
        kind = "solitaire" if p.solitaire else "two-player"
        human, zombie = policies_for(kind, self.play_picker.value)
        game = p.game(self.seed, human=human, zombie=zombie)
        self.stepper = GameStepper(game, lang=self.lang)
        self.play_box.children = [self.stepper]
        self.stepper.map.redraw()  # every layer again, now that the map sits in a displayed box
        self._say(tr("editor.playing", self.lang))
        return self.stepper

    def _play_to_decision(self) -> GameStepper:
        """Play on from the position (as Play from here) up to the learner's first decision."""
        stepper = self.play()
        stepper.play_to_decision()
        return stepper

    def hint(self):
        """One click from the position to the hint: play on to the humans' first decision and ask
        the stepper's hint there (exact in a small study position)."""
        stepper = self._play_to_decision()
        got = stepper.ask_hint()
        if got is None:
            self._say(tr("editor.no_decision", self.lang), "warning")
        return got

    def zombie_odds(self):
        """One click from the position to "What can the zombies do to me?" at the humans' first
        decision of a Human Player-Turn."""
        stepper = self._play_to_decision()
        got = stepper.ask_zombies()
        if got is None:
            self._say(tr("editor.no_decision", self.lang), "warning")
        return got

    def exercise(self) -> exercises.Exercise:
        """One click from the position to an exercise: "which choice gives the best chance that nobody
        is infected or killed before the next Human Player-Turn?" (the hint's question), every choice's
        exact value from best play (:func:`dodnb.exercises.best`), shown below as the pupils' page.
        A position that is not a human decision, or too big to answer exactly, is refused with why."""
        code = f"ex.best({self.literal}, goals.nobody_hurt(), 'game-turn')"
        try:
            made = exercises.best(self.position, goals.nobody_hurt(), "game-turn", budget=EXERCISE_BUDGET, code=code)
        except exercises.ExerciseError as err:
            key = "editor.exercise.too_big" if isinstance(err.__cause__, TooBig) else "editor.exercise.no_choice"
            raise exercises.ExerciseError(tr(key, self.lang)) from err
        self.exercise_widget = ExerciseWidget(made, lang=self.lang)
        self.play_box.children = [self.exercise_widget]
        self._say(tr("editor.exercise.made", self.lang))
        return made

    # ------------------------------------------------------------------ display
    def _display_state(self) -> GameState:
        """The position for the teacher's eyes: every unit's value shown (the teacher sets them)."""
        st = self.position.raw_state()
        return st.evolve(zombies=tuple(replace(z, seen=True) if z.square is not None else z for z in st.zombies))

    def _overlay(self) -> list:
        p = self.position
        frame = self.map.frame
        out = list(outline_shapes(p.board, list(p.hidden), frame, HIDDEN_COLOUR, width=3.0, layer="overlay"))
        out += outline_shapes(p.board, list(p.entered), frame, ENTERED_COLOUR, width=2.0, layer="overlay")
        return out

    def _sync_controls(self) -> None:
        """The controls show the position (after a paste or a start set from code)."""
        p = self.position
        self._syncing = True
        try:
            self.start.value = p.start
            actor = p.actor if p.start == "human" else p.actors
            self.actor.value = actor if isinstance(actor, str) else "+".join(actor)
            self.actor.description = tr("editor.actor" if p.start == "human" else "editor.actors", self.lang)
            self.solitaire.value = p.solitaire
            self.victory.value = p.victory_check
            doors = p.doors
            for c, box in self.main_doors.items():
                box.value = doors.get(p.board.main_doors[c].id) == "closed"
        finally:
            self._syncing = False

    def _refresh(self) -> None:
        self.map.set_state(self._display_state(), self._overlay())
        self.map.door_states = dict(self.position.doors)
        self.literal_box.value = self.literal

    def still_html(self) -> str:
        """A still picture of the position (a saved notebook shows it where the widget was: widgets/still.py)."""
        return picture(game_scene(self.position.raw_state(), lang=self.lang)).html()
