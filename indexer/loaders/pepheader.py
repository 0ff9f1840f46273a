"""A PEP's header: the RFC 2822 fields a Python Enhancement Proposal opens with (`PEP: 8`, `Title: ...`, `Author:
...`, up to the first blank line), read as peps.python.org shows them (its pep_sphinx_extensions' PEPTitle and
PEPHeaders transforms, as docutils' own PEP reader does).

- The title is the page's heading, "PEP 8 -- Style Guide for Python Code" (an en dash), its number before its
  `Title:`, as the site, its tabs and every reference to it name it (results listed "Style Guide for Python Code"
  alone: which PEP it is was in its text only); a header whose `PEP:` is no number gives its `Title:` alone.
- The title is reStructuredText, as the site reads it: ``X | Y`` shows X | Y, \\*\\*kwargs **kwargs.
- The other fields are shown as the site's table of them, a "Name: value" line each, below the title: `PEP:` and
  `Title:` are in the title, an empty field and those the site removes (`Last-Modified`, `Content-Type`,
  `Version`) are not shown, and a value's trailing comma is dropped. A header whose `PEP:` is no number is no PEP's
  (an RFC-style page that opens with `Title:`): its fields are all shown but its `Title:`, as no site removes them
  (its `Version: 2.0` was lost). A value is reStructuredText, its links read
  as their text (`18-Feb-2025 <https://...>`__ is 18-Feb-2025): header_rst() gives the fields as a field list
  for the loader to read as its other fields.
"""

from __future__ import annotations

import re

__all__ = ["header_lines", "header_rst", "pep_header", "pep_title"]

_HEADER_FIELD = re.compile(r"^([A-Za-z][\w-]*):[ \t]*(.*)$")
_NOT_SHOWN = frozenset({"pep", "title", "last-modified", "content-type", "version"})  # PEPTitle's, PEPHeaders'
_TITLE_ONLY = frozenset({"title"})  # what a header that is no PEP's shows elsewhere
_NUMBER = re.compile(r"\d{1,6}")


def pep_header(text: str) -> tuple[dict[str, str], str]:
    """A PEP-style header (RFC 2822 fields, `Title:` among them, up to the first blank line) and the rest;
    ({}, text) when the text does not start with one. A field's continuation lines are gathered and joined once:
    joined one by one, each copying what came before, 10 MB of 100-character lines took 22 s."""
    lines = text.split("\n")
    parts: dict[str, list[str]] = {}
    key = ""
    for number, line in enumerate(lines):
        if not line.strip():
            if "Title" in parts:
                fields = {name: " ".join(filter(None, words)) for name, words in parts.items()}
                return fields, "\n".join(lines[number:])
            break
        match = _HEADER_FIELD.match(line)
        if match:
            key = match.group(1)
            parts[key] = [match.group(2).strip()]
        elif key and line[:1].isspace():
            parts[key].append(line.strip())
        else:
            break
    return {}, text


def pep_title(fields: dict[str, str]) -> str:
    """The heading peps.python.org gives the page: "PEP 8 -- Style Guide for Python Code", with an en dash (its
    number without leading zeros); its `Title:` alone when `PEP:` is no number; "" without a `Title:`."""
    title = " ".join(fields.get("Title", "").split())
    if title and _is_pep(fields):
        return f"PEP {int(fields['PEP'])} \N{EN DASH} {title}"
    return title


def _is_pep(fields: dict[str, str]) -> bool:
    return _NUMBER.fullmatch(fields.get("PEP", "").strip()) is not None


def _shown(fields: dict[str, str]) -> list[tuple[str, str]]:
    """The fields the site's table shows, in order, each value without its trailing comma."""
    hidden = _NOT_SHOWN if _is_pep(fields) else _TITLE_ONLY
    shown = ((key, value.strip().rstrip(",").rstrip()) for key, value in fields.items())
    return [(key, value) for key, value in shown if value and key.lower() not in hidden]


def header_lines(fields: dict[str, str]) -> list[str]:
    """The shown fields as written, a "Name: value" line each (when their markup cannot be read)."""
    return [f"{key}: {value}" for key, value in _shown(fields)]


def header_rst(fields: dict[str, str]) -> str:
    """The shown fields as a reStructuredText field list (":Author: ..."), "" when none is shown."""
    return "".join(f":{key}: {value}\n" for key, value in _shown(fields))
