"""What an AsciiDoc `include::`'s options take of the lines of the file it includes (asciidocdirectives.py), as
Asciidoctor takes them: the ranges of `lines=1..5;8;10..-1`, else the regions of `tag=`/`tags=` (`tag::x[]` ...
`end::x[]`); with `indent=N`, the indent the lines share taken off and N spaces put on (tabs count as one
character, or as the `:tabsize:` attribute's spaces; at most MAX_SPACES of either, with a warning past it); and,
in an AsciiDoc file, its headings moved by `leveloffset=`.
"""

from __future__ import annotations

import re
from typing import cast

from indexer.loaders.digits import bounded
from indexer.loaders.includes import warn

__all__ = ["HEADING", "MAX_SPACES", "leveled", "selected"]

HEADING = re.compile(r"^(=+)([ \t]+\S.*)$")
MAX_SPACES = 80  # an include's indent= and :tabsize:, at most: a line's width of spaces
_TAG_START = re.compile(r"\b(tag|end)::")  # a tag line's marker: then its name, up to `[]` (_marker())
_NAME = re.compile(r"[^\[\s]*")


def selected(lines: list[str], options: dict[str, str], tab_size: str) -> list[str]:
    """The lines an include's `options` keep (`lines=`, else `tag=`/`tags=`), indented as `indent=` says, with
    the `:tabsize:` attribute's value `tab_size`."""
    if "lines" in options:
        lines = _ranges(lines, options["lines"])
    elif "tag" in options or "tags" in options:
        lines = _tagged(lines, options.get("tags", options.get("tag", "")))
    if "indent" in options:
        lines = _indented(lines, _spaces(options["indent"], "indent="), _spaces(tab_size, ":tabsize: "))
    return lines


def leveled(lines: list[str], offset: str) -> list[str]:
    """An AsciiDoc file's lines with their headings moved as `leveloffset=` (`offset`) says: `+1`, `-1`, `2`."""
    offset = offset.strip()
    if re.fullmatch(r"[+-]?\d+", offset) and (shift := max(-6, min(6, _number(offset)))):
        return [_moved(line, shift) for line in lines]
    return lines


def _ranges(lines: list[str], spec: str) -> list[str]:
    """The lines of `lines=1..5;8;10..-1` (1-based, inclusive; `10..` or `10..-1`: to the end) as Asciidoctor
    takes them: the numbers sorted, each line once and in the file's order (`1..-1` given a thousand times is the
    file once, not a thousand copies of it); an open range goes on past the last number given; a number under 1
    matches no line and holds back every line after it; no numbers at all: the whole file."""
    beyond = len(lines) + 1  # every number past the file acts as this one: it matches no line
    spans: list[tuple[int, int]] = []
    open_ended = False
    parts = re.split(r"[;,]", spec.strip().strip('"'))
    while parts and not parts[-1]:  # Ruby's split drops empty parts at the end
        parts.pop()
    for part in parts:
        first, dots, last = part.strip().partition("..")
        start = max(0, min(_number(first), beyond))
        if dots and (not last or _number(last) < 0):
            spans.append((start, start))
            open_ended = True
        elif dots:
            spans += [(start, min(_number(last), beyond))] if start <= _number(last) else []
        else:
            spans.append((start, start))
    if not spans:
        return lines
    if min(start for start, _ in spans) < 1:
        return []
    return _spanned(lines, spans, max(stop for _, stop in spans) if open_ended else beyond)


def _spanned(lines: list[str], spans: list[tuple[int, int]], rest: int) -> list[str]:
    """The lines within any of `spans` (1-based, inclusive), and every line after line `rest`, once each."""
    starts = [0] * (len(lines) + 3)
    for start, stop in spans:
        starts[start] += 1
        starts[stop + 1] -= 1
    inside = 0
    picked: list[str] = []
    for number, line in enumerate(lines, 1):
        inside += starts[number]
        if inside > 0 or number > rest:
            picked.append(line)
    return picked


def _tagged(lines: list[str], spec: str) -> list[str]:
    """The lines inside the tagged regions `spec` names (`tag::name[]` ... `end::name[]`; `a;b`, `*`: any tag,
    `**`: every line, `!a`: not in a), without the tag lines themselves."""
    names = [n.strip() for n in re.split(r"[;,]", spec) if n.strip()]
    wanted = {n for n in names if not n.startswith("!")}
    unwanted = {n[1:] for n in names if n.startswith("!")}
    every = "**" in wanted or not wanted  # only exclusions: every other line
    kept: list[str] = []
    inside: dict[str, int] = {}  # the names of the regions open, and how many of each (a region may nest in one)
    for line in lines:
        marker = _marker(line) if "::" in line else None  # (the search costs ten times the test)
        if marker is not None:
            kind, name = marker
            if kind == "tag":
                inside[name] = inside.get(name, 0) + 1
            elif name in inside:  # the last region opened under that name ends
                inside[name] -= 1
                if not inside[name]:
                    del inside[name]
            continue
        chosen = every or any(n in inside for n in wanted) or ("*" in wanted and bool(inside))
        if chosen and not any(n in inside for n in unwanted):
            kept.append(line)
    return kept


def _marker(line: str) -> tuple[str, str] | None:
    """The first tag marker of a line (`tag::name[]`, `end::name[]`): its kind and its name; None for none. As
    the regex `\\b(tag|end)::([^\\[\\s]*)\\[\\]` finds it, in time linear in the line: that regex goes from each
    `tag::` of a run to the run's end again (a line of 20,000 `tag::` took 15 s). Every marker in one run of
    characters but `[` and whitespace ends where the run does, so one look at the run's end decides them all."""
    end, closed = -1, False
    for start in _TAG_START.finditer(line):
        if start.end() > end:  # a new run
            end = cast(re.Match[str], _NAME.match(line, start.end())).end()
            closed = line.startswith("[]", end)
        if closed:
            return start.group(1), line[start.end() : end]
    return None


def _number(text: str) -> int:
    """A number as Ruby's to_i reads it (Asciidoctor's): its leading digits, 0 when there are none; past nine
    digits, a billion (digits.py: `indent=999...` of thousands of digits failed the page)."""
    found = re.match(r"\s*([+-]?)(\d+)", text)
    if found is None:
        return 0
    value = bounded(found.group(2))
    return -value if found.group(1) == "-" else value


def _spaces(text: str, option: str) -> int:
    """A count of spaces, an include's `indent=` or the `:tabsize:` attribute, read as _number() reads it: at
    most MAX_SPACES, with a warning past it (`indent=3000000` made a page of 64 bytes 12 MB of spaces)."""
    number = _number(text)
    if number <= MAX_SPACES:
        return number
    warn(f"{option}{text.strip()[:20]}: more than {MAX_SPACES} spaces; {MAX_SPACES} put on")
    return MAX_SPACES


def _indented(lines: list[str], indent: int, tab_size: int) -> list[str]:
    """The lines of an include with `indent=` (Asciidoctor's adjust_indentation!): tabs made `tab_size` spaces
    when that is given; then, unless `indent` is negative, the indent every non-empty line shares taken off and
    `indent` spaces put before each."""
    if tab_size > 0:
        lines = [line.expandtabs(tab_size) if "\t" in line else line for line in lines]
    if indent < 0:
        return lines
    depths = [len(line) - len(line.lstrip()) for line in lines if line]
    shared = min(depths) if depths else 0
    return [" " * indent + line[shared:] if line else line for line in lines]


def _moved(line: str, offset: int) -> str:
    """A heading line moved `offset` levels (leveloffset), between 1 and 6 marks."""
    heading = HEADING.match(line)
    if heading is None or len(heading.group(1)) > 6:
        return line
    return "=" * min(6, max(1, len(heading.group(1)) + offset)) + heading.group(2)
