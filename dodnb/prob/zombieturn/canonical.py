"""Ruling Z1 after movement (:mod:`dodnb.prob.zombieturn`): the canonical form of a position once no
zombie can move in the turn (:meth:`CanonicalForms.canon`), what the rest of the turn can still reach
(:meth:`CanonicalForms._exposure`), the statuses carried with the probability (:meth:`CanonicalForms.freeze`)
and the parts held back until a super-zombie roll or, in a public position, until a value is drawn
(:meth:`CanonicalForms.hold`, :meth:`CanonicalForms.set_urn_aside`, :meth:`CanonicalForms.give_back`).

It is one part of :class:`~dodnb.prob.zombieturn.walker.ZombieTurnWalk` (the walker mixes it in): its methods
read the walker's context, settings, caches and counts (``ctx``, ``shortcuts``, ``used``...) and call the
walker's other parts through ``self``."""

from __future__ import annotations

from dataclasses import replace
from operator import itemgetter
from typing import Callable

from dodnb.prob.zombieturn.common import POST_MOVEMENT, evolved
from dodnb.rules.phases import generation
from dodnb.rules.state import GameState, TurnRecord, ZombieTurn
from dodnb.rules import knowledge
from dodnb.rules.vocab import PendingKind, Phase, Pool, Status, ZStep

__all__ = ["CanonicalForms"]


class CanonicalForms:
    """Ruling Z1 after movement: the canonical form, the statuses carried, the parts held (a part of
    :class:`~dodnb.prob.zombieturn.walker.ZombieTurnWalk`)."""

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
        unit alone in such an entrance square to a plain blocker while a unit may still be drawn (after
        the last draw it blocks nothing, and goes with the others), the pool is emptied once no unit can be drawn any more (and
        while nobody stands in a main-door square, its values are forgotten and at most two units kept:
        a drawn unit then attacks nobody [13.4], and a roll calls at most two [13.5]), what
        the players know of each unit (seen, candidates: no rule reads them) is dropped, the units are
        renamed in a fixed order, and the movement bookkeeping (who moved, reacted, stacked; the Human
        Player-Turn's record) is dropped."""
        if not self.shortcuts or s.phase not in POST_MOVEMENT or s.result is not None or s.pending is None:
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
        # ruling Z1 (blockers): a unit alone at an open main door blocks the units drawn there [13.2];
        # once no unit is drawn any more in the turn it blocks nothing, and is reduced like the others
        # away from the characters
        blocking = gates if draws_left else frozenset()
        if gates and not draws_left and not s.unit_squares().keys().isdisjoint(gates - humans):
            self.used["blockers reduced after the last draw"] = self.used.get("blockers reduced after the last draw", 0) + 1
        key = (id(zs), attacking, occupied, draws_left, plain_pool, blocking, witness)
        got = self._units.get(key)
        if got is None or got[0] is not zs:
            if len(self._units) > 200_000:
                self._units.clear()
            got = self._units[key] = (zs, self._canon_units(zs, attacking, occupied, draws_left, plain_pool, blocking, witness))
        units = got[1]
        urn, lots = zt.urn, zt.lots
        if (urn or lots) and not (draws_left and humans & future) and not any(
                z.value <= 0 for z in units if z.square is not None and z.square in attacking):
            # ruling K1 in a public position: no value nobody knows can be read in the rest of the turn
            # (no unknown unit attacks, no unit drawn can land where a character stands): the urn of
            # unseen values is forgotten, as the values it would be drawn for are
            urn = lots = ()
            self.used["unseen values forgotten"] = self.used.get("unseen values forgotten", 0) + 1
        zkey = (zt.step, zt.queue if s.phase == Phase.ATTACK else (), zt.entering, zt.super_rolls, zt.drawing, urn, lots)
        zturn = self._zturns.get(zkey)  # one object per canonical bookkeeping: made once, compared by identity first
        if zturn is None:
            zturn = self._zturns[zkey] = ZombieTurn(step=zkey[0], queue=zkey[1], moves_left=0, entering=zkey[2],
                                                    super_rolls=zkey[3], drawing=zkey[4], urn=zkey[5], lots=zkey[6])
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
        if not self.shortcuts or s.phase not in POST_MOVEMENT or s.result is not None or s.pending is None:
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
                units.setdefault(z.square, []).append(evolved(z, uid=""))
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

    def keep(self, s: GameState) -> tuple:
        """(position, what it carries as sorted pairs) for a position the exact walk keeps: the
        statuses it forgets (:meth:`freeze`), the parts it holds back (:meth:`hold`) and the urn it sets
        aside (:meth:`set_urn_aside`), in turn; worked out once per position (a walk meets the same
        position again and again, reached from many others)."""
        got = self._kept.get(s)
        if got is None:
            t, sub = self.freeze(s)
            t, held = self.hold(t)
            t, urn = self.set_urn_aside(t)
            held += urn
            if held:
                sub = tuple(sorted(sub + held))
            if len(self._kept) > 200_000:
                self._kept.clear()
            got = self._kept[s] = (t, sub)
        return got

    def set_urn_aside(self, s: GameState) -> tuple:
        """Ruling K1 in a public position (the urn carried): (position, the pairs it carries). After
        movement the urn of values nobody has seen, and the lots of the units drawn face down from the
        pool, are read only where a value is drawn (`knowledge.reveal_outcomes`): no rule, decision or
        shortcut of the walk reads them anywhere else. So a position that draws no value now gives them
        to the probability, as the statuses carried are (:meth:`freeze`), and the many positions that
        differ only in what was drawn before them (a second attack after the first one's value) are
        followed once; where a value is next drawn (:meth:`needs_urn`) the stage of the walk ends and
        they are given back (:meth:`give_back`)."""
        zt = s.zturn
        if not (self.public and self.shortcuts and (zt.urn or zt.lots)) or s.phase not in POST_MOVEMENT \
                or knowledge.reveal_needed(s, shown=False) is not None:
            return s, ()
        bare = self._bare.get(zt)
        if bare is None:
            bare = self._bare[zt] = knowledge.without_urn(zt)
        self.used["urn carried with the probability"] = self.used.get("urn carried with the probability", 0) + 1
        return s.evolve(zturn=bare), ((_URN, (zt.urn, zt.lots)),)

    @staticmethod
    def at_super_roll(s: GameState) -> bool:
        """Is `s` a super-zombie roll of the Zombie Generation Phase [11.0]: where :meth:`hold` is
        undone (:meth:`give_back`), a stage of the walk ending there?"""
        return s.pending.kind == PendingKind.ROLL_SUPER and s.phase == Phase.GENERATION

    def needs_urn(self, s: GameState) -> bool:
        """Does `s` draw a value now without its urn (:meth:`set_urn_aside`): the end of a stage?"""
        zt = s.zturn
        return self.public and not (zt.urn or zt.lots) and knowledge.reveal_needed(s, shown=False) is not None

    def give_back(self, s: GameState, carried: tuple) -> tuple:
        """What a position carries put back where a stage of the walk ends: at a value drawn
        (:meth:`needs_urn`), the urn and lots (:meth:`set_urn_aside`), the rest still carried; at the
        first super-zombie roll [11.0], the urn too, and :meth:`hold` undone: (the position with the units and
        statuses it held put back, in the canonical form, the pairs still carried)."""
        urn = next((v for k, v in carried if k == _URN), None)
        if urn is not None:
            s = s.evolve(zturn=replace(s.zturn, urn=urn[0], lots=urn[1]))
            carried = tuple(kv for kv in carried if kv[0] != _URN)
        if not self.at_super_roll(s):
            return s, carried
        rolling = {c.square for c in s.characters if c.name in s.zturn.super_rolls and c.square is not None}
        names = {c.name for c in s.characters if c.square in rolling}
        back = {}
        added = []
        rest = []
        for k, v in carried:
            if k.startswith(_HELD):
                added += [evolved(z, square=k[len(_HELD):]) for z in v]
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
                got = reduced[(inert, spot)] = _sorted_by(evolved(inert, square=spot, value=1, berserk=False, face_up=False, seen=False, candidates=()))
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
                got = renamed[(z, i)] = z if z.uid == uid else evolved(z, uid=uid)
            out.append(got)
        units = tuple(out)
        return zs if units == zs else units


def _as_victory_reads(characters: tuple, pick: Callable) -> tuple[tuple, tuple]:
    """(the characters with the status of each one in play that `pick` selects written as the victory
    conditions read it [14.1] — stunned as normal, infected as normal but Fran's —, the (name,
    status) pairs written over): what :meth:`ZombieTurnWalk.freeze` and :meth:`ZombieTurnWalk.hold` carry."""
    subs = []
    chars = list(characters)
    for i, c in enumerate(chars):
        if c.status == Status.NORMAL or not c.in_play or (c.status == Status.INFECTED and c.name == "Fran") or not pick(c):
            continue
        subs.append((c.name, c.status))
        chars[i] = replace(c, status="normal")
    return (tuple(chars), tuple(subs)) if subs else (characters, ())


_NO_RECORD = TurnRecord()
_HELD = "\x00held in "  # the key of a square's units held back (:meth:`ZombieTurnWalk.hold`); no character's name
_URN = "\x00urn"  # the key of the urn and lots carried (:meth:`ZombieTurnWalk.set_urn_aside`); no character's name


def _held_order(z) -> tuple:
    return z.value, z.berserk, z.face_up, z.seen

# what a unit is to the rest of the turn after movement (:meth:`ZombieTurnWalk._canon_units`)
_PLAIN_POOL, _TO_DRAW, _ATTACKING, _BLOCKER = "plain pool", "to draw", "attacking", "blocker"
_FIRST = itemgetter(0)


def _reduce(z, how: str):
    """A unit as the canonical form keeps it (ruling Z1): in the pool while its value no longer matters,
    a plain value-1 unit; in the pool, with its value and pool; in a character's square, with its
    value, berserk and face (the knowledge of it dropped); alone at an open main door, a plain blocker."""
    if how == _PLAIN_POOL:
        return evolved(z, value=1, seen=False, candidates=(), face_up=False, berserk=False)
    if how == _TO_DRAW:
        return evolved(z, seen=False, candidates=(), face_up=False, berserk=False)
    if how == _ATTACKING:
        return evolved(z, seen=z.face_up, candidates=())
    return evolved(z, value=1, berserk=False, face_up=False, seen=False, candidates=())


def _sorted_by(z) -> tuple:
    """(the canonical order's key, the unit): the units of the canonical form are sorted by it."""
    return (z.pool, z.square or "", z.value, z.berserk, z.face_up, z.seen), z
