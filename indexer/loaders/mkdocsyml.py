"""The Markdown extensions of the MkDocs project a page belongs to (`markdown_extensions` in its mkdocs.yml), for
the loaders that put files in place as those extensions do (snippets.py, mdincludes.py).

The nearest mkdocs.yml (or mkdocs.yaml) at or above the page's folder, below the repository's root (the folder
holding .git), is the page's: `mkdocs build` runs in its folder, so the extensions' relative paths start there.
Its extensions are a list of names or `{name: options}` entries, or one mapping of names to options (MkDocs reads
both); a config that says `INHERIT: ../en/mkdocs.yml` has the extensions of the file it names too, its own
options winning, as MkDocs merges them. The file is read with MkDocs' tags (`!!python/name:...`, `!ENV`) taken
as nothing, never run; what cannot be read is a project without extensions.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import yaml

__all__ = ["TolerantLoader", "markdown_extensions"]

_CONFIGS = ("mkdocs.yml", "mkdocs.yaml")
_MAX_CONFIG = 1 << 20  # bytes of a mkdocs.yml read for its extensions
_MAX_INHERIT = 5  # configs that inherit one from another


def markdown_extensions(page_folder: str) -> tuple[Path, dict[str, dict[str, Any]]] | None:
    """(the folder of the page's mkdocs.yml, its extensions: each name with its options, `{}` for none), or None
    when the page is in no MkDocs project."""
    current = Path(page_folder)
    for folder in (current, *current.parents):
        for name in _CONFIGS:
            config = folder / name
            if config.is_file():
                return folder, _extensions_of(config, _MAX_INHERIT)
        if (folder / ".git").exists():
            break
    return None


def _extensions_of(config: Path, inherits: int) -> dict[str, dict[str, Any]]:
    try:
        info = config.stat()
    except OSError:
        return {}
    own, parent = _read(str(config), info.st_mtime_ns, info.st_size)
    if not parent or inherits <= 0:
        return dict(own)
    merged = dict(_extensions_of(config.parent / parent, inherits - 1))
    for name, options in own.items():
        merged[name] = {**merged.get(name, {}), **options}
    return merged


@functools.lru_cache(maxsize=64)
def _read(config: str, mtime_ns: int, size: int) -> tuple[dict[str, dict[str, Any]], str]:
    """A mkdocs.yml's own extensions and the file its INHERIT names ("" for none); remembered while the file keeps
    its mtime and size."""
    try:
        if size > _MAX_CONFIG:
            return {}, ""
        settings = yaml.load(Path(config).read_text(encoding="utf-8", errors="replace"), Loader=TolerantLoader)
    except (OSError, yaml.YAMLError, RecursionError):
        return {}, ""
    if not isinstance(settings, dict):
        return {}, ""
    entries = settings.get("markdown_extensions")
    if isinstance(entries, dict):
        entries = [{name: options} for name, options in entries.items()]
    extensions: dict[str, dict[str, Any]] = {}
    for entry in entries if isinstance(entries, list) else []:
        if isinstance(entry, str):
            extensions[entry] = {}
        elif isinstance(entry, dict):
            for name, options in entry.items():
                extensions[str(name)] = options if isinstance(options, dict) else {}
    parent = settings.get("INHERIT")
    return extensions, parent if isinstance(parent, str) else ""


class TolerantLoader(yaml.SafeLoader):
    """A safe loader that reads MkDocs' own tags (`!!python/name:...`, `!ENV`) as nothing instead of failing."""


def _nothing(loader: yaml.SafeLoader, suffix: str, node: Any) -> None:
    return None


TolerantLoader.add_multi_constructor("", _nothing)
