"""The rules engine: legal actions, checks and resolvers for every phase of the game [3.0]-[14.2].

Pure functions over :class:`~dodnb.rules.state.GameState`:

* :func:`legal_actions(state, ctx)` — every action the side to move may take (chance outcomes at a
  chance node);
* :func:`check(state, ctx, action)` — None, or the :class:`~dodnb.errors.RuleViolation` (with its
  Case) that forbids it; nothing is applied;
* :func:`apply(state, ctx, action)` → ``(new state, events)``; the old state is never changed;
* :func:`chance_outcomes(state, ctx)` — at a chance node, each outcome with its exact Fraction.

After each action the engine runs every automatic step (a unit with only one reaction move, a phase
with nothing to do...) until the next decision or die roll, and checks victory [14.1], [14.2] after
every event. `ctx` carries what does not change during a game: board, counters, tables.
"""

from __future__ import annotations

import itertools
from collections import deque
from dataclasses import replace
from fractions import Fraction
from typing import Iterable, Optional

from dodnb.board.model import Board, UnknownSquare
from dodnb.board.sight import shot_modifiers, sight_table, line_of_sight
from dodnb.errors import DodnbError, RuleViolation
from dodnb.rules import core
from dodnb.rules.actions import (
    Action, Activate, AttackCount, BerserkCheck, BreakDoor, ChooseTargets, CloseMainDoor, Door, Draw, Drop,
    EndPhase, EndTurn, Move, ReactionFire, Reveal, Roll, Shoot, SuperMove, TakeRifle, ZMove,
)
from dodnb.rules.counters import Counters, default_counters
from dodnb.rules.events import Event, ev
from dodnb.rules.state import (
    Activation, Attack, CharacterState, GameState, Pending, Result, Shot, TurnRecord, ZombieTurn,
)
from dodnb.rules.tables import Tables, default_tables
from dodnb.rules.vocab import Phase, Side

RIFLE_HOLDERS = ("Steve", "Fran")  # [12.1]


class Ctx:
    """What stays fixed during a game: the board, counters and tables, with per-board caches."""

    def __init__(self, board: Board, counters: Counters | None = None, tables: Tables | None = None):
        self.board = board
        self.counters = counters or default_counters()
        self.tables = tables or default_tables()
        self._moves: dict[tuple, dict[str, tuple[str, ...]]] = {}
        self._dist: dict[str, dict[str, int]] = {}
        self._sight: dict[tuple, object] = {}
        self._vis: dict[tuple, frozenset] = {}
        self.open_moves = {s: board.moves_from(s, {}) for s in board.ids}  # every door open
        self.main_square_door = {d.squares[0]: d for d in board.main_doors.values()}

    def moves(self, st: GameState) -> dict[str, tuple[str, ...]]:
        """Squares reachable in one move from each square with the current doors [5.3], [7.0]."""
        got = self._moves.get(st.door_states)
        if got is not None:
            return got
        key = tuple((d, s) for d, s in st.door_states if s == "closed")
        got = self._moves.get(key)
        if got is None:
            got = self.open_moves
            if key:
                # a closed door only changes passage between its own squares [5.3]
                ds = dict(key)
                touched = {sq for d in ds for sq in self.board.doors[d].squares}
                got = dict(got)
                for sq in touched:
                    got[sq] = self.board.moves_from(sq, ds)
            if len(self._moves) > 512:
                self._moves.clear()
            self._moves[key] = got
        self._moves[st.door_states] = got
        return got

    def sight(self, st: GameState):
        """The all-pairs sight table for the current doors [6.4] (cached per door state)."""
        got = self._sight.get(st.door_states)
        if got is None:
            got = sight_table(self.board, st.doors)
            if len(self._sight) > 256:
                self._sight.clear()
            self._sight[st.door_states] = got
        return got

    def visible_from(self, st: GameState, sq: str) -> frozenset:
        """Squares a character in `sq` may see, pieces between blocking [6.3], [6.4] (cached per state)."""
        key = (sq, st.door_states, st.occupied())
        got = self._vis.get(key)
        if got is None:
            got = self.sight(st).visible_from(sq, st.occupied())
            if len(self._vis) > 4096:
                self._vis.clear()
            self._vis[key] = got
        return got

    def dist_to(self, target: str) -> dict[str, int]:
        """Steps from every square to `target` with all doors taken as open (reaction direction [7.0])."""
        got = self._dist.get(target)
        if got is None:
            got = {target: 0}
            todo = deque([target])
            while todo:
                s = todo.popleft()
                for n in self.open_moves[s]:
                    if n not in got:
                        got[n] = got[s] + 1
                        todo.append(n)
            self._dist[target] = got
        return got

    def side(self, ch: CharacterState):
        return self.counters.character(ch.name).side("infected" if ch.status == "infected" else "normal")

    def shot_dice(self, ch: CharacterState) -> int:
        return self.counters.character(ch.name).dice_for_shot(ch.rifle)

    def panic_dice(self, ch: CharacterState) -> int:
        return self.counters.character(ch.name).dice_for_panic(ch.rifle)


def _rec(obj, **changes):
    """dataclasses.replace for the turn's bookkeeping records (frozen, no __post_init__), without
    re-running __init__: the engine's hot path."""
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    new.__dict__.update(changes)
    return new


def _ctx(ctx: Optional[Ctx], st: GameState) -> Ctx:
    return ctx if ctx is not None else context(st.board)


_CONTEXTS: dict[tuple[int, int, int], tuple[Board, object, object, Ctx]] = {}


def context(board: Board, counters: Counters | None = None, tables: Tables | None = None) -> Ctx:
    """The shared Ctx for this board, counters and tables (its caches serve every game on them)."""
    counters = counters or default_counters()
    tables = tables or default_tables()
    key = (id(board), id(counters), id(tables))
    got = _CONTEXTS.get(key)
    if got is None or got[0] is not board or got[1] is not counters or got[2] is not tables:
        if len(_CONTEXTS) > 16:
            _CONTEXTS.clear()
        got = (board, counters, tables, Ctx(board, counters, tables))
        _CONTEXTS[key] = got
    return got[3]


# =============================================================================================
# public API


def legal_actions(st: GameState, ctx: Optional[Ctx] = None) -> list[Action]:
    """Every action the side to move may take now, in a stable order."""
    ctx = _ctx(ctx, st)
    p = st.pending
    if p is None:
        return []
    if p.side == Side.CHANCE:
        return [a for a, _ in chance_outcomes(st, ctx)]
    if p.kind in _EXACT_GENERATORS:
        return list(_candidates(st, ctx))  # built from the same rules (tests check each passes check())
    return [a for a in _candidates(st, ctx) if _why(st, ctx, a) is None]


#: Pending kinds whose candidate generator yields exactly the legal actions.
_EXACT_GENERATORS = frozenset({"free", "reaction", "reaction_super", "reveal", "berserk_pick"})


def check(st: GameState, ctx: Optional[Ctx], action: Action) -> Optional[RuleViolation]:
    """None if the action may be taken now, else the RuleViolation (with its Case). Applies nothing."""
    return _why(st, _ctx(ctx, st), action)


def apply(st: GameState, ctx: Optional[Ctx], action: Action) -> tuple[GameState, list[Event]]:
    """Take one action: the new state and what happened. RuleViolation (state untouched) if illegal."""
    ctx = _ctx(ctx, st)
    why = _why(st, ctx, action)
    if why is not None:
        raise why
    out: list[Event] = []
    new = _do(st, ctx, action, out)
    new = _advance(new, ctx, out)
    return new, out


def chance_outcomes(st: GameState, ctx: Optional[Ctx] = None) -> list[tuple[Action, Fraction]]:
    """At a chance node, every outcome with its exact probability (they sum to 1); else []."""
    p = st.pending
    if p is None or p.side != Side.CHANCE:
        return []
    if p.kind.startswith("roll:"):
        return [(Roll(t), pr) for t, pr in core.roll_outcomes(p.dice)]
    if p.kind == "pick:count":  # [15.6] each number of characters equally likely (ruling)
        n = len(st.characters_in(st.attack.square))  # type: ignore[union-attr]
        return [(Roll(k), Fraction(1, n)) for k in range(1, n + 1)]
    if p.kind == "pick:tie":  # [15.4] a die picks among equally near units (ruling: spare faces rolled again)
        return [(Draw(u), Fraction(1, len(st.zturn.ties))) for u in st.zturn.ties]
    pool = _draw_pool(st, p.kind)
    return [(Draw(z.uid), Fraction(1, len(pool))) for z in pool]


def _draw_pool(st: GameState, kind: str) -> list:
    which = "hidden" if kind == "draw:hidden" else "eliminated"
    return sorted((z for z in st.zombies if z.pool == which), key=lambda z: z.uid)


# =============================================================================================
# candidates (filtered by _why for legal_actions)


def _candidates(st: GameState, ctx: Ctx) -> Iterable[Action]:
    kind = st.pending.kind  # type: ignore[union-attr]
    if kind == "act":
        yield from _human_candidates(st, ctx)
    elif kind == "reaction_fire":
        names = [c.name for c in st.characters_in(st.attack.square) if c.status != "stunned"]  # type: ignore[union-attr]
        for r in range(len(names), -1, -1):
            for sub in itertools.combinations(names, r):
                yield ReactionFire(sub)
    elif kind == "attack_count":
        n = len(st.characters_in(st.attack.square))  # type: ignore[union-attr]
        for k in range(n, 0, -1):
            yield AttackCount(k)
    elif kind == "attack_targets":
        names = [c.name for c in st.characters_in(st.attack.square)]  # type: ignore[union-attr]
        for sub in itertools.combinations(names, st.attack.k):  # type: ignore[union-attr]
            yield ChooseTargets(sub)
    elif kind == "berserk_pick":
        yield BerserkCheck("")
        for z in sorted(st.zombies, key=lambda z: z.uid):
            if z.square is not None and not z.berserk and z.uid not in st.zturn.ended_berserk:
                yield BerserkCheck(z.uid)  # [10.1]
    elif kind == "reveal":
        yield EndPhase()
        for sq in _reveal_options(st, ctx):
            yield Reveal(sq)
    elif kind == "reaction":
        yield from _reaction_options(st, ctx, st.zturn.queue[0])[0]
    elif kind == "reaction_super":
        yield EndPhase()
        yield from _super_reaction_options(st, ctx)
    elif kind == "free":
        yield from _free_candidates(st, ctx)


def _human_candidates(st: GameState, ctx: Ctx) -> Iterable[Action]:
    a = st.activation
    if a is None:
        by_sq: dict[str, list[CharacterState]] = {}
        for c in st.characters:
            if c.in_play:
                by_sq.setdefault(c.square, []).append(c)  # type: ignore[arg-type]
        for sq in sorted(by_sq):
            here = by_sq[sq]
            elig = [c.name for c in here if c.status != "stunned" and not c.moved_last_turn]
            for r in range(1, len(elig) + 1):
                for sub in itertools.combinations(elig, r):
                    yield Activate(sub)
                    for carrier in sub:
                        for other in here:
                            if other.name not in sub:
                                yield Activate(sub, carrier, other.name)
        yield EndTurn()
        return
    sq = _stack_square(st)
    if a.left:  # actions that cost Movement Points [5.1]
        for n in ctx.board.neighbours(sq):
            yield Move(n)
        for d in ctx.board.doors_of(sq):
            if d.kind == "main":
                yield CloseMainDoor(d.id)
            else:
                yield Door(d.id, st.door_state(d.id) == "open")
        for name in a.stack:
            if name in RIFLE_HOLDERS:
                yield TakeRifle(name)
    if a.carrier:
        yield Drop()
    # shooting costs no Movement Points [6.2]
    if st.zombie_occupied(sq):
        targets = [sq]  # [6.3] only the unit in the same square
    else:
        vis = ctx.visible_from(st, sq)
        humans = st.human_squares()
        targets = sorted(t for t in st.unit_squares().keys() | st.super_squares() if t in vis and t not in humans)
    can = [n for n in a.stack if n not in (a.carrier, a.carried)]
    for r in range(1, len(can) + 1):
        for sub in itertools.combinations(can, r):
            for t in targets:
                yield Shoot(sub, t)
    yield EndTurn()


# =============================================================================================
# checks: None or the RuleViolation


def _why(st: GameState, ctx: Ctx, a: Action) -> Optional[RuleViolation]:
    p = st.pending
    if st.result is not None or p is None:
        return RuleViolation("14.0", "the game is over: no more actions")
    if not isinstance(a, Action):
        return RuleViolation("4.0", f"{a!r} is not an action of this game")
    if a.side != p.side:
        who = {"human": "the human player", "zombie": "the zombie player", "chance": "the dice"}[p.side]
        return RuleViolation(p.case or "4.0", f"it is {who}'s turn to decide ({p.purpose}), not {str(a)!r}")
    if p.side == Side.CHANCE:
        return _why_chance(st, ctx, a)
    fn = _CHECKS.get((p.kind, type(a)))
    if fn is None:
        return RuleViolation(p.case or "4.0", f"{str(a)!r} is not a choice now: {p.purpose}")
    try:
        return fn(st, ctx, a)
    except RuleViolation as err:
        return err
    except DodnbError as err:  # an unknown character, square or door named in the action
        case = err.case or ("2.1" if isinstance(err, UnknownSquare) else p.case or "4.0")
        return RuleViolation(case, err.detail)


def _why_chance(st: GameState, ctx: Ctx, a: Action) -> Optional[RuleViolation]:
    p = st.pending
    assert p is not None
    if p.kind.startswith("pick:"):
        if a not in [o for o, _ in chance_outcomes(st, ctx)]:
            return RuleViolation(p.case, f"{a} is not an outcome of this die ({p.purpose})")
        return None
    if p.kind.startswith("roll:"):
        if not isinstance(a, Roll):
            return RuleViolation(p.case, f"the dice decide here ({p.purpose}): give a Roll")
        if not isinstance(a.total, int) or isinstance(a.total, bool) or a.total not in core.ways(p.dice):
            return RuleViolation(p.case, f"{p.dice} dice cannot total {a.total!r}")
        if a.faces and (len(a.faces) != p.dice or sum(a.faces) != a.total or any(f not in range(1, 7) for f in a.faces)):
            return RuleViolation(p.case, f"faces {a.faces} do not make {a.total} on {p.dice} dice")
        return None
    if not isinstance(a, Draw):
        return RuleViolation(p.case, f"a unit is drawn at random here ({p.purpose}): give a Draw")
    if a.uid not in {z.uid for z in _draw_pool(st, p.kind)}:
        return RuleViolation(p.case, f"unit {a.uid!r} is not in the pool being drawn from")
    return None


def _stack_square(st: GameState) -> str:
    return st.character(st.activation.stack[0]).square  # type: ignore[union-attr,return-value]


def _chk_activate(st: GameState, ctx: Ctx, a: Activate) -> Optional[RuleViolation]:
    if st.activation is not None:
        return RuleViolation("5.0", "a character or stack is already being moved this turn: only one may be moved per Human Player-Turn")
    if not a.stack:
        return RuleViolation("5.0", "name at least one character to move")
    if len(set(a.stack)) != len(a.stack):
        return RuleViolation("5.2", "a character is named twice in the stack")
    chars = []
    for n in a.stack:
        try:
            c = st.character(n)
        except RuleViolation as e:
            return e
        chars.append(c)
    for c in chars:
        if not c.in_play:
            return RuleViolation("8.5" if c.status == "killed" else "11.0", f"{c.name} is no longer a character in play")
        if c.status == "stunned":
            return RuleViolation("8.3", f"{c.name} is stunned and may not spend Movement Points")
        if c.moved_last_turn:
            return RuleViolation("5.0", f"{c.name} was moved in the previous Human Player-Turn and may not be moved this turn")
    if len({c.square for c in chars}) > 1:
        return RuleViolation("5.2", "characters that begin the Player-Turn in different squares may not be moved together")
    if a.carrier or a.carried:
        if a.carrier not in a.stack:
            return RuleViolation("5.6", f"the carrier {a.carrier or '(none)'} must be one of the characters being moved")
        try:
            carried = st.character(a.carried)
        except RuleViolation as e:
            return e
        if carried.name in a.stack:
            return RuleViolation("5.6", f"{carried.name} is being carried, so is not moving on his own")
        if not carried.in_play or carried.square != chars[0].square:
            return RuleViolation("5.6", f"{carried.name} must begin the turn in the carrier's square to be carried")
        if st.character(a.carrier).status == "infected":
            return RuleViolation("5.9", f"{a.carrier} is infected: an infected character may not carry another character")
    return None


def _chk_active(st: GameState) -> Optional[RuleViolation]:
    if st.activation is None:
        return RuleViolation("6.2", "no character is being moved: activate a character or stack first")
    return None


def _zombie_value_in(st: GameState, sq: str) -> int:
    """Value of what occupies a square: the unit's plus 2 per super zombie [11.3]."""
    z = st.zombie_in(sq)
    return (z.value if z else 0) + st.super_value * len(st.super_zombies_in(sq))


def _move_cost(st: GameState, ctx: Ctx, frm: str) -> int:
    a = st.activation
    cost = ctx.tables.enter_cost()  # [5.9] 1 per square
    if a.carrier:  # type: ignore[union-attr]
        cost += ctx.tables.carry_cost(a.carrier)  # type: ignore[union-attr]  [5.6]
    if st.zombie_occupied(frm):
        cost += _zombie_value_in(st, frm)  # [5.4] plus the Zombie Value to leave
    return cost


def _chk_move(st: GameState, ctx: Ctx, a: Move) -> Optional[RuleViolation]:
    why = _chk_active(st)
    if why:
        return why
    act = st.activation
    frm = _stack_square(st)
    try:
        to = ctx.board.square_id(a.to)
    except ValueError as e:
        return RuleViolation("2.1", str(e))
    if act.panicked:  # type: ignore[union-attr]
        return RuleViolation("6.5", f"{', '.join(act.panicked)} panicked: the stack's Movement Allowance is considered expended")  # type: ignore[union-attr]
    reason = None if to in ctx.moves(st)[frm] else ctx.board.blocking_reason(frm, to, st.doors)
    if reason:
        case = "2.1" if "share a side" in reason or "same square" in reason else "5.3"
        return RuleViolation(case, reason.rsplit(" [", 1)[0])
    cost = _move_cost(st, ctx, frm)
    if cost > act.left:  # type: ignore[union-attr]
        extra = f" (1 to enter, +{_zombie_value_in(st, frm)} to leave a zombie square [5.4])" if st.zombie_occupied(frm) else ""
        return RuleViolation("5.1", f"moving to {to} costs {cost} Movement Points{extra}; only {act.left} left")  # type: ignore[union-attr]
    return None


def _non_movement_problem(st: GameState, sq: str, what: str) -> Optional[RuleViolation]:
    """The Human Movement Point Cost Chart's limits on actions other than moving [5.9]: none while
    carrying [5.6], none in a zombie-occupied square (note b) [5.5], [12.2]."""
    if st.activation is not None and st.activation.carrier:
        return RuleViolation("5.6", "while carrying, neither character may do anything but move")
    if st.zombie_occupied(sq):
        return RuleViolation("12.2" if what == "rifle" else "5.5", f"{'no rifle may be acquired' if what == 'rifle' else 'a door may not be opened or closed'} while in a zombie-occupied square ({sq})")
    return None


def _chk_door(st: GameState, ctx: Ctx, a: Door) -> Optional[RuleViolation]:
    why = _chk_active(st)
    if why:
        return why
    act = st.activation
    sq = _stack_square(st)
    d = ctx.board.doors.get(a.door)
    if d is None:
        return RuleViolation("5.5", f"there is no door {a.door!r} on this map")
    if d.kind == "main":
        return RuleViolation("5.5", "a main door is closed with CloseMainDoor (it costs the entire Movement Allowance) and never reopened")
    if sq not in d.squares:
        return RuleViolation("5.5", f"door {d.id} is not on a side of square {sq}, where the characters stand")
    why = _non_movement_problem(st, sq, "door")
    if why:
        return why
    state = st.door_state(d.id)
    if state == "destroyed":
        return RuleViolation("10.5", f"glass door {d.id} is destroyed: always open, never closed")
    if a.close and state == "closed":
        return RuleViolation("5.5", f"door {d.id} is already closed")
    if not a.close and state == "open":
        return RuleViolation("5.5", f"door {d.id} is already open")
    cost = ctx.tables.door_cost()
    if cost > act.left:  # type: ignore[union-attr]
        return RuleViolation("5.5", f"opening or closing a door costs {cost} Movement Points; only {act.left} left")  # type: ignore[union-attr]
    return None


def _chk_main(st: GameState, ctx: Ctx, a: CloseMainDoor) -> Optional[RuleViolation]:
    why = _chk_active(st)
    if why:
        return why
    act = st.activation
    sq = _stack_square(st)
    d = ctx.board.doors.get(a.door)
    if d is None or d.kind != "main":
        return RuleViolation("5.5", f"{a.door!r} is not a main door (the main doors are {', '.join(sorted(ctx.board.main_doors))})")
    if sq != d.squares[0] or act.start != sq or act.spent:  # type: ignore[union-attr]
        return RuleViolation("5.5", f"closing the main door {d.id} takes the entire Movement Allowance: the character must begin the turn in {d.squares[0]} and spend nothing first")
    why = _non_movement_problem(st, sq, "door")
    if why:
        return why
    if st.door_state(d.id) == "closed":
        return RuleViolation("5.5", f"the main door {d.id} is already closed, for good")
    return None


def _chk_rifle(st: GameState, ctx: Ctx, a: TakeRifle) -> Optional[RuleViolation]:
    why = _chk_active(st)
    if why:
        return why
    act = st.activation
    try:
        c = st.character(a.who)
    except RuleViolation as e:
        return e
    if c.name not in RIFLE_HOLDERS:
        return RuleViolation("12.1", f"{c.name} may never acquire a hunting rifle (only Steve and Fran may)")
    if c.name not in act.stack:  # type: ignore[union-attr]
        return RuleViolation("12.2", f"{c.name} is not being moved this turn")
    if c.rifle:
        return RuleViolation("12.1", f"{c.name} already has a hunting rifle: no more than one each")
    rs = ctx.board.rifle_square or "177"
    if act.start != rs or c.square != rs:  # type: ignore[union-attr]
        return RuleViolation("12.2", f"a hunting rifle is acquired by a character who begins the Human Player-Turn in square {rs}")
    if act.spent:  # type: ignore[union-attr]
        return RuleViolation("12.2", "acquiring a hunting rifle expends the entire Movement Allowance: nothing may be spent before")
    if st.rifles_left <= 0:
        return RuleViolation("12.0", f"no hunting rifle is left in square {rs}")
    return _non_movement_problem(st, rs, "rifle")


def _chk_drop(st: GameState, ctx: Ctx, a: Drop) -> Optional[RuleViolation]:
    why = _chk_active(st)
    if why:
        return why
    if not st.activation.carrier:  # type: ignore[union-attr]
        return RuleViolation("5.6", "nobody is being carried")
    return None


def _chk_end(st: GameState, ctx: Ctx, a: EndTurn) -> Optional[RuleViolation]:
    return None


def _target_kind(st: GameState, sq: str) -> str:
    z, supers = st.zombie_in(sq), st.super_zombies_in(sq)
    if supers:
        return "super"  # [11.5] one check for the stack, at the super zombie's increase
    return "berserk" if z is not None and z.berserk else "zombie"  # type: ignore[union-attr]


def _chk_shoot(st: GameState, ctx: Ctx, a: Shoot) -> Optional[RuleViolation]:
    why = _chk_active(st)
    if why:
        return why
    act = st.activation
    if not a.shooters or len(set(a.shooters)) != len(a.shooters):
        return RuleViolation("6.8", "name the shooters, each once")
    for n in a.shooters:
        if n not in act.stack:  # type: ignore[union-attr]
            return RuleViolation("6.2", f"{n} is not being moved, and a character that is not being moved may not shoot")
        if n in (act.carrier, act.carried):  # type: ignore[union-attr]
            return RuleViolation("5.6", f"{n} is carrying or being carried and may not shoot")
        if n in act.panicked:  # type: ignore[union-attr]
            return RuleViolation("6.5", f"{n} panicked this turn and may not shoot again")
        c = st.character(n)
        if act.shots_of(n) >= ctx.side(c).fire_rate:  # type: ignore[union-attr]
            return RuleViolation("6.1", f"{n} has shot {act.shots_of(n)} times, his Fire Rate: his shooting must cease")  # type: ignore[union-attr]
    src = _stack_square(st)
    try:
        dst = ctx.board.square_id(a.target)
    except ValueError as e:
        return RuleViolation("2.1", str(e))
    return shot_target_problem(st, ctx, src, dst)


def shooter_problem(st: GameState, name: str) -> Optional[RuleViolation]:
    """Why this character may not shoot at all now, or None: killed [8.5], a super zombie [11.0],
    stunned [8.3]."""
    c = st.character(name)
    if c.status == "killed" or c.square is None:
        return RuleViolation("8.5", f"{c.name} is not in play and cannot shoot")
    if c.status == "super":
        return RuleViolation("11.0", f"{c.name} is a super zombie now, on the zombies' side")
    if c.status == "stunned":
        return RuleViolation("8.3", f"{c.name} is stunned and may not shoot")
    return None


def shot_target_problem(st: GameState, ctx: Ctx, src: str, dst: str) -> Optional[RuleViolation]:
    """Why characters in `src` may not shoot at what stands in `dst`, or None [6.0], [6.3], [6.4]."""
    if not st.zombie_occupied(dst):
        return RuleViolation("6.0", f"there is no zombie unit or super zombie in square {dst} to shoot at")
    if src != dst:
        if st.zombie_occupied(src):
            return RuleViolation("6.3", f"a character in the same square as a zombie unit ({src}) may shoot only at that unit")
        if st.characters_in(dst):
            return RuleViolation("6.3", f"square {dst} holds a character: nobody may shoot at a zombie unit in another character's square")
        if dst not in ctx.visible_from(st, src):
            s = line_of_sight(ctx.board, src, dst, occupied=st.occupied(), door_states=st.doors)
            return RuleViolation("6.4" if s.reason != "token" else "6.3", f"{dst} is not within sight of {src}: {s.message.rsplit(' [', 1)[0]}")
    return None


def _chk_reaction_fire(st: GameState, ctx: Ctx, a: ReactionFire) -> Optional[RuleViolation]:
    here = {c.name: c for c in st.characters_in(st.attack.square)}  # type: ignore[union-attr]
    if len(set(a.shooters)) != len(a.shooters):
        return RuleViolation("6.9", "a character is named twice")
    for n in a.shooters:
        if n not in here:
            return RuleViolation("8.1", f"{n} is not in square {st.attack.square}: a character not in the square of the attack may not shoot")  # type: ignore[union-attr]
        if here[n].status == "stunned":
            return RuleViolation("8.3", f"{n} is stunned and may not shoot")
    return None


def _chk_count(st: GameState, ctx: Ctx, a: AttackCount) -> Optional[RuleViolation]:
    n = len(st.characters_in(st.attack.square))  # type: ignore[union-attr]
    if not isinstance(a.k, int) or isinstance(a.k, bool) or not 1 <= a.k <= n:
        return RuleViolation("8.0", f"the zombie attacks between 1 and {n} of the characters in the square, not {a.k!r}")
    return None


def _chk_targets(st: GameState, ctx: Ctx, a: ChooseTargets) -> Optional[RuleViolation]:
    here = {c.name for c in st.characters_in(st.attack.square)}  # type: ignore[union-attr]
    k = st.attack.k  # type: ignore[union-attr]
    if len(a.targets) != k or len(set(a.targets)) != k:
        return RuleViolation("8.0", f"step 3: name exactly {k} different character(s) to be attacked")
    bad = [t for t in a.targets if t not in here]
    if bad:
        return RuleViolation("8.0", f"{', '.join(bad)} {'is' if len(bad) == 1 else 'are'} not in square {st.attack.square}")  # type: ignore[union-attr]
    return None


def _chk_berserk(st: GameState, ctx: Ctx, a: BerserkCheck) -> Optional[RuleViolation]:
    if not a.uid:
        return None
    try:
        z = st.unit(a.uid)
    except RuleViolation as e:
        return e
    if z.square is None:
        return RuleViolation("10.0", f"{z.uid} is not on the map")
    if z.berserk:
        return RuleViolation("10.0", f"{z.uid} is already berserk")
    if z.uid in st.zturn.ended_berserk:
        return RuleViolation("10.1", f"{z.uid} stopped being berserk in this phase and may not be checked again")
    return None


def _chk_reveal(st: GameState, ctx: Ctx, a: Reveal) -> Optional[RuleViolation]:
    if a.square not in _reveal_options(st, ctx):
        if a.square not in st.hidden_squares:
            return RuleViolation("9.2", f"no hidden zombie is assigned to square {a.square}")
        if st.zombie_occupied(a.square):
            return RuleViolation("9.3", f"a hidden zombie may not be revealed in {a.square} while a zombie unit is there")
        return RuleViolation("9.2", f"the hidden zombie of {a.square} may be revealed in this phase only if it could then move in reaction")
    return None


def _chk_endphase(st: GameState, ctx: Ctx, a: EndPhase) -> Optional[RuleViolation]:
    if st.pending.kind in ("reveal", "free") and _forced_reveals(st, ctx):  # type: ignore[union-attr]
        return RuleViolation("9.4", "every zombie unit on the map is eliminated: the hidden zombies must be revealed at the earliest opportunity")
    return None


def _chk_reaction(st: GameState, ctx: Ctx, a: Action) -> Optional[RuleViolation]:
    opts, why = _reaction_options(st, ctx, st.zturn.queue[0])
    if a in opts:
        return None
    return RuleViolation("7.0", f"{a} is not a reaction move of {st.zturn.queue[0]}: choose one of {', '.join(map(str, opts))}")


def _chk_super_reaction(st: GameState, ctx: Ctx, a: SuperMove) -> Optional[RuleViolation]:
    if a in _super_reaction_options(st, ctx):
        return None
    return RuleViolation("11.4", f"{a} is not a reaction move: a super zombie reacting moves up to three squares towards the characters")


def _chk_free_unit(st: GameState, ctx: Ctx, a: ZMove) -> Optional[RuleViolation]:
    try:
        z = st.unit(a.uid)
    except RuleViolation as e:
        return e
    if z.square is None:
        return RuleViolation("7.0", f"{z.uid} is not on the map")
    if z.uid in st.zturn.reacted:
        return RuleViolation("7.4", f"{z.uid} was moved (or had to move) in reaction and may not be moved in this phase")
    if z.uid in st.zturn.moved:
        return RuleViolation("7.5", f"{z.uid} has already moved this phase")
    if st.characters_in(z.square):
        return RuleViolation("7.6", f"{z.uid} is in a character's square and may never be moved out of it")
    if st.super_zombies_in(z.square):
        return RuleViolation("11.2", f"{z.uid} is stacked with a super zombie: it moves with the super zombie (ruling)")
    if not z.berserk and st.zturn.moves_left <= 0:
        return RuleViolation("7.0", "the free moves allowed by the die are used up (berserk units and super zombies do not count)")
    limit = 2 if z.berserk else 1
    if not 1 <= len(a.path) <= limit:
        return RuleViolation("7.5", f"{z.uid} may move {limit} square{'s' if limit > 1 else ''} in this phase")
    return _path_problem(st, ctx, z.square, a.path, z.uid)


def _path_problem(st: GameState, ctx: Ctx, start: str, path: tuple[str, ...], who: str, toward: Optional[dict] = None, allow_unit_end: bool = False) -> Optional[RuleViolation]:
    moves = ctx.moves(st)
    cur = start
    humans = st.human_squares()
    for i, nxt in enumerate(path):
        if nxt not in moves.get(cur, ()):
            return RuleViolation("7.0", f"{who} cannot move from {cur} to {nxt}: not adjacent, or a wall or closed door is in the way")
        if toward is not None and toward.get(nxt, 99) != toward.get(cur, 99) - 1:
            return RuleViolation("7.0", f"{cur} → {nxt} does not bring {who} towards the characters")
        if cur in humans:
            return RuleViolation("7.6", f"{who} may never be moved out of a character-occupied square ({cur})")
        cur = nxt
    if cur == start:
        return RuleViolation("7.0", f"{who} must end its move in another square")
    if not allow_unit_end and st.zombie_occupied(cur):
        return RuleViolation("7.6", f"a zombie unit may never end its move in a zombie-occupied square ({cur})")
    return None


def _chk_free_super(st: GameState, ctx: Ctx, a: SuperMove) -> Optional[RuleViolation]:
    try:
        c = st.character(a.name)
    except RuleViolation as e:
        return e
    if not c.is_super:
        return RuleViolation("11.0", f"{c.name} is not a super zombie on the map")
    if c.name in st.zturn.reacted or c.name in st.zturn.moved:
        return RuleViolation("11.4", f"super zombie {c.name} has already moved this Zombie Player-Turn")
    return _super_path_problem(st, ctx, c, a)


def _super_path_problem(st: GameState, ctx: Ctx, c: CharacterState, a: SuperMove, toward: Optional[dict] = None) -> Optional[RuleViolation]:
    if not 1 <= len(a.path) <= ctx.counters.super_zombie_moves:
        return RuleViolation("11.2", f"a super zombie moves 1 to {ctx.counters.super_zombie_moves} squares")
    if a.with_unit:
        u = _stacked_unit(st, c)
        if u is None:
            return RuleViolation("11.2", f"no zombie unit began this Zombie Player-Turn stacked with {c.name}")
    why = _path_problem(st, ctx, c.square, a.path, f"super zombie {c.name}", toward, allow_unit_end=True)  # type: ignore[arg-type]
    if why:
        return why
    end = a.path[-1]
    if st.zombie_in(end) is not None and a.with_unit:
        return RuleViolation("7.6", f"{end} already holds a zombie unit: a super zombie stacks with one unit only (ruling)")
    return None


def _stacked_unit(st: GameState, c: CharacterState):
    """The unit that began the Zombie Player-Turn in the super zombie's square and may move with it [11.2]."""
    for name, uid in st.zturn.stacks:
        if name == c.name:
            z = st.unit(uid)
            if z.square == c.square and uid not in st.zturn.moved and uid not in st.zturn.reacted:
                return z
    return None


def _chk_break(st: GameState, ctx: Ctx, a: BreakDoor) -> Optional[RuleViolation]:
    opts = _break_options(st, ctx)
    if a in opts:
        return None
    return RuleViolation("10.4", f"{a.who} may not attack door {a.door} now: a berserk unit (or a super zombie stacked with a unit) that has not moved, beside a closed glass door with a character in sight through it")


_CHECKS = {
    ("act", Activate): _chk_activate,
    ("act", Move): _chk_move,
    ("act", Door): _chk_door,
    ("act", CloseMainDoor): _chk_main,
    ("act", TakeRifle): _chk_rifle,
    ("act", Drop): _chk_drop,
    ("act", EndTurn): _chk_end,
    ("act", Shoot): _chk_shoot,
    ("reaction_fire", ReactionFire): _chk_reaction_fire,
    ("attack_count", AttackCount): _chk_count,
    ("attack_targets", ChooseTargets): _chk_targets,
    ("berserk_pick", BerserkCheck): _chk_berserk,
    ("reveal", Reveal): _chk_reveal,
    ("reveal", EndPhase): _chk_endphase,
    ("reaction", ZMove): _chk_reaction,
    ("reaction", BreakDoor): _chk_reaction,
    ("reaction_super", SuperMove): _chk_super_reaction,
    ("reaction_super", EndPhase): lambda st, ctx, a: None,
    ("free", ZMove): _chk_free_unit,
    ("free", SuperMove): _chk_free_super,
    ("free", BreakDoor): _chk_break,
    ("free", Reveal): _chk_reveal,
    ("free", EndPhase): _chk_endphase,
}


# =============================================================================================
# zombie-side option generators


def _reveal_options(st: GameState, ctx: Ctx) -> list[str]:
    """Hidden squares the zombie player may reveal now [9.2], [9.3]."""
    if st.solitaire or not st.hidden_squares:
        return []
    out = []
    for sq in st.hidden_squares:
        if st.zombie_occupied(sq):
            continue  # [9.3]
        if st.phase == Phase.REACTION:
            # [9.2] only if it could then move in reaction: in sight, not in a character's square
            if sq not in st.zturn.sighted or st.characters_in(sq) or not st.zturn.target:
                continue
        out.append(sq)
    return out


def _forced_reveals(st: GameState, ctx: Ctx) -> list[str]:
    """[9.4] with no zombie unit left on the map, the hidden zombies must come out."""
    if st.solitaire or not st.hidden_squares or any(z.square is not None for z in st.zombies):
        return []
    return _reveal_options(st, ctx)


def _reaction_options(st: GameState, ctx: Ctx, uid: str) -> tuple[list[Action], str]:
    """The reaction moves open to a unit [7.0] 1, [7.2], [7.5], [10.4]: (actions, why none)."""
    z = st.unit(uid)
    s = z.square
    T = st.zturn.target
    dist = ctx.dist_to(T)
    moves = ctx.moves(st)
    humans = st.human_squares()
    d0 = dist.get(s, 99)  # type: ignore[arg-type]
    steps = [n for n in ctx.open_moves[s] if dist.get(n, 99) == d0 - 1]  # type: ignore[index]
    if not steps:
        return [], "no square is nearer the characters"
    passable = [n for n in steps if n in moves[s]]  # type: ignore[index]
    one = [(n,) for n in passable if not st.zombie_occupied(n)]
    paths: list[tuple[str, ...]] = []
    if z.berserk:
        # [7.5] two squares if possible, passing through but not ending on zombie units
        for n in passable:
            if n in humans:
                if not st.zombie_occupied(n):
                    paths.append((n,))
                continue
            for m in ctx.open_moves[n]:
                if dist.get(m, 99) == d0 - 2 and m in moves[n] and not st.zombie_occupied(m):
                    paths.append((n, m))
        if not paths:
            paths = one
    else:
        paths = one
    acts: list[Action] = [ZMove(uid, p) for p in sorted(set(paths))]
    if acts:
        return acts, ""
    blocked_doors = [n for n in steps if n not in moves[s]]  # type: ignore[index]
    if z.berserk and blocked_doors:
        brk = [b for b in _break_options(st, ctx, only=uid, reaction=True)]
        if brk:
            return brk + [ZMove(uid, ())], ""
    if blocked_doors and len(blocked_doors) == len(steps):
        return [], "a closed door is in the way [7.2] 2"
    return [], "the square nearer the characters is zombie-occupied [7.2] 3"


def _super_reaction_options(st: GameState, ctx: Ctx) -> list[Action]:
    if not st.zturn.target:
        return []
    dist = ctx.dist_to(st.zturn.target)
    out: list[Action] = []
    for c in st.characters:
        if not c.is_super or c.name in st.zturn.reacted or c.square not in st.zturn.sighted:
            continue
        if st.characters_in(c.square):  # type: ignore[arg-type]
            continue
        for path in _super_paths(st, ctx, c, toward=dist):
            out.append(SuperMove(c.name, path, False))
            if _stacked_unit(st, c) is not None and st.zombie_in(path[-1]) is None:
                out.append(SuperMove(c.name, path, True))
    return out


def _super_paths(st: GameState, ctx: Ctx, c: CharacterState, toward: Optional[dict] = None) -> list[tuple[str, ...]]:
    """One path to each square a super zombie can reach (1-3 squares) [11.1], [11.2], [7.6]."""
    moves = ctx.moves(st)
    humans = st.human_squares()
    best: dict[str, tuple[str, ...]] = {}
    if c.square in humans:
        return []  # [7.6] never moved out of a character-occupied square
    frontier = [(c.square, ())]
    for _ in range(ctx.counters.super_zombie_moves):
        nxt = []
        for sq, path in frontier:
            if sq in humans and path:
                continue
            for n in moves[sq]:
                if toward is not None and toward.get(n, 99) != toward.get(sq, 99) - 1:
                    continue
                p = path + (n,)
                if n != c.square and n not in best:
                    best[n] = p
                nxt.append((n, p))
        frontier = nxt
    return [p for n, p in sorted(best.items())]


def _unit_free_paths(st: GameState, ctx: Ctx, z, moves=None, humans=None, occ=None) -> list[tuple[str, ...]]:
    """One path to each square a unit may reach in Free Movement: one square, two if berserk [7.5]."""
    moves = moves if moves is not None else ctx.moves(st)
    humans = humans if humans is not None else st.human_squares()
    zocc = st.zombie_occupied
    start = z.square
    if not z.berserk:
        return [(n,) for n in moves[start] if not zocc(n)]
    best: dict[str, tuple[str, ...]] = {}
    for n in moves[start]:
        if not zocc(n):
            best.setdefault(n, (n,))
        if n not in humans:
            for m in moves[n]:
                if m != start and not zocc(m):
                    best.setdefault(m, (n, m))
    return [p for _, p in sorted(best.items())]


def _break_options(st: GameState, ctx: Ctx, only: str = "", reaction: bool = False) -> list[BreakDoor]:
    """Glass-door attacks open now [10.4], [11.6]."""
    out = []
    states = st.doors
    occ = st.occupied()
    if reaction or st.phase == Phase.FREE:
        for z in st.zombies:
            if z.square is None or not z.berserk or (only and z.uid != only):
                continue
            if not reaction and (z.uid in st.zturn.reacted or z.uid in st.zturn.moved):
                continue
            if st.characters_in(z.square):
                continue
            for d in ctx.board.doors_of(z.square):
                if d.kind != "glass" or states.get(d.id) != "closed":
                    continue
                if _character_seen_through(st, ctx, z.square, d.id, occ):
                    out.append(BreakDoor(z.uid, d.id))
    if not reaction and st.phase == Phase.FREE and not only:
        for c in st.characters:
            if not c.is_super or c.name in st.zturn.moved or c.name in st.zturn.reacted:
                continue
            if _stacked_unit(st, c) is None or st.characters_in(c.square):  # type: ignore[arg-type]
                continue
            for d in ctx.board.doors_of(c.square):  # type: ignore[arg-type]
                if d.kind == "glass" and states.get(d.id) == "closed":
                    out.append(BreakDoor(c.name, d.id))  # [11.6] no sight needed, always succeeds
    return out


def _character_seen_through(st: GameState, ctx: Ctx, sq: str, door: str, occ) -> bool:
    """[10.4] some character within the unit's sight through that glass door [6.4]."""
    for c in st.characters:
        if c.in_play and c.square != sq:
            s = line_of_sight(ctx.board, sq, c.square, occupied=occ, door_states=st.doors)
            if s.visible and s.passes_door(door):
                return True
    return False


def _free_candidates(st: GameState, ctx: Ctx) -> Iterable[Action]:
    forced = _forced_reveals(st, ctx)
    if forced:
        for sq in forced:
            yield Reveal(sq)
        return
    yield EndPhase()
    for sq in _reveal_options(st, ctx):
        yield Reveal(sq)
    humans = st.human_squares()
    supers = st.super_squares()
    moves = ctx.moves(st)
    done = set(st.zturn.reacted) | set(st.zturn.moved)
    left = st.zturn.moves_left
    for z in sorted(st.zombies, key=lambda z: z.uid):
        if z.square is None or z.uid in done:
            continue
        if z.square in humans or z.square in supers:
            continue  # [7.6] never out of a character's square; a stacked unit moves with its super zombie
        if not z.berserk and left <= 0:
            continue
        for p in _unit_free_paths(st, ctx, z, moves, humans):
            yield ZMove.fast(z.uid, p)
    for c in st.characters:
        if c.is_super and c.name not in st.zturn.reacted and c.name not in st.zturn.moved:
            stacked = _stacked_unit(st, c) is not None
            for p in _super_paths(st, ctx, c):
                yield SuperMove(c.name, p, False)
                if stacked and st.zombie_in(p[-1]) is None:
                    yield SuperMove(c.name, p, True)
    yield from _break_options(st, ctx)


# =============================================================================================
# resolvers: _do(state, ctx, action, events) -> state


def _do(st: GameState, ctx: Ctx, a: Action, out: list[Event]) -> GameState:
    p = st.pending
    assert p is not None
    if p.side == Side.CHANCE:
        return _CHANCE[p.kind.split(":", 1)[1] if p.kind.startswith(("roll:", "pick:")) else p.kind](st, ctx, a, out)
    return _DO[type(a)](st, ctx, a, out)


def _set_chars(st: GameState, **by_name) -> GameState:
    chars = tuple(by_name.get(c.name, c) for c in st.characters)
    return st.evolve(characters=chars)


def _move_unit(st: GameState, uid: str, **changes) -> GameState:
    return st.evolve(zombies=tuple(replace(z, **changes) if z.uid == uid else z for z in st.zombies))


def _record(st: GameState, entered: Iterable[str] = (), acted: Iterable[str] = ()) -> GameState:
    r = st.record
    e = r.entered + tuple(s for s in entered if s not in r.entered)
    ac = r.acted + tuple(s for s in acted if s not in r.acted)
    return st.evolve(record=_rec(r, entered=e, acted=ac))


def _do_activate(st: GameState, ctx: Ctx, a: Activate, out: list[Event]) -> GameState:
    chars = [st.character(n) for n in a.stack]
    allowance = min(ctx.side(c).movement for c in chars)  # [5.2] the lowest
    act = Activation(tuple(c.name for c in chars), allowance, chars[0].square, carrier=a.carrier, carried=a.carried)  # type: ignore[arg-type]
    names = " and ".join(act.stack)
    out.append(ev("activate", "5.2" if len(chars) > 1 else "5.0", who=names, verb="are" if len(chars) > 1 else "is", allowance=allowance))
    if a.carrier:
        out.append(ev("carry", "5.6", carrier=a.carrier, carried=a.carried))
    return st.evolve(activation=act, record=_rec(st.record, actors=act.stack))


def _do_move(st: GameState, ctx: Ctx, a: Move, out: list[Event]) -> GameState:
    act = st.activation
    assert act is not None
    frm = _stack_square(st)
    to = ctx.board.square_id(a.to)
    cost = _move_cost(st, ctx, frm)
    movers = set(act.stack) | ({act.carried} if act.carried else set())
    woken = [c for c in st.characters_in(to) if c.status == "stunned" and c.name not in movers]
    changes = {n: replace(st.character(n), square=to) for n in movers}
    for c in woken:
        changes[c.name] = replace(c, status="normal")  # [8.3]
    st = _set_chars(st, **changes)
    act = _rec(act, spent=act.spent + cost)
    out.append(ev("move", "5.0", who=" and ".join(act.stack), verb="move" if len(act.stack) > 1 else "moves", square=to, cost=cost, left=act.left))
    for c in woken:
        out.append(ev("wake", "8.3", who=c.name, by=" and ".join(act.stack)))
    st = _record(st.evolve(activation=act), entered=[to])
    z = st.zombie_in(to)
    if z is not None:
        out.append(ev("reveal_on_entry", "5.4", value=z.value))
    if to in st.hidden_squares:
        if st.zombie_occupied(to):
            out.append(ev("hidden_blocked", "9.3", square=to))
        else:
            st = st.evolve(activation=_rec(act, revealing=to))
    return st.with_knowledge()


def _do_door(st: GameState, ctx: Ctx, a: Door, out: list[Event]) -> GameState:
    act = st.activation
    sq = _stack_square(st)
    cost = ctx.tables.door_cost()
    st = st.with_door(a.door, "closed" if a.close else "open")
    st = _record(st.evolve(activation=_rec(act, spent=act.spent + cost)), acted=[sq])  # type: ignore[union-attr]
    out.append(ev("door", "5.5", who=" and ".join(act.stack), verb="closes" if a.close else "opens", door=a.door, cost=cost))  # type: ignore[union-attr]
    return st


def _do_main(st: GameState, ctx: Ctx, a: CloseMainDoor, out: list[Event]) -> GameState:
    act = st.activation
    sq = _stack_square(st)
    st = st.with_door(a.door, "closed")
    # [5.5] the entire allowance is spent; shooting remains possible [6.1], [6.2] (ruling in docs/RULINGS.md)
    st = _record(st.evolve(activation=_rec(act, spent=act.allowance)), acted=[sq])  # type: ignore[union-attr]
    out.append(ev("main_door", "5.5", who=" and ".join(act.stack), compass=ctx.board.doors[a.door].compass or a.door))  # type: ignore[union-attr]
    return st


def _do_rifle(st: GameState, ctx: Ctx, a: TakeRifle, out: list[Event]) -> GameState:
    act = st.activation
    c = st.character(a.who)
    st = _set_chars(st, **{c.name: replace(c, rifle=True)})
    st = st.evolve(rifles_left=st.rifles_left - 1, activation=_rec(act, spent=act.allowance))  # type: ignore[union-attr]
    out.append(ev("rifle", "12.2", who=c.name, left=st.rifles_left))
    return _record(st, acted=[c.square])  # type: ignore[list-item]


def _do_drop(st: GameState, ctx: Ctx, a: Drop, out: list[Event]) -> GameState:
    act = st.activation
    out.append(ev("drop", "5.6", carrier=act.carrier, carried=act.carried, square=_stack_square(st)))  # type: ignore[union-attr]
    return st.evolve(activation=_rec(act, carrier="", carried=""))  # type: ignore[union-attr]


def _do_end(st: GameState, ctx: Ctx, a: EndTurn, out: list[Event]) -> GameState:
    actors = st.activation.stack if st.activation else ()
    chars = tuple(replace(c, moved_last_turn=c.name in actors) for c in st.characters)
    out.append(ev("end_turn", "4.0"))
    stacks = tuple(
        (c.name, z.uid) for c in chars if c.is_super for z in st.zombies if z.square == c.square
    )
    berserk = tuple(z.uid for z in sorted(st.zombies, key=lambda z: z.uid) if z.square is not None and z.berserk)
    first = Phase.HIDDEN if st.solitaire else Phase.BERSERK  # [15.2] before the Berserk Zombie Phase
    st = st.evolve(characters=chars, activation=None, phase=first.value, zturn=ZombieTurn(queue=berserk, stacks=stacks))
    out.append(ev("phase", "15.2" if st.solitaire else "4.0", phase=first.label))
    return st


def _start_shot(st: GameState, ctx: Ctx, shooters: tuple[str, ...], src: str, dst: str, reaction: bool) -> Shot:
    same = src == dst
    kind = _target_kind(st, dst)
    inc = ctx.tables.panic_increase(kind, same)  # [6.5], [10.6], [11.5]
    door = ""
    modifier = 0
    if not same:
        mods = shot_modifiers(ctx.board, src, dst, door_states=st.doors, occupied=st.occupied())
        modifier = mods.reduction  # [6.7] per gun
        door = "+".join(mods.destroys_doors)
    return Shot(shooters, dst, modifier, inc, shooters if inc is not None else (), reaction=reaction, door=door)


def _do_shoot(st: GameState, ctx: Ctx, a: Shoot, out: list[Event]) -> GameState:
    act = st.activation
    src = _stack_square(st)
    dst = ctx.board.square_id(a.target)
    shot = _start_shot(st, ctx, a.shooters, src, dst, reaction=False)
    shots = dict(act.shots)  # type: ignore[union-attr]
    for n in a.shooters:
        shots[n] = shots.get(n, 0) + 1  # [6.1]
    act = _rec(act, shots=tuple(sorted(shots.items())))  # type: ignore[arg-type]
    out.append(ev("shot_declared", "6.0", who=" and ".join(a.shooters), verb="shoot" if len(a.shooters) > 1 else "shoots", target=dst))
    st = st.evolve(activation=act, shot=shot)
    return _record(st, acted=[src])  # [7.3]


def _do_reaction_fire(st: GameState, ctx: Ctx, a: ReactionFire, out: list[Event]) -> GameState:
    sq = st.attack.square  # type: ignore[union-attr]
    if not a.shooters:
        return st.evolve(attack=_rec(st.attack, step="count"))  # type: ignore[arg-type]
    out.append(ev("shot_declared", "8.1", who=" and ".join(a.shooters), verb="shoot" if len(a.shooters) > 1 else "shoots", target=sq))
    return st.evolve(shot=_start_shot(st, ctx, a.shooters, sq, sq, reaction=True))


def _do_count(st: GameState, ctx: Ctx, a: AttackCount, out: list[Event]) -> GameState:
    return _set_count(st, ctx, a.k, out)


def _set_count(st: GameState, ctx: Ctx, k: int, out: list[Event]) -> GameState:
    att = st.attack
    n = len(st.characters_in(att.square))  # type: ignore[union-attr]
    value = _zombie_value_in(st, att.square)  # type: ignore[union-attr]
    out.append(ev("attack_count", "8.0", k=k, s="s" if k != 1 else "", strength=core.strength(value, k)))
    if k == n:
        targets = tuple(c.name for c in st.characters_in(att.square))  # type: ignore[union-attr]
        return st.evolve(attack=_rec(att, step="roll", value=value, k=k, targets=targets))  # type: ignore[arg-type]
    return st.evolve(attack=_rec(att, step="targets", value=value, k=k))  # type: ignore[arg-type]


def _do_targets(st: GameState, ctx: Ctx, a: ChooseTargets, out: list[Event]) -> GameState:
    return st.evolve(attack=_rec(st.attack, step="roll", targets=tuple(a.targets)))  # type: ignore[arg-type]


def _do_berserk_pick(st: GameState, ctx: Ctx, a: BerserkCheck, out: list[Event]) -> GameState:
    if not a.uid:
        out.append(ev("berserk_none", "10.0"))
    return st.evolve(zturn=_rec(st.zturn, picked=True, checking=a.uid))


def _do_reveal(st: GameState, ctx: Ctx, a: Reveal, out: list[Event]) -> GameState:
    out.append(ev("hidden_revealed_down", "9.2", square=a.square))
    return st.evolve(zturn=_rec(st.zturn, revealing=a.square))


def _do_endphase(st: GameState, ctx: Ctx, a: EndPhase, out: list[Event]) -> GameState:
    kind = st.pending.kind  # type: ignore[union-attr]
    if kind == "reveal":
        return st.evolve(zturn=_rec(st.zturn, revealed=True))
    if kind == "reaction_super":
        return st.evolve(zturn=_rec(st.zturn, supers_done=True))
    return _enter_attack(st, ctx, out)  # end of free movement


def _do_zmove(st: GameState, ctx: Ctx, a: ZMove, out: list[Event]) -> GameState:
    z = st.unit(a.uid)
    reaction = st.pending.kind == "reaction"  # type: ignore[union-attr]
    zt = st.zturn
    if reaction:
        zt = _rec(zt, queue=zt.queue[1:], reacted=zt.reacted + (z.uid,))
    else:
        zt = _rec(zt, moved=zt.moved + (z.uid,), moves_left=zt.moves_left - (0 if z.berserk else 1))
    if not a.path:
        out.append(ev("zstay", "10.4", uid=z.uid, square=z.square))
        return st.evolve(zturn=zt)
    st = _move_unit(st, z.uid, square=a.path[-1])
    out.append(ev("react" if reaction else "zmove", "7.0" if not z.berserk else "7.5", uid=z.uid, frm=z.square, to=" → ".join(a.path)))
    return st.evolve(zturn=zt).with_knowledge()


def _do_super(st: GameState, ctx: Ctx, a: SuperMove, out: list[Event]) -> GameState:
    c = st.character(a.name)
    reaction = st.pending.kind == "reaction_super"  # type: ignore[union-attr]
    u = _stacked_unit(st, c) if a.with_unit else None
    end = a.path[-1]
    st = _set_chars(st, **{c.name: replace(c, square=end)})
    tags = (c.name,) + ((u.uid,) if u is not None else ())
    if u is not None:
        st = _move_unit(st, u.uid, square=end)
    zt = st.zturn
    zt = _rec(zt, reacted=zt.reacted + tags) if reaction else _rec(zt, moved=zt.moved + tags)
    out.append(ev("super_move", "11.2", name=c.name, frm=c.square, to=" → ".join(a.path), extra=" with its unit" if u else ""))
    return st.evolve(zturn=zt).with_knowledge()


def _do_break(st: GameState, ctx: Ctx, a: BreakDoor, out: list[Event]) -> GameState:
    zt = st.zturn
    if st.pending.kind == "reaction":  # type: ignore[union-attr]
        zt = _rec(zt, queue=zt.queue[1:], reacted=zt.reacted + (a.who,))
    if a.who in {c.name for c in st.characters}:  # [11.6] a super zombie stack: automatic
        c = st.character(a.who)
        u = _stacked_unit(st, c)
        zt = _rec(zt, moved=zt.moved + (c.name,) + ((u.uid,) if u else ()))
        out.append(ev("glass_auto", "11.6", who=f"super zombie {c.name}", door=a.door))
        return st.evolve(zturn=zt).with_door(a.door, "destroyed")
    if st.pending.kind != "reaction":  # type: ignore[union-attr]
        zt = _rec(zt, moved=zt.moved + (a.who,))
    st = _move_unit(st, a.who, seen=True, candidates=())  # [10.5] flipped to reveal its value
    return st.evolve(zturn=_rec(zt, breaking=(a.who, a.door)))


_DO = {
    Activate: _do_activate,
    Move: _do_move,
    Door: _do_door,
    CloseMainDoor: _do_main,
    TakeRifle: _do_rifle,
    Drop: _do_drop,
    EndTurn: _do_end,
    Shoot: _do_shoot,
    ReactionFire: _do_reaction_fire,
    AttackCount: _do_count,
    ChooseTargets: _do_targets,
    BerserkCheck: _do_berserk_pick,
    Reveal: _do_reveal,
    EndPhase: _do_endphase,
    ZMove: _do_zmove,
    SuperMove: _do_super,
    BreakDoor: _do_break,
}


# ----- chance resolvers


def _faces(a: Action) -> tuple[int, ...]:
    return a.faces if isinstance(a, Roll) and a.faces else ((a.total,) if isinstance(a, Roll) else ())


def _ch_panic(st: GameState, ctx: Ctx, a: Roll, out: list[Event]) -> GameState:
    shot = st.shot
    assert shot is not None
    who = shot.to_check[0]
    c = st.character(who)
    level = ctx.side(c).panic_level
    inc = shot.increase or 0
    adj = level + inc
    if core.panics(a.total, level, inc):
        out.append(ev("panics", "6.5", dice=_faces(a), who=who, roll=a.total, level=adj))
        shot = _rec(shot, to_check=shot.to_check[1:], panicked=shot.panicked + (who,))
        if not shot.reaction and st.activation is not None:
            act = st.activation
            st = st.evolve(activation=_rec(act, panicked=act.panicked + (who,), spent=act.allowance))
            out.append(ev("panic_stops", "6.5"))
    else:
        out.append(ev("keeps_nerve", "6.5", dice=_faces(a), who=who, roll=a.total, level=adj))
        shot = _rec(shot, to_check=shot.to_check[1:])
    return st.evolve(shot=shot)


def _ch_shot(st: GameState, ctx: Ctx, a: Roll, out: list[Event]) -> GameState:
    shot = st.shot
    assert shot is not None
    firing = [st.character(n) for n in shot.shooters if n not in shot.panicked]
    n = core.pooled_dice([ctx.shot_dice(c) for c in firing])
    reduction = shot.modifier * len(firing)  # [6.8] per gun
    value = _zombie_value_in(st, shot.target)  # [11.3] unit plus super zombies
    killed = core.destroys(a.total, reduction, value)
    out.append(ev("shot", "6.0", dice=_faces(a), n=n, roll=a.total, mod=reduction, result=a.total - reduction, value=value,
                  outcome="destroyed" if killed else "not affected"))
    if shot.door:
        for d in shot.door.split("+"):
            st = st.with_door(d, "destroyed")  # [6.7], [10.5]
            out.append(ev("door_destroyed", "6.7", door=d))
    z = st.zombie_in(shot.target)
    supers = st.super_zombies_in(shot.target)
    if z is not None:
        st = _move_unit(st, z.uid, seen=True, candidates=())  # [6.0] step 5: flipped to reveal
    if killed:
        if z is not None:
            st = _move_unit(st, z.uid, square=None, pool="eliminated", berserk=False, face_up=False)
            out.append(ev("eliminated", "6.0", what=f"zombie unit {z.uid} (value {z.value})"))
        for c in supers:
            st = _set_chars(st, **{c.name: replace(c, square=None)})
            out.append(ev("eliminated", "11.3", what=f"super zombie {c.name}"))
    st = st.evolve(shot=None).with_knowledge()
    if shot.reaction and st.attack is not None:
        st = st.evolve(attack=None if killed else _rec(st.attack, step="count"))
        if killed:
            out.append(ev("attack_destroyed", "8.0"))
    return st


def _ch_stay(st: GameState, ctx: Ctx, a: Roll, out: list[Event]) -> GameState:
    uid = st.zturn.queue[0]
    z = st.unit(uid)
    zt = _rec(st.zturn, queue=st.zturn.queue[1:])
    if ctx.tables.stays_berserk(a.total):
        out.append(ev("berserk_stays", "10.0", dice=_faces(a), uid=uid, square=z.square, roll=a.total))
        return st.evolve(zturn=zt)
    out.append(ev("berserk_ends", "10.0", dice=_faces(a), uid=uid, square=z.square, roll=a.total))
    st = _move_unit(st, uid, berserk=False)
    return st.evolve(zturn=_rec(zt, ended_berserk=zt.ended_berserk + (uid,)))


def _ch_goes(st: GameState, ctx: Ctx, a: Roll, out: list[Event]) -> GameState:
    uid = st.zturn.checking
    z = st.unit(uid)
    st = st.evolve(zturn=_rec(st.zturn, checking=""))
    if ctx.tables.goes_berserk(a.total):
        out.append(ev("berserk_goes", "10.0", dice=_faces(a), uid=uid, square=z.square, roll=a.total))
        return _move_unit(st, uid, berserk=True)
    out.append(ev("berserk_not", "10.0", dice=_faces(a), uid=uid, square=z.square, roll=a.total))
    return st


def _ch_free(st: GameState, ctx: Ctx, a: Roll, out: list[Event]) -> GameState:
    out.append(ev("free_roll", "7.0", dice=_faces(a), n=a.total, s="s" if a.total != 1 else "", roll=a.total))
    return st.evolve(zturn=_rec(st.zturn, rolled=True, moves_left=a.total))


def _ch_glass(st: GameState, ctx: Ctx, a: Roll, out: list[Event]) -> GameState:
    who, door = st.zturn.breaking
    z = st.unit(who)
    ok = core.glass_breaks(a.total, z.value)
    out.append(ev("glass_attempt", "10.5", dice=_faces(a), who=who, door=door, roll=a.total, value=z.value,
                  outcome="the door is destroyed" if ok else "the door holds"))
    st = st.evolve(zturn=_rec(st.zturn, breaking=()))
    return st.with_door(door, "destroyed") if ok else st


def _ch_attack(st: GameState, ctx: Ctx, a: Roll, out: list[Event]) -> GameState:
    att = st.attack
    assert att is not None
    who = next(t for t in att.targets if t not in att.rolled)
    c = st.character(who)
    s = core.strength(att.value, att.k)
    result = ctx.tables.attack_result(a.total, s) if s else "none"
    new = core.hit(c.status, result)
    out.append(ev("attack_roll", "8.8", dice=_faces(a), who=who, roll=a.total, strength=s, outcome=result if result != "none" else "no effect"))
    st = st.evolve(attack=_rec(att, rolled=att.rolled + (who,)))
    if new != c.status:
        ch = replace(c, status=new)
        if new == "infected":
            ch = replace(ch, infected_turn=st.turn)  # [11.0] no roll this Game-Turn
        if new == "killed":
            ch = replace(ch, square=None, rifle=False)  # [8.5] removed from play; [12.3]
            if c.rifle:
                out.append(ev("rifle_lost", "12.3", who=who))
        st = _set_chars(st, **{who: ch})
        out.append(ev("status", {"stunned": "8.3", "infected": "8.4", "killed": "8.5"}[new], who=who, status=new))
    if len(st.attack.rolled) == len(st.attack.targets):  # type: ignore[union-attr]
        st = st.evolve(attack=None)
    return st.with_knowledge()


def _ch_entrance(st: GameState, ctx: Ctx, a: Roll, out: list[Event]) -> GameState:
    doors = ctx.tables.entrance_order(a.total)
    names = " and ".join({"N": "North", "E": "East", "S": "South", "W": "West"}[d] for d in doors) or "no unit enters"
    out.append(ev("entrance_roll", "13.5", dice=_faces(a), roll=a.total, doors=names))
    return st.evolve(zturn=_rec(st.zturn, generated=True, entering=tuple(doors)))


def _ch_super(st: GameState, ctx: Ctx, a: Roll, out: list[Event]) -> GameState:
    who = st.zturn.super_rolls[0]
    st = st.evolve(zturn=_rec(st.zturn, super_rolls=st.zturn.super_rolls[1:]))
    c = st.character(who)
    if not ctx.tables.becomes_super_zombie(a.total):
        out.append(ev("super_roll", "11.0", dice=_faces(a), who=who, roll=a.total, outcome="stays infected"))
        return st
    out.append(ev("super_roll", "11.0", dice=_faces(a), who=who, roll=a.total, outcome="becomes a super zombie"))
    out.append(ev("super_created", "11.0", who=who))
    if c.rifle:
        out.append(ev("rifle_lost", "12.3", who=who))
    st = _set_chars(st, **{who: replace(c, status="super", rifle=False)}).with_knowledge()
    if st.characters_in(c.square):  # type: ignore[arg-type]
        out.append(ev("attack_begins", "11.8", square=c.square, value=_zombie_value_in(st, c.square)))  # type: ignore[arg-type]
        st = st.evolve(attack=Attack(c.square, "fire"))  # type: ignore[arg-type]
    return st


def _ch_draw(st: GameState, ctx: Ctx, a: Draw, out: list[Event]) -> GameState:
    kind = st.pending.kind  # type: ignore[union-attr]
    z = st.unit(a.uid)
    if kind == "draw:hidden":
        if st.activation is not None and st.activation.revealing:
            sq = st.activation.revealing
            st = st.evolve(activation=_rec(st.activation, revealing=""))
        else:
            sq = st.zturn.revealing
            st = st.evolve(zturn=_rec(st.zturn, revealing=""))
        st = _move_unit(st, z.uid, square=sq, pool="map", seen=False, candidates=())
        st = st.evolve(hidden_squares=tuple(s for s in st.hidden_squares if s != sq), crossed_squares=st.crossed_squares + (sq,))
        st = st.with_knowledge()
        if st.characters_in(sq):
            out.append(ev("hidden_revealed", "9.1", square=sq, value=z.value))
        if st.phase == Phase.REACTION:
            st = st.evolve(zturn=_rec(st.zturn, queue=st.zturn.queue + (z.uid,)))
        return st
    sq = st.zturn.drawing
    pool_values = tuple(sorted(u.value for u in st.zombies if u.pool == "eliminated"))
    st = _move_unit(st, z.uid, square=sq, pool="map", seen=False, candidates=pool_values, face_up=False)
    if st.phase == Phase.HIDDEN:  # [15.1], [15.2] a hidden zombie from among the eliminated units
        st = st.evolve(zturn=_rec(st.zturn, drawing="")).with_knowledge()
        out.append(ev("hidden_appears", "15.2", square=sq))
        return st
    st = st.evolve(zturn=_rec(st.zturn, drawing="", entering=st.zturn.entering[1:])).with_knowledge()
    compass = next(c for c, s in ctx.board.main_door_squares.items() if s == sq)
    out.append(ev("enter", "13.3", compass={"N": "North", "E": "East", "S": "South", "W": "West"}[compass], square=sq))
    if st.characters_in(sq):
        out.append(ev("attack_begins", "13.4", square=sq, value=_zombie_value_in(st, sq)))
        st = st.evolve(attack=Attack(sq, "fire"))
    return st


def _ch_count(st: GameState, ctx: Ctx, a: Roll, out: list[Event]) -> GameState:
    n = len(st.characters_in(st.attack.square))  # type: ignore[union-attr]
    out.append(ev("solitaire_count", "15.6", k=a.total, n=n))
    return _set_count(st, ctx, a.total, out)


def _ch_tie(st: GameState, ctx: Ctx, a: Draw, out: list[Event]) -> GameState:
    out.append(ev("solitaire_tie", "15.4", uid=a.uid, n=len(st.zturn.ties)))
    return st.evolve(zturn=_rec(st.zturn, ties=(), checking=a.uid, picked=True))


def _ch_column(st: GameState, ctx: Ctx, a: Roll, out: list[Event]) -> GameState:
    return st.evolve(zturn=_rec(st.zturn, column=a.total))


def _ch_row(st: GameState, ctx: Ctx, a: Roll, out: list[Event]) -> GameState:
    col = st.zturn.column
    digit = ctx.tables.hidden_zombie(col, a.total)
    st = st.evolve(zturn=_rec(st.zturn, column=0, hidden_done=True))
    if digit is None:
        out.append(ev("hidden_table", "15.8", dice=(col, a.total), first=col, second=a.total, result="no hidden zombie this turn"))
        return st
    sq = solitaire_hidden_square(st, ctx, digit)
    if sq is None:
        out.append(ev("hidden_table", "15.8", dice=(col, a.total), first=col, second=a.total, result=f"digit {digit}, but no square ending in {digit} can take it [15.3]"))
        return st
    if not any(z.pool == "eliminated" for z in st.zombies):
        out.append(ev("hidden_table", "15.8", dice=(col, a.total), first=col, second=a.total, result=f"digit {digit}, but no unit is left to appear [15.1]"))
        return st
    out.append(ev("hidden_table", "15.8", dice=(col, a.total), first=col, second=a.total, result=f"a hidden zombie appears in {sq} (nearest square ending in {digit}) [15.2], [15.3]"))
    return st.evolve(zturn=_rec(st.zturn, drawing=sq))


_CHANCE = {
    "count": _ch_count,
    "tie": _ch_tie,
    "column": _ch_column,
    "row": _ch_row,
    "panic": _ch_panic,
    "shot": _ch_shot,
    "berserk_stay": _ch_stay,
    "berserk_go": _ch_goes,
    "free": _ch_free,
    "glass": _ch_glass,
    "attack": _ch_attack,
    "entrance": _ch_entrance,
    "super": _ch_super,
    "draw:hidden": _ch_draw,
    "draw:eliminated": _ch_draw,
}


# =============================================================================================
# the phase machine: run automatic steps until a decision or a roll


def _pend(st: GameState, side: str, kind: str, case: str, purpose: str, dice: int = 0, who: str = "") -> GameState:
    return st.evolve(pending=Pending(str(side), kind, case, purpose, dice, who))


def _advance(st: GameState, ctx: Ctx, out: list[Event]) -> GameState:
    for _ in range(10_000):
        res = victory(st)
        if res is not None:
            if st.result is None:
                out.append(ev("game_over", res.case, winner="the humans" if res.winner == "human" else "the zombies", reason=res.reason))
            return st.evolve(result=res, phase=Phase.OVER.value, pending=None, shot=None, attack=None)
        st, stop = _step(st, ctx, out)
        if stop:
            return st
    raise RuntimeError("the phase machine did not settle")  # pragma: no cover


def _shot_pending(st: GameState, ctx: Ctx, out: list[Event]) -> Optional[GameState]:
    """Pending roll for a shot in progress, or the shot ends with nobody firing. None if no shot."""
    shot = st.shot
    if shot is None:
        return None
    if shot.to_check:
        c = st.character(shot.to_check[0])
        inc = shot.increase or 0
        return ("pend", _pend(st, Side.CHANCE, "roll:panic", "6.5", f"{c.name} checks panic (Panic Level {ctx.side(c).panic_level}{' + ' + str(inc) if inc else ''})", ctx.panic_dice(c), c.name))  # type: ignore[return-value]
    firing = [st.character(n) for n in shot.shooters if n not in shot.panicked]
    if not firing:
        out.append(ev("no_shot", "6.5"))
        st = st.evolve(shot=None)
        if shot.reaction and st.attack is not None:
            st = st.evolve(attack=_rec(st.attack, step="count"))
        return ("go", st)  # type: ignore[return-value]
    n = core.pooled_dice([ctx.shot_dice(c) for c in firing])
    return ("pend", _pend(st, Side.CHANCE, "roll:shot", "6.0", f"{' and '.join(c.name for c in firing)} shoot{'s' if len(firing) == 1 else ''} at {shot.target}", n, shot.target))  # type: ignore[return-value]


def _attack_pending(st: GameState, ctx: Ctx, out: list[Event]):
    """The next step of a zombie attack in progress [8.0]: ('pend', st) or ('go', st)."""
    att = st.attack
    assert att is not None
    here = st.characters_in(att.square)
    if not here or not st.zombie_occupied(att.square):
        return ("go", st.evolve(attack=None))
    if att.step == "fire":
        if any(c.status != "stunned" for c in here):
            return ("pend", _pend(st, Side.HUMAN, "reaction_fire", "8.1", f"the characters in {att.square} may shoot the attacker first", who=att.square))
        return ("go", st.evolve(attack=_rec(att, step="count")))
    if att.step == "count":
        if len(here) == 1:
            return ("go", _set_count(st, ctx, 1, out))
        if st.solitaire:  # [15.6] a die decides how many are attacked
            return ("pend", _pend(st, Side.CHANCE, "pick:count", "15.6", f"a die decides how many of the {len(here)} characters in {att.square} are attacked", who=att.square))
        return ("pend", _pend(st, Side.ZOMBIE, "attack_count", "8.0", f"how many of the {len(here)} characters in {att.square} are attacked", who=att.square))
    if att.step == "targets":
        return ("pend", _pend(st, Side.HUMAN, "attack_targets", "8.0", f"name the {att.k} character(s) attacked in {att.square}", who=att.square))
    who = next(t for t in att.targets if t not in att.rolled)
    return ("pend", _pend(st, Side.CHANCE, "roll:attack", "8.8", f"zombie attack on {who} at strength {core.strength(att.value, att.k)}", 2, who))


def _step(st: GameState, ctx: Ctx, out: list[Event]) -> tuple[GameState, bool]:
    """One automatic step: (next state, stop) — stop is True when the state waits on its pending node."""
    # A shot or an attack in progress comes first, in any phase
    got = _shot_pending(st, ctx, out)
    if got is not None:
        what, s2 = got  # type: ignore[misc]
        return s2, what == "pend"
    if st.attack is not None:
        what, s2 = _attack_pending(st, ctx, out)
        return s2, what == "pend"
    ph = st.phase
    zt = st.zturn
    if ph == Phase.HUMAN:
        if st.activation is not None and st.activation.revealing:
            return _pend(st, Side.CHANCE, "draw:hidden", "9.0", f"a hidden zombie is drawn at random for {st.activation.revealing}", who=st.activation.revealing), True
        purpose = "move, shoot or act with the active stack, or end the turn" if st.activation else "activate a character or stack, or end the turn"
        return _pend(st, Side.HUMAN, "act", "5.0", purpose), True
    if ph == Phase.HIDDEN:
        if zt.drawing:
            return _pend(st, Side.CHANCE, "draw:eliminated", "15.1", f"a hidden zombie is drawn at random from the eliminated units for {zt.drawing}", who=zt.drawing), True
        if not zt.hidden_done:
            if zt.column:
                return _pend(st, Side.CHANCE, "roll:row", "15.8", f"Hidden Zombie Table: second die (column {'1-3' if zt.column <= 3 else '4-6'})", 1), True
            return _pend(st, Side.CHANCE, "roll:column", "15.8", "Hidden Zombie Table: first die chooses the column", 1), True
        out.append(ev("phase", "4.0", phase=Phase.BERSERK.label))
        return st.evolve(phase=Phase.BERSERK.value), False
    if ph == Phase.BERSERK:
        if zt.queue:
            z = st.unit(zt.queue[0])
            return _pend(st, Side.CHANCE, "roll:berserk_stay", "10.0", f"does {z.uid} in {z.square} stay berserk? (4 or less)", 1, z.uid), True
        if zt.checking:
            z = st.unit(zt.checking)
            return _pend(st, Side.CHANCE, "roll:berserk_go", "10.0", f"does {z.uid} in {z.square} go berserk? (4 or less)", 1, z.uid), True
        if zt.ties:
            return _pend(st, Side.CHANCE, "pick:tie", "15.4", f"a die picks which of the {len(zt.ties)} equally near units is checked", who=" ".join(zt.ties)), True
        if not zt.picked and st.solitaire:
            near = solitaire_berserk_candidates(st, ctx)  # [15.4] the nearest unit, not a choice
            if len(near) == 1:
                return st.evolve(zturn=_rec(zt, picked=True, checking=near[0])), False
            if not near:
                return st.evolve(zturn=_rec(zt, picked=True)), False
            return st.evolve(zturn=_rec(zt, ties=tuple(near))), False
        if not zt.picked:
            if any(z.square is not None and not z.berserk and z.uid not in zt.ended_berserk for z in st.zombies):
                return _pend(st, Side.ZOMBIE, "berserk_pick", "10.0", "check one non-berserk zombie unit to see if it goes berserk"), True
            return st.evolve(zturn=_rec(zt, picked=True)), False
        return _enter_reaction(st, ctx, out), False
    if ph == Phase.REACTION:
        if zt.revealing:
            return _pend(st, Side.CHANCE, "draw:hidden", "9.0", f"a hidden zombie is drawn at random for {zt.revealing}", who=zt.revealing), True
        if zt.breaking:
            z = st.unit(zt.breaking[0])
            return _pend(st, Side.CHANCE, "roll:glass", "10.5", f"{z.uid} (value {z.value}) attacks glass door {zt.breaking[1]}: 2d6 below the value breaks it", 2, z.uid), True
        if not zt.revealed:
            if _reveal_options(st, ctx):
                return _pend(st, Side.ZOMBIE, "reveal", "9.2", "reveal a hidden zombie that could then move in reaction, or go on"), True
            return st.evolve(zturn=_rec(zt, revealed=True)), False
        if zt.queue:
            uid = zt.queue[0]
            z = st.unit(uid)
            if z.square is None or st.characters_in(z.square):
                return st.evolve(zturn=_rec(zt, queue=zt.queue[1:], reacted=zt.reacted + (uid,))), False
            opts, why = _reaction_options(st, ctx, uid)
            if not opts:
                out.append(ev("react_exempt", "7.2", uid=uid, square=z.square, why=why))
                return st.evolve(zturn=_rec(zt, queue=zt.queue[1:], reacted=zt.reacted + (uid,))), False
            if len(opts) == 1 and isinstance(opts[0], ZMove):
                s2 = _pend(st, Side.ZOMBIE, "reaction", "7.0", "", who=uid)
                return _do_zmove(s2, ctx, opts[0], out), False
            return _pend(st, Side.ZOMBIE, "reaction", "7.0", f"choose the reaction move of {uid} in {z.square}", who=uid), True
        if not zt.supers_done:
            if _super_reaction_options(st, ctx):
                return _pend(st, Side.ZOMBIE, "reaction_super", "11.4", "a super zombie may (but need not) move in reaction"), True
            return st.evolve(zturn=_rec(zt, supers_done=True)), False
        out.append(ev("phase", "4.0", phase=Phase.FREE.label))
        return st.evolve(phase=Phase.FREE.value), False
    if ph == Phase.FREE:
        if not zt.rolled:
            return _pend(st, Side.CHANCE, "roll:free", "7.0", "one die: how many zombie units may be moved", 1), True
        if zt.revealing:
            return _pend(st, Side.CHANCE, "draw:hidden", "9.0", f"a hidden zombie is drawn at random for {zt.revealing}", who=zt.revealing), True
        if zt.breaking:
            z = st.unit(zt.breaking[0])
            return _pend(st, Side.CHANCE, "roll:glass", "10.5", f"{z.uid} (value {z.value}) attacks glass door {zt.breaking[1]}: 2d6 below the value breaks it", 2, z.uid), True
        left = zt.moves_left
        return _pend(st, Side.ZOMBIE, "free", "7.0", f"move zombie units one square each ({left} free move{'s' if left != 1 else ''} left; berserk units and super zombies do not count), or end the phase"), True
    if ph == Phase.ATTACK:
        if zt.queue:
            sq = zt.queue[0]
            st = st.evolve(zturn=_rec(zt, queue=zt.queue[1:]))
            if st.characters_in(sq) and st.zombie_occupied(sq):
                out.append(ev("attack_begins", "8.0", square=sq, value=_zombie_value_in(st, sq)))
                return st.evolve(attack=Attack(sq, "fire")), False
            return st, False
        out.append(ev("phase", "4.0", phase=Phase.GENERATION.label))
        infected = tuple(c.name for c in st.characters if c.status == "infected" and c.square is not None and c.infected_turn < st.turn)
        return st.evolve(phase=Phase.GENERATION.value, zturn=_rec(zt, super_rolls=infected)), False
    if ph == Phase.GENERATION:
        if zt.drawing:
            return _pend(st, Side.CHANCE, "draw:eliminated", "13.3", f"a unit is drawn at random from the eliminated units for {zt.drawing}", who=zt.drawing), True
        if not zt.generated:
            why = _entrance_skip(st, ctx)
            if why:
                out.append(ev("entrance_skipped", "13.2", why=why))
                return st.evolve(zturn=_rec(zt, generated=True)), False
            return _pend(st, Side.CHANCE, "roll:entrance", "13.5", "two dice on the Zombie Entrance Table", 2), True
        if zt.entering:
            compass = zt.entering[0]
            door = ctx.board.main_doors[compass]
            sq = door.squares[0]
            name = {"N": "North", "E": "East", "S": "South", "W": "West"}[compass]
            why = ""
            if st.door_state(door.id) == "closed":
                why = "that main door is closed [13.2]"
            elif st.zombie_occupied(sq):
                why = f"{sq} is zombie-occupied [13.2]"
            elif not any(z.pool == "eliminated" for z in st.zombies):
                why = "no eliminated unit is available [13.3]"
            if why:
                out.append(ev("enter_ignored", "13.2", compass=name, why=why))
                return st.evolve(zturn=_rec(zt, entering=zt.entering[1:])), False
            return st.evolve(zturn=_rec(zt, drawing=sq)), False
        if zt.super_rolls:
            c = st.character(zt.super_rolls[0])
            if c.status != "infected" or c.square is None:
                return st.evolve(zturn=_rec(zt, super_rolls=zt.super_rolls[1:])), False
            return _pend(st, Side.CHANCE, "roll:super", "11.0", f"is {c.name} a super zombie now? (2 or 12)", 2, c.name), True
        return _new_turn(st, ctx, out), False
    return st, True


def _entrance_skip(st: GameState, ctx: Ctx) -> str:
    """[13.2] the Zombie Entrance Table is not used when every main door is closed and/or every
    entrance square is zombie-occupied."""
    usable = [
        c for c, d in ctx.board.main_doors.items()
        if st.door_state(d.id) != "closed" and not st.zombie_occupied(d.squares[0])
    ]
    if not usable:
        return "every main door is closed or has a zombie in its square"
    return ""


def units_in_reaction(st: GameState, ctx: Ctx, squares: Iterable[str]) -> tuple[frozenset, list[str], list[str]]:
    """Who reacts to characters entering or acting in `squares` [7.0] 1, [7.1], [7.3]:
    (squares within sight of them, units that must move in reaction, units exempt because they
    share a character's square [7.2] 1). Sight is [6.4] sight: pieces do not block it (ruling E9).
    A unit with a super zombie need not react [7.2] 4 and is in neither list."""
    table = ctx.sight(st)
    sighted: set[str] = set()
    for sq in squares:
        sighted |= table.visible_from(sq)
    humans = st.human_squares()
    movers, exempt = [], []
    for z in st.zombies:
        if z.square is None or z.square not in sighted or st.super_zombies_in(z.square):
            continue
        (exempt if z.square in humans else movers).append(z.uid)
    return frozenset(sighted), sorted(movers), sorted(exempt)


def _enter_reaction(st: GameState, ctx: Ctx, out: list[Event]) -> GameState:
    out.append(ev("phase", "4.0", phase=Phase.REACTION.label))
    triggers = set(st.record.entered) | set(st.record.acted)
    actors = [st.character(n) for n in st.record.actors]
    target = next((c.square for c in actors if c.in_play), None)
    zt = _rec(st.zturn, queue=(), revealed=False)
    if not triggers or target is None:
        return st.evolve(phase=Phase.REACTION.value, zturn=_rec(zt, revealed=True, supers_done=True))
    sighted, movers, exempt = units_in_reaction(st, ctx, triggers)
    dist = ctx.dist_to(target)
    reacted = list(exempt)
    queue = [st.unit(u) for u in movers]
    queue.sort(key=lambda z: (dist.get(z.square, 99), z.uid))
    zt = _rec(zt, queue=tuple(z.uid for z in queue), reacted=tuple(reacted), target=target, sighted=tuple(sorted(sighted)))
    return st.evolve(phase=Phase.REACTION.value, zturn=zt)


def _enter_attack(st: GameState, ctx: Ctx, out: list[Event]) -> GameState:
    out.append(ev("phase", "4.0", phase=Phase.ATTACK.label))
    squares = sorted(sq for sq in st.human_squares() if st.zombie_occupied(sq))
    return st.evolve(phase=Phase.ATTACK.value, zturn=_rec(st.zturn, queue=tuple(squares)))


def _new_turn(st: GameState, ctx: Ctx, out: list[Event]) -> GameState:
    turn = st.turn + 1
    out.append(ev("turn", "4.0", turn=turn))
    return st.evolve(turn=turn, phase=Phase.HUMAN.value, record=TurnRecord(), zturn=ZombieTurn(), activation=None)


# =============================================================================================
# solitaire [15.2]-[15.4]


def mp_distances(st: GameState, ctx: Ctx, sources: Iterable[str]) -> dict[str, int]:
    """Distance in Movement Points from the nearest source square [15.2], [15.4]: one per square
    entered through passable sides with the doors as they are (ruling: pieces are ignored)."""
    moves = ctx.moves(st)
    dist = {s: 0 for s in sources}
    todo = deque(dist)
    while todo:
        s = todo.popleft()
        for n in moves[s]:
            if n not in dist:
                dist[n] = dist[s] + 1
                todo.append(n)
    return dist


def _moved_squares(st: GameState) -> list[str]:
    """[15.2], [15.4] the square(s) of the characters who just moved; if nobody moved, every character's
    square (ruling)."""
    sq = [st.character(n).square for n in st.record.actors if st.character(n).in_play]
    return sorted(set(sq or st.human_squares()))  # type: ignore[arg-type]


def solitaire_hidden_square(st: GameState, ctx: Ctx, digit: int) -> Optional[str]:
    """[15.2], [15.3] the square whose id ends in the digit nearest (in Movement Points) to the characters
    who just moved, not a hall square, not zombie-occupied (character squares allowed). Ties: the square
    most advantageous for the characters — ruling: one without a character first, then the lowest id."""
    src = _moved_squares(st)
    if not src:
        return None
    dist = mp_distances(st, ctx, src)
    humans = st.human_squares()
    cands = [
        s for s in ctx.board.ids
        if s.endswith(str(digit)) and not ctx.board.square(s).is_hall and not st.zombie_occupied(s) and s in dist
    ]
    if not cands:
        return None
    return min(cands, key=lambda s: (dist[s], s in humans, s))


def solitaire_berserk_candidates(st: GameState, ctx: Ctx) -> list[str]:
    """[15.4] the units (not berserk, not just ended [10.1]) nearest the characters who just moved."""
    src = _moved_squares(st)
    dist = mp_distances(st, ctx, src)
    units = [z for z in st.zombies if z.square is not None and not z.berserk and z.uid not in st.zturn.ended_berserk and z.square in dist]
    if not units:
        return []
    best = min(dist[z.square] for z in units)  # type: ignore[index]
    return sorted(z.uid for z in units if dist[z.square] == best)  # type: ignore[index]


# =============================================================================================
# victory [14.1], [14.2]


def victory(st: GameState) -> Optional[Result]:
    """The winner, if either side has met its conditions now [14.1], [14.2]."""
    lost = [c for c in st.characters if c.status in ("killed", "super")]
    names = {c.name for c in lost}
    if st.fran_counts_two:
        tally = sum(2 if n == "Fran" else 1 for n in names)
        if tally >= 3:
            return Result("zombie", "14.1", "three characters killed or turned into super zombies, Fran counting two (French reading)")
    else:
        if len(lost) >= 3:
            return Result("zombie", "14.1", "three characters killed and/or turned into super zombies")
        fran = next((c for c in st.characters if c.name == "Fran"), None)
        if fran is not None and fran.status in ("infected", "killed", "super") and len(names - {"Fran"}) >= 1:
            return Result("zombie", "14.1", f"Fran is {fran.status if fran.status != 'super' else 'a super zombie'} and another character is lost")
    # [14.2] all four conditions
    if any(z.square is not None for z in st.zombies) or any(c.is_super for c in st.characters):
        return None
    if st.hidden_squares:
        return None  # hidden zombies still to come are not eliminated (ruling [14.2])
    board = st.board
    if not all(st.door_state(d.id) == "closed" for d in board.main_doors.values()):
        return None
    for n in ("Steve", "Fran"):
        c = next((c for c in st.characters if c.name == n), None)
        if c is not None and c.status not in ("killed", "super") and not c.rifle:
            return None
    if not st.characters:
        return None
    return Result("human", "14.2", "all four main doors closed, Steve and Fran armed with hunting rifles, every zombie eliminated")


# =============================================================================================
# settling a position


def settle(st: GameState, ctx: Optional[Ctx] = None) -> tuple[GameState, list[Event]]:
    """Run every automatic step of a position (a study position, a loaded start) until the next
    decision or die roll, or the end of the game [4.0], [14.1], [14.2]: ``(state, events)``."""
    out: list[Event] = []
    return _advance(st, _ctx(ctx, st), out), out
