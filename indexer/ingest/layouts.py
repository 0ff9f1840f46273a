"""Where a site generator keeps its pages and their editions (translations, versions), read from its own files:
its config, the folders it names, Docusaurus's versions.json. Never from the pages (see sitedetect.py).

- Docusaurus (its site folder, the one with docusaurus.config.*, indexed): its content plugins' folders, each
  served under the plugin's route, with their versions and translations (docusaurus.py).
- Starlight (the folder with astro.config.*, or its src/content/docs): the keys of the literal `locales` object
  are its locales' folders (in any case: Astro lowercases the paths it serves, `zh-CN/` is the locale `zh-cn`),
  `root` the pages at the top (language: its `lang`); `defaultLocale` names the default, else root. Astro's own
  `i18n.locales` (an array) is read when there is no such object. Indexed from the project's folder, Astro's own
  pages (src/pages/) are served from the root too, its public/ files as they are, and a Markdown page anywhere
  else (the project's README) is none.
- VitePress (the folder with `.vitepress/`, or its srcDir): the keys of its config's `locales` object are its
  locales' folders in the source, `root` the pages at the top, the default (vitepress.py).
- Hugo (the folder with hugo.toml/yaml/json, or the content folder): a site of several `languages`, each
  with its `contentDir` or all in one, where `page.fr.md` is the French page; defaultContentLanguage (en) is
  served at the root (at `/en/` with defaultContentLanguageInSubdir), the others at `/<language>/`; a language
  that is `disabled` or in disableLanguages is built by no one.

- Nextra 2 and 3 (the folder with next.config.*, whose `i18n` names `locales` and a `defaultLocale`, or its
  pages/ folder): a page's locale is in its name, as written in the config (`api.zh-CN.mdx` is the page `api`
  in zh-CN); the default locale's pages are served at the root, the others' at `/<locale>/` (Next.js's i18n
  routing). A page with no locale in its name (`about.mdx`) is the default locale's: Nextra shows it in every
  locale that has no page of that name, untranslated, and it is indexed once, as the default's.

Editions are told apart only when DOCS holds them all: indexing one of the site's docs folders (website/docs,
versioned_docs/version-2.x, content/fr) indexes that folder as before.
"""

from __future__ import annotations

import os
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from indexer.ingest.docusaurus import docusaurus_layout
from indexer.ingest.editions import Area, Layout
from indexer.ingest.siteconfig import MAX_NAMES, config_mapping, folder_names, listed, lowered, site_folder
from indexer.ingest.vitepress import vitepress_layout
from indexer.loaders.hugoparams import content_dirs
from indexer.loaders.jsconfig import JsConfig, config_text
from indexer.loaders.regular import read_regular


def layout_of(generator: str, config: Path, docs: Path) -> Layout | None:
    """The editions the site whose config file is `config` keeps in `docs` (a folder at or below the config's);
    None when it keeps none there."""
    builders = {
        "docusaurus": docusaurus_layout,
        "hugo": _hugo,
        "mintlify": _mintlify,
        "nextjs": _nextra,
        "vitepress": vitepress_layout,
    }
    if generator == "astro":
        layout = _starlight(config, whole=config.parent == docs)
    else:
        builder = builders.get(generator)
        layout = builder(config) if builder else None
    if layout is None:
        return None
    inside = os.path.relpath(docs, site_of(config)).replace(os.sep, "/")
    prefix = "" if inside == "." else inside + "/"
    if not all(area.folder.startswith(prefix) for area in layout.areas):
        return None  # DOCS is one of the site's folders, not the site: it is indexed as it is
    areas = tuple(replace(area, folder=area.folder[len(prefix) :]) for area in layout.areas)
    if not layout.languages and not layout.versions and all(a.folder == a.url and not a.unbuilt for a in areas):
        return None
    return replace(layout, areas=tuple(sorted(areas, key=lambda a: -len(a.folder))))


def site_of(config: Path) -> Path:
    """The site's folder, whose paths the config's folders are given from: the config's own, but for Hugo's
    config/_default/hugo.toml, which is the site's two folders up."""
    in_config_dir = config.parent.name == "_default" and config.parent.parent.name == "config"
    return config.parent.parent.parent if in_config_dir else config.parent


def _starlight(config: Path, whole: bool) -> Layout | None:
    """Starlight's content folder and its locales (see the module's docstring); with the project indexed `whole`,
    Astro's own pages and public files too, and no other Markdown page."""
    content = "src/content/docs/"
    if not (config.parent / content).is_dir():
        return None
    options = JsConfig(config_text(config))
    found = options.values("locales")
    objects = [v for v in found if isinstance(v, dict)]
    arrays = [v for v in found if isinstance(v, list)]
    if not objects and not arrays:  # imported: `import locales from './locales.json'`, then `locales,`
        imported = next((v for n in options.named("locales") if (v := _imported(options, n, config))), None)
        objects, arrays = ([imported], []) if isinstance(imported, dict) else ([], [imported] if imported else [])
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
    on_disk = _folders_by_slug(config.parent / content) if folders else {}
    areas = [Area(f"{content}{d}/", f"{f}/", name(f.lower())) for f in folders for d in on_disk.get(f.lower(), [f])]
    areas.append(Area(content, "", name(root_name)))
    if not whole:
        return Layout("starlight", tuple(areas), tuple(ordered))
    areas += [Area("src/pages/", ""), Area("public/", "", as_is=True)]
    strays = f"outside the site's content folders ({content}, src/pages/): no page of the site"
    return Layout("starlight", tuple(areas), tuple(ordered), strays=strays)


def _imported(options: JsConfig, name: str, config: Path) -> Any:
    """The value the config imports as `name`: a JSON file's (Tauri's `import locales from './locales.json'`) or
    a module's export (Astro's docs: `import { localesConfig } from './config/locales'`)."""
    return options.imported_json(name, config) or options.imported_value(name, config)


def _folders_by_slug(content: Path) -> dict[str, list[str]]:
    """The content folder's folders by their lowercased names: Astro lowercases a page's path into its slug, so
    the locale `zh-cn` holds the pages of `zh-CN/` (Biome's) as well as those of `zh-cn/`."""
    found: dict[str, list[str]] = {}
    for name in folder_names(content):
        found.setdefault(name.lower(), []).append(name)
    return found


def _hugo(config: Path) -> Layout | None:
    """A multilingual Hugo site's content folders and languages (see the module's docstring)."""
    data = lowered(config_mapping(config))
    languages = {str(code).lower(): lowered(table) for code, table in lowered(data.get("languages")).items()}
    if len(languages) < 2 or len(languages) > MAX_NAMES:
        return None
    default = str(data.get("defaultcontentlanguage") or "en").lower()
    in_subdir = data.get("defaultcontentlanguageinsubdir") is True
    disabled = {str(c).lower() for c in listed(data.get("disablelanguages"))}
    disabled |= {code for code, table in languages.items() if table.get("disabled") is True}
    top = site_folder(data.get("contentdir")) or "content/"

    def area(folder: str, code: str) -> Area:
        url = "" if code == default and not in_subdir else f"{code}/"
        why = f"in a language ({code}) that the Hugo config disables: Hugo builds no page of it"
        return Area(folder, url, code, unbuilt=why if code in disabled else "")

    own = _hugo_language_folders(config, data, top, default, list(languages))
    folders: dict[str, list[str]] = {}
    for code, table in languages.items():
        folders.setdefault(site_folder(table.get("contentdir")) or own.get(code) or top, []).append(code)
    areas = [area(folder, default if default in codes else codes[0]) for folder, codes in folders.items()]
    by_name = tuple((code, area("", code)) for code in languages)
    ordered = (default, *sorted(set(languages) - {default}))
    return Layout("hugo", tuple(areas), ordered, by_name=by_name)


def _hugo_language_folders(
    config: Path, data: dict[str, Any], top: str, default: str, codes: list[str]
) -> dict[str, str]:
    """The content folder of each language that no `contentDir` names: a module mount of a folder as the content
    for that language (`module: mounts: [{source: content/fr, target: content, lang: fr}]`); else, when none is
    mounted so and the content folder holds a folder named after the default language and one after another
    (content/en/, content/ja/: OpenTelemetry's, mounted by a generated module file), those folders."""
    found: dict[str, str] = {}
    for mount in listed(lowered(data.get("module")).get("mounts")):
        mount = lowered(mount)
        code, source = str(mount.get("lang") or "").lower(), site_folder(mount.get("source"))
        if code in codes and mount.get("target") == "content" and source:
            found.setdefault(code, source)
    if found:
        return found
    present = [code for code in codes if (site_of(config) / top / code).is_dir()]
    if default in present and len(present) >= 2:
        return {code: f"{top}{code}/" for code in present}
    return {}


def _mintlify(config: Path) -> Layout | None:
    """A Mintlify site's languages: docs.json's `navigation.languages` (each entry, or the file its `$ref` names,
    with its `language`), the first (or the one marked `default`) served at the root, each other from the folder
    named by its code (`fr/`), as Mintlify's own docs keep them."""
    data = config_mapping(config)
    navigation = lowered(data.get("navigation"))
    codes: list[str] = []
    default = ""
    for entry in listed(navigation.get("languages"))[:MAX_NAMES]:
        if isinstance(entry, dict) and isinstance(entry.get("$ref"), str):
            referred = (config.parent / entry["$ref"]).resolve()
            entry = config_mapping(referred) if referred.is_relative_to(config.parent.resolve()) else {}
        if not isinstance(entry, dict):
            continue
        code = entry.get("language")
        if isinstance(code, str) and code and "/" not in code and code not in (".", ".."):
            codes.append(code)
            default = code if entry.get("default") is True else default
    if len(codes) < 2:
        return None
    default = default or codes[0]
    areas = tuple(Area(f"{code}/", f"{code}/", code.lower()) for code in codes if code != default)
    languages = (default.lower(), *sorted(code.lower() for code in codes if code != default))
    return Layout("mintlify", areas, languages, outside=default.lower())


NEXT_PAGES = ("pages/", "src/pages/", "content/")  # Next.js's page routes; Nextra 4's content folder


def nextra_pages(config: Path) -> str:
    """The folder of the pages of the Nextra site whose next.config.* is `config` (pages/, src/pages/, Nextra 4's
    content/); "" when there is none, or the config is that of a Next.js app that is no Nextra site (which may
    read Markdown from anywhere, posts/ or content/: its files are left as they are)."""
    if "nextra" not in config_text(config).lower():
        return ""
    return next((folder for folder in NEXT_PAGES if (config.parent / folder).is_dir()), "")


def _nextra(config: Path) -> Layout | None:
    """A Nextra 2 or 3 site's locales, from Next.js's `i18n: { locales, defaultLocale }` (see the module's
    docstring)."""
    pages = nextra_pages(config)
    if pages not in ("pages/", "src/pages/"):
        return None  # Nextra 4 (content/, app/) keeps each locale in a folder of its own: not told apart here
    options = JsConfig(config_text(config))
    i18n = options.option("i18n", dict)
    if i18n is not None:
        locales, default = listed(i18n.get("locales")), i18n.get("defaultLocale")
    else:
        locales, default = list(options.strings("locales") or ()), options.option("defaultLocale", str)
    names = [n for n in locales if isinstance(n, str) and n and not any(c in n for c in "/.\\")][:MAX_NAMES]
    if len(names) < 2 or not isinstance(default, str) or default not in names:
        return None
    by_name = tuple((name, Area("", "" if name == default else f"{name}/", name.lower())) for name in names)
    languages = (default.lower(), *sorted({name.lower() for name in names} - {default.lower()}))
    return Layout("nextra", (Area(pages, "", default.lower()),), languages, by_name=by_name)


def hugo_content(config: Path) -> str:
    """The folder of a Hugo site's pages, from its folder ("content/" by default): a module mount of a folder as
    the content (gohugo.io's own: content/en), the `contentDir` of its one language (grpc.io's `languages: en:
    contentDir: content/en`, served from the root: its pages were cited at /en/docs/...), or its own
    `contentDir`; "" when that folder is not there. What the config names is read as the loaders read it for
    `GetPage` (hugoparams.content_dirs)."""
    named = content_dirs([config_mapping(config)])
    mounted = [site_folder(source) for source in named.mounted]
    own = site_folder(named.languages[0]) if len(named.languages) == 1 else ""
    folder = (mounted[0] if len(mounted) == 1 else "") or own or site_folder(named.own) or "content/"
    return folder if (site_of(config) / folder).is_dir() else ""


_OLD_HUGO_CONFIGS = [f"config.{ext}" for ext in ("toml", "yaml", "yml", "json")] + [
    f"config/_default/{stem}.{ext}" for stem in ("hugo", "config") for ext in ("toml", "yaml", "yml", "json")
]
_HUGO_BASE_URL = re.compile(rb'(?:^|[{,])[ \t]*"?baseurl"?[ \t]*[=:]', re.IGNORECASE | re.MULTILINE)


def old_hugo_config(folder: Path) -> Path | None:
    """The config of the Hugo site `folder` is the root of, when it is configured as Hugo read it before
    hugo.toml (0.110), and many sites still are: by `config.toml` (`.yaml`, `.yml`, `.json`) or a
    `config/_default/` folder; else None. The names are too common to tell Hugo alone, so it takes a `content/`
    folder beside the config, and one of Hugo's own signs: an `archetypes/` or `layouts/` folder, or a `baseURL`
    setting (Zola, whose sites hold config.toml and content/ too, writes `base_url`)."""
    configs = [folder / name for name in _OLD_HUGO_CONFIGS if os.path.isfile(folder / name)]
    if not configs or not os.path.isdir(folder / "content"):
        return None
    if os.path.isdir(folder / "archetypes") or os.path.isdir(folder / "layouts"):
        return configs[0]
    return next((path for path in configs if _HUGO_BASE_URL.search(_head(path))), None)


def _head(path: Path, size: int = 65_536) -> bytes:
    try:
        return read_regular(path, size)
    except OSError:
        return b""
