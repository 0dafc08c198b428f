"""Monte Carlo counterparts of the exact functions, to compare with them (DESIGN.md principle 4).

Each ``sim_*`` function plays the rule once with real dice faces drawn from a seeded
``random.Random`` and returns one outcome of the same kind as the exact Dist.  The simulators
share only parameter checking and table *lookups* with the exact code, never its arithmetic,
so agreement is a real check.

    >>> from dodnb.prob import shot
    >>> cmp = exact_vs_sampled(shot, sim_shot, 2, 1, n=20_000, seed=1)
    >>> cmp.max_abs_error < 0.02
    True
"""

from __future__ import annotations

import bisect
import html
import math
import random
from fractions import Fraction
from typing import Any, Callable, Iterable

from dodnb.prob.attacks import SquareOutcome, prepare_square
from dodnb.prob.dist import Dist, fmt_decimal, fmt_fraction, fmt_outcome, fmt_percent
from dodnb.prob.errors import ProbError
from dodnb.prob.shots import (
    FireOutcome,
    SequenceOutcome,
    Shooter,
    as_shooters,
    check_level,
    check_no_modifier_in_same_square,
    check_modifier,
    check_panic_dice,
    check_shot_dice,
    check_value,
)
from dodnb.rules import core
from dodnb.rules.counters import Counters, default_counters
from dodnb.rules.tables import Tables, default_tables
from dodnb.rules.vocab import Status

#: Runs at least this long show a tqdm progress bar (unless progress=False).
PROGRESS_THRESHOLD = 200_000


def roll(rng: random.Random, n: int) -> int:
    """Total of n six-sided dice."""
    return sum(rng.randint(1, 6) for _ in range(n))


def _dist_sampler(d: Dist) -> Callable[[random.Random], Any]:
    """Exact sampler for a Dist: an integer draw on the common denominator (no floats)."""
    items = d.items()
    den = 1
    for _, p in items:
        den = den * p.denominator // math.gcd(den, p.denominator)
    cum, acc = [], 0
    for _, p in items:
        acc += p.numerator * (den // p.denominator)
        cum.append(acc)
    outcomes = [x for x, _ in items]

    def draw(rng: random.Random) -> Any:
        return outcomes[bisect.bisect_right(cum, rng.randrange(den))]

    return draw


def sample_dist(d: Dist, rng: random.Random) -> Any:
    """Draw one outcome of an exact Dist."""
    return _dist_sampler(d)(rng)


def _value_sampler(value: Any, counters: Counters | None) -> Callable[[random.Random], int]:
    if value is None:
        vals = list((counters or default_counters()).zombie_values())
        return lambda rng: rng.choice(vals)  # a random unit among all of them [7.7]
    value = check_value(value)
    if isinstance(value, Dist):
        return _dist_sampler(value)
    return lambda rng: value


def _prepared(prep: Callable) -> Callable:
    """Turn ``prep(*args) -> draw(rng)`` into ``sim(rng, *args)`` with ``sim.prepare = prep``
    (monte_carlo() prepares once, then draws n times)."""

    def sim(rng: random.Random, *args, **kw):
        return prep(*args, **kw)(rng)

    sim.prepare = prep
    sim.__name__ = prep.__name__.replace("_prep_", "sim_")
    sim.__doc__ = prep.__doc__
    return sim


# --------------------------------------------------------------------------- simulators


def sim_dice(rng: random.Random, n: int) -> int:
    return roll(rng, n)


def sim_shot(rng: random.Random, dice: int, modifier: int = 0) -> int:
    """[6.0] step 4"""
    return roll(rng, check_shot_dice(dice)) - check_modifier(modifier)


def sim_panic(rng: random.Random, level: int, dice: int) -> str:
    """[6.5]"""
    return "panics" if core.panics(roll(rng, check_panic_dice(dice)), check_level(level), 0) else "keeps nerve"


def _prep_kill(dice: int, modifier: int, value: Any, counters: Counters | None = None):
    """[6.0] step 5"""
    n, m, draw_v = check_shot_dice(dice), check_modifier(modifier), _value_sampler(value, counters)
    return lambda rng: "killed" if core.destroys(roll(rng, n), m, draw_v(rng)) else "not killed"


sim_kill = _prepared(_prep_kill)


def _panics(rng: random.Random, s: Shooter, increase: int | None) -> bool:
    return increase is not None and core.panics(roll(rng, s.panic_dice), s.panic_level, increase)


def _fire(rng: random.Random, group: list[Shooter], v: int, increase: int | None, together: bool) -> FireOutcome:
    if together:
        panicked = [s for s in group if _panics(rng, s, increase)]
        firing = [s for s in group if s not in panicked]
        if not firing:
            return FireOutcome(tuple(s.name for s in panicked), (), 0, False)
        n = core.pooled_dice([s.dice for s in firing])  # [6.8]
        killed = core.destroys(roll(rng, n), sum(s.modifier for s in firing), v)  # [6.0] step 5, [6.7] per gun
        return FireOutcome(tuple(s.name for s in panicked), tuple(s.name for s in firing), n, killed)
    panicked, fired, rolled = [], [], 0
    for s in group:
        if _panics(rng, s, increase):
            panicked.append(s.name)
            continue
        fired.append(s.name)
        rolled += s.dice
        if core.destroys(roll(rng, s.dice), s.modifier, v):
            return FireOutcome(tuple(panicked), tuple(fired), rolled, True)
    return FireOutcome(tuple(panicked), tuple(fired), rolled, False)


def _prep_combined_fire(
    shooters: Any,
    value: Any = None,
    target_kind: str = "zombie",
    same_square: bool = True,
    *,
    together: bool = True,
    modifier: int = 0,
    counters: Counters | None = None,
    tables: Tables | None = None,
):
    """[6.5], [6.7], [6.8]"""
    group = as_shooters(shooters, check_modifier(modifier), counters)
    check_no_modifier_in_same_square(group, bool(same_square))  # [6.7], as combined_fire
    increase = (tables or default_tables()).panic_increase(target_kind, same_square)
    draw_v = _value_sampler(value, counters)
    return lambda rng: _fire(rng, group, draw_v(rng), increase, together)


sim_combined_fire = _prepared(_prep_combined_fire)


def _prep_shooting_sequence(
    who: Any,
    value: Any = None,
    target_kind: str = "zombie",
    same_square: bool = True,
    fire_rate: int | None = None,
    *,
    modifier: int = 0,
    counters: Counters | None = None,
    tables: Tables | None = None,
):
    """[6.1]: the same unit (same value) shot until destroyed, panic, or Fire Rate used up."""
    (s,) = as_shooters([who], check_modifier(modifier), counters)
    f = fire_rate if fire_rate is not None else s.fire_rate
    if f is None:
        raise ProbError("6.1", f"no Fire Rate known for {s.name}: pass fire_rate=")
    check_no_modifier_in_same_square([s], bool(same_square))  # [6.7], as shooting_sequence
    increase = (tables or default_tables()).panic_increase(target_kind, same_square)
    draw_v = _value_sampler(value, counters)

    def draw(rng: random.Random) -> SequenceOutcome:
        v = draw_v(rng)
        for i in range(1, f + 1):
            if _panics(rng, s, increase):
                return SequenceOutcome(i - 1, False, True)
            if core.destroys(roll(rng, s.dice), s.modifier, v):
                return SequenceOutcome(i, True, False)
        return SequenceOutcome(f, False, False)

    return draw


sim_shooting_sequence = _prepared(_prep_shooting_sequence)


def _hit(status: str, result: str) -> str:
    """[8.3]-[8.5] the rules' own status change (dodnb.rules.core.hit: one place states it)."""
    return core.hit(status, result)


def sim_attack_result(rng: random.Random, strength: int, dice_table: Tables | None = None) -> str:
    """[8.8]"""
    return (dice_table or default_tables()).attack_result(roll(rng, 2), strength)


def sim_attack_on(rng: random.Random, strength: int, status: str = Status.NORMAL.value, dice_table: Tables | None = None) -> str:
    """[8.5]: the effect ('none', 'stunned', 'infected', 'killed')."""
    r = sim_attack_result(rng, strength, dice_table)
    if r == "none":
        return "none"
    return core.hit(status, r)


def _prep_square_attack(
    characters: Any,
    value: Any = None,
    k: int | None = None,
    *,
    targets: Iterable[str] | None = None,
    berserk: bool = False,
    super_zombies: int = 0,
    reaction_fire: bool = True,
    shooters: Any = None,
    together: bool = True,
    rifles: Iterable[str] = (),
    counters: Counters | None = None,
    tables: Tables | None = None,
):
    """[8.0] steps 1-5 with real dice."""
    c = counters or default_counters()
    t = tables or default_tables()
    if value is None and not super_zombies:
        draw_unit = _value_sampler(None, c)  # an unknown unit drawn from all of them [7.7]
        add = 0
    else:
        draw_unit = (lambda rng: 0) if value is None else _value_sampler(value, c)
        add = c.super_zombie_value * super_zombies  # [11.3]
    chars, k, tgt, _total, kind, group = prepare_square(
        characters, 1 if value is None and not super_zombies else value, k, targets=targets, berserk=berserk,
        super_zombies=super_zombies, reaction_fire=reaction_fire, shooters=shooters, rifles=rifles, counters=c,
    )
    increase = t.panic_increase(kind, True)

    def draw(rng: random.Random) -> SquareOutcome:
        v = draw_unit(rng) + add
        fo = _fire(rng, group, v, increase, together) if group else FireOutcome((), (), 0, False)
        if fo.killed:
            return SquareOutcome(True, fo.panicked, tuple(chars))
        strength = core.strength(v, k)  # [8.0] step 4
        out = []
        for name, st in chars:
            if name in tgt:
                st = _hit(st, t.attack_result(roll(rng, 2), strength))
            out.append((name, st))
        return SquareOutcome(False, fo.panicked, tuple(out))

    return draw


sim_square_attack = _prepared(_prep_square_attack)


def _prep_solitaire_attack(characters: Any, value: Any = None, **kw):
    """[15.6]: a die decides how many are attacked (faces that cannot be shared are rerolled)."""
    from dodnb.prob.attacks import character_statuses

    n = len(character_statuses(characters))
    named = {f: k for k, faces in core.attacked_count_faces(n).items() for f in faces}  # [15.6]
    draws = {k: _prep_square_attack(characters, value, k, **kw) for k in range(1, n + 1)}

    def draw(rng: random.Random) -> SquareOutcome:
        while True:
            face = rng.randint(1, core.ATTACK_COUNT_FACES)
            if face in named:  # a spare face names nobody: rolled again (ruling)
                break
        return draws[named[face]](rng)

    return draw


sim_solitaire_attack = _prepared(_prep_solitaire_attack)


def sim_entrance(rng: random.Random, tables: Tables | None = None) -> frozenset:
    """[13.5]"""
    return (tables or default_tables()).entrance(roll(rng, 2))


def sim_entrance_given(rng: random.Random, closed: Iterable[str] = (), occupied: Iterable[str] = (), eliminated: int | None = None, tables: Tables | None = None) -> frozenset:
    """[13.2], [13.3]"""
    from dodnb.prob.tableodds import main_door_set

    t = tables or default_tables()
    blocked = main_door_set(closed, "13.2", "closed") | main_door_set(occupied, "13.2", "occupied")
    if len(blocked) == 4:
        return frozenset()
    named = [d for d in t.entrance_order(roll(rng, 2)) if d not in blocked]
    if eliminated is not None:
        named = named[:eliminated]
    return frozenset(named)


def sim_turns_until_super_zombie(rng: random.Random, cap: int = 36, tables: Tables | None = None) -> Any:
    """[11.0]"""
    t = tables or default_tables()
    for i in range(1, cap + 1):
        if t.becomes_super_zombie(roll(rng, 2)):
            return i
    return f"> {cap}"


def sim_berserk_phases(rng: random.Random, cap: int = 12, tables: Tables | None = None) -> Any:
    """[10.0]"""
    t = tables or default_tables()
    for j in range(cap):
        if not t.stays_berserk(rng.randint(1, 6)):
            return j
    return f"≥ {cap}"


def _prep_glass_door(value: Any = None, counters: Counters | None = None, tables: Tables | None = None):
    """[10.5]"""
    draw_v, t = _value_sampler(value, counters), tables or default_tables()
    return lambda rng: "broken" if t.glass_door_breaks(roll(rng, t.glass_dice), draw_v(rng)) else "holds"


sim_glass_door = _prepared(_prep_glass_door)


def sim_hidden_zombie(rng: random.Random, tables: Tables | None = None) -> Any:
    """[15.8]"""
    return (tables or default_tables()).hidden_zombie(rng.randint(1, 6), rng.randint(1, 6))


def _prep_exit_cost(value: Any = None, counters: Counters | None = None, tables: Tables | None = None):
    """[5.4]"""
    draw_v, t = _value_sampler(value, counters), tables or default_tables()
    return lambda rng: t.exit_cost(draw_v(rng))


sim_exit_cost = _prepared(_prep_exit_cost)


def sim_free_moves(rng: random.Random) -> int:
    """[7.0]"""
    return rng.randint(1, 6)


# --------------------------------------------------------------------------- running and comparing


def monte_carlo(sim: Callable, *args, n: int = 100_000, seed: int = 0, progress: bool | None = None, **kw) -> Dist:
    """Run ``sim(rng, *args, **kw)`` n times with ``random.Random(seed)``; the empirical Dist.

    A tqdm progress bar is shown for long runs (n >= 200 000) or when ``progress=True``.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ProbError("6.0", f"the number of Monte Carlo samples must be a whole number >= 1, got {n!r}")
    rng = random.Random(seed)
    counts: dict[Any, int] = {}
    show = progress if progress is not None else n >= PROGRESS_THRESHOLD
    bar = None
    if show:
        from tqdm.auto import tqdm

        bar = tqdm(total=n, desc=getattr(sim, "__name__", "Monte Carlo"), leave=False)
    step = 10_000
    prep = getattr(sim, "prepare", None)
    draw = prep(*args, **kw) if prep is not None else (lambda r: sim(r, *args, **kw))
    for i in range(n):
        x = draw(rng)
        counts[x] = counts.get(x, 0) + 1
        if bar is not None and (i + 1) % step == 0:
            bar.update(step)
    if bar is not None:
        bar.update(n % step)
        bar.close()
    return Dist(counts).with_steps(
        f"Monte Carlo: {n} seeded simulated plays (seed {seed}); each frequency = count/{n}.",
        title=f"Sampled ({n} runs)",
    )


class Comparison:
    """Exact vs sampled, outcome by outcome."""

    def __init__(self, exact: Dist, sampled: Dist, n: int | None = None):
        self.exact = exact
        self.sampled = sampled
        self.n = n
        keys = list(exact.outcomes) + [x for x in sampled.outcomes if x not in exact]
        self.rows = [(x, exact.p(x), sampled.p(x), abs(exact.p(x) - sampled.p(x))) for x in keys]
        self.unexpected = [x for x in sampled.outcomes if x not in exact]

    @property
    def max_abs_error(self) -> Fraction:
        return max(r[3] for r in self.rows)

    def __str__(self) -> str:
        lines = [f"{'outcome':<40} {'exact':>10} {'sampled':>10} {'|diff|':>8}"]
        for x, e, s, d in self.rows:
            lines.append(f"{fmt_outcome(x)[:40]:<40} {fmt_percent(e, 2):>10} {fmt_percent(s, 2):>10} {fmt_decimal(d, 4):>8}")
        lines.append(f"largest |exact − sampled| = {fmt_decimal(self.max_abs_error, 4)}")
        if self.unexpected:
            lines.append(f"outcomes sampled but impossible exactly: {self.unexpected}")
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        out = ['<table class="dodnb-compare"><tr><th>outcome</th><th>exact</th><th></th><th>sampled</th><th>|diff|</th></tr>']
        for x, e, s, d in self.rows:
            out.append(
                f"<tr><td>{html.escape(fmt_outcome(x))}</td><td>{fmt_fraction(e)}</td><td>{fmt_percent(e, 2)}</td>"
                f"<td>{fmt_percent(s, 2)}</td><td>{fmt_decimal(d, 4)}</td></tr>"
            )
        out.append(f"</table><p>largest difference: {fmt_decimal(self.max_abs_error, 4)}</p>")
        return "".join(out)


def compare(exact: Dist, sampled: Dist) -> Comparison:
    return Comparison(exact, sampled)


def exact_vs_sampled(exact_fn: Callable, sim_fn: Callable, *args, n: int = 100_000, seed: int = 0, progress: bool | None = None, **kw) -> Comparison:
    """Side by side: ``exact_fn(*args, **kw)`` and ``n`` runs of ``sim_fn(rng, *args, **kw)``."""
    exact = exact_fn(*args, **kw)
    sampled = monte_carlo(sim_fn, *args, n=n, seed=seed, progress=progress, **kw)
    return Comparison(exact, sampled, n)


def _exact_map() -> dict[str, tuple[Callable, Callable]]:
    import dodnb.prob as P

    return {
        "dice": (P.dice, sim_dice),
        "shot": (P.shot, sim_shot),
        "panic": (P.panic, sim_panic),
        "kill": (P.kill, sim_kill),
        "combined_fire": (P.combined_fire, sim_combined_fire),
        "shooting_sequence": (P.shooting_sequence, sim_shooting_sequence),
        "attack_result": (P.attack_result, sim_attack_result),
        "attack_on": (P.attack_on, sim_attack_on),
        "square_attack": (P.square_attack, sim_square_attack),
        "solitaire_attack": (P.solitaire_attack, sim_solitaire_attack),
        "entrance": (P.entrance, sim_entrance),
        "entrance_given": (P.entrance_given, sim_entrance_given),
        "turns_until_super_zombie": (P.turns_until_super_zombie, sim_turns_until_super_zombie),
        "berserk_phases": (P.berserk_phases, sim_berserk_phases),
        "glass_door": (P.glass_door, sim_glass_door),
        "hidden_zombie": (P.hidden_zombie, sim_hidden_zombie),
        "exit_cost": (P.exit_cost, sim_exit_cost),
        "free_moves": (P.free_moves, sim_free_moves),
    }


def side_by_side(name: str, *args, n: int = 100_000, seed: int = 0, progress: bool | None = None, **kw) -> Comparison:
    """``side_by_side("shot", 2, 1)``: the exact function and its simulator by name."""
    table = _exact_map()
    if name not in table:
        raise ProbError("2.2", f"no Monte Carlo counterpart named {name!r}; choose from {sorted(table)}")
    exact_fn, sim_fn = table[name]
    return exact_vs_sampled(exact_fn, sim_fn, *args, n=n, seed=seed, progress=progress, **kw)
