"""Rulings Z1, Z2 in the movement phases (:mod:`dodnb.prob.zombieturn`): the berserk status of a unit
that has moved forgotten away from the characters (:meth:`MovementShortcuts._calm`), the Zombie
Reaction Movement followed at once with the units it cannot read set aside
(:meth:`MovementShortcuts._reaction_chain`, :meth:`MovementShortcuts._set_aside`), the Zombie Free
Movement followed at once (:meth:`MovementShortcuts._free_chain`), its end worked out once per
canonical position (:meth:`MovementShortcuts._end_movement`), its rest skipped once it cannot matter
(:meth:`MovementShortcuts._rest_inert`), and the free-movement die's faces read from one chain
(:meth:`MovementShortcuts._free_faces`).

It is one part of :class:`~dodnb.prob.zombieturn.walker.ZombieTurnWalk` (the walker mixes it in): its methods
read the walker's context, settings, caches and counts (``ctx``, ``shortcuts``, ``used``...) and call the
walker's other parts through ``self``."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Optional

from dodnb.prob.zombieturn.common import FREE_PENDING, evolved, reached, step
from dodnb.prob.zombieturn.nameless import MovementOver
from dodnb.rules import engine, solitaire
from dodnb.rules.actions import EndPhase, ZMove
from dodnb.rules.phases.order import begin_next
from dodnb.rules.state import GameState, ZombieUnit
from dodnb.rules.vocab import PendingKind, Phase, Pool, Side

__all__ = ["MovementShortcuts"]

_MOVEMENT = (Phase.REACTION.value, Phase.FREE.value)
#: where the engine's steps after the zombies' last reaction decision stop having read only what
#: :meth:`ZombieTurnWalk._set_aside` keeps: the free-movement die [7.0] 2 (on the way: no super zombie's reaction
#: [11.4], which reads the super zombies and their units; the victory check [14.2], which reads whether a
#: unit is on the map, as the reacting units are)
_AFTER_REACTION = frozenset({"roll:free"})
_END_PHASE = EndPhase()
_FAR = 10**9


class MovementShortcuts:
    """Rulings Z1, Z2 in the movement phases: reaction and free movement followed at once (a part of
    :class:`~dodnb.prob.zombieturn.walker.ZombieTurnWalk`)."""

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
            out[i] = evolved(z, berserk=False)
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
                u, d2, e2 = step(self.ctx, last, a)
                safe = u.result is None and u.pending is not None and u.pending.kind in _AFTER_REACTION
                got = self._lasts[last] = (u if safe else None, d2, e2)
            if got[0] is not None:
                self.used["reaction moves followed at once"] = self.used.get("reaction moves followed at once", 0) + 1
                return self._calm(self._put_back(got[0], t, kept)), dd + got[1], ee + got[2]
            last = self._put_back(last, t, kept)
        u, d2, e2 = step(self.ctx, last, a)
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
            u, dd, ee = step(self.ctx, t, a)
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
            u, dd, ee = step(self.ctx, t, a)
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
        next, ``order.begin_next``, as the engine does after the EndPhase resolver), after which no unit moves again in the turn; so the
        canonical form of that position stands for it, and the engine's automatic steps from there (the
        first attack begun, or the Zombie Generation Phase) are worked out once per canonical position:
        the many ends of movement that differ only in what that form drops (where the units away from
        the characters and the open main doors stand, who moved or reacted, the free moves left) share
        them. (the position reached, destroyed, entered on the way)."""
        if self._in_nameless:  # (a nameless position: its counters are named again first)
            return MovementOver(t), 0, 0
        key = self.canon(begin_next(t.evolve(pending=FREE_PENDING), self.ctx, []))
        got = self._ends.get(key)
        if got is None:
            got = self._ends[key] = reached(key, engine.settle(key, self.ctx)[0])
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
        t, d0, e0 = step(ctx, s, top)
        steps: list = []
        end, d, e = self._follow(t, steps)
        end = self.canon(end)
        out = [(end, outs[-1][1], d0 + d, e0 + e)]
        tail = self._inert_tail(steps, end, d, e)
        for a, q in outs[:-1]:
            got = self._lower_face(steps, a.total, tail, (end, d, e))
            if got is None:
                got = self._free_chain(*step(ctx, s, a))
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
                if self._free_decision(x.evolve(zturn=evolved(x.zturn, moves_left=k - counted)))[0] != a:
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
                        if self._rest_inert(nxt.evolve(zturn=evolved(nxt.zturn, moves_left=0))):
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
                    u, dd, ee = step(self.ctx, x.evolve(zturn=evolved(x.zturn, moves_left=1)), a)
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
            u, dd, ee = step(self.ctx, x.evolve(zturn=evolved(x.zturn, moves_left=k - counted)), a)
        end, d2, e2 = self._follow(u)
        return self.canon(end), d + dd + d2, e + ee + e2
