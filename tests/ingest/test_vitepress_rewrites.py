"""A VitePress config's `rewrites`: pages cited at the paths the site serves them at, not their files' paths."""

from __future__ import annotations

from pathlib import Path

import pytest

from support.folders import all_ids, document, index, write

# VitePress's own docs' shape: English pages in en/, served from the root; a translation in es/ as it is; a
# monorepo's package pages; a page renamed; a rule in a syntax not read (its pages keep their paths)
REWRITES_CONFIG = """import { defineConfig } from 'vitepress'
export default defineConfig({
  rewrites: {
    'en/:rest*': ':rest*',
    'packages/:pkg/src/:slug*': ':pkg/:slug*',
    'old/:page.md': 'new/:page-page.md',
    'legacy/(.*)': 'moved/$1',
  },
  cleanUrls: true,
  locales: {
    root: { label: 'English', lang: 'en-US' },
    es: { label: 'Español', lang: 'es' },
  },
})
"""
PAGES = (
    "en/index.md",
    "en/guide/cms.md",
    "en/guide/index.md",
    "es/guide/cms.md",
    "packages/pkg-a/src/index.md",
    "packages/pkg-a/src/api/zebracorn.md",
    "old/intro.md",
    "legacy/notes.md",
    "plain/page.md",
)


@pytest.mark.parametrize(
    ("options", "served"),
    [
        ({"drop_extensions": True}, ("", "guide/cms", "guide/", "es/guide/cms", "pkg-a/", "pkg-a/api/zebracorn")),
        (
            {"url_extension": "html"},
            ("index.html", "guide/cms.html", "guide/index.html", "es/guide/cms.html", "pkg-a/index.html",
             "pkg-a/api/zebracorn.html"),
        ),
    ],
    ids=["drop-extensions", "url-extension"],
)  # fmt: skip
def test_vitepress_rewrites_give_the_paths_pages_are_served_at(
    tmp_path: Path, options: dict[str, object], served: tuple[str, ...]
) -> None:
    """VitePress's docs keep their English pages in en/ and serve them from the root (`'en/:rest*': ':rest*'`):
    every one was cited at https://vitepress.dev/en/guide/cms, a page the site does not have. The config's
    rewrites now give a page's path (`:name`, `:name*` over folders, a parameter in part of a name); a page no
    rule maps, or only a rule in a syntax not read (a regular expression), keeps its own; a translation's pages
    keep theirs."""
    site = tmp_path / "docs"
    write(site, ".vitepress/config.ts", REWRITES_CONFIG)
    for path in PAGES:
        write(site, path, f"# {path}\n\nText.\n")
    index(site, tmp_path / "index", base_url="https://vitepress.dev/", languages="all", **options)
    urls = {doc_id: document(tmp_path / "index", doc_id).url for doc_id in all_ids(tmp_path / "index")}
    extension = ".html" if "url_extension" in options else ""
    assert urls == {
        **{page: f"https://vitepress.dev/{path}" for page, path in zip(PAGES, served, strict=False)},
        "old/intro.md": f"https://vitepress.dev/new/intro-page{extension}",
        "legacy/notes.md": f"https://vitepress.dev/legacy/notes{extension}",
        "plain/page.md": f"https://vitepress.dev/plain/page{extension}",
    }
    assert document(tmp_path / "index", "es/guide/cms.md").language == "es"
