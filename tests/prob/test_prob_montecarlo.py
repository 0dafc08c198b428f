"""Monte Carlo counterparts agree with the exact answers (seeded: the same numbers every run)."""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest

import dodnb.prob as P
from dodnb.prob import Dist, ProbError
from dodnb.prob import montecarlo as MC

CASES = [
    ("dice", (3,), {}),
    ("shot", (2, 1), {}),
    ("panic", (3, 2), {}),
    ("kill", (1, 0, None), {}),
    ("combined_fire", (["Peter", "Steve"], None, "super", False), {}),
    ("combined_fire", (["Steve", "Fran"], 3, "berserk", True), {"together": False}),
    ("shooting_sequence", ("Roger", None, "berserk", True), {}),
    ("attack_result", (4,), {}),
    ("attack_on", (6, "infected"), {}),
    ("square_attack", ({"Peter": "normal", "Fran": "stunned"}, None, 2), {}),
    ("square_attack", (["Steve", "Fran"], 3, 1), {"super_zombies": 1, "rifles": ["Fran"]}),
    ("solitaire_attack", (["Peter", "Fran", "Roger"], 7), {}),
    ("entrance", (), {}),
    ("entrance_given", (("N",), ("W",), 1), {}),
    ("turns_until_super_zombie", (10,), {}),
    ("berserk_phases", (5,), {}),
    ("glass_door", (None,), {}),
    ("hidden_zombie", (), {}),
    ("exit_cost", (), {}),
    ("free_moves", (), {}),
]


@pytest.mark.parametrize("name, args, kw", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_sampled_matches_exact(name, args, kw):
    """Seeded simulation with real dice faces lands within 0.02 of every exact probability,
    and never produces an outcome the exact Dist calls impossible."""
    cmp = MC.side_by_side(name, *args, n=15_000, seed=7, **kw)
    assert cmp.unexpected == []
    assert cmp.max_abs_error < F(2, 100), str(cmp)


def test_monte_carlo_is_reproducible_and_shows_progress(capsys):
    a = MC.monte_carlo(MC.sim_shot, 2, 0, n=2000, seed=3, progress=True)
    b = MC.monte_carlo(MC.sim_shot, 2, 0, n=2000, seed=3, progress=False)
    assert a == b and a.title == "Sampled (2000 runs)"
    with pytest.raises(ProbError):
        MC.monte_carlo(MC.sim_shot, 2, n=0)
    with pytest.raises(ProbError, match="no Monte Carlo counterpart"):
        MC.side_by_side("teleport")


def test_sample_dist_is_exact_integer_sampling():
    d = Dist({"a": F(1, 3), "b": F(2, 3)})
    rng = random.Random(0)
    draws = [MC.sample_dist(d, rng) for _ in range(3000)]
    assert abs(F(draws.count("a"), 3000) - F(1, 3)) < F(3, 100)


def test_comparison_renders():
    cmp = MC.exact_vs_sampled(P.shot, MC.sim_shot, 1, 0, n=600, seed=1)
    assert "largest" in str(cmp) and "<table" in cmp._repr_html_()
    assert len(cmp.rows) == 6
