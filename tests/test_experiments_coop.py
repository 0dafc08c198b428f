"""Experiments over many solitaire games (any Executor, per-game seeds) and the co-operative
3-4 player game (rules, "Optional three and four player versions")."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

import pytest

from dodnb.errors import InputError, RuleViolation
from dodnb.experiments import game_seed, play_one, run, wilson
from dodnb.rules.coop import CoopGame
from dodnb.search.humans import random_human, sensible_human

N = 6


@pytest.fixture(scope="module")
def serial():
    return run(N, "sensible", seed=42, executor="serial", progress=False, max_turns=40)


def test_15_0_experiment_results_do_not_depend_on_how_games_are_spread(serial):
    with ProcessPoolExecutor(max_workers=1) as one:
        r1 = run(N, "sensible", seed=42, executor=one, chunk=4, progress=False, max_turns=40)
    r2 = run(N, "sensible", seed=42, workers=2, chunk=1, progress=False, max_turns=40)  # the default: a process pool
    assert r1.records == serial.records == r2.records
    assert [r.seed for r in serial.records] == [game_seed(42, i) for i in range(N)]
    assert len({r.seed for r in serial.records}) == N


def test_15_0_experiment_with_a_local_dask_cluster(serial):
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        r = run(N, "sensible", seed=42, executor=client.get_executor(), chunk=2, progress=False, max_turns=40)
    assert r.records == serial.records


def test_15_0_experiment_table_win_rate_interval_causes_doors_fran(serial):
    row = serial.summary_row()
    assert row["games"] == N and row["human wins"] == serial.wins
    lo, hi = serial.ci
    assert lo <= float(serial.win_rate) <= hi
    games = serial.games
    assert list(games.index) == list(range(N)) and set(games["winner"]) <= {"human", "zombie", ""}
    assert sum(v for k, v in row.items() if k.startswith("cause: ")) == pytest.approx(1.0)
    assert row["Fran survives"] == sum(r.fran not in ("killed", "super") for r in serial.records) / N
    assert set(serial.doors()) == {"N", "E", "S", "W"}
    assert serial.summary().index[0] == "sensible"


def test_15_0_a_game_record_matches_replaying_the_game():
    r = play_one(3, seed=5, policy="random", max_turns=40)
    again = play_one(3, seed=5, policy=random_human, max_turns=40)
    assert (r.winner, r.turns, r.actions, r.fran) == (again.winner, again.turns, again.actions, again.fran)
    assert r.policy == "random" and again.policy == "random_human"


def test_wilson_interval():
    assert wilson(0, 10)[0] == 0.0 and 0.25 < wilson(0, 10)[1] < 0.35
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and hi - lo == pytest.approx(2 * 1.96 * 0.05, rel=0.05)
    with pytest.raises(InputError):
        run(0, "sensible", executor="serial")
    with pytest.raises(InputError):
        run(1, "clever", executor="serial")


def test_two_proportions_test():
    """The pooled two-proportion z-test used to compare policies (benchmarks/fairness.py, notebook 08):
    its p-value is the normal distribution's two tails beyond |z| (statistics.NormalDist)."""
    from statistics import NormalDist

    from dodnb.experiments import two_proportions

    z, p = two_proportions(64, 200, 3, 200)
    pooled = 67 / 400
    assert z == pytest.approx((64 / 200 - 3 / 200) / (pooled * (1 - pooled) * (2 / 200)) ** 0.5)
    assert p == pytest.approx(2 * (1 - NormalDist().cdf(abs(z))), abs=1e-12) and p < 1e-10
    z2, p2 = two_proportions(3, 200, 64, 200)
    assert z2 == pytest.approx(-z) and p2 == pytest.approx(p)
    assert two_proportions(5, 100, 5, 100) == (0.0, 1.0) and two_proportions(0, 50, 0, 50) == (0.0, 1.0)
    _, p3 = two_proportions(16, 1000, 12, 1000)
    assert 0.4 < p3 < 0.5  # a small difference is not clear


# ------------------------------------------------------------------------------------- co-op

def test_15_0_coop_three_players_one_plays_steve_and_fran():
    g = CoopGame(["Ann", "Bob", "Cy"], seed=1)
    assert g.seats["Cy"] == ("Steve", "Fran")
    with pytest.raises(RuleViolation) as err:
        CoopGame({"Ann": ("Peter", "Steve"), "Bob": ("Roger",), "Cy": ("Fran",)})
    assert err.value.case == "15.0"
    with pytest.raises(RuleViolation):
        CoopGame(["Ann", "Bob"])
    with pytest.raises(RuleViolation):
        CoopGame({"Ann": ("Peter",), "Bob": ("Roger",), "Cy": ("Steve",), "Di": ("Steve",)})


def test_15_0_coop_the_table_chooses_the_stack_then_its_players_move_it():
    g = CoopGame(["Ann", "Bob", "Cy", "Di"], seed=2, policies={"Cy": sensible_human, "Di": sensible_human})
    assert g.deciders() == ["table"] and g.waiting_for_person()
    steve_fran = next(a for a in g.legal_actions() if getattr(a, "stack", ()) == ("Steve", "Fran"))
    g.apply(steve_fran)
    assert g.deciders() == ["Cy", "Di"] and not g.waiting_for_person()
    g.play()
    assert g.state.phase == "human" or g.game.over
    notes = [e.data["why"] for e in g.game.log if e.key == "policy_choice" and e.data["side"] == "human"]
    assert notes and all(n.startswith("[15.0] Cy") for n in notes)  # the first of the stack's players speaks


def test_15_0_coop_shared_result():
    g = CoopGame(["Ann", "Bob", "Cy"], seed=3, policies={p: sensible_human for p in ("Ann", "Bob", "Cy")}, table=sensible_human)
    g.play()
    assert g.game.over
    assert g.outcome == ("all the players win" if g.game.result.winner == "human" else "all the players lose")
