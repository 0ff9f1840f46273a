"""MDX (Docusaurus, Mintlify, Nextra): Markdown with JSX, read as Markdown once the JSX is taken out (jsx.py).

Admonitions (Docusaurus's `:::note`) are read as dialects.py says. Indented lines are never code in MDX. Then
the text is read as Markdown, front matter and templates included. A .md file that holds `import` or `export`
statements or JavaScript in a tag's attributes is read as MDX too (markdown.py): Docusaurus compiles .md so.
"""

from __future__ import annotations

from indexer.loaders.markdown import MarkdownLoader

__all__ = ["MdxLoader"]


class MdxLoader(MarkdownLoader):
    """Loads .mdx files: JSX taken out, then read as Markdown."""

    suffixes = frozenset({".mdx"})
    always_mdx = True
