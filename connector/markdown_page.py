"""A Markdown document's page body: its source rendered by markdown-it-py (headings, lists, tables, code), with raw
HTML shown as text (html=False), links kept only when they are http(s), mailto or within the page, and images shown
as their alt text (the pages load nothing from elsewhere). The passages' anchors (#p-N) are placed before the block
where each passage's text begins, and the query's words are highlighted in the text between tags."""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import urlsplit

from markdown_it import MarkdownIt
from markdown_it.token import Token

from indexer import Passage

_FRONT_MATTER = re.compile(r"\A(?:\ufeff)?(---|\+\+\+)[ \t]*\r?\n.*?\r?\n\1[ \t]*(?:\r?\n|\Z)", re.DOTALL)
_TAG = re.compile(r"(<[^>]*>)")
_WORDS = re.compile(r"\w+")
KEY_WORDS = 6  # words of a passage's start that find its block
LOOK_AHEAD = 200  # blocks searched for a passage's first words, from the last passage's block


def _safe_link(url: str) -> bool:
    try:
        scheme = urlsplit(url.strip()).scheme.lower()
    except ValueError:
        return False
    return scheme in ("", "http", "https", "mailto")


def _image_as_text(tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    token = tokens[idx]
    alt = "".join(child.content for child in token.children or ())
    return f"[{html.escape(alt)}]" if alt else ""


def _parser() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    md.validateLink = _safe_link  # type: ignore[method-assign]
    md.add_render_rule("image", _image_as_text)
    return md


_MD = _parser()


def _words(markup: str) -> str:
    return " ".join(_WORDS.findall(html.unescape(_TAG.sub(" ", markup)).lower()))


def _blocks(tokens: list[Token]) -> list[list[Token]]:
    """The top-level blocks: a paragraph, a list, a table, a heading, a code block..."""
    blocks: list[list[Token]] = []
    current: list[Token] = []
    depth = 0
    for token in tokens:
        current.append(token)
        depth += token.nesting
        if depth == 0:
            blocks.append(current)
            current = []
    if current:
        blocks.append(current)
    return blocks


def render_markdown(source: str, text: str, passages: list[Passage], mark: Callable[[str], str]) -> str:
    source = _FRONT_MATTER.sub("", source, count=1)
    env: dict[str, Any] = {}
    rendered = [_MD.renderer.render(block, _MD.options, env) for block in _blocks(_MD.parse(source, env))]
    words = [_words(block) for block in rendered]
    anchors: dict[int, list[int]] = {}
    at = 0
    for passage in passages:
        key = " ".join(_WORDS.findall(text[passage.start : passage.end].lower())[:KEY_WORDS])
        ahead = range(at, min(at + LOOK_AHEAD, len(words)))  # bounded: a page of many unmatched passages stays linear
        found = next((i for i in ahead if key and key in words[i]), None)
        at = found if found is not None else at
        anchors.setdefault(at, []).append(passage.ordinal)
    out: list[str] = []
    for i, block in enumerate(rendered):
        out.extend(f'<span id="p-{n}"></span>' for n in anchors.get(i, ()))
        out.append("".join(part if _TAG.fullmatch(part) else mark(html.unescape(part)) for part in _TAG.split(block)))
    out.extend(f'<span id="p-{n}"></span>' for i, ns in anchors.items() if i >= len(rendered) for n in ns)
    return '<div class="markdown">' + "".join(out) + "</div>"
