"""BENCHMARKS.md, shared by the benchmark scripts: each owns one section, between its own markers.

    ## Indexing
    Written by ...
    <!-- index-bench:start -->
    ...replaced on every --write...
    <!-- index-bench:end -->

A script replaces only the text between its markers, so the other sections (and any prose a person adds
outside the markers) stay as they are. A missing section is appended; a missing file is created.
"""

from __future__ import annotations

from pathlib import Path

BENCHMARKS_MD = Path(__file__).resolve().parents[2] / "BENCHMARKS.md"
PREAMBLE = (
    "# Benchmarks\n\n"
    "Each section is written by a script (named under its heading); the text between a section's markers is\n"
    "replaced each time the script runs with --write, so edit the script rather than that text.\n"
)


def write_section(key: str, heading: str, intro: str, body: str, path: Path = BENCHMARKS_MD) -> None:
    """Put `body` between `<!-- {key}:start -->` and `<!-- {key}:end -->`, adding the section if missing."""
    start, end = f"<!-- {key}:start -->", f"<!-- {key}:end -->"
    block = f"{start}\n{body.strip()}\n{end}"
    text = path.read_text(encoding="utf-8") if path.exists() else PREAMBLE
    if start in text and end in text[text.index(start) :]:
        before, rest = text.split(start, 1)
        text = before + block + rest.split(end, 1)[1]
    else:
        text = f"{text.rstrip()}\n\n## {heading}\n\n{intro.strip()}\n\n{block}\n"
    path.write_text(text, encoding="utf-8")
