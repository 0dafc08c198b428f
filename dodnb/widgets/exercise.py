"""The exercise page: a question, the pupil's answer, then the answer revealed (issue 35).

A thin shell over :mod:`dodnb.exercises` (which asks the engine every answer): the question (with a
picture of the map where it helps: the two squares of a sight or a shot, the study position), the
choices as buttons or a number box, **Check my answer**, then the answer with its rule, its Case
and its exact number, marked right or wrong, and **Next exercise** through a sheet. ::

    import dodnb.exercises as ex
    from dodnb.widgets.exercise import ExerciseWidget
    sheet = ex.Sheet([ex.sight("024", "062"), ex.modifier(seed=3)])
    ExerciseWidget(sheet, pupil="Ana")      # one per pupil on the same sheet: sheet.summary_html()

It follows ``dodnb.projector()`` (the panel font of dodnb/render/style.py) and the language setting,
and shows a still (the question and, once answered, the reveal) in a notebook reopened without a
kernel (:class:`dodnb.widgets.still.StillMixin`). For tests: :meth:`choose`, :meth:`type`,
:meth:`check`, :meth:`next`, :attr:`mark`, :attr:`text`.
"""

from __future__ import annotations

import html
from typing import Any, Optional, Union

import ipywidgets as W

from dodnb.exercises import Exercise, ExerciseError, Mark, Sheet
from dodnb.i18n import check_language, tr
from dodnb.render.picture import picture
from dodnb.render.scene import board_scene, frame_for
from dodnb.render.sight_overlay import compose_scene, shooter_shapes, sight_picture
from dodnb.render.state_scene import game_scene
from dodnb.render.style import current as current_style
from dodnb.rules.context import default_rules
from dodnb.widgets.still import StillMixin

__all__ = ["ExerciseWidget", "question_picture", "question_image", "reveal_picture"]

RIGHT, WRONG = "#2e7d32", "#c62828"
_PICK = "info"


def _esc(x: Any) -> str:
    return html.escape(str(x))


def question_picture(ex: Exercise, lang: Optional[str] = None) -> str:
    """The question's picture as HTML (a PNG), '' for a question without one (see question_image)."""
    pic = question_image(ex, lang)
    return pic.html() if pic is not None else ""


def question_image(ex: Exercise, lang: Optional[str] = None):
    """The question's picture (a :class:`~dodnb.render.picture.Picture`, shown as a PNG in a notebook):
    the two squares of a sight or shot question marked on the map around them (no line drawn: that
    would give the answer away), or the study position; None for a question without one."""
    kind = ex.scene[0] if ex.scene else ""
    if kind == "sight":
        _, a, b, occupied, doors = ex.scene
        board = default_rules().board
        scale = 14.0
        frame = frame_for(board, scale)
        ra, rb = board.square(a).rect, board.square(b).rect
        bounds = board.bounds
        window = (max(bounds.x0, min(ra.x0, rb.x0) - 3), max(bounds.y0, min(ra.y0, rb.y0) - 3),
                  min(bounds.x1, max(ra.x1, rb.x1) + 3), min(bounds.y1, max(ra.y1, rb.y1) + 3))
        overlay = shooter_shapes(board, a, frame) + shooter_shapes(board, b, frame)
        tokens = {s: ["zombie"] for s in occupied}
        scene = compose_scene(board, overlay, [(tr("ex.w.picture", lang), "#333")], frame, board_scene(board, scale=scale, legend=False, lang=lang),
                              tokens, window, tr("ex.w.picture", lang), "seen", lang=lang)
        return picture(scene, alt=ex.question_text(lang))
    if kind == "position":
        return picture(game_scene(ex.scene[1].state(), lang=lang), alt=ex.question_text(lang))
    return None


def reveal_picture(ex: Exercise, lang: Optional[str] = None) -> str:
    """The answer's picture: the line of sight drawn, its obstacle marked [6.4] (sight and shot
    modifier questions); '' for the others (their position is already shown)."""
    if ex.scene and ex.scene[0] == "sight":
        _, a, b, occupied, doors = ex.scene
        return sight_picture(default_rules().board, a, b, occupied, doors, crop=True, lang=lang).html()
    return ""


class ExerciseWidget(StillMixin, W.VBox):
    """One pupil's page over a sheet of exercises (see the module)."""

    def __init__(self, exercises: Union[Exercise, Sheet, list], pupil: str = "", lang: Optional[str] = None, pictures: bool = True, **kwargs):
        super().__init__(**kwargs)
        if isinstance(exercises, Exercise):
            exercises = [exercises]
        self.sheet = exercises if isinstance(exercises, Sheet) else Sheet(exercises)
        self.pupil = str(pupil)
        self.lang = check_language(lang)
        self.pictures = bool(pictures)
        self.index = 0
        self.picked: Optional[int] = None
        self.mark: Optional[Mark] = None
        self.message = ""
        style = current_style()
        self.layout.width = "100%"
        self.add_class("dodnb-exercise")
        self.head = W.HTML()
        self.question = W.HTML()
        self.picture = W.HTML()
        self.options = W.VBox(layout=W.Layout(width="100%"))
        self.number = W.Text(layout=W.Layout(width="160px"))
        self.number_row = W.HBox([W.HTML(), self.number])
        self.check_button = W.Button(description=tr("ex.w.check", self.lang), button_style="primary", layout=W.Layout(width="auto"))
        self.check_button.on_click(lambda _b: self.check())
        self.feedback = W.HTML()
        self.reveal_box = W.HTML()
        self.reveal_pic = W.HTML()
        self.prev_button = W.Button(description=tr("ex.w.previous", self.lang), layout=W.Layout(width="auto"))
        self.next_button = W.Button(description=tr("ex.w.next", self.lang), layout=W.Layout(width="auto"))
        self.prev_button.on_click(lambda _b: self.previous())
        self.next_button.on_click(lambda _b: self.next())
        self.score = W.HTML()
        nav = W.HBox([self.prev_button, self.next_button, self.score], layout=W.Layout(align_items="center"))
        body = W.VBox([self.head, self.question, self.picture, self.options, self.number_row,
                       W.HBox([self.check_button]), self.feedback, self.reveal_box, self.reveal_pic, nav],
                      layout=W.Layout(width="100%"))
        self.children = [W.HTML(f"<style>.dodnb-exercise {{font-size:{style.panel_font}}} .dodnb-exercise .widget-button {{font-size:{style.panel_font};height:auto;min-height:32px;white-space:normal;text-align:left}}</style>"), body]
        self.show(0)

    # ------------------------------------------------------------------ state
    @property
    def exercise(self) -> Exercise:
        return self.sheet[self.index]

    @property
    def revealed(self) -> bool:
        return self.mark is not None

    def show(self, i: int) -> None:
        """Go to exercise `i` (0-based): its question, fresh (an earlier answer of this pupil is shown revealed)."""
        if not 0 <= i < len(self.sheet):
            raise ExerciseError(f"exercise {i + 1} is not on the sheet (1 to {len(self.sheet)})")
        self.index, self.picked, self.message = i, None, ""
        self.mark = self.sheet.answers.get((self.pupil, i))
        if self.mark is not None and self.exercise.is_choice:
            self.picked = self.mark.response
        self.number.value = str(self.mark.response) if (self.mark is not None and not self.exercise.is_choice) else ""
        self._draw(question=True)

    def choose(self, i: int) -> None:
        """Pick option `i` (a click on its button); Check marks it."""
        if self.revealed:
            return
        if not self.exercise.is_choice or not 0 <= i < len(self.exercise.options):
            raise ExerciseError(f"no option {i} here")
        self.picked = i
        self._draw_options()

    def type(self, value: Any) -> None:
        """Type `value` in the number box (what a pupil types)."""
        self.number.value = str(value)

    def check(self) -> Optional[Mark]:
        """Mark the answer given and reveal the answer (rule, Case, exact number)."""
        if self.revealed:
            return self.mark
        ex = self.exercise
        self.message = ""
        if ex.is_choice:
            if self.picked is None:
                self.message = tr("ex.w.pick", self.lang)
                self._draw_feedback()
                return None
            response: Any = self.picked
        else:
            response = self.number.value.strip()
        try:
            self.mark = self.sheet.answer(self.index, response, self.pupil)
        except ExerciseError:
            self.message = tr("ex.w.not_number", self.lang)
            self._draw_feedback()
            return None
        self._draw(question=False)
        return self.mark

    def next(self) -> None:
        if self.index + 1 < len(self.sheet):
            self.show(self.index + 1)

    def previous(self) -> None:
        if self.index > 0:
            self.show(self.index - 1)

    # ------------------------------------------------------------------ drawing
    def _draw(self, question: bool) -> None:
        ex, lang = self.exercise, self.lang
        if question:
            who = f" — {_esc(tr('ex.w.pupil', lang, name=self.pupil))}" if self.pupil else ""
            self.head.value = f"<h4 style='margin:4px 0'>{_esc(tr('ex.w.title', lang, i=self.index + 1, n=len(self.sheet)))}{who}</h4>"
            self.question.value = f"<p style='font-size:1.15em;margin:4px 0 8px 0'><b>{_esc(ex.question_text(lang))}</b></p>"
            self.picture.value = question_picture(ex, lang) if self.pictures else ""
            hint = tr("ex.w.percent_hint" if ex.unit == "percent" else "ex.w.whole_hint", lang)
            self.number.placeholder = hint
            self.number_row.children[0].value = f"<b>{_esc(tr('ex.w.answer', lang))}</b>&nbsp;"
            self.number_row.layout.display = "none" if ex.is_choice else ""
            self.options.layout.display = "" if ex.is_choice else "none"
        self._draw_options()
        self._draw_feedback()
        self.check_button.disabled = self.number.disabled = self.revealed
        self.prev_button.disabled = self.index == 0
        self.next_button.disabled = self.index + 1 >= len(self.sheet)
        right, done = self.sheet.score(self.pupil)
        self.score.value = f"&nbsp;{_esc(tr('ex.w.score', lang, right=right, done=done))}"

    def _draw_options(self) -> None:
        ex = self.exercise
        if not ex.is_choice:
            self.options.children = []
            return
        buttons = []
        for i, label in enumerate(ex.option_texts(self.lang)):
            b = W.Button(description=label, tooltip=label, layout=W.Layout(width="100%", height="auto"))
            if self.revealed:
                b.button_style = "success" if i in ex.right else ("danger" if i == self.picked else "")
                b.disabled = True
            elif i == self.picked:
                b.button_style = _PICK
            b.on_click(lambda _b, i=i: self.choose(i))
            buttons.append(b)
        self.options.children = buttons

    def _draw_feedback(self) -> None:
        ex, lang = self.exercise, self.lang
        self.feedback.value = f"<p style='color:#6d4c41'>{_esc(self.message)}</p>" if self.message else ""
        if not self.revealed:
            self.reveal_box.value = self.reveal_pic.value = ""
            return
        colour = RIGHT if self.mark.right else WRONG
        sign = "✓" if self.mark.right else "✗"
        lines = ex.reveal(lang)
        rest = "".join(f"<li>{_esc(x)}</li>" for x in lines[1:])
        self.reveal_box.value = (
            f"<div class='dodnb-ex-reveal' style='border-left:6px solid {colour};padding:6px 12px;margin:6px 0;background:#fafafa'>"
            f"<p class='dodnb-ex-mark' style='color:{colour};font-weight:bold;font-size:1.15em;margin:2px 0'>{sign} {_esc(self.mark.text(ex, lang))}</p>"
            f"<p style='font-weight:bold;margin:2px 0'>{_esc(lines[0])}</p><ul style='margin:2px 0'>{rest}</ul></div>")
        self.reveal_pic.value = reveal_picture(ex, lang) if self.pictures else ""

    # ------------------------------------------------------------------ text and still
    @property
    def text(self) -> str:
        """What the page says now, as plain text (tests, screen readers)."""
        ex = self.exercise
        parts = [ex.question_text(self.lang), *ex.option_texts(self.lang)]
        if self.revealed:
            parts += [self.mark.text(ex, self.lang), *ex.reveal(self.lang)]
        return "\n".join(parts)

    def __repr__(self) -> str:
        """Short and free of words (a notebook stores it as the output's text): the sheet's title, where
        the page is, who answers."""
        title = f"{self.sheet.title!r}, " if self.sheet.title else ""
        pupil = f", {self.pupil!r}" if self.pupil else ""
        return f"<ExerciseWidget {title}{self.index + 1}/{len(self.sheet)}{pupil}>"

    def still_html(self) -> str:
        """The question (and its picture), the choices, and the reveal once answered."""
        ex = self.exercise
        opts = "".join(f"<li>{_esc(o)}</li>" for o in ex.option_texts(self.lang))
        return (f"<div class='dodnb-exercise-still'>{self.head.value}{self.question.value}{self.picture.value}"
                f"{'<ol start=0>' + opts + '</ol>' if opts else ''}{self.reveal_box.value}{self.reveal_pic.value}</div>")
