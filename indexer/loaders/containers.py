"""Zip containers (Office Open XML, OpenDocument, EPUB), checked before any library opens one.

`open_container(data)` returns the bytes a library may read, or raises LoaderError saying why not:
- an OLE compound file where a zip was expected: a password-protected (encrypted) Office file, or an old binary
  one (.doc, .xls, .ppt) renamed;
- not a zip, or a corrupt or truncated one (every member is read once, so a bad CRC shows here);
- more than MAX_MEMBERS members, more than MAX_TOTAL_BYTES once expanded, or a member that expands more than
  MAX_RATIO times its compressed size (a zip bomb): sizes are counted as the members are read, not trusted;
- an encrypted member (a password-protected ODF or EPUB, or DRM);
- an OOXML package saved as Strict Open XML (ISO 29500 Strict), which the libraries here do not read (openpyxl
  finds no sheet in such a workbook, and says nothing);
- a member that declares XML entities (<!ENTITY): no format read here uses them, and they are how entity
  expansion (billion laughs) and external entities get in, so such a file is refused outright. Every member is
  looked at, whatever its name: the libraries find their parts through the package's own relationships, and a
  part may be called anything. A DOCTYPE alone (EPUB 2's NCX has one) defines nothing, and no parser here loads
  an external DTD (xmlparts.py).
A member named otherwise than the package refers to it (a UTF-8 name its zip entry does not flag as such,
backslashes, another case: partnames.py) is renamed in the copy handed on. Macros (vbaProject.bin and the like)
are never handed on: when a file has them, the bytes returned are a copy of the archive in which those members are
empty, and `Container.macros` is True.
"""

from __future__ import annotations

import io
import lzma
import re
import zipfile
import zlib
from collections.abc import Mapping
from dataclasses import dataclass

from indexer.errors import LoaderError
from indexer.loaders.partnames import part_renames, utf8_names

__all__ = ["MAX_MEMBERS", "MAX_RATIO", "MAX_TOTAL_BYTES", "Container", "open_container"]

MAX_MEMBERS = 10_000
MAX_TOTAL_BYTES = 256 * 1024 * 1024  # expanded: what a loader may have to hold
MAX_RATIO = 200  # expansion of one member past _RATIO_FROM bytes; real XML stays far below
_RATIO_FROM = 1024 * 1024
_CHUNK = 1024 * 1024
OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # an OLE compound file: old Office, Outlook's .msg
# The stream an encrypted Office file keeps its package in (MS-OFFCRYPTO), named in the OLE directory in UTF-16: a
# Word 97 file renamed .docx is OLE too, and is not password-protected.
_ENCRYPTED_PACKAGE = "EncryptedPackage".encode("utf-16-le")
_MACRO_MEMBER = re.compile(r"(^|/)(vbaProject\.bin|vbaData\.xml|vbaProjectSignature\.bin)$|^(Basic|Scripts)/", re.I)
_CONTENT_TYPES = "[Content_Types].xml"
_PACKAGE_RELS = "_rels/.rels"
# ISO 29500 Strict names its parts' relationships here, where the default (Transitional) format and the libraries
# that read it use schemas.openxmlformats.org: openpyxl finds no sheet in such a workbook, and says nothing.
_STRICT_DOCUMENT = b"http://purl.oclc.org/ooxml/officeDocument/relationships/officeDocument"
_DECLARATIONS = tuple("<!ENTITY".encode(codec) for codec in ("utf-8", "utf-16-le", "utf-16-be"))
_OVERLAP = max(len(m) for m in _DECLARATIONS)
_DAMAGE = (zipfile.BadZipFile, zlib.error, lzma.LZMAError, OSError, EOFError, NotImplementedError, RuntimeError)


@dataclass(frozen=True)
class Container:
    data: bytes  # the archive a library may open (macros emptied)
    names: frozenset[str]
    macros: bool  # the file held macros, which were left out

    @property
    def warnings(self) -> tuple[str, ...]:
        """What the index says of the file beyond its text: that its macros were left out."""
        return ("macros left out: the text is indexed, the macros are never run or read",) if self.macros else ()


def open_container(data: bytes, kind: str, retype: Mapping[str, str] | None = None) -> Container:
    """The checked archive of a `kind` file ("Word document", "workbook", ...); LoaderError when it is not safe.
    `retype` renames content types in an OOXML file's [Content_Types].xml (a macro-enabled main part read as
    the plain one) when the file holds macros."""
    if data.startswith(OLE_MAGIC):
        if _ENCRYPTED_PACKAGE in data:
            raise LoaderError(
                "encrypted (password-protected): an OLE file, not a zip; save it without a password to index it"
            )
        raise LoaderError(
            f"not a readable {kind}: an old binary Office file (as .doc, .xls and .ppt are), not a zip; "
            "save it in the current format to index it"
        )
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError) as exc:
        raise LoaderError(f"not a readable {kind}: not a zip archive, or a truncated one ({exc})") from exc
    if len(infos) > MAX_MEMBERS:
        raise LoaderError(f"not indexed: the {kind} holds {len(infos):,} files (at most {MAX_MEMBERS:,})")
    macros = [info for info in infos if _MACRO_MEMBER.search(info.filename.replace("\\", "/"))]
    with archive:
        total = 0
        for info in infos:
            if info.flag_bits & 0x1:
                raise LoaderError(f"encrypted (password-protected or DRM): {info.filename} cannot be read")
            if info in macros:
                continue
            total += _check_member(archive, info, kind, MAX_TOTAL_BYTES - total)
        types = archive.read(_CONTENT_TYPES) if _CONTENT_TYPES in archive.NameToInfo else b""
        renames = utf8_names(infos)
        renames = part_renames(archive, kind, renames, frozenset(i.filename for i in macros)) if types else renames
        if _PACKAGE_RELS in archive.NameToInfo and _STRICT_DOCUMENT in archive.read(_PACKAGE_RELS):
            raise LoaderError(
                f"not a readable {kind}: saved as Strict Open XML, which no reader here reads; "
                "save it in the default format to index it"
            )
    if macros or renames or any(old.encode() in types for old in retype or {}):
        data = _rewritten(data, {info.filename for info in macros}, retype or {}, renames)
    names = frozenset(renames.get(i.filename, i.filename) for i in infos)
    return Container(data=data, names=names, macros=bool(macros))


def _check_member(archive: zipfile.ZipFile, info: zipfile.ZipInfo, kind: str, budget: int) -> int:
    """Read one member through, counting what it expands to; LoaderError on a bomb, damage or a DTD."""
    size, tail = 0, b""
    try:
        with archive.open(info) as member:
            while chunk := member.read(_CHUNK):
                size += len(chunk)
                if size > budget:
                    raise LoaderError(
                        f"not indexed: the {kind} expands to more than {MAX_TOTAL_BYTES // 2**20} MiB (a zip bomb?)"
                    )
                if size > _RATIO_FROM and size > MAX_RATIO * max(info.compress_size, 1):
                    raise LoaderError(
                        f"not indexed: {info.filename} expands more than {MAX_RATIO} times its compressed size "
                        "(a zip bomb?)"
                    )
                window = tail + chunk
                if any(marker in window for marker in _DECLARATIONS):
                    raise LoaderError(
                        f"not indexed: {info.filename} declares XML entities (<!ENTITY), which a {kind} never "
                        "needs and which can expand without bound (billion laughs) or read other files"
                    )
                tail = window[-_OVERLAP:]
    except (
        zipfile.BadZipFile,
        zlib.error,
        lzma.LZMAError,
        OSError,
        EOFError,
        NotImplementedError,
        RuntimeError,
    ) as exc:
        raise LoaderError(f"not a readable {kind}: {info.filename} is damaged ({exc})") from exc
    return size


def _rewritten(data: bytes, emptied: set[str], retype: Mapping[str, str], renames: Mapping[str, str]) -> bytes:
    """A copy of the archive whose members `emptied` are empty (relationships to them still resolve) and whose
    members `renames` names are named as the package refers to them (partnames.py)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            content = b"" if info.filename in emptied else source.read(info)
            name = renames.get(info.filename, info.filename)
            if name == _CONTENT_TYPES:
                for old, new in retype.items():
                    content = content.replace(old.encode(), new.encode())
            target.writestr(zipfile.ZipInfo(name, info.date_time), content, compress_type=zipfile.ZIP_DEFLATED)
    return out.getvalue()
