"""The public walker of the zombie turn (:mod:`dodnb.prob.zombieturn`): :class:`ZombieTurnWalk`, the
zombie turn as a chance process — at every position, its branches (the engine's chance outcomes with
their exact odds, or the one decision of the zombie or human side's fixed rule) and its children (the
next positions the walk keeps, the shortcuts of rulings Z1, Z2 taken). The exact walk
(:func:`dodnb.prob.zombieturn.exact.walk_exact`), the Monte Carlo fallback and best play
(:func:`dodnb.prob.bestplay.best_play`) all walk the turn through it.

Its parts, each a module: :mod:`~dodnb.prob.zombieturn.canonical` (the canonical forms after
movement), :mod:`~dodnb.prob.zombieturn.movement` (reaction and free movement followed at once),
:mod:`~dodnb.prob.zombieturn.nameless` (counters nameless in movement),
:mod:`~dodnb.prob.zombieturn.attacks` (an attack followed once, entrance rolls summed)."""

from __future__ import annotations

import random
from bisect import bisect_left
from fractions import Fraction
from typing import Any, Callable, Optional

from dodnb.prob.errors import ProbError
from dodnb.prob.zombieturn.attacks import AttackShortcuts
from dodnb.prob.zombieturn.canonical import CanonicalForms
from dodnb.prob.zombieturn.common import FREE_PENDING, POST_MOVEMENT, evolved, step
from dodnb.prob.zombieturn.movement import MovementShortcuts
from dodnb.prob.zombieturn.nameless import NAMELESS, NamelessCounters
from dodnb.rules import core, engine, knowledge, solitaire
from dodnb.rules.actions import AttackCount, BerserkCheck, EndPhase, EndTurn, Reveal, policy_action
from dodnb.rules.state import GameState
from dodnb.rules.vocab import PendingKind, Phase, Side

__all__ = ["ZombieTurnWalk", "start_position"]


def _strip(policy):
    """The walk wants an action; Game policies may return (action, note)."""

    def pol(state, legal, rng):
        return policy_action(policy(state, legal, rng))

    return pol


def _policies(zombie, human, ctx):
    from dodnb.search.humans import sensible_human  # (lazy: dodnb.search builds on dodnb.prob)

    # the default zombie side: the [15.5] automaton's action without the note it would write
    zpol = _strip(zombie) if zombie else (lambda state, legal, rng: solitaire.zombie_action(state, legal, ctx))
    return {Side.ZOMBIE.value: zpol, Side.HUMAN.value: _strip(human or sensible_human)}


def _settle(st: GameState) -> GameState:
    """A hand-built position with nothing pending: run the engine's automatic steps, as
    ``Game(state=...)`` does, so the position says what happens next."""
    from dodnb.rules.game import Game

    return Game(seed=0, state=st, human="ask", zombie="ask").state


def start_position(game_or_state) -> tuple[GameState, Any]:
    """The position the zombie turn starts from, and the engine context: a Game's or a GameState's
    (a hand-built position with nothing pending settled first, a Human Player-Turn ended as it stands).
    ProbError [14.0] once the game is over, [4.0] in a human decision other than the turn's next act."""
    if isinstance(game_or_state, GameState):
        st = game_or_state
        ctx = st.ctx
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


_COUNTS = "the choice reads the number of free moves left"


class ZombieTurnWalk(CanonicalForms, MovementShortcuts, NamelessCounters, AttackShortcuts):
    """The zombie turn as a chance process: at every node, the branches with their probabilities.

    ``shortcuts`` turns on rulings Z1 and Z2 (canonical positions after movement, draws by class);
    they are proven for the default policies only, so custom policies get the plain walk.

    ``ZombieTurnWalk(st0, ctx, zombie=None, human=None, shortcuts=None)``: `st0` a position of the zombie
    turn (:func:`start_position` makes one from a Game or a GameState), `ctx` its engine context;
    `zombie`, `human` the sides' policies (default: the [15.5] automaton, ``sensible_human``). Public:

    * :meth:`branches` — [(action, probability)] at a position, as the engine's chance outcomes or the
      one decision of the side to play (best play walks the zombie side's decisions with it);
    * :meth:`children` — [(next position, probability, destroyed, entered)], the shortcuts taken (a next
      position may be the end of the turn already, ``(END, statuses, winner)``); :meth:`child` one of them;
    * :meth:`canon`, :meth:`freeze`, :meth:`hold`, :meth:`set_urn_aside`, :meth:`keep`, :meth:`needs_urn`, :meth:`at_super_roll`,
      :meth:`give_back` — the canonical forms after
      movement (:mod:`~dodnb.prob.zombieturn.canonical`), which :func:`~dodnb.prob.zombieturn.exact.walk_exact`
      applies to every position it keeps;
    * ``stop(position)`` — whether the zombie turn is over there; ``ctx``, ``shortcuts``; ``used`` — how
      often each shortcut applied (the tests and the soak check they are exercised).

    The shortcuts themselves are its parts' methods (:class:`CanonicalForms`, :class:`MovementShortcuts`,
    :class:`NamelessCounters`, :class:`AttackShortcuts`), private to the walk: the tests reach them only
    through this class (subclasses that break one ruling on purpose, which the proofs must catch)."""

    def __init__(self, st0: GameState, ctx, *, zombie=None, human=None, shortcuts: Optional[bool] = None):
        self.ctx = ctx
        # a public position (`knowledge.conceal`): values nobody knows are drawn where they are revealed
        self.public = knowledge.is_public(st0)
        self.turn = st0.turn
        self.solitaire = st0.solitaire
        self.pol = _policies(zombie, human, ctx)
        self.shortcuts = (zombie is None and human is None) if shortcuts is None else shortcuts
        self.default_zombie = zombie is None
        # ruling Z1 (an attack followed once): proven for the default sides (in a two-player game, the
        # zombie player's choice of how many are attacked by a die, as in solitaire: ruling Z3)
        self.attacks_apart = self.shortcuts and zombie is None and human is None
        self._attacks: dict = {}  # what an attack reads (:meth:`_attack_key`) -> its ends, or None
        self._rolls: dict = {}  # what attack rolls read (:meth:`_roll_key`) -> their ends, or None
        self._written: dict = {}  # an attack's end written, canonical -> (the engine's next node, canonical, destroyed, entered)
        self._panics: dict = {}  # what panic checks read (:meth:`_panic_key`) -> where they end, or None
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
        self._kept: dict = {}  # position -> the same kept by the exact walk, with what it carries (:meth:`keep`)
        self._bare: dict = {}  # bookkeeping of the zombie turn -> the same without its urn and lots (:meth:`set_urn_aside`)
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
        norm = s.evolve(zturn=evolved(zt, moves_left=1) if zt.moves_left > 1 else zt, pending=FREE_PENDING)
        got = self._free.get(norm)
        if got is not None and got is not _COUNTS:
            self.used["free moves shared"] = self.used.get("free moves shared", 0) + 1
            return got, ()
        exact = s.evolve(pending=FREE_PENDING)
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
            s = s.evolve(zturn=evolved(zt, moves_left=1))
        return s.evolve(pending=FREE_PENDING)

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
            return [(AttackCount(k), p) for k, p in core.attacked_count_odds(n)]
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
        if s.phase in POST_MOVEMENT:
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

    # ----- one step ------------------------------------------------------------------------
    def child(self, s: GameState, a) -> tuple:
        """(next position, destroyed, entered) after `a` at `s`."""
        t, d, e = step(self.ctx, s, a)
        if self.shortcuts and t.pending is not None and t.result is None:
            t = self._calm(t)
            if t.pending.kind == PendingKind.FREE:
                return self._free_chain(t, d, e)
            if t.pending.kind == PendingKind.REACTION and t.pending.side == Side.ZOMBIE:
                return self._reaction_chain(t, d, e)
        return self.canon(t), d, e

    def revealed(self, s: GameState) -> Optional[list]:
        """In a public position, [(position, probability)] when a unit whose value nobody knows is shown
        or read at `s`: its value drawn there (ruling K1: `knowledge.reveal_outcomes`); else None."""
        if not self.public or self._in_nameless:  # (nameless counters carry no value at all)
            return None
        i = knowledge.reveal_needed(s, shown=False)  # nothing in the zombie turn reads a value before
        if i is None:
            return None
        self.used["values drawn at a reveal"] = self.used.get("values drawn at a reveal", 0) + 1
        return knowledge.reveal_outcomes(s, i)

    def children(self, s: GameState) -> list:
        """[(next position, probability, destroyed, entered)] from `s`; a next position may be the end
        of the turn already, as (END, statuses, winner). In a public position where a value is revealed
        at `s`, the children are the positions with each value drawn (:meth:`revealed`): the exact walk
        then follows what comes next once for every urn it was drawn from (:meth:`set_urn_aside`)."""
        if self.public:
            shown = self.revealed(s)
            if shown is not None:
                return [(self.canon(t), q, 0, 0) for t, q in shown]
        if self.nameless and s.pending.kind in NAMELESS and not self._in_nameless and s.result is None:
            got = self._nameless_children(s)
            if got is not None:
                return got
        if s.attack is not None and self.attacks_apart and s.phase in POST_MOVEMENT and s.result is None:
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
