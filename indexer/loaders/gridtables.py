"""Pandoc's grid tables, rewritten as the pipe tables Markdown reads, a row a line:

    +-----------+--------------------------+
    | Platform  | Command                  |         | Platform | Command |
    +===========+==========================+   ->    |---|---|
    | Mac/Linux | ```{.bash}               |         | Mac/Linux | `python3 -m venv env` |
    |           | python3 -m venv env      |
    |           | ```                      |
    +-----------+--------------------------+

A cell's lines are joined into one: its paragraphs and list items by spaces, the lines of a code block in it as
code spans. The columns are where the top border's `+` stand, or where a line's own `|` stand when it has one
for each; a table whose lines do neither (cells spanning columns or rows) is left as written, as is every line
in fenced code.
"""

from __future__ import annotations

import re
from itertools import pairwise

from indexer.loaders.fences import CODE_SPAN, closes, opens

__all__ = ["pipe_tables"]

_BORDER = re.compile(r"^[ \t]*\+(?:[-=:]+\+)+[ \t]*$")
_HEADER_BORDER = re.compile(r"^[ \t]*\+(?::?=+:?\+)+[ \t]*$")
_ROW = re.compile(r"^[ \t]*\|.*\|[ \t]*$")
_BACKTICKS = re.compile(r"`+")
_MARKERS = re.compile(r"^(?:#{1,6}[ \t]+|(?:[*+-]|[0-9]{1,9}[.)])[ \t]+)")
_PIPE = re.compile(r"(?<!\\)\|")  # a pipe not escaped yet: in a pipe table's cell, it must be


def pipe_tables(text: str) -> str:
    """`text` with its grid tables outside fenced code rewritten as pipe tables (see the module docstring)."""
    if "+-" not in text or not any(_BORDER.match(line) for line in text.split("\n")):
        return text
    lines = text.split("\n")
    out: list[str] = []
    fence: str | None = None
    number = 0
    while number < len(lines):
        line = lines[number]
        number += 1
        if fence is not None:
            fence = None if closes(line, fence) else fence
        elif (opened := opens(line)) is not None:
            fence = opened
        elif _BORDER.match(line):
            end = _table_end(lines, number - 1)
            rows = _pipe_rows(lines[number - 1 : end])
            if rows is not None:
                out += ["", *rows, ""]
                number = end
                continue
        out.append(line)
    return "\n".join(out)


def _table_end(lines: list[str], start: int) -> int:
    """Where the table starting at `start` ends: past its last line that is a border or a row."""
    end = start + 1
    while end < len(lines) and (_BORDER.match(lines[end]) or _ROW.match(lines[end])):
        end += 1
    return end


def _pipe_rows(table: list[str]) -> list[str] | None:
    """The pipe table's lines of a grid table; None when it is none that the module docstring reads."""
    if len(table) < 3 or not _BORDER.match(table[-1]):
        return None
    indent = table[0][: len(table[0]) - len(table[0].lstrip())]
    bounds = [i for i, char in enumerate(table[0]) if char == "+"]
    rows: list[list[str]] = []
    lines: list[list[str]] = []  # the cells of each line of the row being read
    header = False  # whether the first row is a header (a border of `=` under it)
    for line in table[1:]:
        if _BORDER.match(line):
            if [i for i, char in enumerate(line) if char == "+"] != bounds:
                return None
            if lines:
                rows.append([_one_line([cells[n] for cells in lines]) for n in range(len(bounds) - 1)])
            header = header or (len(rows) == 1 and _HEADER_BORDER.match(line) is not None)
            lines = []
        elif (cells := _cells(line.rstrip(), bounds)) is not None:
            lines.append(cells)
        else:
            return None
    if not rows:
        return None
    head, body = (rows[0], rows[1:]) if header else ([""] * len(rows[0]), rows)
    return [_line(indent, head), _line(indent, ["---"] * len(head)), *(_line(indent, row) for row in body)]


def _cells(line: str, bounds: list[int]) -> list[str] | None:
    """A line's cells: between the columns' bounds when its `|` stand there (the last one may stand a little off,
    as it often does in tables written by hand), else between its `|` outside code spans if it has as many; None
    when it has not."""
    if all(i < len(line) and line[i] == "|" for i in bounds[:-1]) and line.endswith("|"):
        cuts = [*bounds[:-1], len(line) - 1]
    else:
        code = [span.span() for span in CODE_SPAN.finditer(line)]
        cuts = [m.start() for m in _PIPE.finditer(line) if not any(a < m.start() < b for a, b in code)]
        if len(cuts) != len(bounds) or cuts[0] != bounds[0] or cuts[-1] != len(line) - 1:
            return None
    return [line[a + 1 : b].strip() for a, b in pairwise(cuts)]


def _one_line(lines: list[str]) -> str:
    """A cell's lines as one: prose joined by spaces, each line of a fenced code block a code span."""
    parts: list[str] = []
    fence: str | None = None
    for line in lines:
        if fence is not None:
            if closes(line, fence):
                fence = None
            elif line:
                ticks = "`" * (1 + max((len(run) for run in _BACKTICKS.findall(line)), default=0))
                parts.append(f"{ticks} {line} {ticks}")
        elif (opened := opens(line)) is not None:
            fence = opened
        elif line:  # a hard line break (`\` at the end), a heading's or a list item's markers: not shown
            parts.append(_MARKERS.sub("", line.removesuffix("\\")))
    return _PIPE.sub(r"\\|", " ".join(parts))


def _line(indent: str, cells: list[str]) -> str:
    return f"{indent}| {' | '.join(cells)} |"
