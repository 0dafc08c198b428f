"""Zombies!!!: the combat roll, the fight chain, and the optimal bullet-spending rule.

Headings of the Zombies!!! rulebook (/work/shared/seeds/004_*.txt): "Règles de Combat"
(1d6, 4+ wins; lose a life and reroll, or spend bullets at +1 each; fight until won or out of
lives), "Préparation" (3 lives, 3 bullets), "Règles Supplémentaires Et Clarifications" (at most
5 lives).  The chain is checked against a direct recursion over die faces and a seeded
simulation; the dynamic programme against brute force over every possible spending rule.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from fractions import Fraction
from functools import lru_cache

import pytest

from dodnb.prob import Dist
from dodnb.prob.othergames import OtherGameInputError
from dodnb.prob.othergames import zombies as zz

FACES = range(1, 7)


def test_combat_roll_four_plus_wins_regles_de_combat():
    """Règles de Combat: 4, 5, 6 win; a 3 needs 1 bullet, a 2 needs 2, a 1 needs 3."""
    want = Dist(Counter(max(0, 4 - f) for f in FACES))
    assert zz.combat_roll() == want
    assert zz.combat_roll().p(0) == Fraction(1, 2)


def test_rulebook_example_two_plus_two_bullets_regles_de_combat():
    """Règles de Combat example: a 2 plus 2 bullets makes a 4 and wins."""
    assert 2 + 2 >= zz.WIN_ON
    pol = zz.simple_policy("bullets_first")
    assert pol.action(1, 3, 3, 2) == 2


# --------------------------------------------------------------------------- reference recursion


def reference(policy: zz.Policy, zombies: int, lives: int, bullets: int) -> Dist:
    """Direct recursion over the six faces: Dist of (result, lives left, bullets left)."""

    @lru_cache(maxsize=None)
    def go(z, lv, b):
        acc = Counter()
        for face in FACES:
            p = Fraction(1, 6)
            if face >= 4:
                sub = Dist.certain(("won", lv, b)) if z == 1 else go(z - 1, lv, b)
            else:
                need = 4 - face
                act = policy.action(z, lv, b, face)
                if act == "life":
                    sub = Dist.certain(("died", 0, b)) if lv == 1 else go(z, lv - 1, b)
                else:
                    assert act == need and b >= need
                    sub = Dist.certain(("won", lv, b - need)) if z == 1 else go(z - 1, lv, b - need)
            for x, q in sub.items():
                acc[x] += p * q
        return Dist(acc)

    return go(zombies, lives, bullets)


POLICIES = ["optimal", "bullets_first", "save_bullets", "no_bullets"]


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("lives", [1, 2, 3, 5])
@pytest.mark.parametrize("bullets", [0, 1, 3, 6])
@pytest.mark.parametrize("zombies", [1, 2, 3])
def test_fight_chain_matches_direct_recursion_regles_de_combat(policy, lives, bullets, zombies):
    """Règles de Combat: the forward chain over (zombies, lives, bullets) equals a recursion over faces."""
    pol = zz.optimal_policy() if policy == "optimal" else zz.simple_policy(policy)
    got = zz.fight(lives, bullets, zombies=zombies, policy=pol)
    want = reference(pol, zombies, lives, bullets)
    assert {tuple(k): v for k, v in got.items()} == want.as_dict()


def test_no_bullets_three_lives_is_seven_eighths_regles_de_combat():
    """Règles de Combat + Préparation: 3 lives, no bullets -> lose only on three misses in a row."""
    assert zz.win_chance(3, 0) == 1 - Fraction(1, 2) ** 3


def test_three_bullets_always_win_one_fight_regles_de_combat():
    """With 3 bullets any first roll can be turned into a 4, so the optimal rule never loses."""
    for lives in range(1, 6):
        assert zz.win_chance(lives, 3) == 1


# --------------------------------------------------------------------------- optimality by brute force


def evaluate(decisions: dict, zombies, lives, bullets, life_value, death_cost):
    """(P(win), E[cost]) of a rule given as a table {(z, lives, bullets, roll): 'spend'|'life'}."""

    @lru_cache(maxsize=None)
    def go(z, lv, b):
        win = cost = Fraction(0)
        for face in FACES:
            need = max(0, 4 - face)
            if need and (b < need or decisions[(z, lv, b, face)] == "life"):
                if lv == 1:
                    w, c = Fraction(0), life_value + (death_cost or 0)
                else:
                    w, c = go(z, lv - 1, b)
                    c += life_value
            else:
                if z == 1:
                    w, c = Fraction(1), Fraction(need)
                else:
                    w, c = go(z - 1, lv, b - need)
                    c += need
            win += w / 6
            cost += c / 6
        return win, cost

    return go(zombies, lives, bullets)


@pytest.mark.parametrize("zombies,lives,bullets", [(1, 2, 3), (2, 2, 2)])
@pytest.mark.parametrize("life_value,death_cost", [(1, None), (Fraction(1, 2), None), (1, 4), (2, 1)])
def test_dynamic_programme_beats_every_possible_rule_regles_de_combat(zombies, lives, bullets, life_value,
                                                                       death_cost):
    """Règles de Combat: the DP rule is at least as good as each of the 4,096 deterministic rules
    on the small state space (win first then fewer tokens; or the single cost with death_cost)."""
    points = [
        (z, lv, b, face)
        for z in range(1, zombies + 1) for lv in range(1, lives + 1) for b in range(0, bullets + 1)
        for face in (1, 2, 3) if 4 - face <= b
    ]
    scalar = death_cost is not None
    best = None
    for choice in itertools.product(("spend", "life"), repeat=len(points)):
        w, c = evaluate(dict(zip(points, choice)), zombies, lives, bullets, Fraction(life_value), death_cost)
        key = -c if scalar else (w, -c)
        best = key if best is None or key > best else best
    pol = zz.optimal_policy(life_value=life_value, death_cost=death_cost)
    table = {pt: ("life" if pol.action(*pt) == "life" else "spend") for pt in points}
    w, c = evaluate(table, zombies, lives, bullets, Fraction(life_value), death_cost)
    assert (-c if scalar else (w, -c)) == best
    # and the chain agrees with the evaluation of the same rule
    d = zz.fight(lives, bullets, zombies=zombies, policy=pol)
    assert d.p(lambda e: e.result == "won") == w


def test_optimal_rule_shape_three_lives_regles_de_combat():
    """With 3 lives and 3 bullets the best rule (a life = a bullet) spends a bullet on a 3 but
    gives up a life on a 1 or 2; with 1 life left it spends on anything it can afford."""
    pol = zz.optimal_policy()
    assert [pol.action(1, 3, 3, r) for r in (1, 2, 3)] == ["life", "life", 1]
    assert [pol.action(1, 1, 3, r) for r in (1, 2, 3)] == [3, 2, 1]
    assert pol.action(1, 1, 0, 3) == "life"  # no bullets: the rules decide


def test_expected_tokens_spent_regles_de_combat():
    """Expected bullets and lives given up, from the end-state Dist."""
    d = zz.fight(3, 3)
    spent = zz.expected_spent(3, 3)
    assert spent.bullets == sum((3 - e.bullets) * p for e, p in d.items())
    assert spent.lives == sum((3 - e.lives) * p for e, p in d.items())
    assert spent.tokens == spent.bullets + spent.lives


# --------------------------------------------------------------------------- simulation


def play(r: random.Random, pol: zz.Policy, zombies, lives, bullets):
    z, lv, b = zombies, lives, bullets
    while True:
        face = r.randint(1, 6)
        act = pol.action(z, lv, b, face)
        if act == "life":
            if lv == 1:
                return "died", bullets - b
            lv -= 1
            continue
        b -= act
        z -= 1
        if z == 0:
            return "won", bullets - b


SAMPLES = 20000


@pytest.mark.parametrize("policy,zombies,lives,bullets", [
    ("optimal", 3, 2, 2), ("save_bullets", 2, 3, 3), ("bullets_first", 4, 3, 5),
])
def test_fight_matches_seeded_simulation_regles_de_combat(policy, zombies, lives, bullets):
    """Règles de Combat: 20,000 simulated fights agree with the exact chain.

    P(win) is a mean of 20,000 Bernoulli trials (standard error <= 0.0036) and bullets spent a
    mean with the exact standard deviation of the chain; both are allowed 4.5 standard errors
    (false-alarm probability below 1e-5 each), plus 1/20000 for rounding.
    """
    pol = zz.optimal_policy() if policy == "optimal" else zz.simple_policy(policy)
    exact = zz.fight(lives, bullets, zombies=zombies, policy=pol)
    p = exact.p(lambda e: e.result == "won")
    spent = exact.map(lambda e: bullets - e.bullets)
    r = random.Random(1978)
    results = [play(r, pol, zombies, lives, bullets) for _ in range(SAMPLES)]
    freq = sum(1 for res, _ in results if res == "won") / SAMPLES
    assert abs(freq - float(p)) <= 4.5 * math.sqrt(float(p * (1 - p)) / SAMPLES) + 1 / SAMPLES
    mean = sum(s for _, s in results) / SAMPLES
    assert abs(mean - float(spent.mean())) <= 4.5 * spent.sd() / math.sqrt(SAMPLES) + 1 / SAMPLES


# --------------------------------------------------------------------------- input checks and policy display


def test_at_most_five_lives_regles_supplementaires():
    """Règles Supplémentaires Et Clarifications: no player ever holds more than 5 life tokens."""
    with pytest.raises(OtherGameInputError, match="lives.*6"):
        zz.fight(6, 3)
    with pytest.raises(OtherGameInputError, match="lives"):
        zz.fight(0, 3)


def test_bad_policy_answer_is_caught_regles_de_combat():
    """Règles de Combat: bullets bring the die exactly to 4; a rule answering otherwise is rejected."""
    bad = zz.Policy("bad", lambda z, lv, b, r: 5, "spends five")
    with pytest.raises(OtherGameInputError, match="Règles de Combat"):
        zz.fight(3, 6, policy=bad)


def test_policy_table_and_explain_regles_de_combat():
    """The optimal rule prints as a lives x bullets grid and explains its objective."""
    pol = zz.optimal_policy()
    text = pol.explain()
    assert "Objective" in text and "lives\\bullets" in text
    assert "<table" in pol._repr_html_()
    assert "Règles de Combat" in zz.fight(3, 3).explain()
