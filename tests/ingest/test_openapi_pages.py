"""Mintlify's API pages: a page whose front matter names an operation of an OpenAPI spec (`openapi: POST /plants`)
is drawn by the site from the spec, and holds little or nothing itself. Mintlify's own docs have 25 such pages:
five were skipped as "no text", and the rest lacked every parameter, field and response they document."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from indexer.loaders import includes, openapi
from indexer.loaders.yamlread import read_yaml

from support.folders import document, found, index, skipped, text_of, warnings_of, write

DOCS_JSON = {
    "$schema": "https://mintlify.com/docs.json",
    "theme": "mint",
    "name": "Greenhouse",
    "navigation": {"tabs": [{"tab": "API", "openapi": "/specs/plants.json", "pages": ["api/create"]}]},
}
SPEC: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {"title": "Greenhouse", "version": "1"},
    "servers": [{"url": "https://api.greenhouse.test/v1"}],
    "security": [{"bearer": []}],
    "paths": {
        "/plants": {
            "post": {
                "summary": "Plant a seedling",
                "description": "Adds a [seedling](https://greenhouse.test) to a bed.",
                "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/New"}}}},
                "responses": {
                    "201": {
                        "description": "The seedling was planted.",
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Plant"}}},
                    },
                    "409": {"description": "The bed is full of quinceroot already."},
                },
            }
        },
        "/plants/{plantId}": {
            "parameters": [{"$ref": "#/components/parameters/PlantId"}],
            "get": {
                "summary": "Read a plant",
                "parameters": [
                    {"name": "fields", "in": "query", "schema": {"type": "string"}, "description": "Fields to show."}
                ],
                "responses": {"200": {"description": "The plant."}},
            },
        },
    },
    "webhooks": {
        "plantWilted": {
            "post": {
                "summary": "Plant wilted",
                "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Plant"}}}},
                "responses": {"200": {"description": "Acknowledged."}},
            }
        }
    },
    "components": {
        "parameters": {
            "PlantId": {
                "name": "plantId",
                "in": "path",
                "required": True,
                "schema": {"type": "string", "format": "uuid"},
                "description": "The plant's marrowkey.",
            }
        },
        "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer", "description": "A gardener's token."}},
        "schemas": {
            "New": {
                "type": "object",
                "required": ["species"],
                "properties": {
                    "species": {"type": "string", "description": "The latin tamarwort name."},
                    "light": {"type": "string", "enum": ["shade", "sun"], "default": "sun"},
                    "bed": {"$ref": "#/components/schemas/Bed"},
                    "watered": {"type": "boolean", "default": False},
                },
            },
            "Bed": {
                "type": "object",
                "description": "Where it grows.",
                "properties": {"row": {"type": "integer", "description": "The bed's furrowmark row."}},
            },
            "Plant": {
                "allOf": [
                    {"$ref": "#/components/schemas/New"},
                    {"type": "object", "properties": {"id": {"type": "string", "description": "Its sproutcode."}}},
                ]
            },
        },
    },
}


def _site(docs: Path, spec: dict[str, Any] = SPEC) -> None:
    write(docs, "docs.json", json.dumps(DOCS_JSON))
    write(docs, "specs/plants.json", json.dumps(spec))


def test_an_api_page_shows_its_operation_from_the_spec_its_site_names(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    _site(docs)
    write(docs, "api/create.mdx", "---\nopenapi: POST /plants\n---\n")  # the front matter is the whole page
    report = index(docs, index_dir)
    assert skipped(report) == {  # the spec is no document of its own: the pages are its operations
        "specs/plants.json": "an OpenAPI spec of the site: its operations are the API pages that name them, no page of "
        "its own"
    }
    assert document(index_dir, "api/create.mdx").title == "Plant a seedling"  # the operation's summary
    assert text_of(index_dir, "api/create.mdx") == (
        "POST /plants on https://api.greenhouse.test/v1\n\n"
        "Adds a seedling to a bed.\n\n"
        "Authorizations\n\n"
        "Authorization (header, Bearer authentication): A gardener's token.\n\n"
        "Body (application/json)\n\n"
        "species (string, required): The latin tamarwort name.\n"
        "light (string): One of: shade, sun Default: sun\n"
        "bed (Bed): Where it grows.\n"
        "row (integer): The bed's furrowmark row.\n"
        "watered (boolean): Default: false\n\n"
        "Response 201 (application/json)\n\n"
        "The seedling was planted.\n\n"
        "species (string, required): The latin tamarwort name.\n"
        "light (string): One of: shade, sun Default: sun\n"
        "bed (Bed): Where it grows.\n"
        "row (integer): The bed's furrowmark row.\n"
        "watered (boolean): Default: false\n"
        "id (string): Its sproutcode.\n\n"
        "Response 409\n\n"
        "The bed is full of quinceroot already."
    )
    assert found(index_dir, "furrowmark") == ["api/create.mdx"]  # a field nested in a referenced schema
    assert found(index_dir, "quinceroot") == ["api/create.mdx"]  # a response's description


def test_a_page_keeps_its_own_title_description_and_text_around_the_operation(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    _site(docs)
    write(
        docs,
        "api/read.mdx",
        '---\ntitle: "Get a plant"\ndescription: "One plant, by its id."\n'
        'openapi: "/specs/plants.json GET /plants/{plantId}"\n---\n\nRate limited to <b>ten</b> a minute.\n',
    )
    index(docs, index_dir)
    assert document(index_dir, "api/read.mdx").title == "Get a plant"
    assert text_of(index_dir, "api/read.mdx") == (
        "One plant, by its id.\n\n"  # the front matter's description, not the operation's summary again
        "GET /plants/{plantId} on https://api.greenhouse.test/v1\n\n"
        "Rate limited to ten a minute.\n\n"
        "Authorizations\n\n"
        "Authorization (header, Bearer authentication): A gardener's token.\n\n"
        "Path parameters\n\n"
        "plantId (string<uuid>, required): The plant's marrowkey.\n\n"  # the path item's, through a $ref
        "Query parameters\n\n"
        "fields (string): Fields to show.\n\n"
        "Response 200\n\n"
        "The plant."
    )


def test_a_webhook_and_a_schema_have_pages_too(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    _site(docs)
    write(docs, "hooks/wilted.mdx", '---\nopenapi: "specs/plants.json webhook plantWilted"\n---\n')
    write(docs, "models/bed.mdx", "---\nopenapi-schema: Bed\n---\n")
    index(docs, index_dir)
    assert document(index_dir, "hooks/wilted.mdx").title == "Plant wilted"
    wilted = text_of(index_dir, "hooks/wilted.mdx")
    assert wilted.startswith("Webhook plantWilted on https://api.greenhouse.test/v1\n\n")
    assert "id (string): Its sproutcode." in wilted and "Response 200\n\nAcknowledged." in wilted
    assert document(index_dir, "models/bed.mdx").title == "Bed"
    assert text_of(index_dir, "models/bed.mdx") == "Where it grows.\n\nBed\n\nrow (integer): The bed's furrowmark row."


def test_an_operation_the_spec_lacks_leaves_the_page_its_own_text_and_a_warning(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    _site(docs)
    write(docs, "api/gone.mdx", "---\ntitle: Prune\nopenapi: DELETE /plants\n---\n\nPruning is manual.\n")
    report = index(docs, index_dir)
    assert text_of(index_dir, "api/gone.mdx") == "Pruning is manual."
    assert warnings_of(report, "api/gone.mdx") == [
        "the OpenAPI operation DELETE /plants is in no spec found: the page shows its own text only"
    ]


def test_a_changed_spec_reads_its_pages_again(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    _site(docs)
    write(docs, "api/create.mdx", "---\nopenapi: POST /plants\n---\n")
    write(docs, "guide.md", "# Guide\n\nHow to garden.\n")
    index(docs, index_dir)
    changed = json.loads(json.dumps(SPEC))
    changed["components"]["schemas"]["Bed"]["properties"]["row"]["description"] = "The bed's hedgerune row."
    write(docs, "specs/plants.json", json.dumps(changed))
    report = index(docs, index_dir)
    assert (report.added, report.updated) == (0, 1)  # that page only
    assert found(index_dir, "hedgerune") == ["api/create.mdx"] and found(index_dir, "furrowmark") == []


def test_a_yaml_swagger_spec_in_the_site_folder_serves_a_page_of_a_site_that_names_none(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "mint.json", '{"name": "Old", "navigation": [{"group": "API", "pages": ["api/add"]}]}')
    write(
        docs,
        "openapi.yaml",
        "swagger: '2.0'\npaths:\n  /pets:\n    post:\n      summary: Add a pet\n      parameters:\n"
        "        - name: body\n          in: body\n          schema:\n            $ref: '#/definitions/Pet'\n"
        "      responses:\n        '200':\n          description: Added.\n"
        "definitions:\n  Pet:\n    type: object\n    properties:\n      whiskerling:\n        type: string\n",
    )
    write(docs, "api/add.mdx", "---\nopenapi: post /pets\n---\n")
    index(docs, index_dir)
    assert text_of(index_dir, "api/add.mdx") == (
        "POST /pets\n\nAdd a pet\n\nBody\n\nwhiskerling (string)\n\nResponse 200\n\nAdded."
    )


def test_schemas_that_hold_themselves_or_thousands_of_fields_give_bounded_pages(tmp_path: Path) -> None:
    """A tree node whose children are nodes, two schemas each holding the other, an array of itself, a model of
    3,000 fields, and forty schemas each combining the next twice (2^40 paths through them): each is written
    out once per level, at most six levels deep, 500 fields and 20,000 schemas looked at a page."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    spec = json.loads(json.dumps(SPEC))
    schemas = spec["components"]["schemas"]
    schemas["Node"] = {
        "type": "object",
        "properties": {"children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}}},
    }
    schemas["A"] = {"type": "object", "properties": {"b": {"$ref": "#/components/schemas/B"}}}
    schemas["B"] = {"type": "object", "properties": {"a": {"$ref": "#/components/schemas/A"}}}
    schemas["Nest"] = {"type": "array", "items": {"$ref": "#/components/schemas/Nest"}}
    schemas["Huge"] = {"type": "object", "properties": {f"field{i}": {"type": "string"} for i in range(3000)}}
    for i in range(40):
        twice = [{"$ref": f"#/components/schemas/Fork{i + 1}"}] * 2
        schemas[f"Fork{i}"] = {"allOf": twice, "oneOf": twice, "properties": {f"tine{i}": {"type": "string"}}}
    schemas["Fork40"] = {"type": "object", "properties": {"leaf": {"type": "string"}}}
    _site(docs, spec)
    for name in ("Node", "A", "Nest", "Huge", "Fork0"):
        write(docs, f"models/{name.lower()}.mdx", f"---\nopenapi-schema: {name}\n---\n\nThe {name} model.\n")
    index(docs, index_dir)
    assert text_of(index_dir, "models/node.mdx") == "The Node model.\n\nNode\n\nchildren (Node[])"
    assert text_of(index_dir, "models/a.mdx") == "The A model.\n\nA\n\nb (B)\na (A)"
    assert text_of(index_dir, "models/nest.mdx") == "The Nest model."
    huge = text_of(index_dir, "models/huge.mdx")
    assert "field499 (string)" in huge and "field500" not in huge
    assert huge.endswith("(More fields than a page shows: the rest are left out.)")
    forked = text_of(index_dir, "models/fork0.mdx")
    assert forked.startswith("The Fork0 model.\n\nFork0\n\ntine0 (string)\ntine1 (string)\n")
    assert forked.endswith("(More fields than a page shows: the rest are left out.)")


def test_a_spec_the_config_names_by_url_is_found_beside_the_pages_instead(tmp_path: Path) -> None:
    """Brale's docs.json names its spec by URL, which Mintlify fetches and no offline indexer may: its 17 API
    pages had nothing but their title. The spec also lies in the repository, api-reference/brale-openapi.yaml,
    beside the pages' folder: the nearest file named like a spec, in the page's folder or one above it, serves."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    config = {"$schema": DOCS_JSON["$schema"], "theme": "mint", "openapi": "https://api.greenhouse.test/openapi"}
    write(docs, "docs.json", json.dumps(config))
    write(docs, "api-reference/greenhouse-openapi.json", json.dumps(SPEC))
    write(docs, "api-reference/plants/create.mdx", "---\ntitle: Plant\nopenapi: 'POST /plants'\n---\n")
    report = index(docs, index_dir)
    assert warnings_of(report, "api-reference/plants/create.mdx") == []
    assert found(index_dir, "tamarwort") == ["api-reference/plants/create.mdx"]
    write(docs, "api-reference/plants/read.mdx", "---\ntitle: Read\nopenapi: 'GET /plants/{plantId}'\n---\n")
    write(docs, "api-reference/plants/openapi.yaml", "openapi: 3.0.0\npaths: {}\n")  # nearer, without it
    index(docs, index_dir)
    assert "marrowkey" in text_of(index_dir, "api-reference/plants/read.mdx")  # the next spec up holds it


HOSTILE_SPEC = """openapi: 3.0.0
paths:
  /keys:
    get:
      security: [{1: []}]
      responses: {'200': {description: Keyed.}}
  /tags:
    post:
      requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/Labelled'}}}}
      responses: {'200': {description: Tagged.}}
  /loops:
    post:
      requestBody: {content: {application/json: {schema: &loop {type: array, items: *loop}}}}
      responses: {'200': {description: Looped.}}
  /combs:
    post:
      requestBody:
        content:
          application/json:
            schema:
              type: object
              required: [{name: true}, name]
              properties: {name: {type: string, description: The waxcomb name.}}
      responses: {'200': {description: Combed.}}
components:
  securitySchemes:
    1: {type: oauth2, description: The hivekeeper grant.}
  schemas:
    Tag: {type: string, oneOf: [{$ref: '#/components/schemas/Tag'}]}
    Labelled: {type: object, properties: {tag: {$ref: '#/components/schemas/Tag'}}}
"""


def test_a_spec_of_odd_shapes_gives_each_page_its_operation(tmp_path: Path) -> None:
    """A string schema that is one of itself, an array whose items are itself (a YAML alias inside its own
    anchor), a `required` list holding a mapping, a security scheme named by a number: each failed its page
    (RecursionError, unhashable type, an int where a name was read), own text and all."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "mint.json", '{"name": "Hive", "navigation": []}')
    write(docs, "openapi.yaml", HOSTILE_SPEC)
    for method, name in (("GET", "keys"), ("POST", "tags"), ("POST", "loops"), ("POST", "combs")):
        write(docs, f"api/{name}.mdx", f"---\nopenapi: {method} /{name}\n---\n\nThe {name}wort page.\n")
    report = index(docs, index_dir)
    assert list(skipped(report)) == ["openapi.yaml"]  # its operations are the pages: no document of its own
    assert all(found(index_dir, f"{name}wort") == [f"api/{name}.mdx"] for name in ("keys", "tags", "loops", "combs"))
    assert "1 (OAuth 2.0): The hivekeeper grant." in text_of(index_dir, "api/keys.mdx")
    assert "tag (string)" in text_of(index_dir, "api/tags.mdx")
    assert "Response 200\n\nLooped." in text_of(index_dir, "api/loops.mdx")
    assert "name (string, required): The waxcomb name." in text_of(index_dir, "api/combs.mdx")


def test_a_long_description_that_hundreds_of_fields_share_gives_a_bounded_page(tmp_path: Path) -> None:
    """Five hundred fields of one schema, whose description is 40 KB: the page was 20 MB of text from a spec of
    60 KB (a YAML alias does as much with any value). A page holds at most MAX_CHARS characters of fields."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    spec = json.loads(json.dumps(SPEC))
    schemas = spec["components"]["schemas"]
    schemas["Note"] = {"type": "string", "description": "A long ramblewort note. " * 1700}
    fields = {f"n{i}": {"$ref": "#/components/schemas/Note"} for i in range(500)}
    schemas["Notes"] = {"type": "object", "properties": fields}
    _site(docs, spec)
    write(docs, "models/notes.mdx", "---\nopenapi-schema: Notes\n---\n")
    report = index(docs, index_dir)
    text = text_of(index_dir, "models/notes.mdx")
    assert list(skipped(report)) == ["specs/plants.json"] and warnings_of(report, "models/notes.mdx") == []
    assert len(text) < 1_100_000  # apischema.MAX_CHARS, and the line that passed it
    assert text.startswith("Notes\n\nn0 (string): A long ramblewort note.")
    assert text.endswith("(More fields than a page shows: the rest are left out.)")


def test_the_pages_of_a_site_of_many_specs_parse_each_spec_once(tmp_path: Path, monkeypatch: Any) -> None:
    """Parsed specs were kept four at a time, the oldest first out: on a site whose config names six, each page of
    an operation of the sixth parsed all six again (20 pages, specs of 210 KB of YAML: 28 s, now 1.3 s). They are
    kept by their size instead, the last used last out: the pages read in one process parse each spec once."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    specs = [f"specs/s{n}.yaml" for n in range(6)]
    write(docs, "docs.json", json.dumps({"theme": "mint", "navigation": {"openapi": specs}}))
    for n, name in enumerate(specs):
        paths = "".join(f"  /s{n}/p{i}:\n    get:\n      summary: Operation {i} of spec {n}\n" for i in range(20))
        write(docs, name, f"openapi: 3.0.0\npaths:\n{paths}")
    for i in range(20):
        write(docs, f"api/p{i}.mdx", f"---\nopenapi: GET /s5/p{i}\n---\n")
    parsed: list[str] = []
    monkeypatch.setattr(openapi, "_PARSED", {})
    monkeypatch.setattr(openapi, "read_yaml", lambda text: parsed.append(text) or read_yaml(text))
    with includes.reading(docs, 10**9):
        pages = [openapi.api_page({"openapi": f"GET /s5/p{i}"}, docs / f"api/p{i}.mdx") for i in range(20)]
    assert [page.title if page else None for page in pages] == [f"Operation {i} of spec 5" for i in range(20)]
    assert len(parsed) == 6  # each spec once, for all twenty pages
    report = index(docs, index_dir)
    assert list(skipped(report)) == specs and document(index_dir, "api/p7.mdx").title == "Operation 7 of spec 5"


def test_a_media_type_of_any_kind_is_shown_as_written(tmp_path: Path) -> None:
    """Brale's spec answers `*/*`: Markdown took the stars for emphasis and the page said "Response 201 (/)"."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    spec = json.loads(json.dumps(SPEC))
    created = spec["paths"]["/plants"]["post"]["responses"]["201"]
    created["content"] = {"*/*": created["content"]["application/json"]}
    _site(docs, spec)
    write(docs, "api/create.mdx", "---\nopenapi: POST /plants\n---\n")
    index(docs, index_dir)
    assert "Response 201 (*/*)\n\nThe seedling was planted." in text_of(index_dir, "api/create.mdx")
