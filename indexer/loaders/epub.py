"""EPUB (.epub): the chapters of the spine in reading order, each read as HTML (html.py), after containers.py's checks.

META-INF/container.xml names the package document (OPF); its spine orders the chapters, its metadata gives the
title (dc:title), author (dc:creator), date and subjects (tags). A chapter's headings start sections; a chapter
that opens without one is headed by its <title>. A chapter the spine names but the archive lacks is left out with a
warning. A book whose chapters are encrypted (META-INF/encryption.xml; DRM) is refused; font obfuscation alone is
not encryption of the text and is ignored.
"""

from __future__ import annotations

import posixpath
import zipfile
from dataclasses import replace
from io import BytesIO
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from indexer.errors import LoaderError
from indexer.loaders.containers import open_container
from indexer.loaders.html import declared_charset, html_document
from indexer.loaders.officemeta import metadata, one_line
from indexer.loaders.textcodec import decode_text
from indexer.loaders.xmlparts import parse_part
from indexer.model import ParsedDoc, Section

__all__ = ["EpubLoader"]

_KIND = "EPUB book"
_NS = {
    "c": "urn:oasis:names:tc:opendocument:xmlns:container",
    "opf": "http://www.idpf.org/2007/opf",
    "dc": "http://purl.org/dc/elements/1.1/",
    "enc": "http://www.w3.org/2001/04/xmlenc#",
}
_FONT_OBFUSCATION = frozenset({"http://www.idpf.org/2008/embedding", "http://ns.adobe.com/pdf/enc#RC"})
_CHAPTER_TYPES = frozenset({"application/xhtml+xml", "text/html", "application/x-dtbook+xml"})


class EpubLoader:
    """Loads .epub files; see the module docstring for what becomes a Section."""

    format = "epub"
    suffixes = frozenset({".epub"})

    def load(self, path: Path, data: bytes) -> ParsedDoc:
        container = open_container(data, _KIND)
        with zipfile.ZipFile(BytesIO(container.data)) as archive:
            _refuse_drm(archive, container.names)
            opf_path = _package_path(archive, container.names)
            package = parse_part(archive.read(opf_path), opf_path, _KIND)
            sections: list[Section] = []
            warnings: list[str] = []
            for chapter in _spine(package, posixpath.dirname(opf_path)):
                if chapter not in container.names:
                    warnings.append(f"chapter {chapter} is named in the spine but missing from the book; left out")
                    continue
                sections.extend(_chapter(archive.read(chapter), warnings))
        title, front = _metadata(package)
        return ParsedDoc(
            format=self.format,
            title=title or next((s.heading for s in sections if s.heading), ""),
            sections=tuple(sections),
            front_matter=front,
            warnings=tuple(dict.fromkeys(warnings)),
        )


def _refuse_drm(archive: zipfile.ZipFile, names: frozenset[str]) -> None:
    if "META-INF/encryption.xml" not in names:
        return
    encryption = parse_part(archive.read("META-INF/encryption.xml"), "META-INF/encryption.xml", _KIND)
    for data in encryption.iter(f"{{{_NS['enc']}}}EncryptedData"):
        method = data.find("enc:EncryptionMethod", _NS)
        if method is None or method.get("Algorithm") not in _FONT_OBFUSCATION:
            raise LoaderError("encrypted (DRM): the book's chapters are encrypted; only a DRM-free copy can be indexed")


def _package_path(archive: zipfile.ZipFile, names: frozenset[str]) -> str:
    if "META-INF/container.xml" not in names:
        raise LoaderError(f"not a readable {_KIND}: it has no META-INF/container.xml")
    root = parse_part(archive.read("META-INF/container.xml"), "META-INF/container.xml", _KIND)
    rootfile = root.find(".//c:rootfile", _NS)
    full_path = rootfile.get("full-path") if rootfile is not None else None
    if not full_path or full_path not in names:
        raise LoaderError(f"not a readable {_KIND}: container.xml names no package document that the book holds")
    return str(full_path)


def _spine(package: Any, base: str) -> list[str]:
    """The archive paths of the spine's chapters, in reading order."""
    items = {
        item.get("id"): item
        for item in package.iterfind("opf:manifest/opf:item", _NS)
        if item.get("media-type") in _CHAPTER_TYPES and item.get("href")
    }
    paths = []
    for ref in package.iterfind("opf:spine/opf:itemref", _NS):
        item = items.get(ref.get("idref"))
        if item is not None:
            href = unquote(item.get("href").split("#", 1)[0])
            paths.append(posixpath.normpath(posixpath.join(base, href)))
    return list(dict.fromkeys(paths))


def _chapter(data: bytes, warnings: list[str]) -> list[Section]:
    parsed = html_document(decode_text(data, encoding=declared_charset(data)), "epub")
    warnings.extend(parsed.warnings)
    sections = list(parsed.sections)
    if sections and not sections[0].heading and parsed.title:
        sections[0] = replace(sections[0], heading=one_line(parsed.title))
    return sections


def _metadata(package: Any) -> tuple[str, dict[str, Any]]:
    def texts(name: str) -> list[str]:
        found = package.iterfind(f"opf:metadata/dc:{name}", _NS)
        return [one_line("".join(e.itertext())) for e in found if "".join(e.itertext()).strip()]

    titles, creators, dates = texts("title"), texts("creator"), texts("date")
    front = metadata(", ".join(creators), dates[0] if dates else None, None, ", ".join(texts("subject")))
    return (titles[0] if titles else ""), front
