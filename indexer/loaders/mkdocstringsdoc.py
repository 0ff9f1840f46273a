"""A Google- or NumPy-style docstring as the Markdown of the page mkdocstrings' Python handler draws for it
(mkdocstrings.py puts it under the object's heading): `Args:` is "Parameters:" with a list item per parameter,
`name (type) -- description` (an en dash), and so on for `Returns:`, `Raises:`, `Attributes:`; in `Examples:`,
`>>>` lines and their output are code, and a section's own code blocks stay as written (docsections.py finds the
sections and their entries).
"""

from __future__ import annotations

import re

from indexer.loaders.docsections import DocSection, Entry, entries, split_sections
from indexer.loaders.fences import closes, fence_for, opens

__all__ = ["code_span", "docstring_markdown"]

# the label a page shows over a section (docsections.py finds them), and how each reads
_LABELS = {"args": "Parameters", "arguments": "Parameters", "parameters": "Parameters", "params": "Parameters",
           "other parameters": "Other parameters", "other params": "Other parameters",
           "keyword args": "Keyword arguments", "keyword arguments": "Keyword arguments", "kwargs": "Keyword arguments",
           "keyword parameters": "Keyword arguments", "attributes": "Attributes", "raises": "Raises",
           "raise": "Raises", "exceptions": "Raises", "warns": "Warns", "warn": "Warns", "receives": "Receives",
           "returns": "Returns", "return": "Returns", "yields": "Yields", "yield": "Yields", "examples": "Examples",
           "example": "Examples", "note": "Note", "notes": "Note", "warning": "Warning", "warnings": "Warning",
           "see also": "See also", "todo": "Todo", "references": "References", "methods": "Methods"}  # fmt: skip
_ENTRIES = frozenset({"args", "arguments", "parameters", "params", "other parameters", "other params",
                      "keyword args", "keyword arguments", "kwargs", "keyword parameters", "attributes", "raises",
                      "raise", "exceptions", "warns", "warn", "receives"})  # fmt: skip
_TYPED_FIRST = frozenset({"raises", "raise", "exceptions", "warns", "warn"})  # `ValueError: when...`
_RESULTS = frozenset({"returns", "return", "yields", "yield"})
_BLOCK_START = re.compile(r"^[ \t]*(?:[-*+][ \t]|\d+[.)][ \t]|```|~~~|>)")  # a list, code or quote in a description
_DASH = " \N{EN DASH} "


def docstring_markdown(doc: str, parameters: list[Entry] | None = None) -> list[str]:
    """A Google- or NumPy-style docstring's lines as Markdown that reads as the page shows it (docsections.py
    finds its sections), with a Parameters section of `parameters` before its first section (after its text), as
    griffe_typingdoc puts it in."""
    out: list[str] = []
    added = ["", "Parameters:", "", *(line for entry in parameters for line in _item(entry)), ""] if parameters else []
    for part in split_sections(doc):
        if not isinstance(part, str) and added:
            out, added = out + added, []
        out += [part] if isinstance(part, str) else _section(part)
    return out + added


def _section(section: DocSection) -> list[str]:
    """A section under its label: its entries a list item each (`- name (type) -- description`), a result its
    type and description, examples with their doctests as code, any other its lines."""
    label = _LABELS.get(section.name, section.name.title())
    body = section.body
    if section.name in _ENTRIES:
        named = section.name not in _TYPED_FIRST
        return ["", f"{label}:", "", *(line for e in entries(body, section.numpy, named) for line in _item(e)), ""]
    if section.name in _RESULTS:
        found = entries(body[:1], section.numpy, named=False) if body else []
        if len(found) == 1 and found[0].kind and not section.numpy:
            first = f"{found[0].kind}{_DASH}{' '.join(found[0].text)}" if found[0].text else found[0].kind
            body = [first, *body[1:]]
    shown = _doctests(body) if section.name in ("examples", "example") else body
    return ["", f"{label}:", "", *shown, ""]


def _item(entry: Entry) -> list[str]:
    """A list item of a section's entry; a description of several plain lines joined, one holding blank lines or
    blocks kept below the item's first line."""
    name = code_span(entry.name) if entry.name else ""
    head = f"{name} ({entry.kind})" if name and entry.kind else name or entry.kind
    if all(line.strip() and not _BLOCK_START.match(line) for line in entry.text):
        described = " ".join(line.strip() for line in entry.text)
        return [f"- {head}{_DASH}{described}" if head and described else f"- {head or described}"]
    first, *rest = entry.text
    item = f"- {head}{_DASH}{first}" if head and first.strip() else f"- {head or first}"
    return [item, *(f"  {line}" if line else "" for line in rest)]


def _doctests(body: list[str]) -> list[str]:
    """An Examples section's lines with each run of `>>>` lines and their output (up to a blank line) in a Python
    code block, as the page shows them; the section's own code blocks and text as written."""
    out: list[str] = []
    fence: str | None = None
    doctest = False
    for line in body:
        if doctest and not line.strip():
            out.append("```")
            doctest = False
        elif fence is None and not doctest and line.lstrip().startswith(">>>"):
            out.append("```python")
            doctest = True
        elif fence is not None:
            fence = None if closes(line, fence) else fence
        elif not doctest:
            fence = opens(line)
        out.append(line)
    return [*out, "```"] if doctest else out


def code_span(text: str) -> str:
    """Inline code of `text`, fenced by more backticks than any run in it."""
    ticks = fence_for(text, shortest=1)
    return f"{ticks} {text} {ticks}" if "`" in text else f"`{text}`"
