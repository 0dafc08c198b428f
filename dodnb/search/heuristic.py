"""A hand-tuned score of a solitaire position for the search player (:mod:`dodnb.search.player`).

The score is read at the end of a Human Player-Turn, before the Zombie Player-Turn [4.0] 2 plays
out; higher is better for the humans. It is *not* a probability: it adds

* what is already won or lost: a finished game is +/- ``WIN`` [14.1], [14.2]; each character's
  status costs (stunned, infected, killed or super zombie [8.5], [11.0]), Fran's double, since her
  infection or loss with one other character loses the game [14.1];
* progress toward [14.2]: each zombie unit or super zombie still on the map costs, each closed main
  door [5.5] and each hunting rifle held by Steve or Fran [12.2] earns;
* the danger of the coming Zombie Player-Turn, estimated without playing it: a unit in a
  character's square attacks [8.0]; a unit that must react [7.0] 1 (it sees a square the moved
  stack entered or acted in) comes one square nearer; a unit then one square from a character
  most likely ends its free move in his square ([15.5] priority 1), two squares is a threat for
  the turn after. Each likely attack costs by how little chance the characters there have of
  destroying the attacker by their own fire first [8.1] and how vulnerable they are.

The weights are hand-tuned on a few hundred seeded games (see docs/ARCHITECTURE.md, "The search
player"); they are plain module constants so an experiment can change them.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from dodnb.rules import core
from dodnb.rules.phases.reaction import units_in_reaction
from dodnb.rules.solitaire import INF, steps_from
from dodnb.rules.state import GameState

__all__ = ["score", "WIN", "STATUS_COST", "UNIT_COST", "MAIN_DOOR", "RIFLE", "REACH", "ATTACK_COST"]

WIN = 1000.0
#: [8.5], [11.0] what each status costs a character (Fran counts FRAN times [14.1]).
STATUS_COST = {"normal": 0.0, "stunned": 3.0, "infected": 8.0, "killed": 14.0, "super": 16.0}
FRAN = 2.0
UNIT_COST = 2.0  # each zombie unit on the map [14.2] 1
MAIN_DOOR = 3.0  # each main door closed [14.2] 3
RIFLE = 2.0  # each hunting rifle held by Steve or Fran [14.2] 2
#: chance that a unit this many squares from a character (after reaction) attacks him this turn
REACH = {0: 1.0, 1: 0.7, 2: 0.12}
ATTACK_COST = 6.0  # an attack on a square, before the characters' fire and their vulnerability
MEAN_VALUE = 6  # a unit whose value nobody has seen [7.7]


@lru_cache(maxsize=None)
def _p_destroy(n_dice: int, need: int) -> float:
    """P(the total of n_dice six-sided dice is at least `need`) [6.8]."""
    if n_dice <= 0:
        return 0.0
    ways = core.ways(n_dice)
    return float(Fraction(sum(c for t, c in ways.items() if t >= need), 6**n_dice))


def _lost(c) -> bool:
    return c.status in ("killed", "super")


def score(st: GameState, ctx) -> float:
    """The position's score for the humans (see module): higher is better."""
    res = st.result
    if res is not None:
        return WIN if res.winner == "human" else -WIN
    s = 0.0
    chars = st.characters
    for c in chars:
        s -= STATUS_COST.get(c.status, 0.0) * (FRAN if c.name == "Fran" else 1.0)
        if c.rifle and c.name in ("Steve", "Fran") and not _lost(c):
            s += RIFLE
    units = [z for z in st.zombies if z.square is not None]
    supers = [c for c in chars if c.is_super and c.square is not None]
    s -= UNIT_COST * (len(units) + len(supers))
    board = st.board
    s += MAIN_DOOR * sum(1 for d in board.main_doors.values() if st.door_state(d.id) == "closed")
    s -= _danger(st, ctx, units, supers)
    return s


_REACT: dict = {}


def _reacting(st: GameState, ctx, triggers: frozenset) -> frozenset:
    """The units that must react to these squares [7.0] 1, kept per pieces and doors."""
    key = (st.zombies, st.characters, st.door_states, triggers)
    got = _REACT.get(key)
    if got is None:
        if len(_REACT) > 20_000:
            _REACT.clear()
        got = _REACT[key] = frozenset(units_in_reaction(st, ctx, triggers)[1])
    return got


def _danger(st: GameState, ctx, units, supers) -> float:
    humans = [c for c in st.characters if c.in_play and c.square is not None]
    if not humans:
        return 0.0
    by_sq: dict[str, list] = {}
    for c in humans:
        by_sq.setdefault(c.square, []).append(c)
    triggers = set(st.record.entered) | set(st.record.acted)  # [7.0] 1, [7.3] so far this turn
    reacting = _reacting(st, ctx, frozenset(triggers)) if triggers else frozenset()
    dists = {sq: steps_from(st, ctx, sq) for sq in by_sq}
    total = 0.0
    for sq, group in by_sq.items():
        d = dists[sq]
        fire = core.pooled_dice([ctx.shot_dice(c) for c in group if c.status == "normal"])
        weak = sum(1 for c in group if c.status in ("stunned", "infected")) + sum(1 for c in group if c.name == "Fran")
        cost = ATTACK_COST * (1.0 + 0.5 * weak) / (1.0 + 0.25 * (len(group) - 1))
        for z in units:
            k = d.get(z.square, INF)
            if k > 3:
                continue
            if z.uid in reacting and k > 0:
                k -= 1
            p = REACH.get(k, 0.0)
            if not p:
                continue
            value = z.value if (z.seen or z.face_up) else MEAN_VALUE
            total += p * (1.0 - 0.8 * _p_destroy(fire, value)) * cost
        for c in supers:
            k = d.get(c.square, INF)
            p = REACH.get(k, 0.0)
            if p:
                total += p * (1.0 - 0.8 * _p_destroy(fire, MEAN_VALUE + st.super_value)) * cost
    return total
