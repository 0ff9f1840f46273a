"""Markdown: CommonMark (plus tables) rendered to clean text, split at headings; front matter by frontmatter.py.

The text keeps what a reader sees and drops the markup: code (fenced, indented, inline) verbatim,
link text without the URL, image alt text, one line per list item, one line per table row with its
cells joined by " | ", raw HTML reduced to its text. A heading starts a new Section whose `heading` is
the heading's text; the heading itself is not repeated in the section's text. Sections with no text
are left out.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

from indexer.loaders.frontmatter import split_front_matter
from indexer.loaders.textcodec import decode_text
from indexer.model import ParsedDoc, Section

__all__ = ["MarkdownLoader", "markdown_parser"]

_HTML_DROP = re.compile(r"<!--.*?-->|<(script|style)\b.*?</\1\s*>", re.DOTALL | re.IGNORECASE)
_HTML_BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)
_HTML_TAG = re.compile(r"</?[A-Za-z][^>]*>")
_TIGHT_BLOCKS = frozenset({"bullet_list", "ordered_list", "table"})  # their lines are not spaced


class MarkdownLoader:
    """Loads .md files: front matter into `front_matter`, body into heading-delimited sections."""

    format = "markdown"
    suffixes = frozenset({".md", ".markdown", ".mdown", ".mkd"})

    def __init__(self) -> None:
        self._parser = markdown_parser()

    def load(self, path: Path, data: bytes) -> ParsedDoc:
        front_matter, body, warnings = split_front_matter(decode_text(data))
        renderer = _Renderer()
        renderer.feed(self._parser.parse(body))
        title = front_matter.get("title")
        if not isinstance(title, str) or not title.strip():
            title = renderer.first_h1
        return ParsedDoc(
            format=self.format,
            title=title.strip(),
            sections=renderer.sections(),
            front_matter=front_matter,
            warnings=warnings,
        )


def markdown_parser() -> MarkdownIt:
    """CommonMark plus tables, whose inline parsing takes a shortcut through plain prose (see _inline)."""
    parser = MarkdownIt("commonmark").enable("table")
    if parser.inline.ruler.get_active_rules() == _INLINE_RULES:  # else the shortcut's premise is unknown
        parser.core.ruler.at("inline", _inline)
    return parser


# The inline rules of CommonMark in markdown-it, and what those other than `text` and `newline` start at. Inline
# content holding none of these characters is text and line breaks only, whatever rules run.
_INLINE_RULES = [
    "text",
    "newline",
    "escape",
    "backticks",
    "emphasis",
    "link",
    "image",
    "autolink",
    "html_inline",
    "entity",
]
_PLAIN = re.compile(r"[^\\`*_\[!<&]*")


def _inline(state: StateCore) -> None:
    """markdown-it's core `inline` rule, except that content in which no inline rule but text and newline can
    start (prose without emphasis, code, links, escapes or entities: most of it) becomes its tokens directly,
    the very tokens markdown-it's inline parser makes of it, in a fraction of the time."""
    md, env = state.md, state.env
    for token in state.tokens:
        if token.type != "inline":
            continue
        if token.children is None:
            token.children = []
        if _PLAIN.fullmatch(token.content):
            token.children.extend(_plain_tokens(token.content))
        else:
            md.inline.parse(token.content, md, env, token.children)


def _plain_tokens(content: str) -> list[Token]:
    """The text and line-break tokens of plain inline content, as markdown-it's `newline` rule cuts it: at
    each line end a hard break after two or more spaces (which are dropped), else a soft break (dropping one
    space); the next line's leading spaces and tabs are skipped."""
    tokens: list[Token] = []
    lines = content.split("\n")
    for number, line in enumerate(lines):
        if number:
            line = line.lstrip(" \t")
        if number == len(lines) - 1:
            if line:
                tokens.append(Token("text", "", 0, content=line))
            break
        kind = "softbreak"
        if line.endswith("  "):
            line, kind = line.rstrip(" "), "hardbreak"
        elif line.endswith(" "):
            line = line[:-1]
        if line:
            tokens.append(Token("text", "", 0, content=line))
        tokens.append(Token(kind, "br", 0))
    return tokens


class _Renderer:
    """Walks markdown-it's token stream, collecting clean text per heading."""

    def __init__(self) -> None:
        self.first_h1 = ""
        self._done: list[Section] = []
        self._heading = ""
        self._chunks: list[tuple[int | None, str]] = []  # (list or table number, text)
        self._in_heading: str | None = None  # the heading tag while inside one
        self._row: list[str] | None = None
        self._tight_depth = 0
        self._tight_count = 0  # lines of the same list or table are joined by one "\n"

    def feed(self, tokens: Sequence[Token]) -> None:
        for token in tokens:
            self._token(token)

    def sections(self) -> tuple[Section, ...]:
        self._close_section()
        return tuple(self._done)

    def _token(self, token: Token) -> None:
        kind = token.type
        base = kind.removesuffix("_open").removesuffix("_close")
        if base in _TIGHT_BLOCKS:
            opening = kind.endswith("_open")
            if opening and self._tight_depth == 0:
                self._tight_count += 1
            self._tight_depth += 1 if opening else -1
        elif kind == "heading_open":
            self._in_heading = token.tag
        elif kind == "heading_close":
            self._in_heading = None
        elif kind == "tr_open":
            self._row = []
        elif kind == "tr_close" and self._row is not None:
            while self._row and not self._row[-1]:
                self._row.pop()
            self._add(" | ".join(self._row))
            self._row = None
        elif kind == "inline":
            self._inline(inline_text(token))
        elif kind in ("fence", "code_block"):
            self._add(token.content.rstrip("\n"))
        elif kind == "html_block":
            self._add(html_fragment_text(token.content))

    def _inline(self, text: str) -> None:
        if self._in_heading is not None:
            self._close_section()
            self._heading = text
            if self._in_heading == "h1" and not self.first_h1:
                self.first_h1 = text
        elif self._row is not None:
            self._row.append(text)
        else:
            self._add(text)

    def _add(self, text: str) -> None:
        if text.strip():
            self._chunks.append((self._tight_count if self._tight_depth else None, text))

    def _close_section(self) -> None:
        parts: list[str] = []
        previous: int | None = None
        for block, text in self._chunks:
            if parts:
                parts.append("\n" if block is not None and block == previous else "\n\n")
            parts.append(text)
            previous = block
        body = "".join(parts).strip("\n")
        if body.strip():
            self._done.append(Section(text=body, heading=self._heading))
        self._chunks = []


def inline_text(token: Token) -> str:
    """The plain text of an inline token: text, code, link text and image alt text, no markup."""
    parts: list[str] = []
    for child in token.children or ():
        if child.type in ("text", "code_inline", "image"):
            parts.append(child.content)  # an image's content is its alt text
        elif child.type == "softbreak":
            parts.append(" ")
        elif child.type == "hardbreak" or (child.type == "html_inline" and _HTML_BREAK.match(child.content)):
            parts.append("\n")
    return "".join(parts).strip()


def html_fragment_text(fragment: str) -> str:
    """The text of a raw HTML block: comments, scripts and styles dropped, tags removed."""
    text = _HTML_TAG.sub("", _HTML_BREAK.sub("\n", _HTML_DROP.sub("", fragment)))
    lines = (" ".join(line.split()) for line in html.unescape(text).splitlines())
    return "\n".join(line for line in lines if line)
