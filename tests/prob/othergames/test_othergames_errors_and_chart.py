"""Bad input gives a clear error naming the rule and the value; the SVG chart is deterministic."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest

from dodnb.prob import Dist
from dodnb.prob.othergames import OtherGameInputError, atz, chart
from dodnb.prob.othergames import dead_dice as dd
from dodnb.prob.othergames import zombies as zz


@pytest.mark.parametrize("call,where,value", [
    (lambda: atz.rep_test(7), "ATZ 5.3", "7"),
    (lambda: atz.rep_test(0), "ATZ 5.3", "0"),
    (lambda: atz.rep_test(4.0), "ATZ 5.3", "4.0"),
    (lambda: atz.rep_test(True), "ATZ 5.3", "True"),
    (lambda: atz.being_charged(4, terrain="swamp"), "ATZ 9.1", "swamp"),
    (lambda: atz.being_charged(4, chargers=0), "ATZ 9.1", "0"),
    (lambda: atz.being_charged(4, star=True, star_choice=3), "ATZ 9.1", "3"),
    (lambda: atz.received_fire(4, charging="yes"), "ATZ 9.2", "yes"),
    (lambda: atz.in_sight(4, opponent_rep=9), "ATZ 9.3", "9"),
    (lambda: atz.ranged_fire(4, 0), "ATZ 8.1.2", "0"),
    (lambda: atz.ranged_fire(4, 2, targets=3), "ATZ 8.1", "3"),
    (lambda: atz.shotgun_blast(4, targets=4), "ATZ 8.1.5", "4"),
    (lambda: atz.resolve_fire(4, [7]), "ATZ 8.1", "7"),
    (lambda: atz.resolve_fire(4, [1, 2, 3], shotgun=True), "ATZ 8.1.5", "3"),
    (lambda: atz.melee(4, 0), "ATZ 8.3", "0"),
    (lambda: atz.melee(4, 2, dice=-1), "ATZ 8.3", "-1"),
    (lambda: atz.zombies_from_shots(), "ATZ 11.0", "Shot"),
    (lambda: atz.zombies_from_shots(7), "ATZ 4.2", "7"),
    (lambda: atz.out_of_ammo(0), "ATZ 8.1.7", "0"),
    (lambda: atz.surprise(4, -2), "ATZ 10.1", "-2"),
])
def test_atz_bad_input_names_section_and_value(call, where, value):
    """Bad ATZ input -> OtherGameInputError (a ValueError) citing the ATZ section and the value."""
    with pytest.raises(OtherGameInputError) as info:
        call()
    assert isinstance(info.value, ValueError)
    msg = str(info.value)
    assert f"[{where}]" in msg and value in msg, msg


@pytest.mark.parametrize("call,where,value", [
    (lambda: dd.successes(-1), "Mécanique", "-1"),
    (lambda: dd.test(3, 0), "Mécanique", "0"),
    (lambda: dd.pool(2, helpers=-1), "Mécanique", "-1"),
    (lambda: dd.horde_attack(0), "Round des morts", "0"),
    (lambda: dd.horde_fight(3, 0), "Survivants", "0"),
    (lambda: dd.horde_fight(-3, 2), "Round des morts", "-3"),
    (lambda: dd.horde_fight(3, 2, tactic="run"), "Combattre la Horde", "run"),
    (lambda: dd.horde_fight(3, 2, tactic="guns"), "Combattre à distance", "gun_dice"),
    (lambda: dd.horde_fight(3, 2, start="far"), "Combattre la Horde", "far"),
    (lambda: dd.horde_fight(3, 2, ammo="lots"), "Effet des réserves", "lots"),
    (lambda: dd.horde_fight(3, 2, weapon_dice=1, muscle_dice=2), "Arsenal", "weapon_dice=1"),
    (lambda: dd.horde_fight(Dist.uniform([0, 1]), 2), "Round des morts", "0"),
])
def test_dead_dice_bad_input_names_heading_and_value(call, where, value):
    """Bad Dead Dice input -> OtherGameInputError citing the rulebook heading and the value."""
    with pytest.raises(OtherGameInputError) as info:
        call()
    msg = str(info.value)
    assert where in msg and value in msg, msg


@pytest.mark.parametrize("call,where,value", [
    (lambda: zz.fight(3, -1), "Règles de Combat", "-1"),
    (lambda: zz.fight(9, 1), "Règles Supplémentaires", "9"),
    (lambda: zz.fight(3, 3, zombies=0), "Règles de Combat", "0"),
    (lambda: zz.fight(3, 3, policy="yolo"), "Règles de Combat", "yolo"),
    (lambda: zz.optimal_policy(life_value=0.5), "Règles de Combat", "0.5"),
    (lambda: zz.optimal_policy(life_value=-1), "Règles de Combat", "-1"),
])
def test_zombies_bad_input_names_heading_and_value(call, where, value):
    """Bad Zombies!!! input -> OtherGameInputError citing the rulebook heading and the value."""
    with pytest.raises(OtherGameInputError) as info:
        call()
    msg = str(info.value)
    assert where in msg and value in msg, msg


def test_chart_is_valid_deterministic_svg():
    bars = [("Game A", "one", Fraction(1, 2)), ("Game A", "two", Fraction(1, 3)), ("Game B", "three", Fraction(1))]
    a = chart.bar_chart(bars, title="Demo")
    b = chart.bar_chart(bars, title="Demo")
    assert a.svg == b.svg
    root = ET.fromstring(a.svg)
    assert root.tag.endswith("svg")
    texts = " ".join(t.text or "" for t in root.iter() if t.tag.endswith("text"))
    assert "50.0% (1/2)" in texts and "Game B" in texts
    # bar widths are proportional to the probability (plot width = 720 - 330 - 150 = 240)
    widths = [r.get("width") for r in root.iter() if r.tag.endswith("rect") and r.get("fill") not in ("#eeeeee", "#ffffff")]
    assert widths == ["120", "80", "240"]
    assert repr(a) == "<SVG chart: Demo>"


def test_chart_rejects_bad_probability():
    with pytest.raises(OtherGameInputError):
        chart.bar_chart([("g", "x", Fraction(3, 2))])
    with pytest.raises(OtherGameInputError):
        chart.bar_chart([])


def test_dist_chart_one_bar_per_outcome():
    svg = chart.dist_chart(atz.rep_test(4)).svg
    assert svg.count("<title>") == 3


def test_othergames_import_no_widgets():
    """House rule: dodnb.prob (and so othergames) never imports widget or display libraries."""
    code = (
        "import sys, dodnb.prob.othergames\n"
        "bad = [m for m in ('ipywidgets', 'ipycanvas', 'IPython.display', 'dodnb.widgets', 'matplotlib') "
        "if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
