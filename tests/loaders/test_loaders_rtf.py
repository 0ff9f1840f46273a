"""RTF loader, tested from a table of files written as WordPad and Word write them: what the text must and must not
contain, the \\info group's title and author, and what is not RTF."""

from __future__ import annotations

from pathlib import Path

import pytest

from indexer.errors import LoaderError

from support.folders import document, found, index, write
from support.loaders import Content, assert_text, load

WORDPAD = (
    rb"{\rtf1\ansi\ansicpg1252\deff0\nouicompat{\fonttbl{\f0\fnil\fcharset0 Calibri;}}"
    rb"{\*\generator Riched20 10.0.19041}\viewkind4\uc1 "
    rb"\pard\sa200\sl276\slmult1\f0\fs22\lang9 Caf\'e9 zebracorn memo \u8364? budget.\par"
    b"\r\n"
    rb"Second \b bold\b0  line.\par}"
)

WORD = (
    rb"{\rtf1\adeflang1025\ansi\ansicpg1252\uc1\deff0{\fonttbl{\f0\froman\fcharset0 Times New Roman;}}"
    rb"{\colortbl;\red0\green0\blue0;}{\stylesheet{\s1\ql heading 1;}{\s15 Normal;}}"
    rb"{\info{\title Board minutes unicornfish}{\author Rita R\'f6se}{\keywords board, minutes}"
    rb"{\creatim\yr2023\mo11\dy7\hr9\min30}}"
    rb"{\header \pard headersentinel\par}{\footer \pard footersentinel\par}"
    rb"\pard\plain\s1 Minutes\par\pard\plain The board approved the plan."
    rb"{\footnote \pard footnotesentinel}\par"
    rb"{\*\shppict{\pict\pngblip\picw10\pich10 89504e470d0a1a0a0000000d4948445200000001}}\par}"
)

# A table as Word writes one: each cell's text ends in \cell (its padding kept), each row in \row.
TABLE = (
    rb"{\rtf1\ansi\ansicpg1252{\fonttbl{\f0 Arial;}}\pard Menu zebracorn\par"
    rb"\trowd\cellx2000\cellx4000\cellx6000\intbl Day\cell Soup\cell Main\cell\row"
    rb"\trowd\cellx2000\cellx4000\cellx6000\intbl Monday\cell\cell Salad     A,C,\cell\row\pard After.\par}"
)

CASES: list[tuple[str, Content, list[str], list[str]]] = [
    ("memo.rtf", WORDPAD, ["Café zebracorn memo € budget.", "Second bold line."], ["Calibri", "Riched20", "\\par"]),
    ("minutes.rtf", WORD, ["Board minutes unicornfish", "Minutes", "The board approved the plan."],
     ["headersentinel", "footersentinel", "footnotesentinel", "89504e47", "Times New Roman", "heading 1", "\\"]),
    ("menu.rtf", TABLE, ["Menu zebracorn\nDay | Soup | Main\nMonday | Salad A,C,\nAfter."], ["|\n", "||", "  "]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("filename", "content", "must_include", "must_not_include"), CASES, ids=[case[0] for case in CASES]
)
def test_rtf_text(filename: str, content: Content, must_include: list[str], must_not_include: list[str]) -> None:
    assert_text(filename, content, must_include, must_not_include)


def test_rtf_info_gives_title_author_date_and_tags() -> None:
    doc = load("minutes.rtf", WORD)
    assert (doc.format, doc.title) == ("rtf", "Board minutes unicornfish")
    assert doc.front_matter == {"author": "Rita Röse", "created": "2023-11-07", "tags": ["board", "minutes"]}
    assert load("memo.rtf", WORDPAD).title == ""  # the pipeline then titles it from the file name


@pytest.mark.parametrize("content", [b"", b"plain text, not rtf", b"PK\x03\x04zip"])
def test_a_file_that_is_not_rtf_says_so(content: bytes) -> None:
    with pytest.raises(LoaderError, match=r"not an RTF file"):
        load("fake.rtf", content)


def test_unbalanced_braces_still_give_text() -> None:
    assert "zebracorn" in load("open.rtf", rb"{\rtf1 {{{{ zebracorn").sections[0].text


def test_rtf_through_the_pipeline(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "minutes.rtf", WORD)
    write(docs, "memo.rtf", WORDPAD)
    assert index(docs, index_dir).added == 2
    assert found(index_dir, "type:rtf zebracorn") == ["memo.rtf"]
    assert document(index_dir, "memo.rtf").title == "Memo"
