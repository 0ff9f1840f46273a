"""YAML front matter: the `---` block at the top of a Markdown file, read into a mapping."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import yaml

__all__ = ["split_front_matter", "string_tuple"]

_FRONT_MATTER = re.compile(r"\A---[ \t]*\n(.*?)^(?:---|\.\.\.)[ \t]*$\n?", re.DOTALL | re.MULTILINE)
_LIST_KEYS = ("tags",)  # front-matter keys normalised to tuples of strings (`access` is checked in indexer.access)

# libyaml's safe loader when PyYAML was built with it (several times faster), else the pure-Python one.
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def split_front_matter(text: str) -> tuple[dict[str, Any], str, tuple[str, ...]]:
    """Split leading `---` YAML front matter from the body: (mapping, body, warnings).

    A block that is not valid YAML, or not a mapping, is dropped with a warning; it never reaches
    the body. `tags` becomes a tuple of strings (from a list or a comma-separated string).
    """
    match = _FRONT_MATTER.match(text)
    if match is None:
        return {}, text, ()
    body = text[match.end() :]
    try:
        loaded = yaml.load(match.group(1), Loader=_SAFE_LOADER)
    except yaml.YAMLError as exc:
        problem = getattr(exc, "problem", None) or type(exc).__name__
        return {}, body, (f"front matter is not valid YAML ({problem}); ignored",)
    if loaded is None:
        return {}, body, ()
    if not isinstance(loaded, dict):
        return {}, body, (f"front matter is a {type(loaded).__name__}, not a mapping; ignored",)
    front_matter = {str(key): value for key, value in loaded.items()}
    for key in _LIST_KEYS:
        if key in front_matter:
            front_matter[key] = string_tuple(front_matter[key])
    return front_matter, body, ()


def string_tuple(value: object) -> tuple[str, ...]:
    """A list, tuple or comma-separated string as a tuple of non-empty, distinct, stripped strings."""
    items: Iterable[object]
    if value is None:
        items = ()
    elif isinstance(value, str):
        items = value.split(",")
    elif isinstance(value, list | tuple | set | frozenset):
        items = (item for item in value if item is not None)
    else:
        items = (value,)
    stripped = (str(item).strip() for item in items)
    return tuple(dict.fromkeys(item for item in stripped if item))
