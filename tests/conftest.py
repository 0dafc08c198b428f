"""Shared test settings.

Hypothesis: no per-example time limit (the 2-core CI machine may be busy; speed is measured in
benchmarks/, never in tests), and print the reproduction blob if a property ever fails."""

from hypothesis import settings

settings.register_profile("dodnb", deadline=None, print_blob=True)
settings.load_profile("dodnb")
