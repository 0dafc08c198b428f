"""The phase order stated once [4.0], [15.2] (issue 32 item 3): one table, `dodnb.rules.phases.PHASES`,
gives for every phase its `enter`, `advance` and `next`, each with one signature across all phases;
the engine's `_advance` walks it, and no phase module starts another phase itself.

The sequence of play is written here again, from the rules text, independently of the package:
[4.0] a Game-Turn is the Human Player-Turn, then the Zombie Player-Turn's phases A. Berserk Zombie,
B. Zombie Reaction Movement, C. Zombie Free Movement, D. Zombie Attack, E. Zombie Generation; in the
solitaire game [15.2] the Hidden Zombie Table is consulted first, before the Berserk Zombie Phase.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from dodnb.rules.game import Game
from dodnb.rules.vocab import Phase

PHASES_DIR = Path(__file__).resolve().parents[3] / "dodnb" / "rules" / "phases"

#: [4.0] the sequence of play of one Game-Turn (two-player game), written from the rules text.
TWO_PLAYER = ("human", "berserk", "reaction", "free", "attack", "generation")
#: [15.2] the solitaire game: the Hidden Zombie Table before the Berserk Zombie Phase.
SOLITAIRE = ("human", "hidden", "berserk", "reaction", "free", "attack", "generation")

#: The modules of the phase machine that are not themselves a phase: the table, the shared helpers,
#: and the rules shared by several phases (shooting, hidden zombies, zombie paths).
NOT_PHASES = {"__init__.py", "order.py", "base.py"}


# ----------------------------------------------------------------------------- the table


def _table():
    from dodnb.rules.phases import PHASES

    return PHASES


def _walk(solitaire: bool) -> list[str]:
    """The phases met from the Human Player-Turn by following `next` until it comes back."""
    PHASES = _table()
    st = Game(seed=0, solitaire=solitaire).state
    ctx = Game(seed=0, solitaire=solitaire).ctx
    seen = [Phase.HUMAN]
    for _ in range(20):
        nxt = PHASES[seen[-1]].next(st, ctx)
        if nxt == Phase.HUMAN:
            return [str(p) for p in seen]
        seen.append(nxt)
    raise AssertionError(f"`next` does not come back to the Human Player-Turn: {seen}")


@pytest.mark.parametrize("solitaire, expected", [(False, TWO_PLAYER), (True, SOLITAIRE)])
def test_4_0_15_2_the_table_follows_the_sequence_of_play(solitaire, expected):
    """[4.0], [15.2]: from the Human Player-Turn, `next` walks exactly the sequence of play and
    comes back to the Human Player-Turn (a new Game-Turn)."""
    assert tuple(_walk(solitaire)) == expected


def test_4_0_every_phase_of_play_is_in_the_table_once():
    """Every phase of the sequence of play has one entry (set-up and game over are not phases of play)."""
    PHASES = _table()
    assert set(PHASES) == set(SOLITAIRE)
    assert set(PHASES) == {p for p in Phase if p not in (Phase.SETUP, Phase.OVER)}


def test_4_0_one_signature_for_enter_advance_next():
    """enter(st, ctx, out) -> GameState; advance(st, ctx, out) -> (state, stop) or None (the phase is
    over); next(st, ctx) -> Phase: the same parameters and annotations in every phase."""
    PHASES = _table()
    sigs: dict[str, set] = {"enter": set(), "advance": set(), "next": set()}
    for ph, rules in PHASES.items():
        for part in sigs:
            fn = getattr(rules, part)
            sig = inspect.signature(fn)
            sigs[part].add((tuple((p.name, str(p.annotation), p.kind) for p in sig.parameters.values()),
                            str(sig.return_annotation)))
    for part, got in sigs.items():
        assert len(got) == 1, f"{part} has {len(got)} signatures: {sorted(got)}"
    (params, _), = sigs["enter"]
    assert [p[0] for p in params] == ["st", "ctx", "out"]
    (params, _), = sigs["advance"]
    assert [p[0] for p in params] == ["st", "ctx", "out"]
    (params, ret), = sigs["next"]
    assert [p[0] for p in params] == ["st", "ctx"] and "Phase" in ret


@pytest.mark.parametrize("solitaire", [False, True])
def test_4_0_each_enter_begins_its_own_phase(solitaire):
    """Each phase's `enter` leaves the game in that phase and says so (the "phase" event, or for the
    Human Player-Turn the new Game-Turn's "turn" event [4.0]); the state it was given is unchanged."""
    PHASES = _table()
    g = Game(seed=3, solitaire=solitaire)
    st, ctx = g.state, g.ctx
    for ph, rules in PHASES.items():
        out: list = []
        new = rules.enter(st, ctx, out)
        assert new.phase == ph, (ph, new.phase)
        assert st.phase == Phase.HUMAN
        if ph == Phase.HUMAN:
            assert [e.key for e in out] == ["turn"] and new.turn == st.turn + 1
        else:
            assert [(e.key, e.data["phase"]) for e in out] == [("phase", ph)]
            assert out[0].case == ("15.2" if ph == Phase.HIDDEN else "4.0")


@pytest.mark.parametrize("solitaire, expected", [(False, TWO_PLAYER), (True, SOLITAIRE)])
def test_4_0_games_play_the_phases_in_order(solitaire, expected):
    """Seeded random games announce the phases exactly in the order of play, Game-Turn after Game-Turn
    (the last turn cut short by the end of the game)."""
    turns = 0
    for seed in range(4):
        g = Game(seed=seed, human="random", zombie="random", solitaire=solitaire)
        g.play()
        seq = ["human"]
        for evs in g.events:
            for e in evs:
                if e.key == "turn":
                    assert tuple(seq) == expected, (seed, seq)
                    turns += 1
                    seq = ["human"]
                elif e.key == "phase":
                    seq.append(str(e.data["phase"]))
        assert tuple(seq) == expected[:len(seq)], (seed, seq)
    assert turns > 10


# ----------------------------------------------------------------------------- no phase starts another


def _phase_modules() -> list[Path]:
    return sorted(p for p in PHASES_DIR.glob("*.py") if p.name not in NOT_PHASES)


def _transitions(source: str) -> list[str]:
    """What in a phase module's source starts another phase: a phase module's `enter` used through an
    import (``reaction.enter(...)``, ``from .free import enter``), the phase table consulted, or a
    state's phase set anywhere but in the module's own `enter`."""
    tree = ast.parse(source)
    names = {p.stem for p in PHASES_DIR.glob("*.py")} - {"__init__"}
    aliases: set[str] = set()
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            mod = node.module or ""
            for a in node.names:
                if mod in ("dodnb.rules.phases", "") and a.name in names:
                    aliases.add(a.asname or a.name)
                if mod.endswith("phases") and a.name in ("PHASES", "order"):
                    found.append(f"line {node.lineno}: imports the phase table ({a.name})")
                if mod.split(".")[-1] in names and a.name == "enter":
                    found.append(f"line {node.lineno}: imports {mod}.enter")
                if mod.endswith("phases.order"):
                    found.append(f"line {node.lineno}: imports from the phase table ({a.name})")
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith("dodnb.rules.phases.") and a.name.split(".")[-1] in names:
                    aliases.add(a.asname or a.name)
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and node.attr == "enter"
                and isinstance(node.value, ast.Name) and node.value.id in aliases):
            found.append(f"line {node.lineno}: {node.value.id}.enter")

    def visit(node: ast.AST, fn: str) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            fn = node.name
        if isinstance(node, ast.Call):
            for kw in node.keywords:
                if kw.arg == "phase" and fn != "enter":
                    found.append(f"line {node.lineno}: sets the phase in {fn}()")
        for child in ast.iter_child_nodes(node):
            visit(child, fn)

    visit(tree, "")
    return found


def test_4_0_no_phase_module_starts_another_phase():
    """[4.0]: the order of the phases is the table's alone. No phase module calls or imports another
    phase's `enter`, consults the table, or sets the game's phase outside its own `enter`."""
    found = {p.name: _transitions(p.read_text(encoding="utf-8")) for p in _phase_modules()}
    found = {k: v for k, v in found.items() if v}
    assert not found, found


def test_the_scan_finds_a_transition():
    """The scan is not blind: the very shapes it forbids are found in a sample module."""
    got = _transitions(
        "from dodnb.rules.phases import free\n"
        "from dodnb.rules.phases.attack import enter\n"
        "def advance(st, ctx, out):\n"
        "    st = st.evolve(phase='free')\n"
        "    return free.enter(st, ctx, out), False\n"
        "def enter(st, ctx, out):\n"
        "    return st.evolve(phase='berserk')\n"
    )
    assert len(got) == 3, got
    assert any("free.enter" in g for g in got) and any("attack.enter" in g for g in got)
    assert any("sets the phase in advance()" in g for g in got)
