"""Counter values [2.3] (a reconstruction: docs/COUNTERS.md) and the rules they must satisfy."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from dodnb.prob import panic_chance
from dodnb.rules.counters import (
    CHARACTERS,
    CounterError,
    DATA_PATH,
    Side,
    canonical_name,
    default_counters,
    load_counters,
)
from dodnb.rules.tables import load_tables

REPO = Path(__file__).resolve().parents[2]
SEEDS = REPO / ".." / "shared" / "seeds"


@pytest.fixture(scope="module")
def counters():
    return default_counters()


def test_shipped_file_says_it_is_a_reconstruction_2_3(counters):
    """[2.3] the printed values are not in the sources: the file must say so."""
    raw = json.loads(DATA_PATH.read_text())
    assert raw["reconstruction"] is True and counters.reconstruction
    assert "COUNTERS.md" in raw["about"]


def test_fifty_zombie_units_with_distinct_ids_3_1(counters):
    """[3.1] 50 zombie units: 45 on the map, 5 hidden."""
    assert len(counters.units) == 50
    assert len({u.id for u in counters.units}) == 50
    assert all(isinstance(u.value, int) and u.value >= 1 for u in counters.units)


def test_zombie_values_span_every_attack_table_column_8_8(counters):
    """[8.8] columns 1, 2, 3-4, 5-6, 7-8, 9-13 all occur; unit + super zombie (2 [11.3]) reaches 13 but not beyond."""
    t = load_tables()
    cols = {t.attack_column(v) for v in counters.zombie_values()}
    assert cols == set(range(len(t.attack_columns)))
    top = max(counters.zombie_values()) + counters.super_zombie_value
    assert top == 13


def test_super_zombie_value_2_moves_3_11_2_11_3(counters):
    """[11.2] a super zombie moves three squares; [11.3] its Zombie Value is 2."""
    assert counters.super_zombie_value == 2
    assert counters.super_zombie_moves == 3


def test_shot_dice_per_character_6_6(counters):
    """[6.6] Peter and Roger roll two dice, Steve and Fran one; two with a hunting rifle [12.0]."""
    assert [counters[c].dice_for_shot() for c in CHARACTERS] == [2, 2, 1, 1]
    assert counters["Steve"].dice_for_shot(rifle=True) == 2
    assert counters["Fran"].dice_for_shot(rifle=True) == 2


def test_panic_dice_follow_the_french_play_aid_6_5(counters):
    """[6.5] ruling: panic dice = shot dice (French play aid: Peter/Roger 2D6, Steve/Fran 1D6, 2D6 with rifle)."""
    found = sorted(SEEDS.glob("000_*.txt"))
    if not found:
        pytest.fail(f"French synthesis 000_*.txt not found in {SEEDS.resolve()} (shared/ must sit beside the clone)")
    text = found[0].read_text(encoding="utf-8")
    assert "Pour Roger et Peter jetez 2D6" in text
    assert "Pour Fran et Steve jetez 1D6 (2D6 s’ils ont un fusil)" in text
    assert "De lancer 2D6 au lieu d’un seul pour chaque test de panique" in text
    assert [counters[c].dice_for_panic() for c in CHARACTERS] == [2, 2, 1, 1]
    assert counters["Fran"].dice_for_panic(rifle=True) == 2


def test_rifle_only_for_steve_and_fran_12_1(counters):
    """[12.1] Peter and Roger may never acquire a hunting rifle."""
    for who in ("Peter", "Roger"):
        with pytest.raises(CounterError, match=r"^\[12.1\]"):
            counters[who].dice_for_shot(rifle=True)


def test_panic_is_plausible_but_not_certain_6_5(counters):
    """[6.5] every Panic Level gives 0 < P(panic) <= 1/2 on plain targets; [11.5] a super zombie in the
    same square raises it, yet a normal-side character can still keep his nerve."""
    for name in CHARACTERS:
        ch = counters[name]
        for status in ("normal", "infected"):
            p = panic_chance(ch.panic_level(status), ch.dice_for_panic())
            assert 0 < p <= Fraction(1, 2), (name, status, p)
            assert panic_chance(ch.panic_level(status) + 3, ch.dice_for_panic()) > p
        assert panic_chance(ch.panic_level() + 3, ch.dice_for_panic()) < 1


def test_infected_side_is_no_better_8_4(counters):
    """[8.4] infected characters use the numbers on the infected counter: never better than normal."""
    for name in CHARACTERS:
        n, i = counters[name].normal, counters[name].infected
        assert i.fire_rate <= n.fire_rate
        assert i.panic_level >= n.panic_level
        assert i.movement <= n.movement


def test_movement_allowances_allow_leaving_small_zombie_squares_5_4(counters):
    """[5.4] leaving costs value + 1: every normal character can leave a value-2 square, nobody a value-11 one."""
    t = load_tables()
    for name in CHARACTERS:
        ma = counters[name].movement()
        assert t.exit_cost(2) <= ma < t.exit_cost(max(counters.zombie_values()))


def test_every_carry_row_of_the_chart_can_be_used_5_6_5_9(counters):
    """[5.6], [5.9] each character's normal Movement Allowance pays at least one square of carrying
    (1 to enter plus his carry cost), so no line of the Human Movement Point Cost Chart is dead print."""
    t = load_tables()
    for name in CHARACTERS:
        assert counters[name].movement() >= t.enter_cost() + t.carry_cost(name), name


def test_stunned_side_has_no_numbers_8_3(counters):
    """[8.3] a stunned character may not move or shoot."""
    with pytest.raises(CounterError, match=r"^\[8.3\]"):
        counters["Peter"].side("stunned")
    assert json.loads(DATA_PATH.read_text())["stunned"] == {"case": "8.3", "can_move": False, "can_shoot": False}


def test_names_and_statuses_2_3(counters):
    """[2.3] four characters; 'Steven' is Steve [1.0]; unknown names and statuses are refused by Case."""
    assert canonical_name("steven") == "Steve" and canonical_name(" FRAN ") == "Fran"
    with pytest.raises(CounterError, match=r"^\[2.3\].*'Bob'"):
        counters["Bob"]
    with pytest.raises(CounterError, match=r"^\[8.5\]"):
        counters["Fran"].side("killed")
    with pytest.raises(CounterError, match=r"^\[2.3\]"):
        counters["Fran"].side("sleepy")


def test_learner_can_plug_printed_values_2_3(counters, tmp_path):
    """[2.3] with_character / with_zombie_values / load_counters(path) replace the reconstruction."""
    c2 = counters.with_character("Peter", normal=(4, 2, 7), infected=Side(1, 6, 3))
    assert c2["Peter"].normal == Side(4, 2, 7) and c2["Peter"].infected.panic_level == 6
    assert counters["Peter"].normal.fire_rate == 3  # original untouched
    c3 = counters.with_zombie_values([1, 2, 3])
    assert c3.zombie_values() == [1, 2, 3]
    with pytest.raises(CounterError, match=r"^\[2.3\]"):
        counters.with_zombie_values([0])
    raw = json.loads(DATA_PATH.read_text())
    raw["characters"]["Fran"]["normal"]["panic_level"] = 1
    p = tmp_path / "mine.json"
    p.write_text(json.dumps(raw))
    assert load_counters(p)["Fran"].panic_level() == 1
    raw["characters"]["Fran"]["normal"]["panic_level"] = -1
    p.write_text(json.dumps(raw))
    with pytest.raises(CounterError, match=r"^\[6.5\]"):
        load_counters(p)
    del raw["characters"]["Roger"]
    raw["characters"]["Fran"]["normal"]["panic_level"] = 2
    p.write_text(json.dumps(raw))
    with pytest.raises(CounterError, match=r"Roger"):
        load_counters(p)


def test_counters_doc_lists_the_shipped_values_2_3(counters):
    """[2.3] docs/COUNTERS.md shows the same numbers as the data file."""
    doc = (REPO / "docs" / "COUNTERS.md").read_text(encoding="utf-8")
    for name in CHARACTERS:
        n, i = counters[name].normal, counters[name].infected
        row = re.search(rf"^\| {name} \|(.+)$", doc, re.M)
        assert row, f"no table row for {name} in COUNTERS.md"
        nums = [int(x) for x in re.findall(r"\b\d+\b", row.group(1))]
        assert nums[:6] == [n.fire_rate, n.panic_level, n.movement, i.fire_rate, i.panic_level, i.movement], name
    vc = counters.value_counts()
    row = re.search(r"^\| units \|(.+)$", doc, re.M)
    assert row, "no 'units' row in COUNTERS.md"
    assert [int(x) for x in re.findall(r"\b\d+\b", row.group(1))] == [vc[v] for v in sorted(vc)]


def test_counters_doc_figures_are_computed_not_typed_6_0_10_5_5_4():
    """[6.0], [10.5], [5.4] the odds quoted in docs/COUNTERS.md are what the engine computes."""
    from dodnb import prob as P

    doc = (REPO / "docs" / "COUNTERS.md").read_text(encoding="utf-8")
    quoted = {
        "73/150": P.kill_chance(1, 0, None),
        "491/600": P.kill_chance(2, 0, None),
        "10289/10800": P.kill_chance(3, 0, None),
        "71/300": P.kill_chance(1, 2, None),
        "109/600": P.glass_door_chance(),
        "7/10": P.can_leave_chance(6),
        "108/25": P.unseen_values().mean(),
    }
    for text, value in quoted.items():
        assert text in doc
        assert Fraction(text) == value, text
