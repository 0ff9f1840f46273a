"""Progress of a run on stderr: a live bar on a terminal, a plain line every tenth of the way otherwise."""

from __future__ import annotations

import sys
import time
from typing import TextIO

BAR_WIDTH = 28


class ProgressDisplay:
    def __init__(self, stream: TextIO = sys.stderr, live: bool | None = None, unit: str = "files") -> None:
        self._unit = unit
        self._stream = stream
        self._live = stream.isatty() if live is None else live
        self._started = time.monotonic()
        self._last_draw = 0.0
        self._last_tenth = 0
        self._drawn = False

    def __call__(self, done: int, total: int, bytes_done: int = 0) -> None:
        now = time.monotonic()
        if self._live:
            if done < total and now - self._last_draw < 0.1:
                return
            self._last_draw = now
            self._stream.write("\r" + self.line(done, total, bytes_done, now) + "\x1b[K")
            self._drawn = True
            self._stream.flush()
        elif total >= 100 and done * 10 // total > self._last_tenth:
            self._last_tenth = done * 10 // total
            self._stream.write(self.line(done, total, bytes_done, now) + "\n")

    def line(self, done: int, total: int, bytes_done: int, now: float) -> str:
        elapsed = max(now - self._started, 1e-6)
        rate = done / elapsed
        left = (total - done) / rate if rate > 0 else 0.0
        filled = BAR_WIDTH * done // max(total, 1)
        bar = "#" * filled + "-" * (BAR_WIDTH - filled)
        speed = f"{rate:,.0f} {self._unit}/s" if rate >= 10 else f"{rate:,.1f} {self._unit}/s"
        if self._unit == "files":
            speed += f"  {bytes_done / 1e6 / elapsed:.1f} MB/s"
        return f"[{bar}] {done:,}/{total:,} {self._unit}  {speed}  {_clock(left)} left"

    def close(self) -> None:
        if self._drawn:
            self._stream.write("\n")
            self._stream.flush()


def _clock(seconds: float) -> str:
    minutes, secs = divmod(int(seconds + 0.5), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
