"""Liquid blocks whose body is YAML that the site's plugin renders as a list of options, put as that list before
the page is read: home-assistant.io's `{% configuration %}` ... `{% endconfiguration %}` (and its
`configuration_basic`), on most of its integrations' pages, showed as one run of `broker: description: The
hostname... required: true type: string port: ...` where the site shows a "Configuration Variables" heading over
each option's name, type, whether it is required, its default and its description, the options of a map nested
under it.

A block is found on lines of its own outside fenced code; a body that is no YAML mapping of options (or too deep)
is left as written, for templates.py to take its tags out as it does any block's. Each line is looked at once;
what a block shows is bounded (_MAX_LINES options, _MAX_VALUES values of a list or map), as YAML's aliases can
make a few lines of it stand for billions of values.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from itertools import islice
from typing import Any

from indexer.loaders.fences import closes, opens
from indexer.loaders.yamlread import read_yaml

__all__ = ["render_option_blocks"]

_OPEN = re.compile(r"[ \t]*\{%-?[ \t]*(configuration(?:_basic)?)\b[^%\n]{0,200}-?%\}[ \t]*")
_TAG = re.compile(r"\{%-?[ \t]*configuration")
_MAX_DEPTH = 8  # nested options shown; deeper ones are left out rather than recursed into
_HEADING = "### Configuration Variables"
_MAX_LINES = 2_000  # of one block (home-assistant.io's longest has a few hundred)
_MAX_VALUES = 200  # of a list or map shown as a value


def render_option_blocks(text: str) -> str:
    """`text` with each option block rendered as a Markdown list (see the module docstring)."""
    if "{%" not in text or not _TAG.search(text):  # (a page that only mentions configuration is not walked)
        return text
    out: list[str] = []
    fence: str | None = None
    block: list[str] | None = None  # the block being read: its opening line, then its body
    name = ""
    for line in text.split("\n"):
        if block is not None:
            if _closes(line, name):
                out += _rendered(block, line)
                block = None
            else:
                block.append(line)
        elif fence is not None:
            fence = None if closes(line, fence) else fence
            out.append(line)
        elif (opened := opens(line)) is not None:
            fence = opened
            out.append(line)
        elif (match := _OPEN.fullmatch(line)) is not None:
            block, name = [line], match.group(1)
        else:
            out.append(line)
    if block is not None:  # never closed: left as written
        out += block
    return "\n".join(out)


def _closes(line: str, name: str) -> bool:
    stripped = line.strip()
    if not (stripped.startswith("{%") and stripped.endswith("%}")):
        return False
    return stripped[2:-2].strip("- \t") == "end" + name


def _rendered(block: list[str], closing: str) -> list[str]:
    """The block as the site shows it, or as written (its tags as they stand) when its body is no mapping of
    options."""
    options = read_yaml("\n".join(block[1:]))
    if not isinstance(options, Mapping) or not options:
        return [*block, closing]
    return ["", _HEADING, "", *islice(_items(options, 0), _MAX_LINES), ""]


def _items(options: Mapping[Any, Any], depth: int) -> Iterator[str]:
    """The options' lines, made as they are taken (YAML's aliases can make a few lines name millions of options)."""
    indent = "  " * depth
    for key, option in options.items():
        option = option if isinstance(option, Mapping) else {"description": option}
        yield f"{indent}- **{_text(key)}**{_facts(option)}: {_text(option.get('description'))}".rstrip(": ")
        default = _text(option.get("default"))
        if len(default) > 30:
            yield f"{indent}  Default: {default}"
        keys = option.get("keys")
        if isinstance(keys, Mapping) and keys and depth + 1 < _MAX_DEPTH:
            yield from _items(keys, depth + 1)


def _facts(option: Mapping[Any, Any]) -> str:
    """` (string, required, default: 1883)`: the option's type, whether it is required, a short default."""
    kind = option.get("type")
    facts = [" | ".join(map(_text, kind[:_MAX_VALUES])) if isinstance(kind, list) else _text(kind)]
    required = option.get("required")
    facts.append("required" if required is True else "optional" if required is False else _text(required))
    default = _text(option.get("default"))
    if default and len(default) <= 30:
        facts.append(f"default: {default}")
    shown = [fact for fact in facts if fact]
    return f" ({', '.join(shown)})" if shown else ""


def _text(value: object) -> str:
    """A value as one line of text: True as `true`, as YAML writes it; None as nothing; a list or a map by its
    first _MAX_VALUES values (str() of one whose items are aliases of lists of aliases would be billions long)."""
    words: list[str] = []
    stack = [value]
    for _ in range(_MAX_VALUES):
        if not stack:
            break
        item = stack.pop()
        if isinstance(item, Mapping):
            stack += reversed([part for pair in islice(item.items(), _MAX_VALUES) for part in pair])
        elif isinstance(item, list):
            stack += reversed(item[:_MAX_VALUES])
        elif isinstance(item, bool):
            words.append("true" if item else "false")
        elif item is not None:
            words.append(str(item))
    return " ".join(" ".join(words).split())
