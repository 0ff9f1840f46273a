"""An OpenAPI operation written out as the Markdown of the page an API reference site draws for it (Mintlify's
API pages): its method and path, what it does, the credentials it takes, its parameters, its request body's
fields and each response's, nested fields indented under their parent, with their types, whether they are
required, their allowed values and defaults.

A spec is what its authors wrote, and what a generator makes of a service: every `$ref` inside the spec
(`#/components/schemas/User`) is followed, one that leads back into itself only once; fields nest at most
MAX_DEPTH deep (an array's items and combined schemas at most MAX_HOPS deep within one level), a page shows at
most MAX_LINES of them and MAX_CHARS characters of fields and responses, and looks at most MAX_STEPS schemas, so
neither a recursive schema (a YAML alias that holds itself too), nor schemas that each combine others several
times over, nor a spec of thousands of models, nor one long description that hundreds of fields refer to makes a
page of millions (the spec and those bounds: apispec.py). A reference to another file is named, not read, on a
Mintlify page; a spec's own document reads the files its references name (apifiles.py).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

from indexer.loaders.apispec import MAX_CHARS, MAX_LINES, MAX_STEPS, Spec, escaped, list_of, mapping_of, text_of

__all__ = ["MAX_CHARS", "MAX_DEPTH", "MAX_LINES", "MAX_STEPS", "operation_markdown", "schema_fields", "schema_markdown"]

MAX_DEPTH = 6  # levels of nested fields shown
MAX_HOPS = 16  # arrays of arrays, combined schemas of combined schemas, within one level
_PLACES = (("path", "Path parameters"), ("query", "Query parameters"), ("header", "Headers"), ("cookie", "Cookies"))
_COMBINED = ("allOf", "oneOf", "anyOf")
_CUT = "(More fields than a page shows: the rest are left out.)"


def operation_markdown(
    spec: Spec, method: str, path: str, operation: Mapping[str, Any], shared: object, lead: bool
) -> tuple[str, str]:
    """(the lead, the details) of the page of one operation (`shared`: the parameters its path item gives all
    its operations), as Markdown: the lead is its method and path, the server it is served from, and (when
    `lead`) its description; the details its credentials, parameters, body and responses."""
    shown = f"`{method.upper()} {path}`" if method else f"Webhook `{path}`"
    servers = spec.root.get("servers")
    server = servers[0] if isinstance(servers, list) and servers else None
    if isinstance(server, Mapping) and isinstance(server.get("url"), str) and server["url"].strip():
        shown += f" on `{server['url'].strip()}`"
    parts = [shown]
    description = text_of(operation.get("description")) or text_of(operation.get("summary"))
    if lead and description:
        parts.append(description)
    details = [*_credentials(spec, operation), *_parameters(spec, operation, shared), *_body(spec, operation)]
    details += _responses(spec, operation)
    if spec.cut:
        details.append(_CUT)
    return "\n\n".join(parts), "\n\n".join(details)


def schema_markdown(spec: Spec, name: str, schema: object) -> str:
    """The page of one schema (Mintlify's `openapi-schema:`): its description, then its fields."""
    node, _ = spec.resolve(schema)
    parts = [text_of(node.get("description")) if isinstance(node, Mapping) else ""]
    lines = schema_fields(spec, name, schema)
    parts.append(f"{spec.heading} {name}\n\n" + "\n".join(lines) if lines else "")
    parts.append(_CUT if spec.cut else "")
    return "\n\n".join(part for part in parts if part)


def schema_fields(spec: Spec, name: str, schema: object) -> list[str]:
    """The field lines of schema `name` (a field of its own type is not written out again)."""
    node, _ = spec.resolve(schema)
    spec.chain.append(name)
    lines = list(_fields(spec, node, 0))
    spec.chain.pop()
    return lines


def _credentials(spec: Spec, operation: Mapping[str, Any]) -> Iterator[str]:
    """The security schemes the operation takes (its own `security`, else the spec's)."""
    wanted = operation.get("security", spec.root.get("security"))
    schemes = mapping_of(mapping_of(spec.root.get("components")).get("securitySchemes"))
    schemes = schemes or mapping_of(spec.root.get("securityDefinitions"))  # Swagger 2.0
    names = (
        [name for entry in wanted if isinstance(entry, Mapping) for name in entry] if isinstance(wanted, list) else []
    )
    lines = []
    for name in dict.fromkeys(names):
        scheme, _ = spec.resolve(schemes.get(name))
        if isinstance(scheme, Mapping) and not spec.full():  # (str: a YAML key may be a number)
            lines.append(
                _line(_scheme_name(str(name), scheme), _scheme_kind(scheme), text_of(scheme.get("description")))
            )
            spec.chars += len(lines[-1])
    if lines:
        yield f"{spec.heading} Authorizations\n\n" + "\n".join(lines)


def _scheme_name(name: str, scheme: Mapping[str, Any]) -> str:
    if scheme.get("type") == "apiKey" and isinstance(scheme.get("name"), str):
        return scheme["name"]
    return "Authorization" if scheme.get("type") in ("http", "basic") else name


def _scheme_kind(scheme: Mapping[str, Any]) -> str:
    kind = scheme.get("type")
    if kind == "http" and isinstance(scheme.get("scheme"), str):
        return f"header, {scheme['scheme'].capitalize()} authentication"
    if kind == "apiKey":
        return f"{scheme.get('in', 'header')}, API key"
    return {"oauth2": "OAuth 2.0", "openIdConnect": "OpenID Connect", "basic": "header, Basic authentication"}.get(
        str(kind), str(kind or "")
    )


def _parameters(spec: Spec, operation: Mapping[str, Any], shared: object) -> Iterator[str]:
    """The operation's parameters (with its path's, which it may override), by where they go."""
    found: dict[tuple[str, str], Mapping[str, Any]] = {}
    for entry in [*list_of(shared), *list_of(operation.get("parameters"))]:
        parameter, _ = spec.resolve(entry)
        if isinstance(parameter, Mapping) and isinstance(parameter.get("name"), str):
            found[str(parameter.get("in")), parameter["name"]] = parameter
    for place, heading in _PLACES:
        lines: list[str] = []
        for (where, name), parameter in found.items():
            if where == place:
                schema = parameter.get("schema", parameter)  # Swagger 2.0 writes the type on the parameter
                lines += _field(spec, name, schema, bool(parameter.get("required")), 0, parameter)
        if lines:
            yield f"{spec.heading} {heading}\n\n" + "\n".join(lines)


def _body(spec: Spec, operation: Mapping[str, Any]) -> Iterator[str]:
    """The request body's fields (OpenAPI 3's requestBody; Swagger 2.0's `in: body` or form parameters)."""
    body, _ = spec.resolve(operation.get("requestBody"))
    media, schema = _content(spec, body)
    if schema is None:  # Swagger 2.0
        for entry in list_of(operation.get("parameters")):
            parameter, _ = spec.resolve(entry)
            if isinstance(parameter, Mapping) and parameter.get("in") == "body":
                media, schema = "", parameter.get("schema")
    if schema is None:
        return
    node, name = spec.resolve(schema)
    lines = list(_fields(spec, node, 0))
    described = text_of(body.get("description")) if isinstance(body, Mapping) else ""
    if not lines and not described:
        kind = _type(spec, schema)
        lines = [f"A body of type {kind}."] if kind else []
    shown_media = escaped(media)  # `*/*` is no emphasis
    heading = f"{spec.heading} Body" + (f" ({shown_media})" if media else "")
    text = "\n\n".join(part for part in (described, "\n".join(lines)) if part)
    if text or name:
        yield f"{heading}\n\n{text}"


def _responses(spec: Spec, operation: Mapping[str, Any]) -> Iterator[str]:
    for code, entry in mapping_of(operation.get("responses")).items():
        if spec.full():
            return
        response, _ = spec.resolve(entry)
        if not isinstance(response, Mapping):
            continue
        media, schema = _content(spec, response)
        schema = response.get("schema") if schema is None else schema  # Swagger 2.0
        node, _ = spec.resolve(schema)
        lines = list(_fields(spec, node, 0)) if schema is not None else []
        parts = [text_of(response.get("description")), "\n".join(lines)]
        shown = "\n\n".join(part for part in parts if part)
        spec.chars += len(shown)
        shown_media = escaped(media)
        yield f"{spec.heading} Response {code}" + (f" ({shown_media})" if media and lines else "") + "\n\n" + shown


def _content(spec: Spec, holder: object) -> tuple[str, Any]:
    """(media type, schema) of a body or response's content: JSON's when it has one, else the first."""
    content = mapping_of(holder.get("content")) if isinstance(holder, Mapping) else {}
    if not content:
        return "", None
    media = next((m for m in content if "json" in str(m)), next(iter(content)))
    entry, _ = spec.resolve(content[media])
    return str(media), entry.get("schema") if isinstance(entry, Mapping) else None


def _fields(spec: Spec, schema: object, depth: int, hops: int = 0) -> Iterator[str]:
    """A line per field of an object schema (its properties, with those of allOf, oneOf and anyOf), each
    followed by its own fields, indented; an array's items' fields (`hops`: items and combined schemas passed
    through on this level)."""
    node, name = spec.resolve(schema)
    if not isinstance(node, Mapping) or depth >= MAX_DEPTH or hops > MAX_HOPS or (name and name in spec.chain):
        return
    if depth and id(node) in spec.apart:  # (a spec's own document shows its schemas' fields once, by name)
        return
    if name:
        spec.chain.append(name)
    try:
        if node.get("type") == "array" or "items" in node:
            yield from _fields(spec, node.get("items"), depth, hops + 1)
            return
        required = {key for key in list_of(node.get("required")) if isinstance(key, str)}
        for key, value in mapping_of(node.get("properties")).items():
            yield from _field(spec, str(key), value, key in required, depth)
        for combined in _COMBINED:
            for option in list_of(node.get(combined)):
                yield from _fields(spec, option, depth, hops + 1)
    finally:
        if name:
            spec.chain.pop()


def _field(
    spec: Spec, name: str, schema: object, required: bool, depth: int, holder: Mapping[str, Any] | None = None
) -> Iterator[str]:
    """One field's line (a parameter's: `holder` gives its description), then its own fields."""
    if spec.full():
        return
    spec.lines += 1
    node, _ = spec.resolve(schema)
    node = node if isinstance(node, Mapping) else {}
    facts = ", ".join(filter(None, [_type(spec, schema), "required" if required else ""]))
    notes = [text_of((holder or {}).get("description")) or text_of(node.get("description"))]
    values = [_value(v) for v in list_of(node.get("enum")) if v is None or isinstance(v, str | int | float | bool)]
    if values:
        notes.append("One of: " + ", ".join(values[:50]))
    if "default" in node and (node["default"] is None or isinstance(node["default"], str | int | float | bool)):
        notes.append(f"Default: {_value(node['default'])}")
    line = "  " * depth + _line(name, facts, " ".join(n for n in notes if n), depth)
    spec.chars += len(line)
    yield line
    yield from _fields(spec, schema, depth + 1)  # by its reference: a schema within itself is not opened again


def _line(name: str, facts: str, note: str, depth: int = 0) -> str:
    """A field as a list item: its name as code, its facts in parentheses (as written: `string<uuid>` is no HTML
    tag), its note (Markdown, indented under it)."""
    quote = "``" if "`" in name else "`"
    text = f"- {quote} {name} {quote}" if quote == "``" else f"- `{name}`"
    text += (f" ({escaped(facts)})" if facts else "") + (f": {note}" if note else "")
    return text.replace("\n", "\n" + "  " * (depth + 1))


def _type(spec: Spec, schema: object, depth: int = 0) -> str:
    """A schema's type as docs write it: `string`, `integer<int64>`, `User`, `object[]`, `string | null` (an
    array of arrays nested past MAX_DEPTH, or one that holds itself, is `any[]`)."""
    node, name = spec.resolve(schema)
    if not isinstance(node, Mapping):
        return name
    kind = node.get("type")
    if isinstance(kind, list):
        return " | ".join(str(k) for k in kind if isinstance(k, str))
    if kind == "array" or "items" in node:
        inner = _type(spec, node.get("items"), depth + 1) if depth < MAX_DEPTH else ""
        return f"{inner or 'any'}[]"
    if name and kind in (None, "object"):
        return name
    if kind is None and depth < MAX_DEPTH:  # oneOf / anyOf: `boolean | object` (none past MAX_DEPTH: a cycle)
        options = [_type(spec, option, depth + 1) for c in _COMBINED if c != "allOf" for option in list_of(node.get(c))]
        if options:
            return " | ".join(dict.fromkeys(option for option in options if option))
    shown = str(kind) if isinstance(kind, str) else ("object" if "properties" in node else "")
    fmt = node.get("format")
    return f"{shown}<{fmt}>" if shown and isinstance(fmt, str) else shown


def _value(value: str | float | bool | None) -> str:
    """An allowed or default value as code, as the spec writes it (`true`, `null`, `"draft"` as `draft`)."""
    return f"`{value if isinstance(value, str) else json.dumps(value)}`"
