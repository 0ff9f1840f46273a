"""A Zola site (zola.toml, or config.toml before Zola 0.20, beside a content/ folder, with templates/, themes/ or
a `theme` setting: zola_config): which of its files are pages and the URL Zola gives each, read from its config
as Zola reads it (components/content/src/page.rs).

- Only the Markdown files of content/ are pages, each served as a folder (`/a/b/`). A section's `_index.md` is
  its folder's page (`content/documentation/_index.md` is `/documentation/`, `content/_index.md` the home page);
  the folders' names are kept as written. A page is its section's folders, then its slug: its front matter
  `slug`, else its file's name (a bundle's `index.md`: its folder's name), a leading date (`2024-05-01-post`,
  `2024-05-01_post`) dropped unless `slugify.paths_keep_dates`; the slug is slugified as `slugify.paths` says
  ("on" by default: lower case ASCII, each run of other characters one `-`; accents dropped). Zola transliterates
  other scripts (`日本` is `ri-ben` there), which nothing here does (no dependency kept well enough): a page whose
  slug comes out empty, a name with no Latin letter or digit (`blog/日本.md`), is cited at its file's path
  (`blog/日本/`), not at `blog//`. A front matter `path` is the page's whole path from the site's root.
- Other files: those of content/ are copied beside their pages, at their paths (a bundle's, below a folder whose
  name its slug changes, at that path too: not followed), and static/ is served from the site's root, as it is.
- Languages: `page.fr.md` (and `_index.fr.md`) is the page of the language `fr` of the config's `languages`,
  served under `/fr/`; the `default_language` ("en") at the root.
- Not pages: a page or section whose front matter says `render = false`, a section that `redirect_to`s another
  address (Zola serves a redirect there), drafts (`draft = true`: Site.drafts), whatever lies below a section
  that is a draft, and the files the config's `ignored_content` (`ignored_static`) globs match.

The config's `base_url` is the address the summary gives for --base-url, from the site's folder, its content/ or
a folder in it: a page's path holds the folders above DOCS in content/ (`documentation/`), as a bundle's slug may
be the name of DOCS itself and a translation's language comes before them.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path, PurePosixPath
from typing import Any

from indexer.ingest.editions import Area, Layout, Place
from indexer.ingest.hugobuild import sections_above
from indexer.ingest.pathglob import path_glob
from indexer.ingest.siteconfig import MAX_NAMES, config_mapping, site_address
from indexer.ingest.unpublished import outside_folders

CONFIGS = ("zola.toml", "config.toml")  # as Zola looks for them: config.toml when there is no zola.toml
CONTENT = "content/"
STATIC = "static/"  # served from the site's root as it is
_FOLDERS = ("templates", "themes")  # one of them beside config.toml tells Zola's site from another's
_MAX_GLOBS, _MAX_GLOB = 100, 200  # ignored_content globs read, and their length
# a name that starts with a date (page.rs's RFC3339_DATE), then optional whitespace, `_` or `-`, and the slug
_DATED = re.compile(
    r"[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])"
    r"(?:T(?:[01][0-9]|2[0-3]):[0-5][0-9]:(?:[0-5][0-9]|60)(?:\.[0-9]+)?(?:Z|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9]))?"
    r"\s?[_-](?P<slug>.+)"
)
_UNSAFE = re.compile(r'[<>:"/\\|?*]')  # what slugify.paths = "safe" takes out


@dataclass(frozen=True)
class ZolaSite:
    """What a Zola site's config says of its pages (see the module docstring): `content`, the path of content/ in
    DOCS ("content/" when DOCS is the site's folder, else ""); `inside`, the path in content/ of the folder DOCS
    is (`documentation/`, "" for content/ itself or the site's folder)."""

    languages: tuple[str, ...]  # the default first, then the others
    slugify: str = "on"
    keep_dates: bool = False
    content: str = ""
    inside: str = ""
    served_at: str = ""  # the config's base_url ("" for a folder of the site outside content/)
    folder: str = ""  # the site's folder, whose content/ files' paths `ignored_content` is matched against
    ignored: tuple[str, ...] = ()  # the config's ignored_content
    ignored_static: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        return "zola-" + hashlib.sha256(repr(self).encode()).hexdigest()[:16]

    @cached_property
    def _ignoring(self) -> tuple[tuple[str, re.Pattern[str]], ...]:
        return tuple((glob, path_glob(glob, crossing=True)) for glob in self.ignored)

    @cached_property
    def _ignoring_static(self) -> tuple[tuple[str, re.Pattern[str]], ...]:
        return tuple((glob, path_glob(glob, crossing=True)) for glob in self.ignored_static)

    def unpublished(self, doc_id: str) -> str | None:
        """Why Zola copies or renders nothing of `doc_id`: a glob of the config's `ignored_content` matches the
        file's whole path (globset's way, pathglob.py's `crossing`: `*.xlsx` any such file), or one of
        `ignored_static` its path in static/."""
        if self.content and doc_id.startswith(STATIC):
            option, path, globs = "ignored_static", doc_id[len(STATIC) :], self._ignoring_static
        elif doc_id.startswith(self.content):
            option, globs = "ignored_content", self._ignoring
            path = f"{self.folder}/{CONTENT}{self.inside}{doc_id[len(self.content) :]}"
        else:
            return None
        glob = next((glob for glob, pattern in globs if pattern.fullmatch(path)), None)
        return None if glob is None else f"ignored by the Zola config ({option}: {glob}): no page of the site"

    def path(self, doc_id: str, front_matter: Mapping[str, Any], pages: bool, extension: str) -> str | None:
        """The page's path on the site (no leading /, ending in / or, with `extension`, in `index` + it), under its
        language's folder (`about.fr.md`, as zola_layout places it), another file's in content/ as it is; None
        outside content/, or when pages are not served under names of their own (`pages`)."""
        if not pages or not doc_id.startswith(self.content):
            return None
        place = self.layout.place(doc_id) if self.layout else Place(doc_id, Area("", ""))
        pure = PurePosixPath(self.inside + place.path)  # in content/, without its language (zola_layout)
        if pure.suffix.lower() != ".md":
            return self.inside + doc_id[len(self.content) :]  # an asset, copied as it is
        name, folders = pure.stem, list(pure.parent.parts)
        own = front_matter.get("path")
        if name == "_index":
            path = "/".join(folders)
        elif isinstance(own, str) and own.strip() and ".." not in own.split("/"):
            return _ended(own.strip().strip("/"), extension)
        elif name == "index" and not folders:
            path = ""  # content/index.md: the home page
        else:
            source = written = folders.pop() if name == "index" else name  # a bundle's index.md: its folder's
            dated = _DATED.fullmatch(source)
            slug = front_matter.get("slug")
            if isinstance(slug, str) and slug.strip():
                source = slug
            elif dated and not self.keep_dates:
                source = dated.group("slug")
            path = "/".join([*folders, self._slugged(source) or written])  # no Latin letter: as it is
        language = place.area.url.rstrip("/")  # "" for the default's
        return _ended(f"{language}/{path}" if language and path else language or path, extension)

    @cached_property
    def layout(self) -> Layout | None:
        """Where the site keeps its pages and languages in DOCS (zola_layout)."""
        return zola_layout(self)

    def _slugged(self, name: str) -> str:
        """A page's slug as `slugify.paths` makes it (utils/src/slugs.rs)."""
        if self.slugify == "off":
            return name
        if self.slugify == "safe":
            return _UNSAFE.sub("", name.rstrip(" ."))
        ascii_only = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
        return re.sub(r"[^a-z0-9]+", "-", ascii_only.lower()).strip("-")


def _ended(path: str, extension: str) -> str:
    if extension:
        return f"{path}/index{extension}" if path else f"index{extension}"
    return f"{path}/" if path else ""


def zola_config(folder: Path) -> tuple[Path, dict[str, Any]] | None:
    """The config of the Zola site whose folder is `folder`, and its settings, read once: its zola.toml, or a
    config.toml beside a content/ folder that sets `base_url` (Zola requires it; Hugo writes `baseURL`) with one
    of Zola's own signs, a templates/ or themes/ folder or a `theme` setting (an app's config.toml may name a
    base_url too); None otherwise."""
    if (folder / CONFIGS[0]).is_file():
        return folder / CONFIGS[0], config_mapping(folder / CONFIGS[0])
    config = folder / CONFIGS[1]
    if not (folder / CONTENT).is_dir() or not config.is_file():
        return None
    settings = config_mapping(config)
    signs = any((folder / name).is_dir() for name in _FOLDERS) or isinstance(settings.get("theme"), str)
    return (config, settings) if isinstance(settings.get("base_url"), str) and signs else None


def zola_site(config: Path, settings: Mapping[str, Any], docs: Path) -> ZolaSite:
    """What the config at `config`, read as `settings`, says of the pages of DOCS (the site's folder, its
    content/, or a folder in it)."""
    default = settings.get("default_language")
    default = default if isinstance(default, str) and default else "en"
    slugify = settings.get("slugify")
    slugify = slugify if isinstance(slugify, dict) else {}
    paths = slugify.get("paths")
    folder, content, here = config.parent.resolve(), (config.parent / CONTENT).resolve(), docs.resolve()
    inside = here.relative_to(content).as_posix() if here.is_relative_to(content) else "."
    return ZolaSite(
        (default, *(code for code in _languages(settings) if code != default)),
        paths if paths in ("on", "safe", "off") else "on",
        slugify.get("paths_keep_dates") is True,
        CONTENT if here == folder else "",
        "" if inside == "." else inside + "/",
        site_address(settings.get("base_url")) if here == folder or here.is_relative_to(content) else "",
        folder.as_posix(),
        _globs(settings.get("ignored_content")),
        _globs(settings.get("ignored_static")),
    )


def zola_layout(site: ZolaSite) -> Layout | None:
    """Where the site keeps its pages in DOCS: indexed from its own folder, content/ and static/ (served from the
    site's root as they are: no page of Markdown there), the rest no page of it; and its languages, each page of
    the default's but those whose file's name gives another (`about.fr.md`), served under `/fr/`. None for a
    site of one language indexed from content/ or a folder in it."""
    default, *others = (code.lower() for code in site.languages)
    if not others and not site.content:
        return None
    languages, language = ((default, *others), default) if others else ((), "")
    by_name = tuple((code, Area("", f"{code}/" if i else "", code.lower())) for i, code in enumerate(site.languages))
    by_name = by_name if others else ()
    if not site.content:
        return Layout("zola", (Area("", "", language),), languages, by_name=by_name)
    areas = (Area(STATIC, "", as_is=True), Area(CONTENT, "", language))
    strays = outside_folders(f"{CONTENT} and {STATIC} folders")
    return Layout("zola", areas, languages, by_name=by_name, strays=strays)


def unrendered(path: Path, doc_id: str, front_matter: Mapping[str, Any]) -> str | None:
    """Why Zola renders no page of the Markdown file `doc_id` (at `path`, read with `front_matter`), or None: its
    own front matter (render = false, a section's redirect_to), or a section above it in DOCS that is a draft,
    read as an include of the file's (so that a change to it reads the file again)."""
    return _own(doc_id, front_matter) or _drafted_section(path)


def _drafted_section(path: Path) -> str | None:
    for _, index, front in sections_above(path):
        if front.get("draft") is True:
            return f"below the section {index}, a draft (draft = true): Zola publishes nothing below it"
    return None


def _own(doc_id: str, front_matter: Mapping[str, Any]) -> str | None:
    if front_matter.get("render") is False:
        return "its front matter says render = false: Zola renders no page of it"
    redirect = front_matter.get("redirect_to")
    if PurePosixPath(doc_id).stem.partition(".")[0] == "_index" and isinstance(redirect, str) and redirect.strip():
        shown = redirect.strip()[:80]
        return f"a section whose front matter says redirect_to = {shown!r}: Zola serves a redirect there, no page"
    return None


def _globs(value: object) -> tuple[str, ...]:
    """A config's list of globs (at most _MAX_GLOBS, each at most _MAX_GLOB characters)."""
    listed = value if isinstance(value, list) else []
    return tuple(glob for glob in listed if isinstance(glob, str) and 0 < len(glob) <= _MAX_GLOB)[:_MAX_GLOBS]


def _languages(settings: Mapping[str, Any]) -> list[str]:
    """The codes of the config's `languages`: a table of tables (Zola 0.15 and later), or a list of `{code = ..}`."""
    declared = settings.get("languages")
    codes: list[object] = []
    if isinstance(declared, dict):
        codes = list(declared)
    elif isinstance(declared, list):
        codes = [entry.get("code") for entry in declared if isinstance(entry, dict)]
    found = [code for code in codes if isinstance(code, str) and code and "/" not in code and "." not in code]
    return found[:MAX_NAMES]
