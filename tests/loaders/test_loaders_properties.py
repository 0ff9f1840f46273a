"""Properties of every markup loader on random markup: it never fails but with a LoaderError, prints nothing,
and text that follows whatever the markup did is indexed, or the loader says why not."""

from __future__ import annotations

import contextlib
import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from indexer.errors import LoaderError

from support.loaders import load, searchable

PROPERTIES = settings(max_examples=300, deadline=None, derandomize=True, database=None)

# The markup each loader reacts to, mixed: HTML, Markdown, MDX, templates and reStructuredText.
PIECES = st.lists(
    st.sampled_from(
        [
            "word",
            " ",
            "\n",
            "\n\n",
            "  ",
            "\t",
            "- ",
            "> ",
            "1. ",
            "# ",
            "```",
            "~~~",
            "    ",
            "`",
            "*",
            "_",
            "[",
            "]",
            "(",
            ")",
            "<",
            ">",
            "/",
            "=",
            '"',
            "'",
            "{",
            "}",
            "&amp;",
            "&#",
            "<p>",
            "</p>",
            "<br>",
            "<div>",
            "</div>",
            "<script>",
            "</script>",
            "<style>",
            "<script/>",
            "<!--",
            "-->",
            "<svg>",
            "</svg>",
            "<noscript>",
            "<a x='",
            "<title>",
            "{{<",
            ">}}",
            "{{%",
            "%}}",
            "{{</*",
            "*/>}}",
            "{%",
            "%}",
            "{{",
            "}}",
            "{{#include x}}",
            "{% comment %}",
            "{% endcomment %}",
            "{% raw %}",
            "{% endraw %}",
            "{/*",
            "*/}",
            "<Card",
            "</Card>",
            'title="t"',
            "/>",
            "import x",
            "export y",
            ":::note",
            ":::",
            ":func:`",
            ":ref:`a <b>`",
            ".. note::",
            ".. include:: /etc/passwd",
            ".. raw:: html",
            "::",
            "=====",
            "-----",
            ".. ",
            "|sub|",
            "[#]_",
            "é",
        ]
    ),
    max_size=40,
).map("".join)

SUFFIXES = [".md", ".mdx", ".html", ".rst", ".txt"]
SENTINEL = "zebracornsentinel"


@pytest.mark.parametrize("suffix", SUFFIXES)
@PROPERTIES
@given(markup=PIECES)
def test_text_after_any_markup_is_kept_or_its_loss_is_told(suffix: str, markup: str) -> None:
    tail = f"\n\n<p>{SENTINEL}</p>\n" if suffix == ".html" else f"\n\n{SENTINEL}\n"
    stderr, stdout = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(stderr), contextlib.redirect_stdout(stdout):
        try:
            doc = load(f"doc{suffix}", (markup + tail).encode())
        except LoaderError:
            return
    assert (stdout.getvalue(), stderr.getvalue()) == ("", "")
    assert SENTINEL in searchable(doc) or doc.warnings, markup
