"""The config of the MkDocs project a page belongs to: its settings, as MkDocs reads them, and its Markdown
extensions (`markdown_extensions`), for the loaders that put files in place as those extensions do (snippets.py,
mdincludes.py), mkdocstrings.py, and the site's rules (ingest/generators.py).

- The nearest folder at or above the page's, below the repository's root (the folder holding .git), that holds
  an MkDocs config is the page's project: `mkdocs build` runs there, so the extensions' relative paths start
  there. Its config is mkdocs.yml (or mkdocs.yaml); without one, a site built with `mkdocs build -f NAME` (as
  Textual's `mkdocs-online.yml` and `mkdocs-offline.yml`, both inheriting `mkdocs-common.yml`) is known by a
  `mkdocs*.yml` (or `.yaml`) that, with what it inherits, names the site (`site_name`, which MkDocs requires)
  and whose `docs_dir` (`docs` by default) is a folder beside it. Of several, the one read is a config that no
  other one inherits (the common part is no site of its own), then one that gives the site's `site_url` (the
  published site, not an offline build), then the first by name. So is a site whose mkdocs.yml INHERITs a file
  that is not there (Ruff's `INHERIT: mkdocs.generated.yml`, which its build script writes from
  `mkdocs.template.yml`): read alone it names no site, nor its address or extensions (missing_inherit()).
- A config that says `INHERIT: ../en/mkdocs.yml` is the settings of the file it names (a path from the
  config's folder) with its own merged over them, as MkDocs merges them: mappings key by key, any other value
  (a list, as `nav`) the child's; at most MAX_INHERIT files deep, a file met twice (a cycle) read once, one that
  cannot be read nothing. Paths in the settings stay relative to the first config's folder, as MkDocs takes
  them.
- Its extensions are a list of names or `{name: options}` entries, or one mapping of names to options (MkDocs
  reads both); those of an inherited config count too, the child's options winning. Its `plugins` are written
  the same ways (plugin_entries()).

Files are read with MkDocs' tags (`!!python/name:...`, `!ENV`) taken as nothing, never run; what cannot be read
is a config without settings. Each config read for a page is remembered for it (includes.py: read again when one
changes), one above where included files may come from as outside it, read all the same.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Mapping
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from indexer.loaders.includes import Reading, reading_state, remember_settings
from indexer.loaders.unchanged import kept_yaml_config

__all__ = [
    "CONFIGS",
    "MAX_INHERIT",
    "code_annotated",
    "config_extensions",
    "markdown_extensions",
    "missing_inherit",
    "mkdocs_settings",
    "plugin_entries",
    "site_configs",
]

CONFIGS = ("mkdocs.yml", "mkdocs.yaml")  # the names `mkdocs build` reads
MAX_INHERIT = 5  # configs that inherit one from another
_MAX_NAMED = 20  # configs named mkdocs*.yml looked at in one folder
# the project found for the document being read: (its reading() context, the page's folder, the config)
_FOUND: ContextVar[tuple[Reading, str, Path | None] | None] = ContextVar("mkdocs_project", default=None)


def markdown_extensions(page_folder: str) -> tuple[Path, dict[str, dict[str, Any]]] | None:
    """(the folder of the page's MkDocs config, its extensions: each name with its options, `{}` for none), or
    None when the page is in no MkDocs project."""
    config = _project_config(page_folder)
    return (config.parent, config_extensions(config)) if config is not None else None


def code_annotated(page_folder: str) -> bool:
    """Whether the page's MkDocs site annotates every code block: its Material theme's features name
    `content.code.annotate` (codeannotations.py)."""
    config = _project_config(page_folder)
    theme = mkdocs_settings(config).get("theme") if config is not None else None
    features = theme.get("features") if isinstance(theme, dict) else None
    return isinstance(features, list) and "content.code.annotate" in features


def _project_config(page_folder: str) -> Path | None:
    """The config of the MkDocs project the page is in (see the module docstring), or None: looked for once a
    document, which asks for it several times (snippets.py, mdincludes.py, markdown.py twice). What the climb
    remembers (remember_settings) stays remembered for the document; outside a run, looked for each time."""
    page = reading_state()
    found = _FOUND.get()
    if page is not None and found is not None and found[0] is page and found[1] == page_folder:
        return found[2]
    config = _climbed(page_folder)
    if page is not None:
        _FOUND.set((page, page_folder, config))
    return config


def _climbed(page_folder: str) -> Path | None:
    """The nearest config at or above the page's folder, below the repository's root (see the module
    docstring)."""
    current = Path(page_folder)
    for folder in (current, *current.parents):
        configs = site_configs(folder)
        if configs:
            return configs[0]
        if (folder / ".git").exists():
            break
    return None


def config_extensions(config: Path) -> dict[str, dict[str, Any]]:
    """A config's Markdown extensions, each name with its options, with those of the configs it INHERITs."""
    return _extensions_of(config, MAX_INHERIT)


def site_configs(folder: Path) -> tuple[Path, ...]:
    """The MkDocs configs in `folder` that build a site, the one read first (see the module docstring): its
    mkdocs.yml alone, else (or when it INHERITs a file that is not there) the `mkdocs*.yml` of its sites, but
    for those another one inherits; () for none."""
    own = next((folder / name for name in CONFIGS if (folder / name).is_file()), None)
    if own is not None and not missing_inherit(own):
        return (own,)
    try:
        names = _named(str(folder), folder.stat().st_mtime_ns)
    except OSError:
        return (own,) if own is not None else ()
    chains = {name: _chain(folder / name) for name in names}
    sites = [name for name in names if _builds_a_site(folder / name)]
    inherited = {path for name in sites for path in chains[name][1:]}
    built = [name for name in sites if chains[name][0] not in inherited] or sites  # (all of them in a cycle)
    built.sort(key=lambda name: (not isinstance(mkdocs_settings(folder / name).get("site_url"), str), name))
    return tuple(folder / name for name in built) or ((own,) if own is not None else ())


def missing_inherit(config: Path) -> str:
    """The path of the file that `config`, or a config it inherits, names as its INHERIT and that is not there
    (a file its build writes first); "" when each is there."""
    chain = _chain(config)
    return chain[-1] if len(chain) > 1 and not os.path.isfile(chain[-1]) else ""


def mkdocs_settings(config: Path) -> dict[str, Any]:
    """A config's settings, over those of the configs it inherits (see the module docstring); {} when it cannot
    be read. The mappings may be shared with other callers: not to be changed."""
    merged: dict[str, Any] = {}
    for path in reversed(_chain(config)):
        merged = _merged(merged, _own(path))
    merged.pop("INHERIT", None)
    return merged


def plugin_entries(settings: Mapping[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The plugins a config's settings name, in order, each with its options ({} when it gives none or gives them
    as something else than a mapping): `plugins` is a list of names and `{name: options}` entries, or one mapping
    of names to options. A plugin named twice (two blogs) is there twice."""
    plugins = settings.get("plugins")
    entries = [{name: options} for name, options in plugins.items()] if isinstance(plugins, dict) else plugins
    found: list[tuple[str, dict[str, Any]]] = []
    for entry in entries if isinstance(entries, list) else []:
        named = {entry: None} if isinstance(entry, str) else entry if isinstance(entry, dict) else {}
        found += [(str(name), options if isinstance(options, dict) else {}) for name, options in named.items()]
    return found


def _chain(config: Path) -> list[str]:
    """The paths of `config` and of the configs it inherits (each from the folder of the one that names it, as
    MkDocs joins them), nearest first: MAX_INHERIT of them after it at most; a cycle ends where a file comes
    again."""
    chain: list[str] = []
    path = os.path.abspath(config)
    while path not in chain and len(chain) <= MAX_INHERIT:
        chain.append(path)
        parent = _own(path).get("INHERIT")
        if not isinstance(parent, str) or not parent.strip():
            break
        path = os.path.normpath(os.path.join(os.path.dirname(path), parent.strip()))
    return chain


def _builds_a_site(config: Path) -> bool:
    """Whether a config, with what it inherits, names its site and has its docs_dir beside it."""
    settings = mkdocs_settings(config)
    name, pages = settings.get("site_name"), settings.get("docs_dir", "docs")
    return isinstance(name, str) and bool(name.strip()) and isinstance(pages, str) and (config.parent / pages).is_dir()


@functools.lru_cache(maxsize=64)
def _named(folder: str, mtime_ns: int) -> tuple[str, ...]:
    """The names of the files `mkdocs*.yml` (or `.yaml`) in a folder, but for mkdocs.yml's own, sorted;
    remembered while the folder keeps its mtime."""
    try:
        with os.scandir(folder) as entries:
            names = sorted(
                e.name
                for e in entries
                if e.name.startswith("mkdocs")
                and e.name.endswith((".yml", ".yaml"))
                and e.name not in CONFIGS
                and e.is_file()
            )
    except OSError:
        return ()
    return tuple(names[:_MAX_NAMED])


def _own(config: str) -> dict[str, Any]:
    """A config's own settings, parsed once while it is unchanged (kept_yaml_config()), and remembered as read for
    the page being read, if any (includes.remember_settings()): a change to it (the plugins it names, their
    options, docs_dir) reads the page again."""
    remember_settings(config)
    return kept_yaml_config(config)


def _merged(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in over.items():
        held = merged.get(key)
        merged[key] = _merged(held, value) if isinstance(held, dict) and isinstance(value, dict) else value
    return merged


def _extensions_of(config: Path, inherits: int) -> dict[str, dict[str, Any]]:
    own = _own(str(config))
    parent = own.get("INHERIT")
    extensions = _extensions(own)
    if not isinstance(parent, str) or not parent.strip() or inherits <= 0:
        return extensions
    merged = dict(_extensions_of(config.parent / parent.strip(), inherits - 1))
    for name, options in extensions.items():
        merged[name] = {**merged.get(name, {}), **options}
    return merged


def _extensions(settings: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """A config's own extensions, each name with its options."""
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
    return extensions
