"""Where an MDX page's import of a partial leads (jsx.py puts the partial in place): a path from the page, or
`'@site/docs/_intro.mdx'` from the folder of the nearest Docusaurus config above the page, or `'@fragments/x.mdx'`
through an alias of the nearest tsconfig.json or jsconfig.json (Astro and Vite sites), else `'@scope/name/x.md'`
from an npm package in a node_modules folder above the page (one above the documents folder, or --includes-from's,
is refused as an include outside is: includes.py). The packages' places looked in are remembered (includes.py),
so the page is read again once one is installed; a config or an alias added later is not seen until the page
itself changes (or --rebuild).
"""

from __future__ import annotations

import os
from pathlib import Path

from indexer.loaders.includes import folders_up, lies_outside, probe, warn
from indexer.loaders.jsonc import loads_jsonc
from indexer.loaders.regular import read_regular

__all__ = ["DOCUSAURUS_CONFIGS", "import_path"]

_CONFIGS_OF_PATHS = ("tsconfig.json", "jsconfig.json")  # where Astro and Vite sites name their import aliases
_SITE = "@site/"  # Docusaurus's name for the folder of the site's config
DOCUSAURUS_CONFIGS = tuple(f"docusaurus.config.{ext}" for ext in ("js", "ts", "mjs", "cjs", "mts", "cts"))


def import_path(target: str, page: Path) -> str | None:
    """The file an import names, as a path from the page's folder (`target` itself when it is one already); None,
    said, when an `@site/` or aliased one leads nowhere."""
    if target.startswith(_SITE):
        return _from_site(target, page)
    if target.startswith(("@", "~/")):
        return _from_alias(target, page)
    return target


def _from_site(target: str, page: Path) -> str | None:
    """`@site/x` as a path from the page's folder: x in the folder of the nearest docusaurus.config.* above the
    page, up to its repository's root; None, said, when there is none."""
    here = os.path.dirname(os.path.realpath(page))
    for folder in folders_up(page):
        if any(os.path.isfile(os.path.join(folder, name)) for name in DOCUSAURUS_CONFIGS):
            return os.path.relpath(os.path.join(folder, target[len(_SITE) :]), here)
    warn(f"{target[:120]}: no docusaurus.config.* above the page, whose folder @site/ names: not included")
    return None


def _from_alias(target: str, page: Path) -> str | None:
    """An import path through an alias of the nearest tsconfig.json or jsconfig.json above the page (Tauri's
    `@fragments/cta.mdx`, with `"paths": {"@fragments/*": ["src/content/docs/_fragments/*"]}`), or from an npm
    package in a node_modules folder above it (Ionic's API pages import `@ionic-internal/component-api/v9/
    accordion/props.md`), as a path from the page's folder; None, said once for the page and package, when
    neither is found."""
    here = os.path.dirname(os.path.realpath(page))
    found = _through_alias(target, page, here)
    if found is not None:
        return found
    if target.startswith("~/") or target.count("/") < 2:  # no package's file: @scope/name/file
        warn(f"{target[:120]}: no tsconfig.json or jsconfig.json above the page names this alias: not included")
        return None
    package = "/".join(target.split("/", 2)[:2])  # @scope/name
    for folder in folders_up(page):  # each place looked in is remembered: the page is read again once installed
        candidate = os.path.join(folder, "node_modules", target)
        if probe(candidate) or lies_outside(candidate):  # installed above DOCS: refused where it is read, as an
            return os.path.relpath(candidate, here)  # include outside is (not "is the package installed?")
    warn(
        f"{package[:120]}/...: not included: no node_modules/{package[:120]} above the page holds the files it "
        "imports (is the npm package installed? npm install in the site's folder) and no tsconfig.json or "
        "jsconfig.json names it as an alias"
    )
    return None


def _through_alias(target: str, page: Path, here: str) -> str | None:
    """`target` through an alias of the nearest tsconfig.json or jsconfig.json above the page that names one, as a
    path from the page's folder `here`; None when none does."""
    for folder in folders_up(page):
        for name in _CONFIGS_OF_PATHS:
            options = _compiler_options(os.path.join(folder, name))
            if options is None:
                continue
            base_url = options.get("baseUrl")
            base = os.path.join(folder, base_url if isinstance(base_url, str) else ".")
            paths = options.get("paths")
            for alias, targets in paths.items() if isinstance(paths, dict) else ():
                prefix = alias.removesuffix("*")
                if target.startswith(prefix) and isinstance(targets, list) and targets and isinstance(targets[0], str):
                    found = os.path.join(base, targets[0].replace("*", target[len(prefix) :], 1))
                    return os.path.relpath(os.path.normpath(found), here)
    return None


def _compiler_options(path: str) -> dict[str, object] | None:
    """The compilerOptions of a tsconfig.json (JSON with comments and trailing commas); None when there is none."""
    if not os.path.isfile(path):
        return None
    try:
        text = read_regular(path, 1 << 20).decode("utf-8", "replace")
        options = loads_jsonc(text).get("compilerOptions")
    except (OSError, ValueError, AttributeError, RecursionError):
        return None
    return options if isinstance(options, dict) else None
