"""AsciiDoc's body as the text a reader of the rendered page sees (text.py splits it at its titles first).

- Delimited blocks: listing and literal blocks (`----`, `....`) are code, kept as written; the delimiters of
  examples, sidebars, quotes, open blocks and passthroughs (`====`, `****`, `____`, `--`, `++++`) leave nothing
  and their content is read; comment blocks (`////`) and comment lines (`// x`) leave nothing.
- Tables (`|===`): a line per row, its cells joined by " | " (a cell per `|`, rows by blank lines or a full row).
- Lines of block attributes and anchors (`[source,java]`, `[NOTE]`, `[[install]]`, `[#id.role]`) leave nothing;
  a block title (`.Gemfile`) its text; a description list's `Term::` its term; an admonition paragraph (`NOTE:
  text`) its label as Asciidoctor shows it (`Note: text`); an `include::` line nothing (its file is not read).
- Attributes: a document attribute (`:product: Asciidoctor`), or one its Antora component gives (antora.yml's
  `asciidoc.attributes`), stands in for its reference (`{product}`); an unknown reference is left as written,
  as Asciidoctor leaves it.
- Inline macros and references leave their text: `xref:install.adoc[Install]` and `<<install,Install>>` the
  text (the target when there is none), `https://x.org[the site]` and `link:x.pdf[the guide]` the text,
  `image:x.png[A diagram]` its alt text, `kbd:[Ctrl+C]` and `btn:[Save]` their keys, `footnote:[Note.]` its
  note; formatting marks (`*bold*`, `_emphasis_`, `` `code` ``, `#marked#`, `+passthrough+`) their text.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import yaml

from indexer.loaders.includes import SETTINGS, included_text

__all__ = ["antora_attributes", "document_attributes", "plain_asciidoc", "plain_title"]

_CODE = re.compile(r"^(-{4,}|\.{4,})[ \t]*$")  # listing, literal
_COMMENT_BLOCK = re.compile(r"^/{4,}[ \t]*$")
_DELIMITER = re.compile(r"^(?:={4,}|\*{4,}|_{4,}|\+{4,}|--)[ \t]*$")  # example, sidebar, quote, passthrough, open
_TABLE = re.compile(r"^[|!,:]={3,}[ \t]*$")
_ATTRIBUTE_LINE = re.compile(r"^\[(?:[^\[\]\n]*|\[[^\[\]\n]*\])\][ \t]*$")  # [source,java], [[anchor]], [NOTE]
_DEFINITION = re.compile(r"^:(!?)([\w][\w-]*)(!?):[ \t]*(.*)$")
_REFERENCE = re.compile(r"(?<!\\)\{([\w][\w-]*)\}")
_BLOCK_TITLE = re.compile(r"^\.([^.\s].*)$")
_TERM = re.compile(r"^([^:\s][^\n]*?)(:{2,4}|;;)(?:[ \t]+(\S.*))?$")  # a description list's term:: text
_ADMONITION = re.compile(r"^(NOTE|TIP|IMPORTANT|WARNING|CAUTION):[ \t]+")
_INCLUDE = re.compile(r"^\\?include::\S*\[.*\][ \t]*$")
_COMMENT = re.compile(r"^//(?!/)")
_XREF = re.compile(r"\bxref:([^\s\[\]]+)\[([^\]]*)\]")
_LINK = re.compile(r"\b(?:link:|mailto:)?((?:https?|ftp|irc)://[^\s\[\]]+|(?<=link:)[^\s\[\]]+)\[([^\]]*)\]")
_IMAGE = re.compile(r"\bimage::?[^\s\[\]]*\[([^\],]*)[^\]]*\]")
_KEYS = re.compile(r"\b(?:kbd|btn):\[([^\]]*)\]")
_MENU = re.compile(r"\bmenu:([^\s\[\]]+)\[([^\]]*)\]")
_FOOTNOTE = re.compile(r"\bfootnote(?::[\w-]*)?:\[([^\]]*)\]")
_ANGLE = re.compile(r"<<([^,<>\n]+?)(?:,[ \t]*([^<>\n]+?))?>>")
_INLINE_ANCHOR = re.compile(r"\[\[[^\[\]\n]*\]\]|\banchor:[\w-]+\[[^\]]*\]")
_MARKS = re.compile(r"(?<![\w\\])([*_`#+]{1,2})(?=\S)([^\n]*?\S)\1(?![\w])")
_ROLE = re.compile(r"\[\.[\w.-]+\](?=[*_`#])")  # [.role]#text#


def document_attributes(lines: list[str]) -> dict[str, str]:
    """The attributes a document defines (`:product: Asciidoctor`), by lower-case name, the last value each."""
    found: dict[str, str] = {}
    for line in lines:
        definition = _DEFINITION.match(line)
        if definition is not None and not (definition.group(1) or definition.group(3)):
            found[definition.group(2).lower()] = definition.group(4)
    return found


def antora_attributes(page: Path) -> dict[str, str]:
    """The attributes an Antora component gives its pages (`asciidoc: attributes:` in the antora.yml that its
    `modules/<module>/pages/` lie under), read as an include is (remembered: a change reads the pages again);
    {} elsewhere. A value that ends in `@` is a default a page may change: the same here."""
    parts = page.parts
    if "modules" not in parts[:-3] or "pages" not in parts:
        return {}
    component = Path(*parts[: len(parts) - 1 - parts[::-1].index("modules")])
    config = component / "antora.yml"
    if not config.is_file():
        return {}
    text = included_text(page, os.path.relpath(config, page.parent), use=SETTINGS)
    try:
        data = yaml.safe_load(text or "")
    except yaml.YAMLError:
        return {}
    asciidoc = data.get("asciidoc") if isinstance(data, dict) else None
    given = asciidoc.get("attributes") if isinstance(asciidoc, dict) else None
    if not isinstance(given, dict):
        return {}
    return {str(k).lower(): str(v).removesuffix("@") for k, v in given.items() if isinstance(v, str | int | float)}


def plain_title(title: str, attributes: dict[str, str]) -> str:
    """A title's text: its attribute references filled in, its marks and macros taken out."""
    return _inline(title, attributes).strip()


def plain_asciidoc(lines: list[str], defined: dict[str, str]) -> list[str]:
    """The lines of a piece of an AsciiDoc body (its titles already taken out) as text (see the module
    docstring); `defined`: the document's attributes, which the lines may redefine."""
    out: list[str] = []
    attributes = dict(defined)
    code: str | None = None
    comment = False
    table = False
    for line in lines:
        if comment:
            comment = not _COMMENT_BLOCK.match(line)
            continue
        if code is not None:
            if line.strip() == code:
                code = None
            else:
                out.append(line)
            continue
        stripped = line.strip()
        if _COMMENT_BLOCK.match(stripped):
            comment = True
        elif (opened := _CODE.match(stripped)) is not None:
            code = opened.group(1)
        elif _TABLE.match(stripped):
            table = not table
            out.append("")
        elif (definition := _DEFINITION.match(line)) is not None:
            name = definition.group(2).lower()
            if definition.group(1) or definition.group(3):
                attributes.pop(name, None)
            else:
                attributes[name] = definition.group(4)
        elif _DELIMITER.match(stripped) or _ATTRIBUTE_LINE.match(stripped) or _INCLUDE.match(stripped):
            out.append("")
        elif _COMMENT.match(line):
            continue
        elif table and stripped.startswith(("|", "!")):
            cells = [cell.strip() for cell in re.split(r"(?<!\\)[|!]", stripped)[1:]]
            out.append(" | ".join(_inline(cell, attributes) for cell in cells if cell))
        else:
            title = _BLOCK_TITLE.match(line)
            term = _TERM.match(line) if not title else None
            if title:
                line = title.group(1)
            elif term:
                line = term.group(1) + (f"\n{term.group(3)}" if term.group(3) else "")
            else:
                line = _ADMONITION.sub(lambda m: m.group(1).capitalize() + ": ", line)
            out.append(_inline(line, attributes))
    return out


def _inline(text: str, attributes: dict[str, str]) -> str:
    if "{" in text:
        text = _REFERENCE.sub(lambda m: attributes.get(m.group(1).lower(), m.group(0)), text)
    if "[" in text or "<<" in text:
        text = _XREF.sub(lambda m: m.group(2) or _page_name(m.group(1)), text)
        text = _LINK.sub(lambda m: _link_text(m.group(2)) or m.group(1), text)
        text = _IMAGE.sub(lambda m: m.group(1), text)
        text = _KEYS.sub(lambda m: m.group(1), text)
        text = _MENU.sub(lambda m: " > ".join([m.group(1), *filter(None, m.group(2).split(">"))]), text)
        text = _FOOTNOTE.sub(lambda m: f" [{m.group(1)}]" if m.group(1) else "", text)
        text = _ANGLE.sub(lambda m: (m.group(2) or m.group(1)).strip(), text)
        text = _INLINE_ANCHOR.sub("", _ROLE.sub("", text))
    if any(mark in text for mark in "*_`#+"):
        for _ in range(2):  # nested marks (*_both_*): twice is enough for prose
            text = _MARKS.sub(r"\2", text)
    return text.replace("\\{", "{")


def _link_text(text: str) -> str:
    """A link's text without its options (`the guide^`, `the guide,window=_blank`: open in a new window)."""
    return re.sub(r",[ \t]*\w+=.*$", "", text).removesuffix("^").strip('"')


def _page_name(target: str) -> str:
    """What an xref without text shows here: the page's name (Asciidoctor shows its title, not known here)."""
    page = target.split("#", 1)
    name = page[1] if len(page) > 1 and page[1] else page[0]
    return name.rsplit("/", 1)[-1].rsplit(":", 1)[-1].removesuffix(".adoc").replace("-", " ").replace("_", " ")
