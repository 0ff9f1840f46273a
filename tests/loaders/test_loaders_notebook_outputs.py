"""A notebook's outputs as Jupyter shows them: progress bars' redraws and carriage returns (cookbook-style
notebooks run evaluation loops under tqdm and keep every frame), a displayed Markdown answer, a figure's repr."""

from __future__ import annotations

import json
from pathlib import Path

from support.folders import found, index, text_of, write
from support.loaders import load


def stream(text: str, name: str = "stderr") -> dict[str, object]:
    return {"output_type": "stream", "name": name, "text": text}


def notebook(*cells: dict[str, object]) -> bytes:
    return json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": list(cells)}).encode()


def code(source: str, *outputs: dict[str, object]) -> dict[str, object]:
    return {"cell_type": "code", "metadata": {}, "execution_count": 1, "source": source, "outputs": list(outputs)}


def bar(label: str, done: int, total: int) -> str:
    filled = "█" * (10 * done // total)
    return f"{label}: {100 * done // total:3d}%|{filled:<10}| {done}/{total} [00:0{done % 10}<00:04, 16.3it/s]"


# As JupyterLab and VS Code save a tqdm loop that prints now and then: each redraw an output of its own, between
# the loop's own lines; a second run of the same loop in the same cell; a bar drawn with carriage returns.
EVALUATION = notebook(
    {"cell_type": "markdown", "metadata": {}, "source": "# Evaluating zebracorn retrieval"},
    code(
        "for item in tqdm(items, desc='Evaluating Retrieval'): ...",
        *[
            output
            for done in range(10, 101, 10)
            for output in (
                stream(bar("Evaluating Retrieval", done, 100)),
                stream(f"Processed {done}/100 items.\n", "stdout"),
            )
        ],
        stream(bar("Evaluating Retrieval", 50, 100) + "\n"),
        stream(bar("Evaluating Retrieval", 100, 100) + "\n"),
    ),
    code(
        "embed(chunks)",
        stream("\r".join(bar("Processing chunks", done, 737) for done in (0, 100, 500, 737)) + "\n"),
        stream("Downloading\rDone\n", "stdout"),
    ),
)


def test_a_progress_bar_keeps_its_last_frame_and_the_lines_printed_between_its_frames(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "evaluation.ipynb", EVALUATION)
    index(docs, index_dir)
    text = text_of(index_dir, "evaluation.ipynb")
    for done in range(10, 101, 10):
        assert f"Processed {done}/100 items." in text
    assert text.count("Evaluating Retrieval: 100%|") == 2  # each run's end
    assert "Evaluating Retrieval:  10%" not in text and "Evaluating Retrieval:  90%" not in text
    assert text.count("Processing chunks") == 1 and "Processing chunks: 100%|██████████| 737/737" in text
    assert "Downloading" not in text and "Doneloading" in text  # what a terminal shows after "\r"
    assert found(index_dir, "zebracorn retrieval") == ["evaluation.ipynb"]


def test_an_unfinished_bar_keeps_where_it_stopped_and_output_without_bars_is_unchanged() -> None:
    stopped = notebook(
        code("run()", *[stream(bar("Training", done, 100)) for done in (5, 20, 43)]),
        code("print(table)", stream("col | a | b\n 1%|x| not a meter\r\n"), stream("99% done\n", "stdout")),
    )
    text = "".join(s.text for s in load("stopped.ipynb", stopped).sections)
    assert "Training:  43%" in text and "Training:  20%" not in text and "Training:   5%" not in text
    assert "col | a | b\n 1%|x| not a meter" in text and "99% done" in text


def test_many_redraws_and_long_lines_keep_the_last_redraw() -> None:
    """(Their cost is held by the parse limit: test_loaders_hostile's PATHOLOGICAL.)"""
    redraws = "\r".join(bar("Loop", done % 100, 100) for done in range(20_000))
    hostile = notebook(
        code("x", stream(redraws), stream("1%|" * 100_000), stream("9%|" + "a" * 200_000 + "\n")),
        code("y", *[stream(bar("Step", done, 50_000)) for done in range(0, 50_000, 10)]),
    )
    text = "".join(s.text for s in load("hostile.ipynb", hostile).sections)
    assert text.count("Step:") == 1 and "Loop:" in text


def display(data: dict[str, object]) -> dict[str, object]:
    return {"output_type": "display_data", "metadata": {}, "data": data}


def test_a_displayed_markdown_or_html_answer_is_text_and_an_images_or_widgets_repr_is_not(tmp_path: Path) -> None:
    """LlamaIndex's and the cookbooks' `display(Markdown(response))` keeps the answer only as text/markdown, and
    `display(HTML(...))` only as text/html; a figure, an image or a progress widget is shown in place of its
    text/plain, which is only a repr."""
    answer = "**Zebracorn** revenue grew 12% in *Q3*."
    pages = notebook(
        code("display(Markdown(str(response)))", display({"text/markdown": answer, "text/plain": "<IPython...>"})),
        code("plt.show()", display({"image/png": "iVBORw0KGgo=", "text/plain": "<Figure size 640x480 with 1 Axes>"})),
        code("Image(url)", display({"image/jpeg": "/9j/4AAQ", "text/plain": "<IPython.core.display.Image object>"})),
        code(
            "load()",
            display(
                {
                    "application/vnd.jupyter.widget-view+json": {"model_id": "74a6", "version_major": 2},
                    "text/plain": "config.json:   0%|          | 0.00/777 [00:00<?, ?B/s]",
                }
            ),
        ),
        code("df", display({"text/html": "<table><tr><td>x</td></tr></table>", "text/plain": "   a\n0  tablecell"})),
        code(
            "display(HTML(highlighted))",
            display(
                {
                    "text/html": "<pre style='color: red'>count_r = word.count('r')</pre><script>jssentinel()</script>",
                    "text/plain": "<IPython.core.display.HTML object>",
                }
            ),
        ),
    )
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "answers.ipynb", pages)
    index(docs, index_dir)
    text = text_of(index_dir, "answers.ipynb")
    assert "Zebracorn revenue grew 12% in Q3." in text and "<IPython" not in text
    assert "<Figure" not in text and "config.json" not in text
    assert "tablecell" in text and "<table>" not in text  # a table's text/plain is its text
    assert "count_r = word.count('r')" in text and "jssentinel" not in text and "<pre" not in text
    assert found(index_dir, "zebracorn revenue") == ["answers.ipynb"]


def test_a_colab_notebooks_licence_heading_is_not_its_title(tmp_path: Path) -> None:
    """Google's Colab notebooks open with `##### Copyright 2026 Google LLC.` above their title, an `##` one in some
    (the Gemini cookbook's Search_Grounding.ipynb): the outermost heading titles the notebook."""
    licence = {"cell_type": "markdown", "metadata": {}, "source": "##### Copyright 2026 Google LLC."}
    grounding = notebook(
        licence,
        code(LICENCE),
        {"cell_type": "markdown", "metadata": {}, "source": "## Grounding zebracorn with Search\n\n### Setup"},
    )
    titled = notebook(licence, {"cell_type": "markdown", "metadata": {}, "source": "# Function calling\n\n## Setup"})
    only_licence = notebook(licence, code("print(1)"))
    assert load("grounding.ipynb", grounding).title == "Grounding zebracorn with Search"
    assert load("calling.ipynb", titled).title == "Function calling"
    assert load("only.ipynb", only_licence).title == "Copyright 2026 Google LLC."


LICENCE = (
    '# @title Licensed under the Apache License, Version 2.0 (the "License");\n'
    "# you may not use this file except in compliance with the License.\n#\n"
    "# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.\n"
)


def test_a_colab_form_of_comments_alone_is_its_title_and_a_forms_code_is_kept(tmp_path: Path) -> None:
    """Colab shows a form cell as its #@title with its code folded away: the licence cell atop Google's
    notebooks is one line, not thirteen in every notebook's first passage; a form that holds code keeps it."""
    form = {"cellView": "form"}
    pages = notebook(
        {**code(LICENCE), "metadata": form},
        {
            **code('#@title Install the zebracorn SDK { display-mode: "form" }\n%pip install zebracorn'),
            "metadata": form,
        },
        code("# Plain comments in a plain cell\n# are code as written"),
    )
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "colab.ipynb", pages)
    index(docs, index_dir)
    text = text_of(index_dir, "colab.ipynb")
    assert 'Licensed under the Apache License, Version 2.0 (the "License");' in text
    assert "WITHOUT WARRANTIES" not in text and "compliance" not in text
    assert "%pip install zebracorn" in text and "display-mode" in text  # the form's code, as written
    assert "# are code as written" in text
    assert found(index_dir, "warranties") == []
