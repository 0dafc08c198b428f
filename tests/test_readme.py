"""The README's code sample runs, and the values its comments promise are what dodnb computes."""

import re
from fractions import Fraction
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def sample() -> list[str]:
    text = README.read_text(encoding="utf-8")
    block = re.search(r"## A taste\n\n```python\n(.*?)```", text, re.S)
    assert block, "README lost its 'A taste' code sample"
    return block.group(1).splitlines()


def test_readme_sample_runs_and_its_promised_values_hold(capsys):
    env: dict = {}
    checked = 0
    for line in sample():
        code, _, comment = line.partition("#")
        if not code.strip():
            continue
        promised = re.search(r"(Fraction\(\d+, \d+\))\s*$", comment)
        if promised:
            assert eval(code, env) == eval(promised.group(1), {"Fraction": Fraction}), line
            checked += 1
        elif code.strip().endswith(".total"):
            assert eval(code, env) == int(re.search(r"(-?\d+)", comment).group(1)), line
            checked += 1
        else:
            exec(code, env)
    assert checked >= 3
    assert "P(unit destroyed)" in capsys.readouterr().out


def test_readme_game_sample_runs_and_replays():
    """The 'Playing the game' sample runs as printed; its save replays to the same state [4.0]."""
    text = README.read_text(encoding="utf-8")
    block = re.search(r"## Playing the game\n.*?```python\n(.*?)```", text, re.S)
    assert block, "README lost its 'Playing the game' code sample"
    ns: dict = {}
    exec(compile(block.group(1), "README.md", "exec"), ns)
    g = ns["g"]
    assert g.state.phase != "human" and len(g.actions) >= 2
    assert type(g).load(g.save()).state == g.state
