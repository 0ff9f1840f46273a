"""A spec split into files, as Redocly's starter lays one out and large APIs keep theirs: `$ref:
paths/users.yaml`, `$ref: '../schemas/User.yaml#/properties/id'`. The files a spec's `$ref`s name are read as its
includes (includes.py: a change to one reads the spec again, and a caller who may not see one does not find the
spec by it), each parsed once for a document, at most MAX_FILES of them. A `$ref` inside a file is relative to
that file: which file each node of a parsed file came from is remembered, by the node.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from indexer.loaders import includes

__all__ = ["MAX_FILES", "SpecFiles"]

MAX_FILES = 500  # files one spec's document reads besides its own


class SpecFiles:
    """The files a spec names, read as it needs them: `path` is the spec's own file, `root` its parsed root."""

    def __init__(self, path: Path, root: Any, parse: Callable[[str], Any]) -> None:
        self.path = path
        self._roots: dict[str, Any] = {os.path.normpath(path): root}
        self._origin: dict[int, str] = {}  # id of a node of a file read -> that file (the spec's own: not kept)
        # text -> a parse of its own (openapi.spec_root): two files of the same text (v1/op.yaml, v2/op.yaml) are
        # two trees, whose `$ref`s lead to their own folders' files
        self._parse = parse

    def root_of(self, node: object) -> tuple[Any, str]:
        """The root of the file a node came from, and that file's path."""
        path = self._origin.get(id(node), os.path.normpath(self.path))
        return self._roots[path], path

    def target(self, node: object, ref: str) -> tuple[Any, str]:
        """(the root of the file a `$ref` of `node` names, the pointer into it: "" for its whole); ({}, "") for
        a file that cannot be read (with a warning) or one past MAX_FILES, or a URL (not fetched)."""
        name, _, pointer = ref.partition("#")
        if not name:
            return self.root_of(node)[0], pointer
        if "://" in name:
            return {}, ""
        _, base = self.root_of(node)
        path = os.path.normpath(os.path.join(os.path.dirname(base), name))
        if path not in self._roots:
            if len(self._roots) > MAX_FILES:
                return {}, ""
            text = includes.included_text(Path(base), name, part=True)  # (parsed, not shown as written)
            root = self._parse(text) if text is not None else None
            self._roots[path] = root
            self._claim(root, path)
        return self._roots[path], pointer

    def _claim(self, root: Any, path: str) -> None:
        """Remember that each mapping and list of a file's parse came from that file (a YAML alias can make a
        node hold itself: each is visited once)."""
        stack = [root]
        while stack:
            node = stack.pop()
            if isinstance(node, Mapping | list) and id(node) not in self._origin:
                self._origin[id(node)] = path
                stack.extend(node.values() if isinstance(node, Mapping) else node)
