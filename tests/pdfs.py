"""Small PDFs built in memory for tests: text pages with fpdf2, encryption with pypdf."""

from __future__ import annotations

import io

from fpdf import FPDF
from pypdf import PdfReader, PdfWriter
from pypdf.generic import NameObject, StreamObject


def make_pdf(pages: list[str], title: str | None = None) -> bytes:
    """A PDF with one page per string ("" gives a blank page, with no text layer) and an optional /Title.

    Text is set in Helvetica, so it must be Latin-1; paragraphs are separated by "\\n".
    """
    pdf = FPDF()
    pdf.set_font("Helvetica", size=12)
    if title is not None:
        pdf.set_title(title)
    for text in pages:
        pdf.add_page()
        if text:
            pdf.multi_cell(0, 8, text)
    return bytes(pdf.output())


def encrypt_pdf(data: bytes, user_password: str, owner_password: str = "owner-secret") -> bytes:
    """The same PDF encrypted (AES-128). An empty user password opens it; only the owner's is set."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    writer.encrypt(user_password=user_password, owner_password=owner_password, algorithm="AES-128")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def break_page(data: bytes, page_number: int) -> bytes:
    """The same PDF with one page's (1-based) content stream made undecodable (an unknown /Filter)."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    contents = writer.pages[page_number - 1]["/Contents"].get_object()
    assert isinstance(contents, StreamObject), "fpdf2 writes one content stream per page"
    contents[NameObject("/Filter")] = NameObject("/NoSuchFilter")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
