"""The domain a site published on GitHub Pages is served at, from its CNAME file, for the run's summary to give as
--base-url when the site's config names no address (sitereport.served_at).

GitHub Pages serves a site under a domain of its own when the built site holds a file named CNAME that names it
(one host name; GitHub's own tools write it so). A generator copies the file there from the folder it serves as
is: an MkDocs project's docs_dir (as `mkdocs gh-deploy` documents it), a Jekyll site's source folder (GitHub's
Jekyll then takes its `site.url` from it), a Hugo site's static/, a VitePress site's public/ (in srcDir), an
mdBook's src/ (mdbooksite.py), or a CI step does (the rustc dev guide's `cp CNAME book/html`). GitHub Pages
serves such a domain over HTTPS.
"""

from __future__ import annotations

import re
from pathlib import Path

from indexer.ingest.siteconfig import site_address
from indexer.loaders.regular import read_regular

MAX_CNAME_BYTES = 1_024  # a CNAME file holds one domain name; a larger one is read no further than this
_LABEL = r"(?!-)[a-z0-9-]{1,63}(?<!-)"
_DOMAIN = re.compile(rf"{_LABEL}(?:\.{_LABEL})+")  # GitHub Pages takes a host name with a dot, nothing else


def pages_address(folders: tuple[Path, ...], *paths: object) -> str:
    """`https://DOMAIN/` joined with `paths` (as site_address joins them) for the first of `folders` whose CNAME
    file names a domain; "" when none does."""
    domain = pages_domain(folders)
    return site_address(f"https://{domain}", *paths) if domain else ""


def pages_domain(folders: tuple[Path, ...]) -> str:
    """The domain the CNAME file of the first of `folders` that has one names; "" when none does."""
    return next((found for folder in folders if (found := cname_file(folder / "CNAME"))), "")


def cname_file(path: Path) -> str:
    """The domain a CNAME file names (its first line that is not blank), "" for none or another thing (a folder,
    a named pipe, a URL, a file of many words, bytes that are no text). Opened without blocking: a named pipe
    has no writer, and the run waited for one for ever."""
    try:
        data = read_regular(path, MAX_CNAME_BYTES)
    except OSError:
        return ""
    head = data.decode("utf-8", "replace")
    return domain_name(next((line for line in head.splitlines() if line.strip()), ""))


def domain_name(value: object) -> str:
    """`value` as a host name in lower case when it is one (`rustc-dev-guide.rust-lang.org`), else ""."""
    if not isinstance(value, str) or len(value) > 253:
        return ""
    name = value.strip().rstrip(".").lower()
    return name if _DOMAIN.fullmatch(name) else ""
