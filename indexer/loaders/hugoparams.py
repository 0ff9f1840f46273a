"""Hugo's built-in `param` shortcode filled in with the value it names, as Hugo's `.Page.Param` finds it:
`{{% param "hugoMinVersion" %}}`, `{{< param tdVersion.latest >}}`. docsy.dev's install steps read
`hugo mod get github.com/google/docsy/theme@` where the site shows `...@v0.16.0`; OpenTelemetry's 800 uses
(`{{% param vers.otel %}}`, from the cascade of its Java section) showed nothing either.

A name is looked up in the page's params, as Hugo merges them: its front matter (its `params` mapping, then its
other keys: `description`), then what the `cascade` of its own `_index.md` and of each section above it gives
(nearest first; an entry with a `target` is not followed), then the site config's `cascade`; then in the params
of the page's language, then in the site's. A dotted name walks nested mappings (`tdVersion.latest`), and keys
are compared in any case, as Hugo lowercases them.

The site is the nearest folder above the page holding `hugo.toml` (`.yaml`, `.yml`, `.json`), a
`config/_default/` folder, or, as Hugo read it before 0.110, `config.toml` (...) beside a `content/` folder, up
to the repository's root. Its params are those of `config/production/` (what `hugo build` publishes) over
`config/_default/` over the root config: each folder's `params.*` (the whole file) and the `params` of its
`hugo.*` or `config.*`. A language's are the `params` of its entry in `languages` (or in a config folder's
`languages.*`) and the config folders' `params.<language>.*`. The page's language is the one whose folder holds
it (its `contentDir`, a module mount of its `lang`, or `content/<language>/`), else the one its name ends with
(`install.fr.md`), else `defaultContentLanguage` (English).

A name found nowhere, or whose value is no text, number, boolean or date, shows nothing (Hugo stops the build
there; a theme's own params are not read). The escaped form `{{</* param x */>}}` is no shortcode (templates.py
shows it as written). The files are read as includes are (includes.py, for the settings they give: remembered,
so that a change reads the page again), and only when the page's front matter lacks a name.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
import os
import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from indexer.loaders.frontmatter import split_front_matter
from indexer.loaders.includes import SETTINGS, folders_up, included_text, reading_folder
from indexer.loaders.yamlread import read_yaml

__all__ = ["ContentDirs", "content_dirs", "content_folders", "fill_params", "hugo_site", "site_mains"]

MAX_SECTIONS = 32  # folders looked up from a page for the cascades of their _index.md
# the name is Hugo's first argument: a word, or one in double quotes or backquotes
_SHORTCODE = re.compile(r"""\{\{[<%][ \t]*param[ \t]+("[^"\n]*"|`[^`\n]*`|[^\s"`<>%]+)[ \t]*[>%]\}\}""")
_SUFFIXES = (".toml", ".yaml", ".yml", ".json")  # in Hugo's order of precedence
_ENVIRONMENTS = ("production", "_default")  # `hugo build`'s environment, over the defaults
_MISSING = object()


def fill_params(text: str, path: Path, front_matter: Mapping[str, Any]) -> str:
    """`text` with each `param` shortcode replaced by the value it names (see the module docstring)."""
    if "param" not in text or "{{" not in text:
        return text
    params = _Params(path, front_matter)
    return _SHORTCODE.sub(lambda match: _shown(params.value(match.group(1).strip('"`'))), text)


class _Params:
    """Where a page's `param` looks, first to last: its front matter, then (read on the first name it lacks) the
    cascades above it and the site's config."""

    def __init__(self, page: Path, front_matter: Mapping[str, Any]) -> None:
        self.page = Path(os.path.realpath(page))
        self.layers = [front_matter.get("params"), front_matter, *_cascaded(front_matter.get("cascade"))]
        self.more: list[Any] | None = None

    def value(self, name: str) -> Any:
        keys = [key.lower() for key in name.split(".")]
        found = _first(self.layers, keys)
        if found is _MISSING:
            if self.more is None:
                site = hugo_site(self.page)
                self.more = self._sections(site) + (self._site_layers(site) if site else [])
            found = _first(self.more, keys)
        return found

    def _sections(self, site: str | None) -> list[Any]:
        """The cascades of the `_index.md` of each folder above the page, up to the site's (or DOCS)."""
        top = site or reading_folder()
        layers: list[Any] = []
        folder = str(self.page.parent)
        for _ in range(MAX_SECTIONS):
            if top is None or folder == top or not folder.startswith(top + os.sep):
                break
            index = os.path.join(folder, "_index.md")
            if index != str(self.page) and os.path.isfile(index):
                text = included_text(self.page, os.path.relpath(index, self.page.parent), use=SETTINGS)
                layers += _cascaded(split_front_matter(text)[0].get("cascade")) if text else []
            folder = os.path.dirname(folder)
        return layers

    def _site_layers(self, site: str) -> list[Any]:
        """The config's cascade, then the params of the page's language, then the site's."""
        folders = [os.path.join(site, "config", environment) for environment in _ENVIRONMENTS]
        mains, params, languages = [], [], []
        for folder in folders:
            main = self._main(folder)
            mains.append(main)
            params += [_unwrapped(self._file(folder, "params"), "params"), _lookup(main, ["params"])]
            languages += [_lookup(main, ["languages"]), _unwrapped(self._file(folder, "languages"), "languages")]
        mains.append(self._main(site))
        params.append(_lookup(mains[-1], ["params"]))
        languages.append(_lookup(mains[-1], ["languages"]))
        cascades = [layer for main in mains for layer in _cascaded(_lookup(main, ["cascade"]))]
        language = _language(self.page, site, mains, languages)
        own = [_unwrapped(self._file(folder, f"params.{language}"), "params") for folder in folders]
        return [*cascades, *own, *(_lookup(table, [language, "params"]) for table in languages), *params]

    def content_folders(self, site: str) -> list[str]:
        """The site's content folders (see content_folders())."""
        folders = [os.path.join(site, "config", environment) for environment in _ENVIRONMENTS]
        mains = [self._main(folder) for folder in folders] + [self._main(site)]
        modules = [_unwrapped(self._file(folder, "module"), "module") for folder in folders]
        tables = [_unwrapped(self._file(folder, "languages"), "languages") for folder in folders]
        named = content_dirs(mains, modules, tables)
        values = [*named.mounted, *named.languages, named.own, "content"]
        contents = list(dict.fromkeys(folder for value in values if (folder := _folder(value))))
        where = os.path.relpath(self.page, site).replace(os.sep, "/")
        return sorted(contents, key=lambda folder: not where.startswith(folder))  # the page's own first

    def _main(self, folder: str) -> Any:
        """A config folder's main file: its hugo.* or, as Hugo read it before 0.110, its config.*."""
        return self._file(folder, "hugo" if _exists(folder, "hugo") else "config")

    def _file(self, folder: str, stem: str) -> Any:
        """A config file of the site (`stem` with the first of Hugo's suffixes there), parsed; None when none."""
        for suffix in _SUFFIXES:
            full = os.path.join(folder, stem + suffix)
            if os.path.isfile(full):
                text = included_text(self.page, os.path.relpath(full, self.page.parent), use=SETTINGS) or ""
                return parsed_values(text, suffix)
        return None


@dataclass(frozen=True)
class ContentDirs:
    """The folders a Hugo site's config names as its content, as written (each value may be no text, or none at
    all: not yet read as a folder)."""

    mounted: tuple[Any, ...]  # the sources of the module mounts whose target is `content`
    languages: tuple[Any, ...]  # each language's `contentDir`, one a language (no text where it names none)
    own: Any  # the site's `contentDir` (no text where it names none)


def content_dirs(mains: Sequence[Any], modules: Sequence[Any] = (), tables: Sequence[Any] = ()) -> ContentDirs:
    """The content folders the layers of a site's config name (see ContentDirs): `mains`, its main configs, the
    one that wins first; `modules` and `tables`, its config folders' `module.*` and `languages.*` files, read
    after the mains' `module` and `languages`. Keys are compared in any case; the first layer's mounts count."""
    modules = [*(_lookup(main, ["module"]) for main in mains), *modules]
    mounts = next((m for module in modules if isinstance(m := _lookup(module, ["mounts"]), list)), [])
    mounted = tuple(_lookup(m, ["source"]) for m in mounts[:1000] if _lookup(m, ["target"]) == "content")
    tables = [*(_lookup(main, ["languages"]) for main in mains), *tables]
    languages = tuple(_lookup(e, ["contentdir"]) for t in tables if isinstance(t, Mapping) for e in t.values())
    return ContentDirs(mounted, languages, _first(mains, ["contentdir"]))


def content_folders(page: Path, site: str) -> list[str]:
    """The content folders of the Hugo site `site` (as "content/en/", relative to it), where `GetPage` looks for a
    page: each module mount whose target is `content` (gohugo.io mounts `content/en`; a config folder's
    `module.*` too), each language's `contentDir`, the site's `contentDir`, and `content/`; the one holding
    `page` first."""
    return _Params(page, {}).content_folders(site)


def site_mains(page: Path, site: str) -> list[Any]:
    """The main configs of the Hugo site `site` (`config/production/`, `config/_default/`, then its own `hugo.*`
    or `config.*`), parsed (None for one not there), read as settings of `page`."""
    params = _Params(page, {})
    return [params._main(os.path.join(site, "config", e)) for e in _ENVIRONMENTS] + [params._main(site)]


def hugo_site(page: Path) -> str | None:
    """The Hugo site's folder (see the module docstring), or None."""
    for folder in folders_up(page):
        if _exists(folder, "hugo") or os.path.isdir(os.path.join(folder, "config", "_default")):
            return folder
        if _exists(folder, "config") and os.path.isdir(os.path.join(folder, "content")):
            return folder
    return None


def _exists(folder: str, stem: str) -> bool:
    return any(os.path.isfile(os.path.join(folder, stem + suffix)) for suffix in _SUFFIXES)


def _language(page: Path, site: str, mains: list[Any], tables: list[Any]) -> str:
    """The page's language, in lower case (see the module docstring)."""
    languages: dict[str, Any] = {}
    for table in reversed(tables):
        if isinstance(table, Mapping):
            languages.update((str(code).lower(), entry) for code, entry in table.items())
    folders: list[tuple[str, Any]] = [(code, _lookup(entry, ["contentdir"])) for code, entry in languages.items()]
    mounts = next((m for main in mains if isinstance(m := _lookup(main, ["module", "mounts"]), list)), [])
    folders += [(str(_lookup(m, ["lang"])).lower(), _lookup(m, ["source"])) for m in mounts[:1000]]
    folders += [(code, f"content/{code}") for code in languages]
    where = os.path.relpath(page, site).replace(os.sep, "/")
    for code, folder in folders:
        if code in languages and (prefix := _folder(folder)) and where.startswith(prefix):
            return code
    parts = page.name.lower().split(".")
    if len(parts) > 2 and parts[-2] in languages:
        return parts[-2]
    default = next((v for main in mains if isinstance(v := _lookup(main, ["defaultcontentlanguage"]), str)), "en")
    return default.lower()


def _cascaded(cascade: Any) -> list[Any]:
    """The layers a cascade gives every page below: each entry's `params` (Hugo 0.123), then its other keys; an
    entry with a target is not followed."""
    entries = [e for e in (cascade if isinstance(cascade, list) else [cascade]) if isinstance(e, Mapping)]
    untargeted = [e for e in entries if _lookup(e, ["target"]) is _MISSING and _lookup(e, ["_target"]) is _MISSING]
    return [layer for entry in untargeted for layer in (_lookup(entry, ["params"]), entry)]


def _unwrapped(layer: Any, key: str) -> Any:
    """A config folder's `key.*` file as Hugo reads it: one whose sole key is `key` holds the values under it."""
    sole = isinstance(layer, Mapping) and [str(k).lower() for k in layer] == [key]
    return layer[next(iter(layer))] if sole else layer


def _folder(value: Any) -> str:
    """A folder a config names relative to the site's, as "content/fr/" (of "./content/fr"); "" for none."""
    parts = (
        [p for p in value.strip().replace("\\", "/").split("/") if p not in ("", ".")] if isinstance(value, str) else []
    )
    return "/".join(parts) + "/" if parts else ""


def _first(layers: Sequence[Any], keys: list[str]) -> Any:
    return next((value for layer in layers if (value := _lookup(layer, keys)) is not _MISSING), _MISSING)


def _lookup(value: Any, keys: list[str]) -> Any:
    """The value under a path of keys, compared in lower case, or _MISSING."""
    for key in keys:
        if not isinstance(value, Mapping):
            return _MISSING
        value = next((v for k, v in value.items() if str(k).lower() == key), _MISSING)
        if value is _MISSING:
            return _MISSING
    return value


def _shown(value: Any) -> str:
    """A value as Hugo prints it; nothing for one that is no text, number, boolean or date."""
    if isinstance(value, bool):
        return str(value).lower()
    return str(value).strip() if isinstance(value, str | int | float | dt.date) else ""


@functools.lru_cache(maxsize=16)
def parsed_values(text: str, suffix: str) -> Any:
    """A config or data file's values, by its suffix (TOML, JSON, else YAML), remembered (never changed: the
    pages of a site share them; hugodata.py reads data files with it); None when it cannot be read."""
    try:
        if suffix == ".toml":
            return tomllib.loads(text)
        return json.loads(text) if suffix == ".json" else read_yaml(text)
    except (ValueError, RecursionError):
        return None
