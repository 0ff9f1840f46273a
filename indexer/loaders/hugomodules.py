"""The mounts a Hugo config gives its site: its own (`module: mounts:`) and those of the modules it imports
(`module: imports: [{path, mounts}]`), read the same way for the two that use them: the pages a vendored module
mounts into the content (ingest/hugomounts.py) and the data files it mounts into `data/` (hugoclidata.py).

An import's files are where `hugo mod vendor` keeps them, `_vendor/<path>/` in the site's folder; a module Hugo
would fetch is not here to read. A mount whose source or target is absolute or climbs out with `..` is left out:
what it names lies outside the site, or outside the module. Keys are compared in any case, as Hugo compares them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["ModuleMount", "config_value", "mappings", "module_mounts"]

MAX_IMPORTS = 200  # imports read from one config
MAX_MOUNTS = 500  # mounts read from one config, its own and its imports' together


@dataclass(frozen=True)
class ModuleMount:
    """One mount: `source`, its file or folder relative to the site's folder (`_vendor/<path>/<source>` for an
    import's), no slash at either end; `target`, its place in the site's union file system (`content/reference`,
    `data`), no slash at either end; `settings`, the mount as written (its `includeFiles`, `excludeFiles`...)."""

    source: str
    target: str
    settings: Mapping[str, Any]
    vendored: bool  # an import's, from `_vendor/`


def config_value(value: Any, key: str) -> Any:
    """The value under `key` of a config mapping, compared in lower case; None when there is none."""
    if not isinstance(value, Mapping):
        return None
    return next((v for k, v in value.items() if str(k).lower() == key), None)


def mappings(value: Any) -> list[Mapping[str, Any]]:
    """The mappings of a config value that should be a list of them ([] for anything else)."""
    return [v for v in value if isinstance(v, Mapping)] if isinstance(value, list) else []


def module_mounts(config: Any) -> list[ModuleMount]:
    """The mounts of a Hugo config (see the module docstring): the site's own first, then each import's."""
    module = config_value(config, "module")
    found: list[tuple[str | None, Mapping[str, Any]]] = [
        (None, m) for m in mappings(config_value(module, "mounts"))[:MAX_MOUNTS]
    ]
    for entry in mappings(config_value(module, "imports"))[:MAX_IMPORTS]:
        path = config_value(entry, "path")
        if isinstance(path, str) and (folder := _relative(path)) is not None:
            found += [(f"_vendor/{folder}", m) for m in mappings(config_value(entry, "mounts"))[:MAX_MOUNTS]]
        if len(found) >= MAX_MOUNTS:
            break
    mounts = []
    for root, mount in found[:MAX_MOUNTS]:
        source, target = _relative(config_value(mount, "source")), _relative(config_value(mount, "target"))
        if source is not None and target is not None:
            where = "/".join(part for part in (root, source) if part)
            mounts.append(ModuleMount(where, target, mount, root is not None))
    return mounts


def _relative(value: Any) -> str | None:
    """A path a config names, relative and within its folder, without slashes at its ends; None for another."""
    if not isinstance(value, str) or value.startswith(("/", "\\")) or "\\" in value or ":" in value[:3]:
        return None
    parts = [part for part in value.split("/") if part not in ("", ".")]
    return None if ".." in parts else "/".join(parts)
