"""An OpenAPI (or Swagger 2.0) spec in the documents folder, as a document: the reference a viewer such as Redoc
draws from it. Its title and description, its servers, then each operation under its tag (the tags in the order
the spec declares them), titled by its summary, with its method and path, description, credentials, parameters,
body and responses (apischema.py writes them out, a page of Mintlify's API reference each); its webhooks; and
its schemas, their fields. A field of one of those schemas names it (`category (Category)`), whose fields the
schemas show once, as Redoc's schema list does: written out under every operation that takes it, a spec of 0.7
MB (GitBook's docs) made 4 million characters. So an agent asking which endpoint creates a user, or what fields
an order has, finds the passage that says so.

A file is read when its name says it is a spec (`openapi.json`, `petstore.swagger.yaml`: `*openapi*` or
`*swagger*`, `.json`, `.yaml`, `.yml`), or when another `.json`, `.yaml` or `.yml` file opens with an `openapi` or
`swagger` version at its top (Stripe's `spec3.json`, GitHub's `api.github.com.yaml`): most such files are configs
or data, and stay unread. One named like a spec whose root names no OpenAPI or Swagger version is no document (the
summary lists it as skipped, with why). On a Mintlify site a spec is not a document of its own: its operations
are the site's API pages (openapi.py, ingest/mintlify.py). A spec of thousands of operations is written out up to
MAX_CHARS characters, with a warning; each operation is bounded as a Mintlify page is. A spec split into files
(`$ref: paths/users.yaml`) is read with them (apifiles.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path, PurePath
from typing import Any

from indexer.errors import NotAPage
from indexer.loaders.apifiles import SpecFiles
from indexer.loaders.apischema import operation_markdown, schema_fields
from indexer.loaders.apispec import Spec, escaped, is_spec, list_of, mapping_of, named_schemas, text_of
from indexer.loaders.markdown import render_markdown
from indexer.loaders.mdparser import guard_nesting, markdown_parser
from indexer.loaders.openapi import METHODS, SPEC_NAME, parsed_spec, spec_root
from indexer.loaders.textcodec import decode_text
from indexer.model import ParsedDoc

__all__ = ["HEAD_BYTES", "MAX_CHARS", "MAX_STEPS", "OpenApiLoader"]

MAX_CHARS = 4_000_000  # characters of a spec's document: what a reader can use of GitHub's 1,000 operations
MAX_STEPS = 1_000_000  # schema nodes looked at for a spec's document (a YAML spec of aliases can name billions)
HEAD_BYTES = 4096  # of a .json or .yaml file, looked at for a spec's version
_YAML_VERSION = re.compile(rb"""(?m)^(?:openapi|swagger)[ \t]*:[ \t]*["']?\d""")  # a top-level key: no indent
_JSON_VERSION = re.compile(r'\s*:\s*"\d')  # after a key: a version


class OpenApiLoader:
    """Reads a spec file (see the module docstring) as Markdown, through the Markdown loader's renderer."""

    format = "openapi"
    suffixes: frozenset[str] = frozenset()  # taken by name (takes()), not by suffix alone
    sniffed = frozenset({".json", ".yaml", ".yml"})  # the suffixes of files it may take by their first bytes

    def __init__(self) -> None:
        self._parser = guard_nesting(markdown_parser())

    def sniffs(self, path: PurePath) -> bool:
        """Whether a file of this name may be a spec, which its first bytes tell."""
        return path.suffix.lower() in self.sniffed

    def takes(self, path: PurePath, head: bytes) -> bool:
        """Whether a file of this name, whose first bytes are `head` (HEAD_BYTES of them), is a spec to read."""
        if SPEC_NAME.fullmatch(path.name):
            return True
        if path.suffix.lower() not in self.sniffed:
            return False
        return _YAML_VERSION.search(head) is not None or _json_version_at_top(head.decode("utf-8", "replace"))

    def load(self, path: Path, data: bytes) -> ParsedDoc:
        root = parsed_spec(decode_text(data))
        if not is_spec(root):
            raise NotAPage("no OpenAPI or Swagger version at its top: no spec, no document")
        budget = _Budget(SpecFiles(path, root, spec_root))
        parts = _document(root, path.name, budget)
        warnings = (budget.warning(),) if budget.left else ()
        return render_markdown(self._parser, "\n\n".join(part for part in parts if part), {}, warnings, self.format)


def _json_version_at_top(head: str) -> bool:
    """Whether a JSON object's first bytes give an `openapi` or `swagger` version as a key of the object itself
    (a package.json's `"dependencies": {"openapi": "3.0.0"}` is none): one pass, strings skipped."""
    text = head.lstrip("\ufeff \t\r\n")
    depth, i = 0, 0
    if not text.startswith("{"):
        return False
    while i < len(text):
        c = text[i]
        if c == '"':
            end = _string_end(text, i)
            if end < 0:
                return False
            if depth == 1 and text[i + 1 : end - 1] in ("openapi", "swagger") and _JSON_VERSION.match(text, end):
                return True
            i = end
            continue
        depth += (c in "{[") - (c in "}]")
        i += 1
    return False


def _string_end(text: str, start: int) -> int:
    """Where the JSON string opening at `start` ends (past its closing quote); -1 when the text ends first."""
    i = start + 1
    while i < len(text):
        if text[i] == "\\":
            i += 2
        elif text[i] == '"':
            return i + 1
        else:
            i += 1
    return -1


def _document(root: Mapping[str, Any], name: str, budget: _Budget) -> list[str]:
    """The spec's Markdown, in parts, as far as the budget goes."""
    info = mapping_of(root.get("info"))
    parts = [f"# {_plain(text_of(info.get('title')) or name)}"]
    version = info.get("version")
    parts.append(f"Version {version}." if isinstance(version, str | int | float) and str(version).strip() else "")
    parts += [text_of(info.get("description")), *_servers(root)]
    budget.chars = sum(map(len, parts))
    budget.apart = frozenset(id(budget.spec(root).resolve(schema)[0]) for schema in named_schemas(root).values())
    return [*parts, *_operations(root, budget), *_webhooks(root, budget), *_schemas(root, budget)]


@dataclass
class _Budget:
    """What the document has used of MAX_CHARS and MAX_STEPS, and how many operations and schemas it left out;
    the files its spec is split into, read as they are needed."""

    files: SpecFiles
    chars: int = 0
    steps: int = 0
    left: int = 0
    apart: frozenset[int] = frozenset()  # the schemas the document shows once (ids of their nodes)

    def spec(self, root: Mapping[str, Any], heading: str = "##") -> Spec:
        return Spec(root, heading=heading, apart=self.apart, files=self.files)

    def take(self, write: Callable[[Spec], str], root: Mapping[str, Any]) -> str | None:
        """One operation's or schema's Markdown, as `write` makes it with a Spec of its own (the bounds of one
        page); None, counted as left out, once the document is full."""
        if self.chars >= MAX_CHARS or self.steps >= MAX_STEPS:
            self.left += 1
            return None
        spec = self.spec(root)
        text = write(spec)
        self.steps += spec.steps
        if self.chars + len(text) + 2 > MAX_CHARS:
            self.chars, self.left = MAX_CHARS, self.left + 1
            return None
        self.chars += len(text) + 2
        return text

    def warning(self) -> str:
        bound = (
            f"{MAX_STEPS:,} schema nodes looked at" if self.steps >= MAX_STEPS else f"{MAX_CHARS:,} characters written"
        )
        left = f"{self.left:,} operations and schemas left out"
        return f"the spec is too large to write out whole: it stops at {bound}, {left}"


def _servers(root: Mapping[str, Any]) -> Iterator[str]:
    urls = [s["url"].strip() for s in list_of(root.get("servers")) if isinstance(s, Mapping) and text_of(s.get("url"))]
    if not urls and isinstance(root.get("host"), str):  # Swagger 2.0
        urls = [f"{_first(root.get('schemes')) or 'https'}://{root['host']}{text_of(root.get('basePath'))}"]
    if urls:
        yield "Served at " + ", ".join(f"`{url}`" for url in urls) + "."


def _operations(root: Mapping[str, Any], budget: _Budget) -> Iterator[str]:
    """Each tag and the operations under it, tags in the order the spec declares them, then in the order they are
    first used; operations without a tag first, each at the top level."""
    tags = [tag for tag in list_of(root.get("tags")) if isinstance(tag, Mapping)]
    declared = {text_of(tag.get("name")): text_of(tag.get("description")) for tag in tags}
    by_tag: dict[str, list[str]] = {tag: [] for tag in declared if tag}
    untagged: list[str] = []
    for path, item in mapping_of(root.get("paths")).items():
        item = mapping_of(budget.spec(root).resolve(item)[0])
        for method, entry in item.items():
            operation = budget.spec(root).resolve(entry)[0] if method in METHODS else None
            if not isinstance(operation, Mapping):
                continue
            tag = _first(operation.get("tags"))
            level = "###" if tag else "##"
            shared = item.get("parameters")
            text = budget.take(partial(_operation, method, str(path), operation, shared, level), root)
            if text is not None:
                (untagged if not tag else by_tag.setdefault(tag, [])).append(text)
    yield from untagged
    for tag, sections in by_tag.items():
        if sections:
            yield f"## {_plain(tag)}" + (f"\n\n{declared[tag]}" if declared.get(tag) else "")
            yield from sections


def _webhooks(root: Mapping[str, Any], budget: _Budget) -> Iterator[str]:
    """OpenAPI 3.1's webhooks, each under its name."""
    hooks = mapping_of(root.get("webhooks"))
    written = []
    for name, item in hooks.items():
        item = mapping_of(budget.spec(root).resolve(item)[0])
        operation = budget.spec(root).resolve(next((item[m] for m in item if m in METHODS), None))[0]
        if isinstance(operation, Mapping):
            shared = item.get("parameters")
            text = budget.take(partial(_operation, "", str(name), operation, shared, "###"), root)
            written += [text] if text is not None else []
    if written:
        yield "## Webhooks"
        yield from written


def _operation(method: str, path: str, operation: Mapping[str, Any], shared: object, level: str, spec: Spec) -> str:
    """One operation: its summary (else its method and path) as a heading at `level`, then what its page shows."""
    spec.heading = level + "#"
    lead, details = operation_markdown(spec, method, path, operation, shared, lead=False)
    title = text_of(operation.get("summary")) or (f"{method.upper()} {path}" if method else f"Webhook {path}")
    described = text_of(operation.get("description"))  # (its summary is the heading)
    return "\n\n".join(part for part in (f"{level} {_plain(title)}", lead, described, details) if part)


def _schemas(root: Mapping[str, Any], budget: _Budget) -> Iterator[str]:
    """The spec's schemas (OpenAPI 3's components, Swagger 2.0's definitions), each with its fields."""
    schemas = named_schemas(root)
    written = [
        text for name, schema in schemas.items() if (text := budget.take(partial(_schema, str(name), schema), root))
    ]
    if written:
        yield "## Schemas"
        yield from written


def _schema(name: str, schema: object, spec: Spec) -> str:
    node, _ = spec.resolve(schema)
    described = text_of(node.get("description")) if isinstance(node, Mapping) else ""
    fields = "\n".join(schema_fields(spec, name, schema))
    return "\n\n".join(part for part in (f"### {_plain(name)}", described, fields) if part)


def _plain(title: str) -> str:
    """A heading's text as written: one line, its Markdown characters escaped."""
    return escaped(" ".join(title.split()))


def _first(value: object) -> str:
    return text_of(value[0]) if isinstance(value, list) and value else ""
