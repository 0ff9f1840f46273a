"""The Markdown parser the loaders share: markdown-it's CommonMark with tables, footnotes and definition lists, and
the guards that keep it within bounds on hostile text.

Blocks nested deeper than markdown-it can follow (NESTING_LIMIT levels of lists and quotes) become their plain
text, with a warning (nesting_warnings): markdown-it itself would drop them and everything after them. A footnote
reference is looked for only where one can stand; a paragraph that would keep markdown-it for seconds or minutes
(so many unclosed `[`, or link destinations `](` never closed, that reading its links would; more `*` and `_` than
any prose holds, each a token) is read as plain text, with a warning; and inline content in which no rule but
text and line breaks can start (most prose) becomes its tokens directly. MDX reads lists and indented lines
otherwise (mdx_parser).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock, list_block
from markdown_it.rules_core import StateCore
from markdown_it.rules_inline import StateInline, link
from markdown_it.token import Token
from mdit_py_plugins.deflist import deflist_plugin
from mdit_py_plugins.footnote import footnote_plugin
from mdit_py_plugins.footnote.index import footnote_ref

__all__ = ["NESTING_LIMIT", "guard_nesting", "markdown_parser", "mdx_parser", "nesting_warnings"]

NESTING_LIMIT = 98  # levels (a list item is two: the list and the item); deeper blocks are read as plain text
_MAX_NESTING = NESTING_LIMIT + 2  # markdown-it's own limit, which drops what lies past it: never reached
_NESTED_MARKERS = re.compile(r"^(?:>[ \t]?|[-*+][ \t]+|\d{1,9}[.)][ \t]+)+")


def markdown_parser() -> MarkdownIt:
    """CommonMark plus tables, footnotes (`[^1]` and `[^1]: text`, kept where they are written) and definition
    lists (a term, then `:   its definition`: MkDocs, MyST, Pandoc), whose inline parsing takes a shortcut
    through plain prose (see _inline)."""
    parser = MarkdownIt("commonmark").enable("table")
    footnote_plugin(parser, inline=False, move_to_end=False)
    deflist_plugin(parser)
    parser.inline.ruler.at("footnote_ref", _footnote_ref)
    parser.inline.ruler.at("link", _link)
    if parser.inline.ruler.get_active_rules() == _INLINE_RULES:  # else the shortcut's premise is unknown
        parser.core.ruler.at("inline", _inline)
    return parser


def mdx_parser() -> MarkdownIt:
    """markdown_parser() as MDX reads Markdown: no indented code (JSX children are indented), and lists as
    micromark makes them (_mdx_list)."""
    parser = markdown_parser()
    parser.disable("code")
    parser.block.ruler.at("list", _mdx_list, {"alt": ["paragraph", "reference", "blockquote"]})
    return parser


def _mdx_list(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """markdown-it's list rule as MDX reads lists, without indented code: an item indented four spaces or more
    (in a <Step>, a <Tab>) after another is an item of its own, as micromark makes it, not the continuation of
    the item before that CommonMark makes it (`Name: first. - Role: second.`)."""
    indent = state.listIndent
    state.listIndent = -1  # what the rule compares that item's indent with, to call it a continuation
    try:
        return list_block(state, start, end, silent)
    finally:
        state.listIndent = indent


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


def _link(state: StateInline, silent: bool) -> bool:
    """markdown-it's link rule, and a reference link followed by a footnote's reference (`[Puppeteer][^1]`, as
    Material for MkDocs writes them) read as Python-Markdown reads it: the link, then the footnote; CommonMark
    takes `[^1]` for the link's label and, finding no such link, leaves `[Puppeteer]` as written. Only where a
    link failed on a page with footnotes, and only a plain label (no brackets in it, at most a label's length:
    a bounded look, where another scan to the paragraph's end from every `[` would grow with the square)."""
    if link(state, silent):
        return True
    src, start = state.src, state.pos
    if src[start] != "[" or not state.env.get("footnotes", {}).get("refs"):
        return False
    end = src.find("]", start + 1, min(state.posMax, start + _MAX_LABEL))
    if end < 0 or src.find("[", start + 1, end) >= 0 or _FOOTNOTE.match(src, end + 1, state.posMax) is None:
        return False
    maximum, state.posMax = state.posMax, end + 1  # what follows the label unseen: a shortcut reference
    try:
        return link(state, silent)
    finally:
        state.posMax = maximum


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


def _destination_scans(content: str) -> int:
    """How many characters markdown-it looks over at most for the ends of link destinations in inline content:
    from each `](` to the blank that ends it or the `)` that closes it (past the groups of parentheses it holds),
    else to the `(` past _MAX_PARENTHESES open. A label closed by `[a` before it (`[a[a](` again and again) is
    tried as a link at each, each looking over the next 32 of them: 50 s for a line of 1 MB."""
    if len(content) < _NO_SCANS_BELOW or "](" not in content:
        return 0
    parentheses = [m.start() for m in _PARENTHESIS.finditer(content)]
    opens = [at for at in parentheses if content[at] == "("]
    pairs = _pairs(content, parentheses)
    blanks = [m.start() for m in _BLANK.finditer(content)]
    total = 0
    for destination in _DESTINATION.finditer(content):
        start = pos = destination.end()
        blank = bisect_left(blanks, start)
        end = blanks[blank] if blank < len(blanks) else len(content)
        while True:  # past the groups of parentheses it holds, to what ends it
            index = bisect_left(parentheses, pos)
            at = parentheses[index] if index < len(parentheses) and parentheses[index] < end else end
            if at == end or content[at] == ")":
                end = at
                break
            if at not in pairs:  # never closed: markdown-it stops past _MAX_PARENTHESES open
                opened = bisect_left(opens, at) + _MAX_PARENTHESES
                end = min(end, opens[opened] if opened < len(opens) else len(content))
                break
            pos = pairs[at] + 1
        total += end - start
        if total > _MAX_DESTINATION_SCANS:
            break  # (enough to know)
    return total


def _pairs(content: str, parentheses: list[int]) -> dict[int, int]:
    """Where each `(` that is closed is closed."""
    pairs, opened = {}, []
    for at in parentheses:
        if content[at] == "(":
            opened.append(at)
        elif opened:
            pairs[opened.pop()] = at
    return pairs


def nesting_warnings(env: dict[str, Any]) -> tuple[str, ...]:
    """The warnings of what the guards read as plain text while parsing with `env`."""
    warnings = []
    if "too_deep" in env:
        warnings.append(
            f"lists or quotes nested more than {NESTING_LIMIT // 2} deep: what lies deeper is indexed as plain text"
        )
    if "emphasis_marks" in env:
        warnings.append(
            f"a paragraph holds more than {_MAX_EMPHASIS_MARKS:,} '*' and '_': it is indexed as its plain text, markup"
            " included"
        )
    if "unclosed_destinations" in env:
        warnings.append(
            "a paragraph holds so many link destinations '](' never closed that reading its links would take"
            " minutes: it is indexed as its plain text, markup included"
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
_FOOTNOTE_LABEL = 200  # characters
_MAX_LABEL = 1000  # characters: CommonMark's longest link label and its brackets
_FOOTNOTE = re.compile(rf"\[\^[^\s\]]{{1,{_FOOTNOTE_LABEL}}}\]")
_OPEN_BRACKET, _CLOSE_BRACKET = re.compile(r"\["), re.compile(r"\]")
_MAX_LABEL_SCANS = 2_000_000  # tokens stepped over looking for labels' ends: 0.03 to 1.5 s
_MAX_DESTINATION_SCANS = 2_000_000  # characters looked over for destinations' ends: about 2 s
# markdown-it makes a token of each `*` and `_` (a line of a million: 6 s and 500 MB)
_MAX_EMPHASIS_MARKS = 100_000
_MAX_PARENTHESES = 32  # markdown-it's: a destination with more `(` open than this is none
_NO_SCANS_BELOW = 2_000  # characters: shorter inline content looks over at most its length squared, halved
_DESTINATION, _PARENTHESIS = re.compile(r"\]\("), re.compile(r"[()]")
_BLANK = re.compile(r"\s")


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
        elif token.content.count("*") + token.content.count("_") > _MAX_EMPHASIS_MARKS:
            token.children.extend(_plain_tokens(token.content))
            env["emphasis_marks"] = True
        elif _destination_scans(token.content) > _MAX_DESTINATION_SCANS:
            token.children.extend(_plain_tokens(token.content))
            env["unclosed_destinations"] = True
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
