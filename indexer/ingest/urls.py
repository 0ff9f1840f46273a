"""Documents' URLs: what ChatGPT cites. Never empty, and never anything but http(s) or file://.

A front matter `url` is checked when its file is read (checked_url): an absolute http(s) URL is kept, a path
(`/commands/server/`, Hugo's and Jekyll's form) is kept to be joined to --base-url, anything else
(`javascript:`, `data:`, `file:`, ...) is dropped with a warning. document_url() then picks, in order: the
absolute front matter url; the path joined to --base-url; --base-url joined with the id; a file:// URL.
"""

from __future__ import annotations

import os
from pathlib import PurePosixPath
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


def document_url(doc_id: str, source: str, front_matter_url: str, base_url: str, drop_extensions: bool) -> str:
    """The front matter's url (a path joined to base_url), else base_url joined with the id, else a file:// URL.
    A path with no base_url to join it to is left out."""
    own, _ = checked_url(front_matter_url)  # checked again: an index written before the check may hold any
    if own and not is_relative(own):
        return own
    if own and base_url:
        return base_url.rstrip("/") + "/" + own.lstrip("/")
    if base_url:
        path = doc_id
        if drop_extensions:
            pure = PurePosixPath(doc_id)
            stem = pure.with_suffix("")
            path = f"{stem.parent}/" if pure.stem == "index" else str(stem)
            path = path.removeprefix("./")
        return base_url.rstrip("/") + "/" + quote(path, safe="/")
    return "file://" + quote_from_bytes(os.fsencode(os.path.abspath(source)))  # Path.as_uri(), without Paths
