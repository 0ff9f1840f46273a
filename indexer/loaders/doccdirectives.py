"""DocC's directives, as a reader of the page sees them (docc.py calls this on a page of a DocC catalog).

A directive is a line `@Name`, `@Name(arguments)` or either followed by `{`, whose block runs to the line `}` that
closes it (nested ones too), its content indented as the author likes (swift-markdown reads that content as a
document of its own). Outside fenced code (a page that documents DocC shows its syntax in code), by the name:
- page settings show nothing, their blocks included: `@Metadata { @TechnologyRoot }`, `@Options(scope: global)`,
  `@Comment { ... }`, `@Redirected(from:)`, `@Available(...)`, `@Snippet(path:)` (code from a file of the
  package, not here), and the rest of NO_TEXT; `@DisplayName("DocC")` in `@Metadata` is the page's title
  (Directives.display_name);
- `@Image(source:, alt: "text")` and `@Video(...)` show their alt text;
- any other block shows its content, dedented (an indented paragraph would otherwise be code), under its label
  when it has one: `@Tab("Swift") { ... }` shows "Swift" above the tab's text, a tutorial's `@Section(title:)` its
  title; `@Row`, `@Column`, `@TabNavigator`, `@Links`, `@Small` show what they hold.
Read by the Markdown parser alone, `@Metadata {` was a paragraph of the text and `@Options(...) { ... }` another,
on every page of The Swift Programming Language that sets them.

One pass over the lines; a directive's arguments are read up to their closing parenthesis on the same line
(MAX_ARGUMENTS characters); nesting past MAX_DEPTH, and a block never closed, leave their lines as text.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass, field

from indexer.loaders.fences import in_code

__all__ = ["Directives", "plain_directives"]

MAX_DEPTH = 32
MAX_ARGUMENTS = 2_000
NO_TEXT = frozenset(
    {"Metadata", "Options", "Comment", "Redirected", "Available", "TechnologyRoot", "DocumentationExtension",
     "DisplayName", "TitleHeading", "PageImage", "PageKind", "PageColor", "CallToAction", "SupportedLanguage",
     "AutomaticSeeAlso", "AutomaticTitleHeading", "AutomaticArticleSubheading", "TopicsVisualStyle",
     "CustomMetadata", "AlternateRepresentation", "Snippet"}
)  # fmt: skip
_ALT = frozenset({"Image", "Video"})
_NAME = re.compile(r"@([A-Z][A-Za-z0-9_]{0,60})")
_NAMED = re.compile(r"\b(title|name|alt)[ \t]*:[ \t]*\"([^\"\n]*)\"")
_QUOTED = re.compile(r"\"([^\"\n]*)\"")


@dataclass(frozen=True)
class Directives:
    """A page's text with its directives as a reader sees them, and the title its `@DisplayName` gives ("")."""

    text: str
    display_name: str = ""


@dataclass
class _Block:
    name: str
    label: str
    indent: str
    lines: list[str] = field(default_factory=list)


def plain_directives(text: str) -> Directives:
    """`text` with DocC's directives as the module docstring says."""
    if "@" not in text:
        return Directives(text)
    top: list[str] = []
    open_blocks: list[_Block] = []
    display = ""
    for line, code in in_code(text.split("\n")):
        into = open_blocks[-1].lines if open_blocks else top
        stripped = line.strip()
        if code or not (stripped.startswith("@") or (stripped == "}" and open_blocks)):
            into.append(line)
            continue
        if stripped == "}":
            _close(open_blocks.pop(), open_blocks[-1].lines if open_blocks else top)
            continue
        found = _opener(stripped)
        if found is None or len(open_blocks) >= MAX_DEPTH:
            into.append(line)
            continue
        name, arguments, rest = found
        if name == "DisplayName" and (quoted := _QUOTED.search(arguments)) is not None:
            display = display or quoted.group(1).strip()
        indent = line[: len(line) - len(line.lstrip())]
        block = _Block(name, _label(name, arguments), indent)
        if rest is None:  # a directive with no block: @TechnologyRoot, @Image(source:, alt:)
            _close(block, into)
        elif rest.endswith("}"):  # its block on its line: `@Small { text }`
            block.lines.append(rest[:-1].strip())
            _close(block, into)
        else:
            block.lines += [rest] if rest else []
            open_blocks.append(block)
    while open_blocks:  # never closed: its lines stay, as text
        block = open_blocks.pop()
        into = open_blocks[-1].lines if open_blocks else top
        into += [block.indent + block.label] if block.label else []
        into += block.lines
    return Directives("\n".join(top), display)


def _opener(line: str) -> tuple[str, str, str | None] | None:
    """(name, arguments, what follows `{`: None for no block) of a directive's line, None for no directive."""
    named = _NAME.match(line)
    if named is None:
        return None
    at, arguments = named.end(), ""
    if line.startswith("(", at):
        end = _closing(line, at)
        if end < 0:
            return None
        arguments, at = line[at + 1 : end], end + 1
    rest = line[at:].strip()
    if not rest:
        return named.group(1), arguments, None
    return (named.group(1), arguments, rest[1:].strip()) if rest.startswith("{") else None


def _closing(line: str, start: int) -> int:
    """The index of the parenthesis that closes the one at `start` (quoted text aside), -1 for none within
    MAX_ARGUMENTS characters."""
    quoted, depth = False, 0
    for i in range(start, min(len(line), start + MAX_ARGUMENTS)):
        char = line[i]
        if char == '"':
            quoted = not quoted
        elif not quoted and char == "(":
            depth += 1
        elif not quoted and char == ")":
            depth -= 1
            if depth == 0:
                return i
    return -1


def _label(name: str, arguments: str) -> str:
    """What a directive shows above its content (a tab's name, a section's title), or in its place (an image's alt
    text): "" for none."""
    if name in NO_TEXT or not arguments:
        return ""
    named = {key: value.strip() for key, value in _NAMED.findall(arguments)}
    if name in _ALT:
        return named.get("alt", "")
    if "title" in named or "name" in named:
        return named.get("title") or named.get("name", "")
    first = _QUOTED.match(arguments.strip())
    return first.group(1).strip() if first else ""


def _close(block: _Block, into: list[str]) -> None:
    """Put what a closed directive shows into its parent's lines, at the directive's own indent (so that the
    parent's content is dedented as one)."""
    if block.name in NO_TEXT:
        return
    shown = [block.label, ""] if block.label else []
    body = textwrap.dedent("\n".join(block.lines)).strip("\n")
    shown += body.split("\n") if body and block.name not in _ALT else []
    into += [""] + [block.indent + line if line.strip() else "" for line in shown] + [""]
