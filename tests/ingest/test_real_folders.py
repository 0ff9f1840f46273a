"""Issue 19's smoke suite: small folders in the shapes of real documentation sites and note vaults (Hugo, Jekyll,
Docusaurus and Mintlify, mdBook, Sphinx and PEPs, MkDocs, Sphinx with MyST, VitePress, Obsidian), indexed by the
real command with its default options. Each run ends with exit 0; every file is a document or a listed skip; what
is fetched reads as the built page does, with no template, JSX, role or dialect syntax left in its prose; titles
are what a reader would call the page."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest

from support.folders import MYST_SITE, all_ids, document, found, run_cli, snapshot, write

FILLER = "Ordinary words about the project fill this page so that it reads like documentation. " * 3


@dataclass
class Site:
    name: str
    files: dict[str, str]
    titles: dict[str, str]  # id -> the title it must have
    finds: dict[str, str]  # query -> the id it must find first
    skipped: set[str] = field(default_factory=set)  # ids listed as skipped
    markup: tuple[str, ...] = ()  # strings no fetched text may hold


HUGO = Site(
    "hugo",
    {
        "content/_index.md": "---\ntitle: Hugo docs\ndescription: The hugowelcome landing page.\n---\n",
        "content/_common/_index.md": "---\ncascade:\n  build:\n    list: never\n---\n\n<!-- Snippets only. -->\n",
        "content/commands/server.md": (
            "---\ntitle: hugo server\ndate: 2024-05-26T09:10:33-07:00\nexpiryDate: 2028-06-06\n"
            "url: /commands/server/\n---\n\n{{< new-in 0.120 >}}\n\nStarts the serverwort.\n\n"
            '{{< note >}}\nThe notewort is inside a shortcode.\n{{< /note >}}\n\n{{% include "common/x.md" %}}\n'
        ),
        "content/blog/post.md": '+++\ntitle = "Tomlwort post"\ndate = 2024-01-02T03:04:05Z\n+++\n\n' + FILLER,
        "content/functions/TableOfContents.md": "---\ntitle: TableOfContents\n---\n\nReturns the tocwort.\n",
    },
    {"content/commands/server.md": "hugo server", "content/blog/post.md": "Tomlwort post"},
    {
        "serverwort": "content/commands/server.md",
        "notewort": "content/commands/server.md",
        "hugowelcome": "content/_index.md",
        "table of contents": "content/functions/TableOfContents.md",
    },
    {"content/_common/_index.md"},
    ("{{<", "{{%", ">}}", "---", "+++"),
)

JEKYLL = Site(
    "jekyll",
    {
        "_posts/2024-01-01-welcome.md": (
            "---\nlayout: post\ntitle: Welcome\ndate: 2024-01-01 10:00:00 +0100\ncategories: [news]\n---\n\n"
            "Hello {{ site.title }} readers, the jekyllwort post.\n\n{% include note.html content='x' %}\n\n"
            "{% raw %}Liquid shown: {{ kept }}{% endraw %}\n\n{% comment %}hiddenwort{% endcomment %}\n"
        ),
        "about.md": "---\nlayout: page\ntitle: About\npermalink: /about/\n---\n\nThe aboutwort page.\n",
        "_config.yml": "title: Site\n",
    },
    {"_posts/2024-01-01-welcome.md": "Welcome"},
    {"jekyllwort": "_posts/2024-01-01-welcome.md", "aboutwort": "about.md"},
    markup=("{%", "{{ site", "hiddenwort"),
)

DOCUSAURUS = Site(
    "docusaurus",
    {
        "docs/intro.mdx": (
            "---\nsidebar_position: 1\ntitle: Intro\n---\n\nimport Tabs from '@theme/Tabs';\n"
            'import TabItem from \'@theme/TabItem\';\n\n# Intro\n\n<Tabs>\n  <TabItem value="npm" label="npm">\n\n'
            "Install with the tabwort command.\n\n  </TabItem>\n</Tabs>\n\n"
            ":::tip[Remember]\n\nThe tipwort text.\n\n:::\n"
        ),
        "docs/quickstart.mdx": (
            "---\ntitle: Quickstart\n---\nimport { Card } from '/snippets/card.mdx'\n\nexport const meta = {a: 1}\n\n"
            '<Card\n  title="Cardwort title"\n  icon="rocket"\n>\n  Text inside the card.\n</Card>\n\n'
            "{/* a JSX comment */}\n"
        ),
        "docs/plain.md": "---\ntitle: Plain\n---\n\n:::note\n\nThe plainwort note.\n\n:::\n",
        # Docusaurus compiles .md as MDX too: imports, components, a fence right after a tag, JavaScript styles
        "docs/guide.md": (
            "---\nid: guide\ntitle: Guide\n---\n\nimport Tabs from '@theme/Tabs';\n"
            "import constants from '@site/core/TabsConstants';\n\n"
            '<Tabs groupId="os" values={constants.platforms}>\n<TabItem value="android">\n'
            "```bash\nyarn run guidewort\n```\n\n</TabItem>\n</Tabs>\n\n"
            "- <ins style={{background: '#f0f8ff'}} className=\"color-box\" /> aliceblue colourwort\n"
        ),
        "docs/colors.md": "# Colors\n\n- <ins style={{background: '#00ffff'}} /> aqua swatchwort\n",
        # mdx-code-block fences hold MDX that Docusaurus runs, not code it shows (a longer one around a code block)
        "docs/deploy.md": (
            "---\ntitle: Deploy\n---\n\n```mdx-code-block\nimport Tabs from '@theme/Tabs';\n```\n\n"
            '````mdx-code-block\n<Tabs>\n<TabItem value="bash" label="Bash">\n\n```bash\nnpm run deploywort\n```\n\n'
            "</TabItem>\n</Tabs>\n````\n\n<APITable>\n\n| Name | Type |\n| --- | --- |\n| `tablewort` | `string` |\n\n"
            "</APITable>\n"
        ),
    },
    {
        "docs/intro.mdx": "Intro",
        "docs/quickstart.mdx": "Quickstart",
        "docs/guide.md": "Guide",
        "docs/deploy.md": "Deploy",
    },
    {
        "tabwort": "docs/intro.mdx",
        "tipwort": "docs/intro.mdx",
        "cardwort": "docs/quickstart.mdx",
        "plainwort": "docs/plain.md",
        "guidewort": "docs/guide.md",
        "colourwort": "docs/guide.md",
        "swatchwort": "docs/colors.md",
        "deploywort": "docs/deploy.md",
        "tablewort": "docs/deploy.md",
    },
    markup=(
        "import ",
        "export ",
        "<Tabs",
        "<TabItem",
        "<Card",
        ":::",
        "{/*",
        "icon=",
        "```",
        "style=",
        "<ins",
        "mdx-code-block",
        "APITable",
    ),
)

MDBOOK = Site(
    "mdbook",
    {
        "src/SUMMARY.md": "# Summary\n\n- [Installation](ch01-01-installation.md)\n",
        "src/ch01-01-installation.md": (
            "## Installation\n\nThe first step is to install rustupwort.\n\n"
            "```rust\n{{#rustdoc_include ../listings/ch01/main.rs}}\n```\n\n"
            "{{#include ../listings/ch01/output.txt}}\n"
        ),
    },
    {"src/ch01-01-installation.md": "Installation"},
    {"rustupwort": "src/ch01-01-installation.md"},
    markup=("{{#",),
)

PEPS = Site(
    "peps",
    {
        "peps/pep-0008.rst": (
            "PEP: 8\nTitle: Style Guide for Python Code\nAuthor: Guido\nStatus: Active\n\n\nIntroduction\n"
            "============\n\nThis document gives coding conventions, see :pep:`257` and :func:`len` and "
            ":ref:`the layout <layout>`.\n\n.. note::\n\n   The stylewort note.\n\n.. code-block:: python\n\n"
            "   x = 1\n\n.. include:: /etc/passwd\n"
        ),
        "sphinx/index.rst": "Welcome\n=======\n\n.. toctree::\n   :maxdepth: 2\n\n   usage\n\nThe sphinxwort page.\n",
        # Sphinx's own docs: file-wide metadata, a module, py:class under its short name, confval options,
        # version notes, a build condition, code in a list item
        "sphinx/usage/builders.rst": (
            ":orphan:\n:tocdepth: 2\n\n.. _builders:\n\nBuilders\n========\n\n.. module:: sphinx.builders\n"
            "   :synopsis: Available builders.\n\n.. class:: Klasswort\n\n   See :attr:`~.Builder.name`.\n\n"
            "   .. deprecated:: 4.0\n\n.. confval:: html_static_path\n   :type: :code-py:`list[str]`\n"
            "   :default: :code-py:`['defaultwort']`\n\n   Static paths.\n\n.. only:: builder_html\n\n"
            "   - Add this to your conf.py::\n\n        import sys\n\n     Then build the onlywort page.\n"
        ),
    },
    {"peps/pep-0008.rst": "PEP 8 \N{EN DASH} Style Guide for Python Code", "sphinx/index.rst": "Welcome"},
    {
        "stylewort": "peps/pep-0008.rst",
        "sphinxwort": "sphinx/index.rst",
        "klasswort": "sphinx/usage/builders.rst",
        "defaultwort": "sphinx/usage/builders.rst",
        "onlywort": "sphinx/usage/builders.rst",
        '"deprecated since version 4.0"': "sphinx/usage/builders.rst",
    },
    markup=(
        ":pep:",
        ":func:",
        ":ref:",
        ".. note::",
        ".. code-block",
        ".. include",
        "root:",
        "toctree",
        "orphan",
        "tocdepth",
        "sphinx.builders",
        "Available builders",
        ".Builder",
        ":code-py:",
        "builder_html",
        "conf.py: import",
    ),
)

MKDOCS = Site(
    "mkdocs",
    {
        "docs/index.md": (
            '# MkDocs site\n\n!!! note "Read this first"\n    The admonwort body.\n\n'
            "??? tip\n\n    The hidden tipword.\n\nAfter the admonitions.\n"
        ),
        # Material for MkDocs: content tabs and admonitions holding code (and each other), attribute lists,
        # icons, snippets; after them the page goes on as prose and headings, not as code
        "docs/setup.md": (
            '# Setup { #setup data-toc-label="Set up" }\n\n'
            "[Get started](start.md){ .md-button .md-button--primary } :material-rocket-launch: now.\n\n"
            '=== "Latest"\n\n    ``` sh\n    pip install tabwort\n    ```\n\n    The latestwort text.\n\n'
            '=== "Older"\n\n    Older text.\n\n'
            '!!! note inline end "Side note"\n\n    ``` yaml\n    theme: material\n    ```\n\n'
            "    !!! tip\n        Nested nestwort.\n\n        ```\n        nested code\n        ```\n\n"
            "    After the nested one.\n\n## Extending the theme\n\nThe extendwort prose.\n\n"
            '--8<-- "includes/abbreviations.md"\n'
        ),
        "mkdocs.yml": "site_name: Site\n",
    },
    {"docs/index.md": "MkDocs site", "docs/setup.md": "Setup"},
    {
        "admonwort": "docs/index.md",
        "tipword": "docs/index.md",
        "tabwort": "docs/setup.md",
        "latestwort": "docs/setup.md",
        "nestwort": "docs/setup.md",
        "heading:extending extendwort": "docs/setup.md",
    },
    markup=("!!!", "???", "===", "```", "{ .md-button", "{ #setup", ":material-", "--8<--", "## Extending"),
)

MYST = Site(
    "myst",
    MYST_SITE,
    {"docs/index.md": "Mystsite", "docs/usage.md": "Usage"},
    {
        "mystwort": "docs/index.md",
        "warnwort": "docs/index.md",
        "codewort": "docs/index.md",
        "titlewort": "docs/index.md",
        "admonwort": "docs/index.md",
        "versionwort": "docs/index.md",
        "diagramwort": "docs/index.md",
        "usagewort": "docs/usage.md",
        "readmewort": "README.md",  # the include is not followed: only the README itself holds it
    },
    markup=(
        "{ref}",
        "{doc}",
        "{command}",
        "{note}",
        ":::",
        "```",
        "toctree",
        ":maxdepth:",
        ":caption:",
        ":class:",
        ":alt:",
        "(home)=",
        "(usage-label)=",
        "usage-label",
        "{include}",
        "diagram.png",
    ),
)

VITEPRESS = Site(
    "vitepress",
    {
        "docs/guide/start.md": (
            '---\noutline: deep\n---\n# Getting Started <Badge type="tip" text="^1.9.0" />\n\n[[toc]]\n\n'
            "::: tip Pro tip\nThe vitewort tip.\n:::\n\n::: details Click me\nThe detailwort content.\n:::\n\n"
            "::: code-group\n\n```sh [npm]\n$ npm add -D groupwort\n```\n\n:::\n\n<<< @/snippets/snippet.js\n\n"
            "Title is {{ $frontmatter.title }}.\n\n<script setup>\nconst count = ref(0)\n</script>\n"
        ),
        "docs/.vitepress/config.mts": "export default {}\n",
    },
    {"docs/guide/start.md": "Getting Started"},
    {"vitewort": "docs/guide/start.md", "detailwort": "docs/guide/start.md", "groupwort": "docs/guide/start.md"},
    markup=(":::", "[[toc]]", "Code-group", "<<<", "snippet.js", "{{", "$frontmatter", "script", "ref(0)", "Badge"),
)

OBSIDIAN = Site(
    "obsidian",
    {
        "Daily/2024-01-01.md": (
            "---\ncreated: 2024-01-01T10:00\naliases: [New year]\ntags: [daily]\n---\n\n"
            "Met with [[People/Ada|Ada]] about [[Projects/Vault#Plan]]. ![[whiteboard.png]]\n\n"
            "> [!todo] Follow up\n> Send the vaultwort notes.\n\n%%private comment%%\n"
        ),
        "People/Ada.md": "# Ada\n\nWorks on the enginewort.\n",
        ".obsidian/workspace.json": "{}",
    },
    {"People/Ada.md": "Ada"},
    {"vaultwort": "Daily/2024-01-01.md", "enginewort": "People/Ada.md"},
    markup=("[[", "]]", "[!todo]", "%%", "whiteboard"),
)

SITES = [HUGO, JEKYLL, DOCUSAURUS, MDBOOK, PEPS, MKDOCS, MYST, VITEPRESS, OBSIDIAN]


@pytest.mark.parametrize("site", [pytest.param(site, id=site.name) for site in SITES])
def test_documentation_folder_indexes_cleanly_with_the_defaults(docs: Path, index_dir: Path, site: Site) -> None:
    for relpath, content in site.files.items():
        write(docs, relpath, content)
    result = run_cli(docs, "--index", index_dir)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    ids = set(all_ids(index_dir))
    for skip in site.skipped:
        assert f"    {skip}: " in result.stderr
    readable = {r for r in site.files if Path(r).suffix in (".md", ".mdx", ".rst") and not r.startswith(".")}
    assert ids == readable - site.skipped
    for doc_id, title in site.titles.items():
        assert document(index_dir, doc_id).title == title
    for query, doc_id in site.finds.items():
        assert found(index_dir, query)[:1] == [doc_id], query
    for doc_id in ids:
        text = snapshot(index_dir).text(doc_id) or ""
        assert not [m for m in site.markup if m in text], f"{doc_id} still shows markup:\n{text}"
