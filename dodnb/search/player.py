"""The search player: the four kept together, each shot chosen by an exact expectimax; or a plan for
each stack, looked ahead through the current Human Player-Turn.

**Plan "together" (the default).** Measured on solitaire games, what makes a human player strong
is keeping the four characters in one square: at most one unit ends in a square [7.6], so the group
suffers at most one attack per Zombie Player-Turn, shared by those the die names [15.6], and four
guns fire at the attacker first [8.1]. The player follows
:func:`dodnb.search.humans.together_human` for where the group goes (the rifles and the main
doors, nearest first, then the units; a turn is passed when only part of the group may move [5.0])
and searches its shots: wherever the active stack may shoot, :class:`ShotSearch` — an expectimax
over the shots it may still fire from where it stands this turn, each die and panic check an exact
chance node of the engine — decides whether to fire and which shot (the target; the shooters
together or apart [6.8]), maximising what the stack destroys before it moves on. See
docs/ARCHITECTURE.md, "The search player", for the measured games.

**Plan "turn"** (the first search player, kept for comparison): at the first decision of a Human
Player-Turn [5.0] the player values each choice of who moves — each square's biggest stack of
eligible characters (grouped, as the sensible policy does [5.2]), or ending the turn at once — by
the best *plan* for that stack:

1. **Where to go** (:func:`reachable`): every square within two moves, and each square of the way
   the sensible policy would walk toward its goal (the rifles, the nearest open main door...).
   Each is scored as if the turn ended there (:func:`dodnb.search.heuristic.score`).
2. **What to do there**: for the best-scored square and the square the stack stands in, an
   expectimax over the rest of the turn without moving (:class:`TurnSearch`): its shots [6.0], a
   rifle [12.2], a door [5.5] or the end of the turn are the maxima, the dice of its shots and panic
   checks the engine's exact chance nodes (``engine.chance_outcomes``, equal states merged, totals
   split in halves where a run of totals leads to one state), depth-limited and with a node budget.
   Where the turn ends, or the look-ahead stops, the position is scored.

The stack then walks to its square, one move per decision, and does there what the expectimax
finds best; after each die it looks again. The score (:mod:`dodnb.search.heuristic`) is hand-tuned:
characters' statuses, units left, main doors closed and rifles held [14.2], the expected cost of the
coming Zombie Player-Turn's attacks, characters left alone in a square, and squares still to walk
(through every open main door, to the rifles). It
is read before the zombies play: the Zombie Player-Turn is not searched (one costs about as much
as a hundred looked-ahead steps), so the player's horizon is its own turn.

Kept small so whole games stay cheap: shots are only considered with every character of the stack
who may fire at that target (more dice, never fewer [6.8]); opening a door and dropping a rifle are
not considered. The decisions of the Zombie Player-Turn that fall to the human player (reaction
fire [8.1], naming the attacked [8.0] 3) are answered as the sensible policy answers them.

**The hunt.** Once the four main doors are closed [14.2] 1, what is left is the rifles and every
unit [14.2] 2, 3, and the player plays the sensible policy's plan (Steve and Fran to the rifles,
then everyone to the nearest unit, shooting at even odds or better:
:func:`dodnb.search.humans.sensible_human`): measured on seeded games, the look-ahead with its
score hunted worse (it keeps away from the units the hunt must reach), and the sensible policy
wins about a third of the games in which it closes the four doors. So the search is the player
of the door phase, the longest and most dangerous part of the game.

**What it knows** (ruling K1): the shot search plays on the public position (`knowledge.conceal`: a
value nobody knows is a chance node where it shows, drawn from the counters nobody has seen); the turn
planner looks ahead in one deal of those values made from what the humans may see (:func:`public_deal`).
Neither ever reads the value under a face-down counter.

The player is deterministic: it uses no randomness (the rng is ignored), ties go to the first
choice in the engine's stable order, and the caches below only save time. A :class:`SearchPlayer`
is a small frozen, picklable value, so it can be sent to the worker processes of
:func:`dodnb.experiments.run`.
"""

from __future__ import annotations

import random
from fractions import Fraction
from dataclasses import dataclass
from typing import Optional, Sequence

from dodnb.rules import core, engine
from dodnb.rules.knowledge import conceal, is_public, public_world, reveal_needed, reveal_outcomes, value_known
from dodnb.rules.observe import public_seed
from dodnb.rules.actions import Action, Activate, Door, Drop, EndTurn, Move, Shoot
from dodnb.search.humans import GOOD_ODDS, kill_chance, next_step, sensible_human, stack_goal, target_terms, together_human
from dodnb.rules.state import GameState
from dodnb.rules.vocab import PendingKind, Phase, Side
from dodnb.search.heuristic import WIN, Weights, score

__all__ = ["SearchPlayer", "search_human", "candidates", "TurnSearch", "ShotSearch"]


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


def _candidates(st: GameState, ctx, moves: bool = True) -> list[Action]:
    key = ("cand", moves, st)
    got = _CHILDREN.get(key)
    if got is None:
        acts = candidates(st, engine.legal_actions(st, ctx))
        if not moves:
            acts = [a for a in acts if not isinstance(a, (Move, Activate))]
        got = _remember(_CHILDREN, key, acts)
    return got


class TurnSearch:
    """One expectimax look-ahead from a state of the Human Player-Turn, to the turn's end (see
    module): the human player's decisions are maxima (moves and activations too unless
    ``moves=False``), this turn's dice are expectations, leaves are scored; iterative deepening
    while the node budget (engine steps) lasts."""

    def __init__(self, root: GameState, ctx, max_nodes: int, moves: bool = True, weights: Weights = Weights()):
        self.root, self.ctx, self.max_nodes, self.moves, self.weights = root, ctx, max_nodes, moves, weights
        # a public position (`knowledge.conceal`, ruling K1): a value nobody knows is drawn where it shows
        self.public = is_public(root)
        self.nodes = 0
        self.cut = False
        self._charged: set = set()

    def in_turn(self, st: GameState) -> bool:
        return st.result is None and st.phase == Phase.HUMAN and st.turn == self.root.turn and st.pending is not None

    def leaf(self, st: GameState) -> float:
        return _leaf(st, self.ctx, self.weights)

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
            if self.public:
                i = reveal_needed(s)
                if i is not None:  # ruling K1: the value shows here, drawn from what nobody has seen
                    self._cost += 1
                    todo += [(t, p * float(q)) for t, q in reveal_outcomes(s, i)]
                    continue
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
        # the engine's classes of totals (`engine.roll_classes`: totals of one class give one
        # position), so a class is applied once however many of its totals the halves visit; the
        # cost charged stays one engine step per total visited, so the search's budget, and with
        # it every choice the player makes, is what the plain split gives (tests/search checks both)
        classes = engine.roll_classes(s, ctx)
        of: dict = {}
        if classes is not None:
            for c, (acts, _) in enumerate(classes):
                for r in acts:
                    of[r.total] = c
        by_class: dict[int, GameState] = {}

        def at(i: int) -> GameState:
            if i not in got:
                self._cost += 1
                c = of.get(outs[i][0].total)
                if c is None:
                    got[i] = engine.apply(s, ctx, outs[i][0])[0]
                else:
                    if c not in by_class:
                        by_class[c] = engine.apply(s, ctx, classes[c][0][0])[0]
                    got[i] = by_class[c]
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
        if not self.in_turn(st) or st.pending.side != Side.HUMAN or st.pending.kind != PendingKind.ACT:
            return self.leaf(st)
        if depth <= 0:
            self.cut = True
            return self.leaf(st)
        got = memo.get(st)
        if got is not None:
            return got
        best, arg = -float("inf"), None
        for a in _candidates(st, self.ctx, self.moves):
            v = self.q(st, a, depth, memo)
            if v > best:
                best, arg = v, a
        memo[st] = best
        self.plan[st] = (arg, depth)
        return best

    def q(self, st: GameState, a: Action, depth: int, memo: dict) -> float:
        return sum(p * self.value(s, depth - 1, memo) for s, p in self.children(st, a))

    def root_values(self, legal: Sequence[Action], max_depth: int = 12) -> tuple[dict[Action, float], int]:
        """The value of each considered action at the deepest depth finished within the budget, and
        that depth (0: not even one step ahead fitted; the values are then empty)."""
        acts = [a for a in candidates(self.root, legal) if self.moves or not isinstance(a, (Move, Activate))]
        done: dict[Action, float] = {}
        depth_done = 0
        self.final_plan: dict = {}
        for depth in range(1, max_depth + 1):
            memo: dict = {}
            self.cut = False
            self.plan = {}
            try:
                vals = {a: self.q(self.root, a, depth, memo) for a in acts}
            except _Budget:
                break
            done, depth_done, self.final_plan = vals, depth, self.plan
            if not self.cut:  # the whole turn fitted: deeper changes nothing
                self.final_plan = {k: (a, max_depth) for k, (a, _) in self.plan.items()}
                break
        return done, depth_done


#: [6.5] what a panic costs in :class:`ShotSearch`, in units: the panicked stack may move no more.
PANIC_COST = 0.5


class ShotSearch(TurnSearch):
    """Which shot now: an exact expectimax over the shots the active stack may still fire from
    where it stands this turn [6.0], [6.1], [6.8], for the player's ``plan="together"``.

    The choices at each decision are the shots with at least an even chance to destroy their unit
    (:func:`dodnb.search.humans.kill_estimate`: any target, the shooters together or apart) and
    stopping; the dice of each shot and its panic checks [6.5] are the engine's exact chance nodes
    (equal states merged). A position is worth minus the zombie units and super zombies left on the
    map [14.2] 3, minus :data:`PANIC_COST` for each character of the stack who panicked (the stack
    may move no more [6.5]); a human win is worth ``WIN``. Every shot from one square triggers the
    same Zombie Reaction Movement [7.3], so more shots from it cost nothing more there: the search
    maximises what the stack destroys before it moves on."""

    def leaf(self, st: GameState) -> float:
        if st.result is not None:
            return WIN if st.result.winner == Side.HUMAN else -WIN
        left = sum(1 for z in st.zombies if z.square is not None) + len(st.super_squares())
        act = st.activation
        return -float(left) - (PANIC_COST * len(act.panicked) if act is not None else 0.0)

    def shots(self, st: GameState) -> list[Action]:
        key = ("shots", st)
        got = _CHILDREN.get(key)
        if got is None:
            act = st.activation
            est: list[tuple[Fraction, int, Action]] = []
            if act is not None:
                sq = _square(st)
                ctx = self.ctx
                # kill_estimate of each shot, its target's terms read once for every group of shooters
                terms: dict = {}
                dice: dict = {}
                for i, a in enumerate(engine.legal_actions(st, ctx)):
                    if isinstance(a, Shoot):
                        t = terms.get(a.target)
                        if t is None:
                            t = terms[a.target] = target_terms(st, ctx, sq, a.target)
                        for name in a.shooters:
                            if name not in dice:
                                dice[name] = ctx.shot_dice(st.character(name))
                        k = kill_chance(core.pooled_dice([dice[name] for name in a.shooters]), len(a.shooters), *t)
                        if k >= GOOD_ODDS:
                            est.append((-k, i, a))
            # the likeliest kills first (the engine's order among equals): where the budget stops the
            # first look one shot ahead part-way, the shots it has valued are the best bets
            got = _remember(_CHILDREN, key, [a for _, _, a in sorted(est, key=lambda t: t[:2])])
        return got

    def value(self, st: GameState, depth: int, memo: dict) -> float:
        stop = self.leaf(st)
        if not _acting(st, self.root.turn) or st.activation is None:
            return stop
        acts = self.shots(st)
        if not acts:
            return stop
        if depth <= 0:
            self.cut = True
            return stop
        got = memo.get(st)
        if got is not None:
            return got
        best = stop
        for a in acts:
            best = max(best, self.q(st, a, depth, memo))
        memo[st] = best
        return best

    def best_shot(self, max_depth: int = 10) -> tuple[Optional[Action], float, float, int]:
        """(the shot to fire now or None to stop, its value, the value of stopping, depth searched):
        iterative deepening while the node budget lasts; a shot is fired only when it is worth more
        than stopping at the deepest depth finished. If the budget runs out before every shot has
        been looked at one shot ahead (many targets, each face-down one a draw from the counters
        nobody has seen, ruling K1), the shots looked at so far — the likeliest kills, see
        :meth:`shots`, the first of them always — are compared (depth 1): the player never gives up
        shooting for want of time."""
        acts = self.shots(self.root)
        stop = self.leaf(self.root)
        done: dict[Action, float] = {}
        depth_done = 0
        for depth in range(1, max_depth + 1):
            memo: dict = {}
            self.cut = False
            vals: dict[Action, float] = {}
            try:
                for a in acts:
                    vals[a] = self.q(self.root, a, depth, memo)
            except _Budget:
                if depth == 1:
                    if not vals:  # the likeliest kill is always looked at one shot ahead, whatever it costs
                        self.max_nodes = float("inf")
                        vals[acts[0]] = self.q(self.root, acts[0], 1, {})
                    done, depth_done = vals, 1
                break
            done, depth_done = vals, depth
            if not self.cut:
                break
        if not done:
            return None, stop, stop, 0
        top = max(done.values())
        legal = engine.legal_actions(self.root, self.ctx)
        best = min((a for a, v in done.items() if v == top), key=legal.index)  # ties: the engine's order
        if done[best] > stop + 1e-9:
            return best, done[best], stop, depth_done
        return None, done[best], stop, depth_done


# ============================================================================================
# the turn planner: which stack, to which square, then what there


def _square(st: GameState) -> str:
    act = st.activation
    assert act is not None
    return st.character(act.stack[0]).square or ""


def _acting(st: GameState, turn: int) -> bool:
    """A decision of the human player's turn `turn` [5.0]."""
    p = st.pending
    return st.result is None and p is not None and st.phase == Phase.HUMAN and st.turn == turn and p.side == Side.HUMAN and p.kind == PendingKind.ACT


def reachable(st: GameState, ctx, near: int = 2) -> dict[str, tuple[GameState, tuple[Action, ...]]]:
    """The squares the search lets the active stack end its move in [5.1]: every square within
    `near` moves (the first shortest way found, in the engine's order of moves), and each square of
    the way the sensible policy would walk toward its goal this turn (the rifles, the nearest open
    main door, a stunned friend, the nearest unit; :func:`dodnb.search.humans.sensible_human`).
    square -> (state there, moves). The stack's own square is included (no move)."""
    key = ("reach", near, st)
    got = _CHILDREN.get(key)
    if got is not None:
        return got
    out = {_square(st): (st, ())}
    turn = st.turn
    todo = [st]
    for _ in range(near):
        nxt = []
        for s in todo:
            path = out[_square(s)][1]
            for a in engine.legal_actions(s, ctx):
                if not isinstance(a, Move) or a.to in out:
                    continue
                s2 = engine.apply(s, ctx, a)[0]
                out[a.to] = (s2, path + (a,))
                if _acting(s2, turn) and s2.activation is not None and s2.activation.left > 0:
                    nxt.append(s2)
        todo = nxt
    # the sensible way toward the goal
    s, path = st, ()
    for _ in range(20):
        act = s.activation
        if act is None or act.left == 0:
            break
        sq = _square(s)
        goal, _ = stack_goal(s, ctx, act.stack, sq)
        if goal == sq:
            break
        step = next_step(s, ctx, sq, goal)
        if step is None or Move(step) not in engine.legal_actions(s, ctx):
            break
        s = engine.apply(s, ctx, Move(step))[0]
        path = path + (Move(step),)
        if step not in out:
            out[step] = (s, path)
        if not _acting(s, turn) or s.zombie_occupied(step):
            break
    return _remember(_CHILDREN, key, out)


@dataclass(frozen=True)
class SearchPlayer:
    """The search player as a `Game` policy ``(state, legal, rng) -> action`` (see module).

    plan: "together" (the default: the group plan, shots by :class:`ShotSearch`, which may spend
    shot_nodes engine steps on each decision) or "turn" (the turn planner). For the turn planner
    (and for :meth:`action_values`, the score the stepper's hint shows in either plan): top: the
    squares (by their score if the turn ended there) looked at more closely, shots, a rifle or a
    door there [6.0], [12.2], [5.5]; max_nodes: engine steps that closer look may spend in each of
    them; max_depth: the most actions it looks ahead there."""

    top: int = 1
    max_nodes: int = 40
    max_depth: int = 3
    weights: Weights = Weights()
    group: bool = True
    hunt_sensible: bool = True  # plan "turn": once the four main doors are closed, play as the sensible policy
    plan: str = "together"  # "together": the group plan, shots searched (ShotSearch); "turn": the turn planner
    shot_nodes: int = 400  # plan "together": engine steps each shot search may spend

    @property
    def __name__(self) -> str:  # experiments name a policy by its __name__
        return "search"

    # ---------------------------------------------------------------- values
    def finish(self, st: GameState, ctx) -> tuple[float, Optional[Action]]:
        """The best the stack can do where it stands (shoot, take a rifle, close a door, end the turn)
        and its value: expectimax over this turn's dice, no more moves."""
        if not _acting(st, st.turn):
            return _leaf(st, ctx, self.weights), None
        ts = TurnSearch(st, ctx, self.max_nodes, moves=False, weights=self.weights)
        vals, _ = ts.root_values(engine.legal_actions(st, ctx), self.max_depth)
        if not vals:
            return _leaf(st, ctx, self.weights), None
        best = max(vals, key=vals.get)
        return vals[best], best

    def stack_value(self, st: GameState, ctx) -> tuple[float, str]:
        """The best plan of an active stack: the square to go to and the value of finishing there."""
        if not _acting(st, st.turn) or st.activation is None:
            return _leaf(st, ctx, self.weights), ""
        squares = reachable(st, ctx)
        quick = sorted(((_leaf(s, ctx, self.weights), sq) for sq, (s, _) in squares.items() if _acting(s, st.turn)),
                       key=lambda t: (-t[0], t[1]))
        best, where = -float("inf"), ""
        here = _square(st)
        looks = [sq for _, sq in quick[: self.top]]
        if here in squares and here not in looks:
            looks.append(here)  # shooting (or a door, a rifle) where the stack stands is always looked at
        for sq in looks:
            v, _ = self.finish(squares[sq][0], ctx)
            if v > best:
                best, where = v, sq
        for sq, (s, _) in squares.items():  # squares where the turn ended on the way (a panic...)
            if not _acting(s, st.turn):
                v = _leaf(s, ctx, self.weights)
                if v > best:
                    best, where = v, sq
        return best, where

    def action_values(self, st: GameState, legal: Sequence[Action], ctx=None) -> dict[Action, float]:
        """The planner's value of each legal action it considers at a decision of the Human
        Player-Turn (a hand-tuned score, higher is better; see :mod:`dodnb.search.heuristic`), looked
        ahead in a deal of the unknown values made from what the humans know (:func:`public_deal`)."""
        ctx = ctx or st.ctx
        st = public_deal(st)
        out: dict[Action, float] = {}
        for a in candidates(st, legal):
            if isinstance(a, (Activate, Move)):
                s2 = engine.apply(st, ctx, a)[0]
                out[a] = self.stack_value(s2, ctx)[0]
            else:
                kids = TurnSearch(st, ctx, 10**9, moves=False, weights=self.weights).children(st, a)
                out[a] = sum(p * self.finish(s, ctx)[0] for s, p in kids)
        return out

    # ---------------------------------------------------------------- the policy
    def __call__(self, state: GameState, legal: Sequence[Action], rng: Optional[random.Random] = None):
        if self.plan == "together":
            return self._together(state, legal, rng or random.Random(0))
        kind = state.pending.kind if state.pending else ""
        if kind != PendingKind.ACT or len(legal) == 1 or (self.hunt_sensible and state.main_doors_closed()):
            return sensible_human(state, legal, rng or random.Random(0))
        ctx = state.ctx
        state = public_deal(state)  # ruling K1: the look-ahead never plays on the values under the counters
        if state.activation is None:
            vals = {}
            for a in (_activations(legal) if self.group else [a for a in legal if not (isinstance(a, Activate) and a.carrier)]):
                if isinstance(a, Activate):
                    s2 = engine.apply(state, ctx, a)[0]
                    vals[a] = self.stack_value(s2, ctx)[0]
                else:
                    vals[a] = _leaf(engine.apply(state, ctx, a)[0], ctx, self.weights)
            return max(vals, key=vals.get)
        # the stack is moving: go on toward the best square, then finish there
        _, where = self.stack_value(state, ctx)
        here = _square(state)
        if where and where != here:
            path = reachable(state, ctx).get(where, (None, ()))[1]
            if path and path[0] in legal:
                return path[0]
        _, a = self.finish(state, ctx)
        return a if a is not None and a in legal else EndTurn()


    def _together(self, state: GameState, legal: Sequence[Action], rng: random.Random):
        """Plan "together": where shots are possible, the shot search decides whether and which to
        fire; everything else (and the rest, once it stops) is :func:`together_human`'s plan."""
        if _acting(state, state.turn) and state.activation is not None and any(isinstance(a, Shoot) for a in legal):
            ctx = state.ctx
            # from what the humans know (ruling K1): the dice of the shots and the values they show;
            # the search is a function of that public position and its budget, so it is kept (the
            # hint's play-outs reach one public position in many deals of the unknown values)
            public = conceal(state)
            key = ("best_shot", self.shot_nodes, public)
            shot = _CHILDREN.get(key, _CHILDREN)
            if shot is _CHILDREN:
                shot = _remember(_CHILDREN, key, ShotSearch(public, ctx, self.shot_nodes).best_shot()[0])
            if shot is not None and shot in legal:
                return shot
            legal = [a for a in legal if not isinstance(a, Shoot)]
        return together_human(state, legal, rng)


def public_deal(st: GameState) -> GameState:
    """The position the turn planner looks ahead in (ruling K1): the values nobody knows dealt again
    (`knowledge.public_world`) with dice seeded by what the humans may see (`observe.public_seed`), so
    the plan is the same whatever lies under the counters, and the same each time it is asked. The
    actions it finds are the real position's: a deal changes no square, flag or known value."""
    if all(value_known(z) for z in st.zombies):
        return st
    return public_world(st, random.Random(public_seed(st)))


def _activations(legal: Sequence[Action]) -> list[Action]:
    """The turn's first choice [5.0]: each square's biggest stack of characters that may move
    (grouped, like the sensible policy [5.2]), or ending the turn at once."""
    biggest: dict[str, int] = {}
    for a in legal:
        if isinstance(a, Activate) and not a.carrier:
            biggest[a.stack[0]] = len(a.stack)
    out = []
    for a in legal:
        if isinstance(a, Activate) and (a.carrier or len(a.stack) < max(biggest.get(n, 0) for n in a.stack)):
            continue  # group up [5.2]: everyone eligible in the square moves together
        out.append(a)
    return out


def _leaf(st: GameState, ctx, w: Weights) -> float:
    key = (w, st)
    v = _SCORES.get(key)
    if v is None:
        v = _remember(_SCORES, key, score(st, ctx, w))
    return v


#: The default search player (the experiments' "search" policy).
search_human = SearchPlayer()
