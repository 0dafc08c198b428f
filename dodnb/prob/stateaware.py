"""State-aware questions: read the shooters, panic levels, distance, doors and unseen counters
from a game, then ask the plain-parameter engine (:mod:`dodnb.prob.shots`, :mod:`dodnb.prob.attacks`).

* :func:`shoot` - "what happens if these characters shoot at that square now?" [6.0]-[6.8]
* :func:`zombie_attack` - "what happens in this square in the Zombie Attack Phase?" [8.0], [15.6]

``game_or_state`` is a :class:`dodnb.rules.state.GameState`, a study position
(:class:`dodnb.Position`: its pieces as given), or any object with a ``state`` attribute holding
one (e.g. the engine's Game).
"""

from __future__ import annotations

from typing import Any, Iterable

from dodnb.board.sight import SightError
from dodnb.prob.attacks import solitaire_attack, square_attack
from dodnb.i18n import Words
from dodnb.prob.dist import Dist
from dodnb.prob.errors import ProbError
from dodnb.prob.shots import Shooter, combined_fire, shooter, unseen_values as unseen_values_dist
from dodnb.rules.counters import Counters, canonical_name
from dodnb.rules import engine
from dodnb.rules.modifiers import shot_modifiers
from dodnb.rules.observe import unseen_values, value_knowledge
from dodnb.rules.state import GameState
from dodnb.rules.tables import Tables


def _state(game_or_state: Any) -> GameState:
    """A GameState, a game's current state, or a study position's pieces as given (dodnb.Position)."""
    if isinstance(game_or_state, GameState):
        return game_or_state
    from dodnb.rules.position import Position

    if isinstance(game_or_state, Position):
        return game_or_state.raw_state()
    st = getattr(game_or_state, "state", None)
    if isinstance(st, GameState):
        return st
    raise ProbError("2.3", f"expected a GameState, a Position (or a game with .state), got {type(game_or_state).__name__}")


def unseen_pool(state: GameState) -> list[int]:
    """Values of every counter the players have not seen and cannot see now [2.3], [7.7]
    (the rules' own view: :func:`dodnb.rules.observe.unseen_values`)."""
    return unseen_values(state)


def _target_value(state: GameState, unit: Any, counters: Counters) -> tuple[Any, Words]:
    """The value the players can reason with, as the rules define it (:func:`dodnb.rules.observe.value_knowledge`):
    known if face up or seen before [2.3], [5.4]; else one of the values it could be [7.7], [13.3]."""
    k = value_knowledge(state, unit)
    if isinstance(k, int):
        return k, Words("shoot.value.face_up" if unit.face_up else "shoot.value.seen", k=k)
    if unit.candidates:
        return unseen_values_dist(pool=list(k)), Words("shoot.value.candidates", n=len(unit.candidates))
    return unseen_values_dist(pool=list(k)), Words("shoot.value.face_down", n=len(k))


def shoot(
    game_or_state: Any,
    shooters: str | Iterable[str],
    target: str | int,
    *,
    together: bool = True,
    counters: Counters | None = None,
    tables: Tables | None = None,
) -> Dist:
    """Dist over :class:`~dodnb.prob.shots.FireOutcome` for characters in one square shooting the
    zombie unit (and/or super zombies) in square ``target`` [6.0], reading everything from the state:
    sight and modifiers per gun [6.4], [6.7], [6.8], rifles [12.0], infected sides [8.4], berserk
    [10.6] and super zombie [11.3], [11.5] targets, and what the players know of the value [7.7].
    """
    state = _state(game_or_state)
    c = counters or state.ctx.counters  # the state's rules object, unless told otherwise
    tables = tables or state.ctx.tables
    names = [shooters] if isinstance(shooters, str) else list(shooters)
    if not names:
        raise ProbError("6.8", "at least one character must shoot")
    chars = [state.character(n) for n in names]
    for ch in chars:  # who may shoot: the rules decide [8.3], [8.5], [11.0]
        why = engine.shooter_problem(state, ch.name)
        if why is not None:
            raise ProbError(why.case, why.key or why.detail, **why.params)
    squares = {ch.square for ch in chars}
    if len(squares) != 1:
        raise ProbError("6.8", f"only characters in the same square (a stack) shoot together; these are in {sorted(squares)}")
    (src,) = squares
    board = state.board
    dst = board.square_id(target)
    unit = state.zombie_in(dst)
    supers = state.super_zombies_in(dst)
    why = engine.shot_target_problem(state, state.ctx if c is state.ctx.counters and tables is state.ctx.tables else engine.context(board, c, tables), src, dst)  # [6.0], [6.3], [6.4]
    if why is not None:
        raise ProbError(why.case, why.key or why.detail, **why.params)
    try:
        mods = shot_modifiers(board, src, dst, door_states=state.doors, occupied=state.occupied(), tables=tables)
    except SightError as exc:
        raise ProbError("6.4", str(exc)) from exc
    per_gun = mods.reduction
    group: list[Shooter] = [
        shooter(ch.name, status=ch.status, rifle=ch.rifle, modifier=per_gun, counters=c) for ch in chars
    ]
    value_lines: list[Words] = []
    value = None
    if unit is not None:
        value, line = _target_value(state, unit, c)
        value_lines.append(line)
    if supers:
        add = state.super_value * len(supers)
        value = add if value is None else value + add
        value_lines.append(Words("shoot.value.supers", add=add))
        kind = "super"
    else:
        kind = "berserk" if unit.berserk else "zombie"
    d = combined_fire(group, value, kind, src == dst, together=together, counters=c, tables=tables)
    head = [mods.sight.explain(), mods.explain(), *value_lines]
    if mods.destroys_doors:
        head.append(Words("shoot.glass", doors=", ".join(mods.destroys_doors)))
    return d.with_steps(*head, *d.steps, title=Words("shoot.title", who=" + ".join(ch.name for ch in chars), src=src, dst=dst))


def zombie_attack(
    game_or_state: Any,
    square: str | int,
    targets: Iterable[str] | None = None,
    *,
    k: int | None = None,
    solitaire: bool = False,
    reaction_fire: bool = True,
    together: bool = True,
    counters: Counters | None = None,
    tables: Tables | None = None,
) -> Dist:
    """Dist over :class:`~dodnb.prob.attacks.SquareOutcome` for the zombie attack in ``square`` [8.0]:
    the characters there (statuses, rifles, infected sides) shoot first [6.9], [8.1], then the unit
    (plus any super zombies [11.3], [11.8]) attacks ``targets`` (names; default: ``k`` of them chosen
    by :func:`~dodnb.prob.attacks.choose_targets`, all when ``k`` is None). ``solitaire=True``: the
    number attacked comes from the die [15.6]. The attacker's value is revealed in a character's
    square [5.4], so it is known.
    """
    state = _state(game_or_state)
    c = counters or state.ctx.counters  # the state's rules object, unless told otherwise
    tables = tables or state.ctx.tables
    sq = state.board.square_id(square)
    here = state.characters_in(sq)
    if not here:
        raise ProbError("8.0", f"no character in square {sq}, so no zombie attack there")
    unit = state.zombie_in(sq)
    supers = state.super_zombies_in(sq)
    if unit is None and not supers:
        raise ProbError("8.0", f"no zombie unit or super zombie in square {sq}, so no zombie attack there")
    chars = {ch.name: ch.status for ch in here}
    rifles = [ch.name for ch in here if ch.rifle]
    kw = dict(
        berserk=bool(unit and unit.berserk),
        super_zombies=len(supers),
        reaction_fire=reaction_fire,
        together=together,
        rifles=rifles,
        counters=c,
        tables=tables,
    )
    value = unit.value if unit is not None else None
    if targets is not None:
        tg = [canonical_name(t) for t in targets]
        if solitaire:
            raise ProbError("15.6", "in the solitaire game a die decides how many are attacked; do not name targets")
        d = square_attack(chars, value, len(tg), targets=tg, **kw)
    elif solitaire:
        d = solitaire_attack(chars, value, **kw)
    else:
        d = square_attack(chars, value, k, **kw)
    head = [Words("att.state.head", sq=sq)]
    return d.with_steps(*head, *d.steps, title=Words("att.state.title", sq=sq))
