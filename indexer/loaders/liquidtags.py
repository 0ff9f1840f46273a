"""The text a reader sees of Liquid tags that a Jekyll site's own plugins define, where templates.py would take the
tag out with nothing in its place. home-assistant.io's, on nearly every page:

- `{% term automation %}`, `{% term "Home Assistant Operating System" %}`, `{% term integration integrations %}`:
  the word with a tooltip, the text when one is given, else the term ("Every {% term integration %} can" read
  "Every  can").
- `{% my integrations title="Settings > Devices & services" %}`: a link reading its title, else its redirect's
  name in title case (`{% my helpers %}` is "Helpers"); a `badge` is an image, no text.
- `{% details "Manual configuration steps" %}` ... `{% enddetails %}`: a block under that title (the body stays,
  as any block's does).
- `{% important %}`, `{% note title="Extra" %}` (tip, warning, caution too) ... `{% endnote %}`: an alert under its
  kind's name ("Important", "Note: Extra"), as MkDocs' admonitions show theirs (dialects.py).

Arguments are read with patterns that match a short tag once (no nested repetition): linear.
"""

from __future__ import annotations

import re

__all__ = ["plugin_tag_text"]

# the arguments with the blanks around them (stripped after): `\s*(.*?)\s*` tried each split of a run of blanks
# inside a tag at each place, 0.07 s for a tag of 2,000 characters
_ARGUMENTS = re.compile(r"\{%-?\s*[\w-]+(.*?)-?%\}", re.DOTALL)
_QUOTED_OR_WORD = re.compile(r'"([^"]*)"|\'([^\']*)\'|([^\s"\']+)')
_TITLE = re.compile(r"""\btitle\s*=\s*(?:"([^"]*)"|'([^']*)')""")
_TITLED_BLOCKS = frozenset({"details"})
_ALERTS = frozenset({"note", "tip", "important", "warning", "caution"})
# the titles home-assistant.io's `my` plugin gives the redirects it does not title-case
_MY_TITLES = {"config_flow_start": "Add Integration", "automations": "Automations & Scenes",
              "config": "Configuration", "developer_services": "Services", "developer_states": "States",
              "developer_template": "Templates", "general": "General Settings", "supervisor_backups": "Backups",
              "cloud": "Home Assistant Cloud"}  # fmt: skip


def plugin_tag_text(name: str, tag: str) -> tuple[str, bool] | None:
    """(the text the tag shows, whether it is a block's title: a paragraph of its own) for a tag of NAME this
    module knows, None for any other (or one that shows nothing)."""
    match = _ARGUMENTS.fullmatch(tag)
    if match is None:
        return None
    arguments = match.group(1).strip()
    if name in _ALERTS:
        title = _TITLE.search(arguments)
        return name.capitalize() + (": " + "".join(title.groups("")).strip() if title else ""), True
    words = ["".join(found) for found in _QUOTED_OR_WORD.findall(arguments)]
    if name == "term" and words:
        return (words[1] if len(words) > 1 else words[0]).strip(), False
    if name == "my" and words and "badge" not in words:
        title = _TITLE.search(arguments)
        shown = _MY_TITLES.get(words[0]) or words[0].replace("_", " ").title()
        return ("".join(title.groups("")) if title else shown).strip(), False
    if name in _TITLED_BLOCKS and words and arguments[:1] in ("'", '"'):
        return words[0].strip(), True
    return None
