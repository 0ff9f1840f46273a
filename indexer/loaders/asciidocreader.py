"""Asciidoctor's preprocessor reader over the lines of one AsciiDoc file: which lines it keeps and which are
`include::` directives to run, as it decides `ifdef::`/`ifndef::`/`ifeval::` by the attributes defined so far
(asciidocattributes.py: an entry counts from its line on, `:!name:` unsets) and runs no directive inside a comment
block (`////`). A directive escaped with a backslash is its text.

The loader (asciidocdirectives.py) runs the includes this finds and keeps the text; the scan that tells which
files are pieces of pages (ingest/fragments.py) follows the includes only. Both read through this one reader, so
the scan cannot count an include the loader leaves out, or miss one it runs.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Collection, Iterable, Iterator

from indexer.loaders.asciidocattributes import apply_entry, filled

__all__ = [
    "COMMENTED",
    "COMMENT_BLOCK",
    "DIRECTIVE",
    "INCLUDE",
    "SHOWN",
    "TEXT",
    "URL",
    "include_options",
    "read_lines",
]

TEXT = "text"  # a line kept, outside comment blocks (an attribute entry among them)
COMMENTED = "commented"  # a line kept inside a comment block, or its delimiter
SHOWN = "shown"  # text a directive puts in (`ifdef::x[text]`, an escaped `\include::`), as it is
INCLUDE = "include"  # an include:: directive to run
COMMENT_BLOCK = re.compile(r"^/{4,}[ \t]*$")
URL = re.compile(r"^[a-z][a-z0-9+.-]*://", re.IGNORECASE)
DIRECTIVE = re.compile(r"^(\\?)(include|ifdef|ifndef|ifeval|endif)::([^\[\s]*)\[(.*)\][ \t]*$")
# an option's name starts where no name character comes before it: tried from every character of a long word
# without `=`, the name ran to the word's end each time (32,000 characters: 12 s)
_OPTION = re.compile(r"""(?<![\w-])([\w-]+)[ \t]*=[ \t]*(?:"([^"]*)"|'([^']*)'|([^,]*))""")
_COMPARISON = re.compile(r"""^\s*("[^"]*"|'[^']*'|[^\s=!<>]+)\s*(==|!=|<=|>=|<|>)\s*("[^"]*"|'[^']*'|[^\s=!<>]+)\s*$""")
_COMPARE = {
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}


def read_lines(
    lines: Iterable[str], attributes: dict[str, str], locked: Collection[str] = ()
) -> Iterator[tuple[str, str, re.Match[str] | None]]:
    """(kind, line, directive) for each line the reader keeps: TEXT, COMMENTED or SHOWN with no directive, or
    INCLUDE with its `include::target[options]` match (target, then options, as groups 3 and 4). `attributes`:
    those in effect, changed by each entry kept once the caller has had its line (a caller running an include
    before the next line is read has them changed by the included file's entries, as Asciidoctor does);
    `locked`: the names no entry changes."""
    conditions: list[bool] = []  # the open conditionals: whether each keeps its lines
    comment = False
    for line in lines:
        kept = all(conditions)
        directive = DIRECTIVE.match(line) if "::" in line and not comment else None
        if directive is None:
            if kept:
                delimiter = COMMENT_BLOCK.match(line.strip())
                yield (COMMENTED if comment or delimiter else TEXT), line, None
                if delimiter:
                    comment = not comment
                elif not comment:
                    apply_entry(line, attributes, locked)
            continue
        escaped, name, target, text = directive.groups()
        if escaped:
            if kept:
                yield SHOWN, line[1:], None
        elif name == "endif":
            if conditions:
                conditions.pop()
        elif name in ("ifdef", "ifndef"):
            holds = kept and _defined(name, target, attributes)
            if text:  # a condition of one line: `ifdef::env-site[This shows on the site.]`
                if holds:
                    yield SHOWN, text, None
            else:
                conditions.append(holds)
        elif name == "ifeval":
            conditions.append(kept and _evaluate(text, attributes))
        elif kept:
            yield INCLUDE, line, directive


def include_options(text: str) -> dict[str, str]:
    """An include's options (`tag=x, leveloffset=+1`), by their lower-case names."""
    return {m.group(1).lower(): next(v for v in m.groups()[1:] if v is not None) for m in _OPTION.finditer(text)}


def _defined(name: str, target: str, attributes: dict[str, str]) -> bool:
    """Whether `ifdef::target[]` (or ifndef) keeps its lines, as Asciidoctor decides it (`a,b`: any, `a+b`: all)."""
    every = "+" in target
    names = [n.strip().lower() for n in re.split(r"[+,]", target)]
    held = [n in attributes for n in names]
    if name == "ifdef":
        return all(held) if every else any(held)
    return not any(held) if every else not all(held)


def _evaluate(expression: str, attributes: dict[str, str]) -> bool:
    """Whether `ifeval::[a op b]` holds: numbers compared as numbers, anything else as text; True when the
    expression cannot be read (the lines are kept rather than lost)."""
    found = _COMPARISON.match(filled(expression, attributes))
    if found is None:
        return True
    left, op, right = _value(found.group(1)), found.group(2), _value(found.group(3))
    if isinstance(left, float) != isinstance(right, float):
        left, right = str(left), str(right)
    return bool(_COMPARE[op](left, right))


def _value(token: str) -> str | float:
    if token[:1] in ("'", '"'):
        return token[1:-1]
    try:
        return float(token)
    except ValueError:
        return token
