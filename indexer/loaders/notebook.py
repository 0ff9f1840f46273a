"""Jupyter notebooks (.ipynb): Markdown cells as Markdown, code cells as code, outputs as text only; what a cell's
tags remove from the built page (MyST-NB's and Jupyter Book's `remove-cell`, `remove-input`, `remove-output`;
nbsphinx's hidden cells) is no text.

The notebook is read as JSON (nbformat 4, and 3's worksheets) and turned into one Markdown text: a Markdown cell
as written, a code or raw cell as a fenced block (a Colab form of comments alone as its title), then its outputs'
text (streams, a result's `text/markdown` (`display(Markdown(...))`, as Markdown) or else its `text/plain` unless an
image or widget is shown in its place, its HTML's text when the text/plain is only a type name, an error's name and
message; a traceback's colour codes and frames, images, other HTML and every base64 payload are left out), each
output cut at MAX_OUTPUT_CHARS, and read as Jupyter shows it (notebookstreams: carriage returns overwrite, a progress
bar keeps its last frame). That text goes through the Markdown loader, so a cell's headings start sections. Front
matter in the first cell, when it is Markdown (MyST's and Jupyter Book's way: `---` title, subtitle, authors ...
`---`), is the notebook's; else the notebook's metadata `title` is its title and its `authors` its front matter
`author`; else the first heading of the outermost level is the title.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

from indexer.errors import LoaderError
from indexer.loaders.base import describe
from indexer.loaders.frontmatter import split_front_matter
from indexer.loaders.html import html_document
from indexer.loaders.markdown import render_markdown
from indexer.loaders.mdparser import guard_nesting, markdown_parser
from indexer.loaders.notebookstreams import shown_outputs
from indexer.loaders.officemeta import one_line
from indexer.loaders.textcodec import decode_text
from indexer.model import ParsedDoc

__all__ = ["MAX_OUTPUT_CHARS", "NotebookLoader"]

MAX_OUTPUT_CHARS = 20_000
_BACKTICKS = re.compile(r"`{3,}")
# What Jupyter shows in place of a result's text/plain, which then is only its repr ("<Figure size 640x480 with 1
# Axes>", "<IPython.core.display.Image object>", a progress widget's first frame): an image, or a widget.
# Colab's form title: `#@title Install { display-mode: "form" }`.
_FORM_TITLE = re.compile(r"#\s*@title\s+([^{\n]*)")
# A result's text/plain that is only its type: "<IPython.core.display.HTML object>", "<Foo at 0x7f3a...>".
_REPR = re.compile(r"<[\w.]{1,200}(?: object| at 0x[0-9a-fA-F]{1,16})>")
_SHOWN_INSTEAD = (
    "image/png", "image/jpeg", "image/gif", "image/svg+xml", "png", "jpeg", "svg",
    "application/vnd.jupyter.widget-view+json",
)  # fmt: skip


class NotebookLoader:
    """Loads .ipynb files; see the module docstring for what becomes text."""

    format = "ipynb"
    suffixes = frozenset({".ipynb"})

    def __init__(self) -> None:
        self._parser = guard_nesting(markdown_parser())

    def load(self, path: Path, data: bytes) -> ParsedDoc:
        try:
            notebook = json.loads(decode_text(data), parse_int=_integer)
        except (ValueError, RecursionError) as exc:
            raise LoaderError(f"not a readable notebook: not JSON ({describe(exc)})") from exc
        if not isinstance(notebook, dict):
            raise LoaderError("not a readable notebook: the JSON is not an object with cells")
        cells = _cells(notebook)
        blocks = [block for cell in cells for block in _cell_blocks(cell)]
        front: dict[str, Any] = {}
        warnings: tuple[str, ...] = ()
        if cells and cells[0].get("cell_type") == "markdown" and blocks:  # MyST's: the first cell's front matter
            front, blocks[0], warnings = split_front_matter(blocks[0])
        body = "\n\n".join(blocks)
        meta = notebook.get("metadata")
        meta = meta if isinstance(meta, dict) else {}
        front = dict(front)
        title = front.get("title") or meta.get("title")
        if isinstance(title, str) and title.strip():
            front["title"] = one_line(title)
        authors = (
            [a.get("name") for a in meta.get("authors", []) if isinstance(a, dict)]
            if isinstance(meta.get("authors"), list)
            else []
        )
        names = [one_line(a) for a in authors if isinstance(a, str) and a.strip()]
        if names and "author" not in front:
            front["author"] = ", ".join(names)
        doc = render_markdown(self._parser, body, front, warnings, self.format)
        return doc if "title" in front else replace(doc, title=_outermost_heading(doc) or doc.title)


def _outermost_heading(doc: ParsedDoc) -> str:
    """The first heading of the outermost level: Google's and TensorFlow's Colab notebooks open with a licence
    cell headed `##### Copyright 2026 Google LLC.`, above the notebook's own `# Title`, or `## Title` in some."""
    headed = [s for s in doc.sections if s.heading and s.level > 0]
    top = min((s.level for s in headed), default=1)
    return next((s.heading for s in headed if s.level == top), "") if top > 1 else ""  # an h1 is the title already


def _cells(notebook: dict[str, Any]) -> list[dict[str, Any]]:
    cells = notebook.get("cells")
    if cells is None and isinstance(notebook.get("worksheets"), list):  # nbformat 3
        cells = [c for sheet in notebook["worksheets"] if isinstance(sheet, dict) for c in sheet.get("cells", [])]
    if not isinstance(cells, list):
        raise LoaderError("not a readable notebook: no list of cells")
    return [cell for cell in cells if isinstance(cell, dict)]


def _cell_blocks(cell: dict[str, Any]) -> Iterator[str]:
    kind = cell.get("cell_type")
    source = _text(cell.get("source", cell.get("input")))
    tags = _tags(cell)
    if "remove-cell" in tags:
        return
    if kind == "markdown":
        yield source
    elif kind == "heading":  # nbformat 3
        level = cell.get("level", 1)
        yield "#" * (level if isinstance(level, int) and 1 <= level <= 6 else 1) + " " + one_line(source)
    elif kind in ("code", "raw"):
        title = _form_title(cell, source)
        if title:
            yield title
        elif title is None and source.strip() and "remove-input" not in tags:
            yield _fenced(source)
        outputs = cell.get("outputs") if "remove-output" not in tags else None
        shown = [o for o in outputs if isinstance(o, dict)] if isinstance(outputs, list) else []
        for output, text in zip(shown, shown_outputs(_output_text(o) for o in shown), strict=True):
            if len(text) > MAX_OUTPUT_CHARS:
                text = text[:MAX_OUTPUT_CHARS] + "\n… (output cut)"
            if text:
                yield text if _markdown(output) else _fenced(text)


def _form_title(cell: dict[str, Any], source: str) -> str | None:
    """What Colab shows of a form cell (`"cellView": "form"`) that holds only comments: its `#@title`, where the
    source was a licence (`# @title Licensed under the Apache License ...` and its thirteen lines, atop 132 of the
    Gemini cookbook's 157 notebooks). None for any other cell: a form's code is a click away, and kept."""
    metadata = cell.get("metadata")
    if not isinstance(metadata, dict) or metadata.get("cellView") != "form":
        return None
    lines = [line.strip() for line in source.splitlines() if line.strip()]
    if not lines or not all(line.startswith("#") for line in lines):
        return None
    title = _FORM_TITLE.match(lines[0])
    return title.group(1).strip() if title else ""


def _tags(cell: dict[str, Any]) -> frozenset[str]:
    """The cell's tags that say what the built page leaves out of it, as MyST-NB, Jupyter Book and nbsphinx read
    them: `remove-cell` (or nbsphinx's `"nbsphinx": "hidden"`), `remove-input`, `remove-output` (`_` for `-`)."""
    metadata = cell.get("metadata")
    if not isinstance(metadata, dict):
        return frozenset()
    tags = metadata.get("tags")
    names = {t.replace("_", "-") for t in tags if isinstance(t, str)} if isinstance(tags, list) else set()
    return frozenset(names | ({"remove-cell"} if metadata.get("nbsphinx") == "hidden" else set()))


def _output_text(output: dict[str, Any]) -> str:
    kind = output.get("output_type")
    if kind == "stream":
        return _text(output.get("text"))
    if kind == "error":
        return f"{_text(output.get('ename'))}: {_text(output.get('evalue'))}"
    data = output.get("data") if isinstance(output.get("data"), dict) else output  # nbformat 3 keeps it flat
    if not isinstance(data, dict):
        return ""
    if _markdown(output):
        return _text(data["text/markdown"])
    if any(kind in data for kind in _SHOWN_INSTEAD):
        return ""
    plain = _text(data.get("text/plain", data.get("text")))
    if "text/html" in data and (not plain.strip() or _REPR.fullmatch(plain.strip())):
        return _html_text(_text(data["text/html"]))
    return plain


def _html_text(html: str) -> str:
    """The text of an HTML result, for one whose text/plain says nothing but its type (IPython's `HTML(...)`, a
    Colab notebook's formatted answers): a DataFrame's text/plain is its table, and is read instead."""
    sections = html_document(html, "ipynb").sections
    return "\n\n".join(part for s in sections for part in (s.heading, s.text) if part.strip())


def _markdown(output: dict[str, Any]) -> bool:
    """Whether a result is Markdown (`display(Markdown(...))`), which Jupyter renders: its text is Markdown of
    the page, not a fenced block."""
    data = output.get("data")
    return isinstance(data, dict) and "text/markdown" in data


def _text(value: object) -> str:
    """A multi-line string as nbformat stores one: a str, or a list of its lines, which keep their line ends since
    nbformat 3 but not in nbformat 2's files (IPython's `splitlines()`): those lines are joined by newlines, as
    nbformat's own reader joins them, or a heading ran into the paragraph under it."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        lines = [v for v in value if isinstance(v, str)]
        return "".join(lines) if not lines or lines[0].endswith(("\n", "\r")) else "\n".join(lines)
    return ""


def _fenced(text: str) -> str:
    """A fenced code block that no run of backticks inside the text can close."""
    longest = max((len(m.group()) for m in _BACKTICKS.finditer(text)), default=2)
    fence = "`" * (longest + 1)
    return f"{fence}\n{text.rstrip()}\n{fence}"


def _integer(digits: str) -> int | str:
    """A JSON integer, kept as written past 4,000 digits: Python reads no longer one (4,300), and one such number
    in a cell's metadata failed the whole notebook."""
    return int(digits) if len(digits) <= 4_000 else digits
