"""The sections of Google- and NumPy-style docstrings, found as napoleon (Sphinx) and Griffe (mkdocstrings) find
them: what napoleon.py writes as reStructuredText and mkdocstrings.py as Markdown.

- Google: a known section's title alone on an unindented line, ending in a colon (`Args:`, `Returns:`), over
  indented lines, down to the next unindented line.
- NumPy: a known section's title over an underline (`Parameters` then `----------`), down to the next such title.
- An entry of a section (an argument, an exception) is a line at the section's indentation: Google's `x (int):
  How many.`, NumPy's `x : int`; its description the lines indented below it, as they stand to each other.
- A line ending in a colon that names no section (`Usage:`), a title not followed by its indented (Google) or
  underlined (NumPy) body, and anything in a fenced code block stay as written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from indexer.loaders.fences import closes, opens

__all__ = ["SECTION_NAMES", "DocSection", "Entry", "dedented", "entries", "split_sections"]

SECTION_NAMES = frozenset({
    "args", "arguments", "parameters", "params", "other parameters", "other params", "keyword args",
    "keyword arguments", "kwargs", "keyword parameters", "attributes", "raises", "raise", "exceptions", "warns",
    "warn", "receives", "returns", "return", "yields", "yield", "note", "notes", "warning", "warnings", "todo",
    "see also", "attention", "caution", "danger", "error", "hint", "important", "tip", "example", "examples",
    "references", "methods",
})  # fmt: skip
_GOOGLE = re.compile(r"^(?P<name>[A-Za-z][A-Za-z ]*?)[ \t]*:[ \t]*$")
_UNDERLINE = re.compile(r"^[ \t]*[-=`:'\"~^_*+#<>]{2,}[ \t]*$")
_GOOGLE_ENTRY = re.compile(r"^(?P<name>\**[\w.\\, ]+?)[ \t]*(?:\((?P<type>.*?)\))?[ \t]*:(?:[ \t]+|$)")
_NUMPY_ENTRY = re.compile(r"^(?P<name>\**[\w.\\, ]+?)[ \t]+:[ \t]*(?P<type>.*)$")


@dataclass(frozen=True)
class DocSection:
    """A known section of a docstring: its title (lowercased), its lines (their common indentation and blank
    lines at either end taken off) and whether it is NumPy's."""

    name: str
    body: list[str]
    numpy: bool


@dataclass(frozen=True)
class Entry:
    """An entry of a section: its name (an argument's; "" for a return value or a line of text), its type and its
    description's lines."""

    name: str
    kind: str
    text: list[str]


def split_sections(doc: str, google: bool = True, numpy: bool = True) -> list[str | DocSection]:
    """A docstring (its common indentation taken off) as its lines, each known section in one DocSection."""
    lines = doc.split("\n")
    out: list[str | DocSection] = []
    fence: str | None = None
    i = 0
    while i < len(lines):
        line = lines[i]
        if fence is not None:  # code, shown as written
            fence = None if closes(line, fence) else fence
            out.append(line)
            i += 1
            continue
        if (fence := opens(line)) is not None:
            out.append(line)
            i += 1
            continue
        if numpy and _numpy_header(lines, i):
            end = next((n for n in range(i + 2, len(lines)) if _numpy_header(lines, n)), len(lines))
            out.append(DocSection(line.strip().lower(), dedented(lines[i + 2 : end]), True))
            i = end
            continue
        header = _GOOGLE.match(line) if google and _indent(line) == 0 else None
        if header is not None and header["name"].lower() in SECTION_NAMES and _indented_below(lines, i):
            end = next((n for n in range(i + 1, len(lines)) if lines[n].strip() and _indent(lines[n]) == 0), len(lines))
            out.append(DocSection(header["name"].lower(), dedented(lines[i + 1 : end]), False))
            i = end
            continue
        out.append(line)
        i += 1
    return out


def entries(body: list[str], numpy: bool, named: bool) -> list[Entry]:
    """A section's entries: a line at the section's indentation, its description the lines indented below it, as
    they stand to each other (a list in it stays one), after, in Google style, what follows the colon. `named`:
    whether an entry starts with a name (an argument's), else with a type (a return value, an exception)."""
    found: list[tuple[str, str, list[str]]] = []
    below: list[list[str]] = []  # each entry's lines below its first
    for line in body:
        if found and (not line.strip() or _indent(line) > 0):
            below[-1].append(line)
            continue
        if not line.strip():
            continue
        text = line.strip()
        below.append([])
        if numpy:
            match = _NUMPY_ENTRY.match(text)
            if match is not None:
                found.append((match["name"], match["type"].strip(), []))
            else:
                found.append(("", text, []) if not named else (text, "", []))
            continue
        match = _GOOGLE_ENTRY.match(text)
        if match is not None and (named or match["type"] is None):
            rest = text[match.end() :].strip()
            name, kind = (match["name"], match["type"] or "") if named else ("", match["name"])
            found.append((name, kind.strip(), [rest] if rest else []))
        else:
            found.append(("", "", [text]))
    return [
        Entry(name, kind, [*first, *dedented(more)]) for (name, kind, first), more in zip(found, below, strict=True)
    ]


def dedented(lines: list[str]) -> list[str]:
    """`lines` without their common indentation, nor blank lines at either end."""
    kept = [line for line in lines if line.strip()]
    common = min((_indent(line) for line in kept), default=0)
    while lines and not lines[-1].strip():
        lines = lines[:-1]
    while lines and not lines[0].strip():
        lines = lines[1:]
    return [line[common:] if line.strip() else "" for line in lines]


def _numpy_header(lines: list[str], at: int) -> bool:
    return (
        _indent(lines[at]) == 0
        and lines[at].strip().lower() in SECTION_NAMES
        and at + 1 < len(lines)
        and _UNDERLINE.match(lines[at + 1]) is not None
    )


def _indented_below(lines: list[str], at: int) -> bool:
    """Whether the first line with text after `at` is indented (a Google section's body)."""
    following = next((line for line in lines[at + 1 :] if line.strip()), "")
    return _indent(following) > 0


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())
