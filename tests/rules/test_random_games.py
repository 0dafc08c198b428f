"""Random games in the spirit of game frameworks: seeded games of random legal decisions for both
sides, two-player and solitaire, with every invariant checked after every action
(`tests.oracle.invariants`): 50 units, nobody through a wall or out of a character's square [7.6],
statuses only along the rules' paths, rifles only with Steve and Fran, closed main doors never
reopen [5.5], the game over exactly when [14.1] or [14.2] holds, legal actions never empty before the
end and each of them accepted by `check`, chance nodes summing to 1, save/load and undo exact, and
no face-down value in what the human player observes [7.7]. `tests/soaks/soak.py` plays 10,000."""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor

import pytest

from dodnb.rules.game import Game
from tests.oracle.invariants import play_checked

GAMES = 40  # per mode in `make test`: 80 games, a representative slice (tests/soaks/soak.py plays 10,000)


def _play(args):
    seed, solitaire = args
    return play_checked(seed, solitaire, deep=seed % 20 == 0)


@pytest.mark.parametrize("solitaire", [False, True], ids=["two-player", "solitaire"])
def test_random_games_keep_every_invariant(solitaire):
    """Forty complete random games per mode, invariants after every action (on two processes:
    pytest runs tests one at a time, so the second core would otherwise sit idle)."""
    total = 0
    jobs = [(1000 + seed, solitaire) for seed in range(GAMES)]
    with ProcessPoolExecutor(max_workers=min(2, os.cpu_count() or 1)) as ex:
        for n, problems in ex.map(_play, jobs, chunksize=5):
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
