"""Dist, the exact distribution (DESIGN.md "Probability"), and dice(n) against brute force."""

from __future__ import annotations

import math
from fractions import Fraction as F

import pytest

from dodnb.prob import Dist, DistError, dice
from dodnb.prob.dist import fmt_decimal, fmt_one_in, fmt_percent

from prob_brute import brute


def test_weights_are_normalised_to_exact_fractions():
    d = Dist({"a": 1, "b": 2, "c": 0})
    assert d.items() == [("a", F(1, 3)), ("b", F(2, 3))]
    assert all(isinstance(p, F) for _, p in d.items())
    assert sum(p for _, p in d.items()) == 1
    assert "c" not in d.outcomes  # zero weight dropped
    assert Dist({1: F(1, 2), 2: F(1, 4)}).p(1) == F(2, 3)


@pytest.mark.parametrize("bad", [{}, {"a": 0}, {"a": -1, "b": 2}, {"a": 0.5}, {"a": "1"}])
def test_bad_weights_are_refused(bad):
    with pytest.raises(DistError) as err:
        Dist(bad)
    assert isinstance(err.value, ValueError)


def test_constructors():
    assert Dist.certain(7).items() == [(7, 1)]
    assert Dist.uniform("abca").p("a") == F(1, 2)
    assert Dist.from_pairs([(1, 1), (2, 1), (1, 2)]).p(1) == F(3, 4)
    m = Dist.mixture([(1, Dist.certain("x")), (3, Dist.uniform("xy"))])
    assert m.p("x") == F(1, 4) + F(3, 4) * F(1, 2)
    with pytest.raises(DistError):
        Dist.mixture([])
    with pytest.raises(DistError):
        Dist.mixture([(1, "not a dist")])
    prod = Dist.product(dice(1), Dist.uniform([0, 1]))
    assert prod.p((6, 1)) == F(1, 12) and len(prod) == 12


def test_items_sorted_and_outcomes_usable_both_ways():
    d = Dist({3: 1, 1: 1, 2: 1})
    assert [x for x, _ in d.items()] == [1, 2, 3]
    assert d.outcomes == (1, 2, 3) and d.outcomes() == (1, 2, 3)
    doors = Dist({frozenset("NE"): 1, frozenset(): 1, frozenset("W"): 1, frozenset("E"): 1})
    assert [x for x, _ in doors.items()] == [frozenset(), frozenset("E"), frozenset("W"), frozenset("EN")]
    mixed = Dist({None: 1, 0: 1, "x": 1})
    assert mixed.outcomes == (None, 0, "x")
    ordered = Dist({"none": 1, "stunned": 1, "infected": 1}, order=("none", "stunned", "infected"))
    assert ordered.outcomes == ("none", "stunned", "infected")


def test_p_takes_an_outcome_or_a_predicate():
    d = dice(2)
    assert d.p(7) == F(1, 6) and d[7] == F(1, 6)
    assert d.p(13) == 0
    assert d.p(lambda t: t >= 10) == F(1, 6)


def test_map_bind_and_chain_rule():
    d = dice(1)
    parity = d.map(lambda x: x % 2)
    assert parity == Dist({0: 1, 1: 1})
    # bind: roll 1d6, then that many d6 - against brute force over all faces
    two_stage = d.bind(lambda n: dice(n))
    acc = {}
    for n in range(1, 7):
        for t, p in brute(n, sum).items():
            acc[t] = acc.get(t, 0) + F(1, 6) * p
    assert two_stage == Dist(acc)
    with pytest.raises(DistError):
        d.bind(lambda x: x)


def test_addition_is_convolution_and_int_shift():
    assert dice(1) + dice(2) == brute(3, sum) == dice(3)
    assert (dice(2) + 3).p(5) == F(1, 36)
    assert (3 + dice(2)).p(5) == F(1, 36)
    assert sum([dice(1)] * 3) == dice(3)
    assert (dice(2) - 1).p(1) == F(1, 36)
    assert (dice(1) - dice(1)).p(0) == F(1, 6)
    assert dice(1).repeat_sum(4) == dice(4)


def test_given_is_conditioning():
    d = dice(2).given(lambda t: t >= 10)
    assert d.items() == [(10, F(1, 2)), (11, F(1, 3)), (12, F(1, 6))]
    assert dice(2).given(7) == Dist.certain(7)
    with pytest.raises(DistError, match="probability 0"):
        dice(2).given(lambda t: t > 12)


def test_cumulative_mean_variance_sd_against_brute_force():
    d = dice(3)
    all_faces = [sum(f) for f in __import__("itertools").product(range(1, 7), repeat=3)]
    assert d.at_least(10) == F(sum(t >= 10 for t in all_faces), 216)
    assert d.at_most(10) == F(sum(t <= 10 for t in all_faces), 216)
    mean = F(sum(all_faces), 216)
    var = F(sum((t - mean) ** 2 for t in all_faces), 216)
    assert d.mean() == mean == F(21, 2)
    assert d.variance() == var == F(35, 4)
    assert isinstance(d.sd(), float) and math.isclose(d.sd(), math.sqrt(35 / 4))
    with pytest.raises(DistError, match="numeric"):
        Dist({"a": 1}).mean()


def test_table_rows():
    rows = dice(2).table()
    assert [r.outcome for r in rows] == list(range(2, 13))
    r7 = rows[5]
    assert (r7.exact, r7.at_least, r7.at_most, r7.one_in) == (F(1, 6), F(7, 12), F(7, 12), "1 in 6")
    assert rows[0].one_in == "1 in 36" and rows[4].one_in == "1 in 7.2"
    words = Dist({"a": 1}).table()
    assert words[0].at_least is None
    assert "1/6" in str(rows) and "<table" in rows._repr_html_()


def test_html_shows_fraction_percent_and_a_bar():
    h = dice(2)._repr_html_()
    assert "1/6" in h and "16.7%" in h and "width:240px" in h and "width:40px" in h
    assert h.count("<tr>") == 12  # header + 11 totals
    assert "&lt;" not in Dist({"<b>": 1})._repr_html_().split("<td")[0]  # outcome text is escaped
    assert "&lt;b&gt;" in Dist({"<b>": 1})._repr_html_()


def test_explain_has_steps_and_results():
    d = Dist({"kill": F(5, 12), "no": F(7, 12)}).with_steps(
        "P(kill) = P(Steve keeps his nerve) × P(1d6 − 1 ≥ 3) = 5/6 × 1/2 = 5/12", title="Steve shoots"
    )
    text = d.explain()
    assert text.splitlines()[0] == "Steve shoots"
    assert "5/6 × 1/2 = 5/12" in text
    assert "P(kill) = 5/12  (41.7%, 1 in 2.4)" in text
    assert "(total 1)" in text
    assert d.steps and d.title == "Steve shoots"
    assert "mean = 7" in dice(2).explain()


def test_equality_is_exact_and_dists_are_immutable():
    assert Dist({1: 1, 2: 1}) == Dist({2: F(1, 2), 1: F(1, 2)})
    assert Dist({1: 1, 2: 1}) != Dist({1: 1, 2: 2})
    assert hash(Dist({1: 1})) == hash(Dist.certain(1))
    with pytest.raises(AttributeError):
        dice(1).title = "x"


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_dice_matches_brute_force(n):
    assert dice(n) == brute(n, sum)
    assert dice(n).title == f"Sum of {n}d6"


@pytest.mark.parametrize("bad", [0, -1, 1.5, True, "2"])
def test_dice_refuses_bad_counts(bad):
    with pytest.raises(DistError):
        dice(bad)


def test_display_helpers_are_exact():
    assert fmt_percent(F(1, 3)) == "33.3%" and fmt_percent(F(2, 3), 2) == "66.67%"
    assert fmt_decimal(F(5, 12)) == "0.4167"
    assert fmt_one_in(F(0)) == "never" and fmt_one_in(F(5, 36)) == "1 in 7.2"


# --------------------------------------------------------------------------- whole-number storage


def test_weights_are_whole_numbers_without_common_factor():
    """A Dist keeps one whole-number weight per outcome over their total (reduced), so equal
    distributions have equal weights however they were built."""
    d = Dist({"a": F(1, 6), "b": F(1, 3), "c": 3})
    w, tot = d.weights()
    assert w == {"a": 1, "b": 2, "c": 18} and tot == 21
    assert all(type(x) is int for x in w.values()) and math.gcd(*w.values()) == 1
    assert d.p("a") == F(1, 21) and d.items() == [("a", F(1, 21)), ("b", F(2, 21)), ("c", F(18, 21))]
    assert Dist({"a": 10, "b": 20, "c": 180}).weights() == (w, tot)
    assert Dist({"a": 10, "b": 20, "c": 180}) == d and hash(Dist({"a": 10, "b": 20, "c": 180})) == hash(d)
    w["a"] = 99  # a copy: the Dist is not changed
    assert d.p("a") == F(1, 21)


def test_operations_agree_with_plain_fraction_arithmetic():
    """map, given, +, bind, mixture and product against the textbook formulas written with Fractions."""
    a = Dist({1: F(1, 3), 2: F(1, 6), 4: F(1, 2)})
    b = Dist({0: F(2, 5), 3: F(3, 5)})
    pa, pb = dict(a.items()), dict(b.items())
    conv = {}
    for x, p in pa.items():
        for y, q in pb.items():
            conv[x + y] = conv.get(x + y, 0) + p * q
    assert dict((a + b).items()) == conv
    assert dict(a.map(lambda x: x % 2).items()) == {0: pa[2] + pa[4], 1: pa[1]}
    assert dict(a.given(lambda x: x > 1).items()) == {2: pa[2] / (pa[2] + pa[4]), 4: pa[4] / (pa[2] + pa[4])}
    chain = a.bind(lambda x: b + x)
    ref = {}
    for x, p in pa.items():
        for y, q in pb.items():
            ref[x + y] = ref.get(x + y, 0) + p * q
    assert dict(chain.items()) == ref
    mix = Dist.mixture([(F(1, 4), a), (F(3, 4), b)])
    assert dict(mix.items()) == {x: F(1, 4) * pa.get(x, 0) + F(3, 4) * pb.get(x, 0) for x in set(pa) | set(pb)}
    prod = Dist.product(a, b)
    assert dict(prod.items()) == {(x, y): p * q for x, p in pa.items() for y, q in pb.items()}
    assert a.p(lambda x: x >= 2) == pa[2] + pa[4] and a.at_least(2) == pa[2] + pa[4] and a.at_most(1) == pa[1]


# --------------------------------------------------------------------------- explain() of big distributions


def test_explain_lists_every_outcome_up_to_twenty():
    d = Dist.uniform(range(20))
    text = d.explain()
    assert sum(line.startswith("  P(") for line in text.splitlines()) == 20 and "(total 1)" in text
    assert "more outcomes" not in text


def test_explain_of_a_big_dist_lists_the_twelve_most_likely_and_the_rest_in_one_line():
    d = Dist({i: i + 1 for i in range(30)})  # 30 outcomes, weights 1..30, total 465
    text = d.explain()
    lines = [line for line in text.splitlines() if line.startswith("  P(")]
    assert "Result: 30 possible outcomes; the 12 most likely:" in text
    assert [line.split(")")[0] for line in lines] == [f"  P({i}" for i in range(29, 17, -1)]
    rest = F(sum(range(1, 19)), 465)
    assert f"  … and 18 more outcomes (total probability {rest.numerator}/{rest.denominator}, 36.8%)" in text
    assert "mean = " in text  # numbers: the mean of the whole distribution is still given
    assert len(d.table()) == len(d.items()) == 30
    three = d.explain(top=3)
    assert sum(line.startswith("  P(") for line in three.splitlines()) == 3 and "… and 27 more outcomes" in three
    assert sum(line.startswith("  P(") for line in d.explain(top=30).splitlines()) == 30
    assert sum(line.startswith("  P(") for line in d.explain(top=100).splitlines()) == 30


def test_explain_ties_keep_display_order():
    d = Dist.uniform(range(25))
    lines = [line for line in d.explain().splitlines() if line.startswith("  P(")]
    assert [line.split(")")[0] for line in lines] == [f"  P({i}" for i in range(12)]


@pytest.mark.parametrize("bad", [0, -1, 2.5, True, "5"])
def test_explain_refuses_a_bad_top(bad):
    with pytest.raises(DistError, match="explain"):
        dice(2).explain(top=bad)


def test_html_of_a_big_dist_shows_the_top_rows_and_an_exact_remainder():
    """A notebook table of 100 outcomes shows the 40 most likely and the exact total of the rest."""
    from fractions import Fraction

    from dodnb.prob.dist import HTML_ROWS, Dist

    d = Dist({i: i + 1 for i in range(100)})
    html_text = d._repr_html_()
    assert html_text.count("<tr>") == 1 + HTML_ROWS + 1
    rest = sum(Fraction(i + 1) for i in range(100 - HTML_ROWS)) / sum(range(1, 101))
    assert f"… and {100 - HTML_ROWS} more outcomes (total {rest.numerator}/{rest.denominator}" in html_text
    small = Dist({1: 1, 2: 1})
    assert "more outcomes" not in small._repr_html_()
