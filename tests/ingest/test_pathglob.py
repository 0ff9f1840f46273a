"""The one glob engine of site configs (pathglob.py) in its two readings: names (`*` within a name, `**` across
folders: Hugo's cascades, VitePress's srcExclude, Sphinx's exclude_patterns, DocFX's build.content, Quarto's render
list; fast-glob's `**/` for VitePress and DocFX) and globset's (`*` across folders: Zola's ignored_content)."""

from __future__ import annotations

import fnmatch
import logging
import time
from pathlib import Path

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from indexer.ingest.pathglob import MAX_ALTERNATIVES, path_glob

from support.folders import found, index, write

NAMES, FAST, GLOBSET = "names", "fast-glob", "globset"


def matches(glob: str, reading: str, path: str) -> bool:
    return path_glob(glob, any_folders=reading == FAST, crossing=reading == GLOBSET).fullmatch(path) is not None


CASES = [
    ("*.md", NAMES, "a.md", True),
    ("*.md", NAMES, "guide/a.md", False),
    ("*.md", GLOBSET, "guide/a.md", True),  # Zola's `*.xlsx`: any such file
    ("**/*.md", NAMES, "a/b/c.md", True),
    ("**/*.md", NAMES, "c.md", False),
    ("**/*.md", FAST, "c.md", True),
    ("**/*.md", GLOBSET, "c.md", True),
    ("**/notes/*", GLOBSET, "a/b/notes/x/y.md", True),
    ("a/**/b.md", NAMES, "a/x/y/b.md", True),
    ("a/**/b.md", NAMES, "a/b.md", False),
    ("a/**/b.md", FAST, "a/b.md", True),
    ("a/**/b.md", GLOBSET, "a/b.md", True),
    ("*/drafts/**/*.md", GLOBSET, "content/drafts/deep/er/y.md", True),
    ("a**b", NAMES, "ax/yb", True),
    ("a***b", NAMES, "ax/yb", True),
    ("a/**", GLOBSET, "a/x/y", True),
    ("?.md", NAMES, "a.md", True),
    ("a?b", NAMES, "a/b", False),
    ("a?b", GLOBSET, "a/b", True),
    ("[0-9].md", NAMES, "7.md", True),
    ("[!0-9].md", NAMES, "7.md", False),
    ("[^0-9].md", NAMES, "x.md", True),
    ("a[!x]b", NAMES, "a/b", False),
    ("a[!x]b", GLOBSET, "a/b", True),
    ("[]]", GLOBSET, "]", True),
    ("[!]", NAMES, "!", True),
    ("[z-a].md", NAMES, "z.md", False),  # an empty range names nothing (`re` refused it: the run failed)
    ("[z-a].md", GLOBSET, "z.md", False),
    ("[!-a]", NAMES, "0", True),  # neither '-' nor 'a' (it was the range from '/' to 'a')
    ("[!-a]", NAMES, "-", False),
    ("\\[old\\].md", GLOBSET, "[old].md", True),
    ("\\*.md", GLOBSET, "x.md", False),
    ("\\*.md", NAMES, "\\x.md", True),  # a backslash is the character
    ("*.{md,yml}", NAMES, "a.yml", True),
    ("*.{md,yml}", GLOBSET, "x/a.md", True),
    ("{a,b{c,d}}.md", NAMES, "bd.md", True),
    ("{a,b{c,d}}.md", GLOBSET, "bd.md", True),
    ("{a,b}", NAMES, "{a,b}", False),
    ("{a,b.md", NAMES, "b.md", True),  # never closed: closed at the end
    ("{a,b.md", GLOBSET, "{a,b.md", True),  # never closed: the characters
    ("a}b,c", NAMES, "a}b,c", True),
    ("a}b,c", GLOBSET, "a}b,c", True),
    ("{" * 17 + "a" + "}" * 17, NAMES, "{a}", True),  # the innermost past 16 deep: the characters
    ("{" * 17 + "a" + "}" * 17, GLOBSET, "{a}", True),
    ("{a,ab}c", NAMES, "abc", True),  # written out: each choice tried
    ("A.md", NAMES, "a.md", False),
]


@pytest.mark.parametrize(("glob", "reading", "path", "expected"), CASES)
def test_a_glob_names_the_paths_its_generator_gives_it(glob: str, reading: str, path: str, expected: bool) -> None:
    assert matches(glob, reading, path) is expected


PIECES = st.lists(st.sampled_from(["a", "b", ".", "/", "*", "?", "[ab]", "[!a]"]), max_size=8).map("".join)
PATHS = st.text(alphabet="ab./", max_size=10)


@given(PIECES, PATHS)
def test_globsets_reading_is_fnmatchs(glob: str, path: str) -> None:
    """Without braces or `**`, globset's reading is the standard library's: `*`, `?` and classes take '/' too."""
    assume("**" not in glob)
    assert matches(glob, GLOBSET, path) is fnmatch.fnmatchcase(path, glob)


@given(PIECES, PATHS)
def test_the_names_reading_matches_name_by_name(glob: str, path: str) -> None:
    """Without `**`, a glob of names matches a path of as many names, each by the glob's name there."""
    assume("**" not in glob)
    globs, names = glob.split("/"), path.split("/")
    expected = len(globs) == len(names) and all(map(fnmatch.fnmatchcase, names, globs))
    assert matches(glob, NAMES, path) is expected


HOSTILE = [
    pytest.param("*a" * 60 + "b", "a" * 4000, "a" * 200 + "b", id="stars"),
    pytest.param("**a" * 30 + "b", "a" * 4000, "a" * 200 + "b", id="double-stars"),
    pytest.param("a/**/" * 40 + "b", "a/" * 2000, "a/" * 80 + "b", id="folder-stars"),
    pytest.param("**/a*b/**/c", "a/" * 50_000, "x/ab/y/c", id="folders-then-a-star"),
    pytest.param("**/a" * 40 + "b", "a/" * 50_000, "x/a" * 40 + "b", id="folders-then-stars"),
    pytest.param("{*a*a*a*a*a*ab,c}" * 65, "a" * 4000, "c" * 65, id="stars-in-braces-kept-in-place"),
    pytest.param("{a,b}" * 30 + "c", "ab" * 2000, "ab" * 15 + "c", id="a-billion-choices"),
    pytest.param("{" * 3000 + "*a" * 20, "a" * 4000, None, id="unclosed-braces"),
    pytest.param("{" * 600 + "*a" * 20 + "}" * 600, "a" * 4000, None, id="nested-braces"),
    pytest.param("{a," * 600 + "}" * 600 + "*b" * 20, "a" * 4000, None, id="nested-choices"),
]


@pytest.mark.parametrize("reading", [NAMES, GLOBSET])
@pytest.mark.parametrize(("glob", "missed", "named"), HOSTILE)
def test_a_hostile_glob_takes_no_time_on_a_long_path(glob: str, missed: str, named: str | None, reading: str) -> None:
    """Written the plain way, each of these tries every way of splitting the path across its stars (hours: the
    braces kept in place took 48 s on one page of a VitePress site whose folder's name was 120 a's), overflows
    Python's recursion, or writes out a billion globs. The path a glob names is still matched."""
    started = time.perf_counter()
    assert not matches(glob, reading, missed)
    assert named is None or matches(glob, reading, named)
    assert time.perf_counter() - started < 3


@pytest.mark.parametrize("reading", [NAMES, GLOBSET])
@pytest.mark.parametrize(
    "glob",
    [
        pytest.param("{a,b}" * 9 + ".md", id="more-globs"),
        pytest.param("{a,b}" * 6 + "x" * 100 + ".md", id="more-characters"),
    ],
)
def test_braces_past_writing_out_are_matched_in_place_with_a_warning(
    glob: str, reading: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Each group is then matched by its first choice that fits: a path of such choices is still named."""
    with caplog.at_level(logging.WARNING, logger="indexer.ingest.pathglob"):
        assert matches(glob, reading, glob.replace("{a,b}", "b"))
    assert f"stands for more than {MAX_ALTERNATIVES} globs" in caplog.text


def test_braces_written_out_warn_nothing(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="indexer.ingest.pathglob"):
        assert matches("{a,b}" * 7 + ".md", NAMES, "ab" * 3 + "b.md")
    assert caplog.text == ""


def test_a_class_of_no_character_in_a_site_config_names_no_page_and_the_run_goes_on(tmp_path: Path) -> None:
    """`[z-a].md` in VitePress's srcExclude (a Hugo cascade's, Sphinx's, DocFX's or Quarto's glob alike) made `re`
    refuse the pattern, and the run failed: "unexpected error: bad character range z-a". `[!-a]` was the range
    from '/' to 'a'; it is neither '-' nor 'a', as fnmatch reads it."""
    site = tmp_path / "site"
    write(site, ".vitepress/config.ts", "export default { srcExclude: ['[z-a].md', 'n[!-a].md'] }\n")
    write(site, "z.md", "# Z\n\nZebracorn.\n")
    write(site, "n0.md", "# Zero\n\nUnicornfish.\n")
    write(site, "n-.md", "# Dash\n\nDashwort.\n")
    index(site, tmp_path / "index")
    assert found(tmp_path / "index", "zebracorn") == ["z.md"]
    assert found(tmp_path / "index", "unicornfish") == []
    assert found(tmp_path / "index", "dashwort") == ["n-.md"]
