"""The label an MDX tab shows when its own tag does not write it: the tabs around it name it.

Docusaurus's `<TabItem value="yarn">` shows the label its `<Tabs values={[{label: 'Yarn', value: 'yarn'}]}>` gives
that value, else the value. Nextra's `<Tabs items={['npm', 'pnpm']}>` labels its `<Tabs.Tab>` (or `<Tab>`)
children by position, and Fumadocs' `<Tab value="npm">` by value, else by position: the label stands above the
tab's content, as the page shows the tab chosen; Astro's docs' tab components (`<UIFrameworkTabs>`) take each
tab as a named slot (`<Fragment slot="react">`), labelled by its name. A tab past the end of its `items`, or of
tabs whose `items` is no array of strings (`items={names}`), shows none; tabs nested in a tab have labels of
their own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from indexer.loaders.jsstrings import js_shown
from indexer.loaders.templates import visible_attributes

__all__ = ["TabLabels"]

_TAB_ITEM = re.compile(r"<[ \t]*TabItem\b")
_TAB_LABEL = re.compile(r"\blabel[ \t]*=")
_TAB_PAIR = re.compile(r"""\{[ \t\n]*(?:label|value)[ \t]*:[^{}]{0,300}\}""")  # {label: 'X', value: 'x'}
_TAB_KEY = re.compile(r"""\b(label|value)[ \t]*:[ \t]*(?:"([^"\n]*)"|'([^'\n]*)')""")
_TAB_VALUE = re.compile(r"""\bvalue[ \t]*=[ \t]*(?:"([^"\n]*)"|'([^'\n]*)'|\{[ \t]*["']([^"'\n]*)["'][ \t]*\})""")
_NAME_END = r"(?![\w.$:-])"
_TABS_OPEN = re.compile(rf"<[ \t]*Tabs{_NAME_END}")
_TABS_CLOSE = re.compile(rf"<[ \t]*/[ \t]*Tabs{_NAME_END}")
_TAB_OPEN = re.compile(rf"<[ \t]*(?:Tabs\.)?Tab{_NAME_END}")
_STRING = r"""'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`[^`$\\]*`"""
_SELF_CLOSING = re.compile(r"/[ \t]*>\Z")
# Astro's docs' tab components (`<UIFrameworkTabs>`, `<PackageManagerTabs>`: 220 on its English pages) take each
# tab as a named slot, `<Fragment slot="react">`, which they show under that name's label
_SLOT_TABS_OPEN = re.compile(rf"<[ \t]*[A-Z][\w$]*Tabs{_NAME_END}")
_SLOT_TABS_CLOSE = re.compile(rf"<[ \t]*/[ \t]*[A-Z][\w$]*Tabs{_NAME_END}")
_SLOT = re.compile(r"""<[ \t]*Fragment\b[^<>]*?\bslot[ \t]*=[ \t]*(?:"([^"\n]*)"|'([^'\n]*)')""")
_ITEMS = re.compile(r"\bitems\s*=")
_ITEMS_ARRAY = re.compile(rf"\bitems\s*=\s*\{{\s*\[\s*((?:(?:{_STRING})\s*,\s*)*(?:{_STRING})?)\s*\]\s*\}}")
_ITEM = re.compile(_STRING)


@dataclass
class _Tabs:
    """An open `<Tabs>`: the labels its `items` give its tabs (None when it gives none), and the tabs read so far."""

    items: list[str] | None
    read: int = 0


class TabLabels:
    """The labels of a page's tabs, its tags read in the page's order (tags in code left out)."""

    def __init__(self, page: str) -> None:
        self._values = _docusaurus_labels(page) if "TabItem" in page else {}
        self._open: list[_Tabs] = []  # the <Tabs> around the tag being read, innermost last
        self._slotted = 0  # the tab components taking slots (`<UIFrameworkTabs>`) around it

    def label(self, tag: str) -> str:
        """The label a tag shows above its content when it writes none itself; "" for any other tag."""
        if _TAB_ITEM.match(tag):
            return _docusaurus_label(tag, self._values)
        if _TABS_OPEN.match(tag) and not _SELF_CLOSING.search(tag):
            self._open.append(_Tabs(_items(tag)))
        elif _TABS_CLOSE.match(tag) and self._open:
            self._open.pop()
        elif _TAB_OPEN.match(tag) and self._open:
            return self._tab_label(tag, self._open[-1])
        elif _SLOT_TABS_OPEN.match(tag) and not _SELF_CLOSING.search(tag):
            self._slotted += 1
        elif _SLOT_TABS_CLOSE.match(tag):
            self._slotted = max(0, self._slotted - 1)
        elif self._slotted and (slot := _SLOT.match(tag)) is not None:
            return next(filter(None, slot.groups()), "").strip()
        return ""

    def _tab_label(self, tag: str, tabs: _Tabs) -> str:
        position, tabs.read = tabs.read, tabs.read + 1
        if tabs.items is None or visible_attributes(tag):
            return ""
        if (found := _TAB_VALUE.search(tag)) is not None:  # Fumadocs: <Tab value="npm">, one of the items
            value = next(filter(None, found.groups()), "").strip()
            return value if value in tabs.items else ""
        return tabs.items[position] if position < len(tabs.items) else ""


def _items(tag: str) -> list[str] | None:
    """The strings of a `<Tabs items={['a', "b"]}>`; None when it has no `items` or they are no array of strings."""
    if not _ITEMS.search(tag) or (array := _ITEMS_ARRAY.search(tag)) is None:
        return None
    strings = (m.group()[1:-1] for m in _ITEM.finditer(array.group(1)))
    return [js_shown(item).strip() for item in strings]


def _docusaurus_labels(page: str) -> dict[str, str]:
    """value -> label of the tabs a page's `<Tabs values={[{label: 'JavaScript', value: 'js'}, ...]}>` name."""
    return {pair["value"]: pair["label"] for pair in (_pair(m.group(0)) for m in _TAB_PAIR.finditer(page)) if pair}


def _pair(entry: str) -> dict[str, str]:
    found = {m.group(1): next(filter(None, m.group(2, 3)), "").strip() for m in _TAB_KEY.finditer(entry)}
    return found if found.get("label") and found.get("value") else {}


def _docusaurus_label(tag: str, labels: dict[str, str]) -> str:
    """What a Docusaurus tab shows as its label when its tag gives none (`<TabItem value="yarn">`): the label its
    `<Tabs values={...}>` gives that value, else the value, as Docusaurus does."""
    if _TAB_LABEL.search(tag):
        return ""
    found = _TAB_VALUE.search(tag)
    value = next(filter(None, found.groups()), "").strip() if found else ""
    return labels.get(value, value)
