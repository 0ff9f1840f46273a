"""The summary a run of the indexer prints on stderr: what it did, what it skipped and why, its warnings, and
advice on what the command line could say better (the --base-url a site is served at, a folder that holds the
site's pages). File names and reasons are printed as one line each, whatever they hold. The same advice given
for many pages (autodoc's objects not found on each API page of a project whose source DOCS does not hold) is said
once, with how many pages and a few of them: the run's report keeps every warning, page by page."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from dataclasses import dataclass

from indexer.model import IndexReport, SkippedFile
from indexer.settings import IndexerSettings

__all__ = ["print_report", "shown"]

_GROUPED = 10  # files skipped by design, from which on those of one reason are listed as one line
_FOLDED = 3  # pages given the same advice, from which on it is said once for them
_EXAMPLES = 3  # the pages named in a line said for many


@dataclass(frozen=True)
class _Advice:
    """A kind of warning whose remedy is one thing outside the pages given it (an option, a file they all
    include, a package to install), known by its text's `pattern`. When the pattern has a group `subject`, the
    page's own part of the text (the objects or files it names), the pages told the same are those of one `said`:
    the advice without it, filled in from the pattern's other groups; else those of one text."""

    pattern: re.Pattern[str]
    said: str = ""


_ADVICE = (
    _Advice(  # autodoc.py and mkdocstrings.py: the Python source of the objects a page documents not found
        re.compile(
            r"(?P<tool>[\w-]+): (?P<subject>.+?) not found in the Python source in (?P<where>.+): "
            r"only the name is shown"
        ),
        "{tool}: objects not found in the Python source in {where}: only their names are shown",
    ),
    _Advice(  # autodocunfound.py: the modules those objects come from are built (from C, a template)
        re.compile(
            r"(?P<tool>[\w-]+): (?P<subject>.+?) (?:has|have) no Python source in (?P<where>.+?) "
            r"\(made when the package is built, from C or a template\): the objects taken from (?:it|them) show "
            r"their names alone"
        ),
        "{tool}: modules they take objects from have no Python source in {where} (made when the package is built, "
        "from C or a template): those objects show their names alone",
    ),
    _Advice(  # includes.py, Reading.refuse(): files named outside DOCS or --includes-from
        re.compile(r"(?P<subject>.+?) (?:are|is) outside (?P<where>.+): not included(?P<hint>.*)"),
        "files they include or import are outside {where}: not included{hint}",
    ),
    _Advice(re.compile(r"included file .+ (?:does not exist|cannot be read: .+)")),  # includes.py: one file
    _Advice(re.compile(r"include:: targets name \{[\w-]+\}, an attribute no page or file defines .+")),  # asciidoc
    _Advice(re.compile(r".+/\.\.\.: not included: no node_modules/.+ above the page holds the files it imports .+")),
)


def print_report(report: IndexReport, settings: IndexerSettings, quiet: bool = False) -> None:
    """The run's summary, on stderr."""
    counts = f"{report.added} added, {report.updated} updated, {report.removed} removed"
    if report.moved:
        counts += f", {report.moved} moved"
    where = settings.index
    if report.changed:
        head = f"indexed into {where} (generation {report.generation}) in {report.elapsed:.1f} s: {counts}"
    else:
        head = f"{where} is up to date: {counts} ({report.unchanged:,} unchanged, {report.elapsed:.2f} s)"
    lines = [head]
    if not quiet:
        lines.append(f"  {report.documents:,} documents in the index; {report.unchanged:,} files unchanged")
        if report.bytes_read:
            rate = report.bytes_read / 1e6 / max(report.elapsed, 1e-6)
            lines.append(
                f"  read {report.bytes_read / 1e6:,.1f} MB, {report.text_chars / 1e6:,.1f} M characters of text "
                f"({rate:.1f} MB/s)"
            )
        if report.skipped:
            lines.append(f"  skipped {len(report.skipped)} file(s):")
            lines += _skipped_lines(report.skipped)
        if report.warnings:
            lines.append(f"  indexed with warnings, {len(report.warnings)}:")
            lines += _warning_lines(report.warnings)
    elif report.skipped or report.warnings:  # counted, so that a quiet run still says there is something to see
        held = [f"skipped {len(report.skipped)} file(s)"] if report.skipped else []
        held += [f"{len(report.warnings)} warning(s)"] if report.warnings else []
        lines.append(f"  {', '.join(held)}; run without --quiet for the list")
    lines += _advice(report, settings, quiet)
    print("\n".join(lines), file=sys.stderr, flush=True)


def _advice(report: IndexReport, settings: IndexerSettings, quiet: bool) -> list[str]:
    """What the summary says of the URLs the pages will be cited by, then of what DOCS does not hold."""
    return _url_advice(report, settings, quiet) + _folder_advice(report, settings, quiet)


def _url_advice(report: IndexReport, settings: IndexerSettings, quiet: bool) -> list[str]:
    """The option or the address --base-url should be given for the URLs the site serves."""
    lines: list[str] = []
    if settings.base_url and report.url_option and not (settings.drop_extensions or settings.url_extension):
        lines.append(
            f"  DOCS is built with {report.site}: with --base-url alone, each page's URL is its file's path under "
            f"it; add {report.url_option} for the URLs the site serves"
        )
    told = not settings.base_url and bool(report.served_at or report.url_option) and not quiet
    option = f" {report.url_option}" if not (settings.drop_extensions or settings.url_extension) else ""
    if told and report.served_at:
        lines.append(
            f"  no --base-url: pages are cited by file:// URLs; the site's config says it is served at "
            f"{shown(report.served_at)}: --base-url {shown(report.served_at)}{option} cites them as the site does"
        )
    elif told:  # an mdBook's book.toml, a Sphinx conf.py: no address, but the URLs the site gives its pages
        lines.append(
            f"  no --base-url: pages are cited by file:// URLs; DOCS is built with {report.site}: --base-url "
            f"https://SITE{option} cites them as the site does"
        )
    count, example = report.unjoined_urls
    if count and not told:  # (else said above: those pages are among the ones it cites)
        lines.append(
            f"  {count:,} document(s) given a URL in this run have a front matter url that is a path (e.g. "
            f"{shown(example)[:80]}) and no --base-url says which site it is on: they are cited by file:// URLs; "
            "give --base-url https://SITE"
        )
    return lines


def _folder_advice(report: IndexReport, settings: IndexerSettings, quiet: bool) -> list[str]:
    """The config DOCS was read by, the folders that hold the site's pages or the site itself, the types no
    loader reads."""
    lines: list[str] = []
    own, missing = (shown(path) for path in report.inherit_missing)
    lacking = f"{own} INHERITs {missing}, which is not there (a build step writes it?)" if missing else ""
    if report.site_configs and not quiet:
        first, *others = (shown(config) for config in report.site_configs)
        also = f" ({', '.join(others)} build{'s' if len(others) == 1 else ''} another: not read)" if others else ""
        said = lacking or "no mkdocs.yml"
        lines.append(f"  {said}: DOCS is read as the {report.site} site that {first} builds{also}")
    elif lacking and not quiet:
        lines.append(f"  {lacking}: the site is read without the settings it gives (its address, its extensions)")
    for path, route in report.docs_beside if not quiet or not report.documents else ():
        site = (settings.base_url or report.served_at or "https://SITE").rstrip("/")  # Redux: https://redux.js.org
        lines.append(
            f"  the site's docs plugin reads {shown(path)}, outside DOCS: its pages, served at /{shown(route)}, are "
            f"not in this index; index that folder for them (--base-url {site}/{shown(route)})"
        )
    if report.includes_held_by and not quiet:
        where = "--includes-from" if settings.includes_from else "DOCS"
        lines.append(
            f"  pages include files from outside {where}: --includes-from {shown(report.includes_held_by)} holds them"
        )
    nested, folder = report.nested_site
    if nested and report.site and not quiet:  # DOCS holds GitBook's files: maybe left from a site it no longer has
        lines.append(
            f"  DOCS holds {report.site}'s files, but {folder}/ holds a site ({nested}) too: if that site publishes "
            "these pages, index that folder for them and the URLs it serves"
        )
    elif nested and (not report.documents or not quiet):
        lines.append(
            f"  no site generator's files are in DOCS or above it, but {folder}/ holds a site ({nested}): index "
            "that folder for its pages and the URLs it serves (here every file is a document, at its path)"
        )
    if report.unread and (not quiet or not report.documents):
        kinds = ", ".join(f"{shown(suffix) or '(no extension)'} {count:,}" for suffix, count in report.unread[:12])
        more = f", and {len(report.unread) - 12} more types" if len(report.unread) > 12 else ""
        total = sum(count for _, count in report.unread)
        lines.append(f"  {total:,} file(s) of types no loader reads: {kinds}{more}")
    return lines


def _skipped_lines(skipped: tuple[SkippedFile, ...]) -> list[str]:
    """One line per skipped file, but for files skipped by design (pages the site does not publish: an mdBook's
    listings, hundreds; a site's translations, one reason per language) when they are many: then one line for
    each reason that two or more of them share, with a few of them. A file skipped for a fault of its own is
    always named."""
    grouped = sum(item.by_design for item in skipped) >= _GROUPED
    kinds = [(item.reason if item.by_design and grouped else "", "") for item in skipped]
    return _folded(skipped, kinds, 2, "files", lambda ids: "e.g. " + ", ".join(shown(i) for i in list(ids)[:_EXAMPLES]))


def _warning_lines(warnings: tuple[SkippedFile, ...]) -> list[str]:
    """One line per warning, but for the same advice given for _FOLDED pages or more (_ADVICE): then one line,
    where the first of them was, with how many pages and a few of them (with the objects or files each names).
    Any other warning, one about the page itself (no text layer, a title cut), keeps a line for each page
    however many share its text: each page is the one to look at."""
    return _folded(warnings, [_said(warning.reason) for warning in warnings], _FOLDED, "pages", _examples)


def _folded(
    items: tuple[SkippedFile, ...],
    kinds: list[tuple[str, str]],
    least: int,
    noun: str,
    examples: Callable[[dict[str, str]], str],
) -> list[str]:
    """One line per item, "id: reason", but for the items of one kind (`kinds`, one per item: what is said of
    them all, "" for none, and the item's own part of it) when `least` or more files share it: then one line,
    where the first of them was, with how many `noun` and `examples` of them (given each file's own part)."""
    told: dict[str, dict[str, str]] = {}  # each kind: the files of it, and the first own part of each
    for item, (said, subject) in zip(items, kinds, strict=True):
        if said:
            told.setdefault(said, {}).setdefault(item.id, subject)
    lines, done = [], set()
    for item, (said, _) in zip(items, kinds, strict=True):
        ids = told.get(said, {}) if said else {}
        if len(ids) < least:
            lines.append(f"    {shown(item.id)}: {shown(item.reason)}")
        elif said not in done:
            done.add(said)
            lines.append(f"    {len(ids):,} {noun}: {shown(said)} ({examples(ids)})")
    return lines


def _said(reason: str) -> tuple[str, str]:
    """The advice a warning gives whatever its page, and the page's own part of it (else ""); ("", "") for a
    warning that is no such advice."""
    for advice in _ADVICE:
        match = advice.pattern.fullmatch(reason)
        if match:
            fields = match.groupdict()
            return (advice.said.format(**fields) if advice.said else reason), fields.get("subject") or ""
    return "", ""


def _examples(pages: dict[str, str]) -> str:
    """A few of the pages given the same advice, each with its own part of it when it has one, and how many
    more."""
    named = list(pages.items())[:_EXAMPLES]
    more = len(pages) - len(named)
    if not any(subject for _, subject in named):
        return ", ".join([shown(page) for page, _ in named] + ([f"and {more:,} more"] if more else []))
    listed = [f"{shown(page)}: {shown(subject)}" for page, subject in named]
    return "; ".join(listed + ([f"and {more:,} more page{'s' if more > 1 else ''}"] if more else []))


def shown(text: str) -> str:
    """A file name or reason as one line of the summary: control characters (a newline in a file name would
    forge a line) and other unprintable characters escaped, as Python writes them."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
