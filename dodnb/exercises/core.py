"""An exercise: a question, the pupil's answer, then the answer revealed with its rule, its Case and
its exact number — every answer worked out by the engine (:mod:`dodnb.board.sight`,
:mod:`dodnb.rules.modifiers`, :mod:`dodnb.prob`), never typed in.

Two shapes of question: a **choice** (``options``: buttons; ``right``: the indices that are right —
several when the engine finds a tie) and a **number** (``unit`` "percent": an estimate of a
probability, right within ``tolerance``; "whole": a whole number, right when equal).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Optional

from dodnb.errorbase import InputError
from dodnb.exercises.words import Percent, Phrase, fraction_text, text

__all__ = ["Exercise", "Mark", "ExerciseError", "read_number"]

#: The kinds of exercise (issue 35): sight [6.4], shot modifier [6.7], which is likelier, estimate a
#: chance, best choice (best play), what the zombies will do (the zombie turn).
KINDS = ("sight", "modifier", "likelier", "estimate", "best", "zombies")


class ExerciseError(InputError):
    """A question that cannot be asked (no exact answer, an answer that is not one of the choices...)."""


def read_number(response: Any) -> Fraction:
    """A pupil's number as typed: 40, 40.5, "40,5", "40 %", "-3", "−3" (exact)."""
    if isinstance(response, bool):
        raise ExerciseError(f"a number, not {response!r}")
    if isinstance(response, (int, Fraction)):
        return Fraction(response)
    if isinstance(response, float):
        return Fraction(str(response))
    s = str(response).strip().replace("\u2212", "-").replace(",", ".").replace("%", "").replace("\u202f", "").replace(" ", "")
    try:
        return Fraction(s)
    except (ValueError, ZeroDivisionError):
        raise ExerciseError(f"a number, not {response!r}") from None


@dataclass(frozen=True)
class Mark:
    """How one answer was marked: ``right``; ``response`` as given; ``off``: for an estimate, how far
    it was from the exact chance (a probability: 0.05 is 5 points), else None."""

    right: bool
    response: Any
    off: Optional[Fraction] = None

    def phrase(self, ex: "Exercise") -> Phrase:
        if ex.unit == "percent":
            key = "ex.mark.close" if self.right else "ex.mark.far"
            return Phrase(key, said=Percent(read_number(self.response) / 100), exact=Percent(ex.number),
                          off=Percent(self.off), tolerance=Percent(ex.tolerance, 0))
        return Phrase("ex.mark.right" if self.right else "ex.mark.wrong", said=ex.said(self.response))

    def text(self, ex: "Exercise", lang: Optional[str] = None) -> str:
        return self.phrase(ex).text(lang)


@dataclass(frozen=True)
class Exercise:
    """One exercise (see the module). ``answer``: the answer in words; ``rule``: the rule's lines
    (each with its Case); ``case``: the Cases it rests on; ``exact``: the exact probability revealed
    (None for sight and modifiers); ``scene``: what to draw (("sight", a, b, occupied, doors) or
    ("position", Position)); ``code``: one line of Python that writes the same exercise."""

    kind: str
    question: Phrase
    answer: Any
    rule: tuple
    case: str
    options: tuple = ()
    right: frozenset = frozenset()
    number: Optional[Fraction] = None
    unit: str = ""
    tolerance: Fraction = Fraction(1, 10)
    exact: Optional[Fraction] = None
    scene: tuple = field(default=(), compare=False)
    code: str = ""
    values: tuple = ()  # a choice's exact numbers, one per option where it has one (likelier, best)

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ExerciseError(f"unknown kind of exercise {self.kind!r}: one of {', '.join(KINDS)}")
        if self.options and not self.right:
            raise ExerciseError("a choice with no right option")
        if not self.options and self.number is None:
            raise ExerciseError("a question needs options or a number")

    # ------------------------------------------------------------------ asking and marking
    @property
    def is_choice(self) -> bool:
        return bool(self.options)

    def check(self, response: Any) -> Mark:
        """Mark an answer: an option's index (0, 1, ...) for a choice; a number for a number question
        (an estimate in percent: 40 means 40 %; a modifier as 3 or -3: the chart's numbers are
        subtractions [6.7], either sign is right)."""
        if self.is_choice:
            if isinstance(response, bool) or not isinstance(response, int) or not 0 <= response < len(self.options):
                raise ExerciseError(f"answer with the number of an option, 0 to {len(self.options) - 1}; got {response!r}")
            return Mark(response in self.right, response)
        said = read_number(response)
        if self.unit == "percent":
            if not 0 <= said <= 100:
                raise ExerciseError(f"an estimate is a percentage from 0 to 100; got {response!r}")
            off = abs(said / 100 - self.number)
            return Mark(off <= self.tolerance, response, off)
        return Mark(abs(said) == abs(self.number), response)

    def said(self, response: Any) -> Any:
        """What the pupil answered, as words (an option, or the number)."""
        if self.is_choice:
            return self.options[response]
        return str(response)

    # ------------------------------------------------------------------ words
    def question_text(self, lang: Optional[str] = None) -> str:
        return text(self.question, lang)

    def option_texts(self, lang: Optional[str] = None) -> list[str]:
        return [text(o, lang) for o in self.options]

    def answer_text(self, lang: Optional[str] = None) -> str:
        return text(self.answer, lang)

    def rule_texts(self, lang: Optional[str] = None) -> list[str]:
        return [text(r, lang) for r in self.rule]

    def exact_text(self, lang: Optional[str] = None) -> str:
        """'Exact: 5/12 = 41.7 %' for a probability; '' otherwise."""
        if self.exact is None:
            return ""
        return Phrase("ex.exact", fraction=fraction_text(self.exact), percent=Percent(self.exact)).text(lang)

    def reveal(self, lang: Optional[str] = None) -> list[str]:
        """The answer, then the rule's lines, then the exact number: what the reveal shows."""
        lines = [Phrase("ex.answer", answer=self.answer).text(lang), *self.rule_texts(lang)]
        if self.exact is not None:
            lines.append(self.exact_text(lang))
        return lines

    def __str__(self) -> str:
        return f"{self.question_text('en')} -> {self.answer_text('en')}"
