"""Pathological files for the indexing benchmark: inputs on which a quadratic parser takes minutes.

Each is at most about 400 KB. Before the HTML tokenizer and the Markdown renderer were made linear, each of the first
four took the whole 120 s parse limit (issue 19, item 9); the others probe the same kinds of trap in the other
loaders (unclosed template tags, JSX tags and reStructuredText nesting). A linear parse reads them in well under
a second each. The folder is rewritten on every run: it is small.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.bench.corpus_gen import Generated

FILES: dict[str, str] = {
    "breaks.html": "<br>" * 40_000 + "<p>" * 40_000 + "zebracorn",
    "comments.html": "<p>zebracorn</p>" + "<!--" * 100_000,
    "breaks.md": "zebracorn\n\n<div>\n" + "<br>" * 40_000 + "<p>" * 40_000 + "\n</div>\n",
    "comments.md": "zebracorn\n\n<div>\n" + "<!--" * 100_000 + "\n",
    "quotes.html": "<p>zebracorn</p><a x='" * 20_000,
    "scripts.md": "zebracorn\n\n" + "x <script>y</script> " * 15_000,
    "nested.md": "zebracorn\n\n" + "> " * 5_000 + "deep\n\n" + "- " * 5_000 + "deep\n" * 50,
    "templates.md": "zebracorn\n\n" + "{{< a {% b {{ c " * 20_000,
    "components.mdx": "zebracorn\n\n" + "<A x={<B y='" * 25_000,
    "tags.mdx": "zebracorn\n\n" + "x <A>y</A> " * 30_000,
    "nested.rst": "Title\n=====\n\nzebracorn\n\n" + "".join("  " * d + "- item\n\n" for d in range(300)),
}


def make_pathological_folder(folder: Path) -> Generated:
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    files = []
    for name, text in FILES.items():
        path = folder / name
        path.write_text(text, encoding="utf-8")
        files.append(path)
    return Generated(folder, files, sum(path.stat().st_size for path in files))
