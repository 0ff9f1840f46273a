"""Node.js's API docs (nodejs/node's doc/api/*.md): the history each API's heading carries in a YAML comment,
as nodejs.org shows it.

Below a heading, `<!-- YAML`, then `added: v0.1.25`, `deprecated: v10.0.0`, `removed: ...`, `napiVersion: 3` and
`changes:` (each a `version`, a `pr-url` and a `description`), then `-->`: Node's doc tool renders it as "Added
in: v0.1.25" and a History table of version and change. As an HTML comment it was no text at all: each API of
the reference lost when it came and what changed since, which a reader of nodejs.org sees under its heading.

The block is put in place as Markdown: "Added in: v0.1.25", then "History:" and a line per change, "v6.0.0:
Passing a non-string as the `path` argument will throw now." A block that is not YAML, or not a mapping, is left
as the comment it is. Blocks are found by str.find, each search starting past the last: linear in the text; a
block is read only when it is at most MAX_BLOCK characters long, and left as a comment when it holds an alias
(`*name`), which Node's never do: aliases repeat a value without writing it again, and nine lines of nested ones
(`&b [*a, *a, ...]`) stood for 2.8 GB of text. Only scalars are shown (a version, a description).
"""

from __future__ import annotations

from typing import Any

import yaml

from indexer.loaders.yamlread import DateTolerantLoader, read_yaml

__all__ = ["MAX_BLOCK", "node_history"]

MAX_BLOCK = 20_000
_OPEN = "<!-- YAML\n"
_CLOSE = "\n-->"
_SHOWN = (("added", "Added in"), ("deprecated", "Deprecated since"), ("removed", "Removed in"),
          ("napiVersion", "N-API version"))  # fmt: skip
_KEYS = tuple(key for key, _ in _SHOWN)


def node_history(text: str) -> str:
    """`text` with each Node.js YAML comment in place as the text nodejs.org shows for it (module docstring)."""
    if _OPEN not in text:
        return text
    out: list[str] = []
    pos = 0
    while (start := text.find(_OPEN, pos)) >= 0:
        end = text.find(_CLOSE, start + len(_OPEN) - 1)
        if end < 0:
            break
        block = text[start + len(_OPEN) : end + 1]
        shown = _shown(block) if len(block) <= MAX_BLOCK else None
        out += [text[pos:start], text[start : end + len(_CLOSE)] if shown is None else shown]
        pos = end + len(_CLOSE)
    out.append(text[pos:])
    return "".join(out)


def _shown(block: str) -> str | None:
    """The Markdown for one block's YAML, None when it is not a mapping of Node's keys."""
    data = None if _aliased(block) else read_yaml(block)
    if not isinstance(data, dict) or not any(key in data for key in (*_KEYS, "changes")):
        return None
    shown = [f"{label}: {versions}" for key, label in _SHOWN if (versions := _versions(data.get(key)))]
    changes = [change for change in _listed(data.get("changes")) if isinstance(change, dict)]
    if changes:  # a list after its label
        items = (f"- {_versions(change.get('version'))}: {_one_line(change.get('description'))}" for change in changes)
        shown.append("History:\n\n" + "\n".join(items))
    return "\n\n" + "\n\n".join(shown) + "\n\n"


def _aliased(block: str) -> bool:
    """Whether the block's YAML names an alias (the module docstring), or cannot be scanned."""
    if "*" not in block:
        return False
    try:
        return any(isinstance(token, yaml.AliasToken) for token in yaml.scan(block, Loader=DateTolerantLoader))
    except yaml.YAMLError:
        return True


def _versions(value: Any) -> str:
    return ", ".join(str(item) for item in _listed(value) if _scalar(item))


def _listed(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [] if value is None else [value]


def _one_line(value: Any) -> str:
    return " ".join(str(value).split()) if _scalar(value) else ""


def _scalar(value: Any) -> bool:
    """Whether `value` is one YAML scalar, shown as text (a list or mapping is not one of Node's values)."""
    return value is not None and not isinstance(value, list | dict)
