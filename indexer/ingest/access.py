"""Who may see a document: the groups named by its front matter, else by the folder's access file.

The access file (`.docsearchaccess` at the top of the documents folder) maps path patterns, in gitignore
syntax, to groups; the last pattern that matches a path wins, as in a CODEOWNERS file:

    # pattern            groups (comma-separated)
    finance/**           finance
    finance/public/**    finance, staff
    *.confidential.pdf   executives

A Markdown document's front matter (`access: [finance]`) replaces the access file's groups when it names
any. A document with no groups is visible to every caller; one with groups, to callers in at least one of
them. A malformed access file stops the run: guessing would publish documents their owners meant to hide.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pathspec

from indexer.errors import AccessFileError, LoaderError
from indexer.groups import group_names
from indexer.ingest.patterns import PatternError, compile_line
from indexer.loaders.regular import read_regular

ACCESS_FILE = ".docsearchaccess"
_RULE = re.compile(r"((?:\\.|\S)+)\s+(.*)")  # a pattern (spaces escaped with a backslash), then groups


def front_matter_groups(front: dict[str, object]) -> tuple[str, ...] | None:
    """The groups a document's front matter names: None when it has no `access` key.

    `access` takes a list of names or one comma-separated string. Anything else is refused (LoaderError)
    rather than read as "no groups", which would make the document visible to everyone.
    """
    if "access" not in front:
        return None
    value = front["access"]
    if isinstance(value, str):
        value = value.split(",")
    if not isinstance(value, list | tuple) or any(isinstance(v, dict | list | bool) or v is None for v in value):
        raise LoaderError("front matter 'access' must be a list of group names")
    try:
        return group_names(value)
    except ValueError as exc:
        raise LoaderError(f"front matter 'access': {exc}") from None


@dataclass(frozen=True)
class AccessRules:
    """The access file of a documents folder, parsed: (pattern, groups) rules in file order."""

    text: str = ""
    rules: tuple[tuple[pathspec.PathSpec, tuple[str, ...]], ...] = ()

    @classmethod
    def parse(cls, text: str, source: str = ACCESS_FILE) -> AccessRules:
        rules = []
        for number, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            match = _RULE.match(line)
            pattern, rest = (match.group(1), match.group(2)) if match else (line, "")
            where = f"{source}, line {number}"
            try:
                groups = group_names(rest.split(","))
            except ValueError as exc:
                raise AccessFileError(f"{where}: {exc}") from None
            if not groups:
                raise AccessFileError(f"{where}: {pattern!r} names no group (write: PATTERN GROUP[, GROUP...])")
            try:
                spec = compile_line(pattern, where)
            except PatternError as exc:
                raise AccessFileError(str(exc)) from None
            rules.append((spec, groups))
        return cls(text, tuple(rules))

    @classmethod
    def load(cls, docs: Path) -> AccessRules:
        """The rules of `docs`' access file; no rules when there is none. AccessFileError when unusable."""
        path = docs / ACCESS_FILE
        try:
            data = read_regular(path)
        except FileNotFoundError:
            return cls()
        except OSError as exc:
            raise AccessFileError(f"{path} cannot be read: {exc.strerror or exc}") from None
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise AccessFileError(f"{path} is not UTF-8 text") from None
        return cls.parse(text, str(path))

    def groups_for(self, doc_id: str) -> tuple[str, ...]:
        """The groups of the last rule whose pattern matches the path `doc_id`; () when none does."""
        for spec, groups in reversed(self.rules):
            if spec.match_file(doc_id):
                return groups
        return ()


def document_groups(front: dict[str, object], file_groups: tuple[str, ...]) -> tuple[str, ...]:
    """A document's groups: its front matter's when it names any, else the access file's."""
    own = front_matter_groups(front)
    return own if own else file_groups
