"""Exact odds of the coming zombie turn [15.0] — the one zombie-turn odds API.

Everything between the end of a Human Player-Turn and the start of the next one is a chance process
once the zombie side's decisions follow a fixed rule: the Hidden Zombie Table [15.2], the berserk
checks [10.0], [15.4], the free-movement die [7.0], the reaction fire and panic of the characters
under attack [6.9], [8.1], the attacks [8.8], the attack-count die [15.6], the Zombie Entrance Table
and the units drawn [13.0], the super-zombie rolls [11.0]. :func:`zombie_turn` walks every chance
node of the rules engine (``engine.chance_outcomes`` / ``engine.apply``) and gives the **exact**
distribution of

* each character's status when the next Human Player-Turn begins (or the game ends),
* the number of zombies destroyed during the turn (units and super zombies eliminated [6.0], [11.3]),
* the number of units that entered the map during the turn (a hidden zombie [15.2], [9.0], or a unit
  drawn at a main door [13.0]),
* the winner, if the game ends during that zombie turn [14.1], [14.2].

**The question answered** is carried by the result (:attr:`ZombieTurnOdds.question`). In a
solitaire game the zombies *are* the automaton of [15.5] (:mod:`dodnb.rules.solitaire`). In a
two-player game the zombie player decides; the odds then answer "if the zombies played by the
solitaire rules" (ruling Z3 in docs/rulings/solitaire.md): the [15.5] automaton moves them, a die
picks the unit checked for berserk among the nearest [15.4] and the number of characters attacked
[15.6], hidden zombies come out only when they must [9.4]; every other rule is the two-player game's.

**Shortcuts** (rulings Z1, Z2; each proven equal to the plain walk of the engine's chance nodes by
tests/solitaire/test_zombie_turn_odds.py): equal positions merge wherever they are reached (the walk
is over a graph of positions, not a tree of dice sequences); once no zombie can move any more in the
turn (Attack and Generation Phases) a position is put in a canonical form (units renamed in a fixed
order, the movement bookkeeping dropped, units that can no longer attack, block an entrance or be
shot reduced to one; the pool's values forgotten while nobody stands where a unit may still be
drawn), units drawn from a pool are grouped into classes of interchangeable units drawn with their
multiplicity, a Zombie Entrance Table roll that brings units only where nobody stands ends the turn
with the number entered, the free movement (no chance node) is followed at once to its end with the
automaton's choices shared between the die's faces, and rolls are grouped by the result they give;
in the Zombie Generation Phase what stands in the square of a character still to roll for a super
zombie is held back with the probability until that roll, the walk going in stages.
Outside their proofs (custom policies) the walk is the plain one.

The work is bounded (``max_seconds``, ``max_states``). Beyond the bound it either raises
:class:`~dodnb.prob.enumerate.TooBig` (``fallback=None``) or plays the same turn ``n`` times with
seeded dice and says so: ``odds.exact`` is False, ``odds.kind`` is "montecarlo", and every
probability comes with a 95 % Wilson interval (:meth:`ZombieTurnOdds.interval`) and the number of
games played.

    from dodnb.rules.game import Game
    from dodnb.rules.solitaire import zombie_policy, sensible_human
    from dodnb.prob import zombie_turn
    g = Game(seed=3, solitaire=True, human=sensible_human, zombie=zombie_policy)
    g.step_phase()                      # the first Human Player-Turn
    odds = zombie_turn(g)               # what the zombies will do next, exactly
    odds.status("Fran").p("normal")     # a Fraction
    odds.rows()                         # per character: what each number is the probability of
"""

from __future__ import annotations

import gc
import html
import math
import random
import time
from bisect import bisect_left
from dataclasses import dataclass, fields, replace
from fractions import Fraction
from operator import itemgetter
from typing import Any, Callable, NamedTuple, Optional

from dodnb.prob.dist import Dist, fmt_fraction, fmt_percent
from dodnb.prob.enumerate import TooBig, draw
from dodnb.prob.errors import ProbError
from dodnb.rules import engine, solitaire
from dodnb.rules.phases import generation
from dodnb.rules.phases.base import RIFLE_HOLDERS
from dodnb.rules.phases.order import begin_next
from dodnb.rules.actions import AttackCount, BerserkCheck, EndPhase, EndTurn, Reveal, ZMove, policy_action
from dodnb.rules.state import GameState, Pending, TurnRecord, ZombieTurn, ZombieUnit
from dodnb.rules.vocab import PendingKind, Phase, Pool, Side, Status, ZStep

__all__ = [
    "zombie_turn", "ZombieTurnOdds", "TurnOutcome", "CharacterOdds", "sample_zombie_turn", "TooBig",
    "wilson", "SOLITAIRE_QUESTION", "TWO_PLAYER_QUESTION", "STATUSES",
]

STATUSES = ("normal", "stunned", "infected", "killed", "super")

#: The question the odds answer, in plain words (for a panel to show).
SOLITAIRE_QUESTION = ("If the human player ends the turn now: what can the zombies do to the characters "
                      "in the coming zombie turn (solitaire zombies [15.0])?")
TWO_PLAYER_QUESTION = ("If the human player ends the turn now, and if the zombies played by the solitaire "
                       "rules [15.5]: what could they do to the characters in the coming zombie turn?")

_POST_MOVEMENT = (Phase.ATTACK.value, Phase.GENERATION.value)
_MOVEMENT = (Phase.REACTION.value, Phase.FREE.value)


class TurnOutcome(NamedTuple):
    """What one zombie turn did. ``statuses``: (name, status) for every character, in game order, when
    the next Human Player-Turn begins (or the game ends); ``destroyed``: zombie units and super zombies
    eliminated during the turn [6.0], [11.3]; ``entered``: units placed on the map during the turn (a
    hidden zombie [15.2], [9.0] or a unit drawn at a main door [13.3]) — a unit shot and drawn back in
    the same turn counts once in each; ``winner``: '' or who won during the turn [14.1], [14.2]."""

    statuses: tuple
    destroyed: int
    entered: int
    winner: str = ""


def wilson(k: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion k/n. Never [p, p] for n > 0: 0 of 300 gives
    (0, 0.0126), 300 of 300 gives (0.987, 1) — an estimate does not claim certainty."""
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (0.0 if k == 0 else max(0.0, mid - half), 1.0 if k == n else min(1.0, mid + half))


# =============================================================================================
# the walk: one chance process for the whole zombie turn


def _strip(policy):
    """The walk wants an action; Game policies may return (action, note)."""

    def pol(state, legal, rng):
        return policy_action(policy(state, legal, rng))

    return pol


def _policies(zombie, human, ctx):
    from dodnb.rules import solitaire

    # the default zombie side: the [15.5] automaton's action without the note it would write
    zpol = _strip(zombie) if zombie else (lambda state, legal, rng: solitaire.zombie_action(state, legal, ctx))
    return {Side.ZOMBIE.value: zpol, Side.HUMAN.value: _strip(human or solitaire.sensible_human)}


def _settle(st: GameState) -> GameState:
    """A hand-built position with nothing pending: run the engine's automatic steps, as
    ``Game(state=...)`` does, so the position says what happens next."""
    from dodnb.rules.game import Game

    return Game(seed=0, state=st, human="ask", zombie="ask").state


def _start(game_or_state) -> tuple[GameState, Any]:
    """The position the zombie turn starts from, and the engine context."""
    if isinstance(game_or_state, GameState):
        st = game_or_state
        ctx = engine.context(st.board)
    elif hasattr(game_or_state, "state") and hasattr(game_or_state, "ctx"):
        st = game_or_state.state
        ctx = game_or_state.ctx
    else:
        raise ProbError("4.0", f"zombie_turn needs a Game or a GameState, not {type(game_or_state).__name__}")
    if st.result is not None:
        raise ProbError("14.0", "the game is over: there is no coming zombie turn")
    if st.pending is None:
        st = _settle(st)  # a hand-built position: settle it first (issue 17)
        if st.result is not None:
            raise ProbError("14.0", "the game is over: there is no coming zombie turn")
    if st.phase == Phase.HUMAN:
        if st.pending is None or st.pending.side != Side.HUMAN or st.pending.kind != PendingKind.ACT:
            raise ProbError("4.0", f"finish the human decision in progress first ({st.pending.purpose if st.pending else 'none'})")
        st, _ = engine.apply(st, ctx, EndTurn())  # the human player ends the turn as it stands
    return st, ctx


def _stop_fn(turn: int) -> Callable[[GameState], bool]:
    return lambda s: s.result is not None or s.pending is None or (s.phase == Phase.HUMAN and s.turn > turn)


def _outcome(s: GameState, destroyed: int, entered: int) -> TurnOutcome:
    return TurnOutcome(tuple((c.name, c.status) for c in s.characters), destroyed, entered, s.result.winner if s.result else "")


def _counts(s: GameState, t: GameState) -> tuple[int, int]:
    """(zombies eliminated, units placed on the map) from `s` to `t`, one engine step: read from what
    happened, not from names (a unit can be shot and drawn back in the same turn).

    The engine changes units and characters in place (same order, same names), so only the pairs that
    are not the same object are read; any other change of the tuples is counted by names."""
    destroyed = entered = 0
    zs, zt = s.zombies, t.zombies
    if zs is not zt:
        if len(zs) == len(zt) and all(a.uid == b.uid for a, b in zip(zs, zt) if a is not b):
            for a, b in zip(zs, zt):
                if a is not b and (a.square is None) != (b.square is None):
                    if b.square is None:
                        destroyed += 1
                    else:
                        entered += 1
        else:
            before = {z.uid for z in zs if z.square is not None}
            after = {z.uid for z in zt if z.square is not None}
            destroyed, entered = len(before - after), len(after - before)
    if s.characters is not t.characters:
        sup_before = {c.name for c in s.characters if c.is_super}
        destroyed += len(sup_before - {c.name for c in t.characters if c.is_super})
    return destroyed, entered


def _step(ctx, t: GameState, a) -> tuple:
    """(the position after `a` at `t`, zombies eliminated and units placed on the way): :func:`_reached`."""
    return _reached(t, engine.apply(t, ctx, a)[0])


def _reached(t: GameState, u: GameState) -> tuple:
    """(`u`, zombies eliminated and units placed from `t` to it: :func:`_counts`, read only when the
    units or the characters changed)."""
    if u.zombies is t.zombies and u.characters is t.characters:
        return u, 0, 0
    return (u, *_counts(t, u))


def _merge_by(outs: list, key) -> list:
    """Chance outcomes merged by `key`: the first outcome of each class stands for the class, with the
    summed probability of all its outcomes (the classes the rulings Z1, Z2 prove interchangeable)."""
    groups: dict = {}
    for a, q in outs:
        k = key(a)
        g = groups.get(k)
        if g is None:
            groups[k] = [a, q]
        else:
            g[1] += q
    return [(a, q) for a, q in groups.values()]


class _Walk:
    """The zombie turn as a chance process: at every node, the branches with their probabilities.

    ``shortcuts`` turns on rulings Z1 and Z2 (canonical positions after movement, draws by class);
    they are proven for the default policies only, so custom policies get the plain walk."""

    def __init__(self, st0: GameState, ctx, *, zombie=None, human=None, shortcuts: Optional[bool] = None):
        self.ctx = ctx
        self.turn = st0.turn
        self.solitaire = st0.solitaire
        self.pol = _policies(zombie, human, ctx)
        self.shortcuts = (zombie is None and human is None) if shortcuts is None else shortcuts
        self.default_zombie = zombie is None
        # ruling Z1 (an attack followed once): proven for the default sides (in a two-player game, the
        # zombie player's choice of how many are attacked by a die, as in solitaire: ruling Z3)
        self.attacks_apart = self.shortcuts and zombie is None and human is None
        self._attacks: dict = {}  # what an attack reads (:meth:`_attack_key`) -> its ends, or None
        self.stop = _stop_fn(st0.turn)
        self.rng = random.Random(0)  # the default policies do not use it
        self.entrances = frozenset(ctx.main_square_door)
        self.spare = [s for s in ctx.board.ids if s not in self.entrances]
        self._units: dict = {}
        self._free: dict = {}
        self._chains: dict = {}
        self._reacts: dict = {}  # reaction decision -> (the last in its chain, its action, destroyed, entered before it)
        self._nearq: dict = {}  # squares of the units queued to react -> the squares near them
        self._stand_ins: dict = {}  # square -> a plain unit standing in it (:meth:`_set_aside`)
        self._lasts: dict = {}  # last reaction decision set aside -> (the position after it, or None, destroyed, entered)
        self._near: dict = {}
        self._gates: dict = {}
        self._called: dict = {}  # (doors still to call, or None for any; open main doors; square drawing) -> squares
        self._free_exact: dict = {}
        self._zturns: dict = {}
        self._ends: dict = {}  # canonical position at the end of movement -> (settled, destroyed, entered)
        self._exposed: tuple = (None, None)  # (the last canonical position, its `_exposure`)
        self._reduced: dict = {}  # (unit, how it is reduced) -> (sort key, reduced unit)
        self._renamed: dict = {}  # (reduced unit, place) -> the unit renamed for that place
        self.main_doors = {sq: d.id for sq, d in ctx.main_square_door.items()}
        self.used: dict = {}  # how often each shortcut applied (the tests check they are exercised)
        # ruling Z1 (counters nameless in movement): the solitaire movement of the [15.5] automaton
        self.nameless = self.shortcuts and self.solitaire and zombie is None and human is None
        self._in_nameless = False  # working out a nameless position's children (:meth:`_nameless_children`)
        self._nameless_kids: dict = {}  # nameless position -> its children, nameless
        self._nameless_units: dict = {}  # id of a unit -> (the unit, the unit without its id and value)
        self._nameless_tuples: dict = {}  # id of a tuple of units -> (that tuple, :meth:`_nameless_units_of`)
        self._nameless_interned: dict = {}  # nameless units -> the one tuple object with them
        self._pendings: dict = {}  # (pending, name) -> the pending naming the unit so

    # ----- branches ------------------------------------------------------------------------
    def branches(self, s: GameState) -> list:
        """[(action, probability)] at `s` (a decision has one branch)."""
        p = s.pending
        ctx = self.ctx
        if p.side == Side.CHANCE:
            outs = engine.chance_outcomes(s, ctx)
            if self.shortcuts and p.kind.is_draw:
                outs = self._group_draws(s, outs)
            return outs
        if p.side == Side.ZOMBIE and not self.solitaire:
            got = self._two_player_zombie(s)
            if got is not None:
                return got
        if p.kind == PendingKind.FREE and self.shortcuts:
            return [(self._free_move(s), Fraction(1))]
        legal = engine.legal_actions(s, ctx)
        a = self.pol[p.side](s, legal, self.rng)
        if p.side == Side.ZOMBIE and not self.solitaire and a not in legal:
            # [9.4] the hidden zombies must come out (no unit left on the map): the automaton knows no
            # hidden zombie [15.1]; they come out in the order the engine lists them (ruling Z3)
            a = next(x for x in legal if isinstance(x, Reveal))
        return [(a, Fraction(1))]

    def _free_move(self, s: GameState):
        """The zombie side's free move at `s`, shared between positions that differ only in the number
        of free moves left (1 or more) wherever the choice does not read it (ruling Z2 (3))."""
        ctx = self.ctx
        if not self.default_zombie:
            key = self._free_key(s)
            a = self._free.get(key)
            if a is None:
                legal = engine.legal_actions(s, ctx)
                a = self._free[key] = self._two_player_end(s, self.pol[s.pending.side](s, legal, self.rng), legal)
            return a
        return self._free_decision(s)[0]

    def _free_decision(self, s: GameState) -> tuple:
        """(the [15.5] automaton's free move at `s`, the numbers of free moves left it was measured
        against — ``solitaire.free_move_needs``, empty when it reads only that some are left):
        :meth:`_free_move` for the default zombie side."""
        ctx = self.ctx
        zt = s.zturn
        norm = s.evolve(zturn=_unit(zt, moves_left=1) if zt.moves_left > 1 else zt, pending=_FREE_PENDING)
        got = self._free.get(norm)
        if got is not None and got is not _COUNTS:
            self.used["free moves shared"] = self.used.get("free moves shared", 0) + 1
            return got, ()
        exact = s.evolve(pending=_FREE_PENDING)
        if got is _COUNTS:
            hit = self._free_exact.get(exact)
            if hit is not None:
                return hit
        legal = engine.legal_actions(s, ctx)
        a, needs = solitaire.free_move_needs(s, legal, ctx)  # the automaton's choice, without its note
        a = self._two_player_end(s, a, legal)
        if needs:  # priority 2 made room (ruling S-P2): the number left is read, the key keeps it
            self._free[norm] = _COUNTS  # (with one move left `norm` is `exact`: hence a dict of its own)
            self._free_exact[exact] = (a, needs)
        else:
            self._free[norm] = a
        return a, needs

    def _two_player_end(self, s: GameState, a, legal):
        """[9.4] in a two-player game the phase may not end while a hidden zombie must come out: the
        first reveal the engine lists (ruling Z3)."""
        if not self.solitaire and isinstance(a, EndPhase) and EndPhase() not in legal:
            return next(x for x in legal if isinstance(x, Reveal))
        return a

    def _free_key(self, s: GameState) -> GameState:
        """Ruling Z2 (3): the [15.5] automaton's free move reads the free moves left only as "some are
        left" (which units may move [7.0] 2), except when making room for a unit in an open main-door
        square (priority 2, ruling S-P2), which counts them. Without a unit in an open main-door square,
        the positions that differ only in the number left (1 or more) get the same move: the die's six
        faces share their decisions."""
        zt = s.zturn
        if zt.moves_left > 1 and not any(z.square in self.main_doors and s.door_state(self.main_doors[z.square]) != "closed"
                                         for z in s.zombies if z.square is not None):
            s = s.evolve(zturn=_unit(zt, moves_left=1))
        return s.evolve(pending=_FREE_PENDING)

    def _two_player_zombie(self, s: GameState):
        """Ruling Z3: the zombie player's decisions that the solitaire rules give to a die."""
        kind = s.pending.kind
        ctx = self.ctx
        if kind == PendingKind.BERSERK_PICK:  # [15.4] the nearest unit; a die among equally near ones
            near = engine.solitaire_berserk_candidates(s, ctx)
            if not near:
                return [(BerserkCheck(""), Fraction(1))]
            return [(BerserkCheck(u), Fraction(1, len(near))) for u in near]
        if kind == PendingKind.ATTACK_COUNT:  # [15.6] a die decides how many characters are attacked
            n = len(s.characters_in(s.attack.square))
            return [(AttackCount(k), Fraction(1, n)) for k in range(1, n + 1)]
        if kind == PendingKind.REVEAL:  # [15.1] no voluntary reveal; [9.4] forced ones in the engine's order
            legal = engine.legal_actions(s, ctx)
            if EndPhase() in legal:
                return [(EndPhase(), Fraction(1))]
            return [(next(x for x in legal if isinstance(x, Reveal)), Fraction(1))]
        return None

    def _group_draws(self, s: GameState, outs: list) -> list:
        """Ruling Z2: units of the pool that are interchangeable are drawn as one class, with its
        multiplicity. Interchangeable: every field but the name equal (value, berserk, knowledge); and,
        for the hidden zombie drawn before movement [15.2], no name of a unit on the map or of a
        character falls between theirs (names order ties in the [15.5] automaton and in the reaction
        queue [7.0]; nothing else reads them). After movement (Attack, Generation) names order nothing:
        the canonical form renames every unit."""
        if s.phase in _POST_MOVEMENT:
            comparables = None
            zt = s.zturn
            doors = [zt.drawing] + [self.ctx.board.main_doors[c].squares[0] for c in zt.entering[1:]]
            if s.phase == Phase.GENERATION and not any(s.characters_in(sq) for sq in doors):
                # every unit drawn from here on in the turn lands where nobody is: a plain blocker in the
                # canonical form, the pool forgotten after the last draw (ruling Z1): one draw stands for all
                self.used["draws that cannot matter"] = self.used.get("draws that cannot matter", 0) + 1
                return [(outs[0][0], Fraction(1))]
        elif s.phase == Phase.HIDDEN and s.solitaire:
            comparables = sorted([z.uid for z in s.zombies if z.square is not None] + [c.name for c in s.characters])
        else:
            return outs  # a hidden zombie revealed during movement [9.0]: unit by unit
        by_uid = {z.uid: z for z in s.zombies}

        def klass(a) -> tuple:
            z = by_uid[a.uid]
            k = (z.value, z.berserk, z.face_up, z.seen, z.candidates, z.pool)
            return k + (bisect_left(comparables, z.uid),) if comparables is not None else k

        merged = _merge_by(outs, klass)
        if len(merged) < len(outs):
            k = "draw classes before movement" if comparables is not None else "draw classes after movement"
            self.used[k] = self.used.get(k, 0) + 1
        return merged

    # ----- canonical form ------------------------------------------------------------------
    def canon(self, s: GameState) -> GameState:
        """Ruling Z1: once no zombie can move in the turn (Attack and Generation Phases), only these
        matter for the rest of it: the characters; the units in a character's square (they attack and
        are shot at [8.0], [8.1], [11.8]: value and berserk [6.5], [10.6]); whether each entrance square
        whose main door is not closed is zombie-occupied [13.2] (no unit enters through a closed door,
        and no door opens or closes in these phases); the values in the eliminated pool while a unit
        may still be drawn [13.3]; the doors; whether any zombie is left on the map [14.2] (only while
        the characters may still win in the turn: every main door closed, no hidden zombie). So: a unit
        elsewhere than a character's square or such an entrance square is reduced to one stand-in (none
        where the characters cannot win in the turn), a
        unit alone in such an entrance square to a plain blocker, the pool is emptied once no unit can be drawn any more (and
        while nobody stands in a main-door square, its values are forgotten and at most two units kept:
        a drawn unit then attacks nobody [13.4], and a roll calls at most two [13.5]), what
        the players know of each unit (seen, candidates: no rule reads them) is dropped, the units are
        renamed in a fixed order, and the movement bookkeeping (who moved, reacted, stacked; the Human
        Player-Turn's record) is dropped."""
        if not self.shortcuts or s.phase not in _POST_MOVEMENT or s.result is not None or s.pending is None:
            return s
        humans = s.human_squares()
        occupied = frozenset(c.square for c in s.characters if c.square is not None)
        zt = s.zturn
        exposure = self._exposure(s)
        later, future, cap, draws_left = exposure
        # ruling Z1 (pool): nobody stands in a main-door square where a unit may still be drawn in the
        # turn, so no unit drawn can attack [13.4]: the pool counts only as "a unit is left to draw"
        # [13.3], for as many draws as may come (two at most [13.5])
        plain_pool = cap if draws_left and not humans & future else None
        attacking = humans & frozenset(later)
        if attacking != humans and s.unit_squares().keys() & (humans - attacking):
            self.used["units reduced after their attack"] = self.used.get("units reduced after their attack", 0) + 1
        zs = s.zombies
        gates = self._open_entrances(s)
        # ruling Z1 (stand-in): the units reduced to the stand-in only say "a zombie unit is on the map",
        # which only the characters' victory reads [14.2] 3; with a main door not closed [14.2] 1 (no
        # door opens or closes after movement) or a hidden zombie still to come, it cannot be won in the
        # turn, and the stand-in goes too
        witness = not gates and not s.hidden_squares
        key = (id(zs), attacking, occupied, draws_left, plain_pool, gates, witness)
        got = self._units.get(key)
        if got is None or got[0] is not zs:
            if len(self._units) > 200_000:
                self._units.clear()
            got = self._units[key] = (zs, self._canon_units(zs, attacking, occupied, draws_left, plain_pool, gates, witness))
        units = got[1]
        zkey = (zt.step, zt.queue if s.phase == Phase.ATTACK else (), zt.entering, zt.super_rolls, zt.drawing)
        zturn = self._zturns.get(zkey)  # one object per canonical bookkeeping: made once, compared by identity first
        if zturn is None:
            zturn = self._zturns[zkey] = ZombieTurn(step=zkey[0], queue=zkey[1], moves_left=0, entering=zkey[2],
                                                    super_rolls=zkey[3], drawing=zkey[4])
        if not (units is zs and (zturn is zt or zturn == zt) and s.record == _NO_RECORD and not s.crossed_squares):
            s = s.evolve(zombies=units, zturn=zturn, record=_NO_RECORD, crossed_squares=())
        # what the rest of the turn reaches is read next by `freeze`, often for this very position (the
        # canonical form keeps everything `_exposure` reads: the phase, the characters, the attack and
        # the bookkeeping it names)
        self._exposed = (s, exposure)
        return s

    def _exposure(self, s: GameState) -> tuple:
        """Where the rest of the turn can still reach the characters, after movement: (the squares
        where an attack is under way or still to come — the attacks in progress or queued [8.0], and
        where a super zombie may be created [11.8], the infected characters still to roll [11.0] —,
        the main-door squares where a unit may still be drawn [13.4] (nobody moves in a zombie turn;
        after the Zombie Entrance Table roll, only the doors it called; never a closed door or a square
        blocked to the end of the turn, :meth:`_blocked`), as many draws as may come
        (two at most [13.5]), whether any may)."""
        zt = s.zturn
        draws_left = s.phase == Phase.ATTACK or bool(zt.drawing) or zt.step == ZStep.ENTRANCE or bool(zt.entering)
        # a unit in a character's square whose attack is over [8.0] attacks again only with a super
        # zombie created there [11.8]: where no infected character is left to roll [11.0], it is a
        # unit like any other (a blocker if in an entrance square [13.2], else the stand-in)
        if s.phase == Phase.ATTACK:
            rollers = generation.super_rollers(s)
            later = set(zt.queue) | {c.square for c in s.characters if c.name in rollers}
        else:
            later = {c.square for c in s.characters if c.name in zt.super_rolls}
        if s.attack is not None:
            later.add(s.attack.square)
        entering = None if s.phase == Phase.ATTACK or zt.step == ZStep.ENTRANCE else zt.entering
        # ruling Z1 (blocked entrances): no unit is drawn where the main door is closed or the square is
        # zombie-occupied [13.2]; after movement no door opens or closes, and a zombie leaves a square only
        # when shot in an attack there [6.9] — so an occupied entrance square no attack will reach stays
        # blocked to the end of the turn
        # (only a character's square is looked at: elsewhere `future` is read only as the number of
        # draws that may come, where counting a blocked square keeps one pool unit too many, no more)
        gates = self._open_entrances(s)
        key = (entering, gates, zt.drawing)
        future = self._called.get(key)
        if future is None:
            called = self.entrances if entering is None else {self.ctx.board.main_doors[c].squares[0] for c in entering}
            future = self._called[key] = frozenset(called & gates) | ({zt.drawing} if zt.drawing else frozenset())
        humans = s.human_squares()
        if not humans.isdisjoint(future):
            for sq in future & humans:
                if sq != zt.drawing and self._blocked(s, sq, later):
                    future = future - {sq}
        cap = min(2, len(future))  # a Zombie Entrance Table roll calls two doors at most [13.5]
        return later, future, cap, draws_left

    def _blocked(self, s: GameState, square: str, later: set) -> bool:
        """Ruling Z1 (blocked entrances): the entrance square is zombie-occupied [13.2] and no attack is
        under way or to come there (`later`), so it stays occupied to the end of the turn."""
        if square in later or not s.zombie_occupied(square):
            return False
        self.used["entrances blocked to the end of the turn"] = self.used.get("entrances blocked to the end of the turn", 0) + 1
        return True

    def _reached(self, s: GameState) -> set:
        """The squares an attack may still reach in the turn, after movement (:meth:`_exposure`)."""
        last = self._exposed
        later, future, _, draws_left = last[1] if last[0] is s else self._exposure(s)
        return later | future if draws_left else later

    def freeze(self, s: GameState) -> tuple:
        """Ruling Z1 (statuses): (position, the statuses it forgets as (name, status) pairs). After
        movement a character in play whose square no attack can reach any more in the turn (no attack
        under way or to come there, no unit to be drawn there, no super zombie to be created there:
        :meth:`_exposure`) and who has no super-zombie roll to come keeps his status to the end of the
        turn. Beyond its own row of the answer, the rest of the turn reads it only through the
        victory conditions [14.1], [14.2], where stunned is normal, and infected is normal except for
        Fran; the human player's choices read only the statuses in the square attacked. So his status
        is put as normal there (Fran's infection kept) and carried with the probability to the end,
        and positions that differ only in such statuses are followed once."""
        if not self.shortcuts or s.phase not in _POST_MOVEMENT or s.result is not None or s.pending is None:
            return s, ()
        reached = self._reached(s)
        rolls = s.zturn.super_rolls
        chars, subs = _as_victory_reads(s.characters, lambda c: c.square not in reached and not (
            c.status == Status.INFECTED and (c.name in rolls or (s.phase == Phase.ATTACK and c.infected_turn < s.turn))))
        if not subs:
            return s, ()
        self.used["statuses carried"] = self.used.get("statuses carried", 0) + 1
        return s.evolve(characters=chars), subs

    def hold(self, s: GameState) -> tuple:
        """Ruling Z1 (held until the super-zombie roll): (position, the parts it holds back as pairs).
        In the Zombie Generation Phase, before the super-zombie rolls [11.0], the square of a character
        still to roll is reached by nothing but that roll and the attack it may start [11.8] (no unit is
        drawn there: a main-door square is never held [13.2]). Until then
        the rest of the turn reads its characters only through the victory conditions [14.1] (killed or
        super zombie; Fran's infection) and its units not at all (the characters cannot win in the turn
        while a main door is open [14.2] 1). So the units there are taken off, and the statuses of the
        characters there who do not roll are written by what [14.1] reads (stunned and infected as
        normal, Fran's infection kept); both ride with the probability, as the statuses carried do
        (:meth:`freeze`), and are put back at the roll (:meth:`give_back`): the many positions that
        differ only there (what the Attack Phase left in that square) are followed once through the
        draws. The same from the Zombie Attack Phase on, for the square of a character who will roll
        (infected in an earlier Game-Turn) once its attack is over [8.0]: the other attacks of the phase
        read only their own squares, and the Generation Phase lists the rollers [11.0], who stay."""
        if not self.shortcuts or s.result is not None or s.pending is None:
            return s, ()
        zt = s.zturn
        if s.phase == Phase.GENERATION:
            if not zt.super_rolls or zt.step not in (ZStep.ENTRANCE, ZStep.ENTERING):
                return s, ()
            rollers = frozenset(zt.super_rolls)
            busy = ()
        elif s.phase == Phase.ATTACK:
            # the characters who will roll [11.0] when the Generation Phase begins; the squares whose
            # attack is under way or still to come [8.0] are not held
            rollers = frozenset(generation.super_rollers(s))
            if not rollers:
                return s, ()
            busy = zt.queue
        else:
            return s, ()
        if not self._open_entrances(s):
            return s, ()
        # (never a main-door square: a unit may be drawn into it once its own are taken off [13.2])
        squares = {c.square for c in s.characters if c.name in rollers and c.square is not None}
        squares -= self.entrances
        squares.difference_update(busy)
        if s.attack is not None:
            squares.discard(s.attack.square)
        if not squares:
            return s, ()
        chars, statuses = _as_victory_reads(s.characters, lambda c: c.square in squares and c.name not in rollers)
        held = list(statuses)
        units: dict = {}
        kept = []
        for z in s.zombies:
            if z.square in squares:
                units.setdefault(z.square, []).append(_unit(z, uid=""))
            else:
                kept.append(z)
        for sq, zs in units.items():
            held.append((_HELD + sq, tuple(sorted(zs, key=_held_order))))
        if not held:
            return s, ()
        self.used["parts held until the super-zombie roll"] = self.used.get("parts held until the super-zombie roll", 0) + 1
        if s.phase == Phase.ATTACK:
            self.used["squares held after their attack"] = self.used.get("squares held after their attack", 0) + 1
        t = s.evolve(characters=chars, zombies=tuple(kept)) if units else s.evolve(characters=chars)
        return self.canon(t), tuple(held)

    def give_back(self, s: GameState, carried: tuple) -> tuple:
        """:meth:`hold` undone at the first super-zombie roll [11.0]: (the position with the units and
        statuses it held put back, in the canonical form, the pairs still carried)."""
        rolling = {c.square for c in s.characters if c.name in s.zturn.super_rolls and c.square is not None}
        names = {c.name for c in s.characters if c.square in rolling}
        back = {}
        added = []
        rest = []
        for k, v in carried:
            if k.startswith(_HELD):
                added += [_unit(z, square=k[len(_HELD):]) for z in v]
            elif k in names:
                back[k] = v
            else:
                rest.append((k, v))
        if not back and not added:
            return s, carried
        self.used["held parts given back"] = self.used.get("held parts given back", 0) + 1
        chars = tuple(replace(c, status=back[c.name]) if c.name in back else c for c in s.characters)
        t = s.evolve(characters=chars, zombies=s.zombies + tuple(added))
        t, sub = self.freeze(self.canon(t))
        return t, tuple(sorted(tuple(rest) + sub))

    def _open_entrances(self, s: GameState) -> frozenset:
        """The main-door squares whose door is not closed: where a unit may still enter [13.2]."""
        got = self._gates.get(s.door_states)
        if got is None:
            got = self._gates[s.door_states] = frozenset(sq for sq, door in self.main_doors.items() if s.door_state(door) != "closed")
        return got

    def _canon_units(self, zs, attacking, occupied, draws_left, plain_pool, gates, witness) -> tuple:
        """The units of the canonical form (:meth:`canon`): each unit reduced by what it is to the rest
        of the turn, in a fixed order, renamed u00, u01... A unit object's reduction, and a reduced
        unit's renaming, are made once per walk (most units are the same objects from one position to
        the next)."""
        kept = []
        inert = None
        pooled = 0
        reduced = self._reduced
        for z in zs:
            sq = z.square
            if sq is None:
                if plain_pool is not None and z.pool == Pool.ELIMINATED:
                    pooled += 1
                    self.used["pool values forgotten"] = self.used.get("pool values forgotten", 0) + 1
                    if pooled > plain_pool:
                        continue
                    how = _PLAIN_POOL
                elif draws_left:
                    how = _TO_DRAW
                else:
                    continue
            elif sq in attacking:
                how = _ATTACKING
            elif sq in gates:
                how = _BLOCKER
            else:
                if sq in self.entrances:  # its main door closed: no unit enters there [13.2]
                    self.used["units at a closed main door reduced"] = self.used.get("units at a closed main door reduced", 0) + 1
                if inert is None:
                    inert = z
                continue
            got = reduced.get((z, how))
            if got is None:
                got = reduced[(z, how)] = _sorted_by(_reduce(z, how))
            kept.append(got)
        if inert is not None and not witness:
            self.used["stand-in dropped"] = self.used.get("stand-in dropped", 0) + 1
        elif inert is not None:
            self.used["units reduced"] = self.used.get("units reduced", 0) + 1
            spot = next(sq for sq in self.spare if sq not in occupied)
            got = reduced.get((inert, spot))
            if got is None:
                got = reduced[(inert, spot)] = _sorted_by(_unit(inert, square=spot, value=1, berserk=False, face_up=False, seen=False, candidates=()))
            kept.append(got)
        if len(reduced) > 200_000:
            reduced.clear()
        kept.sort(key=_FIRST)
        renamed = self._renamed
        out = []
        for i, (_, z) in enumerate(kept):
            got = renamed.get((z, i))
            if got is None:
                uid = f"u{i:02d}"
                got = renamed[(z, i)] = z if z.uid == uid else _unit(z, uid=uid)
            out.append(got)
        units = tuple(out)
        return zs if units == zs else units

    # ----- one step ------------------------------------------------------------------------
    def child(self, s: GameState, a) -> tuple:
        """(next position, destroyed, entered) after `a` at `s`."""
        t, d, e = _step(self.ctx, s, a)
        if self.shortcuts and t.pending is not None and t.result is None:
            t = self._calm(t)
            if t.pending.kind == PendingKind.FREE:
                return self._free_chain(t, d, e)
            if t.pending.kind == PendingKind.REACTION and t.pending.side == Side.ZOMBIE:
                return self._reaction_chain(t, d, e)
        return self.canon(t), d, e

    def _calm(self, t: GameState) -> GameState:
        """Ruling Z1 (berserk once moved): in the movement phases, a berserk unit that has reacted or
        moved [7.4], [7.5] moves no more in the turn (so attacks no glass door [10.4] and takes no free
        move that would not count [10.3]), and no reaction or free move reads another unit's berserk
        status; what is left to read it is a shot at it in a character's square [10.6]. Away from the
        characters its berserk status is dropped, so the positions that differ only in it are followed
        once (the next Berserk Phase, which would read it [10.0], is after the turn)."""
        if t.phase not in _MOVEMENT:
            return t
        zt = t.zturn
        if zt.ended_berserk:  # read only in the Berserk Phase [10.1]
            t = t.evolve(zturn=replace(zt, ended_berserk=()))
            zt = t.zturn
            self.used["stopped berserk forgotten"] = self.used.get("stopped berserk forgotten", 0) + 1
        if not zt.reacted and not zt.moved:
            return t
        done = None
        humans = t.human_squares()
        zs = t.zombies
        out = None
        for i, z in enumerate(zs):
            if not z.berserk or z.square is None or z.square in humans:
                continue
            if done is None:
                done = frozenset(zt.reacted + zt.moved)
            if z.uid not in done:
                continue
            if out is None:
                out = list(zs)
            out[i] = _unit(z, berserk=False)
        if out is None:
            return t
        self.used["berserk dropped once moved"] = self.used.get("berserk dropped once moved", 0) + 1
        return t.with_units(tuple(out))

    def _reaction_chain(self, t: GameState, d: int, e: int) -> tuple:
        """The Zombie Reaction Movement Phase [7.0] 1 (ruling S-R1): like the free movement, one
        decision after another with one branch each, followed at once to the first position that is
        not such a decision, then on through the free movement (:meth:`_free_chain`).

        Ruling Z1 (units set aside in reaction): the decisions are followed on the position without
        the units the phase cannot read (:meth:`_set_aside`), where they are remembered, so the chains
        of positions that differ only in those units are followed once; a chain that meets a position
        another went through (ruling Z1, berserk once moved: once the units that differed have reacted
        alike) goes on from there at once; the units are put back after the last decision
        (:meth:`_end_reaction`)."""
        got = self._chains.get(t)
        if got is not None:
            return got[0], d + got[1], e + got[2]
        u, dd, ee = self._end_reaction(self._calm(t))  # (calm as the positions on the way are)
        if u.pending is not None and u.pending.kind == PendingKind.FREE and u.result is None:
            end, dd, ee = self._free_chain(u, dd, ee)
        else:
            end = self.canon(u)
        self._chains[t] = (end, dd, ee)
        return end, d + dd, e + ee

    def _end_reaction(self, t: GameState) -> tuple:
        """(the position after the zombies' last reaction decision from `t`, destroyed, entered): the
        decisions followed on `t` set aside (:meth:`_set_aside`, :meth:`_react`), the last one too where
        the engine's steps after it stop at the free-movement die (`_AFTER_REACTION`), once per position
        set aside, the units put back; otherwise the last decision is taken on the whole position."""
        base, kept = self._set_aside(t)
        last, a, dd, ee = self._react(base)
        if kept is not None:
            got = self._lasts.get(last)
            if got is None:
                u, d2, e2 = _step(self.ctx, last, a)
                safe = u.result is None and u.pending is not None and u.pending.kind in _AFTER_REACTION
                got = self._lasts[last] = (u if safe else None, d2, e2)
            if got[0] is not None:
                self.used["reaction moves followed at once"] = self.used.get("reaction moves followed at once", 0) + 1
                return self._calm(self._put_back(got[0], t, kept)), dd + got[1], ee + got[2]
            last = self._put_back(last, t, kept)
        u, d2, e2 = _step(self.ctx, last, a)
        self.used["reaction moves followed at once"] = self.used.get("reaction moves followed at once", 0) + 1
        return self._calm(u), dd + d2, ee + e2

    def _set_aside(self, t: GameState) -> tuple:
        """Ruling Z1 (units set aside in reaction), for the [15.5] automaton only (another zombie side
        may read anything): (`t` with only what the rest of the phase's decisions can read of its
        units, the indexes of the units kept), or (`t`, None) when that is all of them.

        Until its last decision the phase reads the units queued to react [7.0] 1, [7.3]: their paths
        of one or two squares [7.5] (with those of the queued units contending for a square [7.2] 3),
        which read whether a square at most two moves (every door open) from a queued unit holds a
        unit [7.2] 3, [7.6], and nothing else of that unit. Kept as they are: the queued units; a unit
        in a character's square (it may yet be shot at [10.6]); one with a super zombie, or that began
        the turn with one (it may react with it [11.2], [11.4]). Every other unit near a queued one
        becomes a plain stand-in in its square, after the kept units in the order of the squares; the
        others (further away, or off the map) are set aside. The victory check reads whether any unit
        is on the map [14.2]: the queued units are."""
        if not self.default_zombie:
            return t, None
        zt = t.zturn
        queue = zt.queue
        zs = t.zombies
        if not queue:
            return t, None
        near = self._near_queue(t, queue)
        keep = set(queue)
        keep.update(uid for _, uid in zt.stacks)
        humans = t.human_squares()
        supers = t.super_squares()
        units = []
        kept = []
        stand = []
        for i, z in enumerate(zs):
            sq = z.square
            if z.uid in keep or (sq is not None and (sq in humans or sq in supers)):
                kept.append(i)
                units.append(z)
            elif sq is not None and sq in near:
                stand.append(sq)
        if len(kept) == len(zs):
            return t, None
        stand.sort()
        units += [self._stand_in(sq) for sq in stand]
        self.used["units set aside in reaction"] = self.used.get("units set aside in reaction", 0) + 1
        return t.evolve(zombies=tuple(units)).with_knowledge(), tuple(kept)

    def _stand_in(self, square: str):
        """A plain face-down unit of value 1 in `square`, named after it (one unit per square [7.6])."""
        got = self._stand_ins.get(square)
        if got is None:
            got = self._stand_ins[square] = ZombieUnit(uid="\x00near " + square, value=1, square=square, pool=Pool.MAP)
        return got

    def _near_queue(self, t: GameState, queue: tuple) -> frozenset:
        """The squares at most two moves, every door open, from the squares of the queued units
        (`Ctx.near2`: the squares two moves from them, as a side open one way is open the other)."""
        squares = tuple(t.unit(u).square for u in queue)
        got = self._nearq.get(squares)
        if got is None:
            got = self._nearq[squares] = frozenset(self.ctx.near2(squares))
        return got

    @staticmethod
    def _put_back(u: GameState, t: GameState, kept: tuple) -> GameState:
        """`u` (a position reached from `t` set aside by :meth:`_set_aside`) with the units of `t` put
        back: the kept ones as they are in `u` (the engine changes units in place, in their order),
        the others as they were in `t` (they stood still)."""
        zs = list(t.zombies)
        uz = u.zombies
        for j, i in enumerate(kept):
            zs[i] = uz[j]
        return u.evolve(zombies=tuple(zs))

    def _react(self, t: GameState) -> tuple:
        """(the last reaction decision of the zombies from `t` on, its action, destroyed and entered
        before it): the decisions are followed while the engine's steps after each lead to another;
        each position on the way is remembered."""
        got = self._reacts.get(t)
        if got is not None:
            return got
        way = []  # (position, destroyed and entered before it)
        d = e = 0
        while True:
            got = self._reacts.get(t)
            if got is not None:
                self.used["reaction chains joined"] = self.used.get("reaction chains joined", 0) + 1
                last, a, d, e = got[0], got[1], d + got[2], e + got[3]
                break
            way.append((t, d, e))
            (a, _), = self.branches(t)
            u, dd, ee = _step(self.ctx, t, a)
            if not (u.pending is not None and u.pending.kind == PendingKind.REACTION and u.pending.side == Side.ZOMBIE and u.result is None):
                last = t
                break
            d, e = d + dd, e + ee
            t = self._calm(u)
            self.used["reaction moves followed at once"] = self.used.get("reaction moves followed at once", 0) + 1
        for x, dx, ex in way:
            self._reacts[x] = (last, a, d - dx, e - ex)
        return last, a, d, e

    def _free_chain(self, t: GameState, d: int, e: int) -> tuple:
        """The Zombie Free Movement Phase [7.0], [15.5] has no chance node: one decision after another,
        each with one branch. They are followed at once to the first position that is not a free-move
        decision (the positions in between are not kept: nothing else leads into them but the same
        chain), remembered per starting position."""
        got = self._chains.get(t)
        if got is not None:
            return got[0], d + got[1], e + got[2]
        end, dd, ee = self._follow(t)
        end = self.canon(end)
        self._chains[t] = (end, dd, ee)
        return end, d + dd, e + ee

    def _follow(self, t: GameState, steps: Optional[list] = None) -> tuple:
        """(first position from `t` that is not a free-move decision, destroyed, entered on the way);
        `steps`, if given, gets (position, action, whether it counted against the die, the numbers of
        free moves left the choice was measured against — :meth:`_free_decision`; True for a custom
        zombie side's choice, which may read anything —, destroyed and entered before it) per decision."""
        d = e = 0
        while t.pending is not None and t.pending.kind == PendingKind.FREE and t.result is None:
            counts: Any = True  # (a custom zombie side's choice may read anything: made again per face)
            if self._rest_inert(t):
                a, counts = _END_PHASE, ()
                self.used["free moves that cannot matter skipped"] = self.used.get("free moves that cannot matter skipped", 0) + 1
            elif self.default_zombie:
                a, counts = self._free_decision(t)
            else:
                (a, _), = self.branches(t)
            if type(a) is EndPhase and self.solitaire:
                if steps is not None:
                    steps.append((t, a, False, counts, d, e))
                t, dd, ee = self._end_movement(t)
                d, e = d + dd, e + ee
                self.used["free moves followed at once"] = self.used.get("free moves followed at once", 0) + 1
                continue
            u, dd, ee = _step(self.ctx, t, a)
            if steps is not None:
                steps.append((t, a, u.zturn.moves_left < t.zturn.moves_left, counts, d, e))
            d, e = d + dd, e + ee
            t = self._calm(u)
            self.used["free moves followed at once"] = self.used.get("free moves followed at once", 0) + 1
        return t, d, e

    def _end_movement(self, t: GameState) -> tuple:
        """Ruling Z1 (end of movement), solitaire: the Free Movement Phase ended at `t` (a free-move
        decision of the [15.5] automaton, where ending the phase is always allowed: no forced reveal in
        the solitaire game [15.1]). Ending it only begins the Attack Phase [8.0] (the phase table's
        next, ``order.begin_next``, as the engine does after the EndPhase resolver), after which no unit
        moves again in the turn; so the canonical form of that position stands for it, and the engine's automatic steps from there (the
        first attack begun, or the Zombie Generation Phase) are worked out once per canonical position:
        the many ends of movement that differ only in what that form drops (where the units away from
        the characters and the open main doors stand, who moved or reacted, the free moves left) share
        them. (the position reached, destroyed, entered on the way)."""
        if self._in_nameless:  # (a nameless position: its counters are named again first)
            return _MovementOver(t), 0, 0
        key = self.canon(begin_next(t.evolve(pending=_FREE_PENDING), self.ctx, []))
        got = self._ends.get(key)
        if got is None:
            got = self._ends[key] = _reached(key, engine.settle(key, self.ctx)[0])
        else:
            self.used["ends of movement shared"] = self.used.get("ends of movement shared", 0) + 1
        return got

    def _rest_inert(self, t: GameState) -> bool:
        """Ruling Z2 (6): the rest of the Zombie Free Movement Phase cannot change the rest of the turn.
        The squares the canonical form after movement keeps apart (ruling Z1) are the characters'
        squares and the main-door squares whose door is not closed. A character's square already
        holding a unit takes no other and its unit cannot leave [7.6]. A unit outside the main-door
        squares ends a free move in one only by moving toward a character it is within sight of
        ([15.5] priority 3: priorities 4 and 5 never end there; priority 1 only in a character's
        square; sight is not blocked by pieces, ruling S-D3). So: every unit that may still move [7.4],
        [7.5] (not moved, not reacted, not with a character [7.6]; counted units only while free moves
        are left [7.0] 2) is out of the open main-door squares, more than its move (one square, a
        berserk unit two [7.5]; with the doors as they are) away from every character's square without
        a unit, and from every open main-door square nearer than its own square to a character who
        sees it — and a berserk unit more than two squares (every door taken as open) from every side
        of a door not open (it may attack a glass door [10.4]: no door changes then in the phase); no
        super zombie [11.2], no hidden zombie [9.0]. Then whatever the automaton moves next only moves
        units between squares the canonical form reduces to one stand-in: ending the phase now gives
        the same canonical position."""
        if not self.solitaire or not self.default_zombie or t.hidden_squares:
            return False
        if any(c.is_super for c in t.characters if c.square is not None):
            return False
        units = t.unit_squares()
        humans = t.human_squares()
        free_humans = frozenset(sq for sq in humans if sq not in units)
        gates = self._open_entrances(t)
        key = (free_humans, humans, t.door_states)
        bad = self._near.get(key)
        if bad is None:
            bad = self._near[key] = self._unsafe_squares(t, humans, gates, self._reach(t, free_humans, humans, gates))
        plain, berserk = bad
        zt = t.zturn
        done = zt.moved + zt.reacted
        counting = zt.moves_left > 0
        for z in t.zombies:
            sq = z.square
            if sq is None:
                continue
            if z.berserk:
                if sq in berserk and z.uid not in done:
                    return False
            elif counting and sq in plain and z.uid not in done:
                return False
        return True

    def _unsafe_squares(self, t: GameState, humans: frozenset, gates: frozenset, reach: tuple) -> tuple:
        """(the squares where a unit that may still move, not berserk, rules out :meth:`_rest_inert`;
        the same for a berserk unit), for one position's characters, units in their squares and doors
        (:meth:`_reach`): within its move of a character's square without a unit, or of a side of a
        door not open (berserk); or with an open main-door square within its move that is nearer than
        its own square to a character who sees it (priority 3). Never a character's square: a unit
        there does not move [7.6]."""
        near1, near2, gates1, gates2, sights = reach
        moves = self.ctx.moves(t)
        out = []
        for near, gated, berserk in ((near1, gates1, False), (near2, gates2, True)):
            bad = set(near)
            for sq in gated - near:
                # a gate within its move: only toward a character who sees it (priority 3)
                ends = set(moves[sq])
                if berserk:
                    ends |= {m for n in moves[sq] for m in moves[n]}
                for seen, dist in sights:
                    if sq in seen and any(dist.get(g, _FAR) < dist.get(sq, _FAR) for g in ends & gates):
                        bad.add(sq)
                        break
            out.append(frozenset(bad - humans))
        return tuple(out)

    def _reach(self, t: GameState, free_humans: frozenset, humans: frozenset, gates: frozenset) -> tuple:
        """What :meth:`_rest_inert` reads of a position's characters and doors: the squares within one
        move of a character's square without a unit, and within two moves of one (or within two moves
        of a side of a door not open, every door taken as open), each with the open main-door squares;
        the squares within one and two moves of an open main-door square; per character in play, his
        sight and the steps to him. Moves are taken with the doors as they are: only a berserk unit
        could change a door [10.4], and one near a door not open already rules the skip out."""
        ctx = self.ctx
        doors = {sq for door, _ in t.door_states for sq in ctx.board.doors[door].squares}
        moves = ctx.moves(t)

        def one(squares):
            return frozenset(squares) | {sq for sq, ns in moves.items() if not squares.isdisjoint(ns)}

        table = ctx.sight(t)
        sights = tuple((table.visible_from(sq), solitaire.steps_from(t, ctx, sq)) for sq in sorted(humans))
        near1, gates1 = one(free_humans), one(gates)
        return (near1 | gates, one(near1) | frozenset(ctx.near2(doors)) | gates, gates1, one(gates1), sights)

    def _free_faces(self, s: GameState) -> list:
        """Ruling Z2 (5): the free-movement die [7.0] 2. The automaton's choices read the number of
        free moves left only as "some are left" (ruling Z2 (3)) and a move only takes one off, so with
        k free moves the chain of choices is the one with the highest face up to its k-th counted move:
        that chain is followed once, and each lower face goes on from its k-th counted move (taken from
        the same position with one move left). Where a choice read the number left (priority 2 making
        room, ruling S-P2), it is made again with the face's number; where it differs, or the chain
        stopped otherwise than by ending the phase, the face's own chain is followed."""
        ctx = self.ctx
        outs = sorted(engine.chance_outcomes(s, ctx), key=lambda aq: aq[0].total)
        top = outs[-1][0]
        t, d0, e0 = _step(ctx, s, top)
        steps: list = []
        end, d, e = self._follow(t, steps)
        end = self.canon(end)
        out = [(end, outs[-1][1], d0 + d, e0 + e)]
        tail = self._inert_tail(steps, end, d, e)
        for a, q in outs[:-1]:
            got = self._lower_face(steps, a.total, tail, (end, d, e))
            if got is None:
                got = self._free_chain(*_step(ctx, s, a))
            else:
                self.used["free-move faces sharing a chain"] = self.used.get("free-move faces sharing a chain", 0) + 1
                got = (got[0], d0 + got[1], e0 + got[2])
            out.append((got[0], q, got[1], got[2]))
        return out

    def _inert_tail(self, steps: list, end, d: int, e: int) -> int:
        """The first step from which the chain of :meth:`_free_faces` only moves units between squares
        the canonical form does not keep apart (neither a character's square nor an open main-door
        square, ruling Z1) and then ends the phase, destroying and bringing in nothing: from there on
        its end is the one of any chain that ends the phase at that step (ruling Z2 (6)). len(steps)
        when there is no such tail."""
        if not steps or not isinstance(steps[-1][1], EndPhase) or (steps[-1][4], steps[-1][5]) != (d, e):
            return len(steps)
        i = len(steps) - 1
        while i > 0:
            x, a, *_ = steps[i - 1]
            if type(a) is not ZMove or (steps[i - 1][4], steps[i - 1][5]) != (d, e):
                break
            kept = x.human_squares() | self._open_entrances(x)
            if x.unit(a.uid).square in kept or a.path[-1] in kept:
                break
            i -= 1
        return i

    def _lower_face(self, steps: list, k: int, tail: int, top: tuple) -> Optional[tuple]:
        """(canonical end, destroyed, entered) of the chain with `k` free moves, from the steps of the
        chain with more (:meth:`_free_faces`: `top` its canonical end and counts, `tail` where its inert
        tail begins, :meth:`_inert_tail`); None when it cannot be read from them."""
        counted = 0
        for i, (x, a, used, counts, d, e) in enumerate(steps):
            if counts is True or (counts and any((k - counted >= n) != (x.zturn.moves_left >= n) for n in counts)):
                # a choice making room (ruling S-P2) whose chain the face's number left may not fit:
                # made again with that number
                if self._free_decision(x.evolve(zturn=_unit(x.zturn, moves_left=k - counted)))[0] != a:
                    return None
                self.used["room-making choices made again"] = self.used.get("room-making choices made again", 0) + 1
            elif counts:
                # ruling S-P2: every chain it measured fits (or not) the face's number left as it did
                # the higher face's: the same choice
                self.used["room-making choices kept for a lower face"] = self.used.get("room-making choices kept for a lower face", 0) + 1
            if used:
                counted += 1
                if counted == k:  # the k-th counted move: the last free move of the face
                    if i + 1 < len(steps):  # (the k-th counted move the chain's last step: no tail after it)
                        nxt = steps[i + 1][0]
                        if self._rest_inert(nxt.evolve(zturn=_unit(nxt.zturn, moves_left=0))):
                            # the face's chain ends the phase here: nothing may move that matters with no
                            # free move left (ruling Z2 (6)); with the same canonical end as the higher
                            # face's where that one's tail is inert from here, else the end of movement at
                            # the higher face's position after this move (the canonical form drops the
                            # free moves left, all the two positions differ in)
                            if tail <= i + 1:
                                self.used["free-move faces ending with the highest"] = self.used.get("free-move faces ending with the highest", 0) + 1
                                return top
                            self.used["free-move faces ending on the way"] = self.used.get("free-move faces ending on the way", 0) + 1
                            u, dd, ee = self._end_movement(nxt)
                            end, d2, e2 = self._follow(u)
                            return self.canon(end), steps[i + 1][4] + dd + d2, steps[i + 1][5] + ee + e2
                    u, dd, ee = _step(self.ctx, x.evolve(zturn=_unit(x.zturn, moves_left=1)), a)
                    end, d2, e2 = self._follow(u)
                    return self.canon(end), d + dd + d2, e + ee + e2
        if not steps:
            return None
        x, a, used, counts, d, e = steps[-1]
        if not isinstance(a, EndPhase):
            return None
        if self.solitaire:
            # the higher face's chain ended the phase with fewer counted moves than this face has:
            # the same choices, the same end of movement (the canonical form drops the free moves
            # left), the very end the higher face's chain reached
            self.used["free-move faces ending with the highest"] = self.used.get("free-move faces ending with the highest", 0) + 1
            return top
        else:
            u, dd, ee = _step(self.ctx, x.evolve(zturn=_unit(x.zturn, moves_left=k - counted)), a)
        end, d2, e2 = self._follow(u)
        return self.canon(end), d + dd + d2, e + ee + e2

    def children(self, s: GameState) -> list:
        """[(next position, probability, destroyed, entered)] from `s`; a next position may be the end
        of the turn already, as (_END, statuses, winner)."""
        if self.nameless and s.pending.kind in _NAMELESS and not self._in_nameless and s.result is None:
            got = self._nameless_children(s)
            if got is not None:
                return got
        if s.attack is not None and self.attacks_apart and s.phase in _POST_MOVEMENT and s.result is None:
            got = self._attack_children(s)
            if got is not None:
                return got
        if self.shortcuts and s.pending.kind == PendingKind.ROLL_ENTRANCE:
            got = self._entrance_children(s)
            if got is not None:
                return got
        if self.shortcuts and s.pending.kind == PendingKind.ROLL_FREE and self.solitaire and self.default_zombie:
            return self._free_faces(s)
        classes = engine.roll_classes(s, self.ctx) if self.shortcuts else None
        if classes is not None:
            # ruling Z2 (2): a roll changes the position only through what it decides (a hit, a panic,
            # the attack table's result, berserk or not, the doors called...): one total per result
            if any(len(acts) > 1 for acts, _ in classes):
                self.used["rolls by result"] = self.used.get("rolls by result", 0) + 1
            outs = [(acts[0], q) for acts, q in classes]
        else:
            outs = self.branches(s)
        out = []
        for a, q in outs:
            t, d, e = self.child(s, a)
            out.append((t, q, d, e))
        return out

    # ----- counters nameless in movement (ruling Z1) -------------------------------------------
    def _nameless_children(self, s: GameState) -> Optional[list]:
        """Ruling Z1 (counters nameless in movement): from the Berserk Phase to the end of the Zombie
        Free Movement Phase the solitaire zombie side reads where each unit stands, whether it is
        berserk, what the players know of it, and the rest of the position, never which counter it is:
        not its Zombie Value [7.7] (no roll of these phases but the glass door's [10.5] reads one), not
        its id (ruling S-T1 (5): every fixed order of the zombie side is by square), not the pools
        (nothing is drawn in these phases without hidden zombies [9.2]). So the children of a position
        are worked out once for every position that differs only in which counters stand where: on
        the position with its units renamed after their squares and their values taken off
        (:meth:`_nameless`), up to the end of movement; each child then gets the counters back
        (:meth:`_named`), and the end of movement [8.0] (which reads the values) is worked out on it.
        None where that cannot be done (the walk then works the children out as before). Where the
        first nameless positions (`_NAMELESS_TRIAL`) are all different (the Hidden Zombie Table drew
        counters alike, or none), the walk stops taking names off: naming and renaming would be all
        the work, the children being the same either way."""
        got = self._nameless(s)
        if got is None:
            return None
        a, order, names = got
        kids = self._nameless_kids.get(a)
        if kids is None and len(self._nameless_kids) >= _NAMELESS_TRIAL and "movement shared by nameless counters" not in self.used:
            # no two positions alike so far: the Hidden Zombie Table drew counters alike, or none; the
            # rest of the walk goes on with its counters named (the same children, less work)
            self.nameless = False
            self.used["counters named again, nothing shared"] = 1
            return None
        if kids is None:
            self._in_nameless = True
            try:
                kids = self.children(a)
            finally:
                self._in_nameless = False
            if any(type(t) is not _MovementOver and t.pending is not None and t.pending.kind in _READS_VALUES
                   for t, *_ in kids):
                kids = ()  # a child at a roll that reads a value: worked out on every named position
            self._nameless_kids[a] = kids
        else:
            self.used["movement shared by nameless counters"] = self.used.get("movement shared by nameless counters", 0) + 1
        if not kids:
            return None
        out = []
        done: dict = {}  # a child met again (the free-movement die's faces share ends): named once
        for t, q, d, e in kids:
            got = done.get(id(t))
            if got is None:
                over = type(t) is _MovementOver
                c = self._named(t.state if over else t, s, a, order, names)
                if c is None:
                    return None
                dd = ee = 0
                if over:
                    c, dd, ee = self._end_movement(c)
                    c = self.canon(c)
                got = done[id(t)] = (c, dd, ee)
            out.append((got[0], q, d + got[1], e + got[2]))
        return out

    def _nameless(self, s: GameState) -> Optional[tuple]:
        """(`s` with every unit on the map renamed after its square and its value taken off, in the
        order of the squares, and nothing off the map; the indexes of those units in `s`, in that
        order; the names given, with the ids they stand for), or None where the units cannot be told
        apart by square (two in one square) or there is nothing to rename."""
        if s.hidden_squares or s.attack is not None or s.shot is not None:
            return None
        zs = s.zombies
        got = self._nameless_tuples.get(id(zs))
        if got is None or got[0] is not zs:
            got = self._nameless_units_of(zs)
            if got is None:
                return None
            if len(self._nameless_tuples) > 50_000:
                self._nameless_tuples.clear()
            self._nameless_tuples[id(zs)] = got
        _, units, order, names, ids = got
        a = s.evolve(zombies=units, zturn=_renamed_turn(s.zturn, ids), pending=self._renamed_pending(s.pending, ids))
        return a, order, names

    def _nameless_units_of(self, zs: tuple) -> Optional[tuple]:
        """(`zs`, the units on the map nameless in the order of their squares, their indexes in `zs`,
        the names given -> the ids, the ids -> the names) — made once per tuple of units (positions
        that differ elsewhere share it) — or None (two units in one square, or none on the map)."""
        placed = sorted([(z.square, i) for i, z in enumerate(zs) if z.square is not None])
        if not placed:
            return None
        names: dict = {}
        ids: dict = {}
        units = []
        memo = self._nameless_units
        for sq, i in placed:
            nm = _NAMELESS_NAME.get(sq)
            if nm is None:
                nm = _NAMELESS_NAME[sq] = "\x01" + sq + "\x02"
            if nm in names:
                return None  # two units in one square: no order by square [7.6]
            z = zs[i]
            names[nm] = z.uid
            ids[z.uid] = nm
            got = memo.get(id(z))
            if got is None or got[0] is not z:
                if len(memo) > 200_000:
                    memo.clear()
                got = memo[id(z)] = (z, _unit(z, uid=nm, value=None))  # (z kept alive: its id is not reused)
            units.append(got[1])
        key = tuple(units)
        units_t = self._nameless_interned.get(key)  # one tuple object per content: hashed once
        if units_t is None:
            if len(self._nameless_interned) > 50_000:
                self._nameless_interned.clear()
            units_t = self._nameless_interned[key] = key
        return zs, units_t, [i for _, i in placed], names, ids

    def _named(self, t: GameState, s: GameState, a: GameState, order: list, names: dict) -> Optional[GameState]:
        """`t`, reached from the nameless position `a` of `s` (:meth:`_nameless`), with the counters of
        `s` back: each unit its id and value (the engine changes units in place, in their order), the
        bookkeeping and the decision pending naming them by id again (never a roll that reads a
        value: :meth:`_nameless_children` keeps none). None if the units are not those of `a`."""
        tz = t.zombies
        az = a.zombies
        if len(tz) != len(az):
            return None
        zs = s.zombies
        out = None
        for j, u in enumerate(tz):
            if u is az[j]:
                continue
            if u.uid != az[j].uid:
                return None
            if out is None:
                out = list(zs)
            i = order[j]
            real = zs[i]
            out[i] = _unit(u, uid=real.uid, value=real.value)
        return t.evolve(zombies=zs if out is None else tuple(out), zturn=_renamed_turn(t.zturn, names),
                        pending=self._renamed_pending(t.pending, names))

    def _renamed_pending(self, p: Optional[Pending], names: dict) -> Optional[Pending]:
        """`p` naming its unit (`who`, and in its gloss) by `names` [id or name given -> the other]."""
        if p is None or p.who not in names:
            return p
        nm = names[p.who]
        got = self._pendings.get((p, nm))
        if got is None:
            got = self._pendings[(p, nm)] = Pending(p.side, p.kind, p.case, p.purpose.replace(p.who, nm), p.dice, nm)
        return got

    # ----- an attack followed once (ruling Z1) ---------------------------------------------------
    def _attack_children(self, s: GameState) -> Optional[list]:
        """Ruling Z1 (an attack followed once): an attack under way in a square [8.0] (the shots at the
        attacker [8.1], [6.0]-[6.9], how many are attacked [15.6], who [8.0] 3, the attack rolls [8.8])
        reads only that square — its characters, its unit and super zombies —, what the victory
        conditions read of the rest [14.1], [14.2] (checked before every step [14.0]), and the fixed
        Game-Turn, doors and settings (:meth:`_attack_key`); and it changes only that square's
        characters and unit (a unit shot goes to the eliminated pool in its place [6.0]). So its ends
        — the square's characters and unit when it is over, with the probability and the zombies
        destroyed on the way — are worked out once per such reading (:meth:`_attack_ends`), and every
        position that reads the same gets them written into its own square, then the engine's next
        steps (`engine.settle`), as `engine.apply` would have run them at the attack's last step. The
        many positions that differ only away from the attack (what the other attacks left, the pool,
        the units elsewhere) no longer follow it node by node. None where an end changes anything
        else (the walk then follows the attack as before)."""
        key = self._attack_key(s)
        ends = self._attacks.get(key, _UNSEEN)
        if ends is _UNSEEN:
            ends = self._attacks[key] = self._attack_ends(_attack_alone(s))
        else:
            self.used["attacks followed once"] = self.used.get("attacks followed once", 0) + 1
        if ends is None:
            return None
        ctx = self.ctx
        sq = s.attack.square
        where = _unit_index(s, sq)
        out = []
        known = s.with_knowledge().zombies  # (what the players know of the units away from the attack)
        for (chars, unit), q, d in ends:
            e = self._write_end(s, known, where, chars, unit)
            t, dd, ee = _reached(e, engine.settle(e, ctx)[0])
            if t.pending is _STALE:  # (never seen: every automatic step ends waiting on a new node)
                return None
            out.append((self.canon(t), q, d + dd, ee))
        return out

    def _attack_key(self, s: GameState) -> tuple:
        """What an attack under way reads (:meth:`_attack_children`): the decision or roll pending, the
        attack and the shot in progress, the characters in its square (the super zombies among them)
        and its unit without its name; of the other characters only what the victory conditions read
        ([14.1]: killed or super zombie, Fran's infection; [14.2] 2: the rifles), and whether a unit
        stands elsewhere on the map [14.2] 3, a hidden zombie is still to come and every main door is
        closed [14.2] 1; the Game-Turn ([11.0] the turn of an infection), the doors, the settings.

        What the victory conditions read of the rest is summed up as they read it: how many characters
        elsewhere, Fran aside, are killed or super zombies; whether Fran elsewhere is lost, infected or
        in play ([14.1]: three lost, Fran counting two by option; Fran infected or lost and one other);
        and whether anything elsewhere keeps the characters from winning [14.2] (a unit or super
        zombie on the map, a hidden zombie to come, a main door not closed, Steve or Fran in play
        without a rifle). Two positions alike in these stop the attack at the same steps (the game
        over [14.0]), whatever the characters elsewhere are; the engine's next steps, run on each
        position, name the winner and why. Not the phase: no step of an attack reads it, so an attack in the Attack Phase [8.0] and one at
        once in the Generation Phase [13.4] that read the rest alike share their ends (the engine's
        next steps, run on each position, read it)."""
        sq = s.attack.square
        here = []
        lost = 0  # characters elsewhere but Fran killed or super zombies [14.1]
        fran = ""  # Fran elsewhere: lost, infected or in play ("": here, or not in the game)
        blocks = bool(s.hidden_squares)  # something elsewhere the characters' victory waits on [14.2]
        for c in s.characters:
            if c.square == sq:
                here.append(c)
                continue
            st = c.status
            out = st == "killed" or st == "super"
            if c.name == "Fran":
                fran = "lost" if out else "infected" if st == "infected" else "in play"
            elif out:
                lost += 1
            if (st == "super" and c.square is not None) or (c.name in RIFLE_HOLDERS and not out and not c.rifle):
                blocks = True  # [14.2] a super zombie on the map; a rifle still to take [14.2] 2
        unit = None
        for z in s.zombies:
            if z.square == sq:
                unit = _unit(z, uid="")
            elif z.square is not None:
                blocks = True  # [14.2] 3 a unit elsewhere
        if not blocks and not s.main_doors_closed():
            blocks = True  # [14.2] 1
        return (s.pending, s.attack, s.shot, tuple(here), unit, (lost, fran), blocks,
                s.door_states, s.turn, s.activation, s.super_value, s.fran_counts_two, s.victory_check, s.solitaire)

    def _attack_ends(self, s0: GameState) -> Optional[tuple]:
        """((end, probability, destroyed)...) of the attack under way at `s0`, every decision and roll
        of it followed with the engine (`engine.apply_to_attack_end`), equal positions merged; an end
        is (the characters of the square that changed, as (name, state) pairs; its unit when the
        attack is over, None if unchanged). None if an end changed
        anything else, or brought a unit in (never seen: the walk then follows the attack as before)."""
        ctx = self.ctx
        sq = s0.attack.square
        names = frozenset(c.name for c in s0.characters if c.square == sq)
        where = _unit_index(s0, sq)
        known = s0.with_knowledge().zombies
        succ: dict = {}  # position -> [(next position or end, probability, destroyed, whether an end)]
        post: list = []  # the positions, each after those it leads to (reversed: in topological order)

        def visit(s: GameState) -> bool:
            edges = succ[s] = []
            if s.pending.side == Side.CHANCE:
                classes = engine.roll_classes(s, ctx)
                outs = [(acts[0], q) for acts, q in classes] if classes is not None else engine.chance_outcomes(s, ctx)
            else:
                outs = self.branches(s)
            for a, q in outs:
                t, d, e = _reached(s, engine.apply_to_attack_end(s, ctx, a)[0])
                if e:
                    return False
                if t.result is None and (t.attack is not None or t.shot is not None):
                    if t not in succ and not visit(t):
                        return False
                    edges.append((t, q, d, False))
                    continue
                end = _end_of_attack(s0, t, names, where, known)
                if end is None:
                    return False
                edges.append((end, q, d, True))
            post.append(s)
            return True

        if not visit(s0):
            self.used["attacks not followed apart"] = self.used.get("attacks not followed apart", 0) + 1
            return None
        self.used["attacks followed apart"] = self.used.get("attacks followed apart", 0) + 1
        # the probability flows from s0 to the ends, each position's mass (per number destroyed so far)
        # complete before it is passed on
        mass: dict = {s0: {0: Fraction(1)}}
        ends: dict = {}
        for s in reversed(post):
            m = mass.pop(s)
            for c, q, d, last in succ[s]:
                into = ends if last else mass.setdefault(c, {})
                for d0, p in m.items():
                    k = (c, d0 + d) if last else d0 + d
                    into[k] = into.get(k, 0) + p * q
        return tuple((end, q, d) for (end, d), q in ends.items())

    @staticmethod
    def _write_end(s: GameState, known: tuple, where: Optional[int], chars: tuple, unit) -> GameState:
        """`s` with an end of its attack (:meth:`_attack_ends`) written into its square (`where`: the
        index of the square's unit in `s.zombies`, None when it has none): the attack and
        shot over, as the engine leaves them before its next steps. The units away from `sq` as
        `known` has them (s's units with what the players know of them settled [5.4], [2.3]: every
        way through an attack ends with a roll that settles it, and the attack changes nothing it
        reads away from its square); the square's unit as the end has it, else as it was (left as it
        was by every settling on the way). What was pending is left as a marker, `_STALE`: the
        engine's next steps end waiting on a node of their own (or with the game over), so the last
        decision or roll of the attack, which the ends do not keep apart, is never read."""
        cs = s.characters
        if chars:
            new = dict(chars)
            cs = tuple(new.get(c.name, c) for c in cs)
        zs = known
        if where is not None:
            mine = s.zombies[where] if unit is None else _unit(unit, uid=s.zombies[where].uid)
            if known[where] is not mine:
                zs = known[:where] + (mine,) + known[where + 1:]
        return s.with_units(zs, characters=cs, attack=None, shot=None, pending=_STALE)

    def _entrance_children(self, s: GameState) -> Optional[list]:
        """Ruling Z1 (generation): a Zombie Entrance Table total [13.5] whose units all enter where
        nobody stands changes the position only through how many enter (per door called: a unit unless
        the door is closed, its square zombie-occupied [13.2] or the pool empty [13.3]) and which
        entrance squares, where nobody stands, they block — and nothing reads those squares again in
        the turn (they attack nobody [13.4]; a super zombie created [11.0] attacks in its own square,
        where a character stands [11.8]; the pool is not drawn from again; a unit on the map rules out
        the characters' win [14.2]). So: with no infected character to roll for, such totals end the turn
        at once with the number entered (no status changes); with some, one total per number entered
        is followed. The other totals are followed once per set of doors called."""
        board, tables = self.ctx.board, self.ctx.tables
        humans = {c.square for c in s.characters if c.in_play}
        pool = sum(1 for z in s.zombies if z.pool == Pool.ELIMINATED)
        end = (_END, tuple((c.name, c.status) for c in s.characters), "")
        by_count: dict[int, list] = {}
        follow: dict[tuple, list] = {}
        for a, q in engine.chance_outcomes(s, self.ctx):
            doors = tables.entrance_order(a.total)
            entered, left, attack = 0, pool, False
            for compass in doors:
                door = board.main_doors[compass]
                sq = door.squares[0]
                if left and s.door_state(door.id) != "closed" and not s.zombie_occupied(sq):
                    if sq in humans:
                        attack = True
                        break
                    entered, left = entered + 1, left - 1
            g = follow.get(doors) if attack else by_count.get(entered)
            if g is not None:
                g[1] += q
            elif attack:
                follow[doors] = [a, q]
            else:
                by_count[entered] = [a, q]
        self.used["entrance rolls summed"] = self.used.get("entrance rolls summed", 0) + 1
        out = []
        if not s.zturn.super_rolls:
            out += [(end, q, 0, e) for e, (_, q) in by_count.items()]
        else:
            follow.update({("count", e): g for e, g in by_count.items()})
        for a, q in follow.values():
            t, d, e = self.child(s, a)
            out.append((t, q, d, e))
        return out


_UNSEEN = object()
#: what is pending in a position where an attack was just written over (:meth:`_Walk._write_end`): a
#: Pending of its own, never one the engine makes (`phases.base.pend` keeps one per content)
_STALE = Pending(Side.CHANCE.value, "roll:attack", "8.0", "an attack just written over")
#: what an attack leaves as it found it (:func:`_end_of_attack`): every compared field of a position but
#: its characters and units, the phase and result (the end of the game), what is pending and in progress
_ATTACK_KEEPS = tuple(f.name for f in fields(GameState) if f.compare and f.name not in
                      ("characters", "zombies", "phase", "result", "pending", "shot", "attack"))


def _unit_index(s: GameState, square: str) -> Optional[int]:
    """Where the unit in `square` stands in `s.zombies` (a square holds one at most [7.6]); None."""
    return next((i for i, z in enumerate(s.zombies) if z.square == square), None)


def _attack_alone(s: GameState) -> GameState:
    """`s` with only the units an attack under way reads (:meth:`_Walk._attack_key`): its square's, and
    one unit elsewhere on the map if there is any ([14.2] 3 reads only that); the pools left out. The
    same ends, worked out on a position a few units long instead of forty-five."""
    sq = s.attack.square
    units = []
    other = None
    for z in s.zombies:
        if z.square == sq:
            units.append(z)
        elif other is None and z.square is not None:
            other = z
    if other is not None:
        units.append(other)
    return s.evolve(zombies=tuple(units))


def _end_of_attack(s0: GameState, t: GameState, names: frozenset, where: Optional[int], known: tuple) -> Optional[tuple]:
    """The end of the attack begun at `s0` that `t` shows (:meth:`_Walk._attack_ends`): (the characters
    of the square that changed, as (name, state) pairs; the square's unit if it changed).
    None if `t` changed anything else: another character, a unit otherwise than as `known` has it
    (s0's units with what the players know of them settled [5.4], [2.3]: every way through an attack
    goes through an attack roll [8.8] or a shot's roll [6.0], which settle it, and the next positions
    are written so, :meth:`_Walk._write_end`), or any other part of the position (the phase only by the
    end of the game [14.0])."""
    for f in _ATTACK_KEEPS:
        a, b = getattr(s0, f), getattr(t, f)
        if a is not b and a != b:
            return None
    if t.phase != s0.phase and t.result is None:
        return None
    chars = []
    if t.characters is not s0.characters:
        if len(t.characters) != len(s0.characters):
            return None
        for a, b in zip(s0.characters, t.characters):
            if a is not b:
                if a.name != b.name or a.name not in names:
                    return None
                chars.append((b.name, b))
    unit = None
    if t.zombies is not s0.zombies:
        if len(t.zombies) != len(s0.zombies):
            return None
        for i, (a, b) in enumerate(zip(s0.zombies, t.zombies)):
            if a is not b:
                if i == where and a.uid == b.uid:
                    unit = _unit(b, uid="")
                elif b is not known[i] and b != known[i]:
                    return None
    return tuple(chars), unit


def _as_victory_reads(characters: tuple, pick: Callable) -> tuple[tuple, tuple]:
    """(the characters with the status of each one in play that `pick` selects written as the victory
    conditions read it [14.1] — stunned as normal, infected as normal but Fran's —, the (name,
    status) pairs written over): what :meth:`_Walk.freeze` and :meth:`_Walk.hold` carry."""
    subs = []
    chars = list(characters)
    for i, c in enumerate(chars):
        if c.status == Status.NORMAL or not c.in_play or (c.status == Status.INFECTED and c.name == "Fran") or not pick(c):
            continue
        subs.append((c.name, c.status))
        chars[i] = replace(c, status="normal")
    return (tuple(chars), tuple(subs)) if subs else (characters, ())


_NO_RECORD = TurnRecord()
_HELD = "\x00held in "  # the key of a square's units held back (:meth:`_Walk.hold`); no character's name


def _held_order(z) -> tuple:
    return z.value, z.berserk, z.face_up, z.seen

# what a unit is to the rest of the turn after movement (:meth:`_Walk._canon_units`)
_PLAIN_POOL, _TO_DRAW, _ATTACKING, _BLOCKER = "plain pool", "to draw", "attacking", "blocker"
_FIRST = itemgetter(0)


def _reduce(z, how: str):
    """A unit as the canonical form keeps it (ruling Z1): in the pool while its value no longer matters,
    a plain value-1 unit; in the pool, with its value and pool; in a character's square, with its
    value, berserk and face (the knowledge of it dropped); alone at an open main door, a plain blocker."""
    if how == _PLAIN_POOL:
        return _unit(z, value=1, seen=False, candidates=(), face_up=False, berserk=False)
    if how == _TO_DRAW:
        return _unit(z, seen=False, candidates=(), face_up=False, berserk=False)
    if how == _ATTACKING:
        return _unit(z, seen=z.face_up, candidates=())
    return _unit(z, value=1, berserk=False, face_up=False, seen=False, candidates=())


def _sorted_by(z) -> tuple:
    """(the canonical order's key, the unit): the units of the canonical form are sorted by it."""
    return (z.pool, z.square or "", z.value, z.berserk, z.face_up, z.seen), z


_FREE_PENDING = Pending(Side.ZOMBIE.value, "free")
#: ruling Z1 (counters nameless in movement): the rolls of the movement phases whose children are
#: worked out nameless: the Berserk Phase's [10.0], [15.4] and the free-movement die [7.0] 2 (from each,
#: the walk goes on to the next roll or to the end of movement, where the named position takes over;
#: not a zombie decision, which the walk meets as a node only where it starts, and whose first step may
#: end the movement); and the roll of those phases that reads a value ([10.5] the glass door)
_NAMELESS = frozenset({"roll:berserk_stay", "roll:berserk_go", "pick:tie", "roll:free"})
_READS_VALUES = frozenset({"roll:glass"})
_NAMELESS_TRIAL = 48  # nameless positions worked out, none met twice: the walk stops naming counters off
_NAMELESS_NAME: dict = {}  # square -> the name of the unit standing there, nameless
#: the fields of the Zombie Player-Turn's bookkeeping that name units by id (the others name squares,
#: doors or characters)
_TURN_IDS = ("queue", "reacted", "moved", "ended_berserk", "ties")


def _renamed_turn(zt: ZombieTurn, names: dict) -> ZombieTurn:
    """The bookkeeping `zt` naming its units by `names` (id or name given -> the other), in the
    movement phases (where `queue` holds units: the berserk units re-checked [10.0], those to react
    [7.0] 1)."""
    get = names.get
    changes = {}
    for f in _TURN_IDS:
        v = getattr(zt, f)
        if v:
            nv = tuple([get(x, x) for x in v])
            if nv != v:
                changes[f] = nv
    if zt.checking in names:
        changes["checking"] = names[zt.checking]
    if zt.stacks:
        nv = tuple([(n, get(u, u)) for n, u in zt.stacks])
        if nv != zt.stacks:
            changes["stacks"] = nv
    if zt.breaking and zt.breaking[0] in names:
        changes["breaking"] = (names[zt.breaking[0]],) + tuple(zt.breaking[1:])
    return _unit(zt, **changes) if changes else zt


class _MovementOver:
    """Ruling Z1 (counters nameless in movement): a nameless position where the zombies' free movement
    ends [8.0]; the end of movement is worked out once its counters are named again (it reads their
    values). Passes for a position that waits on nothing in the movement phases (the chains stop at
    it, the canonical form leaves it as it is)."""

    __slots__ = ("state",)
    pending = None
    result = None
    phase = Phase.FREE.value

    def __init__(self, state: GameState):
        self.state = state


#: where the engine's steps after the zombies' last reaction decision stop having read only what
#: :meth:`_Walk._set_aside` keeps: the free-movement die [7.0] 2 (on the way: no super zombie's reaction
#: [11.4], which reads the super zombies and their units; the victory check [14.2], which reads whether a
#: unit is on the map, as the reacting units are)
_AFTER_REACTION = frozenset({"roll:free"})
_END_PHASE = EndPhase()
_FAR = 10**9
_COUNTS = "the choice reads the number of free moves left"


def _unit(z, **changes):
    d = z.__dict__
    if all(d[k] == v for k, v in changes.items()):
        return z
    new = object.__new__(type(z))
    new.__dict__.update(z.__dict__)
    new.__dict__.pop("_h", None)  # the cached hash of the old fields (ZombieUnit.__hash__)
    new.__dict__.update(changes)
    return new


def walk_exact(st: GameState, walk: _Walk, *, max_states: int = 300_000, max_seconds: Optional[float] = None,
               clock: Callable[[], float] = time.perf_counter) -> Dist:
    """The exact Dist of :class:`TurnOutcome` from `st` (a zombie-phase position): the graph of
    positions is explored once (equal positions merged wherever they are reached), then the
    probabilities flow through it in topological order. The counts of zombies destroyed and units
    entered ride along with the probability (a small table per position) rather than in the position,
    so positions that differ only in what happened before them are followed once; so do the statuses
    a position forgets (:meth:`_Walk.freeze`) and the parts it holds back until a super-zombie roll
    (:meth:`_Walk.hold`): the walk goes in stages, each ending at the super-zombie rolls it reaches,
    where they are put back (:meth:`_Walk.give_back`) for the next.

    The cyclic garbage collector is paused meanwhile (and put back as it was): the graph keeps every
    position alive until the flow is done, and the collector would go over all of them again and
    again, finding nothing (positions, tuples and tables refer to no one who refers back; memory is
    freed as usual when the last reference goes). 5-8 % of the time of the biggest positions."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _walk_exact(st, walk, max_states, max_seconds, clock)
    finally:
        if enabled:
            gc.enable()


def _walk_exact(st: GameState, walk: _Walk, max_states: int, max_seconds: Optional[float],
                clock: Callable[[], float]) -> Dist:
    t0 = clock()
    root, sub0 = walk.freeze(walk.canon(st))
    root, held = walk.hold(root)
    # the walk goes in stages: a stage ends at the first super-zombie roll [11.0] it reaches, where the
    # parts held back (:meth:`_Walk.hold`) are put back; the next stage starts from there
    starts: dict = {root: {(0, 0, tuple(sorted(sub0 + held))): Fraction(1)}}
    final: dict = {}
    explored = [0]
    while starts:
        starts = _stage(starts, walk, final, explored, t0, max_states, max_seconds, clock)
    return Dist(final, title="the coming zombie turn")


def _stage(starts: dict, walk: _Walk, final: dict, explored: list, t0: float, max_states: int,
           max_seconds: Optional[float], clock: Callable[[], float]) -> dict:
    """One stage of :func:`_walk_exact`: from `starts` ({position: {(destroyed, entered, carried):
    probability}}) to the ends of the turn (added to `final`) and to the super-zombie rolls reached
    (returned as the next stage's starts, the parts held put back)."""
    # positions are numbered as first met (the starts first); the first object met for a position
    # stands for it everywhere below, and the graph's tables are lists by number: a position is hashed
    # once, when it is met, not at every table it goes through (a position's hash is a Python call)
    states = list(starts)
    ids: dict = {s: i for i, s in enumerate(states)}
    n0 = len(states)
    succ: list = [None] * n0  # per position: [(next position's number or an end, destroyed, entered, carried, probability)]
    indeg = [0] * n0
    todo = list(range(n0))
    staged = walk.shortcuts
    while todo:
        i = todo.pop()
        if succ[i] is not None:
            continue
        if explored[0] >= max_states:
            raise TooBig(f"more than {max_states} different positions to follow: too big to enumerate exactly")
        if max_seconds is not None and clock() - t0 > max_seconds:
            raise TooBig(f"exact enumeration passed its budget of {max_seconds} s")
        s = states[i]
        if staged and i >= n0 and s.pending.kind == PendingKind.ROLL_SUPER and s.phase == Phase.GENERATION:
            succ[i] = _NEXT_STAGE  # the parts held back are put back first (next stage)
            continue
        kids: dict = {}
        for t, q, d, e in walk.children(s):
            if type(t) is tuple:
                child = t
            elif walk.stop(t):
                child = (_END, tuple((c.name, c.status) for c in t.characters), t.result.winner if t.result else "")
            else:
                child = t
            sub: tuple = ()
            if type(child) is not tuple:
                child, sub = walk.freeze(child)
                child, held = walk.hold(child)
                if held:
                    sub = tuple(sorted(sub + held))
                j = ids.get(child)
                if j is None:
                    j = ids[child] = len(states)
                    states.append(child)
                    succ.append(None)
                    indeg.append(0)
                child = j
            key = (child, d, e, sub)
            got = kids.get(key)
            kids[key] = q if got is None else got + q
        succ[i] = [(c, d, e, sub, q) for (c, d, e, sub), q in kids.items()]
        explored[0] += 1
        for c, *_ in kids:
            if type(c) is tuple:
                continue
            indeg[c] += 1  # one per edge: the flow below takes one off per edge
            if indeg[c] == 1:
                todo.append(c)  # met for the first time
    # the probabilities, in topological order (Kahn), in whole numbers: every edge's probability is
    # Q / L (L the common denominator of them all), the starts' probabilities P / D, and a position's
    # mass is counted in units of 1 / (D * L**level), its level the longest way to it from a position
    # nothing leads to (an edge into a deeper position multiplies by the missing powers of L);
    # mass[s] = {(destroyed, entered, statuses carried) so far: numerator}
    den = 1
    for edges in succ:
        for *_, q in edges:
            den = den * q.denominator // math.gcd(den, q.denominator)
    d0 = 1
    for got in starts.values():
        for p in got.values():
            d0 = d0 * p.denominator // math.gcd(d0, p.denominator)
    level = _levels(succ, list(indeg))
    top = max(level) + 1  # the level of every end of the turn
    power = [1]
    for _ in range(top):
        power.append(power[-1] * den)
    mass: list = [None] * len(states)
    for i in range(n0):
        scale = d0 * power[level[i]]
        mass[i] = {k: p.numerator * (scale // p.denominator) for k, p in starts[states[i]].items()}
    ends: dict = {}
    later: dict = {}
    ready = [i for i in range(len(states)) if indeg[i] == 0]
    while ready:
        s = ready.pop()
        m = mass[s]
        mass[s] = None
        edges = succ[s]
        if edges is _NEXT_STAGE:
            w = power[top - level[s]]
            for k, p in m.items():
                later[(s, k)] = later.get((s, k), 0) + p * w
            continue
        ls = level[s] + 1
        for c, d, e, sub, q in edges:
            w = q.numerator * (den // q.denominator)
            if type(c) is tuple:
                w *= power[top - ls]
                for (dd, ee, f), p in m.items():
                    k = TurnOutcome(_carried(c[1], f) if f else c[1], dd + d, ee + e, c[2])
                    ends[k] = ends.get(k, 0) + p * w
                continue
            w *= power[level[c] - ls]
            cm = mass[c]
            if cm is None:
                cm = mass[c] = {}
            for (dd, ee, f), p in m.items():
                k = (dd + d, ee + e, tuple(sorted(f + sub)) if sub else f)
                cm[k] = cm.get(k, 0) + p * w
            indeg[c] -= 1
            if indeg[c] == 0:
                ready.append(c)
    whole = d0 * power[top]
    for k, v in ends.items():
        final[k] = final.get(k, 0) + Fraction(v, whole)
    nxt: dict = {}
    back: dict = {}  # (position, what it carries) -> the same put back (many counts share one)
    for (i, (d, e, f)), v in later.items():
        got = back.get((i, f))
        if got is None:
            got = back[(i, f)] = walk.give_back(states[i], f)
        t, f = got
        got = nxt.setdefault(t, {})
        got[(d, e, f)] = got.get((d, e, f), 0) + Fraction(v, whole)
    return nxt


_END = "end of the zombie turn"
_NEXT_STAGE: list = []  # (a marker: the position starts the next stage of the walk)


def _carried(statuses: tuple, carried: tuple) -> tuple:
    """The statuses at the end of the turn with those a position forgot put back (:meth:`_Walk.freeze`,
    :meth:`_Walk.hold`)."""
    back = dict(carried)
    return tuple((n, back.get(n, st)) for n, st in statuses)


def _levels(succ: list, indeg: list) -> list:
    """The longest way (in edges) to each position of the graph `succ` (a DAG, positions numbered;
    `indeg` its in-degrees, consumed) from the positions nothing leads to."""
    level = [0] * len(succ)
    ready = [i for i in range(len(succ)) if indeg[i] == 0]
    while ready:
        s = ready.pop()
        if succ[s] is _NEXT_STAGE:
            continue
        ls = level[s] + 1
        for c, *_ in succ[s]:
            if type(c) is tuple:
                continue
            if level[c] < ls:
                level[c] = ls
            indeg[c] -= 1
            if indeg[c] == 0:
                ready.append(c)
    return level


def walk_once(st: GameState, walk: _Walk, rng: random.Random, max_steps: int = 100_000) -> TurnOutcome:
    """One zombie turn with dice drawn from `rng`: each chance outcome of the engine drawn with its
    exact probability (an integer draw on the common denominator, no floats), unit by unit as the
    engine lists them (no shortcut needed: one path), so a seed gives the same turn as
    `dodnb.prob.enumerate.play_once` did."""
    s = st
    d = e = 0
    ctx = walk.ctx
    for _ in range(max_steps):
        if walk.stop(s):
            return _outcome(s, d, e)
        p = s.pending
        if p.side == Side.CHANCE:
            outs = engine.chance_outcomes(s, ctx)
        else:
            outs = walk.branches(s)
        a = outs[0][0]
        if p.side == Side.CHANCE or len(outs) > 1:
            a = draw(outs, rng)
        s, dd, ee = _step(ctx, s, a)
        d, e = d + dd, e + ee
    raise TooBig(f"the zombie turn did not end within {max_steps} steps")


def sample_zombie_turn(game_or_state, rng: random.Random, *, zombie=None, human=None) -> TurnOutcome:
    """One zombie turn played with dice drawn from `rng` (the Monte Carlo counterpart): each chance
    node's outcome is drawn with its exact probability, decisions by the same policies."""
    st, ctx = _start(game_or_state)
    return walk_once(st, _Walk(st, ctx, zombie=zombie, human=human), rng)


def exact_turn(st: GameState, ctx, *, zombie=None, human=None, shortcuts: Optional[bool] = None,
               max_states: int = 300_000, max_seconds: Optional[float] = None) -> Dist:
    """The exact Dist of :class:`TurnOutcome` from a zombie-phase position. ``shortcuts=False`` is
    the plain walk of the engine's chance nodes (equal positions still merged); the default takes the
    shortcuts of rulings Z1, Z2 with the default policies (the tests check both agree)."""
    return walk_exact(st, _Walk(st, ctx, zombie=zombie, human=human, shortcuts=shortcuts), max_states=max_states, max_seconds=max_seconds)


# =============================================================================================
# the answer


@dataclass(frozen=True)
class CharacterOdds:
    """One character's row: the chance of each status when the next Human Player-Turn begins.

    ``probs[status]`` is the probability that `name` is `status` then (Fractions summing to 1);
    ``intervals[status]``: (low, high), a 95 % Wilson interval for a Monte Carlo estimate, or
    (p, p) when exact; ``what[status]``: that sentence in plain words."""

    name: str
    now: str
    probs: dict
    intervals: dict
    what: dict
    in_play: bool = True  # on the map as a human character now (a panel may show only these)


class ZombieTurnOdds:
    """The distribution of a zombie turn's outcome (:class:`TurnOutcome`), exact or estimated.

    For a panel: :attr:`question` (what is asked, in plain words) and :attr:`question_id`,
    :attr:`exact`, :attr:`kind` ('exact' | 'montecarlo'), :attr:`method` (a one-line label),
    :attr:`method_text` (plain words), :attr:`n` (games played, 0 when exact), :meth:`rows` (per
    character: what each number is the probability of, with its interval), :meth:`interval`,
    :attr:`seconds`."""

    def __init__(self, dist: Dist, exact: bool, method: str, seconds: float, n: int = 0, names=(), *,
                 question: str = SOLITAIRE_QUESTION, counts: Optional[dict] = None, why: str = "",
                 now: Optional[dict] = None, two_player: bool = False, in_play=None):
        self.dist = dist
        self.exact = exact
        self.method = method  # "exact (every chance node followed)" | "Monte Carlo (n = ..., seed ...) — ..."
        self.kind = "exact" if exact else "montecarlo"
        self.seconds = seconds
        self.n = n
        self.names = tuple(names)
        self.question = question
        self.counts = counts or {}
        self.why = why  # why the exact enumeration stopped (Monte Carlo only)
        self.now = dict(now or {})
        self.two_player = two_player
        self.in_play = frozenset(in_play if in_play is not None else names)

    @property
    def question_id(self) -> str:
        """'solitaire' or 'two_player_solitaire_rules' (ruling Z3): for a translated panel title."""
        return "two_player_solitaire_rules" if self.two_player else "solitaire"

    @property
    def method_text(self) -> str:
        if self.exact:
            return "exact: every roll of the dice and every draw followed"
        return f"estimate from {self.n} simulated zombie turns (95% intervals); the exact count was too big ({self.why})"

    def status(self, name: str) -> Dist:
        """Dist of one character's status after the turn [8.3]-[8.5], [11.0]."""
        return self.dist.map(lambda o: dict(o.statuses)[name], title=f"{name} when the next Human Player-Turn begins")

    @property
    def destroyed(self) -> Dist:
        return self.dist.map(lambda o: o.destroyed, title="zombies destroyed during the zombie turn")

    @property
    def entered(self) -> Dist:
        return self.dist.map(lambda o: o.entered, title="units entering the map during the zombie turn")

    @property
    def winner(self) -> Dist:
        return self.dist.map(lambda o: o.winner or "nobody yet", title="who has won when the zombie turn ends")

    def p(self, event) -> Fraction:
        return self.dist.p(event)

    def interval(self, p: Fraction) -> tuple[float, float]:
        """95 % interval of a probability read from these odds: (p, p) when exact; for a Monte Carlo
        estimate the Wilson interval of its count out of :attr:`n` (never zero width)."""
        if self.exact:
            return (float(p), float(p))
        return wilson(round(p * self.n), self.n)

    def stderr(self, p: Fraction) -> float:
        """Half the width of :meth:`interval` divided by 1.96 (0 when exact); kept for old callers."""
        lo, hi = self.interval(p)
        return (hi - lo) / (2 * 1.959963984540054)

    def rows(self) -> list[CharacterOdds]:
        """Per character, in game order: status now, and the chance of each status when the next
        Human Player-Turn begins, with what each number is the probability of."""
        out = []
        for n in self.names:
            probs = dict(self.status(n).items())
            what = {s: f"the chance that {n} is {_word(s)} when the next Human Player-Turn begins" for s in probs}
            now = self.now.get(n, "")
            out.append(CharacterOdds(n, now, probs, {s: self.interval(p) for s, p in probs.items()}, what,
                                     in_play=n in self.in_play))
        return out

    def table(self) -> list[tuple[str, dict]]:
        """Rows (character, {status: probability}) for the statuses that occur."""
        return [(r.name, r.probs) for r in self.rows()]

    def __repr__(self) -> str:
        return f"<ZombieTurnOdds {self.method}: {len(self.dist)} outcomes, {self.seconds:.2f} s>"

    def _cell(self, p: Fraction) -> str:
        if self.exact:
            return fmt_percent(p)
        lo, hi = self.interval(p)
        return f"{fmt_percent(p)} ({100 * lo:.1f}–{100 * hi:.1f}%)"

    def __str__(self) -> str:
        lines = [self.question, f"  ({self.method_text})"]
        for r in self.rows():
            lines.append(f"  {r.name:6} " + ", ".join(f"{s} {self._cell(p)}" for s, p in r.probs.items()))
        lines.append("  destroyed " + ", ".join(f"{k}: {self._cell(p)}" for k, p in self.destroyed.items()))
        lines.append("  entering  " + ", ".join(f"{k}: {self._cell(p)}" for k, p in self.entered.items()))
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        out = [f"<table><caption style='text-align:left'><b>{html.escape(self.question)}</b><br><small>{html.escape(self.method_text)}</small></caption>",
               "<tr><th></th>" + "".join(f"<th>{s}</th>" for s in STATUSES) + "</tr>"]
        for r in self.rows():
            cells = []
            for s in STATUSES:
                p = r.probs.get(s, Fraction(0))
                txt = "" if not p else (f"{fmt_percent(p)}<br><small>{fmt_fraction(p)}</small>" if self.exact else html.escape(self._cell(p)))
                cells.append(f"<td style='text-align:right' title='{html.escape(r.what.get(s, ''))}'>{txt}</td>")
            out.append(f"<tr><th>{html.escape(r.name)}</th>{''.join(cells)}</tr>")
        return "".join(out) + "</table>"


def _word(status: str) -> str:
    return {"normal": "unharmed (normal status)", "super": "a super zombie"}.get(status, status)


def zombie_turn(
    game_or_state,
    *,
    max_seconds: Optional[float] = 20.0,
    max_states: int = 300_000,
    fallback: Optional[str] = "montecarlo",
    n: int = 2000,
    seed: int = 0,
    zombie=None,
    human=None,
    clock: Callable[[], float] = time.perf_counter,
) -> ZombieTurnOdds:
    """Exact distribution of what the coming zombie turn does ([15.0]; see the module).

    From a Human Player-Turn the human player is taken to end the turn as it stands; a hand-built
    position with nothing pending is first settled by the engine's automatic steps. `human` decides
    the characters' choices during the zombie turn (reaction fire [8.1], who is attacked [8.0] 3;
    default :func:`dodnb.rules.solitaire.sensible_human`: everyone fires, normal-status characters
    named first); `zombie` defaults to the solitaire automaton. Both must be deterministic. A
    two-player game is answered for solitaire-rules zombies (ruling Z3; ``odds.question`` says so).

    Past ``max_seconds`` or ``max_states``: ``fallback="montecarlo"`` plays the turn `n` times with
    dice seeded by `seed` (``kind`` "montecarlo", ``method`` "Monte Carlo (n = ..., seed ...)", with
    Wilson intervals and `n`);
    ``fallback=None`` raises :class:`TooBig`. ``clock``: what ``max_seconds`` is measured with (the
    wall clock; ``time.process_time`` for this process's CPU time, as the benchmark does)."""
    if fallback not in (None, "montecarlo"):
        raise ProbError("15.0", f"fallback is 'montecarlo' or None, not {fallback!r}")
    first = game_or_state.state if hasattr(game_or_state, "state") and not isinstance(game_or_state, GameState) else game_or_state
    now = {c.name: c.status for c in first.characters} if isinstance(first, GameState) else {}
    st, ctx = _start(game_or_state)
    names = [c.name for c in st.characters]
    now = now or {c.name: c.status for c in st.characters}
    in_play = [c.name for c in st.characters if c.in_play]
    question = SOLITAIRE_QUESTION if st.solitaire else TWO_PLAYER_QUESTION
    walk = _Walk(st, ctx, zombie=zombie, human=human)
    t0 = time.perf_counter()
    common = dict(names=names, question=question, now=now, two_player=not st.solitaire, in_play=in_play)
    try:
        dist = walk_exact(st, walk, max_states=max_states, max_seconds=max_seconds, clock=clock)
        return ZombieTurnOdds(dist, True, "exact (every chance node followed)", time.perf_counter() - t0, **common)
    except TooBig as exc:
        if fallback is None:
            raise
        why = exc.detail
    rng = random.Random(seed)
    counts: dict[TurnOutcome, int] = {}
    for _ in range(n):
        o = walk_once(st, walk, rng)
        counts[o] = counts.get(o, 0) + 1
    dist = Dist({o: Fraction(c, n) for o, c in counts.items()}, title="the coming zombie turn (estimated)")
    return ZombieTurnOdds(dist, False, f"Monte Carlo (n = {n}, seed {seed}) — exact enumeration stopped: {why}",
                          time.perf_counter() - t0, n=n, counts=counts, why=why, **common)
