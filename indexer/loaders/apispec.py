"""A parsed OpenAPI (or Swagger 2.0) spec as apischema.py writes pages from it: its `$ref`s followed, and the
bounds of one page (MAX_LINES field lines, MAX_CHARS characters of fields and responses, MAX_STEPS schema nodes
looked at), which apischema.py's docstring explains. `$ref`s inside the spec are JSON pointers into its root;
with the files it is split into (apifiles.py: a spec's own document), a reference to another file is read, each
node's references relative to the file that holds it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeGuard

if TYPE_CHECKING:
    from indexer.loaders.apifiles import SpecFiles

__all__ = [
    "MAX_CHARS",
    "MAX_LINES",
    "MAX_STEPS",
    "Spec",
    "escaped",
    "is_spec",
    "list_of",
    "mapping_of",
    "named_schemas",
    "text_of",
]

MAX_LINES = 500  # field lines on one page
MAX_CHARS = 1_000_000  # characters of field lines and responses on one page
MAX_STEPS = 20_000  # schema nodes looked at for one page
_MARKUP = re.compile(r"([\\`*_{}\[\]()<>#+!|~&])")  # what Markdown could read as markup in a name


@dataclass
class Spec:
    """A parsed OpenAPI (or Swagger 2.0) document, and what a page drawn from it has shown so far."""

    root: Mapping[str, Any]
    lines: int = 0  # field lines written
    chars: int = 0  # characters of field lines and responses written
    steps: int = 0  # nodes looked at
    cut: bool = False  # whether MAX_LINES, MAX_CHARS or MAX_STEPS left fields out
    chain: list[str] = field(default_factory=list)  # the schemas being written out, by name, outermost first
    heading: str = "##"  # the level of the headings of a page's parts (deeper in a spec's own document)
    apart: frozenset[int] = frozenset()  # schemas written out apart (ids of their nodes): a field of one names it
    files: SpecFiles | None = None  # the files its `$ref`s name, read (a spec's own document); else only named

    def resolve(self, node: object) -> tuple[Any, str]:
        """A node with its `$ref` followed (repeatedly), and the name of the last schema it named ("" for none);
        a reference out of the spec, or to nothing, is an empty node named by its reference."""
        self.steps += 1
        if self.steps > MAX_STEPS:  # schemas that share schemas, each several times: a tree of billions of nodes
            self.cut = True
            return {}, ""
        name = ""
        for _ in range(16):
            if not isinstance(node, Mapping) or not isinstance(ref := node.get("$ref"), str):
                return node, name
            name = ref.rsplit("/", 1)[-1]
            if "#" not in ref and name.lower().endswith((".json", ".yaml", ".yml")):  # a file: `schemas/Pet.yaml`
                name = name.rsplit(".", 1)[0]
            if self.files is not None:
                root, pointer = self.files.target(node, ref)
                node = _walk(root, pointer)
            else:
                node = _walk(self.root, ref[1:]) if ref.startswith("#/") else {}
        return {}, name

    def full(self) -> bool:
        """Whether the page holds MAX_LINES field lines or MAX_CHARS characters already: then the rest is cut."""
        full = self.lines >= MAX_LINES or self.chars >= MAX_CHARS
        self.cut = self.cut or full
        return full


def _walk(root: Any, pointer: str) -> Any:
    """The node a JSON pointer (`/components/schemas/User`; "" for the root) names in a parsed file; {} for none."""
    if not pointer:
        return root if root is not None else {}
    if not pointer.startswith("/"):
        return {}
    node: Any = root
    for part in pointer[1:].split("/"):
        part = part.replace("~1", "/").replace("~0", "~")
        if isinstance(node, Mapping) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return {}
    return node


def is_spec(root: object) -> TypeGuard[Mapping[str, Any]]:
    """Whether a parsed file is an OpenAPI or Swagger spec: its root gives an `openapi` (or `swagger`) version."""
    return isinstance(root, Mapping) and isinstance(root.get("openapi", root.get("swagger")), str | int | float)


def named_schemas(root: Mapping[str, Any]) -> Mapping[str, Any]:
    """A spec's schemas by name: OpenAPI 3's components' schemas, or Swagger 2.0's definitions."""
    return mapping_of(mapping_of(root.get("components")).get("schemas")) or mapping_of(root.get("definitions"))


def escaped(name: str) -> str:
    """A name (a heading's, a type's, a media type's) with what Markdown could read as markup escaped: `*/*` is no
    emphasis."""
    return _MARKUP.sub(r"\\\1", name)


def text_of(value: object) -> str:
    """A description's Markdown, trimmed ("" for anything but a string)."""
    return value.strip() if isinstance(value, str) else ""


def mapping_of(value: object) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def list_of(value: object) -> list[Any]:
    return value if isinstance(value, list) else []
