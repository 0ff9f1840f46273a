"""Docusaurus's magic comments: the lines it removes from a code block (`// highlight-next-line`, `# highlight-start`,
`<!-- highlight-end -->`) to highlight the lines they mark, written in the comment syntax of the block's language."""

from __future__ import annotations

import re

__all__ = ["magic_comments"]

_MAGIC = r"highlight-(?:next-line|start|end)"
_SLASHES = "js jsx ts tsx javascript typescript java c cpp csharp cs go rust kotlin swift scala php dart css scss"
_HASHES = "python py bash sh shell zsh yaml yml toml ruby rb perl r dockerfile powershell ps1 makefile"
_COMMENT_STYLES = (  # (a magic comment in a comment syntax, the languages that write it so), as Docusaurus's
    (rf"//[ \t]*{_MAGIC}|/\*[ \t]*{_MAGIC}[ \t]*\*/", frozenset(_SLASHES.split(" "))),
    (rf"\{{/\*[ \t]*{_MAGIC}[ \t]*\*/\}}", frozenset({"jsx", "tsx", "mdx"})),
    (rf"#[ \t]*{_MAGIC}", frozenset(_HASHES.split(" "))),
    (rf"<!--[ \t]*{_MAGIC}[ \t]*-->", frozenset({"html", "xml", "md", "markdown", "mdx", "vue", "svelte"})),
    (rf"--[ \t]*{_MAGIC}", frozenset({"lua", "sql", "haskell", "hs", "elm"})),
    (rf"%[ \t]*{_MAGIC}", frozenset({"tex", "latex", "matlab", "erlang"})),
)


def magic_comments(fence_line: str) -> re.Pattern[str] | None:
    """The lines Docusaurus removes from a code block in this language: its magic comments (`// highlight-next-line`,
    `# highlight-start`, `<!-- highlight-end -->`), in the comment syntax of the block's language only (a
    Markdown block that shows a JavaScript one keeps the `//` lines it shows)."""
    language = fence_line.lstrip(" \t`~").split(" ", 1)[0].split("{", 1)[0].lower()
    styles = [style for style, languages in _COMMENT_STYLES if language in languages]
    if not styles:
        return None
    return re.compile(rf"[ \t]*(?:{'|'.join(styles)})[ \t]*")
