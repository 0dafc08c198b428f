"""Ruling Z1 in the Attack and Generation Phases (:mod:`dodnb.prob.zombieturn`): an attack under way
followed once per what it reads (:meth:`AttackShortcuts._attack_key`, :meth:`AttackShortcuts._attack_ends`),
its ends written into every position that reads it alike (:meth:`AttackShortcuts._write_end`), its
attack rolls followed once per what they read, shared by the attacks of one strength
(:meth:`AttackShortcuts._roll_ends`), its panic checks shared by the attacks whatever their value
(:meth:`AttackShortcuts._panic_exits`); and the
Zombie Entrance Table's totals that bring units only where nobody stands summed
(:meth:`AttackShortcuts._entrance_children`).

It is one part of :class:`~dodnb.prob.zombieturn.walker.ZombieTurnWalk` (the walker mixes it in): its methods
read the walker's context, settings, caches and counts (``ctx``, ``shortcuts``, ``used``...) and call the
walker's other parts through ``self``."""

from __future__ import annotations

from dataclasses import fields
from fractions import Fraction
from typing import Optional

from dodnb.prob.zombieturn.common import END, evolved, reached
from dodnb.rules import core, engine, knowledge
from dodnb.rules.phases.base import RIFLE_HOLDERS
from dodnb.rules.state import GameState, Pending
from dodnb.rules.vocab import AttackStep, PendingKind, Pool, Side

__all__ = ["AttackShortcuts"]


class AttackShortcuts:
    """Ruling Z1: an attack followed once, the entrance rolls summed (a part of
    :class:`~dodnb.prob.zombieturn.walker.ZombieTurnWalk`)."""

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
        steps (`engine.settle`), as `engine.apply` would have run them at the attack's last step — from
        its canonical form (:meth:`canon`: the attack is over, and what the rest of the turn reads of
        the position is kept), worked out once for the many that are one there. The
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
        written = self._written
        for (chars, unit), q, d in ends:
            # the position as the attack leaves it, in its canonical form (the rest of the turn from
            # there is the engine's next steps): many of them are one, and go on once
            e = self.canon(self._write_end(s, known, where, chars, unit))
            got = written.get(e)
            if got is None:
                t, dd, ee = reached(e, engine.settle(e, ctx)[0])
                if t.pending is _STALE:  # (never seen: every automatic step ends waiting on a new node)
                    return None
                got = written[e] = (self.canon(t), dd, ee)
            t, dd, ee = got
            out.append((t, q, d + dd, ee))
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
        return self._reads(s, lambda c: c.square == sq)

    def _reads(self, s: GameState, whole) -> tuple:
        """:meth:`_attack_key` with the characters `whole` selects kept whole (those in the square of
        the attack; :meth:`_roll_key` keeps fewer) and the others summed up as the victory conditions
        read them."""
        sq = s.attack.square
        here = []
        lost = 0  # characters elsewhere but Fran killed or super zombies [14.1]
        fran = ""  # Fran elsewhere: lost, infected or in play ("": here, or not in the game)
        blocks = bool(s.hidden_squares)  # something elsewhere the characters' victory waits on [14.2]
        for c in s.characters:
            if whole(c):
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
                unit = evolved(z, uid="")
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
        order = tuple(c.name for c in s0.characters)
        where = _unit_index(s0, sq)
        known = s0.with_knowledge().zombies
        succ: dict = {}  # position -> [(next position or end, probability, destroyed, whether an end)]
        post: list = []  # the positions, each after those it leads to (reversed: in topological order)

        def visit(s: GameState) -> bool:
            edges = succ[s] = []
            if _at_rolls(s):  # the attack rolls, shared with the attacks that read them alike
                rolls = self._roll_ends(s)
                if rolls is None:
                    return False
                here = _end_of_attack(s0, s, names, where, known)  # what the attack changed before them
                if here is None:
                    return False
                before, unit = here
                for chars, marks, q, d in rolls:
                    edges.append(((_merged(order, before, chars), evolved(s.zombies[where], uid="", **dict(marks)) if marks else unit),
                                  q, d, True))
                post.append(s)
                return True
            if _at_panic(s):  # the panic checks, shared with the attacks that read them alike
                exits = self._panic_exits(s)
                if exits is not None:
                    for (shot, att, pending), q in exits:
                        t = s.evolve(shot=shot, attack=att, pending=pending)
                        if t not in succ and not visit(t):
                            return False
                        edges.append((t, q, 0, False))
                    post.append(s)
                    return True
            for a, q in self._steps(s):
                t, d, e = reached(s, engine.apply_to_attack_end(s, ctx, a)[0])
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

    def _steps(self, s: GameState) -> list:
        """[(action, probability)] at a node of an attack under way: a roll one total per what it
        decides (`engine.roll_classes`) or, where the rule says nothing of that, every total; a
        decision the side's own (:meth:`branches`)."""
        if s.pending.side == Side.CHANCE:
            classes = engine.roll_classes(s, self.ctx)
            return [(acts[0], q) for acts, q in classes] if classes is not None else engine.chance_outcomes(s, self.ctx)
        return self.branches(s)

    def _roll_key(self, s: GameState) -> tuple:
        """What the attack rolls still to make at `s` read (:meth:`_roll_ends`): what the attack reads
        (:meth:`_attack_key`), but of the attack only its square, the number attacked, the strength
        [8.0] 4 and who is still to be rolled for, in order; of its unit only what the players know of
        it (`_MARKS`); of the characters only those still to be rolled for, the others summed up as the
        victory conditions read them (as the characters elsewhere are) and by whether any of them
        still shows the unit [5.4]. From the first attack roll on, the unit's value is read only
        through the strength (`core.strength`): each roll reads the Zombie Attack Table at it [8.8]
        and changes only the character rolled for [8.6] — and what the players know of the unit,
        turned face down once nobody in its square shows it (`knowledge.settle`, which reads only
        that and where the characters are); the unit is not shot at any more [8.1], and it stays on
        the map, so the characters cannot win within the rolls [14.2] 3. Who shot at it [8.1] is not
        read either, nor whether the unit is berserk."""
        att = s.attack
        if att.step == AttackStep.TARGETS:  # who is attacked is still to name: from all in the square
            left = tuple(c.name for c in s.characters if c.square == att.square)
        else:
            left = tuple(t for t in att.targets if t not in att.rolled)
        k = self._reads(s, lambda c: c.name in left)
        shown = att.square in knowledge.shown_squares(tuple(c for c in s.characters if c.name not in left), s.solitaire)
        rolls = (att.square, att.k, core.strength(att.value, att.k), left, shown)
        unit = k[4] and tuple(k[4].__dict__[f] for f in _MARKS)
        return (k[0], rolls) + k[2:4] + (unit,) + k[5:]

    def _roll_ends(self, s: GameState) -> Optional[tuple]:
        """Ruling Z1 (the attack rolls followed once): ((the characters of the square that changed, as
        (name, state) pairs), (the fields of its unit that changed, as (field, value) pairs),
        probability, destroyed)... of the attack rolls still to make at `s` [8.0] 5, [8.8] — one roll
        after the other, the victory conditions checked before each [14.0]; from the human player's
        naming who is attacked [8.0] 3 when that is still to come (his choice reads the statuses in
        the square, not the value) — worked out once per what
        they read (:meth:`_roll_key`) and shared by every attack that comes to them alike, whatever
        the value that gave its strength. None (the attack then followed as before) if a roll changed
        anything else, or its unit's value."""
        key = self._roll_key(s)
        got = self._rolls.get(key, _UNSEEN)
        if got is not _UNSEEN:
            self.used["attack rolls followed once"] = self.used.get("attack rolls followed once", 0) + 1
            return got
        ctx = self.ctx
        sq = s.attack.square
        names = frozenset(c.name for c in s.characters if c.square == sq)
        order = tuple(c.name for c in s.characters)
        where = _unit_index(s, sq)
        known = s.with_knowledge().zombies
        ends: dict = {}
        unit = s.zombies[where] if where is not None else None  # (a super zombie may attack alone [11.8])
        for a, q in self._steps(s):  # (at the first, who is attacked [8.0] 3 when still to name)
            t, d, e = reached(s, engine.apply_to_attack_end(s, ctx, a)[0])
            end = None if e else _end_of_attack(s, t, names, where, known)
            marks = None if end is None else () if end[1] is None else _marks(unit, end[1])
            if marks is None:
                ends = None
                break
            if t.result is None and (t.attack is not None or t.shot is not None):
                more = self._roll_ends(t) if _at_rolls(t) else None
                if more is None:
                    ends = None
                    break
                for chars, later, p, dd in more:
                    k = (_merged(order, end[0], chars), tuple(sorted({**dict(marks), **dict(later)}.items())), d + dd)
                    ends[k] = ends.get(k, 0) + q * p
            else:
                k = (end[0], marks, d)
                ends[k] = ends.get(k, 0) + q
        got = self._rolls[key] = None if ends is None else tuple((chars, marks, q, d) for (chars, marks, d), q in ends.items())
        return got

    def _panic_exits(self, s: GameState) -> Optional[tuple]:
        """Ruling Z1 (the panic checks followed once): (((the shot, the attack, what is pending) where
        they end, probability)...) of the characters' choice to shoot at the attacker [8.1], when it
        is still to come, and the panic checks of that shot [6.5] — one after the other, the victory
        conditions checked before each [14.0] — to the first step that is neither: the shot's roll
        [6.0], or past a shot nobody fired (every shooter panicked) or nobody declared the attack's
        next decision or roll. Worked out once per what they read (what the attack reads,
        :meth:`_attack_key`, but the attacking unit's value: the choice reads who may shoot, a
        check the shooter's Panic Level and the shot's increase [6.5], fixed when the shot is
        declared from the unit's being berserk [10.6] or a super zombie [11.5]) and shared by the
        attacks that come to them alike, whatever their unit's value. They change
        nothing but the shot, the attack's step and what is pending: None (the attack then followed as
        before) if a way through them changed anything else or counted the value in [8.0] 2."""
        key = self._panic_key(s)
        got = self._panics.get(key, _UNSEEN)
        if got is not _UNSEEN:
            self.used["panic checks followed once"] = self.used.get("panic checks followed once", 0) + 1
            return got
        ctx = self.ctx
        exits: Optional[dict] = {}
        for a, q in self._steps(s):  # (at the first, who shoots at the attacker [8.1] when still to choose)
            t = engine.apply_to_attack_end(s, ctx, a)[0]
            if t.attack is None or t.result is not None or t.attack.value != s.attack.value or not _alike(s, t, _SHOT_KEEPS):
                exits = None
                break
            if _at_panic(t):
                more = self._panic_exits(t)
                if more is None:
                    exits = None
                    break
                for x, p in more:
                    exits[x] = exits.get(x, 0) + q * p
            else:
                x = (t.shot, t.attack, t.pending)
                exits[x] = exits.get(x, 0) + q
        got = self._panics[key] = None if exits is None else tuple(exits.items())
        return got

    def _panic_key(self, s: GameState) -> tuple:
        """What the choice to shoot and the panic checks still to make at `s` read (:meth:`_panic_exits`):
        what the attack reads (:meth:`_attack_key`), its unit's value aside, and its berserk status
        once the shot is declared (the increase it gives the checks is in the shot then)."""
        k = self._attack_key(s)
        if s.shot is None:  # who shoots is still to decide: the shot's increase is read from the unit [10.6]
            return k[:4] + (k[4] and evolved(k[4], value=0),) + k[5:]
        return k[:4] + (k[4] and evolved(k[4], value=0, berserk=False),) + k[5:]

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
            mine = s.zombies[where] if unit is None else evolved(unit, uid=s.zombies[where].uid)
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
        end = (END, tuple((c.name, c.status) for c in s.characters), "")
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
#: what is pending in a position where an attack was just written over (:meth:`ZombieTurnWalk._write_end`): a
#: Pending of its own, never one the engine makes (`phases.base.pend` keeps one per content)
_STALE = Pending(Side.CHANCE.value, "roll:attack", "8.0", "an attack just written over")
#: what an attack leaves as it found it (:func:`_end_of_attack`): every compared field of a position but
#: its characters and units, the phase and result (the end of the game), what is pending and in progress
_ATTACK_KEEPS = tuple(f.name for f in fields(GameState) if f.compare and f.name not in
                      ("characters", "zombies", "phase", "result", "pending", "shot", "attack"))


#: what the attack rolls may change of the attacking unit, and read of it (:meth:`AttackShortcuts._roll_ends`): what
#: the players know of it (`knowledge.settle`), which changes once its square is left without a character [5.4]
_MARKS = ("face_up", "seen", "candidates")


def _marks(unit, changed) -> Optional[tuple]:
    """How `changed` (an attacking unit after some of its attack rolls, without its name) differs from
    `unit`: ((field, value)...) of the fields in `_MARKS`; None if it differs in any other (its value)."""
    if unit is None:
        return None
    d = unit.__dict__
    marks = tuple((f, v) for f, v in changed.__dict__.items() if f in _MARKS and v != d[f])
    return marks if changed == evolved(unit, uid="", **dict(marks)) else None


def _at_panic(s: GameState) -> bool:
    """Whether `s` waits on the characters' choice to shoot at the attacker [8.1] or on a panic check [6.5]
    for that shot: :meth:`AttackShortcuts._panic_exits`."""
    kind = s.pending.kind
    if kind == PendingKind.ROLL_PANIC:
        return s.shot is not None and s.attack is not None
    return kind == PendingKind.REACTION_FIRE and s.shot is None and s.attack is not None


def _alike(s: GameState, t: GameState, names: tuple) -> bool:
    """Whether `s` and `t` have the same fields `names` (the same objects, or equal ones)."""
    for f in names:
        a, b = getattr(s, f), getattr(t, f)
        if a is not b and a != b:
            return False
    return True


def _at_rolls(s: GameState) -> bool:
    """Whether `s` waits on an attack roll [8.8], or on the human player's naming who is attacked [8.0] 3
    (no shot in progress): :meth:`AttackShortcuts._roll_ends`."""
    return s.shot is None and s.attack.step in _ROLLS and s.pending.kind in _ROLLS[s.attack.step]


_ROLLS = {AttackStep.ROLL: (PendingKind.ROLL_ATTACK,), AttackStep.TARGETS: (PendingKind.ATTACK_TARGETS,)}


def _merged(order: tuple, before: tuple, after: tuple) -> tuple:
    """The changes of an attack's characters (name, state) pairs, `after` over `before`, in the
    characters' order (`order`: their names)."""
    if not before:
        return after
    if not after:
        return before
    new = dict(before)
    new.update(after)
    return tuple((n, new[n]) for n in order if n in new)


#: what the panic checks leave as they found it (:meth:`AttackShortcuts._panic_exits`): every compared field of a position
#: but the shot, the attack and what is pending
_SHOT_KEEPS = tuple(f.name for f in fields(GameState) if f.compare and f.name not in ("pending", "shot", "attack"))


def _unit_index(s: GameState, square: str) -> Optional[int]:
    """Where the unit in `square` stands in `s.zombies` (a square holds one at most [7.6]); None."""
    return next((i for i, z in enumerate(s.zombies) if z.square == square), None)


def _attack_alone(s: GameState) -> GameState:
    """`s` with only the units an attack under way reads (:meth:`ZombieTurnWalk._attack_key`): its square's, and
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
    """The end of the attack begun at `s0` that `t` shows (:meth:`ZombieTurnWalk._attack_ends`): (the characters
    of the square that changed, as (name, state) pairs; the square's unit if it changed).
    None if `t` changed anything else: another character, a unit otherwise than as `known` has it
    (s0's units with what the players know of them settled [5.4], [2.3]: every way through an attack
    goes through an attack roll [8.8] or a shot's roll [6.0], which settle it, and the next positions
    are written so, :meth:`ZombieTurnWalk._write_end`), or any other part of the position (the phase only by the
    end of the game [14.0])."""
    if not _alike(s0, t, _ATTACK_KEEPS):
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
                    unit = evolved(b, uid="")
                elif b is not known[i] and b != known[i]:
                    return None
    return tuple(chars), unit
