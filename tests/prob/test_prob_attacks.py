"""Zombie attacks [8.0]-[8.8], reaction fire [6.9]/[8.1], solitaire [15.6], against brute force."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

import dodnb.prob as P
from dodnb.prob import Dist, ProbError, SquareOutcome
from dodnb.rules.counters import default_counters
from dodnb.rules.tables import default_tables

from prob_brute import brute, brute_weighted

C = default_counters()
T = default_tables()


def hit(status: str, result: str) -> str:
    """[8.5] written out again for the brute force."""
    if result == "none":
        return status
    return result if status == "normal" else "killed"


@pytest.mark.parametrize("strength", range(0, 16))
def test_attack_result_matches_table_over_all_faces_8_8(strength):
    """[8.8] 2d6 on the strength's column; strength 0 has no effect (ruling), >13 uses 9-13 (ruling)."""
    expected = brute(2, lambda f: T.attack_result(sum(f), strength))
    assert P.attack_result(strength) == expected
    assert P.attack_result(strength).outcomes == tuple(r for r in ("none", "stunned", "infected") if expected.p(r))


def test_attack_result_known_columns_8_8():
    """[8.8] column 1: stunned on 3, 4 (5/36), infected on 2 (1/36)."""
    d = P.attack_result(1)
    assert (d.p("stunned"), d.p("infected"), d.p("none")) == (F(5, 36), F(1, 36), F(30, 36))
    assert "column 1" in d.explain()
    zero = P.attack_result(0)
    assert zero == Dist.certain("none") and "Ruling" in zero.explain()


@pytest.mark.parametrize("strength", [0, 1, 4, 9, 13])
@pytest.mark.parametrize("status", ["normal", "stunned", "infected"])
def test_attack_on_status_8_5(strength, status):
    """[8.5] a stunned or infected character hit again (stun or infect) is killed."""
    expected = brute(2, lambda f: "none" if T.attack_result(sum(f), strength) == "none" else hit(status, T.attack_result(sum(f), strength)) if status == "normal" else "killed")
    assert P.attack_on(strength, status) == expected
    base = P.attack_result(strength)
    if status == "normal":
        assert P.attack_on(strength, status) == base
    else:
        assert P.attack_on(strength, status).p("killed") == 1 - base.p("none")


def test_new_status_8_3_8_4_8_5():
    assert P.new_status("normal", "stunned") == "stunned"
    assert P.new_status("normal", "infected") == "infected"
    assert P.new_status("stunned", "none") == "stunned"
    assert P.new_status("stunned", "infected") == "killed"
    assert P.new_status("infected", "stunned") == "killed"
    with pytest.raises(ProbError, match=r"^\[8.2\]"):
        P.new_status("normal", "bitten")


def test_attack_strength_rounds_down_8_0():
    """[8.0] step 4: value divided by the number attacked, fractions rounded down."""
    assert P.attack_strength(7, 2) == 3 and P.attack_strength(1, 2) == 0
    assert P.attack_strength(Dist({3: 1, 8: 1}), 3) == Dist({1: 1, 2: 1})
    with pytest.raises(ProbError, match=r"^\[8.0\]"):
        P.attack_strength(5, 0)


# --------------------------------------------------------------------------- whole square, brute force


def brute_square(chars, values, k, targets, shooters, increase):
    """chars: [(name, status)]; shooters: [Shooter]; every die of panic, the pooled shot, each attack."""
    npanic = sum(s.panic_dice for s in shooters) if shooters else 0
    nshot = min(3, sum(s.dice for s in shooters))  # the most dice a pooled shot can use
    natt = 2 * len(targets)

    def outcome(v, f):
        pos, panicked = 0, []
        for s in shooters:
            if sum(f[pos : pos + s.panic_dice]) <= s.panic_level + increase:
                panicked.append(s.name)
            pos += s.panic_dice
        firing = [s for s in shooters if s.name not in panicked]
        shot = f[pos : pos + nshot]
        pos += nshot
        if firing:
            n = min(3, sum(s.dice for s in firing))
            if sum(shot[:n]) >= v:
                return SquareOutcome(True, tuple(panicked), tuple(chars))
        out, i = [], 0
        for name, st in chars:
            if name in targets:
                st = hit(st, T.attack_result(f[pos + 2 * i] + f[pos + 2 * i + 1], v // k))
                i += 1
            out.append((name, st))
        return SquareOutcome(False, tuple(panicked), tuple(out))

    return brute_weighted(values, npanic + nshot + natt, outcome)


def test_square_attack_single_character_8_0():
    """[8.0] steps 1-5 for Fran alone against a value-4 unit; she shoots first [6.9]."""
    d = P.square_attack(["Fran"], 4)
    assert d == brute_square([("Fran", "normal")], {4: F(1)}, 1, ("Fran",), [P.shooter("Fran")], 0)
    assert "[6.9]" in d.explain() and "[8.8]" in d.explain()


def test_square_attack_stunned_cannot_shoot_and_dies_8_3_8_5():
    """[8.3] stunned Peter does not shoot; [8.5] he is killed by any stun/infect; k=2, strength 5//2."""
    chars = [("Peter", "stunned"), ("Fran", "normal")]
    d = P.square_attack(dict(chars), 5, 2)
    assert d == brute_square(chars, {5: F(1)}, 2, ("Peter", "Fran"), [P.shooter("Fran")], 0)
    assert P.status_of(d, "Peter").p("killed") > 0
    assert P.status_of(d, "Peter").p("infected") == 0


def test_square_attack_super_zombie_stack_unknown_value_11_3_11_5():
    """[11.3] super zombie + unit of unknown value attack with the sum; [11.5] panic at +3."""
    unit = {1: F(1, 2), 3: F(1, 2)}
    d = P.square_attack(["Steve"], Dist(unit), super_zombies=1)
    total = {v + 2: p for v, p in unit.items()}
    assert d == brute_square([("Steve", "normal")], total, 1, ("Steve",), [P.shooter("Steve")], 3)


def test_square_attack_berserk_and_rifle_10_6_12_0():
    """[10.6] +1 to panic against a berserk unit in the square; [12.0] Fran's rifle: 2 shot and panic dice."""
    d = P.square_attack(["Fran"], 6, berserk=True, rifles=["Fran"])
    fran = P.shooter("Fran", rifle=True)
    assert d == brute_square([("Fran", "normal")], {6: F(1)}, 1, ("Fran",), [fran], 1)


def test_square_attack_without_reaction_fire_three_characters_8_6():
    """[8.6] each attacked character's result is separate: three independent 2d6 rolls."""
    chars = [("Peter", "normal"), ("Roger", "infected"), ("Fran", "normal")]
    d = P.square_attack(dict(chars), 7, 3, reaction_fire=False)
    assert d == brute_square(chars, {7: F(1)}, 3, ("Peter", "Roger", "Fran"), [], 0)
    # independence [8.6]: the joint law is the product of the marginals
    for o, p in d.items():
        prod = F(1)
        for name, st in o.statuses:
            prod *= P.status_of(d, name).p(st)
        assert p == prod


def test_targets_policy_and_choice_8_0():
    """[8.0] step 3: the human player names who is attacked; default: normal-status characters first."""
    assert P.choose_targets([("Peter", "stunned"), ("Fran", "normal")], 1) == ("Fran",)
    assert P.choose_targets([("Peter", "normal"), ("Fran", "normal")], 1) == ("Peter",)
    d = P.square_attack({"Peter": "stunned", "Fran": "normal"}, 4, 1, targets=["Peter"], reaction_fire=False)
    assert P.status_of(d, "Fran") == Dist.certain("normal")
    assert P.status_of(d, "Peter").p("killed") == 1 - P.attack_result(4).p("none")


def test_strength_zero_has_no_effect_ruling_8_0():
    """[8.0] step 4 ruling: a value-1 unit attacking two characters has strength 0: no effect."""
    d = P.square_attack(["Peter", "Fran"], 1, 2, reaction_fire=False)
    assert d == Dist.certain(SquareOutcome(False, (), (("Peter", "normal"), ("Fran", "normal"))))


def test_attack_by_k_side_by_side_8_0():
    """[8.0] step 2: every possible number of attacked characters, side by side."""
    byk = P.attack_by_k(["Peter", "Steve", "Fran"], 6)
    assert sorted(byk) == [1, 2, 3]
    for k, d in byk.items():
        assert d == P.square_attack(["Peter", "Steve", "Fran"], 6, k)
    rows = byk.rows()
    assert len(rows) == 9 and all(sum(r[2:6]) == 1 for r in rows)
    assert "<table" in byk._repr_html_() and "zombie destroyed" in str(byk)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6])
def test_solitaire_die_chooses_k_uniformly_15_6(n):
    """[15.6] one die; faces shared equally among 1..n (ruling: unshared faces are rolled again)."""
    per = 6 // n
    # brute force: roll until a shared face appears = the die conditioned on face <= per*n
    faces = brute(1, lambda f: (f[0] - 1) // per + 1 if f[0] <= per * n else None).given(lambda k: k is not None)
    assert P.solitaire_k(n) == faces == Dist.uniform(range(1, n + 1))


def test_solitaire_attack_is_mixture_over_k_15_6():
    """[15.6] two characters: 1-3 one attacked, 4-6 both."""
    chars = {"Peter": "normal", "Steve": "stunned"}
    d = P.solitaire_attack(chars, 6)
    expected = Dist.mixture([(3, P.square_attack(chars, 6, 1)), (3, P.square_attack(chars, 6, 2))])
    assert d == expected
    assert "faces 1-3" in d.explain()


@pytest.mark.parametrize(
    "call, case",
    [
        (lambda: P.attack_result(-1), "8.0"),
        (lambda: P.attack_result(2.5), "8.0"),
        (lambda: P.attack_on(3, "killed"), "8.5"),
        (lambda: P.attack_on(3, "zombie"), "2.3"),
        (lambda: P.square_attack(["Peter"], 4, 2), "8.0"),
        (lambda: P.square_attack(["Peter", "Fran"], 4, 0), "8.0"),
        (lambda: P.square_attack(["Peter", "Fran"], 4, 1, targets=["Peter", "Fran"]), "8.0"),
        (lambda: P.square_attack(["Peter", "Fran"], 4, 1, targets=["Roger"]), "8.0"),
        (lambda: P.square_attack(["Peter", "Peter"], 4), "8.0"),
        (lambda: P.square_attack([], 4), "8.0"),
        (lambda: P.square_attack(["Bob"], 4), "2.3"),
        (lambda: P.square_attack({"Peter": "stunned"}, 4, shooters=["Peter"]), "8.3"),
        (lambda: P.square_attack(["Peter"], 4, shooters=["Fran"]), "8.1"),
        (lambda: P.square_attack(["Peter"], 0), "2.3"),
        (lambda: P.square_attack(["Peter"], 3, super_zombies=-1), "11.3"),
        (lambda: P.solitaire_k(0), "15.6"),
        (lambda: P.attack_result(3, dice_table="mine"), "8.8"),
    ],
)
def test_bad_attack_input_names_the_case(call, case):
    with pytest.raises(ValueError) as err:
        call()
    assert str(err.value).startswith(f"[{case}]"), str(err.value)
