"""Part names of an Office Open XML package as its relationships spell them, for libraries that match names exactly.

OPC part names are case-insensitive and use forward slashes, and Excel opens a workbook whose zip spells them
otherwise: one written by a Windows tool with backslashes (`xl\\workbook.xml`), or one whose members' case differs
from its relationships' (`xl/SharedStrings.xml` for a target `sharedStrings.xml`). openpyxl, python-docx and
python-pptx look members up exactly, and failed such files ("There is no item named 'xl/sharedStrings.xml'").
`part_renames` says which members to rename so that every name the package refers to exists as written, and
`utf8_names` which to read as the UTF-8 their zip entries do not say they are (any zip-based format).
"""

from __future__ import annotations

import posixpath
import zipfile
from collections import Counter
from collections.abc import Mapping
from typing import Any

from indexer.errors import LoaderError
from indexer.loaders.xmlparts import parse_part

__all__ = ["part_renames", "utf8_names"]

_RELATIONSHIP = "{http://schemas.openxmlformats.org/package/2006/relationships}Relationship"
_OVERRIDE = "{http://schemas.openxmlformats.org/package/2006/content-types}Override"
_CONTENT_TYPES = "[Content_Types].xml"
_UTF8_FLAG = 0x800


def part_renames(
    archive: zipfile.ZipFile, kind: str, spelt: Mapping[str, str], unread: frozenset[str] = frozenset()
) -> dict[str, str]:
    """Member name -> the name the package refers to it by, for the members spelt otherwise (`spelt`: names read
    again already, utf8_names); {} for most files. The members `unread` (macros, emptied unchecked: containers.py)
    are not read, so a bomb among them stays unexpanded."""
    names = archive.namelist()
    renames = dict(spelt)
    for name in names:
        if "\\" in renames.get(name, name):
            renames[name] = renames.get(name, name).replace("\\", "/")
    renames = _unclashed(renames, names)
    present = {renames.get(name, name): name for name in names}
    by_case: dict[str, list[str]] = {}
    for name in present:
        by_case.setdefault(name.lower(), []).append(name)
    for wanted in _referenced(archive, present, kind, unread):
        if wanted in present:
            continue
        matches = by_case.get(wanted.lower(), [])
        if len(matches) == 1:  # two members differing in case alone: no telling which is meant
            renames[present[matches[0]]] = wanted
    return _unclashed(renames, names)


def utf8_names(infos: list[zipfile.ZipInfo]) -> dict[str, str]:
    """Member name -> its name read as UTF-8, for members whose zip entry does not say it is UTF-8 (flag bit 11):
    Python reads those as code page 437, but EPUB requires UTF-8 names and tools that write them without the flag
    are common, so a Japanese book's '三.xhtml' was 'Σ╕ë.xhtml' and its spine found no chapter. A name that is
    not valid UTF-8 stays as it was."""
    renames: dict[str, str] = {}
    for info in infos:
        if info.flag_bits & _UTF8_FLAG or info.filename.isascii():
            continue
        try:
            renames[info.filename] = info.filename.encode("cp437").decode("utf-8")
        except UnicodeError:  # truly cp437 (or another code page): nothing to go by
            continue
    return _unclashed(renames, [info.filename for info in infos])


def _unclashed(renames: dict[str, str], names: list[str]) -> dict[str, str]:
    """The renames that make no two members one: none onto a name another member has, as written or renamed.
    The member spelt as the package refers to it is the part; a copy beside it (`word\\document.xml` beside
    `word/document.xml`), written after it, would have replaced it in the archive handed on."""
    while True:
        final = Counter(renames.get(name, name) for name in names)
        clashing = {old for old, new in renames.items() if final[new] > 1}
        if not clashing:
            return renames
        renames = {old: new for old, new in renames.items() if old not in clashing}


def _referenced(archive: zipfile.ZipFile, present: dict[str, str], kind: str, unread: frozenset[str]) -> set[str]:
    """The part names the package's relationships and content types refer to, resolved to member names."""
    wanted: set[str] = set()
    for name, member in present.items():
        if member in unread:
            continue
        if name.endswith(".rels") and posixpath.basename(posixpath.dirname(name)) == "_rels":
            base = posixpath.dirname(posixpath.dirname(name))
            for relationship in _elements(archive, member, _RELATIONSHIP, kind):
                target = (relationship.get("Target") or "").replace("\\", "/")
                if target and relationship.get("TargetMode") != "External":
                    wanted.add(_resolved(base, target))
        elif name == _CONTENT_TYPES:
            wanted.update(
                (override.get("PartName") or "").lstrip("/") for override in _elements(archive, member, _OVERRIDE, kind)
            )
    wanted.discard("")
    return wanted


def _elements(archive: zipfile.ZipFile, member: str, tag: str, kind: str) -> list[Any]:
    try:
        return list(parse_part(archive.read(member), member, kind).iter(tag))
    except LoaderError:  # a damaged relationships part: the library says so when it reads it
        return []


def _resolved(base: str, target: str) -> str:
    path = target.lstrip("/") if target.startswith("/") else posixpath.join(base, target)
    return posixpath.normpath(path).lstrip("/") if path else ""
