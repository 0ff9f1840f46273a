"""Microsoft Learn's YAML pages (dotnet/docs-maui's `index.yml`, `whats-new/index.yml`): a `.yml` file whose first
line is `### YamlMime:Landing` (or `Hub`, `FAQ`), which Learn renders as a page of cards and lists of links, read as
the text a reader sees on it.

Its heading (`title`) and `summary` open it; its title is `metadata.title` (the page's title in the browser and
in search engines, as a Markdown page's front matter `title` is), else that heading. Each section's `title`
(`landingContent`'s, `conceptualContent`'s, `additionalContent`'s; an FAQ's `name`) is a heading over what it
holds: its cards' titles and summaries, the text of its links (`text`), a list of links' kind as Learn labels it
(`linkListType: whats-new` is "What's new"), an FAQ's questions, headings over their Markdown answers, and its
closing `additionalContent` (DocFX's cross references and includes in them put in place: docfx.py). Nothing else
is text: not the keys, nor `url`, `imageSrc`, `itemType` or `metadata` (a page's `description` is its front
matter's). Learn's other YAML files (`YamlMime:ZonePivotGroups`, `YamlMime:ContextObject`) and `toc.yml`, which
has no such line, are no page: no loader takes them. A file of aliases naming each other (a YAML bomb) is read up
to MAX_NODES values.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path, PurePath
from typing import Any

from indexer.errors import LoaderError
from indexer.loaders.docfx import expand_docfx
from indexer.loaders.markdown import guard_nesting, markdown_parser, render_markdown
from indexer.loaders.textcodec import decode_text
from indexer.loaders.yamlread import read_yaml
from indexer.model import ParsedDoc

__all__ = ["MAX_NODES", "LearnYamlLoader"]

MAX_NODES = 50_000  # values of a page looked at: Learn's largest hubs hold a few hundred
PAGE_KINDS = frozenset({"landing", "hub", "faq"})
_MIME = re.compile(rb"\A(?:\xef\xbb\xbf)?[ \t]*###[ \t]*YamlMime:[ \t]*([A-Za-z]{1,40})[ \t]*\r?$", re.MULTILINE)
_HEADINGS = ("title", "name", "question")  # what names a section, a card, a link or a question
_TEXTS = ("summary", "answer", "abstract")  # Markdown shown under it
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
        page = read_yaml(decode_text(data))
        if not isinstance(page, dict):
            raise LoaderError(f"{path.name}: not YAML Learn reads (no mapping under its YamlMime line)")
        metadata: dict[Any, Any] = page["metadata"] if isinstance(page.get("metadata"), dict) else {}
        shown = str(page["title"]).strip() if _shown(page.get("title")) else ""
        title = str(metadata["title"]).strip() if _shown(metadata.get("title")) else shown
        lines = [f"# {shown}", ""] if shown else []
        budget = [MAX_NODES]
        for key, value in page.items():
            if key in ("summary", "additionalContent") and _shown(value):  # (an FAQ's closing Markdown, the latter)
                lines += [value.strip(), ""]
            elif key not in ("title", "summary") and str(key).lower() not in _HIDDEN:
                _walk(value, 2, lines, budget)
        body = expand_docfx("\n".join(lines), path)
        front = {"title": title} | ({"description": d} if _shown(d := metadata.get("description")) else {})
        warnings = (f"more than {MAX_NODES:,} values: the rest is left out",) if budget[0] <= 0 else ()
        return render_markdown(self._parser, body, front, warnings, self.format)


def page_kind(head: bytes) -> str | None:
    """The YamlMime kind of a Learn page (`landing`) on the first line of `head`; None for none or another kind."""
    found = _MIME.match(head)
    kind = found.group(1).decode().lower() if found else None
    return kind if kind in PAGE_KINDS else None


def _walk(value: object, depth: int, lines: list[str], budget: list[int]) -> None:
    """The text of a section, card, list of links or link (see the module docstring), `depth` its heading's level."""
    budget[0] -= 1
    if budget[0] <= 0:
        return
    if isinstance(value, list):
        for item in value:
            _walk(item, depth, lines, budget)
    elif isinstance(value, Mapping):
        _mapping(value, depth, lines, budget)


def _mapping(value: Mapping[Any, Any], depth: int, lines: list[str], budget: list[int]) -> None:
    """A mapping's heading (or list item) and text, then what it holds one level deeper."""
    name = next((value[k].strip() for k in _HEADINGS if _shown(value.get(k))), "")
    texts = [value[k].strip() for k in _TEXTS if _shown(value.get(k))]
    held = [v for k, v in value.items() if isinstance(v, (list, Mapping)) and str(k).lower() not in _HIDDEN]
    kind = value.get("linkListType")
    if isinstance(kind, str) and kind.strip():
        lines += [_LABELS.get(kind.strip(), kind.strip().replace("-", " ").capitalize()), ""]
    if name and (held or texts):
        lines += ["#" * min(depth, 6) + " " + " ".join(name.split()), ""]
    elif name or _shown(value.get("text")):
        lines += ["- " + " ".join((name or value["text"]).split()), ""]
    lines += [line for text in texts for line in (text, "")]
    for child in held:
        _walk(child, depth + 1 if name else depth, lines, budget)


def _shown(value: object) -> bool:
    return isinstance(value, str) and bool(value.strip())
