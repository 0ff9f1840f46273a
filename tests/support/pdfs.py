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


def pdf_mapping_letter_a_to(code_point_hex: str, text: str) -> bytes:
    """A one-page PDF showing `text` in Helvetica whose ToUnicode map says that the letter A stands for the code
    point `code_point_hex` (e.g. "D800", a lone surrogate, which pypdf hands on as it is). Written by hand: no PDF
    library writes such a map."""
    content = f"BT /F1 12 Tf 72 720 Td ({text}) Tj ET".encode("latin-1")
    cmap = (
        b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /T def "
        b"1 begincodespacerange <00> <FF> endcodespacerange "
        b"1 beginbfchar <41> <" + code_point_hex.encode("ascii") + b"> endbfchar "
        b"endcmap CMapName currentdict /CMapResource defineresource pop end end"
    )
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R"
        b" /Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /ToUnicode 6 0 R >>",
        b"<< /Length %d >>\nstream\n" % len(cmap) + cmap + b"\nendstream",
    ]
    return assemble_pdf(objects)


def assemble_pdf(objects: list[bytes]) -> bytes:
    """A PDF of these objects, numbered from 1 (the first the catalog), with its cross-reference table: for the
    files no PDF library writes (a ToUnicode map of a lone surrogate, filled form fields)."""
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)
