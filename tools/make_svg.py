"""Regenerate docs/mall.svg from the shipped map (a test checks it is up to date)."""

from pathlib import Path

import dodnb
from dodnb.render.svg import board_svg

out = Path(__file__).resolve().parent.parent / "docs" / "mall.svg"
out.write_text(board_svg(dodnb.load_board()))
print(f"wrote {out}")
