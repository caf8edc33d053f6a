"""Progress reporting for long runs: a tqdm bar (the notebook variant in Jupyter) and/or a
callback such as a notebook panel's progress bar."""

from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import Callable, Iterator

__all__ = ["ticker"]


@contextmanager
def ticker(total: int, desc: str, unit: str, show: bool, on_progress: Callable[[int], None] | None = None
           ) -> Iterator[Callable[[int], None]]:
    """Yield ``tick(k)``, to call with each chunk's count; closes the bar at the end."""
    bar = None
    if show:
        from tqdm.auto import tqdm

        bar = tqdm(total=total, unit=unit, file=sys.stderr, desc=desc)

    def tick(k: int) -> None:
        if bar is not None:
            bar.update(k)
        if on_progress is not None:
            on_progress(k)

    try:
        yield tick
    finally:
        if bar is not None:
            bar.close()
