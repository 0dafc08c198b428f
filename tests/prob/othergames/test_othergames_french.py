"""The other games' derivations, tables and charts in the reader's language (issue 34 items 1, 2):
built with the package in French they hold no English word of the scan list
(tests/widgets/test_french_scan.py; the games' titles are names) and no decimal point; the same
calls in English are English (the scan can fail), and a Dist built in one language is written in
the other (the steps are kept by catalogue key)."""

from __future__ import annotations

import pytest

from dodnb.i18n import get_language, set_language
from dodnb.prob.othergames import atz, chart, dead_dice, zombies
from tests.widgets.test_french_scan import _plain, english_words, point_numbers


def outputs() -> dict[str, str]:
    hero = dict(survival=3, rounds=4, muscle_dice=2, gun_dice=4, start="long", wear=2, weapon_dice=1)
    return {
        "rep": atz.rep_test(4).explain() + str(atz.successes(3, 4, who="star").table()),
        "charged": atz.being_charged(4, terrain="clear", chargers=3).explain()
        + atz.being_charged(3, terrain="building", can_fire=False).explain()
        + atz.being_charged(5, star=True, star_choice=1).explain(),
        "received": atz.received_fire(4, terrain="rough", can_return_fire=False).explain()
        + atz.received_fire(4, charging=True).explain() + atz.received_fire(4).explain(),
        "in sight": atz.in_sight(4, opponent_rep=5).explain() + atz.in_sight(4, has_ranged=False).explain()
        + atz.in_sight(3).explain(),
        "charge": atz.wanting_to_charge(4, has_ranged=True).explain(),
        "fire die": atz.fire_die(5, target=2, cover=True, rushed=True, far_survivor=True, armour=True, bonus=1).explain(),
        "ranged": atz.ranged_fire(5, 4, targets=3).explain() + atz.ranged_fire_and_ammo(4, 3, targets=2, panic=True).explain(),
        "shotgun": atz.shotgun_blast(5).explain(),
        "grenade": atz.grenade(4, 3).explain(),
        "ammo": atz.out_of_ammo(4).explain(),
        "melee": atz.melee(4, 5).explain() + _plain(atz.melee(4, 2)._repr_html_()),
        "zombies": atz.zombies_from_shots(6, 1).explain() + atz.setup_zombies(2).explain() + atz.surprise(4, 3).explain(),
        "nick": str(atz.resolve_fire(5, [4, 3, 6, 5], targets=3)) + str(atz.resolve_fire(5, [1, 1, 6], targets=3)),
        "dd test": dead_dice.test(3, 2).explain() + dead_dice.successes(0).explain(),
        "dd attacks": dead_dice.melee_attack(2).explain()
        + dead_dice.ranged_attack(3, 4, long_range=True, area_effect=True, precise=True).explain(),
        "dd horde": dead_dice.horde_attack(5).explain() + dead_dice.flee(2).explain(),
        "dd fight": dead_dice.horde_fight(4, tactic="guns_then_melee", **hero).explain()
        + dead_dice.tactic_label("guns_then_melee"),
        "zz": zombies.combat_roll().explain() + zombies.fight(3, 3, zombies=2).explain()
        + zombies.fight(2, 1, policy="save_bullets").explain() + zombies.policy_label("no_bullets"),
        "zz policy": zombies.optimal_policy(life_value=3).explain() + _plain(zombies.optimal_policy()._repr_html_())
        + zombies.optimal_policy(death_cost=5).explain(),
        "chart": _plain(chart.dist_chart(atz.zombies_from_shots(6)).svg) + chart.bar_chart([("g", "x", 1)]).alt,
    }


@pytest.fixture
def lang():
    before = get_language()
    yield set_language
    set_language(before)


def test_the_other_games_speak_french(lang):
    lang("fr")
    texts = outputs()
    bad = {k: sorted(set(english_words([t]))) for k, t in texts.items()}
    assert not any(bad.values()), bad
    points = {k: point_numbers([t]) for k, t in texts.items()}
    assert not any(points.values()), points
    assert "P(tir, puis mêlée) = 4/9  (44,4\u202f%, 1 sur 2,2)" in texts["charged"]
    assert "2 cibles touchées, il reste des munitions" in texts["nick"]


def test_the_same_calls_in_english_are_english(lang):
    lang("en")
    texts = outputs()
    assert all(english_words([t]) for t in texts.values()), [k for k, t in texts.items() if not english_words([t])]
    assert "P(fire, then melee) = 4/9  (44.4%, 1 in 2.2)" in texts["charged"]
    assert "2 hits, ammunition left" in texts["nick"]
    assert "P(won, 3 lives and 3 bullets left)" in zombies.fight(3, 3).explain()


def test_built_in_english_written_in_french(lang):
    lang("en")
    d = atz.shotgun_blast(5)
    assert "fusil à pompe" in d.explain(lang="fr") and "shotgun" in d.explain()
