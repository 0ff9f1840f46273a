"""Loaders on hostile input: text is never lost to deep nesting, scripts are never text, parsing stays linear."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from indexer.loaders.includes import reading
from indexer.loaders.liquidif import decide_conditions

from support.folders import found, index, run_cli, text_of, write
from support.loaders import assert_text, lines_run, load, python_lines, searchable

SCRIPT_CASES = [
    # filename, content, must_include, must_not_include
    (
        "self-closed-script.html",
        b"<p>Seen zebracorn.</p><script/>scriptsentinel()</script><p>After unicornfish.</p>",
        ["Seen zebracorn.", "After unicornfish."],
        ["scriptsentinel"],
    ),
    (
        "self-closed-style.html",
        b"<p>Seen zebracorn.</p><style/>.stylesentinel {}</style><p>After.</p>",
        ["Seen zebracorn.", "After."],
        ["stylesentinel"],
    ),
    (
        "unclosed-script.html",
        b"<p>Seen zebracorn.</p><script>scriptsentinel()",
        ["Seen zebracorn."],
        ["scriptsentinel"],
    ),
    (
        "self-closed-svg.html",
        b"<p>Seen zebracorn.</p><svg/><p>After unicornfish.</p>",
        ["Seen zebracorn.", "After unicornfish."],
        [],
    ),
    (
        "inline-script.md",
        b"Text <script>scriptsentinel()</script> and after zebracorn.\n",
        ["Text", "and after zebracorn."],
        ["scriptsentinel"],
    ),
    (
        "inline-style.md",
        b"Text <style>.stylesentinel { color: red }</style> after zebracorn.\n",
        ["after zebracorn."],
        ["stylesentinel"],
    ),
    (
        "script-in-div.md",
        b"<div>\n<script>\nvar a = 1;\n\nscriptsentinel();\n\n```\nscriptfence\n```\n</script>\n</div>\n\n"
        b"After zebracorn.\n",
        ["After zebracorn."],
        ["scriptsentinel", "scriptfence", "var a"],
    ),
    (
        "script-block.md",
        b"# Page\n\n<script>\nscriptsentinel();\n</script>\n\nAfter zebracorn.\n",
        ["After zebracorn."],
        ["scriptsentinel"],
    ),
    (
        "comment-in-div.md",
        b"<div>kept words <!-- commentsentinel --> more</div>\n\nAfter zebracorn.\n",
        ["kept words", "more", "After zebracorn."],
        ["commentsentinel", "<!--"],
    ),
]


@pytest.mark.parametrize(
    ("filename", "content", "must_include", "must_not_include"),
    [pytest.param(*case, id=case[0]) for case in SCRIPT_CASES],
)
def test_script_and_style_bodies_are_never_text(
    filename: str, content: bytes, must_include: list[str], must_not_include: list[str]
) -> None:
    assert_text(filename, content, must_include, must_not_include)


NESTED = [
    pytest.param("- " * 10 + "deep zebracorn\n\nAfter unicornfish.\n", id="10-list-markers"),
    pytest.param("> " * 20 + "deep zebracorn\n\nAfter unicornfish.\n", id="20-quote-markers"),
    pytest.param("1. " * 12 + "deep zebracorn\n\nAfter unicornfish.\n", id="12-ordered-markers"),
    pytest.param("> " * 400 + "deep zebracorn\n\nAfter unicornfish.\n", id="400-quote-markers"),
    pytest.param("- " * 400 + "deep zebracorn\n\nAfter unicornfish.\n", id="400-list-markers"),
    pytest.param(
        "".join("  " * depth + "- level words\n" for depth in range(60)) + "\ndeep zebracorn\n\nAfter unicornfish.\n",
        id="60-indented-levels",
    ),
    pytest.param(":::{note}\n" * 5000 + "deep zebracorn\n\nAfter unicornfish.\n", id="5000-myst-colon-directives"),
    pytest.param("````{note}\n" * 5000 + "deep zebracorn\n\nAfter unicornfish.\n", id="5000-myst-fenced-directives"),
    pytest.param(
        "".join("    " * depth + "!!! note\n" for depth in range(300)) + "    " * 300 + "deep zebracorn\n\n"
        "After unicornfish.\n",
        id="300-mkdocs-admonitions",
    ),
]


@pytest.mark.parametrize("text", NESTED)
def test_markdown_text_past_deep_nesting_is_kept(text: str) -> None:
    body = searchable(load("deep.md", text.encode()))
    assert "deep zebracorn" in body
    assert "After unicornfish." in body
    assert "- -" not in body and "> >" not in body


def test_markdown_nesting_past_the_parser_limit_is_plain_text_with_a_warning() -> None:
    doc = load("deep.md", ("> " * 400 + "deep *zebracorn*\n").encode())
    assert "deep zebracorn" in searchable(doc)
    assert any("nested" in warning for warning in doc.warnings)


def test_markdown_paragraph_of_unclosed_brackets_is_plain_text_with_a_warning() -> None:
    doc = load(
        "brackets.md",
        ("# Notes\n\nBefore zebracorn.\n\n" + "[x a-b c:d " * 20_000 + "\n\nAfter unicornfish.\n").encode(),
    )
    body = searchable(doc)
    assert "Before zebracorn." in body and "After unicornfish." in body
    assert "[x a-b c:d [x" in body  # the paragraph as written
    assert any("unclosed '['" in warning for warning in doc.warnings)
    assert not load("fine.md", b"A [link](u) and [an aside.\n\n[^1]: note\n").warnings


DIGITS = "9" * 5_000  # more digits than Python reads as a number (4,300)


def test_a_number_of_thousands_of_digits_in_front_matter_or_a_notebook_loses_no_page() -> None:
    """`weight: 999...` of 5,000 digits failed the page ("could not be indexed (ValueError: Exceeds the limit (4300
    digits) ..."); in a notebook's metadata, the notebook ("not a readable notebook: not JSON")."""
    yaml_doc = load("yaml.md", f"---\ntitle: Zebracorn guide\nweight: {DIGITS}\n---\n\nBody unicornfish.\n".encode())
    assert yaml_doc.title == "Zebracorn guide" and "Body unicornfish." in searchable(yaml_doc)
    assert not yaml_doc.warnings
    toml_doc = load("toml.md", f'+++\ntitle = "Zebracorn"\nweight = {DIGITS}\n+++\n\nBody unicornfish.\n'.encode())
    assert "Body unicornfish." in searchable(toml_doc)
    assert toml_doc.warnings == ("front matter holds a number too long to read; ignored",)
    cell = '{"cell_type": "markdown", "source": ["# Zebracorn notebook\\n", "Body unicornfish."], "metadata": {}}'
    notebook = f'{{"cells": [{cell}], "metadata": {{"x": {DIGITS}}}, "nbformat": 4, "nbformat_minor": 5}}'
    notebook_doc = load("digits.ipynb", notebook.encode())
    assert notebook_doc.title == "Zebracorn notebook" and "Body unicornfish." in searchable(notebook_doc)


def test_asciidoc_marks_that_never_close_are_text_and_the_marks_after_them_are_read() -> None:
    doc = load("marks.adoc", ("= Marks\n\n" + " *a" * 20_000 + "\n\nAnd *bold zebracorn* after.\n").encode())
    assert searchable(doc).endswith("*a" + " *a" * 19_999 + "\n\nAnd bold zebracorn after.")
    line = b"A *b* _c_ `d` #e# +f+ **g**h __*i*__ a*b* \\*j* *k l*m *n *o*.\n"
    assert searchable(load("fine.adoc", line)) == "\nA b c d e f gh __*i*__ a*b \\*j k l*m *n *o."


# Files of about 300 KB that took the whole 120 s parse limit before (the issue's own reproductions), and
# the same kinds of trap for the other loaders (a line of 120,000 MDX tags took minutes).
PATHOLOGICAL = {
    "breaks.html": "<br>" * 40_000 + "<p>" * 40_000 + "zebracorn",
    "comments.html": "<p>zebracorn</p>" + "<!--" * 100_000,
    "quotes.html": "<a x='" * 50_000 + "\n<p>zebracorn</p>",
    "entities.html": "&#" * 150_000 + " zebracorn",
    "breaks.md": "zebracorn\n\n<div>\n" + "<br>" * 40_000 + "<p>" * 40_000 + "\n</div>\n",
    "comments.md": "zebracorn\n\n<div>\n" + "<!--" * 100_000 + "\n",
    "scripts.md": "zebracorn\n\n<div>\n" + "<script>" * 50_000 + "\n",
    "tags.mdx": "zebracorn\n\n" + "x <A>y</A> " * 120_000,
    "templates.md": "zebracorn\n\n" + "{{< a {% b {{ c " * 20_000,
    # regular expressions that backtracked: a run of backticks that nothing closes, a role full of spaces, code
    # spans between MDX tags (each took seconds at a tenth of these sizes, growing with the square)
    "backticks.md": "zebracorn\n\na {b} " + "`" * 100_000 + "x\n",
    "roles.md": "zebracorn\n\n{a}`x" + " " * 200_000 + "y`\n",
    "spans.mdx": "zebracorn\n\n" + "Use `x` in <A/> now.\n" * 25_000,
    # a code block's info string of dots, each tried as the end of a Sandpack file's name (`js src/a.js hidden`: 79 s)
    "info-dots.md": "zebracorn\n\n```js " + "." * 100_000 + "\nokapi\n```\n",
    # markdown-it looks for the end of a link label from every `[` to the end of its paragraph, and the footnote
    # plugin for the end of a reference's label from every `[^` to the next space (minutes, growing with the square)
    "brackets.md": "zebracorn\n\n" + "[^" * 150_000,
    "bracketed-prose.md": "zebracorn\n\n" + ("[x " + "a-b c:d " * 100) * 1_000,
    "footnotes.md": "zebracorn\n\n[^a]: x\n\n" + ("[^" + "a" * 500) * 600,
    # a directive's target or an option's value followed by a run of blanks and more: tried at every blank
    # (seconds at 20,000 blanks, growing with the square)
    "include-blanks.rst": "Zebracorn\n=========\n\nzebracorn\n\n.. include:: a" + " " * 200_000 + "b\n",
    "option-blanks.md": "zebracorn\n\n/// note\n    type: a" + " " * 200_000 + "b\n\nx\n///\n",
    # Documenter.jl's cross-reference, `[a](@ref` then blanks and no target: looked at on every Markdown page
    "ref-blanks.md": "zebracorn\n\n[a](@ref" + " " * 200_000 + "b\n",
    # a file that includes itself ten times, ten deep: ten billion includes (each page's includes are counted)
    "self-includes.md": "zebracorn\n\n" + "{{#include self-includes.md}}\n" * 10,
    "self-snippets.md": "zebracorn\n\n" + '--8<-- "self-snippets.md"\n' * 10,
    # AsciiDoc: an anchor line's id tried at each of its lengths against the rest of the line (90 s), inline
    # macros never closed looked for from each opening to the line's end (each line 30 to 90 s)
    "block-id.adoc": "zebracorn\n\n[#" + "a" * 300_000 + "\n",
    "macros.adoc": "zebracorn\n\n" + "javadoc:a[" * 30_000 + "\n\n" + "pass:[" * 50_000 + "\n\n" + "anchor:a[" * 30_000,
    # bold marks that never close, each looked for a close to the line's end (90 KB took 17 s)
    "marks.adoc": "zebracorn\n\n" + " *a" * 100_000 + "\n\n" + " __a" * 50_000 + "\n",
    # legacy quotes that never close: ``a`` ... and ``aaa... to the line's end
    "quotes.adoc": "zebracorn\n\n" + "``a" * 100_000 + "\n\n``" + "a" * 300_000 + "'\n",
    # an include's options with no `=`: each option name tried from every character to the word's end (32,000
    # characters took 12 s, growing with the square)
    "include-options.adoc": "zebracorn\n\ninclude::missing.adoc[" + "a" * 100_000 + "]\n\nAfter okapi.\n",
    # include targets of 1,300 references to a value of 9,000 characters: 12 MB built for each line (over 120 s)
    "include-targets.adoc": "zebracorn\n\n:a: "
    + "x" * 9_000
    + "\n"
    + ("include::" + "{a}" * 1_300 + "[]\n") * 300
    + "\nAfter okapi.\n",
    # a citation whose bracket never closes: each of its `@`s tried as the one it cites, each to the line's end (70 s)
    "citations.Rmd": "---\nbibliography: missing.bib\n---\n\nzebracorn\n\n[" + "@" * 100_000 + "\n",
    # Texinfo: braces never closed (each write looked down the stack for its buffer: minutes at 100,000), a value
    # used until it is a billion characters, @verb{| never closed looked for from each to the end
    "braces.texi": "zebracorn\n" + "{" * 100_000 + "@code{" * 50_000 + "@xref{" * 50_000,
    "values.texi": "@set a " + "x" * 10_000 + "\nzebracorn\n" + "@value{a}" * 100_000,
    "verbs.texi": "zebracorn\n" + "@verb{|" * 100_000,
    # @verb{ never closed, each with its own delimiter: each looked for its `X}` to the end of the text (minutes)
    "verbends.texi": "zebracorn\n" + "".join("@verb{" + chr(0x10000 + k) for k in range(200_000)),
    # manual pages: escapes never closed, a line of nested conditions (each body held the rest of the line), a
    # line of enclosing mdoc macros, a string of 200 characters named 100,000 times, words joined by \c
    "escapes.1": ".TH A 1\nzebracorn\n" + "\\f\\(\\*\\[\\h'\\s" * 30_000 + "okapi\n",
    "conditions.1": ".TH A 1\nzebracorn\n" + ".if n \\{\\\n" * 50_000 + "okapi\n",
    "enclosures.8": ".Dd x\n.Sh A\nzebracorn\n.Op" + " Op" * 100_000 + "\n",
    "strings.1": ".TH A 1\n.ds x " + "y" * 200 + "\nzebracorn\n" + "\\*x" * 100_000 + "\n",
    "joined.1": ".TH A 1\nzebracorn\n" + "a\\c\n" * 100_000,
    # a tbl options line of blanks: each blank tried as the separator, with the rest after it (100,000 took 15 s)
    "tblblanks.1": ".TH A 1\n.TS\ntab(" + " " * 400_000 + ";\nl.\nzebracorn\n.TE\nokapi\n",
    # POD: formatting codes never closed (B< nests, L<...| buffers its text), a multi-angle code's blanks that no
    # `>>` ends, =begin regions that no =end closes, lists 30,000 deep, a line of tabs in a verbatim paragraph
    "codes.pod": "=head1 A\n\nzebracorn\n\n" + "B<" * 100_000 + "okapi\n",
    "links.pod": "=head1 A\n\nzebracorn\n\n" + "L<a|" * 100_000 + "E<" * 50_000 + "okapi\n",
    "angles.pod": "=pod\n\nzebracorn C<< a" + " " * 200_000 + "b\n\n" + "C<<< a >> " * 30_000 + "\n",
    "regions.pod": "=pod\n\nzebracorn\n\n" + "=begin html\n\n" * 50_000 + "=end text\n\n" * 50_000 + "okapi\n",
    "lists.pod": "=pod\n\nzebracorn\n\n" + "=over\n\n=item *\n\nx\n\n" * 30_000,
    "tabs.pm": "package A;\n\n=head1 NAME\n\nzebracorn\n\n" + "\t" * 100_000 + "x\n",
    # ExDoc's links to code, never closed: each `](\`` looking to the line's end for its closing backtick
    "autolinks.md": "# Hostile\n\n" + "[a](`b c " * 40_000 + "\n\nzebracorn\n",
    # a notebook's progress bars: 20,000 redraws by carriage return, a line of 100,000 `1%|`, a 200 KB line
    "redraws.ipynb": json.dumps(
        {
            "nbformat": 4,
            "nbformat_minor": 5,
            "metadata": {},
            "cells": [
                {
                    "cell_type": "code",
                    "metadata": {},
                    "execution_count": 1,
                    "source": "x",
                    "outputs": [
                        {
                            "output_type": "stream",
                            "name": "stderr",
                            "text": "\r".join(f"Loop: {n:3d}%|{'#' * (n // 10):<10}| {n}/100" for n in range(100))
                            * 200,
                        },
                        {"output_type": "stream", "name": "stderr", "text": "1%|" * 100_000},
                        {"output_type": "stream", "name": "stderr", "text": "9%|" + "a" * 200_000 + "\n"},
                    ],
                }
            ],
        }
    ),
}


# What each of them reads as: its whole text when short, else how it starts and ends (the trap's text whole, to the
# file's end). An unclosed comment or script hides the rest of the page, as in a browser; markup that cannot be
# read in time (links among 150,000 unclosed '[') is indexed as written; a self-include stops at 2,000.
PATHOLOGICAL_TEXT: dict[str, str | tuple[str, str]] = {
    "breaks.html": "zebracorn",
    "comments.html": "zebracorn",
    "quotes.html": "zebracorn",
    "entities.html": ("&#&#&#", "&#&#&# zebracorn"),
    "breaks.md": "zebracorn",
    "comments.md": "zebracorn",
    "scripts.md": "zebracorn",
    "tags.mdx": ("zebracorn\n\nx y x y", " x y x y"),
    "templates.md": ("zebracorn\n\n{{< a {% b {{ c {{< a", "{{< a {% b {{ c"),
    "backticks.md": ("zebracorn\n\na {b} ````", "````x"),
    "roles.md": ("zebracorn\n\nx    ", "    y"),
    "spans.mdx": ("zebracorn\n\nUse x in", " now."),
    "info-dots.md": "zebracorn\n\nokapi",
    "brackets.md": ("zebracorn\n\n[^[^[^", "[^[^[^"),
    "bracketed-prose.md": ("zebracorn\n\n[x a-b c:d a-b", "a-b c:d a-b c:d"),
    "footnotes.md": ("zebracorn\n\n[a] x\n\n[^aaaa", "aaaa"),
    "include-blanks.rst": "Zebracorn\n\nzebracorn",
    "option-blanks.md": "zebracorn\n\nNote\n\nx",
    "ref-blanks.md": ("zebracorn\n\n[a](@ref    ", "    b"),
    "self-includes.md": "\n\n".join(["zebracorn"] * 2_001),
    "self-snippets.md": "\n\n".join(["zebracorn"] * 2_001),
    "block-id.adoc": ("zebracorn\n\n[#aaaa", "aaaa"),
    "macros.adoc": ("zebracorn\n\njavadoc:a[javadoc:a[", "anchor:a[anchor:a["),
    "marks.adoc": ("zebracorn\n\n *a *a", " __a __a"),
    "quotes.adoc": ("zebracorn\n\n`aaaa", "aaaa'"),
    "include-options.adoc": "zebracorn\n\nAfter okapi.",
    "include-targets.adoc": "zebracorn\n\nAfter okapi.",
    "citations.Rmd": ("zebracorn\n\n[@@@", "@@@"),
    "braces.texi": ("zebracorn\nSee See", "See See"),
    "values.texi": "zebracorn\n" + "x" * 10_000 * 200,
    "verbs.texi": ("zebracorn\n|||", "|||"),
    "verbends.texi": ("zebracorn\n" + chr(0x10000), chr(0x10000 + 199_999)),
    "escapes.1": ("zebracorn ", "okapi"),
    "conditions.1": "zebracorn okapi",
    "enclosures.8": ("A\n\nzebracorn [[[[", "]]]]"),
    "strings.1": ("zebracorn yyyy", "yyyy"),
    "joined.1": ("zebracorn aaaa", "aaaa"),
    "tblblanks.1": "zebracorn\n\nokapi",
    "codes.pod": "A\n\nzebracorn\n\nokapi",
    "links.pod": "A\n\nzebracorn\n\na",
    "angles.pod": ("zebracorn a b\n\na >> a >>", "a >> a >>"),
    "regions.pod": "zebracorn",
    "lists.pod": ("zebracorn\n\n- x\n\n  - x", "\n\n" + " " * 14 + "- x"),
    "tabs.pm": "NAME\n\nzebracorn\n\nx",
    "autolinks.md": ("Hostile\n\n[a](b c [a](b c", "[a](b c\n\nzebracorn"),
    "redraws.ipynb": ("x\n\nLoop:", "(output cut)"),
}


def test_pathological_files_are_indexed_with_their_text_within_the_parse_limit(docs: Path, tmp_path: Path) -> None:
    """Each file took the whole parse limit before, and the page was lost; 30 s is many times what a linear parse
    takes. Each is a document whose text is what PATHOLOGICAL_TEXT says, its sentinel and its trap's text whole."""
    for name, text in PATHOLOGICAL.items():
        write(docs, name, text)
    result = run_cli(docs, "--index", tmp_path / "index", "--parse-timeout", "30", "--workers", "2")
    assert result.returncode == 0, result.stderr
    assert "took longer" not in result.stderr
    assert f"{len(PATHOLOGICAL)} added" in result.stderr.replace(",", "")
    assert sorted(PATHOLOGICAL_TEXT) == sorted(PATHOLOGICAL)
    for name, seen in PATHOLOGICAL_TEXT.items():
        text = text_of(tmp_path / "index", name)
        if isinstance(seen, str):
            assert text == seen, (name, text[:200])
        else:
            assert text.startswith(seen[0]) and text.endswith(seen[1]), (name, text[:100], text[-100:])


def test_a_bibliography_author_full_of_blanks_is_read_within_the_parse_limit(docs: Path, tmp_path: Path) -> None:
    """The names of a BibTeX author field were split at each " and " tried from every blank (70 s for 100,000
    blanks, growing with the square): the page that cites it was lost."""
    write(docs, "refs.bib", "@book{key, author = {Smith and Lee" + " " * 200_000 + "Jones}, year = 2020}\n")
    write(docs, "a.Rmd", "---\nbibliography: refs.bib\n---\n\nzebracorn [@key]\n")
    result = run_cli(docs, "--index", tmp_path / "index", "--parse-timeout", "30")
    assert result.returncode == 0, result.stderr
    assert "took longer" not in result.stderr
    assert text_of(tmp_path / "index", "a.Rmd") == "zebracorn (Smith and Jones 2020)"


# Doubling the input must about double the work (the Python lines run), not quadruple it.
GROWING = [
    pytest.param("a.html", lambda n: "<br>" * n + "<p>" * n + "x", id="html-breaks-then-paragraphs"),
    pytest.param("a.html", lambda n: "<p>x<br>" * n, id="html-paragraphs"),
    pytest.param("a.html", lambda n: "<!--" * n, id="html-unclosed-comments"),
    pytest.param("a.html", lambda n: "<a x='" * n, id="html-unclosed-quotes"),
    pytest.param("a.md", lambda n: "<div>\n" + "<br>" * n + "<p>" * n + "\n</div>\n", id="md-breaks-in-html"),
    pytest.param("a.md", lambda n: "x <script>y</script> " * n, id="md-inline-scripts"),
    pytest.param("a.md", lambda n: "> " * n + "x\n", id="md-deep-quotes"),
    pytest.param("a.md", lambda n: "- " * n + "x\n", id="md-deep-lists"),
    pytest.param("a.md", lambda n: ":::{note}\nx\n" * n, id="md-myst-unclosed-directives"),
    pytest.param("a.md", lambda n: "```{note}\nx\n```\n" * n, id="md-myst-directives"),
    pytest.param("a.md", lambda n: "{a}`" * n + "\n", id="md-myst-roles"),
    pytest.param("a.md", lambda n: ("{a}``x " * 50 + "\n") * n, id="md-myst-roles-unclosed-over-lines"),
    pytest.param("a.md", lambda n: '=== "x"\n\n    y\n\n' * n, id="md-mkdocs-tabs"),
    pytest.param("a.md", lambda n: "{ .a" * n + "\n", id="md-attribute-lists"),
    pytest.param("a.md", lambda n: "# x" + " { a=b }" * n + "\n" + "__x__{ .a }" * n, id="md-heading-attributes"),
    pytest.param("a.md", lambda n: "<p markdown>x" + "</p" * n + "\n" + "<p markdown>x</p>\n" * n, id="md-1-line-html"),
    pytest.param("a.md", lambda n: "import X from 'y';\n\n" + "<A b={c}>" * n, id="md-jsx-tags"),
    pytest.param("a.mdx", lambda n: "export const a = {\n\nx\n\n" * n, id="mdx-unclosed-exports"),
    pytest.param("a.adoc", lambda n: " *a" * n + " _b_ *c*\n" + " **a" * n + "\n", id="adoc-unclosed-marks"),
    pytest.param("a.adoc", lambda n: "``a" * n + "\n\n``" + "a" * n + "'\n", id="adoc-legacy-quotes"),
    pytest.param("a.md", lambda n: 'x <span class="options-api">a' * n + "</span>" * n, id="md-vue-api-spans"),
    pytest.param("a.md", lambda n: '<div class="composition-api">\n\n## x *\n\n' * n, id="md-vue-api-blocks"),
    pytest.param("a.md", lambda n: "```sh-vue\n" + "{{'" * n + "\n```\n", id="md-vue-code-strings"),
    pytest.param(
        "a.md", lambda n: "```js\n/// file: a.js\n" + "+++x---\n// ---cut---\n" * n + "```\n", id="md-svelte-code"
    ),
    pytest.param("a.md", lambda n: "```js\n" + "+++x+++ // @filename: a\n" * n + "```\n" * n, id="md-svelte-marks"),
    pytest.param("a.md", lambda n: "> ```\n> {{ a }}\n>\n" * n + "@include x.md\n" * n, id="md-quoted-fences"),
    pytest.param("a.md", lambda n: "---\n" + "title: @x: y\n" * n + "---\nx\n", id="md-flat-front-matter"),
    pytest.param("a.md", lambda n: "[a](@ref b `c " * n + "\n```@meta\n" * n, id="md-documenter-references"),
    pytest.param("a.md", lambda n: "x {% term a %} {% my b title='c' %}" * n + "{% term " * n, id="md-liquid-terms"),
    pytest.param("a.md", lambda n: "{% configuration %}\na:\n  description: b\n" * n, id="md-unclosed-options"),
    pytest.param("a.md", lambda n: '{% details "`a` ' * n + "`x` {% b 'c' %}" * n, id="md-liquid-quoted-spans"),
    pytest.param("a.pod", lambda n: "=pod\n\n" + "B<I<C<< x L<a|E<" * n + "\n", id="pod-unclosed-codes"),
    pytest.param("a.pod", lambda n: "=pod\n\nC<< a" + " " * n * 20 + "b >>> " + "C<<< a >> " * n, id="pod-angles"),
    pytest.param(
        "a.pod", lambda n: "=pod\n\nx\n\n" + "=begin x\n\n" * n + "=end y\n\n" * n + "=for z\n\n" * n, id="pod-regions"
    ),
    pytest.param("a.pod", lambda n: "=over\n\n=item *\n\nx\n\n" * n + "=back\n\n" * n, id="pod-deep-lists"),
    pytest.param("a.mbox", lambda n: "From a\nSubject: x\n\ny" + "\n\nFrom x\n>" * n, id="mbox-body-from-lines"),
    pytest.param("a.mbox", lambda n: "From a\nSubject: x\n\ny\n\nFrom b\nS: y\n\nz" * n, id="mbox-messages"),
]


@pytest.mark.parametrize(("filename", "make"), GROWING)
def test_parsing_work_grows_linearly(filename: str, make: object) -> None:
    assert callable(make)
    small = python_lines(filename, make(1000).encode())
    large = python_lines(filename, make(2000).encode())
    assert large < 2.6 * small, (small, large)


@pytest.mark.parametrize(
    "make",
    [
        pytest.param(lambda n: "` [a] [b] " * n + "\n", id="backticks-between-references"),
        pytest.param(lambda n: "".join(f"{'`' * (k % 40 + 1)} [a]\n[b] " for k in range(n)), id="runs-of-backticks"),
        pytest.param(lambda n: "[a" * n + "] [b]\n", id="unclosed-brackets"),
    ],
)
def test_references_split_between_brackets_on_an_mkdocs_page_take_linear_work(tmp_path: Path, make: object) -> None:
    """Python-Markdown's `[shown]\n[label]` links are joined on MkDocs pages (pyreferences.py) outside code spans."""
    assert callable(make)
    write(tmp_path, "mkdocs.yml", b"site_name: x\nmarkdown_extensions:\n  - attr_list\n")
    page = str(tmp_path / "docs" / "a.md")
    small = python_lines(page, make(1000).encode())
    large = python_lines(page, make(2000).encode())
    assert large < 2.6 * small, (small, large)


def test_text_after_deep_nesting_is_found(docs: Path, index_dir: Path) -> None:
    write(docs, "deep.md", "- " * 10 + "deep zebracorn\n\nAfter unicornfish.\n")
    index(docs, index_dir)
    assert found(index_dir, "unicornfish") == ["deep.md"]


@pytest.mark.parametrize(
    ("glob", "excluded"),
    [
        pytest.param("**a**a**a**a**ab.md", True, id="stars"),
        pytest.param("{*a,**a}" * 300 + "c.md", False, id="braces-past-writing-out"),
    ],
)
def test_a_site_configs_glob_of_many_stars_takes_linear_work_on_a_long_path(
    tmp_path: Path, glob: str, excluded: bool
) -> None:
    """`**a**a**a**a**ab.md` in VitePress's srcExclude (globs of Hugo's mounts, Sphinx's exclude_patterns, Quarto's
    render list and DocFX's build.content are read alike) failed on a path of a's only after trying every way to
    split it across its stars: minutes for one page. The file it names is still excluded, the other a page; a glob
    of more braces than are written out (naming neither) takes no longer."""
    site = tmp_path / "site"
    write(site, ".vitepress/config.ts", f"export default {{ srcExclude: ['{glob}'] }}\n")
    folder = "a" * 150
    write(site, f"{folder}/{'a' * 150}b.md", "# Excluded\n\nUnicornfish.\n")
    write(site, f"{folder}/{'a' * 150}.md", "# Kept\n\nZebracorn.\n")
    started = time.monotonic()
    index(site, tmp_path / "index")
    assert time.monotonic() - started < 20
    assert found(tmp_path / "index", "zebracorn") == [f"{folder}/{'a' * 150}.md"]
    assert found(tmp_path / "index", "unicornfish") == ([] if excluded else [f"{folder}/{'a' * 150}b.md"])


@pytest.mark.parametrize(
    "make",
    [
        pytest.param(lambda n: "{% if page.a %}x{% else %}" * n + "{% endif %}" * n, id="nested-past-the-limit"),
        pytest.param(lambda n: "{% if page.a or include.b and 'c' == page.d %}x{% elsif e %}y" * n, id="unclosed"),
        pytest.param(lambda n: "{% else %}{% endif %}{% if" * n, id="stray-ends"),
        pytest.param(lambda n: "{% if site.a %}" * n, id="undecided-never-closed"),
    ],
)
def test_the_conditions_of_a_jekyll_include_take_linear_work(make: object) -> None:
    """home-assistant.io's includes' `{% if %}` branches are picked by liquidif.py (jekyllincludes.py calls it)."""
    assert callable(make)

    def work(n: int) -> int:
        return lines_run(lambda: decide_conditions(make(n), {"b": "x"}, {"a": True}))

    small, large = work(1000), work(2000)
    assert large < 2.6 * small, (small, large)


def test_a_jekyll_includes_condition_never_closed_hides_nothing() -> None:
    """Jekyll fails on an `{% if %}` never closed; the branches after the one it picked were dropped to the end."""
    text = "before\n{% if include.x %}\nshown\n{% else %}\nzebracorn after\n"
    assert "zebracorn after" in decide_conditions(text, {"x": "1"}, {})


def _aliased(levels: int, node: str) -> str:
    """YAML whose last key names 10**levels nodes through aliases: `node` holds `{inner}`, the level below."""
    lines = ["l0: &l0 " + node.format(inner="x")]
    lines += [f"l{k}: &l{k} " + node.format(inner=f"*l{k - 1}") for k in range(1, levels + 1)]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    "body",
    [
        pytest.param(_aliased(6, "[" + ", ".join(["{inner}"] * 10) + "]"), id="lists-of-lists"),
        pytest.param(
            _aliased(5, "{{description: d, keys: {{" + ", ".join(f"k{j}: {{inner}}" for j in range(10)) + "}}}}"),
            id="options-of-options",
        ),
    ],
)
def test_a_configuration_block_of_yaml_aliases_shows_bounded_text(body: str) -> None:
    """home-assistant.io's {% configuration %} YAML, rendered as a list of options: aliases made a few lines show
    millions of values (a list's text) or of options (each option's keys the same ten options, five deep)."""
    text = searchable(
        load("a.md", ("{% configuration %}\nzebracorn: An option.\n" + body + "{% endconfiguration %}\n").encode())
    )
    assert "zebracorn: An option." in text
    assert len(text) < 200_000, len(text)


@pytest.mark.parametrize(
    "make",
    [
        pytest.param(lambda n: "{% include a.md y='1' %} " * n + "\n", id="many-tags"),
        pytest.param(lambda n: "{% include " + "a" * n + " x" * n + "\n{% capture a %}" * n, id="unclosed"),
        pytest.param(lambda n: "`{% include a.md %}` {% raw %}{% include a.md %}{% endraw %} " * n, id="code-and-raw"),
        pytest.param(lambda n: "{% include many.md %}\n" * 3 + "{% capture a %}{{ b }}" * n, id="captures"),
    ],
)
def test_a_jekyll_pages_includes_take_linear_work(tmp_path: Path, make: object) -> None:
    """jekyllincludes.py puts a Jekyll site's includes in place (with their parameters, captures, conditions)."""
    assert callable(make)
    write(tmp_path, "_config.yml", "title: x\n")
    write(
        tmp_path,
        "_includes/a.md",
        "{% capture b %}{{ include.y }}{% endcapture %}\n{% if include.y %}{{ b }}{% endif %}\n",
    )
    write(tmp_path, "_includes/many.md", "{% capture b %}c{% endcapture %}\n" + "{{ b }} {% if page.x %}" * 1000)

    def work(n: int) -> int:
        write(tmp_path, "page.md", make(n))
        with reading(tmp_path, 50_000_000):
            return python_lines(str(tmp_path / "page.md"), make(n).encode())

    small, large = work(1000), work(2000)
    assert large < 2.6 * small, (small, large)


def test_a_jekyll_includes_raw_block_keeps_its_conditions() -> None:
    """Inside `{% raw %}` Jekyll shows Liquid as written (home-assistant.io's template examples): its branches
    were decided on the include's parameters, the example losing the one not taken."""
    text = "{% raw %}{% if include.x %}shown{% else %}zebracorn{% endif %}{% endraw %}"
    assert decide_conditions(text, {"x": "1"}, {}) == text


def test_a_configuration_block_that_is_no_yaml_keeps_its_tags_as_written() -> None:
    """A {% configuration %} block whose body is no mapping of options is left for templates.py, as any block:
    its opening tag was written again without its arguments, the title it shows lost."""
    page = '{% configuration title="Zebracorn options" %}\nnot: [yaml\n{% endconfiguration %}\n'
    assert "Zebracorn options" in searchable(load("a.md", page.encode()))


def test_jekyll_includes_late_on_a_long_line_take_linear_time(tmp_path: Path) -> None:
    """Whether an include stands in a sentence was looked up in all the line before it: 1,900 includes after 5 MB
    of text took 13 s (copies of the line, which the count of Python lines does not see: timed, best of two)."""
    write(tmp_path, "_config.yml", "title: x\n")
    write(tmp_path, "_includes/a.md", "v\n")

    def seconds(n: int) -> float:
        content = ("x" * 5000 * n + " {% include a.md %}" * n + "\n").encode()
        best = float("inf")
        for _ in range(2):
            with reading(tmp_path, 50_000_000):
                started = time.perf_counter()
                load(str(tmp_path / "page.md"), content)
                best = min(best, time.perf_counter() - started)
        return best

    small, large = seconds(600), seconds(1200)
    assert large < 3 * small, (small, large)
