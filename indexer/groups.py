"""Access groups: what a group name may be, and who may see a document.

A document names the groups allowed to see it (none: everyone). A caller has groups too (a token's, a JWT's
claim), or is None: one who may see every document (stdio, loopback without authentication). The indexer
reads groups from front matter and the access file; the connector from tokens; both check names here, and
the store and search sides decide visibility here, so that every path applies one rule.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from indexer.model import Document

PUBLIC = "*"  # the access term indexed for a document without groups; never a group name
MAX_GROUP_LENGTH = 200
MAX_GROUPS = 100


def check_group(name: str) -> str | None:
    """Why `name` cannot be a group name, or None when it can."""
    if not name:
        return "a group name is empty"
    if name == PUBLIC:
        return f"{PUBLIC!r} is not a group name"
    if len(name) > MAX_GROUP_LENGTH:
        return f"a group name is longer than {MAX_GROUP_LENGTH} characters"
    if "," in name or not name.isprintable():  # a space is printable; tabs and newlines are not
        return f"group name {name!r} holds a comma or a control character"
    return None


def group_names(values: Iterable[object]) -> tuple[str, ...]:
    """Distinct, stripped group names in order; ValueError saying why when one cannot be a group name."""
    groups = tuple(dict.fromkeys(name for name in (str(v).strip() for v in values) if name))
    for group in groups:
        problem = check_group(group)
        if problem:
            raise ValueError(problem)
    if len(groups) > MAX_GROUPS:
        raise ValueError(f"more than {MAX_GROUPS} groups")
    return groups


Groups = frozenset[str] | None  # a caller's groups; None: a caller who may see every document


def visible(document: Document, groups: Groups) -> bool:
    """Whether a caller in `groups` may see `document`."""
    return groups is None or may_see(groups, document.access)


def may_see(groups: frozenset[str], access: Iterable[str]) -> bool:
    """Whether a caller in `groups` may see a document with these groups: it names none, or one of the caller's."""
    return not access or not groups.isdisjoint(access)
