"""Raw HTML blocks as Python-Markdown (MkDocs) reads them: a block-level element whose opening tag starts a line
(indented at most three spaces) is raw HTML down to its matching closing tag, blank lines included.

CommonMark ends an HTML block at its first blank line, so a card grid written with blank lines between its cards
(dstack's examples page: `<div class="grid">`, then each `<a href>` card with an `<h3>` and a `<p>` indented
eight spaces, a blank line between) showed its tags as indented code. Here the blank lines of such an element
go and its lines are moved left, so that CommonMark reads one HTML block, and the text is what the browser
shows. Fenced code inside it stays code, as Python-Markdown stashes fences before it reads HTML (an
`<div editor-title="x.yml">` frame around a fence): the fence is set apart by blank lines and moved left to
the column its lines share. An element with a `markdown` attribute holds Markdown (mdinhtml.py) and is left as
it is, as is one never closed, and the rest of the page after it (so each line is looked at a bounded number of
times). Only on a page of an MkDocs project: elsewhere CommonMark's reading is the site's.

A terminal drawn by termynal (`<div class="termy">` around a ```console fence: FastAPI's, Typer's, SQLModel's,
dstack's docs) shows its code's lines as HTML, so their colours (`<font color="#4E9A06">fastapi</font> run`,
`<span style=...>INFO</span>`) are no text and `&apos;` is `'`: so they read here.
"""

from __future__ import annotations

import html
import re

from indexer.loaders.fences import closes, opens

__all__ = ["python_markdown_html"]

# Python-Markdown's block-level elements that start raw HTML (Markdown.block_level_elements, the common ones)
_BLOCK_TAGS = (
    "address|article|aside|blockquote|center|details|dialog|div|dl|fieldset|figcaption|figure|footer|form|"
    "h[1-6]|header|hgroup|main|menu|nav|ol|p|section|table|ul"
)
_OPENING = re.compile(rf"^ {{0,3}}<({_BLOCK_TAGS})(?=[\s/>])", re.IGNORECASE)
_MARKDOWN = re.compile(r"<[A-Za-z][^<>]*\smarkdown(?:\s*=|[\s/>])", re.IGNORECASE)
MAX_LINES = 2_000  # lines an element may span to be read so; a longer one is left as CommonMark reads it
_CLASS = re.compile(r"""\sclass\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))""", re.IGNORECASE)
_TAG = re.compile(r"</?[A-Za-z][^<>]*>")  # a tag as termynal's innerHTML reads one


def python_markdown_html(text: str) -> str:
    """`text` with its raw HTML elements made one HTML block each, as the module docstring says."""
    if "<" not in text:
        return text
    lines = text.split("\n")
    out: list[str] = []
    number = 0
    while number < len(lines):
        line = lines[number]
        fence = opens(line)
        if fence is not None:
            fence_end = _fence_end(lines, number, fence)
            out.extend(lines[number : fence_end + 1])
            number = fence_end + 1
            continue
        opening = _OPENING.match(line)
        if opening is None:
            out.append(line)
            number += 1
            continue
        end = _element_end(lines, number, opening.group(1).lower())
        if end is None:  # never closed: the rest is left as it is (and not searched again, line after line)
            out.extend(lines[number:])
            break
        element = lines[number : end + 1]
        out.extend(_one_block(element, _termynal(line)) if _worth_changing(element) else element)
        number = end + 1
    return "\n".join(out)


def _fence_end(lines: list[str], start: int, fence: str) -> int:
    """The line that closes the fence opened at `start` (the last line when none does)."""
    for number in range(start + 1, len(lines)):
        if closes(lines[number], fence):
            return number
    return len(lines) - 1


def _element_end(lines: list[str], start: int, tag: str) -> int | None:
    """The line holding the closing tag that matches the element opened at `start` (elements of the same name
    nested inside it counted, fenced code skipped); None when it is never closed."""
    opening = re.compile(rf"<{tag}(?=[\s/>])", re.IGNORECASE)
    closing = re.compile(rf"</{tag}\s*>", re.IGNORECASE)
    depth, fence = 0, None
    for number in range(start, min(len(lines), start + MAX_LINES)):
        line = lines[number]
        if fence is not None:
            fence = None if closes(line, fence) else fence
            continue
        if number > start and (fence := opens(line)) is not None:
            continue
        depth += len(opening.findall(line)) - len(closing.findall(line))
        if depth <= 0:
            return number
    return None


def _worth_changing(element: list[str]) -> bool:
    """Whether CommonMark would read the element otherwise: it has a blank line or fenced code in it; and it
    holds no Markdown (a `markdown` attribute: mdinhtml.py opens it)."""
    if any(_MARKDOWN.search(line) for line in element):
        return False
    return any(not line.strip() or opens(line) is not None for line in element)


def _termynal(opening: str) -> bool:
    """Whether the line opening an element opens a terminal that termynal draws: its class is `termy`."""
    found = _CLASS.search(opening)
    return found is not None and "termy" in (found.group(1) or found.group(2) or found.group(3) or "").split()


def _one_block(element: list[str], terminal: bool = False) -> list[str]:
    """The element's lines as CommonMark reads them as Python-Markdown does: its HTML one block (no blank lines,
    no indentation), each fence in it set apart and moved left; in a `terminal`, each code line as termynal shows
    it, as HTML (the module docstring)."""
    out: list[str] = []
    number = 0
    while number < len(element):
        line = element[number]
        fence = opens(line)
        if fence is None:
            if line.strip():
                out.append(line.lstrip())
            number += 1
            continue
        end = _fence_end(element, number, fence)
        indent = len(line) - len(line.lstrip())
        code = [part[indent:] if not part[:indent].strip() else part.lstrip() for part in element[number : end + 1]]
        if terminal:  # (the closing fence is left as it is: it holds neither)
            code[1:] = [html.unescape(_TAG.sub("", part)) if "<" in part or "&" in part else part for part in code[1:]]
        out.extend(["", *code, ""])
        number = end + 1
    return out
