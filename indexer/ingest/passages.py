"""A document's full text and its passages: sections (or pages) cut into pieces of bounded length.

The full text is what fetch returns: each section's heading on a line of its own, then its text,
sections separated by a blank line. A passage is a span of that text (never of a heading line), so a
match deep inside a long document can be pointed at and fetched on its own.
"""

from __future__ import annotations

import re

from indexer.model import Section, Span

MAX_PASSAGE_CHARS = 2000  # about 300 words: long enough for context, short enough to point at
HEADING_PATH = " > "  # between the headings of a passage's heading and the empty sections' right before it
_BREAKS = (re.compile(r"\n\s*\n"), re.compile(r"\n"), re.compile(r"(?<=[.!?])\s+"), re.compile(r"\s+"))


def assemble(sections: tuple[Section, ...], limit: int = MAX_PASSAGE_CHARS) -> tuple[str, list[Span]]:
    """The full text of a document and the spans of its passages, in order. A section with a heading and no
    text (a heading right before another: "## Hooks", then "### useDocusaurusContext") has its heading line in
    the text. The headings of a section's parents (sections before it of a lower level, when levels are known)
    but the page's title (level 1, which the title field holds) lead the heading of its passages ("Hooks >
    useDocusaurusContext", and "Changes > 25.1.0" for every version of a changelog, not the first alone), so
    that a search for them finds them."""
    parts: list[str] = []
    spans: list[Span] = []
    offset = 0
    above: list[tuple[int, str]] = []  # (level, heading) of the sections the next one may be under, outermost first
    for section in sections:
        body = section.text.strip()
        if not body and not section.heading:
            continue
        if parts:
            parts.append("\n\n")
            offset += 2
        if section.heading:
            head = section.heading + ("\n\n" if body else "")
            parts.append(head)
            offset += len(head)
        path: list[str] = []
        if section.heading and section.level:
            while above and above[-1][0] >= section.level:
                above.pop()  # a heading of the same level or deeper is no longer above this one
            path = [heading for level, heading in above if level > 1]  # a level 1 is the page's title
            above.append((section.level, section.heading))
        if not body:
            continue
        heading = HEADING_PATH.join([*path, section.heading]) if path and section.heading else section.heading
        for start, end in split_bounded(body, limit):
            spans.append(Span(heading, section.page, offset + start, offset + end))
        parts.append(body)
        offset += len(body)
    return "".join(parts), spans


def split_bounded(text: str, limit: int) -> list[tuple[int, int]]:
    """Cut `text` into (start, end) pieces of at most `limit` characters, at the strongest break found.

    Paragraph breaks first, then line breaks, sentence ends, any white space; a single word longer than
    the limit is cut where it must be.
    """
    pieces: list[tuple[int, int]] = []
    start = 0
    while len(text) - start > limit:
        cut = _best_cut(text, start, start + limit)
        pieces.append(_trimmed(text, start, cut))
        start = cut
        while start < len(text) and text[start].isspace():
            start += 1
    if start < len(text):
        pieces.append(_trimmed(text, start, len(text)))
    return [(s, e) for s, e in pieces if e > s]


def _best_cut(text: str, start: int, stop: int) -> int:
    floor = start + (stop - start) // 2  # never cut a piece to less than half the limit
    for pattern in _BREAKS:
        last = None
        for match in pattern.finditer(text, floor, stop):
            last = match
        if last is not None:
            return last.start() if last.start() > start else last.end()
    return stop


def _trimmed(text: str, start: int, end: int) -> tuple[int, int]:
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end
