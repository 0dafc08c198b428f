"""Write notebooks/02_line_of_sight.ipynb (then execute it: see Makefile `notebooks`).

    python tools/build_nb02.py
    HOME=/tmp/nbhome .venv/bin/jupyter nbconvert --to notebook --execute --inplace notebooks/02_line_of_sight.ipynb
"""

from pathlib import Path

from nb import write

ROOT = Path(__file__).resolve().parent.parent

cells = [
    ("md", """
# Line of sight — who can see whom?

In *Dawn of the Dead* a character may shoot only at a zombie he can **see** [6.0], [6.4]. The
zombies use the same rule against the humans: every zombie that can see a square a character has
just entered shuffles one square towards him [7.1]. "Who can see whom?" is the question the game
asks most often, so it pays to get it exactly right.

This notebook

1. says the rule in plain words,
2. draws every example the rules give on the map and explains it,
3. looks at the tricky cases (corners, doors, pieces in the way, closed doors),
4. counts who sees whom on the whole mall,
5. and ends with an explorer you can play with.

Numbers in square brackets, like [6.4], are the *Cases* of the original rules.

> The map is dodnb's **reconstruction** of the mall (see `docs/MAP.md`); it satisfies every example
> the rules give, but it is not the printed SPI map.
"""),
    ("md", """
## The rule in plain words [6.4]

Take a ruler. Put one end on the **centre** of the shooter's square and the other end on the
**centre** of the target's square.

1. **Walls stop sight.** If the ruler touches a wall anywhere — even only the very end of a wall,
   a corner — there is no sight. ("Wall corners block sight.")
2. **Doors let sight through — sometimes.** The ruler may cross a door only if that door is a side
   of the shooter's square or of the target's square. Glass doors can be looked through whether
   they are open or closed; a solid door only when it is open. A closed solid door is a wall.
3. **Never through two doors.**
4. **Never through another piece.** If a square *between* the two ends holds a character or a
   zombie unit, nobody can shoot through it [6.3].

Sight works both ways: if A sees B, then B sees A.

When the target is in sight, the **Shot Modifier Chart** [6.7] says how much to take off the dice:

| situation | take off |
|---|---|
| each square away — count the target's square, not the shooter's, and never diagonally | 1 per square |
| shooting through an open door (glass or solid) | 2 |
| shooting through a closed glass door — the glass breaks [10.5] | 3 |
| a zombie in the shooter's own square | 0 (but check for panic [6.5]) |

Characters shooting together each pay the modifier: two guns, twice the penalty [6.8].
"""),
    ("md", """
### How to read the pictures

* The **black square** with a dot is the shooter; the ring marks the target.
* The line from centre to centre is **green** when the target is in sight, **red** when it is not.
  A red line is solid up to the thing that blocks it and dashed after it.
* **Yellow** squares are the squares the line passes through between the two ends (a piece standing
  there would block the shot). A yellow glow on a door means the line passes that door.
* The **culprit** is drawn in thick red: a wall, a corner (red ring), a door, or a square holding a
  piece.
* Glass doors are dashed blue, solid doors brown. A closed door has a dark rim; a broken glass door
  is grey with small crosses.
"""),
    ("code", """
import dodnb
from IPython.display import SVG
from dodnb.board.sight import line_of_sight, shot_modifiers, sight_table
from dodnb.render.sight_overlay import sight_svg, visible_svg

board = dodnb.load_board()

def show(a, b, pieces=(), doors=None):
    \"\"\"Draw the line of sight from square a to square b, zoomed in, with the verdict underneath.\"\"\"
    return SVG(sight_svg(board, a, b, occupied=pieces, door_states=doors, crop=True))
"""),
    ("md", """
## The examples in the rules

### 24 → 62 and 62 → 24: in sight [6.4]

Square 024 is in the main hall. Square 062 is the front square of Shoe Town, across the hall; its
glass door G14 opens onto the hall. The line crosses that door, and the door is a side of 062, one
of the two end squares — so sight is allowed. It also passes through hall square 099 (yellow): a
piece standing in 099 would block it.
"""),
    ("code", """
show("024", "062")
"""),
    ("md", """
The same question asked from the other end gets the same answer — sight works both ways:
"""),
    ("code", """
for a, b in [("024", "062"), ("062", "024")]:
    print(line_of_sight(board, a, b).explain())
"""),
    ("md", """
### 24 → 82: not in sight [6.4]

Square 082 is the back square of Shoe Town, behind 062. The line from 024 crosses the *same* glass
door G14, but now G14 is a side of neither end: it belongs to 062 and 099, which are only squares in
between. The door is drawn in red.
"""),
    ("code", """
show("024", "082")
"""),
    ("md", """
### 98 → 79: wall corners block sight [6.4]

Square 098 is the hall square at the front corner of the Drug Store; 079 is the entrance-hall square
diagonally next to it. The line between their centres passes **exactly** through the end of the
Drug Store's wall (the red ring). Touching a wall, even at its very end, blocks sight.
"""),
    ("code", """
show("098", "079")
"""),
    ("md", """
### 167 → 170: three squares away [6.7]

Count the squares *between* the shooter and the target, including the target's square but not the
shooter's: 168, 169, 170. Three squares, so 3 comes off the shot dice.
"""),
    ("code", """
show("167", "170")
"""),
    ("md", """
### 019 → 039: two squares away — no counting diagonally [6.7]

019 and 039 touch only at one corner. The sight line runs straight through that corner, so it goes
from 019 directly into 039 — yet the rules say the distance is **two**: squares are counted only
across sides, like a piece moving (019 → 078 → 039, or 019 → 116 → 039), never diagonally [2.1].
"""),
    ("code", """
show("019", "039")
"""),
    ("code", """
s = line_of_sight(board, "019", "039")
print("squares the line passes:", s.squares)
print("distance for the shot:  ", s.distance)
"""),
    ("md", """
### 115 → 113: two shooters, two penalties [6.8]

Two characters in 115 shoot together at a zombie in 113. The target is two squares away, so each
gun loses 2: **4** comes off the dice total.
"""),
    ("code", """
mods = shot_modifiers(board, "115", "113")
print(mods.explain())
print("two guns shooting together:", mods.for_guns(2))
show("115", "113")
"""),
    ("md", """
## Tricky cases

### Grazing a corner where no wall stands

Back to 019 → 039: the line passes exactly through the point where four squares meet (019, 078,
039, 116). It does not go *into* 078 or 116, it only touches their corners, so pieces standing there
do **not** block it. (Compare 98 → 79, where the corner belongs to a wall.) This is a ruling:
"passing through" a square means entering its inside (docs/RULINGS.md, S1).
"""),
    ("code", """
show("019", "039", pieces=["078", "116"])
"""),
    ("md", """
### The door may be at either end [6.4]

In 24 → 62 the door is on the *far* square's wall. It may just as well be on the *near* square's
wall: from hall square 099, the shooter looks through his own square's door G14 right to the back of
Shoe Town.
"""),
    ("code", """
show("099", "082")
"""),
    ("md", """
### Two doors: never [6.4]

From the service corridor square 016, the line to hall square 099 goes through Shoe Town's solid back
door S08 (a side of 016) and its glass front door G14 (a side of 099). Each door alone would be
fine, but "sight may not be traced through two doors".
"""),
    ("code", """
show("016", "099")
"""),
    ("md", """
### Pieces in the way [6.3]

"A character may not shoot through a square occupied by a zombie unit or a character." Put a zombie
in 168 and 170 can no longer be seen from 167. A piece in the *target's* own square does not block
the view (that is the zombie you are shooting at).
"""),
    ("code", """
show("167", "170", pieces=["168"])
"""),
    ("code", """
print(line_of_sight(board, "167", "170", occupied=["170"]).explain())
"""),
    ("md", """
### A closed glass door: −3, and the glass breaks [6.7], [10.5]

You can see through a closed glass door, so 24 → 62 is still in sight when G14 is closed. But the
shot costs 3 for the door instead of 2, and the door is destroyed by the shot. A destroyed glass
door counts as open from then on [10.5]: −2 again.
"""),
    ("code", """
show("024", "062", doors={"G14": "closed"})
"""),
    ("code", """
for state in ["open", "closed", "destroyed"]:
    mods = shot_modifiers(board, "024", "062", door_states={"G14": state})
    print(f"G14 {state:>9}: total {mods.total:+d}  destroys {list(mods.destroys_doors)}")
"""),
    ("md", """
### A closed solid door blocks [6.4]

The service corridor square 016 sees into Shoe Town's back square 082 through the open solid door
S08. Close the door and it is a wall.
"""),
    ("code", """
print(line_of_sight(board, "016", "082").explain())
show("016", "082", doors={"S08": "closed"})
"""),
    ("md", """
## Who sees whom on this map?

The sight table answers every pair of squares at once. Most pairs are blocked — a mall is mostly
walls — and the walls are by far the most common reason.
"""),
    ("code", """
from collections import Counter
from itertools import combinations
from fractions import Fraction
from dodnb.prob.dist import fmt_decimal, fmt_percent
from dodnb.render.sight_overlay import REASON_TITLES

table = sight_table(board)
share = Fraction(table.n_visible, table.pairs)
print(f"{table.pairs} pairs of different squares; {table.n_visible} see each other ({fmt_percent(share)}).")

reasons = Counter(
    line_of_sight(board, a, b).reason
    for a, b in combinations(board.ids, 2)
    if not table.visible(a, b)
)
for reason, n in reasons.most_common():
    print(f"{n:>6} pairs blocked: {REASON_TITLES[reason]} ({reason})")
"""),
    ("code", """
seen = {s: len(table.visible_from(s)) - 1 for s in board.ids}
ranked = sorted(board.ids, key=lambda s: (-seen[s], s))
print("sees the most:  ", ", ".join(f"{s} ({seen[s]})" for s in ranked[:5]))
print("sees the fewest:", ", ".join(f"{s} ({seen[s]})" for s in ranked[-5:]))
print()
for kind in ["hall", "store", "service"]:
    ids = [s for s in board.ids if board.square(s).kind == kind]
    mean = Fraction(sum(seen[s] for s in ids), len(ids))
    print(f"{kind} squares ({len(ids)}) see {fmt_decimal(mean, 1)} other squares on average")
"""),
    ("md", """
The square that sees the most, and everything it sees (shaded green). A character standing there is
seen by — and so attracts — every zombie in the green squares [7.1].
"""),
    ("code", """
SVG(visible_svg(board, ranked[0]))
"""),
    ("md", """
## Try it yourself: the explorer

*Needs a live kernel (JupyterLab, Voilà); on GitHub or nbviewer you see a still picture instead.*

* **Click** a square to choose the shooter (or use the *Shooter* list). Clicks then choose the
  target; the *Shooter / Target / Piece* buttons above the map say what a click sets.
* **Move the mouse** over the map: the line to the square under the mouse is drawn at once, and the
  panel under the map explains it, with the distance, the shot modifiers and the chance to kill.
* **Pieces in:** type square ids (`168, 099`) or press *Piece* and click squares to put pieces on the map.
* **Door:** pick a door and close it (or break a glass one).
* **Show every square the shooter sees** shades them all.
* **Swap** exchanges shooter and target: the verdict never changes.
"""),
    ("code", """
# NBVAL_IGNORE_OUTPUT
from dodnb.widgets.los import LOSExplorer

explorer = LOSExplorer(board, shooter="024", target="062")
explorer
"""),
    ("md", """
### Driving the explorer from code

Everything the mouse does can also be done from code, which is how the explorer is tested. (Run
these cells and watch the map above change.)
"""),
    ("code", """
explorer.set_shooter("024")
explorer.hover("082")        # the mouse moves onto 082
print(explorer.text)
"""),
    ("code", """
explorer.hover("062")
explorer.fire.value = "steve+fran"   # Steve and Fran shoot together: 2 dice, 2 guns [6.8]
explorer.value.value = 3             # against a zombie unit of value 3
print(explorer.text)
"""),
    ("code", """
explorer.set_pieces(["099"])          # a zombie steps into 099, between the two [6.3]
print(explorer.text)
print()
explorer.set_pieces([])
explorer.set_door("G14", "closed")    # close Shoe Town's glass door [6.7]
print(explorer.text)
"""),
    ("code", """
explorer.set_door("G14", "open")
explorer.show_seen(True)              # everything 024 sees
print(explorer.text.splitlines()[0])
print(sorted(explorer.seen - {"024"})[:12], "...")
"""),
    ("md", """
## What to remember

* Centre to centre, with a ruler: any touch of a wall — even a corner — blocks [6.4].
* A door is fine only if it is a side of one of the two end squares; never two doors; a closed solid
  door is a wall [6.4].
* No shooting through a square holding another piece [6.3].
* Distance counts the target's square, never diagonally: −1 a square, −2 through an open door,
  −3 through a closed glass door, which breaks [6.7], [10.5]; each gun pays [6.8].

Next: `03_shooting_odds.ipynb` turns these modifiers into exact chances to kill a zombie.
"""),
]

write(ROOT / "notebooks" / "02_line_of_sight.ipynb", cells)
print("wrote notebooks/02_line_of_sight.ipynb")
