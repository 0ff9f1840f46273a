"""A Docusaurus site, read from its own files: the folders its content plugins turn into pages and the route
each serves them under, its versions and its translations (the site's Layout: editions.py).

- Plugins. The classic preset runs three: docs (the folder `docs/`, served under `/docs/`), blog (`blog/`,
  under `/blog/`) and pages (`src/pages/`, at the site's root). The preset's options move them (`docs: {path:
  'guides', routeBasePath: '/'}` is a site of docs alone, served from its root) or turn one off (`blog: false`),
  and a site adds docs or blog plugins of its own (`['content-docs', {id: 'community', path: 'community',
  routeBasePath: '/community'}]`); `numberPrefixParser: false` keeps the number prefixes of a docs plugin's
  names (`01-intro.md` is `01-intro`), as the blog and the pages plugin always keep them. Only literal options
  are read (siteconfig.py). An option that is not written is Docusaurus's default; one written as an
  expression, or that a spread (`...common`) may set, is taken to be the default for the preset's plugins and
  the plugin's folder name for a plugin of its own (its id when its path is unknown too). A plugin whose id is
  no literal, or whose folder lies outside the site's (`path: '../docs'`), has no area here. A Markdown page
  outside every plugin's folder is no page of the site (Layout.strays), when the config says all that its
  plugins read: not when a preset, a plugin or a plugin's path is an expression.
- Static files. The folders of the config's `staticDirectories` (`static/` by default) are served as they are
  from the site's root: `static/guides/setup.pdf` is `/guides/setup.pdf`.
- Versions. versions.json lists them, newest first; `versioned_docs/version-X/` holds version X, served under
  the plugin's route + `X/`, except the last version (the config's literal `lastVersion`, else the first of
  versions.json), served at the route itself; the docs folder is the `current` version, served under `next/`
  while older versions exist (at the route otherwise). A folder of versioned_docs that versions.json does not
  list, or that a literal `onlyIncludeVersions` leaves out, is built by no one. On a site that builds no current
  version, the docs folder is the last version when versioned_docs holds no folder of it: the build copies it
  there (pnpm.io's `copy-docs`). A plugin with an id keeps
  `<id>_versions.json` and `<id>_versioned_docs/`.
- Translations lie in `i18n/<locale>/docusaurus-plugin-content-docs/current/` (and `version-X/`), `...-blog/`
  and `...-pages/` (`-<id>` after a plugin's name for one with an id), served under `/<locale>/` + the plugin's
  route; the default locale is the config's literal `defaultLocale` (else en), and a locale its literal
  `locales` does not list is not built.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from indexer.ingest.editions import CURRENT, Area, Layout
from indexer.ingest.siteconfig import MAX_NAMES, folder_names, site_address, site_folder
from indexer.loaders.jsconfig import SPREAD, UNKNOWN, JsConfig, config_text

KINDS = ("docs", "blog", "pages")
_FOLDERS = {"docs": "docs/", "blog": "blog/", "pages": "src/pages/"}  # Docusaurus's defaults
_ROUTES = {"docs": "docs/", "blog": "blog/", "pages": ""}
_PLUGIN_NAME = re.compile(r"(?:^|[/-])content-(docs|blog|pages)$")  # content-docs, @docusaurus/plugin-content-docs
_NOT_WRITTEN = object()


@dataclass(frozen=True)
class Plugin:
    """One content plugin of the site: which folder it reads, and where it serves the pages it makes of it."""

    kind: str  # "docs", "blog" or "pages"
    id: str  # "" for the preset's own (Docusaurus's id "default")
    folder: str  # in the site's folder, ending in "/"; "" when it lies outside
    route: str  # the path its pages are served under: "" (the site's root), else ending in "/"
    off: str = ""  # why it builds no page ("" when it is on)
    options: Mapping[str, Any] | None = None  # its literal options, where they were read
    guessed: bool = False  # its folder is a guess: its path is an expression


def content_plugins(config: JsConfig) -> tuple[list[Plugin], bool]:
    """The content plugins of the site whose config is `config`: the preset's three, then the site's own, in
    the config's order (the first of a kind and id when one is written twice); and whether their folders are
    all the config gives pages from (not when a preset, a plugin or a plugin's path is an expression)."""
    preset, known = _preset_options(config)
    found: dict[tuple[str, str], Plugin] = {}
    for kind in KINDS:
        options = preset.get(kind, {})
        if options is False:
            why = f"the config turns Docusaurus's {kind} plugin off ({kind}: false), so it builds no page of it"
            found[kind, ""] = Plugin(kind, "", _FOLDERS[kind], _ROUTES[kind], off=why)
        else:
            found[kind, ""] = _plugin(kind, "", options if isinstance(options, dict) else None)
    own, read = _own_plugins(config)
    for kind, options in own:
        plugin_id = options.get("id", "default")
        if isinstance(plugin_id, str) and plugin_id and "/" not in plugin_id and plugin_id not in (".", ".."):
            plugin_id = "" if plugin_id == "default" else plugin_id
            found.setdefault((kind, plugin_id), _plugin(kind, plugin_id, options))
        else:
            read = False
    plugins = list(found.values())
    return plugins, known and read and not any(p.guessed for p in plugins)


def plugin_reading(config: Path, docs: Path) -> Plugin | None:
    """The content plugin of the site whose config is `config` that reads the folder `docs`, or a folder holding
    it, from outside the site's folder (`path: '../docs'`: Redux keeps its site in website/, its pages in docs/
    beside it); None when no plugin that is on reads it."""
    site, wanted = os.path.realpath(config.parent), os.path.realpath(docs)
    plugins, _ = content_plugins(JsConfig(config_text(config)))
    for plugin in plugins:
        path = (plugin.options or {}).get("path")
        if plugin.off or not isinstance(path, str) or not path.strip() or plugin.folder:
            continue  # off, unknown, or a folder inside the site, which DOCS would be below the config for
        folder = os.path.realpath(os.path.join(site, path.strip()))
        if wanted == folder or wanted.startswith(folder.rstrip(os.sep) + os.sep):
            return plugin
    return None


def docs_outside(config: Path) -> list[tuple[str, str]]:
    """(its path as the config writes it, the path the site serves its pages under) of each docs plugin of the
    site whose config is `config` that reads a folder outside the site's folder (Redux's and Jest's website/
    reads `../docs`), and builds it: what an index of the site's folder does not hold."""
    options = JsConfig(config_text(config))
    found = []
    for plugin in content_plugins(options)[0]:
        path = (plugin.options or {}).get("path")
        if plugin.kind != "docs" or plugin.off or plugin.folder or not isinstance(path, str) or not path.strip():
            continue
        area = _Versions(config.parent, plugin, _reader(options, plugin)).area("", CURRENT, "", "")
        if not area.unbuilt:
            found.append((path.strip(), area.url))
    return found


def served_at(config: Path) -> str:
    """The address the site whose config is `config` is served at, its `url` and `baseUrl` joined
    (`https://ionicframework.com` and `/docs/`: `https://ionicframework.com/docs/`; a baseUrl that the environment
    may set, the literal it falls back to); "" when either is no literal or the url is no http(s) address."""
    options = JsConfig(config_text(config))
    url, base = options.option("url", str), options.option("baseUrl", str)
    base = options.env_default("baseUrl") if base is None else base  # a deploy preview's BASE_URL, else '/'
    return site_address(url, base)


def serves_its_folder(config: Path, plugin: Plugin) -> bool:
    """Whether the docs plugin's own folder (the version Docusaurus calls current) holds the pages the site
    serves at the plugin's route: not while versions.json lists a release (served there instead, from
    versioned_docs/), unless the config's literal lastVersion is 'current'."""
    options = JsConfig(config_text(config))
    return _Versions(config.parent, plugin, _reader(options, plugin)).last == CURRENT


def _preset_options(config: JsConfig) -> tuple[Mapping[str, Any], bool]:
    """The options of the site's preset (`['classic', {docs: {...}, blog: {...}}]`): the first preset's whose
    literal options name a content plugin ({} when none does); and whether the presets were all read."""
    found: Mapping[str, Any] | None = None
    values = config.values("presets")
    read = bool(values)  # without presets, what builds pages is not known
    for value in values:
        for preset in value if isinstance(value, list) else [UNKNOWN]:
            options = preset[1] if isinstance(preset, list) and len(preset) > 1 else None
            readable = isinstance(preset, str) or (isinstance(preset, list) and isinstance(options, dict | None))
            read = read and readable
            if found is None and isinstance(options, dict) and any(kind in options for kind in KINDS):
                found = options
    return found or {}, read


def _own_plugins(config: JsConfig) -> tuple[list[tuple[str, Mapping[str, Any]]], bool]:
    """(kind, literal options) of each content plugin in the config's `plugins` (`'content-docs'` or
    `['@docusaurus/plugin-content-docs', {...}]`); and whether every plugin there was read (an expression may
    be a content plugin)."""
    found: list[tuple[str, Mapping[str, Any]]] = []
    read = True
    for value in config.values("plugins"):
        for item in value if isinstance(value, list) else [UNKNOWN]:
            name, options = (
                (item, {}) if isinstance(item, str) else ([*item, {}][:2] if isinstance(item, list) else (None, None))
            )
            match = _PLUGIN_NAME.search(name) if isinstance(name, str) else None
            read = read and isinstance(name, str) and (match is None or isinstance(options, dict))
            if match and isinstance(options, dict):
                found.append((match.group(1), options))
    return found, read


def _plugin(kind: str, plugin_id: str, options: Mapping[str, Any] | None) -> Plugin:
    """A plugin of `kind` from its literal options (None: unread)."""

    def written(key: str) -> Any:
        if options is None:
            return UNKNOWN
        return options.get(key, UNKNOWN if SPREAD in options else _NOT_WRITTEN)

    path, route = written("path"), written("routeBasePath")
    guess = f"{plugin_id}/" if plugin_id else _FOLDERS[kind]
    folder = _FOLDERS[kind] if path is _NOT_WRITTEN else site_folder(path) if isinstance(path, str) else guess
    if isinstance(route, str):
        served = "/".join(part for part in route.split("/") if part)
        served = f"{served}/" if served else ""
    elif route is _NOT_WRITTEN:
        served = _ROUTES[kind]
    else:  # an expression: the plugin's folder name (its id's for one of its own), as most sites write it
        served = _ROUTES[kind] if not plugin_id else (folder.rstrip("/").rpartition("/")[2] + "/" if folder else guess)
    return Plugin(kind, plugin_id, folder, served, options=options, guessed=path is UNKNOWN)


class _Versions:
    """One docs plugin's versions: which are built, and the path each is served under."""

    def __init__(self, site: Path, plugin: Plugin, read: Callable[[str, type], Any]) -> None:
        self.plugin = plugin
        self.prefix = f"{plugin.id}_" if plugin.id else ""  # of its versions.json and versioned_docs/
        self.listed = _versions_json(site / f"{self.prefix}versions.json")
        self.disabled = read("disableVersioning", bool) is True
        names = [] if self.disabled else list(self.listed)
        if read("includeCurrentVersion", bool) is not False and CURRENT not in names:
            names.insert(0, CURRENT)
        only = read("onlyIncludeVersions", list)
        only = only if only is not None and all(isinstance(v, str) for v in only) else None
        self.names = [n for n in names if only is None or n in only]
        last = read("lastVersion", str)
        self.last = last if last in self.names else next((n for n in self.names if n != CURRENT), CURRENT)
        self.versioned = self.names != [CURRENT]

    def copied_into(self, versioned: Path) -> str | None:
        """The version the docs folder stands for when the site's build copies it into versioned_docs/ first:
        the version served by default, which versions.json lists but no folder of `versioned` holds, on a site
        that builds no current version (pnpm.io's `copy-docs` script puts docs/ in version-11.x before each
        build: read as the current version, which the config leaves out, every page of its docs was skipped).
        None otherwise."""
        if CURRENT in self.names or self.last == CURRENT or self.last not in self.listed:
            return None
        return None if (versioned / f"version-{self.last}").is_dir() else self.last

    def area(self, folder: str, name: str, url: str, language: str) -> Area:
        """The area of version `name` in `folder`, served under `url` + the plugin's route and the version's."""
        route = self.plugin.route
        numbered = (self.plugin.options or {}).get("numberPrefixParser") is not False
        if name == CURRENT and not self.versioned:
            return Area(folder, f"{url}{route}", language, unbuilt=self.plugin.off, numbered=numbered)
        part = "" if name == self.last else "next/" if name == CURRENT else f"{name}/"
        newer = name in self.names and self.names.index(name) < self.names.index(self.last)
        unbuilt = self._unbuilt(name)
        return Area(folder, f"{url}{route}{part}", language, name, self.last, newer, unbuilt, numbered=numbered)

    def _unbuilt(self, name: str) -> str:
        if self.plugin.off:
            return self.plugin.off
        if name in self.names:
            return ""
        where = "docs/" if name == CURRENT else f"{self.prefix}versioned_docs/"
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
    except (ValueError, RecursionError):  # (not JSON, or nested too deep to read)
        return []
    if not isinstance(names, list):
        return []
    return [n for n in names if isinstance(n, str) and n and "/" not in n][:MAX_NAMES]


def docusaurus_layout(config: Path) -> Layout:
    """The site's content folders, each at its route, with their versions and translations."""
    site, options = config.parent, JsConfig(config_text(config))
    plugins, complete = content_plugins(options)
    docs = {p.id: p for p in plugins if p.kind == "docs"}
    on_disk = {n.removesuffix("_versioned_docs") for n in folder_names(site) if n.endswith("_versioned_docs")}
    on_disk |= {p.name.removesuffix("_versions.json") for p in site.glob("*_versions.json")}
    for plugin_id in sorted(on_disk - set(docs)):  # a plugin of its own whose options are no literal
        docs[plugin_id] = Plugin("docs", plugin_id, f"{plugin_id}/", f"{plugin_id}/")
    versions = {p.id: _Versions(site, p, _reader(options, p)) for p in docs.values()}
    locales = folder_names(site / "i18n")
    default = options.option("defaultLocale", str) or "en"
    built = options.strings("locales")
    languages = [default, *sorted(set(locales if built is None else built) - {default})]  # those it builds
    multilingual = len(languages) > 1
    language = (lambda locale: locale) if multilingual else (lambda locale: "")
    areas = []
    for plugin in plugins:
        if plugin.kind != "docs" and plugin.folder:
            areas.append(Area(plugin.folder, plugin.route, language(default), unbuilt=plugin.off,
                              dated=plugin.kind == "blog", numbered=False))  # fmt: skip
    statics = options.strings("staticDirectories") or ("static",)
    areas += [Area(folder, "", language(default), as_is=True) for folder in map(site_folder, statics) if folder]
    for plugin_versions in versions.values():
        versioned = f"{plugin_versions.prefix}versioned_docs/"
        if plugin_versions.plugin.folder:
            name = plugin_versions.copied_into(site / versioned) or CURRENT
            areas.append(plugin_versions.area(plugin_versions.plugin.folder, name, "", language(default)))
        for name in folder_names(site / versioned):
            if name.startswith("version-"):
                areas.append(plugin_versions.area(f"{versioned}{name}/", name[8:], "", language(default)))
    for locale in locales:
        areas += _translation(site, locale, default, built, plugins, versions, language(locale))
    all_versions = dict.fromkeys(n for v in versions.values() if v.versioned for n in v.names)
    folders = ", ".join(p.folder for p in plugins if p.folder and not p.off)
    strays = f"outside the folders of the site's content plugins ({folders}): no page of the site" if complete else ""
    return Layout("docusaurus", tuple(areas), tuple(languages) if multilingual else (), tuple(all_versions),
                  language(default), strays=strays)  # fmt: skip


def _reader(config: JsConfig, plugin: Plugin) -> Callable[[str, type], Any]:
    """How a docs plugin's version options are read: the preset's from anywhere in the config (written once),
    a plugin's own from its literal options."""
    if not plugin.id:
        return lambda key, kind: config.option(key, kind)
    own = plugin.options or {}
    return lambda key, kind: own.get(key) if isinstance(own.get(key), kind) else None


def _translation(
    site: Path,
    locale: str,
    default: str,
    built: tuple[str, ...] | None,
    plugins: list[Plugin],
    versions: dict[str, _Versions],
    lang: str,
) -> list[Area]:
    """The areas of one locale's folder in i18n/."""
    folder, url = f"i18n/{locale}/", "" if locale == default else f"{locale}/"
    if built is not None and locale not in built:
        why = f"in a locale ({locale}) that the config's i18n.locales does not list: Docusaurus builds no page of it"
        return [Area(folder, folder, lang, unbuilt=why)]
    areas = [Area(folder, folder, lang)]
    for name in folder_names(site / folder):
        if not name.startswith("docusaurus-plugin-content-"):
            continue
        plugin_folder = f"{folder}{name}/"
        kind, _, plugin_id = name.removeprefix("docusaurus-plugin-content-").partition("-")
        if kind == "docs":
            stub = Plugin("docs", plugin_id, f"{plugin_id}/", f"{plugin_id or 'docs'}/")
            plugin_versions = versions.get(plugin_id) or _Versions(site, stub, lambda key, kind: None)
            for sub in folder_names(site / plugin_folder):
                version = sub.removeprefix("version-") if sub.startswith("version-") else sub
                if version == CURRENT or sub != version:
                    areas.append(plugin_versions.area(f"{plugin_folder}{sub}/", version, url, lang))
        elif kind in ("blog", "pages"):
            plugin = next((p for p in plugins if p.kind == kind and p.id == plugin_id), None)
            route = plugin.route if plugin else "" if kind == "pages" else f"{plugin_id or 'blog'}/"
            areas.append(Area(plugin_folder, url + route, lang, unbuilt=plugin.off if plugin else "",
                              dated=kind == "blog", numbered=False))  # fmt: skip
    return areas
