"""HTML: the visible text of a page, split at h1-h6, read with htmlscan's linear tokenizer.

Decoding: a BOM, else a charset declared by a <meta> tag in the first 2 KiB, else decode_text's
rules. What a reader does not see is left out (htmlshown.py: script, style, noscript, template and
iframe content, ruby annotations, an inline SVG's all but its <text>), and so is the <head> except
its <title>. Block elements start new lines (paragraph-like ones a blank line), table cells in a row
are joined by " | ", inline whitespace is collapsed (except in <pre>), entities are unescaped and
images give their alt text. A heading starts a new Section and is not repeated in its
text. Title: <title>, else the first <h1>, else the first heading of any level, else "" (one holding template
tags, `{% block title %}`, is none: a Django or Jinja template's).
<meta name="keywords"> becomes front_matter["tags"]. A page that sends its reader on at once (`<meta
http-equiv="refresh" content="0; url=/en/cli/list">`, the stubs sites keep where a page moved) is no page
(NotAPage), whatever it says meanwhile. A comment, tag or script left open runs to the end of
the page, as in a browser, with a warning. A page that starts with front matter (`---`: Jekyll's HTML pages) has
it read as a Markdown page's is (its `title` first), and its Liquid tags taken out as Jekyll renders them.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from indexer.errors import NotAPage
from indexer.loaders.frontmatter import split_front_matter, string_tuple
from indexer.loaders.htmlscan import FOREIGN, EndTag, HtmlScanner, StartTag, Text
from indexer.loaders.htmlshown import Shown
from indexer.loaders.liquid import fill_liquid
from indexer.loaders.templates import strip_templates
from indexer.loaders.textcodec import decode_text
from indexer.model import ParsedDoc, Section

__all__ = ["HtmlLoader", "declared_charset", "html_document"]

_CHARSET_SNIFF_BYTES = 2048
_META_CHARSET = re.compile(rb"""<meta\b[^>]*?charset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)""", re.IGNORECASE)

_HEAD_BYTES = 8192  # where a redirect's <meta http-equiv="refresh"> is looked for
_META = re.compile(r"<meta\b[^>]{0,1000}>", re.IGNORECASE)
_REFRESH = re.compile(r"""http-equiv\s*=\s*["']?refresh\b""", re.IGNORECASE)
_CONTENT = re.compile(r"""\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)')""", re.IGNORECASE)
_AT_ONCE = re.compile(r"\s*(\d{1,3})(?:\.\d*)?\s*[;,]\s*url\s*=\s*\S", re.IGNORECASE)  # "0; url=/x": no page
_HEAD_ONLY = frozenset({"title", "meta", "link", "base", "script", "style", "noscript", "template"})
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_PARAGRAPHS = frozenset(
    {"p", "pre", "blockquote", "table", "ul", "ol", "dl", "section", "article", "aside", "main"}
    | {"header", "footer", "nav", "figure", "form", "fieldset", "details", "address", "hr"}
)
_MAX_LISTS = 100  # nested lists followed for their items' numbers
_LINES = frozenset({"div", "li", "dt", "dd", "tr", "caption", "figcaption", "summary", "option", "legend"})
_CELLS = frozenset({"td", "th"})
_WHITESPACE = re.compile(r"\s+")
_BLANK_LINES = re.compile(r"\n{3,}")


class HtmlLoader:
    """Loads .html files: visible text in heading-delimited sections (see the module docstring)."""

    format = "html"
    suffixes = frozenset({".html", ".htm", ".xhtml"})

    def load(self, path: Path, data: bytes) -> ParsedDoc:
        text = decode_text(data, encoding=declared_charset(data))
        if _redirects(text[:_HEAD_BYTES]):
            raise NotAPage("a redirect (its meta refresh sends the reader to another address at once): no page")
        if not text.startswith(("---", "+++")):
            return html_document(text, self.format)
        front_matter, body, warnings = split_front_matter(text)  # a Jekyll page: Liquid runs over all of it
        parsed = html_document(strip_templates(fill_liquid(body, path, front_matter)), self.format)
        title = front_matter.get("title")
        return replace(
            parsed,
            title=title.strip() if isinstance(title, str) and title.strip() else parsed.title,
            front_matter={**parsed.front_matter, **front_matter},
            warnings=warnings + parsed.warnings,
        )


def html_document(html: str, doc_format: str = "html") -> ParsedDoc:
    """The ParsedDoc of a page already decoded (also for HTML inside other formats: e-mail, EPUB)."""
    parser = _parse(html)
    keywords = string_tuple(parser.keywords)
    return ParsedDoc(
        format=doc_format,
        title=next((t for t in (parser.title, parser.first_h1, parser.first_heading) if _shown(t)), ""),
        sections=tuple(parser.sections),
        front_matter={"tags": keywords} if keywords else {},
        warnings=parser.warnings,
    )


def _shown(title: str) -> bool:
    """Whether a title is one a reader sees, not a template's source: Django's and Jinja's templates, indexed with
    a repository, were titled `{% block title %}{% endblock %}` (Django's admin/base.html); the next candidate, or
    the file's name, titles them instead."""
    return bool(title) and "{%" not in title and "{{" not in title


def _redirects(head: str) -> bool:
    """Whether the start of a page holds a meta refresh to another address within a second."""
    for tag in _META.findall(head):
        content = _CONTENT.search(tag) if _REFRESH.search(tag) else None
        delay = _AT_ONCE.match(content.group(1) or content.group(2) or "") if content else None
        if delay is not None and int(delay.group(1)) <= 1:
            return True
    return False


def declared_charset(data: bytes) -> str | None:
    """The charset a <meta charset> or <meta http-equiv> tag declares near the start, if any."""
    match = _META_CHARSET.search(data[:_CHARSET_SNIFF_BYTES])
    return match.group(1).decode("ascii") if match else None


def _parse(html: str) -> _TextParser:
    """Parse a whole page; the result has `sections`, `title`, `first_h1`, `keywords` and `warnings`."""
    parser = _TextParser()
    scanner = HtmlScanner()
    for token in scanner.feed(html):
        if isinstance(token, StartTag):
            foreign = token.name in FOREIGN or parser.in_svg  # where `/>` closes an element, as in HTML's parsing
            parser.handle_starttag(token.name, token.attrs)
            if token.self_closing and foreign:
                parser.handle_endtag(token.name)
        elif isinstance(token, EndTag):
            parser.handle_endtag(token.name)
        elif isinstance(token, Text):
            parser.handle_data(token.text)
    parser.close()
    if scanner.unclosed:
        parser.warnings = (_UNCLOSED.format(scanner.unclosed),)
    elif parser.unclosed_skip:
        parser.warnings = (_UNCLOSED.format(f"<{parser.unclosed_skip}>"),)
    return parser


_UNCLOSED = "an unclosed {} runs to the end of the page, as in a browser: what follows it is not indexed"


class _TextParser:
    """Collects visible text per heading, the <title>, the first <h1> and meta keywords."""

    def __init__(self) -> None:
        self.sections: list[Section] = []
        self.title = ""
        self.first_h1 = ""
        self.first_heading = ""
        self.keywords = ""
        self.warnings: tuple[str, ...] = ()
        self._heading = ""
        self._pieces: list[str] = []
        self._newlines = 0  # how many "\n" the text collected so far ends with (after its last other character)
        self._shown = Shown(_PARAGRAPHS | _LINES | _HEADINGS)  # what a reader sees (htmlshown.py)
        self._pre_depth = 0
        self._in_head = False
        self._title_parts: list[str] | None = None  # collecting while inside <title>
        self._heading_parts: list[str] | None = None  # collecting while inside <hN>
        self._heading_tag = ""
        self._level = 0  # the level of the heading of the section being read
        # per open list, innermost last: (an <ol>'s last item number, its step: -1 reversed), None for <ul> (and for
        # a reversed <ol> with no start: its first number is its item count, not known when it opens)
        self._lists: list[tuple[int, int] | None] = []
        self._number = ""  # the number of the list item whose first text comes next ("3. ")
        self._lists_beyond = 0  # lists open deeper than _MAX_LISTS (their items take the last followed list's numbers)

    def handle_starttag(self, tag: str, attrs: dict[str, str]) -> None:
        seen = self._shown.start(tag, attrs)
        if seen != "shown":
            if seen == "line":  # an SVG <tspan> set on a line of its own
                self._break(1)
            return
        if tag == "head":
            self._in_head = True
        elif self._in_head and tag not in _HEAD_ONLY:
            self._in_head = False  # a page that never closes its <head>
        if tag == "title" and not self.title:
            self._title_parts = []
        elif tag == "meta":
            self._meta(attrs)
        elif not self._in_head:
            self._body_start(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        seen = self._shown.end(tag)
        if seen != "shown":
            if seen == "line":  # an SVG <text> element: a line of its own
                self._break(1)
            return
        if tag == "head":
            self._in_head = False
        elif tag == "title" and self._title_parts is not None:
            self.title = _collapse("".join(self._title_parts))
            self._title_parts = None
        elif tag == self._heading_tag and self._heading_parts is not None:
            self._end_heading()
        elif tag == "pre" and self._pre_depth:
            self._pre_depth -= 1
            self._break(2)
        else:
            if tag == "li":
                self._number = ""  # an item with no text of its own leaves its number behind
            if tag in ("ol", "ul") and self._lists_beyond:
                self._lists_beyond -= 1
            elif tag in ("ol", "ul") and self._lists:
                self._lists.pop()
            self._block_break(tag)

    def handle_data(self, data: str) -> None:
        if not self._shown.text:
            return
        if self._title_parts is not None:
            self._title_parts.append(data)
        elif self._in_head:
            return
        elif self._heading_parts is not None:
            self._heading_parts.append(data)
        elif self._pre_depth:
            self._append(data)
        else:
            self._inline(_WHITESPACE.sub(" ", data))

    def close(self) -> None:
        if self._heading_parts is not None:
            self._end_heading()
        self._flush()

    @property
    def unclosed_skip(self) -> str:
        """The element whose content was being skipped when the page ended, if any (a <svg> never closed)."""
        return self._shown.unclosed

    @property
    def in_svg(self) -> bool:
        return self._shown.in_svg

    def _meta(self, attrs: dict[str, str]) -> None:
        if (attrs.get("name") or "").lower() == "keywords" and not self.keywords:
            self.keywords = attrs.get("content") or ""

    def _body_start(self, tag: str, attrs: dict[str, str]) -> None:
        if tag in _HEADINGS:
            if self._heading_parts is not None:
                self._end_heading()
            self._flush()
            self._heading_parts, self._heading_tag = [], tag
        elif tag == "br":
            self._append("\n")
        elif tag == "pre":
            self._break(2)
            self._pre_depth += 1
        elif tag in _CELLS:
            if not self._at_line_start():
                self._inline(" | ")
        elif tag == "img" and attrs.get("alt"):
            self.handle_data(f" {attrs['alt']} ")
        elif tag in ("ol", "ul"):
            self._block_break(tag)
            if len(self._lists) < _MAX_LISTS:
                self._lists.append(_ordered(attrs) if tag == "ol" else None)
            else:
                self._lists_beyond += 1
        elif tag == "li":
            self._block_break(tag)
            counter = self._lists[-1] if self._lists else None
            if counter is not None:  # an ordered list's item keeps its number: "step 3"
                last, step = counter
                number = _number(attrs.get("value"), last + step)
                self._lists[-1] = (number, step)
                self._number = f"{number}. "
        else:
            self._block_break(tag)

    def _block_break(self, tag: str) -> None:
        if tag in _PARAGRAPHS:
            self._break(2)
        elif tag in _LINES:
            self._break(1)

    def _end_heading(self) -> None:
        text = _collapse("".join(self._heading_parts or ()))
        if self._heading_tag == "h1" and not self.first_h1:
            self.first_h1 = text
        self.first_heading = self.first_heading or text
        self._level = int(self._heading_tag[1:])
        self._heading, self._heading_parts, self._heading_tag = text, None, ""

    def _inline(self, text: str) -> None:
        if self._at_line_start() or (self._pieces[-1].endswith(" ") and text.startswith(" ")):
            text = text.removeprefix(" ")
        if text:
            if self._number and text.strip():
                text, self._number = self._number + text, ""
            self._append(text)

    def _append(self, text: str) -> None:
        self._pieces.append(text)
        content = text.rstrip("\n")
        self._newlines = (self._newlines if not content else 0) + len(text) - len(content)

    def _at_line_start(self) -> bool:
        return not self._pieces or self._pieces[-1].endswith("\n")

    def _break(self, newlines: int) -> None:
        """End the text collected so far with at least `newlines` line breaks (none at the very start)."""
        if self._pieces and newlines > self._newlines:
            self._append("\n" * (newlines - self._newlines))

    def _flush(self) -> None:
        lines = (line.rstrip() for line in "".join(self._pieces).split("\n"))
        text = _BLANK_LINES.sub("\n\n", "\n".join(lines)).strip("\n")
        if text.strip() or self._heading:  # a heading right before another is kept (assemble() joins them)
            self.sections.append(Section(text=text if text.strip() else "", heading=self._heading, level=self._level))
        self._pieces, self._newlines = [], 0


def _ordered(attrs: dict[str, str]) -> tuple[int, int] | None:
    """An <ol>'s counter before its first item: (the number before it, the step); None for a reversed list with
    no start, whose numbers depend on its items' count."""
    if "reversed" in attrs:
        start = _number(attrs.get("start"), 0)
        return (start + 1, -1) if "start" in attrs and start else None
    return (_number(attrs.get("start"), 1) - 1, 1)


def _number(value: str | None, default: int) -> int:
    """An <ol start> or <li value> attribute's number; `default` when there is none or it is no number."""
    try:
        return int((value or "").strip()) if value and len(value) < 10 else default
    except ValueError:
        return default


def _collapse(text: str) -> str:
    return _WHITESPACE.sub(" ", text).strip()
