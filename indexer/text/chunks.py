"""The chunks of text that snippets look for a query's terms in (TextAnalyzer.find_all()): a text's UTF-8 bytes with
every ASCII character that no word holds made a space split into chunks that no word crosses; which of them may
give a term, before any is looked at word by word; where the chunks that give one stand in a text; and the chunks
seen before, remembered by the terms they give.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate

__all__ = ["CHUNKS", "Chunks", "found_back", "may_give"]

# Every ASCII byte that no word holds (all but letters, digits, _, ' and -) -> a space; other bytes kept (find_all()).
CHUNKS = bytes(c if c >= 0x80 or chr(c).isalnum() or chr(c) in "_'-" else 0x20 for c in range(256))


def may_give(chunks: set[bytes], terms: set[str]) -> list[bytes]:
    """Those of `chunks` that may give one of `terms`, so that only they are looked at word by word. The English
    stemmer rewrites only a word's last letters (happy: happi, hoping: hope, possibilities: possibl) but for a few
    words (skies: sky, dying: die), so an ASCII chunk whose lower case, hyphens dropped (a compound's whole joins
    its words), holds no term's kept_start() gives none of them. Others (folded, CJK pairs) may give any."""
    plain: list[bytes] = []
    found: list[bytes] = []
    for chunk in chunks:
        (plain if chunk.isascii() else found).append(chunk)
    if not plain:
        return found
    lowered = b"\n".join(plain).lower()
    if b"-" in lowered:
        lowered = lowered.replace(b"-", b"")
        starts = list(accumulate((len(c) - c.count(b"-") + 1 for c in plain), initial=0))
    else:
        starts = list(accumulate((len(c) + 1 for c in plain), initial=0))
    chosen: set[int] = set()
    for term in terms:
        key = kept_start(term).encode("utf-8")
        i = lowered.find(key)
        while i >= 0:
            n = bisect_right(starts, i) - 1
            chosen.add(n)
            i = lowered.find(key, starts[n + 1])
    found += [plain[n] for n in chosen]
    return found


def kept_start(term: str) -> str:
    """What every ASCII word giving `term` holds of it, lower-cased: the stemmer's rewrites end a stem in i
    (happi), e (hope, relate), l (possibl) or y (sky, of skies), one letter differing from the word; or in ie
    for dying, lying, tying, vying. Any other stem is the word's own start."""
    if term.endswith("ie"):
        return term[:-2]
    if term.endswith(("i", "e", "l", "y")):
        return term[:-1]
    return term


def found_back(
    text: str, spaced: bytes, hits: dict[bytes, list[tuple[int, str]]], present: set[bytes]
) -> list[tuple[int, str]]:
    """(start char, term) of the `hits` of each `present` chunk where it stands in one text (`spaced`: its UTF-8
    bytes with every character no word holds made a space, between two spaces), in order."""
    at: list[tuple[int, bytes]] = []
    for chunk in present:
        needle, step = b" " + chunk + b" ", len(chunk) + 1
        i = spaced.find(needle)
        while i >= 0:
            at.append((i, chunk))  # `spaced` starts with a space: the chunk starts at byte i of the text
            i = spaced.find(needle, i + step)
    at.sort()
    ascii_text = len(spaced) == len(text) + 2
    found: list[tuple[int, str]] = []
    for i, chunk in at:
        start = i if ascii_text else len(spaced[1 : i + 1].decode("utf-8"))  # bytes -> characters
        found += [(start + offset, term) for offset, term in hits[chunk]]
    return found


class Chunks:
    """The chunks of text find_all() has seen (see there), by the terms their words give: bounded, like the
    analyzer's memory of words. A chunk that is one ASCII word is its own word; the words of any other are kept."""

    def __init__(self) -> None:
        self.known: set[bytes] = set()
        self.forms: dict[str, set[bytes]] = {}  # term -> the chunks holding a word that gives it
        self.words: dict[bytes, list[tuple[int, str]]] = {}  # chunk -> its words, for chunks of several or non-ASCII

    def learn(self, chunk: bytes, held: list[tuple[int, str]], terms: set[str]) -> None:
        """Remember a chunk: its words (at their char offsets) and the terms they give."""
        if len(held) != 1 or held[0][0] or len(held[0][1]) != len(chunk):
            self.words[chunk] = held
        for term in terms:
            self.forms.setdefault(term, set()).add(chunk)
        self.known.add(chunk)
