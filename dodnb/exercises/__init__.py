"""Predict, then reveal: exercises whose answers the engine works out (issue 35).

Each exercise is written by a teacher in one line or made from a seed, and answered by the engine
and :mod:`dodnb.prob` (never typed): exact Fractions for every probability, words in English and
French from the catalogues. ::

    import dodnb.exercises as ex
    e = ex.sight("024", "062")          # or ex.sight(seed=7), or Exercise.sight(seed=7)
    e.question_text("fr"); e.option_texts(); e.check(0); e.reveal("fr")
    sheet = ex.Sheet([e, ex.modifier(seed=1), ex.estimate(ex.shot("Fran", "024", "062", value=4))])
    sheet.answer(0, 1, pupil="Ana"); sheet.summary_html(); sheet.answer_key("fr", "html")

The kinds (:mod:`dodnb.exercises.kinds`): ``sight`` [6.4], ``modifier`` [6.7], ``likelier``,
``estimate``, ``best`` (best play), ``zombies`` (the zombie turn). The widget that asks them is
:class:`dodnb.widgets.exercise.ExerciseWidget`.

This package sits with :mod:`dodnb.prob` (under render and widgets, tests/test_layers.py).
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Optional

from dodnb.exercises import generate, kinds
from dodnb.exercises.core import KINDS, Exercise, ExerciseError, Mark
from dodnb.exercises.kinds import Attack, Shot, attack, shot
from dodnb.exercises.sheet import Row, Sheet

__all__ = ["Exercise", "ExerciseError", "Mark", "Sheet", "Row", "Shot", "Attack", "KINDS",
           "shot", "attack", "sight", "modifier", "likelier", "estimate", "best", "zombies", "make"]


def _need(seed, *given) -> None:
    if seed is None and any(g is None for g in given):
        raise ExerciseError("give the question's squares or pieces, or a seed (seed=7) for one made up")


def sight(a: Optional[str] = None, b: Optional[str] = None, occupied: Iterable[str] = (), doors: Optional[Mapping[str, str]] = None,
          *, seed: Any = None) -> Exercise:
    """Is square `b` within sight of square `a`, and if not, why [6.4], [6.3]? Or one made from `seed`."""
    _need(seed, a, b)
    return generate.sight(seed) if a is None else kinds.sight(a, b, occupied, doors)


def modifier(a: Optional[str] = None, b: Optional[str] = None, doors: Optional[Mapping[str, str]] = None, *, seed: Any = None) -> Exercise:
    """The shot modifier from `a` to `b` for one gun [6.7], or one made from `seed`."""
    _need(seed, a, b)
    return generate.modifier(seed) if a is None else kinds.modifier(a, b, doors)


def likelier(a=None, b=None, *, seed: Any = None) -> Exercise:
    """Which is likelier, shot/attack `a` or `b` (:func:`shot`, :func:`attack`)? Or two made from `seed`."""
    _need(seed, a, b)
    return generate.likelier(seed) if a is None else kinds.likelier(a, b)


def estimate(event=None, tolerance: int = 10, *, seed: Any = None) -> Exercise:
    """Estimate the chance of a shot or an attack, in percent (right within `tolerance` points)."""
    _need(seed, event)
    return generate.estimate(seed, tolerance) if event is None else kinds.estimate(event, tolerance)


def best(position=None, goal=None, horizon="player-turn", zombies="solitaire", *, seed: Any = None,
         budget=None, code: str = "") -> Exercise:
    """Which choice is best for `goal` in a small study position (:func:`dodnb.prob.best_play`)?
    `budget`: best play's (a position too big for it is refused); `code`: the line shown for it."""
    _need(seed, position, goal)
    return generate.best(seed) if position is None else kinds.best(position, goal, horizon, zombies, code, budget)


def zombies(position=None, who: Optional[str] = None, ask: str = "hurt", tolerance: int = 10, *, seed: Any = None) -> Exercise:
    """What will the zombies do (:func:`dodnb.prob.zombie_turn`)? `ask` "hurt" (estimate the chance
    that `who` is infected or killed) or "status" (the likeliest status)."""
    _need(seed, position, who)
    return generate.zombies(seed) if position is None else kinds.zombies(position, who, ask, tolerance)


def make(kind: str, seed: Any) -> Exercise:
    """An exercise of `kind` (one of KINDS) made from `seed`."""
    return generate.any_kind(kind, seed)


for _name in ("sight", "modifier", "likelier", "estimate", "best", "zombies"):
    setattr(Exercise, _name, staticmethod(globals()[_name]))  # Exercise.sight(seed=7) reads as ex.sight(seed=7)
Exercise.make = staticmethod(make)
del _name
