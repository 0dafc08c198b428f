"""All Things Zombie: every calculator against brute-force enumeration of the dice faces.

Section numbers are those of the ATZ French rulebook (/work/shared/seeds/002_*.txt).  The
reaction rows and the Ranged Combat Table are transcribed again here, independently of the
package, so that a slip in one transcription shows up as a mismatch.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from dodnb.prob import Dist
from dodnb.prob.othergames import atz

FACES = range(1, 7)


def enumerate_dist(n_dice: int, f) -> Dist:
    """Dist of f(roll) over all 6**n ordered rolls (the brute-force reference)."""
    return Dist(Counter(f(roll) for roll in itertools.product(FACES, repeat=n_dice)))


def succ(roll, rep):
    return sum(1 for x in roll if x <= rep)


# --------------------------------------------------------------------------- 5.3 Reputation test


@pytest.mark.parametrize("rep", range(1, 7))
def test_reputation_test_atz_5_3_two_dice_each_at_most_rep(rep):
    """ATZ 5.3: 2d6, each die <= Rep is a success."""
    assert atz.rep_test(rep) == enumerate_dist(2, lambda r: succ(r, rep))


@pytest.mark.parametrize("n,rep", [(1, 4), (3, 3), (4, 5), (5, 2)])
def test_successes_atz_5_3_any_number_of_dice(n, rep):
    """ATZ 5.3 / 8.3: the same count for a melee pool of n dice."""
    assert atz.successes(n, rep) == enumerate_dist(n, lambda r: succ(r, rep))


def test_rulebook_example_atz_5_3_tonya_rolls_4_and_5():
    """ATZ 5.3 example: Tonya (Rep 4) rolls 4 and 5 -> one success."""
    assert succ((4, 5), 4) == 1
    assert atz.rep_test(4).p(1) == Fraction(4, 9)


# --------------------------------------------------------------------------- 9.x reaction tests
# Independent transcription of the tables of 9.1-9.4 / 17.0.


def charged_row(k, terrain, chargers, can_fire):
    cover = terrain != "clear"
    if k == 2:
        return "fire, then melee" if can_fire else "melee without firing"
    if k == 1:
        if cover:
            return "fire, then melee" if can_fire else "melee without firing"
        return "flee" if chargers >= 3 else "melee without firing"
    return "melee without firing" if cover else "flee"


@pytest.mark.parametrize("rep", range(1, 7))
@pytest.mark.parametrize("terrain", ["clear", "rough", "building"])
@pytest.mark.parametrize("chargers", [1, 2, 3, 5])
@pytest.mark.parametrize("can_fire", [True, False])
def test_being_charged_atz_9_1(rep, terrain, chargers, can_fire):
    """ATZ 9.1 Being Charged test: rows by successes, terrain and number of chargers."""
    got = atz.being_charged(rep, terrain=terrain, chargers=chargers, can_fire=can_fire)
    want = enumerate_dist(2, lambda r: charged_row(succ(r, rep), terrain, chargers, can_fire))
    assert got == want


def test_rulebook_example_atz_9_1_beck_charged_by_three():
    """ATZ 9.1 example: Beck (Rep 4) charged by 3 zombies rolls 3 and 2: fire, then melee."""
    assert charged_row(succ((3, 2), 4), "clear", 3, True) == "fire, then melee"
    assert atz.being_charged(4, chargers=3).p("fire, then melee") == Fraction(4, 9)


def fire_row(k, terrain, charging, can_return):
    cover = terrain != "clear"
    if charging:
        return "duck back" if k == 0 else "carry on charging"
    if k == 2:
        return "finish move, then return fire" if can_return else "may duck back"
    if k == 1:
        if cover:
            return "return fire" if can_return else "hold (cannot return fire)"
        return "may duck back"
    return "duck back" if cover else "flee"


@pytest.mark.parametrize("rep", range(1, 7))
@pytest.mark.parametrize("terrain", ["clear", "rough", "building"])
@pytest.mark.parametrize("charging", [True, False])
@pytest.mark.parametrize("can_return", [True, False])
def test_received_fire_atz_9_2(rep, terrain, charging, can_return):
    """ATZ 9.2 Received Fire test."""
    got = atz.received_fire(rep, terrain=terrain, charging=charging, can_return_fire=can_return)
    want = enumerate_dist(2, lambda r: fire_row(succ(r, rep), terrain, charging, can_return))
    assert got == want


def test_rulebook_example_atz_9_2_too_tall_ducks_back():
    """ATZ 9.2 example: Too Tall (Rep 4), clear terrain, rolls 5 and 3: 1 success, ducks back."""
    assert fire_row(succ((5, 3), 4), "clear", False, True) == "may duck back"


def charge_row(k, has_ranged):
    if k == 2:
        return "charge"
    if k == 1:
        return "fire instead of charging" if has_ranged else "charge"
    return "stay put"


@pytest.mark.parametrize("rep", range(1, 7))
@pytest.mark.parametrize("has_ranged", [True, False])
def test_wanting_to_charge_atz_9_4(rep, has_ranged):
    """ATZ 9.4 Wanting to Charge test."""
    got = atz.wanting_to_charge(rep, has_ranged=has_ranged)
    assert got == enumerate_dist(2, lambda r: charge_row(succ(r, rep), has_ranged))


@pytest.mark.parametrize("rep", range(1, 7))
@pytest.mark.parametrize("opp", [None, 3, 4, 5])
def test_in_sight_with_ranged_weapon_atz_9_3(rep, opp):
    """ATZ 9.3 In Sight: 2 -> fire; 1 -> roll-off 1d6+Rep each (rushed); 0 -> stay put."""

    def row(roll):
        t1, t2, mine, theirs = roll
        k = succ((t1, t2), rep)
        if k == 2:
            return "fire"
        if k == 0:
            return "stay put"
        if opp is None:
            return "roll-off to fire first (rushed shots)"
        a, b = mine + rep, theirs + opp
        return ("fires first (rushed shot)" if a > b else
                "both fire at once (rushed shots)" if a == b else "fires second (rushed shot)")

    assert atz.in_sight(rep, opponent_rep=opp) == enumerate_dist(4, row)


@pytest.mark.parametrize("rep", range(1, 7))
def test_in_sight_without_ranged_weapon_chains_into_charge_test_atz_9_3_9_4(rep):
    """ATZ 9.3 -> 9.4: two successes and no ranged weapon means a Wanting to Charge test."""

    def row(roll):
        k = succ(roll[:2], rep)
        if k == 2:
            return charge_row(succ(roll[2:], rep), False)
        return "duck back" if k == 1 else "stay put"

    assert atz.in_sight(rep, has_ranged=False) == enumerate_dist(4, row)


def test_stars_choose_their_row_atz_3_1_1_and_9_0():
    """ATZ 3.1.1 / 9.0: stars pick their reaction for Charged, Received Fire, Wanting to Charge."""
    assert atz.being_charged(5, star=True) == Dist.certain("fire, then melee")
    assert atz.being_charged(5, star=True, star_choice=0) == Dist.certain("flee")
    assert atz.received_fire(5, star=True, star_choice=1, terrain="building") == Dist.certain("return fire")
    assert atz.wanting_to_charge(5, star=True, star_choice=0) == Dist.certain("stay put")


def test_stars_do_not_escape_in_sight_atz_9_3():
    """ATZ 9.3: 'Les Stars n'y échappent pas !' -- a star rolls like anyone else."""
    assert atz.in_sight(5, star=True) == atz.in_sight(5)


# --------------------------------------------------------------------------- 8.1 ranged fire


def rct_hit(total, target, cover=False, rushed=False, far=False, armour=False):
    """Independent transcription of the Ranged Combat Table (ATZ 18.0)."""
    if total >= 10:
        return True
    if total == 9:
        return not cover and target < 3
    if total == 8:
        return not (cover or rushed or far or armour) and target == 1
    return False


def brute_fire(rep, rolled, keep, targets, panic=False, **cond):
    def f(roll):
        kept = sorted(roll, reverse=True)[:keep]
        hits = sum(rct_hit(kept[i] + rep, i + 1, **cond) for i in range(min(targets, keep)))
        return atz.FireResult(hits, panic or roll.count(1) >= 2)

    return enumerate_dist(rolled, f)


@pytest.mark.parametrize("rep", [3, 4, 5, 6])
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_ranged_fire_each_target_atz_8_1_and_18_0(rep, n):
    """ATZ 8.1 / 18.0: highest die to the first target; 8 misses the 2nd/3rd, 9 the 3rd."""
    assert atz.ranged_fire_and_ammo(rep, n) == brute_fire(rep, n, n, n)


@pytest.mark.parametrize(
    "cond",
    [dict(cover=True), dict(rushed=True), dict(far=True), dict(armour=True), dict(cover=True, rushed=True)],
)
@pytest.mark.parametrize("targets", [1, 2, 3])
def test_ranged_fire_conditions_atz_18_0(cond, targets):
    """ATZ 18.0: cover, rushed shot (9.3), far survivor, body armour."""
    kw = dict(cover=cond.get("cover", False), rushed=cond.get("rushed", False),
              far_survivor=cond.get("far", False), armour=cond.get("armour", False))
    got = atz.ranged_fire_and_ammo(4, 3, targets=targets, **kw)
    assert got == brute_fire(4, 3, 3, targets, **cond)


def test_panic_fire_adds_a_die_and_empties_the_weapon_atz_8_1_8():
    """ATZ 8.1.8: one extra die, weapon out of ammunition afterwards."""
    got = atz.ranged_fire_and_ammo(4, 2, panic=True)
    assert got == brute_fire(4, 3, 3, 3, panic=True)
    assert got.p(lambda r: r.out_of_ammo) == 1


def test_ranged_fire_hits_is_the_marginal_atz_8_1():
    """ATZ 8.1: ranged_fire is the hit count of the joint (hits, out of ammo) Dist."""
    joint = atz.ranged_fire_and_ammo(5, 4, targets=3)
    assert atz.ranged_fire(5, 4, targets=3) == joint.map(lambda r: r.hits)


@pytest.mark.parametrize("rep,cover,targets", [(5, False, 3), (4, True, 2)])
def test_shotgun_best_three_of_six_atz_8_1_5(rep, cover, targets):
    """ATZ 8.1.5: six dice, keep the best three; all six count for running dry (8.1.7)."""
    assert atz.shotgun_blast(rep, cover=cover, targets=targets) == brute_fire(rep, 6, 3, targets, cover=cover)


def test_fire_die_atz_18_0_single_die():
    """ATZ 18.0: Rep 4, first target in the open: 4, 5, 6 hit (totals 8, 9, 10)."""
    assert atz.fire_die(4).p("hit") == Fraction(1, 2)
    assert atz.fire_die(4, target=2).p("hit") == Fraction(1, 3)
    assert atz.fire_die(4, target=3).p("hit") == Fraction(1, 6)
    assert atz.fire_die(4, cover=True).p("hit") == Fraction(1, 6)
    for rep in range(1, 7):
        for t in (1, 2, 3, 4):
            want = Fraction(sum(rct_hit(f + rep, t) for f in FACES), 6)
            assert atz.fire_die(rep, target=t).p("hit") == want


def test_rulebook_example_atz_8_1_nick_smg_three_targets():
    """ATZ 8.1 example: Nick (Rep 5), SMG 4 dice at 3 targets, rolls 4,3,6,5: 11 and 10 hit, 9 and 8 miss."""
    assert atz.resolve_fire(5, [4, 3, 6, 5], targets=3) == atz.FireResult(2, False)


def test_rulebook_examples_atz_15_0_shotgun_and_out_of_ammo():
    """ATZ 15.0 example of play: Nick's two shotgun blasts and Jimmy running dry (8.1.5, 8.1.7)."""
    assert atz.resolve_fire(5, [2, 3, 5, 5, 6, 6], shotgun=True) == atz.FireResult(3, False)
    # zombies inside a building: the kept 4 (total 9) misses because of cover
    assert atz.resolve_fire(5, [1, 3, 3, 4, 5, 5], shotgun=True, cover=True) == atz.FireResult(2, False)
    assert atz.resolve_fire(4, [1, 1, 4, 5]).out_of_ammo is True


@pytest.mark.parametrize("n", range(1, 8))
def test_out_of_ammo_two_ones_atz_8_1_7(n):
    """ATZ 8.1.7: two or more 1s among the dice rolled."""
    want = enumerate_dist(n, lambda r: "out of ammo" if r.count(1) >= 2 else "still loaded")
    assert atz.out_of_ammo(n) == want


@pytest.mark.parametrize("targets,cover", [(1, False), (3, False), (4, True)])
def test_grenade_each_target_is_a_first_target_atz_8_1_6(targets, cover):
    """ATZ 8.1.6: one die per figure, each read as the first target."""
    want = enumerate_dist(targets, lambda r: sum(rct_hit(x + 4, 1, cover=cover) for x in r))
    assert atz.grenade(4, targets, cover=cover) == want


def test_rulebook_example_atz_8_1_6_jimmy_grenade():
    """ATZ 8.1.6 example: Jimmy (Rep 4) rolls 3, 4, 4 against three zombies: two killed."""
    assert sum(rct_hit(x + 4, 1) for x in (3, 4, 4)) == 2


# --------------------------------------------------------------------------- 8.3 melee


def melee_brute(rep, zombies, dice):
    def f(roll):
        s = succ(roll[:dice], rep)
        z = succ(roll[dice:], 4)
        if s > z:
            return "one zombie killed"
        if s == z:
            return "no result (tie)"
        if zombies >= 4 and z >= 3 * s:
            return "survivor takes 2 wounds"
        return "survivor takes 1 wound"

    return enumerate_dist(dice + zombies, f)


@pytest.mark.parametrize("rep,zombies,dice", [(4, 1, 2), (5, 2, 2), (3, 3, 3), (4, 4, 2), (5, 5, 2), (4, 6, 1)])
def test_melee_against_one_die_per_zombie_atz_8_3(rep, zombies, dice):
    """ATZ 8.3 / 18.0 Melee Table, including 4+ zombies scoring 3x -> 2 wounds."""
    assert atz.melee(rep, zombies, dice=dice) == melee_brute(rep, zombies, dice)


def test_rulebook_examples_atz_8_3_and_15_0_melee():
    """ATZ 8.3 (Beck vs 4 zombies: 2 wounds) and 15.0 (Jimmy 1,2 vs zombie 3: zombie killed)."""
    assert atz.resolve_melee(4, [1, 5], [5, 3, 4, 3]) == "survivor takes 2 wounds"
    assert atz.resolve_melee(4, [1, 2], [3]) == "one zombie killed"
    assert atz.resolve_melee(4, [5, 6], [5]) == "no result (tie)"


def test_melee_joint_successes_atz_8_3():
    """ATZ 8.3: (survivor successes, zombie successes) joint Dist."""
    want = enumerate_dist(5, lambda r: (succ(r[:2], 4), succ(r[2:], 4)))
    assert atz.melee_successes(4, 3) == want


# --------------------------------------------------------------------------- 11.0 generation, 10.1 surprise


@pytest.mark.parametrize("markers", [(1,), (3,), (6,), (2, 3), (6, 1, 1)])
def test_zombies_from_shot_markers_atz_11_0(markers):
    """ATZ 11.0: one die per shot on the marker; each 4-6 brings a zombie."""
    n = sum(markers)
    assert atz.zombies_from_shots(*markers) == enumerate_dist(n, lambda r: sum(1 for x in r if x >= 4))


def test_setup_zombies_six_dice_per_survivor_atz_11_0():
    """ATZ 11.0: at set-up, 6 dice per survivor."""
    assert atz.setup_zombies(1) == enumerate_dist(6, lambda r: sum(1 for x in r if x >= 4))
    assert atz.setup_zombies(2).mean() == 6


@pytest.mark.parametrize("rep,z", [(4, 1), (4, 3), (5, 6), (3, 8)])
def test_surprise_atz_10_1(rep, z):
    """ATZ 10.1: survivor 1d6+Rep >= zombies 1d6+their number -> the survivor surprises them."""
    want = enumerate_dist(2, lambda r: "survivor surprises them" if r[0] + rep >= r[1] + z else "zombies surprise him")
    assert atz.surprise(rep, z) == want


def test_rulebook_example_atz_15_0_surprise():
    """ATZ 15.0: Nick (Rep 5) rolls 4 (=9) against 3 zombies rolling 5 (=8): he surprises them."""
    assert 4 + 5 >= 5 + 3


# --------------------------------------------------------------------------- explanations


def test_every_result_explains_itself_with_atz_sections():
    """Each public calculator returns a Dist whose explain() cites the ATZ section."""
    cases = [
        (atz.rep_test(4), "ATZ 5.3"), (atz.being_charged(4), "ATZ 9.1"), (atz.received_fire(4), "ATZ 9.2"),
        (atz.in_sight(4), "ATZ 9.3"), (atz.wanting_to_charge(4), "ATZ 9.4"), (atz.ranged_fire(4, 2), "ATZ 8.1"),
        (atz.shotgun_blast(5), "ATZ 8.1"), (atz.melee(4, 2), "ATZ 8.3"), (atz.zombies_from_shots(3), "ATZ 11.0"),
        (atz.out_of_ammo(3), "ATZ 8.1.7"), (atz.surprise(4, 2), "ATZ 10.1"), (atz.grenade(4, 2), "ATZ 8.1.6"),
    ]
    for d, section in cases:
        text = d.explain()
        assert section in text, (d.title, section)
        assert "Result:" in text and "(total 1)" in text
