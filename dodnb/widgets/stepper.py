"""The game stepper: play or watch a whole game of *Dawn of the Dead* phase by phase [4.0].

A thin shell (DESIGN.md principle 1) around :class:`dodnb.rules.game.Game` and the presenter
:mod:`dodnb.render.present`: the engine says what is legal, why a move is not (with its Case) and
rolls the dice; the presenter writes every word (choices with their cost or odds, what is pending,
refusals, the log, the zombies' threat); the map is the shared state scene. This module lays them
out, routes clicks and keeps the panels in place.

Laid out for one screen (1400×900, a projector), top to bottom:

* **New game** (seed, kind of game, side(s) played, EN/FR) on one line;
* the **phase track** with the Game-Turn, then **Step**, **Step phase**, **Undo**, **Redo** and the
  **history slider** (a handle a finger can catch), with a line saying why Step is greyed when it is;
* the **map** (green squares: a click moves there; red: a click shoots there; blue: where the
  decision or the roll is), with its square list and zoom;
* under the map, side by side: the **decision** (what is pending, the legal choices, wrapped, each
  with its cost or exact odds; *Play this choice*, *End the Human Player-Turn*, the message line)
  and the **dice tray** over tabs for the **log** (time order, each Game-Turn and phase heading above
  its events, the latest lines in view), **What can the zombies do to me?** and **Save / Load**.

Every panel keeps its size whatever happens, so the layout does not jump after a choice. Updates
happen in place; the map's layers are redrawn in one batched canvas message each, and every layer
when a browser view connects (`on_client_ready`).
"""

from __future__ import annotations

import html
import json
import os
import re
import time
from typing import Any, Callable, Optional, Sequence

import ipywidgets as widgets
from ipycanvas import hold_canvas

from dodnb import i18n
from dodnb.errors import DodnbError, InputError
from dodnb.i18n import tr
from dodnb.render import narrate, panels
from dodnb.render.picture import Picture
from dodnb.render.style import NORMAL
from dodnb.render.narrate import choice_label, pending_text, reactors, violation_text  # noqa: F401 (re-exported)
from dodnb.render.scene import door_label_shapes, move_shapes, outline_shapes
from dodnb.render.shapes import Scene, scene_to_svg
from dodnb.render.state_scene import door_state_shapes, game_board, game_scene, pieces_and_names
from dodnb.render.words import square_words
from dodnb.rules.actions import Action, Activate, EndTurn, Move, Shoot
from dodnb.rules.events import Event
from dodnb.rules.game import DecisionNeeded, Game, upgrade_save
from dodnb.rules.state import GameState
from dodnb.rules.vocab import Phase, Side, Status
from dodnb.search import hint as hints
from dodnb.search.hint import ThreatOdds, zombie_threat  # noqa: F401 (re-exported)
from dodnb.widgets.mapview import NO_CHOICE, MapView, canvas_scene, draw_shapes
from dodnb.widgets.still import StillMixin

__all__ = ["GameStepper", "GameMap", "KINDS", "PLAYS", "zombie_threat", "choice_label", "pending_text", "reactors", "new_game"]

#: The kinds of game: solitaire zombies [15.0] (an automaton plays them) or two players.
KINDS = ("solitaire", "two-player")
#: Which side(s) the learner plays; policies play the others.
PLAYS = ("human", "zombie", "both", "none")

MOVE_COLOUR = "#2e7d32"  # squares a click moves to
SHOOT_COLOUR = "#c62828"  # squares a click shoots at
FOCUS_COLOUR = "#1565c0"  # where the decision or the roll is
DICE_SHOWN = 2  # rolls in the tray
#: The map's widest and the panels' heights (fixed, so nothing jumps) are the style's
#: (render/style.py; bigger boxes in projector mode, where the map is as wide as the page).
MAP_MAX_WIDTH = NORMAL.stepper_map_max_width  # the map's height stays within one screen with the panels under it
PANEL_HEIGHT = f"{NORMAL.stepper_panel_height}px"  # the decision and the log



# =============================================================================================
# policies


def policies_for(kind: str, play: str):
    """(human, zombie) policies of Game for a kind of game and the side(s) the learner plays: the
    solitaire automaton (dodnb.rules.solitaire) and a sensible human player (dodnb.search.humans) [15.0]."""
    from dodnb.rules import solitaire
    from dodnb.search.humans import sensible_human

    human = "ask" if play in ("human", "both") else sensible_human
    if play in ("zombie", "both"):
        zombie = "ask"
    else:
        zombie = solitaire.zombie_policy if kind == "solitaire" else "random"
    return human, zombie


def new_game(seed: int, kind: str = "solitaire", play: str = "human") -> Game:
    if kind not in KINDS:
        raise InputError(f"kind of game: one of {', '.join(KINDS)}, not {kind!r}")
    if play not in PLAYS:
        raise InputError(f"the side(s) the learner plays: one of {', '.join(PLAYS)}, not {play!r}")
    human, zombie = policies_for(kind, play)
    return Game(seed, human=human, zombie=zombie, solitaire=(kind == "solitaire"))


def _plays_of(game: Game) -> str:
    h = game.policies.get(Side.HUMAN.value) is None
    z = game.policies.get(Side.ZOMBIE.value) is None
    return "both" if h and z else "human" if h else "zombie" if z else "none"


# =============================================================================================
# the map


class GameMap(MapView):
    """MapView drawing a game position: the state scene's pieces and door states on the tokens
    layer; the overlay shows where a click moves (green) or shoots (red) and where things happen."""

    def __init__(self, state: GameState, lang: Optional[str] = None, **kwargs):
        self.state = state
        self.lang = i18n.check_language(lang)
        super().__init__(state.board, **kwargs)
        self.relabel()

    def _make_scene(self, board, scale):
        """The game's board from the first paint: no placement symbols after set-up [3.3]; the game's legend."""
        scene, frame = canvas_scene(board, scale, lang=self.lang)
        return game_board(scene, lang=self.lang), frame

    def token_shapes(self, tokens) -> list:
        """The door states and the pieces of the position (placed as in the pictures: state_scene.pieces_and_names)."""
        st = self.state
        return door_state_shapes(st, self.frame) + self._pieces_and_names()[0]

    def _pieces_and_names(self) -> tuple[list, list]:
        return pieces_and_names(self.state, self.frame, self.scene, self.style.canvas_token_radius, self.lang)

    def set_state(self, st: GameState, overlay: Sequence = ()) -> None:
        """The position and the overlay, in one canvas message; a layer whose shapes did not change
        (a roll of the dice moves no token) is not redrawn."""
        self.state = st
        tokens = self.token_shapes({})  # door states and pieces of the new position
        overlay = list(overlay)
        same_tokens = tokens == getattr(self, "_drawn_tokens", None)
        same_overlay = overlay == self.overlay
        self.overlay = overlay
        if same_tokens and same_overlay:
            return
        with hold_canvas():
            if not same_tokens:
                self._draw_tokens()
            if not same_overlay:
                self._draw_overlay()

    def _draw_tokens(self) -> None:
        pieces, names = self._pieces_and_names()
        shapes = door_state_shapes(self.state, self.frame) + pieces
        layer = self._layer("tokens")
        self._begin(layer)
        draw_shapes(layer, names + shapes)
        self._drawn_tokens = shapes

    def name_shapes(self, pieces) -> list:
        """The store names where the pictures put them for this position (`pieces` unused: the
        position's own pieces decide)."""
        return self._pieces_and_names()[1]

    def click(self, sid) -> None:
        """A click acts (moves, shoots, activates) rather than selects: no selection is kept, so
        the picture after Undo is the picture of before."""
        sid = self.board.square_id(sid)
        for cb in self._click_cbs:
            cb(sid)

    def relabel(self) -> None:
        """Every word of the map in `self.lang`: the board's words (doors, stores, legend) redrawn."""
        lang = self.lang
        scene = game_board(canvas_scene(self.board, lang=lang)[0], lang=lang)
        if scene.shapes != self.scene.shapes:
            self.scene = scene
            self.redraw()
        self.square_picker.description = tr("map.square", lang)
        opts = list(self.square_picker.options)
        value = self.square_picker.value
        self.square_picker.options = [(tr("map.pick_square", lang), NO_CHOICE)] + [(square_words(self.board, sid, lang), sid) for _, sid in opts[1:]]
        self.square_picker.value = value
        self.zoom_in_button.tooltip = tr("map.zoom_in", lang)
        self.zoom_out_button.tooltip = tr("map.zoom_out", lang)
        self.fit_button.description = tr("map.fit", lang)
        self.fit_button.layout.width = "auto"  # "Ajuster" is longer than "Fit"
        self.fit_button.tooltip = tr("map.fit_tip", lang)
        self.set_zoom(self.zoom)
        if self.selected is None and self.hovered is None:
            self.info.value = self._help_text()

    def set_zoom(self, zoom: float) -> None:
        super().set_zoom(zoom)
        lang = getattr(self, "lang", None)
        self.zoom_label.value = tr("map.zoom_fit", lang) if self.zoom == 1 else tr("map.zoom", lang, percent=f"{self.zoom * 100:g}")

    def _help_text(self) -> str:
        return f"<i>{html.escape(tr('map.help', getattr(self, 'lang', None)))}</i>"

    def describe(self, sid: str) -> str:
        lang = self.lang
        sq = self.board.square(sid)
        kind = i18n.term("store", sq.store, lang) if sq.store else tr("map.hall" if sq.is_hall else "map.service", lang)
        parts = [f"<b>{html.escape(tr('map.square_title', lang, square=sq.id))}</b> — {html.escape(kind)}"]
        st = self.state
        here = [c.name + ("" if c.status == Status.NORMAL else f" ({i18n.term('status', c.status, lang, c.name)})") for c in st.characters if c.square == sid and c.status != Status.KILLED]
        from dodnb.rules.observe import observation

        for u in observation(st)["units"]:
            if u["square"] == sid:
                v = u["value"]
                here.append(tr("map.unit_known" if v is not None else "map.unit_unknown", lang, value=v)
                            + (" — " + tr("map.berserk", lang) if u["berserk"] else ""))
        if here:
            parts.append(html.escape(", ".join(here)))
        return " · ".join(parts)


# =============================================================================================
# the stepper


class GameStepper(StillMixin, widgets.VBox):
    """Step through a game of *Dawn of the Dead*, or play it (see the module).

    `game` (the :class:`~dodnb.rules.game.Game`), `map` (the :class:`GameMap`), `lang`; for code
    and tests: `step()`, `step_phase()`, `undo()`, `redo()`, `choose(action)`, `click(square)`,
    `new_game(seed, kind, play)`, `save()`, `load(text)`, `set_language(lang)`, `ask_zombies()`;
    `message` is the last message (e.g. why a click was refused), `choices` the legal choices
    listed, `last_update_ms` the Python time of the last refresh, `text` the panels as plain text.

    `save_file` (a path): the game is kept there as its seed and actions (`Game.save()`, a few KB),
    rewritten after every change; a stepper built with the same file and game carries on the game
    kept there (where the class stopped); another game kept there (a New game) waits in the Save /
    Load box. Nothing is written until the game changes.
    """

    def __init__(self, game: Optional[Game] = None, *, seed: int = 1, kind: str = "solitaire", play: str = "human", lang: Optional[str] = None,
                 save_file: Optional[str] = None, **kwargs):
        self.lang = i18n.check_language(lang)
        if game is None:
            game = new_game(seed, kind, play)
            self.kind, self.play = kind, play
        else:
            self.kind = "solitaire" if game.state.solitaire else "two-player"
            self.play = _plays_of(game)
        self.game = game
        # the game kept on disk as its seed and actions (Game.save(), a few KB), rewritten after each
        # change; a stepper built with the same file carries on from there (see `_keep`, `_resume`)
        self.save_file = None if save_file is None else str(save_file)
        self._kept = game.save() if save_file is not None else None
        self.message = ""
        self.choices: list[Action] = []
        self.threat: Optional[ThreatOdds] = None
        self._threat_cache: dict[GameState, ThreatOdds] = {}
        self.hint: Optional[hints.Hint] = None
        self._hint_cache: dict[GameState, hints.Hint] = {}
        self._log_cache: dict = {}
        self._busy = False
        self.last_update_ms = 0.0

        lay = widgets.Layout
        # ----- new game row
        self.style = widgets.HTML(panels.STYLE, layout=lay(display="none"))
        self.language = widgets.ToggleButtons(options=[("EN", "en"), ("FR", "fr")], value=self.lang, style={"button_width": "44px"})
        self.language.add_class("dodnb-language")
        self.seed_box = widgets.BoundedIntText(value=game.seed, min=0, max=2**31 - 1, layout=lay(width="150px"))
        self.kind_picker = widgets.Dropdown(layout=lay(width="auto", max_width="420px"))
        self.play_picker = widgets.Dropdown(layout=lay(width="auto", max_width="260px"))
        self.new_button = widgets.Button(icon="refresh", layout=lay(width="auto"))
        # ----- phase track, controls, history
        self.track = widgets.HTML()
        self.track.add_class("dodnb-phase")
        self.step_button = widgets.Button(button_style="primary", layout=lay(width="auto", min_width="80px"))
        self.phase_button = widgets.Button(layout=lay(width="auto", min_width="110px"))
        self.undo_button = widgets.Button(icon="undo", layout=lay(width="auto", min_width="90px"))
        self.redo_button = widgets.Button(icon="repeat", layout=lay(width="auto", min_width="90px"))
        # dice thrown in class [2.5]: the faces as read off the class's dice, played instead of the seeded ones
        self.class_dice = widgets.Text(value="", continuous_update=False, layout=lay(width="84px"))
        self.class_dice.add_class("dodnb-class-dice")
        self.class_roll_button = widgets.Button(icon="hand-paper-o", layout=lay(width="auto"))
        self.class_roll_button.add_class("dodnb-class-roll")
        self.history = widgets.IntSlider(min=0, max=0, value=0, continuous_update=False, readout=False, layout=lay(width="300px"))
        self.history.add_class("dodnb-history-slider")
        self.history_label = widgets.Label(layout=lay(margin="0 0 0 20px"))
        self.history_label.add_class("dodnb-history")
        self.step_why = widgets.HTML(layout=lay(height="18px", overflow="hidden", margin="0"))
        self.step_why.add_class("dodnb-step-why")
        # ----- map
        self.map = GameMap(game.state, lang=self.lang)
        self.map.canvas.add_class("dodnb-stepper-map")
        style = self.map.style
        self.map.layout.max_width = style.stepper_map_max_width
        self.map.square_picker.layout.width = "170px"
        self.map.zoom_label.layout.display = "none"
        self.map.controls.layout.width = "auto"
        three = style.stepper_columns == 3  # the projector's layout (render/style.py)
        if three:  # the square list and zoom go on the controls' row, the hover line beside step_why
            self.map.children = [self.map.scroller, self.map.wheel_guard]
        else:
            self.map.children = [self.map.scroller, widgets.HBox([self.map.info, self.map.controls], layout=lay(width="100%", align_items="center", height="34px")),
                                 self.map.wheel_guard]
        # ----- decision
        self.decision = widgets.HTML(layout=lay(height="84px", overflow="hidden"))
        self.decision.add_class("dodnb-decision")
        self.choice_list = widgets.RadioButtons(options=[], index=None, layout=lay(width="100%"))
        self.choice_box = widgets.Box([self.choice_list], layout=lay(height=f"{style.stepper_choice_height}px", overflow="auto", border="1px solid #cfd8dc", padding="2px 4px"))
        self.choice_box.add_class("dodnb-choices")
        self.play_button = widgets.Button(button_style="success", layout=lay(width="auto"))
        self.end_button = widgets.Button(button_style="warning", layout=lay(width="auto"))
        self.hint_button = widgets.Button(icon="lightbulb-o", layout=lay(width="auto"))
        self.hint_button.add_class("dodnb-hint-button")
        self.message_box = widgets.HTML(layout=lay(min_height="22px"))
        self.message_box.add_class("dodnb-message")
        # ----- dice, log, threat, save / load
        self.dice = widgets.HTML(layout=lay(height="88px", overflow="hidden"))
        self.dice.add_class("dodnb-dice")
        self.log_box = widgets.HTML()
        self.log_box.add_class("dodnb-log")
        self.threat_button = widgets.Button(icon="question", layout=lay(width="auto"))
        self.threat_box = widgets.HTML()
        self.threat_box.add_class("dodnb-threat")
        self.hint_others = widgets.ToggleButton(value=False, layout=lay(width="auto", height="26px", min_height="26px"))
        self.hint_box = widgets.HTML()
        self.hint_box.add_class("dodnb-hint")
        self.hint_key = widgets.HTML()  # the hint's one suggestion and its number, at reading size, outside any scroll box
        self.hint_key.add_class("dodnb-hint-key")
        self.save_button = widgets.Button(icon="download", layout=lay(width="110px"))
        self.load_button = widgets.Button(icon="upload", layout=lay(width="110px"))
        self.save_text = widgets.Textarea(layout=lay(width="100%", height="90px"))
        self.tabs = widgets.Tab(layout=lay(height=f"{style.stepper_tab_height}px"))

        # wiring
        self.language.observe(lambda ch: self.set_language(ch["new"]), names="value")
        self.new_button.on_click(lambda _b: self._guard(self.new_game))
        self.step_button.on_click(lambda _b: self._guard(self.step))
        self.class_roll_button.on_click(lambda _b: self._guard(self.roll_in_class))
        self.class_dice.observe(lambda ch: self._guard(self.roll_in_class) if ch["new"].strip() else None, names="value")
        self.phase_button.on_click(lambda _b: self._guard(self.step_phase))
        self.undo_button.on_click(lambda _b: self._guard(self.undo))
        self.redo_button.on_click(lambda _b: self._guard(self.redo))
        self.end_button.on_click(lambda _b: self._guard(self.choose, EndTurn()))
        self.play_button.on_click(lambda _b: self._guard(self.play_selected))
        self.threat_button.on_click(lambda _b: self._guard(self.ask_zombies))
        self.hint_button.on_click(lambda _b: self._guard(self.ask_hint))
        self.hint_others.observe(lambda _ch: self._show_hint(), names="value")
        self.save_button.on_click(lambda _b: self._guard(self.save))
        self.load_button.on_click(lambda _b: self._guard(self.load))
        self.history.observe(self._scrub, names="value")
        self.choice_list.observe(self._selected, names="index")
        self.map.on_square_click(lambda sid: self._guard(self.click, sid))

        # layout: one screen, nothing that appears or vanishes
        new_row = widgets.HBox([self.seed_box, self.kind_picker, self.play_picker, self.new_button, self.language],
                               layout=lay(flex_flow="row wrap", align_items="center", width="100%"))
        controls = widgets.HBox([self.step_button, self.class_dice, self.class_roll_button, self.phase_button, self.undo_button, self.redo_button,
                                 self.history, self.history_label]
                                + ([widgets.HBox([], layout=lay(flex="1 1 auto")), self.map.controls] if three else []),
                                layout=lay(flex_flow="row wrap" if not three else "row nowrap", align_items="center", width="100%"))
        if three:
            self.history.layout.width = "180px"  # room on the one row for the dice thrown in class
            self.map.controls.layout.width = "auto"
            self.map.controls.layout.flex = "0 0 auto"
            self.step_why.layout.flex = "0 1 auto"
            self.step_why.layout.margin = "0 12px 0 0"
            self.map.square_picker.layout.width = "210px"
            self.dice.layout.height = "64px"
            # two lines each, wrapped (one line cut the hover line short with "…" at 1400 px)
            self.step_why.layout.height = "36px"
            status = widgets.HBox([self.step_why, self.map.info], layout=lay(width="100%", height="38px", align_items="flex-start", overflow="hidden"))
            status.add_class("dodnb-status")
            status.add_class("dodnb-status-wrap")
        else:
            status = self.step_why
        threat_panel = widgets.VBox([self.threat_button, self.threat_box], layout=lay(overflow="auto"))
        save_panel = widgets.VBox([widgets.HBox([self.save_button, self.load_button]), self.save_text])
        log_scroll = widgets.Box([self.log_box], layout=lay(height=f"{style.stepper_log_height}px"))
        if three:
            self.tabs.add_class("dodnb-tabs-tight")  # panels.STYLE: thin padding, the log fills its tab
        log_scroll.add_class("dodnb-log-scroll")
        hint_panel = widgets.VBox([self.hint_others, self.hint_box], layout=lay(overflow="auto"))
        self.tabs.children = [log_scroll, threat_panel, save_panel, hint_panel]
        buttons = widgets.HBox([self.play_button, self.end_button, self.hint_button], layout=lay(flex_flow="row wrap"))
        if three:
            # decision | choices (as tall as the panels: a dozen choices without a scroll bar) | dice and tabs
            self.decision.layout.height = "auto"
            self.decision.layout.max_height = "132px"
            # the dice tray under the decision, so that the tabs take the whole third column: the
            # threat table (every character's chances) shows without a scroll bar of its own
            self.left = widgets.VBox([self.decision, buttons, self.hint_key, self.message_box, self.dice],
                                     layout=lay(width="29%", padding="0 10px 0 0", height=f"{style.stepper_panel_height}px", overflow="hidden"))
            self.choice_box.layout.width = "36%"
            self.choice_box.layout.margin = "0 10px 0 0"
            self.tabs.layout.height = f"{style.stepper_panel_height}px"
            self.right = widgets.VBox([self.tabs], layout=lay(width="35%", height=f"{style.stepper_panel_height}px", overflow="hidden"))
            columns = widgets.HBox([self.left, self.choice_box, self.right], layout=lay(width="100%", align_items="flex-start"))
        else:
            self.left = widgets.VBox([self.decision, self.choice_box, buttons, self.hint_key, self.message_box],
                                     layout=lay(width="50%", padding="0 10px 0 0", min_height=f"{style.stepper_panel_height}px"))  # grows by the hint's key line
            self.right = widgets.VBox([self.dice, self.tabs], layout=lay(width="50%", height=f"{style.stepper_panel_height}px"))
            columns = widgets.HBox([self.left, self.right], layout=lay(width="100%", align_items="flex-start"))
        super().__init__([self.style, new_row, self.track, controls, status, self.map, columns], **kwargs)
        self.add_class("dodnb-stepper")
        self._relabel()
        self._refresh()
        if self.save_file is not None:
            self._resume()

    # ----- language -------------------------------------------------------------------------
    def set_language(self, lang: str) -> None:
        """Switch every label, panel and the log to `lang` ('en' or 'fr')."""
        self.lang = i18n.check_language(lang)
        if self.language.value != self.lang:
            self.language.value = self.lang  # observed: calls back here once
            return
        self.map.lang = self.lang
        self.map.relabel()
        self._relabel()
        self._refresh(redraw=False)

    def _relabel(self) -> None:
        lang = self.lang
        self.seed_box.description = tr("stepper.seed", lang)
        self.kind_picker.description = tr("stepper.kind", lang)
        self.play_picker.description = tr("stepper.play", lang)
        for w in (self.kind_picker, self.play_picker, self.seed_box):
            w.style.description_width = "initial"
        kind, play = self.kind, self.play
        self.kind_picker.options = [(tr("stepper.kind." + k, lang), k) for k in KINDS]
        self.play_picker.options = [(tr("stepper.play." + p, lang), p) for p in PLAYS]
        self.kind_picker.value, self.play_picker.value = kind, play
        for button, key in ((self.new_button, "new"), (self.step_button, "step"), (self.phase_button, "step_phase"),
                            (self.undo_button, "undo"), (self.redo_button, "redo"), (self.end_button, "end_turn"),
                            (self.play_button, "play_choice"), (self.threat_button, "threat"), (self.save_button, "save"),
                            (self.load_button, "load"), (self.hint_button, "hint"), (self.hint_others, "hint_others"),
                            (self.class_roll_button, "class_roll")):
            button.description = tr("stepper." + key, lang)
            button.tooltip = tr("stepper." + key + ".tip", lang)
        self.history.description = tr("stepper.history", lang)
        self.save_text.placeholder = tr("stepper.save_placeholder", lang)
        self.class_dice.tooltip = tr("stepper.class_roll.tip", lang)
        self.language.tooltips = [tr("stepper.language.tip", lang)] * 2
        self.tabs.titles = (tr("stepper.tab_log", lang), tr("stepper.tab_threat", lang), tr("stepper.tab_save", lang),
                            tr("stepper.tab_hint", lang))

    # ----- acting ---------------------------------------------------------------------------
    def _guard(self, fn: Callable, *args) -> None:
        """Run a control's action; a refusal or a bad input becomes the message line, never a traceback."""
        if self._busy:
            return
        self._busy = True
        try:
            fn(*args)
        except DecisionNeeded:
            self._say(tr("message.your_decision", self.lang), "info")
        except DodnbError as exc:
            self._say(html.escape(violation_text(exc, self.lang) if getattr(exc, "case", "") else str(exc)), "error")
        finally:
            self._busy = False

    def _say(self, text: str, kind: str = "info") -> None:
        colour = {"error": "#b71c1c", "info": "#0d47a1", "ok": "#1b5e20"}[kind]
        self.message = text
        self.message_box.value = f"<div style='color:{colour}'>{text}</div>" if text else ""

    def _learner_decides(self, st: Optional[GameState] = None) -> bool:
        st = st or self.game.state
        p = st.pending
        return p is not None and p.side != Side.CHANCE and self.game.policies.get(p.side) is None

    def step(self) -> list[Event]:
        """One step: a roll of the dice, or a decision of a side the learner does not play."""
        if self.game.over:
            self._say(tr("message.over", self.lang))
            return []
        if self._learner_decides():
            self._say(tr("message.your_decision", self.lang))
            return []
        evs = self.game.step()
        self._say("")
        self._refresh()
        return evs

    def play_to_decision(self, max_steps: int = 500) -> list[Event]:
        """Roll and let the sides the learner does not play decide until the learner decides (or the
        game ends): what Step would do, click after click."""
        evs: list[Event] = []
        for _ in range(max_steps):
            if self.game.over or self._learner_decides():
                break
            evs += self.game.step()
        self._say("")
        self._refresh()
        return evs

    def roll_in_class(self, faces: Optional[str] = None) -> list[Event]:
        """Play the dice the class threw at this chance node (`faces`, else the box's text: "3 5",
        "35", "4"), checked by the game [2.5] (a refused roll says why, with its Case, and changes
        nothing); the log marks it "rolled in class"; Undo takes it back like any step."""
        text = self.class_dice.value if faces is None else faces
        if not str(text).strip():  # an empty box (e.g. the click after Enter already played it): nothing to do
            return []
        p = self.game.pending
        if self.game.over:
            self._say(tr("message.over", self.lang))
            return []
        if p is None or p.side != Side.CHANCE:
            self._say(tr("stepper.class_roll.no_dice", self.lang))
            return []
        evs = self.game.roll_in_class(text)
        self._set_class_dice("")
        self._say("")
        self._refresh()
        return evs

    def _set_class_dice(self, text: str) -> None:
        busy, self._busy = self._busy, True  # clearing the box is not a roll
        try:
            self.class_dice.value = text
        finally:
            self._busy = busy

    def step_phase(self) -> list[Event]:
        """Steps to the next phase (or the learner's next decision, or the end)."""
        if self._learner_decides():
            self._say(tr("message.your_decision", self.lang))
            return []
        evs = self.game.step_phase()
        self._say("")
        self._refresh()
        return evs

    def choose(self, action: Action) -> list[Event]:
        """The learner's decision: checked by the engine; a refusal is said with its Case."""
        why = self.game.check(action)
        if why is not None:
            self._say(html.escape(violation_text(why, self.lang)), "error")
            return []
        evs = self.game.apply(action)
        self._say("")
        self._refresh()
        return evs

    def play_selected(self) -> list[Event]:
        i = self.choice_list.index
        if i is None or not self.choices:
            self._say(tr("message.pick_first", self.lang))
            return []
        return self.choose(self.choices[i])

    def undo(self, n: int = 1) -> None:
        self.game.undo(n)
        self._say("")
        self._refresh()

    def redo(self, n: int = 1) -> None:
        self.game.redo(n)
        self._say("")
        self._refresh()

    def _scrub(self, change) -> None:
        if self._busy:
            return
        target, now = change["new"], narrate.timeline(self.game)[0]
        if target != now:
            self._guard(self.undo if target < now else self.redo, abs(target - now))

    def new_game(self, seed: Optional[int] = None, kind: Optional[str] = None, play: Optional[str] = None) -> None:
        seed = self.seed_box.value if seed is None else seed
        kind = self.kind_picker.value if kind is None else kind
        play = self.play_picker.value if play is None else play
        self.game = new_game(int(seed), kind, play)
        self.kind, self.play = kind, play
        self.seed_box.value = int(seed)
        self.kind_picker.value, self.play_picker.value = kind, play
        self._threat_cache.clear()
        self._hint_cache.clear()
        self._log_cache.clear()
        self._say(tr("message.new_game", self.lang, seed=seed))
        self._refresh()

    def save(self) -> str:
        text = self.game.save()
        self.save_text.value = text
        self._say(tr("message.saved", self.lang, n=len(self.game.actions)), "ok")
        return text

    def load(self, text: Optional[str] = None) -> None:
        text = self.save_text.value if text is None else text
        probe = Game.load(text)
        kind = "solitaire" if probe.state.solitaire else "two-player"
        human, zombie = policies_for(kind, self.play)
        self.game = Game.load(text, human=human, zombie=zombie)
        self.kind = kind
        self.kind_picker.value = kind
        self.seed_box.value = self.game.seed
        self._threat_cache.clear()
        self._hint_cache.clear()
        self._log_cache.clear()
        self._say(tr("message.loaded", self.lang, n=len(self.game.actions)), "ok")
        self._refresh()

    def _resume(self) -> None:
        """Carry on the game kept in `save_file` when it continues the game given (same seed and
        start, the given game's actions first): where the class stopped. Another game kept there (a
        New game played) goes into the Save / Load box, for Load; the game given stays."""
        if not os.path.exists(self.save_file):
            return
        try:
            with open(self.save_file, encoding="utf-8") as fh:
                text = fh.read()
            try:
                kept, given = json.loads(text), json.loads(self._kept)
            except ValueError as exc:
                raise ValueError(f"not JSON: {exc}") from exc
            if not isinstance(kept, dict) or not isinstance(kept.get("actions"), list):
                raise ValueError("not a saved game")
            kept = upgrade_save(kept, self.game.ctx.counters)  # a game kept by an older dodnb, in today's ids
            n, seed = len(kept["actions"]), kept.get("seed")
            if kept.get("seed") != given["seed"] or not self._same_start(kept.get("start"), given["start"]) \
                    or kept["actions"][: len(given["actions"])] != given["actions"]:
                self.save_text.value = text
                self._say(html.escape(tr("stepper.resume_other", self.lang, file=self.save_file, n=n, seed=seed,
                                         tab=tr("stepper.tab_save", self.lang), load=tr("stepper.load", self.lang)), quote=False))
                return
            self.load(text)
        except (OSError, ValueError, DodnbError) as exc:
            self._say(html.escape(tr("stepper.resume_failed", self.lang, file=self.save_file, error=exc), quote=False), "error")
            return
        self._kept = text
        self._say(html.escape(tr("stepper.resumed", self.lang, file=self.save_file, n=len(self.game.actions), seed=self.game.seed), quote=False), "ok")

    def _same_start(self, kept: Any, given: Any) -> bool:
        """The same starting position, read as states (a game kept by an older dodnb lacks bookkeeping
        fields a state now records, e.g. ruling K1's public urn, which reading fills in)."""
        if kept == given:
            return True
        try:
            return GameState.from_dict(kept, self.game.board) == GameState.from_dict(given, self.game.board)
        except (KeyError, TypeError, ValueError, AttributeError, DodnbError):
            return False

    def _keep(self) -> None:
        """Write the game to `save_file` when it changed (atomically: a half-written file is never left)."""
        if self.save_file is None:
            return
        text = self.game.save()
        if text == self._kept:
            return
        try:
            tmp = f"{self.save_file}.tmp"
            with open(tmp, "w", encoding="utf-8") as fh:
                fh.write(text)
            os.replace(tmp, self.save_file)
        except OSError as exc:
            self._say(html.escape(tr("stepper.keep_failed", self.lang, file=self.save_file, error=exc), quote=False), "error")
            return
        self._kept = text

    # ----- the map ----------------------------------------------------------------------------
    def click(self, sid: str) -> list[Event]:
        """A click on square `sid`: activate the character there, move there, shoot there — or
        say why not, with the Case. Zombie decisions: the choice that ends there."""
        sid = self.game.board.square_id(sid)
        st = self.game.state
        if not self._learner_decides():
            self._say(tr("message.not_your_turn", self.lang))
            return []
        legal = self.game.legal_actions()
        if narrate.pending_key(st.pending) == "pending.act":
            if st.activation is None:
                acts = [a for a in legal if isinstance(a, Activate) and not a.carrier and len(a.stack) == 1 and st.character(a.stack[0]).square == sid]
                if acts:
                    return self.choose(acts[0])
                here = [c for c in st.characters if c.square == sid and c.in_play]
                if here:
                    return self.choose(Activate(here[0].name))  # refused with the reason
                self._say(tr("message.click_character", self.lang), "error")
                return []
            moves = [a for a in legal if isinstance(a, Move) and a.to == sid]
            if moves:
                return self.choose(moves[0])
            shots = [a for a in legal if isinstance(a, Shoot) and a.target == sid]
            if len(shots) == 1:
                return self.choose(shots[0])
            if shots:  # several ways to shoot there: list them, the learner picks
                self._select(shots[0])
                self._say(tr("message.pick_shot", self.lang, square=sid))
                return []
            if st.zombie_in(sid) is not None or st.super_zombies_in(sid):
                return self.choose(Shoot(st.activation.stack, sid))  # refused: the engine says why
            return self.choose(Move(sid))  # refused: the engine says why
        # other decisions: the first choice that concerns this square
        for a in legal:
            if sid in narrate.squares_of(st, a):
                self._select(a)
                self._say(html.escape(tr("message.picked", self.lang, choice=choice_label(self.game, a, self.lang))))
                return []
        self._say(tr("message.no_choice_there", self.lang, square=sid), "error")
        return []

    def _select(self, action: Action) -> None:
        if action in self.choices:
            self.choice_list.index = self.choices.index(action)

    def _selected(self, change) -> None:
        i = change["new"]
        if i is not None and 0 <= i < len(self.choices) and isinstance(self.choices[i], EndTurn):
            self._guard(self.ask_zombies)

    # ----- the zombies' threat -------------------------------------------------------------
    def ask_zombies(self) -> Optional[ThreatOdds]:
        """Fill the "What can the zombies do to me?" panel for the position on the board."""
        st = self.game.state
        if not self._human_acts(st):
            self.threat_box.value = f"<i>{html.escape(tr('threat.only_human', self.lang))}</i>"
            return None
        odds = self._threat_cache.get(st)
        if odds is None:
            # the answer can take a few seconds: say so at once (each widget change is sent as it is made)
            self.tabs.selected_index = 1
            self.threat_box.value = f"<i>{html.escape(tr('threat.working', self.lang, budget=f'{hints.EXACT_SECONDS:g}'))}</i>"
            odds = zombie_threat(self.game)
            self._threat_cache[st] = odds
        self.threat = odds
        self.threat_box.value = panels.threat_html(odds, self.lang)
        self.tabs.selected_index = 1
        return odds

    # ----- the hint --------------------------------------------------------------------------
    HINT_TAB = 3

    def ask_hint(self) -> Optional[hints.Hint]:
        """Fill the Hint tab: the best choice now and its value (exact in a small study position,
        else the search player's estimate), the other choices' values on request."""
        st = self.game.state
        self.tabs.selected_index = self.HINT_TAB
        if not self._hint_possible(st):
            self.hint = None
            self.hint_box.value = panels.hint_html(None, self.game, self.lang)
            self.hint_key.value = ""
            return None
        h = self._hint_cache.get(st)
        if h is None:
            self.hint_box.value = f"<i>{html.escape(tr('hint.thinking', self.lang))}</i>"
            h = self._hint_cache[st] = hints.hint(self.game, st)
        self.hint = h
        self._show_hint()
        return h

    def _show_hint(self) -> None:
        h = self._hint_cache.get(self.game.state)
        self.hint_key.value = panels.hint_key_html(h, self.game, self.lang) if h is not None else ""
        self.hint_box.value = panels.hint_html(h, self.game, self.lang, self.hint_others.value, key=False) if h is not None else ""

    def _hint_possible(self, st: GameState) -> bool:
        return self._learner_decides(st) and st.pending.side == Side.HUMAN

    @staticmethod
    def _human_acts(st: GameState) -> bool:
        return st.phase == Phase.HUMAN and st.pending is not None and narrate.pending_key(st.pending) == "pending.act"

    # ----- refresh ----------------------------------------------------------------------------
    def _refresh(self, redraw: bool = True) -> None:
        t0 = time.perf_counter()
        g, lang = self.game, self.lang
        st = g.state
        learner = self._learner_decides(st)
        self.choices = g.legal_actions() if learner else []
        labels = [choice_label(g, a, lang, st) for a in self.choices]
        # the choice list: options replaced only when they changed (no flicker); the widget keeps its
        # options as (label, index) pairs, so those are what is compared
        options = tuple((lab, i) for i, lab in enumerate(labels))
        if tuple(tuple(o) for o in self.choice_list.options) != options:
            self._busy, busy = True, self._busy
            try:
                self.choice_list.options = options
                self.choice_list.index = None
            finally:
                self._busy = busy
        self.play_button.disabled = not self.choices
        self.end_button.disabled = not any(isinstance(a, EndTurn) for a in self.choices)
        self.step_button.disabled = g.over or learner
        self.phase_button.disabled = g.over or learner
        self.step_why.value = self._step_why(st, learner)
        done, total = narrate.timeline(g)
        self.undo_button.disabled = done == 0
        self.redo_button.disabled = done == total
        human_act = self._human_acts(st)
        self.threat_button.disabled = not human_act
        cached = self._threat_cache.get(st)
        self.threat_box.value = panels.threat_html(cached, lang) if (cached and human_act) else ""
        self.hint_button.disabled = not self._hint_possible(st)
        chance = st.pending is not None and st.pending.side == Side.CHANCE and not st.pending.kind.is_draw
        self.class_roll_button.disabled = self.class_dice.disabled = not chance
        self.class_dice.placeholder = tr("stepper.class_dice_hint", lang, n=st.pending.dice) if chance and st.pending.kind.is_roll else ("1" if chance else "")
        self._show_hint()
        busy, self._busy = self._busy, True
        try:
            self.history.max = max(total, 0)
            self.history.value = done
        finally:
            self._busy = busy
        self.history_label.value = tr("stepper.history_at", lang, n=done, total=total)
        self.track.value = self._track_html(st)
        self.decision.value = self._decision_html(st, learner)
        self.dice.value = self._dice_html()
        self.log_box.value = self._log_html()
        if redraw:
            self.map.set_state(st, self._overlay(st))
        self._keep()
        self.last_update_ms = (time.perf_counter() - t0) * 1000

    def _step_why(self, st: GameState, learner: bool) -> str:
        """Why Step is greyed, in words (or nothing when it is not)."""
        if self.game.over:
            text = tr("stepper.step_off_over", self.lang)
        elif learner:
            side = st.pending.side if st.pending is not None else ""
            text = tr("stepper.step_off_" + ("zombie" if side == Side.ZOMBIE else "human"), self.lang)
        else:
            return ""
        self.step_button.tooltip = self.phase_button.tooltip = text
        return f"<span style='color:#546e7a'>{html.escape(text)}</span>"

    def _overlay(self, st: GameState) -> list:
        board, frame = st.board, self.map.frame
        shapes: list = []
        moves = sorted({a.to for a in self.choices if isinstance(a, Move)})
        shots = sorted({a.target for a in self.choices if isinstance(a, Shoot)})
        focus = narrate.focus_squares(st)
        if focus:
            shapes += outline_shapes(board, focus, frame, FOCUS_COLOUR, 3.0)
        if moves:
            shapes += move_shapes(board, moves, frame, MOVE_COLOUR)
        if shots:
            shapes += move_shapes(board, shots, frame, SHOOT_COLOUR)
        # the doors the choices name ("Close door S05"), tagged with their ids on the map
        doors = sorted({a.door for a in self.choices if isinstance(getattr(a, "door", None), str) and a.door in board.doors})
        if doors:
            shapes += door_label_shapes(board, doors, frame, away_from=focus, avoid=self.map.token_shapes({}))
        return shapes

    def _track_html(self, st: GameState) -> str:
        return panels.track_html(st, self.lang)

    def _decision_html(self, st: GameState, learner: bool) -> str:
        return panels.decision_html(self.game, st, learner, self.lang)

    def _dice_html(self) -> str:
        return panels.dice_html(self._entries(), self.lang, DICE_SHOWN)

    def _entries(self) -> list[narrate.LogEntry]:
        return narrate.log_entries(self.game, self.lang, self._log_cache)

    def _log_html(self) -> str:
        return panels.log_html(self._entries())

    # ----- reading ------------------------------------------------------------------------------
    @property
    def text(self) -> str:
        """The panels as plain text (what a test or a screen reader reads)."""
        def plain(h: str) -> str:
            return html.unescape(re.sub(r"<[^>]+>", " ", h)).replace("  ", " ").strip()

        return "\n".join(plain(w.value) for w in (self.track, self.decision, self.hint_key, self.message_box, self.threat_box, self.hint_box, self.dice) if w.value)

    def log_lines(self) -> list[str]:
        """The log as plain lines, oldest first."""
        return [e.text for e in self._entries()]

    def scene(self) -> Scene:
        return game_scene(self.game.state, lang=self.lang)

    def picture(self) -> Picture:
        """A still of the position: what GitHub or a reopened notebook shows instead of the widget
        (widgets/still.py)."""
        scene = self.scene()
        return Picture(scene_to_svg(scene), scene.title)

    def still_html(self) -> str:
        return self.picture().html()

    def __repr__(self) -> str:
        st = self.game.state
        return f"<GameStepper seed={self.game.seed}: Game-Turn {st.turn}, {Phase(st.phase).label}>"
