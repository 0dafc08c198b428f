"""The stepper's panels as HTML, and their styles: the phase track, the decision, the dice tray, the
log, the zombie threat and the hint. The words come from :mod:`dodnb.render.narrate`, the values from
:mod:`dodnb.search.hint`; this module lays them out (pure strings, no widget code).
"""

from __future__ import annotations

import html
from fractions import Fraction
from typing import Optional, Sequence

from dodnb.i18n import tr
from dodnb.render.narrate import (
    LogEntry,
    action_words,
    best_words,
    hint_label,
    pending_key,
    hint_cell,
    hint_method,
    hint_question,
    pending_text,
    threat_cell,
    threat_columns,
    threat_note,
    why_words,
    ranked,
    two_numbers,
    value_words,
)
from dodnb.rules.state import GameState
from dodnb.rules.vocab import Phase, Side
from dodnb.search.hint import Hint, ThreatOdds

__all__ = ["STYLE", "TRACK", "LIT", "track_html", "decision_html", "dice_html", "log_html", "threat_html", "hint_html"]

#: The stepper's own styles: wrapped choice labels, a history handle a finger can catch (≥ 28 px),
#: the log's latest lines in view (a reversed column starts at its bottom).
STYLE = """<style>
.dodnb-stepper .dodnb-choices .widget-radio-box label { display: flex; align-items: flex-start; gap: 6px; white-space: normal; line-height: 1.25; padding: 2px 0; overflow: visible; text-overflow: clip; height: auto; }
.dodnb-stepper .dodnb-choices .widget-radio-box { flex-wrap: nowrap; }
.dodnb-stepper .dodnb-choices .widget-radio-box input { order: -1; margin: 2px 0 0 0; flex: none; }
.dodnb-stepper .dodnb-history-slider .noUi-handle { width: 30px !important; height: 30px !important; top: -13px !important; right: -15px !important; border-radius: 50% !important; }
.dodnb-stepper .dodnb-history-slider .noUi-horizontal { height: 8px; }
.dodnb-stepper .dodnb-history-slider { min-height: 36px; }
.dodnb-stepper .dodnb-log-scroll { display: flex; flex-direction: column-reverse; overflow-y: auto; }
.dodnb-stepper .widget-html-content { white-space: normal; }
.dodnb-stepper .dodnb-info { flex: 1 1 auto; min-width: 0; }
.dodnb-stepper .dodnb-info .widget-html-content { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; font-size: 90%; }
.dodnb-stepper .dodnb-step-why .widget-html-content { font-size: 88%; line-height: 18px; }
.dodnb-stepper .dodnb-decision .widget-html-content { line-height: 1.3; }
.dodnb-stepper .widget-tab > .lm-TabBar .lm-TabBar-tab { flex: 1 1 auto !important; min-width: 0 !important; max-width: none !important; padding: 0 8px !important; }
.dodnb-stepper .dodnb-hint .widget-html-content { line-height: 1.35; }
.dodnb-stepper .dodnb-threat .widget-html-content { line-height: 1.3; }
.dodnb-stepper .dodnb-threat td, .dodnb-stepper .dodnb-threat th { padding-top: 1px; padding-bottom: 1px; }
.dodnb-stepper .dodnb-status .dodnb-step-why { flex: 0 0 auto; width: auto !important; max-width: 62%; }
.dodnb-stepper .dodnb-status .dodnb-step-why .widget-html-content { white-space: nowrap; }
.dodnb-stepper .dodnb-tabs-tight .widget-tab-contents { padding: 4px 6px !important; }
.dodnb-stepper .dodnb-status-wrap .widget-html-content { white-space: normal !important; overflow: hidden; text-overflow: clip; line-height: 18px; max-height: 36px; }
.dodnb-stepper .dodnb-status-wrap .dodnb-step-why { max-width: 45%; }
.dodnb-stepper .dodnb-tabs-tight .dodnb-log-scroll { height: 100% !important; }
</style>"""



#: The phase track, in the order of play [4.0]; the solitaire Hidden Zombie step [15.2] lights "A".
TRACK = (Phase.HUMAN, Phase.BERSERK, Phase.REACTION, Phase.FREE, Phase.ATTACK, Phase.GENERATION)
LIT = {Phase.HIDDEN.value: Phase.BERSERK.value}


def track_html(st: GameState, lang: Optional[str] = None) -> str:
    """The Game-Turn and the phase track, the current phase lit (aria-current)."""
    esc = html.escape
    lit = LIT.get(st.phase, st.phase)
    cells = []
    for ph in TRACK:
        on = ph.value == lit and st.result is None
        style = ("background:#f9a825;color:#000;font-weight:bold;" if on else "background:#eceff1;color:#546e7a;") + "padding:2px 8px;border-radius:4px;margin-right:4px;display:inline-block"
        mark = " aria-current='step'" if on else ""
        cells.append(f"<span class='dodnb-phase-cell{' dodnb-phase-on' if on else ''}'{mark} style='{style}'>{esc(tr('phase.' + ph.value, lang))}</span>")
    now = tr("phase.over", lang) if st.result is not None else tr("phase.long." + str(st.phase), lang)
    turn = tr("stepper.turn", lang, turn=st.turn)
    return (f"<div style='display:flex;flex-wrap:wrap;align-items:center;gap:4px'><b style='margin-right:6px'>{esc(turn)}</b>{''.join(cells)}"
            f"<span style='margin-left:6px'>— <span class='dodnb-phase-now'>{esc(now)}</span></span></div>")


def decision_html(game, st: GameState, learner: bool, lang: Optional[str] = None) -> str:
    """Who decides (or the dice), what is pending, and a hint of what to do."""
    what = pending_text(game, lang, st)
    p = st.pending
    if st.result is not None:
        head = tr("decision.over", lang)
    elif p is None:
        head = ""
    elif p.side == Side.CHANCE:
        head = tr("decision.dice", lang)
    elif learner:
        head = tr("decision.yours_" + str(p.side), lang)
    else:
        head = tr("decision.policy_" + str(p.side), lang)
    hint = ""
    if learner and p is not None and pending_key(p) == "pending.act":
        hint = tr("decision.hint_active" if st.activation else "decision.hint_activate", lang)
    elif p is not None and not learner and st.result is None:
        hint = tr("decision.hint_step", lang)
    return (f"<div style='font-weight:bold'>{html.escape(head)}</div><div>{html.escape(what)}</div>"
            + (f"<div style='color:#546e7a;font-size:90%'>{html.escape(hint)}</div>" if hint else ""))


def dice_html(entries: Sequence[LogEntry], lang: Optional[str] = None, shown: int = 2) -> str:
    """The last `shown` rolls, newest first: the faces as dice, and what they decided."""
    esc = html.escape
    rolls = [e for e in entries if e.dice][-shown:]
    if not rolls:
        return f"<b>{esc(tr('dice.title', lang))}</b> <i>{esc(tr('dice.none', lang))}</i>"
    items = []
    for e in reversed(rolls):
        faces = "".join(
            f"<span style='display:inline-block;width:20px;height:20px;line-height:20px;text-align:center;border:2px solid #37474f;"
            f"border-radius:5px;margin-right:3px;font-weight:bold;background:#fff'>{f}</span>" for f in e.dice)
        items.append(f"<div style='margin:2px 0;white-space:nowrap;overflow:hidden;text-overflow:ellipsis' title='{esc(e.text)}'>{faces} <small>{esc(e.text)}</small></div>")
    return f"<b>{esc(tr('dice.title', lang))}</b>" + "".join(items)


def log_html(entries: Sequence[LogEntry]) -> str:
    """The log in time order: each heading (Game-Turn, phase, game over) in bold above its own
    events, which are indented under it."""
    out = []
    for e in entries:
        text = html.escape(e.text)
        if e.heading:
            out.append(f"<div style='font-weight:bold;margin-top:4px'>{text}</div>")
        else:
            out.append(f"<div style='padding-left:14px'>{text}</div>")
    return "<div style='font-size:90%;line-height:1.35'>" + "".join(out) + "</div>"


def threat_html(odds: ThreatOdds, lang: Optional[str] = None) -> str:
    """The odds as an HTML table with its heading and its method."""
    esc = html.escape
    cols = threat_columns(odds)
    head = "".join(f"<th style='padding:0 6px'>{esc(tr('status.' + c, lang))}</th>" for c in cols)
    rows = []
    for name, now, dist in odds.rows:
        cells = "".join(f"<td style='text-align:right;padding:0 6px'>{threat_cell(odds, dist.get(c, Fraction(0)), name, c, lang)}</td>" for c in cols)
        rows.append(f"<tr><th style='text-align:left'>{esc(name)} <small>({esc(tr('status.' + now, lang))})</small></th>{cells}</tr>")
    return (f"<b>{esc(tr('threat.title', lang))}</b><br><small>{esc(tr('threat.if_end', lang))}</small>"
            f"<table style='border-collapse:collapse;margin:4px 0'><tr><th></th>{head}</tr>{''.join(rows)}</table>"
            f"<small>{esc(threat_note(odds, lang, short=False))}</small>")


_BOLD = ' style="font-weight:bold"'


def hint_key_html(h: Optional[Hint], game=None, lang: Optional[str] = None) -> str:
    """The hint's key line at reading size: the one suggestion (or "too close to call") and its
    number, preceded by what it is the probability of."""
    esc = html.escape
    if h is None or not h.rows:
        return ""
    # plain action words (the choice list beside gives each choice's costs and odds) and the short
    # question; the Hint tab gives the whole question under the table
    plain = lambda a: action_words(a, lang, h.st)
    value = tr("hint.value", lang, question=tr("hint.short_question", lang), value=hint_cell(h, h.best, lang))
    return (f"<div class='dodnb-hint-key' style='line-height:1.3;margin:2px 0'><b>{esc(best_words(h, plain, lang))}</b>"
            f"<div>{esc(value)}</div></div>")


def hint_html(h: Optional[Hint], game=None, lang: Optional[str] = None, others: bool = False, key: bool = True) -> str:
    """The hint as HTML (the stepper's Hint tab): the key line first, then (with `others`) every
    choice's value, the tied ones marked, then what the values measure and how they were found."""
    esc = html.escape
    if h is None:
        return f"<i>{esc(tr('hint.only_human', lang))}</i>"
    if not h.rows:
        return f"<i>{esc(tr('hint.unavailable', lang, **why_words(h.why, lang)))}</i>"
    label = hint_label(game, h, lang)
    method = f"<div style='font-size:90%;color:#455a64'>{esc(hint_method(h, lang))}</div>"
    two = f"<div>{esc(tr('hint.two_numbers', lang))}</div>" if two_numbers(h) else ""
    key = hint_key_html(h, game, lang) if key else ""  # the stepper shows the key line outside the tab
    if not others:
        return "".join([key, two, method])
    # every choice's value, the best in bold and the ones too close to call marked; each choice in
    # its plain words (its odds and costs are in the choice list beside), unless two would read the same
    words = {r.action: action_words(r.action, lang, h.st) for r in h.rows}
    same = {w for w in words.values() if list(words.values()).count(w) > 1}
    tied = {id(r) for r in h.tied} if h.close else set()
    rows = "".join(
        f"<tr{_BOLD if r is h.best else ''}><td style='text-align:right;padding:0 8px 0 0;white-space:nowrap'>"
        f"{'≈ ' if id(r) in tied else ''}{esc(hint_cell(h, r, lang))}</td><td>{esc(label(r.action) if words[r.action] in same else words[r.action])}</td></tr>"
        for r in ranked(h))
    mark = f"<div style='font-size:90%'>{esc(tr('hint.tied_mark', lang))}</div>" if tied else ""
    return "".join([key, f"<table class='dodnb-hint-values' style='margin:4px 0'><tr><th style='text-align:right;padding-right:8px'>"
                    f"{esc(tr('hint.chance', lang))}</th><th style='text-align:left'>{esc(tr('hint.choice', lang))}</th></tr>{rows}</table>",
                    mark, f"<div>{esc(tr('hint.values', lang, question=hint_question(h, lang)))}</div>", two, method])
