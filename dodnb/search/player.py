"""The search player: depth-limited expectimax over the current Human Player-Turn [5.0].

At each decision of the human player's turn (which stack to activate [5.2], where to move [5.1],
whom to shoot [6.0], a door [5.5], a rifle [12.2], or ending the turn), the player looks ahead
through the rest of *this* Human Player-Turn: its own later decisions (maximum) and the dice of its
shots, panics and hidden-zombie draws (the engine's exact chance nodes, ``engine.chance_outcomes``,
equal states merged, expectation). Where the turn ends — or where the look-ahead stops, by depth or
by its node budget — the position is scored by :func:`dodnb.search.heuristic.score` (a hand-tuned
estimate of how good the position is before the zombies play). Iterative deepening: depth 1, 2, 3...
while the budget lasts; the choice of the deepest finished depth is played.

Kept small so whole games stay cheap: shots are only considered with every character of the stack
who may fire at that target (more dice, never fewer [6.8]); opening a door and dropping a rifle are
not considered. The decisions of the Zombie Player-Turn that fall to the human player (reaction
fire [8.1], naming the attacked [8.0] 3) are answered as the sensible policy answers them.

The player is deterministic: it uses no randomness (the rng is ignored), and ties go to the first
action in the engine's stable order. A :class:`SearchPlayer` is a small picklable object, so it can
be sent to the worker processes of :func:`dodnb.experiments.run`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Optional, Sequence

from dodnb.rules import engine
from dodnb.rules.actions import Action, Door, Drop, EndTurn, Shoot
from dodnb.rules.solitaire import sensible_human
from dodnb.rules.state import GameState
from dodnb.rules.vocab import Phase, Side
from dodnb.search.heuristic import score

__all__ = ["SearchPlayer", "search_human", "candidates", "TurnSearch"]


def candidates(st: GameState, legal: Sequence[Action]) -> list[Action]:
    """The human actions the search considers, in the engine's order (see module)."""
    most: dict[str, int] = {}
    for a in legal:
        if isinstance(a, Shoot):
            most[a.target] = max(most.get(a.target, 0), len(a.shooters))
    out = []
    for a in legal:
        if isinstance(a, Shoot) and len(a.shooters) < most[a.target]:
            continue
        if isinstance(a, Drop) or (isinstance(a, Door) and not a.close):
            continue
        out.append(a)
    return out or list(legal)


class _Budget(Exception):
    pass


#: What an action leads to, kept across look-aheads (a pure function of the state and the action):
#: ``(state, action) -> (children, engine steps it cost)``. Only time is saved: each look-ahead is
#: charged the steps of every expansion it uses as if it had made it, so its choice never depends on
#: what was looked at before (the player stays deterministic wherever it runs).
_CHILDREN: dict = {}
_SCORES: dict = {}


def _remember(cache: dict, key, value):
    if len(cache) > 50_000:
        cache.clear()
    cache[key] = value
    return value


class TurnSearch:
    """One look-ahead from a state of the Human Player-Turn (see module)."""

    def __init__(self, root: GameState, ctx, max_nodes: int):
        self.root, self.ctx, self.max_nodes = root, ctx, max_nodes
        self.nodes = 0
        self.cut = False
        self._charged: set = set()

    def in_turn(self, st: GameState) -> bool:
        return st.result is None and st.phase == Phase.HUMAN and st.turn == self.root.turn and st.pending is not None

    def leaf(self, st: GameState) -> float:
        v = _SCORES.get(st)
        if v is None:
            v = _remember(_SCORES, st, score(st, self.ctx))
        return v

    def children(self, st: GameState, a: Action) -> list[tuple[GameState, float]]:
        """The states an action leads to and their chances, the dice of this turn rolled (merged)."""
        key = (st, a)
        got = _CHILDREN.get(key)
        if got is None:
            got = _remember(_CHILDREN, key, self._expand(st, a))
        kids, cost = got
        if key not in self._charged:
            self._charged.add(key)
            self.nodes += cost
            if self.nodes > self.max_nodes:
                raise _Budget
        return kids

    def _expand(self, st: GameState, a: Action) -> tuple[list[tuple[GameState, float]], int]:
        ctx = self.ctx
        self._cost = 1
        out: dict[GameState, float] = {}
        todo = [(engine.apply(st, ctx, a)[0], 1.0)]
        while todo:
            s, p = todo.pop()
            if self.in_turn(s) and s.pending.side == Side.CHANCE:
                for nxt, q in self._outcomes(s):
                    todo.append((nxt, p * q))
            else:
                out[s] = out.get(s, 0.0) + p
        return list(out.items()), self._cost

    def _outcomes(self, s: GameState) -> list[tuple[GameState, float]]:
        """The states after each outcome of the chance node `s`, equal states merged. Dice totals are
        split in halves: when the lowest and the highest total of a run of totals lead to the same
        state, every total between does (a die roll's effect only grows with its total: a shot
        destroys at or above a number [6.7], a panic check passes at or below one [6.5]...), so the
        run is applied twice instead of once per total (tests/search check this against the plain
        walk on the positions of whole games)."""
        ctx = self.ctx
        outs = engine.chance_outcomes(s, ctx)
        if not s.pending.kind.is_roll or len(outs) <= 3:
            self._cost += len(outs)
            return [(engine.apply(s, ctx, o)[0], float(q)) for o, q in outs]
        outs = sorted(outs, key=lambda t: t[0].total)
        got: dict[int, GameState] = {}

        def at(i: int) -> GameState:
            if i not in got:
                self._cost += 1
                got[i] = engine.apply(s, ctx, outs[i][0])[0]
            return got[i]

        merged: dict[GameState, float] = {}

        def run(lo: int, hi: int) -> None:
            a, b = at(lo), at(hi)
            if a == b:
                merged[a] = merged.get(a, 0.0) + sum(float(outs[i][1]) for i in range(lo, hi + 1))
                return
            if hi - lo == 1:
                merged[a] = merged.get(a, 0.0) + float(outs[lo][1])
                merged[b] = merged.get(b, 0.0) + float(outs[hi][1])
                return
            mid = (lo + hi) // 2
            run(lo, mid)
            run(mid + 1, hi)

        run(0, len(outs) - 1)
        return list(merged.items())

    def value(self, st: GameState, depth: int, memo: dict) -> float:
        if not self.in_turn(st) or st.pending.side != Side.HUMAN or st.pending.kind != "act":
            return self.leaf(st)
        if depth <= 0:
            self.cut = True
            return self.leaf(st)
        got = memo.get(st)
        if got is not None:
            return got
        best = max(self.q(st, a, depth, memo) for a in candidates(st, engine.legal_actions(st, self.ctx)))
        memo[st] = best
        return best

    def q(self, st: GameState, a: Action, depth: int, memo: dict) -> float:
        return sum(p * self.value(s, depth - 1, memo) for s, p in self.children(st, a))

    def root_values(self, legal: Sequence[Action], max_depth: int = 12) -> tuple[dict[Action, float], int]:
        """The value of each considered action at the deepest depth finished within the budget, and
        that depth (0: not even one step ahead fitted; the values are then empty)."""
        acts = candidates(self.root, legal)
        done: dict[Action, float] = {}
        depth_done = 0
        for depth in range(1, max_depth + 1):
            memo: dict = {}
            self.cut = False
            try:
                vals = {a: self.q(self.root, a, depth, memo) for a in acts}
            except _Budget:
                break
            done, depth_done = vals, depth
            if not self.cut:  # the whole turn fitted: deeper changes nothing
                break
        return done, depth_done


@dataclass(frozen=True)
class SearchPlayer:
    """The search player as a `Game` policy ``(state, legal, rng) -> (action, note)`` (see module).

    max_nodes: engine steps (actions and dice outcomes applied) one decision may spend looking ahead;
    max_depth: the most human decisions looked ahead."""

    max_nodes: int = 400
    max_depth: int = 8

    @property
    def __name__(self) -> str:  # experiments name a policy by its __name__
        return "search"

    def __call__(self, state: GameState, legal: Sequence[Action], rng: Optional[random.Random] = None):
        kind = state.pending.kind if state.pending else ""
        if kind != "act" or len(legal) == 1:
            return sensible_human(state, legal, rng or random.Random(0))
        ctx = engine.context(state.board)
        search = TurnSearch(state, ctx, self.max_nodes)
        vals, depth = search.root_values(legal, self.max_depth)
        if not vals:  # not one step fitted the budget: the sensible choice
            return sensible_human(state, legal, rng or random.Random(0))
        return max(vals, key=vals.get)  # first of the best, in the engine's order


#: The default search player (the experiments' "search" policy).
search_human = SearchPlayer()
