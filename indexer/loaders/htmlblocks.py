"""HTML blocks in Markdown as kramdown (Jekyll) and Python-Markdown (MkDocs) read them, where CommonMark reads
them otherwise, and kramdown's table of contents marker.

- A line that is only the closing tag of a block element (`</div>`, `</details>`...) ends its HTML block, as in
  kramdown and Python-Markdown: a fenced code block right under it opens there. CommonMark would read it as HTML
  up to the next blank line, and the fence's closing line would open another, turning the page's prose into
  code and its code into prose (Just the Docs writes each example so: `</div>` then its Markdown source).
- kramdown's table of contents, a list item over `{:toc}` (`1. TOC` then `{:toc}`), is generated from the
  page's headings: it leaves nothing; so does a line that is one of kramdown's self-closing extensions, which
  set its options (`{::options toc_levels="2..4" /}`) or leave a comment (`{::comment}x{:/comment}`), and a
  comment written over lines, `{::comment}` and `{:/comment}` (or `{:/}`) on lines of their own, with all between
  (a comment never closed hides nothing).
Lines in fenced code are left as written. (An element whose `markdown` attribute says it holds Markdown, kramdown's
`markdown="1"` and md_in_html's, is opened later: mdinhtml.py.)
"""

from __future__ import annotations

import bisect
import re

from indexer.loaders.fences import in_code

__all__ = ["plain_html_blocks"]

_BLOCK_CLOSE = re.compile(
    r"^ {0,3}</(div|details|section|aside|figure|table|center|blockquote|nav|article|header|footer|main|form)"
    r"[ \t]*>[ \t]*$",
    re.IGNORECASE,
)
_TOC = re.compile(r"^[ \t]*\{:[ \t]*toc\b[^}\n]*\}[ \t]*$")
_EXTENSION = re.compile(r"^[ \t]*\{::(?:options\b[^}\n]*/\}|comment\}.*?\{:/(?:comment)?\})[ \t]*$")
_LIST_ITEM = re.compile(r"^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+\S")
_COMMENT_OPEN = re.compile(r"^[ \t]*\{::comment\}[ \t]*$")
_COMMENT_CLOSE = re.compile(r"^[ \t]*\{:/(?:comment)?\}[ \t]*$")
_SIGNS = ("</", "{:")


def plain_html_blocks(text: str) -> str:
    """`text` with its HTML blocks and TOC markers made to read as the module docstring says (unchanged when it
    holds none)."""
    if not any(sign in text for sign in _SIGNS):
        return text
    out: list[str] = []
    lines = text.split("\n")
    closes = [n for n, line in enumerate(lines) if "{:/" in line and _COMMENT_CLOSE.match(line)]
    hidden = -1  # the line that closes the comment being left out
    for number, (line, code) in enumerate(in_code(lines)):
        if code or number <= hidden:
            if number > hidden:
                out.append(line)
            continue
        if "{::" in line and _COMMENT_OPEN.match(line) and (after := bisect.bisect(closes, number)) < len(closes):
            hidden = closes[after]
            continue
        closing = _BLOCK_CLOSE.match(line) if "</" in line else None
        if _TOC.match(line) if "{:" in line else False:
            if out and _LIST_ITEM.match(out[-1]):
                out.pop()
            continue
        if "{::" in line and _EXTENSION.match(line):
            continue
        out.append(line)
        if closing is not None and number + 1 < len(lines) and lines[number + 1].strip():
            out.append("")  # the HTML block ends here
    return "\n".join(out)
