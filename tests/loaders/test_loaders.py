"""Loaders, tested from tables of files built in memory: what their text must and must not contain."""

from __future__ import annotations

import codecs
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt
from markdown_it.token import Token
from mdit_py_plugins.footnote import footnote_plugin

from indexer.errors import LoaderError
from indexer.ingest.access import front_matter_groups
from indexer.loaders import LOADERS
from indexer.loaders.html import declared_charset
from indexer.loaders.mdparser import markdown_parser
from indexer.loaders.pdf import normalise_pdf_text
from indexer.loaders.textcodec import decode_text
from indexer.search.query import TYPE_ALIASES

from support.loaders import Content, assert_text, load, searchable
from support.pdfs import break_page, encrypt_pdf, make_pdf


def break_startxref(data: bytes) -> bytes:
    return re.sub(rb"startxref\s+\d+", b"startxref\n99", data)


MARKDOWN_FRONT_MATTER = b"""---
title: Front Matter Title
tags: [alpha, beta]
access: "staff, admins"
---
# Heading One

The zebracorn lives here.
"""

MARKDOWN_MARKUP = b"""Intro before any heading.

# Main *Title*

Some **bold** and _italic_ words, a [link text](http://example.com/x) and ![alt words](pic.png).
Inline `print(zebracorn)` code.

## Lists and tables

- first item
- second item

| Name | Value |
|------|-------|
| cell one | cell two |

<div class="note">raw <b>html words</b></div>

```python
def sentinel():
    return "fenced code kept"
```
"""

HTML_PAGE = b"""<!DOCTYPE html>
<html><head>
<title>Page Title</title>
<meta name="keywords" content="alpha, beta">
<style>.stylesentinel { color: red }</style>
<script>var scriptsentinel = "<p>no</p>";</script>
</head><body>
<p>Fish &amp; Chips &lt;tag&gt; caf&eacute; zebracorn</p>
<noscript>noscriptsentinel</noscript>
<template><p>templatesentinel</p></template>
<svg><title>svgsentinel</title></svg>
<h2>Second <em>heading</em></h2>
<ul><li>list one</li><li>list two</li></ul>
<pre>  kept   spacing</pre>
</body></html>
"""

RST = b"""=========
Rst Title
=========

Intro para.

Usage
-----

Run the zebracorn.
"""

ADOC = b"""= Adoc Title
:toc: left

Preamble zebracorn.

== Install

Steps here.
"""

PDF_TEXT = ["Page one zebracorn.", "", "Page three unicornfish."]

GOOD_CASES = [
    # filename, content, must_include, must_not_include
    ("front.md", MARKDOWN_FRONT_MATTER, ["Front Matter Title", "zebracorn"], ["---", "tags:", "access:"]),
    (
        "markup.md",
        MARKDOWN_MARKUP,
        ["Main Title", "bold", "link text", "alt words", "print(zebracorn)", "first item"],
        ["#", "*", "[", "](", "http://example.com", "<div", "<b>", "_italic_"],
    ),
    (
        "markup-code.md",
        MARKDOWN_MARKUP,
        ["cell one | cell two", "html words", 'return "fenced code kept"'],
        [],
    ),
    ("utf8.txt", "naïve café ☃ zebracorn".encode(), ["naïve café ☃ zebracorn"], ["\ufffd"]),
    ("utf8-bom.txt", codecs.BOM_UTF8 + "café".encode(), ["café"], ["\ufeff", "ï»¿"]),
    ("utf16le.txt", codecs.BOM_UTF16_LE + "café zebracorn".encode("utf-16-le"), ["café zebracorn"], ["\x00"]),
    ("utf16be.txt", codecs.BOM_UTF16_BE + "café zebracorn".encode("utf-16-be"), ["café zebracorn"], ["\x00"]),
    ("utf32le.txt", codecs.BOM_UTF32_LE + "café".encode("utf-32-le"), ["café"], ["\x00", "\ufeff"]),
    ("cp1252.txt", "café \N{EN DASH} naïve".encode("cp1252"), ["café \N{EN DASH} naïve"], ["\ufffd", "Ã"]),
    ("crlf.txt", b"line one\r\nline two\rline three  \r\n", ["line one\nline two\nline three"], ["\r", "  "]),
    ("notes.rst", RST, ["Rst Title", "Usage", "Run the zebracorn."], ["===", "---"]),
    ("guide.adoc", ADOC, ["Adoc Title", "Install", "Preamble zebracorn."], ["= ", ":toc:"]),
    (
        "page.html",
        HTML_PAGE,
        ["Page Title", "Fish & Chips <tag> café zebracorn", "Second heading", "list one\nlist two", "  kept"],
        ["scriptsentinel", "stylesentinel", "noscriptsentinel", "templatesentinel", "svgsentinel", "&amp;"],
    ),
    (
        "latin1.htm",
        b'<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1"><p>caf\xe9</p>',
        ["café"],
        ["\ufffd"],
    ),
    ("report.pdf", lambda: make_pdf(PDF_TEXT), ["Page one zebracorn.", "Page three unicornfish."], []),
    ("owner-only.pdf", lambda: encrypt_pdf(make_pdf(["Owner zebracorn."]), ""), ["Owner zebracorn."], []),
    ("bad-xref.pdf", lambda: break_startxref(make_pdf(["Repaired zebracorn."])), ["Repaired zebracorn."], []),
]


@pytest.mark.parametrize(
    ("filename", "content", "must_include", "must_not_include"),
    [pytest.param(*case, id=case[0]) for case in GOOD_CASES],
)
def test_loader_text_includes_and_excludes(
    filename: str, content: Content, must_include: list[str], must_not_include: list[str]
) -> None:
    assert_text(filename, content, must_include, must_not_include)


BAD_CASES = [
    # filename, content, reason fragment
    ("binary.txt", bytes(range(256)) * 8, "binary content in a text file"),
    ("control.txt", b"\x01\x02\x03\x04\x05abc" * 200, "binary content in a text file"),
    ("binary.md", b"# Title\n\x00\x00\x00", "binary content in a text file"),
    ("binary.html", b"<p>\x00\x01</p>", "binary content in a text file"),
    (
        "locked.pdf",
        lambda: encrypt_pdf(make_pdf(["Secret."]), "user-secret"),
        "encrypted PDF (password required)",
    ),
    ("truncated.pdf", lambda: (pdf := make_pdf(["Cut short."]))[: len(pdf) // 2], "not a readable PDF"),
    ("garbage.pdf", b"this is not a pdf at all\n" * 40, "not a readable PDF"),
    ("fake-header.pdf", b"%PDF-1.7\n" + bytes(range(256)) * 4, "not a readable PDF"),
    ("empty.pdf", b"", "not a readable PDF"),
]


@pytest.mark.parametrize(("filename", "content", "reason"), [pytest.param(*case, id=case[0]) for case in BAD_CASES])
def test_bad_file_raises_loader_error_with_reason(filename: str, content: Content, reason: str) -> None:
    with pytest.raises(LoaderError) as caught:
        load(filename, content)
    assert reason in caught.value.reason


def test_markdown_front_matter_gives_title_tags_and_access() -> None:
    doc = load("front.md", MARKDOWN_FRONT_MATTER)
    assert doc.title == "Front Matter Title"
    assert doc.front_matter["tags"] == ("alpha", "beta")
    assert front_matter_groups(doc.front_matter) == ("staff", "admins")


def test_markdown_title_falls_back_to_first_h1() -> None:
    assert load("doc.md", b"## Not this\n\n# First H1\n\n# Second H1\n").title == "First H1"
    assert load("doc.md", b"plain words only\n").title == ""


def test_markdown_splits_sections_at_every_heading() -> None:
    doc = load("markup.md", MARKDOWN_MARKUP)
    assert [s.heading for s in doc.sections] == ["", "Main Title", "Lists and tables"]
    assert doc.sections[0].text == "Intro before any heading."
    assert "first item\nsecond item" in doc.sections[2].text


def test_markdown_ordered_lists_keep_their_numbers() -> None:
    """An agent citing "step 3" needs the 3: an ordered list's items keep their numbers (as written, from the
    list's start), bullets stay plain lines."""
    doc = load("steps.md", b"# Steps\n\n1. Install it\n2. Run `make`\n3. Done\n\n7) seventh\n\n- a bullet\n")
    assert doc.sections[0].text == "1. Install it\n2. Run make\n3. Done\n\n7) seventh\n\na bullet"


def test_markdown_ordered_lists_are_numbered_as_the_page_numbers_them() -> None:
    """Ruff's docs write every item `1.` (markdownlint's "one" style), which the page shows as 1, 2, 3: they read
    "1. 1. 1.". Items are numbered from the list's start one by one, each nested list on its own."""
    source = b"# Steps\n\n1. Install\n1. Configure\n    1. lint\n    1. format\n1. Run\n\nThen:\n\n3. third\n3. 4th\n"
    doc = load("steps.md", source)
    assert doc.sections[0].text == "1. Install\n2. Configure\n1. lint\n2. format\n3. Run\n\nThen:\n\n3. third\n4. 4th"


def test_markdown_footnotes_stay_where_they_are_written_numbered_as_the_page_shows_them() -> None:
    """A footnote is text a reader sees: numbered by first reference, kept in its section, and never lost as a
    link reference definition (`[^1]: https://...` used to be one)."""
    source = (
        b"# Claims\n\nA claim[^src] and another[^1], and [^none].\n\n[^1]: https://example.com/paper\n\n"
        b"[^src]: The source, with two paragraphs.\n\n    Its second one.\n\n## Later\n\n[^spare]: Unreferenced.\n"
    )
    doc = load("notes.md", source)
    assert [(s.heading, s.text) for s in doc.sections] == [
        (
            "Claims",
            "A claim[1] and another[2], and [^none].\n\n[2] https://example.com/paper\n\n"
            "[1] The source, with two paragraphs.\n\nIts second one.",
        ),
        ("Later", "[spare] Unreferenced."),
    ]


def test_markdown_link_followed_by_a_footnote_reads_as_the_link_and_its_footnote() -> None:
    """`[Puppeteer][^1]` (Material for MkDocs writes a footnote so, after a reference link) is the link then the
    footnote, as Python-Markdown shows it, not the literal `[Puppeteer][1]`; an undefined `[x]` stays as written."""
    source = (
        b"# Cards\n\nA framework like [Puppeteer][^1] or [schema.json] [^2] or [Unknown][^1] would do.\n\n"
        b"[^1]: Used by GitHub.\n[^2]: A schema.\n\n[Puppeteer]: https://pptr.dev\n[schema.json]: schema.json\n"
    )
    doc = load("social.md", source)
    assert doc.sections[0].text == (
        "A framework like Puppeteer[1] or schema.json [2] or [Unknown][1] would do.\n\n"
        "[1] Used by GitHub.\n\n[2] A schema."
    )


def test_markdown_list_numbers_stay_with_their_items() -> None:
    doc = load("steps.md", b"# Steps\n\n1. Open the app\n2. ![](shot.png)\n\n## Next\n\nConfigure it.\n")
    assert [(s.heading, s.text) for s in doc.sections] == [("Steps", "1. Open the app"), ("Next", "Configure it.")]


@pytest.mark.parametrize(
    ("source", "kept"),
    [
        (b"!!! Warning do not run this in production\n", "Warning do not run this in production"),
        (b"??? what is this\n", "what is this"),
        (b"The sum $\\sum_{i=1}^{n}$ of {.5} and {x=1}.\n", "$\\sum_{i=1}^{n}$ of {.5} and {x=1}."),
        (b"Write `{ .md-button }` or `:material-check:` after it.\n", "{ .md-button } or :material-check:"),
        (b"Render `<Chart data={rows} />` anywhere.\n\n    npm i lib\n    npm test\n", "npm i lib\nnpm test"),
        (b"Render `<Chart data={rows} />` anywhere.\n", "Render <Chart data={rows} /> anywhere."),
        (b"Pick x <y where S = {1, 2}.\n\n    npm i lib\n    npm test\n", "npm i lib\nnpm test"),  # no tag: not MDX
        (b"<img src={{ site.baseurl }}/x.png>\n\n    npm i lib\n    npm test\n", "npm i lib\nnpm test"),  # Liquid
        (b"```{.python .numberLines}\nx = {a}\n```\n", "x = {a}"),  # Pandoc's attributes, not a MyST directive
        (b"The set {a}, {b} and `{c}` stay.\n", "The set {a}, {b} and {c} stay."),
        (b"<ins style={{a: 1}} />\n\nimport the data first, then run it.\n", "import the data first, then run it."),
    ],
)
def test_markdown_keeps_prose_and_code_that_look_like_dialect_syntax(source: bytes, kept: str) -> None:
    """MkDocs' and MDX's markup is taken out of prose, never what only resembles it: a sentence after `!!!`,
    math, braces in code, code spans that show the syntax, an indented code block in a plain Markdown page."""
    assert kept in "\n\n".join(s.text for s in load("page.md", b"# Page\n\n" + source).sections)


def test_a_stray_backtick_protects_nothing_past_its_line() -> None:
    doc = load("page.md", b"# Page\n\nA stray ` tick.\n\n## Setup { #setup }\n\n:material-check: Run `make`.\n")
    assert [(s.heading, s.text) for s in doc.sections] == [("Page", "A stray ` tick."), ("Setup", "Run make.")]


def test_a_code_blocks_title_is_a_line_above_its_code() -> None:
    """The file name a site shows above a code block is what a reader searches for ("test-deploy.yml")."""
    source = (
        b'# P\n\n```yml title=".github/workflows/test-deploy.yml"\nname: x\n```\n\n'
        b"```vue [Child.vue]\n<template/>\n```\n\n```js {1,3} title='a.js'\nx\n```\n\n```python\nuntitled\n```\n"
        b"\n```mdx 'title=\"Watch out!\"'\nmarked\n```\n"  # expressive-code: text to mark, no title
    )
    assert load("page.md", source).sections[0].text == (
        ".github/workflows/test-deploy.yml\nname: x\n\nChild.vue\n<template/>\n\na.js\nx\n\nuntitled\n\nmarked"
    )


def test_the_rust_books_listings_keep_their_number_caption_and_file_name() -> None:
    source = (
        b'# Ch\n\nSee Listing 1-1.\n\n<Listing number="1-1" file-name="src/main.rs" caption="Prints `hello`">\n\n'
        b"```rust\nfn main() {}\n```\n\n</Listing>\n\n<Listing>\n\n```rust\nlet x = 1;\n```\n\n</Listing>\n"
    )
    assert load("ch01.md", source).sections[0].text == (
        "See Listing 1-1.\n\nListing 1-1: Prints hello\nFilename: src/main.rs\n\nfn main() {}\n\nlet x = 1;"
    )


def test_an_html_images_alt_text_reads_as_a_markdown_images_does() -> None:
    """The Rust book draws its figures with `<img alt="..." src="img/trpl04-01.svg" />` (28 of them), whose alt
    text describes the drawing in words ("Two tables: the first table contains the representation of s1 on the
    stack..."): it was lost, where `![alt](x.png)` keeps its alt text. An image in a comment shows nothing."""
    source = (
        b'# Ch\n\n<img alt="Two tables: the first holds the zebracorn\non the stack." src="img/a.svg"\n'
        b'class="center" />\n\n<span class="caption">Figure 4-1: A String</span>\n\n'
        b'A <img src="b.png" alt="ferris"> crab and ![a unicornfish](c.png).\n\n<!-- <img alt="hidden"> -->\n'
    )
    assert load("ch04.md", source).sections[0].text == (
        "Two tables: the first holds the zebracorn on the stack.\n\nFigure 4-1: A String\n\n"
        "A ferris crab and a unicornfish."
    )


def test_heading_ids_of_any_characters_are_taken_out() -> None:
    """VitePress names headings `{#vue.js-privacy-policy}`, with dots and dashes of any kind: none reach the text."""
    source = (
        "# Vue.js Privacy Policy {#vue.js-privacy-policy}\n\n"
        "## Web \u2013 ARIA {#web-\u2013-aria-\u2026}\n\nText {#1 kept}.\n"
    )
    doc = load("page.md", source.encode())
    assert doc.title == "Vue.js Privacy Policy"
    assert [(s.heading, s.text) for s in doc.sections] == [
        ("Vue.js Privacy Policy", ""),
        ("Web \u2013 ARIA", "Text {#1 kept}."),
    ]


def test_nextra_heading_ids_are_taken_out_and_bracketed_heading_text_is_kept() -> None:
    """swr-site names its headings `## Installation [#installation]`: 14 titles and 184 texts kept the id. A
    heading that ends in a link, in bracketed words or in an issue number is as it was."""
    source = (
        "# Getting Started [#getting-started]\n\n## 安装 [#installation] ##\n\nText [#kept] in prose.\n\n"
        "```md\n## In code [#kept-too]\n```\n\n## See [the API](#api)\n\n## Options [deprecated]\n\n"
        "## Fixes [#1234]\n\n## Comparaison [deep-comparison]\n"
    )
    doc = load("page.mdx", source.encode())
    assert doc.title == "Getting Started"
    assert [(s.heading, s.text) for s in doc.sections] == [
        ("Getting Started", ""),
        ("安装", "Text [#kept] in prose.\n\n## In code [#kept-too]"),
        ("See the API", ""),
        ("Options [deprecated]", ""),
        ("Fixes [#1234]", ""),
        ("Comparaison [deep-comparison]", ""),
    ]


def test_mdx_components_keep_the_description_a_reader_sees() -> None:
    source = (
        b'import { LinkCard } from "x";\n\n<LinkCard title="links-validator" description="Checks broken links." />\n'
    )
    assert load("plugins.mdx", source).sections[0].text == "links-validator Checks broken links."


def test_an_mdx_components_title_given_as_a_string_in_braces_is_seen() -> None:
    """Redux writes `<DetailedExplanation title={`Detailed Explanation: Thunks, "Containers"`}>`: the title, which
    the page shows as the heading of what it folds, was lost (a template with `${...}` is computed: left out)."""
    source = (
        b"import { DetailedExplanation } from '../components/DetailedExplanation'\n\n"
        b'<DetailedExplanation title={`Thunks, Connect, and "Containers"`}>\n\nZebracorn.\n\n</DetailedExplanation>\n\n'
        b"<Card title={ 'Quokka facts' } label={`v${version}`} />\n"
    )
    assert load("thunks.mdx", source).sections[0].text == (
        'Thunks, Connect, and "Containers"\n\nZebracorn.\n\nQuokka facts'
    )


def test_a_docusaurus_tab_without_a_label_shows_its_value_or_the_label_its_tabs_give_it() -> None:
    """Prettier's install page writes `<TabItem value="yarn">`, which Docusaurus labels "yarn": the index lost
    every such tab's name, so steps for one package manager or platform read as if for all."""
    source = (
        b'import Tabs from \'@theme/Tabs\';\n\n<Tabs groupId="pm">\n<TabItem value="yarn">\n\n```bash\nyarn add x\n'
        b'```\n\n</TabItem>\n<TabItem value="npm" label="npm 7+">\n\nRun npm.\n\n</TabItem>\n</Tabs>\n\n'
        b"<Tabs values={[\n  {label: 'JavaScript', value: 'js'},\n  { value: \"py\", label: \"Python\" },\n]}>\n"
        b"<TabItem value=\"js\">JS text.</TabItem>\n<TabItem value='py'>\n\nPy text.\n\n</TabItem>\n</Tabs>\n"
    )
    assert load("install.md", source).sections[0].text == (
        "yarn\n\nyarn add x\n\nnpm 7+\n\nRun npm.\n\nJavaScript JS text.\n\nPython\n\nPy text."
    )


def test_an_mdx_code_block_fence_with_a_no_break_space_is_still_mdx() -> None:
    source = "```mdx-code-block\u00a0\nimport Tabs from '@theme/Tabs';\n\n<Tabs>Tab text.</Tabs>\n```\n".encode()
    assert load("page.md", source).sections[0].text == "Tab text."


def test_mdx_code_blocks_lose_the_magic_comments_docusaurus_removes() -> None:
    source = (
        b"import X from 'y';\n\n```js\nf();\n// highlight-next-line\ng();\n  /* highlight-start */\nh();\n```\n\n"
        b"````md\n```js\n// highlight-next-line\nshown();\n```\n<!-- highlight-end -->\n````\n\n"
        b"```python\n# highlight-next-line\nprint(1)\n```\n"
    )
    assert load("page.mdx", source).sections[0].text == (
        "f();\ng();\nh();\n\n```js\n// highlight-next-line\nshown();\n```\n\nprint(1)"
    )


def test_mdx_code_spans_keep_the_tags_they_show() -> None:
    doc = load("page.mdx", b"import X from 'y';\n\nWrap children in a `<View>` and style it.\n")
    assert doc.sections[0].text == "Wrap children in a <View> and style it."


def test_markdown_keeps_a_heading_with_no_text_of_its_own_with_its_level() -> None:
    doc = load("doc.md", b"# Title\n\n## Empty\n\n### Full\n\nbody\n\n\n")
    assert [(s.heading, s.text, s.level) for s in doc.sections] == [
        ("Title", "", 1),
        ("Empty", "", 2),
        ("Full", "body", 3),
    ]


@pytest.mark.parametrize(
    ("front_matter", "warning"),
    [
        pytest.param(b"title: [unclosed\n", "not valid YAML", id="invalid-yaml"),
        pytest.param(b"- just\n- a list\n", "not a mapping", id="list"),
        pytest.param(b"just a string\n", "not a mapping", id="scalar"),
    ],
)
def test_markdown_bad_front_matter_is_a_warning_not_text(front_matter: bytes, warning: str) -> None:
    doc = load("doc.md", b"---\n" + front_matter + b"---\n# Real\n\nbody\n")
    assert doc.front_matter == {}
    assert doc.title == "Real"
    assert any(warning in w for w in doc.warnings)
    assert searchable(doc) == "Real\nReal\nbody"


def test_markdown_front_matter_with_a_date_that_does_not_exist_keeps_it_as_written() -> None:
    """`date: 2024-02-30` made PyYAML fail with a ValueError: the whole page was skipped ("could not be indexed")."""
    doc = load("doc.md", b"---\ntitle: Leap\ndate: 2024-02-30\nlater: 2024-13-01 10:00:00\n---\nbody\n")
    assert doc.front_matter == {"title": "Leap", "date": "2024-02-30", "later": "2024-13-01 10:00:00"}
    assert (doc.title, doc.warnings) == ("Leap", ())


def test_toml_front_matter_after_blank_lines_gives_the_title() -> None:
    """Zola and Hugo read `+++` front matter after blank lines (getzola.org's 141 theme pages open with one: each
    was titled by its README's first heading, its TOML block read as text); `---` after a blank line is a rule."""
    doc = load("doc.md", b'\n \n+++\ntitle = "Ergo"\n[extra]\nlicense = "MIT"\n+++        \n\n# Installation\n\nbody\n')
    assert (doc.title, doc.front_matter) == ("Ergo", {"title": "Ergo", "extra": {"license": "MIT"}})
    assert "license" not in searchable(doc)
    assert load("doc.md", b"\n---\ntitle: Rule\n---\nbody\n").front_matter == {}


def test_plus_lines_after_a_blank_line_that_hold_no_toml_are_text() -> None:
    """A MyST (Jupytext) notebook breaks its cells with `+++` lines: opening with a blank line, its first cells
    were taken as a front matter block that is no TOML, dropped, and only its last cell kept."""
    doc = load("doc.md", b"\n+++\n\n# Notebook\n\nFirstwort cell.\n\n+++\n\nLastwort cell.\n")
    assert (doc.title, doc.front_matter, doc.warnings) == ("Notebook", {}, ())
    assert "Firstwort cell." in searchable(doc) and "Lastwort cell." in searchable(doc)


def test_zola_taxonomies_give_the_tags() -> None:
    """Zola keeps a page's tags in its `[taxonomies]` table: tabi's posts had none, for `tag:` or fetch."""
    doc = load("doc.md", b'+++\ntitle = "Post"\n[taxonomies]\ntags = ["showcase", "shortcodes"]\n+++\nbody\n')
    assert doc.front_matter["tags"] == ("showcase", "shortcodes")


def test_markdown_comma_separated_tags_become_a_tuple() -> None:
    doc = load("doc.md", b"---\ntags: one, two ,, three\n---\nbody\n")
    assert doc.front_matter["tags"] == ("one", "two", "three")


def test_pdf_sections_are_pages_with_text() -> None:
    doc = load("report.pdf", make_pdf(PDF_TEXT, title="Quarterly Report"))
    assert doc.title == "Quarterly Report"
    assert doc.pages == 3
    assert [(s.page, s.text, s.heading) for s in doc.sections] == [
        (1, "Page one zebracorn.", ""),
        (3, "Page three unicornfish.", ""),
    ]
    assert doc.warnings == ()


def test_pdf_with_a_blank_page_only_loads_with_a_warning() -> None:
    doc = load("scan.pdf", make_pdf([""]))
    assert doc.sections == ()
    assert doc.pages == 1
    assert doc.warnings == ("no text layer (scanned PDF?)",)


def test_pdf_page_that_cannot_be_extracted_is_a_warning() -> None:
    doc = load("report.pdf", break_page(make_pdf(["Good zebracorn.", "Broken page."]), 2))
    assert [(s.page, s.text) for s in doc.sections] == [(1, "Good zebracorn.")]
    assert doc.warnings == ("page 2: text could not be extracted",)


def test_pdf_with_no_extractable_page_does_not_claim_no_text_layer() -> None:
    doc = load("report.pdf", break_page(make_pdf(["Broken page."]), 1))
    assert doc.sections == ()
    assert doc.warnings == ("page 1: text could not be extracted",)


def test_pdf_damage_pypdf_reports_becomes_doc_warnings() -> None:
    doc = load("bad-xref.pdf", break_startxref(make_pdf(["Repaired zebracorn."])))
    assert len(doc.warnings) == 1
    assert doc.warnings[0].startswith("damaged PDF, its text read anyway (pypdf: ")


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        pytest.param("a   b\t\tc", "a b c", id="spaces"),
        pytest.param("exam-\nple", "example", id="hyphen-joined"),
        pytest.param("COVID-\n19", "COVID-\n19", id="hyphen-kept-before-digit"),
        pytest.param("one\n\n\n\ntwo", "one\n\ntwo", id="paragraph-break-kept"),
        pytest.param("  line  \r\nnext\x00", "line\nnext", id="edges"),
        pytest.param("1 Overview ........ 6\n2 Scope . . . . 9", "1 Overview … 6\n2 Scope … 9", id="dot-leaders"),
    ],
)
def test_pdf_text_is_normalised(raw: str, clean: str) -> None:
    assert normalise_pdf_text(raw) == clean


def test_plain_text_is_one_untitled_section() -> None:
    doc = load("notes.txt", b"First line.\n\nSecond paragraph.   \n\n\n")
    assert doc.title == ""
    assert [(s.heading, s.text) for s in doc.sections] == [("", "First line.\n\nSecond paragraph.")]


def test_empty_text_file_has_no_sections() -> None:
    doc = load("empty.txt", b"")
    assert (doc.title, doc.sections) == ("", ())


def test_rst_headings_become_title_and_sections() -> None:
    doc = load("notes.rst", RST)
    assert doc.title == "Rst Title"
    assert [(s.heading, s.text) for s in doc.sections] == [
        ("Rst Title", "Intro para."),
        ("Usage", "Run the zebracorn."),
    ]


def test_adoc_headings_become_title_and_sections() -> None:
    doc = load("guide.adoc", ADOC)
    assert doc.title == "Adoc Title"
    assert [(s.heading, s.text) for s in doc.sections] == [
        ("Adoc Title", "Preamble zebracorn."),
        ("Install", "Steps here."),
    ]


ADOC_MARKUP = b"""= Using {product}
:product: Zebracorn
:url-repo: https://example.org/zebracorn

Install *{product}* with `gem install`. See xref:install.adoc[the install guide], xref:other-page.adoc[] and
<<usage,Usage>>. Visit {url-repo}[the repository] or https://example.org.

NOTE: This is a _note_.

Purpose::
Include a file.

.A table
|===
|Name |Value

|one |1
|===

[source,ruby]
----
puts "{product} stays in code"
----

// a comment
////
a comment block
////

image::diagram.png[A diagram,300]
Press kbd:[Ctrl+C], then menu:File[Save As].

[[usage]]
== Usage

====
Example body.
====
include::partial$x.adoc[]
"""


def test_adoc_markup_reads_as_the_rendered_page_shows_it() -> None:
    """The Asciidoctor docs (Antora) kept their markup: 217 xref and link macros, 610 table and block delimiter
    lines, 155 attribute references in 78 pages."""
    doc = load("guide.adoc", ADOC_MARKUP)
    assert doc.title == "Using Zebracorn"
    assert [s.heading for s in doc.sections] == ["Using Zebracorn", "Usage"]
    assert doc.sections[0].text == (
        "Install Zebracorn with gem install. See the install guide, other page and\nUsage. Visit the repository or "
        "https://example.org.\n\nNote: This is a note.\n\nPurpose\nInclude a file.\n\nA table\n\nName | Value\n\n"
        'one | 1\n\nputs "{product} stays in code"\n\nA diagram\nPress Ctrl+C, then File > Save As.'
    )
    assert doc.sections[1].text == "Example body."


def test_adoc_ordered_lists_show_their_numbers_and_passthroughs_their_text() -> None:
    """Spring Security's steps (`. The SecurityContextHolder is cleared out.`, 56 items) read ". The ..." where the
    page shows "1. The ...", and Couchbase's Java SDK docs kept `pass:q[BucketManager -- Cluster.buckets()]`."""
    page = (
        b"= Steps\n\nWhen it fails:\n\n. The zebracorn is cleared out.\n+\n--\nAn attached paragraph.\n\nAnother one.\n"
        b"--\n\n. The handler is invoked.\n.. First sub-step\n.. Second sub-step\n* a bullet\n. Last step.\n\n"
        b"A paragraph ends the list.\n\n. A new list\n\nUse pass:q[BucketManager -- *Cluster.buckets()*] now.\n"
    )
    assert load("steps.adoc", page).sections[0].text == (
        "When it fails:\n\n1. The zebracorn is cleared out.\n\nAn attached paragraph.\n\nAnother one.\n\n"
        "2. The handler is invoked.\na. First sub-step\nb. Second sub-step\n* a bullet\n3. Last step.\n\n"
        "A paragraph ends the list.\n\n1. A new list\n\nUse BucketManager -- Cluster.buckets() now."
    )


MANPAGE = b"""zebra-herd(1)
=============

NAME
----
zebra-herd - Gather the zebras into one herd

SYNOPSIS
--------
[verse]
'zebra herd' [--count <n>]

DESCRIPTION
-----------
Gathers them. See linkgit:zebra-graze[1] and linkgit:zebra-config[].

----
$ zebra herd --count 3
----

Subsection
~~~~~~~~~~
Text.
Not a title
------------
a listing, as a paragraph's line over dashes opens one
------------
"""


def test_a_manual_page_with_two_line_titles_reads_as_asciidoctor_shows_it() -> None:
    """git's manual pages (git/git's Documentation/) underline their titles, `NAME` over `----`: every page was
    untitled, its `----` underlines opened listings that swallowed the sections, `linkgit:git-log[1]` was left as
    written (2,127 of them), and "git rebase" found a page called "Git rebase" without its NAME line."""
    doc = load("zebra-herd.adoc", MANPAGE)
    assert doc.title == "zebra-herd - Gather the zebras into one herd"
    assert [s.heading for s in doc.sections] == ["zebra-herd(1)", "NAME", "SYNOPSIS", "DESCRIPTION", "Subsection"]
    assert doc.sections[3].text == ("Gathers them. See zebra-graze(1) and zebra-config.\n\n$ zebra herd --count 3")
    assert doc.sections[4].text == "Text.\nNot a title\na listing, as a paragraph's line over dashes opens one"


def test_a_two_line_title_not_over_a_man_name_stays_the_title() -> None:
    guide = b"My Guide\n========\n\nIntro.\n\nSetup\n-----\nRun it.\n"
    doc = load("guide.adoc", guide)
    assert doc.title == "My Guide"
    assert [(s.heading, s.text) for s in doc.sections] == [("My Guide", "Intro."), ("Setup", "Run it.")]


def test_adoc_attribute_values_hold_the_attributes_before_them_and_listings_fill_them_when_told() -> None:
    """The Asciidoctor docs define `:apidoc-root: {url-api-gems}/asciidoctor/{release-version}/Asciidoctor` and
    then `:apidoc-converter: {apidoc-root}/Converter`: 7 links of its Custom Converter page read
    `{apidoc-root}/Converter[...]` as written; and `[,ruby,subs=attributes+]` listings showed `{release-version}`."""
    page = (
        b"= API {version}\n:version: 2.1\n:api-root: https://gems.example/zebracorn/{version}\n"
        b":api-herd: {api-root}/Herd\n\nSee the {api-herd}[Herd class] and {api-herd}/Base[its base].\n\n"
        b"[,ruby,subs=attributes+]\n----\nputs Zebracorn::VERSION # => {version}\n----\n\n"
        b"[,ruby]\n----\nputs '{version}'\n----\n"
    )
    doc = load("api.adoc", page)
    assert doc.title == "API 2.1"
    assert doc.sections[0].text == (
        "See the Herd class and its base.\n\nputs Zebracorn::VERSION # => 2.1\n\nputs '{version}'"
    )


def test_adoc_intrinsic_attributes_show_their_characters_after_the_marks() -> None:
    """git's pages wrote `HEAD{caret}` (192 times), `{asterisk}`, `{nbsp}` and `{empty}`: Asciidoctor's own
    attributes, which showed as written; a page's own definition of one wins, and `\\{caret}` is its text."""
    page = (
        b"= Revisions\n\nUse *HEAD{caret}{caret}* or {startsb}path{endsb} with {asterisk}.c and _x_ {asterisk}"
        b"{empty}.\n\nKeep \\{caret} and {unknown}.\n\n:tilde: TILDE\nNow {tilde}.\n"
    )
    assert load("revisions.adoc", page).sections[0].text == (
        "Use HEAD^^ or [path] with *.c and x *.\n\nKeep {caret} and {unknown}.\n\nNow TILDE."
    )


def test_adoc_legacy_double_quotes_are_curved_quotes() -> None:
    """git's pages, built in AsciiDoc's compat mode, quote so: ``Interactive Mode'' showed as written, backticks and
    all; Asciidoctor shows “Interactive Mode”. A code span stays code, and an opening that never closes stays."""
    page = b"= Commit\n\nSee the ``Interactive Mode'' section, `git add` and ``dry run''.\n\nA `` alone'.\n"
    assert load("commit.adoc", page).sections[0].text == (
        "See the \u201cInteractive Mode\u201d section, git add and \u201cdry run\u201d.\n\nA `` alone'."
    )


def test_adoc_attribute_entries_with_spaces_in_their_names_leave_nothing() -> None:
    """Asciidoctor's own man page (`= asciidoctor(1)`, `== NAME`) sets `:man manual: Asciidoctor Manual`, a name
    with a space (`manmanual`): its page showed the entry as written; `:a:b` is no entry, and stays."""
    page = (
        b"= zebra(1)\n:doctype: manpage\n:man manual: Zebra Manual\n:man source: Zebra {version}\n\n== NAME\n\n"
        b"zebra - herd the zebras\n\n== SEE ALSO\n\n{man manual} is {manmanual}.\n:a:b stays.\n"
    )
    doc = load("zebra.adoc", page)
    assert doc.title == "zebra - herd the zebras"
    assert [s.text for s in doc.sections] == [
        "",
        "zebra - herd the zebras",
        "{man manual} is Zebra Manual.\n:a:b stays.",
    ]


@pytest.mark.parametrize("unset", [":!product:", ":product!:"])
def test_adoc_an_unset_attribute_shows_as_written_after_its_unset_line(unset: str) -> None:
    """`:!product:` (or `:product!:`) unsets an attribute from its line on: its references after it are left as
    written, as Asciidoctor leaves a missing one, and those before it keep the value. The unset was ignored, so
    every `{product}` of the page showed the value, in a later section and its title too."""
    page = (
        f"= Using {{product}}\n:product: Zebracorn\n\nInstall {{product}}.\n\n{unset}\n\n"
        "After: {product}.\n\n== No {product} here\n\nStill {product}.\n\n:product: Narwhal\nNow {product}.\n"
    ).encode()
    doc = load("guide.adoc", page)
    assert doc.title == "Using Zebracorn"
    assert [(s.heading, s.text) for s in doc.sections] == [
        ("Using Zebracorn", "Install Zebracorn.\n\nAfter: {product}."),
        ("No {product} here", "Still {product}.\n\nNow Narwhal."),
    ]


def test_adoc_a_reference_before_its_attribute_is_defined_stays_as_written() -> None:
    """Asciidoctor reads a document from its top: a body's `{edition}` above `:edition: Pro` is left as written;
    the last value of each attribute was put in everywhere."""
    page = b"= Editions\n\nThe {edition} one.\n\n:edition: Pro\n\nThe {edition} one again.\n"
    assert load("editions.adoc", page).sections[0].text == "The {edition} one.\n\nThe Pro one again."


def test_adoc_attribute_entries_in_a_listing_are_its_code() -> None:
    """The Asciidoctor docs show entries as code (`[,asciidoc]` over `----`, `:prewrap!:`, `:source-highlighter:
    rouge`): 62 such lines were taken out of their listings, one listing left empty, and an entry there sets
    nothing."""
    page = b"= Wrap\n\nUnset it:\n\n[,asciidoc]\n----\n:prewrap!:\n:product: Narwhal\n----\n\nNo {product}.\n"
    assert load("wrap.adoc", page).sections[0].text == "Unset it:\n\n:prewrap!:\n:product: Narwhal\n\nNo {product}."


def test_html_title_falls_back_to_first_h1() -> None:
    assert load("a.html", b"<title> </title><h2>Two</h2><h1>One</h1><p>x</p>").title == "One"
    assert load("a.html", b"<p>no headings</p>").title == ""


def test_html_title_made_of_template_tags_is_no_title() -> None:
    """Django's admin/base.html, indexed with its repository, was titled `{% block title %}{% endblock %}`."""
    page = b"{% load i18n %}<title>{% block title %}{% endblock %}</title><h1>Zebracorn admin</h1><p>x</p>"
    assert load("base.html", page).title == "Zebracorn admin"
    assert load("a.html", b"<title>{{ page_title }}</title><h1>{{ site_header }}</h1><p>x</p>").title == ""
    assert load("a.html", b"<title>Sets {a, b}</title><p>x</p>").title == "Sets {a, b}"


def test_html_ordered_lists_keep_their_numbers() -> None:
    page = (
        b"<ol><li>Install</li><li>Run<ul><li>a sub-step</li></ul></li><li>Done</li></ol>"
        b'<ol start="4"><li>four</li><li value="9">nine</li><li>ten</li></ol><ul><li>bullet</li></ul>'
    )
    assert load("steps.html", page).sections[0].text == (
        "1. Install\n2. Run\n\na sub-step\n\n3. Done\n\n4. four\n9. nine\n10. ten\n\nbullet"
    )


def test_html_list_numbers_stay_with_their_items() -> None:
    assert load("a.html", b"<ol><li><p>first</p></li><li><p>second</p></li></ol>").sections[0].text == (
        "1. first\n\n2. second"
    )
    assert load("b.html", b'<ol reversed start="3"><li>c</li><li>b</li></ol>').sections[0].text == "3. c\n2. b"
    assert load("c.html", b"<ol reversed><li>c</li><li>b</li></ol>").sections[0].text == "c\nb"  # count unknown


def test_html_splits_sections_at_headings() -> None:
    doc = load("page.html", HTML_PAGE)
    assert doc.title == "Page Title"
    assert [s.heading for s in doc.sections] == ["", "Second heading"]
    assert doc.front_matter == {"tags": ("alpha", "beta")}


@pytest.mark.parametrize(
    ("head", "charset"),
    [
        pytest.param(b'<meta charset="utf-8">', "utf-8", id="meta-charset"),
        pytest.param(b"<META CHARSET=koi8-r>", "koi8-r", id="unquoted"),
        pytest.param(
            b'<meta http-equiv="Content-Type" content="text/html; charset=windows-1252">',
            "windows-1252",
            id="http-equiv",
        ),
        pytest.param(b"<title>none</title>", None, id="none"),
    ],
)
def test_html_declared_charset(head: bytes, charset: str | None) -> None:
    assert declared_charset(b"<html><head>" + head) == charset


def test_html_declared_charset_decodes_the_page() -> None:
    page = b"<meta charset=koi8-r><p>" + "привет".encode("koi8_r") + b"</p>"
    assert load("ru.html", page).sections[0].text == "привет"


@pytest.mark.parametrize(
    ("data", "text"),
    [
        pytest.param(b"", "", id="empty"),
        pytest.param(b"plain", "plain", id="ascii"),
        pytest.param(codecs.BOM_UTF8 + codecs.BOM_UTF8 + b"x", "x", id="doubled-bom-dropped"),
        pytest.param(codecs.BOM_UTF32_BE + "é".encode("utf-32-be"), "é", id="utf32be"),
        pytest.param(b"caf\xe9 \x96 \x81", "café \N{EN DASH} \x81", id="cp1252-undefined-byte-as-latin1"),
        pytest.param(b"a\r\nb\rc\n", "a\nb\nc\n", id="newlines"),
        pytest.param(b"\x1b[31mred\x1b[0m\tok\x0c", "\x1b[31mred\x1b[0m\tok\x0c", id="escapes-are-text"),
    ],
)
def test_decode_text(data: bytes, text: str) -> None:
    assert decode_text(data) == text


def test_decode_text_uses_a_valid_encoding_hint_only() -> None:
    russian = "привет".encode("koi8_r")
    assert decode_text(russian, encoding="koi8-r") == "привет"
    assert decode_text(russian, encoding="no-such-codec") == russian.decode("cp1252")
    assert decode_text("é".encode(), encoding="iso-8859-1") == "é"  # mislabelled UTF-8 still reads


# Markdown made of what inline parsing reacts to: markup characters, spaces and tabs at line ends and starts,
# line breaks, and block syntax (headings, lists, tables, quotes, code, reference definitions).
MARKDOWN_PIECES = st.lists(
    st.sampled_from(
        [
            "word",
            "two words",
            " ",
            "  ",
            "\t",
            "\n",
            "\n\n",
            "*",
            "_",
            "`",
            "[",
            "]",
            "(u)",
            "!",
            "<",
            ">",
            "&amp;",
            "&",
            "\\",
            "#",
            "# ",
            "- ",
            "1. ",
            "| a | b |\n|---|---|\n",
            "> ",
            "    ",
            "```",
            "[r]: /x\n",
            "[^1]",
            "[^1]: ",
            "~",
            "é",
            "\r",
            "\r\n",
            "\x00",
            "\u00a0",
            "\u2003",
            "\v",
            "\f",
        ]
    ),
    max_size=40,
).map("".join)


def _tokens(tokens: list[Token]) -> list[tuple[str, str, list[tuple[str, str]]]]:
    return [(t.type, t.content, [(c.type, c.content) for c in t.children or ()]) for t in tokens]


@settings(max_examples=400, deadline=None, derandomize=True, database=None)
@given(MARKDOWN_PIECES)
def test_markdown_inline_shortcut_gives_markdown_its_own_tokens(text: str) -> None:
    stock = _stock_parser()
    assert _tokens(markdown_parser().parse(text)) == _tokens(stock.parse(text))


def test_markdown_inline_shortcut_is_taken_and_keeps_line_breaks() -> None:
    text = "plain words  \nnext line \n\t more\n\nsecond *emphasis* [link](u) `code` &amp; \\* <b>\n"
    stock = _stock_parser()
    assert _tokens(markdown_parser().parse(text)) == _tokens(stock.parse(text))
    assert markdown_parser().core.ruler.__rules__[2].fn is not stock.core.ruler.__rules__[2].fn


def _stock_parser() -> MarkdownIt:
    """markdown-it as the loader configures it, without the loader's shortcut."""
    stock = MarkdownIt("commonmark").enable("table")
    footnote_plugin(stock, inline=False, move_to_end=False)
    return stock


def test_every_suffix_a_loader_reads_is_a_type_filter() -> None:
    """`type:mdx`, `type:adoc`...: whatever a loader reads, a user can ask for by its file suffix."""
    missing = {
        suffix: loader.format
        for loader in LOADERS
        for suffix in loader.suffixes
        if TYPE_ALIASES.get(suffix.lstrip(".")) != loader.format
    }
    assert missing == {}


SPHINX_MYST = b"""# API

```{doctest}
>>> import attrs
>>> attrs.has(int)
False
```

Set {attr}`object.__dict__` as {ref}`the guide <guide>` says; `` {ref}`x` `` shows the syntax.

````{code-block} markdown
```python
x = 1
```
````

## After

```{autofunction} attrs.define
Makes a class with its fields.
```
"""


def test_myst_pages_read_as_sphinx_builds_them() -> None:
    """Doctests stay code, a role Sphinx shows as code keeps its underscores, a code span keeps a role's syntax, a
    code block holding a fence stays one block, and autodoc keeps what the author wrote under the object's name."""
    doc = load("api.md", SPHINX_MYST)
    assert [s.heading for s in doc.sections] == ["API", "After"]
    api, after = (s.text for s in doc.sections)
    assert ">>> import attrs\n>>> attrs.has(int)\nFalse" in api
    assert "Set object.__dict__ as the guide says; {ref}`x` shows the syntax." in api
    assert "```python\nx = 1\n```" in api
    assert after == "attrs.define\n\nMakes a class with its fields."


def test_a_myst_role_whose_text_wraps_onto_the_next_line_shows_its_text() -> None:
    """click's docs wrap a role's text as they wrap prose ({ref}`documented in the command docstring` then
    `<documenting-arguments>` on the next line): the role showed as written. A role that never closes stays."""
    page = (
        b"# Arguments\n\n* Can be {ref}`documented in the command docstring\n  <documenting-arguments>`.\n"
        b"* And {ref}`never closed\n  on these lines.\n\nKeep ``{ref}`x` `` as code.\n"
    )
    text = load("arguments.md", page).sections[0].text
    assert "Can be documented in the command docstring." in text and "<documenting" not in text
    assert "{ref}`never closed" in text and "on these lines." in text and "{ref}`x`" in text


def test_rst_autodoc_keeps_what_the_author_wrote_and_doctests_stay_code() -> None:
    source = b"API\n===\n\n.. autofunction:: attrs.define\n\n   Handy to make classes.\n\n"
    source += b".. doctest::\n\n   >>> 1 + 1\n   2\n"
    assert load("api.rst", source).sections[0].text == "attrs.define\n\nHandy to make classes.\n\n>>> 1 + 1\n2"
