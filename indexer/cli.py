"""`python -m indexer DOCS --index DIR`: the command-line shell around update_index()."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path

from pydantic import ValidationError

from indexer.embed.model import Encoder, check_source, default_model
from indexer.errors import IndexerError
from indexer.ingest.embedding import embed_index, model_folder
from indexer.ingest.pipeline import update_index
from indexer.model import IndexReport, SkippedFile
from indexer.progress import ProgressDisplay
from indexer.settings import ENV_PREFIX, IndexerSettings

log = logging.getLogger("indexer")
SCRIPT = "docsearch-index"  # pyproject's console script for main()


_GROUPED = 10  # files skipped by design, from which on those of one reason are listed as one line


def build_parser(defaults: IndexerSettings) -> argparse.ArgumentParser:
    fields = IndexerSettings.model_fields

    def helptext(name: str) -> str:
        env = ENV_PREFIX + name.upper()
        return f"{fields[name].description} [env {env}; default: {getattr(defaults, name)}]"

    parser = argparse.ArgumentParser(
        prog=SCRIPT if os.path.basename(sys.argv[0]) == SCRIPT else "python -m indexer",
        description="Index a folder of documents (Markdown, PDF, text, HTML) for the docsearch MCP server. "
        "Re-runs update the index incrementally; readers keep the last complete index while it is written.",
    )
    parser.add_argument("docs", type=Path, metavar="DOCS", help="the folder of documents to index")
    parser.add_argument("--index", type=Path, default=defaults.index, metavar="DIR", help=helptext("index"))
    parser.add_argument("--rebuild", action="store_true", help="rebuild the whole index instead of updating it")
    parser.add_argument("--base-url", default=defaults.base_url, metavar="URL", help=helptext("base_url"))
    parser.add_argument(
        "--drop-extensions",
        action=argparse.BooleanOptionalAction,
        default=defaults.drop_extensions,
        help=helptext("drop_extensions"),
    )
    parser.add_argument(
        "--url-extension", default=defaults.url_extension, metavar="EXT", help=helptext("url_extension")
    )
    parser.add_argument("--languages", default=defaults.languages, metavar="LIST", help=helptext("languages"))
    parser.add_argument("--versions", default=defaults.versions, metavar="LIST", help=helptext("versions"))
    parser.add_argument(
        "--includes-from", type=Path, default=defaults.includes_from, metavar="DIR", help=helptext("includes_from")
    )
    parser.add_argument(
        "--max-file-size", type=float, default=defaults.max_file_size, metavar="MB", help=helptext("max_file_size")
    )
    parser.add_argument("--workers", type=int, default=defaults.workers, metavar="N", help=helptext("workers"))
    parser.add_argument(
        "--parse-timeout", type=float, default=defaults.parse_timeout, metavar="S", help=helptext("parse_timeout")
    )
    parser.add_argument(
        "--follow-symlinks",
        action=argparse.BooleanOptionalAction,
        default=defaults.follow_symlinks,
        help=helptext("follow_symlinks"),
    )
    parser.add_argument(
        "--embeddings", action=argparse.BooleanOptionalAction, default=defaults.embeddings, help=helptext("embeddings")
    )
    parser.add_argument(
        "--embedding-model",
        type=Path,
        default=defaults.embedding_model,
        metavar="DIR",
        help=helptext("embedding_model"),
    )
    parser.add_argument("--watch", action="store_true", help="after indexing, keep the index current as files change")
    parser.add_argument("-q", "--quiet", action="store_true", help="print only errors and the summary's first line")
    return parser


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(stream=sys.stderr, level=logging.INFO, format="%(message)s")
    try:
        defaults = IndexerSettings()
    except ValidationError as exc:
        print(f"indexer: error: bad environment setting: {_first_error(exc)}", file=sys.stderr)
        return 2
    parser = build_parser(defaults)
    args = parser.parse_args(argv)
    try:
        settings = IndexerSettings(
            index=args.index,
            base_url=args.base_url,
            drop_extensions=args.drop_extensions,
            url_extension=args.url_extension,
            languages=args.languages,
            versions=args.versions,
            includes_from=args.includes_from,
            max_file_size=args.max_file_size,
            workers=args.workers,
            parse_timeout=args.parse_timeout,
            follow_symlinks=args.follow_symlinks,
            embeddings=args.embeddings,
            embedding_model=args.embedding_model,
        )
    except ValidationError as exc:
        parser.error(_first_error(exc))
    try:
        model = _model_source(settings)  # a model folder that cannot load stops the run before it starts
        _run(args.docs, settings, args.rebuild, args.quiet)
        encoders: list[Encoder] = []  # loaded once, for the first run that embeds
        if model is not None:
            _embed(settings, model, encoders, args.quiet)
        if args.watch:
            from indexer.watch import watch_folder

            def on_report(report: IndexReport) -> None:
                print_report(report, settings, quiet=True)
                if model is not None:
                    _embed(settings, model, encoders, quiet=True)

            log.info("watching %s for changes (Ctrl-C to stop)", args.docs)
            watch_folder(args.docs, settings, on_report)
        return 0
    except EmbeddingInterrupted:
        print("indexer: interrupted while embedding; the index is searchable (by words alone for passages with no "
              "vector yet) and the vectors made so far are kept: run the same command again to finish",
              file=sys.stderr)  # fmt: skip
        return 130
    except IndexerError as exc:
        print(f"indexer: error: {shown(str(exc))}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("indexer: interrupted; the index was left as it was before this run", file=sys.stderr)
        return 130
    except Exception as exc:  # a bug: still one line, and the index as it was (each run writes a new generation)
        log.debug("unexpected failure", exc_info=True)
        reason = " ".join(str(exc).split())[:300]
        print(f"indexer: error: unexpected {type(exc).__name__}: {reason}; the index was left as it was "
              "(please report this)", file=sys.stderr)  # fmt: skip
        return 1


class EmbeddingInterrupted(Exception):
    """Ctrl-C while the vectors were being made (after the lexical index was published)."""


def _model_source(settings: IndexerSettings) -> Path | None:
    """The model folder to embed with (checked: EmbeddingModelError says what is missing); None: no embeddings."""
    if not settings.embeddings:
        return None
    source = settings.embedding_model or default_model()
    check_source(source)
    return source


def _embed(settings: IndexerSettings, source: Path, encoders: list[Encoder], quiet: bool) -> None:
    display = ProgressDisplay(unit="passages") if not quiet else None
    try:
        if not encoders:
            encoders.append(Encoder(model_folder(settings.index, source), threads=settings.worker_count))
        report = embed_index(settings.index, encoders[0], display)
    except KeyboardInterrupt:
        raise EmbeddingInterrupted from None
    finally:
        if display:
            display.close()
    if report.generation is None:
        if not quiet:
            print(f"  vectors up to date for {report.passages:,} passages", file=sys.stderr)
        return
    if quiet:
        return
    rate = report.embedded / max(report.elapsed, 1e-6)
    print(
        f"embedded {report.embedded:,} passages in {report.elapsed:.1f} s ({rate:.1f}/s), {report.reused:,} reused: "
        f"search is hybrid (generation {report.generation})",
        file=sys.stderr,
        flush=True,
    )


def _run(docs: Path, settings: IndexerSettings, rebuild: bool, quiet: bool) -> IndexReport:
    display = ProgressDisplay() if not quiet else None
    try:
        report = update_index(docs, settings, rebuild=rebuild, progress=display)
    finally:
        if display:
            display.close()
    print_report(report, settings, quiet)
    return report


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
            lines += [f"    {shown(w.id)}: {shown(w.reason)}" for w in report.warnings]
    elif report.skipped:
        lines.append(f"  skipped {len(report.skipped)} file(s); run without --quiet for the list")
    if settings.base_url and report.url_option and not (settings.drop_extensions or settings.url_extension):
        lines.append(
            f"  DOCS is built with {report.site}: with --base-url alone, each page's URL is its file's path under "
            f"it; add {report.url_option} for the URLs the site serves"
        )
    if not settings.base_url and report.served_at and not quiet:
        option = f" {report.url_option}" if not (settings.drop_extensions or settings.url_extension) else ""
        lines.append(
            f"  no --base-url: pages are cited by file:// URLs; the site's config says it is served at "
            f"{shown(report.served_at)}: --base-url {shown(report.served_at)}{option} cites them as the site does"
        )
    if report.site_configs and not quiet:
        first, *others = (shown(config) for config in report.site_configs)
        also = f" ({', '.join(others)} build{'s' if len(others) == 1 else ''} another: not read)" if others else ""
        lines.append(f"  no mkdocs.yml: DOCS is read as the {report.site} site that {first} builds{also}")
    beside = report.docs_beside if not quiet or not report.documents else ()
    for path, route in beside:
        site = settings.base_url.rstrip("/") if settings.base_url else "https://SITE"
        lines.append(
            f"  the site's docs plugin reads {shown(path)}, outside DOCS: its pages, served at /{shown(route)}, are "
            f"not in this index; index that folder for them (--base-url {site}/{shown(route)})"
        )
    nested, folder = report.nested_site
    if nested and (not report.documents or not quiet):
        lines.append(
            f"  no site generator's files are in DOCS or above it, but {folder}/ holds a site ({nested}): index "
            "that folder for its pages and the URLs it serves (here every file is a document, at its path)"
        )
    count, example = report.unjoined_urls
    if count:
        lines.append(
            f"  {count:,} document(s) given a URL in this run have a front matter url that is a path (e.g. "
            f"{shown(example)[:80]}) and no --base-url says which site it is on: they are cited by file:// URLs; "
            "give --base-url https://SITE"
        )
    if report.unread and (not quiet or not report.documents):
        kinds = ", ".join(f"{shown(suffix) or '(no extension)'} {count:,}" for suffix, count in report.unread[:12])
        more = f", and {len(report.unread) - 12} more types" if len(report.unread) > 12 else ""
        total = sum(count for _, count in report.unread)
        lines.append(f"  {total:,} file(s) of types no loader reads: {kinds}{more}")
    print("\n".join(lines), file=sys.stderr, flush=True)


def _skipped_lines(skipped: tuple[SkippedFile, ...]) -> list[str]:
    """One line per skipped file, but for files skipped by design (pages the site does not publish: an mdBook's
    listings, hundreds; a site's translations, one reason per language) when they are many: then one line for
    each reason that two or more of them share, with a few of them. A file skipped for a fault of its own is
    always named."""
    by_reason: dict[str, list[str]] = {}
    for item in skipped:
        if item.by_design:
            by_reason.setdefault(item.reason, []).append(item.id)
    grouped = sum(len(ids) for ids in by_reason.values()) >= _GROUPED
    lines = []
    for item in skipped:
        ids = by_reason.get(item.reason, []) if item.by_design and grouped else []
        if len(ids) < 2:
            lines.append(f"    {shown(item.id)}: {shown(item.reason)}")
        elif ids[0] == item.id:
            examples = ", ".join(shown(doc_id) for doc_id in ids[:3])
            lines.append(f"    {len(ids):,} files: {shown(item.reason)} (e.g. {examples})")
    return lines


def shown(text: str) -> str:
    """A file name or reason as one line of the summary: control characters (a newline in a file name would
    forge a line) and other unprintable characters escaped, as Python writes them."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def _first_error(exc: ValidationError) -> str:
    error = exc.errors()[0]
    where = ".".join(str(part) for part in error["loc"])
    return f"{where}: {error['msg']}"
