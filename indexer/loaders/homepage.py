"""What a VitePress (or Rspress) home page shows from its front matter: `layout: home` (Rspress's `pageType: home`)
draws a hero, its `hero:` `name`, `text` and `tagline`, and a card per entry of `features:`, its `title` as a
heading over its `details`, above whatever the page's Markdown adds (often nothing but a component). Values are
HTML, as the theme puts them in (`v-html`): their tags are taken out and their entities read. The hero's action
buttons and image, and a feature's icon and link, are links and pictures, not text. Starlight's hero (`title`,
`tagline`) is shown on any page that has one."""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from typing import Any

from indexer.model import Section

__all__ = ["home_sections"]

_TAG = re.compile(r"<(/?)([A-Za-z][\w-]*)[^<>]{0,1000}>")
_MAX_FEATURES = 100


def home_sections(front_matter: Mapping[str, Any]) -> tuple[Section, ...]:
    """The sections a home page's hero and features show (none when the page is no home page)."""
    hero = front_matter.get("hero")
    if front_matter.get("layout") != "home" and front_matter.get("pageType") != "home":
        return _starlight_hero(hero)
    sections: list[Section] = []
    if isinstance(hero, Mapping):
        name, lines = _text(hero.get("name")), [_text(hero.get(key)) for key in ("text", "tagline")]
        if name or any(lines):
            sections.append(Section(text="\n\n".join(line for line in lines if line), heading=name, level=1))
    features = front_matter.get("features")
    for feature in features[:_MAX_FEATURES] if isinstance(features, list) else ():
        if isinstance(feature, Mapping) and (_text(feature.get("title")) or _text(feature.get("details"))):
            sections.append(Section(text=_text(feature.get("details")), heading=_text(feature.get("title")), level=2))
    return tuple(sections)


def _starlight_hero(hero: object) -> tuple[Section, ...]:
    """What Starlight's hero shows, on any page that has one (its splash pages: Tauri's home page, Astro's
    Getting started): its `title` over its `tagline` ("Create small, fast, secure, cross-platform
    applications", which the page shows and its description does not say); none for VitePress's hero (`name`,
    `text`), which a page not of its home layout does not show."""
    if not isinstance(hero, Mapping) or "name" in hero or "text" in hero:
        return ()
    title, tagline = _text(hero.get("title")), _text(hero.get("tagline"))
    return (Section(text=tagline, heading=title, level=1 if title else 0),) if tagline else ()


def _text(value: object) -> str:
    """The text an HTML value shows, on one line ("" for anything but a string)."""
    if not isinstance(value, str):
        return ""
    shown = _TAG.sub(lambda tag: " " if tag.group(2).lower() == "br" else "", value)  # <br> breaks the line
    return " ".join(html.unescape(shown).split())
