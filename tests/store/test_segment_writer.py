"""The indexer's own segment writer writes what Whoosh's SegmentWriter writes, only faster.

The same passages go through Whoosh's stock writer and through PassageSegmentWriter, each into an index of its
own; the two indexes must hold the same terms with the same statistics, the same postings (ids, weights,
positions) in the same blocks with the same block statistics, the same stored fields and field lengths, and
score every query alike. Blocks are compressed differently (small ones not at all, larger ones at a faster zlib
level), which Whoosh's reader takes as it comes; nothing else may differ. The same holds when the writer also
merges segments in (Whoosh's pooled path), and when a worker splits its documents over several segments.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from whoosh import index as whoosh_index
from whoosh.qparser import QueryParser
from whoosh.scoring import BM25F
from whoosh.writing import SegmentWriter

from indexer.ingest.jobs import Indexed, Job, run_job
from indexer.store.docstore import DocRecord, Stamp
from indexer.store.passage_index import PassageIndex, SegmentBuilder, passage_fields
from indexer.store.postings import FIELDS, Segment, read_manifest
from indexer.store.schema import build_schema
from indexer.store.segment_writer import PassageSegmentWriter
from indexer.store.storage import POSTINGS_DIR, WHOOSH_DIR

from support.folders import write

WORDS = [f"{a}{b}{c}" for a in "bdfgklmnprstvz" for b in "aeiou" for c in "nrst"]


def _markdown(rng: random.Random, number: int) -> str:
    tags = rng.sample(["ops", "api", "guide", "faq"], rng.randint(0, 2))
    access = rng.choice(["", "access: [staff]\n", "access: [staff, admins]\n"])
    title = " ".join(rng.choices(WORDS, k=rng.randint(1, 4)))
    lines = [f"---\ntitle: common {title} {number}\ntags: [{', '.join(tags)}]\n{access}---", "Café déjà vu."]
    for _ in range(rng.randint(1, 3)):
        lines.append(f"## {' '.join(rng.choices(WORDS, k=rng.randint(1, 3)))}")
        body = rng.choices(WORDS, weights=[1 / (r + 1) for r in range(len(WORDS))], k=rng.choice([30, 120, 400]))
        lines.append(" ".join(body))
    return "\n\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> list[DocRecord]:
    docs = tmp_path_factory.mktemp("docs")
    rng = random.Random(7)
    out = []
    for number in range(150):
        path = write(docs, f"part-{number % 3}/doc {number}.md", _markdown(rng, number))
        stat = path.stat()
        job = Job(id=path.relative_to(docs).as_posix(), path=str(path), stamp=Stamp(stat.st_size, 0), max_size=10**8)
        outcome = run_job(job)
        assert isinstance(outcome, Indexed)
        out.append(outcome.record)
    return out


def _build(folder: Path, writer_class: type[SegmentWriter], batches: list[list[DocRecord]], merge_all: bool) -> Any:
    """An index of `batches` of documents, one commit each; the last commit merges everything when asked."""
    folder.mkdir()
    ix = whoosh_index.create_in(folder, build_schema())
    for number, batch in enumerate(batches):
        writer = writer_class(ix)
        for record in batch:
            for fields in passage_fields(record):
                writer.add_document(**fields)
        last = number == len(batches) - 1
        writer.commit(optimize=merge_all and last, merge=False)
    return ix


def _contents(ix: Any) -> dict[str, Any]:
    """Everything a reader can see, segment by segment: terms with their statistics, blocks and postings;
    stored fields; field lengths."""
    schema = ix.schema
    scorable = [name for name in schema.names() if schema[name].scorable]
    segments = []
    with ix.reader() as reader:
        for leaf, _ in reader.leaf_readers():
            terms = {}
            for field, term in leaf.all_terms():
                info = leaf.term_info(field, term)
                stats = (info.weight(), info.doc_frequency(), info.min_length(), info.max_length(), info.max_weight())
                terms[(field, term)] = (stats, info.min_id(), info.max_id(), *_postings(leaf, field, term))
            docs = range(leaf.doc_count_all())
            segments.append(
                {
                    "terms": terms,
                    "stored": [leaf.stored_fields(n) for n in docs],
                    "lengths": {name: [leaf.doc_field_length(n, name) for n in docs] for name in scorable},
                }
            )
    return {"segments": segments}


def _postings(leaf: Any, field: str, term: bytes) -> tuple[list[tuple], list[tuple]]:
    """Each block's (count, last id, max weight, min length, max length), and every (id, weight, value)."""
    matcher = leaf.postings(field, term)
    blocks, items = [], []
    while matcher.is_active():
        blocks.append(
            (matcher._blocklength, matcher._maxid, matcher._maxweight, matcher._minlength, matcher._maxlength)
        )
        for _ in range(matcher._blocklength):
            items.append((matcher.id(), matcher.weight(), matcher.value()))
            matcher.next()
    return blocks, items


def _scores(ix: Any, queries: list[str]) -> list[list[tuple[int, float]]]:
    with ix.searcher(weighting=BM25F()) as searcher:
        parser = QueryParser("body", ix.schema)
        return [[(hit.docnum, hit.score) for hit in searcher.search(parser.parse(q), limit=None)] for q in queries]


def _queries(record: DocRecord) -> list[str]:
    """Words, a phrase of the text, a title word, a folded accent: each found in the documents."""
    words = record.text[record.spans[0].start : record.spans[0].end].split()
    phrase = f'"{words[-3]} {words[-2]}"'
    return ["common", "common " + " ".join(WORDS[:6]), phrase, "title:" + record.title.split()[1], "cafe"]


@pytest.mark.parametrize("merge_all", [False, True], ids=["one-segment-per-commit", "merged"])
def test_the_same_index_as_whoosh_writes(tmp_path: Path, records: list[DocRecord], merge_all: bool) -> None:
    batches = [records[:60], records[60:110], records[110:]]
    stock = _build(tmp_path / "stock", SegmentWriter, batches, merge_all)
    ours = _build(tmp_path / "ours", PassageSegmentWriter, batches, merge_all)
    expected, got = _contents(stock)["segments"], _contents(ours)["segments"]
    assert len(got) == len(expected) == (1 if merge_all else 3)
    for segment, reference in zip(got, expected, strict=True):
        assert segment["stored"] == reference["stored"]
        assert segment["lengths"] == reference["lengths"]
        assert segment["terms"].keys() == reference["terms"].keys()
        for key, value in reference["terms"].items():
            assert segment["terms"][key] == value, key
    # "common" is in every title, so in every passage's body: its postings fill several blocks of 128
    assert max(len(segment["terms"][("body", b"common")][3]) for segment in expected) >= 2
    queries = _queries(records[0])
    assert _scores(ours, queries) == _scores(stock, queries)
    assert all(_scores(stock, queries))


def _build_around_a_merge(folder: Path, writer_class: type[SegmentWriter], records: list[DocRecord]) -> Any:
    """One writer adds documents, takes in another index's segment (add_reader), and adds more documents."""
    other_folder = folder.with_name(folder.name + "-other")
    other_folder.mkdir()
    other = whoosh_index.create_in(other_folder, build_schema())
    writer = SegmentWriter(other)
    for record in records[100:]:
        for fields in passage_fields(record):
            writer.add_document(**fields)
    writer.commit()
    folder.mkdir()
    ix = whoosh_index.create_in(folder, build_schema())
    writer = writer_class(ix)
    for batch in (records[:50], None, records[50:100]):
        if batch is None:
            with other.reader() as reader:
                writer.add_reader(reader)
            continue
        for record in batch:
            for fields in passage_fields(record):
                writer.add_document(**fields)
    writer.commit(merge=False)
    return ix


def test_a_segment_merged_in_between_documents_is_written_as_whoosh_writes_it(
    tmp_path: Path, records: list[DocRecord]
) -> None:
    stock = _build_around_a_merge(tmp_path / "stock", SegmentWriter, records)
    ours = _build_around_a_merge(tmp_path / "ours", PassageSegmentWriter, records)
    expected, got = _contents(stock)["segments"], _contents(ours)["segments"]
    assert len(got) == len(expected) == 1
    assert got[0]["stored"] == expected[0]["stored"]
    assert got[0]["lengths"] == expected[0]["lengths"]
    assert got[0]["terms"] == expected[0]["terms"]
    queries = _queries(records[0])
    assert _scores(ours, queries) == _scores(stock, queries)


def test_the_copied_fields_postings_are_the_segments(tmp_path: Path, records: list[DocRecord]) -> None:
    """What the writer hands to the postings copy is exactly what it wrote to the Whoosh segment."""
    folder = tmp_path / "ix"
    folder.mkdir()
    ix = whoosh_index.create_in(folder, build_schema())
    writer = PassageSegmentWriter(ix, copied=FIELDS)
    for record in records:
        for fields in passage_fields(record):
            writer.add_document(**fields)
    writer.commit()
    copied = writer.field_postings()
    with ix.reader() as reader:
        for name, postings in zip(FIELDS, copied, strict=True):
            assert postings.terms == sorted(term for field, term in reader.all_terms() if field == name)
            first = 0
            for term, count in zip(postings.terms, postings.counts, strict=True):
                ids, weights = [], []
                matcher = reader.postings(name, term)
                while matcher.is_active():
                    ids.append(matcher.id())
                    weights.append(matcher.weight())
                    matcher.next()
                assert list(postings.passages[first : first + count]) == ids
                assert list(postings.weights[first : first + count]) == weights
                first += count
            assert first == len(postings.passages) == len(postings.weights)
            lengths = [postings.lengths.get(n, 0) for n in range(reader.doc_count_all())]
            assert [reader.doc_field_length(n, name) or 0 for n in range(reader.doc_count_all())] == [
                _stored_length(length) for length in lengths
            ]


def _stored_length(length: int) -> int:
    """A field length as Whoosh reads it back from its one-byte encoding."""
    from whoosh.util.numeric import byte_to_length, length_to_byte

    return byte_to_length(length_to_byte(length))


def _generation(folder: Path, records: list[DocRecord], max_postings: int) -> int:
    """A generation's passage index built the way a worker builds it; the number of segments it built."""
    (folder / WHOOSH_DIR).mkdir(parents=True)
    PassageIndex(folder, create=True).commit([])
    builder = SegmentBuilder(folder, max_postings=max_postings)
    for record in records:
        builder.add(record)
    built = builder.finish()
    PassageIndex(folder, create=False).commit(built)
    return len(built)


def test_a_worker_starts_a_new_segment_when_one_is_full(tmp_path: Path, records: list[DocRecord]) -> None:
    """Bounded memory: a worker closes its segment at max_postings and goes on in a new one; the index holds the
    same terms, postings and copy as one built in a single segment."""
    assert _generation(tmp_path / "one", records, max_postings=10**9) == 1
    assert _generation(tmp_path / "many", records, max_postings=5_000) >= 3
    indexes = [whoosh_index.open_dir(tmp_path / name / WHOOSH_DIR) for name in ("one", "many")]
    seen = []
    for ix in indexes:
        with ix.reader() as reader:
            terms = {(f, t): list(reader.postings(f, t).items_as("frequency")) for f, t in reader.all_terms()}
            seen.append((terms, [reader.stored_fields(n) for n in reader.all_doc_ids()]))
    assert seen[0] == seen[1]
    copies = []
    for name in ("one", "many"):
        folder = tmp_path / name / POSTINGS_DIR
        segments = [Segment(folder, seg) for seg in read_manifest(folder)]
        copies.append(
            (
                sorted(doc for segment in segments for doc in segment.docs),
                sum(len(segment.passages) for segment in segments),
                sum(int(segment.freqs.sum()) for segment in segments),
            )
        )
    assert copies[0] == copies[1]
    assert copies[0][0] == sorted((record.id, record.access) for record in records)
