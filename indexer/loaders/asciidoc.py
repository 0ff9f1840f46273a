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
  `asciidoc.attributes`), stands in for its reference (`{product}`); an unknown reference is left as written,
  as Asciidoctor leaves it.
- Preprocessor directives, first (preprocess()), as Asciidoctor's reader runs them line by line, inside blocks
  too: `include::` puts in the file it names (read as includes.py reads files: a path from the including
  file, or an Antora resource id, `partial$x.adoc`, `example$app.rb`, `ROOT:partial$x.adoc`, in the page's
  component), only the lines of its `tag=`/`tags=` regions or `lines=` ranges when given, their common indent
  taken off and `indent=N` spaces put on instead when that is given (tabs count as one character, or as
  `:tabsize:` spaces), its headings moved by `leveloffset=`, and an AsciiDoc file's own directives run in turn
  (a file of another kind is put in as it is); `ifdef::`/`ifndef::` keep or leave out the lines up to their
  `endif::` by the attributes defined so far (`a,b`: any, `a+b`: all; those Asciidoctor defines for HTML, and
  Antora's `env-site` and `site-gen-antora` in a component), `ifeval::[{x} == "y"]` by its comparison (kept
  when it cannot be read). A directive escaped with a backslash is its text; a URL is not read.
- Inline macros and references leave their text: `xref:install.adoc[Install]` and `<<install,Install>>` the
  text (the target when there is none), `https://x.org[the site]` and `link:x.pdf[the guide]` the text,
  `image:x.png[A diagram]` its alt text, `kbd:[Ctrl+C]` and `btn:[Save]` their keys, `footnote:[Note.]` its
  note, `pass:q[text]` its text; formatting marks (`*bold*`, `_emphasis_`, `` `code` ``, `#marked#`,
  `+passthrough+`) their text.
- Spring's extensions (springasciidoc.py): `javadoc:` macros their class's name, `include-code::` the code.
"""

from __future__ import annotations

import operator
import os
import re
from functools import partial
from pathlib import Path
from typing import Any

from indexer.loaders.includes import SETTINGS, deeper, included_text, warn
from indexer.loaders.springasciidoc import INCLUDE_CODE, JAVADOC, code_includes, javadoc_text
from indexer.loaders.yamlread import read_yaml

__all__ = ["antora_attributes", "document_attributes", "plain_asciidoc", "plain_title", "preprocess"]

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
_HARD_BREAK = re.compile(r"[ \t]\+$")
_ORDERED = re.compile(r"^[ \t]*(\.{1,5})[ \t]+(\S.*)$")  # `. Step`, `.. Sub-step`
_UNORDERED = re.compile(r"^[ \t]*(?:\*{1,5}|-)[ \t]+\S")
_PASS = re.compile(r"\bpass:[a-z,]*\[([^\]]*)\]")
_DIRECTIVE = re.compile(r"^(\\?)(include|ifdef|ifndef|ifeval|endif)::([^\[\s]*)\[(.*)\][ \t]*$")
_TAG_LINE = re.compile(r"\b(tag|end)::([^\[\s]*)\[\]")
_OPTION = re.compile(r"""([\w-]+)[ \t]*=[ \t]*(?:"([^"]*)"|'([^']*)'|([^,]*))""")
_COMPARISON = re.compile(r"""^\s*("[^"]*"|'[^']*'|[^\s=!<>]+)\s*(==|!=|<=|>=|<|>)\s*("[^"]*"|'[^']*'|[^\s=!<>]+)\s*$""")
_COMPARE = {
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}
_URL = re.compile(r"^[a-z][a-z0-9+.-]*://", re.IGNORECASE)
MAX_ATTRIBUTE_CHARS = 10_000  # an attribute's value with its references filled in, at most
_ADOC_SUFFIXES = (".adoc", ".asciidoc", ".asc", ".ad")
_HEADING = re.compile(r"^(=+)([ \t]+\S.*)$")
_BLOCK_ID = re.compile(r"^\[\[([\w][\w.-]*)(?:,[^\]]*)?\]\][ \t]*$|^\[#([\w][\w.-]*)[^\]]*\][ \t]*$")
_FAMILIES = {"partial": "partials", "example": "examples", "page": "pages", "attachment": "attachments"}
_HTML_ATTRIBUTES = {"asciidoctor": "", "backend-html5": "", "basebackend-html": "", "filetype-html": ""}
_ANTORA_ATTRIBUTES = {"env": "site", "env-site": "", "site-gen": "antora", "site-gen-antora": ""}
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
    found = _component(page)
    if found is None or "pages" not in page.parts:
        return {}
    asciidoc = _antora_yml(page, found[0]).get("asciidoc")
    given = asciidoc.get("attributes") if isinstance(asciidoc, dict) else None
    if not isinstance(given, dict):
        return {}
    return {str(k).lower(): str(v).removesuffix("@") for k, v in given.items() if isinstance(v, str | int | float)}


def preprocess(lines: list[str], page: Path, given: dict[str, str]) -> list[str]:
    """The lines of an AsciiDoc document with its preprocessor directives run (see the module docstring);
    `given`: the attributes it starts with (its Antora component's)."""
    start = {**_HTML_ATTRIBUTES, **(_ANTORA_ATTRIBUTES if _component(page) else {}), **given}
    return _Preprocessor(start).run(lines, page)


class _Preprocessor:
    """Asciidoctor's preprocessor over one document and the files it includes: the attributes defined so far
    (a definition counts from its line on) decide conditionals and fill in include targets."""

    def __init__(self, attributes: dict[str, str]) -> None:
        self.attributes = attributes
        self.anchor = ""  # the id an anchor line (`[[emfa]]`) gives the heading below it
        self.section = ""  # the id of the nearest section (or of the document) above, for `include-code::`

    def run(self, lines: list[str], path: Path) -> list[str]:
        out: list[str] = []
        conditions: list[bool] = []  # the open conditionals: whether each keeps its lines
        comment = False
        for line in lines:
            kept = all(conditions)
            directive = _DIRECTIVE.match(line) if "::" in line and not comment else None
            if directive is None:
                code = INCLUDE_CODE.match(line) if kept and not comment and line.startswith("include-code::") else None
                if code is not None:
                    out += code_includes(code, path, self.section, self.attributes, partial(self._include, path))
                    continue
                if kept:
                    out.append(line)
                    self._track(line)
                    if _COMMENT_BLOCK.match(line.strip()):
                        comment = not comment
                    elif not comment and (definition := _DEFINITION.match(line)) is not None:
                        self._define(definition)
                continue
            escaped, name, target, text = directive.groups()
            if escaped:
                if kept:
                    out.append(line[1:])
            elif name == "endif":
                if conditions:
                    conditions.pop()
            elif name in ("ifdef", "ifndef"):
                holds = kept and self._defined(name, target)
                if text:  # a condition of one line: `ifdef::env-site[This shows on the site.]`
                    if holds:
                        out.append(text)
                else:
                    conditions.append(holds)
            elif name == "ifeval":
                conditions.append(kept and self._evaluate(text))
            elif kept:
                out += self._include(path, self._filled(target), text)
        return out

    def _track(self, line: str) -> None:
        """Follows the ids of anchors and headings, as Asciidoctor gives them (`== Getting Started` with no
        anchor is `_getting_started`)."""
        if anchor := _BLOCK_ID.match(line):
            self.anchor = anchor.group(1) or anchor.group(2)
        elif heading := _HEADING.match(line):
            auto = "_" + "_".join(re.findall(r"\w+", heading.group(2).lower()))
            self.section, self.anchor = self.anchor or auto, ""
        elif line.strip():
            self.anchor = ""

    def _define(self, definition: re.Match[str]) -> None:
        name = definition.group(2).lower()
        if definition.group(1) or definition.group(3):
            self.attributes.pop(name, None)
        else:  # references filled in, unless that makes it long (`:a: {a}{a}` line after line doubles it)
            value = self._filled(definition.group(4))
            self.attributes[name] = value if len(value) <= MAX_ATTRIBUTE_CHARS else definition.group(4)

    def _filled(self, text: str) -> str:
        return (
            _REFERENCE.sub(lambda m: self.attributes.get(m.group(1).lower(), m.group(0)), text) if "{" in text else text
        )

    def _defined(self, name: str, target: str) -> bool:
        """Whether `ifdef::target[]` (or ifndef) keeps its lines, as Asciidoctor decides it."""
        every = "+" in target
        names = [n.strip().lower() for n in re.split(r"[+,]", target)]
        held = [n in self.attributes for n in names]
        if name == "ifdef":
            return all(held) if every else any(held)
        return not any(held) if every else not all(held)

    def _evaluate(self, expression: str) -> bool:
        """Whether `ifeval::[a op b]` holds: numbers compared as numbers, anything else as text; True when the
        expression cannot be read (the lines are kept rather than lost)."""
        found = _COMPARISON.match(self._filled(expression))
        if found is None:
            return True
        left, op, right = _value(found.group(1)), found.group(2), _value(found.group(3))
        if isinstance(left, float) != isinstance(right, float):
            left, right = str(left), str(right)
        return bool(_COMPARE[op](left, right))

    def _include(self, path: Path, target: str, options_text: str) -> list[str]:
        """The lines `include::target[options]` puts in place; none, with a warning, when it cannot."""
        options = {
            m.group(1).lower(): next(v for v in m.groups()[1:] if v is not None) for m in _OPTION.finditer(options_text)
        }
        optional = "optional" in options.get("opts", options.get("options", "")).split(",")
        if _URL.match(target):
            warn(f"include::{target[:120]}[]: a URL is not read: not included")
            return []
        relative = _antora_target(path, target) if "$" in target else target
        if relative is None:
            return []
        full = Path(os.path.normpath(path.parent / relative))
        if optional and not full.exists():
            return []
        text = included_text(path, relative)
        if text is None:
            return []
        lines = [line.rstrip() for line in text.split("\n")]
        if text.endswith("\n"):
            lines.pop()
        if "lines" in options:
            lines = _ranges(lines, options["lines"])
        elif "tag" in options or "tags" in options:
            lines = _tagged(lines, options.get("tags", options.get("tag", "")))
        if "indent" in options:
            lines = _indented(lines, _number(options["indent"]), _number(self.attributes.get("tabsize", "")))
        if not full.name.lower().endswith(_ADOC_SUFFIXES):
            return lines
        offset = options.get("leveloffset", "").strip()
        if re.fullmatch(r"[+-]?\d+", offset) and int(offset):
            lines = [_moved(line, int(offset)) for line in lines]
        with deeper():
            return self.run(lines, full)


def _value(token: str) -> str | float:
    if token[:1] in ("'", '"'):
        return token[1:-1]
    try:
        return float(token)
    except ValueError:
        return token


def _ranges(lines: list[str], spec: str) -> list[str]:
    """The lines of `lines=1..5;8;10..-1` (1-based, inclusive; -1: to the end), in the order given."""
    picked: list[str] = []
    for part in re.split(r"[;,]", spec.strip().strip('"')):
        bounds = part.strip().split("..")
        try:
            first = int(bounds[0])
            last = int(bounds[1]) if len(bounds) > 1 and bounds[1] else first if len(bounds) == 1 else -1
        except ValueError:
            continue
        picked += lines[max(first, 1) - 1 : len(lines) if last < 0 else last]
    return picked


def _tagged(lines: list[str], spec: str) -> list[str]:
    """The lines inside the tagged regions `spec` names (`tag::name[]` ... `end::name[]`; `a;b`, `*`: any tag,
    `**`: every line, `!a`: not in a), without the tag lines themselves."""
    names = [n.strip() for n in re.split(r"[;,]", spec) if n.strip()]
    wanted = {n for n in names if not n.startswith("!")}
    unwanted = {n[1:] for n in names if n.startswith("!")}
    every = "**" in wanted or not wanted  # only exclusions: every other line
    kept: list[str] = []
    inside: list[str] = []
    for line in lines:
        marker = _TAG_LINE.search(line)
        if marker is not None:
            if marker.group(1) == "tag":
                inside.append(marker.group(2))
            elif marker.group(2) in inside:  # the last region opened under that name ends
                del inside[len(inside) - 1 - inside[::-1].index(marker.group(2))]
            continue
        chosen = every or bool(wanted & set(inside)) or ("*" in wanted and bool(inside))
        if chosen and not unwanted & set(inside):
            kept.append(line)
    return kept


def _number(text: str) -> int:
    """A number as Ruby's to_i reads it (Asciidoctor's): its leading digits, 0 when there are none."""
    found = re.match(r"\s*([+-]?\d+)", text)
    return int(found.group(1)) if found else 0


def _indented(lines: list[str], indent: int, tab_size: int) -> list[str]:
    """The lines of an include with `indent=` (Asciidoctor's adjust_indentation!): tabs made `tab_size` spaces
    when that is given; then, unless `indent` is negative, the indent every non-empty line shares taken off and
    `indent` spaces put before each."""
    if tab_size > 0:
        lines = [line.expandtabs(tab_size) if "\t" in line else line for line in lines]
    if indent < 0:
        return lines
    depths = [len(line) - len(line.lstrip()) for line in lines if line]
    shared = min(depths) if depths else 0
    return [" " * indent + line[shared:] if line else line for line in lines]


def _moved(line: str, offset: int) -> str:
    """A heading line moved `offset` levels (leveloffset), between 1 and 6 marks."""
    heading = _HEADING.match(line)
    if heading is None or len(heading.group(1)) > 6:
        return line
    return "=" * min(6, max(1, len(heading.group(1)) + offset)) + heading.group(2)


def _component(page: Path) -> tuple[Path, str] | None:
    """(the Antora component's folder, the module) of a file under `modules/<module>/`; None elsewhere."""
    parts = page.parts
    if "modules" not in parts[:-2]:
        return None
    at = len(parts) - 1 - parts[::-1].index("modules")
    if at + 2 >= len(parts):
        return None
    return Path(*parts[:at]), parts[at + 1]


def _antora_target(page: Path, target: str) -> str | None:
    """An Antora resource id (`partial$x.adoc`, `ROOT:example$app.rb`, `comp:mod:partial$x.adoc`) as a path from
    the page's folder; None, with a warning, for one outside the page's component or not an Antora page's."""
    coordinates, _, relative = target.partition("$")
    version, _, coordinates = coordinates.rpartition("@")
    parts = coordinates.split(":")
    family = _FAMILIES.get(parts[-1])
    found = _component(page)
    if family is None or found is None or not relative:
        warn(f"include::{target[:120]}[]: no Antora component holds the page: not included")
        return None
    folder, module = found
    if version or (len(parts) >= 3 and parts[-3] and parts[-3] != _component_name(page, folder)):
        warn(f"include::{target[:120]}[]: another component's file (or version): not included")
        return None
    module = parts[-2] if len(parts) >= 2 and parts[-2] else "ROOT" if len(parts) >= 2 else module
    return os.path.relpath(folder / "modules" / module / family / relative, page.parent)


def _component_name(page: Path, folder: Path) -> str:
    """The name antora.yml gives the component in `folder` ("" when it cannot be read)."""
    return str(_antora_yml(page, folder).get("name", ""))


def _antora_yml(page: Path, folder: Path) -> dict[str, Any]:
    """The antora.yml of the component in `folder`, read as an include is (remembered: a change reads the page
    again); {} when there is none or it cannot be read."""
    config = folder / "antora.yml"
    if not config.is_file():
        return {}
    data = read_yaml(included_text(page, os.path.relpath(config, page.parent), use=SETTINGS) or "")
    return data if isinstance(data, dict) else {}


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
    numbers = _Numbers()
    blank, continued = True, False
    for line in lines:
        follows_blank, follows_plus, blank, continued = blank, continued, not line.strip(), line.strip() == "+"
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
        elif _DELIMITER.match(stripped) or _ATTRIBUTE_LINE.match(stripped):
            numbers.block(stripped, follows_plus)
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
    if "{" in text:
        text = _REFERENCE.sub(lambda m: attributes.get(m.group(1).lower(), m.group(0)), text)
    if "[" in text or "<<" in text:
        text = _PASS.sub(lambda m: m.group(1), text)
        text = _XREF.sub(lambda m: m.group(2) or _page_name(m.group(1)), text)
        text = JAVADOC.sub(javadoc_text, text)
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
