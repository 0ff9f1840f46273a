"""Material for MkDocs' code annotations: in a code block that an ordered list follows (the annotations' text),
a comment that holds only a marker (`# (1)!`, `// (2)`, `<!-- (3) -->`) shows on the page as a button that opens
that item of the list, not as text; with `!` the comment mark goes too. Read as written, FastAPI's Dockerfile
showed a `# (1)!` line above each of its instructions.

Only where the site annotates code blocks: its theme's features name `content.code.annotate`, or the block's
attributes its `.annotate` class (```` ``` { .dockerfile .annotate } ````). A marker is one at the end of a line,
right after a comment mark (`#`, `//`, `--`, `<!--`, `/*`), as Material's own examples write it; a
line left blank by it goes. A block without a list right after it (blank lines apart) is left as written. Each
line is looked at once, at its last characters only.
"""

from __future__ import annotations

import re

from indexer.loaders.fences import closes, opens

__all__ = ["without_material_annotations"]

_ORDERED_ITEM = re.compile(r"[ \t]*1[.)][ \t]")
_MARKER = re.compile(r"(?:#|//|--|<!--|/\*)[ \t]*\(\d{1,3}\)!?[ \t]*(?:-->|\*/)?[ \t]*$")
_TAIL = 40  # characters at a line's end that a marker and its comment mark may take
MAX_BLANKS = 100  # blank lines looked past for the list that annotates a block


def without_material_annotations(text: str, annotate: bool) -> str:
    """`text` with the markers of its annotated code blocks taken out (see the module docstring); `annotate`:
    whether the site annotates every code block (content.code.annotate)."""
    if "(" not in text or (not annotate and ".annotate" not in text):
        return text
    lines = text.split("\n")
    out: list[str] = []
    number = 0
    while number < len(lines):
        fence = opens(lines[number])
        if fence is None:
            out.append(lines[number])
            number += 1
            continue
        end = next((n for n in range(number + 1, len(lines)) if closes(lines[n], fence)), len(lines))
        block = lines[number : end + 1]
        if (annotate or ".annotate" in lines[number]) and end < len(lines) and _annotated(lines, end + 1):
            block = [block[0], *(line for line in map(_unmarked, block[1:-1]) if line is not None), block[-1]]
        out.extend(block)
        number = end + 1
    return "\n".join(out)


def _annotated(lines: list[str], after: int) -> bool:
    """Whether an ordered list is the first thing after the line before `after` (blank lines apart)."""
    for line in lines[after : after + MAX_BLANKS]:
        if line.strip():
            return _ORDERED_ITEM.match(line) is not None
    return False


def _unmarked(line: str) -> str | None:
    """The code line as the page shows it: without a marker's comment at its end; None when nothing else is on
    it."""
    start = max(0, len(line) - _TAIL)
    found = _MARKER.search(line, start)
    if found is None:
        return line
    kept = line[: found.start()].rstrip()
    return kept if kept.strip() else None
