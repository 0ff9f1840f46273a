"""Reading a site generator's own config files, carefully and within bounds, for layouts.py and generators.py.

Docusaurus, Astro, Nextra and VitePress configs are JavaScript or TypeScript programs, of which only literal values
are read (loaders/jsconfig.py: JsConfig, which the loaders use too). Hugo's, Jekyll's and MkDocs' configs are TOML,
YAML or JSON, read by their parsers; a file larger than MAX_CONFIG_BYTES is not read at all. A site's config is
looked for in DOCS and the folders above it that belong to the same project (site_folders).
"""

from __future__ import annotations

import json
import os
import re
import stat
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from indexer.loaders.jsconfig import config_text
from indexer.loaders.yamlread import read_yaml

MAX_NAMES = 1_000  # folders listed, versions read: a site's own folders hold a few dozen
_ADDRESS = re.compile(r"(https?://[^\s/?#{}$]+)(/[^\s?#{}$]*)?")  # a site's address: a host, then a path


def site_address(url: object, *paths: object) -> str:
    """A site's address with the paths it serves its pages under joined to it, ending in a slash (`https://x.dev`
    and `/docs`: `https://x.dev/docs/`), as the run's summary gives it for --base-url; "" when the address is no
    literal http(s) one (a template, an environment variable's `${HOST}`) or a path no literal string."""
    if not isinstance(url, str) or not all(isinstance(path, str) for path in paths):
        return ""
    found = _ADDRESS.fullmatch(url.strip())
    if found is None:
        return ""
    parts = [part for path in (found.group(2) or "", *paths) for part in str(path).strip().split("/") if part]
    return found.group(1) + "/" + ("/".join(parts) + "/" if parts else "")


def site_folder(value: object) -> str:
    """A folder a config names relative to the site's (Hugo's `contentDir`, VitePress's `srcDir`, a Docusaurus
    plugin's `path`...) as "content/"; "" when it names none, or one outside the site (absolute, `..`, `C:`)."""
    if not isinstance(value, str):
        return ""
    parts = [p for p in value.strip().replace("\\", "/").split("/") if p not in ("", ".")]
    if not parts or ".." in parts or value.strip().startswith("/") or ":" in parts[0]:
        return ""
    return "/".join(parts) + "/"


def config_mapping(path: Path) -> dict[str, Any]:
    """A config file in TOML (by its suffix), JSON or YAML (Hugo's hugo.toml, Jekyll's _config.yml) as a mapping;
    {} when it cannot be read."""
    text = config_text(path)
    try:
        if path.suffix == ".toml":
            data = tomllib.loads(text)
        elif path.suffix == ".json":
            data = json.loads(text)
        else:
            data = read_yaml(text)
    except (ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def folder_names(folder: Path) -> list[str]:
    """The names of the folders in `folder` (not hidden), sorted (at most MAX_NAMES)."""
    try:
        with os.scandir(folder) as entries:
            return sorted(e.name for e in entries if e.is_dir() and not e.name.startswith("."))[:MAX_NAMES]
    except OSError:
        return []


def yaml_config(path: Path) -> dict[str, Any]:
    """A YAML config file as a mapping; {} when it cannot be read."""
    data = read_yaml(config_text(path))
    return data if isinstance(data, dict) else {}


def listed(value: object) -> list[Any]:
    """A config value that should be a list, as one ([] for anything else)."""
    return value if isinstance(value, list) else []


def lowered(table: object) -> dict[str, Any]:
    """A mapping with its keys in lower case (Hugo's config keys are case-insensitive); {} for anything else."""
    return {str(k).lower(): v for k, v in table.items()} if isinstance(table, dict) else {}


def site_folders(docs: Path) -> Iterator[Path]:
    """DOCS, then the folders above it where the config of the site it belongs to may lie, nearest first.

    The climb ends at the repository's root (the folder holding `.git`, looked at: beyond it lies another
    project). Outside a repository it would reach `/`, so it also stops before a folder that is no part of the
    same project: the user's home folder (holding all their projects: a config file there is none of theirs;
    DOCS itself is looked at even when it is the home folder) and all above it, a folder on another file system
    (DOCS's mount point is the last looked at), one owned by another user than DOCS (/home, /srv: a site whose
    root belongs to another user than its pages is not seen), and one that anyone may write to (/tmp: anyone
    could leave a config there that changes every URL)."""
    try:
        own = os.stat(docs)
    except OSError:
        return
    home = os.path.expanduser("~")
    home = os.path.realpath(home) if home != "~" else ""
    folder = docs
    while True:
        yield folder
        parent = folder.parent
        if parent == folder or str(folder) == home or str(parent) == home or os.path.exists(folder / ".git"):
            return
        try:
            info = os.stat(parent)
        except OSError:
            return
        if info.st_dev != own.st_dev or info.st_uid != own.st_uid or info.st_mode & stat.S_IWOTH:
            return
        folder = parent
