"""Documents' URLs: what ChatGPT cites. Never empty, and never anything but http(s) or file://.

A front matter `url` is checked when its file is read (checked_url): an absolute http(s) URL is kept, a path
(`/commands/server/`, Hugo's and Jekyll's form) is kept to be joined to --base-url, anything else
(`javascript:`, `data:`, `file:`, ...) is dropped with a warning. document_url() then picks, in order: the
absolute front matter url; the path joined to --base-url; --base-url joined with the page's path on the site
(site_path: a front matter `slug`, else the path the site serves the file at, by the rules of the generator that
publishes the folder: see site.py); a file:// URL.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any
from urllib.parse import quote, quote_from_bytes, urlsplit

from indexer.ingest.mkdocs import MkDocsSite
from indexer.ingest.site import PLAIN, Site, strip_number_prefix

MAX_URL_CHARS = 2_000
# a date in a Docusaurus blog post's path (2017-03-13-intro, 2017/12-14-welcome), the last, as Docusaurus finds it
_POST_DATE = re.compile(r"^(.*)(\d{4}[-/]\d{1,2}[-/]\d{1,2})[-/]?(.*)$")
_NOT_SLUG = re.compile(r"[^\w\- ]")  # what github-slugger drops from a slug (it keeps letters, digits, -, _, spaces)
_URL_SAFE = "/:?#[]@!$&'()*+,;=%~"  # what quote() leaves alone in a URL: its delimiters and escapes
# and in a page's path: `@` and `:` are a path's characters (docusaurus.io/docs/api/plugins/@docusaurus/...,
# developer.mozilla.org/en-US/docs/Web/CSS/:focus), and a path here always follows the base URL's host
_PATH_SAFE = "/@:"
# Files a site generator turns into pages (guides/install.md is served as guides/install or install.html); any
# other file (a PDF, an Office document, a .txt) is served as it is, its extension kept.
PAGE_SUFFIXES = frozenset(
    {".md", ".markdown", ".mdown", ".mkd", ".mdx", ".qmd", ".rmd", ".rst", ".rest", ".ipynb", ".html", ".htm",
     ".xhtml", ".adoc", ".asciidoc", ".org", ".textile", ".cheatmd", ".livemd",
     ".pod", ".pm", ".pl"}  # a Perl project's POD, served as lib/Mojo/Util.pm's Mojo/Util (docs.mojolicious.org)
)  # fmt: skip


@dataclass(frozen=True)
class UrlRules:
    """How documents' URLs are made: --base-url, and how the site serves a page's file (as it is; with no
    extension, --drop-extensions; with .url_extension, --url-extension) by the generator's rules (site)."""

    base_url: str = ""
    drop_extensions: bool = False
    url_extension: str = ""  # without its dot; "" keeps the file's own
    site: Site = PLAIN

    @property
    def pages(self) -> bool:
        """Whether pages are served under names of their own rather than as the files they are."""
        return self.drop_extensions or bool(self.url_extension)


def served_page(path: str, extension: str) -> str:
    """A page's file at the path a site serves it at (a generator's config placed it): its extension replaced by
    `extension` (`guide/cms.md`: `guide/cms.html`, or `guide/cms` for none), an index page at its folder
    (`guide/index.md`: `guide/`, or `guide/index.html`)."""
    folder, _, name = path.rpartition("/")
    folder, stem = folder + "/" if folder else "", os.path.splitext(name)[0]
    if stem == "index":
        return folder + (f"index{extension}" if extension else "")
    return folder + stem + extension


def checked_url(value: object) -> tuple[str, str | None]:
    """A front matter url as it may be kept ("" when it may not), and a warning when it was dropped."""
    if not isinstance(value, str) or not value.strip():
        return "", None
    url = value.strip()
    shown = url if len(url) <= 80 else url[:77] + "..."
    if len(url) > MAX_URL_CHARS:
        return "", f"front matter url is longer than {MAX_URL_CHARS:,} characters; ignored"
    if any(c.isspace() or not c.isprintable() for c in url):
        url = quote(url, safe=_URL_SAFE)
    try:
        parts = urlsplit(url)
    except ValueError:
        return "", f"front matter url {shown!r} is not a URL; ignored"
    if parts.scheme.lower() in ("http", "https") and parts.netloc:
        return url, None
    if parts.scheme:
        return "", f"front matter url {shown!r} is not an http(s) URL; ignored"
    if parts.netloc:  # //host/path
        return "https:" + url, None
    return url, None


def is_relative(url: str) -> bool:
    """Whether a checked front matter url is a path, to be joined to the base URL."""
    return not urlsplit(url).scheme


def document_url(doc_id: str, source: str, front_matter: Mapping[str, Any], rules: UrlRules, title: str = "") -> str:
    """The front matter's url (a path joined to the base URL), else the base URL joined with the page's path on
    the site (site_path(); `title`: the page's, which an MkDocs blog post's path is made of), else a file:// URL.
    A path with no base URL to join it to is left out."""
    own, _ = checked_url(front_matter.get("url"))  # checked again: an index written before the check may hold any
    base_url = rules.base_url
    if own and not is_relative(own):
        return own
    if own and base_url:
        return base_url.rstrip("/") + "/" + own.lstrip("/")
    if base_url:
        return base_url.rstrip("/") + "/" + quote(site_path(doc_id, front_matter, rules, title), safe=_PATH_SAFE)
    return "file://" + quote_from_bytes(os.fsencode(os.path.abspath(source)))  # Path.as_uri(), without Paths


def unjoined_path(front_matter: Mapping[str, Any], base_url: str) -> str:
    """The front matter url when it is a path that document_url() leaves out for want of a base URL, else ""."""
    own, _ = checked_url(front_matter.get("url"))
    return own if own and not base_url and is_relative(own) else ""


def url_warning(doc_id: str, front_matter: Mapping[str, Any], rules: UrlRules, title: str = "") -> str | None:
    """Why document_url() cites the page at its file's path where the site serves it elsewhere (an MkDocs blog
    post whose date or slug cannot be read), or None."""
    config = rules.site.config
    if not isinstance(config, MkDocsSite) or not rules.base_url or checked_url(front_matter.get("url"))[0]:
        return None
    if rules.site.root and doc_id.startswith(rules.site.root):
        doc_id = doc_id[len(rules.site.root) :]
    extension = f".{rules.url_extension}" if rules.url_extension else ""
    return config.post_path(doc_id, front_matter, title, rules.pages, extension)[1]


def site_path(doc_id: str, front_matter: Mapping[str, Any], rules: UrlRules, title: str = "") -> str:
    """Where the page is under the site's base URL: its front matter `slug` (Docusaurus and Hugo: `/x` from the
    base, `x` in place of the file's name), else the document id. When the site serves pages under names of
    their own (rules.pages), a page's file (PAGE_SUFFIXES, or a file the site reads as one of them: a Sphinx
    project's `.txt` sources; other files keep their path) loses its extension or
    takes rules.url_extension, its folder's index page is the folder (`guides/`, or `guides/index.html`), and
    the generator's rules apply (rules.site: Docusaurus strips number prefixes and names a page by its front
    matter `id`; a page in one of the site's areas, an edition or a content plugin's folder, is served under
    that area's path, `fr/`, `docs/2.x/` or a plugin's route, a slug `/x` is taken from there, and a blog post
    named by a date is served in that date's folders; an MkDocs blog's post is served at the path its date and
    its slug or `title` make: mkdocsblog.py). Without them the id stays the file's path (a site
    serving the files as they are). A file in a folder the site serves as it is (Docusaurus's static/) is
    served under that folder's path in either case."""
    read_as = rules.site.reads_as(doc_id)
    place = rules.site.place(doc_id)
    if rules.site.root and doc_id.startswith(rules.site.root):
        doc_id = doc_id[len(rules.site.root) :]  # an mdBook's src/: its pages are served from the book's root
    if place.area.as_is:  # Docusaurus's static/: its files are served as they are, from the site's root
        return place.area.url + place.path
    config = rules.site.config
    extension = f".{rules.url_extension}" if rules.url_extension else ""
    own = config.path(doc_id, front_matter, rules.pages, extension)
    if own is None and isinstance(config, MkDocsSite):  # a blog post: its path is made of its date and title
        own, unmade = config.post_path(doc_id, front_matter, title, rules.pages, extension)
        if unmade:  # its file's path, whatever its slug
            front_matter = {key: value for key, value in front_matter.items() if key != "slug"}
    if own is not None:  # what the site's config says of this file (Jekyll's permalinks, VitePress's public/)
        return own
    page = rules.pages and (PurePosixPath(doc_id).suffix.lower() in PAGE_SUFFIXES or bool(read_as))
    if not page:
        folder = "".join(f"{name}/" for name in PurePosixPath(doc_id).parent.parts)
        slug = _slugged(front_matter, folder)
        return doc_id if slug is None else slug
    site = rules.site
    pure, edition = PurePosixPath(place.path), place.area.url
    strip = site.number_prefixes and place.area.numbered and front_matter.get("parse_number_prefixes") is not False
    folders = [strip_number_prefix(name) if strip else name for name in pure.parent.parts]
    stem = pure.stem
    if site.slugged:  # Astro's collections: each name slugged as github-slugger does (`Inter-Process Communication`)
        folders, stem = [_github_slug(name) for name in folders], _github_slug(stem)
    folder = edition + "".join(f"{name}/" for name in folders)
    slug = _slugged(front_matter, folder, edition)
    if slug is not None:
        path = slug
    elif site.is_index(stem, pure.parent.name):
        path = folder + (f"index{extension}" if extension else "")
        path = path.removesuffix("/") if site.bare_folders else path
    else:
        own = _path_part(front_matter.get("id"), slashes=False) if site.page_ids else ""
        path = folder + (own or (strip_number_prefix(stem) if strip else stem)) + extension
    if place.area.dated and slug is None:
        path = _dated_post(path, edition)
    if site.pretty:  # Hugo: a slug's path too (`slug: My-Post` is my-post/)
        path = path.lower()
    if site.pretty or site.slashed:
        path = path if extension or not path or path.endswith("/") else path + "/"
    return path


def _github_slug(name: str) -> str:
    """A name as github-slugger makes it a slug (Astro's content collections): lower case, its punctuation but
    `-` and `_` dropped, each space a `-`."""
    return _NOT_SLUG.sub("", name.lower()).replace(" ", "-")


def _dated_post(path: str, blog: str) -> str:
    """A Docusaurus blog post's path (`blog`: where the blog is served): a date in its path from the blog's
    folder, with - or / between its parts, is the post's date, served as folders before the rest of that path
    (`2017-03-13-intro.md` is `blog/2017/03/13/intro`, `2021-08-01-launch/index.md` `blog/2021/08/01/launch/`,
    `2017/12-14-welcome.mdx` `blog/2017/12/14/welcome`, `team/2020-05-01-hello.md` `blog/2020/05/01/team/hello`)."""
    match = _POST_DATE.match(path[len(blog) :])
    if not match:
        return path
    folder, date, rest = match.group(1), match.group(2).replace("-", "/"), match.group(3)
    return f"{blog}{date}/{folder}{rest}"


def _slugged(front_matter: Mapping[str, Any], folder: str, edition: str = "") -> str | None:
    """The page's path by its front matter `slug`: `/x` from the site's root (or its edition's: `docs/2.x/x`;
    `/` is that root itself), `x` in place of the file's name in `folder` (the path of its folder on the site);
    None without one."""
    slug = _path_part(front_matter.get("slug"), slashes=True)
    if slug.startswith("/"):
        return edition + slug.lstrip("/")
    return folder + slug if slug else None


def _path_part(value: object, slashes: bool) -> str:
    """A front matter slug or id as a part of a URL's path; "" when it cannot be one (not text, a scheme, `..`,
    spaces or control characters, too long; an id with a slash)."""
    if not isinstance(value, str | int) or isinstance(value, bool):
        return ""
    text = str(value).strip()
    if not text or len(text) > 300 or ":" in text or any(c.isspace() or not c.isprintable() for c in text):
        return ""
    if ("/" in text and not slashes) or ".." in text.split("/"):
        return ""
    return text
