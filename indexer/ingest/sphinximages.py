"""The PDF form of a Sphinx project's image: no page of the site.

`.. image:: _images/triage_process.*` (or `figure`) lets each builder pick, among the files the name matches, one it
can show: the HTML builder an SVG, a PNG, a GIF, a JPEG or a WebP; the LaTeX builder the PDF. The HTML site copies
only the file it picks, so the PDF beside it is served nowhere. As a document it was a result of its own: in Django's
docs, 'ticket triage workflow states' found internals/_images/triage_process.pdf second (a diagram's labels, titled
by the drawing's file name), at a URL the site does not serve.

The rule, in a Sphinx project (conf.py found): a PDF is skipped by design when a page of the project names it by a
wildcard image or figure (`name.*`, from the page's folder, or from conf.py's with a leading "/"; in MyST, a
```{image} or ```{figure} fence) and its folder holds a file of that name the HTML builder takes. A PDF named by its
full name (`:download:`, an image of `x.pdf`), or by no page, stays a document. Pages are read only when such a pair
of files exists (most projects have none), each at most `max_bytes`; the directives are found by one pattern over
its bytes, anchored at a line's start, with no nested repetition.
"""

from __future__ import annotations

import os
import posixpath
import re

from indexer.ingest.fragmentfiles import read_head
from indexer.ingest.scanner import Candidate, Scan
from indexer.ingest.site import Site
from indexer.ingest.sphinxconf import SphinxConfig
from indexer.model import SkippedFile

__all__ = ["leave_out_image_sources"]

_HTML_IMAGES = frozenset({".svg", ".png", ".gif", ".jpg", ".jpeg", ".webp"})  # what Sphinx's HTML builder shows
_PAGES = (".rst", ".rest", ".txt", ".md", ".markdown", ".myst")  # read when conf.py's source suffixes are not known
_WILDCARD = re.compile(
    rb"^[ \t]*(?:\.\.[ \t]+(?:image|figure)::|(?:`{3,}|~{3,}|:{3,})\{(?:image|figure)\})[ \t]*(\S+)\.\*[ \t]*\r?$",
    re.MULTILINE,
)


def leave_out_image_sources(site: Site, found: Scan, max_bytes: int) -> None:
    """The PDFs of `found.files` that are the LaTeX form of a Sphinx project's image are listed as skipped, with
    the reason (see the module docstring)."""
    if not isinstance(site.config, SphinxConfig):
        return
    config = site.config
    paired = {c.id: shown for c in found.files if (shown := _shown_instead(c, config)) is not None}
    if not paired:
        return
    named = _wildcard_images(found.files, config, max_bytes)
    kept = []
    for candidate in found.files:
        shown = paired.get(candidate.id)
        if shown is not None and posixpath.splitext(candidate.id)[0] in named:
            reason = f"the PDF form of an image (Sphinx's HTML pages show the {shown} beside it): no page of the site"
            found.skipped.append(
                (SkippedFile(candidate.id, reason, by_design=True), candidate.size, candidate.mtime_ns)
            )
        else:
            kept.append(candidate)
    found.files = kept


def _shown_instead(candidate: Candidate, config: SphinxConfig) -> str | None:
    """The suffix of the file beside the PDF `candidate` that the HTML builder would show in its place (same name,
    an image's suffix: ".svg"), or None (not a PDF of the project, or no such file). The suffix alone, so that the
    summary gives the reason of many such PDFs one line."""
    stem, suffix = posixpath.splitext(posixpath.basename(candidate.id))
    if suffix.lower() != ".pdf" or not candidate.id.startswith(config.source):
        return None
    try:
        names = sorted(os.listdir(candidate.path.parent))
    except OSError:  # a folder gone meanwhile: the PDF is read (or fails) as any file
        return None
    for name in names:
        other_stem, other_suffix = os.path.splitext(name)
        if other_stem == stem and other_suffix.lower() in _HTML_IMAGES:
            return other_suffix.lower()
    return None


def _wildcard_images(files: list[Candidate], config: SphinxConfig, max_bytes: int) -> set[str]:
    """The ids, without a suffix, that the project's pages name by wildcard images (`name.*`)."""
    suffixes = config.suffixes or _PAGES
    named: set[str] = set()
    for page in files:
        if not page.id.startswith(config.source) or not page.id.lower().endswith(tuple(suffixes)):
            continue
        data = read_head(page.path, max_bytes)
        if b".*" not in data:  # (most pages: found at the speed of memory)
            continue
        folder = posixpath.dirname(page.id)
        for match in _WILDCARD.finditer(data):
            target = match.group(1).decode("utf-8", "replace")
            joined = config.source + target[1:] if target.startswith("/") else posixpath.join(folder, target)
            named.add(posixpath.normpath(joined))
    return named
