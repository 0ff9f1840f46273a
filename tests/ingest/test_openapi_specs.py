"""An OpenAPI or Swagger spec in the documents folder is a document: the reference a viewer draws from it, each
operation under its tag with its parameters, body and responses, then the schemas. Before, every `.yaml` and
`.json` file was passed over, and an agent asking which endpoint creates a pet found nothing."""

from __future__ import annotations

import json
import os
from pathlib import Path

from indexer.loaders.openapidoc import MAX_CHARS, MAX_STEPS

from support.folders import all_ids, document, found, index, skipped, snapshot, text_of, warnings_of, write

PETSTORE = """\
openapi: 3.0.3
info:
  title: Petstore
  version: 1.2.0
  description: Manage the pets of a store.
servers:
  - url: https://api.pets.example/v1
tags:
  - name: pets
    description: Everything about your pets.
paths:
  /pets:
    get:
      tags: [pets]
      summary: List all pets
      parameters:
        - name: limit
          in: query
          description: How many pets to return at one time (max 100).
          schema: {type: integer, maximum: 100}
      responses:
        '200':
          description: A paged array of pets
          content:
            application/json:
              schema: {type: array, items: {$ref: '#/components/schemas/Pet'}}
    post:
      tags: [pets]
      summary: Create a pet
      description: Adds a pet to the quokkaville store.
      requestBody:
        content:
          application/json:
            schema: {$ref: '#/components/schemas/Pet'}
      responses:
        '201': {description: The pet was created}
  /health:
    get:
      summary: Check the service
      responses:
        '200': {description: OK}
components:
  schemas:
    Pet:
      description: A pet of the store.
      required: [id, name]
      properties:
        id: {type: integer, format: int64}
        name: {type: string, description: The name the pet answers to.}
        category: {$ref: '#/components/schemas/Category'}
    Category:
      properties:
        label: {type: string, description: The shelf of the wombaticus aisle.}
"""


def test_a_spec_is_a_document_of_its_operations_under_their_tags(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "api/petstore.openapi.yaml", PETSTORE)
    write(docs, "config.yaml", "site: {name: Pets}\n")  # no spec: unread, as before
    write(docs, "data.json", '{"paths": {}}')
    report = index(docs, index_dir)
    assert skipped(report) == {}
    doc = document(index_dir, "api/petstore.openapi.yaml")
    assert (doc.title, doc.format) == ("Petstore", "openapi")
    assert doc.headings[:4] == ("Petstore", "Check the service", "Response 200", "pets")
    text = text_of(index_dir, "api/petstore.openapi.yaml")
    assert "Version 1.2.0.\n\nManage the pets of a store.\n\nServed at https://api.pets.example/v1." in text
    assert "Create a pet\n\nPOST /pets on https://api.pets.example/v1\n\nAdds a pet to the quokkaville store." in text
    assert "limit (integer): How many pets to return at one time (max 100)." in text
    assert "Schemas\n\nPet\n\nA pet of the store.\n\nid (integer<int64>, required)" in text
    # a named schema's fields are shown once, under its name; a field of its type names it
    assert text.count("category (Category)") == 3 and text.count("The shelf of the wombaticus aisle.") == 1
    (hit,) = snapshot(index_dir).search("quokkaville", limit=5)
    assert hit.passage is not None and hit.passage.heading == "pets > Create a pet"
    assert found(index_dir, "quokkaville type:openapi") == ["api/petstore.openapi.yaml"]
    assert all_ids(index_dir) == ["api/petstore.openapi.yaml"]


def test_a_spec_of_any_name_is_known_by_the_version_at_its_top(tmp_path: Path) -> None:
    """Stripe's spec3.json, GitHub's api.github.com.yaml: named for their service, not as specs. A .json or .yaml
    file is read when it opens with an OpenAPI or Swagger version at its top; other such files stay unread."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "api.github.example.yaml", PETSTORE.replace("Petstore", "Hubstore"))
    paths = {"/charges": {"post": {"summary": "Create a charge", "responses": {"200": {"description": "Charged."}}}}}
    write(docs, "spec3.json", json.dumps({"swagger": "2.0", "info": {"title": "Payments"}, "paths": paths}))
    write(docs, "settings.yaml", "server:\n  openapi: 3.0.0\n")  # a nested key: a config that names a version
    write(docs, "package.json", '{"name": "x", "dependencies": {"openapi": "3.0.0"}}')
    os.mkfifo(docs / "pipe.yaml")  # no writer: looking at its first bytes must not wait for one
    report = index(docs, index_dir)
    assert all_ids(index_dir) == ["api.github.example.yaml", "spec3.json"]
    assert skipped(report) == {}  # the others are not read: no "no spec" line for each config in the summary
    assert (document(index_dir, "spec3.json").title, document(index_dir, "api.github.example.yaml").title) == (
        "Payments",
        "Hubstore",
    )


def test_a_swagger_2_spec_shows_its_host_body_and_definitions(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    spec = {
        "swagger": "2.0",
        "info": {"title": "Orders", "version": "2"},
        "host": "orders.example",
        "basePath": "/api",
        "schemes": ["https"],
        "paths": {
            "/orders": {
                "post": {
                    "summary": "Place an order",
                    "parameters": [{"in": "body", "name": "order", "schema": {"$ref": "#/definitions/Order"}}],
                    "responses": {"200": {"description": "Placed."}},
                }
            }
        },
        "definitions": {"Order": {"properties": {"sku": {"type": "string", "description": "The zebrafoo code."}}}},
    }
    write(docs, "swagger.json", json.dumps(spec))
    index(docs, index_dir)
    text = text_of(index_dir, "swagger.json")
    assert "Served at https://orders.example/api." in text
    assert "Place an order\n\nPOST /orders on" not in text  # Swagger 2.0 names no `servers`: the lead is the path
    assert "Place an order\n\nPOST /orders\n\nBody\n\nsku (string): The zebrafoo code." in text
    assert found(index_dir, "zebrafoo") == ["swagger.json"]


def test_a_file_named_like_a_spec_that_is_none_is_skipped_saying_why(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "openapi-generator-config.json", '{"generatorName": "python"}')
    write(docs, "swagger.yaml", "- a list\n- of things\n")
    write(docs, "broken.openapi.json", '{"openapi": "3.1.0", "paths": ')
    write(docs, "guide.md", "# Guide\n\nRead the spec.\n")
    report = index(docs, index_dir)
    reasons = skipped(report)
    assert set(reasons) == {"openapi-generator-config.json", "swagger.yaml", "broken.openapi.json"}
    assert all("no OpenAPI or Swagger version at its top" in reason for reason in reasons.values())
    assert found(index_dir, "spec") == ["guide.md"]


def test_a_spec_of_thousands_of_long_operations_is_cut_with_a_warning(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    blurb = "The vendor endpoint of a very large service. " * 50  # 2,300 characters
    paths = {
        f"/things{n}": {"get": {"summary": f"Read things {n}", "description": blurb, "responses": {"200": {}}}}
        for n in range(2_000)
    }
    write(docs, "big.openapi.json", json.dumps({"openapi": "3.1.0", "info": {"title": "Big"}, "paths": paths}))
    report = index(docs, index_dir)
    (warning,) = warnings_of(report, "big.openapi.json")
    assert warning.startswith(f"the spec is too large to write out whole: it stops at {MAX_CHARS:,} characters written")
    text = text_of(index_dir, "big.openapi.json")
    assert MAX_CHARS * 0.9 < len(text) <= MAX_CHARS
    assert "Read things 0\n" in text and "Read things 1999" not in text


def test_a_spec_of_aliases_that_fan_out_a_billion_ways_ends_with_a_warning(tmp_path: Path) -> None:
    """YAML names one node as often as it likes: 2,000 paths, each the same operation, whose body combines a
    schema that combines the one before twice, thirty times over (2^30 ways through it). Each operation is bounded
    as a page is (20,000 schema nodes), and the document as a whole looks at MAX_STEPS nodes at most: without it,
    40 million, some minutes."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    fans = "".join(f"x-a{n + 1}: &a{n + 1} {{allOf: [*a{n}, *a{n}]}}\n" for n in range(30))
    body = "requestBody: {content: {application/json: {schema: *a30}}}"
    paths = "".join(f"  /p{n}: *op\n" for n in range(1, 2_000))
    write(docs, "openapi.yaml", (
        "openapi: 3.0.0\ninfo: {title: Fans}\nx-a0: &a0 {type: object, properties: {leaf: {type: string}}}\n"
        f"{fans}x-op: &op {{post: {{summary: Fanned, {body}}}}}\npaths:\n  /p0: *op\n{paths}"
    ))  # fmt: skip
    report = index(docs, index_dir)
    (warning,) = warnings_of(report, "openapi.yaml")
    assert warning.startswith(f"the spec is too large to write out whole: it stops at {MAX_STEPS:,} schema nodes")
    assert "Fanned\n\nPOST /p0" in text_of(index_dir, "openapi.yaml")


SPLIT = {
    "openapi.yaml": (
        "openapi: 3.1.0\ninfo: {title: Split}\npaths:\n  /users:\n    $ref: paths/users.yaml\n"
        "  /users/{id}:\n    $ref: 'paths/user.yaml'\ncomponents:\n  schemas:\n"
        "    User:\n      $ref: components/schemas/User.yaml\n"
    ),
    "paths/users.yaml": (
        "post:\n  summary: Create a user\n  requestBody:\n    content:\n      application/json:\n"
        "        schema:\n          $ref: ../components/schemas/User.yaml\n"
        "  responses:\n    '201': {description: Made.}\n"
    ),
    "paths/user.yaml": "get:\n  summary: Read a user\n  parameters:\n    - $ref: ../components/parameters/Id.yaml\n",
    "components/parameters/Id.yaml": "name: id\nin: path\nrequired: true\nschema: {type: string}\n"
    "description: The user's runeword.\n",
    "components/schemas/User.yaml": (
        "type: object\nproperties:\n  handle: {type: string, description: The user's gnomish handle.}\n"
        "  home: {$ref: '#/definitions/Address'}\n"
        "definitions:\n"
        "  Address: {type: object, properties: {street: {type: string, description: Cobblestone lane.}}}\n"
    ),
}


def test_a_spec_split_into_files_is_read_with_them_and_again_when_one_changes(tmp_path: Path) -> None:
    """Redocly's layout: paths and schemas in files of their own, each `$ref` relative to the file that holds it
    (`#/definitions/Address` is the schema file's own). They were named, not read: every operation was a title."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    for name, text in SPLIT.items():
        write(docs, name, text)
    index(docs, index_dir)
    assert all_ids(index_dir) == ["openapi.yaml"]  # the files it is split into are no specs themselves
    text = text_of(index_dir, "openapi.yaml")
    assert (
        "Create a user\n\nPOST /users\n\nBody (application/json)\n\nhandle (string): The user's gnomish handle." in text
    )
    assert "home (Address)\nstreet (string): Cobblestone lane." in text  # a schema of that file: not apart
    assert "Read a user\n\nGET /users/{id}\n\nPath parameters\n\nid (string, required): The user's runeword." in text
    assert "Schemas\n\nUser\n\nhandle (string)" in text
    write(docs, "components/parameters/Id.yaml", SPLIT["components/parameters/Id.yaml"].replace("rune", "elf"))
    report = index(docs, index_dir)
    assert report.updated == 1 and found(index_dir, "elfword") == ["openapi.yaml"]


def test_two_files_of_the_same_text_lead_to_their_own_folders(tmp_path: Path) -> None:
    """v1/op.yaml and v2/op.yaml are the same text, each naming ./S.yaml beside it: each shows its own S."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "openapi.yaml", "openapi: 3.1.0\ninfo: {title: Versions}\npaths:\n"
          "  /a: {$ref: v1/op.yaml}\n  /b: {$ref: v2/op.yaml}\n")  # fmt: skip
    operation = "get:\n  summary: Read\n  responses:\n    '200':\n      content:\n        application/json:\n" \
        "          schema: {$ref: ./S.yaml}\n"  # fmt: skip
    for version, field in (("v1", "quokkaone"), ("v2", "quokkatwo")):
        write(docs, f"{version}/op.yaml", operation)
        write(docs, f"{version}/S.yaml", f"type: object\nproperties:\n  {field}: {{type: string}}\n")
    index(docs, index_dir)
    text = text_of(index_dir, "openapi.yaml")
    assert text.count("quokkaone (string)") == 1 and text.count("quokkatwo (string)") == 1
