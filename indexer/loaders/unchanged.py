"""Settings files parsed once while they stay the same: every page of a site asks for the site's config (a Jekyll
`_config.yml`, an MkDocs `mkdocs.yml`, a `docfx.json`, a Mintlify `docs.json`), and a run of --watch parses it
again only once it has been edited, which changes its modification time or its size.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, cast

from indexer.loaders.jsconfig import config_text
from indexer.loaders.yamlread import read_yaml

__all__ = ["kept_yaml_config", "while_unchanged", "yaml_config"]

T = TypeVar("T")
FilePath = str | os.PathLike[str]


def while_unchanged(maxsize: int, missing: Any) -> Callable[[Callable[[str], T]], Callable[[FilePath], T]]:
    """Make `parse(path)` run once per file while the file keeps its modification time and size, remembering
    what it gave for the `maxsize` files asked for last; `missing` for a file that cannot be looked at. What
    it gives is shared by every caller: read it, never change it."""

    def decorate(parse: Callable[[str], T]) -> Callable[[FilePath], T]:
        @functools.lru_cache(maxsize=maxsize)
        def kept(path: str, mtime_ns: int, size: int) -> T:
            return parse(path)

        @functools.wraps(parse)
        def parsed(path: FilePath) -> T:
            path = os.fspath(path)
            try:
                info = os.stat(path)
            except (OSError, ValueError):  # (ValueError: a NUL in the path)
                return cast(T, missing)
            return kept(path, info.st_mtime_ns, info.st_size)

        return parsed

    return decorate


def yaml_config(path: FilePath) -> dict[str, Any]:
    """A YAML config file as a mapping; {} when it cannot be read, is no mapping or is larger than jsconfig's
    MAX_CONFIG_BYTES."""
    data = read_yaml(config_text(Path(path)))
    return data if isinstance(data, dict) else {}


# A YAML settings file (a Jekyll _config.yml, an mkdocs.yml, an Antora playbook), parsed once while it is unchanged.
kept_yaml_config = while_unchanged(maxsize=64, missing={})(yaml_config)
