"""Running headers and footers of a paginated document, kept once instead of on every page.

A PDF's text layer repeats them on each page ("National Hydro Network, Data Model - Edition 1.0" over
"GeoBase® 14"), so every page's passage starts with the same words: they crowd snippets, weigh on ranking as if
each page were about them, and a reader fetching pages reads them again and again. A line is a running one when it
stands among the first or last two lines of at least half the pages (three at least), the same but for a page
number (digits, or a roman numeral written in one case, each kind rising page after page); it is kept where it
first appears and dropped from the other pages. A word is a roman numeral when it is a well-formed one ("xiv", "XIV";
not "civil", "ill" or "Mix"), so lines that differ in such words are not one line with a page number. Lines of no
letters (a bare page number) are left alone, and so are documents of fewer than three pages with text.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from dataclasses import dataclass

__all__ = ["drop_running_heads"]

_EDGE_LINES = 2  # how many lines at the top and at the bottom of a page can be a header or a footer
_MIN_PAGES = 3
_ROMAN = re.compile(r"m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})")
_ROMAN_VALUES = {"m": 1000, "d": 500, "c": 100, "l": 50, "x": 10, "v": 5, "i": 1}
_MAX_LINE_CHARS = 200  # a header is a line, not a paragraph
_PUNCTUATION = ".,:;()[]|/\u00b7\u2022\u2013\u2014-"  # middle dot, bullet, en and em dash


@dataclass(frozen=True)
class _Number:
    roman: bool  # front matter is often numbered i, ii, iii and the body 1, 2, 3: each kind rises on its own
    value: int


@dataclass(frozen=True)
class _Line:
    key: str  # the line, lower-cased, its numbers "#" (a number that starts or ends it left out)
    numbers: tuple[_Number, ...]  # its numbers in order


def drop_running_heads(pages: list[str]) -> list[str]:
    """The pages' texts, each running header and footer line kept on the first page that has it only."""
    filled = sum(1 for page in pages if page)
    if filled < _MIN_PAGES:
        return pages
    edges = [_edge_lines(page) for page in pages]
    running = _running_keys(edges, needed=max(_MIN_PAGES, (filled + 1) // 2))
    if not running:
        return pages
    seen: set[str] = set()
    kept: list[str] = []
    for page, lines in zip(pages, edges, strict=True):
        drop = {index for index, line in lines.items() if line.key in running and line.key in seen}
        seen.update(line.key for line in lines.values() if line.key in running)
        text = page.split("\n")
        kept.append("\n".join(line for index, line in enumerate(text) if index not in drop).strip() if drop else page)
    return kept


def _running_keys(edges: list[dict[int, _Line]], needed: int) -> set[str]:
    copies: dict[str, list[tuple[_Number, ...]]] = {}
    for lines in edges:
        for key, numbers in {line.key: line.numbers for line in lines.values()}.items():
            copies.setdefault(key, []).append(numbers)
    return {key for key, numbers in copies.items() if _numbered_by_page(numbers, needed)}


def _numbered_by_page(copies: list[tuple[_Number, ...]], needed: int) -> bool:
    """Whether `needed` of a line's copies, page after page, differ in a page number alone: in one place at most,
    rising there, roman and arabic numbers each on their own ("GeoBase®" on a page without a number aside).
    "Page 3 of 12" is a footer; "Stock: 7 units", "Stock: 3 units" at the foot of pages is content."""
    if len(copies) < needed:
        return False
    width = Counter(len(numbers) for numbers in copies).most_common(1)[0][0]
    copies = [numbers for numbers in copies if len(numbers) == width]
    if len(copies) < needed:
        return False
    varying = [column for column in zip(*copies, strict=True) if len(set(column)) > 1]
    if len(varying) > 1:
        return False
    column = varying[0] if varying else ()
    return all(
        before < after
        for roman in (False, True)
        for before, after in itertools.pairwise(number.value for number in column if number.roman is roman)
    )


def _edge_lines(page: str) -> dict[int, _Line]:
    """The first and last lines of a page that have text, by line number."""
    lines = page.split("\n")
    filled = [index for index, line in enumerate(lines) if line.strip()]
    found = {index: _line(lines[index]) for index in filled[:_EDGE_LINES] + filled[-_EDGE_LINES:]}
    return {index: line for index, line in found.items() if line is not None}


def _line(text: str) -> _Line | None:
    """The line's key and numbers ("49 THE SIEGE" and "THE SIEGE 50" are one line), or None when it is too long
    to be a header or has no letters but a number's (a bare page number, left alone)."""
    if len(text) > _MAX_LINE_CHARS:
        return None
    words = text.split()
    kept: list[str] = []
    numbers: list[_Number] = []
    for position, word in enumerate(words):
        number = _number(word.strip(_PUNCTUATION))
        if number is not None:
            numbers.append(number)
            if 0 < position < len(words) - 1:
                kept.append("#")
        else:
            kept.append(word.lower())
    key = " ".join(kept)
    return _Line(key, tuple(numbers)) if any(char.isalpha() for char in key) else None


def _number(word: str) -> _Number | None:
    """The word as a page number: digits, or a well-formed roman numeral in one case ("xiv", "XIV"; not "Xiv")."""
    if word.isdecimal():
        return _Number(roman=False, value=int(word))
    lower = word.lower()
    if not word or word not in (lower, word.upper()) or not _ROMAN.fullmatch(lower):
        return None
    values = [_ROMAN_VALUES[char] for char in lower]
    # Subtractive notation: a letter before a larger one counts against it ("iv" is 5 - 1).
    nexts = [*values[1:], 0]
    return _Number(roman=True, value=sum(-v if v < after else v for v, after in zip(values, nexts, strict=True)))
