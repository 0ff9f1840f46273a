"""JSON with comments and trailing commas (loaders/jsonc.py), as DocFX reads docfx.json."""

from __future__ import annotations

import json
import time

import pytest

from indexer.loaders.jsonc import loads_jsonc


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('{"a": 1, // one\n "b": [1, 2,], /* c */ "c": "x",}', {"a": 1, "b": [1, 2], "c": "x"}),
        (
            '\ufeff{"url": "https://x.dev//a", "g": "/* kept */", "s": "a, ]"}',
            {"url": "https://x.dev//a", "g": "/* kept */", "s": "a, ]"},
        ),
        ('["a\\"//b", "c\\\\", // "d"\n]', ['a"//b', "c\\"]),
        ("[1, /* , */ ]", [1]),
        ('{"a": [1,]} /* never closed, "b": 2', {"a": [1]}),
    ],
)
def test_comments_and_trailing_commas_are_left_out(text: str, value: object) -> None:
    assert loads_jsonc(text) == value


@pytest.mark.parametrize("text", ["[1,,]", '{"a": 1 /* unclosed', "[1/**/2]", '{"a": "unclosed', '{"a": 1 "b": 2}'])
def test_what_is_not_json_even_so_raises(text: str) -> None:
    with pytest.raises(json.JSONDecodeError):
        loads_jsonc(text)


def test_hostile_texts_are_read_in_linear_time() -> None:
    """Runs of what each rule looks for (quotes, backslashes, commas, slashes, stars) take time in proportion."""
    started = time.monotonic()
    for text in ('"' + "\\" * 300_000, ", " * 300_000, "/*" * 300_000, "/" * 300_000, '"a' * 300_000):
        with pytest.raises(ValueError):
            loads_jsonc(text)
    assert time.monotonic() - started < 5
