"""A sheet of exercises: the pupils' answers, a printable answer key and a class summary.

Several pupils answering in one kernel (one widget each, or the teacher typing the class's answers)
share one :class:`Sheet`: :meth:`Sheet.answer` keeps each pupil's last answer to each exercise;
:meth:`Sheet.summary` says who answered what, the share right, and the spread of the estimates.
"""

from __future__ import annotations

import html
import statistics
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable, Optional

from dodnb.exercises.core import Exercise, ExerciseError, Mark, read_number
from dodnb.exercises.words import Percent, Phrase, text
from dodnb.i18n import check_language, fmt_percent, tr

__all__ = ["Sheet", "Row"]


@dataclass(frozen=True)
class Row:
    """One exercise's line of the class summary: ``answers`` (pupil, words of the answer, right);
    ``right`` / ``answered``; ``spread``: (lowest, median, highest) estimate as probabilities, or None."""

    index: int
    answers: tuple
    right: int
    answered: int
    spread: Optional[tuple]

    @property
    def share(self) -> Optional[Fraction]:
        return Fraction(self.right, self.answered) if self.answered else None


class Sheet:
    """Exercises in order, with the answers given (see the module)."""

    def __init__(self, exercises: Iterable[Exercise], title: str = ""):
        self.exercises: list[Exercise] = list(exercises)
        if not self.exercises:
            raise ExerciseError("a sheet needs at least one exercise")
        self.title = title
        self.answers: dict[tuple[str, int], Mark] = {}

    def __len__(self) -> int:
        return len(self.exercises)

    def __getitem__(self, i: int) -> Exercise:
        return self.exercises[i]

    def __iter__(self):
        return iter(self.exercises)

    # ------------------------------------------------------------------ answers
    def answer(self, i: int, response: Any, pupil: str = "") -> Mark:
        """Mark `pupil`'s answer to exercise `i` (0-based) and keep it (a new answer replaces the old)."""
        mark = self.exercises[i].check(response)
        self.answers[(str(pupil), i)] = mark
        return mark

    def pupils(self) -> list[str]:
        return sorted({p for p, _ in self.answers})

    def score(self, pupil: str = "") -> tuple[int, int]:
        """(right, answered) for one pupil."""
        marks = [m for (p, _), m in self.answers.items() if p == pupil]
        return sum(m.right for m in marks), len(marks)

    def summary(self) -> list[Row]:
        rows = []
        for i, ex in enumerate(self.exercises):
            marks = sorted((p, m) for (p, j), m in self.answers.items() if j == i)
            spread = None
            if ex.unit == "percent" and marks:
                est = sorted(read_number(m.response) / 100 for _, m in marks)
                spread = (est[0], Fraction(statistics.median(est)), est[-1])
            rows.append(Row(i, tuple((p, m) for p, m in marks), sum(m.right for _, m in marks), len(marks), spread))
        return rows

    def _said(self, ex: Exercise, m: Mark, lang: str) -> str:
        if ex.unit == "percent":
            return fmt_percent(read_number(m.response) / 100, 1, lang)
        return text(ex.said(m.response), lang)

    def summary_html(self, lang: Optional[str] = None) -> str:
        """The class summary as an HTML table: per exercise, each pupil's answer (✓ right, ✗ wrong),
        the share right and, for estimates, the lowest, median and highest estimate."""
        lang = check_language(lang)
        esc = html.escape
        if not self.answers:
            return f"<p>{esc(tr('ex.sum.none', lang))}</p>"
        pupils = self.pupils()
        head = "".join(f"<th>{esc(p or tr('ex.sum.anonymous', lang))}</th>" for p in pupils)
        out = [f"<table class='dodnb-ex-summary'><caption style='text-align:left'><b>{esc(tr('ex.sum.title', lang))}</b></caption>",
               f"<tr><th>#</th>{head}<th>{esc(tr('ex.sum.share', lang))}</th><th>{esc(tr('ex.sum.spread', lang))}</th></tr>"]
        for row in self.summary():
            ex = self.exercises[row.index]
            given = dict(row.answers)
            cells = "".join(
                f"<td>{esc(self._said(ex, given[p], lang))} {'✓' if given[p].right else '✗'}</td>" if p in given else "<td></td>" for p in pupils)
            share = f"{fmt_percent(row.share, 0, lang)} ({row.right}/{row.answered})" if row.answered else ""
            spread = " – ".join(fmt_percent(x, 1, lang) for x in row.spread) if row.spread else ""
            out.append(f"<tr><td>{row.index + 1}</td>{cells}<td>{esc(share)}</td><td>{esc(spread)}</td></tr>")
        out.append("</table>")
        return "".join(out)

    def summary_markdown(self, lang: Optional[str] = None) -> str:
        lang = check_language(lang)
        if not self.answers:
            return tr("ex.sum.none", lang)
        pupils = self.pupils()
        lines = [f"**{tr('ex.sum.title', lang)}**", "",
                 "| # | " + " | ".join(p or tr("ex.sum.anonymous", lang) for p in pupils) + f" | {tr('ex.sum.share', lang)} | {tr('ex.sum.spread', lang)} |",
                 "|---" * (len(pupils) + 3) + "|"]
        for row in self.summary():
            ex = self.exercises[row.index]
            given = dict(row.answers)
            cells = [f"{self._said(ex, given[p], lang)} {'✓' if given[p].right else '✗'}" if p in given else "" for p in pupils]
            share = f"{fmt_percent(row.share, 0, lang)} ({row.right}/{row.answered})" if row.answered else ""
            spread = " – ".join(fmt_percent(x, 1, lang) for x in row.spread) if row.spread else ""
            lines.append(f"| {row.index + 1} | " + " | ".join(cells) + f" | {share} | {spread} |")
        return "\n".join(lines)

    # ------------------------------------------------------------------ the answer key
    def key_entries(self, lang: Optional[str] = None) -> list[dict]:
        """Per exercise: question, options, answer, rule lines, Case, exact number, code."""
        lang = check_language(lang)
        out = []
        for i, ex in enumerate(self.exercises):
            out.append({
                "n": i + 1,
                "question": ex.question_text(lang),
                "options": [("✓ " if k in ex.right else "") + o for k, o in enumerate(ex.option_texts(lang))],
                "answer": ex.answer_text(lang),
                "tolerance": Phrase("ex.key.tolerance", tolerance=Percent(ex.tolerance, 0)).text(lang) if ex.unit == "percent" else "",
                "rule": ex.rule_texts(lang),
                "case": ex.case,
                "exact": ex.exact_text(lang),
                "code": ex.code,
            })
        return out

    def answer_key(self, lang: Optional[str] = None, fmt: str = "markdown") -> str:
        """The teacher's printable answer key, "markdown" or "html" (print the HTML from a browser)."""
        lang = check_language(lang)
        if fmt not in ("markdown", "html"):
            raise ExerciseError(f"fmt is 'markdown' or 'html', not {fmt!r}")
        entries = self.key_entries(lang)
        title = tr("ex.key.title_of", lang, title=self.title) if self.title else tr("ex.key.title", lang)
        if fmt == "markdown":
            lines = [f"# {title}", ""]
            for e in entries:
                lines.append(f"## {e['n']}. {e['question']}")
                lines += [f"- {o}" for o in e["options"]]
                lines += ["", f"**{tr('ex.key.answer', lang)}** {e['answer']}" + (f" ({e['tolerance']})" if e["tolerance"] else ""), ""]
                lines += [f"- {r}" for r in e["rule"]]
                lines += ["", f"*{tr('ex.key.case', lang)}* {e['case']}" + (f" — {e['exact']}" if e["exact"] else ""), ""]
                lines += [f"`{e['code']}`", ""]
            return "\n".join(lines)
        esc = html.escape
        parts = [f"<div class='dodnb-ex-key'><h2>{esc(title)}</h2><ol>"]
        for e in entries:
            opts = "".join(f"<li>{esc(o)}</li>" for o in e["options"])
            rules = "".join(f"<li>{esc(r)}</li>" for r in e["rule"])
            tol = f" <small>({esc(e['tolerance'])})</small>" if e["tolerance"] else ""
            exact = f" — {esc(e['exact'])}" if e["exact"] else ""
            parts.append(
                f"<li style='margin-bottom:12px;page-break-inside:avoid'><b>{esc(e['question'])}</b>"
                + (f"<ul>{opts}</ul>" if opts else "")
                + f"<div><b>{esc(tr('ex.key.answer', lang))}</b> {esc(e['answer'])}{tol}</div>"
                + f"<ul style='color:#444'>{rules}</ul>"
                + f"<div><i>{esc(tr('ex.key.case', lang))}</i> {esc(e['case'])}{exact}</div>"
                + f"<div><code style='font-size:11px'>{esc(e['code'])}</code></div></li>")
        parts.append("</ol></div>")
        return "".join(parts)
