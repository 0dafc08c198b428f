"""The engine and the odds agree: the exact distribution obtained by walking the engine's chance
nodes equals `dodnb.prob`'s closed forms, for shots [6.0]-[6.8], [10.6], [11.3], [11.5], [12.0] and
zombie attacks [8.0]-[8.8], [6.9], [15.6], from many positions; and the Monte Carlo counterpart that
plays the engine's resolvers lands within its error of the exact answer."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest

import dodnb.prob as P
from dodnb.prob.enumerate import outcomes, sample
from dodnb.rules import engine
from dodnb.rules.actions import Activate, AttackCount, ChooseTargets, Shoot

from .helpers import attack_game, build, human_game

SQUARES = [("115", "115"), ("115", "114"), ("115", "113"), ("150", "115")]  # same square, 1 and 2 away, through G24


def _shot_positions():
    rng = random.Random(2026)
    names = ["Peter", "Roger", "Steve", "Fran"]
    out = []
    while len(out) < 40:
        k = rng.choice((1, 1, 2))
        who = rng.sample(names, k)
        src, dst = rng.choice(SQUARES)
        chars = {}
        for n in who:
            spec = {"square": src, "status": rng.choice(("normal", "normal", "infected"))}
            if n in ("Steve", "Fran"):
                spec["rifle"] = rng.random() < 0.5
            chars[n] = spec
        target = rng.choice(("unit", "berserk", "super", "stack"))
        zombies = []
        if target in ("unit", "berserk", "stack"):
            zombies.append({"square": dst, "value": rng.randint(1, 11), "seen": True, "berserk": target == "berserk"})
        if target in ("super", "stack"):
            other = next(n for n in names if n not in who)
            chars[other] = {"square": dst, "status": "super"}
        doors = {"G24": "closed"} if src == "150" and rng.random() < 0.5 else None
        if engine.victory(build(chars, zombies, doors=doors)) is None:  # a game still on [14.1]
            out.append((chars, zombies, doors, tuple(who), dst))
    return out


@pytest.mark.parametrize("chars,zombies,doors,who,dst", _shot_positions())
def test_6_0_engine_shot_equals_prob_shoot(chars, zombies, doors, who, dst):
    """[6.0]-[6.8] kill chance and who panicked: engine enumeration == dodnb.prob.shoot."""
    g = human_game(chars, zombies, doors=doors)
    g.apply(Activate(who))
    g.apply(Shoot(who, dst))
    exact = outcomes(g.state, stop=lambda s: s.shot is None, key=lambda s: not s.zombie_occupied(dst))
    ref = P.shoot(build(chars, zombies, doors=doors), list(who), dst)
    assert exact.p(True) == ref.p(lambda o: o.killed)
    panicked = outcomes(g.state, stop=lambda s: s.shot is None, key=lambda s: tuple(sorted(s.activation.panicked)))
    assert panicked == ref.map(lambda o: tuple(sorted(o.panicked)))


def test_7_7_engine_shot_at_an_unseen_unit_averages_to_prob():
    """[7.7] the players' odds for a face-down unit are the engine's odds averaged over every counter
    it could be."""
    unseen = [1, 2, 4, 4, 7, 9]
    ref = P.shoot(build({"Peter": "115"}, [{"square": "113", "value": unseen[0]}] + [{"value": v, "uid": f"X{i}"} for i, v in enumerate(unseen[1:])]), "Peter", "113")
    total = 0
    for v in unseen:
        g = human_game({"Peter": "115"}, [{"square": "113", "value": v}])
        g.apply(Activate(("Peter",)))
        g.apply(Shoot(("Peter",), "113"))
        total += outcomes(g.state, stop=lambda s: s.shot is None, key=lambda s: s.zombie_in("113") is None).p(True)
    assert total / len(unseen) == ref.p(lambda o: o.killed)


def _attack_positions():
    rng = random.Random(88)
    names = ["Peter", "Roger", "Steve", "Fran"]
    out = []
    while len(out) < 30:
        n = rng.choice((1, 2, 2, 3))
        who = rng.sample(names, n)
        chars = {}
        for nm in who:
            spec = {"square": "114", "status": rng.choice(("normal", "normal", "stunned", "infected"))}
            if nm in ("Steve", "Fran"):
                spec["rifle"] = rng.random() < 0.4
            chars[nm] = spec
        kind = rng.choice(("unit", "berserk", "super"))
        zombies = [{"square": "114", "value": rng.randint(1, 11), "berserk": kind == "berserk"}]
        if kind == "super":
            other = next(x for x in names if x not in who)
            chars[other] = {"square": "114", "status": "super"}
        k = rng.randint(1, n)
        if engine.victory(build(chars, zombies)) is None:
            out.append((chars, zombies, k))
    return out


def _policies(k, chars_in_square):
    def human(s, legal, rng):
        p = s.pending
        if p.kind == "reaction_fire":
            return max(legal, key=lambda a: len(a.shooters))  # every character who may, together [6.9]
        if p.kind == "attack_targets":  # dodnb.prob.choose_targets: normal characters first, in order
            here = [(c.name, c.status) for c in s.characters_in(s.attack.square)]
            want = P.choose_targets(here, s.attack.k)
            return ChooseTargets(want)
        return legal[0]

    def zombie(s, legal, rng):
        if s.pending.kind == "attack_count":
            return AttackCount(k)
        return legal[0]

    return {"human": human, "zombie": zombie}


def _as_played(chars, zombies):
    """Map a prob SquareOutcome to what the engine shows: the attack rolls are applied in order and the
    game ends the moment the zombies win [14.1] (later rolls never happen)."""
    base = build(chars, zombies)
    order = [c.name for c in base.characters_in("114")]

    def f(o):
        final = dict(o.statuses)
        cur = {n: base.character(n).status for n in order}
        if not o.destroyed:
            for n in order:
                cur[n] = final[n]
                st = replace(base, characters=tuple(
                    replace(c, status=cur[c.name], square=None if cur[c.name] == "killed" else c.square) if c.name in cur else c
                    for c in base.characters))
                if engine.victory(st) is not None:
                    break
        return tuple(sorted(cur.items()))

    return f


@pytest.mark.parametrize("chars,zombies,k", _attack_positions())
def test_8_0_engine_attack_equals_prob_zombie_attack(chars, zombies, k):
    """[8.0]-[8.8], [6.9] statuses after reaction fire and the attack: engine == dodnb.prob.zombie_attack."""
    g = attack_game(chars, zombies)
    names = sorted(c.name for c in g.state.characters_in("114"))
    key = lambda s: tuple((n, s.character(n).status) for n in names)
    exact = outcomes(g.state, stop=lambda s: s.attack is None and s.shot is None, key=key, policies=_policies(k, names))
    ref = P.zombie_attack(build(chars, zombies), "114", k=k)
    assert exact == ref.map(_as_played(chars, zombies))


@pytest.mark.parametrize("n", [2, 3, 4])
def test_15_6_engine_solitaire_attack_equals_prob(n):
    """[15.6] the number attacked by die: engine == dodnb.prob.zombie_attack(solitaire=True)."""
    names = ["Peter", "Roger", "Steve", "Fran"][:n]
    chars = {nm: "114" for nm in names}
    zombies = [{"square": "114", "value": 6}]
    g = attack_game(chars, zombies, solitaire=True)
    key = lambda s: tuple((nm, s.character(nm).status) for nm in sorted(names))
    exact = outcomes(g.state, stop=lambda s: s.attack is None and s.shot is None, key=key, policies=_policies(0, names))
    ref = P.zombie_attack(build(chars, zombies), "114", solitaire=True)
    assert exact == ref.map(_as_played(chars, zombies))


def test_monte_carlo_plays_the_engine_and_lands_within_its_error():
    """The Monte Carlo counterpart runs the same resolvers with random dice: within 4 standard errors."""
    g = attack_game({"Peter": "114", "Steve": "114"}, [{"square": "114", "value": 7}])
    pol = _policies(2, ["Peter", "Steve"])
    key = lambda s: s.character("Steve").status
    stop = lambda s: s.attack is None and s.shot is None
    exact = outcomes(g.state, stop=stop, key=key, policies=pol)
    n = 4000
    mc = sample(g.state, stop=stop, key=key, n=n, seed=5, policies=pol)
    for status, p in exact.items():
        se = math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(float(mc.p(status)) - float(p)) <= 4 * se + 1e-9, status
