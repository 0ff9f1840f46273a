"""Mintlify's API pages: a page whose front matter names an operation of an OpenAPI spec shows what the site
draws for it, as apischema.py writes it out, around the page's own text.

- `openapi: "/openapi.json POST /project/update/{projectId}"`: that operation of that spec (a path from the
  site's folder, the one holding docs.json or mint.json; else from the documents folder);
- `openapi: "GET /users"`: of the specs the site's config names (`"openapi"` anywhere in docs.json's
  navigation, as a path, a list of them or a `source`; mint.json's top-level `openapi`), else (none, or URLs
  only) of the files named like a spec in the page's folder or one above it in the site;
- `openapi: "openapi.json webhook orderUpdated"`: a webhook of an OpenAPI 3.1 spec;
- `openapi-schema: User`: a schema of the spec, its fields.

A page whose front matter is all it has (Mintlify draws the rest) is a page with text, no longer "no text". The
spec is read as an included file (includes.py): a page is read again when it changes, and a caller who may not
see the spec does not find the page by it. A spec given as a URL is not fetched. The operation's summary titles
a page without a title, and its description opens one without a description.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from indexer.loaders import includes
from indexer.loaders.apischema import operation_markdown, schema_markdown
from indexer.loaders.apispec import Spec, is_spec, mapping_of, named_schemas
from indexer.loaders.regular import read_regular
from indexer.loaders.unchanged import while_unchanged
from indexer.loaders.yamlread import read_yaml

__all__ = ["METHODS", "SPEC_NAME", "ApiPage", "api_page", "parsed_spec", "spec_root"]

METHODS = frozenset({"get", "put", "post", "delete", "options", "head", "patch", "trace"})
_CONFIGS = ("docs.json", "mint.json")
SPEC_NAME = re.compile(r"(?i)[\w.-]*(?:openapi|swagger)[\w.-]*\.(?:json|ya?ml)")  # openapi.json, x.openapi.yaml
_MAX_SPECS = 10  # specs looked through for one page
_MAX_CONFIG_BYTES = 4_000_000
_PARSED: dict[str, Any] = {}  # a spec's text -> its parsed root, for the other pages of the same spec
_PARSED_CHARS = 8_000_000  # a spec longer than this is parsed for each page
_KEPT_CHARS = 32_000_000  # the texts of the specs kept parsed, together


@dataclass(frozen=True)
class ApiPage:
    """What an API page shows beside its own text, as Markdown: the lead before it, the details after it; and
    the title its operation gives ("" for none)."""

    lead: str
    details: str
    title: str = ""


def api_page(front_matter: Mapping[str, Any], page: Path) -> ApiPage | None:
    """The operation or schema a page's front matter names (see the module docstring); None when it names none,
    or none can be found (with a warning for the page)."""
    operation, schema = front_matter.get("openapi"), front_matter.get("openapi-schema")
    if isinstance(operation, str) and (asked := _asked(operation)) is not None:
        named, method, path = asked
        described = isinstance(front_matter.get("description"), str) and front_matter["description"].strip()
        return _operation_page(page, named, method, path, not described)
    if isinstance(schema, str) and schema.strip():
        return _schema_page(page, schema.strip())
    return None


def _asked(value: str) -> tuple[str, str, str] | None:
    """(spec file named or "", method or "" for a webhook, path or webhook name) of an `openapi:` value."""
    words = value.split()
    named = words.pop(0) if len(words) == 3 else ""
    if len(words) != 2:
        return None
    kind, target = words[0].lower(), words[1]
    if kind == "webhook":
        return named, "", target
    return (named, kind, target) if kind in METHODS and target.startswith("/") else None


def _operation_page(page: Path, named: str, method: str, path: str, lead: bool) -> ApiPage | None:
    shown = f"{method.upper()} {path}" if method else f"webhook {path}"
    for spec in _specs(page, named):
        if method:
            item = spec.resolve(mapping_of(spec.root.get("paths")).get(path))[0]
        else:
            item = spec.resolve(mapping_of(spec.root.get("webhooks")).get(path))[0]
        item = mapping_of(item)
        found = item.get(method) if method else next((item[m] for m in item if m in METHODS), None)
        operation, _ = spec.resolve(found)
        if isinstance(operation, Mapping):
            head, details = operation_markdown(spec, method, path, operation, item.get("parameters"), lead)
            summary = operation.get("summary")
            return ApiPage(head, details, summary.strip() if isinstance(summary, str) else "")
    includes.warn(f"the OpenAPI operation {shown} is in no spec found: the page shows its own text only")
    return None


def _schema_page(page: Path, name: str) -> ApiPage | None:
    for spec in _specs(page, ""):
        schemas = named_schemas(spec.root)
        if name in schemas:
            return ApiPage("", schema_markdown(spec, name, schemas[name]), name)
    includes.warn(f"the OpenAPI schema {name} is in no spec found: the page shows its own text only")
    return None


def _specs(page: Path, named: str) -> Iterator[Spec]:
    """The specs a page's operation may be in, parsed: the one named, else those the site's config names, else
    (when the config names none, or only URLs, which are not fetched) the files named like a spec
    (`*openapi*`, `*swagger*`: `.json`, `.yaml`, `.yml`) in the page's folder and each one above it up to the
    site's, nearest first (the starter's `api-reference/openapi.json`, Brale's `api-reference/brale-openapi.yaml`
    beside a config that names its spec by URL)."""
    site, config = _site(page)
    configured = [] if named else _named_in(config)
    local = [name for name in ([named] if named else configured) if not name.startswith(("http://", "https://"))]
    wanted = [name.lstrip("/") for name in local[:_MAX_SPECS]] or ([] if named else _nearby(page, site))
    for name in wanted:
        text = includes.included_text(site, name, relative_to_folder=True, part=True)  # (a spec: parsed, not shown)
        root = parsed_spec(text) if text is not None else None
        if is_spec(root):
            yield Spec(root)


def _nearby(page: Path, site: Path) -> list[str]:
    """The spec files of the page's folder and those above it up to the site's (see _specs()), as paths from the
    site's folder; each folder looked in is remembered, so that a spec added there reads the page again."""
    found: list[str] = []
    folder = Path(os.path.realpath(page.parent))  # as real as the site's folder (includes.folders_up)
    while len(found) < _MAX_SPECS:
        if includes.probe_folder(str(folder)):
            try:
                names = sorted(entry.name for entry in os.scandir(folder) if entry.is_file())
            except OSError:
                names = []
            for name in names:
                if SPEC_NAME.fullmatch(name) and len(found) < _MAX_SPECS:
                    found.append(os.path.relpath(folder / name, site).replace(os.sep, "/"))
        if folder == site or site not in folder.parents:
            break
        folder = folder.parent
    return found


def _site(page: Path) -> tuple[Path, Any]:
    """The site's folder (the first one up from the page that holds a Mintlify config; else the documents
    folder) and its config, parsed (None for none)."""
    for folder in includes.folders_up(page):
        for name in _CONFIGS:
            path = Path(folder) / name
            if path.is_file():
                includes.remember_settings(path)
                return Path(folder), _config(path)
    return Path(includes.reading_folder() or page.parent), None


@while_unchanged(maxsize=8, missing=None)
def _config(path: str) -> Any:
    """A Mintlify config parsed, once while it is unchanged (every API page of the site asks for it); None when
    it cannot be read. Shared: read it, never change it."""
    try:
        return json.loads(read_regular(path, _MAX_CONFIG_BYTES))
    except (OSError, ValueError, RecursionError):
        return None


def _named_in(config: object, depth: int = 0) -> list[str]:
    """The spec files a Mintlify config names: every `"openapi"` value in it (a path, a list of paths, or an
    object with a `source`), in order."""
    found: list[str] = []
    if depth > 12:
        return found
    if isinstance(config, Mapping):
        for key, value in config.items():
            if key == "openapi":
                value = value.get("source") if isinstance(value, Mapping) else value
                found += [v for v in (value if isinstance(value, list) else [value]) if isinstance(v, str)]
            else:
                found += _named_in(value, depth + 1)
    elif isinstance(config, list):
        for value in config:
            found += _named_in(value, depth + 1)
    return list(dict.fromkeys(found))


def parsed_spec(text: str) -> Any:
    """A spec's text parsed (JSON, else YAML), remembered for the next page of the same spec; None when it is
    neither. Specs are kept by their size, the last used last out: kept four at a time, the oldest first out, a
    site of six specs parsed all six for each page of the sixth's operations (a YAML spec of 760 KB: 0.5 s)."""
    if text in _PARSED:
        _PARSED[text] = _PARSED.pop(text)  # the last used
        return _PARSED[text]
    root = spec_root(text)
    if len(text) <= _PARSED_CHARS:
        while _PARSED and sum(map(len, _PARSED)) + len(text) > _KEPT_CHARS:
            _PARSED.pop(next(iter(_PARSED)))
        _PARSED[text] = root
    return root


def spec_root(text: str) -> Any:
    """A spec's text parsed (JSON, else YAML), a parse of its own; None when it is neither."""
    try:
        return json.loads(text) if text.lstrip().startswith("{") else read_yaml(text)
    except (ValueError, RecursionError):
        return None
