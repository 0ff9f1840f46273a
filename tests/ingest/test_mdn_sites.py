"""MDN Web Docs' content repository (mdn/content's shape: a package.json that runs MDN's build over `files/`, a
folder per locale, each page an `index.md` whose front matter `slug` is its path under `/<Locale>/docs/`, its text
written with KumaScript macros): pages read as the built site shows them, cited at the site's URLs."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from support.folders import Main, all_ids, document, found, index, skipped, text_of

PACKAGE_JSON = """{
  "name": "@mdn/content",
  "scripts": {"build": "env-cmd --silent cross-env CONTENT_ROOT=files BUILD_OUT_ROOT=build yari-build"}
}
"""

MAP_PAGE = """---
title: Array.prototype.map()
slug: Web/JavaScript/Reference/Global_Objects/Array/map
page-type: javascript-instance-method
browser-compat: javascript.builtins.Array.map
---

{{JSRef}}

The **`map()`** method of {{jsxref("Array")}} instances creates a zebracorn array.

{{EmbedInteractiveExample("pages/js/array-map.html")}}

## Syntax

```js
map(callbackFn)
const shown = "\\{{jsxref("Array")}}";
```

An array of `{{WebExtAPIRef('tabs.Tab')}}` objects.

> - Blue (_Adjective_)
>   - : Of a color like the sky.

```md
- term
  - : Its definition, as written in MDN's Markdown.
```

<table><tr><td>\\{{CSSxRef("cursor")}} results in {{CSSxRef("cursor")}}.</td></tr></table>

### Parameters

- `callbackFn`
  - : A function to execute for each element, like {{jsxref("Array/forEach", "forEach()")}}.
- `thisArg` {{optional_inline}}
  - : A value to use as `this`.
- `flags` {{jsSidebar}}{{optional_inline}}
  - : Its flags.

## Description

Wrap a {{HTMLElement("div")}} or call {{domxref("Window.fetch", "fetch()")}}; see {{Glossary("CORS")}},
{{cssxref("&lt;color&gt;")}}, {{domxref("Element", "", "click")}} and {{RFC(2616)}}.

Executed against _{{jsxref("Intl/Locale/baseName", "locale.baseName")}}_, not x_{{f(a)}} or x_{{prefetch(a)}}.

## Specifications

{{Specifications}}

## Browser compatibility

{{Compat}}
"""

FETCH_PAGE = """---
title: Window.fetch()
slug: Web/API/Window/fetch
page-type: web-api-instance-method
---

{{APIRef("Fetch API")}}{{securecontext_header}}{{AvailableInWorkers}}

The **`fetch()`** method starts fetching a resource with credentials.
"""


def _repository(root: Path) -> None:
    (root / ".git").mkdir(parents=True)
    (root / ".git/HEAD").write_text("ref: refs/heads/main\n")
    (root / "package.json").write_text(PACKAGE_JSON)
    (root / "README.md").write_text("# MDN Web Docs content\n\nHow to contribute.\n")
    (root / "files/en-us").mkdir(parents=True)
    (root / "files/en-us/_redirects.txt").write_text("/en-US/docs/Window.fetch\t/en-US/docs/Web/API/Window/fetch\n")
    (root / "files/en-us/_wikihistory.json").write_text('{"Web/API/Window/fetch": {"modified": "2024-01-01"}}\n')
    for path, page in (
        ("files/en-us/web/javascript/reference/global_objects/array/map/index.md", MAP_PAGE),
        ("files/en-us/web/api/window/fetch/index.md", FETCH_PAGE),
        ("files/pt-br/web/api/window/fetch/index.md", FETCH_PAGE.replace("resource", "recurso")),
        ("files/en-us/web/css/_colon_focus/index.md", "---\ntitle: :focus\nslug: Web/CSS/:focus\n---\n\nFocused.\n"),
    ):
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(page)


def test_macros_show_the_text_the_built_page_shows(tmp_path: Path) -> None:
    """`{{jsxref("Array")}}` is `Array` (the sentence kept its subject), an element its tag, a badge its word, a
    banner its sentence; the tables the build fills in from data and the sidebars show nothing; in code, as written."""
    _repository(tmp_path / "content")
    docs = tmp_path / "content/files/en-us/web/javascript"
    index(docs, tmp_path / "index", embeddings=False)
    text = text_of(tmp_path / "index", "reference/global_objects/array/map/index.md")
    assert "The map() method of Array instances creates a zebracorn array." in text
    assert "like forEach()." in text
    assert "Wrap a <div> or call fetch(); see CORS, <color>, Element.click and RFC 2616." in text
    assert "Executed against locale.baseName, not x_{{f(a)}} or x_{{prefetch(a)}}." in text  # and TeX's subscripts
    assert "thisArg Optional\n" in text and "flags Optional\n" in text  # one space, after a macro that shows none
    assert 'const shown = "{{jsxref("Array")}}";' in text  # escaped, as its build expands macros in code too
    assert "An array of tabs.Tab objects." in text
    assert '{{CSSxRef("cursor")}} results in cursor.' in text  # in raw HTML too
    shown = ('"{{jsxref("Array")}}"', "x_{{f(a)}}", "x_{{prefetch(a)}}", '{{CSSxRef("cursor")}} results')
    assert all(part in text for part in shown) and text.count("{{") == len(shown)
    assert "EmbedInteractiveExample" not in text and "pages/js" not in text and "JSRef" not in text


def test_a_definition_shows_without_its_marker(tmp_path: Path) -> None:
    """MDN's `- : A value` is a <dd>: no stray `: ` before it."""
    _repository(tmp_path / "content")
    index(tmp_path / "content/files/en-us", tmp_path / "index", embeddings=False)
    text = text_of(tmp_path / "index", "web/javascript/reference/global_objects/array/map/index.md")
    assert "\nA function to execute for each element" in text
    assert ": A function" not in text and ": A value" not in text and ": Of a color" not in text
    assert "\nOf a color like the sky." in text
    assert "  - : Its definition, as written in MDN's Markdown." in text  # code shows how it is written


def test_a_banner_macro_shows_its_sentence(tmp_path: Path) -> None:
    _repository(tmp_path / "content")
    index(tmp_path / "content/files/en-us", tmp_path / "index", embeddings=False)
    text = text_of(tmp_path / "index", "web/api/window/fetch/index.md")
    assert "Secure context: This feature is available only in secure contexts (HTTPS)" in text
    assert "This feature is available in Web Workers." in text
    assert "Fetch API" not in text  # the sidebar's argument


def test_pages_are_cited_at_their_slug_under_their_locale(tmp_path: Path, indexer_main: Main) -> None:
    """developer.mozilla.org/en-US/docs/<slug>, wherever DOCS lies in the content; the summary names that address."""
    _repository(tmp_path / "content")
    index_dir = tmp_path / "index"
    ran = indexer_main(tmp_path / "content/files/en-us/web", "--index", index_dir, "--no-embeddings")
    assert "served at https://developer.mozilla.org/: --base-url https://developer.mozilla.org/" in ran.err
    indexer_main(tmp_path / "content/files/en-us/web", "--index", index_dir, "--no-embeddings", "--base-url",
                 "https://developer.mozilla.org/", "--drop-extensions")  # fmt: skip
    assert (
        document(index_dir, "javascript/reference/global_objects/array/map/index.md").url
        == "https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/Array/map"
    )
    assert (
        document(index_dir, "css/_colon_focus/index.md").url
        == "https://developer.mozilla.org/en-US/docs/Web/CSS/:focus"
    )
    root = tmp_path / "root-index"
    indexer_main(tmp_path / "content", "--index", root, "--no-embeddings", "--base-url",
                 "https://developer.mozilla.org/", "--drop-extensions")  # fmt: skip
    assert document(root, "files/pt-br/web/api/window/fetch/index.md").url == (
        "https://developer.mozilla.org/pt-BR/docs/Web/API/Window/fetch"
    )
    assert found(root, "zebracorn") == ["files/en-us/web/javascript/reference/global_objects/array/map/index.md"]


@pytest.mark.parametrize(
    "package",
    [
        '{"name": "x", "scripts": {"build": "vite build"}}',
        '{"name": "x", "scripts": {"build": "rari build"}, "dependencies": {"rari": "^0.5.0"}}',  # a React framework
    ],
)
def test_a_package_json_of_another_project_keeps_the_shared_rules(
    tmp_path: Path, indexer_main: Main, package: str
) -> None:
    _repository(tmp_path / "content")
    (tmp_path / "content/package.json").write_text(package)
    ran = indexer_main(tmp_path / "content/files/en-us", "--index", tmp_path / "index", "--no-embeddings")
    assert "developer.mozilla.org" not in ran.err
    text = text_of(tmp_path / "index", "web/javascript/reference/global_objects/array/map/index.md")
    assert "The map() method of Array instances" in text  # the macros are MDN's wherever they are
    assert 'const shown = "\\{{jsxref("Array")}}";' in text  # but code is another site's: as written


def test_the_builds_data_beside_a_locales_pages_is_no_document(tmp_path: Path) -> None:
    """files/en-us/_redirects.txt (old paths and new) and _wikihistory.json are MDN's build's, never a page."""
    _repository(tmp_path / "content")
    report = index(tmp_path / "content/files", tmp_path / "index", embeddings=False)
    assert "en-us/web/api/window/fetch/index.md" in all_ids(tmp_path / "index")
    assert "en-us/_redirects.txt" not in all_ids(tmp_path / "index")
    assert "MDN's build" in skipped(report)["en-us/_redirects.txt"]


def test_a_tag_after_an_underscore_is_read_as_before_elsewhere(tmp_path: Path) -> None:
    """Only a `{{` after `_` is held to be an MDN macro: a Hugo shortcode or a Liquid tag there is one as ever."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs/page.md").write_text(
        '# Page\n\nReleased _{{< badge title="Beta" >}}_ as snake_{% if site.beta %}zebracorn{% endif %} did.\n'
    )
    index(tmp_path / "docs", tmp_path / "index", embeddings=False)
    assert "Released Beta as snake_zebracorn did." in text_of(tmp_path / "index", "page.md")


def test_translated_content_is_known_by_its_name(tmp_path: Path, indexer_main: Main) -> None:
    """mdn/translated-content's package.json runs no build: its name says what it is."""
    _repository(tmp_path / "content")
    (tmp_path / "content/package.json").write_text(
        '{"name": "@mdn/translated-content", "scripts": {"lint:md": "markdownlint-cli2 \\"**/*.md\\""}}'
    )
    index_dir = tmp_path / "index"
    indexer_main(tmp_path / "content/files/pt-br", "--index", index_dir, "--no-embeddings", "--base-url",
                 "https://developer.mozilla.org/", "--drop-extensions")  # fmt: skip
    assert document(index_dir, "web/api/window/fetch/index.md").url == (
        "https://developer.mozilla.org/pt-BR/docs/Web/API/Window/fetch"
    )


def test_a_line_of_open_braces_is_read_in_linear_time(tmp_path: Path) -> None:
    _repository(tmp_path / "content")
    page = tmp_path / "content/files/en-us/web/api/window/fetch/index.md"
    hostile = "{{jsxref(" * 20_000 + "_{{a(" * 20_000 + ")}}\n" + "{{" * 100_000 + '\n{{domxref("' + "a," * 50_000
    page.write_text(FETCH_PAGE + hostile + "\nkumaquartz ends it.\n")
    started = time.monotonic()
    index(tmp_path / "content/files/en-us", tmp_path / "index", embeddings=False)
    assert time.monotonic() - started < 30
    assert "kumaquartz ends it." in text_of(tmp_path / "index", "web/api/window/fetch/index.md")
