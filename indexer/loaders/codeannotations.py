"""Code annotations: in a code block that an ordered list follows (blank lines apart: the annotations' text), a
marker at a line's end shows on the page as a button or a circled number that points to an item of the list,
not as text. Both dialects are read by one walk (annotated()), each giving only what differs: the list's first
item, and what the page shows of a code line. A block without a list right after it is left as written. Each
line is looked at once, at its end only.

- Material for MkDocs (without_material_annotations): only where the site annotates code blocks: its theme's
  features name `content.code.annotate`, or the block's attributes its `.annotate` class
  (```` ``` { .dockerfile .annotate } ````). A marker is a comment that holds only a number at the end of a
  line, right after a comment mark (`# (1)!`, `// (2)`, `<!-- (3) -->`, `--`, `/*`), as Material's own examples
  write it; a line left blank by it goes. The list starts at 1. Read as written, FastAPI's Dockerfile showed a
  `# (1)!` line above each of its instructions.
- Quarto (without_annotations): a code line that ends in a comment holding a number (`penguins |>  # <1>`)
  shows its code without that comment. The comment is the block's language's (`#` for R and Python, `//` for
  JavaScript and Observable, `--` for SQL, `<!-- -->` for Markdown and HTML...: Quarto's own table, the common
  part of it), so a Markdown block that shows annotated R keeps its `# <1>` as the page does; a block of another
  language is left as written. Read as written, quarto.org's annotated examples (a dashboard's source, the code
  annotation page) showed `# <2>` at the end of their lines.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial

from indexer.loaders.fences import closes, opens

__all__ = ["MAX_BLANKS", "annotated", "without_annotations", "without_material_annotations"]

MAX_BLANKS = 100  # blank lines looked past for the list that annotates a block

_MATERIAL_ITEM = re.compile(r"[ \t]*1[.)][ \t]")
_MATERIAL_MARKER = re.compile(r"(?:#|//|--|<!--|/\*)[ \t]*\(\d{1,3}\)!?[ \t]*(?:-->|\*/)?[ \t]*$")
_TAIL = 40  # characters at a line's end that a Material marker and its comment mark may take

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
_QUARTO_LANGUAGE = re.compile(r"[ \t]*(?:`{3,}|~{3,})[ \t]*\{{0,2}[ \t]*\.?([\w+-]{1,40})")
_QUARTO_ITEM = re.compile(r"[ \t]{0,3}\d{1,9}[.)][ \t]")
_QUARTO_MARK = re.compile(r"[ \t]*<(\d{1,6})>[ \t]*")


def annotated(
    block: list[str], lines: list[str], after: int, first_item: re.Pattern[str], shown: Callable[[str], str | None]
) -> list[str]:
    """The fenced `block` (its fence lines included) as the page shows it, `lines[after:]` being what follows it:
    when the first line after it that is not blank opens an ordered list (`first_item` matches it), each code line
    as `shown` gives it (None: the line goes); else as written."""
    if len(block) < 3:
        return block
    listed = next((line for line in lines[after : after + MAX_BLANKS] if line.strip()), None)
    if listed is None or first_item.match(listed) is None:
        return block
    return [block[0], *(line for line in map(shown, block[1:-1]) if line is not None), block[-1]]


def without_material_annotations(text: str, annotate: bool) -> str:
    """`text` with the Material markers of its annotated code blocks taken out (see the module docstring);
    `annotate`: whether the site annotates every code block (content.code.annotate)."""
    if "(" not in text or (not annotate and ".annotate" not in text):
        return text
    lines = text.split("\n")
    out: list[str] = []
    number = 0
    while number < len(lines):
        fence = opens(lines[number])
        if fence is None:
            out.append(lines[number])
            number += 1
            continue
        end = next((n for n in range(number + 1, len(lines)) if closes(lines[n], fence)), len(lines))
        block = lines[number : end + 1]
        if (annotate or ".annotate" in lines[number]) and end < len(lines):
            block = annotated(block, lines, end + 1, _MATERIAL_ITEM, _material_unmarked)
        out.extend(block)
        number = end + 1
    return "\n".join(out)


def without_annotations(block: list[str], lines: list[str], after: int) -> list[str]:
    """The fenced `block` (its fence lines included) as Quarto shows it, `lines[after:]` being what follows it:
    each annotated line without its annotation when an ordered list follows (see the module docstring)."""
    found = _QUARTO_LANGUAGE.match(block[0])
    comment = _COMMENTS.get(found.group(1).lower()) if found else None
    if comment is None:
        return block
    return annotated(block, lines, after, _QUARTO_ITEM, partial(_quarto_unmarked, start=comment[0], end=comment[1]))


def _material_unmarked(line: str) -> str | None:
    """A code line as Material shows it: without a marker's comment at its end; None when nothing else is on it."""
    found = _MATERIAL_MARKER.search(line, max(0, len(line) - _TAIL))
    if found is None:
        return line
    kept = line[: found.start()].rstrip()
    return kept if kept.strip() else None


def _quarto_unmarked(line: str, start: str, end: str) -> str:
    """A code line as Quarto shows it: without an annotation in the comment (`start`, `end`) at its end."""
    at = line.rfind(start)
    if at < 0:
        return line
    rest = line[at + len(start) :]
    if end:
        rest = rest.rstrip()
        if not rest.endswith(end):
            return line
        rest = rest[: -len(end)]
    return line[:at].rstrip() if _QUARTO_MARK.fullmatch(rest) else line
