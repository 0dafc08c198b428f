"""Odds of the other dice rolls of the game: entrance [13.5], berserk [10.0], super zombies [11.0],
glass doors [10.5], free movement [7.0], hidden zombies [15.8], leaving a zombie square [5.4]."""

from __future__ import annotations

from fractions import Fraction
from typing import Iterable

from dodnb.prob.dist import Dist, dice as _dice, fmt_fraction, fmt_outcome
from dodnb.prob.errors import ProbError
from dodnb.prob.shots import as_value_dist, check_value, unseen_values, ways
from dodnb.rules.counters import Counters
from dodnb.rules.tables import DOOR_NAMES, DOORS, Tables, default_tables


def main_door_set(doors: Iterable[str], case: str, what: str) -> frozenset[str]:
    """Main doors named by compass letter or by name, as compass letters; ProbError (with `case`) for
    any other."""
    if isinstance(doors, str):
        doors = [doors] if doors.upper() in DOORS or doors.title() in DOOR_NAMES.values() else list(doors)
    out = set()
    for d in doors:
        key = str(d).strip()
        up = key.upper()
        if up in DOORS:
            out.add(up)
            continue
        by_name = {v.lower(): k for k, v in DOOR_NAMES.items()}
        if key.lower() in by_name:
            out.add(by_name[key.lower()])
            continue
        raise ProbError(case, f"{what}: unknown main door {d!r}; use 'N', 'E', 'S' or 'W'")
    return frozenset(out)


# --------------------------------------------------------------------------- [13.5] entrance


def entrance(tables: Tables | None = None) -> Dist:
    """Dist over the frozenset of main doors named by the Zombie Entrance Table [13.5],
    before closed doors and occupied squares are taken into account [13.2]."""
    t = tables or default_tables()
    w = ways(2)
    acc: dict[frozenset, int] = {}
    rows: dict[frozenset, list[int]] = {}
    for total in range(2, 13):
        doors = t.entrance(total)
        acc[doors] = acc.get(doors, 0) + w[total]
        rows.setdefault(doors, []).append(total)
    steps = ["[13.5] roll 2d6 in the Zombie Generation Phase; each total names 0, 1 or 2 main doors [13.1]."]
    for doors, totals in sorted(rows.items(), key=lambda kv: kv[1]):
        steps.append(
            f"  {fmt_outcome(doors)}: dice {', '.join(map(str, totals))} → "
            f"({' + '.join(str(w[x]) for x in totals)})/36 = {fmt_fraction(Fraction(acc[doors], 36))}"
        )
    return Dist(acc).with_steps(*steps, title="Zombie Entrance Table: doors named")


def entrance_given(
    closed: Iterable[str] = (),
    occupied: Iterable[str] = (),
    eliminated: int | None = None,
    tables: Tables | None = None,
) -> Dist:
    """Doors through which a unit really enters [13.2], [13.3].

    closed: closed main doors; occupied: main doors whose entry square holds a zombie unit.
    eliminated: units available in the eliminated pool (None = enough); with fewer units than
    doors named, the doors are served in the order the table prints them (ruling).
    """
    t = tables or default_tables()
    cl = main_door_set(closed, "13.2", "closed")
    oc = main_door_set(occupied, "13.2", "occupied")
    blocked = cl | oc
    if eliminated is not None and (isinstance(eliminated, bool) or not isinstance(eliminated, int) or eliminated < 0):
        raise ProbError("13.3", f"eliminated must be a whole number >= 0, got {eliminated!r}")
    w = ways(2)
    acc: dict[frozenset, int] = {}
    if blocked >= set(DOORS):
        steps = ["[13.2] all four main doors are closed or blocked: the table is not used."]
        return Dist.certain(frozenset()).with_steps(*steps, title="Zombie entrance")
    for total in range(2, 13):
        named = [d for d in t.entrance_order(total) if d not in blocked]
        if eliminated is not None:
            named = named[:eliminated]
        key = frozenset(named)
        acc[key] = acc.get(key, 0) + w[total]
    steps = [
        "[13.5] roll 2d6 on the Zombie Entrance Table.",
        f"[13.2] results naming a closed door ({fmt_outcome(cl)}) or a zombie-occupied entry square ({fmt_outcome(oc)}) are ignored.",
    ]
    if eliminated is not None:
        steps.append(f"[13.3] only {eliminated} eliminated unit(s) can come back (doors served in printed order).")
    return Dist(acc).with_steps(*steps, title="Zombie entrance after closed doors and occupied squares")


def entrance_chance(door: str, closed: Iterable[str] = (), occupied: Iterable[str] = (), tables: Tables | None = None) -> Fraction:
    """P(a zombie unit enters through this main door this Generation Phase) [13.2], [13.5]."""
    (d,) = main_door_set([door], "13.5", "door")
    return entrance_given(closed, occupied, tables=tables).p(lambda s: d in s)


def entrance_count(closed: Iterable[str] = (), occupied: Iterable[str] = (), eliminated: int | None = None, tables: Tables | None = None) -> Dist:
    """Number of units entering this Generation Phase (0, 1 or 2) [13.1], [13.2]."""
    d = entrance_given(closed, occupied, eliminated, tables)
    return d.map(len).with_steps(*d.steps, "Count the doors in each result.", title="Zombie units entering")


# --------------------------------------------------------------------------- [10.0] berserk


def berserk_chance(tables: Tables | None = None) -> Fraction:
    """P(a checked unit goes berserk) = P(1d6 <= 4) = 2/3 [10.0]."""
    t = tables or default_tables()
    return Fraction(t.berserk_goes_at_most, 6)


def berserk_stays_chance(tables: Tables | None = None) -> Fraction:
    """P(a berserk unit stays berserk at its check) = P(1d6 <= 4) = 2/3 [10.0]."""
    t = tables or default_tables()
    return Fraction(t.berserk_stays_at_most, 6)


def berserk_phases(cap: int = 12, tables: Tables | None = None) -> Dist:
    """Number of later Berserk Zombie Phases a unit that just went berserk stays berserk [10.0]:
    each phase it keeps the status with probability 2/3.  Geometric, cut at ``cap`` with the
    remaining mass on the outcome ``"≥ cap"`` (exact)."""
    s = berserk_stays_chance(tables)
    cap = _cap(cap, "10.0")
    acc: dict = {}
    for j in range(cap):
        acc[j] = s**j * (1 - s)
    acc[f"≥ {cap}"] = s**cap
    return Dist(acc).with_steps(
        f"[10.0] every Berserk Zombie Phase a berserk unit is checked: 5 or 6 ends it, P(stays) = {fmt_fraction(s)}.",
        f"P(stays exactly j more phases) = ({fmt_fraction(s)})^j × {fmt_fraction(1 - s)}; tail P(≥ {cap}) = ({fmt_fraction(s)})^{cap}.",
        f"Mean number of phases = {fmt_fraction(s / (1 - s))}.",
        title="Berserk duration",
    )


# --------------------------------------------------------------------------- [11.0] super zombie


def super_zombie_chance(tables: Tables | None = None) -> Fraction:
    """P(an infected character becomes a super zombie in one Generation Phase) = P(2d6 in {2, 12}) = 1/18 [11.0]."""
    t = tables or default_tables()
    w = ways(2)
    return Fraction(sum(w[x] for x in t.super_zombie_totals), 36)


def super_zombie_roll(tables: Tables | None = None) -> Dist:
    """Dist over 'super zombie' / 'stays infected' for one roll [11.0]."""
    p = super_zombie_chance(tables)
    t = tables or default_tables()
    return Dist({"super zombie": p, "stays infected": 1 - p}, order=("stays infected", "super zombie")).with_steps(
        f"[11.0] 2d6 in the Generation Phase: {' or '.join(map(str, sorted(t.super_zombie_totals)))} makes a super zombie.",
        f"P = {' + '.join(str(ways(2)[x]) for x in sorted(t.super_zombie_totals))}/36 = {fmt_fraction(p)}",
        title="Super zombie check",
    )


def _cap(cap, case: str) -> int:
    if isinstance(cap, bool) or not isinstance(cap, int) or cap < 1:
        raise ProbError(case, f"cap must be a whole number >= 1, got {cap!r}")
    return cap


def turns_until_super_zombie(cap: int = 36, tables: Tables | None = None) -> Dist:
    """Generation Phase (1, 2, ...) in which an infected character becomes a super zombie [11.0],
    counting from the first phase he is rolled for (not the turn he was infected [4.0] E).
    Geometric with p = 1/18, cut at ``cap``: outcome ``"> cap"`` holds the exact tail (17/18)^cap."""
    p = super_zombie_chance(tables)
    cap = _cap(cap, "11.0")
    acc: dict = {i: (1 - p) ** (i - 1) * p for i in range(1, cap + 1)}
    acc[f"> {cap}"] = (1 - p) ** cap
    return Dist(acc).with_steps(
        f"[11.0] each Generation Phase: P(super zombie) = {fmt_fraction(p)}, independently.",
        f"P(first in phase i) = ({fmt_fraction(1 - p)})^(i−1) × {fmt_fraction(p)}; P(not within {cap}) = ({fmt_fraction(1 - p)})^{cap}.",
        f"Expected number of phases = 1/p = {fmt_fraction(1 / p)}.",
        title="Generation Phases until a super zombie",
    )


def super_zombie_within(phases: int, tables: Tables | None = None) -> Fraction:
    """P(an infected character has become a super zombie within this many Generation Phases) [11.0]."""
    phases = _cap(phases, "11.0")
    return 1 - (1 - super_zombie_chance(tables)) ** phases


# --------------------------------------------------------------------------- [10.5] glass doors


def _glass_ways(v: int, t: Tables) -> int:
    """How many of the 6**n rolls of the table's n dice (2d6) break a glass door against Zombie Value v
    [10.5] (the rule is :meth:`~dodnb.rules.tables.Tables.glass_door_breaks`)."""
    return sum(c for s, c in ways(t.glass_dice).items() if t.glass_door_breaks(s, v))


def glass_door_chance(value: int | Dist | None = None, counters: Counters | None = None, tables: Tables | None = None) -> Fraction:
    """P(a berserk unit breaks a closed glass door) = P(2d6 < Zombie Value) [10.5].
    ``value`` None = unknown unit [7.7]."""
    t = tables or default_tables()
    vd = as_value_dist(unseen_values(counters) if value is None else value)
    return sum((pv * Fraction(_glass_ways(v, t), 6 ** t.glass_dice) for v, pv in vd.items()), Fraction(0))


def glass_door(value: int | Dist | None = None, counters: Counters | None = None, tables: Tables | None = None) -> Dist:
    """Dist over 'broken' / 'holds' for one attempt [10.5]."""
    v = unseen_values(counters) if value is None else check_value(value)
    p = glass_door_chance(v, counters, tables)
    if isinstance(v, int):
        t = tables or default_tables()
        c = _glass_ways(v, t)
        steps = [f"[10.5] the door breaks if {t.glass_dice}d6 {'<=' if t.glass_breaks_on_equal else '<'} {v}: "
                 f"{c}/{6 ** t.glass_dice} = {fmt_fraction(p)}"]
    else:
        steps = ["[10.5] the door breaks if 2d6 < the unit's value; [7.7] averaged over the possible values."]
    return Dist({"broken": p, "holds": 1 - p}, order=("broken", "holds")).with_steps(*steps, title="Berserk zombie against a glass door")


# --------------------------------------------------------------------------- [7.0] free movement


def free_moves() -> Dist:
    """Number of zombie units the zombie player may move in the Free Movement Phase: 1d6 [7.0]."""
    return _dice(1).with_steps(
        "[7.0] the zombie player rolls one die and may move that many units one square each.",
        "Berserk units, super zombies and units stacked with them do not count [7.5], [10.3], [11.4].",
        title="Free zombie moves",
    )


# --------------------------------------------------------------------------- [15.8] hidden zombies


def hidden_zombie(tables: Tables | None = None) -> Dist:
    """Last digit of the square where a hidden zombie appears, or None (no hidden zombie) [15.8].
    Solitaire only: the first die picks the column, the second the row [15.2]."""
    t = tables or default_tables()
    acc: dict = {}
    for a in range(1, 7):
        for b in range(1, 7):
            r = t.hidden_zombie(a, b)
            acc[r] = acc.get(r, 0) + 1
    p_none = Fraction(acc.get(None, 0), 36)
    return Dist(acc).with_steps(
        "[15.2] first die: column (1-3 or 4-6); second die: row.",
        "Each digit 0-9 appears once in the table: P(digit) = 1/2 × 1/6 = 1/12.",
        f"A second die of 6 gives no hidden zombie: P(None) = {fmt_fraction(p_none)}.",
        title="Hidden Zombie Table",
    )


# --------------------------------------------------------------------------- [5.4] leaving a zombie square


def exit_cost(value: int | Dist | None = None, counters: Counters | None = None, tables: Tables | None = None) -> Dist:
    """Movement Points to leave a zombie-occupied square into the next square [5.4], [5.9]:
    Zombie Value + 1.  ``value`` None = a unit you have not seen yet [7.7]."""
    t = tables or default_tables()
    v = unseen_values(counters) if value is None else check_value(value)
    vd = as_value_dist(v)
    d = vd.map(t.exit_cost)
    return d.with_steps(
        "[5.4] leaving a zombie square costs the Zombie Value, plus 1 for the square entered [5.9].",
        *(["[7.7] the value is unknown until you enter: averaged over the unseen units."] if value is None or isinstance(value, Dist) else []),
        title="Movement Points to leave a zombie square",
    )


def can_leave_chance(movement_points: int, value: int | Dist | None = None, counters: Counters | None = None) -> Fraction:
    """P(Zombie Value + 1 <= the Movement Points you will have left) [5.1], [5.4]."""
    if isinstance(movement_points, bool) or not isinstance(movement_points, int) or movement_points < 0:
        raise ProbError("5.1", f"Movement Points must be a whole number >= 0, got {movement_points!r}")
    return exit_cost(value, counters).at_most(movement_points)
