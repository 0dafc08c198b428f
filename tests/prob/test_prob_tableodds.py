"""Odds of the table rolls [5.4], [7.0], [10.0], [10.5], [11.0], [13.2]-[13.5], [15.8] vs brute force."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

import dodnb.prob as P
from dodnb.prob import Dist, ProbError
from dodnb.rules.counters import default_counters
from dodnb.rules.tables import default_tables

from prob_brute import brute, brute_weighted

C = default_counters()
T = default_tables()
POOL = {v: F(k, 50) for v, k in C.value_counts().items()}


def test_entrance_table_odds_13_5():
    """[13.5] 2d6 on the Zombie Entrance Table, as a Dist over sets of main doors."""
    d = P.entrance()
    assert d == brute(2, lambda f: T.entrance(sum(f)))
    assert d.p(frozenset()) == F(12, 36)  # 4, 7, 10
    assert d.p(lambda s: "N" in s) == F(1 + 2 + 5, 36)  # 2, 3, 6
    assert "[13.5]" in d.explain()


@pytest.mark.parametrize(
    "closed, occupied, eliminated",
    [((), (), None), (("N",), ("E",), None), (("S", "W"), (), 1), ((), ("N", "E", "S"), None), ((), (), 0)],
)
def test_entrance_after_closed_doors_and_occupied_squares_13_2_13_3(closed, occupied, eliminated):
    """[13.2] results naming a closed door or an occupied entry square are ignored; [13.3] only
    eliminated units come back (ruling: with too few, doors in printed order)."""
    blocked = set(closed) | set(occupied)

    def outcome(f):
        named = [d for d in T.entrance_order(sum(f)) if d not in blocked]
        return frozenset(named if eliminated is None else named[:eliminated])

    d = P.entrance_given(closed, occupied, eliminated)
    assert d == brute(2, outcome)
    for door in "NESW":
        assert P.entrance_chance(door, closed, occupied) == brute(2, outcome if eliminated is None else lambda f: frozenset(x for x in T.entrance_order(sum(f)) if x not in blocked)).p(lambda s: door in s)
    assert P.entrance_count(closed, occupied, eliminated) == d.map(len)


def test_entrance_not_used_when_all_doors_blocked_13_2():
    """[13.2] all four main doors closed and/or occupied: the table is not used."""
    d = P.entrance_given(closed="NE", occupied=["South", "W"])
    assert d == Dist.certain(frozenset()) and "not used" in d.explain()
    with pytest.raises(ProbError, match=r"^\[13.2\]"):
        P.entrance_given(closed=["X"])
    with pytest.raises(ProbError, match=r"^\[13.3\]"):
        P.entrance_given(eliminated=-1)


def test_berserk_odds_10_0():
    """[10.0] 4 or less on 1d6: goes berserk / stays berserk, 2/3 each."""
    assert P.berserk_chance() == brute(1, lambda f: T.goes_berserk(f[0])).p(True) == F(2, 3)
    assert P.berserk_stays_chance() == brute(1, lambda f: T.stays_berserk(f[0])).p(True) == F(2, 3)


def test_berserk_duration_10_0():
    """[10.0] phases a berserk unit stays berserk, with the exact tail beyond the cap."""
    cap = 3

    def outcome(f):
        for j, face in enumerate(f):
            if not T.stays_berserk(face):
                return j
        return f"≥ {cap}"

    assert P.berserk_phases(cap) == brute(cap, outcome)
    assert P.berserk_phases(12).p("≥ 12") == F(2, 3) ** 12


def test_super_zombie_odds_11_0():
    """[11.0] 2 or 12 on 2d6 in each Generation Phase."""
    assert P.super_zombie_chance() == brute(2, lambda f: T.becomes_super_zombie(sum(f))).p(True) == F(1, 18)
    assert P.super_zombie_roll().p("super zombie") == F(1, 18)


def test_turns_until_super_zombie_is_geometric_with_exact_tail_11_0():
    """[11.0] first Generation Phase with 2 or 12, cut at a cap; brute force over 3 phases (6 dice)."""
    cap = 3

    def outcome(f):
        for i in range(cap):
            if T.becomes_super_zombie(f[2 * i] + f[2 * i + 1]):
                return i + 1
        return f"> {cap}"

    d = P.turns_until_super_zombie(cap)
    assert d == brute(2 * cap, outcome)
    assert d.p(f"> {cap}") == F(17, 18) ** cap
    assert P.super_zombie_within(3) == 1 - F(17, 18) ** 3
    assert "18" in P.turns_until_super_zombie().explain()
    with pytest.raises(ProbError, match=r"^\[11.0\]"):
        P.turns_until_super_zombie(0)


@pytest.mark.parametrize("value", [1, 2, 3, 7, 11, 13])
def test_glass_door_breaks_below_value_10_5(value):
    """[10.5] the door breaks if 2d6 is less than the Zombie Value."""
    expected = brute(2, lambda f: T.glass_door_breaks(sum(f), value)).p(True)
    assert P.glass_door_chance(value) == expected
    assert P.glass_door(value).p("broken") == expected


def test_glass_door_unknown_value_10_5_7_7():
    expected = brute_weighted(POOL, 2, lambda v, f: sum(f) < v).p(True)
    assert P.glass_door_chance() == expected == P.glass_door().p("broken")


def test_free_moves_is_one_die_7_0():
    """[7.0] the zombie player rolls one die for the number of free moves."""
    assert P.free_moves() == brute(1, lambda f: f[0])
    assert "[7.0]" in P.free_moves().explain()


def test_hidden_zombie_table_odds_15_8():
    """[15.8] first die picks the column, second the row: each digit 1/12, nothing 1/6."""
    d = P.hidden_zombie()
    assert d == brute(2, lambda f: T.hidden_zombie(f[0], f[1]))
    assert all(d.p(k) == F(1, 12) for k in range(10)) and d.p(None) == F(1, 6)


def test_exit_cost_and_leaving_5_4():
    """[5.4] leaving a zombie square costs its value + 1 [5.9]."""
    assert P.exit_cost(4) == Dist.certain(5)
    d = P.exit_cost()
    assert d == Dist({v + 1: p for v, p in POOL.items()})
    assert P.can_leave_chance(6) == sum(p for v, p in POOL.items() if v + 1 <= 6)
    assert P.can_leave_chance(6, 5) == 1 and P.can_leave_chance(5, 5) == 0
    with pytest.raises(ProbError, match=r"^\[5.1\]"):
        P.can_leave_chance(-1)
