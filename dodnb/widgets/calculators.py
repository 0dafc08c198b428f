"""Shot and zombie-attack calculators: ipywidgets shells over :mod:`dodnb.prob` (DESIGN.md, Widgets).

:class:`ShotCalculator` answers "who shoots, at what, from where?" with
:func:`dodnb.prob.combined_fire` [6.0]-[6.8]; :class:`AttackCalculator` answers "a zombie attacks
this square: what happens to each character?" with :func:`dodnb.prob.square_attack`,
:func:`dodnb.prob.attack_by_k` and :func:`dodnb.prob.solitaire_attack` [8.0]-[8.8], [15.6].

The widgets compute nothing themselves: every number they show comes from the engine.  Each
control change recomputes at once (no button).  A combination the rules forbid (nobody
shooting, Peter with a hunting rifle [12.1], ...) shows a sentence naming the Case instead of a
traceback.

For tests and for reading in code, each calculator exposes plain attributes:

* ``result``  - the engine's answer (a Dist; a :class:`dodnb.prob.ByK` for "every k side by side"),
  or None while the settings are not allowed;
* ``message`` - "" when all is well, else the friendly explanation shown to the learner;
* ``notes``   - rule reminders that apply to the current settings ([6.8] three dice at most, ...);
* ``code``    - the Python call that gives the same answer (``eval``-able with ``P = dodnb.prob``);
* ``last_ms`` / ``compute_ms`` - time of the last refresh / of the engine call alone;
* ``to_html()`` / ``_repr_html_()`` - a static snapshot (tables, SVG chart, derivation) that
  reads on GitHub and nbviewer, where widgets do not run.
"""

from __future__ import annotations

import html
import time
from collections import OrderedDict
from contextlib import contextmanager
from fractions import Fraction
from typing import Any, Callable

import ipywidgets as W

import dodnb.prob as P
from dodnb.i18n import check_language, fmt_one_in, fmt_percent, names, tr
from dodnb.i18n import text as i18n_text
from dodnb.errors import Readable
from dodnb.prob.dist import fmt_fraction
from dodnb.render.calc_charts import STATUS_COLOURS, STATUS_ORDER, fire_chart, fire_outcome_words, heat_colour, ink_on, status_chart
from dodnb.render.picture import picture
from dodnb.render.style import current as current_style
from dodnb.prob.shots import MAX_SHOT_DICE
from dodnb.rules.counters import CHARACTERS, STATUSES
from dodnb.rules.tables import Tables, default_tables
from dodnb.widgets.still import StillMixin

#: Target kinds offered by the shot calculator: (label, key).  Panic [6.5], [10.6], [11.5].
TARGETS = (
    ("ordinary zombie unit", "zombie"),
    ("berserk zombie unit [10.0]", "berserk"),
    ("super zombie alone [11.3]", "super"),
    ("super zombie + zombie unit [11.3]", "super+unit"),
)
def door_options(tables: Tables | None = None, lang: str | None = "en") -> tuple[tuple[str, str], ...]:
    """Doors a shot may pass through, labelled with the chart's own modifiers [6.7] (sight passes one
    door at most [6.4])."""
    t = tables or default_tables()
    return (
        (tr("calc.door.none", lang), "none"),
        (tr("calc.door.open", lang, m=t.shot_modifier(open_doors=1)), "open"),
        (tr("calc.door.closed glass", lang, m=t.shot_modifier(closed_glass_doors=1)), "closed glass"),
    )


#: The door choices with the shipped Shot Modifier Chart [6.7].
DOORS = door_options()
#: How many characters a zombie attacks [8.0] step 2, [15.6].
ATTACK_MODES = (
    ("all of them", "all"),
    ("k of them (slider)", "k"),
    ("every k, side by side", "by_k"),
    ("solitaire die [15.6]", "solitaire"),
)
_TARGET_WORDS = {
    "zombie": "an ordinary zombie unit",
    "berserk": "a berserk zombie unit",
    "super": "a super zombie alone",
    "super+unit": "a super zombie stacked with a zombie unit",
}
#: Largest Zombie Value on the sliders: 11 (strongest unit) + 2 (super zombie) [8.8], [11.3].
MAX_VALUE = 13
MAX_DISTANCE = 10
_CACHE_SIZE = 64


def _esc(x: Any) -> str:
    return html.escape(str(x))


def _status_word(status: str, lang: str | None = None) -> str:
    """A character's status [8.3]-[8.5] in the calculators: the rules' "normal", « indemne »."""
    return tr("calc.normal", lang) if status == "normal" else tr("status." + status, lang)


def _and(items: list[str], lang: str | None = None) -> str:
    return names(items, lang)


#: Shading of the status columns (darkest at probability 1).
_STATUS_BASE = {"normal": "#4575b4", "stunned": "#e6a700", "infected": "#f46d43", "killed": "#a50026"}


def _cell(p: Fraction, status: str, lang: str | None = None) -> str:
    """A table cell: exact fraction over its percentage, shaded by size in the status's colour."""
    fill = heat_colour(p, _STATUS_BASE[status])
    return (
        f'<td style="background:{fill};color:{ink_on(fill)};padding:3px 8px;text-align:right" title="{_esc(fmt_one_in(p, lang))}">'
        f"{fmt_fraction(p)}<br><small>{fmt_percent(p, 1, lang)}</small></td>"
    )


_MSG_STYLE = "background:#fff4d6;border-left:4px solid #e0a100;padding:6px 10px;margin:4px 0"
_NOTE_STYLE = "background:#eef4fb;border-left:4px solid #4575b4;padding:4px 10px;margin:4px 0"
_TABLE_STYLE = "border-collapse:collapse;font-size:13px"
_TH = 'style="padding:3px 8px;text-align:left;border-bottom:1px solid #999"'


def _with_statuses(result, names) -> tuple:
    """The engine's Dist and each character's marginal status [8.5], computed (and cached) together."""
    return result, {nm: P.status_of(result, nm) for nm in names}


_PRE = "font-size:12px;max-height:360px;overflow:auto;white-space:pre-wrap"


def _derivation_html(text: str, lang: str | None, opened: bool = True) -> str:
    """The engine's derivation (its steps are written by dodnb.prob in the reader's language), open
    below the tables, or folded (`opened` False: the projector's two columns, where the answer is
    beside the controls and the derivation a click away)."""
    head = tr("calc.derivation", lang)
    return (f'<details{" open" if opened else ""} class="dodnb-derivation"><summary><b>{_esc(head)}</b></summary>'
            f'<pre class="dodnb-engine-words" style="{_PRE}">{_esc(text)}</pre></details>')


def _derivation(dist, words: Callable[[Any], str], lang: str | None, opened: bool = True) -> str:
    """The derivation of a Dist: the engine's title and steps in `lang`, then every outcome in words
    (never an outcome's repr) with its exact probability and percentage."""
    title = i18n_text(dist.title, lang)
    lines = [title, "=" * len(title)] if title else []
    lines += [i18n_text(step, lang) for step in dist.steps]
    text = "\n".join(lines)
    result = [tr("calc.result", lang)] + [tr("calc.result_line", lang, what=words(o), exact=fmt_fraction(p), percent=fmt_percent(p, 1, lang))
                                         for o, p in dist.items()]
    return _derivation_html(text, lang, opened).replace("</details>", f'<pre style="{_PRE}">{_esc(chr(10).join(result))}</pre></details>')


class _Calculator(StillMixin, W.VBox):
    """Shared shell: observe controls, recompute through the engine, show HTML, never a traceback."""

    title = "Calculator"

    def __init__(self, lang: str | None = None, **kwargs):
        super().__init__(**kwargs)
        self.lang = check_language(lang)  # the words' language (default: the package's)
        self.result: Any = None
        self.message: str = ""
        self.notes: list[str] = []
        self.error: Exception | None = None
        self.code: str = ""
        self.last_ms: float = 0.0
        self.compute_ms: float = 0.0
        self.refreshes: int = 0
        self._holding = 0
        self._syncing = False
        self._cache: OrderedDict = OrderedDict()
        self.out_summary = W.HTML()
        self.out_notes = W.HTML()
        self.out_chart = W.HTML()
        self.out_table = W.HTML()
        self.out_explain = W.HTML()
        self.out_code = W.HTML()
        self._chart = None  # the chart's scene (SVG in the widget, PNG in the static snapshot)

    def _lay_out(self, controls: W.Widget) -> None:
        """Title, controls, then the answer under them; in projector mode (render/style.py) two
        columns, so that the whole calculator fits a 1400 x 900 screen: the controls on the left,
        the answer (summary, exact table, chart) on the right."""
        title = W.HTML(f"<h4 style='margin:4px 0'>{_esc(self.title)}</h4>")
        self.columns = current_style().calculator_columns  # the style at build time, kept by later updates
        if self.columns:
            left = W.VBox([title, controls, self.out_notes, self.out_explain, self.out_code], layout=W.Layout(width="48%", min_width="520px"))
            right = W.VBox([self.out_summary, self.out_table, self.out_chart], layout=W.Layout(width="52%", padding="0 0 0 12px"))
            self.children = [W.HBox([left, right], layout=W.Layout(width="100%", align_items="flex-start"))]
            self.add_class("dodnb-calc-columns")
        else:
            self.children = [title, controls, self.out_summary, self.out_notes, self.out_chart, self.out_table, self.out_explain, self.out_code]

    # ----------------------------------------------------------------- plumbing

    def _watch(self, *controls: W.Widget) -> None:
        for c in controls:
            c.observe(self._on_change, names="value")

    def _on_change(self, _change=None) -> None:
        if self._holding or self._syncing:
            return
        self.refresh()

    @contextmanager
    def hold(self):
        """Change several controls, recompute once at the end::

            with calc.hold():
                calc.value.value = 7
                calc.distance.value = 3
        """
        self._holding += 1
        try:
            yield self
        finally:
            self._holding -= 1
            if not self._holding:
                self.refresh()

    def set(self, **values) -> "_Calculator":
        """``calc.set(value=7, same_square=False)``: set controls by attribute name, recompute once."""
        with self.hold():
            for name, v in values.items():
                control = getattr(self, name, None)
                if not isinstance(control, W.ValueWidget):
                    raise AttributeError(f"{type(self).__name__} has no control named {name!r}")
                control.value = v
        return self

    def clear_cache(self) -> None:
        self._cache.clear()

    def _cached(self, key: Any, compute: Callable[[], Any]) -> Any:
        if key in self._cache:
            self._cache.move_to_end(key)
            return self._cache[key]
        value = compute()
        self._cache[key] = value
        if len(self._cache) > _CACHE_SIZE:
            self._cache.popitem(last=False)
        return value

    def refresh(self) -> None:
        """Recompute from the controls and redraw (called on every control change)."""
        t0 = time.perf_counter()
        self._syncing = True
        try:
            self._sync_controls()
        finally:
            self._syncing = False
        self.result, self.message, self.notes, self.error, self.code = None, "", [], None, ""
        try:
            t1 = time.perf_counter()
            self._compute()
            self.compute_ms = (time.perf_counter() - t1) * 1000
        except ValueError as exc:  # ProbError, CounterError, TableError, DistError: rule messages
            self.result, self.error = None, exc
            self.message = f"[{exc.case}] {exc.text(self.lang)}" if isinstance(exc, Readable) and exc.case else str(exc)
        except Exception as exc:  # a bug: still no traceback in the learner's face
            self.result, self.error = None, exc
            self.message = tr("calc.bug", self.lang, error=f"{type(exc).__name__}: {exc}")
        try:
            self._render()
            self.out_code.value = (
                f'<details><summary><b>{_esc(tr("calc.code", self.lang))}</b></summary>'
                f'<pre class="dodnb-code" style="font-size:12px;color:#333">{_esc(self.code)}</pre></details>'
                if self.code
                else ""
            )
        except Exception as exc:  # pragma: no cover - rendering bug, keep the widget alive
            self.error = exc
            self.message = tr("calc.draw_bug", self.lang, error=f"{type(exc).__name__}: {exc}")
            self._render_message_only()
        self.refreshes += 1
        self.last_ms = (time.perf_counter() - t0) * 1000

    def _render_message_only(self) -> None:
        self.out_summary.value = ""
        self.out_notes.value = self._message_html()
        self.out_chart.value = self.out_table.value = self.out_explain.value = self.out_code.value = ""

    def _message_html(self) -> str:
        parts = []
        if self.message:
            parts.append(f'<div style="{_MSG_STYLE}"><b>{_esc(tr("calc.not_possible", self.lang))}</b> {_esc(self.message)}</div>')
        for n in self.notes:
            parts.append(f'<div style="{_NOTE_STYLE}">{_esc(n)}</div>')
        return "".join(parts)

    # ----------------------------------------------------------------- static view

    def describe(self) -> str:  # pragma: no cover - overridden
        return ""

    def to_html(self) -> str:
        """Static snapshot: settings, answer, notes, chart, table and derivation (no widgets).

        The chart is a PNG <img> here, not the live widget's SVG: an untrusted notebook (JupyterLab,
        Notebook 7) sanitises HTML and would show an inline SVG as a wall of text."""
        chart = picture(self._chart).html() if self._chart is not None and self.result is not None else ""
        return (
            f'<div class="dodnb-calculator"><h4 style="margin:4px 0">{_esc(self.title)}</h4>'
            f"<p><i>{_esc(self.describe())}</i></p>"
            f"{self.out_summary.value}{self.out_notes.value}{chart}"
            f"{self.out_table.value}{self.out_explain.value}{self.out_code.value}</div>"
        )

    def _repr_html_(self) -> str:
        return self.to_html()

    def still_html(self) -> str:
        """The snapshot, stored beside the widget (widgets/still.py)."""
        return self.to_html()

    # subclasses fill these in
    def _sync_controls(self) -> None: ...

    def _compute(self) -> None: ...

    def _render(self) -> None: ...


#: Width of the labels in the left column: every control sits right beside its label.
LABEL_WIDTH = "150px"


def _row(label: str, *controls: W.Widget, note: str = "") -> W.HBox:
    """One line of the form: a label in the left column, then its controls (and a small note)."""
    parts: list[W.Widget] = [W.HTML(f"<b>{_esc(label)}</b>", layout=W.Layout(width=LABEL_WIDTH, flex="0 0 auto"))]
    parts += controls
    if note:
        parts.append(W.HTML(f"<small>{_esc(note)}</small>", layout=W.Layout(margin="0 0 0 8px")))
    return W.HBox(parts, layout=W.Layout(align_items="center"))


def _value_controls(default: int = 4, lang: str | None = None) -> tuple[W.ToggleButtons, W.IntSlider]:
    known = W.ToggleButtons(
        options=[(tr("calc.known", lang), True), (tr("calc.unknown", lang), False)],
        value=True,
        style={"button_width": "auto"},
    )
    value = W.IntSlider(value=default, min=1, max=MAX_VALUE, continuous_update=False, layout=W.Layout(width="260px"))
    return known, value


# =============================================================================================
# Shots [6.0]-[6.8]


class ShotCalculator(_Calculator):
    """Chance that one shot (one character, or several shooting together [6.8]) destroys a unit.

    Controls (all plain ipywidgets, set ``.value`` from code to drive them):
    ``shoots[name]``, ``rifle[name]``, ``infected[name]`` for Peter, Roger, Steve and Fran;
    ``target`` (see :data:`TARGETS`); ``same_square`` (True/False) and ``distance`` (1-10) [6.7];
    ``door`` (:data:`DOORS`) [6.7]; ``value_known`` and ``value`` (1-13) [5.4], [7.7];
    ``together`` (pool the dice [6.8], or fire one after another).
    """

    title = "Shot calculator [6.0]–[6.8]"

    def __init__(self, shooters=("Peter",), value: int | None = 4, tables: Tables | None = None, lang: str | None = None, **kwargs):
        super().__init__(lang=lang, **kwargs)
        lang = self.lang
        self.title = tr("calc.shot.title", lang)
        self.tables = tables or default_tables()  # the Shot Modifier Chart and panic rows read [6.5], [6.7]
        self.shoots = {n: W.Checkbox(value=n in shooters, description=n, indent=False, layout=W.Layout(width="90px")) for n in CHARACTERS}
        self.rifle = {n: W.Checkbox(value=False, description=tr("calc.rifle", lang), indent=False, layout=W.Layout(width="120px")) for n in CHARACTERS}
        self.infected = {n: W.Checkbox(value=False, description=tr("calc.infected", lang), indent=False, layout=W.Layout(width="90px")) for n in CHARACTERS}
        self.target = W.Dropdown(options=[(tr(f"calc.target.{k}", lang), k) for _, k in TARGETS], value="zombie", layout=W.Layout(width="300px"))
        self.same_square = W.ToggleButtons(
            options=[(tr("calc.same_square", lang), True), (tr("calc.another_square", lang), False)],
            value=True,
            style={"button_width": "auto"},
        )
        self.distance = W.IntSlider(value=1, min=1, max=MAX_DISTANCE, description=tr("calc.squares_away", lang), continuous_update=False, style={"description_width": "initial"}, layout=W.Layout(width="300px"))
        self.door = W.Dropdown(options=list(door_options(self.tables, lang)), value="none", layout=W.Layout(width="300px"))
        self.value_known, self.value = _value_controls(4 if value is None else value, lang)
        if value is None:
            self.value_known.value = False
        self.together = W.ToggleButtons(
            options=[(tr("calc.together", lang), True), (tr("calc.one_after", lang), False)],
            value=True,
            style={"button_width": "auto"},
        )
        rows = [_row(tr("calc.row.who_shoots", lang) if i == 0 else "", self.shoots[n], self.rifle[n], self.infected[n]) for i, n in enumerate(CHARACTERS)]
        controls = W.VBox(
            [
                W.HTML(f"<small>{_esc(tr('calc.shot.dice_note', lang))}</small>"),
                *rows,
                _row(tr("calc.row.several", lang), self.together, note="[6.8]"),
                _row(tr("calc.row.target", lang), self.target),
                _row(tr("calc.row.where", lang), self.same_square, self.distance, note="[6.7]"),
                _row(tr("calc.row.through", lang), self.door, note=tr("calc.row.through_note", lang)),
                _row(tr("calc.row.value", lang), self.value_known, self.value, note="[5.4], [7.7]"),
            ]
        )
        self._lay_out(controls)
        self._watch(*self.shoots.values(), *self.rifle.values(), *self.infected.values(), self.target, self.same_square, self.distance, self.door, self.value_known, self.value, self.together)
        self.kill_chance: Fraction | None = None
        self.shooters: list[P.Shooter] = []
        self.refresh()

    # ----------------------------------------------------------------- model

    def _sync_controls(self) -> None:
        same = self.same_square.value
        self.distance.disabled = same
        self.door.disabled = same
        self.value.disabled = (not self.value_known.value) or self.target.value == "super"
        self.value_known.disabled = self.target.value == "super"
        several = sum(c.value for c in self.shoots.values()) > 1
        self.together.disabled = not several

    def shooter_names(self) -> list[str]:
        return [n for n in CHARACTERS if self.shoots[n].value]

    def _compute(self) -> None:
        names = self.shooter_names()
        same = bool(self.same_square.value)
        door = self.door.value
        target = self.target.value
        known = bool(self.value_known.value)
        v = int(self.value.value)
        together = bool(self.together.value) if len(names) > 1 else True
        notes = self.notes
        if not names:
            raise P.ProbError("6.8", tr("calc.tick_shooter", self.lang))

        # [6.7] the Shot Modifier Chart, one gun at a time
        if same:
            mod_kw: dict = {}
            if door != "none":
                notes.append(tr("calc.note.door_same", self.lang))
        else:
            mod_kw = {"squares_away": int(self.distance.value), "open_door": door == "open", "closed_glass_door": door == "closed glass"}
        shooters = []
        for n in names:
            status = "infected" if self.infected[n].value else "normal"
            shooters.append(P.shooter(n, status=status, rifle=bool(self.rifle[n].value), tables=self.tables, **mod_kw))
        self.shooters = shooters

        # the target's Zombie Value [5.4], [7.7], [11.3]
        unit: int | P.Dist = v if known else P.unseen_values()
        unit_code = str(v) if known else "P.unseen_values()"
        if target == "super":
            value, value_code, kind = P.with_super_zombie(), "P.with_super_zombie()", "super"
            notes.append(tr("calc.note.super_alone", self.lang))
        elif target == "super+unit":
            value, value_code, kind = P.with_super_zombie(unit), f"P.with_super_zombie({unit_code})", "super"
            notes.append(tr("calc.note.super_unit", self.lang))
        else:
            value, value_code, kind = unit, unit_code, target
        if known and target != "super" and v > 11:
            notes.append(tr("calc.note.above_11", self.lang))

        key = (tuple(shooters), same, kind, known, v if known else None, target, together)
        self.result = self._cached(key, lambda: P.combined_fire(shooters, value, kind, same, together=together, tables=self.tables))
        self.kill_chance = self.result.p(lambda o: o.killed)

        # reminders that apply to these settings
        inc = P.panic_check(kind, same, self.tables)
        lang = self.lang
        where = tr("calc.where.same" if same else "calc.where.other", lang)
        if inc is None:
            notes.append(tr("calc.note.no_panic", lang, where=where))
        elif inc:
            notes.append(tr("calc.note.panic_plus", lang, inc=inc, kind=self._kind_label(kind, lang), where=where))
        else:
            notes.append(tr("calc.note.panic_same", lang, kind=self._kind_label(kind, lang), where=where))
        if any(self.infected[n].value for n in names):
            notes.append(tr("calc.note.infected", lang))
        pooled = sum(s.dice for s in shooters)
        if together and pooled > MAX_SHOT_DICE:
            notes.append(tr("calc.note.three_dice", lang, who=tuple(names), n=pooled))
        if not same:
            m = shooters[0].modifier
            if together and len(shooters) > 1 and m:
                notes.append(tr("calc.note.per_gun", lang, n=len(shooters), m=m, total=m * len(shooters)))
            if door == "closed glass":
                notes.append(tr("calc.note.glass", lang))

        # the same answer in code
        lines = ["import dodnb.prob as P", "shooters = ["]
        for s, n in zip(shooters, names):
            args = [repr(n)]
            if self.infected[n].value:
                args.append('status="infected"')
            if self.rifle[n].value:
                args.append("rifle=True")
            for k, val in mod_kw.items():
                if val:
                    args.append(f"{k}={val!r}")
            lines.append(f"    P.shooter({', '.join(args)}),")
        lines.append("]")
        extra = "" if together else ", together=False"
        lines.append(f"P.combined_fire(shooters, {value_code}, {kind!r}, same_square={same}{extra})")
        self.code = "\n".join(lines)

    @staticmethod
    def _kind_label(kind: str, lang: str | None = None) -> str:
        return tr(f"calc.kind.{kind}", lang)

    def describe(self) -> str:
        lang = self.lang
        shooting = self.shooter_names()
        who = _and(shooting, lang) if shooting else tr("calc.nobody", lang)
        how = "" if len(shooting) < 2 else tr("calc.how.together" if self.together.value else "calc.how.one_after", lang)
        target = tr(f"calc.words.{self.target.value}", lang)
        if self.same_square.value:
            where = tr("calc.where.same", lang)
        else:
            where = tr("calc.away", lang, n=self.distance.value)
            if self.door.value != "none":
                where += tr("calc.through", lang, door=tr(f"calc.door_words.{self.door.value}", lang))
        extras = [tr("calc.with_rifle", lang, who=n) for n in shooting if self.rifle[n].value]
        extras += [tr("calc.is_infected", lang, who=n) for n in shooting if self.infected[n].value]
        if self.target.value == "super":
            val = tr("calc.val.super", lang)
        elif self.value_known.value:
            val = tr("calc.val.known", lang, v=self.value.value)
        else:
            val = tr("calc.val.unknown", lang)
        text = tr("calc.shot.describe", lang, who=who, n=len(shooting), how=how, target=target, where=where, val=val)
        if extras:
            text += "; " + ", ".join(extras) if lang == "en" else " ; " + ", ".join(extras)
        return text + "."

    # ----------------------------------------------------------------- view

    def _render(self) -> None:
        self.out_notes.value = self._message_html()
        if self.result is None:
            self.kill_chance, self.shooters = None, []
            self.out_summary.value = ""
            self.out_chart.value = self.out_table.value = self.out_explain.value = ""
            return
        p = self.kill_chance
        lang = self.lang
        self.out_summary.value = (
            f'<div style="font-size:18px;margin:6px 0">{_esc(tr("calc.shot.summary", lang))} <b>{fmt_fraction(p)}</b> '
            f"= <b>{fmt_percent(p, 1, lang)}</b> <small>({_esc(fmt_one_in(p, lang))})</small></div>"
        )
        together = bool(self.together.value) or len(self.shooters) < 2
        self._chart = fire_chart(self.result, tr("calc.shot.chart", lang), together=together, lang=lang)
        self.out_chart.value = self._chart.to_svg()
        self.out_table.value = self._table_html(together)
        self.out_explain.value = _derivation(self.result, lambda o: fire_outcome_words(o, lang), lang, opened=not self.columns)

    def _table_html(self, together: bool) -> str:
        lang = self.lang
        head = [tr(f"calc.shot.head.{k}", lang) for k in ("panicked", "fired", "dice" if together else "dice_all", "unit")]
        head += [tr("calc.head.exact", lang), tr("calc.head.percent", lang)]
        rows = ["<tr>" + "".join(f"<th {_TH}>{h}</th>" for h in head) + "</tr>"]
        for o, p in sorted(self.result.items(), key=lambda kv: (-len(kv[0].fired), kv[0].fired, not kv[0].killed)):
            cells = [
                ", ".join(o.panicked) or "—",
                ", ".join(o.fired) or tr("calc.nobody", lang),
                f"{o.dice}d6" if o.dice else "—",
                tr("calc.destroyed" if o.killed else "calc.survives", lang),
                fmt_fraction(p),
                fmt_percent(p, 1, lang),
            ]
            style = "background:#fde0dd" if o.killed else ""
            rows.append(f'<tr style="{style}">' + "".join(f'<td style="padding:2px 8px">{_esc(c)}</td>' for c in cells) + "</tr>")
        return f'<table style="{_TABLE_STYLE}"><caption style="text-align:left"><b>{_esc(tr("calc.shot.table", lang))}</b></caption>{"".join(rows)}</table>'


# =============================================================================================
# Zombie attacks [8.0]-[8.8], [6.9], [15.6]


class AttackCalculator(_Calculator):
    """What a zombie attack does to each character in the square [8.0]-[8.5], with reaction fire
    first [6.9], [8.1], for k attacked characters, every k side by side, or the solitaire die [15.6].

    Controls: ``present[name]``, ``status[name]`` ('normal' / 'stunned' / 'infected'),
    ``rifle[name]``; ``attacker`` ('zombie', 'berserk', 'super', 'super+unit');
    ``value_known`` and ``value`` (1-13); ``mode`` (:data:`ATTACK_MODES`) and ``k``;
    ``reaction`` (the characters shoot first).
    """

    title = "Zombie attack calculator [8.0]–[8.8]"

    def __init__(self, characters=("Peter", "Fran"), value: int | None = 5, tables: Tables | None = None, lang: str | None = None, **kwargs):
        super().__init__(lang=lang, **kwargs)
        lang = self.lang
        self.title = tr("calc.attack.title", lang)
        self.tables = tables or default_tables()  # the Zombie Attack Table and panic rows read [6.5], [8.8]
        if isinstance(characters, dict):
            start = dict(characters)
        else:
            start = {c: "normal" for c in characters}
        self.present = {n: W.Checkbox(value=n in start, description=n, indent=False, layout=W.Layout(width="90px")) for n in CHARACTERS}
        self.status = {n: W.Dropdown(options=[(_status_word(st, lang), st) for st in STATUSES], value=start.get(n, "normal"), layout=W.Layout(width="110px")) for n in CHARACTERS}
        self.rifle = {n: W.Checkbox(value=False, description=tr("calc.rifle", lang), indent=False, layout=W.Layout(width="120px")) for n in CHARACTERS}
        self.attacker = W.Dropdown(
            options=[(tr("calc.attacker.zombie", lang), "zombie")] + [(tr(f"calc.target.{k}", lang), k) for k in ("berserk", "super", "super+unit")],
            value="zombie",
            layout=W.Layout(width="300px"),
        )
        self.value_known, self.value = _value_controls(5 if value is None else value, lang)
        if value is None:
            self.value_known.value = False
        self.mode = W.Dropdown(options=[(tr(f"calc.mode.{k}", lang), k) for _, k in ATTACK_MODES], value="all", layout=W.Layout(width="240px"))
        n_start = max(1, len(start))
        self.k = W.IntSlider(value=n_start, min=1, max=n_start, description="k =", continuous_update=False, layout=W.Layout(width="240px"))
        self.reaction = W.Checkbox(value=True, description=tr("calc.attack.shoot_first", lang), indent=False, layout=W.Layout(width="320px"))
        rows = [_row(tr("calc.row.in_square", lang) if i == 0 else "", self.present[n], self.status[n], self.rifle[n]) for i, n in enumerate(CHARACTERS)]
        controls = W.VBox(
            [
                W.HTML(f"<small>{_esc(tr('calc.attack.tick_note', lang))}</small>"),
                *rows,
                _row(tr("calc.row.attacker", lang), self.attacker),
                _row(tr("calc.row.value", lang), self.value_known, self.value, note="[8.0]"),
                _row(tr("calc.row.attacked", lang), self.mode, self.k, note="[8.0], [15.6]"),
                _row(tr("calc.row.reaction", lang), self.reaction),
            ]
        )
        self._lay_out(controls)
        self._watch(*self.present.values(), *self.status.values(), *self.rifle.values(), self.attacker, self.value_known, self.value, self.mode, self.k, self.reaction)
        self.statuses: dict = {}
        self.p_destroyed: Fraction | None = None
        self.targets: tuple[str, ...] = ()
        self.refresh()

    # ----------------------------------------------------------------- model

    def characters(self) -> list[tuple[str, str]]:
        return [(n, self.status[n].value) for n in CHARACTERS if self.present[n].value]

    def _sync_controls(self) -> None:
        n = max(1, len(self.characters()))
        if self.k.max != n:
            if self.k.value > n:
                self.k.value = n
            self.k.max = n
        mode = self.mode.value
        # "all of them" is k = n: the slider shows n, greyed (it is the meaning, not a setting);
        # "every k" and the solitaire die have no single k: the slider is hidden
        if mode == "all":
            self.k.value = n
        self.k.disabled = mode != "k"
        self.k.layout.visibility = "visible" if mode in ("all", "k") else "hidden"
        self.value.disabled = (not self.value_known.value) or self.attacker.value == "super"
        self.value_known.disabled = self.attacker.value == "super"

    def _compute(self) -> None:
        chars = self.characters()
        notes = self.notes
        if not chars:
            raise P.ProbError("8.0", tr("calc.tick_attacked", self.lang))
        names = [n for n, _ in chars]
        for n in names:
            if self.rifle[n].value:
                P.shooter(n, rifle=True)  # the engine's own [12.1] check (Peter and Roger never carry one)
        rifles = tuple(n for n in names if self.rifle[n].value)
        known = bool(self.value_known.value)
        v = int(self.value.value)
        attacker = self.attacker.value
        mode = self.mode.value
        reaction = bool(self.reaction.value)

        unit: int | P.Dist | None = v if known else P.unseen_values()
        unit_code = str(v) if known else "P.unseen_values()"
        berserk = attacker == "berserk"
        supers = 1 if attacker in ("super", "super+unit") else 0
        if attacker == "super":
            unit, unit_code = None, "None"
            notes.append(tr("calc.attack.note.super_alone", self.lang))
        elif attacker == "super+unit":
            notes.append(tr("calc.attack.note.super_unit", self.lang))
        total = P.with_super_zombie(unit) if supers else unit  # the attacking value [11.3]

        kw: dict = {}
        if berserk:
            kw["berserk"] = True
        if supers:
            kw["super_zombies"] = supers
        if not reaction:
            kw["reaction_fire"] = False
        if rifles:
            kw["rifles"] = rifles
        n = len(chars)
        k = int(self.k.value) if mode == "k" else n
        key = (tuple(chars), known, v if known else None, attacker, mode, k, reaction, rifles)
        chars_code = repr(chars)
        kw_code = "".join(f", {a}={b!r}" for a, b in kw.items())
        kw = {**kw, "tables": self.tables}  # the calculator's tables (not shown in the code: the shipped ones by default)

        if mode == "by_k":
            def by_k():
                res = P.attack_by_k(chars, unit, **kw)
                return res, {kk: {nm: P.status_of(d, nm) for nm in names} for kk, d in res.items()}

            self.result, self.statuses = self._cached(key, by_k)
            self.code = f"import dodnb.prob as P\nP.attack_by_k({chars_code}, {unit_code}{kw_code})"
            first = next(iter(self.result.values()))
            self.p_destroyed = first.p(lambda o: o.destroyed)
            ks = list(range(1, n + 1))
            notes.append(tr("calc.attack.note.by_k", self.lang))
        elif mode == "solitaire":
            self.result, self.statuses = self._cached(key, lambda: _with_statuses(P.solitaire_attack(chars, unit, **kw), names))
            self.code = f"import dodnb.prob as P\nP.solitaire_attack({chars_code}, {unit_code}{kw_code})"
            self.p_destroyed = self.result.p(lambda o: o.destroyed)
            ks = list(range(1, n + 1))
        else:
            self.result, self.statuses = self._cached(key, lambda: _with_statuses(P.square_attack(chars, unit, k, **kw), names))
            k_code = "" if mode == "all" else f", {k}"
            self.code = f"import dodnb.prob as P\nP.square_attack({chars_code}, {unit_code}{k_code}{kw_code})"
            self.p_destroyed = self.result.p(lambda o: o.destroyed)
            ks = [k]
        self.targets = P.choose_targets(chars, k) if mode in ("all", "k") else ()
        if mode == "k" and k < n:
            notes.append(tr("calc.attack.note.k", self.lang, k=k, who=tuple(self.targets)))

        # strength = value // k, rounded down [8.0] step 4, with the engine's ruling for 0
        zero = False
        for kk in ks:
            s = P.attack_strength(total, kk)
            if isinstance(s, int):
                notes.append(tr("calc.attack.note.strength", self.lang, k=kk, total=total, s=s))
                zero |= s == 0
                if s > 13:
                    notes.append(tr("calc.attack.note.column", self.lang))
            else:
                dist = ", ".join(f"{x}: {fmt_fraction(q)}" for x, q in s.items())
                notes.append(tr("calc.attack.note.strength_dist", self.lang, k=kk, dist=dist))
                zero |= s.p(0) > 0
        if zero:
            ruling = [line for line in P.attack_result(0).steps if "Ruling" in line] or list(P.attack_result(0).steps)
            notes.append(tr("calc.attack.note.zero", self.lang) + " " + " ".join(i18n_text(line, self.lang) for line in ruling))
        if reaction:
            stunned = [nm for nm, st in chars if st == "stunned"]
            if stunned:
                notes.append(tr("calc.attack.note.stunned", self.lang, who=tuple(stunned)))
            if len(stunned) < n:
                notes.append(tr("calc.attack.note.reaction", self.lang))

    def describe(self) -> str:
        lang = self.lang
        chars = self.characters()
        who = _and([f"{n} ({_status_word(st, lang)})" for n, st in chars], lang) if chars else tr("calc.nobody", lang)
        att = tr(f"calc.words.{self.attacker.value}", lang)
        if self.attacker.value == "super":
            val = tr("calc.val.super", lang)
        elif self.value_known.value:
            val = tr("calc.val.known", lang, v=self.value.value)
        else:
            val = tr("calc.val.unknown", lang)
        mode = self.mode.value
        how = tr(f"calc.attack.how.{mode}", lang, k=self.k.value)
        fire = tr("calc.attack.fire" if self.reaction.value else "calc.attack.no_fire", lang)
        rifles = [n for n, _ in chars if self.rifle[n].value]
        extra = tr("calc.attack.rifles", lang, who=tuple(rifles)) if rifles else ""
        return tr("calc.attack.describe", lang, who=who, att=att, val=val, how=how, fire=fire, extra=extra)

    # ----------------------------------------------------------------- view

    def _render(self) -> None:
        self.out_notes.value = self._message_html()
        if self.result is None:
            self.statuses, self.p_destroyed, self.targets = {}, None, ()
            self.out_summary.value = self.out_chart.value = self.out_table.value = self.out_explain.value = ""
            return
        mode = self.mode.value
        pd = self.p_destroyed
        lang = self.lang
        self.out_summary.value = (
            f'<div style="font-size:15px;margin:6px 0">{_esc(tr("calc.attack.summary", lang))} '
            f"<b>{fmt_fraction(pd)}</b> = <b>{fmt_percent(pd, 1, lang)}</b></div>"
            if self.reaction.value
            else f'<div style="margin:6px 0">{_esc(tr("calc.attack.no_reaction", lang))}</div>'
        )
        if mode == "by_k":
            rows = [(f"k={kk}: {nm}", d) for kk, per in self.statuses.items() for nm, d in per.items()]
            self._chart = status_chart(rows, tr("calc.attack.chart_k", lang), lang=lang)
            self.out_chart.value = self._chart.to_svg()
            self.out_table.value = self._by_k_html()
            parts = []
            for kk, d in self.result.items():
                parts.append(f"--- k = {kk} ---\n" + "\n".join(i18n_text(t, lang) for t in d.steps))
            explain = "\n\n".join(parts)
        else:
            rows = [(tr("calc.attack.was", lang, who=nm, status=_status_word(st, lang)), self.statuses[nm]) for nm, st in self.characters()]
            self._chart = status_chart(rows, tr("calc.attack.chart", lang), lang=lang)
            self.out_chart.value = self._chart.to_svg()
            self.out_table.value = self._status_html() + self._joint_html()
            explain = "\n".join(i18n_text(t, lang) for t in self.result.steps)
        self.out_explain.value = _derivation_html(explain, lang, opened=not self.columns)

    def _status_head(self, first: list[str]) -> str:
        cols = first + [f'<span style="border-bottom:3px solid {STATUS_COLOURS[s]}">{_esc(_status_word(s, self.lang))}</span>' for s in STATUS_ORDER]
        return "<tr>" + "".join(f"<th {_TH}>{c}</th>" for c in cols) + "</tr>"

    def _status_html(self) -> str:
        mode = self.mode.value
        lang = self.lang
        rows = [self._status_head([tr("calc.head.character", lang), tr("calc.head.before", lang), tr("calc.head.attacked", lang)])]
        for nm, st in self.characters():
            d = self.statuses[nm]
            if mode == "solitaire":
                attacked = tr("calc.by_die", lang)
            else:
                attacked = tr("calc.yes" if nm in self.targets else "calc.no", lang)
            rows.append(
                f'<tr><td style="padding:2px 8px"><b>{_esc(nm)}</b></td><td style="padding:2px 8px">{_esc(_status_word(st, lang))}</td>'
                f'<td style="padding:2px 8px">{_esc(attacked)}</td>' + "".join(_cell(d.p(s), s, lang) for s in STATUS_ORDER) + "</tr>"
            )
        return f'<table style="{_TABLE_STYLE}"><caption style="text-align:left"><b>{_esc(tr("calc.attack.table", lang))}</b></caption>{"".join(rows)}</table>'

    def _by_k_html(self) -> str:
        lang = self.lang
        rows = [self._status_head([tr("calc.head.k_attacked", lang), tr("calc.head.character", lang), tr("calc.head.before", lang)])]
        start = dict(self.characters())
        for kk, per in self.statuses.items():
            for nm, d in per.items():
                rows.append(
                    f'<tr><td style="padding:2px 8px">{kk}</td><td style="padding:2px 8px"><b>{_esc(nm)}</b></td>'
                    f'<td style="padding:2px 8px">{_esc(_status_word(start[nm], lang))}</td>' + "".join(_cell(d.p(s), s, lang) for s in STATUS_ORDER) + "</tr>"
                )
        return (
            f'<table style="{_TABLE_STYLE}"><caption style="text-align:left"><b>{_esc(tr("calc.attack.table_k", lang))}</b></caption>'
            f'{"".join(rows)}</table>'
        )

    def _joint_html(self, top: int = 8) -> str:
        joint = P.statuses_only(self.result)
        items = sorted(joint.items(), key=lambda kv: -kv[1])
        lang = self.lang
        rows = [f"<tr><th {_TH}>{_esc(tr('calc.attack.whole', lang))}</th><th {_TH}>{_esc(tr('calc.head.exact', lang))}</th><th {_TH}>{_esc(tr('calc.head.percent', lang))}</th></tr>"]
        start = dict(self.characters())
        for sts, p in items[:top]:
            changed = [f"{nm} {_status_word(st, lang)}" for nm, st in sts if st != start[nm]]
            label = ", ".join(changed) if changed else tr("calc.attack.nobody_changes", lang)
            rows.append(f'<tr><td style="padding:2px 8px">{_esc(label)}</td><td style="padding:2px 8px">{fmt_fraction(p)}</td><td style="padding:2px 8px">{fmt_percent(p, 1, lang)}</td></tr>')
        rest = len(items) - top
        more = (
            f"<p><small>{_esc(tr('calc.attack.more', lang, n=rest))} {_esc(tr('calc.attack.more_code', lang))}</small></p>"
            if rest > 0
            else ""
        )
        return f'<table style="{_TABLE_STYLE};margin-top:8px"><caption style="text-align:left"><b>{_esc(tr("calc.attack.likely", lang))}</b></caption>{"".join(rows)}</table>{more}'


__all__ = ["ShotCalculator", "AttackCalculator", "TARGETS", "DOORS", "ATTACK_MODES"]
