"""Files a page pulls in (mdBook's {{#include}}, Sphinx's include and literalinclude, in reStructuredText and MyST)
are part of its text, read from the documents folder only; the page is read again when one of them changes; a
page whose callers could not see an included file is not indexed. Found on real sites: the Rust book's code
listings (707 includes) and Sphinx's examples were missing from their pages, with no warning."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from support.folders import (
    all_ids,
    document,
    found,
    index,
    needs_non_root,
    run_cli,
    skipped,
    snapshot,
    text_of,
    warnings_of,
    write,
)

LISTING = (
    'use std::io;\n// ANCHOR: here\nfn main() {\n    println!("zebracorn");\n    // ANCHOR_END: here\n'
    "    let skipped = 1;\n    // ANCHOR: here\n    let again = 2;\n}\n// ANCHOR_END: here\n"
)
PYTHON = '''import sys


@decorated
def hello(x):
    """the walrus greets"""
    return x


class Greeter:
    def greet(self):
        return "periwinkle"
'''


def test_mdbook_includes_are_put_in_place_as_mdbook_puts_them(docs: Path, index_dir: Path) -> None:
    write(docs, "listings/main.rs", LISTING)
    write(docs, "listings/lines.txt", "one\ntwo\nthree\nfour\n")
    write(docs, ".docsearchignore", "listings/\n")  # not documents of their own, but still included
    write(docs, "partial.md", "Partial with gryphonbeak.\n\n{{#include partial.md}}\n")  # includes itself
    write(
        docs,
        "ch01.md",
        "# Hello\n\n```rust\n{{#rustdoc_include listings/main.rs:here}}\n```\n\n"
        "Second: {{#include listings/lines.txt:2}}; to 3: {{#include listings/lines.txt::3}}; "
        "from 4: {{#include listings/lines.txt:4:}}.\n\n{{#playground listings/main.rs}}\n\n"
        "{{#include partial.md}}\n\nShown as written: \\{{#include listings/lines.txt}}\n\n"
        "```rust\n# fn hidden() {}\nlet shown = 1;\n##[derive(Debug)]\n```\n",
    )
    report = index(docs, index_dir)
    assert sorted(all_ids(index_dir)) == ["ch01.md", "partial.md"]
    text = snapshot(index_dir).text("ch01.md") or ""
    assert 'fn main() {\n    println!("zebracorn");\n    let again = 2;\n}' in text  # the anchor's two parts
    assert "ANCHOR" not in text.split("use std::io;")[0]  # the anchored part leaves its markers out
    assert "Second: two; to 3: one two three; from 4: four." in text  # prose: its lines join
    assert "use std::io;\n// ANCHOR: here" in text  # the playground: the whole file, as code
    assert "Partial with gryphonbeak." in text
    assert "Shown as written: {{#include listings/lines.txt}}" in text
    assert "let shown = 1;\n#[derive(Debug)]" in text and "hidden" not in text  # rustdoc's hidden lines
    assert any("nested more than" in w for w in warnings_of(report, "ch01.md"))  # the self-include stops


RULES_CHAPTER = """# Application binary interface

r[abi.intro]
This section documents features that affect the zebracorn ABI.

```text
r[kept.in.code]
```

r[not a rule
"""


def test_the_rust_references_rule_lines_show_as_their_pages_show_them(tmp_path: Path) -> None:
    """The Rust Reference's mdbook-spec preprocessor makes each `r[rule.id]` line a margin link `[rule.id]`; on
    any other site such a line is text as written."""
    book, plain, index_dir = tmp_path / "book", tmp_path / "plain", tmp_path / "index"
    write(book, "book.toml", '[book]\ntitle = "The Reference"\n\n[preprocessor.spec]\ncommand = "mdbook-spec"\n')
    write(book, "src/SUMMARY.md", "- [ABI](abi.md)\n")
    write(book, "src/abi.md", RULES_CHAPTER)
    index(book, index_dir, embeddings=False)
    text = text_of(index_dir, "src/abi.md")
    assert text.startswith("Application binary interface\n\n[abi.intro] This section documents")
    assert "r[abi.intro]" not in text and "\\[" not in text
    assert "r[kept.in.code]" in text and "r[not a rule" in text
    write(plain, "abi.md", RULES_CHAPTER)
    index(plain, tmp_path / "plain-index", embeddings=False)
    assert "r[abi.intro]" in text_of(tmp_path / "plain-index", "abi.md")


def test_a_file_outside_the_folder_named_again_is_counted_once(docs: Path, tmp_path: Path) -> None:
    """Two anchors of one example outside and another file: two files refused, not three."""
    (tmp_path / "example.rs").write_text("// ANCHOR: a\nfn a() {}\n// ANCHOR_END: a\n// ANCHOR: b\nfn b() {}\n")
    (tmp_path / "other.rs").write_text("fn c() {}\n")
    write(docs, "page.md", "# Page\n\nText.\n\n{{#include ../example.rs:a}}\n\n{{#include ../example.rs:b}}\n\n"
          "{{#include ../other.rs}}\n")  # fmt: skip
    warned = warnings_of(index(docs, tmp_path / "index"), "page.md")
    assert "../example.rs and 1 more are outside the documents folder: not included" in " ".join(warned), warned


def test_an_include_from_outside_the_folder_is_refused_with_a_warning(docs: Path, tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("unicornfish password\n")
    os.symlink(secret, docs / "link.txt")
    write(
        docs,
        "page.md",
        "# Page\n\nText.\n\n{{#include ../secret.txt}}\n\n{{#include /etc/hostname}}\n\n{{#include link.txt}}\n\n"
        "{{#include missing.rs}}\n",
    )
    report = index(docs, tmp_path / "index")
    assert "unicornfish" not in (snapshot(tmp_path / "index").text("page.md") or "")
    warned = warnings_of(report, "page.md")
    # ../secret.txt and the link, in one warning: FastAPI's pages name dozens of files outside, one line each
    assert "../secret.txt and 1 more are outside the documents folder: not included" in " ".join(warned), warned
    assert sum("outside the documents folder" in w for w in warned) == 1, warned
    assert any("/etc/hostname does not exist" in w for w in warned), warned  # "/": from the documents folder
    assert any("missing.rs does not exist" in w for w in warned), warned


def test_a_page_whose_only_text_is_an_include_it_cannot_read_says_why(docs: Path, tmp_path: Path) -> None:
    """Sphinx's authors.rst is `.. include:: ../AUTHORS.rst` alone: skipped as no text, and the reason says why."""
    (tmp_path / "AUTHORS.rst").write_text("Authors\n=======\n\nAda.\n")
    write(docs, "authors.rst", ":tocdepth: 2\n\n.. include:: ../AUTHORS.rst\n")
    reason = skipped(index(docs, tmp_path / "index"))["authors.rst"]
    assert reason.startswith("no text (../AUTHORS.rst is outside the documents folder"), reason


def test_a_page_is_read_again_when_what_it_includes_changes(docs: Path, index_dir: Path) -> None:
    write(docs, "part.rs", "first zebracorn\n")  # no loader reads .rs: only the page holds it
    write(docs, "page.md", "# Page\n\n{{#include part.rs}}\n\n{{#include later.rs}}\n")
    write(docs, "other.md", "# Other\n\nNo includes.\n")
    index(docs, index_dir)
    assert index(docs, index_dir).unchanged == 2
    write(docs, "part.rs", "second unicornfish, longer\n")
    report = index(docs, index_dir)
    assert (report.updated, report.unchanged) == (1, 1)
    assert "second unicornfish" in (snapshot(index_dir).text("page.md") or "")
    write(docs, "later.rs", "now there gryphonbeak\n")  # named but missing before
    assert index(docs, index_dir).updated == 1
    assert "now there gryphonbeak" in (snapshot(index_dir).text("page.md") or "")
    (docs / "part.rs").unlink()
    assert index(docs, index_dir).updated == 1
    assert "unicornfish" not in (snapshot(index_dir).text("page.md") or "")


@pytest.mark.parametrize(
    ("page_access", "indexed"),
    [("", False), ("---\naccess: [staff]\n---\n", False), ("---\naccess: [finance]\n---\n", True)],
)
def test_a_page_that_includes_what_its_callers_may_not_see_is_not_indexed(
    docs: Path, index_dir: Path, page_access: str, indexed: bool
) -> None:
    write(docs, ".docsearchaccess", "finance/** finance\n")
    write(docs, "finance/figures.txt", "quarterly walrus figures\n")
    write(docs, "page.md", page_access + "# Page\n\nSee:\n\n{{#include finance/figures.txt}}\n")
    report = index(docs, index_dir)
    assert ("page.md" in all_ids(index_dir)) is indexed
    if not indexed:
        assert "includes finance/figures.txt, which the access file shows only to finance" in skipped(report)["page.md"]


def test_sphinx_include_and_literalinclude_in_rst_and_myst(docs: Path, index_dir: Path) -> None:
    write(docs, "examples/hello.py", PYTHON)
    write(docs, "snippet.rst", "Included paragraph about gryphonbeak.\n")
    write(docs, "snippet.md", "Included *MyST* about xylophonist.\n")
    write(
        docs,
        "page.rst",
        "Page\n====\n\nPaste this:\n\n.. literalinclude:: examples/hello.py\n   :pyobject: hello\n"
        "   :caption: examples/hello.py\n\n.. include:: snippet.rst\n\n"
        ".. literalinclude:: /examples/hello.py\n   :start-after: class Greeter:\n   :end-before: return\n\n"
        "The directive itself::\n\n   .. include:: examples/hello.py\n",
    )
    write(
        docs,
        "myst.md",
        "# MyST\n\n```{literalinclude} examples/hello.py\n:lines: 1, 12-\n:language: python\n```\n\n"
        "```{include} snippet.md\n```\n\n````md\n```{include} snippet.rst\n```\n````\n",
    )
    index(docs, index_dir)
    rst = snapshot(index_dir).text("page.rst") or ""
    assert 'examples/hello.py\n\n@decorated\ndef hello(x):\n    """the walrus greets"""\n    return x' in rst
    assert "Included paragraph about gryphonbeak." in rst
    assert "def greet(self):" in rst and "periwinkle" not in rst  # up to the line before `return`
    assert ".. include:: examples/hello.py" in rst  # in a literal block: shown, not run
    myst = snapshot(index_dir).text("myst.md") or ""
    assert 'import sys\n        return "periwinkle"' in myst
    assert "Included MyST about xylophonist." in myst
    assert "```{include} snippet.rst" in myst and "gryphonbeak" not in myst


def test_an_mdx_partial_is_put_in_place_of_its_tag(docs: Path, index_dir: Path) -> None:
    """Docusaurus pages import partials (`import Section from './_section.mdx'`) and show them with `<Section />`."""
    write(
        docs,
        "api/_tags.mdx",
        "---\ntitle: Partial\n---\n\n## Tags File\n\nThe zebracorn tags file.\n\n<Note>Inner.</Note>\n",
    )
    write(
        docs,
        "api/plugin.mdx",
        "---\ntitle: Plugin\n---\nimport TagsSection from './_tags.mdx';\nimport Tabs from '@theme/Tabs';\n\n"
        "# Plugin docs\n\nIntro.\n\n<TagsSection />\n",
    )
    index(docs, index_dir)
    assert (
        snapshot(index_dir).text("api/plugin.mdx")
        == "Plugin docs\n\nIntro.\n\nTags File\n\nThe zebracorn tags file.\n\nInner."
    )
    write(docs, "api/_tags.mdx", "## Tags File\n\nThe unicornfish tags file.\n")
    index(docs, index_dir)
    assert "unicornfish" in (snapshot(index_dir).text("api/plugin.mdx") or "")


def test_an_mdx_partial_imported_with_an_escaped_name_is_found(docs: Path, index_dir: Path) -> None:
    """React Native's docs import `'./\\_fabric-warning.mdx'` (the backslash a JavaScript string drops): 166
    warnings that the partial does not exist, and its text missing."""
    write(docs, "_fabric-warning.mdx", "Fabric walrusberry warning.\n")
    write(docs, "page.mdx", "import FabricWarning from './\\_fabric-warning.mdx';\n\n# Page\n\n<FabricWarning />\n")
    report = index(docs, index_dir)
    assert "Fabric walrusberry warning." in (snapshot(index_dir).text("page.mdx") or "")
    assert not warnings_of(report, "page.mdx")


def test_an_mdx_partial_imported_below_a_comment_line_is_put_in_place(docs: Path, index_dir: Path) -> None:
    """Redux's tutorials write `<!-- prettier-ignore -->` on the line above the import of a partial (a .md page,
    which Docusaurus reads as MDX): the import showed as text and the partial's warning was missing."""
    write(docs, "components/_Warning.mdx", ":::caution\n\nOlder walrusberry patterns.\n\n:::\n")
    write(
        docs,
        "tutorials/part-6.md",
        '---\ntitle: Part 6\n---\n\n<!-- prettier-ignore -->\nimport Warning from "../components/_Warning.mdx";\n\n'
        "## Introduction\n\nIntro.\n\n<Warning />\n",
    )
    report = index(docs, index_dir)
    assert snapshot(index_dir).text("tutorials/part-6.md") == (
        "Introduction\n\nIntro.\n\nCaution\n\nOlder walrusberry patterns."
    )
    assert not warnings_of(report, "tutorials/part-6.md")


def test_an_import_over_several_lines_is_no_text_and_the_imports_after_it_still_count(
    docs: Path, index_dir: Path
) -> None:
    """Docusaurus's community pages import `{\n  ActiveTeamRow,\n  ...\n} from '...'`: the statement was text,
    and swallowed the partial's import after it, whose text was then missing. Also: a default import beside named
    ones (`import Contributing, {toc} from`), and a prop that the partial shows (`{props.name}`)."""
    write(docs, "docusaurus.config.js", "module.exports = {};\n")
    write(docs, "docs/_team.mdx", "Our quokkaberry team, led by {props.lead}.\n")
    write(docs, "docs/_rules.md", "# Rules\n\nThe narwhalfruit rules.\n")
    write(
        docs,
        "docs/community.mdx",
        "# Community\n\nimport {\n  ActiveTeamRow,\n  HonoraryAlumniTeamRow,\n} from '@site/src/components/Team';\n"
        "import Team from './_team.mdx';\nimport Rules, {toc as RulesTOC} from './_rules.md';\n\n"
        '<Team lead="Sebastien" />\n\n<Rules />\n\n<ActiveTeamRow />\n',
    )
    report = index(docs, index_dir)
    text = snapshot(index_dir).text("docs/community.mdx") or ""
    assert text == "Community\n\nOur quokkaberry team, led by Sebastien.\n\nRules\n\nThe narwhalfruit rules."
    assert not warnings_of(report, "docs/community.mdx")


def test_astro_partials_imported_through_an_alias_or_as_content_are_put_in_place(tmp_path: Path) -> None:
    """Tauri's pages import `Cta from '@fragments/cta.mdx'` (an alias of tsconfig.json's paths) and `{ Content as
    FrontendListen } from './_sections/frontend-listen.mdx'`: the commands and sections they hold were missing."""
    write(tmp_path, "astro.config.mjs", "export default defineConfig({ integrations: [starlight({ title: 'x' })] });\n")
    write(
        tmp_path,
        "tsconfig.json",
        '{\n  // Astro\n  "compilerOptions": {\n    "baseUrl": ".",\n'
        '    "paths": {"@fragments/*": ["src/content/docs/_fragments/*"],},\n  },\n}\n',
    )
    write(tmp_path, "src/content/docs/_fragments/cta.mdx", "Run the zebracorn command.\n")
    write(tmp_path, "src/content/docs/guides/_sections/listen.mdx", "Listen to narwhalfruit events.\n")
    write(
        tmp_path,
        "src/content/docs/guides/start.mdx",
        "---\ntitle: Start\n---\nimport Cta from '@fragments/cta.mdx';\n"
        "import { Content as Listen } from './_sections/listen.mdx';\n\nFirst:\n\n<Cta />\n\nThen:\n\n<Listen />\n",
    )
    report = index(tmp_path, tmp_path / "index")
    assert snapshot(tmp_path / "index").text("src/content/docs/guides/start.mdx") == (
        "First:\n\nRun the zebracorn command.\n\nThen:\n\nListen to narwhalfruit events."
    )
    assert not warnings_of(report, "src/content/docs/guides/start.mdx")


def test_a_tsconfig_that_ends_in_comments_never_closed_is_read_at_once(tmp_path: Path) -> None:
    """A tsconfig.json that ends in 70,000 `/* ` and no `*/` (210 KB): each was another search to the end of the
    file for the comment's close (4.5 s for 20,000 of them, 55 s for these), and each page that imports through
    one of its aliases timed out."""
    write(tmp_path, "astro.config.mjs", "export default defineConfig({ integrations: [starlight({ title: 'x' })] });\n")
    paths = '{"compilerOptions": {"baseUrl": ".", "paths": {"@fragments/*": ["src/fragments/*"]}}}\n'
    write(tmp_path, "tsconfig.json", paths + "/* " * 70_000)
    write(tmp_path, "src/fragments/cta.mdx", "Run the zebracorn command.\n")
    write(
        tmp_path,
        "src/content/docs/start.mdx",
        "---\ntitle: Start\n---\nimport Cta from '@fragments/cta.mdx';\n\n<Cta />\n",
    )
    report = index(tmp_path, tmp_path / "index", parse_timeout=10)
    assert "src/content/docs/start.mdx" not in skipped(report)
    assert snapshot(tmp_path / "index").text("src/content/docs/start.mdx") == "Run the zebracorn command."


def test_an_mdx_partial_imported_from_the_sites_folder_is_found(tmp_path: Path) -> None:
    """`@site/` names the folder of docusaurus.config.* (ClickHouse's docs import `@site/docs/_snippets/...`
    on hundreds of pages; Docusaurus's own, `@site/../CONTRIBUTING.md`): from the page's folder, the site's
    folder, or beyond it with --includes-from."""
    site = tmp_path / "repo" / "website"
    write(site, "docusaurus.config.js", "module.exports = {};\n")
    write(site, "docs/_snippets/_details.md", "Gather your quokkaberry details.\n")
    write(tmp_path / "repo", "CONTRIBUTING.md", "# Contributing\n\nFork the narwhalfruit repository.\n")
    write(
        site,
        "docs/guides/connect.mdx",
        "import Details from '@site/docs/_snippets/_details.md';\n"
        'import Contributing from "@site/../CONTRIBUTING.md"\n\n# Connect\n\n<Details />\n\n<Contributing />\n',
    )
    for docs, page in ((site, "docs/guides/connect.mdx"), (site / "docs", "guides/connect.mdx")):
        report = index(docs, tmp_path / "index", rebuild=True)
        text = snapshot(tmp_path / "index").text(page) or ""
        assert "Gather your quokkaberry details." in text
        assert "narwhalfruit" not in text
        assert any("CONTRIBUTING.md is outside" in reason for reason in warnings_of(report, page))
    index(site, tmp_path / "index", rebuild=True, includes_from=tmp_path / "repo")
    assert "Fork the narwhalfruit repository." in (snapshot(tmp_path / "index").text("docs/guides/connect.mdx") or "")


def test_a_mintlify_site_puts_its_snippets_in_place_and_makes_no_pages_of_them(tmp_path: Path) -> None:
    """Mintlify's docs import `/snippets/x.mdx` (from the site's folder) on 27 pages, whose text lacked them; its
    44 snippets, its README and CONTRIBUTING and what .mintignore names had been pages at URLs that 404."""
    site = tmp_path / "docs"
    write(site, "docs.json", '{"$schema": "https://mintlify.com/docs.json", "theme": "mint", "navigation": {}}\n')
    write(site, ".mintignore", "# tooling\nagent-context/\n")
    write(site, "snippets/propagating.mdx", "DNS quokkaberry propagation can take up to 48 hours.\n")
    write(
        site,
        "deploy/cloudflare.mdx",
        '---\ntitle: Cloudflare\n---\nimport Propagating from "/snippets/propagating.mdx";\n\n'
        "Steps.\n\n<Propagating />\n",
    )
    for path in ("README.md", "CONTRIBUTING.md", "agent-context/skill.md"):
        write(site, path, "# Not a page\n\nWords.\n")
    report = index(site, tmp_path / "index", base_url="https://www.mintlify.com/docs/", drop_extensions=True)
    assert all_ids(tmp_path / "index") == ["deploy/cloudflare.mdx"]
    assert snapshot(tmp_path / "index").text("deploy/cloudflare.mdx") == (
        "Steps.\n\nDNS quokkaberry propagation can take up to 48 hours."
    )
    reasons = skipped(report)
    assert "snippets/ folder" in reasons["snippets/propagating.mdx"]
    assert "Mintlify leaves out" in reasons["README.md"] and "Mintlify leaves out" in reasons["CONTRIBUTING.md"]
    assert reasons["agent-context/skill.md"] == "excluded by the site's .mintignore: no page of the site"


def test_a_docs_json_that_is_no_mintlify_config_changes_nothing(tmp_path: Path) -> None:
    write(tmp_path / "docs", "docs.json", '{"pages": ["intro"]}\n')
    write(tmp_path / "docs", "README.md", "# Readme\n\nWords.\n")
    write(tmp_path / "docs", "snippets/a.md", "# A\n\nWords.\n")
    index(tmp_path / "docs", tmp_path / "index")
    assert all_ids(tmp_path / "index") == ["README.md", "snippets/a.md"]


def test_on_a_docusaurus_site_partials_are_no_pages_of_their_own(docs: Path, tmp_path: Path) -> None:
    """Docusaurus makes no page of a file or folder whose name starts with `_`: its text is where it is imported."""
    (tmp_path / "docusaurus.config.js").write_text("module.exports = {};\n")
    write(docs, "api/_tags.mdx", "## Tags File\n\nThe zebracorn tags file.\n")
    write(docs, "_snippets/shared.md", "Shared unicornfish text.\n")
    write(docs, "api/plugin.mdx", "import TagsSection from './_tags.mdx';\n\n# Plugin\n\nIntro.\n\n<TagsSection />\n")
    report = index(docs, tmp_path / "index")
    assert all_ids(tmp_path / "index") == ["api/plugin.mdx"]
    assert set(skipped(report)) == {"api/_tags.mdx", "_snippets/shared.md"}
    assert "Docusaurus partial" in skipped(report)["api/_tags.mdx"]
    assert "zebracorn tags file" in (snapshot(tmp_path / "index").text("api/plugin.mdx") or "")


MKDOCS_YML = """site_name: Walrus
markdown_extensions:
  - admonition
  - pymdownx.emoji:
      emoji_index: !!python/name:material.extensions.emoji.twemoji
  - pymdownx.snippets{options}
"""


def test_mkdocs_snippets_are_put_in_place_as_pymdownx_puts_them(tmp_path: Path) -> None:
    """Material for MkDocs sites include files with `--8<--` (pymdownx.snippets): paths from the folder holding
    mkdocs.yml, indented as the marker, whole, by lines or by section; an escaped marker is shown as written."""
    site, docs = tmp_path / "site", tmp_path / "site" / "docs"
    write(site, "mkdocs.yml", MKDOCS_YML.format(options=""))  # its !!python tag is read as nothing
    write(docs, "snippets/note.md", "Shared zebracorn note.\n")
    write(docs, "snippets/nested.md", 'Nested start.\n--8<-- "docs/snippets/note.md"\n')
    app = "import sys\n# --8<-- [start:main]\ndef main():\n    return 'periwinkle'\n# --8<-- [end:main]\n"
    write(docs, "src/app.py", app)
    write(docs, "src/lines.txt", "one\ntwo\nthree\nfour\n")
    write(
        docs,
        "page.md",
        '# Page\n\n!!! note\n\n    --8<-- "docs/snippets/note.md"\n\n'
        '```python\n--8<-- "docs/src/app.py:main"\n```\n\n'
        "Lines: --8<-- 'inline is no marker'\n\n"
        "```text\n-8<- 'docs/src/lines.txt:2:3'\n```\n\n"
        "```text\n---8<---\ndocs/src/lines.txt::1\n;docs/src/lines.txt\n\ndocs/snippets/nested.md\n---8<---\n```\n\n"
        'Shown: ;--8<-- "docs/snippets/note.md"\n\n;--8<-- "docs/snippets/note.md"\n',
    )
    report = index(docs, tmp_path / "index")
    text = snapshot(tmp_path / "index").text("page.md") or ""
    assert "Note\n\nShared zebracorn note." in text  # in the admonition
    assert "def main():\n    return 'periwinkle'" in text and "import sys" not in text  # the section alone
    assert "8<" not in text.split("Lines")[0]
    assert "Lines: --8<-- 'inline is no marker'" in text  # a marker stands on a line of its own
    # lines 2 to 3; then the block: line 1, a commented path, a blank line, a snippet with its own snippet
    assert "marker'\n\ntwo\nthree\n\none\n\nNested start.\nShared zebracorn note.\n\n" in text
    assert text.endswith('Shown: ;--8<-- "docs/snippets/note.md"\n\n--8<-- "docs/snippets/note.md"')  # escaped
    assert not warnings_of(report, "page.md")


def test_vitepress_includes_are_put_in_place_as_vitepress_puts_them(tmp_path: Path) -> None:
    """Vitest's CLI reference is `<!--@include: ./cli-generated.md-->`, a file its config keeps from being a page:
    the whole reference was left out of guide/cli.md, an HTML comment. VitePress puts the file in place, whole
    (its front matter left out), by lines, by region or by the section under a heading, from `@/` the source
    folder, in code blocks too."""
    site = tmp_path / "site"
    write(site, ".vitepress/config.ts", "export default { srcExclude: ['parts/**'] }\n")
    write(site, "parts/options.md", "---\ntitle: Options\n---\n### shard\n\nRun a zebracorn shard.\n")
    write(
        site,
        "parts/sections.md",
        "## Basics {#start}\n\nGryphonbeak basics.\n\n### Detail\n\nMore basics.\n\n## Other\n\nNot wanted.\n",
    )
    write(site, "parts/nested.md", "Nested then <!-- @include: ./options.md{6,} -->\n")
    code = "import x\n// #region main\nconst periwinkle = 1\n// #endregion main\nconst other = 2\n"
    write(site, "snippets/app.ts", code)
    write(
        site,
        "guide/cli.md",
        "# CLI\n\n<!--@include: ../parts/options.md-->\n\n<!--@include: @/parts/sections.md#start-->\n\n"
        "```ts\n<!--@include: @/snippets/app.ts#main-->\n```\n\n```ts\n<!--@include: @/snippets/app.ts{5,}-->\n```\n\n"
        "<!--@include: ../parts/nested.md-->\n\n<!--@include: ../parts/missing.md-->\n",
    )
    report = index(site, tmp_path / "index")
    assert all_ids(tmp_path / "index") == ["guide/cli.md"]
    text = snapshot(tmp_path / "index").text("guide/cli.md") or ""
    assert "shard\n\nRun a zebracorn shard." in text and "title: Options" not in text
    assert "Gryphonbeak basics.\n\nDetail\n\nMore basics." in text and "Not wanted" not in text
    assert "const periwinkle = 1\n\nconst other = 2" in text and "import x" not in text
    assert "Nested then Run a zebracorn shard." in text
    assert "include" not in text
    assert warnings_of(report, "guide/cli.md") == ["included file ../parts/missing.md does not exist"]


def test_vitepress_includes_from_the_source_folder_that_config_index_names(tmp_path: Path) -> None:
    """A site whose config is `.vitepress/config/index.ts`, where VitePress looks first, with its srcDir in a
    module it imports: `@/` named the site's folder (only `config.ts` was read), and the include was missing."""
    site = tmp_path / "site"
    write(site, ".vitepress/config/index.ts", "import { shared } from './shared'\nexport default { ...shared }\n")
    write(site, ".vitepress/config/shared.ts", "export const shared = { srcDir: './src' }\n")
    write(site, "src/parts/basics.md", "Zebracorn basics.\n")
    write(site, "src/guide.md", "# Guide\n\n<!--@include: @/parts/basics.md-->\n")
    report = index(site, tmp_path / "index")
    assert "Zebracorn basics." in (snapshot(tmp_path / "index").text("src/guide.md") or "")
    assert not warnings_of(report, "src/guide.md")


def test_mkdocs_snippets_read_the_base_paths_of_mkdocs_yml_and_say_what_they_cannot_read(tmp_path: Path) -> None:
    site, docs = tmp_path / "site", tmp_path / "site" / "docs"
    write(site, "mkdocs.yml", MKDOCS_YML.format(options=":\n      base_path: [docs/includes, docs]"))
    write(site, "README.md", "outside gryphonbeak\n")
    write(docs, "includes/abbr.md", "From the first base: unicornfish.\n")
    write(docs, "second.md", "From the second base: narwhalion.\n")
    write(
        docs,
        "page.md",
        '# Page\n\nText.\n\n--8<-- "abbr.md"\n\n--8<-- "second.md"\n\n--8<-- "later.md"\n\n'
        '--8<-- "../README.md"\n\n--8<-- "https://example.com/x.md"\n\n--8<-- "second.md:absent"\n',
    )
    report = index(docs, tmp_path / "index")
    text = snapshot(tmp_path / "index").text("page.md") or ""
    assert "From the first base: unicornfish." in text and "From the second base: narwhalion." in text
    assert "gryphonbeak" not in text
    warned = warnings_of(report, "page.md")
    assert any("later.md does not exist" in w for w in warned), warned
    assert any("outside the documents folder" in w for w in warned), warned
    assert any("is a URL: not downloaded" in w for w in warned), warned
    assert any("section absent is not in its file" in w for w in warned), warned
    write(docs, "includes/later.md", "Written later: walrusberry.\n")  # in the first base
    assert index(docs, tmp_path / "index").updated == 1
    assert "Written later: walrusberry." in (snapshot(tmp_path / "index").text("page.md") or "")


def test_mkdocs_snippets_auto_append_puts_its_files_after_every_page(tmp_path: Path) -> None:
    """Hatch appends its link definitions and abbreviations to every page (pymdownx.snippets' auto_append): its
    `[the standard][project metadata standard]` links read with their brackets, their labels undefined."""
    site, docs = tmp_path / "site", tmp_path / "site" / "docs"
    options = ":\n      base_path: [docs/.snippets]\n      auto_append: [links.txt, abbrs.txt]"
    write(site, "mkdocs.yml", MKDOCS_YML.format(options=options))
    write(docs, ".snippets/links.txt", "[project metadata standard]: https://example.org/zebracorn-spec\n")
    write(docs, ".snippets/abbrs.txt", "*[PEP]: Python Enhancement Proposal\n")
    write(docs, "faq.md", "# FAQ\n\nFollow [the walrus standard][project metadata standard] and PEP 621.\n")
    index(docs, tmp_path / "index")
    text = snapshot(tmp_path / "index").text("faq.md") or ""
    assert text == "FAQ\n\nFollow the walrus standard and PEP 621."
    write(docs, ".snippets/links.txt", "")  # the link's definition goes: the page is read again
    assert index(docs, tmp_path / "index").updated == 1
    assert "[the walrus standard][project metadata standard]" in (snapshot(tmp_path / "index").text("faq.md") or "")


def test_a_page_without_text_is_not_said_to_lack_the_file_every_page_appends(tmp_path: Path) -> None:
    """Material's docs append includes/mkdocs.md (link definitions) to every page, outside docs/: its blog index, a
    title alone, read "no text (includes/mkdocs.md is outside the documents folder ...)", which --includes-from
    would not have mended. A file the page includes itself is still said to be why."""
    site, docs = tmp_path / "site", tmp_path / "site" / "docs"
    write(site, "mkdocs.yml", MKDOCS_YML.format(options=":\n      auto_append: [includes/links.md]"))
    write(site, "includes/links.md", "  [walrus]: https://example.org/walrus\n")
    write(site, "includes/body.md", "The walrus body.\n")
    write(docs, "blog/index.md", "# Blog\n")
    write(docs, "body.md", '--8<-- "includes/body.md"\n')
    write(docs, "page.md", "# Page\n\nThe [walrus] text.\n")
    report = index(docs, tmp_path / "index")
    reasons = skipped(report)
    assert reasons["blog/index.md"] == "no text"
    assert reasons["body.md"].startswith("no text (includes/body.md"), reasons
    assert reasons["body.md"].endswith("(give --includes-from a folder that holds both))"), reasons
    assert any("includes/links.md is outside" in w for w in warnings_of(report, "page.md"))


MDX_INCLUDE_YML = """site_name: Walrus
INHERIT: ../en/mkdocs.yml
"""
VARIANTS_YML = """site_name: Walrus
markdown_extensions:
  abbr: null
  pymdownx.superfences:
    custom_fences:
    - format: !!python/name:pymdownx.superfences.fence_code_format ''
  mdx_include: null
  markdown_include_variants: null
"""


def test_mkdocs_include_extensions_put_the_examples_in_place(tmp_path: Path) -> None:
    """FastAPI's pages show their examples with `{* ../../docs_src/x.py hl[3] *}` (markdown_include_variants) and
    `{! ../../docs_src/x.html !}` (mdx_include): 440 examples on 90 of its 154 pages were left as those markers,
    the code missing. Paths start at the folder of mkdocs.yml (its extensions a mapping, as FastAPI writes them;
    a translation's mkdocs.yml inherits them), the example's tab says its Python version, lines come as `ln`
    names them, and nothing is read where mkdocs.yml turns no such extension on."""
    repo = tmp_path / "repo"
    write(repo, "docs/en/mkdocs.yml", VARIANTS_YML)
    write(repo, "docs/fr/mkdocs.yml", MDX_INCLUDE_YML)
    app = "from fastapi import FastAPI\n\napp = FastAPI()\n\n\n@app.get('/zebracorn')\ndef read():\n    return 1\n"
    write(repo, "docs_src/first/tutorial001_an_py310.py", app.replace("zebracorn", "annotated"))
    write(repo, "docs_src/first/tutorial001_py310.py", app)
    write(repo, "docs_src/templates/item.html", "<h1>Item {{ id }} gryphonbeak</h1>\n<p>two</p>\n<p>three</p>\n")
    write(
        repo,
        "docs/en/docs/tutorial/first.md",
        "# First\n\n{* ../../docs_src/first/tutorial001_an_py310.py hl[6] *}\n\n"
        "Then:\n\n{* ../../docs_src/first/tutorial001_py310.py ln[6:8] hl[7] *}\n\n"
        "```jinja\n{!../../docs_src/templates/item.html!}\n```\n\n"
        "- A list item:\n\n    ```html\n    {!> ../../docs_src/templates/item.html [ln:2-3]!}\n    ```\n\n"
        "Shown as written: \\{! x.md !}\n",
    )
    write(repo, "docs/fr/docs/index.md", "# Accueil\n\n```jinja\n{!../../docs_src/templates/item.html!}\n```\n")
    write(repo, "other/page.md", "# Other\n\n{* ../docs_src/first/tutorial001_py310.py *}\n")  # no mkdocs.yml
    report = index(repo / "docs", tmp_path / "index", includes_from=repo)
    assert not [w for w in report.warnings if w.id != "other/page.md"]
    text = snapshot(tmp_path / "index").text("en/docs/tutorial/first.md") or ""
    assert "Python 3.10+\n\nfrom fastapi import FastAPI" in text and "@app.get('/annotated')" in text
    # only lines 6 to 8, with the extension's markers, under the tab of the variant beside an annotated one
    assert "Python 3.10+ - non-Annotated\n\n# Code above omitted 👆\n\n@app.get('/zebracorn')" in text
    assert "{*" not in text and "{!" not in text.split("Shown")[0]
    assert "Item {{ id }} gryphonbeak" in text
    assert "A list item:\n<p>two</p>\n<p>three</p>\n\n" in text  # lines 2 to 3, indented into the list item
    assert text.endswith("Shown as written: {! x.md !}")
    assert "Item {{ id }} gryphonbeak" in (snapshot(tmp_path / "index").text("fr/docs/index.md") or "")
    index(repo, tmp_path / "plain")  # no mkdocs.yml above other/: the marker is prose
    assert "{* ../docs_src/first/tutorial001_py310.py *}" in (snapshot(tmp_path / "plain").text("other/page.md") or "")


def test_without_a_mkdocs_yml_snippet_paths_start_at_the_documents_folder(docs: Path, index_dir: Path) -> None:
    write(docs, "parts/shared.md", "Shared periwinkle text.\n")
    write(docs, "guides/page.md", '# Page\n\n--8<-- "parts/shared.md"\n')
    index(docs, index_dir)
    assert "Shared periwinkle text." in (snapshot(index_dir).text("guides/page.md") or "")


def test_a_page_that_includes_itself_over_and_over_stops_with_a_warning(docs: Path, index_dir: Path) -> None:
    """Three includes of itself, ten deep, would be 59,049 reads: the page's includes are counted."""
    write(docs, "loop.md", "# Loop\n\nzebracorn\n\n" + '--8<-- "loop.md"\n' * 3)
    report = index(docs, index_dir)
    assert any("more than 2,000 includes" in w for w in warnings_of(report, "loop.md"))
    assert (snapshot(index_dir).text("loop.md") or "").count("zebracorn") == 2_001  # the page and its 2,000 reads


def test_a_page_skipped_for_want_of_an_include_is_indexed_once_the_file_appears(docs: Path, index_dir: Path) -> None:
    """A page whose only text is an include (Sphinx's `authors.rst`, an mdBook chapter that is one listing) has no
    text while the file is missing, and is skipped; the run after the file appears must index it, though the page
    itself did not change."""
    write(docs, "chapter.md", "{{#include listing.rs}}\n")  # no loader reads .rs: only the page holds it
    write(docs, "other.md", "# Other\n\nWords.\n")
    first = index(docs, index_dir)
    assert skipped(first) == {"chapter.md": "no text (included file listing.rs does not exist)"}
    assert index(docs, index_dir).generation is None  # nothing changed: nothing read
    write(docs, "listing.rs", "fn zebracorn() {}\n")
    report = index(docs, index_dir)
    assert (report.added, report.skipped) == (1, ())
    assert found(index_dir, "zebracorn") == ["chapter.md"]


def test_a_page_refused_for_what_it_includes_is_read_again_when_that_file_changes(docs: Path, index_dir: Path) -> None:
    """The access check refuses a page that pulls in a file shown to fewer groups; once that file is gone (moved
    out of the documents), the page holds nothing of it and is indexed."""
    write(docs, ".docsearchaccess", "finance/** finance\n")
    write(docs, "finance/figures.txt", "quarterly walrus figures\n")
    write(docs, "page.md", "# Page\n\nThe zebracorn figures:\n\n{{#include finance/figures.txt}}\n")
    assert "includes finance/figures.txt" in skipped(index(docs, index_dir))["page.md"]
    assert index(docs, index_dir).generation is None
    (docs / "finance/figures.txt").unlink()
    report = index(docs, index_dir)
    assert (report.added, report.skipped) == (1, ())
    assert found(index_dir, "zebracorn") == ["page.md"]
    assert "walrus" not in (snapshot(index_dir).text("page.md") or "")


def _break(path: Path, how: str) -> None:
    if how == "a folder":
        path.mkdir()
    elif how == "a FIFO":
        os.mkfifo(path)
    elif how == "too large":
        path.write_text("x" * 1_100_000)  # the run's --max-file-size is 1 MB
    else:
        path.write_text("fn hidden() {}\n")
        path.chmod(0)


@pytest.mark.parametrize("how", ["a folder", "a FIFO", "too large", pytest.param("unreadable", marks=needs_non_root)])
def test_an_include_that_cannot_be_read_is_read_again_once_mended(docs: Path, index_dir: Path, how: str) -> None:
    """An include that is there but cannot be read (a folder, a FIFO, over the size limit, no permission) leaves a
    warning; once the file is mended the page must be read again, as when a missing include appears."""
    write(docs, "page.md", "# Page\n\nIntro words.\n\n{{#include part.rs}}\n")
    part = docs / "part.rs"
    _break(part, how)
    first = index(docs, index_dir, max_file_size=1)
    assert any(w.startswith("included file part.rs cannot be read") for w in warnings_of(first, "page.md")), first
    assert index(docs, index_dir, max_file_size=1).generation is None  # still as it was: not read again
    if part.is_dir():
        part.rmdir()
    elif how == "unreadable":
        part.chmod(0o644)  # a permission mended leaves size and modification time as they were
    else:
        part.unlink()
    if how != "unreadable":
        write(docs, "part.rs", "fn zebracorn() {}\n")
    report = index(docs, index_dir, max_file_size=1)
    assert report.updated == 1
    assert found(index_dir, "zebracorn" if how != "unreadable" else "hidden") == ["page.md"]


def test_a_page_is_read_again_when_the_access_file_narrows_what_it_includes(docs: Path, index_dir: Path) -> None:
    """An access file that comes to show an included file to fewer groups must take that file's text out of the
    pages that include it for everyone: the page is read again, and refused, though its own groups are the same."""
    write(docs, ".docsearchaccess", "drafts/** staff\n")
    write(docs, "shared/figures.txt", "quarterly walrus figures\n")
    write(docs, "page.md", "# Page\n\nSee:\n\n{{#include shared/figures.txt}}\n")
    index(docs, index_dir)
    assert "walrus" in (snapshot(index_dir).text("page.md") or "")
    write(docs, ".docsearchaccess", "drafts/** staff\nshared/** finance\n")
    report = index(docs, index_dir)
    assert "includes shared/figures.txt, which the access file shows only to finance" in skipped(report)["page.md"]
    assert found(index_dir, "walrus") == ["shared/figures.txt"]


def test_includes_from_a_folder_above_the_documents(tmp_path: Path) -> None:
    """Flask's, click's and attrs's docs pull their changelog in from the repository's root (`.. include::
    ../CHANGES.rst`): indexing docs/ lost it, and indexing the root brought in tests and templates. With
    --includes-from the root, docs/ keeps its pages and the changelog is in them; the option's coming and going
    reads the pages again."""
    repo, docs, index_dir = tmp_path / "repo", tmp_path / "repo" / "docs", tmp_path / "index"
    write(repo, "CHANGES.rst", "Version 3.1\n-----------\n\n-   Fixed the zebracorn leak.\n")
    write(repo, "tests/templates/login.html", "<title>{% block title %}Log In{% endblock %}</title>\n")
    write(docs, "changes.rst", "Changes\n=======\n\n.. include:: ../CHANGES.rst\n")
    write(docs, "index.rst", "Home\n====\n\nWelcome.\n")
    report = index(docs, index_dir)
    assert "give --includes-from a folder that holds both" in skipped(report)["changes.rst"]
    report = index(docs, index_dir, includes_from=repo)
    assert report.added == 1 and found(index_dir, "zebracorn") == ["changes.rst"]
    assert all_ids(index_dir) == ["changes.rst", "index.rst"]  # the root's other files are no documents
    assert index(docs, index_dir, includes_from=repo).generation is None  # nothing changed
    write(repo, "CHANGES.rst", "Version 3.2\n-----------\n\n-   Fixed the unicornfish leak.\n")
    assert index(docs, index_dir, includes_from=repo).updated == 1
    assert found(index_dir, "unicornfish") == ["changes.rst"]
    write(repo, "../secret.txt", "walrus password\n")
    write(docs, "leak.rst", "Leak\n====\n\nText.\n\n.. include:: ../../secret.txt\n")
    report = index(docs, index_dir, includes_from=repo)
    assert any("outside" in w and "--includes-from" in w for w in warnings_of(report, "leak.rst"))
    assert not found(index_dir, "walrus")
    report = index(docs, index_dir)  # without the option again: the changelog goes
    assert "changes.rst" in skipped(report) and not found(index_dir, "unicornfish")
    assert report.removed == 1  # a document that turns into a skip leaves the index: the summary counts it


def test_includes_from_a_folder_that_does_not_hold_the_documents_is_an_error(docs: Path, tmp_path: Path) -> None:
    write(docs, "page.md", "# Page\n\nText.\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    result = run_cli(docs, "--index", tmp_path / "index", "--includes-from", elsewhere)
    assert result.returncode != 0
    assert "does not hold the documents folder" in result.stderr and "Traceback" not in result.stderr


def test_a_sphinx_doc_reference_shows_the_title_of_the_page_it_names(docs: Path, index_dir: Path) -> None:
    """Flask's docs write `:doc:`/deploying/index`` 111 times: Sphinx shows the page's title, the text showed the
    path. A title that changes reads the page again; a page the access file hides lends no title."""
    write(docs, "conf.py", "project = 'x'\nextensions = ['myst_parser']\n")
    write(docs, "usage/quickstart.rst", "Quick Start\n===========\n\nWords.\n")
    write(docs, "api.md", "(api)=\n# API `Reference`\n\nWords.\n")
    write(docs, ".docsearchaccess", "secret/** staff\n")
    write(docs, "secret/plans.rst", "=============\nZebracorn Plans\n=============\n\nHidden.\n")
    write(
        docs,
        "usage/index.rst",
        "Usage\n=====\n\nFollow :doc:`quickstart`, then :doc:`/api`, :doc:`the guide <quickstart>` and "
        ":doc:`missing`.\n",
    )
    write(docs, "guide.md", "# Guide\n\nRead {doc}`usage/quickstart` first.\n")
    write(docs, "public.rst", "Public\n======\n\nSee :doc:`secret/plans`.\n")
    report = index(docs, index_dir)
    text = snapshot(index_dir).text("usage/index.rst") or ""
    assert "Follow Quick Start, then API Reference, the guide and missing." in text
    assert "Read Quick Start first." in (snapshot(index_dir).text("guide.md") or "")
    assert "See secret/plans." in (snapshot(index_dir).text("public.rst") or "")  # not its title
    assert "public.rst" not in skipped(report)
    write(docs, "usage/quickstart.rst", "Getting Started\n===============\n\nWords.\n")
    assert index(docs, index_dir).updated == 3  # the page, and the two that show its title
    assert "Follow Getting Started, then" in (snapshot(index_dir).text("usage/index.rst") or "")


def test_a_sphinx_ref_shows_the_title_of_the_section_its_label_stands_above(docs: Path, index_dir: Path) -> None:
    """packaging.python.org writes 484 `:ref:`label`` with no title of their own: the text showed the label
    (`See setup-py-deprecated.`), Sphinx shows the section's title, from whichever page defines the label."""
    write(docs, "conf.py", "project = 'x'\nextensions = ['myst_parser']\n")
    write(
        docs,
        "specs/metadata.rst",
        "Metadata\n========\n\n.. _core-metadata:\n.. _Metadata Fields:\n\n"
        "Core metadata *fields*\n----------------------\n\nWords.\n\n.. _no-section:\n\nA paragraph, no title.\n",
    )
    write(docs, "guides/old.md", "# Guides\n\n(setup-py-deprecated)=\n## Is `setup.py` deprecated?\n\nNo.\n")
    write(docs, ".docsearchaccess", "secret/** staff\n")
    write(docs, "secret/plans.rst", ".. _plans:\n\nZebracorn Plans\n===============\n\nHidden.\n")
    write(
        docs,
        "index.rst",
        "Home\n====\n\nSee :ref:`core-metadata`, :ref:`metadata   fields`, :ref:`setup-py-deprecated`, "
        ":ref:`the spec <core-metadata>`, :ref:`no-section` and :ref:`missing`.\n",
    )
    write(docs, "guide.md", "# Guide\n\nRead {ref}`core-metadata` first.\n")
    write(docs, "public.rst", "Public\n======\n\nSee :ref:`plans`.\n")
    index(docs, index_dir)
    text = snapshot(index_dir).text("index.rst") or ""
    assert "See Core metadata fields, Core metadata fields, Is setup.py deprecated?, the spec, no-section and " in text
    assert "Read Core metadata fields first." in (snapshot(index_dir).text("guide.md") or "")
    assert "See plans." in (snapshot(index_dir).text("public.rst") or "")  # a hidden page lends no title
    write(docs, "guides/old.md", "# Guides\n\n(setup-py-deprecated)=\n## Setup.py is not deprecated\n\nNo.\n")
    assert index(docs, index_dir).updated == 2  # the page, and the one that shows its title
    assert "Setup.py is not deprecated" in (snapshot(index_dir).text("index.rst") or "")


def test_a_sphinx_ref_to_a_label_in_backquotes_shows_the_title_below_it(docs: Path, index_dir: Path) -> None:
    """pytest's docs write 180 labels in backquotes (`.. _`asserting warnings`:`), often several over one title:
    101 of its 227 `:ref:` without a title named one, and the text showed the label (`see cache_provider`)."""
    write(docs, "conf.py", "project = 'x'\n")
    write(
        docs,
        "how-to/warnings.rst",
        ".. _`asserting warnings`:\n\n.. _assertwarnings:\n\n.. _`warns: the function`:\n\n"
        "Asserting zebracorn warnings\n----------------------------\n\nWords.\n",
    )
    write(
        docs,
        "index.rst",
        "Home\n====\n\nSee :ref:`asserting  Warnings`, :ref:`assertwarnings` and :ref:`warns: the function`.\n",
    )
    index(docs, index_dir)
    text = snapshot(index_dir).text("index.rst") or ""
    assert "See Asserting zebracorn warnings, Asserting zebracorn warnings and Asserting zebracorn warnings." in text


def test_a_csv_table_shows_the_rows_of_the_file_it_names(docs: Path, index_dir: Path) -> None:
    """The devguide's team log is `.. csv-table::` with `:file: core-team.csv`: its 210 members were missing."""
    write(docs, "core-team.csv", '"Name","GitHub username"\n"Ada Zebracorn","ada"\n"Bo Narwhal","bo"\n')
    write(docs, ".docsearchignore", "*.csv\n")
    write(
        docs, "team.rst", "Team\n====\n\n.. csv-table:: Members\n   :header-rows: 1\n   :file: core-team.csv\n\nEnd.\n"
    )
    index(docs, index_dir)
    text = snapshot(index_dir).text("team.rst") or ""
    assert "Name | GitHub username\nAda Zebracorn | ada\nBo Narwhal | bo" in text and "End." in text
    write(docs, "core-team.csv", '"Name","GitHub username"\n"Cy Quetzal","cy"\n')
    assert index(docs, index_dir).updated == 1  # the file changed: the page is read again
    assert "Cy Quetzal | cy" in (snapshot(index_dir).text("team.rst") or "")


def test_a_myst_link_without_text_shows_the_title_of_what_it_names(docs: Path, index_dir: Path) -> None:
    """Jupyter Book writes `see [](./cross-reference.md)` and `[](#label)`: MyST fills in the title, and the index
    had a hole ("See  for a full tutorial.", 44 links)."""
    write(docs, "myst.yml", "version: 1\nproject:\n  title: x\n")
    write(docs, "cross-reference.md", "# Cross-references in Zebracorn\n\nText.\n")
    write(
        docs,
        "guide.md",
        "# Guide\n\n(setup-label)=\n## Setting up\n\nSee [](./cross-reference.md) and [](#setup-label), "
        "[](https://example.org/x) and [](xref:other/page). Not `[](code.md)` nor [](./missing.md).\n",
    )
    index(docs, index_dir)
    text = snapshot(index_dir).text("guide.md") or ""
    assert "See Cross-references in Zebracorn and Setting up, https://example.org/x and other/page." in text
    assert "Not [](code.md) nor ./missing.md." in text


def test_a_toctree_shows_the_titles_of_the_pages_it_lists(docs: Path, index_dir: Path) -> None:
    """packaging.python.org's nine section pages hold a title and a toctree: they were skipped as "no text",
    where Sphinx shows the titles of the pages they list."""
    write(docs, "conf.py", "project = 'x'\nextensions = ['myst_parser']\n")
    write(docs, "guides/install.rst", "Installing packages\n===================\n\nWords.\n")
    write(docs, "guides/venv.md", "# Virtual environments\n\nWords.\n")
    write(docs, "specs/a.rst", "Spec A\n======\n\nWords.\n")
    write(docs, "specs/b.rst", "Spec B\n======\n\nWords.\n")
    write(
        docs,
        "guides/section-install.rst",
        "Installation\n============\n\n.. toctree::\n   :caption: Guides\n   :titlesonly:\n\n   install\n   venv\n"
        "   Everything else </specs/a>\n   missing\n   https://example.com\n\n.. toctree::\n   :hidden:\n\n"
        "   install\n",
    )
    write(docs, "specs.md", "# Specifications\n\n```{toctree}\n:glob:\n\nspecs/*\n```\n")
    report = index(docs, index_dir)
    assert "guides/section-install.rst" not in skipped(report)
    text = snapshot(index_dir).text("guides/section-install.rst")
    assert text == "Installation\n\nGuides\n\nInstalling packages\nVirtual environments\nEverything else"
    assert snapshot(index_dir).text("specs.md") == "Specifications\n\nSpec A\nSpec B"
    write(docs, "specs/b.rst", "Spec Bee\n========\n\nWords.\n")
    assert index(docs, index_dir).updated == 2  # the page, and the table of contents that shows its title
    assert "Spec Bee" in (snapshot(index_dir).text("specs.md") or "")


def test_a_quarto_include_is_put_in_place_and_its_partials_are_no_pages(tmp_path: Path) -> None:
    """quarto.org builds 177 of its 374 pages from `{{< include >}}`; the files named `_x.qmd` are the parts, never
    pages of their own (nor README.md), and the escaped `{{{< include x >}}}` shows the shortcode as written."""
    site = tmp_path / "site"
    write(site, "_quarto.yml", "project:\n  type: website\n")
    write(site, "docs/cli/_update.md", "---\ntitle: part\n---\nRun quarto update to get the quokkaberry release.\n")
    write(site, "_common/_intro.qmd", "The shared narwhalfruit intro.\n")
    write(
        site,
        "docs/cli/update.qmd",
        "---\ntitle: quarto update\n---\n\n{{< include _update.md >}}\n\n{{< include /_common/_intro.qmd >}}\n\n"
        "Write {{{< include _x.qmd >}}} on a line of its own.\n",
    )
    write(site, "README.md", "# The repository\n")
    report = index(site, tmp_path / "index", base_url="https://quarto.org/", url_extension="html")
    assert all_ids(tmp_path / "index") == ["docs/cli/update.qmd"]
    text = snapshot(tmp_path / "index").text("docs/cli/update.qmd")
    assert text == (
        "Run quarto update to get the quokkaberry release.\n\nThe shared narwhalfruit intro.\n\n"
        "Write {{< include _x.qmd >}} on a line of its own."
    )
    assert document(tmp_path / "index", "docs/cli/update.qmd").url == "https://quarto.org/docs/cli/update.html"
    assert set(skipped(report)) == {"docs/cli/_update.md", "_common/_intro.qmd", "README.md"}
    assert all(item.by_design for item in report.skipped)


def test_an_antora_page_reads_the_attributes_its_component_gives(tmp_path: Path) -> None:
    """The Asciidoctor docs write `{url-rubygems}/asciidoctor[asciidoctor^]`, the attribute in antora.yml: the
    reference was left as written. A change of antora.yml reads the pages again."""
    docs = tmp_path / "docs"
    write(docs, "antora.yml", "name: x\nasciidoc:\n  attributes:\n    url-gems: https://rubygems.org/gems\n"
          "    product: Zebracorn@\n")  # fmt: skip
    write(docs, "modules/ROOT/pages/index.adoc", "= Home\n\nGet {product} from {url-gems}/zebracorn[the gem^].\n")
    index(docs, tmp_path / "index")
    assert snapshot(tmp_path / "index").text("modules/ROOT/pages/index.adoc") == "Home\n\nGet Zebracorn from the gem."
    write(docs, "antora.yml", "name: x\nasciidoc:\n  attributes:\n    product: Narwhal\n")
    assert index(docs, tmp_path / "index").updated == 1
    assert "Get Narwhal from" in (snapshot(tmp_path / "index").text("modules/ROOT/pages/index.adoc") or "")


def test_an_antora_page_unsets_an_attribute_its_component_gives(tmp_path: Path) -> None:
    """A page's `:!product:` unsets what antora.yml gives as a default (`Zebracorn@`): its `{product}` is then
    left as written, as Antora shows a missing attribute; the page's unset was ignored and the value shown."""
    docs = tmp_path / "docs"
    write(docs, "antora.yml", "name: x\nasciidoc:\n  attributes:\n    product: Zebracorn@\n")
    write(docs, "modules/ROOT/pages/index.adoc", "= Home\n:!product:\n\nGet {product}.\n\n== More\n\nAnd {product}.\n")
    write(docs, "modules/ROOT/pages/other.adoc", "= Other\n\nGet {product}.\n")
    index(docs, tmp_path / "index")
    assert snapshot(tmp_path / "index").text("modules/ROOT/pages/index.adoc") == (
        "Home\n\nGet {product}.\n\nMore\n\nAnd {product}."
    )
    assert snapshot(tmp_path / "index").text("modules/ROOT/pages/other.adoc") == "Other\n\nGet Zebracorn."


def test_an_antora_page_cannot_change_what_its_component_hard_sets(tmp_path: Path) -> None:
    """Antora hands antora.yml's attributes to Asciidoctor as it hands its own: a value not ending in `@` is hard
    set (a page's entries for it change nothing), `~` hard unsets, `false` unsets softly. Every value was read as a
    default, so a page's entry won; and `false` read as the text "False", so `ifdef::` held and `{x}` showed it."""
    docs = tmp_path / "docs"
    write(docs, "antora.yml", "name: x\nasciidoc:\n  attributes:\n    product: Zebracorn\n    edition: Pro@\n"
          "    beta: false\n    caption: ~\n    tier: false\n")  # fmt: skip
    page = (
        "= Home\n:!product:\n:edition: Lite\n:caption: Figure\n:tier: Gold\n\n"
        "{product} {edition} [{beta}] [{caption}] {tier}.\n\nifdef::beta[In beta.]\n\n"
        ":product: Narwhal\n\nNow {product}.\n"
    )
    write(docs, "modules/ROOT/pages/index.adoc", page)
    index(docs, tmp_path / "index")
    assert snapshot(tmp_path / "index").text("modules/ROOT/pages/index.adoc") == (
        "Home\n\nZebracorn Lite [{beta}] [{caption}] Gold.\n\nNow Zebracorn."
    )


def test_txt_files_beside_asciidoc_pythons_config_read_as_asciidoc_with_their_includes(tmp_path: Path) -> None:
    """git's manual pages were `.txt` AsciiDoc until 2025 (an `asciidoc.conf` beside them): they read as plain
    text, `NAME` over `----` and `include::merge-options.txt[]` as written, every page titled by its file name.
    A `.txt` with no such config stays plain text, until one comes."""
    docs = tmp_path / "docs"
    write(docs, "man/asciidoc.conf", "[attributes]\nplus=&#43;\n")
    page = "zebra-herd(1)\n=============\n\nNAME\n----\nzebra-herd - Gather the herd\n\nOPTIONS\n-------\n"
    write(
        docs,
        "man/zebra-herd.txt",
        page + ":zebra-herd: 1\n\ninclude::herd-options.txt[]\n\nSee linkgit:zebra-graze[1].\n",
    )
    write(docs, "man/howto/herd-options.txt", "--count::\n\tHow many.\n")
    write(docs, "man/herd-options.txt", "--stripes::\n\tStriped ones.\nifdef::zebra-herd[]\n\tOnly in herd.\n"
          "endif::zebra-herd[]\nifndef::zebra-herd[]\n\tNot in herd.\nendif::zebra-herd[]\n")  # fmt: skip
    write(docs, "notes/plain.txt", "Notes\n=====\n\n*stars* and include::x.txt[] stay.\n")
    index(docs, tmp_path / "index")
    assert document(tmp_path / "index", "man/zebra-herd.txt").title == "zebra-herd - Gather the herd"
    assert snapshot(tmp_path / "index").text("man/zebra-herd.txt") == (
        "zebra-herd(1)\n\nNAME\n\nzebra-herd - Gather the herd\n\nOPTIONS\n\n--stripes\n\tStriped ones.\n"
        "\tOnly in herd.\n\nSee zebra-graze(1)."
    )
    assert snapshot(tmp_path / "index").text("man/howto/herd-options.txt") == "--count\n\tHow many."  # config above
    plain = "Notes\n=====\n\n*stars* and include::x.txt[] stay."
    assert snapshot(tmp_path / "index").text("notes/plain.txt") == plain
    write(docs, "notes/asciidoc.conf", "")
    assert index(docs, tmp_path / "index").updated == 1
    assert snapshot(tmp_path / "index").text("notes/plain.txt") == "Notes\n\nstars and include::x.txt[] stay."


def test_include_targets_naming_an_attribute_nothing_defines_warn_once_per_page(tmp_path: Path) -> None:
    """git's git.adoc includes twelve `{build_dir}/cmds-*.adoc` that its Makefile makes and names with
    `-a build_dir=...`: the summary said "included file {build_dir}/cmds-guide.adoc does not exist" twelve times;
    seven pages told so are one line."""
    docs = tmp_path / "docs"
    write(docs, "git.adoc", "= git(1)\n\nCommands:\n\ninclude::{build_dir}/cmds-main.adoc[]\n\n"
          "include::{build_dir}/cmds-guide.adoc[]\n\ninclude::{extra}/x.adoc[opts=optional]\n\n"
          ":here: part\ninclude::{here}.adoc[]\n")  # fmt: skip
    write(docs, "part.adoc", "The part.\n")
    report = index(docs, tmp_path / "index")
    assert warnings_of(report, "git.adoc") == [
        "include:: targets name {build_dir}, an attribute no page or file defines (the build gives it: asciidoctor "
        "-a build_dir=...): those files are not included"
    ]
    assert snapshot(tmp_path / "index").text("git.adoc") == "git(1)\n\nCommands:\n\nThe part."
    for name in ("config.adoc", "git-config.adoc", "git-merge.adoc"):
        write(docs, name, f"= {name}\n\nTools:\n\ninclude::{{build_dir}}/mergetools.adoc[]\n")
    stderr = run_cli(docs, "--index", tmp_path / "index2", "--no-embeddings").stderr
    assert "    4 pages: include:: targets name {build_dir}, an attribute no page or file defines" in stderr


def test_an_antora_page_reads_the_attributes_antora_sets_for_its_component(tmp_path: Path) -> None:
    """The Asciidoctor docs' page was titled "What's New in {page-component-version}" as written: Antora fills in
    the component's version, name and title and the page's module; a search for the version found nothing."""
    docs = tmp_path / "docs"
    write(docs, "antora.yml", "name: zebracorn\ntitle: Zebracorn\nversion: '2.1'\n")
    write(docs, "modules/api/pages/news.adoc", "= What's New in {page-component-version}\n\n"
          "{page-component-title} ({page-component-name}) {page-version}, module {page-module}: "
          "{page-relative-src-path}. {page-unknown} stays.\n")  # fmt: skip
    index(docs, tmp_path / "index")
    assert document(tmp_path / "index", "modules/api/pages/news.adoc").title == "What's New in 2.1"
    assert snapshot(tmp_path / "index").text("modules/api/pages/news.adoc") == (
        "What's New in 2.1\n\nZebracorn (zebracorn) 2.1, module api: news.adoc. {page-unknown} stays."
    )


def test_springs_include_code_and_javadoc_macros_show_the_code_and_class_names(tmp_path: Path) -> None:
    """Spring Security's pages showed `include-code::./UserService[tag=x]` and `javadoc:org.x.Foo[]` as written
    (118 and 264 of them) and none of the Java and Kotlin examples those lines put on the page."""
    docs = tmp_path / "docs"
    write(docs, "antora.yml", "name: security\nasciidoc:\n  attributes:\n    include-java: 'example$docs-src/java'\n"
          "    include-kotlin: 'example$docs-src/kotlin'\n")  # fmt: skip
    write(docs, "modules/ROOT/examples/docs-src/java/servlet/oauth2/emfa/MfaConfig.java",
          "class MfaConfig {\n// tag::enable[]\n@EnableZebracorn\n// end::enable[]\nint hidden;\n}\n")  # fmt: skip
    write(docs, "modules/ROOT/examples/docs-src/kotlin/servlet/oauth2/emfa/MfaConfig.kt", "// tag::enable[]\n"
          "@EnableNarwhal\n// end::enable[]\n")  # fmt: skip
    write(docs, "modules/ROOT/examples/docs-src/java/servlet/oauth2/setup/Other.java", "// tag::enable[]\nx\n")
    page = (
        "= MFA\n\nUse javadoc:org.springframework.security.Foo$Bar[] and "
        "javadoc:org.x.Baz#qux(java.lang.String,int)[] or javadoc:org.x.Foo[the factory].\n\n"
        "[[emfa]]\n== Enable\n\ninclude-code::./MfaConfig[tag=enable,indent=0]\n\n"
        "== Setup\n\ninclude-code::./Other[tag=enable]\n"
    )
    write(docs, "modules/ROOT/pages/servlet/oauth-2/mfa.adoc", page)
    report = index(docs, tmp_path / "index")
    text = snapshot(tmp_path / "index").text("modules/ROOT/pages/servlet/oauth-2/mfa.adoc") or ""
    assert "Use Foo.Bar and Baz.qux(String, int) or the factory." in text
    assert "Java\n\n@EnableZebracorn\n\nKotlin\n\n@EnableNarwhal" in text
    assert "include-code" not in text and "hidden" not in text and "\nx" not in text  # `_setup`: no such folder
    assert not warnings_of(report, "modules/ROOT/pages/servlet/oauth-2/mfa.adoc")


def test_asciidoc_includes_and_conditionals_run_as_asciidoctors_preprocessor_runs_them(tmp_path: Path) -> None:
    """The Asciidoctor docs show their examples with `include::example$my-document.adoc[tags=title;body]` inside
    listings, and pages share partials: the lines were dropped (20 of its 77 pages lost text). Conditionals and
    escaped directives (`\\ifdef::x[]`, shown as written) were text."""
    docs = tmp_path / "docs"
    write(docs, "antora.yml", "name: guide\nversion: '1.0'\n")
    write(docs, "modules/ROOT/partials/attributes.adoc", ":beast: Wolpertinger\n")
    write(docs, "modules/ROOT/partials/origins.adoc", "= Origins\n\nThe {beast} came from the forest.\n")
    write(
        docs,
        "modules/cli/examples/app.rb",
        "require 'x'\n# tag::main[]\nputs 'zebracorn'\n# end::main[]\nputs 'left out'\n",
    )
    write(docs, "modules/cli/examples/lines.txt", "one\ntwo\nthree\nfour\n")
    write(
        docs,
        "modules/cli/pages/run.adoc",
        "= Run\ninclude::ROOT:partial$attributes.adoc[]\n\nMeet the {beast}.\n\n[source,ruby]\n----\n"
        "include::example$app.rb[tag=main]\n----\n\ninclude::ROOT:partial$origins.adoc[leveloffset=+1]\n\n"
        "Lines: include::nothing[] stays, but\ninclude::example$lines.txt[lines=2..3]\n\n"
        "ifdef::env-site[]\nOn the site.\nendif::[]\nifdef::env-github[]\nOn GitHub only.\nendif::[]\n"
        "ifndef::beast[Never shown.]\nifdef::beast+env-site[Both are set.]\n"
        'ifeval::["{beast}" == "Wolpertinger"]\nThe comparison holds.\nendif::[]\n'
        "ifeval::[{sectnumlevels} > 9]\nKept when it cannot be read.\nendif::[]\n"
        "\\ifdef::shown[]\n\\include::shown.adoc[]\n"
        "include::partial$missing.adoc[]\ninclude::partial$maybe.adoc[opts=optional]\n"
        "include::https://example.org/remote.adoc[]\n",
    )
    report = index(docs, tmp_path / "index")
    text = snapshot(tmp_path / "index").text("modules/cli/pages/run.adoc") or ""
    assert "Meet the Wolpertinger." in text
    assert "puts 'zebracorn'" in text and "left out" not in text and "tag::" not in text
    assert document(tmp_path / "index", "modules/cli/pages/run.adoc").headings == ("Run", "Origins")
    assert "The Wolpertinger came from the forest." in text
    assert "two\nthree" in text and "one" not in text.split("Lines:")[1] and "include::nothing[] stays" in text
    assert "On the site." in text and "GitHub" not in text and "Never shown" not in text
    assert "Both are set." in text and "The comparison holds." in text and "Kept when it cannot be read." in text
    assert "ifdef::shown[]\ninclude::shown.adoc[]" in text  # escaped: as written, without the backslash
    assert "endif" not in text and "ifeval" not in text
    warned = warnings_of(report, "modules/cli/pages/run.adoc")
    assert any("missing.adoc does not exist" in w for w in warned)
    assert any("remote.adoc[]: a URL is not read" in w for w in warned)
    assert not any("maybe.adoc" in w for w in warned)  # optional
    write(docs, "modules/cli/examples/app.rb", "# tag::main[]\nputs 'narwhal'\n# end::main[]\n")
    assert index(docs, tmp_path / "index").updated == 1  # an included file changed: the page is read again
    assert "puts 'narwhal'" in (snapshot(tmp_path / "index").text("modules/cli/pages/run.adoc") or "")


def test_an_asciidoc_attribute_that_doubles_itself_stays_bounded(docs: Path, index_dir: Path) -> None:
    """`:a: {a}{a}` line after line doubled the attribute's value each time: 26 lines of 29 bytes took 96 MB."""
    write(docs, "bomb.adoc", "= Bomb\n:a: zebracorn\n" + ":a: {a}{a}\n" * 40 + "\nThe value: {a}\n")
    report = index(docs, index_dir)
    text = snapshot(index_dir).text("bomb.adoc") or ""
    assert "bomb.adoc" not in skipped(report) and "The value:" in text and len(text) < 100_000


def test_an_asciidoc_include_outside_an_antora_component_is_a_path_from_the_including_file(
    docs: Path, index_dir: Path
) -> None:
    write(docs, "shared/intro.adoc", "Shared zebracorn intro.\n\ninclude::more.adoc[]\n")
    write(docs, "shared/more.adoc", "And more.\n")
    write(docs, ".docsearchignore", "shared/\n")
    write(docs, "guide/index.adoc", "= Guide\n\ninclude::../shared/intro.adoc[]\n\ninclude::partial$x.adoc[]\n")
    report = index(docs, index_dir)
    text = snapshot(index_dir).text("guide/index.adoc") or ""
    assert "Shared zebracorn intro.\n\nAnd more." in text
    assert any("no Antora component" in w for w in warnings_of(report, "guide/index.adoc"))


def test_an_include_part_is_found_by_its_quoted_marker_and_a_missing_marker_includes_nothing(
    docs: Path, index_dir: Path
) -> None:
    """attrs's index.md includes the README from `:start-after: 'teaser-begin -->'`: the quotes were taken as part
    of the marker, which was never found, so the whole README came in (three times on one page). Sphinx takes the
    value as YAML, and a marker that is not there includes nothing, with an error."""
    write(
        docs, "README.md", "# Title\n\nBanner.\n\n<!-- teaser-begin -->\nThe zebracorn teaser.\n<!-- teaser-end -->\n"
    )
    write(
        docs,
        "index.md",
        "# Home\n\n```{include} README.md\n:start-after: 'teaser-begin -->'\n:end-before: \"<!-- teaser-end\"\n```\n\n"
        "```{include} README.md\n:start-after: no such marker\n```\n",
    )
    write(docs, "page.rst", "Page\n====\n\nText.\n\n.. include:: README.md\n   :end-before: absent marker\n")
    report = index(docs, index_dir)
    text = snapshot(index_dir).text("index.md") or ""
    assert text == "Home\n\nThe zebracorn teaser."  # the part, once; the second include: nothing
    assert any("start-after text is not in the file" in w for w in warnings_of(report, "index.md"))
    page = snapshot(index_dir).text("page.rst")
    assert page is not None and "Text." in page and "Banner" not in page
    assert any("end-before text is not in the file" in w for w in warnings_of(report, "page.rst"))


def test_a_vitepress_section_include_reads_past_a_heading_shown_in_code(tmp_path: Path) -> None:
    """A section ends at the next heading of its level, but not at one inside a code block, a four-backtick one
    holding a three-backtick fence included."""
    site = tmp_path / "site"
    write(site, ".vitepress/config.ts", "export default { srcExclude: ['parts/**'] }\n")
    write(
        site,
        "parts/guide.md",
        "## Writing {#writing}\n\nStart here.\n\n````md\n```js\n## Shown in code\n````\n\nQuokka ending.\n\n"
        "## Next\n\nNot wanted.\n",
    )
    write(site, "page.md", "# Page\n\n<!--@include: ./parts/guide.md#writing-->\n")
    index(site, tmp_path / "index")
    text = text_of(tmp_path / "index", "page.md")
    assert "## Shown in code" in text and "Quokka ending." in text and "Not wanted." not in text


def test_a_tabset_shows_each_label_above_its_code_and_no_continuation_marks(tmp_path: Path) -> None:
    """Spring Security's pages write their Java and Kotlin examples as asciidoctor-tabs tabsets (`Java::`, a `+`
    line, the code): 1,989 `+` lines were left in 115 pages, and a hit read "Java + @EnableMethodSecurity"."""
    docs = tmp_path / "docs"
    write(docs, "antora.yml", "name: security\n")
    page = (
        '= Config\n\n.Enable it\n[tabs]\n======\nJava::\n+\n[source,java,role="primary"]\n----\n@EnableZebracorn\n'
        'int total = a +\n    b;\n----\n\nKotlin::\n+\n[source,kotlin,role="secondary"]\n----\n@EnableNarwhal\n----\n'
        "======\n\n* Install the quokka\n+\nAttached paragraph.\n\nFirst line +\nsecond line.\n"
    )
    write(docs, "modules/ROOT/pages/config.adoc", page)
    index(docs, tmp_path / "index")
    text = text_of(tmp_path / "index", "modules/ROOT/pages/config.adoc")
    assert "Enable it\n\nJava\n\n@EnableZebracorn\nint total = a +\n    b;\n\nKotlin\n\n@EnableNarwhal" in text
    assert "* Install the quokka\nAttached paragraph.\n\nFirst line\nsecond line." in text
    assert "\n+\n" not in text
    hit = snapshot(tmp_path / "index").search("EnableZebracorn")[0]
    assert "Java" in hit.snippet and "+" not in hit.snippet.replace("a +", "")


def test_an_include_with_indent_takes_off_the_indent_its_lines_share(tmp_path: Path) -> None:
    """Spring's `include-code::./Name[tag=x,indent=0]` (133 in Spring Security's pages) showed the code with the
    tabs it has inside its class; an AsciiDoc `include::x[indent=2]` did not move its lines either."""
    docs = tmp_path / "docs"
    write(docs, "antora.yml", "name: security\nasciidoc:\n  attributes:\n    include-java: 'example$docs-src/java'\n")
    write(docs, "modules/ROOT/examples/docs-src/java/beans/Beans.java",
          "class Beans {\n\t// tag::bean[]\n\t@Bean\n\tZebracorn zebracorn() {\n\t\treturn new Zebracorn();\n\t}\n"
          "\t// end::bean[]\n}\n")  # fmt: skip
    write(docs, "modules/ROOT/examples/app.rb", "module App\n    def narwhal\n      1\n    end\nend\n")
    page = (
        "= Config\n\n[[beans]]\n== Beans\n\ninclude-code::./Beans[tag=bean,indent=0]\n\nIn Ruby:\n\n"
        "[source,ruby]\n----\ninclude::example$app.rb[lines=2..4,indent=2]\n----\n\n----\ninclude::example$app.rb[lines=2..4]\n----\n"
    )
    write(docs, "modules/ROOT/pages/config.adoc", page)
    report = index(docs, tmp_path / "index")
    text = text_of(tmp_path / "index", "modules/ROOT/pages/config.adoc")
    assert "Beans\n\nJava\n\n@Bean\nZebracorn zebracorn() {\n\treturn new Zebracorn();\n}" in text
    assert "  def narwhal\n    1\n  end\n\n    def narwhal\n      1\n    end" in text  # no indent=: as it is
    assert not warnings_of(report, "modules/ROOT/pages/config.adoc")


def test_an_include_with_a_huge_indent_or_tab_size_puts_on_a_lines_width_at_most(tmp_path: Path) -> None:
    """`indent=3000000` made a page of 64 bytes 12 MB of spaces (a billion would be a gigabyte a line), as did a
    `:tabsize:` of millions; an indent or a leveloffset of thousands of digits failed the page, which Python
    cannot read as a number ("could not be indexed (ValueError: Exceeds the limit (4300 digits)...")."""
    docs = tmp_path / "docs"
    write(docs, "Code.java", "class Code {\n\tint zebracorn;\n}\n")
    write(docs, "part.adoc", "== Narwhal part\n\nPart text.\n")
    write(docs, "indent.adoc", "= Indent\n\n----\ninclude::Code.java[indent=3000000]\n----\n")
    write(docs, "tabs.adoc", "= Tabs\n:tabsize: 3000000\n\n----\ninclude::Code.java[indent=0]\n----\n")
    digits = "9" * 5000
    write(docs, "digits.adoc", f"= Digits\n\n----\ninclude::Code.java[indent={digits}]\n----\n")
    write(docs, "offset.adoc", f"= Offset\n\ninclude::part.adoc[leveloffset=+{digits}]\n")
    report = index(docs, tmp_path / "index")
    code = f"class Code {{\n{' ' * 80}\tint zebracorn;\n{' ' * 80}}}"  # the text's first line has its spaces taken off
    assert text_of(tmp_path / "index", "indent.adoc") == f"Indent\n\n{code}"
    assert text_of(tmp_path / "index", "digits.adoc") == f"Digits\n\n{code}"
    assert text_of(tmp_path / "index", "tabs.adoc") == f"Tabs\n\nclass Code {{\n{' ' * 80}int zebracorn;\n}}"
    assert "Narwhal part" in text_of(tmp_path / "index", "offset.adoc")
    assert warnings_of(report, "indent.adoc") == ["indent=3000000: more than 80 spaces; 80 put on"]
    assert warnings_of(report, "tabs.adoc") == [":tabsize: 3000000: more than 80 spaces; 80 put on"]


def test_an_optional_asciidoc_include_that_comes_later_is_put_in_place(docs: Path, index_dir: Path) -> None:
    """Spring's include-code:: tries each language's file as `opts=optional`: one that is missing leaves nothing,
    and when it comes, the page is read again (it was not remembered, so the page kept its old text)."""
    write(docs, "page.adoc", "= Page\n\nBefore.\n\ninclude::parts/late.adoc[opts=optional]\n")
    index(docs, index_dir)
    assert found(index_dir, "latecomer") == []
    write(docs, "parts/late.adoc", "The latecomer part.\n")
    index(docs, index_dir)
    assert "page.adoc" in found(index_dir, "latecomer")
