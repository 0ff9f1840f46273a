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
import tomllib
from pathlib import Path
from typing import Any

from indexer.loaders.jsconfig import config_text
from indexer.loaders.sitefolders import site_folder as site_folder  # (loaders read those folders too)
from indexer.loaders.sitefolders import site_folders as site_folders  # (where loaders look too)
from indexer.loaders.unchanged import yaml_config as yaml_config  # (loaders read YAML configs too)
from indexer.loaders.yamlread import read_yaml

MAX_NAMES = 1_000  # folders listed, versions read: a site's own folders hold a few dozen
_ADDRESS = re.compile(r"(https?://[^\s/?#{}$]+)(/[^\s?#{}$]*)?")  # a site's address: a host, then a path
# the hosts a generator's starter writes until its user names the site's own (`hugo new site`'s baseURL, Zola's and
# Docusaurus's templates' url): no site's address, however literal
PLACEHOLDER_HOSTS = frozenset(
    {"example.com", "example.org", "example.net", "www.example.com", "www.example.org", "www.example.net",
     "your-docusaurus-site.example.com", "your-docusaurus-test-site.com"}
)  # fmt: skip


def site_address(url: object, *paths: object) -> str:
    """A site's address with the paths it serves its pages under joined to it, ending in a slash (`https://x.dev`
    and `/docs`: `https://x.dev/docs/`), as the run's summary gives it for --base-url; "" when the address is no
    literal http(s) one (a template, an environment variable's `${HOST}`), a starter's placeholder
    (PLACEHOLDER_HOSTS: `https://example.org/` would have cited every page there), or a path no literal string."""
    if not isinstance(url, str) or not all(isinstance(path, str) for path in paths):
        return ""
    found = _ADDRESS.fullmatch(url.strip())
    if found is None or found.group(1).split("://", 1)[1].lower().rstrip(".") in PLACEHOLDER_HOSTS:
        return ""
    parts = [part for path in (found.group(2) or "", *paths) for part in str(path).strip().split("/") if part]
    return found.group(1) + "/" + ("/".join(parts) + "/" if parts else "")


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


def listed(value: object) -> list[Any]:
    """A config value that should be a list, as one ([] for anything else)."""
    return value if isinstance(value, list) else []


def lowered(table: object) -> dict[str, Any]:
    """A mapping with its keys in lower case (Hugo's config keys are case-insensitive); {} for anything else."""
    return {str(k).lower(): v for k, v in table.items()} if isinstance(table, dict) else {}
