"""Best play, exactly: the highest probability the humans can give a goal within a horizon.

:func:`best_play` searches every line of play from a position — every legal human choice, every
roll of the dice and every draw with its exact Fraction (``engine.chance_outcomes``) — and backs the
values up (expectimax). The humans choose the best; the zombies either

* play by the solitaire rules (``zombies="solitaire"``): the [15.5] automaton decides, its dice are
  chance — the same machinery as the zombie-turn odds (:class:`dodnb.prob.zombieturn.ZombieTurnWalk`, which
  also answers a two-player game's zombie decisions the solitaire way, ruling Z3); or
* play as badly for the humans as the rules let them (``zombies="worst"``): every zombie decision
  takes the legal choice of least value (expectiminimax), the dice stay dice (ruling B1 in
  docs/RULINGS.md).

    >>> from dodnb import Position
    >>> from dodnb.prob.bestplay import best_play, goals
    >>> p = Position(characters={"Peter": "115"}, units={"115": 3}, start="attack", solitaire=True)
    >>> r = best_play(p, goals.nobody_hurt(), horizon="game-turn")
    >>> r.value, r.best.action                # exact Fraction; fire first or hold fire [8.1]

**Goals** are small predicates (:class:`Goal`), each with the words saying what its number is the
probability of: :data:`goals` has the ready ones (a unit destroyed, a square cleared, nobody killed or
infected, a door closed, a character reaching a square, the game won). A *reach* goal is met as soon
as it holds at some moment within the horizon; a *keep* goal must hold all along (ruling B3).

**Horizons**: ``"player-turn"`` (the end of the Player-Turn in progress: the Human Player-Turn, or
the Zombie Player-Turn if play is in one), ``"game-turn"`` (when the next Human Player-Turn begins),
or a whole number N (N Game-Turns: the start of the Human Player-Turn of Game-Turn ``turn + N``).

**What it returns** (:class:`BestPlay`): the exact value of every legal choice at the root, the
best choice and the best line, and the size of the search (positions evaluated, positions reached
again and merged). Equal positions are merged through a canonical key (ruling B2: the squares
entered and acted in are a set, not a sequence; and when the horizon ends with this Human
Player-Turn, they are dropped — nothing before the Zombie Reaction Movement Phase reads them [7.0] 1);
tests/prob/test_bestplay.py proves the merged search equal to a plain walk of every line of play.

**The budget** (``budget=Budget(nodes=..., seconds=...)``) bounds the work; past it
:class:`BudgetExceeded` (a :class:`~dodnb.prob.enumerate.TooBig`) says which bound and how far the
search got. The search sees the pieces as the position gives them: a face-down unit's value is the
one the position holds (ruling B2).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Optional, Union

from dodnb import i18n
from dodnb.display import show
from dodnb.prob.enumerate import TooBig
from dodnb.prob.errors import ProbError
from dodnb.rules.knowledge import KNOWLEDGE, Shown, conceal, reveal_needed, reveal_outcomes
from dodnb.rules import engine
from dodnb.rules.state import GameState, TurnRecord
from dodnb.rules.vocab import Phase, Side

__all__ = ["best_play", "horizon_stop", "Goal", "goals", "Budget", "BudgetExceeded", "BestPlay", "Choice", "Step",
           "Node", "horizon_words", "ZOMBIES"]

ZOMBIES = ("solitaire", "worst")


# =============================================================================================
# goals


@dataclass(frozen=True)
class Goal:
    """A goal: ``make(root_state)`` gives the predicate ``test(state) -> bool``; ``kind`` is "reach"
    (met as soon as it holds) or "keep" (lost as soon as it fails); ``key`` and ``params`` name its
    words in the catalogues (``best.goal.<key>``), for :meth:`words`."""

    key: str
    make: Callable[[GameState], Callable[[GameState], bool]] = field(compare=False)
    kind: str = "reach"
    params: tuple = ()

    def words(self, lang: Optional[str] = None) -> str:
        """What the goal is, in plain words ("the zombie unit in square 113 is destroyed")."""
        if i18n.has(f"best.goal.{self.key}", lang):
            return i18n.tr(f"best.goal.{self.key}", lang, **dict(self.params))
        return dict(self.params).get("words", self.key)


def _unit_destroyed(square: str) -> Goal:
    """[6.0] step 5: the zombie unit now in `square` is destroyed (removed from the map) — reach."""

    def make(root: GameState):
        sq = root.board.square_id(square)
        z = root.zombie_in(sq)
        if z is None:
            raise ProbError("6.0", f"no zombie unit in square {sq} to destroy")
        uid = z.uid
        return lambda s: s.unit(uid).square is None

    return Goal("unit_destroyed", make, "reach", (("square", str(square)),))


def _square_cleared(square: str) -> Goal:
    """No zombie unit and no super zombie in `square` [6.0], [11.3] — reach."""

    def make(root: GameState):
        sq = root.board.square_id(square)
        return lambda s: s.zombie_in(sq) is None and not s.super_zombies_in(sq)

    return Goal("square_cleared", make, "reach", (("square", str(square)),))


_HURT = ("infected", "killed", "super")


def _nobody_hurt() -> Goal:
    """Nobody killed or infected [8.4], [8.5], [11.0]: no character unharmed (normal or stunned) at
    the start becomes infected, killed or a super zombie — keep."""

    def make(root: GameState):
        names = frozenset(c.name for c in root.characters if c.status not in _HURT)
        return lambda s: not any(c.name in names and c.status in _HURT for c in s.characters)

    return Goal("nobody_hurt", make, "keep")


def _door_closed(door: str) -> Goal:
    """The door is closed [5.5] — reach."""

    def make(root: GameState):
        d = str(door)
        if d not in root.board.doors:
            raise ProbError("5.5", f"no door {d} on this map")
        return lambda s: s.door_state(d) == "closed"

    return Goal("door_closed", make, "reach", (("door", str(door)),))


def _reaches(name: str, square: str) -> Goal:
    """The character stands in `square` [5.0] — reach."""

    def make(root: GameState):
        sq = root.board.square_id(square)
        root.character(name)
        return lambda s: s.character(name).square == sq

    return Goal("reaches", make, "reach", (("who", name), ("square", str(square))))


def _win() -> Goal:
    """The humans win [14.2] — reach."""

    def make(root: GameState):
        return lambda s: s.result is not None and s.result.winner == Side.HUMAN

    return Goal("win", make, "reach")


def _custom(test: Callable[[GameState], bool], words: str, kind: str = "reach") -> Goal:
    """Any predicate of the state, with the words saying what it is ("Fran is in the store")."""
    if kind not in ("reach", "keep"):
        raise ProbError("4.0", f"a goal is 'reach' or 'keep', not {kind!r}")
    return Goal("custom", lambda root: test, kind, (("words", words),))


class _Goals:
    """The ready goals: ``goals.unit_destroyed("113")``, ``goals.square_cleared("115")``,
    ``goals.nobody_hurt()``, ``goals.door_closed(door)``, ``goals.reaches("Fran", "177")``,
    ``goals.win()``, and ``goals.custom(test, words, kind)``."""

    unit_destroyed = staticmethod(_unit_destroyed)
    square_cleared = staticmethod(_square_cleared)
    nobody_hurt = staticmethod(_nobody_hurt)
    door_closed = staticmethod(_door_closed)
    reaches = staticmethod(_reaches)
    win = staticmethod(_win)
    custom = staticmethod(_custom)


goals = _Goals()


# =============================================================================================
# horizons


def horizon_stop(root: GameState, horizon: Union[str, int]) -> tuple[Callable[[GameState], bool], str, dict]:
    """(stop(state), catalogue key, params): where the search stops (public: the tests' plain walks
    stop where best_play does)."""
    turn = root.turn
    if horizon == "player-turn":
        if root.phase == Phase.HUMAN:
            return (lambda s: s.phase != Phase.HUMAN or s.turn != turn), "best.horizon.human_turn", {}
        return (lambda s: s.phase == Phase.HUMAN), "best.horizon.zombie_turn", {}
    if horizon == "game-turn":
        horizon = 1
    if isinstance(horizon, bool) or not isinstance(horizon, int) or horizon < 1:
        raise ProbError("4.0", f"horizon is 'player-turn', 'game-turn' or a number of Game-Turns (1 or more), not {horizon!r}")
    end = turn + horizon
    if horizon == 1:
        return (lambda s: s.phase == Phase.HUMAN and s.turn >= end), "best.horizon.game_turn", {}
    return (lambda s: s.phase == Phase.HUMAN and s.turn >= end), "best.horizon.game_turns", {"n": horizon, "turn": end - 1}


def horizon_words(key: str, params: dict, lang: Optional[str] = None) -> str:
    return i18n.tr(key, lang, **params)


# =============================================================================================
# budget


@dataclass(frozen=True)
class Budget:
    """How much work the search may do: ``nodes`` positions evaluated, ``seconds`` of wall time
    (None: no bound on that count)."""

    nodes: Optional[int] = 200_000
    seconds: Optional[float] = None


class BudgetExceeded(TooBig):
    """The search passed its budget: ``.nodes`` positions evaluated, ``.seconds`` spent when it stopped."""

    def __init__(self, detail: str, nodes: int = 0, seconds: float = 0.0):
        super().__init__(detail)
        self.nodes = nodes
        self.seconds = seconds


def _budget(b) -> Budget:
    if b is None:
        return Budget()
    if isinstance(b, Budget):
        return b
    if isinstance(b, int) and not isinstance(b, bool):
        return Budget(nodes=b)
    if isinstance(b, dict):
        return Budget(**b)
    raise ProbError("4.0", f"budget is a Budget, a number of positions or {{'nodes': ..., 'seconds': ...}}, not {b!r}")


# =============================================================================================
# the answer


@dataclass(frozen=True)
class Choice:
    """One legal choice at the root and its exact value (the probability of the goal within the
    horizon if this choice is taken and the humans then play best)."""

    action: Any
    value: Fraction


@dataclass(frozen=True)
class Step:
    """One step of the best line: who acts (``side``: human, zombie, chance), the action, its
    probability (1 for a decision), the value of the position it leads to; ``before``: the position
    where it is taken (to word it), ``state``: the one it leads to."""

    side: str
    action: Any
    p: Fraction
    value: Fraction
    state: GameState = field(repr=False, compare=False)
    before: Optional[GameState] = field(default=None, repr=False, compare=False)


@dataclass
class Node:
    """One position of the search: ``kind`` 'max' (a human decision), 'min' (a zombie decision,
    worst case), 'chance' (dice, draws, the solitaire automaton), 'leaf'; ``edges``: (action(s),
    probability or None, child key); ``value``."""

    kind: str
    state: GameState
    value: Fraction = Fraction(0)
    edges: tuple = ()
    why: str = ""  # a leaf: 'goal' (decided), 'horizon', 'over'


class BestPlay:
    """The answer of :func:`best_play`.

    ``value``: the probability of the goal within the horizon with best play (a Fraction);
    ``choices``: every legal choice at the root with its value (empty if the root is not a human
    decision); ``best``: the best choice; ``line``: the best line (:class:`Step` list: the best
    choice at each human decision, the most likely outcome at each roll); ``nodes``: positions
    evaluated, ``merged``: times a position was reached again and its value reused, ``seconds``;
    ``question`` (:meth:`question_words`): what the number is the probability of."""

    def __init__(self, root_key, nodes: dict, goal: Goal, horizon, horizon_key: str, horizon_params: dict,
                 zombies: str, merged: int, seconds: float, root_state: GameState):
        self._nodes = nodes
        self.root_key = root_key
        self.root = nodes[root_key]
        self.state = root_state
        self.goal = goal
        self.horizon = horizon
        self.horizon_key = horizon_key
        self.horizon_params = horizon_params
        self.zombies = zombies
        self.nodes = len(nodes)
        self.merged = merged
        self.seconds = seconds
        self.value: Fraction = self.root.value
        self.choices: list[Choice] = []
        if self.root.kind == "max":
            for actions, _, k in self.root.edges:
                for a in actions:
                    self.choices.append(Choice(a, nodes[k].value))
        self.best: Optional[Choice] = next((c for c in self.choices if c.value == self.value), None)
        self.line: list[Step] = self._line()

    # ----- words
    def question_words(self, lang: Optional[str] = None) -> str:
        """"the chance that <goal> <horizon>, if the humans play their best" — what every number here is."""
        return i18n.tr(f"best.question.{self.zombies}", lang, goal=self.goal.words(lang),
                       horizon=horizon_words(self.horizon_key, self.horizon_params, lang))

    @property
    def question(self) -> str:
        return self.question_words("en")

    def values(self) -> dict:
        """{action: value} for every root choice."""
        return {c.action: c.value for c in self.choices}

    # ----- the line
    def _pick(self, node: Node):
        """The edge the best line follows from `node`."""
        if node.kind == "max":
            return next(e for e in node.edges if self._nodes[e[2]].value == node.value)
        if node.kind == "min":
            return next(e for e in node.edges if self._nodes[e[2]].value == node.value)
        return max(node.edges, key=lambda e: e[1])

    def _line(self, limit: int = 200) -> list[Step]:
        out: list[Step] = []
        node = self.root
        while node.kind != "leaf" and len(out) < limit:
            actions, p, k = self._pick(node)
            side = {"max": "human", "min": "zombie"}.get(node.kind, node.state.pending.side.value)
            child = self._nodes[k]
            out.append(Step(side, actions[0], p if p is not None else Fraction(1), child.value, child.state, node.state))
            node = child
        return out

    def node(self, key) -> Node:
        return self._nodes[key]

    def tree(self, depth: int = 3, max_nodes: int = 30):
        """The search as a drawable tree (:class:`dodnb.prob.bestplay.Tree`): the root and `depth`
        levels below it (at most `max_nodes` nodes; positions with a single way on are passed
        through), values backed up, the best line marked."""
        return Tree.build(self, depth, max_nodes)

    def __repr__(self) -> str:
        return (f"<BestPlay {self.question_words('en')}: {self.value} ≈ {float(self.value):.2%}; "
                f"{len(self.choices)} choices, {self.nodes} positions, {self.merged} merged>")

    def _repr_html_(self) -> str:
        return show(self, "text/html")  # drawn by the render layer (dodnb.render.notebook)



# =============================================================================================
# the tree for drawing


@dataclass
class TreeNode:
    """One drawn node: ``kind`` 'max', 'min', 'chance', 'leaf' or 'more' (a subtree not drawn);
    ``parent`` index (-1: the root), ``edge``: the actions leading here, ``p``: their probability
    (None after a decision), ``best``: on the best line."""

    id: int
    kind: str
    value: Fraction
    parent: int
    edge: tuple
    p: Optional[Fraction]
    best: bool
    state: GameState = field(repr=False)
    side: str = ""


class Tree:
    """A drawable part of a :class:`BestPlay` search: :attr:`nodes` (:class:`TreeNode`, parents
    first). Displays itself as SVG in a notebook (``dodnb.render.tree``)."""

    def __init__(self, nodes: list, result: BestPlay):
        self.nodes = nodes
        self.result = result

    @classmethod
    def build(cls, r: BestPlay, depth: int, max_nodes: int) -> "Tree":
        out: list[TreeNode] = []

        def through(k):
            """Pass through positions with one way on (a forced step, the automaton's move)."""
            seen = 0
            n = r._nodes[k]
            while n.kind != "leaf" and len(n.edges) == 1 and seen < 50:
                k = n.edges[0][2]
                n = r._nodes[k]
                seen += 1
            return k

        root = through(r.root_key) if r.root.kind != "max" else r.root_key
        level = [(root, -1, (), None, True)]
        for d in range(depth + 1):
            nxt = []
            for k, parent, edge, p, best in level:
                n = r._nodes[k]
                i = len(out)
                certain = parent >= 0 and n.value in (0, 1)  # decided: nothing left to draw below
                last = d == depth or len(out) + len(n.edges) > max_nodes
                kind = "leaf" if n.kind == "leaf" or certain else ("more" if last else n.kind)
                side = {"max": "human", "min": "zombie"}.get(n.kind, n.state.pending.side.value if n.state.pending else "")
                out.append(TreeNode(i, kind, n.value, parent, edge, p, best, n.state, side))
                if kind in ("leaf", "more"):
                    continue
                pick = r._pick(n)
                kids = []
                for e in n.edges:
                    c = through(e[2])
                    kids.append([c, e[0], e[1], best and e is pick])
                if n.kind == "chance":
                    # outcomes ending the search with the same value are drawn as one
                    ends: dict = {}
                    for kid in kids:
                        cn = r._nodes[kid[0]]
                        if cn.kind == "leaf" or cn.value in (0, 1):
                            g = ends.get(cn.value)
                            if g is None:
                                ends[cn.value] = kid
                            else:
                                g[1] = g[1] + kid[1]
                                g[2] = g[2] + kid[2]
                                g[3] = g[3] or kid[3]
                                kid[0] = None
                    kids = [kid for kid in kids if kid[0] is not None]
                nxt.extend((c, i, acts, q, b) for c, acts, q, b in kids)
            level = nxt
            if not level:
                break
        return cls(out, r)

    def __repr__(self) -> str:
        """A description in words (a notebook's text/plain, what a screen reader reads)."""
        best = sum(1 for n in self.nodes if n.best)
        return (f"Decision tree ({len(self.nodes)} nodes drawn, best line {best} nodes): "
                f"{self.result.question_words('en')}: {float(self.result.value):.1%} with the best choice")

    def _repr_svg_(self) -> str:
        return show(self, "image/svg+xml")  # drawn by dodnb.render.notebook (dodnb.render.tree)

    def _repr_png_(self) -> bytes:
        """The same picture as PNG: untrusted notebooks show PNG, not SVG (dodnb.render.picture)."""
        return show(self, "image/png")


# =============================================================================================
# the search


def _root(position) -> GameState:
    from dodnb.rules.position import Position

    if isinstance(position, Position):
        st = position.state()
    elif isinstance(position, GameState):
        st = position
        if st.pending is None and st.result is None:
            st, _ = engine.settle(st)
    elif isinstance(getattr(position, "state", None), GameState):
        st = position.state
    else:
        raise ProbError("4.0", f"best_play needs a Position, a GameState or a Game, not {type(position).__name__}")
    if st.result is not None or st.pending is None:
        raise ProbError("14.0", "the game is over: there is nothing left to decide")
    return st


def canonical(s: GameState, drop_record: bool) -> GameState:
    """Ruling B2: the key that merges equal positions. The squares entered and acted in this turn are
    read only as sets ([7.0] 1: the units in sight of any of them react), so they are sorted; when the
    horizon ends with this Human Player-Turn they are dropped (nothing in the Human Player-Turn reads
    them; the solitaire game, whose next step is the Hidden Zombie Table's roll [15.2]). Who has been activated this turn stays: it decides who may still act [5.0]."""
    r = s.record
    if drop_record:
        if r.entered or r.acted:
            return s.evolve(record=TurnRecord(r.actors))
        return s
    e, a = tuple(sorted(r.entered)), tuple(sorted(r.acted))
    if e == r.entered and a == r.acted:
        return s
    return s.evolve(record=TurnRecord(r.actors, e, a))


def best_play(position, goal: Goal, horizon: Union[str, int] = "player-turn", zombies: str = "solitaire",
              budget=None, *, merge: bool = True, knowledge: str = "humans") -> BestPlay:
    """The highest probability the humans can give `goal` within `horizon` (see the module).

    `position`: a :class:`dodnb.Position` (play started where it says), a GameState or a Game.
    `zombies`: "solitaire" (the [15.5] automaton and its dice) or "worst" (the zombie side's every
    decision is the worst for the humans; ruling B1). `budget`: a :class:`Budget`, a number of
    positions, or {'nodes': ..., 'seconds': ...}. ``merge=False`` turns the canonical key off (equal
    positions are still recognised, but only when identical).

    ``knowledge="humans"`` (the default, ruling B2): the humans choose from what they know (ruling K1):
    a value nobody knows is a chance node where its unit shows or is read (moved into [5.4], shot at
    [6.0], attacking [8.0], trying a glass door [10.5]), drawn from the counters nobody has seen (or
    a drawn unit's candidates [13.3]) — so a shot at a face-down unit has the odds ``prob.shoot``
    gives it. ``knowledge="onlooker"``: every value read under the counters (full information: not
    a choice a player at the table can make)."""
    from dodnb.prob.zombieturn.walker import ZombieTurnWalk

    if zombies not in ZOMBIES:
        raise ProbError("4.0", f"zombies is 'solitaire' or 'worst', not {zombies!r}")
    if not isinstance(goal, Goal):
        raise ProbError("4.0", f"goal is a Goal (dodnb.prob.bestplay.goals), not {type(goal).__name__}")
    if knowledge not in KNOWLEDGE:
        raise ProbError("2.3", f"knowledge is one of {', '.join(KNOWLEDGE)}, not {knowledge!r}")
    b = _budget(budget)
    st0 = _root(position)
    public = knowledge == "humans"
    if public:
        st0 = conceal(st0)  # ruling K1: the values nobody knows wait in the urn
    ctx = st0.ctx
    test = goal.make(st0)
    stop, hkey, hparams = horizon_stop(st0, horizon)
    # the Hidden Zombie Table's roll [15.2] comes first after a solitaire Human Player-Turn: nothing
    # reads the squares entered before the horizon's leaf (in a two-player game the reaction moves may)
    drop = merge and hkey == "best.horizon.human_turn" and st0.solitaire
    keyf = (lambda s: canonical(s, drop)) if merge else (lambda s: s)
    walk = ZombieTurnWalk(st0, ctx, shortcuts=False)
    reach = goal.kind == "reach"
    worst = zombies == "worst"
    t0 = time.perf_counter()

    def expand(s: GameState) -> Node:
        met = test(s)
        if reach and met:
            return Node("leaf", s, Fraction(1), why="goal")
        if not reach and not met:
            return Node("leaf", s, Fraction(0), why="goal")
        if s.result is not None or s.pending is None:
            return Node("leaf", s, Fraction(0 if reach else 1), why="over")
        if stop(s):
            return Node("leaf", s, Fraction(0 if reach else 1), why="horizon")
        if public:
            i = reveal_needed(s)
            if i is not None:  # ruling K1: the value shows here, a draw from what nobody has seen
                sq = s.zombies[i].square or ""
                return Node("chance", s, edges=tuple(((Shown(sq, t.zombies[i].value),), q, keyf(t))
                                                     for t, q in reveal_outcomes(s, i)))
        p = s.pending
        if p.side == Side.HUMAN or (worst and p.side == Side.ZOMBIE):
            kind = "max" if p.side == Side.HUMAN else "min"
            groups: dict = {}
            for a in engine.legal_actions(s, ctx):
                k = keyf(engine.apply(s, ctx, a)[0])
                groups.setdefault(k, []).append(a)
            return Node(kind, s, edges=tuple((tuple(acts), None, k) for k, acts in groups.items()))
        classes = engine.roll_classes(s, ctx) if merge else None
        if classes is None:
            outs = engine.chance_outcomes(s, ctx) if p.side == Side.CHANCE else walk.branches(s)
            classes = [((a,), q) for a, q in outs]
        # ruling Z2 (2), reused: a roll changes the position only through what it decides, so one
        # total stands for its class
        groups = {}
        for acts, q in classes:
            k = keyf(engine.apply(s, ctx, acts[0])[0])
            g = groups.get(k)
            if g is None:
                groups[k] = [list(acts), q]
            else:
                g[0].extend(acts)
                g[1] += q
        return Node("chance", s, edges=tuple((tuple(acts), q, k) for k, (acts, q) in groups.items()))

    nodes: dict = {}
    done: set = set()
    merged = 0
    root_key = keyf(st0)
    stack = [root_key]
    while stack:
        k = stack[-1]
        if k in done:
            stack.pop()
            continue
        n = nodes.get(k)
        if n is None:
            if b.nodes is not None and len(nodes) >= b.nodes:
                raise BudgetExceeded(f"best play: more than {b.nodes} positions to search (the budget): too big to "
                                     "solve exactly; raise the budget, or ask for a smaller position or a shorter horizon",
                                     len(nodes), time.perf_counter() - t0)
            if b.seconds is not None and time.perf_counter() - t0 > b.seconds:
                raise BudgetExceeded(f"best play: the search passed its budget of {b.seconds} s after {len(nodes)} "
                                     "positions: raise the budget, or ask for a smaller position or a shorter horizon",
                                     len(nodes), time.perf_counter() - t0)
            n = nodes[k] = expand(k)
            if n.kind == "leaf":
                done.add(k)
                stack.pop()
                continue
            for _, _, c in n.edges:
                if c in done:
                    merged += 1
                elif c in nodes:
                    # expanded and not yet valued: with a depth-first search that is an ancestor of this
                    # position, so the game would go round in a circle
                    raise ProbError("4.0", "best play: a position leads back to itself; the search cannot value it")
                else:
                    stack.append(c)
            continue
        # every child is valued
        vals = [(nodes[c].value, q) for _, q, c in n.edges]
        if n.kind == "max":
            n.value = max(v for v, _ in vals)
        elif n.kind == "min":
            n.value = min(v for v, _ in vals)
        else:
            n.value = sum((v * q for v, q in vals), Fraction(0))
        done.add(k)
        stack.pop()
    return BestPlay(root_key, nodes, goal, horizon, hkey, hparams, zombies, merged, time.perf_counter() - t0, st0)

