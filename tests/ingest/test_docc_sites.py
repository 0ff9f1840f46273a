"""A DocC documentation catalog (The Swift Programming Language's shape: TSPL.docc with an Info.plist naming the book,
a root article marked @TechnologyRoot, articles in folders, custom header and footer HTML, images): each article is
served under documentation/<the catalog's name>/ by its file's name alone, in lower case."""

from __future__ import annotations

import struct
from pathlib import Path

from support.folders import Main, all_ids, document, index, skipped, write

INFO_PLIST = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
\t<key>CFBundleDisplayName</key>
\t<string>The Zebra Book</string>
\t<key>CFBundleIdentifier</key>
\t<string>org.example.zebra</string>
</dict>
</plist>
"""

ROOT = """# The Zebra Book (beta)

@Metadata {
  @TechnologyRoot
}

## Topics

- <doc:TheBasics>
"""


def _catalog(repo: Path, plist: bool = True) -> Path:
    write(repo, ".git/HEAD", "ref: refs/heads/main\n")
    catalog = repo / "Zebra.docc"
    if plist:
        write(catalog, "Info.plist", INFO_PLIST)
    write(catalog, "Zebra-Book.md", ROOT)
    write(catalog, "LanguageGuide/TheBasics.md", "# The Basics\n\nOptional binding with if let zebracorn.\n")
    write(catalog, "Reference/Sloth.md", "# ``Zebra/Sloth``\n\nA sloth unicornfish.\n")
    write(catalog, "header.html", "<header><p>Important</p><p>This is the development version.</p></header>\n")
    write(catalog, "footer.html", "<footer>Copyright</footer>\n")
    write(catalog, "Assets/chart@2x.png", b"\x89PNG\r\n\x1a\n")
    return catalog


def _basics_url(catalog: Path, index_dir: Path) -> str:
    """The URL The Basics is cited at, the catalog indexed as a site served from https://x.test/."""
    index(catalog, index_dir, base_url="https://x.test/", drop_extensions=True)
    return document(index_dir, "LanguageGuide/TheBasics.md").url


FOLDER_NAMED = "https://x.test/documentation/zebra/thebasics/"  # Zebra.docc's name, without an Info.plist's


def test_an_article_is_served_under_the_catalogs_name_by_its_file_name(tmp_path: Path, indexer_main: Main) -> None:
    """docs.swift.org/swift-book/documentation/the-swift-programming-language/thebasics/, not .../LanguageGuide/
    TheBasics.md: the folder is no part of the URL, the name is lower-cased, the root article is the book's home."""
    catalog = _catalog(tmp_path / "repo")
    index_dir = tmp_path / "index"
    ran = indexer_main(catalog, "--index", index_dir, "--no-embeddings")
    assert "DOCS is built with DocC: --base-url https://SITE --drop-extensions cites them as the site does" in ran.err
    indexer_main(catalog, "--index", index_dir, "--no-embeddings", "--base-url", "https://docs.example.org/book/",
                 "--drop-extensions")  # fmt: skip
    base = "https://docs.example.org/book/documentation/"
    assert document(index_dir, "LanguageGuide/TheBasics.md").url == base + "the-zebra-book/thebasics/"
    assert document(index_dir, "Zebra-Book.md").url == base + "zebra-book/"
    assert document(index_dir, "Reference/Sloth.md").url == base + "zebra/sloth/"


def test_the_catalogs_html_and_images_are_no_pages(tmp_path: Path) -> None:
    """header.html and footer.html frame every page (TSPL's "Important: This is the development version" was a page
    of its own, found by 'important'); DocC makes pages of the .md files alone."""
    catalog = _catalog(tmp_path / "repo")
    report = index(catalog, tmp_path / "index")
    assert sorted(all_ids(tmp_path / "index")) == ["LanguageGuide/TheBasics.md", "Reference/Sloth.md", "Zebra-Book.md"]
    reasons = skipped(report)
    assert "resource of the DocC catalog" in reasons["header.html"]
    assert "resource of the DocC catalog" in reasons["footer.html"]


def test_without_an_info_plist_the_catalog_is_named_by_its_folder(tmp_path: Path) -> None:
    """What `docc convert` derives: Zebra.docc is documentation/zebra/..."""
    catalog = _catalog(tmp_path / "repo", plist=False)
    assert _basics_url(catalog, tmp_path / "index") == FOLDER_NAMED


def test_a_folder_inside_the_catalog_keeps_the_catalogs_rules(tmp_path: Path) -> None:
    catalog = _catalog(tmp_path / "repo")
    index(catalog / "LanguageGuide", tmp_path / "index", base_url="https://x.test/", drop_extensions=True)
    url = document(tmp_path / "index", "TheBasics.md").url
    assert url == "https://x.test/documentation/the-zebra-book/thebasics/"


def test_from_the_repository_root_the_summary_names_the_catalog(tmp_path: Path, indexer_main: Main) -> None:
    _catalog(tmp_path / "repo")
    write(tmp_path / "repo", "README.md", "# Zebra\n\nBuild with docc preview Zebra.docc.\n")
    ran = indexer_main(tmp_path / "repo", "--index", tmp_path / "index", "--no-embeddings")
    assert "but Zebra.docc/ holds a site (DocC): index that folder for its pages" in ran.err


def test_a_broken_info_plist_falls_back_to_the_folders_name(tmp_path: Path) -> None:
    catalog = _catalog(tmp_path / "repo", plist=False)
    write(catalog, "Info.plist", "<plist><dict><key>CFBundleDisplayName</key><string>Zebra")
    assert _basics_url(catalog, tmp_path / "index") == FOLDER_NAMED


def test_an_info_plist_nested_too_deep_falls_back_to_the_folders_name(tmp_path: Path) -> None:
    """A binary plist of arrays nested 100,000 deep: plistlib recursed past Python's limit and the run stopped
    with "unexpected RecursionError"."""
    catalog = _catalog(tmp_path / "repo", plist=False)
    depth = 100_000
    objects = [b"\xa1" + struct.pack(">I", i + 1) for i in range(depth - 1)] + [b"\x08"]  # [[[...false]]]
    offsets = [8 + 5 * i for i in range(depth)]
    table = b"".join(struct.pack(">I", offset) for offset in offsets)
    trailer = b"\x00" * 6 + b"\x04\x04" + struct.pack(">QQQ", depth, 0, 8 + sum(map(len, objects)))
    write(catalog, "Info.plist", b"bplist00" + b"".join(objects) + table + trailer)
    assert _basics_url(catalog, tmp_path / "index") == FOLDER_NAMED


def test_an_article_is_a_folder_whatever_extension_pages_are_given(tmp_path: Path) -> None:
    """DocC's static output holds documentation/<book>/thebasics/index.html: no thebasics.html is served."""
    catalog = _catalog(tmp_path / "repo")
    index(catalog, tmp_path / "index", base_url="https://x.test/", url_extension="html")
    url = document(tmp_path / "index", "LanguageGuide/TheBasics.md").url
    assert url == "https://x.test/documentation/the-zebra-book/thebasics/"
