"""The results store's column blocks: a run's games as integer columns cut into blocks of games.

A stored run is a handful of integer fields: per game (``seed``, ``won``, ``cause``, ``turns``,
..., and how many objectives and non-zero per-zone counts the game has), per objective taken
(the objective's index, the turn) and per non-zero per-zone count (``what * zones + zone``, the
count). Each field is cut into blocks of :data:`BLOCK_GAMES` games (an entry field's block holds
the entries of the same games) and each block is written as frame-of-reference integers: the
block's smallest value (``base``), and every value less that base as an unsigned little-endian
integer of ``width`` bytes, the fewest of 0, 1, 2, 4 or 8 that hold the block's spread (0 when
every value of the block is the same). That is what Parquet does with its pages, without the
compression, so SQLite itself can read a value back with ``substr`` (see
:func:`value_sql`): the store's SQL views are built on it.

Encoding and decoding are a few numpy operations per field, whatever the number of blocks.
"""

from __future__ import annotations

from typing import Iterator

import numpy as np

__all__ = ["BLOCK_GAMES", "WIDTHS", "BlockError", "decode", "encode", "value_sql"]

BLOCK_GAMES = 128
"""Games per block. Small enough that SQLite reads one value of a block without copying much
(a block of seeds is 1 KiB), large enough that a block's key and header cost a few percent."""

WIDTHS = (0, 1, 2, 4, 8)
"""The byte widths a block's values may have."""

_BYTES = bytes(range(256))


class BlockError(ValueError):
    """Stored blocks that do not describe a field (damaged or edited by hand)."""


def encode(values: np.ndarray, bounds: np.ndarray) -> Iterator[tuple[int, int, int, int, bytes]]:
    """The blocks of one field: ``(block, count, width, base, data)`` for each slice
    ``values[bounds[b]:bounds[b + 1]]``.

    ``values`` are integers in [-2**63, 2**63); a block whose spread needs more than 63 bits is
    still exact (the offsets are taken modulo 2**64)."""
    v = np.asarray(values, dtype=np.int64)
    bounds = np.asarray(bounds, dtype=np.int64)
    counts = np.diff(bounds)
    nb = len(counts)
    lo = np.zeros(nb, np.int64)
    hi = np.zeros(nb, np.int64)
    full = np.nonzero(counts > 0)[0]
    if len(full):
        starts = bounds[:-1][full]
        lo[full] = np.minimum.reduceat(v, starts)
        hi[full] = np.maximum.reduceat(v, starts)
    span = hi.astype(np.uint64) - lo.astype(np.uint64)
    width = np.select([span == 0, span < 2**8, span < 2**16, span < 2**32], [0, 1, 2, 4], 8).astype(np.int64)
    rel = v.astype(np.uint64) - np.repeat(lo, counts).astype(np.uint64)
    each = np.repeat(width, counts)
    buffers = {w: rel[each == w].astype(f"<u{w}").tobytes() for w in WIDTHS[1:] if (width == w).any()}
    at = dict.fromkeys(buffers, 0)
    for b, (count, w, base) in enumerate(zip(counts.tolist(), width.tolist(), lo.tolist())):
        if w:
            size = count * w
            data = buffers[w][at[w]:at[w] + size]
            at[w] += size
        else:
            data = b""
        yield b, count, w, base, data


def decode(index: np.ndarray, count: np.ndarray, width: np.ndarray, base: np.ndarray, data: list[bytes],
           counts: np.ndarray | None = None, name: str = "a field") -> np.ndarray:
    """The values (int64) of one field from its blocks, given as columns: the blocks' numbers
    (``index``), value counts, widths, bases and data, in block order. ``counts``, when given, is
    how many values each block must hold.

    Raises :class:`BlockError` when the blocks are not 0, 1, 2, ... in order, a width is not one
    of :data:`WIDTHS`, a block's data is not ``count * width`` bytes, or a count differs from
    ``counts``."""
    nb = len(index)
    if (index != np.arange(nb)).any():
        missing = sorted(set(range(nb)) - set(index.tolist()))
        raise BlockError(f"{name}: blocks {index.tolist()[:5]}... where 0..{nb - 1} were expected"
                         + (f" (block {missing[0]} is missing)" if missing else ""))
    if counts is not None:
        if len(counts) != nb:
            raise BlockError(f"{name}: {nb} blocks where {len(counts)} were expected")
        if (count != counts).any():
            at = int(np.nonzero(count != counts)[0][0])
            raise BlockError(f"{name}: block {at} holds {int(count[at])} values where {int(counts[at])} "
                             "were expected")
    if (count < 0).any():
        raise BlockError(f"{name}: a block holds a negative number of values")
    bad = ~np.isin(width, WIDTHS)
    if bad.any():
        at = int(np.nonzero(bad)[0][0])
        raise BlockError(f"{name}: block {at} has values of {int(width[at])} bytes (expected one of {WIDTHS})")
    sizes = np.fromiter(map(len, data), dtype=np.int64, count=nb)
    wrong = sizes != count * width
    if wrong.any():
        at = int(np.nonzero(wrong)[0][0])
        raise BlockError(f"{name}: block {at} holds {int(sizes[at])} bytes where {int(count[at])} values of "
                         f"{int(width[at])} byte{'' if width[at] == 1 else 's'} were expected")
    out = np.repeat(base, count)
    if not (width > 0).any():
        return out
    each = np.repeat(width, count)
    flat = out.view(np.uint64)
    for w in WIDTHS[1:]:
        mine = width == w
        if mine.all():
            flat += np.frombuffer(b"".join(data), dtype=f"<u{w}")
        elif mine.any():
            flat[each == w] += np.frombuffer(b"".join([d for d, m in zip(data, mine.tolist()) if m]), dtype=f"<u{w}")
    return out


def value_sql(block: str, position: str, byte_table: str = "k.b") -> str:
    """SQL for value ``position`` of the block row ``block`` (with its ``width``, ``base`` and
    ``data`` columns): the base plus the little-endian integer of ``width`` bytes at
    ``position * width``. A byte's value is its position in ``byte_table``, the 256 bytes
    0x00..0xFF as a blob (``instr`` of one byte in it), so no extension is needed. Exact when
    the block's values span less than 2**63, as every field of a record does (seeds are below
    2**63, counts small); SQLite's integers overflow beyond."""

    def byte(j: int) -> str:
        b = f"(instr({byte_table}, substr({block}.data, {position} * {block}.width + {j + 1}, 1)) - 1)"
        return b if j == 0 else f"({b} << {8 * j})"

    cases = " ".join(f"WHEN {w} THEN {' + '.join(byte(j) for j in range(w))}" for w in WIDTHS[1:])
    return f"({block}.base + CASE {block}.width WHEN 0 THEN 0 {cases} END)"


BYTES_SQL = "X'" + _BYTES.hex().upper() + "'"
"""The blob of the 256 byte values, for :func:`value_sql`."""
