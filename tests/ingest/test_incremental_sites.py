"""A site's config that comes or goes between two runs: the run after it gives what a rebuild gives.

Loaders look for the site's config on their own (mkdocs.yml's snippets, a Docusaurus page's `@site/` imports,
Hugo's params, Quarto's and Jekyll's variables) and remember the config they read, so that an edit to it reads the
page again; but not the configs they found missing. A page read in a folder of plain pages kept that reading after
a mkdocs.yml or a docusaurus.config.js was added: its snippet left out, its `{{< param >}}` empty, its import
refused (the page skipped with "no text"), until a --rebuild."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from indexer.model import IndexReport

from support.folders import all_ids, index, skipped, snapshot, text_of, write

DOCUSAURUS = "module.exports = { title: 'Z', url: 'https://z.test', baseUrl: '/' };\n"

# site kind -> (the pages, the config files added, a page and a word its text holds only with the config)
SITES: dict[str, tuple[dict[str, str], dict[str, str], str, str]] = {
    "mkdocs": (
        {
            "docs/index.md": "Welcome to the docs.\n",
            "docs/install.md": "Install it.\n\n## Options\n\nText.\n",
            "docs/usage.md": '# Usage\n\n--8<-- "shared.txt"\n',  # not in the nav, which reads again what it titles
            "docs/shared.txt": "The zebracorn option.\n",
            "notes.md": "# Notes\n\nOutside docs_dir.\n",
        },
        {
            "mkdocs.yml": "site_name: Z\nnav:\n  - Home: index.md\n  - Installation: install.md\n"
            "markdown_extensions:\n  - pymdownx.snippets:\n      base_path: docs\n"
        },
        "docs/usage.md",
        "zebracorn",
    ),
    "docusaurus": (
        {
            "docs/01-intro.md": "---\nid: start\n---\nIntro text.\n",
            "docs/_partial.md": "Partial text.\n",
            "docs/page.mdx": "import Shared from '@site/src/shared.md';\n\n# Page\n\n<Shared />\n",
            "src/shared.md": "The quokkaberry component.\n",
        },
        {"docusaurus.config.js": DOCUSAURUS},
        "docs/page.mdx",
        "quokkaberry",
    ),
    "docusaurus below DOCS": (
        {
            "README.md": "# Repository\n\nText.\n",
            "website/docs/page.mdx": "import Shared from '@site/src/shared.md';\n\n# Page\n\n<Shared />\n",
            "website/src/shared.md": "The quokkaberry component.\n",
        },
        {"website/docusaurus.config.js": DOCUSAURUS},
        "website/docs/page.mdx",
        "quokkaberry",
    ),
    "hugo": (
        {
            "content/_index.md": "---\ntitle: Home\n---\nHome text.\n",
            "content/docs/install.md": '---\ntitle: Install\n---\nInstall {{< param "product" >}} now.\n',
            "README.md": "# Site\n\nText.\n",
        },
        {"hugo.toml": "baseURL = 'https://z.test/'\ntitle = 'Z'\n[params]\nproduct = 'Wombatrix'\n"},
        "content/docs/install.md",
        "wombatrix",
    ),
    "quarto": (
        {
            "index.qmd": "---\ntitle: Home\n---\n\nWelcome to {{< meta product >}}.\n",
            "_partial.qmd": "Partial text.\n",
            "README.md": "# Readme\n\nText.\n",
        },
        {"_quarto.yml": "project:\n  type: website\nproduct: Gryphonix\n"},
        "index.qmd",
        "gryphonix",
    ),
    "jekyll": (
        {
            "index.md": "---\ntitle: Home\n---\nWelcome to {{ site.product }}.\n",
            "_includes/note.md": "Included text.\n",
        },
        {"_config.yml": "title: Z\nproduct: Basiliskq\n"},
        "index.md",
        "basiliskq",
    ),
}

RUN = {"base_url": "https://z.test", "drop_extensions": True}  # so that URLs follow the site's rules too


def _seen(index_dir: Path, report: IndexReport) -> dict[str, Any]:
    """What a user sees of an index: each document's title, URL and text, and the files skipped, with why."""
    shown = snapshot(index_dir)
    documents = {d.id: (d.title, d.url, text_of(index_dir, d.id)) for d in shown.list_documents(limit=1_000)}
    return {"documents": documents, "skipped": skipped(report)}


def _rebuilt(docs: Path, tmp_path: Path) -> dict[str, Any]:
    rebuilt = tmp_path / "rebuilt"
    return _seen(rebuilt, index(docs, rebuilt, rebuild=True, **RUN))


@pytest.mark.parametrize("kind", SITES)
def test_a_config_added_to_a_folder_of_plain_pages_reads_them_as_a_rebuild_does(
    kind: str, docs: Path, index_dir: Path, tmp_path: Path
) -> None:
    pages, config, page, word = SITES[kind]
    for path, text in pages.items():
        write(docs, path, text)
    index(docs, index_dir, **RUN)
    assert word not in text_of(index_dir, page).lower()  # read as a plain page: the site's part is not there
    for path, text in config.items():
        write(docs, path, text)
    report = index(docs, index_dir, **RUN)
    assert word in text_of(index_dir, page).lower()
    assert _seen(index_dir, report) == _rebuilt(docs, tmp_path)
    assert index(docs, index_dir, **RUN).generation is None  # then as usual: nothing to do


def test_a_config_removed_reads_the_pages_as_plain_ones_again(docs: Path, index_dir: Path, tmp_path: Path) -> None:
    pages, config, page, _ = SITES["docusaurus"]
    for path, text in {**pages, **config}.items():
        write(docs, path, text)
    index(docs, index_dir, **RUN)
    assert page in all_ids(index_dir)
    (docs / "docusaurus.config.js").unlink()
    report = index(docs, index_dir, **RUN)
    assert page not in all_ids(index_dir)  # @site/ names no folder now: the page's only text is refused
    assert "no docusaurus.config.*" in skipped(report)[page]
    assert _seen(index_dir, report) == _rebuilt(docs, tmp_path)


@pytest.mark.parametrize("where", ["b", "projects/deep/b"])
def test_a_config_added_below_docs_beside_another_sites_reads_the_pages_as_a_rebuild_does(
    where: str, docs: Path, index_dir: Path, tmp_path: Path
) -> None:
    """A repository holds one site below it already (a/); another's pages (b/, or three folders down) get their
    hugo.toml: only the first site found within two folders of DOCS was kept, so the page kept its reading (its
    param empty) until --rebuild."""
    pages, config, page, word = SITES["hugo"]
    write(docs, "a/hugo.toml", "baseURL = 'https://a.test/'\ntitle = 'A'\n")
    write(docs, "a/content/_index.md", "---\ntitle: A\n---\nThe first site.\n")
    for path, text in pages.items():
        write(docs, f"{where}/{path}", text)
    index(docs, index_dir, **RUN)
    assert word not in text_of(index_dir, f"{where}/{page}").lower()
    for path, text in config.items():
        write(docs, f"{where}/{path}", text)
    report = index(docs, index_dir, **RUN)
    assert word in text_of(index_dir, f"{where}/{page}").lower()
    assert _seen(index_dir, report) == _rebuilt(docs, tmp_path)
    assert index(docs, index_dir, **RUN).generation is None
