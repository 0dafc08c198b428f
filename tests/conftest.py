"""Shared test settings.

Hypothesis: no per-example time limit (the 2-core CI machine may be busy; speed is measured in
benchmarks/, never in tests), and print the reproduction blob if a property ever fails."""

import pytest
from hypothesis import settings

settings.register_profile("dodnb", deadline=None, print_blob=True)
settings.load_profile("dodnb")


#: Each real-browser test's summary lines (tests/browser) travel on its teardown report
#: (user_properties), so they reach the terminal summary whether the tests ran in this process or in
#: pytest-xdist workers. Here, not in tests/browser/conftest.py: under xdist only the conftests of the
#: command line's paths are loaded in the controlling process, which prints the summary.
SUMMARY_KEY = "browser_summary"


def pytest_terminal_summary(terminalreporter):
    lines = []
    for reports in terminalreporter.stats.values():
        for report in reports:
            if getattr(report, "when", None) != "teardown":
                continue
            for key, value in getattr(report, "user_properties", ()):
                if key == SUMMARY_KEY:
                    lines.extend(value)
    if lines:
        terminalreporter.section("real-browser test (JupyterLab + Chromium)")
        for line in lines:
            terminalreporter.write_line(line)


@pytest.fixture
def browser_summary(request):
    """Lines printed at the end of the run: timings and screenshot paths (a test appends to it)."""
    lines: list[str] = []
    yield lines
    if lines:
        request.node.user_properties.append((SUMMARY_KEY, tuple(lines)))


#: The longest test files, started first, one per worker (`make test` runs pytest-xdist with
#: `--dist loadfile --no-loadscope-reorder`: files are handed out in collection order). Left to
#: xdist's own order (files with the most tests first), the real-browser file (about 4 minutes in one
#: worker) started a minute in and the run ended with one worker idle for a minute and a half.
LONGEST_FIRST = ("tests/browser/test_lab.py", "tests/rules/test_random_games.py")


def pytest_collection_modifyitems(config, items):
    """Move the longest files to the front, each file's tests in their own order (a notebook's cells
    share one kernel; a module's fixtures stay module-wide). Every worker sorts the same way."""
    rank = {path: k for k, path in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(rank)))  # stable: the rest keeps its order
