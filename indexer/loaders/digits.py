"""Numbers that a document writes, read with a bound: a line number, an indent, a count of repeated cells. Python
reads no number of more than 4,300 digits (`int()` raises ValueError past its int-string limit), and one of a few
thousand digits it does read is a range no loop should walk, so every such number is read here, at most FAR.
"""

from __future__ import annotations

import re

__all__ = ["FAR", "bounded", "bounded_int"]

FAR = 10**9  # what a number of more than nine digits counts as: past the end of any file, any count we keep

_INT = re.compile(r"\s*([+-]?)(\d+(?:_\d+)*)\s*")  # what int() reads, in base 10


def bounded(digits: str) -> int:
    """The number a run of decimal digits writes, FAR when it has more than nine (leading zeros aside)."""
    digits = digits.lstrip("0")
    return int(digits or "0") if len(digits) <= 9 else FAR


def bounded_int(text: str) -> int | None:
    """The integer `text` writes as int() reads it (a sign, spaces around, `_` between digits), at most FAR either
    way; None when it writes none."""
    found = _INT.fullmatch(text)
    if found is None:
        return None
    number = bounded(found.group(2).replace("_", ""))
    return -number if found.group(1) == "-" else number
