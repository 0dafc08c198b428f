"""Property tests (hypothesis): totals are exactly 1, and more dice or more Rep never hurt."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from dodnb.prob.othergames import atz
from dodnb.prob.othergames import dead_dice as dd
from dodnb.prob.othergames import zombies as zz

reps = st.integers(1, 6)
FAST = settings(max_examples=40, deadline=None)


def total(d):
    return sum((p for _, p in d.items()), Fraction(0))


@FAST
@given(rep=reps, zombies=st.integers(1, 6), dice=st.integers(1, 3))
def test_melee_sums_to_one_and_more_dice_kill_more_atz_8_3(rep, zombies, dice):
    """ATZ 8.3: a melee Dist sums to 1; one more melee die never lowers the chance to kill."""
    d = atz.melee(rep, zombies, dice=dice)
    assert total(d) == 1
    assert atz.melee(rep, zombies, dice=dice + 1).p(atz.ZOMBIE_KILLED) >= d.p(atz.ZOMBIE_KILLED)


@FAST
@given(rep=st.integers(1, 5), n=st.integers(1, 3), targets=st.integers(1, 3), cover=st.booleans())
def test_higher_rep_never_hits_less_atz_8_1(rep, n, targets, cover):
    """ATZ 8.1 / 18.0: raising Rep by one never lowers the expected number of hits."""
    targets = min(targets, n)
    lo = atz.ranged_fire(rep, n, targets=targets, cover=cover)
    hi = atz.ranged_fire(rep + 1, n, targets=targets, cover=cover)
    assert total(lo) == 1 and hi.mean() >= lo.mean()


@FAST
@given(n=st.integers(1, 8), difficulty=st.integers(1, 4))
def test_more_dice_never_hurt_mecanique(n, difficulty):
    """Dead Dice, Mécanique de résolution d'actions: one more die never lowers P(success)."""
    assert dd.test(n + 1, difficulty).p("success") >= dd.test(n, difficulty).p("success")


@FAST
@given(z=st.integers(1, 6), survival=st.integers(1, 4), rounds=st.integers(1, 4), muscle=st.integers(1, 3))
def test_horde_fight_sums_to_one_combattre_la_horde(z, survival, rounds, muscle):
    """Dead Dice, Combattre la Horde: the chain's end states always sum to exactly 1."""
    assert total(dd.horde_fight_states(z, survival, rounds=rounds, muscle_dice=muscle)) == 1


@FAST
@given(lives=st.integers(1, 4), bullets=st.integers(0, 5), zombies=st.integers(1, 3))
def test_more_tokens_never_lower_the_optimal_win_chance_regles_de_combat(lives, bullets, zombies):
    """Zombies!!!, Règles de Combat: under the optimal rule an extra life or bullet never hurts."""
    base = zz.win_chance(lives, bullets, zombies=zombies)
    assert zz.win_chance(lives + 1, bullets, zombies=zombies) >= base
    assert zz.win_chance(lives, bullets + 1, zombies=zombies) >= base
    assert base >= zz.win_chance(lives, bullets, zombies=zombies, policy="no_bullets")
