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


# --------------------------------------------------------------------------- four characters, unknown value
#
# Too many dice for one brute-force enumeration (up to 6 panic dice, 3 shot dice and 8 attack
# dice: 6**17 ways), so the reference below enumerates every die face of each independent roll
# with brute() and combines the rolls by plain multiplication: each panic check [6.5], [6.9], the
# shot (pooled [6.8], or one shooter after another), then one 2d6 per attacked character [8.6].
# It shares no code with the engine's integer core.


def composed_square(chars, values, k, targets, shooters, increase, together=True):
    """Dist of SquareOutcome for a square attack: chars [(name, status)], values {v: P(v)}."""
    acc: dict = {}

    def panic_roll(s):
        if increase is None:
            return [(False, F(1))]
        return brute(s.panic_dice, lambda f: sum(f) <= s.panic_level + increase).items()

    def attack(v):
        """Dist of the statuses tuple after the attack at strength v // k [8.0], [8.5], [8.8]."""
        per = []
        for name, st in chars:
            if name in targets:
                per.append([((name, ns), p) for ns, p in brute(2, lambda f, st=st: hit(st, T.attack_result(sum(f), v // k)) if v // k else st).items()])
            else:
                per.append([((name, st), F(1))])
        out = {}
        for combo in __import__("itertools").product(*per):
            sts = tuple(x for x, _ in combo)
            p = F(1)
            for _, q in combo:
                p *= q
            out[sts] = out.get(sts, 0) + p
        return out

    def add(destroyed, panicked, v, p):
        if destroyed:
            key = SquareOutcome(True, tuple(panicked), tuple(chars))
            acc[key] = acc.get(key, 0) + p
            return
        for sts, q in attack(v).items():
            key = SquareOutcome(False, tuple(panicked), sts)
            acc[key] = acc.get(key, 0) + p * q

    for v, pv in values.items():
        if together:
            for flags in __import__("itertools").product(*(panic_roll(s) for s in shooters)):
                p = pv
                for _, q in flags:
                    p *= q
                panicked = [s.name for s, (f, _) in zip(shooters, flags) if f]
                firing = [s for s, (f, _) in zip(shooters, flags) if not f]
                if not firing:
                    add(False, panicked, v, p)
                    continue
                n = min(3, sum(s.dice for s in firing))
                kill = brute(n, lambda f: sum(f) - sum(s.modifier for s in firing) >= v)
                add(True, panicked, v, p * kill.p(True))
                add(False, panicked, v, p * kill.p(False))
        else:
            def chain(i, p, panicked):
                if i == len(shooters):
                    add(False, panicked, v, p)
                    return
                s = shooters[i]
                for panics, q in panic_roll(s):
                    if panics:
                        chain(i + 1, p * q, panicked + [s.name])
                        continue
                    kill = brute(s.dice, lambda f: sum(f) - s.modifier >= v)
                    add(True, panicked, v, p * q * kill.p(True))
                    chain(i + 1, p * q * kill.p(False), panicked)

            chain(0, pv, [])
    return Dist(acc)


FOUR = [("Peter", "normal"), ("Roger", "normal"), ("Steve", "normal"), ("Fran", "normal")]
MIXED = [("Peter", "normal"), ("Roger", "infected"), ("Steve", "normal"), ("Fran", "stunned")]
UNSEEN = P.unseen_values()


@pytest.mark.parametrize(
    "chars, k, kw",
    [
        (FOUR, 4, {}),
        (FOUR, 2, {}),
        (FOUR, 4, {"reaction_fire": False}),
        (FOUR, 3, {"together": False}),
        (MIXED, 4, {}),
        (MIXED, 1, {"berserk": True, "rifles": ["Fran", "Steve"]}),
    ],
)
def test_four_characters_unknown_value_match_composed_rolls_8_0_6_9(chars, k, kw):
    """[8.0] steps 1-5 with four characters and the value of an unseen unit [7.7]: the fast exact
    engine equals the roll-by-roll reference, joint outcome by joint outcome; [6.9] everybody not
    stunned [8.3] shoots first, [6.8] together (three dice at most) or one after another."""
    c = P.square_attack(dict(chars), UNSEEN, k, **kw)
    tgt = P.choose_targets(chars, k)
    shooters = []
    if kw.get("reaction_fire", True):
        rifles = kw.get("rifles", ())
        shooters = [P.shooter(n, status=st, rifle=n in rifles) for n, st in chars if st != "stunned"]
    kind = "berserk" if kw.get("berserk") else "zombie"
    increase = T.panic_increase(kind, True) if shooters else None
    values = dict(UNSEEN.items())
    assert c == composed_square(chars, values, k, tgt, shooters, increase, kw.get("together", True))
    assert sum(p for _, p in c.items()) == 1


def test_four_characters_by_k_and_solitaire_match_composed_rolls_8_0_15_6():
    """[8.0] step 2 every k side by side, and [15.6] the solitaire die (each k with 1/4, ruling),
    for four characters against an unseen unit, against the roll-by-roll reference."""
    values = dict(UNSEEN.items())
    shooters = [P.shooter(n, status=st) for n, st in MIXED if st != "stunned"]
    ref = {k: composed_square(MIXED, values, k, P.choose_targets(MIXED, k), shooters, 0) for k in range(1, 5)}
    byk = P.attack_by_k(dict(MIXED), UNSEEN)
    assert dict(byk) == ref
    solo = P.solitaire_attack(dict(MIXED), UNSEEN)
    assert solo == Dist.mixture([(1, ref[k]) for k in range(1, 5)])


def test_attack_outcomes_are_in_display_order_8_0():
    """The engine hands Dist its joint outcomes already sorted; they must be in Dist's own order."""
    from dodnb.prob.dist import sort_key

    for d in (P.square_attack(dict(MIXED), UNSEEN), P.solitaire_attack([n for n, _ in FOUR], UNSEEN), P.square_attack(["Fran"], 4)):
        assert list(d.outcomes) == sorted(d.outcomes, key=sort_key)
        assert d == Dist(d.as_dict())  # rebuilt from scratch: same Dist, same order
        assert list(Dist(d.as_dict()).outcomes) == list(d.outcomes)


@pytest.mark.parametrize("make", [lambda: P.square_attack([n for n, _ in FOUR], UNSEEN), lambda: P.solitaire_attack(dict(MIXED), UNSEEN)])
def test_explain_of_a_big_attack_is_short_and_lists_the_most_likely_8_0_15_6(make):
    """explain() of a four-character attack: the derivation, the 12 most likely joint outcomes, one
    line for the rest with its total probability; table() and items() keep every outcome."""
    from dodnb.prob.dist import fmt_fraction

    d = make()
    text = d.explain()
    assert len(text) < 4000, len(text)
    assert text.startswith(d.title) and all(step in text for step in d.steps)
    head, result = text.split("\n\nResult: ", 1)
    assert result.startswith(f"{len(d)} possible outcomes; the 12 most likely:")
    listed = [line for line in result.splitlines() if line.startswith("  P(")]
    assert len(listed) == 12
    ranked = sorted(d.items(), key=lambda xp: -xp[1])
    top, rest = ranked[:12], ranked[12:]
    for (o, p), line in zip(top, listed):
        assert line.startswith(f"  P({o.explain_label()}) = {fmt_fraction(p)}  (")
    p_rest = sum(p for _, p in rest)
    assert p_rest == 1 - sum(p for _, p in top) and 0 < p_rest < 1
    assert f"… and {len(rest)} more outcomes (total probability {fmt_fraction(p_rest)}, " in result
    assert len(d.items()) == len(d.table()) == len(d) == len(rest) + 12
    # every outcome on request
    full = d.explain(top=len(d))
    assert sum(line.startswith("  P(") for line in full.splitlines()) == len(d) and "(total 1)" in full


def test_explain_labels_of_joint_outcomes_8_0():
    """Joint outcomes read as words: who panicked, whether the attacker was destroyed, each status."""
    d = P.square_attack(["Peter", "Fran"], 5)
    text = d.explain(top=len(d))  # 39 outcomes: explain() alone would list the 12 most likely
    assert "P(attacker destroyed before it attacks)" in text
    assert "P(Peter panicked; attack made: Peter stunned, Fran normal)" in text
    assert "P(Peter and Fran panicked; attack made: Peter normal, Fran infected)" in text
    assert SquareOutcome(True, ("Fran",), (("Peter", "normal"), ("Fran", "normal"))).explain_label() == (
        "attacker destroyed before it attacks (Fran panicked)"
    )
