"""The forward index of a postings segment holds, for each passage, exactly the words and counts its body field was
indexed with: what analysing the passage's body (title, heading, text) gives, in a fresh segment and in a merged one.
"""

from __future__ import annotations

from pathlib import Path

from indexer.store import storage
from indexer.store.docreader import DocReader
from indexer.store.postings import Segment, read_manifest
from indexer.store.schema import passage_body
from indexer.text.analysis import TextAnalyzer

from support.folders import index, write

DOCS = {
    "a.md": "# Getting started\n\nInstall the tool; install it twice. The tool, the TOOL.\n",
    "b.md": "# Café notes\n\n## Résumé\n\ngetUserName and max_file_size, MAX_FILE_SIZE, naïve café crème.\n",
    "c.md": "# Long\n\n" + "\n\n".join(f"## Part {n}\n\n" + "alpha beta gamma delta " * 120 for n in range(4)),
    "empty.md": "# Only a title\n",
}


def _forward_counts(generation: Path) -> dict[tuple[str, int], dict[str, int]]:
    """(doc id, ordinal) -> its body words and counts, as every live passage's forward index holds them."""
    folder = generation / storage.POSTINGS_DIR
    found = {}
    for name, deleted in read_manifest(folder).items():
        segment = Segment(folder, name)
        assert segment.forward is not None
        for passage in range(segment.passage_count):
            doc, ordinal = segment.owners[:, passage].tolist()
            if doc in deleted:
                continue
            keys, counts = segment.forward.terms(passage)
            words = [key[1:].decode("utf-8") for key in segment.keys.many(keys)]
            found[segment.docs[doc][0], ordinal] = dict(zip(words, counts.tolist(), strict=True))
    return found


def _analysed(generation: Path) -> dict[tuple[str, int], dict[str, int]]:
    """(doc id, ordinal) -> the words and counts of analysing its body as the indexer builds it."""
    reader = DocReader(generation / storage.DOCSTORE)
    analyzer = TextAnalyzer()  # as the indexer analyses (a fresh one: no word remembered from other tests)
    expected = {}
    for document in reader.list_documents("", 1000):
        text = reader.text(document.id) or ""
        for passage in reader.passages(document.id):
            body = passage_body(document.title, passage.heading, text[passage.start : passage.end])
            expected[document.id, passage.ordinal] = dict(analyzer.term_counts(body))
        if not document.passages:
            expected[document.id, 0] = {}
    reader.close()
    return expected


def test_each_passage_holds_the_words_and_counts_of_its_analysed_body(docs: Path, index_dir: Path) -> None:
    for relpath, text in DOCS.items():
        write(docs, relpath, text)
    index(docs, index_dir)
    generation = storage.current_generation(index_dir)
    assert generation is not None
    assert _forward_counts(generation) == _analysed(generation)


def test_a_merged_segment_keeps_the_live_passages_words(docs: Path, index_dir: Path) -> None:
    for run in range(12):  # more runs than segments are kept: the smallest are merged
        write(docs, f"run{run}.md", f"# Run {run}\n\nword{run} shared words, shared again {'extra ' * run}\n")
        if run % 4 == 3:
            (docs / f"run{run - 2}.md").unlink()
        index(docs, index_dir)
    generation = storage.current_generation(index_dir)
    assert generation is not None
    assert len(read_manifest(generation / storage.POSTINGS_DIR)) < 12
    assert _forward_counts(generation) == _analysed(generation)
