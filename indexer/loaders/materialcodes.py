"""The shortcodes of Material for MkDocs' own documentation, put in place as its hook does.

Material's docs (and the plugins' docs that copy its `hooks/shortcodes.py`: git-revision-date-localized, the
translations) write each setting's heading as `#### <!-- md:setting config.cards_dir -->` and under it badges:
`<!-- md:version 8.5.0 -->`, `<!-- md:default `assets/images/social` -->`, `<!-- md:flag required -->`. The hook
turns each comment into Markdown before the page is read: a setting or an option is its name as code (`cards_dir`,
the last part of the dotted key; a setting's heading has the key for its anchor and a link reference to it, so
that `[layouts directory][config.cards_layout_dir]` is a link), a badge its text. Read as comments, 182 headings of
settings showed nothing (23 pages' sections ran together) and no default value was said. A badge here says what
its icon says on the page (its tooltip: "Default value: `1`", "Minimum version: 9.2.0"), as a reader of text
has no icon. A shortcode the hook does not know stays a comment, which shows nothing. Only on a page of an MkDocs
project (the comments show nothing elsewhere). Each comment is looked for at most MAX_ARGUMENTS characters far.
"""

from __future__ import annotations

import re

__all__ = ["material_shortcodes"]

MAX_ARGUMENTS = 300  # characters between a shortcode's name and its ` -->`
_SHORTCODE = re.compile(rf"<!-- md:(\w{{1,20}})([^\n]{{0,{MAX_ARGUMENTS}}}?) -->")
_KEY_PARTS = re.compile(r"[.:*]")
_BADGES = {  # the hook's tooltips: what its icon says
    "version": "Minimum version",
    "feature": "Optional feature",
    "plugin": "Plugin",
    "extension": "Markdown extension",
    "utility": "Third-party utility",
    "demo": "Demo repository",
}
_FLAGS = {
    "experimental": "Experimental",
    "required": "Required value",
    "customization": "Customization",
    "metadata": "Metadata property",
    "multiple": "Multiple instances",
}
_DEFAULTS = {"none": "Default value is empty", "computed": "Default value is computed"}


def material_shortcodes(body: str) -> str:
    """`body` with Material's shortcodes as the hook writes them (see the module docstring)."""
    if "<!-- md:" not in body:
        return body
    return _SHORTCODE.sub(_shown, body)


def _shown(match: re.Match[str]) -> str:
    kind, args = match.group(1), match.group(2).strip()
    if kind in ("setting", "option"):
        name = _KEY_PARTS.split(args)[-1].strip()
        if not name or any(c in args for c in "[]()`"):
            return match.group(0)
        if kind == "option":  # a definition list's term, as a rule: nothing may come between it and its `:`
            return f"`{name}`"
        return f"`{name}` {{ #{args} }}\n\n[{args}]: #{args}\n\n"
    if kind == "default":
        return _DEFAULTS.get(args) or (f"Default value: {args}" if args else "Default value")
    if kind == "flag":
        return _FLAGS.get(args.split(" ", 1)[0], match.group(0))
    if kind == "sponsors":
        return "Sponsors only"
    if kind == "example":
        return ""  # links to download and view the example's files
    label = _BADGES.get(kind)
    if label is None:
        return match.group(0)
    return f"{label}: {args}" if args else label
