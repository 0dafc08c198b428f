"""Shooting and panic, exactly [6.0]-[6.9], [10.6], [11.3], [11.5].

Plain-parameter functions: they take dice counts, Panic Levels and modifiers (or a
:class:`Shooter` built from counters), so the state-aware wrappers in
:mod:`dodnb.prob.stateaware` only have to read those numbers from a game.

Every function that uses counter values takes ``counters=`` (default: the shipped
reconstruction, docs/COUNTERS.md) and every table lookup takes ``tables=``.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache
from fractions import Fraction
from typing import Any, Iterable, NamedTuple, Sequence

from dodnb.i18n import Words, tr
from dodnb.prob.dist import Dist, dice as _dice, fmt_fraction, fmt_percent
from dodnb.prob.errors import ProbError
from dodnb.rules import core
from dodnb.rules.counters import CounterError, Counters, check_status, default_counters
from dodnb.rules.tables import TableError, Tables, default_tables, normalise_target

#: No more than three dice may ever be rolled for a single shot [6.8] (the rules' own number).
MAX_SHOT_DICE = core.MAX_DICE


# --------------------------------------------------------------------------- validation


def _whole(x: Any, case: str, what: str, lo: int | None = None, hi: int | None = None) -> int:
    if isinstance(x, bool) or not isinstance(x, int):
        raise ProbError(case, f"{what} must be a whole number, got {x!r}")
    if lo is not None and x < lo:
        raise ProbError(case, f"{what} must be at least {lo}, got {x}")
    if hi is not None and x > hi:
        raise ProbError(case, f"{what} must be at most {hi}, got {x}")
    return x


def check_shot_dice(n: Any) -> int:
    """1, 2 or 3 dice [6.6], [6.8]."""
    if isinstance(n, bool) or not isinstance(n, int):
        raise ProbError("6.6", f"the number of shot dice must be a whole number, got {n!r}")
    if n < 1:
        raise ProbError("6.6", f"a shot is rolled with one, two or three dice; got {n} dice")
    if n > MAX_SHOT_DICE:
        raise ProbError("6.8", "shot.too_many_dice", n=n)
    return n


def check_panic_dice(n: Any) -> int:
    if isinstance(n, bool) or not isinstance(n, int):
        raise ProbError("6.5", f"the number of panic dice must be a whole number, got {n!r}")
    if n < 1 or n > MAX_SHOT_DICE:
        raise ProbError("6.5", f"a panic check rolls one or two dice (three at most), got {n}")
    return n


def check_modifier(m: Any) -> int:
    """Shot modifiers are reductions, whole numbers >= 0 [6.7]."""
    if isinstance(m, bool) or not isinstance(m, int):
        raise ProbError("6.7", f"a shot modifier must be a whole number, got {m!r}")
    if m < 0:
        raise ProbError(
            "6.7",
            f"shot modifiers are reductions written as positive numbers (2 means 'subtract 2'); got {m}",
        )
    return m


def check_level(level: Any) -> int:
    if isinstance(level, bool) or not isinstance(level, int):
        raise ProbError("6.5", f"a Panic Level must be a whole number, got {level!r}")
    if level < 0:
        raise ProbError("6.5", f"a Panic Level cannot be negative, got {level}")
    return level


def check_value(value: Any) -> int | Dist:
    """A Zombie Value: a whole number >= 1, or a Dist of such numbers [2.3]."""
    if isinstance(value, Dist):
        for v in value.outcomes:
            if isinstance(v, bool) or not isinstance(v, int) or v < 1:
                raise ProbError("2.3", f"a Zombie Value distribution may only hold whole numbers >= 1; it holds {v!r}")
        return value
    if isinstance(value, bool) or not isinstance(value, int):
        raise ProbError("2.3", f"a Zombie Value must be a whole number (or a Dist of them), got {value!r}")
    if value < 1:
        raise ProbError("2.3", f"a Zombie Value is at least 1, got {value}")
    return value


def as_value_dist(value: int | Dist) -> Dist:
    value = check_value(value)
    return value if isinstance(value, Dist) else Dist.certain(value)


# --------------------------------------------------------------------------- dice counts

def ways(n: int) -> dict[int, int]:
    """Number of the 6**n face combinations giving each total (the rules' own count, cached)."""
    return core.ways(n)


@lru_cache(maxsize=4096)
def _count_at_least(n: int, t: int) -> int:
    """How many of the 6**n face combinations of n d6 total t or more (cached)."""
    return sum(c for s, c in ways(n).items() if s >= t)


@lru_cache(maxsize=4096)
def _count_at_most(n: int, t: int) -> int:
    """How many of the 6**n face combinations of n d6 total t or less (cached)."""
    return sum(c for s, c in ways(n).items() if s <= t)


@lru_cache(maxsize=4096)
def p_total_at_least(n: int, t: int) -> Fraction:
    """P(total of n d6 >= t), exact (cached: it is asked thousands of times per attack)."""
    return Fraction(_count_at_least(n, t), 6**n)


@lru_cache(maxsize=4096)
def p_total_at_most(n: int, t: int) -> Fraction:
    """P(total of n d6 <= t), exact (cached)."""
    return Fraction(_count_at_most(n, t), 6**n)


# --------------------------------------------------------------------------- [6.0] one shot


def shot(dice: int, modifier: int = 0) -> Dist:
    """Dist of the shot result: dice total minus the modifier [6.0] step 4, [6.7].

    >>> shot(2, 1).p(6)   # 2d6 - 1 = 6 means 2d6 = 7
    Fraction(1, 6)
    """
    n = check_shot_dice(dice)
    m = check_modifier(modifier)
    d = _dice(n) - m
    return d.with_steps(
        Words("shot.step.roll", n=n, m=m),
        Words("shot.step.each_total", n=n, ways=6**n, m=m),
        title=Words("shot.title.result", n=n, m=m),
    )


# --------------------------------------------------------------------------- [6.5] panic


def panic_chance(level: int, dice: int) -> Fraction:
    """P(panic) = P(total of the panic dice <= level) [6.5].  ``level`` already includes any increase."""
    level = check_level(level)
    n = check_panic_dice(dice)
    return p_total_at_most(n, level)


def panic(level: int, dice: int) -> Dist:
    """Dist over 'panics' / 'keeps nerve' with its derivation [6.5]."""
    p = panic_chance(level, dice)
    n = dice
    return Dist({"panics": p, "keeps nerve": 1 - p}, order=("keeps nerve", "panics")).with_steps(
        Words("shot.panic.step", n=n, level=level),
        Words("shot.panic.formula", n=n, level=level, count=sum(c for s, c in ways(n).items() if s <= level), ways=6**n,
              p=fmt_fraction(p)),
        title=Words("shot.panic.title", n=n, level=level),
    )


def panic_check(target_kind: str, same_square: bool, tables: Tables | None = None) -> int | None:
    """Panic Level increase for a shot, or None when no check is made [6.5], [10.6], [11.5].

    =========  ============  ===========
    target     same square   elsewhere
    =========  ============  ===========
    zombie     +0            no check
    berserk    +1 [10.6]     +0
    super      +3 [11.5]     +1 [11.5]
    =========  ============  ===========
    """
    t = tables or default_tables()
    try:
        return t.panic_increase(target_kind, same_square)
    except TableError as exc:
        raise ProbError(exc.case, exc.detail) from exc


# --------------------------------------------------------------------------- [6.0] kill


def kill_chance(dice: int, modifier: int, value: int | Dist | None, *, counters: Counters | None = None) -> Fraction:
    """P(shot result >= Zombie Value) [6.0] step 5.

    ``value`` is a whole number, or a Dist of possible values (e.g. :func:`unseen_values`),
    or None for "unknown": the Zombie Value of a unit drawn from ``counters`` [7.7].
    """
    n = check_shot_dice(dice)
    m = check_modifier(modifier)
    if value is None:
        value = unseen_values(counters)
    value = check_value(value)
    if isinstance(value, Dist):
        return sum((pv * p_total_at_least(n, core.kill_threshold(m, v)) for v, pv in value.items()), Fraction(0))
    return p_total_at_least(n, core.kill_threshold(m, value))  # [6.0] step 5, stated in dodnb.rules.core


def kill(dice: int, modifier: int, value: int | Dist | None, *, counters: Counters | None = None) -> Dist:
    """Dist over 'killed' / 'not killed' for one shot, with the derivation [6.0]."""
    n = check_shot_dice(dice)
    m = check_modifier(modifier)
    if value is None:
        value = unseen_values(counters)
    value = check_value(value)
    p = kill_chance(n, m, value)
    steps = [Words("shot.kill.rule", n=n, m=m)]
    if isinstance(value, Dist):
        steps.append(Words("shot.kill.unknown"))
        parts = []
        for v, pv in value.items():
            q = p_total_at_least(n, core.kill_threshold(m, v))
            steps.append(Words("shot.kill.value_line", v=v, pv=fmt_fraction(pv), n=n, t=core.kill_threshold(m, v), q=fmt_fraction(q)))
            parts.append(f"{fmt_fraction(pv)}×{fmt_fraction(q)}")
        steps.append(Words("shot.kill.sum", sum=" + ".join(parts), p=fmt_fraction(p)))
        title = Words("shot.kill.title_unknown", n=n, m=m)
    else:
        c = _count_at_least(n, core.kill_threshold(m, value))
        steps.append(Words("shot.kill.known", n=n, t=core.kill_threshold(m, value), c=c, ways=6**n, p=fmt_fraction(p)))
        title = Words("shot.kill.title", n=n, m=m, value=value)
    return Dist({"killed": p, "not killed": 1 - p}, order=("killed", "not killed")).with_steps(*steps, title=title)


# --------------------------------------------------------------------------- unknown values [5.4] [7.7]


def unseen_values(
    counters: Counters | None = None,
    exclude: Iterable[int] = (),
    pool: Iterable[int] | None = None,
) -> Dist:
    """Zombie Value of a unit whose value you do not know [5.4], [7.7].

    Every unit not seen is equally likely.  ``pool``: the values of the units it could be (e.g.
    read from a game state); default: every unit in ``counters``.  ``exclude``: values of units you
    know are elsewhere (players may use their memories [2.3]), removed one unit per entry.
    """
    if pool is None:
        c = counters or default_counters()
        pool_list = list(c.zombie_values())
    else:
        pool_list = [check_value(v) for v in pool]
    for v in exclude:
        v = check_value(v)
        try:
            pool_list.remove(v)
        except ValueError:
            raise ProbError("7.7", f"cannot exclude a unit of value {v}: no unseen unit left with that value") from None
    if not pool_list:
        raise ProbError("7.7", "no unseen zombie units are left, so there is no value to guess")
    d = Dist.uniform(pool_list)
    counts = {v: pool_list.count(v) for v in sorted(set(pool_list))}
    return d.with_steps(
        Words("shot.unseen.count", n=len(pool_list)),
        Words("shot.unseen.per_value", counts=", ".join(f"{v}:{k}" for v, k in counts.items())),
        Words("shot.unseen.formula", n=len(pool_list)),
        title=Words("shot.unseen.title"),
    )


def with_super_zombie(value: int | Dist | None = None, counters: Counters | None = None, super_zombies: int = 1) -> int | Dist:
    """Combined value of a super zombie stack [11.3]: unit value + 2 per super zombie.

    ``value=None`` means a super zombie alone (value 2).
    """
    c = counters or default_counters()
    k = _whole(super_zombies, "11.3", "number of super zombies", lo=1)
    add = c.super_zombie_value * k
    if value is None:
        return add
    value = check_value(value)
    if isinstance(value, Dist):
        return (value + add).with_steps(*value.steps, Words("shot.super.step", add=add), title=Words("shot.super.title", title=value.title))
    return value + add


# --------------------------------------------------------------------------- shooters


@dataclass(frozen=True)
class Shooter:
    """Plain numbers for one character's gun and nerve (no game state needed).

    dice: shot dice [6.6]; panic_level / panic_dice: [6.5] (panic_level before increases);
    modifier: this gun's reduction [6.7]; fire_rate: shots per turn [6.1] (sequences only).
    """

    name: str
    dice: int
    panic_level: int
    panic_dice: int
    modifier: int = 0
    fire_rate: int | None = None

    def __post_init__(self):
        check_shot_dice(self.dice)
        check_panic_dice(self.panic_dice)
        check_level(self.panic_level)
        check_modifier(self.modifier)
        if self.fire_rate is not None:
            _whole(self.fire_rate, "6.1", "Fire Rate", lo=0)

    def label(self) -> str:
        return f"{self.name} ({self.dice}d6, panic {self.panic_dice}d6 ≤ {self.panic_level})"


def shooter(
    name: str,
    *,
    status: str = "normal",
    rifle: bool = False,
    modifier: int = 0,
    squares_away: int | None = None,
    open_door: bool = False,
    closed_glass_door: bool = False,
    counters: Counters | None = None,
    tables: Tables | None = None,
) -> Shooter:
    """Build a :class:`Shooter` from the counters [2.3], [6.6], [12.0].

    The modifier is either given directly or computed from the Shot Modifier Chart [6.7]
    (``squares_away``, ``open_door``, ``closed_glass_door``).
    """
    c = counters or default_counters()
    try:
        ch = c.character(name)
        st = check_status(status)
        if st == "stunned":
            raise ProbError("8.3", f"{ch.name} is stunned and may not shoot")
        side = ch.side(st)
        n = ch.dice_for_shot(rifle)
        pn = ch.dice_for_panic(rifle)
    except CounterError as exc:
        raise ProbError(exc.case, exc.message) from exc
    if squares_away is not None or open_door or closed_glass_door:
        t = tables or default_tables()
        try:
            m = t.shot_modifier(squares_away or 0, int(bool(open_door)), int(bool(closed_glass_door)))
        except TableError as exc:
            raise ProbError(exc.case, exc.detail) from exc
        modifier = modifier + m
    return Shooter(ch.name, n, side.panic_level, pn, check_modifier(modifier), side.fire_rate)


def check_no_modifier_in_same_square(group: Sequence[Shooter], same_square: bool) -> None:
    """[6.7] a shot at a zombie unit in the shooter's own square has no modifier: the Shot Modifier
    Chart gives 0 for "a zombie unit in the same square" (and [6.0] step 3 consults the Chart only
    for a unit in another square).  Refuse a Shooter that carries one rather than compute a shot
    the rules do not allow."""
    if not same_square:
        return
    bad = [s for s in group if s.modifier]
    if bad:
        who = ", ".join(f"{s.name} (modifier {s.modifier})" for s in bad)
        raise ProbError(
            "6.7",
            f"a shot at a zombie unit in the same square has no shot modifier (the Shot Modifier Chart "
            f"gives 0), but {who} {'carries' if len(bad) == 1 else 'carry'} one. Use a Shooter with "
            "modifier=0 here, or same_square=False for a shot from another square.",
        )


def as_shooters(shooters: Any, modifier: int, counters: Counters | None) -> list[Shooter]:
    if isinstance(shooters, (Shooter, str)):
        shooters = [shooters]
    out = []
    for s in shooters:
        if isinstance(s, Shooter):
            out.append(s)
        elif isinstance(s, str):
            out.append(shooter(s, modifier=modifier, counters=counters))
        else:
            raise ProbError("6.8", f"a shooter is a character name or a Shooter, got {s!r}")
    if not out:
        raise ProbError("6.8", "at least one character must shoot")
    names = [s.name for s in out]
    if len(set(names)) != len(names):
        raise ProbError("6.8", f"a character appears twice among the shooters: {names}")
    return out


# --------------------------------------------------------------------------- [6.8] combined fire


class FireOutcome(NamedTuple):
    """One way a (combined) shot can end."""

    panicked: tuple[str, ...]  # shooters who panicked and did not fire [6.5]
    fired: tuple[str, ...]  # shooters whose guns fired
    dice: int  # dice rolled (pooled, capped at 3 [6.8]); 0 if nobody fired
    killed: bool  # the target was destroyed [6.0]

    def explain_label(self, lang: str | None = None) -> str:
        """Words for :meth:`Dist.explain` in `lang` (never the tuple's repr): "Peter panicked; Roger
        fired (2 dice): unit destroyed" [6.5], [6.8], [6.0]."""
        panic = tr("fire.panicked", lang, who=tuple(self.panicked)) if self.panicked else ""
        if not self.fired:
            return tr("fire.panic_no_shot", lang, panic=panic) if panic else tr("fire.no_shot", lang)
        res = tr("fire.destroyed" if self.killed else "fire.survives", lang)
        shot = tr("fire.fired", lang, who=tuple(self.fired), dice=self.dice, res=res)
        return tr("fire.both", lang, panic=panic, shot=shot) if panic else shot


def _panic_probs(shooters: Sequence[Shooter], increase: int | None) -> list[Fraction]:
    if increase is None:
        return [Fraction(0)] * len(shooters)
    return [panic_chance(core.panic_limit(s.panic_level, increase), s.panic_dice) for s in shooters]


def combined_fire(
    shooters: Any,
    value: int | Dist | None = None,
    target_kind: str = "zombie",
    same_square: bool = True,
    *,
    together: bool = True,
    modifier: int = 0,
    counters: Counters | None = None,
    tables: Tables | None = None,
) -> Dist:
    """Whole outcome of one shot by one or more characters at one target [6.0], [6.5], [6.8].

    Each shooter checks panic separately when the target requires it (:func:`panic_check`);
    those who panic do not fire.  ``together=True``: the others pool their dice (at most three)
    and every gun that fires subtracts its own modifier [6.8].  ``together=False``: they fire
    one after another, in the order given, until the target is destroyed.

    ``shooters``: names (built from ``counters`` with ``modifier`` per gun) or :class:`Shooter`.
    With ``same_square=True`` every gun's modifier must be 0 [6.7] (a ProbError says so).
    ``value``: Zombie Value, a Dist of values, or None (unknown, from ``counters`` [7.7]).
    Returns a Dist over :class:`FireOutcome`.
    """
    group = as_shooters(shooters, check_modifier(modifier), counters)
    if value is None:
        value = unseen_values(counters)
    value = check_value(value)
    if not isinstance(same_square, bool):
        raise ProbError("6.5", f"same_square must be True or False, got {same_square!r}")
    check_no_modifier_in_same_square(group, same_square)  # [6.7]
    increase = panic_check(target_kind, same_square, tables)
    kind = normalise_target(target_kind)
    qs = _panic_probs(group, increase)
    vd = as_value_dist(value)

    terms: list[tuple[str, str]] = []  # (probability of this firing group, its kill chance) for the summary
    if together:
        acc: dict[FireOutcome, Fraction] = {}
        lines = []
        for flags in itertools.product((False, True), repeat=len(group)):
            pw = Fraction(1)
            for q, f in zip(qs, flags):
                pw *= q if f else 1 - q
            if pw == 0:
                continue
            panicked = tuple(s.name for s, f in zip(group, flags) if f)
            firing = [s for s, f in zip(group, flags) if not f]
            if not firing:
                acc[FireOutcome(panicked, (), 0, False)] = acc.get(FireOutcome(panicked, (), 0, False), Fraction(0)) + pw
                lines.append(Words("fire.all_panic", p=fmt_fraction(pw)) if len(group) > 1
                             else Words("fire.one_panics", who=group[0].name, p=fmt_fraction(pw)))
                continue
            n = core.pooled_dice([s.dice for s in firing])
            m = sum(s.modifier for s in firing)
            pk = kill_chance(n, m, vd)
            fired = tuple(s.name for s in firing)
            for killed, pp in ((True, pk), (False, 1 - pk)):
                if pp:
                    o = FireOutcome(panicked, fired, n, killed)
                    acc[o] = acc.get(o, Fraction(0)) + pw * pp
            who = " + ".join(s.name for s in firing)
            capped = Words("fire.capped") if sum(s.dice for s in firing) > MAX_SHOT_DICE else ""
            target = Words("fire.target_value", value=value) if not isinstance(value, Dist) else Words("fire.the_value")
            lines.append(Words("fire.group_line", who=who, n_fire=len(firing), p=fmt_fraction(pw), n=n, capped=capped, m=m,
                               target=target, pk=fmt_fraction(pk)))
            terms.append((fmt_fraction(pw), fmt_fraction(pk)))
        result = Dist(acc)
    else:
        result = vd.bind(lambda v: _separate_given_value(group, increase, v))
        lines = [Words("fire.separate_line", order=", ".join(s.name for s in group))]

    p_kill = result.p(lambda o: o.killed)
    steps = [Words("fire.target.same" if same_square else "fire.target.other", kind=kind)]
    if increase is None:
        steps.append(Words("fire.no_panic"))
    else:
        steps.append(Words("fire.panic_each", inc=increase))
        for s, q in zip(group, qs):
            steps.append(Words("fire.panic_line", name=s.name, d=s.panic_dice, level=s.panic_level + increase, q=fmt_fraction(q)))
    if isinstance(value, Dist):
        steps.append(Words("fire.value_unknown"))
    else:
        steps.append(Words("fire.value", value=value))
    steps.append(Words("fire.together") if together else Words("fire.separately"))
    steps.extend(lines)
    pf = fmt_fraction(p_kill)
    if together and len(group) == 1 and terms:
        (s0,) = group
        nerve = Words("fire.nerve", name=s0.name) if increase is not None else ""
        shot_txt = Words("fire.one_shot", d=s0.dice, m=s0.modifier, v=Words("fire.value_word") if isinstance(value, Dist) else value)
        nums = f" = {terms[0][0]} × {terms[0][1]}" if increase is not None else ""
        steps.append(Words("fire.result_one", nerve=nerve, shot=shot_txt, nums=nums, pf=pf, pk=p_kill))
    elif together and terms:
        steps.append(Words("fire.result_sum", terms=" + ".join(f"{a} × {b}" for a, b in terms), pf=pf, pk=p_kill))
    else:
        steps.append(Words("fire.result", pf=pf, pk=p_kill))
    names = " + ".join(s.name for s in group)
    title = Words("fire.title.combined" if together and len(group) > 1 else "fire.title.shot", names=names, kind=kind)
    return result.with_steps(*steps, title=title)


@lru_cache(maxsize=2048)
def fire_counts(group: tuple[Shooter, ...], v: int, increase: int | None, together: bool) -> tuple[int, tuple[tuple[FireOutcome, int], ...]]:
    """(den, ((FireOutcome, count), ...)): P(outcome) = count / den exactly, in whole numbers.

    Every die that may be rolled is counted: each shooter's panic dice (when a check is needed
    [6.5]) and the shot dice (three for a pooled shot [6.8], each shooter's own when firing
    separately); a die not rolled on some path counts all its faces.  So den is a power of 6."""
    pden = [1 if increase is None else 6**s.panic_dice for s in group]
    pcnt = [0 if increase is None else _count_at_most(s.panic_dice, core.panic_limit(s.panic_level, increase)) for s in group]
    acc: dict[FireOutcome, int] = {}
    if not together:
        sden = [6**s.dice for s in group]
        rest = [1] * (len(group) + 1)  # rest[i]: faces of every die of shooters i, i+1, ...
        for i in range(len(group) - 1, -1, -1):
            rest[i] = rest[i + 1] * pden[i] * sden[i]

        def go(i: int, c: int, panicked: tuple, fired: tuple, dice_rolled: int) -> None:
            # shooters fire one by one, each after his own panic check, until the unit dies
            if not c:
                return
            if i == len(group):
                o = FireOutcome(panicked, fired, dice_rolled, False)
                acc[o] = acc.get(o, 0) + c
                return
            s, q, d = group[i], pcnt[i], pden[i]
            go(i + 1, c * q * sden[i], panicked + (s.name,), fired, dice_rolled)  # panics: no shot
            kc = _count_at_least(s.dice, core.kill_threshold(s.modifier, v))
            if kc:
                o = FireOutcome(panicked, fired + (s.name,), dice_rolled + s.dice, True)
                acc[o] = acc.get(o, 0) + c * (d - q) * kc * rest[i + 1]
            go(i + 1, c * (d - q) * (sden[i] - kc), panicked, fired + (s.name,), dice_rolled + s.dice)

        go(0, 1, (), (), 0)
        return rest[0], tuple(acc.items())
    full = 6**MAX_SHOT_DICE
    for flags in itertools.product((False, True), repeat=len(group)):
        c = 1
        for q, d, f in zip(pcnt, pden, flags):
            c *= q if f else d - q
        if not c:
            continue
        panicked = tuple(s.name for s, f in zip(group, flags) if f)
        firing = [s for s, f in zip(group, flags) if not f]
        if not firing:
            o = FireOutcome(panicked, (), 0, False)
            acc[o] = acc.get(o, 0) + c * full
            continue
        n = core.pooled_dice([s.dice for s in firing])
        kc = _count_at_least(n, core.kill_threshold(sum(s.modifier for s in firing), v)) * 6 ** (MAX_SHOT_DICE - n)
        fired = tuple(s.name for s in firing)
        if kc:
            acc[FireOutcome(panicked, fired, n, True)] = c * kc
        if kc != full:
            acc[FireOutcome(panicked, fired, n, False)] = c * (full - kc)
    den = full
    for d in pden:
        den *= d
    return den, tuple(acc.items())


def _separate_given_value(group: Sequence[Shooter], increase: int | None, v: int) -> Dist:
    den, counts = fire_counts(tuple(group), v, increase, False)
    return Dist._from_ints(dict(counts))


def fire_kill_chance(shooters: Any, value: int | Dist | None = None, target_kind: str = "zombie", same_square: bool = True, **kw) -> Fraction:
    """P(the target is destroyed) for :func:`combined_fire` with the same arguments."""
    return combined_fire(shooters, value, target_kind, same_square, **kw).p(lambda o: o.killed)


# --------------------------------------------------------------------------- [6.1] sequences


class SequenceOutcome(NamedTuple):
    """How a shooting sequence ends [6.1]."""

    shots: int  # shots actually fired
    killed: bool
    panicked: bool

    def explain_label(self, lang: str | None = None) -> str:
        """Words for :meth:`Dist.explain` in `lang`: "2 shots, then a panic [6.5]", "1 shot: unit
        destroyed" [6.1]."""
        shots = tr("seq.shots", lang, n=self.shots)
        if self.killed:
            return tr("seq.killed", lang, shots=shots)
        if self.panicked:
            return tr("seq.panic_after", lang, shots=shots) if self.shots else tr("seq.panic_first", lang)
        return tr("seq.still", lang, shots=shots)


def shooting_sequence(
    who: Shooter | str,
    value: int | Dist | None = None,
    target_kind: str = "zombie",
    same_square: bool = True,
    fire_rate: int | None = None,
    *,
    modifier: int = 0,
    counters: Counters | None = None,
    tables: Tables | None = None,
) -> Dist:
    """One character shoots the same unit again and again [6.1]: until it is destroyed, he panics
    (no more shooting, [6.5]) or his Fire Rate is used up.  Dist over :class:`SequenceOutcome`.

    The unit keeps the same value for every shot, so with an unknown value the sequence is
    computed for each possible value and then averaged (not one fresh value per shot).
    """
    (s,) = as_shooters([who], check_modifier(modifier), counters)
    f = fire_rate if fire_rate is not None else s.fire_rate
    if f is None:
        raise ProbError("6.1", f"no Fire Rate known for {s.name}: pass fire_rate=")
    f = _whole(f, "6.1", "Fire Rate", lo=1)
    if value is None:
        value = unseen_values(counters)
    value = check_value(value)
    check_no_modifier_in_same_square([s], bool(same_square))  # [6.7]
    increase = panic_check(target_kind, same_square, tables)
    q = Fraction(0) if increase is None else panic_chance(core.panic_limit(s.panic_level, increase), s.panic_dice)

    def given(v: int) -> Dist:
        p = p_total_at_least(s.dice, core.kill_threshold(s.modifier, v))
        acc: dict[SequenceOutcome, Fraction] = {}
        reach = Fraction(1)
        for i in range(1, f + 1):
            if q:
                acc[SequenceOutcome(i - 1, False, True)] = acc.get(SequenceOutcome(i - 1, False, True), Fraction(0)) + reach * q
            if p:
                acc[SequenceOutcome(i, True, False)] = reach * (1 - q) * p
            reach *= (1 - q) * (1 - p)
        if reach:
            acc[SequenceOutcome(f, False, False)] = reach
        return Dist(acc)

    result = as_value_dist(value).bind(given)
    steps = [
        Words("seq.may", name=s.name, f=f),
        Words("seq.each", d=s.dice, m=s.modifier,
              panic=Words("seq.no_panic") if increase is None else Words("seq.panic_check", q=fmt_fraction(q))),
        Words("seq.formula"),
    ]
    if isinstance(value, Dist):
        steps.append(Words("seq.unknown"))
    steps.append(Words("seq.within", f=f, p=fmt_fraction(result.p(lambda o: o.killed))))
    return result.with_steps(*steps, title=Words("seq.title", name=s.name, f=f))


def clear_caches() -> None:
    """Forget this module's memos (dice counts, fire tables); answers never change (`dodnb.prob.clear_caches`)."""
    p_total_at_least.cache_clear()
    p_total_at_most.cache_clear()
    fire_counts.cache_clear()
    _count_at_least.cache_clear()
    _count_at_most.cache_clear()
