"""Pandoc's inline notes (`bookdown_site,^[This function calls render_book().]`) in R Markdown and Quarto pages:
their text stays where it is written, as a note in parentheses ("bookdown_site, (This function calls
render_book().)"), as footnotes are kept where they are written (markdown.py), without the `^[` and `]` that
only mark it. A note's brackets are counted (a link inside it, `[text](url)`) but not inside its code spans; a
note that does not close on its line is left as written. Fenced code is left as written. Each line is scanned
once.
"""

from __future__ import annotations

from indexer.loaders.fences import CODE_SPAN, in_code

__all__ = ["with_inline_notes"]


def with_inline_notes(text: str) -> str:
    """`text` (a page's Markdown) with its inline notes as the module docstring says."""
    if "^[" not in text:
        return text
    return "\n".join(line if code else _noted(line) for line, code in in_code(text.split("\n")))


def _noted(line: str) -> str:
    if "^[" not in line:
        return line
    spans = [(span.start(), span.end()) for span in CODE_SPAN.finditer(line)] if "`" in line else []
    parts: list[str] = []
    pos, span = 0, 0  # where the line is read to; the first code span not before it
    while (start := line.find("^[", pos)) >= 0:
        while span < len(spans) and spans[span][1] <= start:
            span += 1
        if span < len(spans) and spans[span][0] <= start:  # in a code span: as written
            parts.append(line[pos : spans[span][1]])
            pos = spans[span][1]
            continue
        end, span = _closing(line, start + 2, spans, span)
        if end < 0:
            break
        before = line[pos:start]
        parts += [before, "" if not before or before[-1].isspace() else " ", "(", line[start + 2 : end], ")"]
        pos = end + 1
    return "".join(parts) + line[pos:]


def _closing(line: str, pos: int, spans: list[tuple[int, int]], span: int) -> tuple[int, int]:
    """Where the note whose text starts at `pos` closes (-1 for nowhere on the line), and the first code span not
    before that place."""
    depth = 0
    while pos < len(line):
        while span < len(spans) and spans[span][1] <= pos:
            span += 1
        if span < len(spans) and spans[span][0] <= pos:
            pos = spans[span][1]
            continue
        char = line[pos]
        if char == "]":
            if depth == 0:
                return pos, span
            depth -= 1
        elif char == "[":
            depth += 1
        pos += 1
    return -1, span
