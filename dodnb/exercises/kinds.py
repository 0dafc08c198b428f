"""The six kinds of exercise, each written by a teacher in one line, its answer from the engine.

    import dodnb.exercises as ex
    ex.sight("024", "062")                                   # in sight? if not, why [6.4], [6.3]
    ex.modifier("024", "070")                                # the shot modifier [6.7]
    ex.likelier(ex.shot("Fran", "024", "062", value=4),      # which is likelier, A or B
                ex.shot(("Peter", "Roger"), "024", "070", value=6))
    ex.estimate(ex.attack(("Peter", "Fran"), "115", value=5))  # estimate a chance
    ex.best(position, goals.unit_destroyed("113"))           # which choice is best (best play)
    ex.zombies(position, "Fran")                             # what will the zombies do (zombie turn)

A shot or an attack is a small study position (:class:`dodnb.rules.position.Position`) read by the
state-aware odds of :mod:`dodnb.prob` (sight, modifiers per gun, panic, pooled dice [6.0]-[6.8];
reaction fire and the attack table [8.0]-[8.8], the solitaire die [15.6]).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable, Mapping, Optional, Union

from dodnb.board.sight import REASONS, line_of_sight
from dodnb.exercises.core import Exercise, ExerciseError
from dodnb.exercises.words import Lazy, Percent, Phrase, Term, Worded, fraction_text
from dodnb.rules.context import default_rules
from dodnb.rules.counters import CHARACTERS
from dodnb.rules.modifiers import shot_modifiers
from dodnb.rules.position import Position

__all__ = ["Shot", "Attack", "shot", "attack", "sight", "modifier", "likelier", "estimate", "best", "zombies"]

_HURT = ("infected", "killed", "super")


def _board():
    return default_rules().board


def _doors(doors: Optional[Mapping[str, str]]) -> tuple:
    return tuple(sorted((doors or {}).items()))


def _names(who: Union[str, Iterable[str]]) -> tuple[str, ...]:
    names = (who,) if isinstance(who, str) else tuple(who)
    if not names:
        raise ExerciseError("name at least one character")
    for n in names:
        if n not in CHARACTERS:
            raise ExerciseError(f"{n!r} is not a character: one of {', '.join(CHARACTERS)} [2.3]")
    return names


def _code_args(*args: Any, **kw: Any) -> str:
    parts = [repr(a) for a in args] + [f"{k}={v!r}" for k, v in kw.items() if v not in (None, (), {}, False)]
    return ", ".join(parts)


# ============================================================================ events to compare


@dataclass(frozen=True)
class Shot:
    """`who` (one square) shoot the zombie unit of value `value` in `target` and destroy it [6.0]."""

    who: tuple
    at: str
    target: str
    value: int
    doors: tuple = ()

    def position(self) -> Position:
        return Position(characters={n: self.at for n in self.who},
                        units={self.target: {"value": self.value, "seen": True}}, doors=dict(self.doors), solitaire=True)

    def chance(self) -> Fraction:
        from dodnb.prob import shoot

        return shoot(self.position().state(), self.who, self.target).p(lambda o: o.killed)

    def phrase(self) -> Phrase:
        if self.at == self.target:
            return Phrase("ex.shot.same", who=self.who, at=self.at, value=self.value)
        return Phrase("ex.shot.event", who=self.who, at=self.at, target=self.target, value=self.value)

    case = "[6.0]-[6.8]"

    def code(self) -> str:
        who = self.who[0] if len(self.who) == 1 else self.who
        return f"ex.shot({_code_args(who, self.at, self.target, value=self.value, doors=dict(self.doors))})"


@dataclass(frozen=True)
class Attack:
    """A zombie unit of value `value` attacks `who` in `square` (they fire first [8.1]; the solitaire
    die picks how many are attacked [15.6]) and nobody is infected or killed [8.4], [8.5]."""

    who: tuple
    square: str
    value: int
    solitaire: bool = True
    fire: bool = True

    def position(self) -> Position:
        return Position(characters={n: self.square for n in self.who}, units={self.square: self.value},
                        start="attack", solitaire=self.solitaire)

    def chance(self) -> Fraction:
        from dodnb.prob import zombie_attack

        d = zombie_attack(self.position().state(), self.square, solitaire=self.solitaire, reaction_fire=self.fire)
        return d.p(lambda o: all(s not in _HURT for _, s in o.statuses))

    def phrase(self) -> Phrase:
        return Phrase("ex.attack.event" if self.fire else "ex.attack.event_hold", who=self.who, square=self.square, value=self.value)

    case = "[8.0]-[8.8]"

    def code(self) -> str:
        who = self.who[0] if len(self.who) == 1 else self.who
        return f"ex.attack({_code_args(who, self.square, value=self.value)}{'' if self.fire else ', fire=False'})"


def shot(who: Union[str, Iterable[str]], at: str, target: str, value: int = 4, doors: Optional[Mapping[str, str]] = None) -> Shot:
    """`who` in square `at` shoot the value-`value` unit in `target` (the same square: a panic check
    [6.5]); checked now: the target must be in sight [6.4]."""
    board = _board()
    s = Shot(_names(who), board.square_id(at), board.square_id(target), int(value), _doors(doors))
    s.chance()  # raises now (with its Case) if the shot is not allowed
    return s


def attack(who: Union[str, Iterable[str]], square: str, value: int = 5, solitaire: bool = True, fire: bool = True) -> Attack:
    """A value-`value` unit attacks `who` in `square`."""
    a = Attack(_names(who), _board().square_id(square), int(value), bool(solitaire), bool(fire))
    a.chance()
    return a


Event = Union[Shot, Attack]


# ============================================================================ (a) sight [6.4]


def sight(a: str, b: str, occupied: Iterable[str] = (), doors: Optional[Mapping[str, str]] = None) -> Exercise:
    """Is `b` within sight of `a` [6.4], and if not, why? (pieces in `occupied` [6.3], `doors` closed.)"""
    board = _board()
    occupied = tuple(sorted(board.square_id(s) for s in occupied))
    s = line_of_sight(board, a, b, occupied=occupied, door_states=dict(doors or {}))
    closed = any(v == "closed" for v in (doors or {}).values())
    reasons = [r for r in REASONS if r in ("wall", "wall_corner", "door_not_side", "two_doors")
               or (r == "closed_door" and closed) or (r == "token" and occupied) or (r == "main_door" and s.reason == "main_door")]
    options = (Phrase("ex.sight.yes"),) + tuple(Phrase("ex.sight.no", why=Term("sight", r)) for r in reasons)
    found = {o.reason for o in s.obstacles}
    right = frozenset({0} if s.visible else {i + 1 for i, r in enumerate(reasons) if r in found})
    if s.visible:
        answer = Phrase("ex.sight.yes_answer", a=s.a, b=s.b, n=s.distance)
        rule: tuple = (Phrase("ex.sight.rule"),)
        case = "[6.4]"
    else:
        answer = Phrase("ex.sight.no_answer", a=s.a, b=s.b, why=Term("sight", s.reason))
        rule = (Worded("why", (board, s, dict(doors or {})), s.message or ""), Phrase("ex.sight.rule"))
        case = s.case or "[6.4]"
    code = f"ex.sight({_code_args(s.a, s.b, occupied=occupied, doors=dict(doors or {}))})"
    return Exercise("sight", Phrase("ex.sight.q_pieces" if occupied else "ex.sight.q", a=s.a, b=s.b, squares=occupied), answer, rule, case,
                    options=options, right=right, scene=("sight", s.a, s.b, occupied, dict(doors or {})), code=code)


# ============================================================================ (b) shot modifier [6.7]


def modifier(a: str, b: str, doors: Optional[Mapping[str, str]] = None) -> Exercise:
    """A character in `a` shoots at a zombie unit in `b`: what is the shot modifier for one gun [6.7]?"""
    board = _board()
    mods = shot_modifiers(board, a, b, door_states=dict(doors or {}))
    rule = tuple(Worded("modifier", (board, line), str(line)) for line in mods.lines) + (Phrase("ex.modifier.rule"),)
    answer = Phrase("ex.modifier.answer", total=f"{mods.total:+d}".replace("+0", "0").replace("-", "\u2212"))
    code = f"ex.modifier({_code_args(mods.shooter, mods.target, doors=dict(doors or {}))})"
    return Exercise("modifier", Phrase("ex.modifier.q", a=mods.shooter, b=mods.target), answer, rule, "[6.7]",
                    number=Fraction(mods.total), unit="whole", scene=("sight", mods.shooter, mods.target, (), dict(doors or {})), code=code)


# ============================================================================ (c) which is likelier


def likelier(a: Event, b: Event) -> Exercise:
    """Which is likelier, `a` or `b` (two shots, two attacks, or one of each)? Exact chances compared."""
    pa, pb = a.chance(), b.chance()
    options = (a.phrase(), b.phrase(), Phrase("ex.likelier.same"))
    right = frozenset({0} if pa > pb else {1} if pb > pa else {2})
    answer = options[min(right)]
    rule = (Phrase("ex.likelier.line", what=a.phrase(), percent=Percent(pa), fraction=fraction_text(pa), case=a.case),
            Phrase("ex.likelier.line", what=b.phrase(), percent=Percent(pb), fraction=fraction_text(pb), case=b.case))
    case = a.case if a.case == b.case else f"{a.case}, {b.case}"
    return Exercise("likelier", Phrase("ex.likelier.q"), answer, rule, case, options=options, right=right,
                    exact=max(pa, pb), values=(pa, pb), scene=("positions", a.position(), b.position()),
                    code=f"ex.likelier({a.code()}, {b.code()})")


# ============================================================================ (d) estimate a chance


def estimate(event: Event, tolerance: int = 10) -> Exercise:
    """Estimate the chance of `event` in percent; right within `tolerance` points of the exact chance."""
    if isinstance(tolerance, bool) or not isinstance(tolerance, int) or not 0 <= tolerance <= 50:
        raise ExerciseError(f"tolerance is a whole number of percentage points from 0 to 50, got {tolerance!r}")
    p = event.chance()
    answer = Phrase("ex.estimate.answer", percent=Percent(p), fraction=fraction_text(p))
    rule = (Phrase("ex.estimate.rule_shot" if isinstance(event, Shot) else "ex.estimate.rule_attack", case=event.case),)
    extra = "" if tolerance == 10 else f", tolerance={tolerance}"
    return Exercise("estimate", Phrase("ex.estimate.q", what=event.phrase()), answer, rule, event.case, number=p, unit="percent",
                    tolerance=Fraction(tolerance, 100), exact=p, scene=("position", event.position()), code=f"ex.estimate({event.code()}{extra})")


# ============================================================================ (e) best choice


#: The Case of each kind of choice a study position offers (the rule the choice is made under).
CHOICE_CASES = {"Move": "[5.0]", "Door": "[5.5]", "Shoot": "[6.0]", "ReactionFire": "[8.1]", "EndTurn": "[4.0]",
                "Activate": "[5.0]", "TakeRifle": "[12.2]", "ChooseTargets": "[8.0]"}
MAX_OPTIONS = 6
MAX_BEST = 3  # tied best choices offered at most


def best(position: Position, goal, horizon: Union[str, int] = "player-turn", zombies: str = "solitaire", code: str = "",
         budget=None) -> Exercise:
    """Which choice is best for `goal` (a :data:`dodnb.prob.goals` goal) within `horizon`? Every legal
    choice's exact value from :func:`dodnb.prob.best_play`; ties are all right. At most six choices are
    offered: at most three of the best ones (a tie of many would leave no wrong answer worth
    thinking about), then the others from the next best down. `budget` (best play's): a search
    that passes it, or a game already over, raises ExerciseError with best play's words."""
    from dodnb.prob import best_play
    from dodnb.prob.errors import ProbError

    try:
        r = best_play(position, goal, horizon, zombies, budget)
    except ProbError as exc:
        raise ExerciseError(f"no exact answer for this position ({exc}): use a smaller one") from exc
    if not r.choices:
        raise ExerciseError("the position is not a human decision: no choice to compare [4.0]")
    ranked = sorted(r.choices, key=lambda c: -c.value)
    best_ones = [c for c in ranked if c.value == r.value][:MAX_BEST]
    others = [c for c in ranked if c.value != r.value][: MAX_OPTIONS - len(best_ones)]
    chosen = [c for c in r.choices if c in best_ones or c in others]  # the engine's order
    options = tuple(Worded("action", (c.action, r.state), str(c.action)) for c in chosen)
    right = frozenset(i for i, c in enumerate(chosen) if c.value == r.value)
    top = chosen[min(right)]
    rule = (Phrase("ex.best.rule", question=Lazy(r.question_words)),) + tuple(
        Phrase("ex.best.line", choice=o, percent=Percent(c.value), fraction=fraction_text(c.value)) for o, c in zip(options, chosen))
    case = CHOICE_CASES.get(type(top.action).__name__, "[4.0]")
    return Exercise("best", Phrase("ex.best.q", goal=Lazy(goal.words)), options[min(right)], rule, case, options=options, right=right,
                    exact=r.value, values=tuple(c.value for c in chosen), scene=("position", position),
                    code=code or f"ex.best(position, goal, {horizon!r}, {zombies!r})")


# ============================================================================ (f) the zombie turn


STATUSES = ("normal", "stunned", "infected", "killed")


def zombies(position: Position, who: str, ask: str = "hurt", tolerance: int = 10, code: str = "") -> Exercise:
    """What will the zombies do? From :func:`dodnb.prob.zombie_turn` (exact, solitaire zombies [15.0]):
    ``ask="hurt"``: estimate the chance that `who` is infected or killed when the next Human
    Player-Turn begins; ``ask="status"``: which status is the likeliest then (ties all right)."""
    from dodnb.prob import zombie_turn
    from dodnb.prob.errors import ProbError

    (name,) = _names(who)
    try:
        odds = zombie_turn(position.state(), fallback=None, max_seconds=60.0)
    except ProbError as exc:
        raise ExerciseError(f"no exact answer for this position ({exc}): use a smaller one [15.0]") from exc
    dist = odds.status(name)
    ps = {s: dist.p(s) for s in STATUSES}
    ps["killed"] += dist.p("super")  # a super zombie is a killed character [11.0]
    lines = tuple(Phrase("ex.zombies.line", status=Term("status", s), percent=Percent(p), fraction=fraction_text(p)) for s, p in ps.items())
    rule = (Phrase("ex.zombies.rule", who=name),) + lines
    code = code or f"ex.zombies(position, {name!r}{'' if ask == 'hurt' else ', ask=' + repr(ask)})"
    if ask == "hurt":
        p = sum((ps[s] for s in ("infected", "killed")), Fraction(0))
        answer = Phrase("ex.estimate.answer", percent=Percent(p), fraction=fraction_text(p))
        return Exercise("zombies", Phrase("ex.zombies.q_hurt", who=name), answer, rule, "[15.0]", number=p, unit="percent",
                        tolerance=Fraction(tolerance, 100), exact=p, scene=("position", position), code=code)
    if ask != "status":
        raise ExerciseError(f"ask is 'hurt' or 'status', not {ask!r}")
    top = max(ps.values())
    options = tuple(Term("status", s) for s in STATUSES)
    right = frozenset(i for i, s in enumerate(STATUSES) if ps[s] == top)
    return Exercise("zombies", Phrase("ex.zombies.q_status", who=name), options[min(right)], rule, "[15.0]", options=options,
                    right=right, exact=top, values=tuple(ps[s] for s in STATUSES), scene=("position", position), code=code)
