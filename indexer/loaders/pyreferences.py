"""Python-Markdown's full reference links whose two brackets stand apart, joined as MkDocs reads them.

Python-Markdown takes `[shown]` and `[label]` apart by one space, or by a line break and the next line's
indentation, for one reference link (its ReferenceInlineProcessor allows `\\s?` between them), and pages wrapped at
80 columns often break there: Material for MkDocs' plugin pages end a line with `` [`post_url_format`] `` and start
the next with `[config.post_url_format]` (28 times on 11 pages). CommonMark reads two shortcut links, the first
one undefined, so the text said "[post_url_format] config.post_url_format" where the page shows "post_url_format".
Joined here (`[shown][label]`), the Markdown parser reads the link the page shows (and dialects.py an undefined
label as autorefs would). A task list's box (`- [x] [Projects plugin]`) is no link text: pymdownx.tasklist takes it
first. Code (fenced blocks, code spans) is left as written. Only on a page of an MkDocs project.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from indexer.loaders.fences import in_code

__all__ = ["joined_references"]

MAX_LABEL = 300  # characters in either bracket: each `[` is looked past at most this far
# `[shown]`, then one space or tab, or a line break and indentation, before `[label]` that is no definition
# (`[label]: url`), inline link or further reference; not an image's, a footnote's (`[^1]`, which Python-Markdown
# reads first) nor the label of `[x][y]` before it
_BRACKETED = rf"\[(?!\^)([^\[\]\n]{{1,{MAX_LABEL}}})\]"
_SPLIT = re.compile(rf"(?<![!\]\\]){_BRACKETED}(?:[ \t]|\n[ \t]*)(?={_BRACKETED}(?![(:\[]))")
_TASK_BOXES = frozenset({" ", "x", "X"})
_TICKS = re.compile(r"`+")


def joined_references(text: str) -> str:
    """`text` with each reference link split between its brackets joined, as the module docstring says."""
    if "] [" not in text and "]\n" not in text and "]\t[" not in text:
        return text
    out: list[str] = []
    prose: list[str] = []
    for line, code in in_code(text.split("\n")):
        if not code:
            prose.append(line)
            continue
        if prose:
            out.append(_joined("\n".join(prose)))
            prose = []
        out.append(line)
    if prose:
        out.append(_joined("\n".join(prose)))
    return "\n".join(out)


def _joined(prose: str) -> str:
    """Lines of prose with their split reference links joined, outside code spans (a span ends with its paragraph)."""
    if "\n\n" in prose:
        return "\n\n".join(_joined(paragraph) for paragraph in prose.split("\n\n"))
    spans = _code_spans(prose) if "`" in prose else []
    starts = [start for start, _ in spans]
    parts: list[str] = []
    pos = 0
    for found in _SPLIT.finditer(prose):
        span = bisect_right(starts, found.start()) - 1
        if found.group(1) in _TASK_BOXES or (span >= 0 and found.start() < spans[span][1]):
            continue
        parts += [prose[pos : found.start()], f"[{found.group(1)}]"]
        pos = found.end()
    return "".join(parts) + prose[pos:] if parts else prose


def _code_spans(paragraph: str) -> list[tuple[int, int]]:
    """Where a paragraph's code spans start and end, in order: a run of backticks opens one that the next run of
    as many closes (across lines); with none, it is backticks as written. Each run is looked at once or twice."""
    runs = [(run.start(), run.end()) for run in _TICKS.finditer(paragraph)]
    same: dict[int, list[int]] = {}  # the runs of each length, in order
    for number, (start, end) in enumerate(runs):
        same.setdefault(end - start, []).append(number)
    next_of = dict.fromkeys(same, 0)  # per length, the first of its runs not yet passed
    spans: list[tuple[int, int]] = []
    number = 0
    while number < len(runs):
        length = runs[number][1] - runs[number][0]
        numbers, at = same[length], next_of[length]
        while at < len(numbers) and numbers[at] <= number:
            at += 1
        next_of[length] = at
        if at == len(numbers):
            number += 1  # never closed
            continue
        spans.append((runs[number][0], runs[numbers[at]][1]))
        number = numbers[at] + 1
    return spans
