"""EPUB loader, tested from books zipped by hand in EPUB 3 and EPUB 2 layouts: chapters in spine order, metadata,
and how DRM, a missing package and entity declarations end."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from urllib.parse import unquote

import pytest

from indexer.errors import LoaderError

from support.folders import found, index, skipped, text_of, write
from support.loaders import Content, assert_text, load

CONTAINER = (
    '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">'
    '<rootfiles><rootfile full-path="{}" media-type="application/oebps-package+xml"/></rootfiles></container>'
)
XHTML2_DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">'


def chapter(title: str, body: str, doctype: str = "<!DOCTYPE html>") -> str:
    return (
        f'<?xml version="1.0" encoding="utf-8"?>{doctype}<html xmlns="http://www.w3.org/1999/xhtml">'
        f"<head><title>{title}</title><style>.stylesentinel{{}}</style></head><body>{body}</body></html>"
    )


def book(
    chapters: dict[str, str],
    spine: list[str],
    metadata: str = "",
    extra: dict[str, str] | None = None,
    opf_dir: str = "OEBPS/",
    prolog: str = "",
    container: str = "META-INF/container.xml",
) -> bytes:
    """An EPUB zipped by hand; a spine name that `chapters` lacks is in the manifest but not in the archive."""
    names = list(dict.fromkeys([*chapters, *spine]))
    manifest = "".join(
        f'<item id="c{n}" href="{name}" media-type="application/xhtml+xml"/>' for n, name in enumerate(names)
    )
    ids = {name: f"c{n}" for n, name in enumerate(names)}
    itemrefs = "".join(f'<itemref idref="{ids[name]}"/>' for name in spine)
    opf = (
        f'<?xml version="1.0"?>{prolog}'
        '<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">'
        f'<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">{metadata}</metadata>'
        f'<manifest>{manifest}<item id="css" href="style.css" media-type="text/css"/></manifest>'
        f"<spine>{itemrefs}</spine></package>"
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("mimetype", "application/epub+zip", compress_type=zipfile.ZIP_STORED)
        archive.writestr(container, CONTAINER.format(f"{opf_dir}content.opf"))
        archive.writestr(f"{opf_dir}content.opf", opf)
        archive.writestr(f"{opf_dir}style.css", "body { font-family: cssentinel; }")
        for name, content in chapters.items():
            archive.writestr(f"{opf_dir}{unquote(name)}", content)  # hrefs are URLs: "chap%201" is "chap 1"
        for name, content in (extra or {}).items():
            archive.writestr(name, content)
    return out.getvalue()


META = (
    "<dc:title>The Zebracorn Manual</dc:title><dc:creator>Eve Epub</dc:creator><dc:date>2024-05-01</dc:date>"
    "<dc:subject>manuals</dc:subject>"
)
MANUAL = book(
    {
        "text/ch2.xhtml": chapter("Care", "<h1>Caring for it</h1><p>Brush the unicornfish daily.</p>"),
        "text/ch1.xhtml": chapter("Start", "<p>Welcome, reader.</p><script>scriptsentinel()</script>"),
        "text/notes.xhtml": chapter("Unused", "<p>notinspinesentinel</p>"),
    },
    spine=["text/ch1.xhtml", "text/ch2.xhtml"],
    metadata=META,
)
EPUB2 = book(
    {"chap%201.html": chapter("One", "<h2>Old zebracorn tale</h2><p>Once upon a time.</p>", XHTML2_DOCTYPE)},
    spine=["chap%201.html"],
    extra={
        "toc.ncx": '<?xml version="1.0"?><!DOCTYPE ncx PUBLIC "-//NISO//DTD ncx 2005-1//EN" '
        '"http://www.daisy.org/z3986/2005/ncx-2005-1.dtd"><ncx/>'
    },
    opf_dir="",
)

CASES: list[tuple[str, Content, list[str], list[str]]] = [
    ("manual.epub", MANUAL, ["The Zebracorn Manual", "Start", "Welcome, reader.", "Caring for it",
     "Brush the unicornfish daily."], ["notinspinesentinel", "scriptsentinel", "stylesentinel", "cssentinel", "<p>"]),
    ("old.epub", EPUB2, ["Old zebracorn tale", "Once upon a time."], ["DOCTYPE", "ncx"]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("filename", "content", "must_include", "must_not_include"), CASES, ids=[case[0] for case in CASES]
)
def test_epub_text(filename: str, content: Content, must_include: list[str], must_not_include: list[str]) -> None:
    assert_text(filename, content, must_include, must_not_include)


def test_chapters_follow_the_spine_and_metadata_gives_title_and_author() -> None:
    doc = load("manual.epub", MANUAL)
    assert (doc.format, doc.title) == ("epub", "The Zebracorn Manual")
    assert [s.heading for s in doc.sections] == ["Start", "Caring for it"]
    assert doc.front_matter == {"author": "Eve Epub", "created": "2024-05-01", "tags": ["manuals"]}


def test_a_chapter_missing_from_the_book_is_left_out_with_a_warning() -> None:
    doc = load("gap.epub", book({"a.xhtml": chapter("A", "<p>zebracorn</p>")}, ["a.xhtml", "b.xhtml"]))
    assert any("missing from the book" in w for w in doc.warnings)


LAUGHS = '<!DOCTYPE p [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>'
DRM = (
    '<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">'
    '<enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/>'
    '<enc:CipherData><enc:CipherReference URI="OEBPS/text/ch1.xhtml"/></enc:CipherData>'
    "</enc:EncryptedData></encryption>"
)
FONTS_ONLY = DRM.replace("http://www.w3.org/2001/04/xmlenc#aes128-cbc", "http://www.idpf.org/2008/embedding")

HOSTILE: list[tuple[str, Content, str]] = [
    ("drm.epub", book({"a.xhtml": chapter("A", "<p>x</p>")}, ["a.xhtml"], extra={"META-INF/encryption.xml": DRM}),
     "encrypted (DRM)"),
    ("nocontainer.epub", book({"a.xhtml": "x"}, ["a.xhtml"], container="META-INF/elsewhere.xml"),
     "not a readable EPUB book: it has no META-INF/container.xml"),
    ("laughs.epub", book({"a.xhtml": "x"}, ["a.xhtml"], "<dc:title>&a;</dc:title>", prolog=LAUGHS),
     "not indexed: OEBPS/content.opf declares XML entities"),
    ("truncated.epub", MANUAL[: len(MANUAL) // 2], "not a readable EPUB book"),
]  # fmt: skip


@pytest.mark.parametrize(("filename", "content", "reason"), HOSTILE, ids=[case[0] for case in HOSTILE])
def test_hostile_epub_is_refused_with_its_reason(filename: str, content: Content, reason: str) -> None:
    with pytest.raises(LoaderError) as raised:
        load(filename, content)
    assert str(raised.value).startswith(reason)


def test_font_obfuscation_alone_is_not_drm() -> None:
    fonts = book(
        {"a.xhtml": chapter("A", "<p>zebracorn</p>")}, ["a.xhtml"], extra={"META-INF/encryption.xml": FONTS_ONLY}
    )
    assert "zebracorn" in load("fonts.epub", fonts).sections[0].text


def test_epub_through_the_pipeline(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "manual.epub", MANUAL)
    write(
        docs,
        "drm.epub",
        book({"a.xhtml": chapter("A", "<p>x</p>")}, ["a.xhtml"], extra={"META-INF/encryption.xml": DRM}),
    )
    report = index(docs, index_dir)
    assert report.added == 1
    assert skipped(report)["drm.epub"].startswith("encrypted (DRM)")
    assert found(index_dir, "type:epub unicornfish") == ["manual.epub"]


def without_utf8_flags(data: bytes) -> bytes:
    """The same zip with the 'names are UTF-8' flag (bit 11) cleared in every header, as tools that write UTF-8
    names without saying so leave it: the names' bytes are unchanged."""
    patched = bytearray(data)
    for signature, flag_at in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        start = patched.find(signature)
        while start != -1:
            flags = int.from_bytes(patched[start + flag_at : start + flag_at + 2], "little") & ~0x800
            patched[start + flag_at : start + flag_at + 2] = flags.to_bytes(2, "little")
            start = patched.find(signature, start + 4)
    return bytes(patched)


def test_a_book_whose_zip_does_not_flag_its_utf8_names_is_read(tmp_path: Path) -> None:
    """EPUB names are UTF-8; a Japanese book's '三.xhtml' read as code page 437 matched no spine entry."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    chapters = {"xhtml/三.xhtml": chapter("三", "<h1>三</h1><p>Zebracorn chapter three.</p>")}
    write(docs, "kusamakura.epub", without_utf8_flags(book(chapters, spine=["xhtml/三.xhtml"])))
    assert skipped(index(docs, index_dir, embeddings=False)) == {}
    assert found(index_dir, "zebracorn") == ["kusamakura.epub"]


def test_ruby_readings_stay_above_their_words(tmp_path: Path) -> None:
    """A Japanese book's furigana (<rt>, shown above a word) is not read into the line: '山路やまみちを登り' neither
    reads nor matches as the sentence does; an annotation left unclosed, as HTML allows, ends at its ruby's end."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    body = (
        "<p><ruby>山路<rp>(</rp><rt>やまみち</rt><rp>)</rp></ruby>を登りながら、こう考えた。</p>"
        "<p><ruby>智<rt>ち</ruby>に働けば<ruby>角<rt>かど</ruby>が立つ。zebracorn</p>"
    )
    write(docs, "kusamakura.epub", book({"one.xhtml": chapter("一", body)}, spine=["one.xhtml"]))
    index(docs, index_dir, embeddings=False)
    text = text_of(index_dir, "kusamakura.epub")
    assert text == "一\n\n山路を登りながら、こう考えた。\n\n智に働けば角が立つ。zebracorn"


def test_an_annotation_outside_a_ruby_hides_nothing(tmp_path: Path) -> None:
    """An <rt> outside any <ruby> is no annotation: browsers show its text and end it with its parent. Read as one
    left open, it hid the rest of its block ('then the zebracorn words' after a <span> that closed it)."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    body = "<p>Read <span>山路<rt>やまみち</span> then the zebracorn words.</p><p><ruby>智<rt>ち</ruby>に働けば</p>"
    write(docs, "stray.epub", book({"one.xhtml": chapter("一", body)}, spine=["one.xhtml"]))
    index(docs, index_dir, embeddings=False)
    assert text_of(index_dir, "stray.epub") == "一\n\nRead 山路やまみち then the zebracorn words.\n\n智に働けば"


def test_a_fixed_layout_page_drawn_in_svg_is_read_for_its_text(tmp_path: Path) -> None:
    """A book converted from PDF sets each line as an SVG <text> (IDPF's 'Sous le vent'): its words are read, one
    line per <text> and per <tspan> set lower; the drawing's styles, title and paths are not."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    page = (
        '<div class="page"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 368 581"><title>svgsentinel</title>'
        "<style>.ps00 {fill:#221F1F;}</style><path d='M 148 485 L 219 485 Z'/>"
        '<text transform="matrix(1 0 0 1 119 108)"><tspan x="0" y="0">Jean-Bernard Pouy</tspan></text>'
        '<text transform="matrix(1 0 0 1 119 140)"><tspan x="0" y="0">Sous le vent</tspan><tspan x="60" y="0"> '
        'zebracorn,</tspan><tspan x="0" y="11.76">a novel.</tspan></text></svg></div>'
    )
    write(docs, "vent.epub", book({"p1.xhtml": chapter("Sous le vent", page)}, spine=["p1.xhtml"]))
    assert skipped(index(docs, index_dir, embeddings=False)) == {}
    assert text_of(index_dir, "vent.epub") == "Sous le vent\n\nJean-Bernard Pouy\nSous le vent zebracorn,\na novel."


def test_a_self_closing_svg_text_closes_so_the_drawings_title_stays_hidden(tmp_path: Path) -> None:
    """Inside an SVG `/>` closes any element: a `<text x="1"/>` left the text open, and the title and description
    of that drawing and of every later one became the book's text."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    page = (
        '<svg><text x="1"/><title>svgsentinel</title></svg><p>Zebracorn after the drawing.</p>'
        "<svg><desc>descsentinel</desc></svg>"
    )
    write(docs, "drawn.epub", book({"p1.xhtml": chapter("Drawn", page)}, spine=["p1.xhtml"]))
    index(docs, index_dir, embeddings=False)
    assert text_of(index_dir, "drawn.epub") == "Drawn\n\nZebracorn after the drawing."


def test_a_text_left_open_ends_with_its_drawing_so_the_next_drawings_title_stays_hidden(tmp_path: Path) -> None:
    """`</svg>` ends whatever its drawing left open: a `<text>` never closed made the next drawing's title text."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    page = (
        "<p>Before.</p><svg><text>zebracorn label</svg><p>Between.</p>"
        "<svg><title>svgsentinel</title></svg><p>After.</p>"
    )
    write(docs, "drawn.epub", book({"p1.xhtml": chapter("Drawn", page)}, spine=["p1.xhtml"]))
    index(docs, index_dir, embeddings=False)
    assert "svgsentinel" not in text_of(index_dir, "drawn.epub")
    assert "Between." in text_of(index_dir, "drawn.epub") and "After." in text_of(index_dir, "drawn.epub")
