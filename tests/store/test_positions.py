"""Each posting of the postings copy holds the positions its word has in its passage's field, as the analyzer gives
them to Whoosh: in a fresh segment, and in one merged from segments with deleted documents."""

from __future__ import annotations

from pathlib import Path

from indexer.store import storage
from indexer.store.docreader import DocReader
from indexer.store.postings import FIELD_KEYS, FIELDS, Segment, read_manifest
from indexer.store.schema import passage_body, section_heading
from indexer.text.analysis import TextAnalyzer

from support.folders import index, write

DOCS = {
    "a.md": "# Getting started\n\nInstall the tool; install it twice. The tool, the TOOL, getUserName and user name.\n",
    "b.md": "# Café notes\n\n## Résumé\n\ngetUserName and max_file_size, MAX_FILE_SIZE, naïve café crème.\n",
    "c.md": "# Long\n\n" + "\n\n".join(f"## Part {n}\n\n" + "alpha beta gamma delta " * 150 for n in range(3)),
    "d.md": "# Only a title\n",
    "e.md": "# The heron\n\n## The heron's river\n\nThe heron waits; the river runs. Herons wait, rivers run.\n",
}
Found = dict[tuple[str, int, str, str], tuple[int, ...]]  # (doc id, ordinal, field, word) -> positions


def _copied(generation: Path) -> Found:
    """Every live posting's positions, as the current generation's postings copy holds them."""
    folder = generation / storage.POSTINGS_DIR
    found: Found = {}
    for name, deleted in read_manifest(folder).items():
        segment = Segment(folder, name)
        assert segment.positions is not None
        for k, key in enumerate(segment.keys.all()):
            field = FIELDS[FIELD_KEYS.index(key[:1])]
            start = int(segment.ends[k - 1]) if k else 0
            positions = segment.positions.of_key(k).tolist()
            for posting in range(start, int(segment.ends[k])):
                doc, ordinal = segment.owners[:, segment.passages[posting]].tolist()
                count = int(segment.freqs[posting])
                held, positions = tuple(positions[:count]), positions[count:]
                if doc not in deleted:
                    found[segment.doc_ids[doc], ordinal, field, key[1:].decode("utf-8")] = held
            assert positions == []
    return found


def _analysed(generation: Path) -> Found:
    """The same, from analysing each passage's fields as the indexer builds them."""
    reader = DocReader(generation / storage.DOCSTORE)
    analyzer = TextAnalyzer()
    expected: Found = {}
    for document in reader.list_documents("", 1000):
        text = reader.text(document.id) or ""
        for passage in reader.passages(document.id) or []:
            fields = {
                "title": document.title,
                "heading": section_heading(document.title, passage.heading),
                "body": passage_body(document.title, passage.heading, text[passage.start : passage.end]),
            }
            for field, value in fields.items():
                for word, positions in analyzer.postings(value).items():
                    expected[document.id, passage.ordinal, field, word] = tuple(positions)
        if not document.passages:
            for word, positions in analyzer.postings(document.title).items():
                expected[document.id, 0, "title", word] = tuple(positions)
    reader.close()
    return expected


def test_each_posting_holds_its_words_positions(docs: Path, index_dir: Path) -> None:
    for relpath, text in DOCS.items():
        write(docs, relpath, text)
    index(docs, index_dir)
    current = storage.current_generation(index_dir)
    assert current is not None
    assert _copied(current) == _analysed(current)


def test_merged_segments_keep_the_live_postings_positions(docs: Path, index_dir: Path) -> None:
    for run in ("a", "b"):  # two segments sharing most words
        for n in range(6):
            write(docs, f"{run}{n}.md", f"# Note {n}\n\nThe heron {run}{n} waits by the river, getUserName {n}.\n")
        index(docs, index_dir)
    first = storage.current_generation(index_dir)
    assert first is not None
    before = set(read_manifest(first / storage.POSTINGS_DIR))
    assert len(before) == 2
    for run in ("a", "b"):  # half of each one's documents change or go: their live ones are merged into one
        write(docs, f"{run}0.md", f"# Note {run} again\n\nA kingfisher dives; the heron waits, {run}.\n")
        write(docs, f"{run}1.md", "# Short\n\nThe river.\n")
        (docs / f"{run}2.md").unlink()
    index(docs, index_dir)
    current = storage.current_generation(index_dir)
    assert current is not None
    assert not before & set(read_manifest(current / storage.POSTINGS_DIR))
    assert _copied(current) == _analysed(current)
