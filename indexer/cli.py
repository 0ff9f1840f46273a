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
from indexer.model import IndexReport
from indexer.progress import ProgressDisplay
from indexer.settings import ENV_PREFIX, IndexerSettings, setting_error
from indexer.summary import print_report, shown

log = logging.getLogger("indexer")
SCRIPT = "docsearch-index"  # pyproject's console script for main()


def build_parser(defaults: IndexerSettings) -> argparse.ArgumentParser:
    fields = IndexerSettings.model_fields

    def helptext(name: str) -> str:
        env = ENV_PREFIX + name.upper()
        return f"{fields[name].description} [env {env}; default: {getattr(defaults, name)}]"

    parser = argparse.ArgumentParser(
        prog=SCRIPT if os.path.basename(sys.argv[0]) == SCRIPT else "python -m indexer",
        description="Index a folder of documents (Markdown, MDX, reStructuredText, AsciiDoc, HTML, PDF, Office, "
        "OpenDocument, EPUB, notebooks, e-mail, plain text and more; a documentation site's generator and its "
        "rules are recognised) for the docsearch MCP server. "
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
    parser.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="no progress and no lists: errors, the summary's first lines, and how many files were skipped or warned",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(stream=sys.stderr, level=logging.INFO, format="%(message)s")
    try:
        defaults = IndexerSettings()
    except ValidationError as exc:
        print(f"indexer: error: bad environment setting: {setting_error(exc, _variable)}", file=sys.stderr)
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
        parser.error(setting_error(exc, _option))
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


def _option(field: str) -> str:
    return "--" + field.replace("_", "-")


def _variable(field: str) -> str:
    return ENV_PREFIX + field.upper()
