"""A PDF's pages as a reader gets them: running headers and footers read once, not on every page (the page number
aside, a line at the top or bottom of most pages is kept where it first appears, and the pages' own words all stay),
a filled form's values with the page that shows them, and a damaged file's repair notes as one warning that says
what they mean."""

from __future__ import annotations

import io
import re
from pathlib import Path

from pypdf import PdfWriter
from pypdf.generic import ArrayObject, DictionaryObject, NameObject, TextStringObject

from support.folders import index, snapshot, text_of, warnings_of, write
from support.pdfs import assemble_pdf, make_pdf

HEADER = "Acme Handbook - Edition 2 (internal)"
BODIES = ["Travel zebracorn rules.", "Expense unicornfish limits.", "Leave okapilight policy.", "Remote quokka work."]


STOCK = [7, 3, 9, 4]  # a line at the foot of each page that differs in a number, but no page number: content


def handbook() -> bytes:
    pages = [
        f"{HEADER}\n{body}\nStock: {stock} units\nPage {n} of {len(BODIES)}"
        for n, (body, stock) in enumerate(zip(BODIES, STOCK, strict=True), 1)
    ]
    return make_pdf(pages)


def test_a_running_header_and_footer_are_kept_on_the_first_page_only(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "handbook.pdf", handbook())
    index(docs, index_dir, embeddings=False)
    text = text_of(index_dir, "handbook.pdf")
    assert text.count(HEADER) == 1 and text.count(" of 4") == 1
    assert all(body in text for body in BODIES)
    assert all(f"Stock: {stock} units" in text for stock in STOCK)
    view = snapshot(index_dir)
    third = view.search("okapilight", limit=1)[0].passage
    assert third is not None and third.page == 3
    assert view.slice("handbook.pdf", third.start, third.end) == "Leave okapilight policy.\nStock: 9 units"
    assert [hit.document.id for hit in snapshot(index_dir).search('"acme handbook"', limit=5)] == ["handbook.pdf"]


def test_a_line_on_too_few_pages_and_a_short_document_keep_every_line(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    pages = [f"Chapter note\n{body}" if n == 1 else body for n, body in enumerate(BODIES, 1)]
    write(docs, "notes.pdf", make_pdf([*pages, "Chapter note\nClosing words."]))  # 2 pages of 5: no running line
    write(docs, "pair.pdf", make_pdf([f"{HEADER}\nFirst.", f"{HEADER}\nSecond."]))
    index(docs, index_dir, embeddings=False)
    assert text_of(index_dir, "notes.pdf").count("Chapter note") == 2
    assert text_of(index_dir, "pair.pdf").count(HEADER) == 2


NEXT_TOPICS = ["Civil", "Civic", "Ill", "Lilli"]  # words of the letters i, v, x, l and c: no roman numerals


def test_lines_that_differ_in_words_of_roman_letters_are_content(tmp_path: Path) -> None:
    """Only a well-formed roman numeral in one case is a page number: "Next topic: Civil" and "Next topic: Civic"
    at the feet of pages were taken for one footer numbered in roman and kept on the first page only."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "course.pdf", make_pdf([f"{b}\nNext topic: {t}" for b, t in zip(BODIES, NEXT_TOPICS, strict=True)]))
    guide = [f"{body}\nAcme Guide {n}" for body, n in zip(BODIES, ["iii", "iv", "1", "2"], strict=True)]
    write(docs, "guide.pdf", make_pdf(guide))
    index(docs, index_dir, embeddings=False)
    course = text_of(index_dir, "course.pdf")
    assert all(f"{body}\nNext topic: {topic}" in course for body, topic in zip(BODIES, NEXT_TOPICS, strict=True))
    assert text_of(index_dir, "guide.pdf").count("Acme Guide") == 1  # front matter in roman, then arabic: a footer


def test_a_damaged_pdf_read_anyway_gives_one_warning_that_says_so(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "repaired.pdf", re.sub(rb"startxref\s+\d+", b"startxref\n99", make_pdf(["Mended zebracorn."])))
    report = index(docs, index_dir, embeddings=False)
    [warning] = warnings_of(report, "repaired.pdf")
    assert warning.startswith("damaged PDF, its text read anyway (pypdf: incorrect startxref pointer")
    assert "Mended zebracorn." in text_of(index_dir, "repaired.pdf")


def filled_form() -> bytes:
    """A one-page form as a PDF editor leaves it filled: a text field that is its own widget, a field whose value a
    kid widget inherits, and a ticked check box. Written by hand: fpdf2 writes no form fields."""
    content = b"BT /F1 12 Tf 72 720 Td (Application form zebracorn) Tj ET"
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [5 0 R 7 0 R 8 0 R] >> >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Annots [5 0 R 6 0 R 8 0 R]"
        b" /Resources << /Font << /F1 9 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        b"<< /Type /Annot /Subtype /Widget /FT /Tx /T (name) /TU (Full name) /V (Ada Okapilight) /Rect [72 600 300 620]"
        b" /P 3 0 R >>",
        b"<< /Type /Annot /Subtype /Widget /Parent 7 0 R /Rect [72 560 300 580] /P 3 0 R >>",
        b"<< /FT /Tx /T (city) /V (Unicornfish Bay) /Kids [6 0 R] >>",
        b"<< /Type /Annot /Subtype /Widget /FT /Btn /T (agree) /V /Yes /Rect [72 520 90 538] /P 3 0 R >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    return assemble_pdf(objects)


def test_a_filled_forms_values_are_read_with_its_page(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "application.pdf", filled_form())
    report = index(docs, index_dir, embeddings=False)
    assert warnings_of(report, "application.pdf") == []
    text = text_of(index_dir, "application.pdf")
    assert text == "Application form zebracorn\nFull name: Ada Okapilight\ncity: Unicornfish Bay"
    assert [hit.document.id for hit in snapshot(index_dir).search("okapilight", limit=3)] == ["application.pdf"]


def test_a_list_of_widgets_every_page_names_is_read_once(tmp_path: Path) -> None:
    """A page's form values are its widgets': one list of 200 widgets with values of 2 KB, which each of 1,000 pages
    named as its /Annots, made a PDF of 538 KB 390 MB of text. Each widget is read once, on the first page."""
    writer = PdfWriter()
    widgets = [
        writer._add_object(
            DictionaryObject(
                {
                    NameObject("/Type"): NameObject("/Annot"),
                    NameObject("/Subtype"): NameObject("/Widget"),
                    NameObject("/FT"): NameObject("/Tx"),
                    NameObject("/T"): TextStringObject(f"field{i}"),
                    NameObject("/V"): TextStringObject(f"zebracorn value {i} " * 100),
                }
            )
        )
        for i in range(200)
    ]
    annotations = writer._add_object(ArrayObject(widgets))
    for _ in range(1000):
        writer.add_blank_page(100, 100)[NameObject("/Annots")] = annotations
    out = io.BytesIO()
    writer.write(out)
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "forms.pdf", out.getvalue())
    index(docs, index_dir, embeddings=False)
    text = text_of(index_dir, "forms.pdf")
    assert text.count("field7: zebracorn value 7") == 1 and len(text) < 1_000_000
