"""Shot and zombie-attack calculators: the controls drive the engine [6.0]-[6.9], [8.0]-[8.8], [15.6].

Each test sets control values the way a learner's clicks do (``.value = ...``) and checks the
calculator's answer against the engine called directly, and, for the core cases, against a
brute-force enumeration of every way the dice can fall (itertools.product), which uses only the
printed tables and plain counting.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction as F

import ipywidgets as W
import pytest

import dodnb.prob as P
from dodnb.prob import Dist, FireOutcome, SquareOutcome
from dodnb.rules.counters import default_counters
from dodnb.rules.tables import default_tables
from dodnb.widgets.calculators import ATTACK_MODES, DOORS, TARGETS, AttackCalculator, ShotCalculator

C = default_counters()
T = default_tables()


def faces(n: int):
    """Every ordered tuple of n die faces: 6**n equally likely rolls."""
    return itertools.product(range(1, 7), repeat=n)


def only(calc, *names):
    """Tick exactly these shooters / characters."""
    boxes = calc.shoots if isinstance(calc, ShotCalculator) else calc.present
    with calc.hold():
        for n, box in boxes.items():
            box.value = n in names
    return calc


# =============================================================================================
# ShotCalculator


def test_default_shot_is_the_engines_answer_6_0():
    """[6.0] Peter alone, same square, value 4: the widget shows combined_fire's Dist."""
    calc = ShotCalculator()
    assert calc.message == ""
    assert calc.result == P.combined_fire([P.shooter("Peter")], 4, "zombie", True)
    assert calc.kill_chance == calc.result.p(lambda o: o.killed)
    assert isinstance(calc.kill_chance, F)


def test_two_guns_pooled_brute_force_every_die_6_5_6_8():
    """[6.5] each shooter checks panic separately; [6.8] the guns still firing pool their dice,
    at most three.  Peter and Roger at a value-5 unit in their square, against all 6**7 rolls:
    Peter's panic 2d6 (level 3), Roger's panic 2d6 (level 4), then the shot dice."""
    calc = only(ShotCalculator(), "Peter", "Roger")
    calc.value.value = 5
    lp, lr = C.character("Peter").normal.panic_level, C.character("Roger").normal.panic_level
    counts: dict = {}
    for f in faces(7):
        pp, pr, shot = f[0] + f[1] <= lp, f[2] + f[3] <= lr, f[4:]
        panicked = tuple(n for n, p in (("Peter", pp), ("Roger", pr)) if p)
        fired = tuple(n for n, p in (("Peter", pp), ("Roger", pr)) if not p)
        if not fired:
            o = FireOutcome(panicked, (), 0, False)
        else:
            dice = min(3, 2 * len(fired))  # 4 dice pooled -> 3 [6.8]
            o = FireOutcome(panicked, fired, dice, sum(shot[:dice]) >= 5)
        counts[o] = counts.get(o, 0) + 1
    assert calc.result == Dist(counts)
    assert any("no more than three dice" in n and "[6.8]" in n for n in calc.notes)


def test_modifier_per_gun_115_to_113_brute_force_6_7_6_8():
    """[6.8] two characters in 115 shooting into 113 (two squares away) lose 2 each, 4 in all.
    Peter (2d6) with Steve (1d6) roll 3d6 - 4; a unit in another square needs no panic check."""
    calc = only(ShotCalculator(), "Peter", "Steve")
    calc.set(same_square=False, distance=2, value=6)
    wins = sum(1 for f in faces(3) if sum(f) - 4 >= 6)
    assert calc.kill_chance == F(wins, 6**3)
    assert calc.result == Dist({FireOutcome((), ("Peter", "Steve"), 3, True): wins, FireOutcome((), ("Peter", "Steve"), 3, False): 216 - wins})
    assert any("2 guns × −2 = −4" in n for n in calc.notes)
    assert any("No panic check" in n for n in calc.notes)


def test_steve_at_point_blank_brute_force_panic_then_shot_6_5():
    """[6.5] case 1: a unit in the same square: panic check (Steve 1d6 <= 2) before the 1d6 shot."""
    calc = only(ShotCalculator(), "Steve")
    calc.value.value = 3
    level = C.character("Steve").normal.panic_level
    wins = sum(1 for pan, shot in faces(2) if pan > level and shot >= 3)
    assert calc.kill_chance == F(wins, 36)


def test_unknown_value_from_the_counters_brute_force_5_4_7_7():
    """[7.7] the value of an unseen unit: each of the 50 counters equally likely.  Roger shooting
    from 1 square away (no panic check), 2d6 - 1, against every counter and every roll."""
    calc = only(ShotCalculator(), "Roger")
    calc.set(same_square=False, distance=1, value_known=False)
    values = C.zombie_values()
    wins = sum(1 for v in values for f in faces(2) if sum(f) - 1 >= v)
    assert calc.kill_chance == F(wins, len(values) * 36)
    assert calc.result == P.combined_fire([P.shooter("Roger", squares_away=1)], P.unseen_values(), "zombie", False)
    assert calc.value.disabled


@pytest.mark.parametrize("door,extra", [("open", 2), ("closed glass", 3)])
def test_doors_add_to_the_distance_6_7(door, extra):
    """[6.7] -1 per square away, -2 through an open door, -3 through a closed glass door."""
    calc = only(ShotCalculator(), "Peter")
    calc.set(same_square=False, distance=3, door=door, value=4)
    assert calc.kill_chance == P.kill_chance(2, 3 + extra, 4)
    destroyed = any("destroyed [10.5]" in n for n in calc.notes)
    assert destroyed == (door == "closed glass")


def test_door_in_the_same_square_is_ignored_6_7():
    """[6.7] a door stands between squares; in the same square the door setting does not apply."""
    calc = ShotCalculator()
    base = calc.result
    calc.door.value = "open"
    assert calc.result == base
    assert calc.door.disabled and calc.distance.disabled
    assert any("door setting is ignored" in n for n in calc.notes)


def test_more_than_three_dice_are_capped_6_8():
    """[6.8] no more than three dice for a single shot: all four shooting roll 3d6."""
    calc = only(ShotCalculator(), "Peter", "Roger", "Steve", "Fran")
    calc.set(same_square=False, distance=1, value=9)
    assert {o.dice for o in calc.result.outcomes if o.fired and len(o.fired) > 1} == {3}
    note = next(n for n in calc.notes if "[6.8]" in n and "three dice" in n)
    assert "6 dice" in note and "they roll 3" in note


def test_hunting_rifle_gives_steve_two_dice_12_0_6_6():
    """[6.6], [12.0] Steve or Fran with a hunting rifle roll two dice."""
    calc = only(ShotCalculator(), "Steve")
    calc.rifle["Steve"].value = True
    assert calc.shooters[0].dice == 2
    assert calc.result == P.combined_fire([P.shooter("Steve", rifle=True)], 4, "zombie", True)


@pytest.mark.parametrize("who", ["Peter", "Roger"])
def test_peter_or_roger_with_a_rifle_is_a_friendly_message_12_1(who):
    """[12.1] Peter and Roger may never acquire a hunting rifle: a message, not a traceback."""
    calc = only(ShotCalculator(), who)
    calc.rifle[who].value = True
    assert calc.result is None and calc.kill_chance is None
    assert calc.message.startswith("[12.1]") and who in calc.message
    assert "Not possible" in calc.to_html() and "[12.1]" in calc.to_html()
    calc.rifle[who].value = False
    assert calc.message == "" and calc.result is not None


def test_nobody_shooting_is_a_friendly_message_6_8():
    """[6.8] at least one character must shoot."""
    calc = only(ShotCalculator())
    assert calc.result is None
    assert calc.message.startswith("[6.8]") and "Tick at least one" in calc.message


def test_infected_shooter_uses_the_infected_counter_8_4():
    """[8.4] an infected character keeps shooting with the numbers on the infected counter."""
    calc = only(ShotCalculator(), "Roger")
    calc.infected["Roger"].value = True
    assert calc.result == P.combined_fire([P.shooter("Roger", status="infected")], 4, "zombie", True)
    assert calc.shooters[0].panic_level == C.character("Roger").infected.panic_level


@pytest.mark.parametrize("same", [True, False])
def test_berserk_target_raises_panic_in_the_same_square_10_6(same):
    """[6.5] cases 2-3, [10.6]: berserk elsewhere: a check with no increase; same square: +1."""
    calc = only(ShotCalculator(), "Fran")
    calc.set(target="berserk", same_square=same, distance=1, value=2)
    inc = 1 if same else 0
    q = P.panic_chance(C.character("Fran").normal.panic_level + inc, 1)
    assert calc.kill_chance == (1 - q) * P.kill_chance(1, 0 if same else 1, 2)


def test_super_zombie_alone_has_value_two_11_3_11_5():
    """[11.3] a super zombie alone has value 2; [11.5] the panic check is +3 in the same square."""
    calc = only(ShotCalculator(), "Peter")
    calc.set(target="super", value=9)
    assert calc.value.disabled
    assert calc.result == P.combined_fire([P.shooter("Peter")], 2, "super", True)
    q = P.panic_chance(C.character("Peter").normal.panic_level + 3, 2)
    assert calc.kill_chance == (1 - q) * P.kill_chance(2, 0, 2)


@pytest.mark.parametrize("known", [True, False])
def test_super_zombie_stacked_adds_two_11_3(known):
    """[11.3] a super zombie stacked with a unit: the values add; one shot must beat the sum."""
    calc = only(ShotCalculator(), "Peter", "Steve")
    calc.set(target="super+unit", value=5, value_known=known)
    unit = 5 if known else P.unseen_values()
    expected = P.combined_fire([P.shooter("Peter"), P.shooter("Steve")], P.with_super_zombie(unit), "super", True)
    assert calc.result == expected


def test_one_after_another_6_8():
    """[6.8] characters in a stack may shoot separately: each his own roll, until the unit dies."""
    calc = only(ShotCalculator(), "Peter", "Fran")
    calc.set(together=False, value=6)
    assert calc.result == P.combined_fire([P.shooter("Peter"), P.shooter("Fran")], 6, "zombie", True, together=False)
    assert "together=False" in calc.code


def test_the_code_shown_gives_the_same_answer():
    """The 'same answer in code' block evaluates to the Dist the widget shows."""
    calc = only(ShotCalculator(), "Roger", "Fran")
    settings = [
        dict(),
        dict(same_square=False, distance=4, door="open"),
        dict(target="super+unit", value_known=False),
        dict(target="berserk", together=False),
    ]
    for s in settings:
        calc.set(**s)
        ns: dict = {}
        exec(calc.code.replace("P.combined_fire(", "answer = P.combined_fire("), ns)
        assert ns["answer"] == calc.result, s


def test_hold_recomputes_once_and_set_rejects_unknown_controls():
    calc = ShotCalculator()
    before = calc.refreshes
    with calc.hold():
        calc.value.value = 7
        calc.same_square.value = False
        calc.distance.value = 2
    assert calc.refreshes == before + 1
    assert calc.kill_chance == P.kill_chance(2, 2, 7)
    with pytest.raises(AttributeError, match="no control named 'speed'"):
        calc.set(speed=3)


def test_static_view_has_chart_table_and_derivation():
    """to_html()/_repr_html_: the chart as a PNG <img> (an inline SVG shows as text in an untrusted
    notebook), the exact table and explain() without any widget."""
    calc = only(ShotCalculator(), "Peter", "Roger")
    page = calc.to_html()
    assert page == calc._repr_html_()
    assert "<svg" not in page and '<img src="data:image/png;base64,' in page and "Exact outcome table" in page
    assert calc.result.explain().splitlines()[0] in page
    assert P.dist.fmt_fraction(calc.kill_chance) in page
    assert "[6.8]" in page


def test_random_settings_never_raise():
    """Any combination of controls gives a result or a Case-named message, never an exception."""
    rng = random.Random(7)
    calc = ShotCalculator()
    for _ in range(120):
        with calc.hold():
            for n in calc.shoots:
                calc.shoots[n].value = rng.random() < 0.4
                calc.rifle[n].value = rng.random() < 0.3
                calc.infected[n].value = rng.random() < 0.2
            calc.target.value = rng.choice(TARGETS)[1]
            calc.same_square.value = rng.random() < 0.5
            calc.distance.value = rng.randint(1, 10)
            calc.door.value = rng.choice(DOORS)[1]
            calc.value_known.value = rng.random() < 0.7
            calc.value.value = rng.randint(1, 13)
            calc.together.value = rng.random() < 0.7
        assert (calc.result is None) != (calc.message == "")
        if calc.result is not None:
            assert sum(p for _, p in calc.result.items()) == 1
        else:
            assert calc.message.startswith("[") and not isinstance(calc.error, (TypeError, KeyError, AttributeError))


# =============================================================================================
# AttackCalculator


def hit(status: str, result: str) -> str:
    """[8.3]-[8.5] a result applied to a status (written out here, independent of the engine)."""
    if result == "none":
        return status
    return result if status == "normal" else "killed"


def test_default_attack_is_the_engines_answer_8_0():
    """[8.0] Peter and Fran, value 5, reaction fire first: the widget shows square_attack's Dist."""
    calc = AttackCalculator()
    assert calc.message == ""
    assert calc.result == P.square_attack([("Peter", "normal"), ("Fran", "normal")], 5)
    assert calc.statuses["Fran"] == P.status_of(calc.result, "Fran")


def test_attack_without_reaction_fire_brute_force_8_0_8_5_8_6():
    """[8.0] step 4: value 5 against 2 characters is strength 2; [8.6] one 2d6 roll each;
    [8.5] Fran, already stunned, is killed by a stun or infect result.  All 36*36 rolls."""
    calc = AttackCalculator({"Peter": "normal", "Fran": "stunned"}, value=5)
    calc.reaction.value = False
    counts: dict = {}
    for a, b, c, d in faces(4):
        st = (("Peter", hit("normal", T.attack_result(a + b, 2))), ("Fran", hit("stunned", T.attack_result(c + d, 2))))
        o = SquareOutcome(False, (), st)
        counts[o] = counts.get(o, 0) + 1
    assert calc.result == Dist(counts)
    assert calc.statuses["Fran"].p("killed") == F(sum(1 for a, b in faces(2) if T.attack_result(a + b, 2) != "none"), 36)


def test_reaction_fire_first_brute_force_6_9_8_1():
    """[8.1], [6.9] Peter shoots the attacker first (panic 2d6 <= 3, then 2d6 >= 4); if it
    survives, it attacks him at strength 4.  Every one of the 6**6 rolls."""
    calc = AttackCalculator(("Peter",), value=4)
    level = C.character("Peter").normal.panic_level
    counts: dict = {}
    for f in faces(6):
        panics = f[0] + f[1] <= level
        killed = not panics and f[2] + f[3] >= 4
        panicked = ("Peter",) if panics else ()
        if killed:
            o = SquareOutcome(True, panicked, (("Peter", "normal"),))
        else:
            o = SquareOutcome(False, panicked, (("Peter", hit("normal", T.attack_result(f[4] + f[5], 4))),))
        counts[o] = counts.get(o, 0) + 1
    assert calc.result == Dist(counts)
    assert calc.p_destroyed == F(sum(1 for f in faces(4) if f[0] + f[1] > level and f[2] + f[3] >= 4), 6**4)


def test_solitaire_die_brute_force_15_6():
    """[15.6] two characters: 1-3 one is attacked (strength 4), 4-6 both (strength 2).  One die and
    two 2d6 attack rolls, 6**5 ways; with k = 1 the calculator attacks Peter (normal first)."""
    calc = AttackCalculator(("Peter", "Fran"), value=4)
    calc.set(mode="solitaire", reaction=False)
    counts: dict = {}
    for die, a, b, c, d in faces(5):
        if die <= 3:
            st = (("Peter", hit("normal", T.attack_result(a + b, 4))), ("Fran", "normal"))
        else:
            st = (("Peter", hit("normal", T.attack_result(a + b, 2))), ("Fran", hit("normal", T.attack_result(c + d, 2))))
        o = SquareOutcome(False, (), st)
        counts[o] = counts.get(o, 0) + 1
    assert calc.result == Dist(counts)
    assert calc.result == P.solitaire_attack([("Peter", "normal"), ("Fran", "normal")], 4, reaction_fire=False)


def test_strength_zero_shows_the_engine_ruling_8_0_8_8():
    """[8.0] step 4: value 1 split between 2 is strength 0, which has no column on [8.8]; the
    calculator shows the engine's ruling and the attack changes nothing."""
    calc = AttackCalculator(("Peter", "Fran"), value=1)
    calc.reaction.value = False
    assert any("= 0" in n and "step 4" in n for n in calc.notes)
    ruling = next(n for n in calc.notes if n.startswith("Strength 0"))
    assert [line for line in P.attack_result(0).steps if "Ruling" in line][0] in ruling
    assert calc.statuses["Peter"] == Dist({"normal": 1})
    assert "Ruling" in calc.to_html()


def test_unknown_value_split_mentions_strength_zero_7_7_8_0():
    """[7.7] unknown value, two attacked: value-1 units give strength 0 with probability 6/50."""
    calc = AttackCalculator(("Peter", "Steve"), value=None)
    assert calc.value.disabled
    note = next(n for n in calc.notes if "P(strength)" in n)
    assert f"0: {P.dist.fmt_fraction(F(C.value_counts()[1], 50))}" in note
    assert any(n.startswith("Strength 0") for n in calc.notes)
    assert calc.result == P.square_attack([("Peter", "normal"), ("Steve", "normal")], P.unseen_values())


def test_k_slider_follows_the_characters_present_8_0():
    """[8.0] step 2: the zombie player declares how many are attacked, at most all of them."""
    calc = AttackCalculator(("Peter", "Roger", "Steve"), value=9)
    calc.set(mode="k", k=3)
    assert calc.k.max == 3 and not calc.k.disabled
    calc.present["Steve"].value = False
    assert calc.k.max == 2 and calc.k.value == 2
    calc.k.value = 1
    assert calc.result == P.square_attack([("Peter", "normal"), ("Roger", "normal")], 9, 1)
    assert calc.targets == ("Peter",)
    calc.mode.value = "all"
    assert calc.k.disabled


def test_human_player_names_normal_characters_first_8_0():
    """[8.0] step 3: with k < n, the calculator names characters at normal status first (the
    engine's default choice, not a rule) and says so."""
    calc = AttackCalculator({"Peter": "stunned", "Fran": "normal"}, value=6)
    calc.set(mode="k", k=1)
    assert calc.targets == ("Fran",)
    assert any("not a rule" in n for n in calc.notes)


def test_every_k_side_by_side_8_0():
    """[8.0] step 2 is the zombie player's choice: every k, side by side (a ByK)."""
    calc = AttackCalculator(("Peter", "Fran"), value=6)
    calc.mode.value = "by_k"
    expected = P.attack_by_k([("Peter", "normal"), ("Fran", "normal")], 6)
    assert isinstance(calc.result, P.ByK) and dict(calc.result) == dict(expected)
    assert calc.statuses[2]["Fran"] == P.status_of(expected[2], "Fran")
    assert "k=2: Fran" in calc._chart.to_svg() and "k=2: Fran" in calc.out_chart.value  # the chart's bar
    assert "Every k side by side" in calc.to_html() and "data:image/png" in calc.to_html()


@pytest.mark.parametrize("attacker,kw", [("berserk", {"berserk": True}), ("super", {"super_zombies": 1}), ("super+unit", {"super_zombies": 1})])
def test_berserk_and_super_zombie_attackers_10_6_11_3(attacker, kw):
    """[10.6] a berserk attacker raises the reaction-fire panic level; [11.3] a super zombie
    alone attacks at 2, stacked with a unit at the unit's value + 2."""
    calc = AttackCalculator(("Roger", "Fran"), value=3)
    calc.attacker.value = attacker
    value = None if attacker == "super" else 3
    assert calc.result == P.square_attack([("Roger", "normal"), ("Fran", "normal")], value, **kw)
    strength_note = next(n for n in calc.notes if "step 4" in n)
    total = 2 if attacker == "super" else (5 if attacker == "super+unit" else 3)
    assert f"= {total} ÷ 2" in strength_note


def test_stunned_characters_do_not_shoot_8_3():
    """[8.3] a stunned character may not shoot: with everybody stunned, nobody fires first."""
    calc = AttackCalculator({"Peter": "stunned", "Roger": "stunned"}, value=4)
    assert calc.p_destroyed == 0
    assert any("[8.3]" in n for n in calc.notes)
    assert calc.statuses["Peter"].p("killed") == P.attack_on(2, "stunned").p("killed")


def test_rifle_in_reaction_fire_and_the_12_1_message():
    """[12.0] Fran's rifle is used in reaction fire; [12.1] Roger may never carry one."""
    calc = AttackCalculator(("Roger", "Fran"), value=5)
    calc.rifle["Fran"].value = True
    assert calc.result == P.square_attack([("Roger", "normal"), ("Fran", "normal")], 5, rifles=["Fran"])
    calc.rifle["Roger"].value = True
    assert calc.result is None and calc.message.startswith("[12.1]")


def test_empty_square_is_a_friendly_message_8_0():
    calc = only(AttackCalculator())
    assert calc.result is None and calc.message.startswith("[8.0]")
    assert "Not possible" in calc.to_html()


def test_attack_code_gives_the_same_answer():
    calc = AttackCalculator({"Peter": "infected", "Steve": "normal", "Fran": "stunned"}, value=7)
    for s in [dict(), dict(mode="k", k=2), dict(mode="by_k", reaction=False), dict(mode="solitaire"), dict(attacker="super", mode="k", k=1)]:
        calc.set(**s)
        ns: dict = {}
        expr = calc.code.split("\n")[-1]
        exec("import dodnb.prob as P\nanswer = " + expr, ns)
        got = dict(ns["answer"]) if isinstance(ns["answer"], P.ByK) else ns["answer"]
        want = dict(calc.result) if isinstance(calc.result, P.ByK) else calc.result
        assert got == want, s


def test_attack_static_view():
    calc = AttackCalculator({"Peter": "normal", "Fran": "infected"}, value=8)
    page = calc._repr_html_()
    assert "<svg" not in page and "data:image/png" in page and "Each character after the attack" in page and "Most likely outcomes" in page
    for line in calc.result.steps:
        assert line.split(":")[0] in page


def test_attack_random_settings_never_raise():
    """Any combination of the attack controls gives a result or a Case-named message."""
    rng = random.Random(3)
    calc = AttackCalculator()
    for _ in range(25):
        with calc.hold():
            for n in calc.present:
                calc.present[n].value = rng.random() < 0.45
                calc.status[n].value = rng.choice(("normal", "stunned", "infected"))
                calc.rifle[n].value = rng.random() < 0.15
            calc.attacker.value = rng.choice(("zombie", "berserk", "super", "super+unit"))
            calc.value_known.value = rng.random() < 0.8
            calc.value.value = rng.randint(1, 13)
            calc.mode.value = rng.choice(ATTACK_MODES)[1]
            calc.k.value = rng.randint(1, calc.k.max)
            calc.reaction.value = rng.random() < 0.5
        assert (calc.result is None) != (calc.message == "")
        if calc.result is None:
            assert calc.message.startswith("[")


def test_layout_labels_sit_beside_their_controls():
    """Every form line is [label | controls]: no control carries its own far-away description."""
    for calc in (ShotCalculator(), AttackCalculator()):
        form = calc.children[1]
        lines = [c for c in form.children if isinstance(c, W.HBox)]
        assert len(lines) >= 8
        for line in lines:
            label = line.children[0]
            assert isinstance(label, W.HTML) and label.layout.width == "150px"


def test_k_slider_means_what_the_mode_says():
    """'all of them' shows k = the number in the square, greyed; 'k of them' enables it; modes with
    no single k hide it [8.0]."""
    calc = AttackCalculator({"Peter": "normal", "Roger": "normal", "Fran": "stunned"}, value=6)
    assert calc.mode.value == "all" and calc.k.value == 3 and calc.k.disabled
    calc.mode.value = "k"
    assert not calc.k.disabled and calc.k.layout.visibility == "visible"
    calc.k.value = 1
    assert calc.targets == ("Peter",)
    calc.mode.value = "by_k"
    assert calc.k.layout.visibility == "hidden"
    calc.mode.value = "all"
    assert calc.k.value == 3 and calc.k.disabled and calc.k.layout.visibility == "visible"
    calc.present["Roger"].value = False
    assert calc.k.value == 2 and calc.k.max == 2


def test_fresh_calculators_open_on_an_answer():
    """What a class sees after Run All: an answer, not a refusal."""
    shot, attack = ShotCalculator(shooters=("Peter", "Roger"), value=8), AttackCalculator({"Peter": "normal", "Fran": "stunned"}, value=6)
    assert shot.message == "" and shot.kill_chance is not None
    assert attack.message == "" and attack.p_destroyed is not None
