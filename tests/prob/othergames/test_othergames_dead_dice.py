"""Dead Dice: pools, attacks and the horde-fight Markov chain.

Section names are the headings of the Dead Dice rulebook (/work/shared/seeds/003_*.txt):
"Mécanique de résolution d'actions", "Combattre au corps à corps", "Combattre à distance",
"Round des morts", "Sans défense !", "Survivants", "Arsenal".

The chain is checked two ways: against a direct backward recursion written here from the rules
(enumerating every die face with itertools.product), and against a seeded simulation.
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
from dodnb.prob.othergames import dead_dice as dd

FACES = range(1, 7)


def enumerate_dist(n_dice: int, f) -> Dist:
    return Dist(Counter(f(roll) for roll in itertools.product(FACES, repeat=n_dice)))


def evens(roll):
    return sum(1 for x in roll if x % 2 == 0)


# --------------------------------------------------------------------------- pools


@pytest.mark.parametrize("n", range(1, 7))
def test_successes_count_even_faces_mecanique(n):
    """Mécanique de résolution d'actions: each even face is a success."""
    assert dd.successes(n) == enumerate_dist(n, evens)


@pytest.mark.parametrize("n", range(0, 7))
@pytest.mark.parametrize("difficulty", [1, 2, 3, 4])
def test_test_reaches_difficulty_mecanique(n, difficulty):
    """Mécanique de résolution d'actions: success when successes >= difficulty (1-4)."""
    if n == 0:
        assert dd.test(0, difficulty).p("success") == 0
        return
    want = enumerate_dist(n, lambda r: "success" if evens(r) >= difficulty else "failure")
    assert dd.test(n, difficulty) == want


def test_pool_size_mecanique_and_arsenal():
    """Mécanique: characteristic, +2 for a trait, +1 per helper; Arsenal: + weapon bonus dice."""
    assert dd.pool(2) == 2
    assert dd.pool(1, trait=True, helpers=2, weapon_bonus=3) == 8


def test_rulebook_example_zoe_four_dice_no_even_face_mecanique():
    """Mécanique example: Zoë rolls 4 dice without an even face -- a 1 in 16 bad luck."""
    assert dd.successes(4).p(0) == Fraction(1, 16)


# --------------------------------------------------------------------------- attacks


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_melee_kill_costs_one_survival_combattre_au_corps_a_corps(n):
    """Combattre au corps à corps: Muscle difficulty 1 kills one zombie; the kill costs 1 Survival."""
    want = enumerate_dist(n, lambda r: dd.Attack(1, 1, False) if evens(r) >= 1 else dd.Attack(0, 0, False))
    assert dd.melee_attack(n) == want


@pytest.mark.parametrize("n,zombies,long_range,area,precise", [
    (1, 1, False, False, False), (2, 3, True, False, False), (3, 2, False, True, False),
    (2, 5, True, True, False), (1, 1, True, False, True),
])
def test_firearm_kill_no_survival_ammo_die_combattre_a_distance(n, zombies, long_range, area, precise):
    """Combattre à distance: Doigté difficulty 1 (2 long range), no Survival, ammo die after a kill;
    Arsenal: Effet de zone (one zombie per success), Précise (+2 dice at range, ruling)."""
    rolled = n + (2 if precise else 0)
    diff = 2 if long_range else 1

    def f(roll):
        k = evens(roll[:rolled])
        killed = 0 if k < diff else (min(k, zombies) if area else 1)
        return dd.Attack(killed, 0, killed > 0 and roll[rolled] == 1)

    want = enumerate_dist(rolled + 1, f)  # the extra die is the ammunition roll
    got = dd.ranged_attack(n, zombies, long_range=long_range, area_effect=area, precise=precise)
    assert got == want


def test_rulebook_example_rick_smg_area_effect_combattre_a_distance():
    """Combat example: Rick, 2 successes on 5 dice with an area-effect SMG: 2 zombies down."""
    got = dd.ranged_attack(5, 3, area_effect=True)
    assert got.p(lambda a: a.killed == 2) == Fraction(math.comb(5, 2), 32)


@pytest.mark.parametrize("zombies", range(1, 9))
def test_horde_attack_one_die_per_two_zombies_round_des_morts(zombies):
    """Round des morts: one die per two zombies; one 6 = -1, two = -2, three+ = devoured."""
    n = (zombies + 1) // 2
    labels = {0: "no loss", 1: "lose 1 Survival", 2: "lose 2 Survival"}
    want = enumerate_dist(n, lambda r: labels.get(r.count(6), "devoured"))
    assert dd.horde_attack(zombies) == want
    assert dd.horde_dice(zombies) == n


def test_rulebook_example_four_zombies_roll_two_dice_round_des_morts():
    """Combat example: 4 zombies on Zoë -> 2 dice."""
    assert dd.horde_dice(4) == 2


@pytest.mark.parametrize("n", [1, 2, 3])
def test_flee_fuite(n):
    """Fuite: a Doigté test or lose 1 Survival."""
    want = enumerate_dist(n, lambda r: "gets away unharmed" if evens(r) else "gets away, loses 1 Survival")
    assert dd.flee(n) == want


# --------------------------------------------------------------------------- the horde fight: reference


def make_reference(tactic="melee", muscle_dice=1, gun_dice=0, gun_area=False, precise=False, weapon_dice=0):
    """Direct recursion from the rules, enumerating the faces of every die (no shared code)."""

    def action(rng, ammo):
        gun_ok = gun_dice > 0 and ammo > 0
        if tactic == "melee":
            return "melee" if rng == 0 else "wait"
        if tactic == "guns":
            return "shoot" if gun_ok else ("melee" if rng == 0 else "wait")
        return "melee" if rng == 0 else ("shoot" if gun_ok else "wait")

    def status(s):
        return "devoured" if s < 0 else "infected" if s == 0 else None

    @lru_cache(maxsize=None)
    def value(rng, n, s, w, ammo, rounds):
        if rounds == 0:
            return (("still fighting", Fraction(1)),)
        acc = Counter()

        def dead_round(rng, n, s, w, ammo, defenceless, act, p):
            if rng > 0:  # approach, no attack this round
                for k, q in value(rng - 1, n, s, w, ammo, rounds - 1):
                    acc[k] += p * q
                return
            if defenceless:  # Sans défense !
                s2 = s - n
                st = status(s2)
                if st:
                    acc[st] += p
                else:
                    for k, q in value(rng, n, s2, w, ammo, rounds - 1):
                        acc[k] += p * q
                return
            nd = (n + 1) // 2
            for roll in itertools.product(FACES, repeat=nd):
                q0 = p / 6**nd
                sixes = roll.count(6)
                if sixes >= 3:
                    acc["devoured"] += q0
                    continue
                s2, w2 = s, w
                for _ in range(sixes):
                    if act == "melee" and w2 is not None and w2 > 0:
                        w2 -= 1
                    else:
                        s2 -= 1
                st = status(s2)
                if st:
                    acc[st] += q0
                else:
                    for k, q in value(rng, n, s2, w2, ammo, rounds - 1):
                        acc[k] += q0 * q

        act = action(rng, ammo)
        if act == "wait":
            dead_round(rng, n, s, w, ammo, False, act, Fraction(1))
        elif act == "melee":
            nd = muscle_dice - (weapon_dice if w == 0 else 0)
            rolls = list(itertools.product(FACES, repeat=nd)) if nd > 0 else [()]
            for roll in rolls:
                p = Fraction(1, len(rolls))
                if evens(roll) >= 1:
                    s2, w2 = (s, w - 1) if (w is not None and w > 0) else (s - 1, w)
                    st = status(s2)
                    if st:
                        acc[st] += p
                    elif n == 1:
                        acc["horde destroyed"] += p
                    else:
                        dead_round(rng, n - 1, s2, w2, ammo, False, act, p)
                else:
                    dead_round(rng, n, s, w, ammo, False, act, p)
        else:
            nd = gun_dice + (2 if precise and rng > 0 else 0)
            diff = 2 if rng == 2 else 1
            for roll in itertools.product(FACES, repeat=nd + 1):  # last die: ammunition roll
                p = Fraction(1, 6 ** (nd + 1))
                k = evens(roll[:nd])
                killed = 0 if k < diff else (min(k, n) if gun_area else 1)
                if killed == 0:
                    dead_round(rng, n, s, w, ammo, rng == 0, act, p)
                elif killed == n:
                    acc["horde destroyed"] += p
                else:
                    a2 = ammo - 1 if roll[nd] == 1 else ammo
                    dead_round(rng, n - killed, s, w, a2, rng == 0, act, p)
        return tuple(acc.items())

    return value


def simulate(r: random.Random, zombies, survival, rounds, tactic="melee", muscle_dice=1, gun_dice=0,
             gun_area=False, precise=False, wear=None, weapon_dice=0, start="contact", ammo="sufficient"):
    """Play one fight with real random dice."""
    rng = dd.RANGES.index(start)
    a = dd.AMMO_LEVELS.index(ammo)
    n, s, w = zombies, survival, wear
    d6 = lambda: r.randint(1, 6)  # noqa: E731
    for _ in range(rounds):
        gun_ok = gun_dice > 0 and a > 0
        if tactic == "melee":
            act = "melee" if rng == 0 else "wait"
        elif tactic == "guns":
            act = "shoot" if gun_ok else ("melee" if rng == 0 else "wait")
        else:
            act = "melee" if rng == 0 else ("shoot" if gun_ok else "wait")
        defenceless = False
        if act == "melee":
            nd = muscle_dice - (weapon_dice if w == 0 else 0)
            if any(d6() % 2 == 0 for _ in range(nd)):
                if w is not None and w > 0:
                    w -= 1
                else:
                    s -= 1
                if s <= 0:
                    return "infected" if s == 0 else "devoured"
                n -= 1
                if n == 0:
                    return "horde destroyed"
        elif act == "shoot":
            nd = gun_dice + (2 if precise and rng > 0 else 0)
            k = sum(1 for _ in range(nd) if d6() % 2 == 0)
            if k >= (2 if rng == 2 else 1):
                killed = min(k, n) if gun_area else 1
                n -= killed
                if n == 0:
                    return "horde destroyed"
                if d6() == 1:
                    a -= 1
            defenceless = rng == 0
        if rng > 0:
            rng -= 1
            continue
        if defenceless:
            s -= n
        else:
            sixes = sum(1 for _ in range((n + 1) // 2) if d6() == 6)
            if sixes >= 3:
                return "devoured"
            for _ in range(sixes):
                if act == "melee" and w is not None and w > 0:
                    w -= 1
                else:
                    s -= 1
        if s <= 0:
            return "infected" if s == 0 else "devoured"
    return "still fighting"


CONFIGS = [
    dict(zombies=4, survival=3, rounds=4, muscle_dice=2),
    dict(zombies=3, survival=2, rounds=5, muscle_dice=2, wear=2, weapon_dice=1),
    dict(zombies=5, survival=3, rounds=5, tactic="guns", gun_dice=2, gun_area=True, start="long", ammo="low"),
    dict(zombies=3, survival=2, rounds=4, tactic="guns_then_melee", gun_dice=2, precise=True, start="short"),
    dict(zombies=3, survival=4, rounds=3, tactic="guns", gun_dice=1),
    dict(zombies=2, survival=1, rounds=3, muscle_dice=3, start="long"),
]


@pytest.mark.parametrize("cfg", CONFIGS, ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def test_horde_chain_matches_direct_recursion_combattre_la_horde(cfg):
    """Combattre la Horde (Round des vivants / Round des morts / Sans défense ! / Survivants / Arsenal):
    the forward Markov chain equals a backward recursion over every die face."""
    ref = make_reference(cfg.get("tactic", "melee"), cfg.get("muscle_dice", 1), cfg.get("gun_dice", 0),
                         cfg.get("gun_area", False), cfg.get("precise", False), cfg.get("weapon_dice", 0))
    want = dict(ref(dd.RANGES.index(cfg.get("start", "contact")), cfg["zombies"], cfg["survival"],
                    cfg.get("wear"), dd.AMMO_LEVELS.index(cfg.get("ammo", "sufficient")), cfg["rounds"]))
    got = dd.horde_fight(**cfg)
    assert got.as_dict() == {k: v for k, v in want.items() if v}


SAMPLES = 20000


@pytest.mark.parametrize("cfg", CONFIGS[:4], ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def test_horde_chain_matches_seeded_simulation_combattre_la_horde(cfg):
    """Combattre la Horde: a seeded simulation of 20,000 fights agrees with the exact chain.

    Tolerance: each frequency is a mean of 20,000 Bernoulli trials, so its standard error is
    sqrt(p(1-p)/20000) <= 0.0036; we allow 4.5 standard errors (a false alarm would have
    probability below 1e-5 per comparison), plus 1/20000 for rounding.
    """
    exact = dd.horde_fight(**cfg)
    r = random.Random(20240607)
    counts = Counter(simulate(r, **cfg) for _ in range(SAMPLES))
    for outcome in dd.OUTCOMES:
        p = exact.p(outcome)
        freq = Fraction(counts[outcome], SAMPLES)
        tol = 4.5 * math.sqrt(float(p * (1 - p)) / SAMPLES) + 1 / SAMPLES
        assert abs(float(freq - p)) <= tol, (outcome, float(p), float(freq))


def test_horde_size_as_a_dist_is_a_mixture_combattre_la_horde():
    """A group of 1d6 zombies (Le tour des morts: 'groupes d'1d6 zombies') mixes the chains by size."""
    size = Dist.uniform(range(1, 7))
    got = dd.horde_fight(size, 3, rounds=3, muscle_dice=2)
    want = Dist.mixture([(Fraction(1, 6), dd.horde_fight(z, 3, rounds=3, muscle_dice=2)) for z in range(1, 7)])
    assert got == want


def test_survival_one_melee_kill_means_infection_survivants():
    """Survivants: Survival reaching 0 in contact = infected; a kill at Survival 1 does it."""
    d = dd.horde_fight(3, 1, rounds=1, muscle_dice=2)
    assert d.p("infected") >= Fraction(3, 4)  # P(kill) with 2 dice
    # Arsenal: a weapon with wear pays that point instead
    d2 = dd.horde_fight(3, 1, rounds=1, muscle_dice=2, wear=1)
    assert d2.p("infected") < Fraction(3, 4)


def test_defenceless_shooter_loses_one_per_zombie_sans_defense():
    """Sans défense ! / Combattre à distance: a firearm at contact -> 1 Survival per attacking zombie."""
    d = dd.horde_fight_states(3, 5, rounds=1, tactic="guns", gun_dice=1)
    # kill one (1/2): 2 zombies left, Survival 5 - 2 = 3; miss (1/2): Survival 5 - 3 = 2
    assert d.p(dd.HordeEnd("still fighting", 2, 3)) == Fraction(1, 2)
    assert d.p(dd.HordeEnd("still fighting", 3, 2)) == Fraction(1, 2)


def test_approaching_horde_does_not_attack_the_round_it_arrives_round_des_morts():
    """Round des morts: the group moves one box per round; the combat example shows no attack on arrival."""
    d = dd.horde_fight_states(4, 2, rounds=2, start="long")
    assert d == Dist.certain(dd.HordeEnd("still fighting", 4, 2))


def test_survival_chance_is_destroyed_plus_fighting_combattre_la_horde():
    """survival_chance = P(horde destroyed) + P(still fighting)."""
    d = dd.horde_fight(3, 3, rounds=3, muscle_dice=2)
    assert dd.survival_chance(3, 3, rounds=3, muscle_dice=2) == d.p("horde destroyed") + d.p("still fighting")


def test_explanations_cite_dead_dice_sections():
    """Each Dist explains itself and names the Dead Dice heading it applies."""
    for d, heading in [
        (dd.test(2, 1), "Mécanique"), (dd.melee_attack(2), "Combattre au corps à corps"),
        (dd.ranged_attack(2), "Combattre à distance"), (dd.horde_attack(4), "Round des morts"),
        (dd.horde_fight(3, 3), "Round des morts"), (dd.flee(2), "Fuite"),
    ]:
        assert heading in d.explain()
