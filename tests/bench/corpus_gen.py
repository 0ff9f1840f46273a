"""Generated corpora for the benchmarks: Markdown files and PDFs made of real sentences.

The sentences, titles and tag words come from the retrieval collections in /work/shared/eval
(corpus.jsonl.gz: {"_id", "title", "text"} per line). For the indexing benchmark each generated document
draws its own mix of sentences from all collections. For the search benchmark (make_topic_corpus) each
document stays within one topic: it takes one original document as its seed and recombines its sentences
with those of other documents of the same collection that share a word with it, so the collections'
queries (load_queries) find documents that are about them. Either way a seeded RNG picks everything, so
documents are not copies of the originals, and generating twice with the same parameters writes the same bytes.

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
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

EVAL_DIR = Path("/work/shared/eval")
GENERATOR_VERSION = 1  # bump when the output changes, so stale folders are regenerated
TOPICS_VERSION = 1  # the same, for make_topic_corpus alone
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
    return _title_fragment(rng, rng.choice(pool.titles))


def _title_fragment(rng: random.Random, title: str) -> str:
    """2-6 consecutive words of a title, as a heading."""
    words = title.split()
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


TOPIC_MEDIAN_BYTES = 450  # body text before the last run of sentences; files average about 1 KB
TOPIC_SECTION_BYTES = 700  # documents longer than about two sections are cut into `##` sections
_WORD = re.compile(r"[a-z]{4,}")


@dataclass(frozen=True)
class Source:
    """One document of a collection: its title, its sentences, and the words that lead to its neighbours."""

    collection: int
    title: str
    sentences: tuple[str, ...]
    words: tuple[str, ...]  # words that from 2 documents up to 2% of its collection's contain


@dataclass(frozen=True)
class TopicPool:
    """The collections' documents, and for each (collection, word) the documents with sentences that contain it."""

    sources: list[Source]
    donors: list[list[int]]  # per collection, the sources that have sentences
    by_word: dict[tuple[int, str], list[int]]


@functools.cache
def load_topic_pool(eval_dir: Path = EVAL_DIR) -> TopicPool:
    sources: list[Source] = []
    donors: list[list[int]] = []
    by_word: dict[tuple[int, str], list[int]] = {}
    for c, path in enumerate(sorted(eval_dir.glob("*/corpus.jsonl.gz"))):
        with gzip.open(path, "rt", encoding="utf-8") as f:
            docs = [json.loads(line) for line in f]
        words = [set(_WORD.findall(f"{d.get('title') or ''} {d.get('text') or ''}".lower())) - _STOP for d in docs]
        df = Counter(w for ws in words for w in ws)
        most = max(2, len(docs) // 50)  # a word in more documents than this says little about the topic
        donors.append([])
        for doc, ws in zip(docs, words, strict=True):
            sentences = tuple(s for s in _sentences(doc.get("text") or "") if len(s) >= 20)
            title = _tidy(doc.get("title") or "").rstrip(" .") or _title_from(sentences)
            if not title:
                continue
            links = tuple(sorted(w for w in ws if 2 <= df[w] <= most))
            sources.append(Source(c, title, sentences, links))
            if sentences:
                donors[c].append(len(sources) - 1)
                for w in links:
                    by_word.setdefault((c, w), []).append(len(sources) - 1)
    return TopicPool(sources, donors, by_word)


def _title_from(sentences: tuple[str, ...]) -> str:
    """A title for a document that has none: the first words of its first sentence."""
    if not sentences:
        return ""
    return " ".join(sentences[0].split()[:8]).rstrip(" ,;:.!?")


def _neighbours(rng: random.Random, pool: TopicPool, seed: int) -> Iterator[Source]:
    """Other documents of the seed's collection, most of them sharing one of its words."""
    source = pool.sources[seed]
    donors = pool.donors[source.collection]
    while True:
        if source.words and rng.random() < 0.85:
            i = rng.choice(pool.by_word.get((source.collection, rng.choice(source.words))) or donors)
        else:
            i = rng.choice(donors)
        if i != seed:
            yield pool.sources[i]


def _runs(rng: random.Random, pool: TopicPool, seed: int) -> list[tuple[Source, tuple[str, ...]]]:
    """Runs of consecutive sentences: the seed's opening ones, then 1-4 at a time from its neighbours, until the
    document has the length drawn for it (log-normal: most short, a few long)."""
    target = min(30_000, max(150, int(rng.lognormvariate(math.log(TOPIC_MEDIAN_BYTES), 0.8))))
    source = pool.sources[seed]
    runs = []
    if source.sentences:
        runs.append((source, source.sentences[: rng.randint(1, len(source.sentences))]))
    size = sum(len(s) for _, run in runs for s in run)
    neighbours = _neighbours(rng, pool, seed)
    while size < target:
        other = next(neighbours)
        start = rng.randrange(len(other.sentences))
        run = other.sentences[start : start + rng.randint(1, 4)]
        runs.append((other, run))
        size += sum(len(s) + 1 for s in run)
    return runs


def _block(rng: random.Random, run: tuple[str, ...]) -> str:
    """A paragraph, or now and then a bullet list."""
    if len(run) > 1 and rng.random() < 0.08:
        return "\n".join(f"- {s}" for s in run)
    return " ".join(run)


def topic_doc(rng: random.Random, pool: TopicPool, seed: int) -> str:
    """The seed's title as `#`, some with front matter (title, tags), paragraphs; long ones in `##` sections
    named after part of the title of the document whose sentences open the section."""
    source = pool.sources[seed]
    runs = _runs(rng, pool, seed)
    lines = []
    if rng.random() < 0.4:
        tags = rng.sample(source.words, min(len(source.words), rng.randint(1, 3)))
        lines += ["---", f"title: {json.dumps(source.title)}", f"tags: [{', '.join(tags)}]", "---", ""]
    lines += [f"# {source.title}"]
    sectioned = sum(len(s) for _, run in runs for s in run) > 2 * TOPIC_SECTION_BYTES
    in_section = TOPIC_SECTION_BYTES if sectioned else 0  # the opening run comes before the first heading
    for i, (donor, run) in enumerate(runs):
        if sectioned and i > 0 and in_section >= TOPIC_SECTION_BYTES:
            lines += ["", f"## {_title_fragment(rng, donor.title)}"]
            in_section = 0
        lines += ["", _block(rng, run)]
        in_section += sum(len(s) for s in run)
    return "\n".join(lines) + "\n"


def make_topic_corpus(folder: Path, docs: int, seed: int, pool: TopicPool | None = None) -> Generated:
    """`docs` Markdown files; document i takes source i of a seeded shuffle of all the collections' documents as
    its seed (cycling through them), so every original document seeds about docs / 28,675 of them."""
    params = {"kind": "topics", "docs": docs, "seed": seed, "version": TOPICS_VERSION}
    names = [f"part-{i // DOCS_PER_FOLDER:03d}/doc-{i:06d}.md" for i in range(docs)]
    if not _reusable(folder, params):
        pool = pool or load_topic_pool()
        order = list(range(len(pool.sources)))
        random.Random(f"topics-order:{seed}").shuffle(order)
        _fresh(folder)
        for i, name in enumerate(names):
            rng = random.Random(f"topics:{seed}:{i}")
            path = folder / name
            path.parent.mkdir(exist_ok=True)
            path.write_text(topic_doc(rng, pool, order[i % len(order)]), encoding="utf-8")
        _seal(folder, params)
    files = [folder / n for n in names]
    return Generated(folder, files, sum(p.stat().st_size for p in files))


def load_queries(eval_dir: Path = EVAL_DIR) -> list[str]:
    """Every query of every collection (queries.jsonl: {"_id", "text"} per line), collection by collection."""
    queries = []
    for path in sorted(eval_dir.glob("*/queries.jsonl")):
        with path.open(encoding="utf-8") as f:
            queries += [json.loads(line)["text"] for line in f if line.strip()]
    return queries


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
