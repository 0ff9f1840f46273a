"""AsciiDoc's body as the text a reader of the rendered page sees (text.py splits it at its titles first).

- Delimited blocks: listing and literal blocks (`----`, `....`) are code, kept as written; the delimiters of
  examples, sidebars, quotes, open blocks and passthroughs (`====`, `****`, `____`, `--`, `++++`) leave nothing
  and their content is read; comment blocks (`////`) and comment lines (`// x`) leave nothing.
- Tables (`|===`): a line per row, its cells joined by " | " (a cell per `|`, rows by blank lines or a full row).
- Lines of block attributes and anchors (`[source,java]`, `[NOTE]`, `[[install]]`, `[#id.role]`) leave nothing;
  a block title (`.Gemfile`) its text; a description list's `Term::` its term; an admonition paragraph (`NOTE:
  text`) its label as Asciidoctor shows it (`Note: text`); a list continuation (a `+` line, which attaches the
  block below to a list item) and a hard line break (` +` at a line's end) nothing. So a tabset of the
  asciidoctor-tabs extension (a `[tabs]` example block holding a description list, each `Java::` term a tab's
  label, its `+` continuation attaching the tab's code) is each tab's label on a line of its own above its content,
  as the page shows the tab chosen. An ordered list's items show their numbers (`. Step` is `1. Step`: _Numbers).
- Attributes: a document attribute (`:product: Asciidoctor`), or one its Antora component gives (antora.yml's
  `asciidoc.attributes`), stands in for its reference (`{product}`) below its entry, up to an entry that unsets
  it (`:!product:`, `:product!:`), and Asciidoctor's own for characters (`{caret}`, `{nbsp}`) show them; any
  other reference is left as written, as Asciidoctor leaves it (asciidocattributes.py). The title shows those in
  effect at the header's end, as Asciidoctor's does.
- Preprocessor directives run first (asciidocdirectives.py: preprocess()), as Asciidoctor's reader runs them.
- Inline macros and references leave their text: `xref:install.adoc[Install]` and `<<install,Install>>` the
  text (the target when there is none), `https://x.org[the site]` and `link:x.pdf[the guide]` the text,
  `image:x.png[A diagram]` its alt text, `kbd:[Ctrl+C]` and `btn:[Save]` their keys, `footnote:[Note.]` its
  note, `pass:q[text]` its text; formatting marks (`*bold*`, `_emphasis_`, `` `code` ``, `#marked#`,
  `+passthrough+`) their text.
- Git's `linkgit:` macro (its asciidoctor-extensions.rb) shows the manual page it links to as man names it:
  `linkgit:git-commit[1]` is `git-commit(1)`.
- Spring's extensions (springasciidoc.py): `javadoc:` macros their class's name, `include-code::` the code.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial

from indexer.loaders.asciidocattributes import apply_entry, filled
from indexer.loaders.asciidocmarks import unmarked
from indexer.loaders.asciidocreader import COMMENT_BLOCK
from indexer.loaders.springasciidoc import JAVADOC, javadoc_text

__all__ = ["attributes_after", "plain_asciidoc", "plain_title"]

_CODE = re.compile(r"^(-{4,}|\.{4,})[ \t]*$")  # listing, literal
_DELIMITER = re.compile(r"^(?:={4,}|\*{4,}|_{4,}|\+{4,}|--)[ \t]*$")  # example, sidebar, quote, passthrough, open
_TABLE = re.compile(r"^[|!,:]={3,}[ \t]*$")
_ATTRIBUTE_LINE = re.compile(r"^\[(?:[^\[\]\n]*|\[[^\[\]\n]*\])\][ \t]*$")  # [source,java], [[anchor]], [NOTE]
_BLOCK_TITLE = re.compile(r"^\.([^.\s].*)$")
_TERM = re.compile(r"^([^:\s][^\n]*?)(:{2,4}|;;)(?:[ \t]+(\S.*))?$")  # a description list's term:: text
_ADMONITION = re.compile(r"^(NOTE|TIP|IMPORTANT|WARNING|CAUTION):[ \t]+")
_HARD_BREAK = re.compile(r"[ \t]\+$")
_ORDERED = re.compile(r"^[ \t]*(\.{1,5})[ \t]+(\S.*)$")  # `. Step`, `.. Sub-step`
_UNORDERED = re.compile(r"^[ \t]*(?:\*{1,5}|-)[ \t]+\S")
_PASS = re.compile(r"\bpass:[a-z,]*\[([^\]]*)\]")
_COMMENT = re.compile(r"^//(?!/)")
_XREF = re.compile(r"\bxref:([^\s\[\]]+)\[([^\]]*)\]")
_LINK = re.compile(r"\b(?:link:|mailto:)?((?:https?|ftp|irc)://[^\s\[\]]+|(?<=link:)[^\s\[\]]+)\[([^\]]*)\]")
_IMAGE = re.compile(r"\bimage::?[^\s\[\]]*\[([^\],]*)[^\]]*\]")
_KEYS = re.compile(r"\b(?:kbd|btn):\[([^\]]*)\]")
_MENU = re.compile(r"\bmenu:([^\s\[\]]+)\[([^\]]*)\]")
_FOOTNOTE = re.compile(r"\bfootnote(?::[\w-]*)?:\[([^\]]*)\]")
_ANGLE = re.compile(r"<<([^,<>\n]+?)(?:,[ \t]*([^<>\n]+?))?>>")
_INLINE_ANCHOR = re.compile(r"\[\[[^\[\]\n]*\]\]|\banchor:[\w-]+\[[^\]]*\]")
# Asciidoctor's intrinsic attributes, as the characters they show (its INTRINSIC_ATTRIBUTES; zero-width ones none)
_INTRINSIC = {
    "startsb": "[", "endsb": "]", "vbar": "|", "caret": "^", "asterisk": "*", "tilde": "~", "plus": "+",
    "backslash": "\\", "backtick": "`", "blank": "", "empty": "", "sp": " ", "two-colons": "::",
    "two-semicolons": ";;", "nbsp": "\u00a0", "deg": "\u00b0", "zwsp": "", "quot": '"', "apos": "'",
    "lsquo": "\u2018", "rsquo": "\u2019", "ldquo": "\u201c", "rdquo": "\u201d", "wj": "", "brvbar": "\u00a6",
    "pp": "++", "cpp": "C++", "cxx": "C++", "amp": "&", "lt": "<", "gt": ">",
}  # fmt: skip
_CHARACTER = re.compile(r"(?<!\\)\{(" + "|".join(map(re.escape, _INTRINSIC)) + r")\}")
_LINKGIT = re.compile(r"\blinkgit:([^\s\[\]]+)\[([^\]]*)\]")
_ROLE = re.compile(r"\[\.[\w.-]+\](?=[*_`#])")  # [.role]#text#
# Legacy AsciiDoc's quotes, ``text'' (git's pages, built in compat mode, wrote 51): “text”, before the marks take
# the backticks. From each opening it looks no further than the next backtick, so a line is read once.
_LEGACY_QUOTES = re.compile(r"``([^`\n]*?)''")


def attributes_after(lines: list[str], given: dict[str, str], locked: frozenset[str]) -> dict[str, str]:
    """The attributes in effect below `lines` (a document's header, whose title shows them), by lower-case name:
    `given` as the lines' entries, in order, set and unset them (but those `locked`)."""
    found = dict(given)
    for line in lines:
        apply_entry(line, found, locked)
    return found


def plain_title(title: str, attributes: dict[str, str]) -> str:
    """A title's text: its attribute references filled in, its marks and macros taken out."""
    return _inline(title, attributes).strip()


def plain_asciidoc(lines: list[str], attributes: dict[str, str], locked: frozenset[str]) -> list[str]:
    """The lines of a piece of an AsciiDoc body (its titles already taken out) as text (see the module
    docstring); `attributes`: those in effect where the piece starts, changed as its entries set and unset them
    (but those `locked`: given from outside, for good), so that the next piece starts with what this one leaves."""
    out: list[str] = []
    code: str | None = None
    filling = code_filled = False  # the next listing's, the open one's `subs` include attributes (_filling)
    comment = False
    table = False
    numbers = _Numbers()
    blank, continued = True, False
    for line in lines:
        follows_blank, follows_plus, blank, continued = blank, continued, not line.strip(), line.strip() == "+"
        if comment:
            comment = not COMMENT_BLOCK.match(line.strip())
            continue
        if code is not None:
            if line.strip() == code:
                code = None
            else:
                out.append(_filled(line, attributes) if code_filled else line)
            continue
        stripped = line.strip()
        filling, was_filling = _filling(stripped) or (filling and not stripped), filling
        if COMMENT_BLOCK.match(stripped):
            comment = True
        elif (opened := _CODE.match(stripped)) is not None:
            code, code_filled = opened.group(1), was_filling
        elif _TABLE.match(stripped):
            table = not table
            out.append("")
        elif apply_entry(line, attributes, locked):
            continue
        elif _DELIMITER.match(stripped) or _ATTRIBUTE_LINE.match(stripped):
            numbers.block(stripped, follows_plus)
            filling = filling or (was_filling and stripped.startswith("["))  # [[id]] under [source,subs=...]
            out.append("")
        elif _COMMENT.match(line) or stripped == "+":  # a comment; a list continuation
            continue
        elif table and stripped.startswith(("|", "!")):
            cells = [cell.strip() for cell in re.split(r"(?<!\\)[|!]", stripped)[1:]]
            out.append(" | ".join(_inline(cell, attributes) for cell in cells if cell))
        else:
            line = numbers.shown(line, follows_blank)
            title = _BLOCK_TITLE.match(line)
            term = _TERM.match(line) if not title else None
            if title:
                line = title.group(1)
            elif term:
                line = term.group(1) + (f"\n{term.group(3)}" if term.group(3) else "")
            else:
                line = _ADMONITION.sub(lambda m: m.group(1).capitalize() + ": ", _HARD_BREAK.sub("", line))
            out.append(_inline(line, attributes))
    return out


class _Numbers:
    """The numbers the items of an ordered list show, as Asciidoctor numbers them (`. Step` is `1. Step`; below
    it, `.. Sub-step` is `a. Sub-step`, then `i.`, `A.`, `I.`): a list goes on past blank lines, unordered items
    and the blocks its items attach (`+`, paragraphs after blank lines inside them too), and ends at a paragraph
    after a blank line."""

    def __init__(self) -> None:
        self.counts: list[int] = []
        self.attached: list[str] = []  # the delimiters of the blocks open that an item attached

    def block(self, line: str, attached: bool) -> None:
        """Follows the delimited blocks an item attaches (a `--` or `====` line after a `+` line opens one)."""
        if self.attached and line == self.attached[-1]:
            self.attached.pop()
        elif attached and _DELIMITER.match(line):
            self.attached.append(line)

    def shown(self, line: str, after_blank: bool) -> str:
        found = _ORDERED.match(line)
        if found is None:
            if after_blank and not self.attached and not _UNORDERED.match(line):
                self.counts.clear()
            return line
        depth = len(found.group(1))
        self.counts = self.counts[:depth] + [0] * (depth - len(self.counts))
        self.counts[-1] += 1
        return f"{_numbered(self.counts[-1], depth)}. {found.group(2)}"


def _numbered(number: int, depth: int) -> str:
    """An item's number in the style of its depth (arabic, loweralpha, lowerroman, upperalpha, upperroman)."""
    if depth in (2, 4) and number <= 26:
        return chr((ord("a") if depth == 2 else ord("A")) + number - 1)
    if depth in (3, 5) and number < 40:
        tens, ones = divmod(number, 10)
        units = ["", "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix"][ones]
        roman = "x" * tens + units
        return roman if depth == 3 else roman.upper()
    return str(number)


def _inline(text: str, attributes: dict[str, str]) -> str:
    text = filled(text, attributes)
    if "[" in text or "<<" in text:
        text = _closed(_macros, text)
        text = _ANGLE.sub(lambda m: (m.group(2) or m.group(1)).strip(), text)
        text = _closed(partial(_INLINE_ANCHOR.sub, ""), _ROLE.sub("", text))
    if "``" in text:
        text = _LEGACY_QUOTES.sub("\u201c\\1\u201d", text)
    if any(mark in text for mark in "*_`#+"):
        for _ in range(2):  # nested marks (*_both_*): twice is enough for prose
            text = unmarked(text)
    return _characters(text).replace("\\{", "{")


def _characters(text: str) -> str:
    """`text` with Asciidoctor's intrinsic attributes (`{caret}`, `{nbsp}`, `{empty}`) as their characters, put in
    last, as Asciidoctor puts them in after the marks (git's pages wrote `{caret}` 192 times, `HEAD{caret}` where
    HEAD^ is meant); one the document defines itself has been filled in before."""
    return _CHARACTER.sub(lambda m: _INTRINSIC[m.group(1)], text) if "{" in text else text


def _filling(line: str) -> bool:
    """Whether a block attribute line has its block's attribute references filled in (`subs=attributes+`,
    `subs="+attributes,+quotes"`): a listing shows its code so (`# => {release-version}` is the version)."""
    return line.startswith("[") and "subs=" in line and "attributes" in line.partition("subs=")[2]


def _filled(line: str, attributes: dict[str, str]) -> str:
    return _characters(filled(line, attributes))


def _closed(replace: Callable[[str], str], text: str) -> str:
    """`text` with `replace` applied to it up to its last `]`, for patterns that end at one (macros, anchors): one
    opened past the last `]` would be looked for from each opening to the line's end (a line of 300 KB of
    `pass:[` or `javadoc:a[` took minutes)."""
    end = text.rfind("]") + 1
    return replace(text[:end]) + text[end:]


def _macros(text: str) -> str:
    """The text of the inline macros in `text` (`xref:x[Text]`...: see the module docstring)."""
    text = _PASS.sub(lambda m: m.group(1), text)
    text = _XREF.sub(lambda m: m.group(2) or _page_name(m.group(1)), text)
    text = JAVADOC.sub(javadoc_text, text)
    text = _LINKGIT.sub(lambda m: f"{m.group(1)}({m.group(2)})" if m.group(2) else m.group(1), text)
    text = _LINK.sub(lambda m: _link_text(m.group(2)) or m.group(1), text)
    text = _IMAGE.sub(lambda m: m.group(1), text)
    text = _KEYS.sub(lambda m: m.group(1), text)
    text = _MENU.sub(lambda m: " > ".join([m.group(1), *filter(None, m.group(2).split(">"))]), text)
    return _FOOTNOTE.sub(lambda m: f" [{m.group(1)}]" if m.group(1) else "", text)


def _link_text(text: str) -> str:
    """A link's text without its options (`the guide^`, `the guide,window=_blank`: open in a new window)."""
    return re.sub(r",[ \t]*\w+=.*$", "", text).removesuffix("^").strip('"')


def _page_name(target: str) -> str:
    """What an xref without text shows here: the page's name (Asciidoctor shows its title, not known here)."""
    page = target.split("#", 1)
    name = page[1] if len(page) > 1 and page[1] else page[0]
    return name.rsplit("/", 1)[-1].rsplit(":", 1)[-1].removesuffix(".adoc").replace("-", " ").replace("_", " ")
