"""Line ranges of an include, on hostile input. Line numbers of any length are read (line_number(), digits.py's
bounded()). And a bound on what the ranges give: Sphinx's `:lines:` and mdx_include's `[ln:...]` take the
ranges in the order written, one named twice shows twice (as those tools show them), so `1-,1-,1-,...` gave a
copy of the whole file per range (a page of 30 KB and a file of 4.6 KB, 22 MB of text). An include gives at most
REPEATS times its file's lines, with a warning past that. (AsciiDoc's `lines=` shows each line once, in the
file's order, as Asciidoctor does: asciidocoptions.py.)
"""

from __future__ import annotations

from indexer.loaders.digits import bounded, bounded_int
from indexer.loaders.includes import warn

__all__ = ["REPEATS", "line_number", "numbered_lines", "too_many"]

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


def numbered_lines(lines: list[str], spec: str, target: str) -> list[str]:
    """The lines that ranges name (Sphinx's `:lines:`, DocFX's `range=`): 1-based numbers and ranges, "5-", "-3"
    open ended, in the order given (as Sphinx and DocFX take them), at most REPEATS times the file's lines."""
    kept: list[str] = []
    for part in spec.split(","):
        first, dash, last = part.strip().partition("-")
        start = _number(first, 1) if first.strip() else 1
        stop = (_number(last, len(lines)) if last.strip() else len(lines)) if dash else start
        kept += lines[max(start, 1) - 1 : stop]
        if too_many(kept, len(lines), target, spec):
            return kept[: REPEATS * len(lines)]
    return kept


def _number(value: str, default: int) -> int:
    """A line number as Sphinx's int() reads it, `default` when there is none; past nine digits, digits.py's FAR
    (a number of 5,000 digits, which int() refuses, is past the file's end as one of 4,000 is)."""
    number = bounded_int(value)
    return default if number is None else number
