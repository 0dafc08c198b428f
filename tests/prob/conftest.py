"""Make the brute-force helper module (tests/prob/prob_brute.py) importable under
pytest's --import-mode=importlib, which does not put test folders on sys.path."""

import sys
from pathlib import Path

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)
