"""Generated corpora for the indexing benchmark: Markdown files and PDFs made of real sentences.

The sentences, titles and tag words come from the retrieval collections in /work/shared/eval
(corpus.jsonl.gz: {"_id", "title", "text"} per line). Each generated document draws its own mix of
sentences from all collections with a seeded RNG, so documents are not copies of the originals, and
generating twice with the same parameters writes the same bytes.

A finished folder holds `.bench-params.json` (a hidden file, which the indexer never reads); a folder
whose parameters match is reused as it is, anything else is deleted and generated again.
"""

from __future__ import annotations

import functools
import gzip
import json
import math
import random
import re
import shutil
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

EVAL_DIR = Path("/work/shared/eval")
GENERATOR_VERSION = 1  # bump when the output changes, so stale folders are regenerated
PARAMS_FILE = ".bench-params.json"
DOCS_PER_FOLDER = 1000
MEDIAN_DOC_BYTES = 400  # body text of a Markdown document; files average about 1.4 KB

_STOP_WORDS = """the and for with from into that this these those their some over under between using based study
analysis effect effects new method methods system systems report problem problems among about case
after before during other which when than then also more most use used paper"""
_STOP = frozenset(_STOP_WORDS.split())
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_SPACE_BEFORE_PUNCT = re.compile(r"\s+([.,;:!?])")


@dataclass(frozen=True)
class Pool:
    """What documents are made of."""

    sentences: list[str]
    titles: list[str]
    tags: list[str]


@dataclass(frozen=True)
class Generated:
    folder: Path
    files: list[Path]
    bytes: int  # sum of the files' sizes
    pages: int = 0  # PDFs only


@functools.cache
def load_pool(eval_dir: Path = EVAL_DIR) -> Pool:
    sentences: list[str] = []
    titles: list[str] = []
    words: Counter[str] = Counter()
    for path in sorted(eval_dir.glob("*/corpus.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as f:
            for line in f:
                doc = json.loads(line)
                title = _tidy(doc.get("title") or "")
                if 3 <= len(title.split()) <= 20:
                    titles.append(title.rstrip(" ."))
                    words.update(w for w in re.findall(r"[a-z]{5,}", title.lower()) if w not in _STOP)
                sentences.extend(s for s in _sentences(doc.get("text") or "") if 40 <= len(s) <= 400)
    tags = [w for w, _ in words.most_common(300)]
    return Pool(sentences, titles, tags)


def _tidy(text: str) -> str:
    """One line, no space before punctuation, sentence case for ALL CAPS or all-lowercase text."""
    text = _SPACE_BEFORE_PUNCT.sub(r"\1", " ".join(text.split()))
    if text.isupper() or text.islower():
        text = text.lower()
        text = text[:1].upper() + text[1:]
    return text


def _sentences(text: str) -> list[str]:
    text = _tidy(text)
    out = []
    for s in _SENTENCE_END.split(text):
        s = s.strip()
        if s and s[-1] not in ".!?":
            s += "."
        out.append(s[:1].upper() + s[1:])
    return out


def _paragraph(rng: random.Random, pool: Pool, lo: int = 1, hi: int = 3) -> str:
    return " ".join(rng.choice(pool.sentences) for _ in range(rng.randint(lo, hi)))


def _heading(rng: random.Random, pool: Pool) -> str:
    words = rng.choice(pool.titles).split()
    start = rng.randint(0, max(0, len(words) - 3))
    text = " ".join(words[start : start + rng.randint(2, 6)]).strip(" ,;:.-")
    return text[:1].upper() + text[1:]


def markdown_doc(rng: random.Random, pool: Pool) -> str:
    """Front matter (title, tags), a `#` title, then 2-4 `##` sections of paragraphs and some bullet lists."""
    title = rng.choice(pool.titles)
    tags = rng.sample(pool.tags, rng.randint(1, 4))
    target = min(10_000, max(200, int(rng.lognormvariate(math.log(MEDIAN_DOC_BYTES), 0.6))))
    sections: list[list[str]] = [[] for _ in range(rng.choice((2, 2, 3, 3, 4)))]
    size = 0
    while size < target or any(not s for s in sections):
        empty = [s for s in sections if not s]
        section = empty[0] if empty else sections[min(len(sections) - 1, len(sections) * size // target)]
        if rng.random() < 0.1:
            block = "\n".join(f"- {rng.choice(pool.sentences)}" for _ in range(rng.randint(2, 3)))
        else:
            block = _paragraph(rng, pool)
        section.append(block)
        size += len(block)
    lines = ["---", f"title: {json.dumps(title)}", f"tags: [{', '.join(tags)}]", "---", "", f"# {title}", ""]
    lines.append(rng.choice(pool.sentences))
    for blocks in sections:
        lines += ["", f"## {_heading(rng, pool)}", ""]
        lines.append("\n\n".join(blocks))
    return "\n".join(lines) + "\n"


def make_markdown_corpus(folder: Path, docs: int, seed: int, pool: Pool | None = None) -> Generated:
    params = {"kind": "markdown", "docs": docs, "seed": seed, "version": GENERATOR_VERSION}
    names = [f"part-{i // DOCS_PER_FOLDER:02d}/doc-{i:05d}.md" for i in range(docs)]
    if not _reusable(folder, params):
        pool = pool or load_pool()
        _fresh(folder)
        for i, name in enumerate(names):
            rng = random.Random(f"md:{seed}:{i}")
            path = folder / name
            path.parent.mkdir(exist_ok=True)
            path.write_text(markdown_doc(rng, pool), encoding="utf-8")
        _seal(folder, params)
    files = [folder / n for n in names]
    return Generated(folder, files, sum(p.stat().st_size for p in files))


def _latin1(text: str) -> str:
    """What the PDF core fonts can show: latin-1 printable characters only."""
    text = text.encode("latin-1", "ignore").decode("latin-1")
    return "".join(c for c in text if c.isprintable())


def make_pdf_folder(folder: Path, count: int, seed: int, pool: Pool | None = None) -> Generated:
    """`count` PDFs of 3-20 pages each: a bold heading, then about 2-3 KB of paragraphs per page."""
    from fpdf import FPDF  # only needed when generating

    pages_of = [random.Random(f"pdf-pages:{seed}:{i}").randint(3, 20) for i in range(count)]
    params = {"kind": "pdf", "docs": count, "seed": seed, "version": GENERATOR_VERSION}
    names = [f"report-{i:04d}.pdf" for i in range(count)]
    if not _reusable(folder, params):
        pool = pool or load_pool()
        _fresh(folder)
        for i, name in enumerate(names):
            rng = random.Random(f"pdf:{seed}:{i}")
            pdf = FPDF()
            pdf.set_creation_date(datetime(2025, 1, 1, tzinfo=UTC))
            pdf.set_title(_latin1(rng.choice(pool.titles)))
            pdf.set_auto_page_break(False)
            for _ in range(pages_of[i]):
                pdf.add_page()
                pdf.set_font("Helvetica", "B", 14)
                pdf.multi_cell(0, 8, _latin1(_heading(rng, pool)), new_x="LMARGIN", new_y="NEXT")
                pdf.set_font("Helvetica", size=10)
                written, target = 0, rng.randint(2000, 3000)
                while written < target and pdf.get_y() < 250:
                    text = _latin1(_paragraph(rng, pool, 2, 4))
                    pdf.multi_cell(0, 5, text, new_x="LMARGIN", new_y="NEXT")
                    pdf.ln(2)
                    written += len(text)
            (folder / name).write_bytes(bytes(pdf.output()))
        _seal(folder, params)
    files = [folder / n for n in names]
    return Generated(folder, files, sum(p.stat().st_size for p in files), pages=sum(pages_of))


def _reusable(folder: Path, params: dict) -> bool:
    try:
        return json.loads((folder / PARAMS_FILE).read_text(encoding="utf-8")) == params
    except (OSError, ValueError):
        return False


def _fresh(folder: Path) -> None:
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)


def _seal(folder: Path, params: dict) -> None:
    """Written last: a folder left half-written by an interrupted run is never reused."""
    (folder / PARAMS_FILE).write_text(json.dumps(params), encoding="utf-8")
