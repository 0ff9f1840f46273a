"""AsciiDoc's preprocessor directives, run as Asciidoctor's reader runs them, line by line, inside blocks too,
before the body is read as text (asciidoc.py); and the attributes an Antora component gives its pages.

- `include::` puts in the file it names (read as includes.py reads files: a path from the including
  file, or an Antora resource id, `partial$x.adoc`, `example$app.rb`, `ROOT:partial$x.adoc`, in the page's
  component), only the lines of its `tag=`/`tags=` regions or `lines=` ranges when given, their common indent
  taken off and `indent=N` spaces put on instead when that is given (tabs count as one character, or as
  `:tabsize:` spaces; at most 80 of either), its headings moved by `leveloffset=` (asciidocoptions.py), and an
  AsciiDoc file's own directives run in turn (a file of another kind is put in as it is); `ifdef::`/`ifndef::`
  keep or leave out the lines up to their `endif::` by the attributes defined so far (`a,b`: any, `a+b`: all;
  those Asciidoctor defines for HTML, and Antora's `env-site` and `site-gen-antora` in a component),
  `ifeval::[{x} == "y"]` by its comparison (kept when it cannot be read), as asciidocreader.py reads them. A
  directive escaped with a backslash is its text; a URL is not read.
- Spring's `include-code::` (springasciidoc.py) puts in the code of each language as an include does.
"""

from __future__ import annotations

import os
import re
from functools import partial
from pathlib import Path
from typing import Any

from indexer.loaders.asciidocattributes import REFERENCE, filled_target
from indexer.loaders.asciidocoptions import HEADING, leveled, selected
from indexer.loaders.asciidocreader import SHOWN, TEXT, URL, include_options, read_lines
from indexer.loaders.includes import (
    SETTINGS,
    deeper,
    included_text,
    lies_outside,
    probe,
    put_lines_in_place,
    warn,
)
from indexer.loaders.springasciidoc import INCLUDE_CODE, code_includes
from indexer.loaders.yamlread import read_yaml

__all__ = ["antora_attributes", "preprocess", "starting_attributes"]

_ADOC_SUFFIXES = (".adoc", ".asciidoc", ".asc", ".ad", ".txt")  # Asciidoctor's ASCIIDOC_EXTENSIONS
# `[[id]]`, `[#id.role]`; the id possessive: each of its splits tried against the rest took minutes on a long line
_BLOCK_ID = re.compile(r"^\[\[([\w][\w.-]*+)(?:,[^\]]*)?\]\][ \t]*$|^\[#([\w][\w.-]*+)[^\]]*\][ \t]*$")
_FAMILIES = {"partial": "partials", "example": "examples", "page": "pages", "attachment": "attachments"}
_HTML_ATTRIBUTES = {"asciidoctor": "", "backend-html5": "", "basebackend-html": "", "filetype-html": ""}
_ANTORA_ATTRIBUTES = {"env": "site", "env-site": "", "site-gen": "antora", "site-gen-antora": ""}


def antora_attributes(page: Path) -> tuple[dict[str, str], frozenset[str]]:
    """The attributes an Antora component gives its pages (`asciidoc: attributes:` in the antora.yml that its
    `modules/<module>/pages/` lie under), read as an include is (remembered: a change reads the pages again), and
    the names of those a page may not change; ({}, none) elsewhere. Antora hands them to Asciidoctor, which locks
    what it is given: a value that ends in `@` is a default a page may change, `false` unsets one softly, `~`
    for good, any other value is set for good. Antora's own page attributes (`{page-component-version}`:
    _intrinsic) come first, locked too."""
    found = _component(page)
    if found is None or "pages" not in page.parts:
        return {}, frozenset()
    config = _antora_yml(page, found[0])
    asciidoc = config.get("asciidoc")
    given = asciidoc.get("attributes") if isinstance(asciidoc, dict) else None
    attributes = _intrinsic(config, page, *found)
    locked = set(attributes)
    for key, value in given.items() if isinstance(given, dict) else ():
        name, soft = str(key).lower(), value is False or (isinstance(value, str) and value.endswith("@"))
        if value is None or value is False:
            attributes.pop(name, None)
        elif isinstance(value, str | int | float):  # a bool is an int: `true` shows as Asciidoctor's `true`
            attributes[name] = str(value).lower() if isinstance(value, bool) else str(value).removesuffix("@")
        else:
            continue  # a list or a mapping: no attribute's value
        (locked.discard if soft else locked.add)(name)
    return attributes, frozenset(locked)


def _intrinsic(config: dict[str, Any], page: Path, folder: Path, module: str) -> dict[str, str]:
    """The page attributes Antora sets itself, which pages show: the component's name, title and version (the
    Asciidoctor docs' page was titled `What's New in {page-component-version}` as written), its module and the
    page's path in it (`page-relative-src-path`); a value antora.yml does not give as a plain one is left out."""
    version = config.get("version")
    pages = folder / "modules" / module / "pages"
    values = {
        "page-component-name": config.get("name"),
        "page-component-title": config.get("title", config.get("name")),
        "page-component-version": version,
        "page-version": version,
        "page-component-display-version": config.get("display_version", version),
        "page-module": module,
        "page-relative-src-path": page.relative_to(pages).as_posix() if page.is_relative_to(pages) else None,
    }
    return {k: str(v) for k, v in values.items() if isinstance(v, str | int | float) and not isinstance(v, bool)}


def preprocess(lines: list[str], page: Path, given: dict[str, str], locked: frozenset[str] = frozenset()) -> list[str]:
    """The lines of an AsciiDoc document with its preprocessor directives run (see the module docstring);
    `given`: the attributes it starts with (its Antora component's), `locked` those its entries may not change."""
    return _Preprocessor(starting_attributes(page, given), locked).run(lines, page)


def starting_attributes(page: Path, given: dict[str, str]) -> dict[str, str]:
    """The attributes a document starts with: those Asciidoctor defines for HTML, Antora's `env-site` and
    `site-gen-antora` in a component, then `given` (antora_attributes())."""
    return {**_HTML_ATTRIBUTES, **(_ANTORA_ATTRIBUTES if _component(page) else {}), **given}


class _Preprocessor:
    """Asciidoctor's preprocessor over one document and the files it includes: the attributes defined so far
    (a definition counts from its line on) decide conditionals and fill in include targets (asciidocreader.py)."""

    def __init__(self, attributes: dict[str, str], locked: frozenset[str]) -> None:
        self.attributes = attributes
        self.locked = locked
        self.anchor = ""  # the id an anchor line (`[[emfa]]`) gives the heading below it
        self.section = ""  # the id of the nearest section (or of the document) above, for `include-code::`

    def run(self, lines: list[str], path: Path) -> list[str]:
        out: list[str] = []
        for kind, line, directive in read_lines(lines, self.attributes, self.locked):
            if directive is not None:
                out += self._include(path, filled_target(directive.group(3), self.attributes), directive.group(4))
                continue
            code = INCLUDE_CODE.match(line) if kind == TEXT and line.startswith("include-code::") else None
            if code is not None:
                out += code_includes(code, path, self.section, self.attributes, partial(self._include, path))
                continue
            out.append(line)
            if kind != SHOWN:
                self._track(line)
        return out

    def _track(self, line: str) -> None:
        """Follows the ids of anchors and headings, as Asciidoctor gives them (`== Getting Started` with no
        anchor is `_getting_started`)."""
        if anchor := _BLOCK_ID.match(line):
            self.anchor = anchor.group(1) or anchor.group(2)
        elif heading := HEADING.match(line):
            auto = "_" + "_".join(re.findall(r"\w+", heading.group(2).lower()))
            self.section, self.anchor = self.anchor or auto, ""
        elif line.strip():
            self.anchor = ""

    def _include(self, path: Path, target: str, options_text: str) -> list[str]:
        """The lines `include::target[options]` puts in place; none, with a warning, when it cannot."""
        options = include_options(options_text)
        optional = "optional" in options.get("opts", options.get("options", "")).split(",")
        if URL.match(target):
            warn(f"include::{target[:120]}[]: a URL is not read: not included")
            return []
        if (missing := REFERENCE.search(target)) is not None:  # Asciidoctor looks for the name as written
            name = missing.group(1)
            if not optional:
                warn(f"include:: targets name {{{name}}}, an attribute no page or file defines (the build gives "
                     f"it: asciidoctor -a {name}=...): those files are not included")  # fmt: skip
            return []
        relative = _antora_target(path, target) if "$" in target else target
        if relative is None:
            return []
        full = Path(os.path.normpath(path.parent / relative))
        if optional and not probe(str(full)) and not lies_outside(str(full)):  # remembered: read again when it comes
            return []
        text = included_text(path, relative, part=True)
        if text is None:
            return []
        lines = [line.rstrip() for line in text.split("\n")]
        if text.endswith("\n"):
            lines.pop()
        lines = put_lines_in_place(selected(lines, options, self.attributes.get("tabsize", "")), target)
        if not full.name.lower().endswith(_ADOC_SUFFIXES):
            return lines
        lines = leveled(lines, options.get("leveloffset", ""))
        with deeper():
            return self.run(lines, full)


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
