"""Hypothesis properties of the probability engine (DESIGN.md, Tests)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import dodnb.prob as P
from dodnb.prob import Dist

dice_n = st.integers(1, 3)
mods = st.integers(0, 8)
values = st.integers(1, 15)
value_dists = st.dictionaries(st.integers(1, 13), st.integers(1, 9), min_size=1, max_size=6).map(Dist)
statuses = st.sampled_from(["normal", "stunned", "infected"])
weights = st.dictionaries(st.integers(-20, 20), st.integers(0, 50), min_size=1, max_size=8).filter(lambda d: any(d.values()))


@settings(max_examples=60, deadline=None)
@given(weights)
def test_any_dist_sums_to_one(w):
    d = Dist(w)
    assert sum(p for _, p in d.items()) == 1
    assert all(p > 0 for _, p in d.items())
    assert d.at_least(d.min()) == 1 and d.at_most(d.max()) == 1


@settings(max_examples=60, deadline=None)
@given(dice_n, mods, st.one_of(values, value_dists))
def test_shot_and_kill_distributions_sum_to_one_6_0(n, m, v):
    assert sum(p for _, p in P.shot(n, m).items()) == 1
    d = P.kill(n, m, v)
    assert sum(p for _, p in d.items()) == 1
    assert 0 <= P.kill_chance(n, m, v) <= 1


@settings(max_examples=80, deadline=None)
@given(st.integers(1, 2), mods, st.one_of(values, value_dists))
def test_more_dice_never_lowers_kill_odds_6_6(n, m, v):
    """[6.6], [6.8] one more die never makes a kill less likely."""
    assert P.kill_chance(n + 1, m, v) >= P.kill_chance(n, m, v)


@settings(max_examples=80, deadline=None)
@given(dice_n, st.integers(0, 7), st.one_of(values, value_dists))
def test_bigger_modifier_never_raises_kill_odds_6_7(n, m, v):
    """[6.7] a larger reduction never makes a kill more likely."""
    assert P.kill_chance(n, m + 1, v) <= P.kill_chance(n, m, v)


@settings(max_examples=60, deadline=None)
@given(values, values)
def test_higher_value_never_easier_to_kill_6_0(v, w):
    lo, hi = sorted((v, w))
    assert P.kill_chance(2, 0, hi) <= P.kill_chance(2, 0, lo)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 20), statuses)
def test_attack_on_consistent_with_attack_result_8_5(strength, status):
    """[8.5] attack_on equals attack_result for a normal character; otherwise any hit kills."""
    base = P.attack_result(strength)
    on = P.attack_on(strength, status)
    assert sum(p for _, p in on.items()) == 1
    assert on.p("none") == base.p("none")
    if status == "normal":
        assert on == base
    else:
        assert on.p("killed") == base.p("stunned") + base.p("infected")


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 13), st.integers(1, 2))
def test_panic_odds_monotone_in_level_6_5(level, n):
    assert P.panic_chance(level, n) <= P.panic_chance(level + 1, n)


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.sampled_from(["Peter", "Roger", "Steve", "Fran"]), min_size=1, max_size=3, unique=True),
    st.one_of(values, value_dists),
    st.sampled_from(["zombie", "berserk", "super"]),
    st.booleans(),
)
def test_combined_fire_sums_to_one_and_adding_a_shooter_without_panic_helps_6_8(names, v, kind, same):
    d = P.combined_fire(names, v, kind, same)
    assert sum(p for _, p in d.items()) == 1
    if P.panic_check(kind, same) is None:  # no panic risk: an extra gun never hurts [6.8]
        assert P.fire_kill_chance(names[:1], v, kind, same) <= P.fire_kill_chance(names, v, kind, same)


@settings(max_examples=20, deadline=None)
@given(
    st.dictionaries(st.sampled_from(["Peter", "Roger", "Steve", "Fran"]), statuses, min_size=1, max_size=3),
    st.integers(1, 13),
    st.data(),
)
def test_square_attack_sums_to_one_and_marginals_consistent_8_0(chars, v, data):
    k = data.draw(st.integers(1, len(chars)))
    d = P.square_attack(chars, v, k)
    assert sum(p for _, p in d.items()) == 1
    for name, st0 in chars.items():
        m = P.status_of(d, name)
        assert sum(p for _, p in m.items()) == 1
        if st0 != "normal":
            assert m.p("infected") == 0 or st0 == "infected"


fraction_weights = st.dictionaries(
    st.one_of(st.integers(-5, 5), st.text("abc", max_size=2)),
    st.fractions(min_value=0, max_value=10, max_denominator=60),
    min_size=1,
    max_size=8,
).filter(lambda d: any(d.values()))


@settings(max_examples=80, deadline=None)
@given(fraction_weights, fraction_weights)
def test_dist_is_weight_over_total_and_equality_is_exact(w, v):
    """P(x) = w(x) / total exactly, outcomes in display order; two Dists are equal exactly when
    their probabilities are (the whole-number storage is unique)."""
    from dodnb.prob.dist import sort_key

    d, e = Dist(w), Dist(v)
    total = sum(w.values())
    assert d.as_dict() == {k: x / total for k, x in w.items() if x}
    assert list(d.outcomes) == sorted(d.outcomes, key=sort_key)
    assert (d == e) == (d.as_dict() == e.as_dict())
    assert d == Dist({k: 7 * x for k, x in w.items()}) and hash(d) == hash(Dist({k: 7 * x for k, x in w.items()}))
