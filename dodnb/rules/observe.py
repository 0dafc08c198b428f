"""What the human player may see and know [2.3], [7.7] — the view odds and widgets use.

The state holds every Zombie Value; the players do not. A value is known when its counter is face
up now (a character or, in the two-player game, a super zombie in its square [5.4], [7.7], [11.1]) or
was face up before (players may use their memories, not notes [2.3]). A unit drawn face down from the
eliminated pool [13.3] is one of the values the pool held; a never-seen unit is one of the values
never seen. :func:`observation` never contains a face-down value.
"""

from __future__ import annotations

from typing import Any, Optional, Union

from dodnb.rules.state import GameState, ZombieUnit
from dodnb.rules.vocab import Pool


def unseen_values(state: GameState) -> list[int]:
    """Values of every counter the players have never seen and cannot see now [2.3], [7.7] (map,
    Hidden Zombie box, off-map study counters), one entry per counter."""
    return sorted(z.value for z in state.zombies if not (z.seen or z.face_up))


def value_knowledge(state: GameState, unit: ZombieUnit, unseen: Optional[list[int]] = None) -> Union[int, tuple[int, ...]]:
    """The unit's value if the players know it, else every value it could be (one entry per counter):
    the pool it was drawn from [13.3], or the counters never seen [7.7] (``unseen``: that list, if
    already computed)."""
    if unit.face_up or unit.seen:
        return unit.value
    if unit.candidates:
        return tuple(unit.candidates)
    return tuple(unseen if unseen is not None else unseen_values(state))


def observation(state: GameState, ctx: Optional[Any] = None) -> dict[str, Any]:
    """Everything the human player may see now, as plain data (JSON-ready)."""
    units = []
    unseen = unseen_values(state)
    for z in sorted(state.zombies, key=lambda z: z.uid):
        if z.square is None:
            continue
        k = value_knowledge(state, z, unseen)
        units.append({
            "uid": z.uid,
            "square": z.square,
            "berserk": z.berserk,
            "face_up": z.face_up,
            "value": k if isinstance(k, int) else None,
            "could_be": sorted(set(k)) if not isinstance(k, int) else [k],
        })
    p = state.pending
    return {
        "turn": state.turn,
        "phase": str(state.phase),
        "pending": None if p is None else {"side": str(p.side), "kind": p.kind, "purpose": p.purpose, "case": p.case},
        "characters": [
            {"name": c.name, "square": c.square, "status": c.status, "rifle": c.rifle, "moved_last_turn": c.moved_last_turn}
            for c in state.characters
        ],
        "units": units,
        "doors": dict(state.door_states),
        "rifles_in_177": state.rifles_left,
        "eliminated_values": sorted(z.value for z in state.zombies if z.pool == Pool.ELIMINATED),  # all were seen [6.0]
        "hidden_left": sum(1 for z in state.zombies if z.pool == Pool.HIDDEN),
        "hidden_squares_crossed_out": list(state.crossed_squares),  # the secret list itself stays secret [3.1]
        "result": None if state.result is None else {"winner": state.result.winner, "case": state.result.case, "reason": state.result.reason},
    }
