"""A code cell's outputs as Jupyter shows them, not as a program wrote them: carriage returns overwrite the line
they return to, and a progress bar (tqdm's `label: 13%|█▎ | 13/100 [00:01<00:04, 17.9it/s]`) shows only its latest
frame.

A notebook keeps what was written: tqdm redraws its bar with `\\r`, and JupyterLab or VS Code save each redraw as
a stream output of its own, between the lines the loop prints. Read as text, one evaluation loop gave a notebook
hundreds of frames (422 in one cookbook guide): pages of bars that a reader of the page never sees, in every
passage and fetch of that cell. Kept: the last frame of each bar in a cell, and every finished (100%) frame, so
the end of each run stays where it was.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["shown_outputs"]

# tqdm's meter: a percentage, the bar between pipes, then "n/total [elapsed<left, rate]". Every repeat is bounded,
# and a match can only start at a digit before "%|", so a long line costs a constant per character.
_METER = re.compile(r"(\d{1,3})%\|[^|\n]{0,200}\|[^\[\n]{0,80}\[[^\]\n]{0,120}\]")


def shown_outputs(texts: Iterable[str]) -> list[str]:
    """One cell's output texts, in order, each as Jupyter shows it (see the module docstring): one for each, ""
    for one that shows nothing."""
    outputs = [[_overwritten(line) for line in text.split("\n")] for text in texts]
    frames = [(o, i, _meter_label(line)) for o, lines in enumerate(outputs) for i, line in enumerate(lines)]
    last: dict[str, tuple[int, int]] = {}
    for o, i, label in frames:
        if label is not None:
            last[label] = (o, i)
    dropped = {
        (o, i) for o, i, label in frames if label is not None and last[label] != (o, i) and not _finished(outputs[o][i])
    }
    kept = ["\n".join(line for i, line in enumerate(lines) if (o, i) not in dropped) for o, lines in enumerate(outputs)]
    return [text if text.strip() else "" for text in kept]


def _overwritten(line: str) -> str:
    """A line as a terminal leaves it: each carriage return starts writing again at its start, over what was there
    (Jupyter's fixCarriageReturn); one at the line's end (Windows' \\r\\n) overwrites nothing."""
    parts = line.rstrip("\r").split("\r")
    shown = parts[-1]
    for part in reversed(parts[:-1]):
        if len(part) > len(shown):
            shown += part[len(shown) :]
    return shown


def _meter_label(line: str) -> str | None:
    """The label before a progress bar's meter ("Evaluating retrieval"), or None when the line has no meter."""
    meter = _METER.search(line)
    return line[: meter.start()].rstrip(" :") if meter else None


def _finished(line: str) -> bool:
    meter = _METER.search(line)
    return meter is not None and meter.group(1) == "100"
