"""The Rails Guides' notice to GitHub readers: each guide of rails/rails (guides/source/*.md), and of the
translations made from it (ruby-china's, guiarails.com.br's), opens with a bold line `**DO NOT READ THIS FILE ON
GITHUB, GUIDES ARE PUBLISHED ON https://guides.rubyonrails.org.**`, which the guides' own renderer
(rails_guides/markdown/renderer.rb) drops: a paragraph that holds those words shows nothing. Read as written,
every guide opened with it, and a search for "read a file" or "where are the guides published" found that line
in guide after guide before the pages that answer it.

The first block of the page (its lines up to the first blank one, or an ATX heading) that holds the notice is
dropped, as the renderer drops its paragraph. A translation writes the notice on the line above the title's
underline, with no blank line between (`**DO NOT READ ...**, original file md5: ...`, then `Ruby on Rails 5.0
Release Notes`, then `===`): Redcarpet, which renders the guides, makes the last line alone the heading and the
lines above it a paragraph, where CommonMark would make all of them the title; so there the title line and its
underline stay. Only the first block is looked at, and its lines are blanked, not removed, so that the rest of
the page keeps its lines.
"""

from __future__ import annotations

import re

__all__ = ["without_github_notice"]

NOTICE = "DO NOT READ THIS FILE ON GITHUB"
_UNDERLINE = re.compile(r" {0,3}(?:=+|-+)[ \t]*")  # a setext heading's underline (fullmatch: linear)
_ATX = re.compile(r" {0,3}#{1,6}(?:[ \t]|$)")
_HEAD = 4096  # characters the notice is looked for in: it opens the page
_HEAD_LINES = 40  # lines of the page's head its first block must end in (the notice is its first or second line)


def without_github_notice(body: str) -> str:
    """`body` without the Rails Guides' notice to GitHub readers that opens it (see the module docstring)."""
    if NOTICE not in body[:_HEAD]:
        return body
    lines = body.split("\n", _HEAD_LINES)
    rest = lines.pop() if len(lines) > _HEAD_LINES else None  # the page past its head, unsplit
    first = next((at for at, line in enumerate(lines) if line.strip()), len(lines))
    end = first
    while end < len(lines) and lines[end].strip() and (end == first or not _ATX.match(lines[end])):
        end += 1  # to a blank line, or a heading that interrupts the paragraph (`# Title` under the notice)
    block = lines[first:end]
    if (end == len(lines) and rest is not None) or not any(NOTICE in line for line in block):
        return body  # a first block longer than the head, or one without the notice: not the guides' notice
    kept = 2 if len(block) >= 3 and _UNDERLINE.fullmatch(block[-1]) else 0  # the title and its underline
    dropped = len(block) - kept
    if any(NOTICE in line for line in block[dropped:]):  # the notice is the title itself: left as written
        return body
    lines[first : first + dropped] = [""] * dropped
    return "\n".join(lines if rest is None else [*lines, rest])
