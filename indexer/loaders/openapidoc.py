"""An OpenAPI (or Swagger 2.0) spec in the documents folder, as a document: the reference a viewer such as Redoc
draws from it. Its title and description, its servers, then each operation under its tag (the tags in the order
the spec declares them), titled by its summary, with its method and path, description, credentials, parameters,
body and responses (apischema.py writes them out, a page of Mintlify's API reference each); its webhooks; and
its schemas, their fields. So an agent asking which endpoint creates a user, or what fields an order has, finds
the passage that says so.

A file is read when its name says it is a spec (`openapi.json`, `petstore.swagger.yaml`: `*openapi*` or
`*swagger*`, `.json`, `.yaml`, `.yml`); one whose root names no OpenAPI or Swagger version is no document (the
summary lists it as skipped, with why). On a Mintlify site a spec is not a document of its own: its operations
are the site's API pages (openapi.py, ingest/mintlify.py). A spec of thousands of operations is written out up to
MAX_CHARS characters, with a warning; each operation is bounded as a Mintlify page is.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from pathlib import Path, PurePath
from typing import Any

from indexer.errors import NotAPage
from indexer.loaders.apischema import Spec, operation_markdown, schema_fields
from indexer.loaders.markdown import guard_nesting, markdown_parser, render_markdown
from indexer.loaders.openapi import METHODS, SPEC_NAME, parsed_spec
from indexer.loaders.textcodec import decode_text
from indexer.model import ParsedDoc

__all__ = ["MAX_CHARS", "OpenApiLoader"]

MAX_CHARS = 4_000_000  # characters of a spec's document: what a reader can use of GitHub's 1,000 operations
_ESCAPED = re.compile(r"([\\`*_{}\[\]()<>#+!|~&])")


class OpenApiLoader:
    """Reads a spec file (see the module docstring) as Markdown, through the Markdown loader's renderer."""

    format = "openapi"
    suffixes: frozenset[str] = frozenset()  # taken by name (takes()), not by suffix alone

    def __init__(self) -> None:
        self._parser = guard_nesting(markdown_parser())

    def takes(self, path: PurePath) -> bool:
        return SPEC_NAME.fullmatch(path.name) is not None

    def load(self, path: Path, data: bytes) -> ParsedDoc:
        root = parsed_spec(decode_text(data))
        if not isinstance(root, Mapping) or not isinstance(root.get("openapi", root.get("swagger")), str | int | float):
            raise NotAPage("named like an OpenAPI spec, but it names no OpenAPI or Swagger version: no document")
        parts, cut = _document(root, path.name)
        warnings = (f"the spec's reference is cut at {MAX_CHARS:,} characters: {cut} left out",) if cut else ()
        return render_markdown(self._parser, "\n\n".join(parts), {}, warnings, self.format)


def _document(root: Mapping[str, Any], name: str) -> tuple[list[str], str]:
    """The spec's Markdown, in parts, and what MAX_CHARS left out ("" for nothing)."""
    info = _mapping(root.get("info"))
    parts = [f"# {_plain(_text(info.get('title')) or name)}"]
    version = info.get("version")
    parts.append(f"Version {version}." if isinstance(version, str | int | float) and str(version).strip() else "")
    parts += [_text(info.get("description")), *_servers(root)]
    size = sum(map(len, parts))
    sections = [*_operations(root), *_webhooks(root), *_schemas(root)]
    for i, (_, section) in enumerate(sections):
        if size + len(section) > MAX_CHARS:
            left = sections[i:]
            return parts, f"{sum(k == 'operation' for k, _ in left):,} operations, {len(left):,} sections in all"
        parts.append(section)
        size += len(section)
    return parts, ""


def _servers(root: Mapping[str, Any]) -> Iterator[str]:
    urls = [s["url"].strip() for s in _list(root.get("servers")) if isinstance(s, Mapping) and _text(s.get("url"))]
    if not urls and isinstance(root.get("host"), str):  # Swagger 2.0
        urls = [f"{_first(root.get('schemes')) or 'https'}://{root['host']}{_text(root.get('basePath'))}"]
    if urls:
        yield "Served at " + ", ".join(f"`{url}`" for url in urls) + "."


def _operations(root: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """("tag" or "operation", Markdown) of each tag and each operation under it, tags in the order the spec
    declares them, then in the order they are first used; operations without a tag first, each at the top level."""
    tags = [tag for tag in _list(root.get("tags")) if isinstance(tag, Mapping)]
    declared = {_text(tag.get("name")): _text(tag.get("description")) for tag in tags}
    by_tag: dict[str, list[str]] = {tag: [] for tag in declared if tag}
    untagged: list[str] = []
    for path, item in _mapping(root.get("paths")).items():
        item = _mapping(Spec(root).resolve(item)[0])
        for method, entry in item.items():
            operation = Spec(root).resolve(entry)[0] if method in METHODS else None
            if not isinstance(operation, Mapping):
                continue
            tag = _first(operation.get("tags"))
            where = untagged if not tag else by_tag.setdefault(tag, [])
            where.append(_operation(root, method, str(path), operation, item.get("parameters"), "###" if tag else "##"))
    yield from (("operation", section) for section in untagged)
    for tag, sections in by_tag.items():
        if sections:
            yield "tag", f"## {_plain(tag)}" + (f"\n\n{declared[tag]}" if declared.get(tag) else "")
            yield from (("operation", section) for section in sections)


def _webhooks(root: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """OpenAPI 3.1's webhooks, each under its name."""
    hooks = _mapping(root.get("webhooks"))
    if hooks:
        yield "tag", "## Webhooks"
    for name, item in hooks.items():
        item = _mapping(Spec(root).resolve(item)[0])
        operation = next((item[m] for m in item if m in METHODS), None)
        operation = Spec(root).resolve(operation)[0]
        if isinstance(operation, Mapping):
            yield "operation", _operation(root, "", str(name), operation, item.get("parameters"), "###")


def _operation(
    root: Mapping[str, Any], method: str, path: str, operation: Mapping[str, Any], shared: object, level: str
) -> str:
    """One operation: its summary (else its method and path) as a heading at `level`, then what its page shows."""
    spec = Spec(root, heading=level + "#")  # each operation within the bounds of one page
    lead, details = operation_markdown(spec, method, path, operation, shared, lead=False)
    title = _text(operation.get("summary")) or (f"{method.upper()} {path}" if method else f"Webhook {path}")
    described = _text(operation.get("description"))  # (its summary is the heading)
    return "\n\n".join(part for part in (f"{level} {_plain(title)}", lead, described, details) if part)


def _schemas(root: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """The spec's schemas (OpenAPI 3's components, Swagger 2.0's definitions), each with its fields."""
    schemas = _mapping(_mapping(root.get("components")).get("schemas")) or _mapping(root.get("definitions"))
    if schemas:
        yield "tag", "## Schemas"
    for name, schema in schemas.items():
        node, _ = Spec(root).resolve(schema)
        described = _text(node.get("description")) if isinstance(node, Mapping) else ""
        fields = "\n".join(schema_fields(Spec(root), str(name), schema))
        yield "schema", "\n\n".join(part for part in (f"### {_plain(str(name))}", described, fields) if part)


def _plain(title: str) -> str:
    """A heading's text as written: one line, its Markdown characters escaped."""
    return _ESCAPED.sub(r"\\\1", " ".join(title.split()))


def _text(value: object) -> str:
    return value.strip() if isinstance(value, str) else ""


def _first(value: object) -> str:
    return _text(value[0]) if isinstance(value, list) and value else ""


def _mapping(value: object) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _list(value: object) -> list[Any]:
    return value if isinstance(value, list) else []
