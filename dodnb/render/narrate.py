"""Narration: a game's decisions, actions and events in the learner's words, in English or French.

One pure module (no widget code) that the stepper, the notebooks and the log all use:

* :func:`event_line` — one event of the engine as a line of the log, with its Case;
* :func:`log_entries` — the whole game as log entries in time order, each Game-Turn and phase
  heading above its own events;
* :func:`choice_label` — one legal choice with its cost or its exact odds; :func:`action_words` —
  an action without odds (what a side chose, in the log);
* :func:`pending_text` — what is being decided or rolled now; :func:`refusal_text` — why the rules
  refuse an action, with its Case;
* :func:`threat_table`, :func:`hint_text` and their parts — the zombie threat and the hint in words;
  both are computed by :mod:`dodnb.search.hint` (this module words their results, computes nothing).

Every sentence comes from the catalogues (:mod:`dodnb.i18n`): this module chooses the key and the
parameters, never the words. A zombie unit is named by its square ("the unit in 089",
:func:`unit_words`), never by its id: the ids are the engine's (issue 33), and a learner must not read
anything into them; one unit to a square [7.6] makes the square enough. Each action type has one entry in :data:`ACTION_WORDS` (its words,
its costs or odds, and the squares it concerns), so a new action is added in one place. The
panels as HTML are in :mod:`dodnb.render.panels`; :mod:`dodnb.render.present` gathers both.

One seam is kept in one small function: :func:`preview` (what an action would give, nothing
applied: to become ``Game.preview``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Optional, Sequence

from dodnb import i18n
from dodnb.errorbase import Readable
from dodnb.errors import DodnbError
from dodnb.i18n import fmt_number, fmt_percent, fmt_short, names, tr
from dodnb.rules import engine
from dodnb.rules.knowledge import Shown
from dodnb.rules.actions import (
    Action,
    Activate,
    AttackCount,
    BerserkCheck,
    BreakDoor,
    ChooseTargets,
    CloseMainDoor,
    Door,
    Draw,
    Drop,
    EndPhase,
    EndTurn,
    Move,
    ReactionFire,
    Reveal,
    Roll,
    Shoot,
    SuperMove,
    TakeRifle,
    ZMove,
)
from dodnb.rules.events import Event, Note
from dodnb.rules.state import GameState
from dodnb.rules.vocab import PendingKind
from dodnb.search.hint import EXACT_SECONDS, STATUSES, Hint, HintRow, ThreatOdds

__all__ = [
    "event_line", "event_words", "log_entries", "LogEntry", "choice_label", "action_words", "pending_text", "unit_words",
    "pending_key", "refusal_text", "violation_text", "squares_of", "focus_squares", "reactors", "preview", "timeline",
    "threat_columns", "threat_cell", "threat_note", "threat_table", "hint_question", "hint_cell", "hint_method",
    "hint_label", "best_words", "hint_text", "HEADINGS", "ACTION_WORDS",
]

#: Events that open a part of the game: shown as headings above the events that follow them.
HEADINGS = ("turn", "phase", "game_over")


# =============================================================================================
# seams: what an action would give, and where the game's timeline stands


def preview(game, st: GameState, action: Action) -> Optional[tuple[GameState, list[Event]]]:
    """The state and events `action` would give from `st`, nothing applied; None if refused
    (``Game.preview`` for the game's own position, the engine for another)."""
    try:
        if st is game.state and hasattr(game, "preview"):
            got = game.preview(action)
            return got.state, list(got.events)
        return engine.apply(st, game.ctx, action)
    except DodnbError:
        return None


def timeline(game) -> tuple[int, int]:
    """(the cursor: steps taken, every step of the timeline, those that can be redone too)."""
    return game.cursor, len(game.timeline)


# =============================================================================================
# events


def event_words(e: Event) -> tuple[str, dict[str, Any]]:
    """The catalogue key and structured parameters of an event (the engine gives them as they are)."""
    return e.key, dict(e.params)


def event_line(e: Event, lang: Optional[str] = None, action: Optional[Action] = None, st: Optional[GameState] = None) -> str:
    """One event as a line of the log in `lang`, with its Case; a side's choice names the action
    (`action`, when given) in the learner's words."""
    lang = i18n.check_language(lang)
    if e.key == "policy_choice":
        p = dict(e.params)
        what = action_words(action, lang, st) if action is not None else str(p.get("action", ""))
        why = note_words(p.get("why", ""), lang, e.case)
        return i18n.event_line("policy_choice", e.case, {"side": p.get("side", ""), "action": what, "why": why}, lang)
    key, params = event_words(e)
    return i18n.event_line(key, e.case, params, lang)


def note_words(note: Any, lang: Optional[str] = None, case: str = "") -> str:
    """A policy's note (why it chose), in `lang`: a :class:`~dodnb.rules.events.Note` speaks every
    language (its Case left out when the log line cites the same `case` at its end); a plain string
    (a learner's own policy) is shown as it is."""
    return note.text(lang, cite=note.case != case) if isinstance(note, Note) else str(note)


@dataclass(frozen=True)
class LogEntry:
    """One line of the log: `heading` for a Game-Turn, a phase or the end of the game; `ply` is the
    step that produced it (-1: the set-up); `dice` the faces rolled, if any."""

    text: str
    heading: bool
    ply: int
    dice: tuple[int, ...] = ()
    key: str = ""


def log_entries(game, lang: Optional[str] = None, cache: Optional[dict] = None) -> list[LogEntry]:
    """The game's log in time order: the set-up, then each step's events; headings (Game-Turns,
    phases, game over) sit above the events that follow them. `cache` (a dict the caller keeps)
    spares narrating again the steps already narrated (the same action and events objects)."""
    lang = i18n.check_language(lang)
    out = [LogEntry(event_line(e, lang), e.key in HEADINGS, -1, tuple(e.dice), e.key) for e in game.opening_events]
    states = game.history  # the state each action was chosen in: a side's choice names units by their squares
    for i, (action, evs) in enumerate(zip(game.actions, game.events)):
        tag = (lang, i, id(evs), len(evs))
        got = cache.get(tag) if cache is not None else None
        if got is None or got[0] is not evs:
            lines = [LogEntry(event_line(e, lang, action, states[i]), e.key in HEADINGS, i, tuple(e.dice), e.key) for e in evs]
            got = (evs, lines)
            if cache is not None:
                cache[tag] = got
        out += got[1]
    return out


# =============================================================================================
# actions: one entry per action type


def _unit_at(st: Optional[GameState], uid: str) -> str:
    """The square of unit `uid` in `st` ("" off the map, or unknown)."""
    if st is None:
        return ""
    i = st.unit_index(uid)
    return (st.zombies[i].square or "") if i is not None else ""


def unit_words(st: Optional[GameState], uid: str, lang: Optional[str] = None) -> str:
    """A zombie unit as the players tell it apart: by its square ("the unit in 089", « l'unité en
    089 »), "a zombie unit" off the map or without a position; a super zombie by its name. Never the
    id (issue 33). One unit to a square [7.6], so the square names it."""
    if st is not None and any(c.name == uid for c in st.characters):
        return uid
    sq = _unit_at(st, uid)
    return tr("unit.in", lang, square=sq) if sq else tr("unit.some", lang)


class _BreakerWords(Readable):
    """Who attacks a glass door, written in the sentence's language (:func:`unit_words`)."""

    __slots__ = ("st", "who")

    def __init__(self, st: Optional[GameState], who: str):
        self.st, self.who = st, who

    def text(self, lang: Optional[str] = None) -> str:
        return unit_words(self.st, self.who, lang)


def reactors(game, st: GameState, squares: Sequence[str]) -> list[str]:
    """Zombie units that will move in reaction if characters enter (or act in) these squares: the
    engine's own answer (`dodnb.rules.engine.units_in_reaction`, [7.0]-[7.3])."""
    return engine.units_in_reaction(st, game.ctx, squares)[1]


def _kill_chance(st: GameState, shooters, target) -> Optional[Fraction]:
    from dodnb.prob import shoot

    try:
        d = shoot(st, shooters, target)
    except DodnbError:
        return None
    return d.p(lambda o: o.killed)


def _odds(p: Optional[Fraction], lang: str) -> str:
    if p is None:
        return tr("choice.odds_unknown", lang)
    return tr("choice.odds", lang, percent=fmt_percent(p, 1, lang), fraction=f"{p.numerator}/{p.denominator}")


def _compass(st: Optional[GameState], door: str) -> str:
    if st is None:
        return door
    return st.board.doors[door].compass or door


@dataclass(frozen=True)
class ActionWords:
    """How one action type is told: `words(action, st)` -> (message key, parameters) without odds;
    `label(game, st, action, lang)` -> the choice with its cost or odds (None: the words serve);
    `squares(st, action)` -> the squares it concerns (a click there picks it)."""

    words: Callable[[Any, Optional[GameState]], tuple[str, dict]]
    label: Optional[Callable[[Any, GameState, Any, str], str]] = None
    squares: Callable[[GameState, Any], set] = lambda st, a: set()


def _label_activate(game, st: GameState, a: Activate, lang: str) -> str:
    got = preview(game, st, a)
    allowance = got[0].activation.allowance if got and got[0].activation else 0
    if a.carrier:
        return tr("choice.activate_carry", lang, carrier=a.carrier, carried=a.carried, left=allowance)
    return tr("choice.activate", lang, who=a.stack, allowance=allowance)


def _label_move(game, st: GameState, a: Move, lang: str) -> str:
    got = preview(game, st, a)
    if got is None:
        return tr("choice.move_plain", lang, square=a.to)
    new, evs = got
    move = next((e for e in evs if e.key == "move"), None)
    cost = move.data.get("cost", "?") if move else "?"
    left = new.activation.left if new.activation else 0
    before = set(reactors(game, st, list(st.record.entered) + list(st.record.acted)))
    after = [u for u in reactors(game, new, list(new.record.entered) + list(new.record.acted)) if u not in before]
    react = tr("choice.react_none", lang) if not after else tr("choice.react", lang, squares=tuple(sorted(_unit_at(new, u) for u in after)))
    return tr("choice.move", lang, square=a.to, cost=cost, left=left, react=react)


def _label_shoot(game, st: GameState, a: Shoot, lang: str) -> str:
    return tr("choice.shoot", lang, who=a.shooters, square=a.target, odds=_odds(_kill_chance(st, a.shooters, a.target), lang))


def _label_reaction_fire(game, st: GameState, a: ReactionFire, lang: str) -> str:
    if not a.shooters:
        return tr("choice.hold_fire", lang)
    sq = st.attack.square if st.attack else ""
    p = _kill_chance(st, a.shooters, sq) if sq else None
    return tr("choice.reaction_fire", lang, who=a.shooters, odds=_odds(p, lang))


def _label_door(game, st: GameState, a: Door, lang: str) -> str:
    got = preview(game, st, a)
    if got is None:
        cost, left = "?", "?"
    else:
        cost = next((e.data.get("cost") for e in got[1] if e.key == "door"), "?")
        left = got[0].activation.left if got[0].activation else 0
    return tr("choice.close_door" if a.close else "choice.open_door", lang, door=a.door, cost=cost, left=left)


def _door_squares(st: GameState, door: str) -> set:
    return {s for s in st.board.doors[door].squares if s}


#: The one table of action types: how each is told and which squares it concerns.
ACTION_WORDS: dict[type, ActionWords] = {
    Activate: ActionWords(lambda a, st: ("log.activate", {"who": a.stack}), _label_activate,
                          lambda st, a: {st.character(n).square for n in a.stack if st.character(n).square}),
    Move: ActionWords(lambda a, st: ("choice.move_plain", {"square": a.to}), _label_move, lambda st, a: {a.to}),
    Shoot: ActionWords(lambda a, st: ("log.shoot", {"who": a.shooters, "square": a.target}), _label_shoot, lambda st, a: {a.target}),
    ReactionFire: ActionWords(lambda a, st: ("log.reaction_fire", {"who": a.shooters}) if a.shooters else ("choice.hold_fire", {}), _label_reaction_fire),
    Door: ActionWords(lambda a, st: ("choice.door_plain_close" if a.close else "choice.door_plain_open", {"door": a.door}), _label_door,
                      lambda st, a: _door_squares(st, a.door)),
    CloseMainDoor: ActionWords(lambda a, st: ("choice.main_door", {"door": a.door, "compass": _compass(st, a.door)}),
                               squares=lambda st, a: _door_squares(st, a.door)),
    TakeRifle: ActionWords(lambda a, st: ("choice.rifle", {"who": a.who})),
    Drop: ActionWords(lambda a, st: ("choice.drop", {})),
    EndTurn: ActionWords(lambda a, st: ("choice.end_turn", {})),
    ChooseTargets: ActionWords(lambda a, st: ("choice.targets", {"who": a.targets})),
    AttackCount: ActionWords(lambda a, st: ("choice.attack_count", {"k": a.k})),
    BerserkCheck: ActionWords(lambda a, st: (("choice.berserk", {"square": _unit_at(st, a.uid)}) if _unit_at(st, a.uid) else ("log.berserk", {}))
                              if a.uid else ("choice.berserk_none", {}),
                              squares=lambda st, a: {_unit_at(st, a.uid)} - {""} if a.uid else set()),
    ZMove: ActionWords(lambda a, st: (("choice.zmove", {"frm": _unit_at(st, a.uid), "path": a.path}) if _unit_at(st, a.uid) else ("log.zmove", {"path": a.path}))
                       if a.path else (("choice.zstay", {"square": _unit_at(st, a.uid)}) if _unit_at(st, a.uid) else ("log.zstay", {})),
                       squares=lambda st, a: {a.path[-1]} if a.path else {_unit_at(st, a.uid)} - {""}),
    SuperMove: ActionWords(lambda a, st: ("choice.super_move", {"name": a.name, "path": a.path}), squares=lambda st, a: {a.path[-1]}),
    BreakDoor: ActionWords(lambda a, st: ("choice.break_door", {"who": _BreakerWords(st, a.who), "door": a.door}), squares=lambda st, a: _door_squares(st, a.door)),
    Reveal: ActionWords(lambda a, st: ("choice.reveal", {"square": a.square}), squares=lambda st, a: {a.square}),
    EndPhase: ActionWords(lambda a, st: ("choice.end_phase", {})),
    Roll: ActionWords(lambda a, st: _roll_words(a, st)),
    Draw: ActionWords(lambda a, st: ("choice.draw_tie", {"square": _unit_at(st, a.uid)}) if _unit_at(st, a.uid) else ("choice.draw", {}),
                      squares=lambda st, a: {_unit_at(st, a.uid)} - {""}),
    Shown: ActionWords(lambda a, st: ("choice.shown", {"square": a.square, "value": a.value})),
}


def _roll_words(a, st: Optional[GameState]) -> tuple[str, dict]:
    """A die roll's outcome: the number of characters attacked where a die decides it [15.6], "the
    die gives" for one die, "the dice give" otherwise."""
    p = st.pending if st is not None else None
    if p is not None and p.kind == PendingKind.PICK_COUNT:
        return "choice.roll_count", {"total": a.total}
    if p is not None and p.dice == 1:
        return "choice.roll_one", {"total": a.total}
    return "choice.roll", {"total": a.total}


def _entry(action: Action) -> Optional[ActionWords]:
    return ACTION_WORDS.get(type(action))


def action_words(action: Action, lang: Optional[str] = None, st: Optional[GameState] = None) -> str:
    """An action in the learner's words, without odds or costs (the log: what a side chose)."""
    entry = _entry(action)
    if entry is None:  # pragma: no cover - a new action type: add it to ACTION_WORDS
        return str(action)
    key, params = entry.words(action, st)
    return tr(key, lang, **params)


def choice_label(game, action: Action, lang: Optional[str] = None, st: Optional[GameState] = None) -> str:
    """One legal choice in the learner's words, with its cost or its odds."""
    lang = i18n.check_language(lang)
    st = st or game.state
    entry = _entry(action)
    if entry is not None and entry.label is not None:
        return entry.label(game, st, action, lang)
    return action_words(action, lang, st)


def squares_of(st: GameState, action: Action) -> set:
    """The squares a choice concerns (a click there picks it)."""
    entry = _entry(action)
    return set(entry.squares(st, action)) if entry is not None else set()


# =============================================================================================
# what is pending, and why not


def pending_key(p) -> str:
    """The catalogue key of a pending decision ('pending.roll_panic' for kind 'roll:panic')."""
    kind = getattr(p.kind, "value", p.kind)
    return "pending." + str(kind).replace(":", "_")


def pending_text(game, lang: Optional[str] = None, st: Optional[GameState] = None, short: bool = False) -> str:
    """What is being decided or rolled now, in the learner's words (by the pending kind).
    ``short=True``: a label of a few words without the Case, where the catalogue has one (a roll or
    draw, as the decision tree labels its chance nodes); otherwise the full sentence."""
    lang = i18n.check_language(lang)
    st = st or game.state
    p = st.pending
    if st.result is not None:
        return tr("pending.over", lang, winner=str(st.result.winner), case=st.result.case)
    if p is None:
        return ""
    who = p.who
    key = pending_key(p)
    square = ""
    if key in ("pending.reaction", "pending.roll_berserk_stay", "pending.roll_berserk_go", "pending.roll_glass") and who:
        square, who = _unit_at(st, who), unit_words(st, who, lang)  # a unit by its square, never its id
    if short and i18n.has(brief := "pending_short." + key.split(".", 1)[1], "en"):
        return tr(brief, lang, who=who, dice=p.dice, square=square)
    if key == "pending.act":
        if st.activation is None:
            return tr("pending.act", lang, case=p.case)
        act = st.activation
        return tr("pending.act_active", lang, who=act.stack, left=act.left, case=p.case)
    if not i18n.has(key, "en"):
        return tr("pending.other", lang, case=p.case)
    extra: dict[str, Any] = {}
    if key == "pending.roll_attack" and st.attack is not None:
        from dodnb.rules import core

        extra["strength"] = core.strength(st.attack.value, st.attack.k)
    if key == "pending.roll_panic" and st.shot is not None:
        extra["target"] = st.shot.target
    return tr(key, lang, who=who, case=p.case, dice=p.dice, square=square, **extra)


def refusal_text(why, lang: Optional[str] = None) -> str:
    """Why the rules refuse, in `lang`, without the "Not allowed" frame: the refusal's own key and
    parameters; a refusal given as a sentence (code outside the phases: set-up, input errors) is
    shown as it is in English and by the catalogue's line for its Case in another language."""
    lang = i18n.check_language(lang)
    case = getattr(why, "case", "") or ""
    key = getattr(why, "key", None)
    if key:
        return i18n.refusal(key, getattr(why, "params", {}) or {}, lang)
    detail = getattr(why, "detail", str(why))
    if lang == "en":
        return detail
    return tr("case." + case, lang) if i18n.has("case." + case, lang) else tr("case.other", lang)


def violation_text(why, lang: Optional[str] = None) -> str:
    """A refusal of the engine as the learner reads it: "Not allowed: … [Case]"."""
    return tr("message.not_allowed", lang, why=refusal_text(why, lang), case=getattr(why, "case", "") or "")


def focus_squares(st: GameState) -> list[str]:
    """Where the pending decision or roll is: the attacked square, the shot's target, the unit
    checked or moving, the character rolling."""
    p = st.pending
    out: list[str] = []
    if st.attack is not None:
        out.append(st.attack.square)
    elif st.shot is not None:
        out.append(st.shot.target)
    elif p is not None and p.who:
        ids = set(st.board.ids)
        names = {c.name: c.square for c in st.characters}
        for token in str(p.who).split():  # a square, a unit or a character (Pending.who)
            sq = token if token in ids else _unit_at(st, token) or names.get(token) or ""
            if sq:
                out.append(sq)
    return sorted(set(out))


# =============================================================================================
# what the zombies can do, in words (computed by dodnb.search.hint)


def threat_columns(odds: ThreatOdds) -> list[str]:
    """The statuses shown: "super" only when some character may become one."""
    return [c for c in STATUSES if c != "super" or any(c in r[2] for r in odds.rows)]


def threat_cell(odds: ThreatOdds, p: Fraction, name: str = "", status: str = "", lang: Optional[str] = None) -> str:
    """An exact percentage, or an estimate with its 95 % interval (never "± 0.0"), in `lang`."""
    if not p:
        return "·" if odds.exact else fmt_percent(0, 0, lang)
    if odds.exact:
        return fmt_percent(p, 1, lang)
    lo, hi = odds.intervals.get(name, {}).get(status, (float(p), float(p)))
    return f"{fmt_percent(p, 1, lang)} ({fmt_number(100 * lo, 0, lang)}–{fmt_number(100 * hi, 0, lang)})"


def threat_note(odds: ThreatOdds, lang: Optional[str], short: bool) -> str:
    question = tr("threat.question_two_player", lang) + " " if odds.why == "two_player_solitaire_rules" else ""
    if odds.exact:
        return question + (tr("threat.exact_short", lang) if short else tr("threat.exact", lang, seconds=fmt_number(odds.seconds, 1, lang)))
    return question + (tr("threat.montecarlo_short", lang, n=odds.n) if short
                       else tr("threat.montecarlo", lang, n=odds.n, budget=f"{EXACT_SECONDS:g}"))


def threat_table(odds: ThreatOdds, lang: Optional[str] = None) -> str:
    """The odds as a text table (no timings: what a notebook stores and nbval compares)."""
    cols = threat_columns(odds)
    width = 16 if odds.exact else 20
    out = ["".ljust(20) + "".join(tr("status." + c, lang).rjust(width) for c in cols)]
    for name, now, dist in odds.rows:
        cells = "".join(threat_cell(odds, dist.get(c, Fraction(0)), name, c, lang).rjust(width) for c in cols)
        out.append(f"{name} ({tr('status.' + now, lang)})".ljust(20) + cells)
    out.append(threat_note(odds, lang, short=True))
    return "\n".join(out)


# =============================================================================================
# the hint in words (computed by dodnb.search.hint)


def hint_question(h: Hint, lang: Optional[str] = None) -> str:
    """What every number of the hint is the probability of."""
    if h.exact:
        return h.result.question_words(lang)
    return tr("hint.estimate_question", lang)


def hint_cell(h: Hint, row: HintRow, lang: Optional[str] = None) -> str:
    """A choice's value: exact (a percentage and its fraction) or an estimate with its 95 % interval."""
    if h.exact:
        pct = fmt_percent(row.value, 1, lang)
        return f"{pct} ({row.value.numerator}/{row.value.denominator})" if row.value not in (0, 1) else pct
    return f"{fmt_percent(row.value, 0, lang)} [{fmt_number(100 * row.low, 0, lang)}–{fmt_number(100 * row.high, 0, lang)}]"


def hint_method(h: Hint, lang: Optional[str] = None) -> str:
    """How the values were found: the exact search's size and time, or the play-outs."""
    if h.exact:
        return tr("hint.exact", lang, nodes=h.result.nodes, seconds=fmt_number(h.seconds, 1, lang))
    return tr("hint.estimate_within" if "within" in h.why else "hint.estimate", lang, n=h.n, **why_words(h.why, lang))


def why_words(why: dict, lang: Optional[str]) -> dict:
    """The exact search's budget in the reader's numbers ('1.5' s, « 1,5 » s)."""
    return {k: (fmt_short(v, lang) if k in ("seconds", "within") else v) for k, v in why.items()}


def hint_label(game, h: Hint, lang: Optional[str]) -> Callable[[Action], str]:
    """A choice in the words of the stepper's choice list (who carries whom, the kill chance...); in
    plain action words without a game."""
    if game is None:
        return lambda a: action_words(a, lang, h.st)
    return lambda a: choice_label(game, a, lang, h.st)


def best_words(h: Hint, label: Callable[[Action], str], lang: Optional[str]) -> str:
    """One thing: "Best choice: ..." (the top value, alone), "Equally good: ..." (exact ties), or "Too
    close to call between ...: their 95 % intervals overlap" (estimates), naming the top one."""
    if not h.close:
        return tr("hint.best", lang, choice=label(h.best.action))
    choices = names([label(r.action) for r in h.tied], lang)
    if h.exact:
        return tr("hint.equal", lang, choices=choices)
    if len(h.tied) > 3:  # a long list would bury the suggestion: count them, the table marks them
        return tr("hint.too_close_many", lang, n=len(h.tied), choice=label(h.best.action))
    return tr("hint.too_close", lang, choices=choices, choice=label(h.best.action))


def ranked(h: Hint) -> list:
    """The rows best first (the named one first among equal values), then by value."""
    return sorted(h.rows, key=lambda r: (-r.value, r is not h.best))


def value_words(h: Hint, lang: Optional[str]) -> str:
    """The best's number, preceded by what it is the probability of."""
    q = hint_question(h, lang)
    return tr("hint.value", lang, value=hint_cell(h, h.best, lang), question=q[:1].upper() + q[1:])


def two_numbers(h: Hint) -> bool:
    """Does the choice list show another number (a shot's kill chance) beside the hint's?"""
    return any(isinstance(r.action, (Shoot, ReactionFire)) and getattr(r.action, "shooters", None) for r in h.rows)


def hint_text(h: Optional[Hint], game=None, lang: Optional[str] = None, others: bool = False) -> str:
    """The hint as plain text: the best choice and its value, what the value is the probability of,
    how it was found; with `others`, every choice's value."""
    if h is None:
        return tr("hint.only_human", lang)
    if not h.rows:
        return tr("hint.unavailable", lang, **h.why)
    label = hint_label(game, h, lang)
    out = [best_words(h, label, lang), value_words(h, lang)]
    if two_numbers(h):
        out.append(tr("hint.two_numbers", lang))
    out.append(hint_method(h, lang))
    if others:
        tied = {id(r) for r in h.tied} if h.close else set()
        out += [f"{'≈' if id(r) in tied else ' '} {hint_cell(h, r, lang)}  {label(r.action)}" for r in ranked(h)]
    return "\n".join(out)
