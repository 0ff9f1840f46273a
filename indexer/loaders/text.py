"""Plain text and lightweight markup read as text: .txt, .adoc and friends (.rst has rst.py).

Plain files are one untitled Section (a `.txt` file is AsciiDoc where AsciiDoc Python's config lies beside it or
above: _asciidoc_project). AsciiDoc is split at `= Title` / `== Section` lines; the first such
heading is the title, and heading lines are not repeated in the text; its markup is taken out as the rendered page
shows it (asciidoc.py). Other markup is kept as written.
split_rst cuts reStructuredText at its underlined (optionally also overlined) titles the same way, for
rst.py's fallback when docutils cannot read a file.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

from indexer.loaders.asciidoc import attributes_after, plain_asciidoc, plain_title
from indexer.loaders.asciidocattributes import DEFINITION
from indexer.loaders.asciidocdirectives import antora_attributes, preprocess
from indexer.loaders.includes import folders_up, probe, reading_root
from indexer.loaders.textcodec import decode_text
from indexer.model import ParsedDoc, Section

__all__ = ["TextLoader", "sections_at", "split_adoc", "split_rst"]

# A heading as (line index where it starts, lines it spans, heading text).
_Heading = tuple[int, int, str]

_RST_ADORNMENT = re.compile(r"^([=\-~^*#\"'`:.+_<>!$%&,;/?@\\|])\1*[ \t]*$")
_ADOC_HEADING = re.compile(r"^(={1,6})[ \t]+(\S.*?)[ \t]*=*[ \t]*$")
_ADOC_DELIMITER = re.compile(r"^(-{4,}|\.{4,}|/{4,}|\+{4,}|_{4,})[ \t]*$")  # listing, literal, comment...
_MANPAGE = re.compile(r"^[^\s()]+\(\w+\)$")  # git-rebase(1)
_BLANKS = re.compile(r"\n[ \t]*(?:\n[ \t]*)+\n")


class TextLoader:
    """Loads plain-text files; .adoc headings become sections (see the module docstring)."""

    format = "text"
    suffixes = frozenset({".txt", ".text", ".adoc", ".asciidoc", ".org", ".textile"})

    def load(self, path: Path, data: bytes) -> ParsedDoc:
        lines = [line.rstrip() for line in decode_text(data).split("\n")]
        splitter = _SPLITTERS.get(path.suffix.lower())
        if splitter is None and path.suffix.lower() == ".txt" and _asciidoc_project(path):
            splitter = _adoc_lines
        if splitter is None:
            sections = sections_at(lines, [])
            return ParsedDoc(format=self.format, title="", sections=sections)
        if splitter is _adoc_lines:
            given, locked = antora_attributes(path)
            lines = preprocess(lines, path, given, locked)
        headings = splitter(lines)
        title = next((text for _, _, text in headings if text), "")
        sections = sections_at(lines, headings)
        if splitter is _adoc_lines:
            title, sections = _plain_adoc(lines, headings, sections, given, locked)
            title = _manpage_title(title, sections)
        return ParsedDoc(format=self.format, title=title, sections=sections)


def _plain_adoc(
    lines: list[str],
    headings: list[_Heading],
    sections: tuple[Section, ...],
    given: dict[str, str],
    locked: frozenset[str],
) -> tuple[str, tuple[Section, ...]]:
    """An AsciiDoc document's title and sections as the rendered page shows them (asciidoc.py). Attribute entries
    count from their line on, as Asciidoctor reads them: each section starts with the attributes the one above
    left, and the title shows those in effect at the header's end (the lines to the first blank one below it);
    `given`: the attributes given the document, `locked` those of them its entries may not change."""
    start, span, raw_title = next(((i, n, text) for i, n, text in headings if text), (0, 0, ""))
    header_end = next((i for i in range(start + span, len(lines)) if not lines[i].strip()), len(lines))
    title = plain_title(raw_title, attributes_after(lines[:header_end], given, locked))
    attributes = dict(given)
    plain: list[Section] = []
    titled = False
    for section in sections:
        heading = title if section.heading and not titled else plain_title(section.heading, attributes)
        titled = titled or bool(section.heading)
        text = _blank_runs("\n".join(plain_asciidoc(section.text.split("\n"), attributes, locked)))
        if text or heading:  # a preamble of attribute entries alone leaves nothing
            plain.append(Section(text=text, heading=heading, level=section.level))
    return title, tuple(plain)


def _asciidoc_project(page: Path) -> bool:
    """Whether a `.txt` file is AsciiDoc: AsciiDoc Python's `asciidoc.conf` lies in its folder or one above it
    (inside where included files may come from), the file that tool reads beside the documents it renders. git's
    manual pages were `.txt` until 2025, read as plain text: their markup as written, no includes, no titles.
    Each folder looked in is remembered (probe()), so that a config that comes reads the pages again."""
    root = reading_root()
    if root is None:
        return False
    for folder in folders_up(page):
        if not (folder == root or folder.startswith(root.rstrip(os.sep) + os.sep)):
            return False
        if probe(os.path.join(folder, "asciidoc.conf")):
            return True
    return False


def _manpage_title(title: str, sections: tuple[Section, ...]) -> str:
    """A manual page's title (`git-rebase(1)` over a NAME section, the shape Asciidoctor's manpage doctype reads)
    is its NAME line, `git-rebase - Reapply commits on top of another base tip`: what `man -k` and the page's
    reader see first, and the words a question about the command uses."""
    if not _MANPAGE.match(title):
        return title
    first = next((s for s in sections if s.heading and s.heading != title), None)
    if first is None or first.heading.upper() != "NAME":
        return title
    line = first.text.strip().split("\n", 1)[0].strip()
    return line if " - " in line else title


def _blank_runs(text: str) -> str:
    return _BLANKS.sub("\n\n", text).strip("\n")


def split_rst(lines: list[str]) -> list[_Heading]:
    """reStructuredText section titles: a line underlined (and maybe overlined) by one repeated mark."""
    headings: list[_Heading] = []
    index = 0
    while index + 1 < len(lines):
        title, under = lines[index], lines[index + 1]
        if _is_rst_title(lines, index) and _is_adornment(under, len(title.strip())):
            overlined = index > 0 and lines[index - 1].strip() == under.strip()
            start = index - 1 if overlined else index
            headings.append((start, index + 2 - start, title.strip()))
            index += 2
        else:
            index += 1
    return headings


def _is_rst_title(lines: list[str], index: int) -> bool:
    line = lines[index]
    if not line.strip() or line[0].isspace() or _is_adornment(line, 1):
        return False
    above = lines[index - 1] if index > 0 else ""
    return not above.strip() or _is_adornment(above, len(line.strip()))  # not a paragraph's last line


def _is_adornment(line: str, min_length: int) -> bool:
    stripped = line.strip()
    return len(stripped) >= max(min_length, 1) and bool(_RST_ADORNMENT.match(line))


def split_adoc(lines: list[str]) -> list[_Heading]:
    """AsciiDoc titles outside delimited blocks: `= Document title`, `== Section`, ... and the two-line titles
    Asciidoctor reads too (a title underlined by `=`, `-`, `~`, `^` or `+`: git's manual pages are written so), whose
    underline is no block's delimiter (`NAME` over `----` opens no listing)."""
    headings: list[_Heading] = []
    open_block: str | None = None
    index = 0
    while index < len(lines):
        line = lines[index]
        if open_block is None and _underlined(lines, index):
            headings.append((index, 2, line.strip()))
            index += 2
            continue
        delimiter = _ADOC_DELIMITER.match(line)
        if delimiter:
            open_block = None if open_block == delimiter.group(1) else open_block or delimiter.group(1)
        elif open_block is None and (match := _ADOC_HEADING.match(line)):
            headings.append((index, 1, match.group(2)))
        index += 1
    return headings


def _underlined(lines: list[str], index: int) -> bool:
    """Whether the line at `index` is a two-line title as Asciidoctor's parser finds one: at a block's start, with
    a letter or digit, not a block title (`.x`), an attribute line or a comment, over a line of one of the marks
    whose length differs from its own by at most one."""
    if index + 1 >= len(lines):
        return False
    title, under = lines[index].rstrip(), lines[index + 1].rstrip()
    if len(under) < 2 or under[0] not in "=-~^+" or under.strip(under[0]) or abs(len(title) - len(under)) > 1:
        return False
    if title[:1] in ("", ".", "[", " ", "\t") or title.startswith("//") or not any(c.isalnum() for c in title):
        return False
    above = lines[index - 1].strip() if index else ""
    return not above or (above.startswith("[") and above.endswith("]")) or bool(DEFINITION.match(above))


def _adoc_lines(lines: list[str]) -> list[_Heading]:
    """AsciiDoc headings; attribute entries (`:toc: left`) stay in the sections' text, where the body's reader
    follows them from their line on and shows nothing of them (asciidoc.py)."""
    return split_adoc(lines)


def sections_at(lines: list[str], headings: list[_Heading]) -> tuple[Section, ...]:
    """Cut the lines at the headings; the heading lines themselves are not part of any text."""
    sections: list[Section] = []
    heading = ""
    body: list[str] = []
    starts = {start: (span, text) for start, span, text in headings}
    index = 0
    while index < len(lines):
        if index in starts:
            span, text = starts[index]
            index += span
            if text:  # an empty "heading" only hides its lines (AsciiDoc attributes)
                _append(sections, heading, body)
                heading, body = text, []
            continue
        body.append(lines[index])
        index += 1
    _append(sections, heading, body)
    return tuple(sections)


def _append(sections: list[Section], heading: str, body: list[str]) -> None:
    text = "\n".join(body).strip("\n")
    if text.strip() or heading:  # a heading right before another is kept (assemble() joins them)
        sections.append(Section(text=text if text.strip() else "", heading=heading))


_SPLITTERS: dict[str, Callable[[list[str]], list[_Heading]]] = {
    ".adoc": _adoc_lines,
    ".asciidoc": _adoc_lines,
}
