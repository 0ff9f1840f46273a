"""Quarto's code annotations: a code line that ends in a comment holding a number (`penguins |>  # <1>`), in a
code block that an ordered list follows (the annotations' text), shows its code without that comment; the page
puts a circled number at the line's end instead. Read as written, quarto.org's annotated examples (a dashboard's
source, the code annotation page) showed `# <2>` at the end of their lines.

The comment is the block's language's (`#` for R and Python, `//` for JavaScript and Observable, `--` for SQL,
`<!-- -->` for Markdown and HTML...: Quarto's own table, the common part of it), so a Markdown block that shows
annotated R keeps its `# <1>` as the page does; a block of another language, or with no list right after it
(blank lines apart), is left as written. Each line is looked at once, from its last comment mark.
"""

from __future__ import annotations

import re

__all__ = ["without_annotations"]

_HASH = "r python julia bash sh shell zsh powershell stan octave awk gawk sed perl ruby yaml toml elixir nim"
_SLASHES = "js javascript ts typescript ojs java scala csharp fsharp cpp cc go rust swift kotlin groovy dart dot d3"
_COMMENTS: dict[str, tuple[str, str]] = {
    **{language: ("#", "") for language in _HASH.split()},
    **{language: ("//", "") for language in _SLASHES.split()},
    **{language: ("--", "") for language in ("sql", "mysql", "psql", "lua", "haskell")},
    **{language: ("%", "") for language in ("matlab", "tikz", "latex", "tex", "lilypond")},
    **{language: ("<!--", "-->") for language in ("html", "xml", "markdown", "md")},
    "fortran": ("!", ""),
    "mermaid": ("%%", ""),
    "c": ("/*", "*/"),
    "css": ("/*", "*/"),
    "stata": ("*", ""),
    "sas": ("*", ";"),
}
_LANGUAGE = re.compile(r"[ \t]*(?:`{3,}|~{3,})[ \t]*\{{0,2}[ \t]*\.?([\w+-]{1,40})")
_ORDERED_ITEM = re.compile(r"[ \t]{0,3}\d{1,9}[.)][ \t]")
_MARK = re.compile(r"[ \t]*<(\d{1,6})>[ \t]*")
MAX_BLANKS = 100  # blank lines looked past for the list that annotates a block


def without_annotations(block: list[str], lines: list[str], after: int) -> list[str]:
    """The fenced `block` (its fence lines included) as the page shows it, `lines[after:]` being what follows it:
    each annotated line without its annotation when an ordered list follows (see the module docstring)."""
    found = _LANGUAGE.match(block[0])
    comment = _COMMENTS.get(found.group(1).lower()) if found else None
    if comment is None or len(block) < 3 or not _annotated(lines, after):
        return block
    return [block[0], *(_stripped(line, *comment) for line in block[1:-1]), block[-1]]


def _annotated(lines: list[str], after: int) -> bool:
    for line in lines[after : after + MAX_BLANKS]:
        if line.strip():
            return _ORDERED_ITEM.match(line) is not None
    return False


def _stripped(line: str, start: str, end: str) -> str:
    at = line.rfind(start)
    if at < 0:
        return line
    rest = line[at + len(start) :]
    if end:
        rest = rest.rstrip()
        if not rest.endswith(end):
            return line
        rest = rest[: -len(end)]
    return line[:at].rstrip() if _MARK.fullmatch(rest) else line
