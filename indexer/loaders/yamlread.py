"""YAML settings read safely, one way for every config and settings file the indexer reads (Hugo's, Jekyll's,
MkDocs', Quarto's, Antora's, a mkdocstrings directive's options); front matter, whose faults are the page's to
report, is read by DateTolerantLoader alone (frontmatter.py): an unknown tag there is a fault it reports.

- YAML's safe loader (libyaml's when PyYAML was built with it, several times faster): nothing is imported or run.
- A value with a tag it does not know is the plain value under the tag: MkDocs configs name Python objects
  (`emoji_index: !!python/name:material.extensions.emoji.twemoji`) and the environment (`site_url: !ENV
  [READTHEDOCS_CANONICAL_URL, ...]`), which made a whole mkdocs.yml unreadable (its docs_dir, nav and
  use_directory_urls unseen).
- A date that does not exist (`date: 2024-02-30`, on which PyYAML fails with a ValueError) is kept as written,
  as is a number of more digits than Python reads (`weight: 999...` of 5,000 digits failed the page).
- What cannot be read at all (not YAML, nested past Python's stack) is None, never an exception.
"""

from __future__ import annotations

from typing import Any

import yaml

__all__ = ["DateTolerantLoader", "read_yaml"]


class DateTolerantLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """The safe loader (libyaml's where PyYAML has it), a date that does not exist or a number too long to read
    kept as written: front matter's loader (frontmatter.py), and the base of settings files' (below)."""


class _SafeLoader(DateTolerantLoader):
    """The safe loader, with the two tolerances of the module docstring."""


def _untagged(loader: yaml.SafeLoader, suffix: str, node: yaml.Node) -> Any:
    if isinstance(node, yaml.MappingNode):
        return loader.construct_mapping(node)
    if isinstance(node, yaml.SequenceNode):
        return loader.construct_sequence(node)
    return loader.construct_scalar(node) or None  # type: ignore[arg-type]


def _timestamp(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> Any:
    try:
        return loader.construct_yaml_timestamp(node)
    except (ValueError, OverflowError):
        return loader.construct_scalar(node)


def _integer(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> Any:
    try:
        return loader.construct_yaml_int(node)
    except ValueError:
        return loader.construct_scalar(node)


DateTolerantLoader.add_constructor("tag:yaml.org,2002:timestamp", _timestamp)
DateTolerantLoader.add_constructor("tag:yaml.org,2002:int", _integer)
_SafeLoader.add_multi_constructor("", _untagged)


def read_yaml(text: str) -> Any:
    """The values of a YAML text, or None when it cannot be read (see the module docstring)."""
    try:
        return yaml.load(text, Loader=_SafeLoader)
    except (yaml.YAMLError, RecursionError, MemoryError, ValueError, OverflowError):
        return None
