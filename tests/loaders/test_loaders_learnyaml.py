"""Learn's YAML pages (loaders/learnyaml.py): which files are pages, and bounds on hostile ones."""

from __future__ import annotations

import time
from pathlib import PurePath

import pytest

from indexer.errors import LoaderError
from indexer.loaders import loader_for
from indexer.loaders.learnyaml import MAX_NODES

from support.loaders import load


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


def test_a_page_of_aliases_naming_each_other_is_read_within_bounds() -> None:
    """Ten levels of ten aliases name 10^10 links: the walk stops at MAX_NODES values, with a warning."""
    lines = ["### YamlMime:Landing", "title: Bomb", "a0: &a0 [{text: zebracorn}]"]
    lines += [f"a{n}: &a{n} [{', '.join([f'*a{n - 1}'] * 10)}]" for n in range(1, 11)]
    started = time.monotonic()
    doc = load("index.yml", "\n".join(lines).encode())
    assert time.monotonic() - started < 10
    assert doc.title == "Bomb"
    assert doc.warnings == (f"more than {MAX_NODES:,} values: the rest is left out",)


def test_a_page_that_is_no_mapping_is_a_clear_failure() -> None:
    with pytest.raises(LoaderError, match="not YAML Learn reads"):
        load("index.yml", b"### YamlMime:Landing\n- just\n- a list\n")
