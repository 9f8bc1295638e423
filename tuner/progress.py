"""A one-line progress bar on stderr for long runs (no dependency needed)."""
from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    def __init__(self, total: int, label: str = "", stream: TextIO | None = None, width: int = 30) -> None:
        self.total, self.label, self.width = max(1, total), label, width
        self.stream = stream if stream is not None else sys.stderr
        self.start = time.perf_counter()
        self._last_draw = 0.0
        self._last_width = 0

    def update(self, done: int) -> None:
        now = time.perf_counter()
        if done < self.total and now - self._last_draw < 0.1:
            return
        self._last_draw = now
        filled = round(self.width * done / self.total)
        rate = done / max(now - self.start, 1e-9)
        eta = (self.total - done) / rate if rate > 0 else 0.0
        bar = "#" * filled + "-" * (self.width - filled)
        line = f"{self.label} [{bar}] {done}/{self.total}  {rate:,.0f}/s  eta {eta:4.0f} s"
        self.stream.write(f"\r{line}{' ' * (self._last_width - len(line))}")  # blanks over a longer last line
        self._last_width = len(line)
        if done >= self.total:
            self.stream.write("\n")
        self.stream.flush()
