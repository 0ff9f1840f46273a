"""Line ranges of an include, on hostile input. Line numbers of any length are read (line_number(), digits.py's
bounded()). And a bound on what the ranges give: Sphinx's `:lines:` and mdx_include's `[ln:...]` take the
ranges in the order written, one named twice shows twice (as those tools show them), so `1-,1-,1-,...` gave a
copy of the whole file per range (a page of 30 KB and a file of 4.6 KB, 22 MB of text). An include gives at most
REPEATS times its file's lines, with a warning past that. (AsciiDoc's `lines=` shows each line once, in the
file's order, as Asciidoctor does: asciidocoptions.py.)
"""

from __future__ import annotations

from indexer.loaders.digits import bounded
from indexer.loaders.includes import warn

__all__ = ["REPEATS", "line_number", "too_many"]

REPEATS = 3  # an include gives at most this many times the lines of its file

# A line number of any length: past nine digits, a line past the end of any file (`[ln:999...]` of 5,000 digits
# failed the page with a ValueError).
line_number = bounded


def too_many(kept: list[str], count: int, target: str, spec: str) -> bool:
    """Whether the lines `kept` from a file `target` of `count` lines, by the ranges `spec`, pass REPEATS times
    its lines (a warning then: the caller keeps that many)."""
    if len(kept) <= REPEATS * count:
        return False
    shown = target if len(target) <= 120 else target[:117] + "..."
    ranges = spec if len(spec) <= 40 else spec[:37] + "..."
    warn(f"{shown}: its line ranges {ranges} name more than {REPEATS} times its {count} lines; cut there")
    return True
