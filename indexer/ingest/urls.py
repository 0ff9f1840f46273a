"""Documents' URLs: what ChatGPT cites. Never empty, and never anything but http(s) or file://.

A front matter `url` is checked when its file is read (checked_url): an absolute http(s) URL is kept, a path
(`/commands/server/`, Hugo's and Jekyll's form) is kept to be joined to --base-url, anything else
(`javascript:`, `data:`, `file:`, ...) is dropped with a warning. document_url() then picks, in order: the
absolute front matter url; the path joined to --base-url; --base-url joined with the page's path on the site
(site_path: a front matter `slug`, else a Docusaurus `id`, else the document id); a file:// URL.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import PurePosixPath
from typing import Any
from urllib.parse import quote, quote_from_bytes, urlsplit

MAX_URL_CHARS = 2_000
_URL_SAFE = "/:?#[]@!$&'()*+,;=%~"  # what quote() leaves alone in a URL: its delimiters and escapes


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


def document_url(
    doc_id: str, source: str, front_matter: Mapping[str, Any], base_url: str, drop_extensions: bool
) -> str:
    """The front matter's url (a path joined to base_url), else base_url joined with the page's path on the
    site (site_path()), else a file:// URL. A path with no base_url to join it to is left out."""
    own, _ = checked_url(front_matter.get("url"))  # checked again: an index written before the check may hold any
    if own and not is_relative(own):
        return own
    if own and base_url:
        return base_url.rstrip("/") + "/" + own.lstrip("/")
    if base_url:
        return base_url.rstrip("/") + "/" + quote(site_path(doc_id, front_matter, drop_extensions), safe="/")
    return "file://" + quote_from_bytes(os.fsencode(os.path.abspath(source)))  # Path.as_uri(), without Paths


def unjoined_path(front_matter: Mapping[str, Any], base_url: str) -> str:
    """The front matter url when it is a path that document_url() leaves out for want of a base URL, else ""."""
    own, _ = checked_url(front_matter.get("url"))
    return own if own and not base_url and is_relative(own) else ""


def site_path(doc_id: str, front_matter: Mapping[str, Any], drop_extensions: bool) -> str:
    """Where the page is under the site's base URL: its front matter `slug` (Docusaurus and Hugo: `/x` from
    the base, `x` in place of the file's name), else the document id. With drop_extensions (pretty URLs, as
    site generators serve pages) the id loses its extension, `index` pages are their folder, and a front matter
    `id` takes the file's name's place (Docusaurus names a page so; not its folder's index page). Without it the
    id stays the file's path (a site serving the files as they are)."""
    pure = PurePosixPath(doc_id)
    folder = "" if str(pure.parent) == "." else f"{pure.parent}/"
    slug = _path_part(front_matter.get("slug"), slashes=True)
    if slug.startswith("/"):
        return slug.lstrip("/")
    if slug:
        return folder + slug
    if not drop_extensions:
        return doc_id
    if pure.stem == "index":
        return folder
    page = _path_part(front_matter.get("id"), slashes=False)
    return folder + (page or pure.stem)


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
