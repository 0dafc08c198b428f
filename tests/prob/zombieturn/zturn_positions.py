"""Seeded random positions at the end of a Human Player-Turn, small enough for the plain walk of the
engine's chance nodes, and that plain walk itself (no shortcut: the public engine API only).

Used by tests/prob/zombieturn/test_zombie_turn_odds.py to prove the shortcuts of `dodnb.prob.zombieturn`
(rulings Z1-Z3 in docs/rulings/solitaire.md) equal to the plain enumeration."""

from __future__ import annotations

import random
from collections import deque
from dataclasses import replace
from fractions import Fraction

from dodnb.board.model import load_board
from dodnb.rules import engine, knowledge
from dodnb.rules.actions import AttackCount, BerserkCheck, EndPhase, Reveal, policy_action
from dodnb.rules.counters import CHARACTERS
from dodnb.rules.solitaire import zombie_policy
from dodnb.search.humans import sensible_human
from dodnb.rules.state import GameState, Pending, TurnRecord
from tests.rules.helpers import state_from_pieces


def random_position(seed: int, solitaire: bool = True) -> GameState:
    """Two or three characters round a main-door square or the middle of the mall, two to four units
    near them (some berserk), an eliminated pool of one to three units, values repeated (some seen), some main doors
    closed; the Human Player-Turn about to end, with the first character having moved."""
    rng = random.Random(seed)
    board = load_board()
    ctx = engine.context(board)
    entrances = sorted(board.main_door_squares.values())
    base = rng.choice(entrances + ["024", "099", "134"])
    dist = {base: 0}
    todo = deque([base])
    while todo:
        s = todo.popleft()
        if dist[s] >= 4:
            continue
        for n in ctx.open_moves[s]:
            if n not in dist:
                dist[n] = dist[s] + 1
                todo.append(n)
    near = sorted(dist)
    names = rng.sample(list(CHARACTERS), rng.choice((2, 3)))
    chars = {}
    for i, n in enumerate(names):
        status = rng.choice(("normal", "normal", "stunned", "infected"))
        chars[n] = {"square": base if i == 0 or rng.random() < 0.4 else rng.choice(near), "status": status}
    squares = rng.sample([s for s in near if s != base], rng.randint(2, 4))
    if rng.random() < 0.5:
        squares[0] = chars[names[-1]]["square"]  # a unit in a character's square: an attack
    squares = list(dict.fromkeys(squares))
    zombies = [{"uid": f"Z{rng.randint(10, 99)}{i}", "square": s, "value": rng.choice((1, 2, 3, 4, 6, 9, 12)),
                "berserk": rng.random() < 0.3} for i, s in enumerate(squares)]
    pool = [rng.choice((2, 2, 5, 5, 8)) for _ in range(rng.randint(1, 3))]
    zombies += [{"uid": f"{rng.choice('AEMXZ')}{rng.randint(10, 99)}{i}", "value": v, "pool": "eliminated", "seen": rng.random() < 0.3}
                for i, v in enumerate(pool)]
    doors = {c: "closed" for c, sq in board.main_door_squares.items() if sq != base and rng.random() < 0.7}
    hidden = ()
    if not solitaire:
        hidden = tuple(sorted(rng.sample([s for s in near if s not in squares and s not in entrances], 2)))
        zombies += [{"uid": f"H{i}", "value": rng.choice((2, 4, 7)), "pool": "hidden"} for i in range(3)]
    st = state_from_pieces(chars, zombies, doors)
    first = st.character(names[0])
    return replace(st, solitaire=solitaire, hidden_squares=hidden, record=TurnRecord((first.name,), (first.square,)),
                   pending=Pending("human", "act", "5.0", ""))


def game_positions(seeds, max_turn: int) -> list:
    """[(seed, state)]: the states in which the human player ends a turn (up to Game-Turn `max_turn`)
    in real seeded solitaire games, the [15.5] automaton against sensible humans (odd seeds) and
    random ones (even seeds)."""
    from dodnb.rules.actions import EndTurn
    from dodnb.rules.game import Game
    from dodnb.search.humans import random_human

    out = []
    for seed in seeds:
        g = Game(seed=seed, solitaire=True, human=sensible_human if seed % 2 else random_human, zombie=zombie_policy)
        while not g.over and g.state.turn <= max_turn:
            g.step()
        out += [(seed, st) for st, a in zip(g.history, g.actions) if isinstance(a, EndTurn) and st.turn <= max_turn]
    return out


def _counts(s: GameState, t: GameState) -> tuple[int, int]:
    before = {z.uid for z in s.zombies if z.square is not None}
    after = {z.uid for z in t.zombies if z.square is not None}
    sb = {c.name for c in s.characters if c.status == "super" and c.square is not None}
    sa = {c.name for c in t.characters if c.status == "super" and c.square is not None}
    return len(before - after) + len(sb - sa), len(after - before)


class TooLong(Exception):
    """The plain walk passed its node budget (the caller picks smaller positions)."""


def plain_walk(st: GameState, max_layers: int = 2000, max_nodes: int = 10**9, public: bool = False) -> dict:
    """The engine's chance tree from a zombie-phase position, every outcome of every chance node
    followed (``engine.chance_outcomes``), decisions by the default policies (the solitaire automaton,
    sensible_human); in a two-player game the decisions [15.4], [15.6] give to a die are a die, and no
    hidden zombie comes out unless it must [9.4] (ruling Z3). Only identical (position, destroyed,
    entered) triples are merged. Returns {(statuses, destroyed, entered, winner): Fraction}.

    ``public``: from what the humans know (ruling K1): the position concealed, and each value nobody
    knows drawn as soon as its unit is face up or read (`knowledge.reveal_needed` with ``shown``: earlier
    than the fast walk, which waits for the read — the same odds, the deferred decision proven here)."""
    ctx = engine.context(st.board)
    if public:
        st = knowledge.conceal(st)
    turn = st.turn
    layer = {(st, 0, 0): Fraction(1)}
    final: dict = {}
    for _ in range(max_layers):
        if not layer:
            return final
        nxt: dict = {}
        max_nodes -= len(layer)
        if max_nodes < 0:
            raise TooLong()
        for (s, d, e), p in layer.items():
            if s.result is not None or s.pending is None or (s.phase == "human" and s.turn > turn):
                k = (tuple((c.name, c.status) for c in s.characters), d, e, s.result.winner if s.result else "")
                final[k] = final.get(k, Fraction(0)) + p
                continue
            if public:
                i = knowledge.reveal_needed(s, shown=True)
                if i is not None:
                    for t, q in knowledge.reveal_outcomes(s, i):
                        nxt[(t, d, e)] = nxt.get((t, d, e), Fraction(0)) + p * q
                    continue
            pend = s.pending
            if pend.side == "chance":
                outs = engine.chance_outcomes(s, ctx)
            elif pend.side == "zombie" and not s.solitaire and pend.kind == "berserk_pick":
                near = engine.solitaire_berserk_candidates(s, ctx)
                outs = [(BerserkCheck(u), Fraction(1, len(near))) for u in near] or [(BerserkCheck(""), Fraction(1))]
            elif pend.side == "zombie" and not s.solitaire and pend.kind == "attack_count":
                n = len(s.characters_in(s.attack.square))
                outs = [(AttackCount(k), Fraction(1, n)) for k in range(1, n + 1)]
            else:
                legal = engine.legal_actions(s, ctx)
                if pend.side == "zombie":
                    a = policy_action(zombie_policy(s, legal, None))
                    if not s.solitaire and (pend.kind == "reveal" or a not in legal):
                        a = EndPhase() if EndPhase() in legal else next(x for x in legal if isinstance(x, Reveal))
                else:
                    a = policy_action(sensible_human(s, legal, None))
                outs = [(a, Fraction(1))]
            for a, q in outs:
                t, _ = engine.apply(s, ctx, a)
                dd, ee = _counts(s, t)
                key = (t, d + dd, e + ee)
                nxt[key] = nxt.get(key, Fraction(0)) + p * q
        layer = nxt
    raise AssertionError("the zombie turn did not end")


def mid_turn_states(st: GameState, seed: int, every: int = 1) -> list:
    """Positions met while playing the zombie turn from `st` with seeded dice (every branch of a chance
    node equally likely to be taken: a path, not a probability), decisions as in :func:`plain_walk`:
    the Hidden Zombie draw, the movement, the attacks, the entrance draws..."""
    rng = random.Random(seed)
    ctx = engine.context(st.board)
    from dodnb.prob.zombieturn import ZombieTurnWalk

    walk = ZombieTurnWalk(st, ctx, shortcuts=False)
    out = []
    s = st
    for i in range(10_000):
        if walk.stop(s):
            return out
        if i % every == 0:
            out.append(s)
        outs = walk.branches(s)
        a = outs[rng.randrange(len(outs))][0]
        s, _ = engine.apply(s, ctx, a)
    return out
