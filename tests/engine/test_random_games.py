"""Random games in the spirit of game frameworks: seeded games of random legal decisions for both
sides, two-player and solitaire, with every invariant checked after every action
(`dodnb.rules.invariants`): 50 units, nobody through a wall or out of a character's square [7.6],
statuses only along the rules' paths, rifles only with Steve and Fran, closed main doors never
reopen [5.5], the game over exactly when [14.1] or [14.2] holds, legal actions never empty before the
end and each of them accepted by `check`, chance nodes summing to 1, save/load and undo exact, and
no face-down value in what the human player observes [7.7]. `benchmarks/soak.py` plays 10,000."""

from __future__ import annotations

import json
import random

import pytest

from dodnb.rules import engine
from dodnb.rules.game import Game
from dodnb.rules.invariants import state_problems, transition_problems

GAMES = 100  # per mode in `make test`: 200 games (the soak benchmark plays 10,000)


def play_checked(seed: int, solitaire: bool, deep: bool = False) -> tuple[int, list[str]]:
    """Play one random game checking everything; returns (actions checked, problems)."""
    g = Game(seed=seed, human="random", zombie="random", solitaire=solitaire)
    rng = random.Random(seed)
    problems: list[str] = []
    problems += state_problems(g.state)
    steps = 0
    while not g.over and steps < 5000:
        before = g.state
        legal = g.legal_actions()
        if not legal:
            problems.append(f"no legal action at {before.pending}")
            break
        if before.pending.side == "chance":
            if sum(p for _, p in g.chance_outcomes()) != 1:
                problems.append(f"chance outcomes do not sum to 1 at {before.pending}")
        for a in legal if deep else rng.sample(legal, min(2, len(legal))):
            why = g.check(a)
            if why is not None:
                problems.append(f"legal action {a!r} refused: {why}")
            else:
                engine.apply(before, g.ctx, a)  # every legal action applies
        g.step()
        steps += 1
        after = g.state
        problems += transition_problems(before, g.actions[-1], after, g.ctx)
        problems += state_problems(after)
        if steps <= 64 or steps & (steps - 1) == 0 or g.over:  # every step of a short game, then powers of two
            loaded = Game.load(g.save())
            if loaded.state != after or json.dumps(loaded.state.to_dict(), sort_keys=True) != json.dumps(after.to_dict(), sort_keys=True):
                problems.append(f"save/load differs after {steps} actions")
            g.undo()
            if g.state != before:
                problems.append(f"undo did not restore the state after {steps} actions")
            g.redo()
            if g.state != after:
                problems.append(f"redo did not restore the state after {steps} actions")
        if problems:
            break
    if not g.over:
        problems.append(f"game not over after {steps} actions")
    return steps, [f"seed {seed}: {p}" for p in problems]


@pytest.mark.parametrize("solitaire", [False, True], ids=["two-player", "solitaire"])
def test_random_games_keep_every_invariant(solitaire):
    """Dozens of complete random games per mode, invariants after every action."""
    total = 0
    for seed in range(GAMES):
        n, problems = play_checked(1000 + seed, solitaire, deep=seed < 3)
        assert not problems, problems[:5]
        total += n
    assert total > GAMES * 20  # real games were played, not stubs


def test_same_seed_same_game_and_replay_reproduces_every_state():
    """[4.0] a seed fixes the set-up, the dice and the random policies: two games agree action by
    action; a saved game replays to the same state at every step."""
    a = Game(seed=77, human="random", zombie="random")
    b = Game(seed=77, human="random", zombie="random")
    a.play()
    b.play()
    assert a.actions == b.actions and a.state == b.state and a.over
    g = Game.load(a.save())
    assert g.history == a.history
    assert Game(seed=78, human="random", zombie="random").state != Game(seed=77).state
