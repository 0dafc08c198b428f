"""The exercise page (dodnb.widgets.exercise): a right and a wrong answer marked and revealed with the
engine's answer, a sheet walked with Next, the still for a reopened notebook, French without English."""

from __future__ import annotations

import dodnb.exercises as ex
from dodnb.board.sighttable import sight_table
from dodnb.exercises import Exercise, Sheet
from dodnb.rules.context import default_rules
from dodnb.widgets.exercise import ExerciseWidget
from dodnb.widgets.still import REOPEN_CLASS

from tests.widgets.test_french_scan import english_words, point_numbers, widget_texts


def _sheet():
    return Sheet([ex.sight("024", "062"), ex.modifier("024", "062"), ex.estimate(ex.shot("Steve", "021", "023", value=3)),
                  Exercise.make("best", 0), Exercise.make("zombies", 3), Exercise.make("likelier", 1)])


def test_right_and_wrong_answers_are_marked_and_revealed():
    sheet = _sheet()
    w = ExerciseWidget(sheet, pupil="Ana", lang="en")
    e = w.exercise
    visible = sight_table(default_rules().board).visible("024", "062")
    right = 0 if visible else min(e.right)
    wrong = 1 if visible else 0
    assert not w.revealed and "dodnb-ex-reveal" not in w.reveal_box.value
    w.choose(wrong)
    m = w.check()
    assert m is not None and not m.right and w.revealed and "✗" in w.reveal_box.value
    assert e.answer_text("en") in w.reveal_box.value and "[6.4]" in w.reveal_box.value
    assert w.options.children[wrong].button_style == "danger" and w.options.children[right].button_style == "success"
    w.next()  # the modifier: typed
    assert w.number_row.layout.display != "none" and w.options.children == ()
    w.type(str(w.exercise.number).replace("-", "\u2212"))
    assert w.check().right and "✓" in w.reveal_box.value and "[6.7]" in w.reveal_box.value
    w.next()
    w.type("abc")
    assert w.check() is None and not w.revealed and w.message  # not a number: asked again, nothing marked
    w.type("33")
    m = w.check()
    assert m.right and "1/3" in w.reveal_box.value
    assert sheet.score("Ana") == (2, 3)
    w.previous()  # an answered exercise comes back revealed
    assert w.revealed and w.check().right


def test_a_sheet_walked_to_the_end_and_the_class_summary():
    sheet = _sheet()
    a, b = ExerciseWidget(sheet, pupil="Ana"), ExerciseWidget(sheet, pupil="Ben")
    for w, pick in ((a, 0), (b, 1)):
        for i in range(len(sheet)):
            if w.exercise.is_choice:
                w.choose(pick)
            else:
                w.type(str(float(w.exercise.exact * 100)) if w.exercise.unit == "percent" else str(w.exercise.number))
            assert w.check() is not None
            w.next()
        assert w.index == len(sheet) - 1 and w.next_button.disabled
    rows = sheet.summary()
    assert all(r.answered == 2 for r in rows)
    for r in rows:
        ex_ = sheet[r.index]
        for pupil, mark in r.answers:
            assert mark.right == ex_.check(mark.response).right
    html_ = sheet.summary_html()
    assert "Ana" in html_ and "Ben" in html_


def test_the_still_shows_question_and_reveal():
    w = ExerciseWidget(ex.sight("024", "062"), lang="fr")
    bundle = w._repr_mimebundle_()
    assert REOPEN_CLASS in bundle["text/html"] and "<img" in bundle["text/html"] and w.exercise.question_text("fr") in __import__("html").unescape(bundle["text/html"])
    w.choose(0)
    w.check()
    assert "dodnb-ex-reveal" in w.still_html()


def test_french_page_has_no_english_word():
    sheet = _sheet()
    w = ExerciseWidget(sheet, pupil="Ana", lang="fr")
    texts = []
    for i in range(len(sheet)):
        texts += widget_texts(w) + [w.text]
        if w.exercise.is_choice:
            w.choose(0)
        else:
            w.type("40")
        w.check()
        texts += widget_texts(w) + [w.text]
        w.next()
    texts += [sheet.answer_key("fr", "markdown"), sheet.summary_markdown("fr")]
    import re

    texts = [re.sub(r"`ex\..*?`", " ", t) for t in texts]  # the code lines of the key are Python
    assert english_words(texts) == []
    assert point_numbers(texts) == []
