"""Spring's Asciidoctor extensions (@springio/asciidoctor-extensions), which every Spring project's Antora docs
use, read as the pages they build show them. Without them Spring Security's pages showed 232 `javadoc:` macros
and 118 `include-code::` lines as written, and none of the code those lines put on the page.

- `javadoc:org.example.Foo[]` is the class's short name (`Foo`), `javadoc:org.example.Foo#bar(java.lang.String)[]`
  `Foo.bar(String)`; `format=full` the full name, `format=annotation` `@Foo`; a text in its brackets that text.
- `include-code::./Name[tag=x,indent=0]` is the code of `Name` in each language the page defines a base for
  (`include-java`, `include-kotlin`, `include-groovy`: Antora resource ids, `example$docs-src/test/java/...`),
  from the page's folder in its module's pages/ and, below it, the one the nearest section's id names (on
  `servlet/authentication/mfa.adoc`, under `[[emfa]]`, `servlet/authentication/emfa/Name.java`; without
  hyphens, which Java packages cannot hold), each under its language's name, as the extension shows them in
  tabs; a language whose file is not there is left out, as the extension leaves it. Its options are an
  include's (`tag=` the region, `indent=0` the code without the indent it has in its class).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

__all__ = ["INCLUDE_CODE", "JAVADOC", "code_includes", "javadoc_text"]

INCLUDE_CODE = re.compile(r"^include-code::([^\[\s]+)\[(.*)\][ \t]*$")
JAVADOC = re.compile(r"\bjavadoc:([^\s\[\]]+)\[([^\]]*)\]")
_LANGUAGES = (("java", "Java", ".java"), ("kotlin", "Kotlin", ".kt"), ("groovy", "Groovy", ".groovy"))
_METHOD = re.compile(r"(.*)\((.*)\)$")


def javadoc_text(match: re.Match[str]) -> str:
    """What a `javadoc:` macro shows (see the module docstring)."""
    target, given = match.group(1), match.group(2)
    options = dict(part.split("=", 1) for part in given.split(",") if "=" in part)
    text = next((part.strip() for part in given.split(",") if part.strip() and "=" not in part), "")
    if text:
        return text
    form = options.get("format", "short").strip()
    reference, _, anchor = target.rsplit("/", 1)[-1].partition("#")
    name = _class_name(reference, form)
    if anchor and form == "annotation":
        anchor = anchor.replace("()", "")
    method = _METHOD.match(anchor)
    if method is not None:
        parameters = [_class_name(p.strip(), form) for p in method.group(2).split(",") if p.strip()]
        anchor = f"{method.group(1)}({', '.join(parameters)})"
    shown = name + (f".{anchor}" if anchor else "")
    return f"@{shown}" if form == "annotation" else shown


def _class_name(reference: str, form: str) -> str:
    varargs = reference.endswith("...")
    reference = reference.removesuffix("...")
    name = reference if form == "full" else reference.rsplit(".", 1)[-1]
    return name.replace("$", ".") + ("..." if varargs else "")


def code_includes(
    match: re.Match[str],
    page: Path,
    section_id: str,
    attributes: dict[str, str],
    include: Callable[[str, str], list[str]],
) -> list[str]:
    """The lines an `include-code::` line of `page` stands for: for each language the page has a base for whose
    file `include(target, options)` finds, its name as a block title above its code (see the module docstring)."""
    target, options = match.group(1).removeprefix("./"), match.group(2)
    parts = page.parent.parts
    at = max((i for i in range(2, len(parts)) if parts[i] == "pages" and parts[i - 2] == "modules"), default=-1)
    folders = [*parts[at + 1 :], section_id.replace(".", "/")] if at >= 0 else [section_id]
    relative = "/".join([*(folder.replace("-", "") for folder in folders if folder), target])  # Java packages
    out: list[str] = []
    for language, name, suffix in _LANGUAGES:
        base = attributes.get(f"include-{language}")
        lines = include(f"{base}/{relative}{suffix}", f"{options},opts=optional") if base else []
        if lines:
            out += ["", f".{name}", f"[source,{language}]", "----", *lines, "----", ""]
    return out
