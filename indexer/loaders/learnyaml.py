"""Microsoft Learn's YAML pages (dotnet/docs-maui's `index.yml`, `whats-new/index.yml`): a `.yml` file whose first
line is `### YamlMime:Landing` (or `Hub`, `FAQ`), which Learn renders as a page of cards and lists of links, read as
the text a reader sees on it.

Its heading (`title`) and `summary` open it; its title is `metadata.title` (the page's title in the browser and
in search engines, as a Markdown page's front matter `title` is), else that heading. Each section's `title`
(`landingContent`'s, `conceptualContent`'s, `additionalContent`'s; an FAQ's `name`) is a heading over what it
holds: its cards' titles and summaries, the text of its links (`text`), a list of links' kind as Learn labels it
(`linkListType: whats-new` is "What's new"), an FAQ's questions, headings over their Markdown answers; an FAQ's
closing `additionalContent` and a hub's `footer` (Markdown) close what they end (DocFX's cross references and
includes in them put in place: docfx.py). Nothing else is text: not the keys, nor `url`, `imageSrc`, `itemType` or
`metadata` (a page's `description` is its front matter's). Learn's other YAML files (`YamlMime:ZonePivotGroups`,
`YamlMime:ContextObject`) and `toc.yml`, which has no such line, are no page: no loader takes them.

A page is read within bounds, the rest left out with a warning: what it shows (values, mapping entries and
characters counted) may exceed what its file holds by MAX_EXPANDED, which only aliases repeating what they name
make (a YAML bomb: ten aliases of ten aliases of a long title, each met again); values nested deeper than
MAX_DEPTH (Learn's nest seven, a section's card's links) are left out, as is an alias that holds itself. A file
larger than MAX_BYTES is refused: no Learn page is, and YAML of that size takes PyYAML seconds and hundreds of
megabytes per 5 MB (a 50 MB file, which --max-file-size lets through, gigabytes).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path, PurePath
from typing import Any

from indexer.errors import LoaderError
from indexer.loaders.docfx import expand_docfx
from indexer.loaders.markdown import render_markdown
from indexer.loaders.mdparser import guard_nesting, markdown_parser
from indexer.loaders.textcodec import decode_text
from indexer.loaders.yamlread import read_yaml
from indexer.model import ParsedDoc

__all__ = ["MAX_BYTES", "MAX_DEPTH", "MAX_EXPANDED", "LearnYamlLoader"]

MAX_EXPANDED = 200_000  # values, entries and characters a page may show beyond its file's length (aliases)
MAX_DEPTH = 32  # lists and mappings nested deeper are left out
MAX_BYTES = 4_000_000  # a larger file is refused: Learn's largest pages hold some hundred kilobytes
PAGE_KINDS = frozenset({"landing", "hub", "faq"})
_MIME = re.compile(rb"\A(?:\xef\xbb\xbf)?[ \t]*###[ \t]*YamlMime:[ \t]*([A-Za-z]{1,40})[ \t]*\r?$", re.MULTILINE)
_HEADINGS = ("title", "name", "question")  # what names a section, a card, a link or a question
_TEXTS = ("summary", "answer", "abstract")  # Markdown shown under it
_CLOSING = "footer"  # Markdown shown after what it holds (a hub's additionalContent)
_HIDDEN = frozenset({"metadata", "url", "imagesrc", "itemtype", "brand", "uid", "ms.date", "ms.topic", "href"})
_LABELS = {"whats-new": "What's new", "how-to-guide": "How-to guide", "get-started": "Get started"}


class LearnYamlLoader:
    """Reads a Learn YAML page (see the module docstring) as the Markdown of what it shows."""

    format = "learn-yaml"
    suffixes: frozenset[str] = frozenset()  # taken by first line (takes()), not by suffix: most .yml are settings
    sniffed = frozenset({".yml", ".yaml"})

    def __init__(self) -> None:
        self._parser = guard_nesting(markdown_parser())

    def sniffs(self, path: PurePath) -> bool:
        """Whether a file of this name may be a Learn page, which its first line tells."""
        return path.suffix.lower() in self.sniffed

    def takes(self, path: PurePath, head: bytes) -> bool:
        """Whether a file whose first bytes are `head` opens with `### YamlMime:` of a page's kind."""
        return self.sniffs(path) and page_kind(head) is not None

    def load(self, path: Path, data: bytes) -> ParsedDoc:
        if len(data) > MAX_BYTES:
            raise LoaderError(f"{path.name}: {len(data):,} bytes, more than a Learn page holds ({MAX_BYTES:,})")
        text = decode_text(data)
        page = read_yaml(text)
        if page is None:
            raise LoaderError(f"{path.name}: not YAML Learn reads (not YAML, or nested too deep to read)")
        if not isinstance(page, dict):
            raise LoaderError(f"{path.name}: not YAML Learn reads (no mapping under its YamlMime line)")
        metadata: dict[Any, Any] = page["metadata"] if isinstance(page.get("metadata"), dict) else {}
        shown = str(page["title"]).strip() if _shown(page.get("title")) else ""
        title = str(metadata["title"]).strip() if _shown(metadata.get("title")) else shown
        out = _Shown(len(text) + MAX_EXPANDED)
        out.add(f"# {shown}" if shown else "")
        for key, value in page.items():
            if key in ("summary", "additionalContent") and _shown(value):  # (an FAQ's closing Markdown, the latter)
                out.add(value.strip())
            elif key not in ("title", "summary") and not _hidden(key):
                out.walk(value, 2, 1)
        body = expand_docfx("\n".join(out.lines), path)
        front = {"title": title} | ({"description": d} if _shown(d := metadata.get("description")) else {})
        return render_markdown(self._parser, body, front, tuple(out.warnings), self.format)


def page_kind(head: bytes) -> str | None:
    """The YamlMime kind of a Learn page (`landing`) on the first line of `head`; None for none or another kind."""
    found = _MIME.match(head)
    kind = found.group(1).decode().lower() if found else None
    return kind if kind in PAGE_KINDS else None


class _Shown:
    """The Markdown lines of what a page shows, within the bounds of the module docstring: `budget` values,
    mapping entries and characters; an alias met again is counted again, as what it names is shown again."""

    def __init__(self, budget: int) -> None:
        self.lines: list[str] = []
        self.warnings: list[str] = []
        self._budget = budget

    def add(self, text: str) -> None:
        """A paragraph (a heading, a list item, Markdown), as far as the budget goes."""
        if text and self._spend(len(text)):
            self.lines += [text, ""]

    def walk(self, value: object, level: int, depth: int) -> None:
        """The text of a section, card, list of links or link, `level` its heading's level, `depth` its nesting."""
        if not isinstance(value, (list, Mapping)):
            return
        if depth > MAX_DEPTH:
            self._warn(f"values nested deeper than {MAX_DEPTH} levels are left out")
        elif not self._spend(1 + len(value)):
            return
        elif isinstance(value, Mapping):
            self._mapping(value, level, depth)
        else:
            for item in value:
                self.walk(item, level, depth + 1)

    def _mapping(self, value: Mapping[Any, Any], level: int, depth: int) -> None:
        """A mapping's heading (or list item) and text, then what it holds one level deeper, then its footer."""
        name = next((value[k].strip() for k in _HEADINGS if _shown(value.get(k))), "")
        texts = [value[k].strip() for k in _TEXTS if _shown(value.get(k))]
        held = [v for k, v in value.items() if isinstance(v, (list, Mapping)) and not _hidden(k)]
        kind = value.get("linkListType")
        if isinstance(kind, str) and kind.strip():
            self.add(_LABELS.get(kind.strip(), kind.strip().replace("-", " ").capitalize()))
        if name and (held or texts):
            self.add("#" * min(level, 6) + " " + " ".join(name.split()))
        elif name or _shown(value.get("text")):
            self.add("- " + " ".join((name or value["text"]).split()))
        for text in texts:
            self.add(text)
        for child in held:
            self.walk(child, level + 1 if name else level, depth + 1)
        closing = value.get(_CLOSING)
        if isinstance(closing, str):
            self.add(closing.strip())

    def _spend(self, amount: int) -> bool:
        """Whether `amount` more is within the budget; when not, the rest of the page is left out."""
        self._budget -= amount
        if self._budget >= 0:
            return True
        self._warn(f"it shows more than its file holds by {MAX_EXPANDED:,} values and characters (YAML aliases "
                   "repeating what they name): the rest is left out")  # fmt: skip
        return False

    def _warn(self, warning: str) -> None:
        if warning not in self.warnings:
            self.warnings.append(warning)


def _shown(value: object) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _hidden(key: object) -> bool:
    """Whether a key's value is no text of the page (`url`, `metadata`); looked at without copying a long key
    (an alias of a long text may be a key, met again and again)."""
    return isinstance(key, str) and len(key) <= 20 and key.lower() in _HIDDEN
