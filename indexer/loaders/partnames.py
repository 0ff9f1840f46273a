"""Part names of an Office Open XML package as its relationships spell them, for libraries that match names exactly.

OPC part names are case-insensitive and use forward slashes, and Excel opens a workbook whose zip spells them
otherwise: one written by a Windows tool with backslashes (`xl\\workbook.xml`), or one whose members' case differs
from its relationships' (`xl/SharedStrings.xml` for a target `sharedStrings.xml`). openpyxl, python-docx and
python-pptx look members up exactly, and failed such files ("There is no item named 'xl/sharedStrings.xml'").
`part_renames` says which members to rename so that every name the package refers to exists as written.
"""

from __future__ import annotations

import posixpath
import zipfile
from typing import Any

from indexer.errors import LoaderError
from indexer.loaders.xmlparts import parse_part

__all__ = ["part_renames"]

_RELATIONSHIP = "{http://schemas.openxmlformats.org/package/2006/relationships}Relationship"
_OVERRIDE = "{http://schemas.openxmlformats.org/package/2006/content-types}Override"
_CONTENT_TYPES = "[Content_Types].xml"


def part_renames(archive: zipfile.ZipFile, kind: str) -> dict[str, str]:
    """Member name -> the name the package refers to it by, for the members spelt otherwise; {} for most files."""
    renames = {name: name.replace("\\", "/") for name in archive.namelist() if "\\" in name}
    present = {renames.get(name, name): name for name in archive.namelist()}
    by_case: dict[str, list[str]] = {}
    for name in present:
        by_case.setdefault(name.lower(), []).append(name)
    for wanted in _referenced(archive, present, kind):
        if wanted in present:
            continue
        matches = by_case.get(wanted.lower(), [])
        if len(matches) == 1:  # two members differing in case alone: no telling which is meant
            renames[present[matches[0]]] = wanted
    return renames


def _referenced(archive: zipfile.ZipFile, present: dict[str, str], kind: str) -> set[str]:
    """The part names the package's relationships and content types refer to, resolved to member names."""
    wanted: set[str] = set()
    for name, member in present.items():
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
