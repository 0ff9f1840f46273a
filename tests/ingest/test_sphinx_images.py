"""A Sphinx project's image kept in two forms, an SVG for its HTML pages and a PDF for its LaTeX build, as Django's
diagrams are (`.. image:: /internals/_images/triage_process.*`): the PDF is served nowhere on the site, so it is no
document; a PDF a page offers for download, or that no wildcard image names, stays one."""

from __future__ import annotations

from pathlib import Path

from support.folders import all_ids, found, index, run_cli, skipped, write
from support.pdfs import make_pdf

SVG = '<svg xmlns="http://www.w3.org/2000/svg"><text>diagram</text></svg>'


def _project(docs: Path) -> None:
    write(docs, "conf.py", "source_suffix = {'.txt': 'restructuredtext'}\n")
    write(
        docs,
        "internals/triaging.txt",
        "Triaging tickets\n================\n\nThe zebracorn workflow:\n\n"
        ".. image:: /internals/_images/triage_process.*\n   :alt: workflow\n",
    )
    write(docs, "internals/_images/triage_process.pdf", make_pdf(["Unreviewed zebracorn accepted wontfix"]))
    write(docs, "internals/_images/triage_process.svg", SVG)
    write(docs, "topics/testing.txt", "Testing\n=======\n\n.. figure:: _images/hierarchy.*\n\n   The classes\n")
    write(docs, "topics/_images/hierarchy.pdf", make_pdf(["SimpleTestCase quokkaflare TransactionTestCase"]))
    write(docs, "topics/_images/hierarchy.png", b"\x89PNG\r\n\x1a\n")
    write(docs, "ref/slides.txt", "Slides\n======\n\nGet :download:`the deck <deck.pdf>`.\n")
    write(docs, "ref/deck.pdf", make_pdf(["The okapilight deck"]))
    write(docs, "ref/deck.png", b"\x89PNG\r\n\x1a\n")  # its preview
    write(docs, "ref/poster.pdf", make_pdf(["The narwhalbean poster"]))
    write(docs, "ref/poster.svg", SVG)  # no page names `poster.*`


def test_the_pdf_form_of_a_wildcard_image_is_no_document(tmp_path: Path) -> None:
    """Django's triage diagram came second for 'ticket triage workflow states', a PDF the site does not serve."""
    docs = tmp_path / "docs"
    _project(docs)
    report = index(docs, tmp_path / "index", embeddings=False)
    reasons = skipped(report)
    assert "Sphinx's HTML pages show the .svg beside it" in reasons["internals/_images/triage_process.pdf"]
    assert "Sphinx's HTML pages show the .png beside it" in reasons["topics/_images/hierarchy.pdf"]
    assert found(tmp_path / "index", "zebracorn") == ["internals/triaging.txt"]
    assert found(tmp_path / "index", "quokkaflare") == []


def test_a_myst_figure_names_the_image_as_a_directive_does(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    write(docs, "conf.py", "extensions = ['myst_parser']\n")
    write(docs, "guide.md", "# Guide\n\n```{figure} img/flow.*\nThe flow\n```\n")
    write(docs, "img/flow.pdf", make_pdf(["The wombatglint flow"]))
    write(docs, "img/flow.svg", SVG)
    report = index(docs, tmp_path / "index", embeddings=False)
    assert "img/flow.pdf" in skipped(report)
    assert found(tmp_path / "index", "wombatglint") == []


def test_a_pdf_offered_for_download_or_named_by_no_image_stays_a_document(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    _project(docs)
    index(docs, tmp_path / "index", embeddings=False)
    ids = all_ids(tmp_path / "index")
    assert "ref/deck.pdf" in ids and "ref/poster.pdf" in ids
    assert "internals/_images/triage_process.pdf" not in ids


def test_the_pdf_is_a_document_again_when_no_page_names_the_image(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    _project(docs)
    index(docs, tmp_path / "index", embeddings=False)
    assert "internals/_images/triage_process.pdf" not in all_ids(tmp_path / "index")
    write(docs, "internals/triaging.txt", "Triaging tickets\n================\n\nThe zebracorn workflow.\n")
    report = index(docs, tmp_path / "index", embeddings=False)
    assert "internals/_images/triage_process.pdf" not in skipped(report)
    assert "internals/_images/triage_process.pdf" in all_ids(tmp_path / "index")


def test_the_summary_gives_many_such_pdfs_one_line(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    write(docs, "conf.py", "project = 'x'\n")
    figures = "".join(f".. figure:: figs/fig{n}.*\n\n   Figure {n}\n\n" for n in range(12))
    write(docs, "index.rst", f"Figures\n=======\n\n{figures}")
    for n in range(12):
        write(docs, f"figs/fig{n}.pdf", make_pdf([f"Figure {n}"]))
        write(docs, f"figs/fig{n}.svg", SVG)
    result = run_cli(docs, "--index", tmp_path / "index", "--no-embeddings")
    assert result.returncode == 0, result.stderr
    assert "12 files: the PDF form of an image (Sphinx's HTML pages show the .svg beside it)" in result.stderr
