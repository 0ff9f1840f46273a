"""AsciiDoc's attribute entries, in one place: what a line that is one looks like, the name it sets and the value
it stores, and how it changes the attributes in effect (`:name: value` sets, `:!name:` and `:name!:` unset, from
its line on, as Asciidoctor reads a document from its top).

The preprocessor (asciidocdirectives.py), the body's reader (asciidoc.py) and the splitter that tells AsciiDoc's
titles from text (text.py) all use these: each kept its own copy of the pattern or of the rules, and the reading
that gave the body its attributes (the last value of each, for the whole page) ignored the unsets. This module
needs nothing but `re`, so any of them may import it.
"""

from __future__ import annotations

import re
from collections.abc import Collection

__all__ = [
    "DEFINITION",
    "MAX_ATTRIBUTE_CHARS",
    "REFERENCE",
    "TARGET_CHARS",
    "apply_entry",
    "entry",
    "filled",
    "filled_target",
]

# an attribute entry, as Asciidoctor's AttributeEntryRx finds one: any name that starts with a word character
# (`:man manual: Git Manual`, its name `manmanual`: _name()), a `!` before or after it to unset; its value after
# blanks (`:a:b` is text)
DEFINITION = re.compile(r"^:(!?)(\w[^:]*?)(!?):(?=[ \t]|$)[ \t]*(.*)$")
REFERENCE = re.compile(r"(?<!\\)\{([\w][\w-]*)\}")
MAX_ATTRIBUTE_CHARS = 10_000  # an attribute's value with its references filled in, at most
TARGET_CHARS = 4_097  # of an include's target filled in: already longer than a path may be (PATH_MAX)
_INVALID_NAME = re.compile(r"[^\w-]+")


def apply_entry(line: str, attributes: dict[str, str], locked: Collection[str] = ()) -> bool:
    """Whether `line` is an attribute entry; if so, `attributes` (those in effect above it) changed as it says:
    its value stored, or the attribute taken out by `:!name:` or `:name!:` (then a reference to it is left as
    written, as Asciidoctor leaves a missing one). An entry for a name in `locked` changes nothing: Asciidoctor's
    attributes given from outside the document (`-a name=value`, antora.yml's) are locked unless soft set."""
    definition = DEFINITION.match(line)
    if definition is None:
        return False
    name = _name(definition.group(2))
    if name in locked:
        return True
    if definition.group(1) or definition.group(3):
        attributes.pop(name, None)
    else:
        attributes[name] = _stored(definition.group(4), attributes)
    return True


def entry(line: str) -> tuple[str, str] | None:
    """The name an attribute entry sets or unsets, as apply_entry() keeps it, and its value as written; None for
    a line that is no entry."""
    definition = DEFINITION.match(line)
    return None if definition is None else (_name(definition.group(2)), definition.group(4))


def filled(text: str, attributes: dict[str, str]) -> str:
    """`text` with its references to `attributes` filled in; one to an attribute not there is left as written."""
    return REFERENCE.sub(lambda m: attributes.get(m.group(1).lower(), m.group(0)), text) if "{" in text else text


def filled_target(target: str, attributes: dict[str, str]) -> str:
    """An include's target with its references filled in (filled()), at most TARGET_CHARS of it, the rest never
    built: 1,300 references to a value of 9,000 characters made 12 MB for each include line (300 such lines took
    the loader past its parse limit, and the page was lost). A target that long names no file, cut or not."""
    if "{" not in target:
        return target[:TARGET_CHARS]
    pieces, size, at = [], 0, 0
    for reference in REFERENCE.finditer(target):
        pieces.append(target[at : reference.start()] + attributes.get(reference.group(1).lower(), reference.group(0)))
        size, at = size + len(pieces[-1]), reference.end()
        if size >= TARGET_CHARS:
            return "".join(pieces)[:TARGET_CHARS]
    return ("".join(pieces) + target[at:])[:TARGET_CHARS]


def _name(written: str) -> str:
    """The name an entry defines, as Asciidoctor keeps it: lower case, with the characters no name may hold taken
    out (`:man manual:` defines `manmanual`)."""
    return _INVALID_NAME.sub("", written).lower()


def _stored(value: str, attributes: dict[str, str]) -> str:
    """An entry's value as Asciidoctor stores it: the references to attributes defined before it filled in
    (`:apidoc-root: {url-gems}/asciidoctor`), unless that makes it long (`:a: {a}{a}` line after line doubles
    it)."""
    full = filled(value, attributes)
    return full if len(full) <= MAX_ATTRIBUTE_CHARS else value
