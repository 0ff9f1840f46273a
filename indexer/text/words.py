"""What a word as written is made of, before any term is made of it: its folded form (case and accents), the
words of an identifier in code style (getUserName, max_file_size) or of a compound joined by hyphens (fine-tune,
COVID-19, dry-run), and the runs of Chinese, Japanese and Korean characters that give pairs (analysis.py makes the
terms).
"""

from __future__ import annotations

import re
import unicodedata

# An identifier in code style (getUserName, HTTPServer, max_file_size, utf8Decoder) is a word made of words. Where
# they meet: an underscore, a lower-case letter before a capital, or a capital or a digit before a capital that
# starts a lower-case word (HTTP|Server, utf8|Decoder). Not inside a capital word (HTTP, 3D, 100GB).
_BOUNDARY = re.compile(r"[a-z][A-Z]|[0-9A-Z][A-Z][a-z]|_")
# The words of an identifier, in order: an acronym's plural (APIs, IDs) is one word, digits stay with the
# letters before them (utf8, HTTP2, x86); underscores are no word, and neither is one letter (mRNA: RNA; pH).
_PART = re.compile(r"[A-Z]{2,}s(?![a-z])|[A-Z]?[a-z]+[0-9]*|[A-Z]+[0-9]*(?![a-z])|[0-9]+[a-z]*")
MAX_IDENTIFIER = 128  # characters: a longer word is no name anyone types, and is not split (its words are bounded)
# Han (with its extensions and compatibility forms), Hiragana, Katakana (and its half-width forms), Hangul
_CJK_CHARACTERS = (
    "\u1100-\u11ff\u3005-\u3007\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff"
    "\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f\U00020000-\U0002fa1f"
)
# what stays with the character before it in a pair: a kana's voicing marks (half-width, combining), and the
# vowels and final consonants of a Hangul syllable written as conjoining letters (NFD)
_ATTACHED = re.compile("[\u3099\u309a\uff9e\uff9f\u1160-\u11ff]")
_CJK = re.compile(f"[{_CJK_CHARACTERS}]+")
_CJK_OR_NOT = re.compile(f"[{_CJK_CHARACTERS}]+|[^{_CJK_CHARACTERS}]+")


def fold(word: str) -> str:
    """Lower-case and strip accents: "Café" -> "cafe"."""
    word = word.lower()
    if word.isascii():
        return word
    if _CJK.search(word):  # CJK characters in their composed, full-width forms (NFKC: ｱﾌﾟﾘ is アプリ, NFD Hangul
        # composed); NFKD would take a kana's voicing mark away
        return "".join(
            unicodedata.normalize("NFKC", run) if _CJK.match(run) else fold(run) for run in _CJK_OR_NOT.findall(word)
        )
    decomposed = unicodedata.normalize("NFKD", word)  # may give capitals (black-letter Z, bold math letters)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).lower()


def identifier_parts(word: str) -> list[str] | None:
    """The words of an identifier, as written (getUserName: get, User, Name; max_file_size: max, file, size;
    fine-tune: fine, tune), or None when `word` is one word (table, Table, HTTP, APIs, utf8, pH, don't).
    identifier_spans() says where they lie; this is the same rule without the offsets, for indexing."""
    if "-" in word:
        return [word[s:e] for s, e in _compound_spans(word)]
    if has_cjk(word):
        return [word[s:e] for s, e in _cjk_spans(word)]
    if "_" not in word and (word.islower() or word.isupper() or (word.istitle() and word.isalpha())):
        return None  # most words: no boundary can be in them
    if not word.isascii():
        spans = identifier_spans(word)
        return None if spans is None else [word[s:e] for s, e in spans]
    if len(word) > MAX_IDENTIFIER or "'" in word or not _BOUNDARY.search(word):
        return None
    parts = [part for part in _PART.findall(word) if len(part) > 1]
    return None if not parts or parts == [word] else parts


def identifier_spans(word: str) -> list[tuple[int, int]] | None:
    """Where the words of identifier_parts(word) lie in it (None when it is one word)."""
    if "-" in word:
        return _compound_spans(word)
    if has_cjk(word):
        return _cjk_spans(word)
    if "_" not in word and (word.islower() or word.isupper() or (word.istitle() and word.isalpha())):
        return None
    if len(word) > MAX_IDENTIFIER or "'" in word:
        return None
    shape = word if word.isascii() else "".join(map(_shape, word))
    if not _BOUNDARY.search(shape):
        return None
    spans = [span for m in _PART.finditer(shape) if (span := m.span())[1] - span[0] > 1]
    return None if not spans or spans == [(0, len(word))] else spans


def has_cjk(word: str) -> bool:
    """Whether a word holds Chinese, Japanese or Korean characters (its runs of them give pairs: _cjk_spans)."""
    return not word.isascii() and _CJK.search(word) is not None


def _compound_spans(word: str) -> list[tuple[int, int]]:
    """The words of a compound joined by hyphens (one hyphen between two words): each piece's own words when it is
    an identifier (max_file-size: max, file, size), else the piece, a letter alone too (e-mail: e, mail), so that
    its words are those the text gives with its hyphens read as spaces (an identifier piece's whole aside)."""
    spans: list[tuple[int, int]] = []
    start = 0
    for piece in word.split("-"):
        inner = identifier_spans(piece)
        spans += [(start, start + len(piece))] if inner is None else [(start + s, start + e) for s, e in inner]
        start += len(piece) + 1
    return spans


def _cjk_spans(word: str) -> list[tuple[int, int]]:
    """The parts of a word that holds runs of CJK characters: each run's overlapping pairs of characters (a run
    of one, itself), and between them the rest of the word's own parts (an identifier's words, or itself when it
    is longer than one character: `Python` in Pythonアプリ)."""
    spans: list[tuple[int, int]] = []
    at = 0
    for run in _CJK.finditer(word):
        start, end = run.span()
        spans += _other_spans(word, at, start)
        units = [i for i in range(start, end) if i == start or not _ATTACHED.match(word, i)]  # where each starts
        bounds = [*units, end]
        spans += [(bounds[0], end)] if len(units) == 1 else [(bounds[k], bounds[k + 2]) for k in range(len(units) - 1)]
        at = end
    return spans + _other_spans(word, at, len(word))


def _other_spans(word: str, start: int, end: int) -> list[tuple[int, int]]:
    """The parts of the rest of a word beside its CJK runs: a letter or digit alone counts there (C言語, 第3章)."""
    piece = word[start:end].strip("_'")
    if not piece or (len(piece) == 1 and not piece.isalnum()):
        return []
    offset = word.index(piece, start)
    inner = identifier_spans(piece)
    return [(offset, offset + len(piece))] if inner is None else [(offset + s, offset + e) for s, e in inner]


def _shape(c: str) -> str:
    """A character as _BOUNDARY and _PART read it: its case, or a digit, or an underscore."""
    return "A" if c.isupper() else "0" if c.isdigit() else "_" if c == "_" else "a"
