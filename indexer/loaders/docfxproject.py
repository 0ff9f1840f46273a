"""The DocFX project a page belongs to, for docfx.py: the folder of the docfx.json that the site's detection would
find for it, and whether DocFX resolves the .NET API's uids there.

The project is looked for as the site's detection looks for a site's config (sitefolders.py: up to the repository's
root, never the home folder, another user's or a world-writable one, where anyone could leave a docfx.json), from
the page's folder; a folder holding another generator's config (OTHER_CONFIGS, the names of ingest's
sitedetect.CONFIG_FILES) ends the search: a Docusaurus site in `website/` of a repository whose root holds a
docfx.json is Docusaurus's, its `:::note Title` and `@handle` no DFM.

DocFX shows `@System.String` as a name only when it finds that uid: among the project's pages, or in the .NET API
that docfx.json's `build.xref` (xref maps) or `build.xrefService` name, or that Microsoft Learn, which builds a
repository holding LEARN_CONFIG, resolves; or, where docfx.json's `metadata` builds the API of the project's own
code, a uid in that API's namespaces, as the projects it names are named (`src/Docfx.Dotnet/*.csproj`: `@Docfx.
Dotnet.DotnetApiCatalog`), which only a build would tell from another. Otherwise `@Model.Title` is text, as
written, and so is Razor's `@Edit.TagToolbar(...)` in the prose of a project whose API is `ToSic.*` (2sxc's docs).
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path

from indexer.loaders.includes import remember_settings
from indexer.loaders.jsconfig import config_text
from indexer.loaders.jsonc import loads_jsonc
from indexer.loaders.mdximports import DOCUSAURUS_CONFIGS
from indexer.loaders.sitefolders import site_folders
from indexer.loaders.unchanged import while_unchanged

__all__ = ["CONFIG", "LEARN_CONFIG", "OTHER_CONFIGS", "api_uids_resolved", "docfx_project"]

CONFIG = "docfx.json"
LEARN_CONFIG = ".openpublishing.publish.config.json"  # a Microsoft Learn repository's: pages without .html
OTHER_CONFIGS = frozenset(
    [*DOCUSAURUS_CONFIGS, "book.toml", "mkdocs.yml", "mkdocs.yaml", ".vuepress", ".vitepress", "_quarto.yml"]
    + ["_quarto.yaml", "myst.yml", "_bookdown.yml", "docs.json", "mint.json", "conf.py", "make.jl"]
    + [f"next.config.{ext}" for ext in ("js", "mjs", "ts", "cjs")]
    + [f"hugo.{ext}" for ext in ("toml", "yaml", "yml", "json")]
    + [f"astro.config.{ext}" for ext in ("mjs", "js", "ts", "mts", "cts", "cjs")]
    + ["_config.yml", "_config.yaml", "_config.toml", "antora.yml", "zola.toml"]
)
"""The config files of the other generators of sitedetect.SITE_CONFIGS (a test keeps the two the same)."""
# the namespaces of the .NET API browser on Learn, whose xrefs resolve (Aspire's, Azure SDK's, .NET for Android's
# and for iOS and Mac Catalyst's too: docs-aspire's `@Aspire.Hosting.DistributedApplication`)
_API_ROOTS = ("System.", "Microsoft.", "Windows.", "Aspire.", "Azure.", "Android.", "AndroidX.", "UIKit.", "AppKit.")
_PROJECT = re.compile(r"([A-Z][A-Za-z0-9_]*)(?:\.[A-Za-z_]\w*)+", re.ASCII)  # `Docfx.App`, `Contoso.csproj`
_MAX_ENTRIES, _MAX_PATH = 100, 500  # of docfx.json's metadata: a project names a few
_QUALIFIED = re.compile(r"[A-Z][\w`]*(?:\.[\w`#*-]+)+")  # a type's or member's uid: `Contoso.Widgets.Gadget`


def docfx_project(page: Path) -> str | None:
    """The folder of the docfx.json of the DocFX project `page` belongs to (see the module docstring); None when
    it belongs to none."""
    for folder in site_folders(Path(os.path.dirname(os.path.realpath(page)))):
        try:
            entries = os.stat(folder).st_mtime_ns  # (what a folder holds changes its modification time)
        except OSError:
            continue
        found = _configs(str(folder), entries)
        if found == "other":
            return None  # (in the same folder too: the site's detection looks for docfx.json last)
        if found == CONFIG:
            return str(folder)
    return None


@lru_cache(maxsize=1024)
def _configs(folder: str, entries: int) -> str:
    """Which config `folder` holds, when its entries were last changed at `entries`: "other" (another site's),
    CONFIG, or "". Remembered: every page of a site that may hold DFM asks for each folder above it (39 lookups
    a folder, about 1 ms a page four folders deep)."""
    if any(os.path.exists(os.path.join(folder, name)) for name in OTHER_CONFIGS):
        return "other"
    return CONFIG if os.path.isfile(os.path.join(folder, CONFIG)) else ""


def api_uids_resolved(uid: str, project: str) -> bool:
    """Whether DocFX finds the uid `uid` of an API (`System.String`, `Contoso.Widgets.Gadget`) for the project
    `project`: one of the .NET API where it resolves those, one of the project's own API where it builds that."""
    if not _QUALIFIED.fullmatch(uid):
        return False
    config = os.path.join(project, CONFIG)
    remember_settings(config)  # (a change to its xref settings reads the page again)
    dotnet, own = _resolves(config)
    return uid.partition(".")[0] in own or (dotnet and uid.startswith(_API_ROOTS))


@while_unchanged(maxsize=64, missing=(False, frozenset()))
def _resolves(config: str) -> tuple[bool, frozenset[str]]:
    """(whether docfx.json names xref maps or services, or the project is built by Microsoft Learn; the root
    namespaces of the project's own API that its `metadata` builds)."""
    project = os.path.dirname(config)
    try:
        settings = loads_jsonc(config_text(Path(config)))
    except (ValueError, RecursionError):
        settings = {}
    settings = settings if isinstance(settings, dict) else {}
    build, own = settings.get("build"), own_namespaces(settings.get("metadata"))
    if isinstance(build, dict) and (build.get("xref") or build.get("xrefService")):
        return True, own
    return any((folder / LEARN_CONFIG).is_file() for folder in site_folders(Path(project))), own


def own_namespaces(metadata: object) -> frozenset[str]:
    """The root namespaces of the API docfx.json's `metadata` builds, as the projects it names are named
    (`src/Docfx.Dotnet/*.csproj`, `Contoso.Widgets.csproj`: Docfx, Contoso); none when their names do not say
    (`**/*.csproj`)."""
    paths: list[object] = []
    for entry in metadata[:_MAX_ENTRIES] if isinstance(metadata, list) else ():
        sources = entry.get("src") if isinstance(entry, dict) else None
        for source in sources[:_MAX_ENTRIES] if isinstance(sources, list) else [sources]:
            files = source.get("files") if isinstance(source, dict) else source
            paths += [files] if isinstance(files, str) else files[:_MAX_ENTRIES] if isinstance(files, list) else []
            paths += [source.get("src")] if isinstance(source, dict) else []  # the projects' folder
    names = (part for path in paths if isinstance(path, str) for part in path[:_MAX_PATH].replace("\\", "/").split("/"))
    return frozenset(found.group(1) for name in names if (found := _PROJECT.fullmatch(name)))
