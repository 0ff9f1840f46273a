"""A linear HTML tokenizer for text extraction, shared by the HTML loader and Markdown's raw HTML.

The standard library's html.parser takes quadratic time on some inputs (an unclosed `<!--` repeated: every
`<` looks for an end to the end of the file again). This tokenizer follows HTML's own tokenization rules,
which never look back: an unclosed comment, tag or quoted attribute runs to the end of the input, as it does
in a browser, so each character is scanned a bounded number of times. Script, style and the other raw-text
elements' bodies are one RawText token, never Text, whatever they hold (`<script/>` opens one too: a
self-closing slash means nothing on an HTML element). title and textarea hold text but no tags.

A scanner keeps its state between `feed` calls, for Markdown, whose raw HTML comes in pieces: a comment or a
script opened in one piece hides the Markdown that follows until a later piece closes it, as a browser would.
"""

from __future__ import annotations

import re
from html import unescape
from typing import NamedTuple

__all__ = ["EndTag", "HtmlScanner", "RawText", "StartTag", "Text", "Token"]

RAW_TEXT = frozenset({"script", "style", "xmp", "iframe", "noembed", "noframes"})  # bodies never shown
PLAIN_TEXT = frozenset({"title", "textarea"})  # bodies are text, without tags
FOREIGN = frozenset({"svg", "math"})  # elements on which `/>` does close the element

_TAG_NAME = re.compile(r"[A-Za-z][^\t\n\f\r />]*")
_BARE_TAG = re.compile(r"<(/?)([A-Za-z][^\t\n\f\r />]*)[\t\n\f\r ]*(/?)>")  # most tags: no attributes
_BETWEEN = re.compile(r"[\t\n\f\r /]*")  # between attributes: whitespace and stray slashes
_ATTRIBUTE_NAME = re.compile(r"[^\t\n\f\r />][^\t\n\f\r />=]*")
_BLANK = re.compile(r"[\t\n\f\r ]*")
_UNQUOTED = re.compile(r"[^\t\n\f\r >]*")
_ENDS: dict[str, re.Pattern[str]] = {
    name: re.compile(rf"</{name}(?=[\t\n\f\r />]|\Z)", re.IGNORECASE) for name in RAW_TEXT | PLAIN_TEXT
}


class StartTag(NamedTuple):
    name: str  # lower-case
    attrs: dict[str, str]  # lower-case names, unescaped values; the first of a name wins
    self_closing: bool  # `<svg/>`: honoured by the caller on foreign elements only


class EndTag(NamedTuple):
    name: str


class Text(NamedTuple):
    text: str  # entities unescaped


class RawText(NamedTuple):
    name: str  # the element whose body this is: script, style...
    text: str


Token = StartTag | EndTag | Text | RawText


class HtmlScanner:
    """Turns HTML into tokens in one pass. `open` names what an earlier piece left open ("comment", or a
    raw-text element such as "script"); `unclosed` says, for warnings, what ran to the end of the input."""

    def __init__(self) -> None:
        self.open: str | None = None
        self.unclosed: str | None = None

    def feed(self, html: str) -> list[Token]:
        tokens: list[Token] = []
        pos = self._resume(html, tokens)
        end = len(html)
        while pos < end:
            lt = html.find("<", pos)
            if lt < 0:
                lt = end
            if lt > pos:
                tokens.append(Text(unescape(html[pos:lt])))
            pos = self._markup(html, lt, tokens) if lt < end else end
        return tokens

    def _resume(self, html: str, tokens: list[Token]) -> int:
        """Finish what an earlier piece left open; where this piece starts scanning."""
        if self.open is None:
            return 0
        if self.open == "comment":
            return self._comment_end(html, 0, 0)
        return self._body(html, 0, self.open, tokens)

    def _markup(self, html: str, lt: int, tokens: list[Token]) -> int:
        """Read the markup starting at `lt` (a "<") into tokens; where scanning goes on."""
        bare = _BARE_TAG.match(html, lt)
        if bare is not None:
            name = bare.group(2).lower()
            if bare.group(1):
                tokens.append(EndTag(name))
                return bare.end()
            tokens.append(StartTag(name, {}, bool(bare.group(3))))
            return self._body(html, bare.end(), name, tokens) if name in _ENDS else bare.end()
        if html.startswith("<!--", lt):
            return self._comment_end(html, lt, lt + 4)
        after = html[lt + 1 : lt + 2]
        if after in ("!", "?") or (after == "/" and not _TAG_NAME.match(html, lt + 2)):
            return self._bogus_comment(html, lt)
        if after == "/":
            tag, pos = self._tag(html, lt + 2)
            if tag is not None:
                tokens.append(EndTag(tag.name))
            return pos
        if _TAG_NAME.match(html, lt + 1) is None:
            tokens.append(Text("<"))
            return lt + 1
        tag, pos = self._tag(html, lt + 1)
        if tag is None:
            return pos
        tokens.append(tag)
        if tag.name in _ENDS:
            return self._body(html, pos, tag.name, tokens)
        return pos

    def _comment_end(self, html: str, lt: int, start: int) -> int:
        if start == lt + 4 and (html.startswith(">", start) or html.startswith("->", start)):
            return html.index(">", start) + 1  # `<!-->` and `<!--->` are empty comments
        close = html.find("-->", start)
        if close < 0:
            self.open = self.unclosed = "comment"
            return len(html)
        self.open = None
        return close + 3

    def _bogus_comment(self, html: str, lt: int) -> int:
        """`<!DOCTYPE ...>`, `<?xml ...>`, `</ ...>`: skipped up to the next ">"."""
        close = html.find(">", lt + 2)
        if close < 0:
            self.unclosed = "declaration"
            return len(html)
        return close + 1

    def _body(self, html: str, pos: int, name: str, tokens: list[Token]) -> int:
        """The body of a raw-text or plain-text element, up to its end tag (not included)."""
        match = _ENDS[name].search(html, pos)
        close = match.start() if match else len(html)
        body = html[pos:close]
        if body:
            tokens.append(Text(unescape(body)) if name in PLAIN_TEXT else RawText(name, body))
        if match is None:
            self.open = self.unclosed = name
        else:
            self.open = None
        return close

    def _tag(self, html: str, pos: int) -> tuple[StartTag | None, int]:
        """The tag whose name starts at `pos` and where it ends; None for a tag cut off by the end of the
        input, which is no tag (it and the rest of the input are dropped, as in a browser)."""
        name_end = _skip(_TAG_NAME, html, pos)
        name = html[pos:name_end].lower()
        attrs: dict[str, str] = {}
        pos, end = name_end, len(html)
        while True:
            between = _skip(_BETWEEN, html, pos)
            if between >= end:
                self.unclosed = "tag"
                return None, end
            if html[between] == ">":
                return StartTag(name, attrs, html[pos:between].endswith("/")), between + 1
            pos = self._attribute(html, between, attrs)

    def _attribute(self, html: str, pos: int, attrs: dict[str, str]) -> int:
        """Read the attribute starting at `pos` into attrs; where it ends."""
        name_end = _skip(_ATTRIBUTE_NAME, html, pos)
        key = html[pos:name_end].lower()
        equals = _skip(_BLANK, html, name_end)
        if not html.startswith("=", equals):
            attrs.setdefault(key, "")
            return name_end
        start = _skip(_BLANK, html, equals + 1)
        quote = html[start : start + 1]
        if quote in ('"', "'"):
            close = html.find(quote, start + 1)
            if close < 0:
                return len(html)  # the rest of the input is this value: the tag never ends
            value, end = html[start + 1 : close], close + 1
        else:
            end = _skip(_UNQUOTED, html, start)
            value = html[start:end]
        attrs.setdefault(key, unescape(value))
        return end


def _skip(pattern: re.Pattern[str], html: str, pos: int) -> int:
    """Where `pattern`, matched at `pos`, ends (`pos` when it does not match)."""
    match = pattern.match(html, pos)
    return match.end() if match else pos
