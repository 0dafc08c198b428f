"""A hand-tuned score of a solitaire position for the search player (:mod:`dodnb.search.player`).

The score is read at the end of a Human Player-Turn, before the Zombie Player-Turn [4.0] 2 plays
out; higher is better for the humans. It is *not* a probability: it adds

* what is already won or lost: a finished game is +/- ``WIN`` [14.1], [14.2]; each character's
  status costs (stunned, infected, killed or super zombie [8.5], [11.0]), Fran's double, since her
  infection or loss with one other character loses the game [14.1];
* progress toward [14.2]: each zombie unit or super zombie on the map costs, each closed main door
  [5.5] and each hunting rifle held by Steve or Fran [12.2] earns, and the four main doors closed
  earn once more (so that closing the last one always pays, although the hunt's shaping below
  begins then);
* squares still to walk: the nearest able character's shortest walk through *every* open main
  door, in the best order (:func:`_tails`; uncapped, so a step toward a far door counts as much as
  one toward a near one, and closing a door never lengthens the walk), standing ready in an open
  main door's square (a main door is closed by a character who *begins* his turn there [5.5]),
  Steve and Fran to the rifles, and once the four main doors are closed (nothing enters any more
  [13.0]) the nearest able character to the nearest unit. The doors come first: the humans cannot
  win before the four main doors are closed [14.2];
* keeping together: each character alone in his square costs. Characters in one square fire
  together (more dice [6.8]) and share an attack [15.6]; and since a character who moved in the
  last Human Player-Turn may not move in this one [5.0], a stack once split tends to stay split;
* the danger of the coming Zombie Player-Turn, estimated without playing it: a unit in a
  character's square attacks [8.0]; a unit that must react [7.0] 1 (it sees a square the moved
  stack entered or acted in [7.3]) comes one square nearer; a unit then one square from a character
  most likely ends its free move in his square ([15.5] priority 1), two squares is a small threat;
  a new unit may enter an open main door's square [13.0]. One unit per square [7.6], so each
  square of characters suffers at most one attack; it costs by how little chance the characters
  there have of destroying the attacker by their own fire first [8.1], how many of them the die
  names [15.6] and how vulnerable they are [8.5]. Measured on 635 zombie turns of the sensible
  policy's games, this estimate rises with the harm actually done (correlation 0.44) and is about
  twice it: the player is cautious.

The weights (:class:`Weights`) were tuned by hand on a few hundred seeded games (docs/ARCHITECTURE.md,
"The search player"); a :class:`Weights` value can be given to a player to try others.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import permutations

from dodnb.rules import core
from dodnb.rules.knowledge import value_known
from dodnb.rules.solitaire import INF, steps_from
from dodnb.rules.state import GameState
from dodnb.rules.vocab import LOST, Side, Status

__all__ = ["score", "Weights", "WIN", "STATUS_COST", "REACH", "HIT_COST"]

WIN = 1000.0
#: [8.5], [11.0] what each status costs a character (Fran counts FRAN times [14.1]).
STATUS_COST = {"normal": 0.0, "stunned": 3.0, "infected": 8.0, "killed": 14.0, "super": 16.0}
FRAN = 2.0
#: chance that a unit this many squares from a character (after reaction) attacks him this turn
REACH = {0: 1.0, 1: 0.85, 2: 0.15}
MEAN_VALUE = 6  # a unit whose value nobody has seen [7.7]
WALK_CAP = 150  # squares: a walk through the open main doors longer than this (a door out of reach) counts as this


@dataclass(frozen=True)
class Weights:
    """The hand-tuned weights of :func:`score` (a frozen, picklable value; see module)."""

    unit: float = 2.0  # each zombie unit or super zombie on the map [14.2] 3
    main_door: float = 20.0  # each main door closed [14.2] 1
    all_closed: float = 20.0  # the four main doors closed [14.2] 1 (outweighs the hunt's shaping that begins then)
    door_ready: float = 8.0  # a character able to act standing in an open main door's square [5.5]
    rifle: float = 3.0  # each hunting rifle held by Steve or Fran [14.2] 2
    rifle_step: float = 0.2  # each square Steve or Fran is from the rifles while a main door is open [12.2]
    rifle_step_closed: float = 0.2  # the same once the four main doors are closed
    door_cap: float = 8.0  # the most squares door_step counts when tour is False
    door_step: float = 1.0  # each square of the nearest able character's walk through the open main doors [5.5]
    hunt_step: float = 0.3  # each square between the nearest able character and the nearest unit, doors closed [14.2] 1
    alone: float = 3.0  # each character in play alone in his square (a stack fires more dice [6.8], shares attacks [15.6])
    tour: bool = True  # door_step counts the shortest walk through every open main door (False: to the nearest, capped at door_cap)
    danger: float = 1.0  # times the expected cost of this Zombie Player-Turn's attacks


@lru_cache(maxsize=None)
def _p_destroy(n_dice: int, need: int) -> float:
    """P(the total of n_dice six-sided dice is at least `need`) [6.8]."""
    if n_dice <= 0:
        return 0.0
    ways = core.ways(n_dice)
    return float(Fraction(sum(c for t, c in ways.items() if t >= need), 6**n_dice))


def _lost(c) -> bool:
    return c.status in LOST


def score(st: GameState, ctx, w: Weights = Weights()) -> float:
    """The position's score for the humans (see module): higher is better."""
    res = st.result
    if res is not None:
        return WIN if res.winner == Side.HUMAN else -WIN
    s = 0.0
    chars = st.characters
    for c in chars:
        s -= STATUS_COST.get(c.status, 0.0) * (FRAN if c.name == "Fran" else 1.0)
        if c.rifle and c.name in ("Steve", "Fran") and not _lost(c):
            s += w.rifle
    units = [z for z in st.zombies if z.square is not None]
    supers = [c for c in chars if c.is_super and c.square is not None]
    s -= w.unit * (len(units) + len(supers))
    board = st.board
    closed = sum(1 for d in board.main_doors.values() if st.door_state(d.id) == "closed")
    s += w.main_door * closed + (w.all_closed if closed == len(board.main_doors) else 0.0)
    if w.danger:
        s -= w.danger * _danger(st, ctx, units, supers)
    s -= _way_to_go(st, ctx, units, w)
    if w.alone:
        where = [c.square for c in chars if c.in_play and c.square is not None]
        s -= w.alone * sum(1 for sq in where if where.count(sq) == 1)
    return s


def _way_to_go(st: GameState, ctx, units, w: Weights) -> float:
    """Shaping toward the [14.2] conditions still open, in squares to walk (doors as they are):
    the nearest able character to the nearest open main door [5.5] (a door is closed by a
    character who begins a turn in its square), Steve and Fran to the hunting rifles [12.2], and,
    once the main doors are closed (no unit enters any more [13.0]), the nearest able character to
    the nearest unit [14.2] 1. Standing ready in an open main door's square earns."""
    humans = [c for c in st.characters if c.in_play and c.square is not None]
    if not humans:
        return 0.0
    able = [c for c in humans if c.status == Status.NORMAL]
    cost = 0.0
    doors = [d.squares[0] for d in st.board.main_doors.values() if st.door_state(d.id) != "closed"]
    if doors and able:
        if w.tour:
            tails = _tails(st, ctx, tuple(sorted(doors)))
            walk = min(min(steps_from(st, ctx, d).get(c.square, INF) + t for d, t in tails.items()) for c in able)
            cost += w.door_step * min(walk, WALK_CAP)
        else:
            # capped, so that closing a door never costs more in shaping than it earns (main_door)
            cost += w.door_step * min(w.door_cap, min(min(steps_from(st, ctx, sq).get(c.square, INF) for c in able) for sq in doors))
        ready = {c.square for c in able} & set(doors)
        cost -= w.door_ready * len(ready)
    rs = ctx.board.rifle_square or "177"
    if st.rifles_left > 0:
        d = steps_from(st, ctx, rs)
        step = w.rifle_step if doors else w.rifle_step_closed
        cost += step * sum(min(d.get(c.square, INF), 30) for c in humans if c.name in ("Steve", "Fran") and not c.rifle)
    if units and able and not doors:
        squares = [z.square for z in units]
        near = INF
        for c in able:
            d = steps_from(st, ctx, c.square)
            near = min(near, min(d.get(sq, INF) for sq in squares))
        cost += w.hunt_step * min(near, 30)
    return cost


_TAILS: dict = {}


def _tails(st: GameState, ctx, doors: tuple) -> dict:
    """For each open main door's square, the shortest walk from it through all the other open ones
    (squares, the doors as they are), kept per door states."""
    key = (st.door_states, doors)
    got = _TAILS.get(key)
    if got is None:
        if len(_TAILS) > 4096:
            _TAILS.clear()
        dist = {d: steps_from(st, ctx, d) for d in doors}
        got = {}
        for first in doors:
            best = INF
            for perm in permutations([d for d in doors if d != first]):
                t, at = 0, first
                for d in perm:
                    t += dist[d].get(at, INF)
                    at = d
                best = min(best, t)
            got[first] = best
        _TAILS[key] = got
    return got


_REACT: dict = {}


def _sighted(st: GameState, ctx, triggers: frozenset) -> frozenset:
    """The squares within sight of any trigger square [7.0] 1, [7.1], kept per doors and triggers."""
    key = (st.door_states, triggers)
    got = _REACT.get(key)
    if got is None:
        if len(_REACT) > 20_000:
            _REACT.clear()
        table = ctx.sight(st)
        got = frozenset().union(*(table.visible_from(sq) for sq in triggers))
        _REACT[key] = got
    return got


#: What one attack that gets through costs a character, by status [8.4], [8.5] (Fran: times FRAN).
HIT_COST = {"normal": 4.0, "stunned": 10.0, "infected": 10.0}
ENTRANCE = 0.25  # chance a unit enters an open main door's square this turn and attacks there [13.0]


def _danger(st: GameState, ctx, units, supers) -> float:
    """The expected cost of this Zombie Player-Turn's attacks (see module). One unit per square
    [7.6]: a square of characters suffers at most one unit's attack (and its super zombies')."""
    humans = [c for c in st.characters if c.in_play and c.square is not None]
    if not humans:
        return 0.0
    by_sq: dict[str, list] = {}
    for c in humans:
        by_sq.setdefault(c.square, []).append(c)
    triggers = frozenset(st.record.entered) | frozenset(st.record.acted)  # [7.0] 1, [7.3]
    sighted = _sighted(st, ctx, triggers) if triggers else frozenset()
    open_doors = {d.squares[0] for d in st.board.main_doors.values() if st.door_state(d.id) != "closed"}
    total = 0.0
    for sq, group in by_sq.items():
        d = steps_from(st, ctx, sq)
        near = INF
        value = 0
        for z in units:
            k = d.get(z.square, INF)
            if k > 3:
                continue
            if k > 0 and z.square in sighted:  # it must react: one square nearer [7.0] 1
                k -= 1
            v = z.value if value_known(z) else MEAN_VALUE  # what the humans know [2.3], [13.3]
            if k < near or (k == near and v > value):
                near, value = k, v
        for c in supers:
            k = d.get(c.square, INF)
            v = MEAN_VALUE + st.super_value
            if k < near or (k == near and v > value):
                near, value = k, v
        p = REACH.get(near, 0.0)
        if sq in open_doors:
            p = 1.0 - (1.0 - p) * (1.0 - ENTRANCE)
            value = value or MEAN_VALUE
        if not p:
            continue
        fire = core.pooled_dice([ctx.shot_dice(c) for c in group if c.status == Status.NORMAL])
        through = 1.0 - 0.8 * _p_destroy(fire, core.kill_threshold(ctx.tables.same_square_modifier(), value))  # [6.0] step 5
        n = len(group)
        share = (n + 1) / (2 * n)  # [15.6] how many of the n are attacked, on average
        hit = sum(HIT_COST.get(c.status, 0.0) * (FRAN if c.name == "Fran" else 1.0) for c in group)
        total += p * through * share * hit
    return total
