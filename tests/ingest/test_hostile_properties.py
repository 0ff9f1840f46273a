"""Issue 19: random bytes and random front matter, through every loader and the real pipeline. Whatever the files
hold, the run ends without an error and every file is either a document or a listed skip with a reason."""

from __future__ import annotations

import datetime as dt
import random
import shutil
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from indexer.loaders import SUFFIXES

from support.folders import all_ids, document, index, run_cli, skipped, write
from support.hostile import ANY_CHAR, PROPERTIES

EXAMPLES = settings(PROPERTIES, max_examples=60)

# Openings that steer random bytes into each loader's deeper paths.
OPENINGS = [b"", b"%PDF-1.4\n", b"<html><head><title>", b"---\n", b"+++\n", b"\xef\xbb\xbf", b"\xff\xfe", b"# T\n\n"]

# Hand-written YAML that a random generator seldom writes: aliases, tags, nesting, broken syntax.
YAML_PIECES = [
    "a: &a [x, x, x]\nb: [*a, *a, *a]\n",
    "tags: !!set {a, b}\n",
    "blob: !!binary aGVsbG8=\n",
    "date: 2024-05-26\nexpiryDate: 2028-06-06T10:00:00Z\n",
    "n: .nan\ni: -.inf\n",
    "x: " + "[" * 60 + "]" * 60 + "\n",
    "r: &r [*r]\n",
    "title: [unclosed\n",
    "\tbad: indentation\n",
    "? [complex, key]\n: value\n",
    "url: javascript:alert(1)\n",
    "url: /relative/path/\n",
    "access: 42\n",
    "access: [ok, {no: 1}]\n",
    "description: " + "long " * 50 + "\n",
    "title: !!python/object:os.system echo\n",
]

scalars = st.one_of(
    st.text(ANY_CHAR, max_size=40),
    st.integers(),
    st.floats(),
    st.booleans(),
    st.none(),
    st.dates(),
    st.datetimes(),
    st.binary(max_size=20),
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)
keys = st.sampled_from(["title", "date", "tags", "url", "description", "access", "draft", "weight"]) | st.text(
    max_size=10
)


@st.composite
def front_matter(draw: st.DrawFn) -> str:
    """A YAML front matter block: dumped from random values, with hand-written pieces mixed in."""
    mapping = draw(st.dictionaries(keys, values, max_size=6))
    try:
        text = yaml.dump(mapping, allow_unicode=True)
    except yaml.YAMLError:
        text = ""
    pieces = draw(st.lists(st.sampled_from(YAML_PIECES), max_size=3))
    return "---\n" + text + "".join(pieces) + "---\n"


@st.composite
def file_content(draw: st.DrawFn) -> bytes:
    kind = draw(st.sampled_from(["bytes", "front matter", "text"]))
    if kind == "bytes":
        return draw(st.sampled_from(OPENINGS)) + draw(st.binary(max_size=600))
    body = draw(st.text(ANY_CHAR, max_size=300))
    if kind == "text":
        return body.encode("utf-8", "surrogatepass")
    return (draw(front_matter()) + body).encode("utf-8", "surrogatepass")


@EXAMPLES
@given(contents=st.lists(file_content(), min_size=len(SUFFIXES), max_size=len(SUFFIXES)))
def test_every_file_is_a_document_or_a_listed_skip(
    tmp_path_factory: pytest.TempPathFactory, contents: list[bytes]
) -> None:
    folder = tmp_path_factory.mktemp("random")
    docs, index_dir = folder / "docs", folder / "index"
    names = [f"file{n}{suffix}" for n, suffix in enumerate(sorted(SUFFIXES))]
    for name, content in zip(names, contents, strict=True):
        write(docs, name, content)
    report = index(docs, index_dir)
    documents, listed = set(all_ids(index_dir)), skipped(report)
    assert documents | set(listed) == set(names)
    assert not documents & set(listed)
    assert all(reason.strip() for reason in listed.values())
    shutil.rmtree(folder)


BLOG_PIECES = [
    "date: 2024-02-30\n",
    "date: " + "9" * 400 + "-1-1\n",
    "date: {created: [2024-05-02], updated: x}\n",
    "slug: " + "../" * 50 + "\n",
    "title: '" + "<" * 5000 + "'\n",
    "categories: [[a], {b: c}]\n",
    "draft: 'true'\n",
]


@settings(PROPERTIES, max_examples=40)
@given(fronts=st.lists(front_matter(), min_size=6, max_size=6), pieces=st.lists(st.sampled_from(BLOG_PIECES)))
def test_every_post_of_an_mkdocs_blog_is_a_page_at_some_url_or_a_listed_skip(
    tmp_path_factory: pytest.TempPathFactory, fronts: list[str], pieces: list[str]
) -> None:
    """Random front matter on the posts of Material's blog plugin, whose URLs are made of their date, title and
    slug: the run ends, and each post is a document with an http URL in the site or a listed skip."""
    folder = tmp_path_factory.mktemp("blog")
    write(
        folder, "mkdocs.yml", "site_name: x\nplugins:\n  - blog:\n      post_url_format: '{categories}/{date}/{slug}'\n"
    )
    names = [f"blog/posts/post{n}.md" for n in range(len(fronts))]
    for n, (name, front) in enumerate(zip(names, fronts, strict=True)):
        write(folder, f"docs/{name}", front[:-4] + "".join(pieces[n:]) + "---\n\n# A title\n\nText.\n")
    report = index(folder / "docs", folder / "index", base_url="https://example.dev/", drop_extensions=True)
    documents, listed = set(all_ids(folder / "index")), skipped(report)
    assert documents | set(listed) == set(names)
    assert all(document(folder / "index", doc_id).url.startswith("https://example.dev/") for doc_id in documents)
    shutil.rmtree(folder)


def test_a_folder_of_random_files_indexes_with_the_default_pool(docs: Path, index_dir: Path) -> None:
    """The same through the real command and its worker processes: exit 0, a summary that accounts for every file."""
    rng = random.Random(19)
    suffixes = sorted(SUFFIXES)
    names = []
    for n in range(120):
        name = f"part{n % 4}/file{n}{suffixes[n % len(suffixes)]}"
        data = rng.choice(OPENINGS) + rng.randbytes(rng.randint(1, 800))
        if n % 3 == 0:  # front matter of hand-written pieces, then text
            data = ("---\n" + "".join(rng.sample(YAML_PIECES, 3)) + "---\nBody text.\n").encode()
        elif n % 3 == 1:
            data = f"---\ndate: {dt.date(2000 + n % 30, 1 + n % 12, 1)}\ntitle: Page {n}\n---\n\nPage {n}.\n".encode()
        write(docs, name, data)
        names.append(name)
    result = run_cli(docs, "--index", index_dir)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    documents = set(all_ids(index_dir))
    listed = {name for name in names if f"    {name}: " in result.stderr}
    assert documents | listed == set(names)
