"""HTML elements whose content is Markdown (Python-Markdown's md_in_html, which Material for MkDocs sites use for
images with captions and card grids; PHP Markdown Extra and kramdown read the attribute alike), opened so that
CommonMark reads their content as the site shows it.

An element whose opening tag stands alone on its line and carries a `markdown` attribute (`<figure markdown>`,
`<div class="grid cards" markdown>`, `markdown="1"`, `"block"` or `"span"`; not `"0"`) holds Markdown down to
its closing tag alone on a line. CommonMark reads the tag and every line up to the next blank line as raw HTML,
so `<figure markdown>` with `![Alt](shot.png){ loading=lazy }` right under it showed the image's syntax as text.
Here a blank line follows the opening tag and precedes the closing one, and the content is moved left to the
tag's indentation (indented further, it would be code); nested elements alike. Fenced code is left as written.
An element that starts an HTML block, marked so and written on one line (`<figcaption markdown>Our public
[roadmap]</figcaption>`, Material's blog), is set out on three, so that its content is Markdown too: it showed
"[roadmap]" with its brackets.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from indexer.loaders.fences import closes, opens

__all__ = ["MAX_DEPTH", "open_markdown_html"]

_OPENING = re.compile(r"^([ \t]*)<([A-Za-z][\w-]*)(\s[^<>]*)>[ \t]*$")  # a tag with attributes, alone on its line
_MARKDOWN = re.compile(r"""\smarkdown(?:[ \t]*=[ \t]*(?:"([^"]*)"|'([^']*)'|([\w-]+)))?(?=[\s/]|$)""")
MAX_DEPTH = 20  # elements nested deeper than this are left as they are (each line is moved left once per level)
_RAW = frozenset({"0", "off", "false"})  # a markdown attribute that keeps the content raw
_ONE_LINE = re.compile(r"^([ \t]*)(<([A-Za-z][\w-]*)\s[^<>]*>)(.*?)(</\3>)[ \t]*$")  # an element on one line
# the elements that start an HTML block in CommonMark (and end a paragraph): the others' content is read as
# Markdown where they stand
_BLOCK_STARTING = frozenset(
    {"address", "article", "aside", "blockquote", "center", "details", "dialog", "dd", "div", "dl", "dt"}
    | {"figcaption", "figure", "footer", "header", "li", "main", "nav", "ol", "p", "section", "summary", "table"}
    | {"td", "th", "ul", "h1", "h2", "h3", "h4", "h5", "h6"}
)


@dataclass
class _Element:
    name: str
    indent: int  # the opening tag's indentation, in columns
    strip: int | None = None  # columns taken from its content's lines, once its first line is seen
    depth: int = 0  # elements of the same name opened inside it and not yet closed


def open_markdown_html(text: str) -> str:
    """`text` with the content of its Markdown-holding HTML elements set apart, as the module docstring says."""
    if "markdown" not in text:
        return text
    out: list[str] = []
    stack: list[_Element] = []
    fence: str | None = None
    for line in text.split("\n"):
        for element in stack[:-1]:
            line = _dedented(line, element)
        if stack and fence is None and _closes(line, stack[-1]):
            stack.pop()
            out += ["", line]  # where the tag stood: an element in a list item stays in it
            continue
        line = _dedented(line, stack[-1]) if stack else line
        if fence is not None:
            fence = None if closes(line, fence) else fence
            out.append(line)
            continue
        if (fence := opens(line)) is not None:
            out.append(line)
            continue
        if stack:
            _count(line, stack[-1])
        if "markdown" in line and (whole := _ONE_LINE.match(line)) is not None and _whole_element(whole):
            indent = whole.group(1)
            out += [indent + whole.group(2), "", indent + whole.group(4).strip(), "", indent + whole.group(5)]
            continue
        opening = _OPENING.match(line) if "markdown" in line else None
        if opening is not None and len(stack) < MAX_DEPTH and _holds_markdown(opening.group(3)):
            stack.append(_Element(opening.group(2).lower(), len(opening.group(1).expandtabs(4))))
            out += [line, ""]
            continue
        out.append(line)
    return "\n".join(out)


def _whole_element(match: re.Match[str]) -> bool:
    """Whether a line that is one element is one holding Markdown that starts an HTML block, and no empty one."""
    name, tag = match.group(3).lower(), match.group(2)
    return name in _BLOCK_STARTING and bool(match.group(4).strip()) and _holds_markdown(tag[len(name) + 1 : -1])


def _holds_markdown(attributes: str) -> bool:
    """Whether a tag's attributes mark its content as Markdown."""
    marked = _MARKDOWN.search(attributes)
    return marked is not None and next((v for v in marked.groups() if v is not None), "1").lower() not in _RAW


def _dedented(line: str, element: _Element) -> str:
    """A line of the element's content moved left as far as its first line is indented past the tag."""
    if element.strip == 0:
        return line if line.strip() else ""
    stripped = line.lstrip(" \t")
    if not stripped:
        return ""
    lead = line[: len(line) - len(stripped)].expandtabs(4)
    if element.strip is None:
        element.strip = max(len(lead) - element.indent, 0)
    return lead[element.strip :] + stripped


def _closes(line: str, element: _Element) -> bool:
    """Whether the line is the element's closing tag, alone on its line (not one of a same-named inner one)."""
    return not element.depth and line.strip().lower() == f"</{element.name}>"


def _count(line: str, element: _Element) -> None:
    """Keep count of the same-named elements opened and closed inside the element on one line of it."""
    lowered = line.lower()
    if f"<{element.name}" in lowered:
        opened = len(re.findall(rf"<{re.escape(element.name)}(?=[\s>])[^<>]*(?<!/)>", lowered))
        element.depth = max(element.depth + opened - lowered.count(f"</{element.name}>"), 0)
