"""A site indexed with several of its versions (`--versions`, ingest/editions.py): a page that several versions
hold is one result, at the place of its best-ranked copy, in its newest version; indexed together, a page's copies
would crowd a page of results. A query that names a version (`version:2.x`) shows every copy it finds.
"""

from __future__ import annotations

import re

from whoosh.query import Query

from indexer.search.clauses import Edition

CURRENT_VERSION = "current"  # Docusaurus's unreleased version, served under next/
VERSION_DEPTH = 3  # on a site of several versions, pages ranked per page shown: each version's copies are one
VERSION_WINDOW = 50  # and at least these many, so that a page's newest copy is among them whatever page is asked
MAX_VERSION_WINDOW = 5_000  # ranked, at most, to fill a page when copies of many versions crowd each other out

Found = list[tuple[str, int, float]]  # (doc id, ordinal of a passage, score)


def names_version(query: Query) -> bool:
    """Whether a query filters by version (`version:2.x`): then every version's page it finds is shown."""
    if type(query) is Edition and query.fieldname == "version":
        return True
    return any(names_version(child) for child in query.children())


def one_version_each(found: Found, editions: dict[str, tuple[str, str, str]]) -> Found:
    """The ranking with one copy of each page kept where several versions of a site hold it (`--versions all`:
    Jest's ECMAScript Modules page came first, second and third, for 30.4, 30.0 and 29.7). Copies are the
    documents of different versions whose URLs are the same once the version's own path segment is taken out
    (`/docs/29.7/x` and `/docs/x`); the group keeps the place of its best-ranked copy and shows its newest version
    (the site's default, as a rule). A page alone in its version, or a copy whose URL says no version, stays."""
    kept: Found = []
    groups: dict[tuple[str, str], int] = {}  # (URL without the version, language) -> the group's place in kept
    for hit in found:
        url, language, version = editions.get(hit[0], ("", "", ""))
        if not version or not url:
            kept.append(hit)
            continue
        segment = "next" if version == CURRENT_VERSION else version  # Docusaurus's path of its current version
        key = (url.replace(f"/{segment}/", "/", 1), language)
        at = groups.get(key)
        if at is None:
            groups[key] = len(kept)
            kept.append(hit)
            continue
        held = editions[kept[at][0]][2]
        if held == version:
            kept.append(hit)  # another page of that version: not a copy
        elif _newer(version, held):
            kept[at] = hit
    return kept


def _newer(version: str, than: str) -> bool:
    """Whether a version name is newer than another: by their numbers (30.4 > 30.0 > 29.7; a release over its
    pre-releases, 2.0 over 2.0-rc1); a numbered version over an unnumbered one (`current`, served as `next`)."""
    a, b = _release(version), _release(than)
    if a[0] and b[0]:
        return a > b
    return bool(a[0]) and not b[0]


def _release(version: str) -> tuple[tuple[int, ...], bool]:
    """A version's leading numbers (`v2.1.3-beta` 2, 1, 3), and whether it is a release (nothing after them)."""
    found = re.match(r"^[vV]?(\d+(?:\.\d+){0,5})(.*)$", version.strip())
    if found is None:
        return (), False
    return tuple(int(n) for n in found.group(1).split(".")), not found.group(2).strip(" .-_")
