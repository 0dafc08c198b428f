"""Solitaire [15.0]: the zombie side as an automaton.

The engine already plays the solitaire *rule changes* when ``state.solitaire`` is True: hidden
zombies mixed into the eliminated pool [15.1], the Hidden Zombie Table [15.2], [15.3], [15.8], the
nearest unit checked for berserk [15.4], the attack count by die [15.6], no peeking when a super
zombie stacks [15.7]. What is left to decide on the zombie side is *which units move, and where*:

* ``"free"`` — the Zombie Free Movement Phase, by the five priorities of [15.5];
* ``"reaction"`` — a unit with several equally good reaction moves, or a berserk unit blocked by a
  closed glass door (attack it, or stay) [7.0], [10.4];
* ``"reaction_super"`` — the optional reaction move of a super zombie [11.4].

:func:`zombie_policy` decides all three, deterministically (so a whole zombie turn is a pure chance
process, :mod:`dodnb.prob.zombieturn`), and returns ``(action, note)``: the note names the priority
or ruling that chose the move ("[15.5] priority 3: ..."), and `Game` writes it in the log.

The rulings (how "toward", "closest" and "least advantageous to the characters" are made exact) are
in docs/rulings/solitaire.md; each is cited where it is applied below.

The hand-written human players for experiments (random, sensible, together) are in
:mod:`dodnb.search.humans`; what both sides read (:func:`steps_from`, :func:`square_of`,
:func:`humans_in_play`, :func:`vulnerability`, :data:`INF`) is public here.
"""

from __future__ import annotations

import random
from collections import deque
from heapq import heappop, heappush
from typing import Optional, Sequence

from dodnb.board.sight import line_of_sight
from dodnb.rules import engine
from dodnb.rules.actions import Action, BerserkCheck, BreakDoor, EndPhase, SuperMove, ZMove
from dodnb.rules.counters import CHARACTERS
from dodnb.rules.events import Note
from dodnb.rules.state import CharacterState, GameState, ZombieUnit
from dodnb.rules.vocab import HARMED, DoorState, PendingKind

__all__ = [
    "zombie_policy", "solitaire_policy", "zombie_action", "free_move_choice", "free_move_action", "free_move_decision",
    "free_move_needs", "free_move_plan", "reaction_choice", "super_reaction_choice",
    "steps_from", "square_weight", "weighted_from", "square_of", "humans_in_play", "vulnerability", "INF",
]

INF = 10**6  # "unreachable" distance

# ============================================================================================
# distances (kept by the rules object per door state: the policy is called at every decision)


def steps_from(st: GameState, ctx, square: str) -> dict[str, int]:
    """Squares to go from every square to `square`, through passable sides with the doors as they
    are; pieces are ignored (ruling S-D1, like [15.2], [15.4] `engine.mp_distances`). Kept by the
    context per door state (`Ctx.mp_from`): read it only."""
    return ctx.mp_from(st, (square,))


def square_weight(board, square: str) -> int:
    """[15.5] priority 5: "count each hall square as one square and each store square as two";
    service corridors count one, like hall squares (docs/RULINGS.md, "What counts as a hall square")."""
    return 2 if board.square(square).is_store else 1


def weighted_from(st: GameState, ctx, square: str) -> dict[str, int]:
    """[15.5] priority 5 distance to `square`: the weights of the squares entered on the way
    (the unit's own square not counted, the character's counted; ruling S-D2)."""
    key = (st.door_states, square)
    cache = ctx.weighted
    got = cache.get(key)
    if got is not None:
        return got
    moves = ctx.moves(st)
    board = ctx.board
    dist = {square: 0}
    heap = [(0, square)]
    while heap:
        d, s = heappop(heap)
        if d > dist.get(s, INF):
            continue
        for n in moves[s]:
            # a unit in n moving to s enters s: it pays s's weight
            nd = d + square_weight(board, s)
            if nd < dist.get(n, INF):
                dist[n] = nd
                heappush(heap, (nd, n))
    if len(cache) > 4096:
        cache.clear()
    cache[key] = dist
    return dist


def square_of(piece: "CharacterState | ZombieUnit") -> str:
    """The square of a piece known to be on the map."""
    assert piece.square is not None, f"{piece} is not on the map"
    return piece.square


def humans_in_play(st: GameState) -> list[CharacterState]:
    """The characters on the map (normal, stunned or infected), in the counters' order."""
    order = {n: i for i, n in enumerate(CHARACTERS)}
    return sorted((c for c in st.characters if c.in_play), key=lambda c: order.get(c.name, 9))


def vulnerability(c: CharacterState) -> int:
    """Ruling S-T1, "least advantageous to the characters": a stunned or infected character (a second
    stun or infect kills him [8.5]) ranks 0, Fran (her loss makes the zombies' victory nearer [14.1])
    1, any other character 2. Lower is worse for the characters."""
    if c.status in HARMED:
        return 0
    return 1 if c.name == "Fran" else 2


def _sighted(st: GameState, ctx) -> dict[str, frozenset]:
    """For each character in play, the squares within his sight: [6.4] with the [7.1] ruling (pieces
    do not block), as for Zombie Reaction Movement (ruling S-D3)."""
    table = ctx.sight(st)
    return {c.name: table.visible_from(c.square) for c in humans_in_play(st)}


def _threat_key(st: GameState, ctx, end: str, humans: Optional[Sequence[CharacterState]] = None) -> tuple:
    """How bad a square is for the characters (ruling S-T1): nearest character by steps, then the
    most vulnerable of the characters that near. Smaller is worse for them."""
    best = (INF, 3)
    for c in humans_in_play(st) if humans is None else humans:
        d = steps_from(st, ctx, square_of(c)).get(end, INF)
        best = min(best, (d, vulnerability(c)))
    return best


def _threat(st: GameState, ctx, end: str, env: "Optional[_Env]") -> tuple:
    """:func:`_threat_key`, remembered per end square for one position's characters and doors."""
    if env is None:
        return _threat_key(st, ctx, end)
    got = env.threat.get(end)
    if got is None:
        got = env.threat[end] = _threat_key(st, ctx, end, env.humans)
    return got


# ============================================================================================
# movers: the units and super zombies the legal actions move


class _Mover:
    __slots__ = ("who", "square", "free", "actions", "is_super")

    def __init__(self, who: str, square: str, free: bool, is_super: bool, actions: Sequence[Action] = ()):
        self.who, self.square, self.free, self.is_super = who, square, free, is_super
        self.actions: Sequence[Action] = actions  # (never changed once the mover is made)


def _movers(st: GameState, legal: Sequence[Action]) -> dict[str, _Mover]:
    out: dict[str, _Mover] = {}
    lists: dict[str, list[Action]] = {}
    names = {c.name for c in st.characters}
    units = None
    for a in legal:
        # the engine's own action classes (no subclasses): class identity, cheaper than isinstance
        if type(a) is ZMove:
            who = a.uid
        elif type(a) is SuperMove:
            who = a.name
        elif type(a) is BreakDoor:
            who = a.who
        else:
            continue
        m = out.get(who)
        if m is None:
            if who in names:
                c = st.character(who)
                m = _Mover(who, square_of(c), True, True)  # [11.4] a super zombie does not count
            else:
                if units is None:
                    units = {z.uid: z for z in st.zombies}
                z = units[who]
                m = _Mover(who, square_of(z), z.berserk, False)  # [10.3] a berserk unit does not count
            out[who] = m
            m.actions = lists[who] = []
        lists[who].append(a)
    return out


def _free_movers(st: GameState, legal: Sequence[Action], ctx) -> dict[str, _Mover]:
    """:func:`_movers` of a Free Movement decision, read from the units' own lists of moves the engine
    has just made for `legal` (`phases.free.unit_moves`, kept in `ctx.free_cache`) instead of
    regrouping the listed moves: each unit's moves are then the same tuple from one decision to the
    next while nothing near it changes, which the classifications are keyed on (:func:`_entry`).
    Where `legal` holds anything but the end of the phase and those moves (a super zombie's move, a
    glass door [10.4], a reveal), or the kept lists are of another position, :func:`_movers`."""
    fc = ctx.free_cache
    if fc is None or fc.zombies is not st.zombies or fc.humans != st.human_squares() or fc.supers != st.super_squares():
        return _movers(st, legal)
    zt = st.zturn
    if fc.done != frozenset(zt.reacted + zt.moved) or fc.moves is not ctx.moves(st):
        return _movers(st, legal)
    counting = zt.moves_left > 0
    zs = st.zombies
    index = fc.index
    out: dict[str, _Mover] = {}
    n = 0
    for uid, (free_of_die, acts) in fc.entries.items():
        if acts and (counting or free_of_die):
            z = zs[index[uid]]
            out[uid] = _Mover(uid, square_of(z), z.berserk, False, acts)  # [10.3] a berserk unit does not count
            n += len(acts)
    if len(legal) != n + 1 or type(legal[0]) is not EndPhase:
        return _movers(st, legal)
    return out


def _end(a: Action, m: _Mover) -> str:
    if isinstance(a, (ZMove, SuperMove)) and a.path:
        return a.path[-1]
    return m.square


def _walks(m: _Mover) -> list[Action]:
    return [a for a in m.actions if isinstance(a, (ZMove, SuperMove)) and a.path]


def _move_key(st: GameState, ctx, m: _Mover, a: Action, env: "Optional[_Env]" = None) -> tuple:
    """Ruling S-T1: among moves meeting the same priority, first the units whose move does not count
    against the die (berserk units, super zombies [10.3], [11.4]: they leave the counted moves to
    others), then the move ending nearest a character, then the most vulnerable character, then a
    super zombie takes its unit along [11.2]; last, where the mover stands (:func:`_seen_as`) and the
    path (an arbitrary but fixed order, so the automaton is deterministic, read off the map alone)."""
    with_unit = 0 if isinstance(a, SuperMove) and a.with_unit else 1
    path = a.path if isinstance(a, (ZMove, SuperMove)) else ()
    return (0 if m.free else 1,) + _threat(st, ctx, _end(a, m), env) + (with_unit,) + _seen_as(m) + (path,)


def _seen_as(m: _Mover) -> tuple:
    """Ruling S-T1 (5): the mover as a solitaire player tells it apart on the map: its square, and a
    super zombie (its counter names a character) before the unit it may share it with. Never a unit's
    id: the counter is face down and its id would tell its Zombie Value apart [7.7]; one unit to a
    square [7.6]."""
    return (m.square, 0, m.who) if m.is_super else (m.square, 1, "")


def _main_door_squares(ctx) -> frozenset:
    return frozenset(ctx.main_square_door)


def _open_main_door_square(st: GameState, ctx, sq: str) -> bool:
    d = ctx.main_square_door.get(sq)
    return d is not None and st.door_state(d.id) != DoorState.CLOSED


def _describe(names: frozenset, m: "_Mover") -> dict:
    """A mover as note parameters: a super zombie by its name, a unit by its square (its id is never
    shown: issue 33), and which of the two it is (`names`: the characters' names)."""
    sz = m.who in names
    return {"who": m.who if sz else m.square, "sz": "super" if sz else "unit"}


def _named(state: GameState, who: str) -> dict:
    """A unit (by its square) or a super zombie (by its name) as note parameters, as :func:`_describe`."""
    if any(c.name == who for c in state.characters):
        return {"who": who, "sz": "super"}
    return {"who": square_of(state.unit(who)), "sz": "unit"}


# ============================================================================================
# [15.5] free movement


class _Env:
    """What a mover's [15.5] classification reads besides the mover itself: the characters (in play:
    squares, statuses; all: names), their sight (pieces do not block, ruling S-D3) and the doors.
    Built once per position; `key` names it (the free-move cache is keyed on it)."""

    __slots__ = ("humans", "human_sq", "sights", "in_sight_any", "main_sq", "names", "threat", "key")

    def __init__(self, state: GameState, ctx, key: tuple):
        self.key = key
        self.humans = humans_in_play(state)
        self.human_sq = {c.square: c for c in self.humans}
        self.sights = _sighted(state, ctx)
        self.in_sight_any = frozenset().union(*self.sights.values()) if self.sights else frozenset()
        self.main_sq = _main_door_squares(ctx)
        self.names = frozenset(c.name for c in state.characters)
        self.threat: dict[str, tuple] = {}  # _threat_key per end square


def _env(state: GameState, ctx) -> _Env:
    """The position's `_Env`, kept by the rules object per doors and characters."""
    key = (state.door_states, tuple((c.name, c.square, c.status) for c in state.characters))
    envs = ctx.envs
    got = envs.get(key)
    if got is None:
        if len(envs) > 4096:
            envs.clear()
        got = envs[key] = _Env(state, ctx, key)
    return got


#: a mover in an open main-door square with no move of its own: priority 2 makes room (below)
_ROOM = "room"
#: a unit within sight of a character that cannot move toward him: not moved (ruling S-P3)
_HELD = "held"


def _p1(state: GameState, ctx, m: _Mover, env: _Env):
    """[15.5] priority 1: end the move in a character-occupied square."""
    best = None
    for a in _walks(m):
        end = _end(a, m)
        if end in env.human_sq:
            k = _move_key(state, ctx, m, a, env)
            if best is None or k < best[0]:
                best = (k, a)
    if best is None:
        return None
    end = _end(best[1], m)
    owners = tuple(c.name for c in env.humans if c.square == end)
    return (best[0], 1, best[1], ("free.p1", dict(_describe(env.names, m), owners=owners, square=end)))


def _p2(state: GameState, ctx, m: _Mover, env: _Env):
    """[15.5] priority 2: leave a square with an open main door as one of its sides (_ROOM: the unit
    has no move of its own; others must make room, :func:`_make_room`)."""
    if not _open_main_door_square(state, ctx, m.square):
        return None
    walks = _walks(m)
    if not walks:
        return _ROOM
    k, a = min((_move_key(state, ctx, m, a, env), a) for a in walks)
    return (k, 2, a, ("free.p2", dict(_describe(env.names, m), square=m.square)))


def _p3(state: GameState, ctx, m: _Mover, env: _Env):
    """[15.5] priority 3: within sight of a character: toward him (the closest if several); _HELD
    when it cannot (ruling S-P3)."""
    if m.square not in env.in_sight_any:
        return None
    seeing = [c for c in env.humans if m.square in env.sights[c.name]]
    dists = {c.name: steps_from(state, ctx, square_of(c)) for c in seeing}
    target = min(seeing, key=lambda c: (dists[c.name].get(m.square, INF), vulnerability(c), CHARACTERS.index(c.name)))
    dist = dists[target.name]
    d0 = dist.get(m.square, INF)
    brk = _break_toward(state, ctx, m, target, dist)
    if brk is not None:
        return ((0 if m.free else 1,) + _threat(state, ctx, m.square, env) + (0,) + _seen_as(m) + ((),), 3, brk,
                ("free.p3_door", dict(_describe(env.names, m), target=target.name, door=brk.door)))
    toward = [a for a in _walks(m) if dist.get(_end(a, m), INF) < d0]
    if not toward:
        return _HELD
    k, a = min(((dist.get(_end(a, m), INF),) + _move_key(state, ctx, m, a, env), a) for a in toward)
    return (k[1:], 3, a, ("free.p3", dict(_describe(env.names, m), target=target.name)))


def _p4(state: GameState, ctx, m: _Mover, env: _Env):
    """[15.5] priority 4: a move that ends within sight of a character (not into a main door square)."""
    if m.square in env.in_sight_any:
        return None
    ok = [a for a in _walks(m) if _end(a, m) in env.in_sight_any and _end(a, m) not in env.main_sq]
    if not ok:
        return None
    k, a = min((_move_key(state, ctx, m, a, env), a) for a in ok)
    seen_by = tuple(c.name for c in env.humans if _end(a, m) in env.sights[c.name])
    return (k, 4, a, ("free.p4", dict(_describe(env.names, m), square=_end(a, m), seen_by=seen_by)))


def _p5(state: GameState, ctx, m: _Mover, env: _Env):
    """[15.5] priority 5: the closest other unit toward the nearest character (hall 1, store 2)."""
    near: Optional[tuple] = None
    for c in env.humans:
        w = weighted_from(state, ctx, square_of(c))
        d0 = w.get(m.square, INF)
        if d0 >= INF:
            continue
        cand = (d0, vulnerability(c), CHARACTERS.index(c.name), c, w)
        if near is None or cand[:3] < near[:3]:
            near = cand
    if near is None:
        return None
    d0, _, _, target, w = near
    toward = [a for a in _walks(m) if w.get(_end(a, m), INF) < d0 and _end(a, m) not in env.main_sq]
    if not toward:
        return None  # the main-door exception [15.5] or no way closer: a different unit is moved
    k, a = min(((w.get(_end(a, m), INF),) + _move_key(state, ctx, m, a, env), a) for a in toward)
    return ((d0,) + k, 5, a, ("free.p5", dict(_describe(env.names, m), target=target.name, d=d0)))


def _classify(state: GameState, ctx, m: _Mover, env: _Env):
    """One mover's entry (key, priority, action, note) by the highest priority it meets, None when it
    meets none, _ROOM when priority 2 must make room for it (then :func:`free_move_plan` decides)."""
    e = _p1(state, ctx, m, env) or _p2(state, ctx, m, env)
    if e is not None:
        return e
    e = _p3(state, ctx, m, env)
    if e is _HELD:
        return None
    return e or _p4(state, ctx, m, env) or _p5(state, ctx, m, env)


def _note(entry) -> Note:
    key, params = entry[3]
    return Note(key, "15.5", **params)


def free_move_plan(state: GameState, legal: Optional[Sequence[Action]] = None, ctx=None) -> list[tuple[int, Action, str]]:
    """Every mover's [15.5] classification in this position: ``(priority, action, note)`` sorted in
    the order the automaton would choose (the first entry is :func:`free_move_choice`). Priority 0
    never occurs; a unit that meets no priority is left out. For teaching: what each unit wants."""
    ctx = ctx or state.ctx
    legal = list(engine.legal_actions(state, ctx) if legal is None else legal)
    return [(e[1], e[2], _note(e)) for e in _plan_entries(state, legal, ctx)]


def _plan_entries(state: GameState, legal: Sequence[Action], ctx, movers: Optional[dict] = None,
                  first: bool = False, needs: Optional[list] = None, own: Optional[dict] = None) -> list:
    """:func:`free_move_plan`'s entries (key, priority, action, note maker), in the automaton's order;
    the notes are not written (the first one only is wanted when choosing a move). `movers`: those of
    `legal` (:func:`_movers`), when the caller has them already. `first`: only the first entry is
    wanted, so once priority 1 or 2 gives one, the movers meeting neither are not classified (their
    entries, of priority 3 to 5, come after it). `needs`: see :func:`_make_room`. `own`: the movers'
    own classifications (:func:`_entry`) the caller has already, by mover."""
    if movers is None:
        movers = _movers(state, legal)
    if not movers:
        return []
    # ruling S-T1 (5): in the order of where they stand, not of the legal actions (listed by id):
    # priority 2's room-making below takes the movers one after another
    movers = dict(sorted(movers.items(), key=lambda kv: _seen_as(kv[1])))
    env = _env(state, ctx)
    out: list = []
    taken: set[str] = set()
    # a mover's own classification (`_entry`, kept) is its priority 1 entry if it meets priority 1,
    # else its priority 2 entry (or _ROOM) if it meets priority 2: read from there, not worked out again
    own = {} if own is None else own
    for m in movers.values():
        if m.who not in own:
            own[m.who] = _entry(state, ctx, m, env)
    # priority 1 for every mover first: priority 2's room-making reads which units priority 1 took
    for m in movers.values():
        e = own[m.who]
        if e is not None and e is not _ROOM and e[1] == 1:
            out.append(e)
            taken.add(m.who)
    for m in list(movers.values()) + _boxed_in(state, ctx, movers):
        if m.who in taken:
            continue
        if m.who in own:
            e = own[m.who]
            if e is not _ROOM and (e is None or e[1] != 2):
                continue
        else:
            e = _p2(state, ctx, m, env)
        if e is None:
            continue
        if e is not _ROOM:
            out.append(e)
            taken.add(m.who)
            continue
        chain = _make_room(state, ctx, movers, m, needs)
        if chain is not None:
            mover, a, length = chain
            if mover.who not in taken:
                k = _move_key(state, ctx, mover, a, env)
                out.append((k, 2, a, ("free.p2_room", dict(_describe(env.names, mover), other=_describe(env.names, m)["who"],
                                                            sz2=_describe(env.names, m)["sz"], square=m.square, n=length))))
                taken.add(mover.who)
    if first and out:
        return [min(out, key=_plan_order)]
    for m in movers.values():
        if m.who not in taken:
            if _open_main_door_square(state, ctx, m.square):
                e = _p3(state, ctx, m, env)
                if e is _HELD:
                    continue
                e = e or _p4(state, ctx, m, env) or _p5(state, ctx, m, env)
            else:  # priorities 1 and 2 do not apply: its own classification, remembered
                e = _entry(state, ctx, m, env)
            if e is not None:
                out.append(e)
    out.sort(key=_plan_order)
    return out


def _plan_order(entry) -> tuple:
    """The automaton's order of entries: priority, then the move's key."""
    return entry[1], entry[0]


def _break_toward(st: GameState, ctx, m: _Mover, target: CharacterState, dist: dict) -> Optional[BreakDoor]:
    """Ruling S-P3b: a berserk unit (or a super zombie with its unit) that sees its target through a
    closed glass door on a side of its square attacks the door when the door is a shorter way to him
    than the way round with the doors as they are [10.4], [11.6]."""
    brks = [a for a in m.actions if isinstance(a, BreakDoor)]
    if not brks:
        return None
    d0 = dist.get(m.square, INF)
    occ = st.occupied()
    for a in sorted(brks, key=lambda a: a.door):
        door = ctx.board.doors[a.door]
        beyond = [s for s in door.squares if s != m.square]
        if not beyond:
            continue
        s = line_of_sight(ctx.board, m.square, square_of(target), occupied=occ, door_states=st.doors)
        if not (s.visible and s.passes_door(a.door)):
            continue
        if dist.get(beyond[0], INF) + 1 < d0:
            return a
    return None


def _boxed_in(st: GameState, ctx, movers: dict[str, _Mover]) -> list[_Mover]:
    """Units in an open main door square that could move now but have no legal move because every
    square around is zombie-occupied ([15.5] priority 2, second sentence)."""
    out = []
    humans, supers = st.human_squares(), st.super_squares()
    for z in st.zombies:
        if z.square is None or z.uid in movers or z.uid in st.zturn.reacted or z.uid in st.zturn.moved:
            continue
        if z.square in humans or z.square in supers or not _open_main_door_square(st, ctx, z.square):
            continue
        if not z.berserk and st.zturn.moves_left <= 0:
            continue
        out.append(_Mover(z.uid, z.square, z.berserk, False))
    if len(out) > 1:
        out.sort(key=_seen_as)  # (ruling S-T1 (5): in the order of their squares)
    return out


def _make_room(st: GameState, ctx, movers: dict[str, _Mover], m: _Mover, needs: Optional[list] = None):
    """[15.5] priority 2, second sentence: every square the unit could move into is zombie-occupied, so
    the fewest units are moved to free one. Breadth-first over occupied squares; returns the first unit
    of the shortest chain to move (the one that can step into a free square), its move, and the chain's
    length — or None when no chain fits the free moves left (ruling S-P2). `needs`, if given, gets the
    number of free moves left the answer was measured against (the answer is the same for every number
    on the same side of it): the only place the automaton reads more than "some are left"."""
    moves = ctx.moves(st)
    by_square = {mv.square: mv for mv in movers.values()}
    start = m.square
    todo = deque([(n, 1) for n in moves[start] if st.zombie_occupied(n)])
    seen = {start} | {n for n, _ in todo}
    while todo:
        sq, depth = todo.popleft()
        mv = by_square.get(sq)
        if mv is None:
            continue  # an occupant that may not move (reacted, in a character's square, ...)
        exits = [a for a in _walks(mv) if _end(a, mv) not in seen]
        if exits:
            # counted units in a chain of `depth` movers: assume the worst, all counted unless free
            # (the unit made room for counts too, unless free): the chain fits if that many are left
            if not mv.free:
                need = depth + (0 if m.free else 1)
                if needs is not None:
                    needs.append(need)
                if st.zturn.moves_left < need:
                    return None
            k, a = min((_move_key(st, ctx, mv, a), a) for a in exits)
            return mv, a, depth
        for n in moves[sq]:
            if n not in seen and st.zombie_occupied(n):
                seen.add(n)
                todo.append((n, depth + 1))
    return None


def _entry(state: GameState, ctx, m: _Mover, env: _Env):
    """:func:`_classify`, cached on what it reads: the mover (who, square, berserk or super) and its
    legal actions, and the position's characters and doors (`env.key`). A mover that may attack a
    glass door is classified afresh (ruling S-P3b reads every piece's square for the line of sight)."""
    if BreakDoor in map(type, m.actions):
        return _classify(state, ctx, m, env)
    # (the env object itself stands for `env.key`: one per key while kept, hashed by identity, and
    # kept alive by the entry, so never mistaken for another)
    # kept by the rules object (`ctx.choices`): the classification reads its board and tables
    key = (env, m.who, m.square, m.free, m.is_super, tuple(m.actions))
    choices = ctx.choices
    got = choices.get(key, choices)
    if got is choices:
        if len(choices) > 200_000:
            choices.clear()
        got = choices[key] = _classify(state, ctx, m, env)
    return got


def _free_best(state: GameState, legal: Sequence[Action], ctx):
    """The first entry of :func:`free_move_plan` as (action, note maker, needs), or None when no unit
    meets a priority (action None when the room-making plan is empty); `needs`: the numbers of free
    moves left that priority 2's room-making measured a chain against (ruling S-P2), the only choice
    that reads how many are left — the choice is the same for every number left on the same side of
    each (empty: it reads only that some are left). Found faster than the plan: each mover is classified on its own (:func:`_entry`,
    cached), except when priority 2 must make room for a unit (then the plan decides: which unit it
    moves depends on the others). tests/rules/test_solitaire_cases.py checks both agree on the
    positions of seeded games."""
    movers = _free_movers(state, legal, ctx)
    if not movers:
        return None
    env = _env(state, ctx)
    best = None
    own = {}
    for m in movers.values():
        e = own[m.who] = _entry(state, ctx, m, env)
        if e is _ROOM:
            break
        if e is not None and (best is None or _plan_order(e) < _plan_order(best)):
            best = e
    else:
        if not _boxed_in(state, ctx, movers):
            return None if best is None else (best[2], lambda: _note(best), ())
    needs: list = []
    plan = _plan_entries(state, legal, ctx, movers, first=True, needs=needs, own=own)
    if not plan:
        return None, None, tuple(needs)
    first = plan[0]
    return first[2], lambda: _note(first), tuple(needs)


def free_move_choice(state: GameState, legal: Sequence[Action], ctx=None) -> tuple[Action, str]:
    """[15.5] the next free move: the best move of the highest priority any unit meets, or the end of
    the phase when none does (ruling S-G1: the priorities are read again after every move)."""
    got = _free_best(state, legal, ctx or state.ctx)
    if got is not None and got[0] is not None:
        return got[0], got[1]()
    left = state.zturn.moves_left
    return EndPhase(), Note("free.end", "15.5", why="none" if left > 0 else "used")


def free_move_action(state: GameState, legal: Sequence[Action], ctx=None) -> Action:
    """:func:`free_move_choice` without its note (for a walk over many positions)."""
    return free_move_decision(state, legal, ctx)[0]


def free_move_decision(state: GameState, legal: Sequence[Action], ctx=None) -> tuple[Action, bool]:
    """(:func:`free_move_action`, whether the choice read how many free moves are left): only priority
    2's room-making counts them (ruling S-P2); otherwise the automaton reads them only through the
    legal actions, as "some are left" [7.0] 2."""
    a, needs = free_move_needs(state, legal, ctx)
    return a, bool(needs)


def free_move_needs(state: GameState, legal: Sequence[Action], ctx=None) -> tuple[Action, tuple[int, ...]]:
    """(:func:`free_move_action`, the numbers of free moves left it was measured against): the choice
    is the same with any number left (one or more) on the same side of each of them (ruling S-P2; see
    :func:`_make_room`); empty when it reads only that some are left [7.0] 2."""
    got = _free_best(state, legal, ctx or state.ctx)
    if got is None:
        return EndPhase(), ()
    return (EndPhase() if got[0] is None else got[0]), got[2]


# ============================================================================================
# reaction choices


def reaction_choice(state: GameState, legal: Sequence[Action], ctx=None) -> tuple[Action, str]:
    """A unit with several reaction moves [7.0] (ruling S-R1): a berserk unit blocked by a closed glass
    door attacks it rather than stay [10.4]; otherwise the move least advantageous to the characters
    (ruling S-T1: ending in a character's square, then nearest a character, most vulnerable first)."""
    a, key, params = _reaction_pick(state, legal, ctx or state.ctx)
    return a, Note(key, "15.5", **params)


def _reaction_pick(state: GameState, legal: Sequence[Action], ctx) -> tuple[Action, str, dict]:
    """:func:`reaction_choice` as (action, note key, note parameters): the walk over a whole zombie
    turn takes the action alone (:func:`zombie_action`), without writing the note."""
    head = state.zturn.queue[0] if state.zturn.queue else ""
    # [7.2] 3 the zombie player's choice of who takes a contested square: the automaton keeps its
    # written order, nearest the characters first (ruling E10, S-R1)
    legal = [a for a in legal if getattr(a, "uid", getattr(a, "who", "")) == head] or list(legal)
    brk = sorted((a for a in legal if isinstance(a, BreakDoor)), key=lambda a: a.door)
    if brk:
        return brk[0], "react.break", {**_named(state, brk[0].who), "door": brk[0].door}
    walks = [a for a in legal if isinstance(a, ZMove) and a.path]
    if not walks:
        return legal[0], "react.only", {}
    uid = walks[0].uid
    m = _Mover(uid, square_of(state.unit(uid)), False, False)
    a = min(walks, key=lambda a: _move_key(state, ctx, m, a))
    return a, "react.least", {"n": len(walks), **_named(state, uid)}


def super_reaction_choice(state: GameState, legal: Sequence[Action], ctx=None) -> tuple[Action, str]:
    """[11.4] a super zombie may move in reaction or in free movement, not both (ruling S-R2): it
    reacts only when the reaction move ends in a character's square (with its unit if it may);
    otherwise it keeps its move for the free movement priorities [15.5]."""
    a, key, params = _super_reaction_pick(state, legal, ctx or state.ctx)
    return a, Note(key, "15.5", **params)


def _super_reaction_pick(state: GameState, legal: Sequence[Action], ctx) -> tuple[Action, str, dict]:
    """:func:`super_reaction_choice` as (action, note key, note parameters)."""
    humans = state.human_squares()
    hits = [a for a in legal if isinstance(a, SuperMove) and a.path and a.path[-1] in humans]
    if hits:
        m = _Mover(hits[0].name, square_of(state.character(hits[0].name)), True, True)
        a = min(hits, key=lambda a: _move_key(state, ctx, m, a))
        return a, "super.reach", {"name": a.name, "square": a.path[-1]}
    return EndPhase(), "super.keep", {}


# ============================================================================================
# the policy


def zombie_policy(state: GameState, legal: Sequence[Action], rng: Optional[random.Random] = None) -> tuple[Action, str]:
    """The solitaire zombie automaton [15.0]: a `Game` policy returning ``(action, note)``.
    Deterministic (the rng is not used)."""
    kind = state.pending.kind if state.pending else ""
    ctx = state.ctx
    if kind == PendingKind.FREE:
        return free_move_choice(state, legal, ctx)
    if kind == PendingKind.REACTION:
        return reaction_choice(state, legal, ctx)
    if kind == PendingKind.REACTION_SUPER:
        return super_reaction_choice(state, legal, ctx)
    # Decisions the engine never asks in a solitaire game [15.4], [15.6], [9.0]; answered the
    # solitaire way for a state built without `solitaire=True`.
    if kind == PendingKind.BERSERK_PICK:
        near = engine.solitaire_berserk_candidates(state, ctx)
        a = BerserkCheck(near[0]) if near else BerserkCheck("")
        return a, Note("berserk.nearest", "15.4")
    if kind == PendingKind.REVEAL:
        return EndPhase(), Note("reveal.none", "15.1")
    return legal[0], Note("first", "15.0")


solitaire_policy = zombie_policy


def zombie_action(state: GameState, legal: Sequence[Action], ctx=None) -> Action:
    """:func:`zombie_policy`'s action without its note (the walk over a whole zombie turn asks for
    thousands of decisions and reads no note); tests check both give the same action."""
    kind = state.pending.kind if state.pending else ""
    ctx = ctx or state.ctx
    if kind == PendingKind.FREE:
        return free_move_action(state, legal, ctx)
    if kind == PendingKind.REACTION:
        return _reaction_pick(state, legal, ctx)[0]
    if kind == PendingKind.REACTION_SUPER:
        return _super_reaction_pick(state, legal, ctx)[0]
    return zombie_policy(state, legal)[0]  # decisions the solitaire game never asks (see zombie_policy)
