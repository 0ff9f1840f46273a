"""A first run of the pipeline over real files: ids, titles, URLs, stored fields, passages, full text."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from indexer import Searcher
from indexer.ingest.passages import MAX_PASSAGE_CHARS
from indexer.ingest.pool import INLINE_BELOW

from support.folders import document, found, index, snapshot, write
from support.pdfs import make_pdf


def test_id_is_the_relative_path_with_forward_slashes(docs: Path, index_dir: Path) -> None:
    write(docs, "guides/deep/nested/install.md", "# Install\n\nzebracorn steps.\n")
    index(docs, index_dir)
    assert found(index_dir, "zebracorn") == ["guides/deep/nested/install.md"]
    assert document(index_dir, "guides/deep/nested/install.md").title == "Install"


def test_the_searcher_opens_an_index_named_by_a_string(docs: Path, index_dir: Path) -> None:
    """The library's entry point takes the index folder as a user writes it, not only as a Path."""
    write(docs, "a.md", "# A\n\nwombatfish notes.\n")
    index(docs, index_dir)
    hits = Searcher(str(index_dir)).snapshot().search("wombatfish")
    assert [hit.document.id for hit in hits] == ["a.md"]


def test_non_ascii_name_with_spaces_is_searchable_and_fetchable(docs: Path, index_dir: Path) -> None:
    write(docs, "guides/café menu.md", "# Menu\n\nThe quetzalbrot is served cold.\n")
    index(docs, index_dir)
    assert found(index_dir, "quetzalbrot") == ["guides/café menu.md"]
    assert "quetzalbrot" in (snapshot(index_dir).text("guides/café menu.md") or "")


@pytest.mark.parametrize(
    ("relpath", "content", "title"),
    [
        ("front.md", "---\ntitle: From Front Matter\n---\n# Not This One\n\nbody\n", "From Front Matter"),
        ("h1.md", "Intro line.\n\n# The First Heading\n\n## Second\n\nbody\n", "The First Heading"),
        ("page.html", "<html><head><title>Html Title</title></head><body><h1>Other</h1>x</body></html>", "Html Title"),
        ("getting_started-v2.md", "Just a paragraph, no heading.\n", "Getting started v2"),
        ("plain notes.txt", "some plain text\n", "Plain notes"),
    ],
)
def test_title_comes_from_the_document_else_the_file_name(
    docs: Path, index_dir: Path, relpath: str, content: str, title: str
) -> None:
    write(docs, relpath, content)
    index(docs, index_dir)
    assert document(index_dir, relpath).title == title


def test_pdf_title_comes_from_its_metadata(docs: Path, index_dir: Path) -> None:
    write(docs, "report.pdf", make_pdf(["Quarterly figures."], title="Quarterly Report"))
    write(docs, "untitled_scan.pdf", make_pdf(["No title here."]))
    index(docs, index_dir)
    assert document(index_dir, "report.pdf").title == "Quarterly Report"
    assert document(index_dir, "untitled_scan.pdf").title == "Untitled scan"


def test_front_matter_url_wins_over_base_url(docs: Path, index_dir: Path) -> None:
    write(docs, "a.md", "---\nurl: https://elsewhere.example/a\n---\nbody\n")
    index(docs, index_dir, base_url="https://docs.example.com/")
    assert document(index_dir, "a.md").url == "https://elsewhere.example/a"


def test_base_url_is_joined_with_the_percent_encoded_id(docs: Path, index_dir: Path) -> None:
    write(docs, "guides/café menu.md", "body\n")
    index(docs, index_dir, base_url="https://docs.example.com/handbook/")
    assert (
        document(index_dir, "guides/café menu.md").url == "https://docs.example.com/handbook/guides/caf%C3%A9%20menu.md"
    )


def test_drop_extensions_gives_pretty_urls(docs: Path, index_dir: Path) -> None:
    write(docs, "guides/install.md", "body\n")
    write(docs, "guides/index.md", "body\n")
    write(docs, "index.md", "body\n")
    index(docs, index_dir, base_url="https://docs.example.com", drop_extensions=True)
    assert document(index_dir, "guides/install.md").url == "https://docs.example.com/guides/install"
    assert document(index_dir, "guides/index.md").url == "https://docs.example.com/guides/"
    assert document(index_dir, "index.md").url == "https://docs.example.com/"


def test_slug_and_docusaurus_id_name_the_page_on_the_site(docs: Path, index_dir: Path) -> None:
    """Docusaurus serves `introduction.md` with `id: getting-started` at docs/getting-started (pretty URLs), and a
    `slug` moves a page (`/x` from the site's base, `x` in its folder, as Hugo's slug too): a citation must open
    that page. (On a site no Docusaurus config marks, an id is not a page's name: tests/ingest/test_site_urls.py)"""
    write(docs, "docusaurus.config.js", "module.exports = {};\n")
    write(docs, "introduction.md", "---\nid: getting-started\n---\nbody\n")
    write(docs, "guides/setup.md", "---\nid: environment-setup\nslug: /setup\n---\nbody\n")
    write(docs, "guides/old-name.md", "---\nslug: new-name\n---\nbody\n")
    write(docs, "guides/bad.md", "---\nid: ../../etc\nslug: 'javascript:alert(1)'\n---\nbody\n")
    write(docs, "guides/number.md", "---\nid: 42\n---\nbody\n")
    write(docs, "guides/index.md", "---\nid: overview\n---\nbody\n")  # a folder's index page stays the folder
    index(docs, index_dir, base_url="https://example.org/docs/", drop_extensions=True)
    assert document(index_dir, "guides/index.md").url == "https://example.org/docs/guides/"
    assert document(index_dir, "introduction.md").url == "https://example.org/docs/getting-started"
    assert document(index_dir, "guides/setup.md").url == "https://example.org/docs/setup"
    assert document(index_dir, "guides/old-name.md").url == "https://example.org/docs/guides/new-name"
    assert document(index_dir, "guides/bad.md").url == "https://example.org/docs/guides/bad"
    assert document(index_dir, "guides/number.md").url == "https://example.org/docs/guides/42"
    # without --drop-extensions the site serves the files as they are: an id names no file, a slug still moves one
    index(docs, index_dir, base_url="https://example.org/docs/")  # the settings changed: every URL is remade
    assert document(index_dir, "introduction.md").url == "https://example.org/docs/introduction.md"
    assert document(index_dir, "guides/setup.md").url == "https://example.org/docs/setup"


def test_without_base_url_the_url_is_a_file_url_of_the_file(docs: Path, index_dir: Path) -> None:
    path = write(docs, "guides/café menu.md", "body\n")
    index(docs, index_dir)
    url = document(index_dir, "guides/café menu.md").url
    assert url == path.resolve().as_uri()
    assert url.startswith("file:///")


def test_every_document_has_a_non_empty_url(docs: Path, index_dir: Path) -> None:
    write(docs, "a.md", "---\nurl: '   '\n---\nbody\n")
    write(docs, "b.txt", "text\n")
    write(docs, "c.pdf", make_pdf(["page"]))
    for base_url in ("", "https://docs.example.com/"):
        index(docs, index_dir, base_url=base_url)
        assert all(d.url.strip() for d in snapshot(index_dir).list_documents())


def test_changing_base_url_updates_urls_of_unchanged_documents(docs: Path, index_dir: Path) -> None:
    write(docs, "guides/install.md", "body\n")
    index(docs, index_dir, base_url="https://old.example.com/")
    report = index(docs, index_dir, base_url="https://new.example.com/")
    assert (report.added, report.updated, report.removed) == (0, 0, 0)
    assert report.generation is not None
    assert document(index_dir, "guides/install.md").url == "https://new.example.com/guides/install.md"


def test_document_stores_format_size_modified_and_sha256(docs: Path, index_dir: Path) -> None:
    data = b"# Title\n\nbody text\n"
    path = write(docs, "a.md", data)
    index(docs, index_dir)
    doc = document(index_dir, "a.md")
    assert doc.format == "markdown"
    assert doc.size == len(data)
    assert doc.modified == pytest.approx(path.stat().st_mtime, abs=1e-3)
    assert doc.sha256 == hashlib.sha256(data).hexdigest()
    assert doc.pages is None


def test_document_stores_headings_tags_and_access_from_front_matter(docs: Path, index_dir: Path) -> None:
    write(
        docs,
        "a.md",
        "---\ntags: [setup, linux]\naccess: staff, admins\n---\n# Install\n\ntext\n\n## Upgrade\n\nmore\n",
    )
    index(docs, index_dir)
    doc = document(index_dir, "a.md")
    assert doc.headings == ("Install", "Upgrade")
    assert doc.tags == ("setup", "linux")
    assert doc.access == ("staff", "admins")


def test_format_and_pdf_page_count_are_stored(docs: Path, index_dir: Path) -> None:
    write(docs, "a.pdf", make_pdf(["one", "two", "three"]))
    write(docs, "b.txt", "text\n")
    write(docs, "c.html", "<p>html</p>")
    write(docs, "d.rst", "Title\n=====\n\ntext\n")
    write(docs, "e.markdown", "text\n")
    index(docs, index_dir)
    formats = {d.id: d.format for d in snapshot(index_dir).list_documents()}
    assert formats == {"a.pdf": "pdf", "b.txt": "text", "c.html": "html", "d.rst": "text", "e.markdown": "markdown"}
    assert document(index_dir, "a.pdf").pages == 3


def test_match_deep_inside_a_long_pdf_points_at_its_page(docs: Path, index_dir: Path) -> None:
    pages = [f"Page {n} talks about ordinary matters, filler words." for n in range(1, 121)]
    pages[96] = "Page 97 is where the xylophoniq appears."
    write(docs, "manual.pdf", make_pdf(pages))
    write(docs, "other.md", "# Other\n\nordinary matters\n")
    index(docs, index_dir)
    hits = snapshot(index_dir).search("xylophoniq")
    assert [h.document.id for h in hits] == ["manual.pdf"]
    assert hits[0].passage is not None
    assert hits[0].passage.page == 97
    assert hits[0].document.pages == 120


def test_long_markdown_section_is_cut_into_bounded_passages(docs: Path, index_dir: Path) -> None:
    paragraphs = [f"Paragraph {n} " + "words go on and on. " * 20 for n in range(60)]
    paragraphs[45] += "The marmolux hides here."
    write(docs, "long.md", "# Long Section\n\n" + "\n\n".join(paragraphs) + "\n")
    index(docs, index_dir)
    snap = snapshot(index_dir)
    passages = snap.passages("long.md")
    assert len(passages) > 5
    assert all(p.end - p.start <= MAX_PASSAGE_CHARS for p in passages)
    assert all(p.heading == "Long Section" for p in passages)
    hit = snap.search("marmolux")[0]
    text = snap.text("long.md") or ""
    assert hit.passage is not None
    assert "marmolux" in text[hit.passage.start : hit.passage.end]


def test_full_text_has_all_text_and_headings_without_markup(docs: Path, index_dir: Path) -> None:
    write(
        docs,
        "a.md",
        "---\ntitle: T\ntags: [x]\n---\n# Top Heading\n\nSome **bold** and a [link](http://example.com).\n\n"
        "## Sub Heading\n\n- item one\n- item two\n",
    )
    index(docs, index_dir)
    text = snapshot(index_dir).text("a.md") or ""
    for wanted in ("Top Heading", "Some bold and a link.", "Sub Heading", "item one", "item two"):
        assert wanted in text
    for unwanted in ("**", "](", "http://example.com", "---", "tags:", "# "):
        assert unwanted not in text


def _contents(index_dir: Path) -> dict[str, tuple[object, ...]]:
    """Everything the index holds of each document, to compare two indexes of the same folder."""
    snap = snapshot(index_dir)
    return {
        d.id: (d.title, d.url, d.sha256, d.headings, snap.text(d.id), tuple(snap.passages(d.id)))
        for d in snap.list_documents(limit=100_000)
    }


def test_many_files_index_the_same_in_worker_processes_as_in_process(docs: Path, tmp_path: Path) -> None:
    count = 4 * INLINE_BELOW + 2  # enough for the worker-process path even with one worker
    step = INLINE_BELOW - 1  # runs with fewer new files than INLINE_BELOW stay in-process
    for first in range(0, count, step):
        for n in range(first, min(first + step, count)):
            write(docs, f"batch/doc{n:03d}.md", f"# Doc {n}\n\nshared words and sentinel{n}x here.\n")
        index(docs, tmp_path / "in-process")
    write(docs, "batch/page.pdf", make_pdf(["A pdf with pdfsentinelword."]))
    index(docs, tmp_path / "in-process")
    for workers in (2, 1):
        report = index(docs, tmp_path / f"workers-{workers}", workers=workers)
        assert (report.added, report.skipped) == (count + 1, ())
    expected = _contents(tmp_path / "in-process")
    assert len(expected) == count + 1
    for folder in (tmp_path / "workers-2", tmp_path / "workers-1"):
        assert found(folder, "sentinel77x") == ["batch/doc077.md"]
        assert found(folder, "pdfsentinelword") == ["batch/page.pdf"]
        assert len(found(folder, "shared")) == count
        assert _contents(folder) == expected


def test_worker_that_gets_no_files_does_not_break_the_run(docs: Path, index_dir: Path) -> None:
    for n in range(INLINE_BELOW + 8):  # one batch for two workers: the second one gets nothing to do
        write(docs, f"doc{n:02d}.md", f"# Doc {n}\n\nsentinel{n}y here.\n")
    report = index(docs, index_dir, workers=2)
    assert report.added == INLINE_BELOW + 8
    assert found(index_dir, "sentinel3y") == ["doc03.md"]
