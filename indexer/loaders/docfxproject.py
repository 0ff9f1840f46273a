"""The DocFX project a page belongs to, for docfx.py: the folder of the docfx.json that the site's detection would
find for it.

The project is looked for as the site's detection looks for a site's config (sitefolders.py: up to the repository's
root, never the home folder, another user's or a world-writable one, where anyone could leave a docfx.json), from
the page's folder; a folder holding another generator's config (OTHER_CONFIGS, the names of ingest's
sitedetect.CONFIG_FILES) ends the search: a Docusaurus site in `website/` of a repository whose root holds a
docfx.json is Docusaurus's, its `:::note Title` and `@handle` no DFM.
"""

from __future__ import annotations

import os
from pathlib import Path

from indexer.loaders.mdximports import DOCUSAURUS_CONFIGS
from indexer.loaders.sitefolders import site_folders

__all__ = ["CONFIG", "LEARN_CONFIG", "OTHER_CONFIGS", "docfx_project"]

CONFIG = "docfx.json"
LEARN_CONFIG = ".openpublishing.publish.config.json"  # a Microsoft Learn repository's: pages without .html
OTHER_CONFIGS = frozenset(
    [*DOCUSAURUS_CONFIGS, "book.toml", "mkdocs.yml", "mkdocs.yaml", ".vuepress", ".vitepress", "_quarto.yml"]
    + ["_quarto.yaml", "myst.yml", "_bookdown.yml", "docs.json", "mint.json", "conf.py", "make.jl"]
    + [f"next.config.{ext}" for ext in ("js", "mjs", "ts", "cjs")]
    + [f"hugo.{ext}" for ext in ("toml", "yaml", "yml", "json")]
    + [f"astro.config.{ext}" for ext in ("mjs", "js", "ts", "mts", "cts", "cjs")]
)
"""The config files of the other generators of sitedetect.CONFIG_FILES (a test keeps the two the same)."""


def docfx_project(page: Path) -> str | None:
    """The folder of the docfx.json of the DocFX project `page` belongs to (see the module docstring); None when
    it belongs to none."""
    for folder in site_folders(Path(os.path.dirname(os.path.realpath(page)))):
        if any(os.path.exists(folder / name) for name in OTHER_CONFIGS):
            return None  # (in the same folder too: the site's detection looks for docfx.json last)
        if (folder / CONFIG).is_file():
            return str(folder)
    return None
