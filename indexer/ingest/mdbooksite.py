"""The address an mdBook is served at, for the run's summary to give as --base-url (sitereport.served_at).

book.toml names no site URL of its own (`site-url` is only the path the 404 page's links start with), so a
summary used to advise `--base-url https://SITE`. But a book published on GitHub Pages under a domain of its own
says which: mdBook's `[output.html] cname = "rust-lang.github.io"` writes a CNAME file into the built site, a
`CNAME` file in its src/ is copied there, and one beside book.toml is copied there by the book's CI (the rustc
dev guide's `cp CNAME book/html`). GitHub Pages serves that domain over HTTPS, at the path `site-url` gives.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from indexer.ingest.generators import mdbook_src
from indexer.ingest.siteconfig import site_address

MAX_CNAME_BYTES = 1_024  # a CNAME file holds one domain name; a larger one is read no further than this
_LABEL = r"(?!-)[a-z0-9-]{1,63}(?<!-)"
_DOMAIN = re.compile(rf"{_LABEL}(?:\.{_LABEL})+")  # GitHub Pages takes a host name with a dot, nothing else


def mdbook_served_at(docs: Path, config: Path) -> str:
    """Indexed from an mdBook's folder (book.toml's), its src folder or a folder below that: the domain its
    config's `output.html.cname` or a CNAME file in src/ or beside book.toml names, served over HTTPS at
    `site-url`, joined with DOCS's path in src/; "" when none names a domain, or DOCS lies elsewhere."""
    book = config.parent
    src = book / mdbook_src(book)
    try:
        inside = "" if docs.resolve() == book.resolve() else docs.resolve().relative_to(src.resolve()).as_posix()
    except (OSError, ValueError):
        return ""
    html = _html_output(config)
    domain = _domain(html.get("cname")) or _cname_file(src / "CNAME") or _cname_file(book / "CNAME")
    site_url = html.get("site-url", "/")
    if not domain or not isinstance(site_url, str):
        return ""
    return site_address(f"https://{domain}", site_url, "" if inside == "." else inside)


def _html_output(config: Path) -> dict[str, object]:
    """book.toml's `[output.html]` table ({} when the file cannot be read or holds none)."""
    try:
        with open(config, "rb") as f:
            html = tomllib.load(f).get("output", {}).get("html", {})
    except (OSError, ValueError, AttributeError):
        return {}
    return html if isinstance(html, dict) else {}


def _cname_file(path: Path) -> str:
    """The domain a GitHub Pages CNAME file names (its first line that is not blank), "" for none or another
    thing (a folder, a URL, a file of many words)."""
    try:
        with open(path, "rb") as f:
            head = f.read(MAX_CNAME_BYTES).decode("utf-8", "replace")
    except OSError:
        return ""
    return _domain(next((line for line in head.splitlines() if line.strip()), ""))


def _domain(value: object) -> str:
    """`value` as a host name in lower case when it is one (`rustc-dev-guide.rust-lang.org`), else ""."""
    if not isinstance(value, str) or len(value) > 253:
        return ""
    name = value.strip().rstrip(".").lower()
    return name if _DOMAIN.fullmatch(name) else ""
