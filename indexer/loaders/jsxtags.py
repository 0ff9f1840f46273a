"""What an MDX component's tag leaves when jsx.py takes it out: the text a reader sees of its attributes.

Its `title`, `label`, `caption`, `alt`, `description` (templates.visible_attributes); an API field's name and type
(Mintlify's `<ResponseField name="seo.indexing" type="string">`); the name of a file tree's file or folder (Nextra's
`<FileTree.File name="page.mdx" />`); the label a tab without one shows, which its tabs name (tabs.py); a card's name
of words (react.dev's `<TeamMember name="Andrew Clark">`); code passed as an attribute (codeprops.py). What a tag
standing on lines of its own leaves is a paragraph of its own.
"""

from __future__ import annotations

import re

from indexer.loaders.codeprops import attribute_code
from indexer.loaders.tabs import TabLabels
from indexer.loaders.templates import visible_attributes

__all__ = ["alone", "tag_text"]

_FIELD = re.compile(r"<[ \t]*(?:ParamField|ResponseField)\b")
_FIELD_NAME = re.compile(r"""\b(?:name|path|query|body|header|cookie)[ \t]*=[ \t]*(?:"([^"\n]*)"|'([^'\n]*)')""")
_FIELD_TYPE = re.compile(r"""\btype[ \t]*=[ \t]*(?:"([^"\n]*)"|'([^'\n]*)')""")
_FILE_TREE = re.compile(r"<[ \t]*(?:FileTree\.)?(?:File|Folder)\b")  # <FileTree.File name="x" />, Fumadocs' <File>
_WORDS_NAME = re.compile(r"""(?<![\w.-])name[ \t]*=[ \t]*(?:"([^"\n]*)"|'([^'\n]*)')""")
_TREE_NAME = re.compile(r"""\bname[ \t]*=[ \t]*(?:"([^"\n]*)"|'([^'\n]*)'|\{[ \t]*["']([^"'\n]*)["'][ \t]*\})""")
_LINE_REST = re.compile(r"[ \t]*(?:\n|\Z)")


def tag_text(text: str, at: int, end: int, labels: TabLabels) -> str:
    """What a tag leaves: the visible text of its attributes, on a paragraph of its own when the tag stands
    on lines of its own (and a paragraph break for a tag that leaves nothing)."""
    if text.startswith("{/*", at):
        return ""
    tag = text[at:end]
    code = attribute_code(tag) if alone(text, at, end) else ""
    if code:  # (the tag's indentation, which `text` keeps before it, for each line: in a list item, in it)
        indent = text[text.rfind("\n", 0, at) + 1 : at]
        return code.replace("\n", "\n" + indent) + "\n"
    visible = _field(tag) or _tree_name(tag) or labels.label(tag) or _named(tag, visible_attributes(tag))
    if not alone(text, at, end):
        return f" {visible} " if visible else ""
    return f"\n\n{visible}\n\n" if visible else "\n"


def _named(tag: str, shown: str) -> str:
    """A card's name of words above what else it shows (react.dev's `<TeamMember name="Andrew Clark" title="Engineer
    at Vercel">`, whose name is the card's heading); a name of one word is an identifier (`<Diagram
    name="preserving_state_tree">`, an image's file)."""
    found = _WORDS_NAME.search(tag)
    name = " ".join(next(filter(None, found.groups()), "").split()) if found else ""
    if " " not in name:
        return shown
    return f"{name}\n\n{shown}" if shown else name


def _field(tag: str) -> str:
    """What Mintlify's API field shows above its text (`<ParamField path="id" type="string">`, `<ResponseField
    name="seo.indexing" type="string">`): its name and type; "" for any other tag."""
    if not _FIELD.match(tag):
        return ""
    shown = [next(filter(None, m.groups()), "") for m in (_FIELD_NAME.search(tag), _FIELD_TYPE.search(tag)) if m]
    return " ".join(part.strip() for part in shown if part.strip())


def _tree_name(tag: str) -> str:
    """The name a file tree shows of a file or folder (Nextra's `<FileTree.File name="page.mdx" />`, Fumadocs'
    `<Folder name="app">`), as a code span, which shows it as written (`[[...slug]]`, `__init__.py`); "" for any
    other tag."""
    if not _FILE_TREE.match(tag):
        return ""
    found = _TREE_NAME.search(tag)
    name = next(filter(None, found.groups()), "").strip() if found else ""
    return f"`{name}`" if name and "`" not in name else name


def alone(text: str, at: int, end: int) -> bool:
    """Whether only spaces stand beside text[at:end] on its lines (looking no further than those spaces)."""
    before = at
    while before > 0 and text[before - 1] in " \t":
        before -= 1
    return (before == 0 or text[before - 1] == "\n") and _LINE_REST.match(text, end) is not None
