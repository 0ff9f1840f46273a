"""JavaScript projects' documentation read as their sites show it, found by indexing real ones: Ionic's
(Docusaurus, its examples kept in static/ and imported by the pages) and Electron's (plain Markdown whose ```fiddle
blocks show a folder of example files). The --base-url advice for tRPC's (Docusaurus) and Vue's (VitePress) sites
is tested with the other generators' in test_site_urls.py."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from indexer import summary
from indexer.settings import IndexerSettings
from indexer.store import storage
from indexer.store.docstore import read_state

from support.folders import Main, all_ids, document, found, index, skipped, snapshot, warnings_of, write

IONIC_CONFIG = "module.exports = { url: 'https://ionicframework.com', baseUrl: '/docs/' };\n"
# Ionic's playground: a JavaScript attribute four braces deep, and with its file list over 1,000 characters long
PLAYGROUND = """import Playground from '@site/src/components/global/Playground';

import javascript from './javascript.md';
import angular_example_component_html from './angular/example_component_html.md';

<Playground
  version="9"
  code={{
    javascript,
    angular: {
      files: {
        'src/app/example.component.html': angular_example_component_html,%s
      },
    },
  }}
  src="usage/v9/accordion/basic/demo.html"
  size="210px"
/>
"""
ACCORDION = """---
title: ion-accordion
---
import Basic from '@site/static/usage/v9/accordion/basic/index.md';

Accordions provide zebracorn collapsible sections.

## Basic Usage

<Basic />

Toggle them with the value property.
"""


def test_a_component_whose_attribute_nests_braces_four_deep_leaves_no_markup(tmp_path: Path) -> None:
    """Every example on Ionic's API pages is a `<Playground code={{ angular: { files: {...} } }} />` in a partial
    from static/: braces four deep (three were read) and some 2,000 characters long, it stood in the text whole."""
    site = tmp_path / "ionic-docs"
    write(site, "docusaurus.config.js", IONIC_CONFIG)
    more_files = "".join(f"\n        'src/app/file{n:03}.component.ts': angular_file_{n:03}_ts," for n in range(30))
    write(site, "static/usage/v9/accordion/basic/index.md", PLAYGROUND % more_files)
    write(site, "docs/api/accordion.md", ACCORDION)
    index(site, tmp_path / "index")
    text = snapshot(tmp_path / "index").text("docs/api/accordion.md") or ""
    assert "zebracorn collapsible sections" in text and "Toggle them with the value property." in text
    assert "Playground" not in text and "code={{" not in text and "angular_example" not in text


def test_markdown_in_a_docusaurus_static_folder_is_no_page_but_is_read_where_imported(tmp_path: Path) -> None:
    """Ionic keeps its examples as Markdown in static/usage/ (11,508 files in four versions), imported by the API
    pages: each was a document (`Javascript`, `Example component html`) and took four of the five results for
    'ion-datetime min max dates'. Docusaurus copies static/ as it is, rendering none of it; an HTML file there is a
    page the site serves."""
    site = tmp_path / "ionic-docs"
    write(site, "docusaurus.config.js", IONIC_CONFIG)
    write(site, "static/usage/v9/accordion/basic/index.md", "import Basic from './basic.md';\n\nQuokkaberry demo.\n")
    write(site, "static/usage/v9/accordion/basic/javascript.md", "```html\n<ion-accordion></ion-accordion>\n```\n")
    write(site, "static/usage/v9/accordion/basic/demo.html", "<title>Accordion</title><p>Narwhalfruit demo.</p>")
    write(site, "docs/api/accordion.md", ACCORDION)
    report = index(site, tmp_path / "index")
    assert all_ids(tmp_path / "index") == ["docs/api/accordion.md", "static/usage/v9/accordion/basic/demo.html"]
    reasons = skipped(report)
    assert reasons["static/usage/v9/accordion/basic/javascript.md"] == (
        "Markdown in static/, which the site serves as it is, unrendered: no page (a page may import it)"
    )
    assert "Quokkaberry demo." in (snapshot(tmp_path / "index").text("docs/api/accordion.md") or "")


def test_a_partial_from_an_npm_package_is_read_from_node_modules_or_said_once_missing(tmp_path: Path) -> None:
    """Ionic's API pages import their property tables from an npm package (`@ionic-internal/component-api/v9/
    accordion/props.md`, six per page): each import was a warning that no tsconfig.json names 'this alias', 558
    lines for 93 pages. The package is read from node_modules when installed (no page of its own); when it is not,
    one warning per page says so."""
    site = tmp_path / "ionic-docs"
    write(site, "docusaurus.config.js", IONIC_CONFIG)
    write(
        site,
        "docs/api/accordion.md",
        "import Props from '@ionic-internal/component-api/v9/accordion/props.md';\n"
        "import Events from '@ionic-internal/component-api/v9/accordion/events.md';\n\n"
        "# ion-accordion\n\nAccordions collapse.\n\n## Properties\n\n<Props />\n\n## Events\n\n<Events />\n",
    )
    report = index(site, tmp_path / "index")
    assert warnings_of(report, "docs/api/accordion.md") == [
        "@ionic-internal/component-api/...: not included: no node_modules/@ionic-internal/component-api above the "
        "page holds the files it imports (is the npm package installed? npm install in the site's folder) and no "
        "tsconfig.json or jsconfig.json names it as an alias"
    ]
    package = site / "node_modules/@ionic-internal/component-api/v9/accordion"
    write(package, "props.md", "### disabled\n\nIf true, the zebracorn accordion cannot be interacted with.\n")
    write(package, "events.md", "### ionChange\n\nEmitted when the quokkaberry value changes.\n")
    report = index(site, tmp_path / "index")
    text = snapshot(tmp_path / "index").text("docs/api/accordion.md") or ""
    assert "zebracorn accordion cannot be interacted with" in text and "quokkaberry value changes" in text
    assert not warnings_of(report, "docs/api/accordion.md")
    assert all_ids(tmp_path / "index") == ["docs/api/accordion.md"]


def test_a_partial_from_an_npm_package_installed_above_docs_is_refused_as_outside(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ionic's docs/ indexed alone, its package installed in the site's node_modules above it: the page was told
    "is the npm package installed?" (it was), and the summary named no folder; the file is refused as any include
    outside DOCS is, and --includes-from the folder the summary names puts it in the page."""
    site = tmp_path / "ionic-docs"
    write(site, ".git/HEAD", "ref: refs/heads/main\n")
    write(site, "docusaurus.config.js", IONIC_CONFIG)
    write(
        site,
        "docs/api/accordion.md",
        "import Props from '@ionic-internal/component-api/v9/accordion/props.md';\n\n"
        "# ion-accordion\n\nAccordions collapse.\n\n## Properties\n\n<Props />\n",
    )
    package = site / "node_modules/@ionic-internal/component-api/v9/accordion"
    write(package, "props.md", "### disabled\n\nIf true, the zebracorn accordion cannot be interacted with.\n")
    report = index(site / "docs", tmp_path / "index")
    assert warnings_of(report, "api/accordion.md") == [
        "../../node_modules/@ionic-internal/component-api/v9/accordion/props.md is outside the documents folder: not "
        "included (give --includes-from a folder that holds both)"
    ]
    capsys.readouterr()
    summary.print_report(report, IndexerSettings(index=tmp_path / "index"))
    assert f"  pages include files from outside DOCS: --includes-from {site} holds them\n" in capsys.readouterr().err
    index(site / "docs", tmp_path / "index", includes_from=site)
    assert "zebracorn accordion" in (snapshot(tmp_path / "index").text("api/accordion.md") or "")


def test_an_electron_fiddle_block_shows_the_files_of_its_example(tmp_path: Path) -> None:
    """Electron's tutorials show their examples as ```fiddle docs/fiddles/... blocks, which electronjs.org turns
    into a tab per file of that folder (the one `focus` names open): read as written, the 22 tutorials that use
    them lost their code ('ipcMain.handle dialog:openFile' found only the API pages)."""
    repo = tmp_path / "electron"
    docs = repo / "docs"
    fiddle = "docs/fiddles/ipc/pattern-2"
    write(docs, "fiddles/ipc/pattern-2/main.js", "ipcMain.handle('dialog:zebracorn', handleFileOpen)\n")
    write(docs, "fiddles/ipc/pattern-2/preload.js", "contextBridge.exposeInMainWorld('quokkaberry', {})\n")
    write(docs, "fiddles/ipc/pattern-2/index.html", "<!DOCTYPE html>\n<title>Dialog</title>\n")
    write(
        docs,
        "tutorial/ipc.md",
        "# Inter-Process Communication\n\n## Pattern 2\n\n"
        f"The example:\n\n```fiddle {fiddle}|focus=preload.js\n\n```\n\n"
        f"Shown as written:\n\n````md\n```fiddle {fiddle}\n```\n````\n\n"
        "```fiddle docs/fiddles/missing\n```\n\nThe end.\n",
    )
    report = index(docs, tmp_path / "index")
    text = snapshot(tmp_path / "index").text("tutorial/ipc.md") or ""
    assert (
        "The example:\n\npreload.js\ncontextBridge.exposeInMainWorld('quokkaberry', {})\n\n"
        "index.html\n<!DOCTYPE html>\n<title>Dialog</title>\n\n"
        "main.js\nipcMain.handle('dialog:zebracorn', handleFileOpen)"
    ) in text
    assert f"```fiddle {fiddle}\n```" in text and "The end." in text
    assert warnings_of(report, "tutorial/ipc.md") == [
        "fiddle docs/fiddles/missing: no such folder from the page's folder or any above it: its code not shown"
    ]
    assert found(tmp_path / "index", "zebracorn")[0] == "tutorial/ipc.md"


@pytest.mark.parametrize(
    "config",
    [
        "const baseUrl = process.env.BASE_URL ?? '/';\nexport default async function createConfigAsync() {\n"
        "  return {\n    title: 'Docusaurus',\n    baseUrl,\n    url: 'https://docusaurus.io',\n  };\n}\n",
        "export default {\n  url: 'https://docusaurus.io',\n  baseUrl: process.env.BASE_URL || '/',\n};\n",
    ],
    ids=["variable", "option"],
)
def test_the_summary_reads_a_docusaurus_base_url_that_the_environment_may_change(
    tmp_path: Path, indexer_main: Main, config: str
) -> None:
    """docusaurus.io's own config says `baseUrl` through `const baseUrl = process.env.BASE_URL ?? '/'` (a deploy
    preview sets the variable): indexed as a user first would, the summary named no address; the site is served
    at the default the config gives, https://docusaurus.io/."""
    site = tmp_path / "website"
    write(site, "docusaurus.config.ts", config)
    write(site, "docs/installation.mdx", "# Installation\n\nInstall zebracorn.\n")
    bare = indexer_main(site, "--index", tmp_path / "i1")
    assert "served at https://docusaurus.io/: --base-url https://docusaurus.io/ --drop-extensions" in bare.err
    cited = indexer_main(site, "--index", tmp_path / "i1", "--base-url", "https://docusaurus.io/", "--drop-extensions")
    assert document(tmp_path / "i1", "docs/installation.mdx").url == "https://docusaurus.io/docs/installation"
    assert "served at" not in cited.err
    write(site, "docusaurus.config.ts", config.replace("'/'", "`/${x}/`"))
    assert "served at" not in indexer_main(site, "--index", tmp_path / "i2").err  # a template: not guessed


def _remembered(index_dir: Path, doc_id: str) -> dict[str, tuple[int, int]]:
    """What the index remembers a page to depend on (its includes, by path from the documents folder)."""
    generation = storage.current_generation(index_dir)
    assert generation is not None
    return read_state(generation / storage.DOCSTORE).includes.get(doc_id, {})


def test_a_fiddle_folder_outside_the_documents_folder_is_refused_in_one_warning(tmp_path: Path) -> None:
    """A ```fiddle /etc block listed /etc and asked for each file, each refused but remembered by name: 50 rows of
    ../../../etc/adduser.conf and the like in the index, and a warning naming one of them. The folder outside is
    not listed; one warning names it and says how to let it in."""
    outside = tmp_path / "elsewhere" / "example"
    for n in range(5):
        write(outside, f"file{n}.js", f"const zebracorn{n} = 'secret';\n")
    docs = tmp_path / "electron" / "docs"
    write(docs, "tutorial/leak.md", f"# Leak\n\n```fiddle {outside}\n```\n\nThe end.\n")
    report = index(docs, tmp_path / "index")
    assert warnings_of(report, "tutorial/leak.md") == [
        f"{outside} is outside the documents folder: not included (give --includes-from a folder that holds both)"
    ]
    assert "zebracorn" not in (snapshot(tmp_path / "index").text("tutorial/leak.md") or "")
    assert not any(name.endswith(".js") for name in _remembered(tmp_path / "index", "tutorial/leak.md"))
    report = index(docs, tmp_path / "index", includes_from=tmp_path)
    assert "const zebracorn3 = 'secret';" in (snapshot(tmp_path / "index").text("tutorial/leak.md") or "")
    assert not warnings_of(report, "tutorial/leak.md")


def test_a_fiddle_in_a_code_block_that_opens_a_list_item_is_shown_as_written(tmp_path: Path) -> None:
    """A code block may open a list item (`- ````md`): a fiddle block inside it is an example of the syntax,
    not one to put in place (its own fence pattern took no list item's, and put the code in the list)."""
    repo = tmp_path / "electron"
    write(repo, "docs/fiddles/quick-start/main.js", "app.whenReady().then(zebracornWindow)\n")
    write(repo, "docs/styleguide.md", "# Style\n\n- ````md\n  ```fiddle docs/fiddles/quick-start\n  ```\n  ````\n")
    index(repo / "docs", tmp_path / "index", includes_from=repo)
    text = snapshot(tmp_path / "index").text("styleguide.md") or ""
    assert "```fiddle docs/fiddles/quick-start" in text and "zebracornWindow" not in text


def test_a_file_added_to_a_fiddle_folder_or_the_folder_made_reads_the_page_again(tmp_path: Path) -> None:
    """A fiddle shows every file of its folder: adding one (or making the folder a block names, missing before)
    changed what the page shows, but the next run kept the page as it was, since only the files read were
    remembered, not the folders listed or looked for."""
    docs = tmp_path / "electron" / "docs"
    write(docs, "fiddles/ipc/main.js", "ipcMain.handle('zebracorn')\n")
    write(docs, "tutorial/ipc.md", "# IPC\n\n```fiddle docs/fiddles/ipc\n```\n\n```fiddle docs/fiddles/menus\n```\n")
    report = index(docs, tmp_path / "index")
    assert warnings_of(report, "tutorial/ipc.md") == [
        "fiddle docs/fiddles/menus: no such folder from the page's folder or any above it: its code not shown"
    ]
    write(docs, "fiddles/ipc/preload.js", "contextBridge.exposeInMainWorld('quokkaberry', {})\n")
    index(docs, tmp_path / "index")
    text = snapshot(tmp_path / "index").text("tutorial/ipc.md") or ""
    assert "ipcMain.handle('zebracorn')" in text and "exposeInMainWorld('quokkaberry', {})" in text
    write(docs, "fiddles/menus/main.js", "Menu.buildFromTemplate(narwhalfruit)\n")
    report = index(docs, tmp_path / "index")
    assert "Menu.buildFromTemplate(narwhalfruit)" in (snapshot(tmp_path / "index").text("tutorial/ipc.md") or "")
    assert not warnings_of(report, "tutorial/ipc.md")


def test_a_config_line_of_regular_expressions_never_closed_is_read_at_once(tmp_path: Path) -> None:
    """A docusaurus.config.js line of 20,000 `[/` (40 KB): each `/` was taken for a regular expression and searched
    to the line's end for its close, before any page was read: the run took 142 s (the config is read three
    times; quadratic: 200 KB would take an hour). Now 0.1 s."""
    site = tmp_path / "site"
    write(site, "docusaurus.config.js", IONIC_CONFIG + "const junk = [" + "[/" * 20_000 + "\n")
    write(site, "docs/intro.md", "# Intro\n\nThe zebracorn page.\n")
    started = time.monotonic()
    report = index(site, tmp_path / "index")
    assert time.monotonic() - started < 10
    assert report.served_at == "https://ionicframework.com/docs/"  # the config is read all the same
    assert found(tmp_path / "index", "zebracorn") == ["docs/intro.md"]
