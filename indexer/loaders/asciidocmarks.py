"""AsciiDoc's formatting marks (`*bold*`, `_emphasis_`, `` `code` ``, `#marked#`, `+passthrough+`, and their
doubled, unconstrained forms) taken off, leaving their text: asciidoc.py's inline pass.

A mark opens where no word character or backslash stands before it and no space after it; it closes at the first
same mark after at least one character, with no space before it and no word character after it, on the same line
(a doubled opening tried before a single one). A regular expression said so (`([*_`#+]{1,2})(?=\\S)([^\\n]*?\\S)\\1
(?!\\w)`), but it looked for a close from each opening to the line's end: a line of 90 KB of ` *a` took 17 s,
growing with the square. Here the places where each mark may close are listed once per line, and each opening
finds its close among them by bisection: the same text, in time that grows with the line.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import defaultdict

__all__ = ["unmarked"]

_MARK_CHARS = frozenset("*_`#+")


def unmarked(text: str) -> str:
    """`text` with each pair of formatting marks taken off, its text left (one pass: nested marks need two)."""
    return "\n".join(_unmarked_line(line) if _has_marks(line) else line for line in text.split("\n"))


def _has_marks(line: str) -> bool:
    return any(mark in line for mark in _MARK_CHARS)


def _word(char: str) -> bool:
    """Whether `char` is what a regular expression's `\\w` matches."""
    return char.isalnum() or char == "_"


def _closes(line: str) -> dict[str, list[int]]:
    """Where each mark (a mark character, or two) may close in `line`: its positions, in order."""
    found: dict[str, list[int]] = defaultdict(list)
    end = len(line)
    for at in range(1, end):
        if line[at] not in _MARK_CHARS or line[at - 1].isspace():
            continue
        for size in (1, 2):
            mark = line[at : at + size]
            if len(mark) == size and mark[-1] in _MARK_CHARS and (at + size == end or not _word(line[at + size])):
                found[mark].append(at)
    return found


def _unmarked_line(line: str) -> str:
    closes = _closes(line)
    out: list[str] = []
    at, end = 0, len(line)
    while at < end:
        char = line[at]
        if char not in _MARK_CHARS or (at > 0 and (_word(line[at - 1]) or line[at - 1] == "\\")):
            out.append(char)
            at += 1
            continue
        for size in (2, 1):
            mark = line[at : at + size]
            if len(mark) < size or mark[-1] not in _MARK_CHARS or at + size >= end or line[at + size].isspace():
                continue
            positions = closes.get(mark, [])
            found = bisect_left(positions, at + size + 1)
            if found < len(positions):
                close = positions[found]
                out.append(line[at + size : close])
                at = close + size
                break
        else:
            out.append(char)
            at += 1
    return "".join(out)
