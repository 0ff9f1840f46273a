"""Documents' URLs as the site that publishes them serves its pages, under --base-url with --drop-extensions or
--url-extension: each case is a small folder in the shape of a real site (the generator's own files beside or
above DOCS), indexed by the real pipeline, and the URL every page must have."""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from indexer.ingest import gitbook
from indexer.settings import IndexerSettings

from support.folders import Main, all_ids, document, found, index, skipped, snapshot, text_of, write
from support.pdfs import make_pdf

PAGE = "# A page\n\nSome words.\n"


@dataclass
class SiteCase:
    name: str
    files: dict[str, str]  # path under tmp_path -> content (DOCS is one of the folders)
    docs: str  # the folder indexed, under tmp_path
    settings: dict[str, Any]
    urls: dict[str, str]  # id -> the URL it must have


DOCUSAURUS_PAGES = {
    "01-intro.md": PAGE,
    "02-guides/01-install.md": PAGE,
    "02-guides/03-other.md": "---\nid: custom-id\n---\n" + PAGE,
    "02-guides/04-rel.md": "---\nslug: relslug\n---\n" + PAGE,
    "02-guides/05-kept.md": "---\nparse_number_prefixes: false\n---\n" + PAGE,
    "03-tools/03-tools.mdx": PAGE,
    "guides2/guides2.md": PAGE,
    "api/README.md": PAGE,
    "api/plugin-methods/readme.mdx": PAGE,
    "2021-11-release.md": PAGE,
    "1.2-notes.md": PAGE,
    "03.md": PAGE,
    "04 - Spaced.md": PAGE,
    "api/plugins/pages.mdx": "---\nslug: /api/plugins/@docusaurus/plugin-content-pages\n---\n" + PAGE,
}

HUGO_PERMALINKS = (  # Docker's docs: content/manuals/ is served from the site's root
    "baseURL: https://docs.docker.com/\ndisablePathToLower: true\npermalinks:\n"
    "  page:\n    manuals: /:sections[1:]/:slugorfilename/\n    blog: /:year/:title\n"
    "  section:\n    manuals: /:sections[1:]/:slugorfilename/\n"
)
HUGO_PERMALINK_PAGES = {
    "content/manuals/_index.md": PAGE,
    "content/manuals/engine/_index.md": PAGE,
    "content/manuals/engine/install/_index.md": PAGE,
    "content/manuals/engine/install/ubuntu.md": PAGE,
    "content/manuals/engine/install/Rootless.md": PAGE,  # disablePathToLower: as written
    "content/manuals/engine/install/debian.adoc": "= Debian\n\nSome words.\n",  # any of Hugo's content formats
    "content/manuals/engine/notes/old.md": PAGE,  # notes/ has no _index.md: no section of its own
    "content/manuals/engine/20.10.md": PAGE,  # a release's notes: a dot in its name
    "content/manuals/compose/_index.md": PAGE,
    "content/manuals/compose/moved.md": "---\nslug: watch\n---\n" + PAGE,
    "content/manuals/compose/Spaced Out.md": "---\nslug: Watch Mode\n---\n" + PAGE,  # urlized: Hugo's `-`
    "content/manuals/compose/Getting Started.md": PAGE,
    "content/manuals/extend/_index.md": PAGE,
    "content/manuals/extend/bundle/index.md": PAGE,  # a leaf bundle: named by its folder
    "content/blog/launch.md": "---\ntitle: Big Launch\ndate: 2024-05-01\n---\n" + PAGE,
    "content/blog/undated.md": "---\ntitle: No date\n---\n" + PAGE,  # :year unknown: its own path
    "content/reference/cli.md": PAGE,  # a section the permalinks do not name
}
HUGO_PERMALINK_URLS = {
    "manuals/_index.md": "https://docs.docker.com/",
    "manuals/engine/_index.md": "https://docs.docker.com/engine/",
    "manuals/engine/install/_index.md": "https://docs.docker.com/engine/install/",
    "manuals/engine/install/ubuntu.md": "https://docs.docker.com/engine/install/ubuntu/",
    "manuals/engine/install/Rootless.md": "https://docs.docker.com/engine/install/Rootless/",
    "manuals/engine/install/debian.adoc": "https://docs.docker.com/engine/install/debian/",
    "manuals/engine/notes/old.md": "https://docs.docker.com/engine/old/",
    "manuals/engine/20.10.md": "https://docs.docker.com/engine/20.10/",
    "manuals/compose/moved.md": "https://docs.docker.com/compose/watch/",
    "manuals/compose/Spaced Out.md": "https://docs.docker.com/compose/Watch-Mode/",
    "manuals/compose/Getting Started.md": "https://docs.docker.com/compose/Getting-Started/",
    "manuals/extend/bundle/index.md": "https://docs.docker.com/extend/bundle/",
    "blog/launch.md": "https://docs.docker.com/2024/Big-Launch/",
    "blog/undated.md": "https://docs.docker.com/blog/undated/",
    "reference/cli.md": "https://docs.docker.com/reference/cli/",
}

CASES = [
    SiteCase(
        "docusaurus",
        {"website/docusaurus.config.ts": "export default {};\n"}
        | {f"website/docs/{path}": text for path, text in DOCUSAURUS_PAGES.items()},
        "website/docs",
        {"base_url": "https://docusaurus.io/docs/", "drop_extensions": True},
        {
            "01-intro.md": "https://docusaurus.io/docs/intro",
            "02-guides/01-install.md": "https://docusaurus.io/docs/guides/install",
            "02-guides/03-other.md": "https://docusaurus.io/docs/guides/custom-id",
            "02-guides/04-rel.md": "https://docusaurus.io/docs/guides/relslug",
            "02-guides/05-kept.md": "https://docusaurus.io/docs/02-guides/05-kept",
            "03-tools/03-tools.mdx": "https://docusaurus.io/docs/tools/",
            "guides2/guides2.md": "https://docusaurus.io/docs/guides2/",
            "api/README.md": "https://docusaurus.io/docs/api/",
            "api/plugin-methods/readme.mdx": "https://docusaurus.io/docs/api/plugin-methods/",
            "2021-11-release.md": "https://docusaurus.io/docs/2021-11-release",  # a date, not a number prefix
            "1.2-notes.md": "https://docusaurus.io/docs/1.2-notes",  # a version, not a number prefix
            "03.md": "https://docusaurus.io/docs/03",  # a number alone is the name
            "04 - Spaced.md": "https://docusaurus.io/docs/Spaced",
            # docusaurus.io's API pages: an @ is a path's character, as the site writes it (%40 before)
            "api/plugins/pages.mdx": "https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-pages",
        },
    ),
    SiteCase(
        "plain",  # the same files with no site generator in sight: Hugo, Jekyll, VitePress... strip nothing
        {f"docs/{path}": text for path, text in DOCUSAURUS_PAGES.items()}
        | {"docs/posts/hugo.md": "---\nid: 42\n---\n" + PAGE, "docs/files/manual.txt": "The manual.\n"}
        | {"docs/mailto:x.md": PAGE, "docs/C:/win.md": PAGE},
        "docs",
        {"base_url": "https://example.org/", "drop_extensions": True},
        {
            "01-intro.md": "https://example.org/01-intro",
            "02-guides/01-install.md": "https://example.org/02-guides/01-install",
            "02-guides/03-other.md": "https://example.org/02-guides/03-other",
            "02-guides/04-rel.md": "https://example.org/02-guides/relslug",
            "guides2/guides2.md": "https://example.org/guides2/guides2",
            "api/README.md": "https://example.org/api/README",
            "posts/hugo.md": "https://example.org/posts/hugo",
            "files/manual.txt": "https://example.org/files/manual.txt",  # served as it is
            # a path's `:` is kept (MDN's Web/CSS/:focus) and is no scheme's: the path follows the base URL's host
            "mailto:x.md": "https://example.org/mailto:x",
            "C:/win.md": "https://example.org/C:/win",
        },
    ),
    SiteCase(
        "sphinx",
        {
            "src/conf.py": "project = 'x'\nextensions = ['myst_parser']\n",
            "src/index.rst": "Home\n====\n\nWords.\n",
            "src/usage/quickstart.rst": "Quickstart\n==========\n\nWords.\n",
            "src/guides/index.rst": "Guides\n======\n\nWords.\n",
            "src/README.rst": "Readme\n======\n\nWords.\n",
            "src/notes/moved.md": "---\nslug: /elsewhere/\n---\n" + PAGE,
            "src/notes/own.md": "---\nurl: https://other.example/own\n---\n" + PAGE,
        },
        "src",
        {"base_url": "https://www.sphinx-doc.org/en/master/", "url_extension": ".html"},
        {
            "index.rst": "https://www.sphinx-doc.org/en/master/index.html",
            "usage/quickstart.rst": "https://www.sphinx-doc.org/en/master/usage/quickstart.html",
            "guides/index.rst": "https://www.sphinx-doc.org/en/master/guides/index.html",
            "README.rst": "https://www.sphinx-doc.org/en/master/README.html",
            "notes/moved.md": "https://www.sphinx-doc.org/en/master/elsewhere/",
            "notes/own.md": "https://other.example/own",
        },
    ),
    SiteCase(
        "sphinx-txt",  # Django's: conf.py parses .txt files as reStructuredText, and they are its pages
        {
            "django/docs/conf.py": "source_suffix = {'.txt': 'restructuredtext'}\n",
            "django/docs/ref/models/querysets.txt": "QuerySet API\n============\n\nWords.\n",
            "django/docs/ref/models/index.txt": "Models\n======\n\nWords.\n",
        },
        "django/docs",
        {"base_url": "https://docs.djangoproject.com/en/dev/", "url_extension": "html"},
        {
            "ref/models/querysets.txt": "https://docs.djangoproject.com/en/dev/ref/models/querysets.html",
            "ref/models/index.txt": "https://docs.djangoproject.com/en/dev/ref/models/index.html",
        },
    ),
    SiteCase(
        "sphinx-txt-string",  # the same, written `source_suffix = ".txt"`, with --drop-extensions
        {
            "docs/conf.py": "source_suffix = '.txt'\n",
            "docs/ref/models/querysets.txt": "QuerySet API\n============\n\nWords.\n",
            "docs/ref/models/index.txt": "Models\n======\n\nWords.\n",
        },
        "docs",
        {"base_url": "https://docs.djangoproject.com/en/dev/", "drop_extensions": True},
        {
            "ref/models/querysets.txt": "https://docs.djangoproject.com/en/dev/ref/models/querysets",
            "ref/models/index.txt": "https://docs.djangoproject.com/en/dev/ref/models/",
        },
    ),
    SiteCase(
        "sphinx-txt-no-source",  # a .txt that is no source (conf.py's extensions unknown: not skipped either)
        {
            "docs/conf.py": "extensions = load()\n",
            "docs/index.rst": "Home\n====\n\nWords.\n",
            "docs/notes.txt": "Notes.\n",
        },
        "docs",
        {"base_url": "https://docs.example/", "url_extension": "html"},
        {"index.rst": "https://docs.example/index.html", "notes.txt": "https://docs.example/notes.txt"},
    ),
    SiteCase(
        "mdbook",
        {
            "book/book.toml": "[book]\ntitle = 'x'\n",
            "book/src/SUMMARY.md": (
                "# Summary\n\n[Intro](README.md)\n\n- [Install](ch01-01-installation.md)\n"
                "- [Appendix](appendix/readme.md)\n- [Numbered](01-numbered.md)\n"
            ),
            "book/src/README.md": PAGE,
            "book/src/ch01-01-installation.md": PAGE,
            "book/src/appendix/readme.md": PAGE,
            "book/src/01-numbered.md": PAGE,
        },
        "book/src",
        {"base_url": "https://doc.rust-lang.org/book/", "url_extension": "html"},
        {
            "README.md": "https://doc.rust-lang.org/book/index.html",
            "ch01-01-installation.md": "https://doc.rust-lang.org/book/ch01-01-installation.html",
            "appendix/readme.md": "https://doc.rust-lang.org/book/appendix/index.html",
            "01-numbered.md": "https://doc.rust-lang.org/book/01-numbered.html",
        },
    ),
    SiteCase(
        "hugo",
        {
            "site/hugo.toml": "baseURL = 'https://gohugo.io/'\n",
            "site/content/_index.md": PAGE,
            "site/content/commands/_index.md": PAGE,
            "site/content/commands/hugo_server.md": PAGE,
            "site/content/about/index.md": PAGE,  # a leaf bundle's page
            "site/content/01-intro.md": PAGE,
            "site/content/posts/README.md": PAGE,
            "site/content/functions/TableOfContents.md": PAGE,
        },
        "site/content",
        {"base_url": "https://gohugo.io/", "drop_extensions": True},
        {
            "_index.md": "https://gohugo.io/",
            "commands/_index.md": "https://gohugo.io/commands/",
            "commands/hugo_server.md": "https://gohugo.io/commands/hugo_server/",
            "about/index.md": "https://gohugo.io/about/",
            "01-intro.md": "https://gohugo.io/01-intro/",
            "posts/README.md": "https://gohugo.io/posts/readme/",
            "functions/TableOfContents.md": "https://gohugo.io/functions/tableofcontents/",  # Hugo lowercases
        },
    ),
    SiteCase(
        "hugo-permalinks",  # indexed from the site's folder
        {"site/hugo.yaml": HUGO_PERMALINKS} | {f"site/{path}": text for path, text in HUGO_PERMALINK_PAGES.items()},
        "site",
        {"base_url": "https://docs.docker.com/", "drop_extensions": True},
        {f"content/{doc_id}": url for doc_id, url in HUGO_PERMALINK_URLS.items()},
    ),
    SiteCase(
        "hugo-permalinks-content",  # indexed from its content folder
        {"site/hugo.yaml": HUGO_PERMALINKS} | {f"site/{path}": text for path, text in HUGO_PERMALINK_PAGES.items()},
        "site/content",
        {"base_url": "https://docs.docker.com/", "drop_extensions": True},
        HUGO_PERMALINK_URLS,
    ),
    SiteCase(
        "docusaurus-blog",  # indexed from the site's folder: a blog post's date is folders of its URL
        {
            "website/docusaurus.config.js": (
                "module.exports = {plugins: [['content-docs', "
                "{id: 'architecture', path: 'architecture', routeBasePath: '/architecture'}]]};\n"
            ),
            "website/blog/2017-03-13-intro.md": PAGE,
            "website/blog/2021-08-01-launch/index.md": PAGE,
            "website/blog/undated.md": PAGE,
            "website/blog/2019-01-01-moved.md": "---\nslug: elsewhere\n---\n" + PAGE,
            "website/blog/2017/12-14-welcome.mdx": PAGE,  # Docusaurus's own blog: a year's folder
            "website/blog/team/2020-05-01-hello.md": PAGE,
            "website/blog/01-numbered.md": PAGE,  # the blog keeps number prefixes
            "website/src/pages/01-about.md": PAGE,  # and so do pages
            "website/static/files/guide.txt": "A guide.\n",  # a static file is served as it is, from the root
            "website/static/raw.md": PAGE,  # served unrendered: no page (test_js_sites.py)
            "website/docs/2021-11-release.md": PAGE,
            "website/docs/intro.md": "---\nslug: /start\n---\n" + PAGE,  # from the docs plugin's route
            "website/architecture/glossary.md": "---\nslug: /glossary\n---\n" + PAGE,  # React Native's plugin
        },
        "website",
        {"base_url": "https://docusaurus.io/", "drop_extensions": True},
        {
            "blog/2017-03-13-intro.md": "https://docusaurus.io/blog/2017/03/13/intro",
            "blog/2021-08-01-launch/index.md": "https://docusaurus.io/blog/2021/08/01/launch/",
            "blog/undated.md": "https://docusaurus.io/blog/undated",
            "blog/2019-01-01-moved.md": "https://docusaurus.io/blog/elsewhere",
            "blog/2017/12-14-welcome.mdx": "https://docusaurus.io/blog/2017/12/14/welcome",
            "blog/team/2020-05-01-hello.md": "https://docusaurus.io/blog/2020/05/01/team/hello",
            "blog/01-numbered.md": "https://docusaurus.io/blog/01-numbered",
            "src/pages/01-about.md": "https://docusaurus.io/01-about",
            "static/files/guide.txt": "https://docusaurus.io/files/guide.txt",
            "docs/2021-11-release.md": "https://docusaurus.io/docs/2021-11-release",  # a doc's date stays
            "docs/intro.md": "https://docusaurus.io/docs/start",
            "architecture/glossary.md": "https://docusaurus.io/architecture/glossary",
        },
    ),
    SiteCase(
        "docusaurus-docs-only",  # the docs plugin at the site's root, from a typed config
        {
            "site/docusaurus.config.ts": (
                "const config: Config = {\n  presets: [\n    [\n      'classic',\n"
                "      /** @type {import('@docusaurus/preset-classic').Options} */\n      ({\n"
                "        docs: { path: './guides', routeBasePath: '/', sidebarPath: require.resolve('./sidebars') },\n"
                "        blog: { routeBasePath: 'news', blogTitle: `News` },\n"
                "      }),\n    ],\n  ],\n"
                "  plugins: [['@docusaurus/plugin-content-docs', {id: 'community', path: 'community',\n"
                "    routeBasePath: base + '/community', ...common} satisfies Options]],\n};\nexport default config;\n"
            ),
            "site/guides/01-intro.md": PAGE,
            "site/guides/start/overview.mdx": "---\nslug: /\n---\n" + PAGE,  # the site's home page
            "site/guides/index.md": PAGE,
            "site/guides/api/calls.md": "---\nslug: /calls\n---\n" + PAGE,
            "site/blog/2020-01-02-hello.md": PAGE,
            "site/src/pages/about.md": PAGE,
            "site/community/support.md": "---\nslug: /help\n---\n" + PAGE,
        },
        "site",
        {"base_url": "https://example.dev/", "drop_extensions": True},
        {
            "guides/01-intro.md": "https://example.dev/intro",
            "guides/start/overview.mdx": "https://example.dev/",
            "guides/index.md": "https://example.dev/",
            "guides/api/calls.md": "https://example.dev/calls",
            "blog/2020-01-02-hello.md": "https://example.dev/news/2020/01/02/hello",
            "src/pages/about.md": "https://example.dev/about",
            "community/support.md": "https://example.dev/community/help",  # an expression: its folder's name
        },
    ),
    SiteCase(
        "docusaurus-blog-only",  # the blog at the site's root; the docs plugin's folder outside the site
        {
            "site/docusaurus.config.js": (
                "module.exports = { presets: [['@docusaurus/preset-classic', "
                "{ docs: { path: '../docs' }, blog: { routeBasePath: '/' } }]],\n"
                "  plugins: [['content-docs', { id: 'notes', path: 'notes', routeBasePath: 'notes', "
                "numberPrefixParser: false }]] };\n"
            ),
            "site/notes/01-first.md": PAGE,  # this plugin keeps number prefixes
            "site/blog/2017-03-13-intro.md": PAGE,
            "site/blog/about.md": PAGE,
        },
        "site",
        {"base_url": "https://example.dev/", "drop_extensions": True},
        {
            "notes/01-first.md": "https://example.dev/notes/01-first",
            "blog/2017-03-13-intro.md": "https://example.dev/2017/03/13/intro",
            "blog/about.md": "https://example.dev/about",
        },
    ),
    SiteCase(
        "jekyll",  # jekyllrb.com's own shape: collections with permalinks, posts, pages with permalinks of their own
        {
            "site/_config.yml": (
                "url: https://jekyllrb.com\ncollections:\n  docs:\n    permalink: /:collection/:path/\n"
                "    output: true\n  posts:\n    permalink: /news/:year/:month/:day/:title/\n    output: true\n"
                "exclude:\n  - readme.md\n"
            ),
            "site/_docs/configuration/options.md": "---\ntitle: Options\n---\n" + PAGE,
            "site/_docs/index.md": "---\npermalink: /docs/\n---\n" + PAGE,
            "site/_posts/2025-01-29-jekyll-4-4-1-released.markdown": PAGE,
            "site/_posts/2016-08-24-admin.md": "---\ndate: 2016-08-25 10:00:00 -0700\n---\n" + PAGE,
            "site/pages/philosophy.md": "---\npermalink: /philosophy/\n---\n" + PAGE,
            "site/pages/news.html": (
                "---\ntitle: News\npermalink: /news/\n---\n<h1>News</h1><p>{% for p in site.posts %}x{% endfor %}</p>\n"
            ),
            "site/about.md": PAGE,  # no front matter: a page all the same, on GitHub Pages
            "site/guides/index.md": PAGE,
            "site/notes/README.md": PAGE,  # a folder without an index: its README is its page
            "site/latest_version.txt": "4.4.1\n",
        },
        "site",
        {"base_url": "https://jekyllrb.com/", "drop_extensions": True},
        {
            "_docs/configuration/options.md": "https://jekyllrb.com/docs/configuration/options/",
            "_docs/index.md": "https://jekyllrb.com/docs/",
            "_posts/2025-01-29-jekyll-4-4-1-released.markdown": "https://jekyllrb.com/news/2025/01/29/jekyll-4-4-1-released/",
            "_posts/2016-08-24-admin.md": "https://jekyllrb.com/news/2016/08/25/admin/",  # the front matter's date
            "pages/philosophy.md": "https://jekyllrb.com/philosophy/",
            "pages/news.html": "https://jekyllrb.com/news/",
            "about.md": "https://jekyllrb.com/about",
            "guides/index.md": "https://jekyllrb.com/guides/",
            "notes/README.md": "https://jekyllrb.com/notes/",
            "latest_version.txt": "https://jekyllrb.com/latest_version.txt",
        },
    ),
    SiteCase(
        "jekyll-defaults",  # no permalinks of its own: Jekyll's date style, pages as .html
        {
            "site/_config.yml": "title: Blog\n",
            "site/_posts/2024-03-05-hello-world.md": "---\ncategories: [Release, notes]\n---\n" + PAGE,
            "site/docs/setup.md": PAGE,
            "site/index.md": PAGE,
        },
        "site",
        {"base_url": "https://blog.example/", "url_extension": "html"},
        {
            "_posts/2024-03-05-hello-world.md": "https://blog.example/release/notes/2024/03/05/hello-world.html",
            "docs/setup.md": "https://blog.example/docs/setup.html",
            "index.md": "https://blog.example/",
        },
    ),
    SiteCase(
        "sphinx-dirhtml",  # Read the Docs builds it with dirhtml (.readthedocs.yaml at the repository's root)
        {
            "repo/.readthedocs.yaml": "version: 2\nsphinx:\n  configuration: source/conf.py\n  builder: dirhtml\n",
            "repo/source/conf.py": "project = 'x'\n",
            "repo/source/tutorials/installing-packages.rst": "Installing\n==========\n\nWords.\n",
            "repo/source/guides/index.rst": "Guides\n======\n\nWords.\n",
        },
        "repo/source",
        {"base_url": "https://packaging.python.org/en/latest/", "drop_extensions": True},
        {
            "tutorials/installing-packages.rst": "https://packaging.python.org/en/latest/tutorials/installing-packages/",
            "guides/index.rst": "https://packaging.python.org/en/latest/guides/",
        },
    ),
    SiteCase(
        "nextra",  # authjs.dev: a Next.js site whose pages/ folder holds the routes
        {
            "site/next.config.js": "module.exports = withNextra({})\n",
            "site/pages/guides/debugging.mdx": PAGE,
            "site/pages/index.mdx": PAGE,
            "site/pages/_meta.js": "export default {}\n",
        },
        "site",
        {"base_url": "https://authjs.dev/", "drop_extensions": True},
        {
            "pages/guides/debugging.mdx": "https://authjs.dev/guides/debugging",
            "pages/index.mdx": "https://authjs.dev/",
        },
    ),
    SiteCase(
        "nextjs-content",  # react.dev: its pages in src/content/, a folder's page served without a slash
        {
            "site/next.config.js": "const nextConfig = {\n  pageExtensions: ['js', 'md'],\n};\n",
            "site/src/content/index.md": PAGE,
            "site/src/content/learn/index.md": PAGE,
            "site/src/content/reference/react/useState.md": PAGE,
        },
        "site/src/content",
        {"base_url": "https://react.dev", "drop_extensions": True},
        {
            "index.md": "https://react.dev/",
            "learn/index.md": "https://react.dev/learn",
            "reference/react/useState.md": "https://react.dev/reference/react/useState",
        },
    ),
    SiteCase(
        "nextjs-catch-all",  # react.dev from its own folder: its catch-all route reads src/content/
        {
            "site/next.config.js": "const nextConfig = {\n  pageExtensions: ['js', 'md'],\n};\n",
            "site/src/pages/[[...markdownPath]].js": (
                "import Page from '../components/Layout/Page';\n"
                "export async function getStaticProps(context) {\n"
                "  const rootDir = process.cwd() + '/src/content/';\n}\n"
            ),
            "site/src/components/Layout/Page.tsx": "export default function Page() {}\n",
            "site/src/content/learn/index.md": PAGE,
            "site/src/content/learn/thinking-in-react.md": PAGE,
        },
        "site",
        {"base_url": "https://react.dev", "drop_extensions": True},
        {
            "src/content/learn/index.md": "https://react.dev/learn",
            "src/content/learn/thinking-in-react.md": "https://react.dev/learn/thinking-in-react",
        },
    ),
    SiteCase(
        "nextjs-trailing-slash",  # `trailingSlash: true` serves every page as a folder
        {
            "site/next.config.js": "module.exports = {\n  trailingSlash: true,\n};\n",
            "site/pages/learn/index.md": PAGE,
            "site/pages/learn/setup.md": PAGE,
        },
        "site/pages",
        {"base_url": "https://next.example/", "drop_extensions": True},
        {"learn/index.md": "https://next.example/learn/", "learn/setup.md": "https://next.example/learn/setup/"},
    ),
    SiteCase(
        "nextra-locales",  # swr-site (Nextra 2): a page's locale in its name, the default's served without it
        {
            "site/next.config.js": 'module.exports = require("nextra")({})({ i18n: { locales: ["en-US", "zh-CN"], '
            'defaultLocale: "en-US" } });\n',
            "site/pages/index.en-US.mdx": PAGE,
            "site/pages/index.zh-CN.mdx": PAGE,
            "site/pages/docs/api.en-US.mdx": PAGE,
            "site/pages/docs/advanced/cache.zh-CN.mdx": PAGE,
            "site/pages/docs/about.mdx": PAGE,
        },
        "site",
        {"base_url": "https://swr.vercel.app/", "drop_extensions": True, "languages": "all"},
        {
            "pages/index.en-US.mdx": "https://swr.vercel.app/",
            "pages/index.zh-CN.mdx": "https://swr.vercel.app/zh-CN",  # as Next.js serves it, with no slash
            "pages/docs/api.en-US.mdx": "https://swr.vercel.app/docs/api",
            "pages/docs/advanced/cache.zh-CN.mdx": "https://swr.vercel.app/zh-CN/docs/advanced/cache",
            "pages/docs/about.mdx": "https://swr.vercel.app/docs/about",
        },
    ),
    SiteCase(
        "nextra-app",  # nextra.site (Nextra 4): each page.mdx of app/ is its folder's route, a route group no part
        {
            "site/next.config.ts": "import nextra from 'nextra'\nexport default nextra({})({})\n",
            "site/app/page.mdx": PAGE,
            "site/app/docs/guide/search/page.mdx": PAGE,
            "site/app/(blog)/posts/page.md": PAGE,
        },
        "site",
        {"base_url": "https://nextra.site/", "drop_extensions": True},
        {
            "app/page.mdx": "https://nextra.site/",
            "app/docs/guide/search/page.mdx": "https://nextra.site/docs/guide/search",
            "app/(blog)/posts/page.md": "https://nextra.site/posts",
        },
    ),
    SiteCase(
        "nextra-content",  # Nextra 4's docs template: src/content/ served under contentDirBasePath
        {
            "site/next.config.mjs": "import nextra from 'nextra'\nexport default nextra({ contentDirBasePath: "
            "'/docs' })({})\n",
            "site/src/app/layout.jsx": "export default function Layout() {}\n",
            "site/src/content/index.mdx": PAGE,
            "site/src/content/features/i18n.mdx": PAGE,
            "site/src/content/themes/docs/index.mdx": PAGE,
        },
        "site",
        {"base_url": "https://template.example/", "drop_extensions": True},
        {
            "src/content/index.mdx": "https://template.example/docs",
            "src/content/features/i18n.mdx": "https://template.example/docs/features/i18n",
            "src/content/themes/docs/index.mdx": "https://template.example/docs/themes/docs",
        },
    ),
    SiteCase(
        "nextra-content-trailing-slash",  # Nextra 4 under Next.js's `trailingSlash: true`: every route a folder
        {
            "site/next.config.mjs": "import nextra from 'nextra'\nexport default nextra({})({ trailingSlash: true })\n",
            "site/app/layout.jsx": "export default function Layout() {}\n",
            "site/content/index.mdx": PAGE,
            "site/content/features/i18n.mdx": PAGE,
            "site/content/themes/index.mdx": PAGE,
        },
        "site",
        {"base_url": "https://template.example/", "drop_extensions": True},
        {
            "content/index.mdx": "https://template.example/",
            "content/features/i18n.mdx": "https://template.example/features/i18n/",
            "content/themes/index.mdx": "https://template.example/themes/",
        },
    ),
    SiteCase(
        "antora",  # docs.asciidoctor.org's component: modules/<module>/pages/ are the pages
        {
            "docs/antora.yml": "name: asciidoctor\nversion: '2.1'\n",
            "docs/modules/ROOT/pages/install/index.adoc": "= Install\n\nWords.\n",
            "docs/modules/api/pages/options.adoc": "= Options\n\nWords.\n",
            "docs/modules/ROOT/nav.adoc": "* xref:index.adoc[]\n",
        },
        "docs",
        {"base_url": "https://docs.asciidoctor.org/asciidoctor/latest/", "url_extension": "html"},
        {
            "modules/ROOT/pages/install/index.adoc": "https://docs.asciidoctor.org/asciidoctor/latest/install/index.html",
            "modules/api/pages/options.adoc": "https://docs.asciidoctor.org/asciidoctor/latest/api/options.html",
        },
    ),
    SiteCase(
        "sphinx-dirhtml-command",  # Flask's: a build command of its own names the builder
        {
            "repo/.readthedocs.yaml": (
                "version: 2\nbuild:\n  commands:\n"
                "    - uv run sphinx-build -W -b dirhtml docs $READTHEDOCS_OUTPUT/html\n"
            ),
            "repo/docs/conf.py": "project = 'x'\n",
            "repo/docs/quickstart.rst": "Quickstart\n==========\n\nWords.\n",
        },
        "repo/docs",
        {"base_url": "https://flask.palletsprojects.com/en/stable/", "drop_extensions": True},
        {"quickstart.rst": "https://flask.palletsprojects.com/en/stable/quickstart/"},
    ),
    SiteCase(
        "hugo-slugs",  # a slug is served as Hugo serves any page: lowercased, with a trailing slash
        {
            "site/hugo.toml": "baseURL = 'https://gohugo.io/'\n",
            "site/content/posts/first.md": "---\nslug: My-Post\n---\n" + PAGE,
            "site/content/about.md": "---\nslug: /A-Propos\n---\n" + PAGE,
        },
        "site/content",
        {"base_url": "https://gohugo.io/", "drop_extensions": True},
        {
            "posts/first.md": "https://gohugo.io/posts/my-post/",
            "about.md": "https://gohugo.io/a-propos/",
        },
    ),
    SiteCase(
        "mkdocs",
        {
            "project/mkdocs.yml": "site_name: x\n",
            "project/docs/user-guide/README.md": PAGE,
            "project/docs/about/readme.md": PAGE,  # MkDocs takes README in capitals only
            "project/docs/01-intro.md": PAGE,
        },
        "project/docs",
        {"base_url": "https://www.mkdocs.org/", "drop_extensions": True},
        {
            "user-guide/README.md": "https://www.mkdocs.org/user-guide/",
            "about/readme.md": "https://www.mkdocs.org/about/readme/",  # each page a folder: use_directory_urls
            "01-intro.md": "https://www.mkdocs.org/01-intro/",
        },
    ),
    SiteCase(
        "mkdocs-project",  # indexed from the folder of mkdocs.yml, as FastAPI's docs/en: docs_dir is served at the root
        {
            "project/mkdocs.yml": "site_name: x\ntheme:\n  custom_dir: overrides\n",
            "project/docs/index.md": PAGE,
            "project/docs/tutorial/first-steps.md": PAGE,
            "project/pages/other.md": "---\ntitle: Not a page\n---\n" + PAGE,
        },
        "project",
        {"base_url": "https://fastapi.example/", "drop_extensions": True},
        {
            "docs/index.md": "https://fastapi.example/",
            "docs/tutorial/first-steps.md": "https://fastapi.example/tutorial/first-steps/",
        },
    ),
    SiteCase(
        "mkdocs-docs-dir",  # a docs_dir of its own
        {"p/mkdocs.yml": "site_name: x\ndocs_dir: content\n", "p/content/setup/install.md": PAGE},
        "p",
        {"base_url": "https://docs.example/", "drop_extensions": True},
        {"content/setup/install.md": "https://docs.example/setup/install/"},
    ),
    SiteCase(
        "mkdocs-flat",  # use_directory_urls: false serves the pages as .html files
        {
            "project/mkdocs.yml": "site_name: x\nuse_directory_urls: false\n",
            "project/docs/setup/install.md": PAGE,
            "project/docs/index.md": PAGE,
        },
        "project/docs",
        {"base_url": "https://docs.example/", "url_extension": "html"},
        {"setup/install.md": "https://docs.example/setup/install.html", "index.md": "https://docs.example/index.html"},
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_urls_are_those_the_site_serves(tmp_path: Path, case: SiteCase) -> None:
    for path, text in case.files.items():
        write(tmp_path, path, text)
    index_dir = tmp_path / "index"
    index(tmp_path / case.docs, index_dir, **case.settings)
    urls = {doc_id: document(index_dir, doc_id).url for doc_id in case.urls}
    assert urls == case.urls


def test_a_hugo_permalink_too_long_to_serve_leaves_the_page_at_its_own_path(tmp_path: Path) -> None:
    """A pattern that repeats `:title` with a long title would make a path of megabytes, worked out token by
    token (35 s a page for 2,000 tokens), and a page with no title (or front matter too long to read) would be
    served at the site's root: each keeps the path its file gives it."""
    tokens = "/".join([":title"] * 60)
    write(tmp_path, "site/hugo.yaml", f"baseURL: https://x.dev/\npermalinks:\n  page:\n    blog: /{tokens}/\n")
    write(tmp_path, "site/content/blog/long.md", f"---\ntitle: {'word ' * 200}\n---\n" + PAGE)
    write(tmp_path, "site/content/blog/huge.md", f"---\ntitle: {'word ' * 20_000}\n---\n" + PAGE)
    write(tmp_path, "site/content/blog/untitled.md", PAGE)
    write(tmp_path, "site/content/blog/short.md", "---\ntitle: Hello There\n---\n" + PAGE)
    index(tmp_path / "site", tmp_path / "index", base_url="https://x.dev/", drop_extensions=True)
    for name in ("long", "huge", "untitled"):
        assert document(tmp_path / "index", f"content/blog/{name}.md").url == f"https://x.dev/blog/{name}/"
    assert document(tmp_path / "index", "content/blog/short.md").url == "https://x.dev/" + "hello-there/" * 60


@pytest.mark.parametrize(
    ("marker", "docs"),
    [
        ("website/docusaurus.config.js", "website/docs"),
        ("website/docs/docusaurus.config.mjs", "website/docs"),
        ("website/docusaurus.config.ts", "website/versioned_docs/version-2.x"),
        ("website/docs/guides/_category_.json", "website/docs"),
        ("website/docs/api/_category_.yml", "website/docs"),
    ],
)
def test_a_docusaurus_site_is_known_by_its_config_above_or_its_category_files(
    tmp_path: Path, marker: str, docs: str
) -> None:
    write(tmp_path, marker, "{}\n")
    write(tmp_path, f"{docs}/01-intro.md", PAGE)
    write(tmp_path, f"{docs}/api/README.md", PAGE)
    index(tmp_path / docs, tmp_path / "index", base_url="https://site.example/docs/", drop_extensions=True)
    assert document(tmp_path / "index", "01-intro.md").url == "https://site.example/docs/intro"
    assert document(tmp_path / "index", "api/README.md").url == "https://site.example/docs/api/"


@pytest.mark.parametrize(
    ("plugin", "docs", "numbered"),
    [
        ("presets: [['classic', {docs: {path: '../docs', routeBasePath: '/'}}]]", "docs", True),
        ("presets: [['classic', {docs: {path: '../docs'}}]]", "docs/guides", True),
        ("plugins: [['content-docs', {id: 'api', path: '../api', numberPrefixParser: false}]]", "api", False),
    ],
)
def test_a_docs_folder_beside_the_docusaurus_site_that_reads_it_gets_its_rules(
    tmp_path: Path, plugin: str, docs: str, numbered: bool
) -> None:
    """Redux keeps its site in website/ and its pages in docs/ beside it (`path: '../docs'`): indexed from docs/,
    the pages were cited at their file names (`introduction/GettingStarted`, where the site serves the page's id,
    `introduction/getting-started`) and its partials were pages. A config there that reads no such folder decides
    nothing."""
    write(tmp_path, "repo/.git/HEAD", "ref: refs/heads/main\n")
    write(tmp_path, "repo/website/docusaurus.config.js", f"export default {{{plugin}}};\n")
    write(tmp_path, "repo/other/docusaurus.config.js", "export default {presets: [['classic', {}]]};\n")
    write(tmp_path, f"repo/{docs}/intro/GettingStarted.md", "---\nid: getting-started\n---\n# Start\n\nHello.\n")
    write(tmp_path, f"repo/{docs}/01-setup.md", PAGE)
    write(tmp_path, f"repo/{docs}/_partial.mdx", PAGE)
    report = index(tmp_path / "repo" / docs, tmp_path / "index", base_url="https://x.dev/", drop_extensions=True)
    assert document(tmp_path / "index", "intro/GettingStarted.md").url == "https://x.dev/intro/getting-started"
    assert document(tmp_path / "index", "01-setup.md").url == f"https://x.dev/{'setup' if numbered else '01-setup'}"
    assert list(skipped(report)) == ["_partial.mdx"]
    assert report.site == "Docusaurus"


def test_a_docusaurus_site_beside_docs_outweighs_a_gitbook_config_above_it(tmp_path: Path) -> None:
    """Redux's repository root still holds a .gitbook.yaml from 2018 (its summary, docs/README.md, is gone) beside
    the website/ that reads docs/: indexed from docs/, the pages were read as a GitBook space's, so their URLs kept
    the file's name (`faq/General`, served at `faq/general`), its partials were pages and the summary advised
    GitBook's rules."""
    write(tmp_path, "repo/.git/HEAD", "ref: refs/heads/main\n")
    write(tmp_path, "repo/.gitbook.yaml", "structure:\n  readme: README.md\n  summary: docs/README.md\n")
    write(tmp_path, "repo/website/docusaurus.config.ts", "export default {presets: [['classic', {docs: "
          "{path: '../docs', routeBasePath: '/'}}]]};\n")  # fmt: skip
    write(tmp_path, "repo/docs/faq/General.md", "---\nid: general\n---\n# General\n\nZebracorn.\n")
    write(tmp_path, "repo/docs/components/_Warning.mdx", PAGE)
    report = index(tmp_path / "repo" / "docs", tmp_path / "index", base_url="https://x.dev/", drop_extensions=True)
    assert document(tmp_path / "index", "faq/General.md").url == "https://x.dev/faq/general"
    assert list(skipped(report)) == ["components/_Warning.mdx"]
    assert report.site == "Docusaurus"


@pytest.mark.parametrize(
    ("route", "served"), [("'/'", "https://redux.example/"), ("'guide'", "https://redux.example/base/guide/")]
)
def test_the_summary_gives_the_address_of_the_docusaurus_site_beside_docs(
    tmp_path: Path, indexer_main: Main, route: str, served: str
) -> None:
    """Redux's docs/, read by website/docusaurus.config.ts (`url: 'https://redux.js.org'`, `path: '../docs'`), was
    told to give `--base-url https://SITE`, though the config names the address and the route its pages are at."""
    base = "/" if route == "'/'" else "/base/"
    write(tmp_path, "repo/.git/HEAD", "ref: refs/heads/main\n")
    write(tmp_path, "repo/website/docusaurus.config.ts", f"export default {{url: 'https://redux.example', baseUrl: "
          f"'{base}', presets: [['classic', {{docs: {{path: '../docs', routeBasePath: {route}}}}}]]}};\n")  # fmt: skip
    write(tmp_path, "repo/docs/faq/General.md", "---\nid: general\n---\n# General\n\nZebracorn.\n")
    bare = indexer_main(tmp_path / "repo/docs", "--index", tmp_path / "index", "--no-embeddings")
    assert f"the site's config says it is served at {served}: --base-url {served} --drop-extensions cites" in bare.err
    indexer_main(
        tmp_path / "repo/docs",
        "--index",
        tmp_path / "index",
        "--no-embeddings",
        "--base-url",
        served,
        "--drop-extensions",
    )
    assert document(tmp_path / "index", "faq/General.md").url == f"{served}faq/general"
    below = indexer_main(tmp_path / "repo/docs/faq", "--index", tmp_path / "below", "--no-embeddings")
    assert "served at" not in below.err  # its pages' ids lack faq/: no address of the site's is theirs


def test_a_repository_root_with_gitbooks_files_is_told_of_the_docusaurus_site_below_it(
    tmp_path: Path, indexer_main: Main
) -> None:
    """Redux's root, indexed as a user first would, was read as a GitBook space (its .gitbook.yaml from 2018) and
    the summary said nothing of website/, which reads docs/: every URL the advice gave was wrong."""
    write(tmp_path, "repo/.git/HEAD", "ref: refs/heads/main\n")
    write(tmp_path, "repo/.gitbook.yaml", "structure:\n  readme: README.md\n  summary: docs/README.md\n")
    write(tmp_path, "repo/README.md", PAGE)
    write(tmp_path, "repo/website/docusaurus.config.js", "export default {presets: [['classic', {docs: "
          "{path: '../docs', routeBasePath: '/'}}]]};\n")  # fmt: skip
    write(tmp_path, "repo/docs/intro.md", PAGE)
    root = indexer_main(tmp_path / "repo", "--index", tmp_path / "root", "--no-embeddings")
    assert "DOCS holds GitBook's files, but docs/ holds a site (Docusaurus) too: if that site publishes" in root.err
    quiet = indexer_main(tmp_path / "repo", "--index", tmp_path / "root", "--no-embeddings", "-q")
    assert "holds a site" not in quiet.err
    write(tmp_path, "book/.gitbook.yaml", "root: ./\n")  # GitBook's own space: nothing else to tell of
    write(tmp_path, "book/README.md", PAGE)
    book = indexer_main(tmp_path / "book", "--index", tmp_path / "book-index", "--no-embeddings")
    assert "holds a site" not in book.err and "built with GitBook" in book.err


def test_a_docusaurus_site_beside_docs_that_reads_another_folder_decides_nothing(tmp_path: Path) -> None:
    write(tmp_path, "repo/.git/HEAD", "ref: refs/heads/main\n")
    write(tmp_path, "repo/website/docusaurus.config.js", "export default {presets: [['classic', {}]]};\n")
    write(tmp_path, "repo/docs/01-Setup.md", PAGE)
    report = index(tmp_path / "repo" / "docs", tmp_path / "index", base_url="https://x.dev/", drop_extensions=True)
    assert document(tmp_path / "index", "01-Setup.md").url == "https://x.dev/01-Setup"
    assert report.site == ""


def test_a_content_plugin_the_config_turns_off_builds_no_page(tmp_path: Path) -> None:
    write(tmp_path, "site/docusaurus.config.js", "export default {presets: [['classic', {blog: false}]]};\n")
    write(tmp_path, "site/blog/2017-03-13-intro.md", PAGE)
    write(tmp_path, "site/docs/intro.md", PAGE)
    report = index(tmp_path / "site", tmp_path / "index", base_url="https://example.dev/", drop_extensions=True)
    assert all_ids(tmp_path / "index") == ["docs/intro.md"]
    assert skipped(report) == {
        "blog/2017-03-13-intro.md": "the config turns Docusaurus's blog plugin off (blog: false), so it builds no "
        "page of it"
    }
    assert all(item.by_design for item in report.skipped)


@pytest.mark.parametrize(
    ("plugins", "kept"),
    [
        ("['content-docs', {id: 'api', path: 'api'}]", []),
        ("['content-docs', {id: 'api', path: apiFolder}]", ["README.md", "notes/old.md"]),  # api/ could be any
        ("['content-docs', {id: 'api', path: 'api'}], somePlugin()", ["README.md", "notes/old.md"]),
    ],
)
def test_a_page_outside_the_folders_of_a_docusaurus_sites_content_plugins_is_none(
    tmp_path: Path, plugins: str, kept: list[str]
) -> None:
    """The repository's README beside docusaurus.config.js is no page of the site (it had been cited at the
    site's root); nor is a folder no content plugin reads. Not when the config leaves unknown what they read."""
    write(tmp_path, "site/docusaurus.config.js", f"export default {{presets: ['classic'], plugins: [{plugins}]}};\n")
    for path in ("README.md", "notes/old.md", "docs/intro.md", "api/calls.md", "static/guide.pdf"):
        write(tmp_path, f"site/{path}", PAGE if path.endswith(".md") else make_pdf(["A guide."]))
    report = index(tmp_path / "site", tmp_path / "index", base_url="https://example.dev/", drop_extensions=True)
    assert all_ids(tmp_path / "index") == sorted(["api/calls.md", "docs/intro.md", "static/guide.pdf", *kept])
    why = "outside the folders of the site's content plugins (docs/, blog/, src/pages/, api/): no page of the site"
    assert skipped(report) == {path: why for path in ("README.md", "notes/old.md") if path not in kept}


def test_an_mkdocs_project_folder_serves_the_pages_of_its_docs_dir_only(tmp_path: Path) -> None:
    """FastAPI's docs/en holds mkdocs.yml, docs/ and the theme's overrides/: its Jinja templates were pages, and
    every URL had a /docs/ the site does not serve."""
    write(tmp_path, "en/mkdocs.yml", "site_name: x\ntheme:\n  name: material\n  custom_dir: overrides\n")
    write(tmp_path, "en/docs/index.md", PAGE)
    write(tmp_path, "en/overrides/main.html", "{% extends 'base.html' %}<p>Sponsors</p>")
    write(tmp_path, "en/README.md", PAGE)
    report = index(tmp_path / "en", tmp_path / "index")
    assert all_ids(tmp_path / "index") == ["docs/index.md"]
    assert set(skipped(report)) == {"overrides/main.html", "README.md"}
    assert all("MkDocs's docs_dir" in reason for reason in skipped(report).values())


def test_an_empty_file_outside_the_docs_dir_is_no_page_rather_than_a_fault(tmp_path: Path) -> None:
    """Indexed from its repository's root, Ruff's 668 files outside docs/ were one line of the summary, but a test
    fixture's empty file stood out as "empty file", a fault to look at. It is no page of the site either; an empty
    page in docs/ is still said to be empty."""
    write(tmp_path, "repo/mkdocs.yml", "site_name: x\n")
    write(tmp_path, "repo/docs/index.md", PAGE)
    write(tmp_path, "repo/docs/empty.md", "")
    write(tmp_path, "repo/crates/fixtures/test.txt", "")
    report = index(tmp_path / "repo", tmp_path / "index")
    assert skipped(report) == {
        "crates/fixtures/test.txt": "outside the site's docs/ folder (MkDocs's docs_dir): no page of the site",
        "docs/empty.md": "empty file",
    }


PYDANTIC_MKDOCS = """site_name: x
theme:
  name: material
  custom_dir: docs/theme
markdown_extensions:
  - pymdownx.emoji:
      emoji_index: !!python/name:material.extensions.emoji.twemoji
site_url: !ENV [READTHEDOCS_CANONICAL_URL, "https://example.dev/"]
use_directory_urls: false
exclude_docs: |
  drafts/
  /notes.md
  *.tmp.md
  !keep.tmp.md
plugins:
  - exclude:
      glob:
        - plugins/*
      regex:
        - '.*\\.snippet\\.md$'
"""


def test_an_mkdocs_config_with_python_tags_is_read_and_its_excluded_files_are_no_pages(tmp_path: Path) -> None:
    """pydantic's mkdocs.yml names Python objects (`!!python/name:`) and the environment (`!ENV`): the whole
    config read as unreadable, so its nav, use_directory_urls and the rest were unseen. Its theme's custom_dir in
    docs/ (Jinja templates) and what its exclude plugin leaves out were indexed as pages."""
    write(tmp_path, "mkdocs.yml", PYDANTIC_MKDOCS)
    pages = ["index.md", "guide/notes.md", "keep.tmp.md", "plugins.md"]
    left_out = {
        "docs/theme/main.html": "in the theme's custom_dir (theme/: templates and overrides): no page of the site",
        "docs/drafts/idea.md": "excluded by mkdocs.yml's exclude_docs (drafts/): no page of the site",
        "docs/notes.md": "excluded by mkdocs.yml's exclude_docs (/notes.md): no page of the site",
        "docs/guide/scratch.tmp.md": "excluded by mkdocs.yml's exclude_docs (*.tmp.md): no page of the site",
        "docs/plugins/output.html": "excluded by the exclude plugin of mkdocs.yml (glob: plugins/*): no page of the "
        "site",
        "docs/part.snippet.md": "excluded by the exclude plugin of mkdocs.yml (regex: .*\\.snippet\\.md$): no page "
        "of the site",
    }
    for path in [f"docs/{page}" for page in pages] + list(left_out):
        write(tmp_path, path, "{% extends 'base.html' %}" if path.endswith(".html") else PAGE)
    report = index(tmp_path, tmp_path / "index", base_url="https://example.dev/", url_extension="html")
    assert all_ids(tmp_path / "index") == sorted(f"docs/{page}" for page in pages)
    assert skipped(report) == left_out
    assert document(tmp_path / "index", "docs/guide/notes.md").url == "https://example.dev/guide/notes.html"


def test_an_mkdocs_exclude_docs_line_that_is_no_pattern_leaves_nothing_out(tmp_path: Path) -> None:
    write(tmp_path, "mkdocs.yml", "site_name: x\nexclude_docs: |\n  [z-a]\n  drafts/\n")
    write(tmp_path, "docs/index.md", PAGE)
    write(tmp_path, "docs/drafts/idea.md", PAGE)
    report = index(tmp_path, tmp_path / "index")
    assert all_ids(tmp_path / "index") == ["docs/drafts/idea.md", "docs/index.md"]
    assert skipped(report) == {}


BASE_MKDOCS = """site_name: x
use_directory_urls: false
theme:
  name: material
  custom_dir: docs/overrides
exclude_docs: |
  drafts/
plugins:
  search:
  exclude:
    glob:
      - snippets/*
"""


def test_an_mkdocs_config_with_a_date_that_does_not_exist_is_unreadable_and_stops_nothing(tmp_path: Path) -> None:
    """`extra: {released: 2024-02-30}` in mkdocs.yml made PyYAML fail with a ValueError, which stopped the run."""
    write(tmp_path, "mkdocs.yml", "site_name: x\nextra:\n  released: 2024-02-30\n")
    write(tmp_path, "docs/guide.md", PAGE)
    index(tmp_path / "docs", tmp_path / "index", base_url="https://example.dev/", drop_extensions=True)
    assert document(tmp_path / "index", "guide.md").url == "https://example.dev/guide/"


def test_an_mkdocs_config_has_the_settings_of_the_config_it_inherits(tmp_path: Path) -> None:
    """A mkdocs.yml that says `INHERIT: base.yml` (fastapi's translations, Textual's configs) is built with the
    settings of both, its own winning: only its own were read, so the inherited use_directory_urls, exclude_docs,
    theme custom_dir and exclude plugin were unseen (URLs that 404, templates, drafts and snippets as pages). A
    change to the inherited file is seen on the next run, as one to mkdocs.yml is."""
    write(tmp_path, "base.yml", BASE_MKDOCS)
    write(tmp_path, "mkdocs.yml", "INHERIT: base.yml\ntheme:\n  palette: {scheme: slate}\nplugins:\n  blog:\n")
    for path in ("docs/index.md", "docs/guide/setup.md", "docs/drafts/idea.md", "docs/snippets/part.md"):
        write(tmp_path, path, PAGE)
    write(tmp_path, "docs/overrides/main.html", "{% extends 'base.html' %}")
    settings: dict[str, Any] = {"base_url": "https://example.dev/", "url_extension": "html"}
    report = index(tmp_path, tmp_path / "index", **settings)
    assert all_ids(tmp_path / "index") == ["docs/guide/setup.md", "docs/index.md"]
    assert skipped(report) == {
        "docs/overrides/main.html": "in the theme's custom_dir (overrides/: templates and overrides): no page of the "
        "site",
        "docs/drafts/idea.md": "excluded by mkdocs.yml's exclude_docs (drafts/): no page of the site",
        "docs/snippets/part.md": "excluded by the exclude plugin of mkdocs.yml (glob: snippets/*): no page of the site",
    }
    assert document(tmp_path / "index", "docs/guide/setup.md").url == "https://example.dev/guide/setup.html"
    write(tmp_path, "base.yml", BASE_MKDOCS.replace("  drafts/", "  guide/").replace("false", "true"))
    index(tmp_path, tmp_path / "index", base_url="https://example.dev/", drop_extensions=True)
    assert all_ids(tmp_path / "index") == ["docs/drafts/idea.md", "docs/index.md"]
    assert document(tmp_path / "index", "docs/drafts/idea.md").url == "https://example.dev/drafts/idea/"


@pytest.mark.parametrize(
    "configs",
    [
        {"mkdocs.yml": "INHERIT: base.yml\nsite_name: x\n", "base.yml": "INHERIT: mkdocs.yml\ndocs_dir: content\n"},
        {"mkdocs.yml": "INHERIT: ./base.yml\nsite_name: x\n", "base.yml": "INHERIT: base.yml\ndocs_dir: content\n"},
        {"mkdocs.yml": "INHERIT: ../missing.yml\nsite_name: x\ndocs_dir: content\n"},
    ],
)
def test_mkdocs_configs_that_inherit_in_a_cycle_or_a_missing_file_are_read_once(
    tmp_path: Path, configs: dict[str, str]
) -> None:
    for name, text in configs.items():
        write(tmp_path, name, text)
    write(tmp_path, "content/guide/setup.md", PAGE)
    index(tmp_path, tmp_path / "index", base_url="https://example.dev/", drop_extensions=True)
    assert document(tmp_path / "index", "content/guide/setup.md").url == "https://example.dev/guide/setup/"


TEXTUAL_COMMON = """site_name: Zebra
markdown_extensions:
  - pymdownx.snippets
theme:
  name: material
  custom_dir: docs/custom_theme
plugins:
  search:
  exclude:
    glob:
      - "snippets/*"
"""


def textual_repository(root: Path) -> Path:
    """A repository in the shape of Textual's: no mkdocs.yml, but mkdocs-online.yml (the published site) and
    mkdocs-offline.yml (without the blog), both inheriting mkdocs-common.yml, and mkdocs-nav.yml (a nav that its
    Makefile appends); the pages in docs/, whose snippets are paths from the repository's root."""
    write(root, ".git/HEAD", "ref: refs/heads/main\n")
    write(root, "mkdocs-common.yml", TEXTUAL_COMMON)
    write(
        root, "mkdocs-online.yml", "INHERIT: mkdocs-common.yml\nsite_url: https://zebra.example/\nplugins:\n  blog:\n"
    )
    write(root, "mkdocs-offline.yml", "INHERIT: mkdocs-common.yml\nplugins:\n  exclude:\n    glob:\n      - blog/*\n")
    write(root, "mkdocs-nav.yml", "nav:\n  - index.md\n")
    write(root, "docs/index.md", '# Zebra\n\n```python\n--8<-- "docs/examples/app.py"\n```\n')
    write(root, "docs/examples/app.py", "print('quokkaberry')\n")
    write(root, "docs/blog/post.md", PAGE)
    write(root, "docs/snippets/part.md", PAGE)
    write(root, "docs/custom_theme/main.html", "{% extends 'base.html' %}")
    return root / "docs"


def test_a_site_built_from_named_mkdocs_configs_is_an_mkdocs_site(tmp_path: Path) -> None:
    """Textual builds its site with `mkdocs build -f mkdocs-online.yml` and has no mkdocs.yml: its docs/ was no
    MkDocs site. The snippets of its pages (`--8<-- "docs/examples/app.py"`) were not found (704 warnings), its
    theme's templates and its snippets were pages, and its URLs lacked MkDocs' trailing slash. The site read is
    the published one (mkdocs-online.yml gives its site_url), not the offline build without the blog."""
    repo = tmp_path / "repo"
    docs = textual_repository(repo)
    report = index(
        docs, tmp_path / "index", includes_from=repo, base_url="https://zebra.example/", drop_extensions=True
    )
    assert not report.warnings
    assert all_ids(tmp_path / "index") == ["blog/post.md", "index.md"]
    assert set(skipped(report)) == {"custom_theme/main.html", "snippets/part.md"}
    assert found(tmp_path / "index", "quokkaberry") == ["index.md"]
    assert document(tmp_path / "index", "blog/post.md").url == "https://zebra.example/blog/post/"
    assert (report.site, report.site_configs) == ("MkDocs", ("../mkdocs-online.yml", "../mkdocs-offline.yml"))


def test_an_mkdocs_yml_inheriting_a_generated_config_is_read_as_its_template_builds(tmp_path: Path) -> None:
    """Ruff's mkdocs.yml is `INHERIT: mkdocs.generated.yml`, which its build script writes from
    mkdocs.template.yml: read alone it gave no site_url (the summary advised --base-url https://SITE) and no
    Markdown extensions (its pages' snippets were left as written). The template is what the site is built from."""
    repo = tmp_path / "repo"
    write(repo, ".git/HEAD", "ref: refs/heads/main\n")
    write(repo, "mkdocs.yml", "INHERIT: mkdocs.generated.yml\nwatch:\n  - mkdocs.generated.yml\n")
    template = "site_name: Zebra\nsite_url: https://zebra.example/ruff/\nmarkdown_extensions:\n  - pymdownx.snippets:\n"
    write(repo, "mkdocs.template.yml", template)
    write(repo, "docs/guide.md", '# Guide\n\n--8<-- "docs/parts/shared.md"\n')
    write(repo, "docs/parts/shared.md", "The quokkaberry setting.\n")
    report = index(repo / "docs", tmp_path / "index", includes_from=repo)
    assert report.served_at == "https://zebra.example/ruff/"
    assert report.inherit_missing == ("../mkdocs.yml", "../mkdocs.generated.yml")
    assert report.site_configs == ("../mkdocs.template.yml",)
    assert found(tmp_path / "index", "quokkaberry")[0] == "guide.md"
    assert "--8<--" not in text_of(tmp_path / "index", "guide.md")
    write(repo, "mkdocs.generated.yml", "INHERIT: mkdocs.template.yml\nsite_url: https://zebra.example/other/\n")
    report = index(repo / "docs", tmp_path / "index", includes_from=repo)
    assert (report.served_at, report.inherit_missing, report.site_configs) == (
        "https://zebra.example/other/",
        ("", ""),
        (),
    )


def post(front_matter: str, body: str = "# Hatch v1.10.0\n\nA release.\n") -> str:
    return f"---\n{front_matter}---\n\n{body}"


BLOG_POSTS = {  # path in docs/blog/posts -> (the post, its path on the site)
    "release-hatch-1100.md": (post("date: 2024-05-02\n"), "blog/2024/05/02/hatch-v1100/"),
    "named.md": (post("date: 2024-05-02\nslug: own/name\n"), "blog/2024/05/02/own/name/"),
    "dated.md": (post("date:\n  created: 2023-12-18\n  updated: 2024-01-01\n"), "blog/2023/12/18/hatch-v1100/"),
    "late.md": (post("date: 2024-01-31 23:30:00\n"), "blog/2024/01/31/hatch-v1100/"),
    "titled.md": (post("date: 2022-11-06\ntitle: Café & <b>Crème</b>\n"), "blog/2022/11/06/caf%C3%A9--cr%C3%A8me/"),
    "untitled.md": (post("date: 2022-11-06\n", "Words before any heading.\n"), "blog/2022/11/06/untitled/"),
    "release-hatch-1100/notes.txt": ("The notes.\n", "blog/release-hatch-1100/notes.txt"),  # a post's file
}


def test_an_mkdocs_blog_serves_its_posts_at_their_date_and_slug(tmp_path: Path) -> None:
    """Material's blog plugin serves `blog/posts/release-hatch-1100.md` at `blog/2024/05/02/hatch-v1100/` (its
    front matter date, its title slugged), and no page at blog/posts/: hatch's and Textual's posts were cited at
    their file's path, which does not exist. A draft is no page; a post whose date cannot be read keeps its
    file's path, with a warning, as other pages keep theirs."""
    write(tmp_path, "mkdocs.yml", "site_name: x\nplugins:\n  - search\n  - blog\n")
    write(tmp_path, "docs/blog/index.md", "# Blog\n\nThe news.\n")
    write(tmp_path, "docs/guide.md", PAGE)
    for path, (text, _) in BLOG_POSTS.items():
        write(tmp_path, f"docs/blog/posts/{path}", text)
    write(tmp_path, "docs/blog/posts/soon.md", post("date: 2024-06-01\ndraft: true\n"))
    write(tmp_path, "docs/blog/posts/undated.md", post("title: No date\n"))
    report = index(tmp_path / "docs", tmp_path / "index", base_url="https://example.dev/", drop_extensions=True)
    urls = {path: document(tmp_path / "index", f"blog/posts/{path}").url for path in BLOG_POSTS}
    assert urls == {path: f"https://example.dev/{url}" for path, (_, url) in BLOG_POSTS.items()}
    assert document(tmp_path / "index", "blog/index.md").url == "https://example.dev/blog/"
    assert document(tmp_path / "index", "guide.md").url == "https://example.dev/guide/"
    assert skipped(report) == {
        "blog/posts/soon.md": "a draft (front matter draft: true), which MkDocs's blog plugin does not publish"
    }
    assert document(tmp_path / "index", "blog/posts/undated.md").url == "https://example.dev/blog/posts/undated/"
    assert [(w.id, w.reason) for w in report.warnings] == [
        (
            "blog/posts/undated.md",
            "a post of the blog of mkdocs.yml, cited at its file's path: its front matter date (none) is no date "
            "(2024-05-02, or created: 2024-05-02)",
        )
    ]


BLOG_OPTIONS = """site_name: x
use_directory_urls: false
plugins:
  material/blog:
    blog_dir: news
    post_dir: "{blog}/articles"
    post_url_format: "{categories}/{date}/{file}"
    post_url_date_format: "yyyy-M"
    post_url_max_categories: 2
    post_slugify: !!python/object/apply:pymdownx.slugs.slugify {kwds: {case: lower}}
    draft: true
"""


def test_an_mkdocs_blogs_options_decide_where_its_posts_are_served(tmp_path: Path) -> None:
    """The plugin's blog_dir, post_dir, post_url_format (its categories, slugged, and the file's name) and
    post_url_date_format, as mkdocs.yml gives them (in a mapping of plugins, with Python tags among them), and
    use_directory_urls: false; with its `draft: true`, drafts are published. Indexed from the project's folder,
    its pages are served from docs_dir."""
    write(tmp_path, "mkdocs.yml", BLOG_OPTIONS)
    front = "date: 2024-03-09\ndraft: true\ncategories: [Release Notes, News, Other]\n"
    write(tmp_path, "docs/news/articles/2024/launch.md", post(front))
    write(tmp_path, "docs/blog/posts/old.md", post("date: 2024-03-09\n"))  # no posts folder of this blog
    index(tmp_path, tmp_path / "index", base_url="https://example.dev/", url_extension="html")
    assert document(tmp_path / "index", "docs/news/articles/2024/launch.md").url == (
        "https://example.dev/news/release-notes/news/2024-3/launch.html"
    )
    assert document(tmp_path / "index", "docs/blog/posts/old.md").url == "https://example.dev/blog/posts/old.html"


@pytest.mark.parametrize(
    "front_matter",
    [
        "date: yesterday\n",
        "date: 2024-02-30\n",
        "date: [2024-05-02]\n",
        "date:\n  updated: 2024-05-02\n",
        "date: 2024-05-02\nslug: 42\n",
        "date: 2024-05-02\ntitle: [a, b]\n",
        "date: " + "9" * 5000 + "-1-1\n",
        "date: 2024-05-02\ntitle: '" + "<" * 30_000 + "'\n",
        "date: 2024-05-02\nslug: ../../..\n",
    ],
)
def test_an_mkdocs_blog_post_whose_path_cannot_be_made_keeps_its_files_path(tmp_path: Path, front_matter: str) -> None:
    """Whatever a post's front matter holds, it is indexed: at the path its date and slug make, or, when they
    cannot be read or make no path in the blog, at its file's path, with a warning."""
    write(tmp_path, "mkdocs.yml", "site_name: x\nplugins:\n  - blog\n")
    write(tmp_path, "docs/blog/posts/odd.md", post(front_matter))
    report = index(tmp_path / "docs", tmp_path / "index", base_url="https://example.dev/", drop_extensions=True)
    url = document(tmp_path / "index", "blog/posts/odd.md").url
    if "<<<" in front_matter:  # a title of no letters: slugged to nothing, as the plugin slugs it
        assert url == "https://example.dev/blog/2024/05/02/"
        return
    assert url == "https://example.dev/blog/posts/odd/"
    assert [w.id for w in report.warnings] == ["blog/posts/odd.md"]
    assert report.warnings[0].reason.startswith("a post of the blog of mkdocs.yml, cited at its file's path: ")


@pytest.mark.parametrize(
    "configs",
    [
        {"mkdocs-nav.yml": "nav:\n  - guide/setup.md\n"},  # no site_name: part of a config
        {"mkdocs-site.yml": "site_name: x\ndocs_dir: content\n"},  # its docs_dir is not there
        {"mkdocs-site.yml": "INHERIT: missing.yml\nnav: []\n"},
    ],
)
def test_a_named_yaml_file_that_builds_no_mkdocs_site_leaves_the_folder_to_the_shared_rules(
    tmp_path: Path, configs: dict[str, str]
) -> None:
    for name, text in configs.items():
        write(tmp_path, name, text)
    write(tmp_path, "docs/guide/setup.md", PAGE)
    report = index(tmp_path / "docs", tmp_path / "index", base_url="https://example.dev/", drop_extensions=True)
    assert report.site == ""
    assert document(tmp_path / "index", "guide/setup.md").url == "https://example.dev/guide/setup"


def test_a_function_among_a_docusaurus_plugins_options_leaves_the_rest_of_them_read(tmp_path: Path) -> None:
    """Jest's docs options hold `editUrl: ({locale, docPath}) => {...}`: the options were taken for unreadable,
    so the website's README.md became the page at the site's root."""
    write(
        tmp_path,
        "website/docusaurus.config.mjs",
        "export default {presets: [['@docusaurus/preset-classic', ({docs: {\n  editUrl: ({locale, docPath}) => {\n"
        "    return `https://x.org/${locale}/${docPath}`;\n  },\n  path: '../docs',\n},\n"
        "blog: {showReadingTime: true}})]],\n plugins: ['@docusaurus/plugin-pwa']};\n",
    )
    write(tmp_path, "website/README.md", "# Website\n\nRun the dev server.\n")
    write(tmp_path, "website/blog/2020-01-02-hello.md", PAGE)
    report = index(tmp_path / "website", tmp_path / "index", base_url="https://example.dev/", drop_extensions=True)
    assert all_ids(tmp_path / "index") == ["blog/2020-01-02-hello.md"]
    assert "outside the folders of the site's content plugins" in skipped(report)["README.md"]


def test_a_docusaurus_option_written_with_javascript_escapes_is_read_as_javascript_reads_it(tmp_path: Path) -> None:
    """`path: 'gu\\u00edas'` names the folder guías: the config's strings lost their backslashes alone, so the
    docs plugin read a folder 'guu00edas' and each of the site's pages was skipped as outside its folders."""
    write(
        tmp_path,
        "docusaurus.config.js",
        "module.exports = {presets: [['classic', {\n"
        "  docs: {path: 'gu\\u00edas', routeBasePath: 'ayuda'}, blog: false}]]};\n",
    )
    write(tmp_path, "guías/intro.md", PAGE)
    report = index(tmp_path, tmp_path / "index", base_url="https://x.dev/", drop_extensions=True)
    assert skipped(report) == {}
    assert document(tmp_path / "index", "guías/intro.md").url == "https://x.dev/ayuda/intro"


def test_the_summary_names_the_option_that_gives_a_sites_urls_and_a_site_below_docs(
    tmp_path: Path, indexer_main: Main
) -> None:
    """With --base-url alone a site's pages were cited at their files' paths (`BASE/guide/build.md` where the
    site serves `/guide/build`), and a repository indexed from its root mixed its site's pages, versions and
    package READMEs, with nothing said of either."""
    write(tmp_path, "repo/website/docusaurus.config.js", "module.exports = {presets: ['classic']};\n")
    write(tmp_path, "repo/website/docs/intro.md", PAGE)
    write(tmp_path, "repo/README.md", PAGE)
    root = indexer_main(tmp_path / "repo", "--index", tmp_path / "i1")
    assert "website/ holds a site (Docusaurus): index that folder" in root.err
    bare = indexer_main(tmp_path / "repo/website", "--index", tmp_path / "i2", "--base-url", "https://x.dev")
    assert "DOCS is built with Docusaurus: with --base-url alone" in bare.err and "add --drop-extensions" in bare.err
    pretty = indexer_main(tmp_path / "repo/website", "--index", tmp_path / "i2", "--base-url", "https://x.dev",
                          "--drop-extensions")  # fmt: skip
    assert "--base-url alone" not in pretty.err and "holds a site" not in pretty.err
    write(tmp_path, "redux/website/docusaurus.config.js", "module.exports = {presets: [['classic', {docs: {path: "
          "'../docs'}}]]};\n")  # fmt: skip
    write(tmp_path, "redux/docs/intro.md", PAGE)  # Redux's layout: website/ holds no page, docs/ all of them
    beside = indexer_main(tmp_path / "redux", "--index", tmp_path / "i6")
    assert "docs/ holds a site (Docusaurus): index that folder" in beside.err
    write(tmp_path, "vp/.vitepress/config.mts", "export default defineConfig({ cleanUrls: true })\n")
    write(tmp_path, "vp/guide/build.md", PAGE)
    clean = indexer_main(tmp_path / "vp", "--index", tmp_path / "i3", "--base-url", "https://x.dev")
    assert "built with VitePress: with --base-url alone" in clean.err and "add --drop-extensions" in clean.err
    write(tmp_path, "book/book.toml", "[book]\ntitle = 'x'\n")
    write(tmp_path, "book/src/SUMMARY.md", "- [Intro](intro.md)\n")
    write(tmp_path, "book/src/intro.md", PAGE)
    book = indexer_main(tmp_path / "book", "--index", tmp_path / "i4", "--base-url", "https://x.dev")
    assert "built with mdBook" in book.err and "add --url-extension html" in book.err
    write(tmp_path, "jb/myst.yml", "version: 1\nproject:\n  title: x\nsite:\n  template: book-theme\n")
    write(tmp_path, "jb/get-started/install.md", PAGE)  # Jupyter Book 2 (mystmd) serves it at /get-started/install
    myst = indexer_main(tmp_path / "jb", "--index", tmp_path / "i5", "--base-url", "https://x.dev")
    assert "built with MyST" in myst.err and "add --drop-extensions" in myst.err


def test_the_summary_of_a_repository_names_a_sphinx_project_kept_in_doc_build(
    tmp_path: Path, indexer_main: Main
) -> None:
    """SQLAlchemy (and Alembic, Mako) keep their Sphinx sources, conf.py with them, in doc/build/: indexed from the
    root, the summary said nothing, as build/ is no place for sources elsewhere, and the pages were read with no
    conf.py (its exclude_patterns, its autodoc paths) beside the READMEs of the root."""
    write(tmp_path, "repo/doc/build/conf.py", "project = 'x'\nexclude_patterns = ['build']\n")
    write(tmp_path, "repo/doc/build/index.rst", "Index\n=====\n\nThe zebracorn guide.\n")
    write(tmp_path, "repo/README.rst", "Readme\n======\n\nAbout.\n")
    write(tmp_path, "repo/docs/build/html/index.html", "<p>Built pages.</p>")  # no conf.py: output, not a site
    ran = indexer_main(tmp_path / "repo", "--index", tmp_path / "index", "--no-embeddings")
    assert ran.code == 0, ran.err
    assert "but doc/build/ holds a site (Sphinx): index that folder" in ran.err
    (tmp_path / "repo" / "doc" / "build" / "conf.py").unlink()  # left: built pages in a build/ folder, no sources
    ran = indexer_main(tmp_path / "repo", "--index", tmp_path / "index", "--no-embeddings")
    assert ran.code == 0, ran.err
    assert "holds a site" not in ran.err


def test_the_summary_of_a_repository_names_a_sphinx_project_three_folders_down(
    tmp_path: Path, indexer_main: Main
) -> None:
    """Ansible keeps its Sphinx project in docs/docsite/rst/: indexed from the repository's root, the summary said
    nothing of it (three folders down, in a folder not named docs/), and its pages were read with no conf.py. A
    conf.py that sets nothing Sphinx reads (a program's own) is no site."""
    write(tmp_path, "repo/docs/docsite/rst/conf.py", "extensions = ['sphinx_antsibull_ext']\nrst_epilog = ''\n")
    write(tmp_path, "repo/docs/docsite/rst/index.rst", "Index\n=====\n\nThe zebracorn guide.\n")
    write(tmp_path, "repo/README.md", PAGE)
    write(tmp_path, "tool/scripts/web/conf.py", "PORT = 8080\nHOST = 'localhost'\n")
    write(tmp_path, "tool/README.md", PAGE)
    ran = indexer_main(tmp_path / "repo", "--index", tmp_path / "index", "--no-embeddings")
    assert ran.code == 0, ran.err
    assert "but docs/docsite/rst/ holds a site (Sphinx): index that folder" in ran.err
    ran = indexer_main(tmp_path / "tool", "--index", tmp_path / "index2", "--no-embeddings")
    assert ran.code == 0, ran.err
    assert "holds a site" not in ran.err


def test_a_hugo_config_folder_is_never_named_as_a_site_to_index(tmp_path: Path, indexer_main: Main) -> None:
    """A folder whose Hugo config lies in config/_default/ but with no content/ beside it (its pages mounted from
    elsewhere) is no Hugo site by the indexer's rules; the summary told the user to index config/_default/, a
    folder of settings with no page in it."""
    write(tmp_path, "site/config/_default/hugo.yaml", "baseURL: https://x.example/\n")
    write(tmp_path, "site/config/_default/module.yaml", "mounts:\n  - source: docs/en\n    target: content\n")
    write(tmp_path, "site/docs/en/guide.md", "# Guide\n\nThe zebracorn guide.\n")
    ran = indexer_main(tmp_path / "site", "--index", tmp_path / "index", "--no-embeddings")
    assert ran.code == 0, ran.err
    assert "holds a site" not in ran.err
    assert found(tmp_path / "index", "zebracorn") == ["docs/en/guide.md"]


SPRING_PLAYBOOK = """antora:
  extensions:
    - require: '@springio/antora-extensions'
      root_component_name: 'security'
site:
  title: Spring Security
  url: %s
urls:
  latest_version_segment_strategy: redirect:to
  latest_version_segment: ''
"""


def test_the_summary_gives_the_address_an_antora_playbook_names_as_base_url(tmp_path: Path, indexer_main: Main) -> None:
    """Spring Security's docs/ (antora.yml and antora-playbook.yml side by side) indexed as a user first would cited
    every page by a file:// URL and said nothing, though the playbook's site.url, with the component its
    root-component extension serves at the root and the latest version's empty segment, is where the pages are:
    `servlet/architecture.adoc` at https://docs.spring.io/spring-security/reference/servlet/architecture.html."""
    docs = tmp_path / "repo/docs"
    (tmp_path / "repo/.git").mkdir(parents=True)
    write(docs, "antora.yml", "name: security\nversion: true\ntitle: Spring Security\n")
    write(docs, "antora-playbook.yml", SPRING_PLAYBOOK % "https://docs.spring.io/spring-security/reference")
    write(docs, "modules/ROOT/pages/servlet/architecture.adoc", "= Architecture\n\nThe zebracorn filter chain.\n")
    base = "https://docs.spring.io/spring-security/reference/"
    bare = indexer_main(docs, "--index", tmp_path / "i1", "--no-embeddings")
    assert f"the site's config says it is served at {base}: --base-url {base} --url-extension html cites" in bare.err
    cited = indexer_main(docs, "--index", tmp_path / "i1", "--base-url", base, "--url-extension", "html",
                         "--no-embeddings")  # fmt: skip
    assert "served at" not in cited.err
    assert document(tmp_path / "i1", "modules/ROOT/pages/servlet/architecture.adoc").url == (
        f"{base}servlet/architecture.html"
    )
    write(docs, "antora-playbook.yml", SPRING_PLAYBOOK % "${SITE_URL}")  # a template: nothing guessed
    assert "served at" not in indexer_main(docs, "--index", tmp_path / "i2", "--no-embeddings").err
    write(docs, "antora-playbook.yml", "site:\n  url: https://docs.example.org/\nurls:\n  html_extension_style: drop\n")
    write(docs, "antora.yml", "name: guide\nversion: '2.1'\n")
    named = indexer_main(docs, "--index", tmp_path / "i3", "--no-embeddings")
    assert "served at https://docs.example.org/guide/2.1/: --base-url https://docs.example.org/guide/2.1/ " \
        "--drop-extensions cites" in named.err  # fmt: skip
    write(docs, "antora.yml", "name: ROOT\nversion: ~\n")  # the site's root component, unversioned
    unversioned = indexer_main(docs, "--index", tmp_path / "i5", "--no-embeddings")
    assert (
        "served at https://docs.example.org/: --base-url https://docs.example.org/ --drop-extensions" in unversioned.err
    )
    (docs / "antora-playbook.yml").unlink()
    assert "served at" not in indexer_main(docs, "--index", tmp_path / "i4", "--no-embeddings").err


def test_the_summary_of_a_repository_names_its_antora_component_in_docs(tmp_path: Path, indexer_main: Main) -> None:
    """Spring Security indexed from its root said nothing of docs/, where antora.yml is: every file of the
    repository was a document at its path, and the pages had none of their component's attributes."""
    (tmp_path / "repo/.git").mkdir(parents=True)
    write(tmp_path, "repo/docs/antora.yml", "name: security\nversion: true\n")
    write(tmp_path, "repo/docs/modules/ROOT/pages/index.adoc", "= Home\n\nThe zebracorn guide.\n")
    write(tmp_path, "repo/README.adoc", "= Readme\n\nAbout.\n")
    write(tmp_path, "repo/api/antora.yml", "name: x\n")  # no modules/ beside it: no component
    ran = indexer_main(tmp_path / "repo", "--index", tmp_path / "index", "--no-embeddings")
    assert ran.code == 0, ran.err
    assert "but docs/ holds a site (Antora): index that folder" in ran.err


@pytest.mark.parametrize(
    ("extra", "advice"),
    [("", "website/"), ("lastVersion: 'current', ", "docs/")],
)
def test_the_summary_of_a_repository_names_the_folder_of_the_version_its_docusaurus_site_serves(
    tmp_path: Path, indexer_main: Main, extra: str, advice: str
) -> None:
    """Jest's and Prettier's website/ reads docs/ beside it, their unreleased next version, and serves the release
    of versions.json from website/versioned_docs/: indexed from the root, the summary sent the user to docs/, whose
    pages the site serves at /docs/next/, not at the /docs/ everyone reads (Redux, without versions: docs/)."""
    write(tmp_path, "repo/website/docusaurus.config.js", "export default {presets: [['classic', {docs: {" + extra
          + "path: '../docs'}}]]};\n")  # fmt: skip
    write(tmp_path, "repo/website/versions.json", '["30.4"]')
    write(tmp_path, "repo/website/versioned_docs/version-30.4/intro.md", PAGE)
    write(tmp_path, "repo/docs/intro.md", PAGE)
    ran = indexer_main(tmp_path / "repo", "--index", tmp_path / "index", "--no-embeddings")
    assert ran.code == 0, ran.err
    assert f"but {advice} holds a site (Docusaurus): index that folder" in ran.err


def test_jekyll_publishes_no_page_of_its_own_folders_drafts_and_what_its_config_excludes(tmp_path: Path) -> None:
    site = tmp_path / "site"
    write(site, "_config.yml", "collections:\n  recipes:\n    output: false\nexclude: [readme.md, vendor]\n")
    files = ["_includes/badge.html", "_layouts/page.html", "_data/nav.md", "_drafts/idea.md", "_recipes/soup.md",
             "readme.md", "vendor/lib/notes.md", "docs/page.md", "_posts/2024-01-01-post.md"]  # fmt: skip
    for path in files:
        write(site, path, "---\ntitle: T\n---\n<p>{{ page.title }} Words.</p>\n" if path.endswith(".html") else PAGE)
    report = index(site, tmp_path / "index", base_url="https://site.example/", drop_extensions=True)
    assert all_ids(tmp_path / "index") == ["_posts/2024-01-01-post.md", "docs/page.md"]
    reasons = skipped(report)
    assert reasons["readme.md"] == "excluded by the Jekyll config (exclude: readme.md): no page of the site"
    assert reasons["vendor/lib/notes.md"] == "excluded by the Jekyll config (exclude: vendor): no page of the site"
    assert "collection recipes, which the config does not output" in reasons["_recipes/soup.md"]
    assert "draft" in reasons["_drafts/idea.md"]
    assert all("Jekyll keeps for itself" in reasons[p] for p in files[:3])
    assert all(item.by_design for item in report.skipped)


VITEPRESS_CONFIG = """import { defineConfig } from 'vitepress'
export default defineConfig({
  srcDir: 'src',
  srcExclude: ['tutorial/**/description.md'],
  themeConfig: { nav: navItems },
})
"""


# Vue Router's and Pinia's shape: config/index.ts spreads a shared config from a module beside it, which holds a
# regular expression with quotes and a backtick in it (their slugify)
VITEPRESS_INDEX = """import { defineConfig } from 'vitepress'
import { sharedConfig } from './shared'
export default defineConfig({ ...sharedConfig, themeConfig: { nav: navItems } })
"""
VITEPRESS_SHARED = r"""const rSpecial = /[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'<>,.?/]+/g
export const sharedConfig = defineConfig({
  srcDir: 'src',
  srcExclude: ['tutorial/**/description.md'],
})
"""


@pytest.mark.parametrize("config", ["config.ts", "config/index.ts"])
@pytest.mark.parametrize("docs", ["site", "site/src"])
def test_vitepress_makes_pages_of_the_markdown_of_its_src_folder(tmp_path: Path, docs: str, config: str) -> None:
    """Vue's docs (srcDir: 'src'): 58 example fragments and 15 excluded tutorial files had been documents at
    URLs the site does not have; public/ is served from the root. The config is read where VitePress looks for
    it first, config/index.ts, with the modules it imports (Vue Router's and Pinia's were never read)."""
    site = tmp_path / "site"
    if config == "config.ts":
        write(site, ".vitepress/config.ts", VITEPRESS_CONFIG)
    else:
        write(site, ".vitepress/config/index.ts", VITEPRESS_INDEX)
        write(site, ".vitepress/config/shared.ts", VITEPRESS_SHARED)
    for path in ("README.md", "src/index.md", "src/guide/intro.md", "src/tutorial/step-1/description.md"):
        write(site, path, PAGE)
    write(site, "src/examples/App/template.html", "<p>{{ message }}</p>\n")
    write(site, "src/examples/App/description.txt", "An example.\n")
    write(site, "src/public/guide.txt", "A guide.\n")
    report = index(tmp_path / docs, tmp_path / "index", base_url="https://vuejs.org/", drop_extensions=True)
    src = "src/" if docs == "site" else ""
    urls = {doc_id: document(tmp_path / "index", doc_id).url for doc_id in all_ids(tmp_path / "index")}
    assert urls == {
        f"{src}index.md": "https://vuejs.org/",
        f"{src}guide/intro.md": "https://vuejs.org/guide/intro",
        f"{src}public/guide.txt": "https://vuejs.org/guide.txt",
    }
    reasons = skipped(report)
    assert reasons.pop("README.md", None) == (
        "outside the site's src/ folder (VitePress's srcDir): no page of the site" if src else None
    )
    assert reasons == {
        f"{src}tutorial/step-1/description.md": "excluded by the VitePress config (srcExclude: "
        "tutorial/**/description.md): no page of the site",
        **{
            f"{src}examples/App/{name}": "an HTML or text file beside VitePress's pages (an example or fragment a "
            "page may import): no page"
            for name in ("template.html", "description.txt")
        },
    }


def test_a_gitbook_space_publishes_what_its_summary_lists_and_serves_readmes_as_folders(tmp_path: Path) -> None:
    """AxonIQ's reference guide (GitBook): 39 READMEs had been cited at .../README, SUMMARY.md was a page titled
    "Table of Contents", and 6 pages its table of contents does not list were indexed."""
    space = tmp_path / "guide"
    write(space, ".gitbook.yaml", "root: ./\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\n")
    write(space, "SUMMARY.md", "# Table of Contents\n\n* [Introduction](README.md)\n* [Testing](testing/README.md)\n"
          "  * [Sagas](testing/sagas.md)\n")  # fmt: skip
    for path in ("README.md", "testing/README.md", "testing/sagas.md", "license.md"):
        write(space, path, PAGE)
    report = index(space, tmp_path / "index", base_url="https://docs.axoniq.io/reference-guide/", drop_extensions=True)
    urls = {doc_id: document(tmp_path / "index", doc_id).url for doc_id in all_ids(tmp_path / "index")}
    assert urls == {
        "README.md": "https://docs.axoniq.io/reference-guide/",
        "testing/README.md": "https://docs.axoniq.io/reference-guide/testing/",
        "testing/sagas.md": "https://docs.axoniq.io/reference-guide/testing/sagas",
    }
    assert skipped(report) == {
        "SUMMARY.md": "GitBook's table of contents (SUMMARY.md): no page of its own",
        "license.md": "not in SUMMARY.md: GitBook publishes the pages its table of contents links to, no others",
    }


GITBOOK_SITE = """$schema: https://api.gitbook.com/openapi.yaml#/components/schemas/GitSyncSiteConfig
site:
  title: Docs
  structure:
    - type: section
      path: documentation
      default: true
      children:
        - type: space
          path: docs-en
          default: true
          content: {directory: ./documentation, language: en}
        - type: space
          path: fr
          content: {directory: null, language: fr}
    - type: section
      path: developers
      children:
        - type: space
          path: dev-docs
          default: true
          content: {directory: ./developers}
    - type: section-group
      children:
        - type: section
          path: changelog
          children:
            - type: space
              path: updates
              content: {directory: ./changelog}
"""


def test_a_gitbook_site_of_several_spaces_serves_each_under_its_sections_path(tmp_path: Path) -> None:
    """GitBook's own docs keep five spaces in one repository, listed in its docs.yaml: each folder's SUMMARY.md
    was a page (five "pages" of links), as was AGENTS.md beside them, and the developers' pages were cited
    without their section's path. A default section or space is served without its path."""
    repo = tmp_path / "repo"
    write(repo, ".gitbook.yaml", "")
    write(repo, "docs.yaml", GITBOOK_SITE)
    write(repo, "AGENTS.md", "# Agents\n\nHow to edit this repository.\n")
    for space, pages in (("documentation", ["sync.md"]), ("developers", ["api/auth.md"]), ("changelog", [])):
        links = "".join(f"* [{page}]({page})\n" for page in ["README.md", *pages])
        write(repo, f"{space}/SUMMARY.md", f"# Table of contents\n\n{links}")
        for page in ["README.md", *pages]:
            write(repo, f"{space}/{page}", PAGE)
    report = index(repo, tmp_path / "index", base_url="https://gitbook.com/docs/", drop_extensions=True)
    urls = {doc_id: document(tmp_path / "index", doc_id).url for doc_id in all_ids(tmp_path / "index")}
    assert urls == {
        "changelog/README.md": "https://gitbook.com/docs/changelog/updates/",  # not its section's default space
        "developers/README.md": "https://gitbook.com/docs/developers/",
        "developers/api/auth.md": "https://gitbook.com/docs/developers/api/auth",
        "documentation/README.md": "https://gitbook.com/docs/",
        "documentation/sync.md": "https://gitbook.com/docs/sync",
    }
    toc = "GitBook's table of contents (SUMMARY.md): no page of its own"
    assert skipped(report) == {
        "AGENTS.md": "in none of the folders of the GitBook site's spaces (docs.yaml): no page of the site",
        **{f"{space}/SUMMARY.md": toc for space in ("changelog", "developers", "documentation")},
    }


def test_a_docs_yaml_whose_aliases_list_millions_of_spaces_is_read_at_once(tmp_path: Path, monkeypatch: Any) -> None:
    """YAML aliases make a docs.yaml of seven lines (1.3 KB) list 60^4 (13 million) spaces: the run walked them all,
    entry by entry, before it read any file (32 s). The first 100,000 entries are read (0.3 s), each space's folder
    once."""
    repo = tmp_path / "repo"
    fan = ", ".join(["*{0}"] * 60)
    write(
        repo,
        "docs.yaml",
        "anchors:\n"
        "  - &leaf {type: space, path: guide, content: {directory: ./space}}\n"
        f"  - &three {{type: section, path: hive, children: [{fan.format('leaf')}]}}\n"
        f"  - &two {{type: section-group, children: [{fan.format('three')}]}}\n"
        f"  - &one {{type: section-group, children: [{fan.format('two')}]}}\n"
        f"site:\n  structure: [{fan.format('one')}]\n",
    )
    write(repo, "space/SUMMARY.md", "* [Intro](README.md)\n")
    write(repo, "space/README.md", PAGE)
    looked: list[object] = []
    small = gitbook._small
    monkeypatch.setattr(gitbook, "_small", lambda value: looked.append(value) or small(value))
    assert gitbook.gitbook_site(repo, repo).key  # the site is read, within the bound
    assert len(looked) <= 2 * gitbook.MAX_ENTRIES  # each entry looked at once, with its content
    index(repo, tmp_path / "index", base_url="https://hive.example/", drop_extensions=True)
    assert document(tmp_path / "index", "space/README.md").url == "https://hive.example/hive/guide/"


def test_a_gitbook_summary_line_of_link_openings_is_read_at_once(tmp_path: Path) -> None:
    """A SUMMARY.md line of 50,000 `](` (100 KB): each was the start of a link whose target ran to the line's end,
    searched back for its `.md` (12 s before any page was read; 200 KB, 48 s). The pages it lists are found."""
    space = tmp_path / "space"
    write(space, ".gitbook.yaml", "root: ./\n")
    write(space, "SUMMARY.md", "* [Intro](README.md)\n* [Guide](guide.md)\n" + "](" * 50_000 + "\n")
    write(space, "README.md", PAGE)
    write(space, "guide.md", PAGE)
    started = time.monotonic()
    report = index(space, tmp_path / "index")
    assert time.monotonic() - started < 5
    assert "guide.md" not in skipped(report) and "README.md" not in skipped(report)


def test_a_docs_yaml_that_is_no_gitbook_site_config_is_not_the_spaces_config(tmp_path: Path) -> None:
    """A GitBook space with a docs.yaml of its own (any tool's) was recorded as known by that file, so taking that
    file away read every page again, as if the site's config had gone."""
    space = tmp_path / "space"
    write(space, ".gitbook.yaml", "root: ./\n")
    write(space, "docs.yaml", "title: notes for a linter\n")
    write(space, "SUMMARY.md", "* [Intro](README.md)\n* [Guide](guide.md)\n")
    write(space, "README.md", PAGE)
    write(space, "guide.md", PAGE)
    index(space, tmp_path / "index")
    (space / "docs.yaml").unlink()
    report = index(space, tmp_path / "index")
    assert (report.added, report.updated) == (0, 0)


def test_a_gitbook_content_ref_shows_the_title_of_the_page_it_links_to(tmp_path: Path) -> None:
    """GitBook shows `{% content-ref url="x.md" %}[x.md](x.md){% endcontent-ref %}` as a card titled as the page
    it links to: Beefree's add-on pages read "alternate-text-generation-with-ai.md" where the site shows
    "Alternate Text Generation with AI". A folder's README stands for it; a link out of the space, or to a page
    not there, keeps its text; a changed title reads the page again."""
    space = tmp_path / "space"
    write(space, ".gitbook.yaml", "root: ./\n")
    write(space, "SUMMARY.md", "# Table of contents\n\n* [Add-ons](README.md)\n* [Alt text](alt-text.md)\n"
          "* [Bulk](bulk/README.md)\n")  # fmt: skip
    write(space, "alt-text.md", "# Alternate Text Generation with Zebracorn\n\nWords.\n")
    write(space, "bulk/README.md", "---\ndescription: >-\n  Bulk words.\n# layout: wide\n---\n\n# AI Bulk Narwhal\n")
    cards = ["alt-text.md", "bulk/", "https://example.org/x.md", "gone.md"]
    write(space, "README.md", "# Add-ons\n\nLearn more.\n\n" + "".join(
        f'{{% content-ref url="{url}" %}}\n[{url}]({url})\n{{% endcontent-ref %}}\n\n' for url in cards))  # fmt: skip
    index(space, tmp_path / "index")
    text = snapshot(tmp_path / "index").text("README.md") or ""
    assert text == (
        "Add-ons\n\nLearn more.\n\nAlternate Text Generation with Zebracorn\n\nAI Bulk Narwhal\n\n"
        "https://example.org/x.md\n\ngone.md"
    )
    write(space, "alt-text.md", "# Alt Text with Unicornfish\n\nWords.\n")
    assert index(space, tmp_path / "index").updated == 2  # the page, and the one that shows its title
    assert sorted(found(tmp_path / "index", "unicornfish")) == ["README.md", "alt-text.md"]


def test_an_mdbooks_summary_makes_no_gitbook_space(tmp_path: Path) -> None:
    write(tmp_path / "book", "book.toml", "[book]\ntitle = 'x'\n")
    write(tmp_path / "book", "src/SUMMARY.md", "# Summary\n\n- [Intro](README.md)\n")
    write(tmp_path / "book", "src/README.md", PAGE)
    write(tmp_path / "book", "src/other.md", PAGE)
    report = index(tmp_path / "book/src", tmp_path / "index", base_url="https://book.example/", url_extension="html")
    assert document(tmp_path / "index", "README.md").url == "https://book.example/index.html"
    assert skipped(report)["other.md"].startswith("no chapter of the book's SUMMARY.md links it")  # no page: a 404


def test_a_jekyll_pages_liquid_outputs_show_what_they_name(tmp_path: Path) -> None:
    """jekyllrb.com's installation page read "Ruby version **** or higher": {{ site.data.ruby.min_version }}."""
    site = tmp_path / "site"
    write(site, "_config.yml", "version: 4.4.1\ncollections:\n  docs:\n    output: true\n")
    write(site, "_data/ruby.yml", "min_version: 2.7.0\n")
    write(
        site,
        "_docs/installation.md",
        "---\ntitle: Installation\n---\nJekyll {{ site.version }}, {{ page.title }}: Ruby version "
        "**{{ site.data.ruby.min_version }}** or higher. {{ site.url | append: '/x' }}\n\n`{{ site.version }}`\n",
    )
    index(site, tmp_path / "index")
    text = snapshot(tmp_path / "index").text("_docs/installation.md") or ""
    assert text == "Jekyll 4.4.1, Installation: Ruby version 2.7.0 or higher.\n\n{{ site.version }}"
    write(site, "_data/ruby.yml", "min_version: 3.1.0\n")
    assert index(site, tmp_path / "index").updated == 1  # the data file is remembered as the page's settings
    assert "Ruby version 3.1.0 or higher" in (snapshot(tmp_path / "index").text("_docs/installation.md") or "")


def test_a_nextra_4_site_makes_pages_of_its_page_files_alone(tmp_path: Path) -> None:
    """nextra.site's shape: its pages were cited at `BASE/app/docs/guide/page`, and the fragments its pages import
    (`components/*.mdx`, an `old.mdx` beside a page.mdx, a private `_components/` folder) were pages of their own,
    found by searches; the fragments' text is still read where a page imports it."""
    site = tmp_path / "site"
    write(site, "next.config.ts", "import nextra from 'nextra'\nexport default nextra({})({})\n")
    write(
        site, "app/docs/start/page.mdx", "import Setup from '../../../components/setup.mdx'\n\n# Start\n\n<Setup />\n"
    )
    write(site, "app/docs/start/old.mdx", "# Old\n\nOutdated words.\n")
    write(site, "app/_components/note.mdx", "# Note\n\nA fragment.\n")
    write(site, "components/setup.mdx", "## Setup\n\nRun the zebracorn installer.\n")
    write(site, "README.md", PAGE)
    report = index(site, tmp_path / "index", base_url="https://nextra.site/", drop_extensions=True)
    assert all_ids(tmp_path / "index") == ["app/docs/start/page.mdx"]
    assert set(skipped(report)) == {
        "app/docs/start/old.mdx",
        "app/_components/note.mdx",
        "components/setup.mdx",
        "README.md",
    }
    assert found(tmp_path / "index", "zebracorn") == ["app/docs/start/page.mdx"]
    assert document(tmp_path / "index", "app/docs/start/page.mdx").url == "https://nextra.site/docs/start"


def test_a_nextjs_app_that_is_no_nextra_site_keeps_its_markdown_wherever_it_lies(tmp_path: Path) -> None:
    """A Next.js blog reads posts/*.md itself (getStaticProps): its pages/ folder holds only code."""
    write(tmp_path / "blog", "next.config.js", "module.exports = { reactStrictMode: true }\n")
    write(tmp_path / "blog", "pages/index.tsx", "export default function Home() { return null }\n")
    write(tmp_path / "blog", "posts/hello.md", PAGE)
    index(tmp_path / "blog", tmp_path / "index", base_url="https://blog.example/", drop_extensions=True)
    assert all_ids(tmp_path / "index") == ["posts/hello.md"]


def test_a_nextjs_app_whose_catch_all_route_reads_a_content_folder_makes_pages_of_it_alone(tmp_path: Path) -> None:
    """react.dev indexed from its own folder: its README, CLAUDE.md and the fixtures of its lint rules
    (eslint-local-rules/__tests__/fixtures/src/content/*.md) were pages, and its pages were cited at
    `BASE/src/content/learn/...`; its route `src/pages/[[...markdownPath]].js` reads src/content/."""
    site = tmp_path / "site"
    write(site, "next.config.js", "module.exports = { reactStrictMode: true }\n")
    write(site, "src/pages/[[...markdownPath]].js", "const rootDir = process.cwd() + '/src/content/';\n")
    write(site, "src/pages/404.js", "export default function NotFound() {}\n")
    write(site, "src/content/learn/index.md", "# Quick Start\n\nThe zebracorn quick start.\n")
    write(site, "README.md", "# react.dev\n\nRun yarn to build the zebracorn site.\n")
    write(site, "lint/__tests__/fixtures/src/content/basic.md", "# Basic\n\nA zebracorn fixture.\n")
    report = index(site, tmp_path / "index", base_url="https://react.dev", drop_extensions=True)
    assert found(tmp_path / "index", "zebracorn") == ["src/content/learn/index.md"]
    assert document(tmp_path / "index", "src/content/learn/index.md").url == "https://react.dev/learn"
    assert "src/content/" in skipped(report)["README.md"]


def test_a_catch_all_route_s_content_folder_is_found_after_many_other_quoted_names(tmp_path: Path) -> None:
    """react.dev's route names 29 strings before '/src/content/' (its imports, its sections' names): only its
    first 50 were looked at, so a route with more imports made no pages of its folder. Quoted names that are no
    folder of the site cost a look each, and a folder of no Markdown (src/components) is passed over."""
    site = tmp_path / "site"
    write(site, "next.config.js", "module.exports = {}\n")
    imports = "".join(f"import M{n} from 'module{n}';\n" for n in range(80))
    route = imports + "import Page from 'src/components';\nconst rootDir = process.cwd() + '/src/content/';\n"
    write(site, "src/pages/[[...markdownPath]].js", route)
    write(site, "src/components/Page.tsx", "export default function Page() {}\n")
    write(site, "src/content/learn/index.md", "# Quick Start\n\nThe zebracorn quick start.\n")
    write(site, "README.md", "# Site\n\nThe zebracorn readme.\n")
    index(site, tmp_path / "index", base_url="https://react.dev", drop_extensions=True)
    assert found(tmp_path / "index", "zebracorn") == ["src/content/learn/index.md"]
    assert document(tmp_path / "index", "src/content/learn/index.md").url == "https://react.dev/learn"


def test_a_jupyter_book_config_is_no_jekyll_site(tmp_path: Path) -> None:
    """Jupyter Book keeps a _config.yml too, beside its _toc.yml: its `_`-named files are no Jekyll folders."""
    write(tmp_path / "book", "_config.yml", "title: Book\n")
    write(tmp_path / "book", "_toc.yml", "format: jb-book\nroot: intro\n")
    write(tmp_path / "book", "_static/notes.md", PAGE)
    index(tmp_path / "book", tmp_path / "index", base_url="https://book.example/", drop_extensions=True)
    assert document(tmp_path / "index", "_static/notes.md").url == "https://book.example/_static/notes"


def test_a_site_config_beyond_the_repository_root_is_not_looked_at(tmp_path: Path) -> None:
    """The search for a generator's config stops at the folder holding .git: a config above it is another
    project's."""
    write(tmp_path, "docusaurus.config.js", "{}\n")
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    write(tmp_path, "repo/docs/01-intro.md", PAGE)
    index(tmp_path / "repo/docs", tmp_path / "index", base_url="https://site.example/", drop_extensions=True)
    assert document(tmp_path / "index", "01-intro.md").url == "https://site.example/01-intro"


def test_vuepress_takes_a_readme_for_its_folder(docs: Path, index_dir: Path) -> None:
    write(docs, ".vuepress/config.js", "export default {}\n")
    write(docs, "guide/README.md", PAGE)
    index(docs, index_dir, base_url="https://vuepress.example/", drop_extensions=True)
    assert document(index_dir, "guide/README.md").url == "https://vuepress.example/guide/"


def test_with_drop_extensions_files_a_site_serves_as_they_are_keep_their_extension(docs: Path, index_dir: Path) -> None:
    write(docs, "assets/manual.pdf", make_pdf(["The manual."]))
    write(docs, "guides/install.md", PAGE)
    write(docs, "guides/page.html", "<html><body><p>Words.</p></body></html>")
    for settings in ({"drop_extensions": True}, {"url_extension": "html"}):
        index(docs, index_dir, base_url="https://site.example/", **settings)
        assert document(index_dir, "assets/manual.pdf").url == "https://site.example/assets/manual.pdf"
    assert document(index_dir, "guides/install.md").url == "https://site.example/guides/install.html"
    assert document(index_dir, "guides/page.html").url == "https://site.example/guides/page.html"


def test_changing_url_extension_remakes_every_url_without_reading_a_file(docs: Path, index_dir: Path) -> None:
    write(docs, "guides/install.md", PAGE)
    index(docs, index_dir, base_url="https://site.example/", drop_extensions=True)
    report = index(docs, index_dir, base_url="https://site.example/", url_extension="html")
    assert (report.added, report.updated, report.removed, report.bytes_read) == (0, 0, 0, 0)
    assert report.generation is not None
    assert document(index_dir, "guides/install.md").url == "https://site.example/guides/install.html"
    again = index(docs, index_dir, base_url="https://site.example/", url_extension="html")
    assert again.generation is None


def test_a_site_config_that_appears_remakes_every_url(tmp_path: Path) -> None:
    """The pages are read again too, as a rebuild reads them (tests/ingest/test_incremental_sites.py): what a page
    holds may depend on the site's config (a Docusaurus page's `@site/` imports)."""
    docs, index_dir = tmp_path / "website/docs", tmp_path / "index"
    write(docs, "01-intro.md", PAGE)
    index(docs, index_dir, base_url="https://site.example/docs/", drop_extensions=True)
    assert document(index_dir, "01-intro.md").url == "https://site.example/docs/01-intro"
    write(tmp_path, "website/docusaurus.config.js", "module.exports = {};\n")
    report = index(docs, index_dir, base_url="https://site.example/docs/", drop_extensions=True)
    assert (report.added, report.updated, report.removed) == (0, 1, 0)
    assert document(index_dir, "01-intro.md").url == "https://site.example/docs/intro"


def test_url_extension_comes_from_the_command_line_or_the_environment(
    docs: Path, index_dir: Path, monkeypatch: pytest.MonkeyPatch, indexer_main: Main
) -> None:
    write(docs, "usage/quickstart.rst", "Quickstart\n==========\n\nWords.\n")
    ran = indexer_main(docs, "--index", index_dir, "--base-url", "https://site.example/", "--url-extension", "htm")
    assert ran.code == 0, ran.err
    assert document(index_dir, "usage/quickstart.rst").url == "https://site.example/usage/quickstart.htm"
    monkeypatch.setenv("DOCSEARCH_URL_EXTENSION", "html")
    ran = indexer_main(docs, "--index", index_dir, "--base-url", "https://site.example/")
    assert ran.code == 0, ran.err
    assert document(index_dir, "usage/quickstart.rst").url == "https://site.example/usage/quickstart.html"


def test_url_extension_with_drop_extensions_is_a_usage_error(
    docs: Path,
    index_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    indexer_main: Main,
) -> None:
    with pytest.raises(SystemExit) as caught:
        indexer_main(docs, "--index", index_dir, "--drop-extensions", "--url-extension", "html")
    assert caught.value.code == 2
    assert "--url-extension or --drop-extensions, not both" in capsys.readouterr().err
    monkeypatch.setenv("DOCSEARCH_DROP_EXTENSIONS", "true")
    with pytest.raises(SystemExit):
        indexer_main(docs, "--index", index_dir, "--url-extension", "html")
    assert "--no-drop-extensions" in capsys.readouterr().err
    assert not index_dir.exists()
    write(docs, "page.md", PAGE)
    ran = indexer_main(docs, "--index", index_dir, "--no-drop-extensions", "--url-extension", "html")
    assert ran.code == 0, ran.err


@pytest.mark.parametrize("extension", ["ht/ml", "html?x=1", "h tml", "."])
def test_url_extension_that_is_not_a_name_is_refused(extension: str) -> None:
    with pytest.raises(ValueError, match="letters and digits"):
        IndexerSettings(url_extension=extension)


def test_what_the_site_generator_publishes_no_page_for_is_skipped(tmp_path: Path) -> None:
    """mdBook's SUMMARY.md is its table of contents and Sphinx's _templates hold Jinja: no pages of the site (a
    template's `{{ _('Navigation') }}` ranked second for a Sphinx search). Elsewhere the same files are pages."""
    write(tmp_path, "book/book.toml", "[book]\n")
    write(tmp_path, "book/src/SUMMARY.md", "# Summary\n\n- [Intro](intro.md)\n")
    write(tmp_path, "book/src/intro.md", PAGE)
    write(tmp_path, "sphinx/conf.py", "project = 'x'\n")
    write(tmp_path, "sphinx/_templates/layout.html", "<h1>{{ _('Navigation') }}</h1><p>Words.</p>")
    write(tmp_path, "sphinx/_static/demo.html", "<p>Static words.</p>")
    write(tmp_path, "sphinx/index.rst", "Home\n====\n\nWords.\n")
    write(tmp_path, "plain/SUMMARY.md", PAGE)
    write(tmp_path, "plain/_templates/layout.html", "<p>Words.</p>")
    book = index(tmp_path / "book/src", tmp_path / "i1")
    assert list(skipped(book)) == ["SUMMARY.md"] and "table of contents" in skipped(book)["SUMMARY.md"]
    sphinx = index(tmp_path / "sphinx", tmp_path / "i2")
    assert sorted(skipped(sphinx)) == ["_static/demo.html", "_templates/layout.html"]
    assert all_ids(tmp_path / "i2") == ["index.rst"]
    index(tmp_path / "plain", tmp_path / "i3")
    assert all_ids(tmp_path / "i3") == ["SUMMARY.md", "_templates/layout.html"]


def test_a_sphinx_project_makes_pages_of_its_source_files_that_exclude_patterns_leave(tmp_path: Path) -> None:
    """The Python devguide's conf.py excludes README.rst, which was cited as a page, and so was its
    requirements.txt. What conf.py builds with code is not guessed at."""
    write(
        tmp_path,
        "guide/conf.py",
        "import os\nextensions = ['myst_parser', 'sphinx.ext.todo']\nsource_suffix = '.rst'\n"
        "exclude_patterns = ['_build', 'venv*', 'README.rst', '**/drafts']\n",
    )
    for path in ("index.rst", "notes.md", "README.rst", "requirements.txt", "venv3/lib/x.rst", "a/drafts/b.rst",
                 "a/c.rst", "_build/html/x.rst"):  # fmt: skip
        write(tmp_path, f"guide/{path}", "Title\n=====\n\nWords.\n")
    report = index(tmp_path / "guide", tmp_path / "i1")
    assert all_ids(tmp_path / "i1") == ["a/c.rst", "index.rst", "notes.md"]  # MyST adds .md to source_suffix
    assert "not a Sphinx source file (conf.py's sources are .md, .rst)" in skipped(report)["requirements.txt"]
    assert "exclude_patterns: README.rst" in skipped(report)["README.rst"]
    assert "exclude_patterns: venv*" in skipped(report)["venv3/lib/x.rst"]
    assert "exclude_patterns: **/drafts" in skipped(report)["a/drafts/b.rst"]
    write(tmp_path, "guide/conf.py", "exclude_patterns = ['_build']\nexclude_patterns += ['README.rst']\n"
          "extensions = load_extensions()\n")  # fmt: skip
    index(tmp_path / "guide", tmp_path / "i1")
    assert "README.rst" in all_ids(tmp_path / "i1") and "requirements.txt" in all_ids(tmp_path / "i1")
    write(tmp_path, "guide/conf.py", "from shared.conf import *\nproject = 'x'\n")  # its extensions are elsewhere
    index(tmp_path / "guide", tmp_path / "i1")
    assert "notes.md" in all_ids(tmp_path / "i1") and "requirements.txt" in all_ids(tmp_path / "i1")
    write(tmp_path, "guide/conf.py", "x = " + "-" * 6000 + "1\n")  # too deep for Python's parser: read as nothing
    index(tmp_path / "guide", tmp_path / "i1")
    assert "notes.md" in all_ids(tmp_path / "i1")
    write(tmp_path, "guide/conf.py", "exclude_patterns = ['a/ch[0-9].rst']\n")  # a range, as Sphinx reads it
    write(tmp_path, "guide/a/ch5.rst", "Title\n=====\n\nWords.\n")
    assert "exclude_patterns: a/ch[0-9].rst" in skipped(index(tmp_path / "guide", tmp_path / "i1"))["a/ch5.rst"]


def test_an_mdbook_indexed_from_its_own_folder_serves_its_src_folder(tmp_path: Path) -> None:
    """The Rust book's pages include listings beside src/, so it is indexed from its own folder: its pages are
    still served from the book's root, and the listings' files are no pages (their text is where it is included)."""
    write(tmp_path, "book/book.toml", "[book]\ntitle = 'The book'\n")
    write(tmp_path, "book/src/ch01.md", "# Hello\n\n```rust\n{{#include ../listings/ch01/main.rs}}\n```\n")
    write(tmp_path, "book/src/README.md", PAGE)
    write(tmp_path, "book/listings/ch01/main.rs", "fn main() { zebracorn(); }\n")
    write(tmp_path, "book/listings/ch01/output.txt", "Compiling hello\n")
    write(tmp_path, "book/README.md", "# The repository\n\nHow to build the book.\n")
    settings: dict[str, Any] = {"base_url": "https://doc.rust-lang.org/book/", "url_extension": "html"}
    report = index(tmp_path / "book", tmp_path / "index", **settings)
    assert all_ids(tmp_path / "index") == ["src/README.md", "src/ch01.md"]
    assert document(tmp_path / "index", "src/ch01.md").url == "https://doc.rust-lang.org/book/ch01.html"
    assert document(tmp_path / "index", "src/README.md").url == "https://doc.rust-lang.org/book/index.html"
    assert sorted(skipped(report)) == ["README.md", "listings/ch01/output.txt"]
    assert "zebracorn" in (snapshot(tmp_path / "index").text("src/ch01.md") or "")


def test_a_draft_is_skipped_where_the_site_does_not_publish_drafts(tmp_path: Path) -> None:
    """Hugo and Docusaurus build no page for `draft: true`: citing one would cite a page that is not there.
    Elsewhere (no such generator found) `draft` is any field, and the page is indexed."""
    draft = "---\ntitle: Soon\ndraft: true\n---\n\nUnpublished zebracorn.\n"
    write(tmp_path, "hugo/hugo.toml", "baseURL = 'https://example.org/'\n")
    write(tmp_path, "hugo/content/soon.md", draft)
    write(tmp_path, "hugo/content/now.md", "---\ntitle: Now\ndraft: false\n---\n\nPublished.\n")
    write(tmp_path, "notes/soon.md", draft)
    write(tmp_path, "hugo/content/maybe.md", "---\ntitle: Maybe\ndraft: 'yes'\n---\n\nA page.\n")  # not Hugo's true
    report = index(tmp_path / "hugo/content", tmp_path / "i1")
    assert all_ids(tmp_path / "i1") == ["maybe.md", "now.md"]
    assert skipped(report) == {"soon.md": "a draft (front matter draft: true), which hugo does not publish"}
    index(tmp_path / "notes", tmp_path / "i2")
    assert all_ids(tmp_path / "i2") == ["soon.md"]


def test_drafts_are_skipped_by_design_and_summed_up_as_one_line(tmp_path: Path, indexer_main: Main) -> None:
    """A draft is no fault of its file: the site publishes no page for it, as for a partial. The summary lists
    many such files as one line, on the run that reads them and on the runs that carry them over."""
    write(tmp_path, "site/hugo.toml", "baseURL = 'https://example.org/'\n")
    for n in range(12):
        write(tmp_path, f"site/content/posts/soon-{n:02}.md", "---\ntitle: Soon\ndraft: true\n---\n\nUnpublished.\n")
    write(tmp_path, "site/content/now.md", PAGE)
    for _ in range(2):
        ran = indexer_main(tmp_path / "site/content", "--index", tmp_path / "index", "--no-embeddings")
        assert ran.code == 0, ran.err
        assert (
            "    12 files: a draft (front matter draft: true), which hugo does not publish "
            "(e.g. posts/soon-00.md, posts/soon-01.md, posts/soon-02.md)\n"
        ) in ran.err, ran.err
    report = index(tmp_path / "site/content", tmp_path / "index")
    assert report.generation is None and all(s.by_design for s in report.skipped)


def test_drafts_follow_the_site_generator_as_its_config_comes_and_goes(tmp_path: Path) -> None:
    """A hugo.toml that appears makes a draft no page, and one that goes makes it a page again: the run after
    each must decide again, though the draft itself did not change (every page is read again, as a rebuild reads
    it: test_incremental_sites.py)."""
    content, index_dir = tmp_path / "site/content", tmp_path / "index"
    write(content, "soon.md", "---\ntitle: Soon\ndraft: true\n---\n\nUnpublished zebracorn.\n")
    write(content, "now.md", PAGE)
    index(content, index_dir)
    assert found(index_dir, "zebracorn") == ["soon.md"]  # no generator found: `draft` is any field
    write(tmp_path, "site/hugo.toml", "baseURL = 'https://example.org/'\n")
    report = index(content, index_dir)
    assert [(s.id, s.by_design) for s in report.skipped] == [("soon.md", True)]
    assert (report.updated, report.unchanged, report.removed, report.documents) == (1, 0, 1, 1)
    assert found(index_dir, "zebracorn") == []
    assert index(content, index_dir).generation is None
    (tmp_path / "site/hugo.toml").unlink()
    report = index(content, index_dir)
    assert (report.added, report.updated, report.unchanged, report.skipped) == (1, 1, 0, ())
    assert found(index_dir, "zebracorn") == ["soon.md"]
    assert index(content, index_dir).generation is None


@pytest.mark.parametrize(
    ("config", "docs", "url"),
    [
        ("project/mkdocs.yml", "project/docs", "https://site.example/01-intro/"),  # MkDocs: each page a folder
        ("site/hugo.toml", "site/content", "https://site.example/01-intro/"),
        ("book/book.toml", "book/src", "https://site.example/01-intro"),
        ("project/docs/mkdocs.yml", "project/docs", "https://site.example/01-intro/"),
    ],
)
def test_docusaurus_category_files_do_not_outweigh_a_generators_own_config(
    tmp_path: Path, config: str, docs: str, url: str
) -> None:
    """`_category_.json` files tell a Docusaurus docs folder copied out of its site; where another generator's
    own config is found (the nearest decides), that generator builds the folder, whatever files it holds."""
    configs = {"mkdocs.yml": "site_name: x\n", "hugo.toml": "baseURL = 'https://site.example/'\n", "book.toml": ""}
    write(tmp_path, config, configs[Path(config).name])
    write(tmp_path, f"{docs}/guides/_category_.json", '{"label": "Guides"}\n')
    write(tmp_path, f"{docs}/01-intro.md", PAGE)
    index(tmp_path / docs, tmp_path / "index", base_url="https://site.example/", drop_extensions=True)
    assert document(tmp_path / "index", "01-intro.md").url == url


HUGO_URL, PLAIN_URL = "https://site.example/intro/", "https://site.example/Intro"


def url_under(config_folder: Path, docs: Path, index_dir: Path) -> str:
    """The URL of DOCS/Intro.md, indexed with a hugo.toml in `config_folder`: HUGO_URL when it is found."""
    write(config_folder, "hugo.toml", "baseURL = 'https://site.example/'\n")
    write(docs, "Intro.md", PAGE)
    index(docs, index_dir, base_url="https://site.example/", drop_extensions=True)
    return document(index_dir, "Intro.md").url


def test_the_search_for_a_site_config_stops_below_a_folder_anyone_may_write_to(tmp_path: Path) -> None:
    """Outside a repository the search climbs, but not into a folder such as /tmp, where anyone could leave a
    hugo.toml or a conf.py that would change every URL."""
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o1777)
    assert url_under(shared, shared / "notes", tmp_path / "i1") == PLAIN_URL
    assert url_under(shared / "site", shared / "site/content", tmp_path / "i2") == HUGO_URL


def test_the_search_for_a_site_config_stops_below_the_home_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The home folder holds all of a user's projects: a config file there is none of theirs."""
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    assert url_under(home, home / "notes", tmp_path / "i1") == PLAIN_URL
    assert url_under(home / "site", home / "site/content", tmp_path / "i2") == HUGO_URL


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a folder to another user needs root")
def test_the_search_for_a_site_config_stops_below_a_folder_of_another_user(tmp_path: Path) -> None:
    theirs = tmp_path / "theirs"
    (theirs / "mine").mkdir(parents=True)
    os.chown(theirs, 65534, -1)  # nobody's
    assert url_under(theirs, theirs / "mine/notes", tmp_path / "i1") == PLAIN_URL
    assert url_under(theirs / "mine", theirs / "mine/content", tmp_path / "i2") == HUGO_URL


@pytest.fixture
def mount_point(tmp_path: Path) -> Iterator[Path]:
    """A file system of its own (tmpfs) mounted at tmp_path/outer/disk; skips where mounting is not allowed."""
    point = tmp_path / "outer/disk"
    point.mkdir(parents=True)
    mount = ["mount", "-t", "tmpfs", "-o", "size=4m,mode=0755", "tmpfs", str(point)]
    if os.geteuid() != 0 or subprocess.run(mount, capture_output=True, check=False).returncode != 0:
        pytest.skip("cannot mount a file system here")
    try:
        yield point
    finally:
        subprocess.run(["umount", "-l", str(point)], check=True)


def test_the_search_for_a_site_config_stops_at_the_mount_point(tmp_path: Path, mount_point: Path) -> None:
    """A disk mounted in a folder is another file system, not a folder of the project around it."""
    assert url_under(tmp_path / "outer", mount_point / "notes", tmp_path / "i1") == PLAIN_URL
    assert url_under(mount_point, mount_point / "notes", tmp_path / "i2") == HUGO_URL  # the mount point's own


# The head of gohugo.io's own config.toml before Hugo 0.110 named it hugo.toml (hugoDocs, 2023)
HUGO_DOCS_CONFIG = """baseURL = "https://gohugo.io/"
defaultContentLanguage = "en"
enableEmoji = true
languageCode = "en-us"
paginate = 100
title = "Hugo"

[module]
[module.hugoVersion]
min = "0.56.0"
"""


@pytest.mark.parametrize(
    ("files", "url"),
    [
        pytest.param(
            {"config.toml": HUGO_DOCS_CONFIG, "archetypes/default.md": "---\n---\n", "layouts/index.html": ""},
            HUGO_URL,
            id="gohugo.io",
        ),
        pytest.param({"config.toml": HUGO_DOCS_CONFIG}, HUGO_URL, id="baseURL"),
        pytest.param({"config.yaml": "baseurl: https://example.org/\n"}, HUGO_URL, id="baseurl-any-case-yaml"),
        pytest.param({"config.json": '{"baseURL": "https://example.org/"}\n'}, HUGO_URL, id="json"),
        pytest.param({"config.toml": "title = 'Docs'\n", "layouts/_default/single.html": ""}, HUGO_URL, id="layouts"),
        pytest.param({"config/_default/hugo.toml": HUGO_DOCS_CONFIG}, HUGO_URL, id="config-folder"),
        pytest.param(
            {"config/_default/config.yaml": "title: Docs\n", "archetypes/default.md": "---\n---\n"},
            HUGO_URL,
            id="config-folder-archetypes",
        ),
        pytest.param({"config.toml": "title = 'Docs'\n"}, PLAIN_URL, id="no-sign-of-hugo"),
        pytest.param({"config.toml": "[server]\nport = 8080\n", "templates/a.html": ""}, PLAIN_URL, id="an-app"),
        pytest.param({"config.toml": HUGO_DOCS_CONFIG, "content.md": PAGE}, PLAIN_URL, id="no-content-folder"),
    ],
)
def test_a_hugo_site_is_known_by_the_config_file_hugo_read_before_hugo_toml(
    tmp_path: Path, files: dict[str, str], url: str
) -> None:
    """Hugo before 0.110 read config.toml (.yaml, .json) or config/_default/, names too common to tell Hugo alone:
    such a config beside a content/ folder is Hugo's with one of Hugo's own signs beside it, a baseURL setting
    or an archetypes/ or layouts/ folder (Zola's, which writes base_url: test_zola_sites.py)."""
    for path, text in files.items():
        write(tmp_path, f"site/{path}", text)
    docs = tmp_path / "site/content" if "content.md" not in files else tmp_path / "site/docs"
    write(docs, "Intro.md", PAGE)
    index(docs, tmp_path / "index", base_url="https://site.example/", drop_extensions=True)
    assert document(tmp_path / "index", "Intro.md").url == url


@pytest.mark.parametrize(
    ("config", "content"),
    [
        ("baseURL = 'https://ex.org/'\n", "content"),
        ("baseURL = 'https://ex.org/'\ncontentDir = 'pages'\n", "pages"),
        ("baseURL = 'https://ex.org/'\n[[module.mounts]]\nsource = 'content/en'\ntarget = 'content'\n", "content/en"),
        ("baseURL = 'https://ex.org/'\n[languages.en]\ncontentDir = 'content/en'\ntitle = 'gRPC'\n", "content/en"),
    ],
    ids=["content", "contentDir", "module-mount", "one-language-contentDir"],
)
def test_a_hugo_site_indexed_from_its_own_folder_is_its_content_folder(
    tmp_path: Path, config: str, content: str
) -> None:
    """Indexed from the folder of its hugo.toml, a Hugo site's pages are those of its content folder, served from
    the site's root; its templates and its README are no pages (gohugo.io's own site: 947 URLs held
    `content/en/`, and 75 templates titled `{{ .Title }}` were documents)."""
    write(tmp_path, "site/hugo.toml", config)
    write(tmp_path, f"site/{content}/docs/_index.md", PAGE)
    write(tmp_path, f"site/{content}/docs/Install.md", PAGE)
    write(tmp_path, "site/layouts/partials/head.html", "<title>{{ .Title }}</title>\n")
    write(tmp_path, "site/README.md", "# The site's repository\n\nHow to build it.\n")
    report = index(tmp_path / "site", tmp_path / "index", base_url="https://ex.org/", drop_extensions=True)
    assert all_ids(tmp_path / "index") == [f"{content}/docs/Install.md", f"{content}/docs/_index.md"]
    assert document(tmp_path / "index", f"{content}/docs/Install.md").url == "https://ex.org/docs/install/"
    assert document(tmp_path / "index", f"{content}/docs/_index.md").url == "https://ex.org/docs/"
    reasons = {skip.id: skip.reason for skip in report.skipped}
    assert "no page of the site" in reasons["layouts/partials/head.html"] and "README.md" in reasons


@pytest.mark.parametrize("docs", ["site", "site/content"])
def test_a_hugo_configs_cascade_to_a_path_glob_publishes_those_pages_nowhere(tmp_path: Path, docs: str) -> None:
    """OpenTelemetry's hugo.yaml cascades build: {render: never, list: never} to `{,/**}/_includes{,/**}`: the
    fragments its pages include were 80 pages of their own (21 in English). A target by kind is not followed."""
    write(
        tmp_path,
        "site/config/_default/hugo.yaml",
        "baseURL: https://ex.org/\ncascade:\n  - build: {list: never, render: never, publishResources: false}\n"
        "    target: {path: '{,/**}/_includes{,/**}'}\n  - build: {list: never, render: never}\n"
        "    target: {kind: page}\n",
    )
    write(tmp_path, "site/content/_includes/banner.md", "The zebracorn banner.\n")
    write(tmp_path, "site/content/docs/go/_includes/status.md", "The narwhal status note.\n")
    write(tmp_path, "site/content/docs/go/instrumentation.md", "# Go\n\nThe gryphonbeak page.\n")
    write(tmp_path, "site/content/docs/includes.md", "# Includes\n\nNot a fragment.\n")
    prefix = "content/" if docs == "site" else ""
    report = index(tmp_path / docs, tmp_path / "index")
    assert all_ids(tmp_path / "index") == [f"{prefix}docs/go/instrumentation.md", f"{prefix}docs/includes.md"]
    why = "the site's config cascades build: render: never, list: never to {,/**}/_includes{,/**}"
    assert why in skipped(report)[f"{prefix}docs/go/_includes/status.md"]
    assert why in skipped(report)[f"{prefix}_includes/banner.md"]


def test_what_hugo_publishes_nowhere_is_skipped_and_comes_back_when_the_cascade_goes(tmp_path: Path) -> None:
    """gohugo.io keeps its snippets in `_common/`, whose `_index.md` cascades `build: {render: never, list: never}`:
    the search cited them at 46 URLs that do not exist. A page's own `build` (or `_build`, before Hugo 0.99) says
    so too. Pages rendered never but listed on their section's page keep their text."""
    never = "---\ncascade:\n  build:\n    list: never\n    render: never\n---\n"
    write(tmp_path, "site/hugo.toml", "baseURL = 'https://ex.org/'\n")
    write(tmp_path, "site/content/_common/_index.md", never)
    write(tmp_path, "site/content/_common/deep/snippet.md", "---\n_comment: keep\n---\n\nThe zebracorn snippet.\n")
    write(
        tmp_path, "site/content/own.md", "---\n_build:\n  render: false\n  list: false\n---\n\nThe unicornfish page.\n"
    )
    listed = "---\ncascade:\n  build:\n    render: never\n    list: local\n---\n\n# Glossary\n\nTerms.\n"
    write(tmp_path, "site/content/glossary/_index.md", listed)  # its terms are shown on its page: their text stays
    write(tmp_path, "site/content/glossary/term.md", "---\ntitle: term\n---\n\nThe narwhalion term.\n")
    write(
        tmp_path,
        "site/content/targeted/_index.md",
        "---\ncascade:\n  - _target: {path: /x}\n    build: {render: never}\n---\n",
    )
    write(tmp_path, "site/content/targeted/page.md", "# Targeted\n\nThe walrus page.\n")
    write(tmp_path, "site/content/docs/install.md", "# Install\n\nThe gryphonbeak page.\n")
    docs, index_dir = tmp_path / "site", tmp_path / "index"
    report = index(docs, index_dir, base_url="https://ex.org/", drop_extensions=True)
    reasons = {skip.id: skip.reason for skip in report.skipped}
    assert "content/_common/_index.md cascades build: render: never" in reasons["content/_common/deep/snippet.md"]
    assert "build: render: never, list: never" in reasons["content/own.md"]
    assert sorted(all_ids(index_dir)) == [
        "content/docs/install.md",
        "content/glossary/_index.md",
        "content/glossary/term.md",
        "content/targeted/page.md",
    ]
    assert index(docs, index_dir, base_url="https://ex.org/", drop_extensions=True).generation is None  # unchanged
    write(tmp_path, "site/content/_common/_index.md", "---\ntitle: Common\n---\n\nShared pieces.\n")
    index(docs, index_dir, base_url="https://ex.org/", drop_extensions=True)
    assert found(index_dir, "zebracorn") == ["content/_common/deep/snippet.md"]


@pytest.mark.parametrize("docs", ["site", "site/content"])
def test_a_file_in_a_hugo_leaf_bundle_is_its_resource_and_no_page(tmp_path: Path, docs: str) -> None:
    """A folder with an index.md is a leaf bundle: Hugo renders every other file in it, in its subfolders too, as
    a resource of that page, never a page. Docsy's shortcodes page keeps the Markdown its readfile includes in
    includes/: it was a page of its own, cited at a URL that does not exist. A branch bundle's pages stay pages,
    and the page comes back when the bundle's index.md goes."""
    write(tmp_path, "site/hugo.toml", "baseURL = 'https://ex.org/'\n")
    write(tmp_path, "site/content/docs/shortcodes/index.md", "# Shortcodes\n\nThe gryphonbeak page.\n")
    write(tmp_path, "site/content/docs/shortcodes/includes/install.md", "# Install\n\nThe zebracorn fragment.\n")
    write(tmp_path, "site/content/docs/shortcodes/notes.txt", "The unicornfish notes.\n")
    write(tmp_path, "site/content/docs/_index.md", "# Docs\n\nThe walrus section.\n")
    write(tmp_path, "site/content/docs/install.md", "# Install\n\nThe narwhal page.\n")
    prefix = "content/" if docs == "site" else ""
    report = index(tmp_path / docs, tmp_path / "index", base_url="https://ex.org/", drop_extensions=True)
    assert sorted(all_ids(tmp_path / "index")) == [
        f"{prefix}docs/_index.md",
        f"{prefix}docs/install.md",
        f"{prefix}docs/shortcodes/index.md",
    ]
    why = f"a resource of the page bundle {prefix}docs/shortcodes/index.md, not a page"
    assert why in skipped(report)[f"{prefix}docs/shortcodes/includes/install.md"]
    assert why in skipped(report)[f"{prefix}docs/shortcodes/notes.txt"]
    (tmp_path / "site/content/docs/shortcodes/index.md").unlink()
    index(tmp_path / docs, tmp_path / "index", base_url="https://ex.org/", drop_extensions=True)
    assert found(tmp_path / "index", "zebracorn") == [f"{prefix}docs/shortcodes/includes/install.md"]


def test_a_hugo_param_shortcode_shows_the_value_the_page_or_the_site_gives(tmp_path: Path) -> None:
    """docsy.dev's install steps read `hugo mod get github.com/google/docsy/theme@` and "Hugo (version  or later)":
    `{{% param tdVersion.latest %}}` and `{{% param "hugoMinVersion" %}}` showed nothing; so did OpenTelemetry's
    `{{% param vers.otel %}}`, which its Java section cascades. A page's own front matter comes first, then its
    sections' cascades, then the production config over the defaults; a change to the site's params reads the
    page again."""
    site = tmp_path / "site"
    write(site, "config/_default/hugo.yaml", "baseURL: https://ex.org/\nparams:\n  hugoMinVersion: 0.160.1\n")
    write(site, "config/_default/params.yaml", "version: v0.16.1-dev\ntdVersion:\n  latest: v0.15.0\n")
    write(site, "config/production/params.yaml", "tdVersion:\n  latest: v0.16.0\n")
    write(site, "content/docs/_index.md", "---\ntitle: Docs\ncascade:\n  vers:\n    otel: 1.64.0\n---\n")
    write(
        site,
        "content/docs/install.md",
        "---\ntitle: Install\ndescription: The zebracorn theme.\nparams:\n  note: Mind the narwhal\n---\n"
        '{{% param description %}} Hugo {{% param "hugoMinVersion" %}} or later; {{< param Note >}}.\n\n'
        "```sh\nhugo mod get github.com/google/docsy/theme@{{% param tdVersion.latest %}}\n```\n\n"
        "Shown: `{{</* param version */>}}` is {{% param version %}}, OTel {{% param vers.otel %}}. "
        "Unknown: [{{% param nowhere %}}].\n",
    )
    index(site, tmp_path / "index")
    text = snapshot(tmp_path / "index").text("content/docs/install.md") or ""
    assert text == (
        "The zebracorn theme. Hugo 0.160.1 or later; Mind the narwhal.\n\n"
        "hugo mod get github.com/google/docsy/theme@v0.16.0\n\nShown: {{< param version >}} is v0.16.1-dev, "
        "OTel 1.64.0. Unknown: []."
    )
    write(site, "config/production/params.yaml", "tdVersion:\n  latest: v0.17.0\n")
    assert index(site, tmp_path / "index").updated == 1  # the params file is remembered as the page's settings
    assert "theme@v0.17.0" in (snapshot(tmp_path / "index").text("content/docs/install.md") or "")


def test_a_cascade_is_read_in_a_section_the_access_file_restricts(tmp_path: Path) -> None:
    """A section's `_index.md` is read for its cascade only: the access file restricting it neither reads its
    pages twice nor lets the cascade go unread."""
    write(tmp_path, "site/hugo.toml", "baseURL = 'https://ex.org/'\n")
    write(tmp_path, "site/.docsearchaccess", "content/internal/** staff\n")
    write(tmp_path, "site/content/internal/_index.md", "---\ncascade:\n  build: {render: never, list: never}\n---\n")
    write(tmp_path, "site/content/internal/notes.md", "---\ntitle: Notes\n---\n\nThe zebracorn notes.\n")
    report = index(tmp_path / "site", tmp_path / "index")
    assert "cascades build: render: never" in {s.id: s.reason for s in report.skipped}["content/internal/notes.md"]


def test_a_docsify_site_serves_its_markdown_from_its_app_page_and_embeds_files(tmp_path: Path) -> None:
    """docsify's own docs: _sidebar.md, _navbar.md and _coverpage.md were pages (the sidebar in the top 8 of five
    searches out of nine), index.html too, README.md was BASE/README, the `':include'` embeds read "filename", and
    `!>` helpers and `:id=` heading ids were text."""
    docs = tmp_path / "docs"
    write(docs, "index.html", "<script>window.$docsify = { loadSidebar: true, coverpage: true };</script>\n")
    write(docs, "README.md", "# docsify\n\nA magical documentation site generator.\n")
    write(docs, "_sidebar.md", "- [Quick start](quickstart.md)\n")
    write(docs, "_coverpage.md", "# docsify :id=docsify\n")
    write(docs, "_media/example.md", "---\ntitle: x\n---\nThis is from the zebracorn example.\n")
    write(docs, "_media/example.js", "console.log('narwhalfruit');\n")
    write(
        docs,
        "guide/embed.md",
        "# Embed files\n\n## Markdown :id=markdown\n\n[filename](../_media/example.md ':include')\n\n"
        "[filename](../_media/example.js ':include')\n\n[original](../_media/example.md ':ignore')\n\n"
        "```markdown\n[filename](_media/example.md ':include')\n```\n\n!> An **important** note.\n\n?> A tip.\n",
    )
    report = index(docs, tmp_path / "index", base_url="https://docsify.js.org/#/", drop_extensions=True)
    assert all_ids(tmp_path / "index") == ["README.md", "guide/embed.md"]
    assert set(skipped(report)) == {"index.html", "_sidebar.md", "_coverpage.md", "_media/example.md"}
    assert document(tmp_path / "index", "README.md").url == "https://docsify.js.org/#/"
    assert document(tmp_path / "index", "guide/embed.md").url == "https://docsify.js.org/#/guide/embed"
    assert snapshot(tmp_path / "index").text("guide/embed.md") == (
        "Embed files\n\nMarkdown\n\nThis is from the zebracorn example.\n\nconsole.log('narwhalfruit');\n\noriginal\n\n"
        "[filename](_media/example.md ':include')\n\nAn important note.\n\nA tip."
    )


def test_a_quarto_project_makes_no_pages_of_its_partials_readmes_and_text_files(tmp_path: Path) -> None:
    """quarto-web indexed its runtime.txt and requirements.txt as pages ("Runtime"), which Quarto never renders."""
    write(tmp_path, "_quarto.yml", "project:\n  type: website\n")
    write(tmp_path, "guide.qmd", "---\ntitle: Guide\n---\n\nThe zebracorn guide.\n")
    write(tmp_path, "_partial.qmd", "A partial.\n")
    write(tmp_path, "README.md", "# Repo\n\nHow to build.\n")
    write(tmp_path, "runtime.txt", "python-3.11\n")
    write(tmp_path, "docs/requirements.txt", "jupyter\n")
    report = index(tmp_path, tmp_path / "index")
    assert all_ids(tmp_path / "index") == ["guide.qmd"]
    assert skipped(report) == {
        "_partial.qmd": "a name starting with _ (a Quarto partial, _site, _freeze): Quarto renders no page of it",
        "README.md": "a README, which Quarto does not render: no page of the site",
        "runtime.txt": "a text file, which Quarto renders no page of (requirements.txt, runtime.txt): no page of the "
        "site",
        "docs/requirements.txt": "a text file, which Quarto renders no page of (requirements.txt, runtime.txt): no "
        "page of the site",
    }


def test_a_quarto_render_list_and_ai_instructions_decide_what_is_no_page(tmp_path: Path) -> None:
    """Quarto renders the files `project: render:` names (`!` taking some back), and never CLAUDE.md or AGENTS.md,
    which quarto-web keeps beside its pages."""
    write(tmp_path, "_quarto.yml", 'project:\n  type: website\n  render:\n    - "*.qmd"\n    - "!drafts/"\n'
          '    - "!old.qmd"\n')  # fmt: skip
    write(tmp_path, "guide.qmd", "---\ntitle: Guide\n---\n\nThe zebracorn guide.\n")
    write(tmp_path, "docs/intro.qmd", "---\ntitle: Intro\n---\n\nIntro.\n")
    write(tmp_path, "old.qmd", "Old.\n")
    write(tmp_path, "drafts/wip.qmd", "Draft.\n")
    write(tmp_path, "notes.md", "# Notes\n\nNot rendered.\n")
    write(tmp_path, "CLAUDE.md", "# Instructions\n\nBe brief.\n")
    write(tmp_path, "manual.pdf", make_pdf(["A manual."]))
    report = index(tmp_path, tmp_path / "index")
    assert all_ids(tmp_path / "index") == ["docs/intro.qmd", "guide.qmd", "manual.pdf"]
    assert skipped(report) == {
        "old.qmd": "left out by _quarto.yml's render list (!old.qmd): Quarto renders no page of it",
        "drafts/wip.qmd": "left out by _quarto.yml's render list (!drafts/): Quarto renders no page of it",
        "notes.md": "not in _quarto.yml's render list (project: render): Quarto renders no page of it",
        "CLAUDE.md": "not in _quarto.yml's render list (project: render): Quarto renders no page of it",
    }
    write(tmp_path, "_quarto.yml", "project:\n  type: website\n")
    report = index(tmp_path, tmp_path / "index2")
    assert skipped(report)["CLAUDE.md"] == (
        "an AI assistant's instructions (CLAUDE.md, AGENTS.md), which Quarto does not render: no page"
    )


# Vue's .vitepress/config.ts, with room for more settings
VUE_CONFIG = "export default defineConfig({\n  sitemap: {\n    hostname: 'https://vuejs.org'\n  },\n  srcDir: 'src',"
VUE_CONFIG += "%s\n})\n"


@pytest.mark.parametrize(
    ("files", "page", "advice", "url"),
    [
        (  # grpc.io: config.yaml, a theme, its one language's pages in content/en
            {
                "config.yaml": "baseURL: https://grpc.io/\ntheme: [docsy]\nlanguages:\n  en:\n    title: gRPC\n"
                "    contentDir: content/en\n",
                "layouts/shortcodes/why.html": "<p>{{ .Inner }}</p>\n",
            },
            "content/en/docs/guides/deadlines.md",
            "https://grpc.io/ --drop-extensions",
            "https://grpc.io/docs/guides/deadlines/",
        ),
        (  # Just the Docs: _config.yml's url and baseurl, pretty permalinks
            {"_config.yml": 'baseurl: "/jtd"\nurl: "https://just-the-docs.com"\npermalink: pretty\n'},
            "docs/configuration.md",
            "https://just-the-docs.com/jtd/ --url-extension html",
            "https://just-the-docs.com/jtd/docs/configuration/",
        ),
        (  # Knip's Starlight site: astro.config.ts's site and base
            {
                "astro.config.ts": "export default defineConfig({\n  site: 'https://knip.dev',\n  base: '/',\n"
                "  integrations: [starlight({ title: 'Knip', editLink: { baseUrl: 'https://github.com/x' } })],\n});\n",
            },
            "src/content/docs/guides/troubleshooting.md",
            "https://knip.dev/ --drop-extensions",
            "https://knip.dev/guides/troubleshooting",
        ),
        (  # dstack's MkDocs site: mkdocs.yml's site_url, its pages in docs_dir: mkdocs
            {"mkdocs.yml": "site_name: dstack\nsite_url: https://dstack.ai\ndocs_dir: mkdocs\n"},
            "mkdocs/docs/concepts/fleets.md",
            "https://dstack.ai/ --drop-extensions",
            "https://dstack.ai/docs/concepts/fleets/",
        ),
        (  # tRPC's Docusaurus site: docusaurus.config.ts's url and baseUrl
            {"docusaurus.config.ts": "export default {\n  url: 'https://trpc.io',\n  baseUrl: '/',\n};\n"},
            "docs/main/quickstart.mdx",
            "https://trpc.io/ --drop-extensions",
            "https://trpc.io/docs/main/quickstart",
        ),
        (  # Vue's VitePress site: the sitemap's hostname (VitePress writes its sitemap's addresses from it)
            {".vitepress/config.ts": VUE_CONFIG % ""},
            "src/guide/computed.md",
            "https://vuejs.org/ --url-extension html",
            "https://vuejs.org/guide/computed.html",
        ),
        (  # Sphinx's own docs: conf.py's html_baseurl, .html pages
            {"conf.py": "project = 'Sphinx'\nhtml_baseurl = 'https://www.sphinx-doc.org/en/master/'\n"},
            "usage/quickstart.rst",
            "https://www.sphinx-doc.org/en/master/ --url-extension html",
            "https://www.sphinx-doc.org/en/master/usage/quickstart.html",
        ),
        (  # quarto.org: _quarto.yml's website: site-url, pages served as .html files
            {"_quarto.yml": "project:\n  type: website\nwebsite:\n  title: Quarto\n  site-url: https://quarto.org\n"},
            "docs/authoring/callouts.qmd",
            "https://quarto.org/ --url-extension html",
            "https://quarto.org/docs/authoring/callouts.html",
        ),
        (  # a Quarto book's book: site-url, under a path
            {"_quarto.yml": "project:\n  type: book\nbook:\n  site-url: https://r4ds.hadley.nz/2e\n"},
            "chapters/import.qmd",
            "https://r4ds.hadley.nz/2e/ --url-extension html",
            "https://r4ds.hadley.nz/2e/chapters/import.html",
        ),
    ],
    ids=["hugo", "jekyll", "astro", "mkdocs", "docusaurus", "vitepress", "sphinx", "quarto-website", "quarto-book"],
)
def test_the_summary_gives_the_address_a_sites_config_names_as_base_url(
    tmp_path: Path, indexer_main: Main, files: dict[str, str], page: str, advice: str, url: str
) -> None:
    """gRPC's (Hugo), Just the Docs' (Jekyll), Knip's (Starlight), dstack's (MkDocs), tRPC's (Docusaurus), Vue's
    (VitePress), Sphinx's own and quarto.org's (Quarto) sites indexed as a user first would cited every page by a
    file:// URL, and the summary said nothing, though each config names the address it is served at; given as
    advised, the pages have the URLs the sites serve."""
    site = tmp_path / "site"
    for path, text in files.items():
        write(site, path, text)
    write(
        site,
        page,
        "A page\n======\n\nA zebracorn.\n" if page.endswith(".rst") else "---\ntitle: A page\n---\n\nA zebracorn.\n",
    )
    bare = indexer_main(site, "--index", tmp_path / "index", "--no-embeddings")
    said = f"the site's config says it is served at {advice.split()[0]}: --base-url {advice} cites them as the site"
    assert said in bare.err
    cited = indexer_main(site, "--index", tmp_path / "index", "--no-embeddings", "--base-url", *advice.split())
    assert "served at" not in cited.err
    assert document(tmp_path / "index", page).url == url
    sub = indexer_main(site / Path(page).parent, "--index", tmp_path / "sub", "--no-embeddings")
    if "_quarto.yml" in files:  # a Quarto project serves each folder at its path: quarto.org's docs/ at /docs/
        folder = advice.split()[0] + Path(page).parent.as_posix() + "/"
        assert f"served at {folder}: --base-url {folder} --url-extension html" in sub.err
    elif page.startswith("src/content/docs/"):  # Starlight's content folder too: Astro's docs' en/ is at /en/
        folder = advice.split()[0] + Path(page).parent.as_posix().removeprefix("src/content/docs/") + "/"
        assert f"served at {folder}: --base-url {folder} --drop-extensions" in sub.err
    else:
        assert "served at" not in sub.err


@pytest.mark.parametrize(
    ("name", "config"),
    [
        ("_config.yml", 'url: "https://{{site.host}}"\nbaseurl: ""\n'),  # Jekyll: Liquid in the url
        ("mkdocs.yml", "site_name: x\nsite_url: https://${READTHEDOCS_HOST}/\n"),  # a shell-style variable
        ("hugo.toml", 'baseURL = "/"\n'),  # a path alone: the host is the server's
    ],
    ids=["liquid", "variable", "path"],
)
def test_the_summary_gives_no_address_that_a_config_leaves_to_a_template_or_the_server(
    tmp_path: Path, indexer_main: Main, name: str, config: str
) -> None:
    """An address that is no literal http(s) one is not given as --base-url: it would cite every page at it."""
    site = tmp_path / "site"
    write(site, name, config)
    write(site, "docs/page.md" if name == "mkdocs.yml" else "content/page.md", "# Page\n\nA zebracorn.\n")
    write(site, "page.md", "# Page\n\nA zebracorn.\n")
    ran = indexer_main(site, "--index", tmp_path / "index", "--no-embeddings")
    assert ran.code == 0, ran.err
    assert "served at" not in ran.err


@pytest.mark.parametrize(
    ("preview", "advised"),
    [("process.env.CONTEXT !== 'production' && process.env.DEPLOY_PRIME_URL", True), ("computeSite()", False)],
    ids=["environment", "expression"],
)
def test_the_summary_reads_an_astro_site_that_the_environment_may_change(
    tmp_path: Path, indexer_main: Main, preview: str, advised: bool
) -> None:
    """Starlight's own config: `const site = NETLIFY_PREVIEW_SITE || 'https://starlight.astro.build/'`, the
    variable a deploy preview's address from the environment, then `site,`: the summary named no address. The
    default is the address when the other side is the environment's; any other expression is not guessed."""
    site = tmp_path / "docs"
    write(
        site,
        "astro.config.mjs",
        f"const NETLIFY_PREVIEW_SITE = {preview};\n\nconst site = NETLIFY_PREVIEW_SITE || 'https://starlight.example/';"
        "\n\nexport default defineConfig({\n\tsite,\n\tintegrations: [starlight({ title: 'Starlight' })],\n});\n",
    )
    write(site, "src/content/docs/getting-started.mdx", "---\ntitle: Getting started\n---\n\nA zebracorn.\n")
    ran = indexer_main(site, "--index", tmp_path / "index", "--no-embeddings")
    said = "served at https://starlight.example/: --base-url https://starlight.example/ --drop-extensions"
    assert (said in ran.err) is advised, ran.err


def test_the_summary_gives_a_docusaurus_sites_base_url_but_guesses_no_expression(
    tmp_path: Path, indexer_main: Main
) -> None:
    """Ionic's config serves its site under `baseUrl: '/docs/'`, which the advice joins to its url; a baseUrl
    that is an expression (a template string of a constant) is not guessed."""
    site = tmp_path / "www"
    write(site, "docs/main/quickstart.mdx", "# Quickstart\n\nInstall zebracorn.\n")
    write(
        site,
        "docusaurus.config.ts",
        "export default {\n  url: 'https://ionicframework.com',\n  baseUrl: '/docs/',\n};\n",
    )
    sub = indexer_main(site, "--index", tmp_path / "i2", "--no-embeddings")
    assert "served at https://ionicframework.com/docs/: --base-url https://ionicframework.com/docs/ " in sub.err
    write(
        site,
        "docusaurus.config.ts",
        "const BASE = '/docs';\nexport default { url: 'https://x.dev', baseUrl: `${BASE}/` };\n",
    )
    expression = indexer_main(site, "--index", tmp_path / "i3", "--no-embeddings")
    assert "served at" not in expression.err  # not guessed


def test_a_vitepress_site_indexed_from_its_src_dir_is_given_its_base_and_clean_urls(
    tmp_path: Path, indexer_main: Main
) -> None:
    """Indexed from Vue's srcDir (src/), whose pages are served from the site's root, the advice is the sitemap's
    hostname joined to the config's `base`, with --drop-extensions for its `cleanUrls`."""
    site = tmp_path / "vue"
    write(site, ".vitepress/config.ts", VUE_CONFIG % "\n  base: '/docs/',\n  cleanUrls: true,")
    write(site, "src/guide/computed.md", "# Computed\n\nA zebracorn getter.\n")
    src = indexer_main(site / "src", "--index", tmp_path / "i2", "--no-embeddings")
    assert "served at https://vuejs.org/docs/: --base-url https://vuejs.org/docs/ --drop-extensions" in src.err


def test_an_mdbook_indexed_with_no_address_is_told_the_option_for_the_urls_it_serves(
    tmp_path: Path, indexer_main: Main
) -> None:
    """The Rust book's pages indexed from src/ as a user first would were cited by file:// URLs, and the summary
    said nothing: its book.toml names no address, but the book serves each page as .html, which only
    `--url-extension html` gives. The summary says so; given as advised, the pages have the book's URLs."""
    book = tmp_path / "book"
    write(book, "book.toml", '[book]\ntitle = "The Rust Programming Language"\n')
    write(book, "src/SUMMARY.md", "# Summary\n\n- [Installation](ch01-01-installation.md)\n")
    write(book, "src/ch01-01-installation.md", "# Installation\n\nInstall zebracorn with rustup.\n")
    bare = indexer_main(book / "src", "--index", tmp_path / "index", "--no-embeddings")
    advice = "no --base-url: pages are cited by file:// URLs; DOCS is built with mdBook: --base-url https://SITE"
    assert f"{advice} --url-extension html cites them as the site does" in bare.err
    cited = indexer_main(
        book / "src", "--index", tmp_path / "index", "--no-embeddings",
        "--base-url", "https://doc.example/book/", "--url-extension", "html",
    )  # fmt: skip
    assert "no --base-url" not in cited.err
    url = document(tmp_path / "index", "ch01-01-installation.md").url
    assert url == "https://doc.example/book/ch01-01-installation.html"
    plain = tmp_path / "notes"
    write(plain, "a.md", "# A\n\nNo site.\n")
    assert "no --base-url" not in indexer_main(plain, "--index", tmp_path / "plain", "--no-embeddings").err


def test_a_hugo_sites_content_folder_indexed_alone_is_told_the_address_its_config_serves(
    tmp_path: Path, indexer_main: Main
) -> None:
    """gohugo.io's pages indexed from their own folder (content/en, which its hugo.toml mounts as the content),
    as a user first would, were cited by file:// URLs, and the summary gave no address, though the config's
    baseURL serves that folder at the site's root; only "give --base-url https://SITE" for the pages with a
    front matter `url`. Given as advised, the pages have the URLs the site serves."""
    site = tmp_path / "hugoDocs"
    mounts = "[[module.mounts]]\n  source = 'content/en'\n  target = 'content'\n"
    write(site, "hugo.toml", f'baseURL = "https://gohugo.example/"\ntitle = "Hugo"\n\n{mounts}')
    write(site, "content/en/functions/collections/Where.md", "---\ntitle: collections.Where\n---\n\nA zebracorn.\n")
    write(
        site, "content/en/commands/hugo_build.md", "---\ntitle: hugo build\nurl: /commands/hugo_build/\n---\n\nBuild.\n"
    )
    bare = indexer_main(site / "content/en", "--index", tmp_path / "index", "--no-embeddings")
    advice = "https://gohugo.example/ --drop-extensions"
    assert f"the site's config says it is served at https://gohugo.example/: --base-url {advice} cites" in bare.err
    assert "https://SITE" not in bare.err  # the front matter url's pages are among those the advice cites
    indexer_main(site / "content/en", "--index", tmp_path / "index", "--no-embeddings", "--base-url", *advice.split())
    index_dir = tmp_path / "index"
    assert (
        document(index_dir, "functions/collections/Where.md").url
        == "https://gohugo.example/functions/collections/where/"
    )
    assert document(index_dir, "commands/hugo_build.md").url == "https://gohugo.example/commands/hugo_build/"
    other = indexer_main(site / "content/en/functions", "--index", tmp_path / "sub", "--no-embeddings")
    assert "served at" not in other.err  # a section of the content is served below the root: no address to give


@pytest.mark.parametrize(
    ("files", "pages", "machines"),
    [
        (  # Knip's Starlight site: public/robots.txt is served as it is
            {"astro.config.ts": "export default defineConfig({ integrations: [starlight({ title: 'Knip' })] });\n"},
            ["src/content/docs/guides/troubleshooting.md", "src/content/docs/reference/errors/404.md"],
            ["public/robots.txt", "src/content/docs/404.md"],
        ),
        (  # Just the Docs: a 404.html page with front matter at the top, and a robots.txt
            {"_config.yml": "title: Just the Docs\npermalink: pretty\n"},
            ["docs/configuration.md", "docs/404.md"],
            ["404.html", "robots.txt"],
        ),
    ],
    ids=["astro", "jekyll"],
)
def test_a_sites_robots_txt_and_404_page_are_no_documents(
    tmp_path: Path, files: dict[str, str], pages: list[str], machines: list[str]
) -> None:
    """Knip's public/robots.txt was a document titled 'Robots' (the answer to a search for 'robots'), and Just the
    Docs' 404.html one titled 'Page not found': what a site tells crawlers and the page it shows for an address it
    does not serve are nothing its readers look for. A 404 page in a folder (an API's error) is a page."""
    site = tmp_path / "site"
    for path, text in files.items():
        write(site, path, text)
    for page in pages:
        write(site, page, "---\ntitle: A page\n---\n\nA zebracorn page.\n")
    write(site, machines[0], "User-agent: *\nAllow: /\n" if machines[0].endswith(".txt") else PAGE)
    write(site, machines[1], "---\ntitle: '404'\npermalink: /404\n---\n\n<h1>Page not found</h1>\n")
    report = index(site, tmp_path / "index", base_url="https://x.dev/", drop_extensions=True)
    assert all_ids(tmp_path / "index") == sorted(pages)
    reasons = {skip.id: skip.reason for skip in report.skipped}
    assert "what the site tells crawlers" in reasons[next(m for m in machines if m.endswith("robots.txt"))]
    assert "an address it does not serve (404)" in reasons[next(m for m in machines if "404" in m)]
