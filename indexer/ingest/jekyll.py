"""A Jekyll site (GitHub Pages' generator), indexed from its own folder (the one with _config.yml): which of its
files are pages, and the URL Jekyll gives each, read from its config as Jekyll reads it.

- Pages: a Markdown or HTML file outside the folders Jekyll keeps for itself is served at `/:path/:basename` +
  `.html` (`about.md` is `about.html`; `guides/index.md` is `guides/`), or `/:path/:basename/` when the config's
  `permalink` is `pretty`. Any Markdown file is a page, with front matter or without (GitHub Pages' default
  plugins, optional-front-matter and readme-index, make them so: `README.md` is its folder's page where the
  folder has no index page).
- Collections (`collections: {docs: {output: true, permalink: ...}}`, in `_docs/`, or under `collections_dir`):
  a collection the config outputs is served by its `permalink` (default `/:collection/:path` + `.html`); one it
  does not output makes no page. Posts (`_posts/2025-01-29-title.md`) are the `posts` collection, served by the
  config's `permalink` style (`date`: `/:categories/:year/:month/:day/:title.html`; pretty, ordinal, none, or a
  template of its own); the date is the front matter's, else the file name's.
- A page's own front matter `permalink` wins (its placeholders filled in).
- The config's `source` names the folder the pages are read from (home-assistant.io's `source: source`): indexed
  from the config's folder, a file outside it is no page and one in it is served by its path there; indexed
  from that folder itself, the config above it is the site's.
- Not pages: folders and files whose names start with `_` or `.` that are no collection (`_includes/`,
  `_layouts/`, `_data/`, `_sass/`), drafts (`_drafts/`), and what the config's `exclude` names (with Jekyll's
  own: Gemfile, node_modules, vendor/...).

`.html` is how the site's own rules end a page: with --drop-extensions it is left out (GitHub Pages serves both),
with --url-extension its extension is put in its place; a permalink ending in `/` keeps its slash.
"""

from __future__ import annotations

import fnmatch
import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from indexer.ingest.siteconfig import MAX_NAMES, config_mapping, site_folder
from indexer.loaders.frontmatter import written_date

CONFIGS = ("_config.yml", "_config.yaml", "_config.toml")  # the first found, as Jekyll looks for them
MARKDOWN = frozenset({".md", ".markdown", ".mkdown", ".mkdn", ".mkd", ".mdown"})
PAGES = MARKDOWN | {".html", ".htm"}
STYLES = {
    "none": "/:categories/:title:output_ext",
    "date": "/:categories/:year/:month/:day/:title:output_ext",
    "ordinal": "/:categories/:year/:y_day/:title:output_ext",
    "pretty": "/:categories/:year/:month/:day/:title/",
}
_DEFAULT_EXCLUDES = (".sass-cache", ".jekyll-cache", "gemfiles", "Gemfile", "Gemfile.lock", "node_modules",
                     "vendor/bundle/", "vendor/cache/", "vendor/gems/", "vendor/ruby/")  # fmt: skip
_POST_NAME = re.compile(r"^(\d{2,4})-(\d{1,2})-(\d{1,2})-(.*)$")  # 2025-01-29-title
_PLACEHOLDER = re.compile(r":([a-z_]+)")
_UNSAFE = re.compile(r"[^A-Za-z0-9._~!$&'()+,;=@]+")  # what Jekyll's "pretty" slugs replace with -


@dataclass(frozen=True)
class Collection:
    label: str
    folder: str  # in the site's folder, ending in "/": `_docs/`
    output: bool
    permalink: str  # "" for the default


@dataclass(frozen=True)
class JekyllSite:
    """What the config of a Jekyll site says of its pages (see the module docstring)."""

    folder: str  # the site's source folder (whether a folder has an index page is looked up there)
    collections: tuple[Collection, ...]
    permalink: str  # the site's permalink style or template ("date" by default)
    exclude: tuple[str, ...]
    source: str = ""  # the source folder in DOCS ("source/"), "" when DOCS is the source folder

    @property
    def key(self) -> str:
        return hashlib.sha256(repr(self).encode()).hexdigest()[:16]

    def collection(self, doc_id: str) -> Collection | None:
        return next((c for c in self.collections if doc_id.startswith(c.folder)), None)

    def unpublished(self, doc_id: str) -> str | None:
        """Why Jekyll makes no page or file of `doc_id`, or None."""
        if not doc_id.startswith(self.source):
            return f"outside the Jekyll site's source folder ({self.source}, the config's `source`): no page of it"
        doc_id = doc_id[len(self.source) :]
        pattern = next((p for p in (*self.exclude, *_DEFAULT_EXCLUDES) if _excluded(doc_id, p)), None)
        if pattern is not None:
            return f"excluded by the Jekyll config (exclude: {pattern}): no page of the site"
        collection = self.collection(doc_id)
        if collection is not None:
            if collection.output:
                return None
            return (
                f"in the Jekyll collection {collection.label}, which the config does not output (output: true "
                "would publish it): no page of the site"
            )
        parts = doc_id.split("/")
        if parts[0] == "_drafts":
            return "a Jekyll draft (_drafts/), which Jekyll publishes only when asked to (--drafts)"
        if any(part.startswith(("_", ".")) for part in parts):
            return (
                "in a file or folder Jekyll keeps for itself (a name starting with _ that is no collection: "
                "_includes, _layouts, _data...): no page of the site"
            )
        return None

    def path(self, doc_id: str, front_matter: Mapping[str, Any], pages: bool, extension: str) -> str | None:
        """The page's path on the site (no leading /), `extension` in the place of `.html` ("" to drop it); None
        for a file that is no page, or when the site is not taken to serve pages under names of their own
        (`pages`: --drop-extensions or --url-extension)."""
        if not doc_id.startswith(self.source):
            return None
        doc_id = doc_id[len(self.source) :]
        pure = PurePosixPath(doc_id)
        if not pages or pure.suffix.lower() not in PAGES:
            return None
        own = front_matter.get("permalink")
        collection = self.collection(doc_id)
        if collection is None:
            folder = "" if str(pure.parent) == "." else str(pure.parent)
            index = pure.stem == "index" or (pure.stem.lower() == "readme" and not self._has_index(folder))
            template = "/:path/" if index else _with_suffix("/:path/:basename", self.permalink)
            values = {"path": folder, "basename": pure.stem, "output_ext": ".html"}
        else:
            inside = PurePosixPath(doc_id[len(collection.folder) :])
            values = self._document_values(collection, inside, front_matter)
            template = collection.permalink or (
                STYLES.get(self.permalink, self.permalink)
                if collection.label == "posts"
                else _with_suffix("/:collection/:path", self.permalink)
            )
        if isinstance(own, str) and own.strip():
            template = own.strip()
        url = _PLACEHOLDER.sub(lambda m: values.get(m.group(1), m.group(0)), template)
        url = re.sub(r"/{2,}", "/", "/" + url.replace("..", "/").replace("./", ""))
        if url.endswith(".html"):
            url = url[: -len(".html")] + extension
        return url.lstrip("/")

    def _has_index(self, folder: str) -> bool:
        there = Path(self.folder, folder)
        return any((there / f"index{suffix}").is_file() for suffix in PAGES)

    @staticmethod
    def _document_values(collection: Collection, inside: PurePosixPath, front: Mapping[str, Any]) -> dict[str, str]:
        name = inside.stem
        date: tuple[str, str, str] | None = None
        post = _POST_NAME.match(name)
        if post:
            date = (post.group(1), post.group(2).zfill(2), post.group(3).zfill(2))
            name = post.group(4)
        written = written_date(front.get("date"))
        if written is not None:
            date = (f"{written.year:04d}", f"{written.month:02d}", f"{written.day:02d}")
        slug = front.get("slug") if isinstance(front.get("slug"), str) and front.get("slug") else name
        categories = [*_listed(front.get("categories")), *_listed(front.get("category"))]
        values = {
            "collection": collection.label,
            "path": str(inside.with_suffix("")),
            "name": _UNSAFE.sub("-", name.lower()).strip("-"),
            "title": _UNSAFE.sub("-", str(slug)).strip("-"),
            "slug": _UNSAFE.sub("-", str(slug).lower()).strip("-"),
            "categories": "/".join(dict.fromkeys(str(c).lower() for c in categories)),
            "output_ext": ".html",
        }
        if date is not None:
            values |= {"year": date[0], "month": date[1], "day": date[2], "i_month": str(int(date[1])),
                       "i_day": str(int(date[2])), "short_year": date[0][-2:]}  # fmt: skip
        return values


def jekyll_site(folder: Path, docs: Path | None = None) -> JekyllSite | None:
    """The Jekyll site whose folder is `folder` (its _config.yml there), indexed from `docs` (`folder` itself by
    default, or the source folder its config names), or None: no config, a Jupyter Book's (a _toc.yml beside
    it: that _config.yml is Sphinx's), or DOCS another folder."""
    config = next((folder / name for name in CONFIGS if (folder / name).is_file()), None)
    if config is None or (folder / "_toc.yml").exists():
        return None
    data = config_mapping(config)
    source = site_folder(data.get("source"))
    if docs is not None and docs.resolve() != folder.resolve():
        if not source or docs.resolve() != (folder / source).resolve():
            return None
        folder, source = docs, ""
    collections_dir = site_folder(data.get("collections_dir"))
    declared = data.get("collections")
    if isinstance(declared, list):  # an older form: names alone
        declared = {name: {} for name in declared if isinstance(name, str)}
    declared = declared if isinstance(declared, dict) else {}
    found: dict[str, Collection] = {}
    for label, meta in list(declared.items())[:MAX_NAMES]:
        if not isinstance(label, str) or not label or "/" in label:
            continue
        meta = meta if isinstance(meta, dict) else {}
        permalink = meta.get("permalink")
        permalink = permalink if isinstance(permalink, str) else ""
        output = meta.get("output") is True or label == "posts"
        found[label] = Collection(label, f"{collections_dir}_{label}/", output, permalink)
    found.setdefault("posts", Collection("posts", f"{collections_dir}_posts/", True, ""))
    style = data.get("permalink")
    exclude = tuple(str(p) for p in data.get("exclude") or () if isinstance(p, str | int))[:MAX_NAMES]
    style = style if isinstance(style, str) and style else "date"
    return JekyllSite(str(folder / source), tuple(found.values()), style, exclude, source)


def _with_suffix(template: str, style: str) -> str:
    """Jekyll's add_permalink_suffix: `/` for pretty, `:output_ext` for date, ordinal and none, else what the
    site's own template ends with."""
    if style == "pretty":
        return template + "/"
    if style in ("date", "ordinal", "none", "weekdate"):
        return template + ":output_ext"
    return template + ("/" if style.endswith("/") else ":output_ext" if style.endswith(":output_ext") else "")


def _excluded(doc_id: str, pattern: str) -> bool:
    """Whether Jekyll's `exclude` entry `pattern` covers `doc_id` (the path itself, a folder above it, or a glob)."""
    pattern = pattern.strip().lstrip("/")
    if not pattern:
        return False
    folder = pattern.rstrip("/")
    return doc_id == folder or doc_id.startswith(folder + "/") or fnmatch.fnmatchcase(doc_id, pattern)


def _listed(value: object) -> list[str]:
    if isinstance(value, str):
        return value.split()
    return [str(v) for v in value if isinstance(v, str | int)] if isinstance(value, list) else []
