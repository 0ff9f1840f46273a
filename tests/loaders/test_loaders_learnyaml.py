"""Learn's YAML pages (loaders/learnyaml.py): which files are pages, and bounds on hostile ones."""

from __future__ import annotations

import time
from pathlib import PurePath

import pytest

from indexer.errors import LoaderError
from indexer.loaders import loader_for
from indexer.loaders.learnyaml import MAX_BYTES, MAX_DEPTH, MAX_EXPANDED

from support.loaders import load, searchable


@pytest.mark.parametrize(
    ("name", "head", "taken"),
    [
        ("index.yml", b"### YamlMime:Landing\ntitle: x\n", True),
        ("index.yml", b"\xef\xbb\xbf### YamlMime:Hub\r\ntitle: x\r\n", True),
        ("faq.yaml", b"### YamlMime:FAQ\n", True),
        ("zone-pivot-groups.yml", b"### YamlMime:ZonePivotGroups\ngroups: []\n", False),
        ("toc.yml", b"- name: Overview\n  href: index.md\n", False),
        ("index.md.txt", b"### YamlMime:Landing\n", False),
    ],
)
def test_a_file_is_a_learn_page_by_its_first_line(name: str, head: bytes, taken: bool) -> None:
    loader = loader_for(PurePath(name), head)
    assert (loader is not None and loader.format == "learn-yaml") is taken


TOO_MUCH = (
    f"it shows more than its file holds by {MAX_EXPANDED:,} values and characters (YAML aliases repeating what "
    "they name): the rest is left out"
)
TOO_DEEP = f"values nested deeper than {MAX_DEPTH} levels are left out"


def _bomb(leaf: str) -> bytes:
    """Ten levels of ten aliases of `leaf`: 10^10 copies of it in a file of a few hundred bytes more."""
    lines = ["### YamlMime:Landing", "title: Bomb", f"a0: &a0 [{leaf}]"]
    lines += [f"a{n}: &a{n} [{', '.join([f'*a{n - 1}'] * 10)}]" for n in range(1, 11)]
    return "\n".join(lines).encode()


@pytest.mark.parametrize(
    "leaf",
    [
        "{text: zebracorn}",  # 10^10 links
        "{title: " + "zebracorn " * 20_000 + ", summary: unicornfish}",  # 10^10 copies of 200,000 characters
    ],
)
def test_a_page_of_aliases_naming_each_other_is_read_within_bounds(leaf: str) -> None:
    """A YAML bomb's walk stops once the page shows MAX_EXPANDED more than its file holds, with a warning; a
    long text under the aliases counts by its characters (counted as one value, it filled gigabytes)."""
    data = _bomb(leaf)
    started = time.monotonic()
    doc = load("index.yml", data)
    assert time.monotonic() - started < 10
    assert doc.title == "Bomb"
    assert doc.warnings == (TOO_MUCH,)
    assert "zebracorn" in searchable(doc)
    assert len(searchable(doc)) <= len(data) + MAX_EXPANDED


@pytest.mark.parametrize(
    "yaml",
    [
        "items: " + "{a: " * 500 + "[{text: deep}]" + "}" * 500,  # nested past Python's stack, as walked
        "items: &a [{text: loop, items: *a}]",  # an alias that holds itself
    ],
)
def test_values_nested_too_deep_are_left_out_with_a_warning(yaml: str) -> None:
    """Values nested past MAX_DEPTH are left out, the page kept with a warning; they failed it (RecursionError)."""
    doc = load("index.yml", f"### YamlMime:Landing\ntitle: Deep zebracorn\nsummary: Kept.\n{yaml}\n".encode())
    assert doc.title == "Deep zebracorn"
    assert "Kept." in searchable(doc)
    assert TOO_DEEP in doc.warnings


def test_a_hubs_footer_closes_its_section() -> None:
    """A hub's `additionalContent.footer` is Markdown Learn shows below its sections: it was left out."""
    hub = b"""### YamlMime:Hub
title: Home
additionalContent:
  sections:
    - title: Community
      items:
        - title: Toolkit
          summary: Reusable elements.
  footer: "[Blogs](https://example.com/blog) - [Zebracorn forum](/answers/tags/1)"
"""
    text = searchable(load("index.yml", hub))
    assert text.endswith("Reusable elements.\n\nBlogs - Zebracorn forum")
    assert "example.com" not in text


def test_a_page_that_is_no_mapping_is_a_clear_failure() -> None:
    with pytest.raises(LoaderError, match="not YAML Learn reads"):
        load("index.yml", b"### YamlMime:Landing\n- just\n- a list\n")


def test_a_page_larger_than_any_learn_page_is_refused_before_it_is_parsed() -> None:
    """PyYAML took 9 s and 460 MB for 5 MB of a list; a 50 MB file, within --max-file-size, would take gigabytes."""
    data = b"### YamlMime:Landing\ntitle: Huge\nitems:\n" + b"- a\n" * (MAX_BYTES // 4)
    started = time.monotonic()
    with pytest.raises(LoaderError, match=f"more than a Learn page holds \\({MAX_BYTES:,}\\)"):
        load("index.yml", data)
    assert time.monotonic() - started < 1
