"""Write notebooks/01_tour.ipynb (then execute it: see Makefile `notebooks`)."""

from pathlib import Path

from nb import write

ROOT = Path(__file__).resolve().parent.parent

cells = [
    ("md", """
# Dawn of the Dead — a tour of the mall

*Dawn of the Dead* (SPI, 1978, designed by John H. Butterfield) is a board game for one or two
players. Four survivors — **Peter** and **Roger**, two police officers with automatic rifles, and
their friends **Steve** and **Fran**, with pistols — try to clear a shopping mall of zombies and
make it their fortress. The humans win by closing the four main doors, arming Steve and Fran with
hunting rifles from Edwin's Sports Centre and eliminating every zombie [14.2]. The zombies win by
killing (or turning into super zombies) three characters — or two, if Fran is one of them [14.1].

This notebook is the first stop: the map, how to read a square, where things are. The numbers in
square brackets, like [6.4], are the *Cases* of the original rules, so you can look each fact up.

> **About this map.** The printed map is not reproduced here. dodnb ships a *reconstruction* that
> satisfies every example the rules give (see `docs/MAP.md`). If you own the game you can load your
> own transcription with `dodnb.load_board("my_map.json")`.
"""),
    ("code", """
import dodnb
board = dodnb.load_board()
board
"""),
    ("md", """
## How to read the map

* **Squares** regulate placement and movement. Each has a three-digit number, printed in its
  top-left corner. Squares are drawn in different sizes — shop squares are bigger than hall
  squares — but for the game *all squares are equal* [2.1].
* Two squares are **adjacent** only if they share a side; squares that meet at a corner are not [2.1].
* **Walls** (thick black lines) stop movement and sight [5.3], [6.4].
* **Doors**: *glass doors* (dashed blue) form the shop fronts; *solid doors* (brown) lead to the
  service corridors; the four *main doors* (red) open onto the outside world. Every door starts
  open [3.3].
* **Placement symbols** are used only during set-up: a green **Z** disc marks a square that starts
  with a zombie unit [3.1]; a blue **C** disc, a square where characters may start [3.2].

Let's read one square — the one the hunting rifles start in [3.2]:
"""),
    ("code", """
sq = board.square(177)
print(sq.describe())
print("kind:", sq.kind)
print("neighbours (share a side):", board.neighbours(177))
print("reachable in one move:    ", board.moves_from(177))
"""),
    ("md", """
Square 177 shares a side with four squares: two more squares of Edwin's, the shop's front square
148, and the service corridor square 196 behind it. A wall stands between 177 and the corridor
(the shop's back door is in 173), so a character in 177 can step into only three of them [5.3].

Square ids can be typed as numbers, too: `board.square(24)` is square 024. A square that does not
exist gives a clear message instead of a crash:
"""),
    ("code", """
try:
    board.square(999)
except KeyError as err:
    print(err)
"""),
    ("md", """
## The four main doors

Zombies come in through the main doors [13.0]. The humans must close all four to win, and a main
door can only be closed by a character who *starts* the Human Player-Turn in its square [5.5]:
"""),
    ("code", """
names = {"N": "North", "E": "East", "S": "South", "W": "West"}
for side in "NESW":
    print(f"{names[side]:>5} main door: square {board.main_door_square(side)}")
"""),
    ("md", """
## The stores

The mall has a long main hall from the West doors to the East doors, two short entrance halls to
the North and South doors, and a band of shops on each side. Two anchor department stores have
the biggest squares. Behind the shops run the service corridors.
"""),
    ("code", """
for name, info in board.stores.items():
    squares = board.store_squares(name)
    tag = " (anchor)" if info.get("anchor") else ""
    print(f"{name + tag:<40} {len(squares)} squares: {', '.join(squares)}")
"""),
    ("code", """
board.summary()
"""),
    ("md", """
## Set-up at a glance [3.0]

* The zombie player mixes the 50 zombie units face down and puts **45** of them on the 45 squares
  with a zombie symbol; the other **5** are *hidden zombies*, secretly assigned to squares [3.1].
* The four characters start on character symbols, **at most two per square** [3.2].
* The two hunting rifles start in square **177** [3.2].
"""),
    ("code", """
print("zombie placement squares:   ", len(board.zombie_symbol_squares))
print("character placement squares:", board.character_symbol_squares)
print("hunting rifles in square:   ", board.rifle_square)
"""),
    ("md", """
## Explore the map yourself

Hover over a square to read it; click to select it (keyboard users: use the dropdown). This view is
the same component the line-of-sight explorer and the game stepper build on. It needs a live
kernel (JupyterLab); on GitHub you see the static picture above instead.
"""),
    ("code", """
# NBVAL_IGNORE_OUTPUT
from dodnb.widgets import MapView
view = MapView(board)
view
"""),
    ("md", """
The widget is only a shell: everything it shows comes from the same board object. Selecting a
square from code does what a click does:
"""),
    ("code", """
view.select("024")
print(view.selected)
"""),
    ("md", """
## Where next

* `02_line_of_sight.ipynb` — who can see whom, and why not [6.4], with distances and shot modifiers [6.7].
* `03_shooting_odds.ipynb` — exact odds of a kill, panic, combined fire [6.0]–[6.8].
* `04_zombie_attacks.ipynb` — reaction fire and the Zombie Attack Table [8.0]–[8.8].
* `07_other_zombie_games.ipynb` — how three other zombie games turn a fight into dice.
"""),
]

write(ROOT / "notebooks" / "01_tour.ipynb", cells)
print("wrote notebooks/01_tour.ipynb")
