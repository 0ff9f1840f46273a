"""mdBook's file includes, put in place before a page is read, as mdBook puts them: `{{#include file.rs}}`,
`{{#rustdoc_include file.rs:anchor}}`, `{{#playground file.rs}}` (the Rust book pulls every code listing in so).

A directive is replaced by the text of the file it names (includes.py reads it, from the documents folder
only), anywhere in the page, code blocks included, which is where listings go. Parts of a file, as mdBook
takes them: `file:2` (line 2), `file::10` (lines 1 to 10), `file:2:` (from line 2), `file:2:10`, or
`file:name`, the lines between `ANCHOR: name` and `ANCHOR_END: name`, each time they open and close (the
lines of anchors in it are left out). A rustdoc_include shows only that part (mdBook hides the rest); a
playground is a Rust code block. An included file's own directives are put in place too, up to
includes.MAX_DEPTH deep. An escaped directive (`\\{{#include x}}`) is not one: templates.py shows it as written.

The Rust Reference's rule lines (its mdbook-spec preprocessor: `r[abi.intro]` alone on a line) show as the page
shows them, the rule's name in brackets in the margin (`[abi.intro]`), on an mdBook site, outside code (rule_names).
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from pathlib import Path

from indexer.loaders.fences import in_code
from indexer.loaders.includes import deeper, included_text, parsed_once, put_in_place, reading_state
from indexer.loaders.lineranges import line_number

__all__ = ["expand_includes", "rule_names"]

# possessive: the target and what follows it split one way only (tried every way, `{{#include aaa...` never closed
# took minutes on a line of 100,000 characters)
_DIRECTIVE = re.compile(r"(?<!\\)\{\{#(include|rustdoc_include|playground|playpen)[ \t]+([^{}\s]++)([^{}]*+)\}\}")
_ANCHOR = re.compile(r"ANCHOR(_END)?:\s*([\w-]+)")
_RULE = re.compile(r"^r\[([^\]\n]+)\]$")  # mdbook-spec's own pattern (rules.rs), for a line


def expand_includes(text: str, path: Path) -> str:
    """`text` with mdBook's include directives replaced by what they include ("" when that cannot be read)."""
    if "{{#" not in text:
        return text
    return _DIRECTIVE.sub(lambda match: _expansion(match, path), text)


def rule_names(text: str) -> str:
    """`text` with mdbook-spec's rule lines as their pages show them, `[abi.intro]` (escaped: no link), on an
    mdBook site (2,996 lines of the Rust Reference showed `r[abi.intro]`); unchanged elsewhere."""
    if "r[" not in text or (state := reading_state()) is None or state.generator != "mdbook":
        return text
    lines = text.split("\n")
    return "\n".join(line if code else _RULE.sub(r"\\[\1\\]", line) for line, code in in_code(lines))


def _expansion(match: re.Match[str], path: Path) -> str:
    kind, target = match.group(1), match.group(2)
    name, _, part = target.partition(":")
    text = included_text(path, name, part=True, once=True)
    if text is None:
        return ""
    lines = _part(parsed_once(text, _Listing.of), part)
    if lines is None:
        return ""
    body = put_in_place("\n".join(lines), target)
    if kind in ("playground", "playpen"):
        return f"```rust\n{body}\n```"
    with deeper():
        return expand_includes(body, path.parent / name)


@dataclass(frozen=True)
class _Listing:
    """An included file's lines (its final newline ends its last), parsed once for a page (includes.parsed_once):
    where its anchor lines stand, and the spans of lines each anchor holds, each time it opens and closes."""

    lines: list[str]
    marks: list[int]  # the indexes of its anchor lines (`ANCHOR: x`, `ANCHOR_END: x`), ascending
    spans: dict[str, list[tuple[int, int]]]  # anchor -> (first, past the last) indexes of the lines it holds

    @classmethod
    def of(cls, text: str) -> _Listing:
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()  # the file's final newline ends its last line
        marks: list[int] = []
        spans: dict[str, list[tuple[int, int]]] = {}
        opened: dict[str, int] = {}
        for number, line in enumerate(lines):
            anchor = _ANCHOR.search(line) if "ANCHOR" in line else None
            if anchor is None:
                continue
            marks.append(number)
            name = anchor.group(2)
            spans.setdefault(name, [])
            if not anchor.group(1):
                opened.setdefault(name, number + 1)
            elif name in opened:
                spans[name].append((opened.pop(name), number))
        for name, first in opened.items():
            spans[name].append((first, len(lines)))
        return cls(lines, marks, spans)


def _part(listing: _Listing, part: str) -> list[str] | None:
    """The lines `part` names (see the module docstring); None for an anchor the file does not hold. An anchor's
    part costs its own lines, however long the file: a page may name a file's anchors hundreds of times."""
    lines = listing.lines
    if not part:
        return lines
    bounds = part.split(":")
    if all(b.isdecimal() or not b for b in bounds) and len(bounds) <= 2:
        first = line_number(bounds[0]) if bounds[0] else 1
        last = first if len(bounds) == 1 else line_number(bounds[1]) if bounds[1] else len(lines)
        return lines[max(first, 1) - 1 : last]
    if part not in listing.spans:
        return None
    kept: list[str] = []  # an anchor may open and close several times: its parts are joined
    for first, end in listing.spans[part]:
        at = first  # the lines of the span but the anchor lines within it (of other anchors)
        for mark in listing.marks[bisect.bisect_left(listing.marks, first) : bisect.bisect_left(listing.marks, end)]:
            kept += lines[at:mark]
            at = mark + 1
        kept += lines[at:end]
    return kept
