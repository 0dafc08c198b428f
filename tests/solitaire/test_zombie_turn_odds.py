"""Exact zombie-turn odds [15.0]: the enumeration against the plain engine walk, against a Monte
Carlo of the same position, and the time bound with its labelled fallback."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest

import dodnb.prob as P
from dodnb.prob.enumerate import TooBig, outcomes
from dodnb.prob.zombieturn import (
    _key_fn, _policies, _start, _stop_fn, collapsible_draw, exact_turn, sample_zombie_turn, zombie_turn,
)
from dodnb.rules import engine
from dodnb.rules.game import Game
from dodnb.rules.solitaire import sensible_human, zombie_policy
from dodnb.rules.state import Pending, TurnRecord, ZombieTurn
from tests.solitaire.helpers import build

CLOSED = {"N": "closed", "E": "closed", "S": "closed", "W": "closed"}


def study(n_units=3, values=(9, 7, 11), elim=(), doors=CLOSED):
    """Peter and Fran in 024 with units around them, Steve in 177; the Human Player-Turn to end."""
    squares = ["099", "097", "134", "100", "136"][:n_units]
    return build({"Peter": "024", "Fran": "024", "Steve": "177"},
                 [{"square": s, "value": values[i % len(values)], "berserk": i == 1} for i, s in enumerate(squares)],
                 eliminated=elim, doors=doors, pending=Pending("human", "act", "5.0", ""))


def test_15_0_exact_odds_sum_to_one_and_name_every_character():
    odds = zombie_turn(study(), fallback=None)
    assert odds.exact and sum(p for _, p in odds.dist.items()) == 1
    for name in ("Peter", "Fran", "Steve"):
        assert sum(p for _, p in odds.status(name).items()) == 1
    assert odds.status("Steve").p("normal") == 1  # no unit can reach 177, and no hidden zombie can appear (empty pool [15.1])
    assert 0 < odds.status("Fran").p("normal") < 1
    assert P.zombie_turn(study(), fallback=None).dist == odds.dist  # the lazy export


def test_15_0_exact_odds_equal_the_plain_enumeration_of_the_engine():
    """Without the draw collapse (ruling Z1), exact_turn is enumerate.outcomes: same Dist exactly."""
    st, ctx = _start(study(n_units=2))
    pol = _policies(None, None)
    ours = exact_turn(st, ctx, key=_key_fn(st), policies=pol)
    plain = outcomes(st, stop=_stop_fn(st.turn), key=_key_fn(st), policies=pol, ctx=ctx)
    assert ours == plain


def generation_position():
    """The Zombie Generation Phase with three units in the eliminated pool; Peter stands in the South
    entrance square 117, so a unit entering there attacks him at once [13.4]."""
    st = build({"Peter": "117", "Fran": "024"}, [{"square": "097", "value": 4}], eliminated=(2, 6, 9), phase="attack",
               record=TurnRecord(("Fran",)), zturn=ZombieTurn(step="attack_squares"))
    ctx = engine.context(st.board)
    return engine._advance(st, ctx, []), ctx


def test_15_0_ruling_z1_the_draw_collapse_changes_no_probability():
    st, ctx = generation_position()
    assert st.phase == "generation"
    pol = _policies(None, None)
    key = _key_fn(st)
    collapsed = exact_turn(st, ctx, key=key, policies=pol)
    plain = exact_turn(st, ctx, key=key, policies=pol, collapse=False)
    assert collapsed == plain
    # the collapse did apply (a draw for a door with nobody in its square) and was refused where
    # Peter stands in the entrance square [13.4]
    draws = _reachable_draws(st, ctx)
    assert any(collapsible_draw(x) for x in draws)
    assert any(not collapsible_draw(x) and x.zturn.drawing == "117" for x in draws)


def _reachable_draws(st, ctx):
    out, todo = [], [st]
    for _ in range(2000):
        if not todo:
            break
        s = todo.pop()
        if s.pending is None or s.phase == "human":
            continue
        if s.pending.kind == "draw:eliminated":
            out.append(s)
        if s.pending.side == "chance":
            todo += [engine.apply(s, ctx, a)[0] for a, _ in engine.chance_outcomes(s, ctx)]
        else:
            a = _policies(None, None)[s.pending.side](s, engine.legal_actions(s, ctx), None)
            todo.append(engine.apply(s, ctx, a)[0])
    return out


def test_15_0_exact_equals_monte_carlo_within_its_error_bars():
    """Fixed seed, n = 3000 (the 10^5 comparison is benchmarks/bench_solitaire.py): every
    probability of every character's status and of units destroyed within 4.5 standard errors."""
    st = study(n_units=3)
    odds = zombie_turn(st, fallback=None)
    n = 3000
    rng = random.Random(2024)
    samples = [sample_zombie_turn(st, rng) for _ in range(n)]
    checked = 0
    for name in ("Peter", "Fran"):
        for status, p in odds.status(name).items():
            freq = sum(dict(o.statuses)[name] == status for o in samples) / n
            se = math.sqrt(float(p) * (1 - float(p)) / n)
            assert abs(freq - float(p)) <= 4.5 * se + 1e-3, (name, status, freq, p)
            checked += 1
    for k, p in odds.destroyed.items():
        freq = sum(o.destroyed == k for o in samples) / n
        assert abs(freq - float(p)) <= 4.5 * math.sqrt(float(p) * (1 - float(p)) / n) + 1e-3
    assert checked >= 4


def test_15_0_time_bound_gives_a_clear_error_or_a_labelled_monte_carlo():
    g = Game(seed=3, solitaire=True, human=sensible_human, zombie=zombie_policy)
    while g.state.phase == "human":
        g.step()
    start = [s for s in g.history if s.phase == "human" and s.pending and s.pending.kind == "act"][-1]
    with pytest.raises(TooBig) as err:
        zombie_turn(start, max_seconds=0.5, fallback=None)
    assert "budget" in str(err.value)
    mc = zombie_turn(start, max_seconds=0.5, n=60, seed=7)
    assert not mc.exact and mc.method.startswith("Monte Carlo (n = 60") and mc.n == 60
    assert sum(p for _, p in mc.dist.items()) == 1 and mc.stderr(mc.status("Fran").p("normal")) >= 0
    again = zombie_turn(start, max_seconds=0.5, n=60, seed=7)
    assert again.dist == mc.dist  # seeded: the same estimate every time


def test_15_0_refusals_name_their_case():
    from dodnb.prob.errors import ProbError

    two = replace(study(), solitaire=False)
    with pytest.raises(ProbError) as err:
        zombie_turn(two)
    assert err.value.case == "15.0"
