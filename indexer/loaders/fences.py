"""Code in Markdown source, as the passes that run before the Markdown parser (templates, dialects, MDX) see it.
Fences, line by line: a line that starts (at any indentation, or after a block quote's or a list item's markers:
`> ````, `- ````) with three or more backticks or tildes opens a fence, and the next such line (not a list item;
in a quote, after its `>`) of the same character, at least as long, closes it: a quoted fence is code too
(svelte.dev's legacy notes quote a `{{ data: PageData }}` type that the template pass would otherwise take out).
Code spans: a run of backticks and the next run of as many on the same line. Code put into a page is fenced (or
spanned) by more backticks than any run in it (fence_for()), so that nothing in it ends it early."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator

__all__ = [
    "CODE_SPAN",
    "CODE_SPAN_PATTERN",
    "closed",
    "closes",
    "fence_for",
    "in_code",
    "opens",
    "outside_code_spans",
]

_FENCE = re.compile(r"^[ \t]*(?:>[ \t]*)*(`{3,}|~{3,})")
# a fence may open a list item too (`- ```python`, `* - ````md` in MyST's list-table), but never closes one so
_OPENING = re.compile(r"^[ \t]*(?:>[ \t]*)*(?:(?:[*+-]|[0-9]{1,9}[.)])[ \t]+)*(`{3,}|~{3,})")
# a whole run of backticks, what follows on its line, and the next run of as many: a span starts only at a run's
# first backtick, so a long run with no closer is tried once, not once per backtick (that was quadratic)
CODE_SPAN_PATTERN = r"(?<!`)(?P<ticks>`+)(?!`).+?(?<!`)(?P=ticks)(?!`)"
CODE_SPAN = re.compile(CODE_SPAN_PATTERN)
_BACKTICKS = re.compile(r"`+")


def opens(line: str) -> str | None:
    """The fence a line opens (its run of backticks or tildes, at any indentation or after a list item's
    markers), or None when it is no fence line."""
    marker = _OPENING.match(line)
    return marker.group(1) if marker else None


def fence_for(code: str, shortest: int = 3) -> str:
    """The run of backticks that fences `code` (or, with `shortest` 1, spans it inline): longer than any run in
    it, so that no line of the code closes the fence (nor a run in it the span), and at least `shortest` long."""
    return "`" * max(shortest, 1 + max((len(run) for run in _BACKTICKS.findall(code)), default=0))


def closes(line: str, fence: str) -> bool:
    """Whether `line` closes the open `fence`."""
    marker = _FENCE.match(line)
    return marker is not None and marker.group(1)[0] == fence[0] and len(marker.group(1)) >= len(fence)


def in_code(lines: Iterable[str]) -> Iterator[tuple[str, bool]]:
    """Each line, and whether a pass shows it as written: in fenced code (its fence lines too), or in an HTML
    comment that starts a line and ends on a later one (the page shows nothing of it, and a fence in it is none:
    docs-maui comments out a ```mermaid block, `<!-- ```mermaid` ... ```` ``` -->`, whose last line was taken for
    a fence opening to the page's end, which left every later line as written)."""
    fence: str | None = None
    comment = False
    for line in lines:
        if comment:
            comment = "-->" not in line
            yield line, True
        elif fence is not None:
            fence = None if closes(line, fence) else fence
            yield line, True
        elif (fence := opens(line)) is not None:
            yield line, True
        else:
            start = line.lstrip(" ")
            comment = start.startswith("<!--") and len(line) - len(start) <= 3 and "-->" not in start[4:]
            yield line, comment


def closed(lines: list[str]) -> list[str]:
    """`lines` with the fence they leave open (if any) closed after them: text put into a page (a docstring) whose
    code never closes would otherwise make code of the rest of the page."""
    fence: str | None = None
    for line in lines:
        fence = (None if closes(line, fence) else fence) if fence is not None else opens(line)
    return lines if fence is None else [*lines, fence]


def outside_code_spans(text: str, change: Callable[[str], str]) -> str:
    """`text` with `change` made to what lies outside its code spans (which show syntax as written)."""
    if "`" not in text:
        return change(text)
    parts: list[str] = []
    pos = 0
    for span in CODE_SPAN.finditer(text):
        parts += [change(text[pos : span.start()]), span.group()]
        pos = span.end()
    parts.append(change(text[pos:]))
    return "".join(parts)
