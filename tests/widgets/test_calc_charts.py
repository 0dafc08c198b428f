"""Calculator charts as scenes: the Attack Table heat table [8.8], status bars [8.5], shot bars [6.8]."""

from __future__ import annotations

import itertools
from fractions import Fraction as F

import dodnb.prob as P
from dodnb.prob import Dist, FireOutcome
from dodnb.render.calc_charts import (
    STATUS_COLOURS,
    attack_table_scene,
    fire_chart,
    fire_label,
    heat_colour,
    probability_grid,
    status_chart,
)
from dodnb.render.scene import RectShape, TextShape
from dodnb.rules.tables import default_tables

T = default_tables()


def texts(scene):
    return [s.text for s in scene.shapes if isinstance(s, TextShape)]


def test_attack_table_heat_table_matches_the_printed_table_8_8():
    """[8.8] every cell of the heat table is the table's result for that 2d6 total and column,
    and the P(...) rows count the 2d6 faces (itertools.product) giving that result."""
    sc = attack_table_scene()
    cols = T.attack_columns
    letters = {"none": "–", "stunned": "S", "infected": "I"}
    for i, total in enumerate(range(2, 13)):
        for j, (lo, _) in enumerate(cols):
            cell = [s for s in sc.tagged(f"cell:{i}:{j}") if isinstance(s, TextShape)]
            assert cell[0].text == letters[T.attack_result(total, lo)]
    for r, result in enumerate(("stunned", "infected", "none")):
        for j, (lo, _) in enumerate(cols):
            ways = sum(1 for a, b in itertools.product(range(1, 7), repeat=2) if T.attack_result(a + b, lo) == result)
            cell = [s for s in sc.tagged(f"cell:{11 + r}:{j}") if isinstance(s, TextShape)]
            assert cell[0].text == P.dist.fmt_fraction(F(ways, 36))
    assert "<svg" in sc.to_svg() and "Zombie Attack Table [8.8]" in sc.to_svg()


def test_status_chart_segments_follow_exact_probabilities_8_5():
    """[8.5] one stacked bar per character; segment widths proportional to the exact chances."""
    d = Dist({"normal": F(1, 2), "stunned": F(1, 4), "killed": F(1, 4)})
    sc = status_chart([("Fran", d)], "t")
    segs = {s.tag.split(":")[2]: s for s in sc.shapes if isinstance(s, RectShape) and s.tag and s.tag.count(":") == 2}
    assert set(segs) == {"normal", "stunned", "killed"}
    assert abs(segs["stunned"].w / segs["normal"].w - 0.5) < 1e-9
    assert abs(segs["killed"].w - segs["stunned"].w) < 1e-9
    assert segs["killed"].fill == STATUS_COLOURS["killed"]
    assert "50.0%" in texts(sc) and "25.0%" in texts(sc)


def test_fire_labels_and_chart_6_8():
    """[6.8] labels name who fired and the pooled dice; kills are highlighted."""
    assert fire_label(FireOutcome((), ("Peter", "Roger"), 3, True)) == "Peter+Roger (3d6): killed"
    assert fire_label(FireOutcome((), ("Peter", "Roger", "Steve"), 3, False)) == "P+R+S (3d6): missed"
    # a single shooter "panics"; "all panic" only when several shot and every one panicked [6.5]
    assert fire_label(FireOutcome(("Fran",), (), 0, False)) == "panics: no shot"
    assert fire_label(FireOutcome(("Peter", "Roger"), (), 0, False)) == "all panic: no shot"
    single = [t for t in texts(fire_chart(P.combined_fire(["Fran"], 3), "x")) if "panic" in t]
    assert single == ["panics: no shot"]
    assert fire_label(FireOutcome((), ("Peter", "Fran"), 3, True), together=False) == "Peter+Fran in turn: killed"
    d = P.combined_fire(["Peter", "Roger"], 5)
    sc = fire_chart(d, "x")
    labels = [t for t in texts(sc) if "d6)" in t or "panic" in t]
    assert labels[0] == "Peter+Roger (3d6): killed"
    assert len(labels) == len(d)


def test_heat_colour_ends_and_probability_grid():
    assert heat_colour(F(0)) == "#ffffff"
    assert heat_colour(F(1), "#102030") == "#102030"
    sc = probability_grid(["a"], ["x", "y"], [[F(1, 3), None]], percent=True)
    assert "33.3%" in texts(sc)
