"""Where a site generator keeps its editions (translations, versions), read from its own files: its config, the
folders it names, Docusaurus's versions.json. Never from the pages (see sites.py).

- Docusaurus (its site folder, the one with docusaurus.config.*, indexed): versions.json lists the versions,
  newest first; `versioned_docs/version-X/` holds version X, served at `/docs/X/`, except the last version (the
  config's literal `lastVersion`, else the first of versions.json) at `/docs/`; docs/ is the `current` version,
  served at `/docs/next/` while older versions exist (at `/docs/` otherwise). A folder of versioned_docs that
  versions.json does not list, or that a literal `onlyIncludeVersions` leaves out, is built by no one.
  Translations lie in `i18n/<locale>/docusaurus-plugin-content-docs/current/` (and `version-X/`), `...-blog/`
  and `...-pages/`, served under `/<locale>/`; the default locale is the config's literal `defaultLocale`
  (else en), and a locale its literal `locales` does not list is not built. A docs plugin with an id (`id:
  'community'`) keeps `community_versions.json` and `community_versioned_docs/`, served under `/community/`:
  the route is taken to be the id, as routeBasePath is an expression too often to be read.
- Starlight (the folder with astro.config.*, or its src/content/docs): the keys of the literal `locales` object
  are its locales' folders, `root` the pages at the top (language: its `lang`); `defaultLocale` names the
  default, else root. Astro's own `i18n.locales` (an array) is read when there is no such object.
- Hugo (the folder with hugo.toml/yaml/json, or the content folder): a site of several `languages`, each
  with its `contentDir` or all in one, where `page.fr.md` is the French page; defaultContentLanguage (en) is
  served at the root (at `/en/` with defaultContentLanguageInSubdir), the others at `/<language>/`; a language
  that is `disabled` or in disableLanguages is built by no one.

Editions are told apart only when DOCS holds them all: indexing one of the site's docs folders (website/docs,
versioned_docs/version-2.x, content/fr) indexes that folder as before.
"""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path
from typing import Any

from indexer.ingest.editions import CURRENT, Area, Layout
from indexer.ingest.siteconfig import JsConfig, config_text, hugo_config, listed, lowered

MAX_NAMES = 1_000  # folders listed, versions read: a site's own folders hold a few dozen


def layout_of(generator: str, config: Path, docs: Path) -> Layout | None:
    """The editions the site whose config file is `config` keeps in `docs` (a folder at or below the config's);
    None when it keeps none there."""
    builder = {"docusaurus": _docusaurus, "astro": _starlight, "hugo": _hugo}.get(generator)
    layout = builder(config) if builder else None
    if layout is None:
        return None
    inside = os.path.relpath(docs, config.parent).replace(os.sep, "/")
    prefix = "" if inside == "." else inside + "/"
    if not all(area.folder.startswith(prefix) for area in layout.areas):
        return None  # DOCS is one of the site's folders, not the site: it is indexed as it is
    areas = tuple(replace(area, folder=area.folder[len(prefix) :]) for area in layout.areas)
    if not layout.languages and not layout.versions and all(a.folder == a.url and not a.unbuilt for a in areas):
        return None
    return replace(layout, areas=tuple(sorted(areas, key=lambda a: -len(a.folder))))


def _names(folder: Path) -> list[str]:
    """The names of the folders in `folder`, sorted (at most MAX_NAMES)."""
    try:
        with os.scandir(folder) as entries:
            return sorted(e.name for e in entries if e.is_dir() and not e.name.startswith("."))[:MAX_NAMES]
    except OSError:
        return []


class _Versions:
    """One Docusaurus docs plugin's versions: which are built, and the path each is served under."""

    def __init__(self, site: Path, plugin: str, options: JsConfig | None) -> None:
        self.plugin = plugin
        self.listed = _versions_json(site / f"{plugin + '_' if plugin else ''}versions.json")
        read = (lambda key, kind: options.option(key, kind)) if options else (lambda key, kind: None)
        self.disabled = read("disableVersioning", bool) is True
        names = [] if self.disabled else list(self.listed)
        if read("includeCurrentVersion", bool) is not False and CURRENT not in names:
            names.insert(0, CURRENT)
        only = options.strings("onlyIncludeVersions") if options else None
        self.names = [n for n in names if only is None or n in only]
        last = read("lastVersion", str)
        self.last = last if last in self.names else next((n for n in self.names if n != CURRENT), CURRENT)
        self.versioned = self.names != [CURRENT]

    @property
    def route(self) -> str:
        return f"{self.plugin or 'docs'}/"

    def area(self, folder: str, name: str, url: str, language: str) -> Area:
        """The area of version `name` in `folder`, served under `url` + its route and path part."""
        if name == CURRENT and not self.versioned:
            return Area(folder, f"{url}{self.route}", language)
        part = "" if name == self.last else "next/" if name == CURRENT else f"{name}/"
        newer = name in self.names and self.names.index(name) < self.names.index(self.last)
        return Area(folder, f"{url}{self.route}{part}", language, name, self.last, newer, self._unbuilt(name))

    def _unbuilt(self, name: str) -> str:
        if name in self.names:
            return ""
        where = "docs/" if name == CURRENT else f"{self.plugin + '_' if self.plugin else ''}versioned_docs/"
        if self.disabled:
            why = "the config disables versioning (disableVersioning: true)"
        elif name != CURRENT and name not in self.listed:
            why = "versions.json does not list it"
        else:
            why = "the config leaves it out (includeCurrentVersion or onlyIncludeVersions)"
        return f"version {name} of the docs ({where}): {why}, so Docusaurus builds no page of it"


def _versions_json(path: Path) -> list[str]:
    try:
        names = json.loads(config_text(path) or "[]")
    except ValueError:
        return []
    if not isinstance(names, list):
        return []
    return [n for n in names if isinstance(n, str) and n and "/" not in n][:MAX_NAMES]


def _docusaurus(config: Path) -> Layout | None:
    site, options = config.parent, JsConfig(config_text(config))
    ids = {n.removesuffix("_versioned_docs") for n in _names(site) if n.endswith("_versioned_docs")}
    ids |= {p.name.removesuffix("_versions.json") for p in site.glob("*_versions.json")}
    plugins = ["", *sorted(ids)]
    versions = {p: _Versions(site, p, options if not p else None) for p in plugins}
    locales = _names(site / "i18n")
    if (
        not locales
        and not any(v.versioned or v.listed for v in versions.values())
        and not any(_names(site / f"{p + '_' if p else ''}versioned_docs") for p in plugins)
    ):
        return None
    default = options.option("defaultLocale", str) or "en"
    built = options.strings("locales")
    languages = [default, *sorted(set(locales if built is None else built) - {default})]  # those it builds
    multilingual = len(languages) > 1
    language = (lambda locale: locale) if multilingual else (lambda locale: "")
    areas = [Area("src/pages/", "", language(default)), Area("blog/", "blog/", language(default))]
    for plugin, plugin_versions in versions.items():
        areas.append(plugin_versions.area(f"{plugin or 'docs'}/", CURRENT, "", language(default)))
        versioned = f"{plugin + '_' if plugin else ''}versioned_docs/"
        for name in _names(site / versioned):
            if name.startswith("version-"):
                areas.append(plugin_versions.area(f"{versioned}{name}/", name[8:], "", language(default)))
    for locale in locales:
        areas += _translation(site, locale, default, built, versions, language(locale))
    all_versions = dict.fromkeys(n for v in versions.values() if v.versioned for n in v.names)
    return Layout("docusaurus", tuple(areas), tuple(languages) if multilingual else (), tuple(all_versions),
                  language(default))  # fmt: skip


def _translation(
    site: Path, locale: str, default: str, built: tuple[str, ...] | None, versions: dict[str, _Versions], lang: str
) -> list[Area]:
    """The areas of one locale's folder in i18n/."""
    folder, url = f"i18n/{locale}/", "" if locale == default else f"{locale}/"
    if built is not None and locale not in built:
        why = f"in a locale ({locale}) that the config's i18n.locales does not list: Docusaurus builds no page of it"
        return [Area(folder, folder, lang, unbuilt=why)]
    areas = [Area(folder, folder, lang)]
    for name in _names(site / folder):
        plugin_folder = f"{folder}{name}/"
        kind, _, plugin = name.removeprefix("docusaurus-plugin-content-").partition("-")
        if not name.startswith("docusaurus-plugin-content-"):
            continue
        if kind == "docs":
            plugin_versions = versions.get(plugin) or _Versions(site, plugin, None)
            for sub in _names(site / plugin_folder):
                version = sub.removeprefix("version-") if sub.startswith("version-") else sub
                if version == CURRENT or sub != version:
                    areas.append(plugin_versions.area(f"{plugin_folder}{sub}/", version, url, lang))
        elif kind in ("blog", "pages"):
            route = "" if kind == "pages" else f"{plugin or 'blog'}/"
            areas.append(Area(plugin_folder, url + route, lang))
    return areas


def _starlight(config: Path) -> Layout | None:
    """Starlight's content folder and its locales (see the module's docstring)."""
    content = "src/content/docs/"
    if not (config.parent / content).is_dir():
        return None
    options = JsConfig(config_text(config))
    found = options.values("locales")
    objects = [v for v in found if isinstance(v, dict)]
    arrays = [v for v in found if isinstance(v, list)]
    default = options.option("defaultLocale", str)
    if len(objects) == 1:
        root = objects[0].get("root")
        root_lang = root.get("lang") if isinstance(root, dict) else None
        folders = [k for k in objects[0] if k != "root"]
        root_name = (root_lang if isinstance(root_lang, str) else "root").lower() if "root" in objects[0] else ""
    elif len(arrays) == 1:
        names = [v if isinstance(v, str) else v.get("path") if isinstance(v, dict) else None for v in arrays[0]]
        prefixed = options.option("prefixDefaultLocale", bool) is True
        folders = [n for n in names if isinstance(n, str) and (prefixed or n != default)]
        root_name = "" if prefixed or not default else default.lower()
    else:
        folders, root_name = [], ""
    folders = [f for f in folders if f and "/" not in f and f not in (".", "..")][:MAX_NAMES]
    languages = [n.lower() for n in folders] + ([root_name] if root_name else [])
    first = default.lower() if default and default.lower() in languages else root_name or (languages or [""])[0]
    ordered = [first, *sorted(set(languages) - {first})] if len(languages) > 1 else []
    name = (lambda language: language) if ordered else (lambda language: "")
    areas = [Area(f"{content}{f}/", f"{f}/", name(f.lower())) for f in folders]
    areas.append(Area(content, "", name(root_name)))
    return Layout("starlight", tuple(areas), tuple(ordered))


def _hugo(config: Path) -> Layout | None:
    """A multilingual Hugo site's content folders and languages (see the module's docstring)."""
    data = lowered(hugo_config(config))
    languages = {str(code).lower(): lowered(table) for code, table in lowered(data.get("languages")).items()}
    if len(languages) < 2 or len(languages) > MAX_NAMES:
        return None
    default = str(data.get("defaultcontentlanguage") or "en").lower()
    in_subdir = data.get("defaultcontentlanguageinsubdir") is True
    disabled = {str(c).lower() for c in listed(data.get("disablelanguages"))}
    disabled |= {code for code, table in languages.items() if table.get("disabled") is True}
    top = content_dir(data.get("contentdir")) or "content/"

    def area(folder: str, code: str) -> Area:
        url = "" if code == default and not in_subdir else f"{code}/"
        why = f"in a language ({code}) that the Hugo config disables: Hugo builds no page of it"
        return Area(folder, url, code, unbuilt=why if code in disabled else "")

    folders: dict[str, list[str]] = {}
    for code, table in languages.items():
        folders.setdefault(content_dir(table.get("contentdir")) or top, []).append(code)
    areas = [area(folder, default if default in codes else codes[0]) for folder, codes in folders.items()]
    by_name = tuple(area("", code) for code in languages)
    ordered = (default, *sorted(set(languages) - {default}))
    return Layout("hugo", tuple(areas), ordered, by_name=by_name)


def content_dir(value: Any) -> str:
    """A contentDir as a folder relative to the site's ("content/"); "" when it is none (absolute, `..`)."""
    if not isinstance(value, str):
        return ""
    parts = [p for p in value.strip().replace("\\", "/").split("/") if p not in ("", ".")]
    if not parts or ".." in parts or value.strip().startswith("/"):
        return ""
    return "/".join(parts) + "/"
