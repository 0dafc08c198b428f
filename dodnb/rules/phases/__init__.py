"""One module per phase of the sequence of play [4.0]; each states its rules once.

=================  ==============================================================
module             rules
=================  ==============================================================
``human``          the Human Player-Turn [5.0]-[5.9], [12.0]-[12.3]
``shooting``       shooting zombies and panic [6.0]-[6.9] (moving or under attack)
``hidden``         hidden zombies of the two-player game [9.0]-[9.4]
``solitaire``      the Hidden Zombie Table and the nearest-unit berserk check [15.1]-[15.4], [15.8]
``berserk``        A. the Berserk Zombie Phase [10.0]-[10.1]
``reaction``       B. Zombie Reaction Movement [7.0] 1, [7.1]-[7.4], [9.2], [11.4]
``free``           C. Zombie Free Movement [7.0] 2, [7.5], [10.3]-[10.5], [11.2]-[11.6]
``movement``       zombie paths and glass doors shared by B and C [7.5], [7.6], [10.4]-[10.5], [11.6]
``attack``         D. zombie attacks [8.0]-[8.8], [15.6]
``generation``     E. Zombie Generation [13.0]-[13.5], [11.0], [11.8]
``order``          the sequence of play [4.0], [15.2]: every phase's enter / advance / next
=================  ==============================================================

`NODES` maps every :class:`~dodnb.rules.vocab.PendingKind` to its :class:`~.base.Node` (each kind
declared once); `PHASES` (:mod:`.order`) gives every phase its `enter`, `advance` and `next`.
"""

from __future__ import annotations

from dodnb.rules.phases import attack, berserk, free, generation, hidden, human, movement, reaction, shooting, solitaire
from dodnb.rules.phases.base import Node
from dodnb.rules.phases.order import PHASES, PhaseRules
from dodnb.rules.vocab import PendingKind

MODULES = (human, shooting, hidden, solitaire, berserk, reaction, free, movement, attack, generation)

NODES: dict[PendingKind, Node] = {}
for _m in MODULES:
    for _n in getattr(_m, "NODES", ()):
        assert _n.kind not in NODES, f"{_n.kind} is declared twice"
        NODES[_n.kind] = _n

__all__ = ["NODES", "PHASES", "MODULES", "Node", "PhaseRules"]
