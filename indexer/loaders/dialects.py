"""Markdown dialects of documentation sites and note apps, turned into the plain Markdown a reader sees.

Outside fenced code, before the Markdown is parsed:
- admonitions: MkDocs' `!!! note "Title"` and `??? tip` (with modifiers such as `inline end`), and its content
  tabs `=== "Tab"`, leave their title (the kind's name when they have none: `Note`), and their indented body is
  dedented, nested ones too, fenced code in it included, so it reads as the text and code it is, not as an
  indented code block; Docusaurus's `:::note Title` ... `:::`, and GitHub's and Obsidian's `> [!NOTE] Title`
  callouts leave their title; so do the blocks of pymdownx.blocks (`/// note | Title` ... `///`, `//// tab |
  Python 3.10+` ... `////` nested: the kind's name when there is no title, nothing for `html`, `define` or
  `caption`), whose option lines (`    type: warning`, `    open: True`) leave nothing; mkdocstrings' `:::
  package.module.Name` (or `::: module` with its options below), whose docstrings mkdocstrings.py put in place
  when the source was found, leaves the name, and its indented options nothing;
- MkDocs' attribute lists (`## Setup { #setup data-toc-label="x" }`, `[Start](x){ .md-button }`; unquoted values
  only after a link or an image, `![Shot](a.png){ loading=lazy }`, or as `{: ...}`), markdown-it-attrs' blocks
  between the delimiters a VitePress site sets in their place (`## Setup %{#setup}%`, any items), Nextra's
  heading ids (`## Setup [#setup]`, ending a heading, as Nextra takes them; all digits, `## Fixes [#1234]` is a
  changelog's issue number, kept), icon shortcodes (`:material-check:`), the markup of keys and marks
  (`++ctrl+alt+del++` is Ctrl+Alt+Del, a label in quotes as written: `++"My Key"++` is My Key; `==marked==` is
  marked) and VitePress's code imports left (`<<< @/file` on a page of no VitePress site; on one they were
  put in place before: vitepress.py) leave nothing (MkDocs' snippets, `--8<-- "file.md"`, were put in place
  before: snippets.py; what is left of them is shown as written);
- abbreviations' definitions (`*[HTML]: Hyper Text Markup Language`, Python-Markdown's abbr) leave nothing: the
  page shows the word, its expansion only on hover;
- Docsify's helpers (`?> tip`, `!> important`) leave their text, and its heading ids (`## Title :id=title`) the
  title (its embeds, `[x](file.md ':include')`, were put in place before: docsify.py);
- Obsidian: a wiki link `[[Page]]`, `[[Page#Heading]]` or `[[Page|shown text]]` leaves what Obsidian shows (the
  shown text, else the page and heading), an embed `![[diagram.png]]` and a `%%comment%%` leave nothing; in a
  code span they are code, shown as written (TOML's `[[tool.mypy.overrides]]`, IPython's `%%timeit`).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from functools import lru_cache

from indexer.loaders.fences import CODE_SPAN, closes, opens, outside_code_spans

__all__ = ["plain_dialects"]

_TITLE = r"""(?:"([^"\n]*)"|'([^'\n]*)')"""
# an admonition (its kind, `inline end`, a title or none; before a title, any classes: `!!! note annotate "Title"`,
# as Python-Markdown reads them, where `!!! Warning do not run this` with no title may be a sentence) or a content
# tab (a title)
_MKDOCS = re.compile(
    rf"^([ \t]*)(?:(?:!!!|\?\?\?\+?)[ \t]+([\w-]+)"
    rf"(?:(?:[ \t]+(?:inline|end))*(?:[ \t]+{_TITLE})?|(?:[ \t]+[\w-]+)+[ \t]+{_TITLE})"
    rf"|===[!+]?[ \t]+{_TITLE})[ \t]*$"
)
_DOCUSAURUS = re.compile(r"^([ \t]*):::+[ \t]*([\w-]*)[ \t]*(?:\[([^\]\n]*)\])?[ \t]*(.*)$")
_BLOCK = re.compile(r"^[ \t]*(/{3,})[ \t]*([A-Za-z][\w-]*)[ \t]*(?:\|[ \t]*(.*?))?[ \t]*$")  # pymdownx.blocks
_BLOCK_END = re.compile(r"^[ \t]*(/{3,})[ \t]*$")
_BLOCK_OPTION = re.compile(r"^(?: {4}|\t)[ \t]*([\w-]+)[ \t]*:[ \t]*((?:\S(?:.*\S)?)?)[ \t]*$")  # an option line
_UNTITLED_BLOCKS = frozenset({"html", "define", "caption", "tab", "admonition"})  # a kind that is no title
_API = re.compile(r"^[ \t]*:::[ \t]+([A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*)[ \t]*$")  # mkdocstrings' `::: name`
# what tells `::: pydantic_core` (a module, no dot) from a Docusaurus container `::: note`: mkdocstrings' options
_API_OPTIONS = re.compile(r"^(?: {4}|\t)[ \t]*(?:options|handler|selection|rendering)[ \t]*:")
_CALLOUT = re.compile(r"^([ \t]*(?:>[ \t]*)+)\[!([\w-]+)\][+-]?[ \t]*(.*)$")
_WIKI = re.compile(r"(!?)\[\[([^\[\]|\n]*?)(?:\|([^\[\]\n]*))?\]\]")
_OBSIDIAN_COMMENT = re.compile(r"%%.*?%%", re.DOTALL)
_NAMED = r"(?:#[^\s{}\"'=]+|\.[A-Za-z_-][\w-]*)"  # an attribute list's #id (`{#vue.js-privacy}` too) or .class
_PAIR = r"""[A-Za-z_-][\w-]*=(?:"[^"\n]*"|'[^'\n]*')"""  # its key="value"
_BARE = r"""[A-Za-z_-][\w-]*=[^\s{}"'=]+"""  # key=value unquoted: `{ loading=lazy }`, but `{x=1}` is prose or math
_ITEM = rf"(?:{_NAMED}|{_PAIR}|{_BARE})"
_ATTRIBUTES = re.compile(  # after a space, a line's start, a link, an image or emphasis (`__Update__{ title="x" }`,
    # where `x_{i}` is math); before a space, the end or the end of a link's text (a badge:
    # `[![CI](badge.svg){ loading=lazy }](actions)`)
    rf"(?:(?<![\w\\^_$])|(?<=[^\s_]__)){{:?[ \t]*(?:{_ITEM}[ \t]+)*{_ITEM}[ \t]*}}(?=[ \t]*(?:$|[\s.,;:!?\]]))",
    re.MULTILINE,
)
_LINE_END = re.compile(r"[ \t]*(?:\n|$)")
_HEADING_START = re.compile(r"[ \t]{0,3}#{1,6}[ \t]")  # how an ATX heading starts
_NAMED_OR_QUOTED = re.compile(rf"(?:^|[\s{{:]){_NAMED}|=[\"']")
# an ATX heading's last `[#id]` (Nextra's custom heading id), before any closing #s
_NEXTRA_ID = re.compile(r"^([ \t]{0,3}#{1,6}[ \t].*?)[ \t]*\[#(?!\d+\])[^\]\s]+\]((?:[ \t]+#+)?[ \t]*)$")
# pymdownx.keys: key names (`ctrl`) or labels in quotes (`"Python: Select Interpreter"`), joined by `+`
_KEY = r"""(?:[A-Za-z0-9][\w-]*|"(?:\\.|[^"\\\n])+"|'(?:\\.|[^'\\\n])+')"""
_KEYS = re.compile(rf"\+\+({_KEY}(?:\+{_KEY})*)\+\+")
_ONE_KEY = re.compile(_KEY)
_MARK = re.compile(r"(?<![=\w])==(?=[^\s=])(.+?)(?<=[^\s=])==(?![=\w])")  # pymdownx.mark
# with one space after it: `-   :material-x: text` stays a list item whose text starts where it did
_ICON = re.compile(r":(?:material|octicons|fontawesome|simple)-[\w-]+:[ \t]?")
# what includes a file (VitePress's <<< @/file) or marks a table of contents ([[toc]], [TOC]): a line that leaves
# nothing
_SNIPPET = re.compile(r"^[ \t]*(?:<<<[ \t]+\S.*|\[\[toc\]\]|\[TOC\])[ \t]*$", re.IGNORECASE)
_DOCSIFY_HELPER = re.compile(r"^([ \t]*)[?!]>[ \t]+(?=\S)")
_DOCSIFY_ID = re.compile(r"^([ \t]{0,3}#{1,6}[ \t].*?)[ \t]+:id=[\w-]+[ \t]*$")
# containers whose kind is no title: VitePress's code-group, and its raw and v-pre, which wrap what they hold in a
# <div> (styles of the page left out; Vue's template syntax shown as written) and show no label
_UNTITLED = frozenset({"code-group", "raw", "v-pre"})
_SIGNS = ("!!!", "???", "===", ":::", "///", "[!", "[[", "[#", "%%", "{", "<<<", "++", "==", "[TOC]", "[toc]",
          ":material-", ":octicons-", ":fontawesome-", ":simple-", "][", "?>", "!>", ":id=", "*[")  # fmt: skip
# an abbreviation's definition (Python-Markdown's abbr, PHP Markdown Extra): `*[HTML]: Hyper Text Markup Language`
_ABBREVIATION = re.compile(r"^[ ]{0,3}\*\[[^\]\n]+\]:")
# a reference link `[shown][label]` or `[shown][]` (its shown text may hold code spans), not an image's; its label
# a name, as autorefs' are (`pydantic.main.BaseModel`): `[m/p][log2 (n/m)]` is a formula's floors
_REFERENCE = re.compile(r"(?<![!\]\\])\[((?:`[^`\n]+`|[^\[\]`\n])+)\]\[((?:[A-Za-z_][\w.:#/-]*)?)\]")
_DEFINITION = re.compile(r"^[ ]{0,3}\[([^\]\n]+)\]:", re.MULTILINE)


def plain_dialects(text: str, delimiters: tuple[str, str] | None = None) -> str:
    """`text` with the dialects' syntax replaced as the module docstring says (unchanged when it holds none);
    `delimiters`, those of the attribute blocks the site sets besides `{` and `}` (`%{#id}%`: vitepressconfig.py)."""
    if not any(sign in text for sign in _SIGNS) and not (delimiters and delimiters[0] in text):
        return text
    attributes = _attribute_blocks(*delimiters) if delimiters else None
    out: list[str] = []
    prose: list[str] = []
    fence: str | None = None
    fenced_in = 0  # how many MkDocs blocks the open fence is in
    bodies: list[str] = []  # the indentation of each MkDocs block (admonition, tab) the line is in, outermost first
    blocks: list[int] = []  # the slashes of each pymdownx block the line is in
    heading: str | None = None  # the kind of the block whose head was the line before (its options may follow)
    api = False  # the line before was mkdocstrings' `::: name` or one of its options
    defined = {_label(label) for label in _DEFINITION.findall(text)} if "][" in text else set()
    lines = text.split("\n")
    for number, line in enumerate(lines):
        while bodies and line.strip() and not line.startswith(bodies[-1]):
            bodies.pop()  # a line indented less than a block's body ends it...
            if fence is not None and len(bodies) < fenced_in:
                out.append(fence)  # ...and a fence left open in it
                fence = None
        if bodies:
            line = line.removeprefix(bodies[-1]) if line.strip() else ""
        if fence is not None:
            if closes(line, fence):
                fence = None
            out.append(line)
            continue
        if (opened := opens(line)) is not None:
            out.append(_inline("\n".join(prose), defined, attributes))
            prose, fence, fenced_in = [], opened, len(bodies)
            out.append(line)
            continue
        if api:
            if line.startswith(("    ", "\t")) and line.strip():
                continue  # mkdocstrings' options (YAML)
            api = False
        if (named := _API.match(line) if ":::" in line else None) is not None and (
            "." in named.group(1) or (number + 1 < len(lines) and _API_OPTIONS.match(lines[number + 1]))
        ):
            prose += [named.group(1), ""]
            api = True
            continue
        if "*[" in line and _ABBREVIATION.match(line):
            continue  # the page shows the word, its expansion only on hover
        if heading is not None:
            option = _BLOCK_OPTION.match(line)
            if option is not None:
                if heading == "admonition" and option.group(1) == "type":
                    prose += [option.group(2).strip("'\"").capitalize(), ""]
                continue
            heading = None
        block = _BLOCK.match(line) if "///" in line else None
        if block is not None:
            slashes, kind, title = block.groups()
            blocks.append(len(slashes))
            heading = kind.lower() if not title else ""
            shown = title or ("" if kind.lower() in _UNTITLED_BLOCKS else kind.capitalize())
            prose += [shown, ""] if shown else [""]
            continue
        if blocks and (end := _BLOCK_END.match(line)) is not None and len(end.group(1)) in blocks:
            while blocks and blocks.pop() != len(end.group(1)):
                pass  # a block left open inside it ends with it
            prose.append("")
            continue
        mkdocs = _MKDOCS.match(line)
        if mkdocs:
            indent, kind = mkdocs.group(1), mkdocs.group(2)
            title = next((t for t in mkdocs.groups()[2:] if t is not None), None)
            bodies.append((bodies[-1] if bodies else "") + indent + "    ")
            shown = (kind or "").capitalize() if title is None else title
            prose += [indent + shown, ""] if shown else [""]
            continue
        if _SNIPPET.match(line):
            continue
        prose.append(_line(line))
    out.append(_inline("\n".join(prose), defined, attributes))
    return "\n".join(out)


def _line(line: str) -> str:
    if (helper := _DOCSIFY_HELPER.match(line)) is not None:  # Docsify's `?> tip` and `!> important`: their text
        return helper.group(1) + line[helper.end() :]
    if ":id=" in line and (heading := _DOCSIFY_ID.match(line)) is not None:  # `## Title :id=x`: the title
        return heading.group(1)
    docusaurus = _DOCUSAURUS.match(line)
    if docusaurus:
        indent, kind, title = docusaurus.group(1), docusaurus.group(2), docusaurus.group(3) or docusaurus.group(4)
        title = title or ("" if kind.lower() in _UNTITLED else kind.capitalize())
        return f"{indent}{title}\n" if title else ""  # the title a paragraph of its own
    callout = _CALLOUT.match(line)
    if callout:
        quote, kind, title = callout.groups()
        return f"{quote}{title or kind.capitalize()}\n{quote.rstrip()}"
    if "[#" in line and (nextra := _NEXTRA_ID.match(line)) is not None:
        return nextra.group(1) + nextra.group(2)
    return line


def _inline(text: str, defined: set[str], attributes: re.Pattern[str] | None = None) -> str:
    if "][" in text:
        text = _references(text, defined)
    if attributes is not None:
        text = outside_code_spans(text, lambda prose: attributes.sub("", prose))
    if "{" in text or ":" in text or "++" in text or "==" in text:
        text = outside_code_spans(text, _plain_markup)
    if "%%" in text:
        text = _without_comments(text)
    if "[[" in text:
        text = outside_code_spans(text, lambda prose: _WIKI.sub(_wiki_text, prose))
    return text


def _without_comments(text: str) -> str:
    """Prose without Obsidian's `%%comments%%`, whose `%%` marks lie outside code spans (a comment may hold one)."""
    masked = CODE_SPAN.sub(lambda span: " " * len(span.group()), text) if "`" in text else text
    parts: list[str] = []
    pos = 0
    for comment in _OBSIDIAN_COMMENT.finditer(masked):
        parts.append(text[pos : comment.start()])
        pos = comment.end()
    return "".join(parts) + text[pos:]


def _references(text: str, defined: set[str]) -> str:
    """Reference links whose label the page does not define, as the site shows them: their text. MkDocs'
    autorefs resolves `[BaseModel][pydantic.main.BaseModel]` and `[typing][]` across the site, which Markdown
    alone would show with their brackets; a defined label is left to the Markdown parser."""
    spans = [(m.start(), m.end()) for m in CODE_SPAN.finditer(text)] if "`" in text else []
    starts = [start for start, _ in spans]  # in order, apart: the one a reference may be in is found by bisection
    parts: list[str] = []
    pos = 0
    for found in _REFERENCE.finditer(text):
        shown, label = found.groups()
        span = bisect_left(starts, found.start()) - 1  # the last span starting before it
        if _label(label or shown) in defined or (span >= 0 and found.start() < spans[span][1]):
            continue
        parts += [text[pos : found.start()], shown]
        pos = found.end()
    return "".join(parts) + text[pos:] if parts else text


@lru_cache(maxsize=8)
def _attribute_blocks(left: str, right: str) -> re.Pattern[str]:
    """markdown-it-attrs' blocks between a site's own delimiters (`%{#using-a-store}%`, `%{.tip title="x"}%`),
    where _ATTRIBUTES finds `{...}`: whatever their items, as markdown-it-attrs reads them (where a `{#id}` in prose
    may be a formula, `%{` is no one's)."""
    stop = re.escape(right[0])
    named = rf"(?:#[^\s{stop}\"'=]+|\.[A-Za-z_-][\w-]*)"
    value = rf"""(?:"[^"\n]*"|'[^'\n]*'|[^\s{stop}"'=]+)"""
    item = rf"(?:{named}|[A-Za-z_-][\w-]*(?:={value})?)"
    return re.compile(rf"[ \t]*{re.escape(left)}[ \t]*(?:{item}[ \t]+)*{item}[ \t]*{re.escape(right)}")


def _label(label: str) -> str:
    """A link label as Markdown matches it: case and runs of spaces do not count."""
    return " ".join(label.split()).casefold()


def _plain_markup(text: str) -> str:
    """Prose without MkDocs' attribute lists and icons, its keys (`++ctrl+alt+del++`: Ctrl+Alt+Del) and marks
    (`==marked==`: marked) as they show."""
    text = _ICON.sub("", _ATTRIBUTES.sub(_attributes, text))
    if "++" in text:
        text = _KEYS.sub(_keys, text)
    if "==" in text:
        text = _MARK.sub(r"\1", text)
    return text


def _keys(match: re.Match[str]) -> str:
    """Keys as pymdownx.keys shows them: a name capitalized (`ctrl` is Ctrl), a quoted label as written."""
    keys = _ONE_KEY.findall(match.group(1))
    return "+".join(re.sub(r"\\(.)", r"\1", key[1:-1]) if key[0] in "\"'" else key.capitalize() for key in keys)


def _attributes(match: re.Match[str]) -> str:
    """Nothing for an attribute list; one of unquoted `key=value`s alone only where attr_list reads them: right
    after a link or an image (`![Shot](a.png){ loading=lazy }`), as `{: ...}`, or at the end of a heading (`###
    Navigation path { id=navigation-path }`, Material's setup page); `{x=1}` in prose stays."""
    found, text = match.group(), match.string
    if found.startswith("{:") or text[match.start() - 1 : match.start()] == ")" or _NAMED_OR_QUOTED.search(found):
        return ""
    if _LINE_END.match(text, match.end()) is None:  # (looked back only once a line, from its end)
        return found
    return "" if _HEADING_START.match(text, text.rfind("\n", 0, match.start()) + 1) else found


def _wiki_text(match: re.Match[str]) -> str:
    embed, target, shown = match.groups()
    if embed:
        return ""
    if shown is not None:
        return shown
    page, _, heading = target.partition("#")
    return f"{page} {heading.lstrip('^')}".strip() if heading else page
