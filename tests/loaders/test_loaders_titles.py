"""Titles the applications write by themselves ("PowerPoint Presentation", "Untitled document", "Microsoft Word -
report.docx") never title a document in results: the first slide's title, the printed file's name or the file's
own name do, so a folder of decks is not a list of "Presentation"s."""

from __future__ import annotations

import io
from pathlib import Path

import docx
import openpyxl
import pptx
import pytest
from odf import dc, draw, text
from odf.opendocument import OpenDocumentPresentation

from support.folders import index, snapshot, write
from support.pdfs import make_pdf


def _saved(document: object) -> bytes:
    out = io.BytesIO()
    document.save(out)  # type: ignore[attr-defined]
    return out.getvalue()


def deck(title: str, slide_title: str, body: str) -> bytes:
    made = pptx.Presentation()
    made.core_properties.title = title
    slide = made.slides.add_slide(made.slide_layouts[1] if slide_title else made.slide_layouts[6])
    if slide_title:
        assert slide.shapes.title is not None
        slide.shapes.title.text = slide_title
        slide.placeholders[1].text = body
    else:
        box = slide.shapes.add_textbox(0, 0, 100, 100)
        box.text_frame.text = body
    return _saved(made)


def word(title: str, body: str) -> bytes:
    made = docx.Document()
    made.core_properties.title = title
    made.add_paragraph(body)
    return _saved(made)


def workbook(title: str, cell: str) -> bytes:
    made = openpyxl.Workbook()
    made.properties.title = title
    sheet = made.active
    assert sheet is not None
    sheet.append(["Item", "Cost"])
    sheet.append([cell, 3])
    return _saved(made)


def impress(title: str, body: str) -> bytes:
    made = OpenDocumentPresentation()
    made.meta.addElement(dc.Title(text=title))
    page = draw.Page(name="page1", masterpagename="Default")
    frame = draw.Frame(width="10cm", height="2cm", x="1cm", y="1cm")
    box = draw.TextBox()
    box.addElement(text.P(text=body))
    frame.addElement(box)
    page.addElement(frame)
    made.presentation.addElement(page)
    out = io.BytesIO()
    made.write(out)
    return out.getvalue()


FILES = {
    "quarterly.pptx": deck("PowerPoint Presentation", "Quarterly zebracorn review", "Revenue grew"),
    "budget-plan.pptx": deck("Presentation", "", "unicornfish budget lines"),
    "memo.docx": word("Document1", "The okapilight memo body."),
    "costs.xlsx": workbook("Book1", "narwhalbean"),
    "talk.odp": impress("Slide 1", "quokkaflare talk notes"),
    "printed.pdf": make_pdf(["The axolotlwave travel rules."], title="Microsoft Word - Travel policy.docx"),
    "scan-export.pdf": make_pdf(["Pangolinmist export of the ledger."], title="untitled"),
    "combined.pdf": make_pdf(["Capybarasol chapters."], title="Binder1.pdf"),
    "notes.rtf": b"{\\rtf1\\ansi{\\info{\\title Untitled document}}Wombatglint meeting notes.\\par}",
    "floor-plan.pdf": make_pdf(["Wallabyquill drawing."], title="Model"),  # AutoCAD's layout name
    "annual.pdf": make_pdf(["Lemurquartz results."], title="Annual report 2024"),
    "flow.pdf": make_pdf(["Gecko-tern states."], title="ticket_flow.graffle"),  # exported from OmniGraffle
    "rack.pdf": make_pdf(["Ibexmoss servers."], title="Rack layout.vsdx"),  # exported from Visio
    # A browser's tab of an image, printed to PDF (the Claude cookbook's cvna_2021_annual_report.pdf)
    "report.pdf": make_pdf(["Tapirglow chart."], title="cvna_2021_report_image.png (1578\u00d71766)"),
    "photo.pdf": make_pdf(["Marmotwisp photo."], title="Shelf photo.JPG"),
}


@pytest.fixture(scope="module")
def index_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    docs = tmp_path_factory.mktemp("drive")
    for name, content in FILES.items():
        write(docs, name, content)
    target = tmp_path_factory.mktemp("index")
    report = index(docs, target, embeddings=False)
    assert not report.skipped
    return target


@pytest.mark.parametrize(
    ("query", "title"),
    [
        ("zebracorn", "Quarterly zebracorn review"),  # the first slide's title, not PowerPoint's placeholder
        ("unicornfish", "Budget plan"),  # no slide title: the file's name
        ("okapilight", "Memo"),
        ("narwhalbean", "Costs"),
        ("quokkaflare", "Talk"),
        ("axolotlwave", "Travel policy"),  # the name of the Word file the PDF was printed from
        ("pangolinmist", "Scan export"),
        ("capybarasol", "Combined"),
        ("wombatglint", "Notes"),
        ("wallabyquill", "Floor plan"),
        ("lemurquartz", "Annual report 2024"),  # a title of the author's own is kept
        ("gecko-tern", "ticket_flow"),  # the drawing's name, not "ticket_flow.graffle"
        ("ibexmoss", "Rack layout"),
        ("tapirglow", "cvna_2021_report_image"),  # the image's name, not its file name and size
        ("marmotwisp", "Shelf photo"),
    ],
)
def test_a_placeholder_title_gives_way(index_dir: Path, query: str, title: str) -> None:
    hits = snapshot(index_dir).search(query, limit=1)
    assert [hit.document.title for hit in hits] == [title]
