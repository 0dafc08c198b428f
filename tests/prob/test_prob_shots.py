"""Shots and panic [6.0]-[6.9], [7.7], [10.6], [11.3], [11.5] against brute-force enumeration."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

import dodnb.prob as P
from dodnb.prob import Dist, FireOutcome, ProbError, SequenceOutcome, Shooter
from dodnb.rules.counters import default_counters
from dodnb.rules.tables import default_tables

from prob_brute import brute, brute_weighted, faces

C = default_counters()
T = default_tables()
SMALL_VALUES = {2: F(1, 4), 5: F(1, 2), 9: F(1, 4)}


@pytest.mark.parametrize("n", [1, 2, 3])
@pytest.mark.parametrize("m", [0, 1, 2, 4])
def test_shot_result_is_dice_minus_modifier_6_0(n, m):
    """[6.0] step 4: the shot result is the dice total minus the modifier."""
    assert P.shot(n, m) == brute(n, lambda f: sum(f) - m)


@pytest.mark.parametrize("n", [1, 2])
@pytest.mark.parametrize("level", range(0, 14))
def test_panic_chance_is_total_at_most_level_6_5(n, level):
    """[6.5] the character panics if the panic roll is less than or equal to the Panic Level."""
    expected = brute(n, lambda f: sum(f) <= level).p(True)
    assert P.panic_chance(level, n) == expected
    assert P.panic(level, n).p("panics") == expected


def test_panic_check_increases_6_5_10_6_11_5():
    """[6.5] same square +0; berserk elsewhere +0; berserk same square +1 [10.6]; super zombie
    elsewhere +1, same square +3 [11.5]; a normal zombie elsewhere needs no check."""
    assert P.panic_check("zombie", True) == 0
    assert P.panic_check("zombie", False) is None
    assert P.panic_check("berserk", False) == 0
    assert P.panic_check("berserk", True) == 1
    assert P.panic_check("super", False) == 1
    assert P.panic_check("super zombie", True) == 3
    with pytest.raises(ProbError, match=r"^\[6.5\]"):
        P.panic_check("vampire", True)


@pytest.mark.parametrize("n", [1, 2, 3])
@pytest.mark.parametrize("m", [0, 2, 3])
@pytest.mark.parametrize("v", [1, 4, 7, 12, 16])
def test_kill_chance_against_brute_force_6_0(n, m, v):
    """[6.0] step 5: the unit is destroyed if the shot result is at least its Zombie Value."""
    expected = brute(n, lambda f: sum(f) - m >= v).p(True)
    assert P.kill_chance(n, m, v) == expected
    assert P.kill(n, m, v).p("killed") == expected


def test_kill_chance_with_unknown_value_7_7():
    """[7.7] an unknown value: average over the possible values, here vs brute force."""
    vd = Dist(SMALL_VALUES)
    expected = brute_weighted(SMALL_VALUES, 2, lambda v, f: sum(f) - 1 >= v).p(True)
    assert P.kill_chance(2, 1, vd) == expected
    d = P.kill(2, 1, vd)
    assert d.p("killed") == expected and "[7.7]" in d.explain()
    # None = a unit drawn from all 50 counters
    pool = {v: F(k, 50) for v, k in C.value_counts().items()}
    assert P.kill_chance(1, 0, None) == brute_weighted(pool, 1, lambda v, f: f[0] >= v).p(True)


def test_unseen_values_from_counters_7_7():
    """[7.7] each unseen unit equally likely; exclusions remove one unit each; a game's pool can be given."""
    u = P.unseen_values()
    assert u == Dist(dict(C.value_counts()))
    assert u.p(2) == F(8, 50)
    ex = P.unseen_values(exclude=[11, 2])
    assert ex.p(11) == 0 and ex.p(2) == F(7, 48)
    assert P.unseen_values(pool=[3, 3, 8]) == Dist({3: 2, 8: 1})
    with pytest.raises(ProbError, match=r"^\[7.7\]"):
        P.unseen_values(exclude=[11, 11])
    with pytest.raises(ProbError, match=r"^\[7.7\]"):
        P.unseen_values(pool=[])
    mine = C.with_zombie_values([1, 1, 6])
    assert P.unseen_values(mine).p(6) == F(1, 3)
    assert P.kill_chance(1, 0, None, counters=mine) == F(2, 3) * 1 + F(1, 3) * F(1, 6)


def test_super_zombie_adds_two_11_3():
    """[11.3] a super zombie has value 2, added to a stacked unit's value."""
    assert P.with_super_zombie() == 2
    assert P.with_super_zombie(5) == 7
    assert P.with_super_zombie(Dist({1: 1, 3: 1})) == Dist({3: 1, 5: 1})
    assert P.kill_chance(2, 0, P.with_super_zombie(5)) == brute(2, lambda f: sum(f) >= 7).p(True)


# --------------------------------------------------------------------------- combined fire [6.8]


def brute_combined(group: list[Shooter], v: int, increase: int | None) -> Dist:
    """Every face of every panic roll and of a three-die shot; unused dice are ignored."""
    k = len(group)
    npanic = [s.panic_dice for s in group]

    def outcome(f):
        pos, panicked = 0, []
        for s, n in zip(group, npanic):
            roll = sum(f[pos : pos + n])
            pos += n
            if increase is not None and roll <= s.panic_level + increase:
                panicked.append(s)
        firing = [s for s in group if s not in panicked]
        if not firing:
            return FireOutcome(tuple(s.name for s in panicked), (), 0, False)
        n = min(3, sum(s.dice for s in firing))
        result = sum(f[pos : pos + n]) - sum(s.modifier for s in firing)
        return FireOutcome(tuple(s.name for s in panicked), tuple(s.name for s in firing), n, result >= v)

    return brute(sum(npanic) + 3, outcome)


@pytest.mark.parametrize(
    "names, v, kind, same",
    [
        (["Peter", "Steve"], 5, "zombie", True),
        (["Steve", "Fran"], 3, "berserk", True),
        (["Peter", "Roger"], 8, "super", False),
        (["Fran"], 2, "super", True),
        (["Roger", "Fran"], 6, "zombie", False),  # no panic check
    ],
)
def test_combined_fire_matches_brute_force_6_8(names, v, kind, same):
    """[6.8] each shooter checks panic separately; the rest pool their dice (three at most)."""
    group = [P.shooter(n) for n in names]
    expected = brute_combined(group, v, T.panic_increase(kind, same))
    assert P.combined_fire(names, v, kind, same) == expected


def test_combined_fire_modifiers_per_gun_and_rifle_6_8_12_0():
    """[6.8] two characters in 115 shooting into 113 lose 2 each (4 in all); [12.0] a rifle gives Fran 2d6."""
    group = [P.shooter("Steve", squares_away=2), P.shooter("Fran", squares_away=2, rifle=True)]
    assert [s.modifier for s in group] == [2, 2]
    d = P.combined_fire(group, 4, "berserk", False)
    assert d == brute_combined(group, 4, 0)
    both = d.given(lambda o: not o.panicked)
    assert both.p(lambda o: o.dice == 3) == 1
    assert P.combined_fire(group, 4, "berserk", False).p(lambda o: o.killed) == P.fire_kill_chance(group, 4, "berserk", False)


def test_three_dice_cap_6_8():
    """[6.8] Peter and Roger together roll three dice, not four."""
    d = P.combined_fire(["Peter", "Roger"], 9, "zombie", False)
    assert d.outcomes == (FireOutcome((), ("Peter", "Roger"), 3, False), FireOutcome((), ("Peter", "Roger"), 3, True))
    assert d.p(lambda o: o.killed) == P.kill_chance(3, 0, 9)


def test_combined_fire_with_unknown_value_7_7():
    """[7.7] one shot at a unit of unknown value: every outcome is the value-weighted mixture."""
    group = [P.shooter("Peter"), P.shooter("Fran")]
    expected = Dist.mixture([(p, brute_combined(group, v, 1)) for v, p in SMALL_VALUES.items()])
    assert P.combined_fire(group, Dist(SMALL_VALUES), "berserk", True) == expected


def test_separate_fire_matches_brute_force_6_8():
    """[6.8] shooting separately: one after another (each after his own panic check) until the unit dies."""
    group = [P.shooter("Steve"), P.shooter("Peter")]
    v, inc = 4, T.panic_increase("zombie", True)

    def outcome(f):
        # per shooter: panic dice then shot dice (1+1, then 2+2 faces)
        pos, panicked, fired, rolled = 0, [], [], 0
        for s in group:
            p = sum(f[pos : pos + s.panic_dice])
            pos += s.panic_dice
            shot = sum(f[pos : pos + s.dice])
            pos += s.dice
            if p <= s.panic_level + inc:
                panicked.append(s.name)
                continue
            fired.append(s.name)
            rolled += s.dice
            if shot - s.modifier >= v:
                return FireOutcome(tuple(panicked), tuple(fired), rolled, True)
        return FireOutcome(tuple(panicked), tuple(fired), rolled, False)

    assert P.combined_fire(group, v, "zombie", True, together=False) == brute(6, outcome)


def test_combined_fire_explain_names_cases_6_8():
    text = P.combined_fire(["Peter", "Steve"], 5).explain()
    assert "[6.5]" in text and "[6.8]" in text and "= 1697/1944 (87.3%)" in text
    assert "11/18 × 53/54 + 11/36 × 5/6 + 1/18 × 1/3" in text
    # a modifier needs a unit in another square [6.7]; a berserk unit there still calls for a panic check at +0 [6.5]
    single = P.combined_fire([P.shooter("Steve", modifier=1)], 3, "berserk", same_square=False).explain()
    assert "P(unit destroyed) = P(Steve keeps his nerve) × P(1d6 − 1 ≥ 3) = 2/3 × 1/2 = 1/3" in single


# --------------------------------------------------------------------------- [6.7] no modifier in the same square


@pytest.mark.parametrize("kind", ["zombie", "berserk", "super"])
def test_same_square_shot_refuses_a_modifier_6_7(kind):
    """[6.7] the Shot Modifier Chart gives 0 for a zombie unit in the same square: a Shooter
    carrying a modifier there is refused, naming the Case, the character and his modifier."""
    group = [P.shooter("Peter"), P.shooter("Steve", modifier=2)]
    with pytest.raises(ProbError, match=r"^\[6\.7\]") as err:
        P.combined_fire(group, 4, kind, same_square=True)
    assert isinstance(err.value, ValueError)
    assert "Steve (modifier 2)" in str(err.value) and "Peter" not in str(err.value)
    assert "same_square=False" in str(err.value)
    with pytest.raises(ProbError, match=r"^\[6\.7\]"):
        P.combined_fire(group, 4, kind, same_square=True, together=False)
    with pytest.raises(ProbError, match=r"^\[6\.7\].*Peter \(modifier 1\), Roger \(modifier 1\) carry"):
        P.combined_fire(["Peter", "Roger"], 4, kind, modifier=1)  # default same_square=True
    with pytest.raises(ProbError, match=r"^\[6\.7\]"):
        P.fire_kill_chance([P.shooter("Fran", squares_away=1)], 3, kind, True)
    with pytest.raises(ProbError, match=r"^\[6\.7\]"):
        P.shooting_sequence(P.shooter("Roger", modifier=3), 5, kind, True)


def test_modifier_allowed_in_another_square_and_zero_in_the_same_6_7():
    """[6.7] the same Shooters are fine for a shot from another square; modifier 0 is fine anywhere."""
    far = [P.shooter("Peter", squares_away=1), P.shooter("Steve", squares_away=1)]
    d = P.combined_fire(far, 4, "berserk", same_square=False)
    assert d == brute_combined(far, 4, T.panic_increase("berserk", False))
    near = [P.shooter("Peter"), P.shooter("Steve")]
    assert P.combined_fire(near, 4, "berserk", same_square=True) == brute_combined(near, 4, T.panic_increase("berserk", True))


def test_reaction_fire_and_monte_carlo_refuse_a_modifier_too_6_7_6_9():
    """[6.9] reaction fire is at the attacker in the shooters' own square, so [6.7] applies; the
    Monte Carlo counterparts refuse the same questions as the exact engine."""
    from dodnb.prob import montecarlo as MC

    with pytest.raises(ProbError, match=r"^\[6\.7\].*Fran \(modifier 2\)"):
        P.square_attack(["Peter", "Fran"], 5, shooters=[P.shooter("Fran", modifier=2)])
    with pytest.raises(ProbError, match=r"^\[6\.7\]"):
        MC.monte_carlo(MC.sim_combined_fire, [P.shooter("Steve", modifier=1)], 3, "zombie", True, n=10, seed=0, progress=False)
    with pytest.raises(ProbError, match=r"^\[6\.7\]"):
        MC.monte_carlo(MC.sim_shooting_sequence, P.shooter("Steve", modifier=1), 3, "zombie", True, n=10, seed=0, progress=False)
    with pytest.raises(ProbError, match=r"^\[6\.7\]"):
        MC.monte_carlo(MC.sim_square_attack, ["Peter"], 5, shooters=[P.shooter("Peter", modifier=1)], n=10, seed=0, progress=False)


# --------------------------------------------------------------------------- sequences [6.1]


def brute_sequence(s: Shooter, f: int, values: dict, increase):
    np = 0 if increase is None else s.panic_dice  # no panic dice when no check is made
    per = np + s.dice

    def outcome(v, fs):
        for i in range(f):
            block = fs[i * per : (i + 1) * per]
            if increase is not None and sum(block[:np]) <= s.panic_level + increase:
                return SequenceOutcome(i, False, True)
            if sum(block[np:]) - s.modifier >= v:
                return SequenceOutcome(i + 1, True, False)
        return SequenceOutcome(f, False, False)

    return brute_weighted(values, per * f, outcome)


@pytest.mark.parametrize(
    "modifier, same, increase",
    [(0, True, 1), (1, False, 0)],  # same square: +1 panic [10.6], no modifier [6.7]; elsewhere: +0, modifier allowed
)
def test_shooting_sequence_with_panic_matches_brute_force_6_1(modifier, same, increase):
    """[6.1] shoot until destroyed, panicked or Fire Rate used; the value is the same unit's every shot."""
    fran = P.shooter("Fran", modifier=modifier)
    d = P.shooting_sequence(fran, Dist(SMALL_VALUES), "berserk", same)  # Fran's Fire Rate 2
    assert d == brute_sequence(fran, 2, SMALL_VALUES, increase)


def test_shooting_sequence_without_panic_matches_brute_force_6_1():
    """[6.1] Peter (Fire Rate 3) at a normal zombie in another square: no panic checks."""
    peter = P.shooter("Peter", squares_away=3)
    d = P.shooting_sequence(peter, 8, "zombie", False)
    assert d == brute_sequence(peter, 3, {8: F(1)}, None)
    assert d.p(lambda o: o.panicked) == 0


def test_shooting_sequence_uses_counter_fire_rate_6_1():
    assert P.shooting_sequence("Steve", 3).p(lambda o: o.shots == 2) > 0
    assert P.shooting_sequence("Steve", 3).p(lambda o: o.shots > 2) == 0
    assert P.shooting_sequence("Steve", 3, fire_rate=4).p(lambda o: o.shots == 4) > 0
    with pytest.raises(ProbError, match=r"^\[6.1\]"):
        P.shooting_sequence(Shooter("X", 1, 2, 1), 3)


# --------------------------------------------------------------------------- shooters and errors


def test_shooter_from_counters_6_6_12_0():
    """[6.6] Peter 2d6; [12.0] Fran with rifle 2d6 (panic too, ruling); [8.4] infected side numbers."""
    assert P.shooter("peter") == Shooter("Peter", 2, 3, 2, 0, 3)
    assert P.shooter("Fran", rifle=True).dice == 2 and P.shooter("Fran", rifle=True).panic_dice == 2
    assert P.shooter("Roger", status="infected").panic_level == C["Roger"].infected.panic_level
    assert P.shooter("Steve", open_door=True, squares_away=1).modifier == 3
    mine = C.with_character("Peter", normal=(1, 7, 6))
    assert P.shooter("Peter", counters=mine).panic_level == 7


@pytest.mark.parametrize(
    "call, case",
    [
        (lambda: P.shot(0), "6.6"),
        (lambda: P.shot(4), "6.8"),
        (lambda: P.shot(2, -1), "6.7"),
        (lambda: P.shot(2.0), "6.6"),
        (lambda: P.kill_chance(2, 0, 0), "2.3"),
        (lambda: P.kill_chance(2, 0, -3), "2.3"),
        (lambda: P.kill_chance(2, 0, Dist({0: 1})), "2.3"),
        (lambda: P.kill_chance(4, 0, 3), "6.8"),
        (lambda: P.panic_chance(-1, 1), "6.5"),
        (lambda: P.panic_chance(3, 0), "6.5"),
        (lambda: P.shooter("Bob"), "2.3"),
        (lambda: P.shooter("Peter", rifle=True), "12.1"),
        (lambda: P.shooter("Peter", status="stunned"), "8.3"),
        (lambda: P.shooter("Peter", squares_away=-2), "6.7"),
        (lambda: P.combined_fire(["Peter", "Peter"], 3), "6.8"),
        (lambda: P.combined_fire([], 3), "6.8"),
        (lambda: P.combined_fire(["Peter"], 3, "zombie", "yes"), "6.5"),
        (lambda: Shooter("X", 4, 2, 1), "6.8"),
        (lambda: P.with_super_zombie(3, super_zombies=0), "11.3"),
    ],
)
def test_bad_input_errors_name_the_case(call, case):
    """Bad input raises a ValueError whose message starts with the Case that forbids it."""
    with pytest.raises(ValueError) as err:
        call()
    assert str(err.value).startswith(f"[{case}]"), str(err.value)
