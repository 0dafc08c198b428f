"""What the human player may see and know [2.3], [7.7] — the view odds and widgets use.

The state holds every Zombie Value; the players do not. A value is known when its counter is face
up now (a character or, in the two-player game, a super zombie in its square [5.4], [7.7], [11.1]) or
was face up before (players may use their memories, not notes [2.3]). A unit drawn face down from the
eliminated pool [13.3] is one of the pool's counters: a value seen eliminated or one never seen; a
never-seen unit is one of the values never seen (the model: `dodnb.rules.knowledge`, ruling K1).
:func:`observation` never contains a face-down value, nor which counter holds which unseen value.
"""

from __future__ import annotations

import json
import zlib
from typing import Any, Optional, Union

from dodnb.rules import knowledge
from dodnb.rules.state import GameState, ZombieUnit
from dodnb.rules.vocab import Pool


def unseen_values(state: GameState) -> list[int]:
    """Values of every counter the players have never seen and cannot see now [2.3], [7.7] (map,
    Hidden Zombie box, eliminated pool, off-map study counters), one entry per counter, sorted: the
    counter mix less what has been shown (`knowledge.unseen`)."""
    return knowledge.unseen_of(state)


def value_knowledge(state: GameState, unit: ZombieUnit, unseen: Optional[list[int]] = None) -> Union[int, tuple[int, ...]]:
    """The unit's value if the players know it (`knowledge.value_known`), else every value it could be,
    equally likely entries: the counters never seen [7.7] (``unseen``: that list, if already
    computed), or for a unit drawn from the pool [13.3] its candidates, each seen value repeated as
    often as there are unseen counters and each unseen entry standing for all of them (so each
    candidate weighs the same, `knowledge.lot`)."""
    if knowledge.value_known(unit):
        return unit.value
    u = list(unseen if unseen is not None else unseen_values(state))
    if unit.candidates:
        live = knowledge.live_candidates(unit.candidates, bool(u) and knowledge.has_spare(state))  # ruling K2
        if knowledge.UNKNOWN not in live:
            return tuple(sorted(live))
        if not u:
            return (unit.value,)  # (a study position's unit drawn from a pool of unseen counters, none left)
        out: list[int] = []
        for c in live:
            out += u if c == knowledge.UNKNOWN else [c] * len(u)
        return tuple(sorted(out))
    return tuple(u) if u else (unit.value,)


def public_seed(state: GameState) -> int:
    """A whole number made from :func:`observation` alone: a seed for a deal of the unknown values
    (`knowledge.public_world`) that is the same whatever lies under the counters (ruling K1)."""
    return zlib.crc32(json.dumps(observation(state), sort_keys=True, default=str).encode())


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
        # the values seen eliminated, and how many counters nobody has seen are mixed with them [13.3], [15.1]
        "eliminated_values": sorted(z.value for z in state.zombies if z.pool == Pool.ELIMINATED and not knowledge.never_seen(z)),
        "eliminated_unseen": sum(1 for z in state.zombies if z.pool == Pool.ELIMINATED and knowledge.never_seen(z)),
        "hidden_left": sum(1 for z in state.zombies if z.pool == Pool.HIDDEN),
        "hidden_squares_crossed_out": list(state.crossed_squares),  # the secret list itself stays secret [3.1]
        "result": None if state.result is None else {"winner": state.result.winner, "case": state.result.case, "reason": state.result.reason},
    }
