"""Import direction (DESIGN.md): dodnb.prob and the rules modules it reads import no widget code."""

import subprocess
import sys


def test_prob_imports_no_widget_libraries():
    code = (
        "import sys, dodnb.prob, dodnb.prob.montecarlo, dodnb.prob.stateaware, dodnb.rules.dice;"
        "bad = [m for m in ('ipywidgets', 'ipycanvas', 'IPython.display', 'dodnb.widgets', 'dodnb.render') if m in sys.modules];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_rules_modules_never_import_prob():
    code = (
        "import sys, dodnb.rules.tables, dodnb.rules.counters, dodnb.rules.dice;"
        "bad = [m for m in sys.modules if m.startswith('dodnb.prob')];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
