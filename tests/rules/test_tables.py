"""Charts and tables [2.2] against the source texts, cell by cell.

The French synthesis (seed 000) has every table complete: its lines are parsed here and compared
with dodnb/data/tables.json.  The English rules (seed 001, the authority) lost the "-" cells of
some tables in extraction: the cells that survive must agree too.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from dodnb.rules import tables as T
from dodnb.rules.tables import TableError, load_tables

REPO = Path(__file__).resolve().parents[2]
SEEDS = REPO / ".." / "shared" / "seeds"


def _seed(prefix: str) -> str:
    found = sorted(SEEDS.glob(f"{prefix}_*.txt"))
    if not found:
        pytest.fail(f"source text {prefix}_*.txt not found in {SEEDS.resolve()} (shared/ must sit beside the clone)")
    return found[0].read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def french_lines() -> list[str]:
    text = _seed("000")
    lines = [ln.strip() for ln in text.splitlines()]
    start = next(i for i, ln in enumerate(lines) if ln.startswith("Table de cout des actions"))
    return [ln for ln in lines[start:] if ln]


@pytest.fixture(scope="module")
def english_lines() -> list[str]:
    return [ln.strip() for ln in _seed("001").splitlines()]


@pytest.fixture(scope="module")
def tables():
    return load_tables()


def _block(lines: list[str], start: str, end: str) -> list[str]:
    i = next(k for k, ln in enumerate(lines) if ln.startswith(start))
    j = next(k for k in range(i + 1, len(lines)) if lines[k].startswith(end))
    return lines[i + 1 : j]


# --------------------------------------------------------------------------- [8.8] attack table


FR_LETTER = {"i": "I", "I": "I", "S": "S", "s": "S", "-": "-"}


def test_zombie_attack_table_every_cell_matches_french_8_8(french_lines, tables):
    """[8.8] all 66 cells of the Zombie Attack Table equal the French play aid."""
    block = _block(french_lines, "ATTAQUE ZOMBI", "Légende")
    header = next(ln for ln in block if ln.startswith("Dé "))
    assert header.split()[1:] == ["1", "2", "3-4", "5-6", "7-8", "9-13"]
    cols = [tuple(int(x) for x in h.split("-")) for h in header.split()[1:]]
    assert [(c[0], c[-1]) for c in cols] == [tuple(c) for c in tables.attack_columns]
    rows = {}
    for ln in block:
        m = re.fullmatch(r"(\d{1,2})((?: [-SsIi]){6})", ln)
        if m:
            rows[int(m.group(1))] = [FR_LETTER[c] for c in m.group(2).split()]
    assert sorted(rows) == list(range(2, 13))
    raw = json.loads(T.DATA_PATH.read_text(encoding="utf-8"))["zombie_attack"]["rows"]
    for total, cells in rows.items():
        assert raw[str(total)] == cells, f"[8.8] row {total}"
        for col, letter in enumerate(cells):
            lo, hi = tables.attack_columns[col]
            for strength in range(lo, hi + 1):
                assert tables.attack_result(total, strength) == T.ATTACK_WORDS[letter], (total, strength)


def test_zombie_attack_table_surviving_english_cells_agree_8_8(english_lines, tables):
    """[8.8] the English rows lost their '-' cells; the S/I letters left must be ours in order."""
    block = _block(english_lines, "[8.8] ZOMBIE ATTACK TABLE", "Results:")
    header = next(ln for ln in block if ln.startswith("Dice"))
    assert header.endswith("3-4 5-6 7-8 9-13")
    seen = {}
    for ln in block:
        m = re.fullmatch(r"(\d{1,2})((?:\s+[SI])*)", ln)
        if m:
            seen[int(m.group(1))] = m.group(2).split()
    assert sorted(seen) == list(range(2, 13))
    for total, letters in seen.items():
        ours = [c for c in json.loads(T.DATA_PATH.read_text())["zombie_attack"]["rows"][str(total)] if c != "-"]
        assert ours == letters, f"[8.8] English row {total}: {letters} vs ours {ours}"
    legend = " ".join(_block(english_lines, "Results: I = Infected", "[8.8] ZOMBIE ENTRANCE TABLE"))
    assert "Killed" in legend  # [8.5] stun/infect on a stunned or infected character kills


# --------------------------------------------------------------------------- [13.5] entrance table

FR_DOORS = {"Nord": "N", "Est": "E", "Sud": "S", "Ouest": "W"}
EN_DOORS = {"North": "N", "East": "E", "South": "S", "West": "W"}


def _doors(text: str, names: dict) -> list[str]:
    if text.strip() in ("-", "None"):
        return []
    return [names[w] for w in re.split(r" (?:et|and) ", text.strip())]


def test_zombie_entrance_table_matches_french_13_5(french_lines, tables):
    """[13.5] every row of the Zombie Entrance Table equals the French table (order of doors too)."""
    block = _block(french_lines, "Table d’arrivée des zombis", "Table des zombis cach")
    rows = {}
    for ln in block:
        m = re.fullmatch(r"(\d{1,2}) (.+)", ln)
        if m and m.group(2) != "Porte principale d’arrivée du zombi":
            rows[int(m.group(1))] = _doors(m.group(2), FR_DOORS)
    assert sorted(rows) == list(range(2, 13))
    for total, doors in rows.items():
        assert list(tables.entrance_order(total)) == doors, f"[13.5] row {total}"
        assert tables.entrance(total) == frozenset(doors)


def test_zombie_entrance_table_matches_english_13_5(english_lines, tables):
    """[13.5] the English rows (printed under the wrong label [8.8]) agree too."""
    i = english_lines.index("[8.8] ZOMBIE ENTRANCE TABLE")  # the mislabel the brief mentions
    block = english_lines[i + 1 : english_lines.index("See 13.0 for procedure.")]
    j = block.index("zombie unit enters")
    first = [ln for ln in block[j + 1 :] if ln][:5]  # dice 2..6, printed in a separate column
    rows = {2 + k: _doors(t, EN_DOORS) for k, t in enumerate(first)}
    for ln in block:
        m = re.fullmatch(r"(\d{1,2}) ((?:North|South|East|West|None)(?: and (?:North|South|East|West))?)", ln)
        if m:
            rows[int(m.group(1))] = _doors(m.group(2), EN_DOORS)
    assert sorted(rows) == list(range(2, 13))
    for total, doors in rows.items():
        assert list(tables.entrance_order(total)) == doors, f"[13.5] English row {total}"
    assert any(ln.startswith("[13.5]Zombie Entrance Table") for ln in english_lines)
    assert json.loads(T.DATA_PATH.read_text())["zombie_entrance"]["case"] == "13.5"


# --------------------------------------------------------------------------- [15.8] hidden zombies


def test_hidden_zombie_table_matches_french_15_8(french_lines, tables):
    """[15.8] columns 1-3 / 4-6 of the first die, rows 1-6 of the second die."""
    block = _block(french_lines, "Table des zombis cach", "Tout chiffre correspond")
    assert any(ln.split() == ["2sd", "dé", "1-3", "4-6"] for ln in block)
    rows = {}
    for ln in block:
        m = re.fullmatch(r"([1-6]) (\d|-) (\d|-)", ln)
        if m:
            rows[int(m.group(1))] = [None if c == "-" else int(c) for c in m.group(2, 3)]
    assert sorted(rows) == list(range(1, 7))
    for second, (low, high) in rows.items():
        for first in (1, 2, 3):
            assert tables.hidden_zombie(first, second) == low
        for first in (4, 5, 6):
            assert tables.hidden_zombie(first, second) == high


def test_hidden_zombie_surviving_english_digits_agree_15_8(english_lines, tables):
    """[15.8] the English table kept the digits 2..9, 0 (the 1 and the dashes were lost)."""
    block = _block(english_lines, "First Die", "Results: # = Last digit")
    digits = [0 if ln == "o" else int(ln) for ln in block if re.fullmatch(r"\d|o", ln)]
    assert digits == [2, 3, 4, 5, 6, 7, 8, 9, 0]
    ours = [tables.hidden_zombie(f, s) for f in (1, 4) for s in range(1, 7)]
    ours = [d for d in ours if d is not None]
    it = iter(ours)
    assert all(d in it for d in digits), "English digits must appear in our table in the same order"


# --------------------------------------------------------------------------- [6.7] shot modifiers


def test_shot_modifier_chart_matches_french_6_7(french_lines, tables):
    """[6.7] 0 in the same square, -1 per square, -2 open door, -3 closed glass door."""
    text = " ".join(_block(french_lines, "Table des modificateurs de tir", "PANIQUE"))
    assert int(re.search(r"dans sa case (-?\d+)", text).group(1)) == tables.shot["same_square"] == 0
    assert int(re.search(r"hors de sa case -(\d+)/case", text).group(1)) == tables.shot["per_square_away"]
    assert int(re.search(r"porte ouverte -(\d+)", text).group(1)) == tables.shot["open_door"]
    assert int(re.search(r"porte vitrée fermée -(\d+)", text).group(1)) == tables.shot["closed_glass_door"]
    assert "cumulatifs" in text and "chaque tireur" in text


def test_shot_modifier_chart_matches_english_6_7(english_lines, tables):
    """[6.7] English: -1 per square away, o (0), -2, -3; cumulative, per shooting character."""
    block = _block(english_lines, "[6.7] SHOT MODIFIER CHART", "Modifiers are cumulative")
    vals = [ln for ln in block if re.fullmatch(r"-\d.*|o \(a\)", ln)]
    assert vals == ["-1 per square away", "o (a)", "-2", "-3 (b)"]
    assert tables.shot_modifier(squares_away=1) == 1
    assert tables.shot_modifier(squares_away=0) == 0
    assert tables.shot_modifier(open_doors=1) == 2
    assert tables.shot_modifier(closed_glass_doors=1) == 3
    # [6.7] example: 167 -> 170 is three squares away
    assert tables.shot_modifier(squares_away=3) == 3
    assert tables.shot_modifier(squares_away=2, open_doors=1) == 4  # cumulative


# --------------------------------------------------------------------------- panic [6.5] [10.6] [11.5]


def test_panic_modifiers_match_french_6_5(french_lines, tables):
    """[6.5], [10.6], [11.5] the five checks and their increases; a normal zombie elsewhere needs none."""
    text = " ".join(_block(french_lines, "Modificateurs de panique", "Table d’arrivée"))
    found = re.findall(
        r"Tirer sur un (zombi berserk|super zombi|zombi) dans (la même|une autre) case que le personnage \((pas de mod|\+\d)\)",
        text,
    )
    assert len(found) == 5
    kinds = {"zombi": "zombie", "zombi berserk": "berserk", "super zombi": "super"}
    for kind, where, mod in found:
        inc = 0 if mod == "pas de mod" else int(mod)
        assert tables.panic_increase(kinds[kind], where == "la même") == inc
    assert ("zombi", "une autre") not in [(k, w) for k, w, _ in found]
    assert tables.panic_increase("zombie", False) is None


def test_panic_modifiers_match_english_6_5(english_lines, tables):
    """[6.5] English list 1-5 and [10.6], [11.5]."""
    text = " ".join(english_lines)
    assert "Shooting a zombie unit in the same square (no increase)" in text
    assert "Shooting a berserk zombie unit in a different square (no increase)" in text
    assert "Shooting a berserk zombie unit in the same square (increase by one)" in text
    assert "Shooting a super zombie in a different square (increase by one)" in text
    assert "Shooting a super zombie in the same square (increase by three)" in text
    assert [tables.panic_increase(k, s) for k, s in [("zombie", True), ("berserk", False), ("berserk", True), ("super", False), ("super", True)]] == [0, 0, 1, 1, 3]
    assert tables.panic_case("berserk", True) == "10.6"
    assert tables.panic_case("super", True) == "11.5"


# --------------------------------------------------------------------------- [5.9] movement costs


def test_movement_cost_chart_matches_french_5_9(french_lines, tables):
    """[5.9] enter 1, leave a zombie square value+1, door 2, main door / rifle: whole allowance; carry 2/3/4."""
    text = " ".join(french_lines[: french_lines.index("TIR")])
    assert "Entrer dans une case 1" in text
    assert "Valeur du zombi +1" in text
    assert re.search(r"normale 2 \(a\)", text)
    assert text.count("Tout le mouvement (a)") == 2
    assert tables.enter_cost() == 1 and tables.door_cost() == 2
    assert tables.exit_cost(4) == 5
    aid = " ".join(_block(french_lines, "Personnage Attaque Panique Transport", "ATTAQUE ZOMBI"))
    carry = [int(x) for x in re.findall(r"(\d)pt\+1/case", aid)]
    assert carry == [tables.carry_cost("Peter"), tables.carry_cost("Steve"), tables.carry_cost("Fran")] == [2, 3, 4]
    assert tables.carry_cost("Roger") == 2
    raw = json.loads(T.DATA_PATH.read_text())["movement_costs"]
    costs = {a["action"]: a["cost"] for a in raw["actions"]}
    assert costs["close_main_door"] == costs["acquire_hunting_rifle"] == "entire_allowance"


def test_movement_cost_chart_matches_english_5_9(english_lines, tables):
    """[5.9] English chart: 1, value (a), 2 (b), entire allowance (b) twice, carry 2/3/4 (c)."""
    block = _block(english_lines, "[5.9] HUMAN MOVEMENT POINT COST", "Notes:")
    assert "Zombie value of unit (a)" in block and "2 (b)" in block
    assert block.count("Allowance (b)") == 2
    for who, cost in (("Peter or Roger", 2), ("Steve", 3), ("Fran", 4)):
        assert f"{who} {cost} (c)" in block
        for name in who.split(" or "):
            assert tables.carry_cost(name) == cost


# --------------------------------------------------------------------------- single rolls


def test_super_zombie_roll_is_2_or_12_11_0(english_lines, french_lines, tables):
    """[11.0] 2d6 of 2 or 12 makes a super zombie."""
    text = " ".join(english_lines)
    assert 'If the dice result is a "2" or" 12", the infected character becomes a super zombie' in text
    assert "Sur un résultat de 2 ou 12" in _seed("000")
    assert [t for t in range(2, 13) if tables.becomes_super_zombie(t)] == [2, 12]


def test_berserk_thresholds_10_0(english_lines, tables):
    """[10.0] 4 or less goes berserk; 5 or 6 ends it."""
    text = " ".join(english_lines)
    assert "If the die result is 4 or less, the unit goes berserk" in text
    assert "If a 5 or 6 is rolled in any berserk zombie check, the unit is no longer" in text
    assert [d for d in range(1, 7) if tables.goes_berserk(d)] == [1, 2, 3, 4]
    assert [d for d in range(1, 7) if not tables.stays_berserk(d)] == [5, 6]


def test_glass_door_breaks_below_value_10_5(english_lines, tables):
    """[10.5] success if 2d6 is less than the Zombie Value; equal or greater fails."""
    text = " ".join(english_lines)
    assert "If the dice result is less than the Zombie Value, the attempt is successful" in text
    assert tables.glass_door_breaks(5, 6) and not tables.glass_door_breaks(6, 6) and not tables.glass_door_breaks(7, 6)


# --------------------------------------------------------------------------- lookups and validation


def test_strength_zero_and_above_13_rulings_8_8(tables):
    """[8.0] step 4 / [8.8] rulings: strength 0 has no effect; above 13 uses the 9-13 column."""
    assert all(tables.attack_result(t, 0) == "none" for t in range(2, 13))
    assert all(tables.attack_result(t, 20) == tables.attack_result(t, 13) for t in range(2, 13))
    assert tables.column_label(13) == "9-13" and tables.column_label(4) == "3-4"


def test_module_shortcuts_use_shipped_tables_2_2():
    """[2.2] module-level helpers answer like the Tables object."""
    t = load_tables()
    assert T.attack_result(3, 1) == t.attack_result(3, 1) == "stunned"
    assert T.entrance(2) == frozenset({"N", "W"})
    assert T.hidden_zombie(4, 5) == 0
    assert T.shot_modifier(2) == 2
    assert T.panic_increase("super zombie", True) == 3
    assert T.exit_cost(3) == 4
    assert T.carry_cost("steven") == 3
    assert T.becomes_super_zombie(12) and T.goes_berserk(4) and T.stays_berserk(1)
    assert T.glass_door_breaks(2, 3)


@pytest.mark.parametrize(
    "call, case",
    [
        (lambda t: t.attack_result(1, 3), "8.8"),
        (lambda t: t.attack_result(13, 3), "8.8"),
        (lambda t: t.attack_result(7, -1), "8.8"),
        (lambda t: t.entrance(13), "13.5"),
        (lambda t: t.hidden_zombie(0, 3), "15.8"),
        (lambda t: t.shot_modifier(-1), "6.7"),
        (lambda t: t.shot_modifier(1, 1, 1), "6.4"),
        (lambda t: t.panic_increase("ghost", True), "6.5"),
        (lambda t: t.exit_cost(0), "5.4"),
        (lambda t: t.becomes_super_zombie(1), "11.0"),
        (lambda t: t.goes_berserk(7), "10.0"),
        (lambda t: t.glass_door_breaks(7, 0), "10.5"),
    ],
)
def test_bad_lookups_raise_errors_naming_the_case_2_2(tables, call, case):
    """[2.2] out-of-table values raise TableError (a ValueError) whose message starts with the Case."""
    with pytest.raises(TableError) as err:
        call(tables)
    assert isinstance(err.value, ValueError)
    assert str(err.value).startswith(f"[{case}]")


def test_validation_rejects_broken_files_2_2(tmp_path):
    """[2.2] a user's tables file with a bad cell, a gap in the columns or a missing row is refused."""
    raw = json.loads(T.DATA_PATH.read_text())
    bad = json.loads(json.dumps(raw))
    bad["zombie_attack"]["rows"]["7"][0] = "X"
    p = tmp_path / "t.json"
    p.write_text(json.dumps(bad))
    with pytest.raises(TableError, match=r"\[8.8\].*row 7"):
        load_tables(p)
    bad = json.loads(json.dumps(raw))
    bad["zombie_attack"]["columns"][2] = [4, 4]
    p.write_text(json.dumps(bad))
    with pytest.raises(TableError, match=r"\[8.8\].*without gaps"):
        load_tables(p)
    bad = json.loads(json.dumps(raw))
    del bad["zombie_entrance"]["rows"]["7"]
    p.write_text(json.dumps(bad))
    with pytest.raises(TableError, match=r"\[13.5\]"):
        load_tables(p)
    p.write_text("{not json")
    with pytest.raises(TableError, match=r"\[2.2\]"):
        load_tables(p)
    p.write_text(json.dumps(raw))
    assert load_tables(p).attack_rows == load_tables().attack_rows
