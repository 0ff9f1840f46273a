"""An ATX heading as Pandoc reads it, for the R Markdown and Quarto loaders and for bookdown's page names: its
level, its title, and the ids and classes of its attribute block (`## Title {#id .unnumbered}`, `{-}` being
`.unnumbered`). Pandoc reads the title, then closing `#`s, then the attributes after a blank (`## Title ## {#id}`);
braces that are no attribute block (`## Using {dplyr}`) are part of the title. A part's heading (`# (PART) Basics {-}`,
bookdown's) gives its name (part_name). Each line is read in one pass, its attributes tried at its last `{` only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["ATTRIBUTES", "Heading", "heading_parts", "part_name"]

_NAME = r"(?:#[\w:.-]+|\.[A-Za-z_][\w-]*|-)"  # {-}: Pandoc's .unnumbered
_VALUE = r"""(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|[^\s"'{}=]+)"""  # a quoted one may escape its quote
_WORD = rf"(?:{_NAME}|[A-Za-z_][\w-]*={_VALUE})"
ATTRIBUTES = rf"\{{[ \t]*{_WORD}(?:[ \t]+{_WORD})*[ \t]*\}}"
"""A Pandoc attribute block, `{#id .class key="value"}`: a pattern to build others with."""
_ATTRIBUTES = re.compile(ATTRIBUTES)
_WORDS = re.compile(_WORD)
_ATX = re.compile(r"^(#{1,6})[ \t]+(.*)$")
_PART = re.compile(r"^\((?:PART|APPENDIX)\\?\*?\)[ \t]*")


@dataclass(frozen=True)
class Heading:
    """The parts of an ATX heading line."""

    level: int
    title: str  # without its closing #s and its attribute block
    ids: tuple[str, ...]
    classes: tuple[str, ...]  # `-` read as `unnumbered`

    @property
    def numbered(self) -> bool:
        return "unnumbered" not in self.classes


def heading_parts(line: str) -> Heading | None:
    """The parts of `line` when it is an ATX heading (`#`s, a blank, its text); None when it is none."""
    found = _ATX.match(line)
    if found is None:
        return None
    title, words = found.group(2).rstrip(), []
    brace = title.rfind("{") if title.endswith("}") else -1
    if brace > 0 and title[brace - 1] in " \t" and _ATTRIBUTES.fullmatch(title, brace):  # after a blank
        title, words = title[:brace].rstrip(), _WORDS.findall(title, brace)
    bare = title.rstrip("#")
    if bare != title and (not bare or bare[-1] in " \t"):  # # Title #: its closing #s
        title = bare.rstrip()
    ids = tuple(word[1:] for word in words if word.startswith("#"))
    classes = tuple("unnumbered" if word == "-" else word[1:] for word in words if word[:1] in (".", "-"))
    return Heading(len(found.group(1)), title, ids, classes)


def part_name(heading: Heading) -> str | None:
    """The name of a part's heading (`# (PART) Foundations {-}`, `# (APPENDIX) Appendix {-}`), which bookdown
    shows in its table of contents as no chapter's; None for another heading."""
    found = _PART.match(heading.title) if heading.level == 1 else None
    return None if found is None else heading.title[found.end() :]
