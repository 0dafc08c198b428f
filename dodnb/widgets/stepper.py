"""The game stepper: play or watch a whole game of *Dawn of the Dead* phase by phase [4.0].

A thin shell (DESIGN.md principle 1) around :class:`dodnb.rules.game.Game`: the rules engine says
what is legal (`legal_actions`), why a move is not (`check`, with its Case), what happened
(events, narrated with their Case) and rolls the dice; `dodnb.prob` gives the odds; the map is the
shared state scene (`dodnb.render.state_scene`). This module routes clicks, writes panels and
translates through the message catalogues (:mod:`dodnb.i18n`).

What the learner sees, top to bottom:

* **New game**: seed, the kind of game (solitaire zombies [15.0], or two players), which side(s)
  the learner plays (the others are played by policies), English / Français;
* the **phase track** (Human / A Berserk / B Reaction / C Free Movement / D Attack / E Generation)
  with the current phase lit, and the Game-Turn;
* **Step** (one decision of a policy or one roll of the dice), **Step phase**, **Undo**, **Redo** and
  the **history slider** (every state of the game; moving it undoes or redoes);
* the **map**: tokens as the human player may see them; green outlines for squares a click moves
  to, red for squares a click shoots at; a click picks squares for moves and targets, and an illegal
  click says why with its Case; the *Square* list does the same from the keyboard;
* the **decision**: the legal choices only, each with its cost or its exact odds (a shot: the kill
  chance with panic folded in; a move: Movement Points left and which zombies will react);
* **What can the zombies do to me?**: the coming zombie turn's outcome per character, exact when
  the engine can enumerate it within about a second, else a labelled Monte Carlo estimate;
* the **dice tray** (the last rolls, faces shown), the **log** (every event narrated, with its Case,
  newest first) and **Save** / **Load** (the engine's JSON, in the text box).

Updates happen in place: each widget's value changes, the map's token and overlay layers are
redrawn in one batched canvas message each, and every layer is redrawn when a browser view connects
(`on_client_ready`), so the map is never blank after a reload or in Voilà.
"""

from __future__ import annotations

import html
import math
import time
from fractions import Fraction
from typing import Any, Callable, Optional, Sequence

import ipywidgets as widgets
from ipycanvas import hold_canvas

from dodnb import i18n
from dodnb.errors import DodnbError, InputError
from dodnb.i18n import tr
from dodnb.prob.dist import fmt_percent
from dodnb.render.picture import Picture
from dodnb.render.scene import outline_shapes
from dodnb.render.shapes import Scene, scene_to_svg
from dodnb.render.state_scene import door_state_shapes, game_board, game_scene, piece_shapes
from dodnb.rules import engine
from dodnb.rules.actions import (
    Action,
    Activate,
    AttackCount,
    BerserkCheck,
    BreakDoor,
    ChooseTargets,
    CloseMainDoor,
    Door,
    Drop,
    EndPhase,
    EndTurn,
    Move,
    ReactionFire,
    Reveal,
    Shoot,
    SuperMove,
    TakeRifle,
    ZMove,
)
from dodnb.rules.events import NARRATION_EN, Event
from dodnb.rules.game import DecisionNeeded, Game
from dodnb.rules.state import GameState
from dodnb.rules.vocab import Phase, Side
from dodnb.widgets.mapview import NO_CHOICE, TOKEN_RADIUS, MapView, draw_shapes

__all__ = ["GameStepper", "GameMap", "KINDS", "PLAYS", "zombie_threat", "choice_label", "reactors"]

#: The kinds of game: solitaire zombies [15.0] (an automaton plays them) or two players.
KINDS = ("solitaire", "two-player")
#: Which side(s) the learner plays; policies play the others.
PLAYS = ("human", "zombie", "both", "none")
#: The phase track, in the order of play [4.0]; the solitaire Hidden Zombie step [15.2] lights "A".
TRACK = (Phase.HUMAN, Phase.BERSERK, Phase.REACTION, Phase.FREE, Phase.ATTACK, Phase.GENERATION)
LIT = {Phase.HIDDEN.value: Phase.BERSERK.value}

MOVE_COLOUR = "#2e7d32"  # squares a click moves to
SHOOT_COLOUR = "#c62828"  # squares a click shoots at
FOCUS_COLOUR = "#1565c0"  # where the decision or the roll is
DICE_SHOWN = 6  # rolls in the tray
MC_PLAYS = 300  # Monte Carlo plays of the zombie turn when exact enumeration is too long
EXACT_SECONDS = 1.0  # budget of the exact enumeration


# =============================================================================================
# policies


def _policies(kind: str, play: str):
    """(human, zombie) policies of Game for a kind of game and the side(s) the learner plays."""
    try:  # the solitaire automaton and a sensible human player [15.0] (dodnb.rules.solitaire)
        from dodnb.rules import solitaire as _sol

        zombie_auto = _sol.zombie_policy
        human_auto = _sol.sensible_human
    except ImportError:  # pragma: no cover - older engine
        zombie_auto, human_auto = "random", "random"
    human = "ask" if play in ("human", "both") else human_auto
    if play in ("zombie", "both"):
        zombie = "ask"
    else:
        zombie = zombie_auto if kind == "solitaire" else "random"
    return human, zombie


def new_game(seed: int, kind: str = "solitaire", play: str = "human") -> Game:
    if kind not in KINDS:
        raise InputError(f"kind of game: one of {', '.join(KINDS)}, not {kind!r}")
    if play not in PLAYS:
        raise InputError(f"the side(s) the learner plays: one of {', '.join(PLAYS)}, not {play!r}")
    human, zombie = _policies(kind, play)
    return Game(seed, human=human, zombie=zombie, solitaire=(kind == "solitaire"))


# =============================================================================================
# what the choices cost and what they risk


def reactors(game: Game, st: GameState, squares: Sequence[str]) -> list[str]:
    """Zombie units that will move in reaction if characters enter (or act in) these squares: the
    engine's own answer (`dodnb.rules.engine.units_in_reaction`, [7.0]-[7.3])."""
    return engine.units_in_reaction(st, game.ctx, squares)[1]


def _unit_at(st: GameState, uid: str) -> str:
    for z in st.zombies:
        if z.uid == uid:
            return z.square or ""
    return ""


def _kill_chance(game: Game, st: GameState, shooters, target) -> Optional[Fraction]:
    from dodnb.prob import shoot

    try:
        d = shoot(st, shooters, target)
    except DodnbError:
        return None
    return d.p(lambda o: o.killed)


def _many(names) -> str:
    """The plural form's key suffix: one shooter shoots, two shoot together."""
    return "_many" if len(names) > 1 else ""


def choice_label(game: Game, action: Action, lang: Optional[str] = None, st: Optional[GameState] = None) -> str:
    """One legal choice in the learner's words, with its cost or its odds."""
    st = st or game.state
    L = i18n.join
    if isinstance(action, Activate):
        who = L(action.stack, lang)
        try:
            new, evs = engine.apply(st, game.ctx, action)
            allowance = new.activation.allowance if new.activation else 0
        except DodnbError:
            allowance = 0
        if action.carrier:
            return tr("choice.activate_carry", lang, carrier=action.carrier, carried=action.carried, left=allowance)
        return tr("choice.activate", lang, who=who, allowance=allowance)
    if isinstance(action, Move):
        try:
            new, evs = engine.apply(st, game.ctx, action)
        except DodnbError:
            return tr("choice.move_plain", lang, square=action.to)
        move = next((e for e in evs if e.key == "move"), None)
        cost = move.data.get("cost", "?") if move else "?"
        left = new.activation.left if new.activation else 0
        before = set(reactors(game, st, list(st.record.entered) + list(st.record.acted)))
        after = [u for u in reactors(game, new, list(new.record.entered) + list(new.record.acted)) if u not in before]
        react = tr("choice.react_none", lang) if not after else tr("choice.react", lang, units=", ".join(f"{u} ({_unit_at(new, u)})" for u in after))
        return tr("choice.move", lang, square=action.to, cost=cost, left=left, react=react)
    if isinstance(action, Shoot):
        p = _kill_chance(game, st, action.shooters, action.target)
        odds = tr("choice.odds_unknown", lang) if p is None else tr("choice.odds", lang, percent=fmt_percent(p), fraction=f"{p.numerator}/{p.denominator}")
        return tr("choice.shoot" + _many(action.shooters), lang, who=L(action.shooters, lang), square=action.target, odds=odds)
    if isinstance(action, ReactionFire):
        if not action.shooters:
            return tr("choice.hold_fire", lang)
        sq = st.attack.square if st.attack else ""
        p = _kill_chance(game, st, action.shooters, sq) if sq else None
        odds = tr("choice.odds_unknown", lang) if p is None else tr("choice.odds", lang, percent=fmt_percent(p), fraction=f"{p.numerator}/{p.denominator}")
        return tr("choice.reaction_fire" + _many(action.shooters), lang, who=L(action.shooters, lang), odds=odds)
    if isinstance(action, Door):
        try:
            new, evs = engine.apply(st, game.ctx, action)
            cost = next((e.data.get("cost") for e in evs if e.key == "door"), "?")
            left = new.activation.left if new.activation else 0
        except DodnbError:
            cost, left = "?", "?"
        return tr("choice.close_door" if action.close else "choice.open_door", lang, door=action.door, cost=cost, left=left)
    if isinstance(action, CloseMainDoor):
        compass = st.board.doors[action.door].compass or action.door
        return tr("choice.main_door", lang, door=action.door, compass=i18n.word({"N": "North", "E": "East", "S": "South", "W": "West"}.get(compass, compass), lang))
    if isinstance(action, TakeRifle):
        return tr("choice.rifle", lang, who=action.who)
    if isinstance(action, Drop):
        return tr("choice.drop", lang)
    if isinstance(action, EndTurn):
        return tr("choice.end_turn", lang)
    if isinstance(action, ChooseTargets):
        return tr("choice.targets", lang, who=L(action.targets, lang))
    if isinstance(action, AttackCount):
        return tr("choice.attack_count", lang, k=action.k)
    if isinstance(action, BerserkCheck):
        if not action.uid:
            return tr("choice.berserk_none", lang)
        return tr("choice.berserk", lang, uid=action.uid, square=_unit_at(st, action.uid))
    if isinstance(action, ZMove):
        if not action.path:
            return tr("choice.zstay", lang, uid=action.uid, square=_unit_at(st, action.uid))
        return tr("choice.zmove", lang, uid=action.uid, frm=_unit_at(st, action.uid), path=" → ".join(action.path))
    if isinstance(action, (SuperMove, BreakDoor, Reveal)):
        return _short_label(action, lang)  # no odds to add: the log's words serve
    if isinstance(action, EndPhase):
        return tr("choice.end_phase", lang)
    return str(action)  # pragma: no cover - a new action type: its own words


def pending_text(game: Game, lang: Optional[str] = None, st: Optional[GameState] = None) -> str:
    """What is being decided or rolled now, in the learner's words (by the pending kind)."""
    st = st or game.state
    p = st.pending
    if st.result is not None:
        winner = tr("words.humans" if st.result.winner == "human" else "words.zombies", lang)
        return tr("pending.over", lang, winner=winner, case=st.result.case)
    if p is None:
        return ""
    who = p.who
    if p.kind in ("reaction", "roll:berserk_stay", "roll:berserk_go", "roll:glass") and who:
        who = f"{who} ({_unit_at(st, who)})" if _unit_at(st, who) else who
    if p.kind == "act":
        if st.activation is None:
            return tr("pending.act", lang, case=p.case)
        act = st.activation
        return tr("pending.act_active", lang, who=i18n.join(act.stack, lang), left=act.left, case=p.case)
    key = "pending." + p.kind.replace(":", "_")
    if not i18n.has(key, "en"):
        return tr("pending.other", lang, case=p.case)
    extra = {}
    if p.kind == "roll:attack" and st.attack is not None:
        from dodnb.rules import core

        extra["strength"] = core.strength(st.attack.value, st.attack.k)
    if p.kind == "roll:panic" and st.shot is not None:
        extra["target"] = st.shot.target
    return tr(key, lang, who=who, case=p.case, dice=p.dice, **extra)


def violation_text(why, lang: Optional[str] = None) -> str:
    """A refusal of the engine in the learner's language: its detail through the catalogue's
    patterns, else the catalogue's line for its Case, always with the Case."""
    case = getattr(why, "case", "") or ""
    detail = getattr(why, "detail", str(why))
    lang = i18n._check(lang)
    if lang == "en":
        text = detail
    else:
        translated = i18n.word(detail, lang)
        text = translated if translated != detail else tr("case." + case, lang) if i18n.has("case." + case, lang) else tr("case.other", lang)
    return tr("message.not_allowed", lang, why=text, case=case)


# =============================================================================================
# what the zombies can do


class ThreatOdds:
    """Per character, the chance of each status once the coming zombie turn is over."""

    def __init__(self, rows, exact: bool, method: str, n: int, seconds: float, why: str = ""):
        self.rows = rows  # [(name, status now, {status: Fraction})]
        self.exact = exact
        self.method = method  # 'exact' | 'montecarlo'
        self.n = n
        self.seconds = seconds
        self.why = why

    def stderr(self, p: Fraction) -> float:
        return 0.0 if self.exact else math.sqrt(float(p) * (1 - float(p)) / self.n)

    def table(self, lang: Optional[str] = None) -> str:
        """The odds as a text table (no timings: what a notebook stores and nbval compares)."""
        cols = [c for c in ("normal", "stunned", "infected", "killed", "super") if c != "super" or any(c in r[2] for r in self.rows)]
        width = 16 if self.exact else 20
        out = ["".ljust(20) + "".join(tr("status." + c, lang).rjust(width) for c in cols)]
        for name, now, dist in self.rows:
            cells = []
            for c in cols:
                p = dist.get(c, Fraction(0))
                txt = "·" if not p else fmt_percent(p) if self.exact else f"{fmt_percent(p)} ± {100 * self.stderr(p):.1f}"
                cells.append(txt.rjust(width))
            out.append(f"{name} ({tr('status.' + now, lang)})".ljust(20) + "".join(cells))
        if self.exact:
            out.append(tr("threat.exact_short", lang))
        elif self.why == "random":
            out.append(tr("threat.montecarlo_random", lang, n=self.n))
        else:
            out.append(tr("threat.montecarlo_short", lang, n=self.n))
        return "\n".join(out)


def zombie_threat(game: Game, st: Optional[GameState] = None, *, max_seconds: float = EXACT_SECONDS, n: int = MC_PLAYS, seed: int = 0) -> ThreatOdds:
    """The coming zombie turn if the human player ended the turn now: per character, the chance
    of being unharmed, stunned, infected or killed (or turned into a super zombie).

    Solitaire games [15.0]: :func:`dodnb.prob.zombie_turn`, exact within `max_seconds`, else its
    Monte Carlo estimate. Two-player games: the zombie player's choices are nobody's dice, so the
    estimate plays the zombies at random (:func:`dodnb.prob.enumerate.sample`) and says so."""
    from dodnb.prob.enumerate import sample

    st = st or game.state
    t0 = time.perf_counter()
    names = [c.name for c in st.characters if c.in_play]
    rows = []
    zombie_turn = None
    if st.solitaire:
        try:  # the exact zombie turn of the solitaire game (dodnb.prob.zombieturn)
            from dodnb.prob.zombieturn import zombie_turn
        except ImportError:  # pragma: no cover - older prob package
            zombie_turn = None
    if zombie_turn is not None:
        odds = zombie_turn(st, max_seconds=max_seconds, n=n, seed=seed)
        for name in names:
            rows.append((name, st.character(name).status, dict(odds.status(name).items())))
        method = "exact" if odds.exact else "montecarlo"
        return ThreatOdds(rows, odds.exact, method, odds.n, time.perf_counter() - t0, "solitaire")
    # two players: a zombie player's choices are not dice; the estimate plays them at random, and
    # the characters' own choices in the zombie turn (reaction fire, who is attacked) sensibly
    from dodnb.rules.game import random_policy

    human_pol, _ = _policies("solitaire", "none")
    if isinstance(human_pol, str):  # pragma: no cover - no solitaire module
        human_pol = random_policy
    pols = {Side.ZOMBIE.value: random_policy, Side.HUMAN.value: (lambda s, legal, rng: _first(human_pol(s, legal, rng)))}
    if st.phase == Phase.HUMAN:
        st, _ = engine.apply(st, game.ctx, EndTurn())  # the human player ends the turn as it stands
    turn = st.turn
    stop = lambda s: s.result is not None or (s.phase == Phase.HUMAN and s.turn > turn)  # noqa: E731
    key = lambda s: tuple((c.name, c.status) for c in s.characters)  # noqa: E731
    d = sample(st, stop=stop, key=key, n=n, seed=seed, policies=pols, ctx=game.ctx)
    for name in names:
        dist: dict[str, Fraction] = {}
        for k, p in d.items():
            s = dict(k)[name]
            dist[s] = dist.get(s, Fraction(0)) + p
        rows.append((name, st.character(name).status, dist))
    return ThreatOdds(rows, False, "montecarlo", n, time.perf_counter() - t0, "random")


def _first(got):
    return got[0] if isinstance(got, tuple) else got


# =============================================================================================
# the map


class GameMap(MapView):
    """MapView drawing a game position: the state scene's pieces and door states on the tokens
    layer; the overlay shows where a click moves (green) or shoots (red) and where things happen."""

    def __init__(self, state: GameState, lang: Optional[str] = None, **kwargs):
        self.state = state
        self.lang = i18n._check(lang)
        super().__init__(state.board, **kwargs)
        game_board(self.scene)  # no placement symbols after set-up [3.3]; the game's legend
        self.redraw()
        self.relabel()

    def token_shapes(self, tokens) -> list:
        st = self.state
        return door_state_shapes(st, self.frame) + piece_shapes(st, self.frame, radius=TOKEN_RADIUS)

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
        shapes = self.token_shapes({})
        layer = self._layer("tokens")
        self._begin(layer)
        draw_shapes(layer, shapes)
        self._drawn_tokens = shapes

    def click(self, sid) -> None:
        """A click acts (moves, shoots, activates) rather than selects: no selection is kept, so
        the picture after Undo is the picture of before."""
        sid = self.board.square_id(sid)
        for cb in self._click_cbs:
            cb(sid)

    def relabel(self) -> None:
        lang = self.lang
        self.square_picker.description = tr("map.square", lang)
        opts = list(self.square_picker.options)
        value = self.square_picker.value
        self.square_picker.options = [(tr("map.pick_square", lang), NO_CHOICE)] + opts[1:]
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
        kind = sq.store or tr("map.hall" if sq.is_hall else "map.service", lang)
        parts = [f"<b>{html.escape(tr('map.square_title', lang, square=sq.id))}</b> — {html.escape(kind)}"]
        st = self.state
        here = [c.name + ("" if c.status == "normal" else f" ({i18n.word(c.status, lang)})") for c in st.characters if c.square == sid and c.status not in ("killed",)]
        from dodnb.rules.observe import observation

        for u in observation(st)["units"]:
            if u["square"] == sid:
                v = u["value"]
                here.append(tr("map.unit_known" if v is not None else "map.unit_unknown", lang, uid=u["uid"], value=v)
                            + (" — " + tr("map.berserk", lang) if u["berserk"] else ""))
        if here:
            parts.append(html.escape(", ".join(here)))
        return " · ".join(parts)


# =============================================================================================
# the stepper


class GameStepper(widgets.VBox):
    """Step through a game of *Dawn of the Dead*, or play it (see the module).

    `game` (the :class:`~dodnb.rules.game.Game`), `map` (the :class:`GameMap`), `lang`; for code
    and tests: `step()`, `step_phase()`, `undo()`, `redo()`, `choose(action)`, `click(square)`,
    `new_game(seed, kind, play)`, `save()`, `load(text)`, `set_language(lang)`, `ask_zombies()`;
    `message` is the last message (e.g. why a click was refused), `choices` the legal choices
    listed, `last_update_ms` the Python time of the last refresh, `text` the panels as plain text.
    """

    def __init__(self, game: Optional[Game] = None, *, seed: int = 1, kind: str = "solitaire", play: str = "human", lang: Optional[str] = None, **kwargs):
        self.lang = i18n._check(lang)
        if game is None:
            game = new_game(seed, kind, play)
            self.kind, self.play = kind, play
        else:
            self.kind = "solitaire" if game.state.solitaire else "two-player"
            self.play = _plays_of(game)
        self.game = game
        self.message = ""
        self.choices: list[Action] = []
        self.threat: Optional[ThreatOdds] = None
        self._threat_cache: dict[GameState, ThreatOdds] = {}
        self._busy = False
        self.last_update_ms = 0.0

        lay = widgets.Layout
        # ----- new game row
        self.title = widgets.HTML()
        self.language = widgets.ToggleButtons(options=[("EN", "en"), ("FR", "fr")], value=self.lang, style={"button_width": "44px"})
        self.language.add_class("dodnb-language")
        self.seed_box = widgets.BoundedIntText(value=game.seed, min=0, max=2**31 - 1, layout=lay(width="190px"))
        self.kind_picker = widgets.Dropdown(layout=lay(width="300px"))
        self.play_picker = widgets.Dropdown(layout=lay(width="250px"))
        self.new_button = widgets.Button(icon="refresh", layout=lay(width="auto"))
        # ----- phase track, controls, history
        self.track = widgets.HTML()
        self.track.add_class("dodnb-phase")
        self.step_button = widgets.Button(button_style="primary", layout=lay(width="90px"))
        self.phase_button = widgets.Button(layout=lay(width="130px"))
        self.undo_button = widgets.Button(icon="undo", layout=lay(width="100px"))
        self.redo_button = widgets.Button(icon="repeat", layout=lay(width="100px"))
        self.end_button = widgets.Button(button_style="warning", layout=lay(width="220px"))
        self.history = widgets.IntSlider(min=0, max=0, value=0, continuous_update=False, readout=False, layout=lay(width="260px"))
        self.history_label = widgets.Label()
        self.history_label.add_class("dodnb-history")
        # ----- map
        self.map = GameMap(game.state, lang=self.lang)
        self.map.canvas.add_class("dodnb-stepper-map")
        # ----- decision
        self.decision = widgets.HTML()
        self.decision.add_class("dodnb-decision")
        self.choice_list = widgets.Select(options=[], rows=7, layout=lay(width="100%"))
        self.choice_list.add_class("dodnb-choices")
        self.play_button = widgets.Button(button_style="success", layout=lay(width="160px"))
        self.message_box = widgets.HTML()
        self.message_box.add_class("dodnb-message")
        self.threat_button = widgets.Button(icon="question", layout=lay(width="300px"))
        self.threat_box = widgets.HTML()
        self.threat_box.add_class("dodnb-threat")
        # ----- dice and log
        self.dice = widgets.HTML()
        self.dice.add_class("dodnb-dice")
        self.log_box = widgets.HTML(layout=lay(max_height="300px", overflow="auto"))
        self.log_box.add_class("dodnb-log")
        # ----- save / load
        self.save_button = widgets.Button(icon="download", layout=lay(width="110px"))
        self.load_button = widgets.Button(icon="upload", layout=lay(width="110px"))
        self.save_text = widgets.Textarea(layout=lay(width="100%", height="52px"))

        # wiring
        self.language.observe(lambda ch: self.set_language(ch["new"]), names="value")
        self.new_button.on_click(lambda _b: self._guard(self.new_game))
        self.step_button.on_click(lambda _b: self._guard(self.step))
        self.phase_button.on_click(lambda _b: self._guard(self.step_phase))
        self.undo_button.on_click(lambda _b: self._guard(self.undo))
        self.redo_button.on_click(lambda _b: self._guard(self.redo))
        self.end_button.on_click(lambda _b: self._guard(self.choose, EndTurn()))
        self.play_button.on_click(lambda _b: self._guard(self.play_selected))
        self.threat_button.on_click(lambda _b: self._guard(self.ask_zombies))
        self.save_button.on_click(lambda _b: self._guard(self.save))
        self.load_button.on_click(lambda _b: self._guard(self.load))
        self.history.observe(self._scrub, names="value")
        self.choice_list.observe(self._selected, names="index")
        self.map.on_square_click(lambda sid: self._guard(self.click, sid))

        head = widgets.HBox([self.title, self.language], layout=lay(justify_content="space-between", align_items="center", width="100%"))
        new_row = widgets.HBox([self.seed_box, self.kind_picker, self.play_picker, self.new_button], layout=lay(flex_flow="row wrap"))
        controls = widgets.HBox([self.step_button, self.phase_button, self.undo_button, self.redo_button, self.end_button, self.history, self.history_label],
                                layout=lay(flex_flow="row wrap", align_items="center"))
        self.left = widgets.VBox([self.decision, self.choice_list, widgets.HBox([self.play_button]), self.message_box, self.threat_button, self.threat_box],
                                 layout=lay(width="52%", padding="0 10px 0 0"))
        self.right = widgets.VBox([self.dice, self.log_box], layout=lay(width="48%"))
        panels = widgets.HBox([self.left, self.right], layout=lay(width="100%", align_items="flex-start"))
        save_row = widgets.HBox([self.save_button, self.load_button, self.save_text], layout=lay(width="100%", align_items="center"))
        super().__init__([head, new_row, self.track, controls, self.map, panels, save_row], **kwargs)
        self.add_class("dodnb-stepper")
        self._relabel()
        self._refresh()

    # ----- language -------------------------------------------------------------------------
    def set_language(self, lang: str) -> None:
        """Switch every label, panel and the log to `lang` ('en' or 'fr')."""
        self.lang = i18n._check(lang)
        if self.language.value != self.lang:
            self.language.value = self.lang  # observed: calls back here once
            return
        self.map.lang = self.lang
        self.map.relabel()
        self._relabel()
        self._refresh(redraw=False)

    def _relabel(self) -> None:
        lang = self.lang
        self.title.value = f"<b style='font-size:120%'>{html.escape(tr('stepper.title', lang))}</b>"
        self.seed_box.description = tr("stepper.seed", lang)
        self.kind_picker.description = tr("stepper.kind", lang)
        self.play_picker.description = tr("stepper.play", lang)
        self.kind_picker.style.description_width = "initial"
        self.play_picker.style.description_width = "initial"
        self.seed_box.style.description_width = "initial"
        kind, play = self.kind, self.play
        self.kind_picker.options = [(tr("stepper.kind." + k, lang), k) for k in KINDS]
        self.play_picker.options = [(tr("stepper.play." + p, lang), p) for p in PLAYS]
        self.kind_picker.value, self.play_picker.value = kind, play
        for button, key in ((self.new_button, "new"), (self.step_button, "step"), (self.phase_button, "step_phase"),
                            (self.undo_button, "undo"), (self.redo_button, "redo"), (self.end_button, "end_turn"),
                            (self.play_button, "play_choice"), (self.threat_button, "threat"), (self.save_button, "save"),
                            (self.load_button, "load")):
            button.description = tr("stepper." + key, lang)
            button.tooltip = tr("stepper." + key + ".tip", lang)
        self.history.description = tr("stepper.history", lang)
        self.save_text.placeholder = tr("stepper.save_placeholder", lang)
        self.language.tooltips = [tr("stepper.language.tip", lang)] * 2

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
            self._say(violation_text(exc, self.lang) if getattr(exc, "case", "") else html.escape(str(exc)), "error")
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
            self._say(violation_text(why, self.lang), "error")
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
        target, now = change["new"], self.game.cursor
        self._guard(self.undo if target < now else self.redo, abs(target - now)) if target != now else None

    def new_game(self, seed: Optional[int] = None, kind: Optional[str] = None, play: Optional[str] = None) -> None:
        seed = self.seed_box.value if seed is None else seed
        kind = self.kind_picker.value if kind is None else kind
        play = self.play_picker.value if play is None else play
        self.game = new_game(int(seed), kind, play)
        self.kind, self.play = kind, play
        self.seed_box.value = int(seed)
        self.kind_picker.value, self.play_picker.value = kind, play
        self._threat_cache.clear()
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
        human, zombie = _policies(kind, self.play)
        self.game = Game.load(text, human=human, zombie=zombie)
        self.kind = kind
        self.kind_picker.value = kind
        self.seed_box.value = self.game.seed
        self._threat_cache.clear()
        self._say(tr("message.loaded", self.lang, n=len(self.game.actions)), "ok")
        self._refresh()

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
        p = st.pending
        if p.kind == "act":
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
                act = st.activation
                return self.choose(Shoot(act.stack, sid))  # refused: the engine says why
            return self.choose(Move(sid))  # refused: the engine says why
        # other decisions: the first choice that concerns this square
        for a in legal:
            if sid in _squares_of(st, a):
                self._select(a)
                self._say(tr("message.picked", self.lang, choice=choice_label(self.game, a, self.lang)))
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
        if st.phase != Phase.HUMAN or st.pending is None or st.pending.kind != "act":
            self.threat_box.value = f"<i>{html.escape(tr('threat.only_human', self.lang))}</i>"
            return None
        odds = self._threat_cache.get(st)
        if odds is None:
            odds = zombie_threat(self.game)
            self._threat_cache[st] = odds
        self.threat = odds
        self.threat_box.value = self._threat_html(odds)
        return odds

    def _threat_html(self, odds: ThreatOdds) -> str:
        lang = self.lang
        cols = ("normal", "stunned", "infected", "killed", "super")
        shown = [c for c in cols if c in ("normal", "stunned", "infected", "killed") or any(c in r[2] for r in odds.rows)]
        head = "".join(f"<th style='padding:0 6px'>{html.escape(tr('status.' + c, lang))}</th>" for c in shown)
        rows = []
        for name, now, dist in odds.rows:
            cells = []
            for c in shown:
                p = dist.get(c, Fraction(0))
                if not p:
                    txt = "·"
                elif odds.exact:
                    txt = fmt_percent(p)
                else:
                    txt = f"{fmt_percent(p)} ± {100 * odds.stderr(p):.1f}"
                cells.append(f"<td style='text-align:right;padding:0 6px'>{txt}</td>")
            rows.append(f"<tr><th style='text-align:left'>{html.escape(name)} <small>({html.escape(tr('status.' + now, lang))})</small></th>{''.join(cells)}</tr>")
        if odds.exact:
            note = tr("threat.exact", lang, seconds=f"{odds.seconds:.1f}")
        elif odds.why == "random":
            note = tr("threat.montecarlo_random", lang, n=odds.n)
        else:
            note = tr("threat.montecarlo", lang, n=odds.n, budget=f"{EXACT_SECONDS:g}")
        return (f"<b>{html.escape(tr('threat.title', lang))}</b><br><small>{html.escape(tr('threat.if_end', lang))}</small>"
                f"<table style='border-collapse:collapse;margin:4px 0'><tr><th></th>{head}</tr>{''.join(rows)}</table>"
                f"<small>{html.escape(note)}</small>")

    # ----- refresh ----------------------------------------------------------------------------
    def _refresh(self, redraw: bool = True) -> None:
        t0 = time.perf_counter()
        g, lang = self.game, self.lang
        st = g.state
        learner = self._learner_decides(st)
        self.choices = g.legal_actions() if learner else []
        labels = [choice_label(g, a, lang, st) for a in self.choices]
        # the choice list: options replaced only when they changed (no flicker)
        opts = [(lab, i) for i, lab in enumerate(labels)]
        if list(self.choice_list.options) != [o[0] for o in opts]:
            self._busy, busy = True, self._busy
            try:
                self.choice_list.options = opts
                self.choice_list.index = None
            finally:
                self._busy = busy
        self.choice_list.layout.display = "" if self.choices else "none"
        self.play_button.layout.display = "" if self.choices else "none"
        can_end = any(isinstance(a, EndTurn) for a in self.choices)
        self.end_button.layout.display = "" if can_end else "none"
        self.step_button.disabled = g.over or learner
        self.phase_button.disabled = g.over or learner
        self.undo_button.disabled = not g.can_undo
        self.redo_button.disabled = not g.can_redo
        human_act = st.phase == Phase.HUMAN and st.pending is not None and st.pending.kind == "act"
        self.threat_button.layout.display = "" if human_act else "none"
        cached = self._threat_cache.get(st)
        self.threat_box.value = self._threat_html(cached) if (cached and human_act) else ""
        # history
        total = len(g.timeline)
        busy, self._busy = self._busy, True
        try:
            self.history.max = max(total, 0)
            self.history.value = g.cursor
        finally:
            self._busy = busy
        self.history_label.value = tr("stepper.history_at", lang, n=g.cursor, total=total)
        self.track.value = self._track_html(st)
        self.decision.value = self._decision_html(st, learner)
        self.dice.value = self._dice_html()
        self.log_box.value = self._log_html()
        if redraw:
            self.map.set_state(st, self._overlay(st))
        self.last_update_ms = (time.perf_counter() - t0) * 1000

    def _overlay(self, st: GameState) -> list:
        board, frame = st.board, self.map.frame
        shapes: list = []
        moves = sorted({a.to for a in self.choices if isinstance(a, Move)})
        shots = sorted({a.target for a in self.choices if isinstance(a, Shoot)})
        focus = _focus_squares(st)
        if focus:
            shapes += outline_shapes(board, focus, frame, FOCUS_COLOUR, 3.0)
        if moves:
            shapes += outline_shapes(board, moves, frame, MOVE_COLOUR, 3.0)
        if shots:
            shapes += outline_shapes(board, shots, frame, SHOOT_COLOUR, 3.0)
        return shapes

    def _track_html(self, st: GameState) -> str:
        lang = self.lang
        lit = LIT.get(st.phase, st.phase)
        cells = []
        for ph in TRACK:
            on = ph.value == lit and st.result is None
            style = ("background:#f9a825;color:#000;font-weight:bold;" if on else "background:#eceff1;color:#546e7a;") + "padding:3px 9px;border-radius:4px;margin-right:4px;display:inline-block"
            mark = " aria-current='step'" if on else ""
            cells.append(f"<span class='dodnb-phase-cell{' dodnb-phase-on' if on else ''}'{mark} style='{style}'>{html.escape(tr('phase.' + ph.value, lang))}</span>")
        if st.result is not None:
            now = tr("phase.over", lang)
        else:
            now = tr("phase.long." + st.phase, lang)
        turn = tr("stepper.turn", lang, turn=st.turn)
        return (f"<div><b>{html.escape(turn)}</b> — <span class='dodnb-phase-now'>{html.escape(now)}</span></div>"
                f"<div style='margin-top:3px'>{''.join(cells)}</div>")

    def _decision_html(self, st: GameState, learner: bool) -> str:
        lang = self.lang
        what = pending_text(self.game, lang, st)
        p = st.pending
        if st.result is not None:
            head = tr("decision.over", lang)
        elif p is None:
            head = ""
        elif p.side == Side.CHANCE:
            head = tr("decision.dice", lang)
        elif learner:
            head = tr("decision.yours_" + p.side, lang)
        else:
            head = tr("decision.policy_" + p.side, lang)
        hint = ""
        if learner and p is not None and p.kind == "act":
            hint = tr("decision.hint_active" if st.activation else "decision.hint_activate", lang)
        elif p is not None and not learner and st.result is None:
            hint = tr("decision.hint_step", lang)
        return (f"<div style='font-weight:bold'>{html.escape(head)}</div><div>{html.escape(what)}</div>"
                + (f"<div style='color:#546e7a;font-size:90%'>{html.escape(hint)}</div>" if hint else ""))

    def _dice_html(self) -> str:
        lang = self.lang
        rolls = [e for evs in self.game.events for e in evs if e.dice][-DICE_SHOWN:]
        if not rolls:
            return f"<b>{html.escape(tr('dice.title', lang))}</b> <i>{html.escape(tr('dice.none', lang))}</i>"
        items = []
        for e in reversed(rolls):
            faces = "".join(
                f"<span style='display:inline-block;width:22px;height:22px;line-height:22px;text-align:center;border:2px solid #37474f;"
                f"border-radius:5px;margin-right:3px;font-weight:bold;background:#fff'>{f}</span>" for f in e.dice)
            line = html.escape(self._narrate(e))
            items.append(f"<div style='margin:2px 0'>{faces} <small>{line}</small></div>")
        return f"<b>{html.escape(tr('dice.title', lang))}</b>" + "".join(items)

    def _narrate(self, e: Event, action: Optional[Action] = None) -> str:
        if e.key == "policy_choice" and action is not None:
            side = e.data.get("side", "")
            why = i18n.word(str(e.data.get("why", "")), self.lang)
            line = tr("log.policy_choice", self.lang, side=tr("words.side_" + side, self.lang) if side else "", action=_short_label(action, self.lang), why=why)
            return f"{line} [{e.case}]" if e.case else line
        return i18n.narrate(e.key, e.case, e.data, NARRATION_EN, self.lang)

    def _log_html(self) -> str:
        g = self.game
        lines: list[str] = [html.escape(self._narrate(e)) for e in g.opening_events]
        for action, evs in zip(g.actions, g.events):
            for e in evs:
                text = html.escape(self._narrate(e, action))
                if e.key in ("turn", "phase", "game_over"):
                    text = f"<b>{text}</b>"
                lines.append(text)
        lines.reverse()
        return "<div style='font-size:90%;line-height:1.35'>" + "".join(f"<div>{ln}</div>" for ln in lines) + "</div>"

    # ----- reading ------------------------------------------------------------------------------
    @property
    def text(self) -> str:
        """The panels as plain text (what a test or a screen reader reads)."""
        import re

        def plain(h: str) -> str:
            return html.unescape(re.sub(r"<[^>]+>", " ", h)).replace("  ", " ").strip()

        return "\n".join(plain(w.value) for w in (self.track, self.decision, self.message_box, self.threat_box, self.dice) if w.value)

    def log_lines(self) -> list[str]:
        """The log as plain lines, oldest first."""
        g = self.game
        out = [self._narrate(e) for e in g.opening_events]
        for action, evs in zip(g.actions, g.events):
            out += [self._narrate(e, action) for e in evs]
        return out

    def scene(self) -> Scene:
        return game_scene(self.game.state)

    def _repr_png_(self):
        """A still of the position: what an untrusted notebook (or GitHub) shows instead of the widget."""
        pic = Picture(scene_to_svg(self.scene()), self.scene().title)
        return pic.png, {"width": round(pic.width), "height": round(pic.height)}

    def __repr__(self) -> str:
        st = self.game.state
        return f"<GameStepper seed={self.game.seed}: Game-Turn {st.turn}, {Phase(st.phase).label}>"


def _short_label(action: Action, lang: Optional[str]) -> str:
    """An action in the learner's words, without odds (for the log)."""
    if isinstance(action, ZMove):
        return tr("log.zmove", lang, uid=action.uid, path=" → ".join(action.path)) if action.path else tr("log.zstay", lang, uid=action.uid)
    if isinstance(action, BerserkCheck):
        return tr("log.berserk", lang, uid=action.uid) if action.uid else tr("choice.berserk_none", lang)
    if isinstance(action, SuperMove):
        return tr("choice.super_move", lang, name=action.name, path=" → ".join(action.path))
    if isinstance(action, BreakDoor):
        return tr("choice.break_door", lang, who=action.who, door=action.door)
    if isinstance(action, Reveal):
        return tr("choice.reveal", lang, square=action.square)
    if isinstance(action, AttackCount):
        return tr("choice.attack_count", lang, k=action.k)
    if isinstance(action, EndPhase):
        return tr("choice.end_phase", lang)
    if isinstance(action, ChooseTargets):
        return tr("choice.targets", lang, who=i18n.join(action.targets, lang))
    if isinstance(action, ReactionFire):
        return tr("log.reaction_fire" + _many(action.shooters), lang, who=i18n.join(action.shooters, lang)) if action.shooters else tr("choice.hold_fire", lang)
    if isinstance(action, Activate):
        return tr("log.activate", lang, who=i18n.join(action.stack, lang))
    if isinstance(action, Move):
        return tr("choice.move_plain", lang, square=action.to)
    if isinstance(action, Shoot):
        return tr("log.shoot" + _many(action.shooters), lang, who=i18n.join(action.shooters, lang), square=action.target)
    if isinstance(action, EndTurn):
        return tr("choice.end_turn", lang)
    return str(action)


def _squares_of(st: GameState, a: Action) -> set[str]:
    """The squares a zombie-side (or other) choice concerns, for picking it with a click."""
    if isinstance(a, ZMove):
        return {a.path[-1]} if a.path else {_unit_at(st, a.uid)}
    if isinstance(a, SuperMove):
        return {a.path[-1]}
    if isinstance(a, BerserkCheck):
        return {_unit_at(st, a.uid)} if a.uid else set()
    if isinstance(a, Reveal):
        return {a.square}
    if isinstance(a, BreakDoor):
        return set(st.board.doors[a.door].squares)
    if isinstance(a, (Move,)):
        return {a.to}
    if isinstance(a, Shoot):
        return {a.target}
    return set()


def _focus_squares(st: GameState) -> list[str]:
    """Where the pending decision or roll is: the attacked square, the shot's target, the unit
    checked or moving, the character rolling; else the square last entered."""
    p = st.pending
    out: list[str] = []
    if st.attack is not None:
        out.append(st.attack.square)
    elif st.shot is not None:
        out.append(st.shot.target)
    elif p is not None and p.who:
        ids = set(st.board.ids)
        names = {c.name: c.square for c in st.characters}
        for token in p.who.split():  # a square, a unit or a character (Pending.who)
            sq = token if token in ids else _unit_at(st, token) or names.get(token) or ""
            if sq:
                out.append(sq)
    return sorted(set(out))


def _plays_of(game: Game) -> str:
    h = game.policies.get(Side.HUMAN.value) is None
    z = game.policies.get(Side.ZOMBIE.value) is None
    return "both" if h and z else "human" if h else "zombie" if z else "none"
