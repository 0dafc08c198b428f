"""Generate dodnb/data/mall.json, the reconstructed mall (docs/MAP.md explains every choice).

The printed SPI map is not in the sources. This script lays out a believable one-floor 1978 mall
and pins the square ids that the rules' examples name so that every example holds:
main doors at 004 (N), 093 (E), 117 (S), 212 (W) [5.5]; 177 in Edwin's Sports Centre [3.2];
24->62 visible, 24->82 not [6.4]; 98->79 blocked by a wall corner [6.4]; 167->170 three squares
away, 019->039 diagonal neighbours two away, 115->113 two away [6.7], [6.8].

Run:  python tools/make_map.py   (rewrites dodnb/data/mall.json; tests check it is up to date)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "dodnb" / "data" / "mall.json"

W, H = 84, 24  # mall outline in grid units (a hall square is 2 x 2)
VEST = (40, 44)  # x-range of the north and south entrance halls

# Store bands: (x0, width, name, column width). Rows: back 4 deep, front 4 deep.
NORTH = [
    (0, 16, "Hadley's Department Store", 8),
    (16, 8, "Liberty Savings Bank", 4),
    (24, 4, "Book Nook", 4),
    (28, 8, "Record Rack", 4),
    (36, 4, "Drug Store", 4),
    (44, 8, "Toy Chest", 4),
    (52, 4, "Jeweller", 4),
    (56, 8, "Shoe Town", 4),
    (64, 4, "Barber Shop", 4),
    (68, 8, "Hi-Fi & Records", 4),
    (76, 8, "Hardware", 4),
]
SOUTH = [
    (0, 12, "Edwin's Sports Centre", 4),
    (12, 4, "Camera Shop", 4),
    (16, 8, "Fashions", 4),
    (24, 4, "Florist", 4),
    (28, 8, "Cafeteria", 4),
    (36, 4, "Pet Shop", 4),
    (44, 4, "Optician", 4),
    (48, 8, "TV & Radio", 4),
    (56, 4, "Gift Shop", 4),
    (60, 8, "Ice Cream Parlour", 4),
    (68, 16, "Penn-Marsh Department Store", 8),
]
ANCHORS = {"Hadley's Department Store", "Penn-Marsh Department Store"}

# bands: (y of the back row, y of the front row, y of the front wall, y of the back wall)
NBAND = dict(back=2, front=6, front_wall=10, back_wall=2, corridor=0)
SBAND = dict(back=18, front=14, front_wall=14, back_wall=22, corridor=22)

# Example squares pinned to their rule ids, by rectangle (x0, y0, x1, y1).
PINS = {
    (40, 0, 42, 2): "004",  # North main door [5.5]
    (82, 10, 84, 12): "093",  # East main door
    (42, 22, 44, 24): "117",  # South main door
    (0, 12, 2, 14): "212",  # West main door
    (4, 18, 8, 22): "177",  # Edwin's Sports Centre, where the hunting rifles lie [3.2]
    (58, 12, 60, 14): "024",  # hall square looking into Shoe Town through its glass door [6.4]
    (56, 6, 60, 10): "062",  # Shoe Town, front square: the glass door is one of its sides
    (56, 2, 60, 6): "082",  # Shoe Town, back square: the same door is a side of neither 24 nor 82
    (38, 10, 40, 12): "098",  # hall square at the Drug Store's corner ...
    (40, 8, 42, 10): "079",  # ... diagonal to the north entrance: the wall corner blocks sight [6.4]
    (20, 10, 22, 12): "019",  # diagonal neighbours: two squares apart [6.7]
    (22, 12, 24, 14): "039",
    (64, 10, 66, 12): "167",  # 167 .. 170 in a row: three squares apart [6.7]
    (66, 10, 68, 12): "168",
    (68, 10, 70, 12): "169",
    (70, 10, 72, 12): "170",
    (8, 12, 10, 14): "113",  # 115 -> 113: two squares, -2 per gun [6.8]
    (10, 12, 12, 14): "114",
    (12, 12, 14, 14): "115",
}

CHARACTER_SQUARES = {(32, 0, 36, 2), (36, 0, 40, 2), (44, 0, 48, 2)}  # service stairs from the offices


def layout():
    squares = []  # dicts with rect, kind, store
    walls = []
    doors = []

    def sq(rect, kind, store=None):
        squares.append({"rect": list(rect), "kind": kind, "store": store})

    # service corridors along the outer walls (4 x 2 squares)
    for y in (0, 22):
        for x in list(range(0, 40, 4)) + list(range(44, 84, 4)):
            sq((x, y, x + 4, y + 2), "service")
    # entrance halls north and south (2 x 2 hall squares)
    for y in list(range(0, 10, 2)) + list(range(14, 24, 2)):
        for x in (40, 42):
            sq((x, y, x + 2, y + 2), "hall")
    # the main hall, two rows of 2 x 2 squares the whole length of the mall
    for y in (10, 12):
        for x in range(0, W, 2):
            sq((x, y, x + 2, y + 2), "hall")

    gcount = scount = 0
    for band, stores in ((NBAND, NORTH), (SBAND, SOUTH)):
        north = band is NBAND
        for x0, width, name, colw in stores:
            cols = list(range(x0, x0 + width, colw))
            for cx in cols:
                for y in (band["back"], band["front"]):
                    sq((cx, y, cx + colw, y + 4), "store", name)
            # walls between stores (and against the entrance halls)
            ylo, yhi = (2, 10) if north else (14, 22)
            walls.append([x0, ylo, x0, yhi])
            walls.append([x0 + width, ylo, x0 + width, yhi])
            # glass store fronts [6.4]: a 2-unit door per front square, the rest wall
            fy = band["front_wall"]
            door_spans = []
            for i, cx in enumerate(cols):
                if colw == 8:  # anchor stores: double doors in the middle of each front square
                    door_spans += [(cx + 2, cx + 4), (cx + 4, cx + 6)]
                elif len(cols) == 1:
                    door_spans.append((cx, cx + 2))
                else:  # the half nearer the middle of the store
                    door_spans.append((cx + 2, cx + 4) if i < len(cols) / 2 else (cx, cx + 2))
            pos = x0
            for lo, hi in door_spans:
                if lo > pos:
                    walls.append([pos, fy, lo, fy])
                gcount += 1
                doors.append({"id": f"G{gcount:02d}", "seg": [lo, fy, hi, fy], "kind": "glass"})
                pos = hi
            if pos < x0 + width:
                walls.append([pos, fy, x0 + width, fy])
            # solid service door at the back of the first back square [5.5]
            by = band["back_wall"]
            blo = cols[0] + 1
            walls.append([x0, by, blo, by])
            scount += 1
            doors.append({"id": f"S{scount:02d}", "seg": [blo, by, blo + 2, by], "kind": "solid"})
            walls.append([blo + 2, by, x0 + width, by])
    # entrance halls: walls on both sides; solid doors from the service corridors
    for (ylo, yhi), (dlo, dhi) in (((0, 10), (0, 2)), ((14, 24), (22, 24))):
        for x in VEST:
            walls.append([x, ylo, x, dlo] if dlo > ylo else [x, dhi, x, yhi])
            scount += 1
            doors.append({"id": f"S{scount:02d}", "seg": [x, dlo, x, dhi], "kind": "solid"})
            if dlo > ylo:
                walls.append([x, ylo, x, dlo])
    # main doors [5.5], [13.0]
    doors += [
        {"id": "N", "seg": [40, 0, 42, 0], "kind": "main", "side": "N"},
        {"id": "E", "seg": [84, 10, 84, 12], "kind": "main", "side": "E"},
        {"id": "S", "seg": [42, 24, 44, 24], "kind": "main", "side": "S"},
        {"id": "W", "seg": [0, 12, 0, 14], "kind": "main", "side": "W"},
    ]
    # drop wall pieces duplicated by neighbouring stores sharing a side wall
    uniq = []
    for w in walls:
        if w not in uniq and w[0:2] != w[2:4]:
            uniq.append(w)
    return squares, uniq, doors


def number(squares):
    """Reading order (north to south, west to east), with the rules' example squares pinned."""
    pinned = {}
    for s in squares:
        key = tuple(s["rect"])
        if key in PINS:
            pinned[id(s)] = PINS[key]
    missing = set(PINS) - {tuple(s["rect"]) for s in squares}
    if missing:
        sys.exit(f"pinned rectangles not on the map: {sorted(missing)}")
    free = [f"{i:03d}" for i in range(1, len(squares) + 1) if f"{i:03d}" not in PINS.values()]
    rest = sorted((s for s in squares if id(s) not in pinned), key=lambda s: (s["rect"][1], s["rect"][0]))
    for s, sid in zip(rest, free):
        s["id"] = sid
    for s in squares:
        if id(s) in pinned:
            s["id"] = pinned[id(s)]


def symbols(squares):
    """45 Zombie Placement Symbols [3.1] and Character Placement Symbols [3.2]."""
    by_rect = {tuple(s["rect"]): s for s in squares}
    for r in CHARACTER_SQUARES:
        by_rect[r]["character"] = True
    chosen = []
    # main hall: every fourth square, staggered between the two rows, away from the entrance hall
    for x in range(2, W - 2, 4):
        y = 10 if (x // 4) % 2 == 0 else 12
        chosen.append((x, y, x + 2, y + 2))
    # store squares: the back corner of most shops, both rows of the anchors
    for band, stores in ((NBAND, NORTH), (SBAND, SOUTH)):
        for x0, width, name, colw in stores:
            last = x0 + width - colw
            chosen.append((last, band["back"], last + colw, band["back"] + 4))
            if name in ANCHORS or width >= 12:
                chosen.append((x0, band["front"], x0 + colw, band["front"] + 4))
    # entrance halls and far corridors
    chosen += [(42, 4, 44, 6), (40, 18, 42, 20), (0, 0, 4, 2), (80, 22, 84, 24), (76, 0, 80, 2)]
    seen = []
    for r in chosen:
        s = by_rect[r]
        if r in seen or s.get("character"):
            continue
        seen.append(r)
    if len(seen) < 45:
        sys.exit(f"only {len(seen)} zombie symbols chosen")
    for r in seen[:45]:
        by_rect[r]["zombie"] = True


def main() -> None:
    squares, walls, doors = layout()
    number(squares)
    symbols(squares)
    stores = {}
    for _, _, name, colw in NORTH + SOUTH:
        stores[name] = {"anchor": name in ANCHORS}
    data = {
        "format": "dodnb-map",
        "version": 1,
        "name": "Monroeville-style mall (dodnb reconstruction)",
        "note": "Reconstruction, not the printed SPI map: see docs/MAP.md. Grid units; y grows south.",
        "rifle_square": "177",
        "stores": stores,
        "squares": [
            {k: v for k, v in s.items() if v not in (None, False)} for s in sorted(squares, key=lambda s: s["id"])
        ],
        "walls": walls,
        "doors": doors,
    }
    text = json.dumps(data, indent=1)
    # keep one square / wall / door per line: readable and diff-friendly
    compact = json.dumps(
        {k: v for k, v in data.items() if k not in ("squares", "walls", "doors", "stores")}, indent=1
    )[:-2]
    lines = [compact + ","]
    lines.append(' "stores": {')
    lines.append(",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in stores.items()))
    lines.append(" },")
    for key in ("squares", "walls", "doors"):
        lines.append(f' "{key}": [')
        lines.append(",\n".join("  " + json.dumps(item) for item in data[key]))
        lines.append(" ]" + ("," if key != "doors" else ""))
    lines.append("}")
    text = "\n".join(lines) + "\n"
    json.loads(text)
    if "--check" in sys.argv:
        sys.exit(0 if OUT.read_text() == text else "mall.json is out of date: run python tools/make_map.py")
    OUT.write_text(text)
    print(f"wrote {OUT} ({len(squares)} squares, {len(walls)} walls, {len(doors)} doors)")


if __name__ == "__main__":
    main()
