"""Code that an MDX component is given in its attributes, which the page shows as code blocks: Tauri's
`<CommandTabs npm="npm run tauri add fs" yarn="..." cargo="..." />` (a tab per package manager, each a shell
command; 117 of its pages' tags) and Starlight's `<Code code="keytool -genkey" lang="sh" />`. The rest of a tag's
attributes are no text a reader sees (jsx.py shows its title, label...), so without this the commands were lost.

Each value is read as JSX writes it: in double or single quotes (no escapes, over several lines, whose indentation
the page's source adds and the block does not show) or a template literal without `${...}` in braces.
"""

from __future__ import annotations

import re
import textwrap

from indexer.loaders.fences import fence_for

__all__ = ["attribute_code"]

_MANAGERS = ("npm", "yarn", "pnpm", "bun", "deno", "cargo")
_COMMAND_TABS = re.compile(r"<[ \t]*CommandTabs(?![\w.$:-])")
_CODE = re.compile(r"<[ \t]*Code(?![\w.$:-])")
_VALUE = r"""(?:"([^"]*)"|'([^']*)'|\{[ \t\n]*`([^`$\\]*)`[ \t\n]*\})"""
_ATTRIBUTE = re.compile(rf"(?<![\w$.-])([A-Za-z_$][\w$-]*)[ \t\n]*=[ \t\n]*{_VALUE}")


def attribute_code(tag: str) -> str:
    """The code blocks, as Markdown, that the component `tag` (its whole tag, attributes and all) shows of its
    attributes: one per package manager, titled with its name, for CommandTabs; its `code` in its `lang` for
    Code; "" for any other tag, or one whose code is no literal string."""
    if _COMMAND_TABS.match(tag):
        values = _attributes(tag)
        return "\n\n".join(_block(values[name], "sh", name) for name in _MANAGERS if values.get(name, "").strip())
    if _CODE.match(tag):
        values = _attributes(tag)
        code = values.get("code", "")
        return _block(code, values.get("lang", ""), values.get("title", "")) if code.strip() else ""
    return ""


def _attributes(tag: str) -> dict[str, str]:
    """The tag's attributes that are literal strings, by name (the first written of each)."""
    found: dict[str, str] = {}
    for match in _ATTRIBUTE.finditer(tag):
        value = next(v for v in match.group(2, 3, 4) if v is not None)
        found.setdefault(match.group(1), value)
    return found


def _block(code: str, language: str, title: str) -> str:
    """A fenced code block of `code`, each line without the indentation the page's source gave it, under a title;
    its fence longer than any run of backticks in it."""
    first, _, rest = code.strip("\n").partition("\n")
    lines = [first.strip(), *textwrap.dedent(rest).rstrip().split("\n")] if rest.strip() else [first.strip()]
    fence = fence_for(code)
    language = language if re.fullmatch(r"[\w+#.-]{1,40}", language) else ""
    info = f'{language} title="{title}"' if title and '"' not in title and "\n" not in title else language
    return "\n".join([fence + info, *lines, fence])
