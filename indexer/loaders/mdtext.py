"""markdown-it's tokens as clean text, a Section per heading (markdown.py parses; this reads what it parsed): code
verbatim (but the lines rustdoc and mdBook hide in Rust code, and Shiki's notation comments and Twoslash's lines:
shiki.py; a svelte.dev page's option lines, preludes and highlight marks: sveltesnippets.py) under the title a
site shows above it, one line per list item and table row, footnotes where they are written, raw HTML as its text
(read by htmlscan, whose state runs across blocks: a comment or script opened in one hides what follows)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from markdown_it.token import Token

from indexer.loaders.apistyles import ApiStyles, labelled_heading
from indexer.loaders.htmlscan import EndTag, HtmlScanner, StartTag, Text
from indexer.loaders.npm import package_managers
from indexer.loaders.shiki import shown_code
from indexer.loaders.sveltesnippets import is_svelte_page_code, svelte_shown
from indexer.model import Section

__all__ = ["TextRenderer"]

_HTML_LINE_BREAKS = frozenset(
    {"br", "p", "div", "li", "tr", "td", "th", "table", "ul", "ol", "dl", "dt", "dd", "pre", "blockquote", "hr"}
    | {"h1", "h2", "h3", "h4", "h5", "h6", "section", "article", "header", "footer", "details", "summary"}
)
_OPENING_TAG = re.compile(r"<[A-Za-z]")
# the attribute whose text an element shows: an image's alt text (as `![alt](x.png)` reads), VitePress's (and
# VuePress's) `<Badge type="warning" text="NRV" />`, which Vite's migration guide puts on the headings it means
# (and @vue/theme's `<sup class="vt-badge" data-text="3.5+" />`: Vue's API reference marks 29 APIs so)
_SHOWN_ATTRIBUTE = {"img": "alt", "badge": "text"}
_HIGHLIGHTED = re.compile(r"^#![A-Za-z][\w+-]* ")  # inline code's language (pymdownx.inlinehilite): not shown
_TIGHT_BLOCKS = frozenset({"bullet_list", "ordered_list", "table"})  # their lines are not spaced
_RUST_INFO = re.compile(r"[ \t]*rust(?![\w-])")  # a Rust code block's info string ("rust", "rust,ignore")
# the titles shown above a code block: Docusaurus's and MkDocs' title="file.yml", Quarto's and Nextra's
# filename="Terminal", VitePress's [Child.vue], gohugo.io's {file="layouts/page.html"} (319 of its examples), and
# the tab label of superfences' older tab="Labels" (Traefik's docs show each example so: one tab per way of
# configuring it); not react.dev's steps to mark, ```js [[1, 4, "age"], [2, 4, "setAge"]]
_CODE_TITLE = re.compile(  # (not a quoted title="x", which expressive-code reads as text to mark in the code)
    r"""(?<!["'])\b(?:title|filename|file|tab)=(?:"([^"\n]+)"|'([^'\n]+)'|([^\s"'{}]+))"""
    r"""|^\S*[ \t]+\[(?!\[)([^\]\n]+)\]"""
)


# VitePress's code in a language ending in -vue (```sh-vue) has its Vue interpolations filled in: a string's,
# `{{ '<your-project-name>' }}` in Vue's quick start, shows the string
_VUE_CODE = re.compile(r"[ \t]*[\w+#.-]+-vue(?![\w-])")
_VUE_STRING = re.compile(r"""\{\{[ \t]*(['"])([^'"\n{}]*)\1[ \t]*\}\}""")
_CELL_BREAK = re.compile(r"[ \t]*\n[ \t]*")  # a line break inside a table cell (<br />)
_NO_PATH = re.compile(r"[{}\[\]]")  # a word of a code block's info string that is a JavaScript value, no file
_NPM2YARN = re.compile(r"(?<![\w-])npm2yarn(?![\w-])")  # Docusaurus's remark-plugin-npm2yarn, in the info string


def _code_title(info: str) -> str:
    """The lines a site shows above a fenced code block: its tab's label, then its title, as the info string
    gives them (`yaml tab="Docker" title="compose.yml"`); none for most blocks."""
    found = [next(filter(None, match.groups())) for match in _CODE_TITLE.finditer(info)]
    return "\n".join(dict.fromkeys(found))


class TextRenderer:
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
        self._styles = ApiStyles()  # Vue's docs' API styles (apistyles.py)
        self._badges: list[str] = []  # the texts of the badges in the inline text read last
        self._counts: list[int] = []  # the number the next item of each open ordered list shows, innermost last
        self._svelte = False  # a svelte.dev page: its code blocks read as that site shows them (sveltesnippets.py)

    def feed(self, tokens: Sequence[Token]) -> None:
        self._svelte = any(token.type == "fence" and is_svelte_page_code(token.content, token.info) for token in tokens)
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
            if base == "ordered_list":
                self._ordered(token, opening)
        elif kind == "list_item_open" and token.info and self._counts:  # an ordered list's item: "step 3"
            self._number = f"{self._counts[-1]}{token.markup} "
            self._counts[-1] += 1
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
        elif kind == "fence" and _hidden_file(token.info):
            pass
        elif kind in ("fence", "code_block") and self._html.open is None:
            code = token.content.rstrip("\n")
            code = _shown_rust(code) if _RUST_INFO.match(token.info) else code
            named, code = svelte_shown(code, token.info) if kind == "fence" and self._svelte else ("", code)
            code = shown_code(code, token.info) if kind == "fence" else code  # Shiki's notation, Twoslash's lines
            code = _VUE_STRING.sub(r"\2", code) if _VUE_CODE.match(token.info) else code
            title = (_code_title(token.info) if kind == "fence" else "") or named
            if kind == "fence" and _NPM2YARN.search(token.info):  # Docusaurus shows a tab per package manager
                code = "\n\n".join(f"{name}\n{text}" for name, text in package_managers(code))
            self._add(f"{title}\n{code}" if title else code)
        elif kind == "html_block":
            self._add(self._html_text(token.content))

    def _ordered(self, token: Token, opening: bool) -> None:
        """An ordered list opens or closes: its items are numbered from its start one by one, as a browser numbers
        them (`1.` on every line, as markdownlint's "one" style writes them, shows 1, 2, 3)."""
        if opening:
            start = str(token.attrGet("start") or 1)
            self._counts.append(int(start) if start.isdigit() else 1)
        elif self._counts:
            self._counts.pop()

    def _inline(self, text: str) -> None:
        if self._in_heading is not None:
            label = self._styles.heading_label()
            text = labelled_heading(text, label) if label else text
            self._close_section()
            self._heading, self._level = text, int(self._in_heading[1:])
            title = _without_badges(text, self._badges)  # the page's title, as VitePress takes it from its h1
            if self._in_heading == "h1" and not self.first_h1:
                self.first_h1 = title
            self.first_heading = self.first_heading or title
        elif self._row is not None:
            self._row.append(_CELL_BREAK.sub(" ", text))  # a <br /> in a cell: still one row, one line
        else:
            self._add(text)

    def _add(self, text: str) -> None:
        if text.strip():
            if above := self._styles.above_text():  # "Options API:" above the first text of its block
                self._chunks.append((self._tight_count if self._tight_depth else None, above))
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
        spans: list[tuple[str, int]] = []  # the API styles' spans open: (label, where their text starts)
        self._badges = []
        spaced = False  # a comment between spaces was the last child: `As of <!-- date-check --> May 2025`
        for child in token.children or ():
            if child.type == "html_inline":
                if closed and _OPENING_TAG.match(child.content):
                    parts.append(" ")  # </span><span>: the alternatives Vue's docs show one of, not one word
                spaced = child.content.startswith("<!--") and (spaced or (bool(parts) and parts[-1].endswith(" ")))
                parts.append(self._html_text(child.content, inline=True))
                self._styles.label_spans(parts, spans)
                closed = child.content.startswith("</")
                continue
            closed, gap, spaced = False, spaced, False
            if self._html.open is not None:
                continue
            elif child.type == "code_inline":
                parts.append(_HIGHLIGHTED.sub("", child.content, count=1))  # `#!python x` shows x
            elif child.type in ("text", "image"):  # an image's content is its alt text; one space where a browser
                parts.append(text := child.content[gap and child.content.startswith(" ") :])  # shows one
                spaced = gap and not text  # the space between `<!-- x --> <!-- y -->` was that one
            elif child.type == "footnote_ref":
                parts.append(f"[{child.meta['id'] + 1}]")
            elif child.type == "softbreak":
                parts.append("" if gap else " ")  # `As of <!-- date-check -->` ending a line: its space is the one
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
        self._styles.begin()
        for html_token in self._html.feed(fragment):
            if spaced and closed and isinstance(html_token, StartTag) and parts and not parts[-1][-1:].isspace():
                parts.append(" ")
            closed = isinstance(html_token, EndTag)
            if isinstance(html_token, StartTag | EndTag):
                self._styles.tag(html_token, len(parts))
            if isinstance(html_token, Text):
                parts.append(html_token.text)
            elif isinstance(html_token, StartTag) and html_token.name == "listing" and not self._html.open:
                parts.append(f"\n{_listing_label(html_token.attrs)}\n")
            elif isinstance(html_token, StartTag) and not self._html.open and (shown := _shown_attribute(html_token)):
                self._badges += [shown] if html_token.name != "img" else []
                parts.append(shown if inline else f" {shown} ")
            elif isinstance(html_token, StartTag | EndTag) and _breaks_line(html_token.name, inline):
                parts.append("\n")
        if inline:
            return "".join(parts)
        self._styles.label_blocks(parts)
        lines = (" ".join(line.split()) for line in "".join(parts).splitlines())
        return "\n".join(line for line in lines if line)


def _listing_label(attrs: dict[str, str]) -> str:
    """What the Rust book's mdBook preprocessor shows of a `<Listing number="1-1" file-name="src/main.rs"
    caption="...">`: "Listing 1-1: caption" and "Filename: src/main.rs" (the prose refers to "Listing 1-1")."""
    number, name = attrs.get("number", ""), attrs.get("file-name", "")
    caption = attrs.get("caption", "").replace("`", "")  # Markdown code in it shows as code: its text
    label = f"Listing {number}: {caption}" if number and caption else f"Listing {number}" if number else caption
    return "\n".join(line for line in (label, f"Filename: {name}" if name else "") if line)


def _hidden_file(info: str) -> bool:
    """Whether a code block is a file its Sandpack example hides (react.dev's ```js src/data.js hidden, also after
    options: ```js {expectedErrors: {...}} src/App.js hidden): no tab shows it, only the sandbox runs it. Read as
    words: a pattern took 79 s over a name of 100,000 dots."""
    words = info.split()
    if "hidden" not in words[2:]:
        return False
    return any(
        ("." in word or "/" in word) and not _NO_PATH.search(word) for word in words[1 : words.index("hidden", 2)]
    )


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


def _shown_attribute(tag: StartTag) -> str | None:
    """The text an element shows from its attributes (see _SHOWN_ATTRIBUTE), or None: an image's alt text, a
    badge's text."""
    name = _SHOWN_ATTRIBUTE.get(tag.name) or ("data-text" if "vt-badge" in tag.attrs.get("class", "").split() else "")
    return " ".join(tag.attrs.get(name, "").split()) if name else None


def _without_badges(heading: str, badges: list[str]) -> str:
    """A heading without the badges that end it (`# Getting Started <Badge text="^1.9.0" />`): the page's title,
    as VitePress takes it, leaves the heading's HTML out."""
    for badge in reversed(badges):
        if badge and heading.endswith(badge):
            heading = heading[: -len(badge)].rstrip()
    return heading


def _breaks_line(tag: str, inline: bool) -> bool:
    """Whether an HTML tag in Markdown starts a new line: <br> always, block tags between blocks."""
    return tag == "br" or (not inline and tag in _HTML_LINE_BREAKS)
