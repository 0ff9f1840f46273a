"""Markdown: CommonMark (plus tables and footnotes) rendered to clean text, split at headings; front matter by
frontmatter.py.

The text keeps what a reader sees and drops the markup: code (fenced, indented, inline) verbatim (but the lines
rustdoc and mdBook hide in Rust code: `# use std::io;`) under the title a site shows above it (```yml
title="deploy.yml"```, VitePress's ```vue [Child.vue]```), link text without the URL, image alt text, one line per
list item, one line per table row with its cells joined by " | ", footnotes where they are written ("[1] text",
referred to as "a claim[1]"), raw HTML reduced to its text (read by htmlscan: comments, scripts and styles are
never text, even when they span several blocks). A heading starts a new Section whose `heading` is the heading's
text; the heading itself is not repeated in the section's text (a heading with no text of its own is a Section
with none). Title: front matter `title`, else the first h1, else the first heading of any level. Included files
are put in place first (MkDocs snippets: snippets.py; mdBook's includes: mdbook.py; MyST's: sphinxfiles.py),
then template syntax of static site generators (Hugo shortcodes, mdBook directives, Liquid) is taken out
(templates.py).

Blocks nested deeper than markdown-it can follow (NESTING_LIMIT levels of lists and quotes) are kept as
their plain text, with a warning: markdown-it itself would drop them and everything after them.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock
from markdown_it.rules_core import StateCore
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token
from mdit_py_plugins.deflist import deflist_plugin
from mdit_py_plugins.footnote import footnote_plugin
from mdit_py_plugins.footnote.index import footnote_ref

from indexer.loaders import sphinxrefs
from indexer.loaders.dialects import plain_dialects
from indexer.loaders.frontmatter import split_front_matter
from indexer.loaders.htmlscan import EndTag, HtmlScanner, StartTag, Text
from indexer.loaders.jsx import is_mdx, strip_jsx
from indexer.loaders.mdbook import expand_includes
from indexer.loaders.myst import plain_myst
from indexer.loaders.snippets import expand_snippets
from indexer.loaders.sphinxfiles import expand_myst_includes
from indexer.loaders.templates import strip_templates
from indexer.loaders.textcodec import decode_text
from indexer.model import ParsedDoc, Section

__all__ = ["NESTING_LIMIT", "MarkdownLoader", "markdown_parser", "render_markdown"]

NESTING_LIMIT = 98  # levels (a list item is two: the list and the item); deeper blocks are read as plain text
_MAX_NESTING = NESTING_LIMIT + 2  # markdown-it's own limit, which drops what lies past it: never reached
_NESTED_MARKERS = re.compile(r"^(?:>[ \t]?|[-*+][ \t]+|\d{1,9}[.)][ \t]+)+")
_HTML_LINE_BREAKS = frozenset(
    {"br", "p", "div", "li", "tr", "td", "th", "table", "ul", "ol", "dl", "dt", "dd", "pre", "blockquote", "hr"}
    | {"h1", "h2", "h3", "h4", "h5", "h6", "section", "article", "header", "footer", "details", "summary"}
)
_OPENING_TAG = re.compile(r"<[A-Za-z]")
_HIGHLIGHTED = re.compile(r"^#![A-Za-z][\w+-]* ")  # inline code's language (pymdownx.inlinehilite): not shown
_TIGHT_BLOCKS = frozenset({"bullet_list", "ordered_list", "table"})  # their lines are not spaced


class MarkdownLoader:
    """Loads .md files: front matter into `front_matter`, body into heading-delimited sections. A body that is
    MDX (jsx.is_mdx: Docusaurus reads its .md files so) has its JSX taken out first (jsx.py) and, as in MDX,
    indented lines are not code; any other has MyST's directives and roles read (myst.py)."""

    format = "markdown"
    suffixes = frozenset({".md", ".markdown", ".mdown", ".mkd"})
    always_mdx = False

    def __init__(self) -> None:
        self._parser = guard_nesting(markdown_parser())
        self._mdx_parser = guard_nesting(markdown_parser())
        self._mdx_parser.disable("code")  # MDX has no indented code: JSX children are indented

    def load(self, path: Path, data: bytes) -> ParsedDoc:
        front_matter, body, warnings = split_front_matter(decode_text(data))
        body = expand_myst_includes(expand_includes(expand_snippets(body, path), path), path)
        mdx = self.always_mdx or is_mdx(body)
        with sphinxrefs.page(path):  # MyST's {doc} references show the titles of the pages they name
            text = plain_dialects(strip_templates(strip_jsx(body, path) if mdx else plain_myst(body, path)))
        return render_markdown(self._mdx_parser if mdx else self._parser, text, front_matter, warnings, self.format)


def render_markdown(
    parser: MarkdownIt, body: str, front_matter: dict[str, Any], warnings: tuple[str, ...], doc_format: str
) -> ParsedDoc:
    """The ParsedDoc of a Markdown body whose front matter has been read already."""
    env: dict[str, Any] = {}
    renderer = _Renderer(env)
    renderer.feed(parser.parse(body, env))
    title = front_matter.get("title")
    if not isinstance(title, str) or not title.strip():
        title = renderer.first_h1 or renderer.first_heading
    return ParsedDoc(
        format=doc_format,
        title=title.strip(),
        sections=renderer.sections(),
        front_matter=front_matter,
        warnings=warnings + renderer.warnings() + _nesting_warnings(env),
    )


def markdown_parser() -> MarkdownIt:
    """CommonMark plus tables, footnotes (`[^1]` and `[^1]: text`, kept where they are written) and definition
    lists (a term, then `:   its definition`: MkDocs, MyST, Pandoc), whose inline parsing takes a shortcut
    through plain prose (see _inline)."""
    parser = MarkdownIt("commonmark").enable("table")
    footnote_plugin(parser, inline=False, move_to_end=False)
    deflist_plugin(parser)
    parser.inline.ruler.at("footnote_ref", _footnote_ref)
    if parser.inline.ruler.get_active_rules() == _INLINE_RULES:  # else the shortcut's premise is unknown
        parser.core.ruler.at("inline", _inline)
    return parser


def guard_nesting(parser: MarkdownIt) -> MarkdownIt:
    """Past markdown-it's nesting limit the rest of a block is dropped; with this guard, blocks nested past
    NESTING_LIMIT become a paragraph of their plain text (their list and quote markers removed) instead."""
    parser.options["maxNesting"] = _MAX_NESTING
    first = parser.block.ruler.get_all_rules()[0]
    parser.block.ruler.before(first, "nesting_guard", _too_deep)
    return parser


def _too_deep(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """A block rule that takes the lines of a block nested past NESTING_LIMIT as one plain paragraph."""
    if state.level < NESTING_LIMIT or silent:
        return False
    line, lines = start, []
    while line < end and (state.isEmpty(line) or state.sCount[line] >= state.blkIndent):
        text = state.src[state.bMarks[line] + state.tShift[line] : state.eMarks[line]]
        lines.append(_NESTED_MARKERS.sub("", text))
        line += 1
    state.line = line
    state.push("paragraph_open", "p", 1).map = [start, line]
    inline = state.push("inline", "", 0)
    inline.content, inline.map, inline.children = "\n".join(lines).strip(), [start, line], []
    state.push("paragraph_close", "p", -1)
    state.env["too_deep"] = True
    return True


def _footnote_ref(state: StateInline, silent: bool) -> bool:
    """The footnote plugin's reference rule, tried only where a reference stands whose label is at most
    _FOOTNOTE_LABEL characters: the plugin looks for a label's end as far as the next space, from every `[^`,
    which takes hours on a long run of `[^` with no space."""
    return _FOOTNOTE.match(state.src, state.pos, state.posMax) is not None and footnote_ref(state, silent)


def _label_scans(content: str, token_start: re.Pattern[str]) -> int:
    """How many tokens markdown-it steps over at least, looking for the ends of link labels in inline content:
    from each `[` to the first `]` after it (or the end), a token at each character that may start one (where
    `token_start`, the parser's text rule, stops). Each unclosed `[` looks to the end of the paragraph, so a
    paragraph of many takes time that grows with their square: up to a microsecond a token (7 s for 300 of
    them in 90 KB of prose with dashes)."""
    opens = content.count("[")
    if not opens:
        return 0
    starts = [m.start() for m in token_start.finditer(content)]
    if opens * len(starts) <= _MAX_LABEL_SCANS:
        return 0
    ends = [m.start() for m in _CLOSE_BRACKET.finditer(content)]
    total = 0
    for match in _OPEN_BRACKET.finditer(content):
        at = bisect_left(ends, match.start())
        end = ends[at] if at < len(ends) else len(content)
        total += bisect_left(starts, end) - bisect_right(starts, match.start())
    return total


def _listing_label(attrs: dict[str, str]) -> str:
    """What the Rust book's mdBook preprocessor shows of a `<Listing number="1-1" file-name="src/main.rs"
    caption="...">`: "Listing 1-1: caption" and "Filename: src/main.rs" (the prose refers to "Listing 1-1")."""
    number, name = attrs.get("number", ""), attrs.get("file-name", "")
    caption = attrs.get("caption", "").replace("`", "")  # Markdown code in it shows as code: its text
    label = f"Listing {number}: {caption}" if number and caption else f"Listing {number}" if number else caption
    return "\n".join(line for line in (label, f"Filename: {name}" if name else "") if line)


def _shown_rust(code: str) -> str:
    """Rust code as rustdoc and mdBook show it: a line of `#` alone or `# ` and code is hidden (boilerplate around
    an example), and `##` at a line's start shows as `#`."""
    lines = []
    for line in code.split("\n"):
        stripped = line.lstrip()
        if stripped == "#" or stripped.startswith("# "):
            continue
        lines.append(line.replace("##", "#", 1) if stripped.startswith("##") else line)
    return "\n".join(lines)


def _breaks_line(tag: str, inline: bool) -> bool:
    """Whether an HTML tag in Markdown starts a new line: <br> always, block tags between blocks."""
    return tag == "br" or (not inline and tag in _HTML_LINE_BREAKS)


def _nesting_warnings(env: dict[str, Any]) -> tuple[str, ...]:
    warnings = []
    if "too_deep" in env:
        warnings.append(
            f"lists or quotes nested more than {NESTING_LIMIT // 2} deep: what lies deeper is indexed as plain text"
        )
    if "unclosed_brackets" in env:
        warnings.append(
            "a paragraph holds so many unclosed '[' that reading its links would take minutes: it is indexed as its"
            " plain text, markup included"
        )
    return tuple(warnings)


# The inline rules of CommonMark in markdown-it (and footnote references), and what those other than `text` and
# `newline` start at. Inline content holding none of these characters is text and line breaks only, whatever rules
# run.
_INLINE_RULES = [
    "text",
    "newline",
    "escape",
    "backticks",
    "emphasis",
    "link",
    "image",
    "footnote_ref",
    "autolink",
    "html_inline",
    "entity",
]
_PLAIN = re.compile(r"[^\\`*_\[!<&]*")
_RUST_INFO = re.compile(r"[ \t]*rust(?![\w-])")  # a Rust code block's info string ("rust", "rust,ignore")
# the title shown above a code block: Docusaurus's and MkDocs' title="file.yml", VitePress's [Child.vue]
_CODE_TITLE = re.compile(  # (not a quoted title="x", which expressive-code reads as text to mark in the code)
    r"""(?<!["'])\btitle=(?:"([^"\n]+)"|'([^'\n]+)'|([^\s"'{}]+))|^\S*[ \t]+\[([^\]\n]+)\]"""
)
_FOOTNOTE_LABEL = 200  # characters
_FOOTNOTE = re.compile(rf"\[\^[^\s\]]{{1,{_FOOTNOTE_LABEL}}}\]")
_OPEN_BRACKET, _CLOSE_BRACKET = re.compile(r"\["), re.compile(r"\]")
_MAX_LABEL_SCANS = 2_000_000  # tokens stepped over looking for labels' ends: 0.03 to 1.5 s


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
        elif _label_scans(token.content, md.inline.terminator_re) > _MAX_LABEL_SCANS:
            token.children.extend(_plain_tokens(token.content))
            env["unclosed_brackets"] = True
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

    def __init__(self, env: dict[str, Any]) -> None:
        self._env = env  # the parser's: its footnotes' numbers
        self.first_h1 = ""
        self.first_heading = ""
        self._html = HtmlScanner()  # raw HTML's state: a comment or script it opened hides what follows
        self._done: list[Section] = []
        self._heading = ""
        self._level = 0
        self._chunks: list[tuple[int | None, str]] = []  # (list or table number, text)
        self._in_heading: str | None = None  # the heading tag while inside one
        self._row: list[str] | None = None
        self._tight_depth = 0
        self._tight_count = 0  # lines of the same list or table are joined by one "\n"
        self._number = ""  # the number of the ordered list item whose first text comes next ("3. ")

    def feed(self, tokens: Sequence[Token]) -> None:
        for token in tokens:
            self._token(token)

    def sections(self) -> tuple[Section, ...]:
        self._close_section()
        return tuple(self._done)

    def warnings(self) -> tuple[str, ...]:
        if self._html.open is None:
            return ()
        what = "comment" if self._html.open == "comment" else f"<{self._html.open}>"
        return (f"an HTML {what} is never closed: the rest of the file is hidden, as in a browser, and not indexed",)

    def _token(self, token: Token) -> None:
        kind = token.type
        base = kind.removesuffix("_open").removesuffix("_close")
        if base in _TIGHT_BLOCKS:
            opening = kind.endswith("_open")
            if opening and self._tight_depth == 0:
                self._tight_count += 1
            self._tight_depth += 1 if opening else -1
        elif kind == "list_item_open" and token.info:  # an ordered list's item keeps its number: "step 3"
            self._number = f"{token.info}{token.markup} "
        elif kind == "list_item_close":
            self._number = ""  # an item with no text of its own (an image, a comment) leaves its number behind
        elif kind == "footnote_reference_open":  # a footnote's text, where it is written: "[1] text"
            self._number = f"[{self._footnote_number(token.meta['label'])}] "
        elif kind == "footnote_reference_close":
            self._number = ""
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
            self._inline(self._inline_text(token))
        elif kind in ("fence", "code_block") and self._html.open is None:
            code = token.content.rstrip("\n")
            code = _shown_rust(code) if _RUST_INFO.match(token.info) else code
            title = _CODE_TITLE.search(token.info) if kind == "fence" else None
            self._add(f"{next(filter(None, title.groups()))}\n{code}" if title else code)
        elif kind == "html_block":
            self._add(self._html_text(token.content))

    def _inline(self, text: str) -> None:
        if self._in_heading is not None:
            self._close_section()
            self._heading, self._level = text, int(self._in_heading[1:])
            if self._in_heading == "h1" and not self.first_h1:
                self.first_h1 = text
            self.first_heading = self.first_heading or text
        elif self._row is not None:
            self._row.append(text)
        else:
            self._add(text)

    def _add(self, text: str) -> None:
        if text.strip():
            if self._number:
                text, self._number = self._number + text, ""
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
        if body.strip() or self._heading:  # a heading right before another is kept (assemble() joins them)
            self._done.append(Section(text=body if body.strip() else "", heading=self._heading, level=self._level))
        self._chunks = []

    def _inline_text(self, token: Token) -> str:
        """The plain text of an inline token: text, code, link text and image alt text, no markup; nothing
        while raw HTML hides it."""
        parts: list[str] = []
        closed = False  # the last child was a closing tag
        for child in token.children or ():
            if child.type == "html_inline":
                if closed and _OPENING_TAG.match(child.content):
                    parts.append(" ")  # </span><span>: the alternatives Vue's docs show one of, not one word
                parts.append(self._html_text(child.content, inline=True))
                closed = child.content.startswith("</")
                continue
            closed = False
            if self._html.open is not None:
                continue
            elif child.type == "code_inline":
                parts.append(_HIGHLIGHTED.sub("", child.content, count=1))  # `#!python x` shows x
            elif child.type in ("text", "image"):
                parts.append(child.content)  # an image's content is its alt text
            elif child.type == "footnote_ref":
                parts.append(f"[{child.meta['id'] + 1}]")
            elif child.type == "softbreak":
                parts.append(" ")
            elif child.type == "hardbreak":
                parts.append("\n")
        return "".join(parts).strip()

    def _footnote_number(self, label: str) -> str:
        """A footnote's number as the page shows it (in the order of first reference), or its label when nothing
        refers to it."""
        number = self._env.get("footnotes", {}).get("refs", {}).get(":" + label, -1)
        return str(number + 1) if number >= 0 else label

    def _html_text(self, fragment: str, inline: bool = False) -> str:
        """The text of raw HTML: tags removed (a line break for <br>, and between blocks), entities read."""
        parts: list[str] = []
        closed = False  # the last token was a closing tag (outside <pre>, where code's spans touch)
        spaced = "<pre" not in fragment.lower()
        for html_token in self._html.feed(fragment):
            if spaced and closed and isinstance(html_token, StartTag) and parts and not parts[-1][-1:].isspace():
                parts.append(" ")
            closed = isinstance(html_token, EndTag)
            if isinstance(html_token, Text):
                parts.append(html_token.text)
            elif isinstance(html_token, StartTag) and html_token.name == "listing" and not self._html.open:
                parts.append(f"\n{_listing_label(html_token.attrs)}\n")
            elif isinstance(html_token, StartTag | EndTag) and _breaks_line(html_token.name, inline):
                parts.append("\n")
        if inline:
            return "".join(parts)
        lines = (" ".join(line.split()) for line in "".join(parts).splitlines())
        return "\n".join(line for line in lines if line)
