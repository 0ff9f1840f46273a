"""Sphinx's `include` and `literalinclude`, in reStructuredText and in MyST, put in place before a page is read,
as Sphinx puts them (includes.py reads the files, from the documents folder only).

- `.. include:: file` is the file's text, read with the page, where the directive stands (at its indentation);
  with `:literal:` or `:code:` it is a literal block. Parts: `:start-line:`, `:end-line:` (0-based, as Python
  slices), `:start-after:`, `:end-before:` (text the part follows or precedes).
- `.. literalinclude:: file` is a code block of the file's text, its `:caption:` a line above it. Parts, in
  Sphinx's order: `:pyobject:` (a class or function of a Python file, `Class.method` too), `:lines:` (`1,3,5-10,20-`),
  `:start-after:` / `:start-at:`, `:end-before:` / `:end-at:`, then `:prepend:` and `:append:` lines.
- `.. csv-table::` with `:file:` has the file's rows put in as its content (docutils reads no file here).
- In MyST, ```{include} and ```{literalinclude} (or :::) fences, with the same options on their first lines.
A path is relative to the page, or, starting with "/", to the documents folder. What is shown rather than run
is left alone: directives inside literal blocks and code blocks (a page that documents `.. include::`); so is the
body of a directive Sphinx shows nothing of (the changelog extension's `changelog_imports`).
"""

from __future__ import annotations

import ast
import os
import re
from collections.abc import Callable
from pathlib import Path

from indexer.loaders.digits import bounded_int
from indexer.loaders.fences import closes, fence_for, opens
from indexer.loaders.includes import deeper, included_text, put_in_place, put_lines_in_place, warn
from indexer.loaders.lineranges import numbered_lines
from indexer.loaders.sphinx import EMPTY_DIRECTIVES
from indexer.loaders.sphinxrefs import project_page

__all__ = ["expand_myst_includes", "expand_rst_includes"]

_RST = re.compile(  # the target ends at its last non-blank: linear (a lazy one tried every run of blanks)
    r"^(?P<indent>[ \t]*)\.\.[ \t]+(?P<name>include|literalinclude)::[ \t]*(?P<target>\S(?:.*\S)?)[ \t]*$"
)
_CSV_TABLE = re.compile(r"^(?P<indent>[ \t]*)\.\.[ \t]+csv-table::")
_CSV_SOURCES = frozenset({"file", "url", "encoding"})  # options that name where the rows are: taken in here
_RST_OPTION = re.compile(r"^[ \t]+:(?P<name>[\w-]+):(?:[ \t]+(?P<value>.*?))?[ \t]*$")
_RST_CODE = re.compile(r"^[ \t]*\.\.[ \t]+(?:code-block|code|sourcecode|parsed-literal|doctest|testcode|testoutput)::")
_RST_DIRECTIVE = re.compile(r"^[ \t]*\.\.[ \t]+(?P<name>[\w:-]+)::")
_MYST = re.compile(
    r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,}|:{3,})\{(?P<name>include|literalinclude)\}[ \t]*(?P<target>.*?)$"
)
_MYST_OPTION = re.compile(r"^[ \t]*:(?P<name>[\w-]+):(?:[ \t]+(?P<value>.*?))?[ \t]*$")


def expand_rst_includes(text: str, path: Path) -> str:
    """reStructuredText with its include and literalinclude directives put in place (see the module docstring)."""
    if "include::" not in text and ":file:" not in text:
        return text
    lines = text.split("\n")
    out: list[str] = []
    literal: int | None = None  # the indentation of what introduced the literal block being passed over
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped, indent = line.strip(), len(line) - len(line.lstrip())
        if literal is not None and (not stripped or indent > literal):
            out.append(line)
            i += 1
            continue
        literal = None
        match = _RST.match(line)
        table = _CSV_TABLE.match(line) if match is None and "csv-table::" in line else None
        if table is not None:
            given: dict[str, str] = {}
            i += 1
            while i < len(lines) and (option := _RST_OPTION.match(lines[i])) and _indent(lines[i]) > indent:
                given[option["name"]] = option["value"] or ""
                i += 1
            out += _csv_table(line, given, table["indent"], path)
            continue
        if match is None:
            if _RST_CODE.match(line) or (stripped.endswith("::") and not stripped.startswith("..")) or _unshown(line):
                literal = indent
            out.append(line)
            i += 1
            continue
        options: dict[str, str] = {}
        i += 1
        while i < len(lines) and (option := _RST_OPTION.match(lines[i])) and _indent(lines[i]) > indent:
            options[option["name"]] = _unquoted(option["value"] or "")
            i += 1
        out += _rst(match["name"], match["target"], options, match["indent"], path)
    return "\n".join(out)


def _unshown(line: str) -> bool:
    """Whether `line` opens a directive whose body Sphinx shows nothing of (sphinx.EMPTY_DIRECTIVES): an include
    there is not put in place, as the changelog extension's `changelog_imports`, which reads each older changelog
    into the newer one only to resolve its references, shows none of it (SQLAlchemy's 2.1 changelog held all
    fifteen older ones, 3 million characters)."""
    directive = _RST_DIRECTIVE.match(line)
    return directive is not None and directive["name"].lower() in EMPTY_DIRECTIVES


def expand_myst_includes(text: str, path: Path) -> str:
    """MyST Markdown with its include and literalinclude fences put in place (see the module docstring)."""
    if "include}" not in text:
        return text
    lines = text.split("\n")
    out: list[str] = []
    fence: str | None = None  # an open code fence: what it holds is shown, not run
    i = 0
    while i < len(lines):
        line = lines[i]
        match = None if fence is not None else _MYST.match(line)
        if match is None:
            fence = opens(line) if fence is None else None if closes(line, fence) else fence
            out.append(line)
            i += 1
            continue
        body, i = _fence_body(lines, i + 1, match["fence"])
        options = {}
        while body and (option := _MYST_OPTION.match(body[0])):
            options[option["name"]] = _unquoted(option["value"] or "")
            body = body[1:]
        out += _myst(match["name"], match["target"].strip(), options, match["indent"], path)
    return "\n".join(out)


def _csv_table(head: str, options: dict[str, str], indent: str, path: Path) -> list[str]:
    """A csv-table directive with its options; with `:file:`, the file's rows as its content (read as an include
    is), so that docutils, which reads no file here, shows them. A URL (`:url:`) is not read."""
    kept = [f"{indent}   :{name}: {value}".rstrip() for name, value in options.items() if name not in _CSV_SOURCES]
    target = _from_source(path, _unquoted(options.get("file", "")))
    text = included_text(path, target) if target else None
    rows = [f"{indent}   {line}" for line in _trimmed(text.split("\n"))] if text else []
    return [head, *kept, "", *rows, ""] if rows else [head, *kept, ""]


def _from_source(path: Path, target: str) -> str:
    """`target` as the page's folder reaches it: Sphinx reads `/x.txt` from its project's source folder (conf.py's),
    which is not the documents folder when a repository is indexed from its root (Ansible's `.. include::
    /shared_snippets/basic_concepts.txt` in docs/docsite/rst/getting_started/ was not found)."""
    found = project_page() if target.startswith("/") else None
    if found is None:
        return target
    return os.path.relpath(os.path.join(found[1], target.lstrip("/")), os.path.dirname(os.path.realpath(path)))


def _rst(name: str, target: str, options: dict[str, str], indent: str, path: Path) -> list[str]:
    return _included(name, target, options, indent, path, _rst_code, expand_rst_includes)


def _myst(name: str, target: str, options: dict[str, str], indent: str, path: Path) -> list[str]:
    return _included(name, target, options, indent, path, _myst_code, expand_myst_includes)


def _included(
    name: str,
    target: str,
    options: dict[str, str],
    indent: str,
    path: Path,
    code: Callable[[list[str], dict[str, str], str], list[str]],
    expand: Callable[[str, Path], str],
) -> list[str]:
    """The lines that stand for an include or literalinclude directive at `indent`: the file's part as `code`
    writes a code block (its caption a line above), or as text with its own includes put in place by `expand`."""
    target = _from_source(path, target)
    text = included_text(path, target, part=True)
    if text is None:
        return [""]
    lines = _trimmed(text.split("\n"))
    try:
        if name == "literalinclude" or "literal" in options or "code" in options:
            part = _literal_part(lines, options, target) if name == "literalinclude" else _include_part(lines, options)
            caption = [f"{indent}{options['caption']}", ""] if options.get("caption") else []
            return ["", *caption, *code(put_lines_in_place(part, target), options, indent), ""]
        body = put_in_place("\n".join(_include_part(lines, options)), target)
    except _NotFound as missing:  # Sphinx includes nothing then, and says so
        warn(f"{target[:120]}: its {missing} text is not in the file: nothing included")
        return [""]
    with deeper():
        body = expand(body, path.parent / target.lstrip("/"))
    return ["", *(f"{indent}{line}" if line else "" for line in body.split("\n")), ""]


def _rst_code(lines: list[str], options: dict[str, str], indent: str) -> list[str]:
    return [f"{indent}.. code-block:: text", "", *(f"{indent}   {line}" for line in lines)]


def _myst_code(lines: list[str], options: dict[str, str], indent: str) -> list[str]:
    ticks = fence_for("\n".join(lines))
    language = options.get("language") or options.get("code") or ""
    return [f"{indent}{ticks}{language}", *(f"{indent}{line}" for line in lines), f"{indent}{ticks}"]


def _fence_body(lines: list[str], start: int, fence: str) -> tuple[list[str], int]:
    """The lines of a MyST directive's fence from `start`, and the index past its closing line."""
    end = start
    while end < len(lines):
        marker = re.match(r"[ \t]*(`{3,}|~{3,}|:{3,})[ \t]*$", lines[end])
        if marker and marker.group(1)[0] == fence[0] and len(marker.group(1)) >= len(fence):
            return lines[start:end], end + 1
        end += 1
    return lines[start:], end


def _include_part(lines: list[str], options: dict[str, str]) -> list[str]:
    """The part of an included file that `include`'s options name."""
    lines = lines[_int(options.get("start-line"), 0) : _int(options.get("end-line"), len(lines))]
    return _between(lines, options.get("start-after"), options.get("end-before"), False)


def _literal_part(lines: list[str], options: dict[str, str], target: str) -> list[str]:
    """The part of a file that `literalinclude`'s options name, in Sphinx's order."""
    if options.get("pyobject") and target.endswith(".py"):
        lines = _python_object(lines, options["pyobject"])
    if options.get("lines"):
        lines = numbered_lines(lines, options["lines"], target)
    start = options.get("start-after") or options.get("start-at")
    end = options.get("end-before") or options.get("end-at")
    lines = _between(lines, start, end, "start-at" in options, "end-at" in options)
    prepend = [options["prepend"]] if options.get("prepend") else []
    append = [options["append"]] if options.get("append") else []
    return [*prepend, *lines, *append]


def _between(
    lines: list[str], start: str | None, end: str | None, at_start: bool = False, at_end: bool = False
) -> list[str]:
    """The lines after the first one holding `start` (from it, with `at_start`), up to the first one after that
    holding `end` (to it, with `at_end`)."""
    if start:
        found = next((i for i, line in enumerate(lines) if start in line), None)
        if found is None:
            raise _NotFound("start-at" if at_start else "start-after")
        lines = lines[found if at_start else found + 1 :]
    if end:
        found = next((i for i, line in enumerate(lines) if end in line), None)
        if found is None:
            raise _NotFound("end-at" if at_end else "end-before")
        lines = lines[: found + 1 if at_end else found]
    return lines


class _NotFound(Exception):
    """A start-after, start-at, end-before or end-at option's text is not in the file (its name: str())."""


def _unquoted(value: str) -> str:
    """A MyST option's value, its quotes taken off (`:start-after: 'teaser-begin -->'`: YAML reads it so)."""
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        return value[1:-1]
    return value


def _python_object(lines: list[str], name: str) -> list[str]:
    """The lines of a class or function (`Class.method` too) of Python source, with its decorators; all of them
    when it cannot be found."""
    try:
        scope: list[ast.stmt] = ast.parse("\n".join(lines)).body
    except (SyntaxError, ValueError, RecursionError):
        return lines
    node: ast.stmt | None = None
    for part in name.split("."):
        kinds = (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
        node = next((n for n in scope if isinstance(n, kinds) and n.name == part), None)
        if node is None:
            return lines
        scope = node.body
    assert node is not None
    first = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", []))])
    return lines[first - 1 : node.end_lineno or len(lines)]


def _trimmed(lines: list[str]) -> list[str]:
    return lines[:-1] if lines and lines[-1] == "" else lines


def _int(value: str | None, default: int) -> int:
    """A line number or an index as Sphinx's int() reads it, `default` when there is none; past nine digits,
    digits.py's FAR (a number of 5,000 digits, which int() refuses, is past the file's end as one of 4,000 is)."""
    number = bounded_int(value) if value is not None else None
    return default if number is None else number


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())
