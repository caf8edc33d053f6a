"""The results store's column blocks: a run's games as integer columns cut into blocks of games.

A stored run is a handful of integer fields: per game (``seed``, ``won``, ``cause``, ``turns``,
..., and how many objectives and non-zero per-zone counts the game has), per objective taken
(the objective's index, the turn) and per non-zero per-zone count (``what * zones + zone``, the
count). Each field is cut into blocks of :data:`BLOCK_GAMES` games (an entry field's block holds
the entries of the same games) and each block is written as bit-packed frame-of-reference
integers: the block's smallest value (``base``), and every value less that base as an unsigned
integer of ``width`` bits, the fewest that hold the block's spread (0 when every value of the
block is the same), packed one after the other from the lowest bit of the first byte on (value
``k`` holds bits ``k * width`` to ``(k + 1) * width - 1`` of the block, a byte's bit 0 first).
A spread wider than 32 bits (the seeds) takes 64 bits, whole bytes. That is what Parquet does
with its pages (frame of reference, then bit-packing), without the compression, so SQLite itself
can read a value back with ``substr`` (see :func:`value_sql`): the store's SQL views are built on
it.

Encoding and decoding are a few numpy operations per field, whatever the number of blocks.
Schema 4 stores kept whole bytes a value (:func:`decode_bytes` reads them, to migrate them).
"""

from __future__ import annotations

from typing import Iterator

import numpy as np

__all__ = ["BLOCK_GAMES", "BYTE_WIDTHS", "WIDTHS", "BlockError", "decode", "decode_bytes", "encode", "value_sql"]

BLOCK_GAMES = 128
"""Games per block. Small enough that a block of seeds (1 KiB) or of a game's per-zone entries
(2 to 4 KiB at 18 a game) stays on its page of the store without an overflow page, large enough
that a block's key and header cost a few percent of its packed values. (Measured for 100,000
games of Night Shift: 57.7 bytes a game at 128 games a block, 59.3 at 256 (a few blocks spill
onto overflow pages), 126.5 at 512.)"""

WIDTHS = (*range(33), 64)
"""The bit widths a block's values may have: 0 to 32 bits packed, or 64 bits (whole bytes)."""

BYTE_WIDTHS = (0, 1, 2, 4, 8)
"""The byte widths of schema 4's blocks (:func:`decode_bytes`)."""

_BYTES = bytes(range(256))
_ALL = np.uint64(0xFFFF_FFFF_FFFF_FFFF)


class BlockError(ValueError):
    """Stored blocks that do not describe a field (damaged or edited by hand)."""


def _width(span: np.ndarray) -> np.ndarray:
    """The bit width of each block: the bits of its spread, or 64 beyond 32 bits."""
    bits = np.zeros(len(span), np.int64)
    rest = span.copy()
    for step in (32, 16, 8, 4, 2, 1):  # the bit length of each spread, by halving
        big = rest >= (np.uint64(1) << np.uint64(step))
        bits[big] += step
        rest[big] >>= np.uint64(step)
    bits += (rest > 0)
    return np.where(bits > 32, 64, bits)


def data_size(count: np.ndarray | int, width: np.ndarray | int) -> np.ndarray | int:
    """The bytes of a block of ``count`` values of ``width`` bits."""
    return (count * width + 7) // 8


def encode(values: np.ndarray, bounds: np.ndarray) -> Iterator[tuple[int, int, int, int, bytes]]:
    """The blocks of one field: ``(block, count, width, base, data)`` for each slice
    ``values[bounds[b]:bounds[b + 1]]``, ``width`` in bits.

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
    width = _width(hi.astype(np.uint64) - lo.astype(np.uint64))
    rel = v[bounds[0]:bounds[-1]].astype(np.uint64) - np.repeat(lo, counts).astype(np.uint64)
    words = (counts * width + 63) // 64  # each block starts on a 64-bit word
    first = np.concatenate([[0], np.cumsum(words)])
    packed = np.zeros(int(first[-1]) + 1, np.uint64)
    each = np.repeat(width, counts)
    live = each > 0
    if live.any():
        k = np.arange(len(rel), dtype=np.int64) - np.repeat(bounds[:-1] - bounds[0], counts)
        bit = k * each
        word = np.repeat(first[:-1], counts) + (bit >> 6)
        shift = (bit & 63).astype(np.uint64)
        word, shift, part, w = word[live], shift[live], rel[live], each[live]
        # values never share bits, so or-ing a word's parts together packs them
        at = np.nonzero(np.diff(word, prepend=-1))[0]
        packed[word[at]] |= np.bitwise_or.reduceat(part << shift, at)
        spill = shift.astype(np.int64) + w > 64  # the high bits go into the next word (one value a word)
        if spill.any():
            packed[word[spill] + 1] |= part[spill] >> (np.uint64(64) - shift[spill])
    buffer = packed.astype("<u8").tobytes()
    size = data_size(counts, width)
    for b, (count, w, base, start, n) in enumerate(zip(counts.tolist(), width.tolist(), lo.tolist(),
                                                       (first[:-1] * 8).tolist(), size.tolist())):
        yield b, count, w, base, buffer[start:start + n]


def _checked(index: np.ndarray, count: np.ndarray, width: np.ndarray, data: list[bytes], counts: np.ndarray | None,
             name: str, widths: tuple[int, ...], unit: str, sizes_of: np.ndarray) -> np.ndarray:
    """The data's sizes, after checking the blocks' numbers, counts, widths and sizes."""
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
    bad = ~np.isin(width, widths)
    if bad.any():
        at = int(np.nonzero(bad)[0][0])
        allowed = "0 to 32 or 64" if widths is WIDTHS else f"one of {widths}"
        raise BlockError(f"{name}: block {at} has values of {int(width[at])} {unit}s (expected {allowed})")
    sizes = np.fromiter(map(len, data), dtype=np.int64, count=nb)
    wrong = sizes != sizes_of
    if wrong.any():
        at = int(np.nonzero(wrong)[0][0])
        w = int(width[at])
        raise BlockError(f"{name}: block {at} holds {int(sizes[at])} bytes where {int(count[at])} values of "
                         f"{w} {unit}{'' if w == 1 else 's'} take {int(sizes_of[at])}")
    return sizes


def decode(index: np.ndarray, count: np.ndarray, width: np.ndarray, base: np.ndarray, data: list[bytes],
           counts: np.ndarray | None = None, name: str = "a field") -> np.ndarray:
    """The values (int64) of one field from its blocks, given as columns: the blocks' numbers
    (``index``), value counts, bit widths, bases and data, in block order. ``counts``, when
    given, is how many values each block must hold.

    Raises :class:`BlockError` when the blocks are not 0, 1, 2, ... in order, a width is not one
    of :data:`WIDTHS`, a block's data is not the ``count * width`` bits rounded up to bytes, or a
    count differs from ``counts``."""
    index, count, width, base = (np.asarray(a, dtype=np.int64) for a in (index, count, width, base))
    _checked(index, count, width, data, counts, name, WIDTHS, "bit", data_size(count, width))
    out = np.repeat(base, count)
    if not (width > 0).any():
        return out
    words = (count * width + 63) // 64
    first = np.concatenate([[0], np.cumsum(words)])
    pad = (words * 8 - data_size(count, width)).tolist()
    # two spare words: a value reads its word and the next, and a 0-bit block at the end has none
    packed = np.frombuffer(b"".join(d + bytes(p) for d, p in zip(data, pad)) + bytes(16), dtype="<u8")
    each = np.repeat(width, count)
    k = np.arange(len(out), dtype=np.int64) - np.repeat(np.cumsum(count) - count, count)
    bit = k * each
    word = np.repeat(first[:-1], count) + (bit >> 6)
    shift = (bit & 63).astype(np.uint64)
    # the value's bits from its word and the next (the next word's part is shifted out when the
    # value does not cross into it), then masked to its width
    value = (packed[word] >> shift) | ((packed[word + 1] << np.uint64(1)) << (np.uint64(63) - shift))
    mask = np.where(each > 0, _ALL >> (64 - np.maximum(each, 1)).astype(np.uint64), np.uint64(0))
    flat = out.view(np.uint64)
    flat += value & mask
    return out


def decode_bytes(index: np.ndarray, count: np.ndarray, width: np.ndarray, base: np.ndarray, data: list[bytes],
                 counts: np.ndarray | None = None, name: str = "a field") -> np.ndarray:
    """The values of one field from schema 4's blocks, whose values were whole bytes (``width``
    0, 1, 2, 4 or 8 bytes a value, :data:`BYTE_WIDTHS`); the checks of :func:`decode`."""
    index, count, width, base = (np.asarray(a, dtype=np.int64) for a in (index, count, width, base))
    _checked(index, count, width, data, counts, name, BYTE_WIDTHS, "byte", count * width)
    out = np.repeat(base, count)
    if not (width > 0).any():
        return out
    each = np.repeat(width, count)
    flat = out.view(np.uint64)
    for w in BYTE_WIDTHS[1:]:
        mine = width == w
        if mine.all():
            flat += np.frombuffer(b"".join(data), dtype=f"<u{w}")
        elif mine.any():
            flat[each == w] += np.frombuffer(b"".join([d for d, m in zip(data, mine.tolist()) if m]), dtype=f"<u{w}")
    return out


def value_sql(block: str, position: str, byte_table: str = "k.b") -> str:
    """SQL for value ``position`` of the block row ``block`` (with its ``width``, ``base`` and
    ``data`` columns): the base plus the ``width`` bits at bit ``position * width`` of the data
    (a byte's bit 0 first), or the little-endian 8 bytes at ``position * 8`` for 64-bit blocks.
    A byte's value is its position in ``byte_table``, the 256 bytes 0x00..0xFF as a blob
    (``instr`` of one byte in it; past the data's end ``substr`` gives nothing, which reads as
    0), so no extension is needed. Only the bytes a value can touch are read: up to 5 for 32
    bits. Exact when the block's values span less than 2**63, as every field of a record does
    (seeds are below 2**63, counts small); SQLite's integers overflow beyond."""
    start = f"(({position}) * {block}.width / 8)"
    offset = f"(({position}) * {block}.width % 8)"

    def byte(at: str, j: int) -> str:
        b = f"(instr({byte_table}, substr({block}.data, {at} + {j + 1}, 1)) - 1)"
        return b if j == 0 else f"({b} << {8 * j})"

    def bits(n: int) -> str:
        joined = " + ".join(byte(start, j) for j in range(n))
        return f"((({joined}) >> {offset}) & ((1 << {block}.width) - 1))"

    # a value of w bits at a bit offset of up to 7 touches at most (w + 7 + 7) // 8 bytes
    cases = " ".join(f"WHEN {block}.width <= {8 * n - 7} THEN {bits(n)}" for n in range(1, 6))
    whole = " + ".join(byte(f"(({position}) * 8)", j) for j in range(8))
    return (f"({block}.base + CASE WHEN {block}.width = 0 THEN 0 {cases} "
            f"WHEN {block}.width = 64 THEN ({whole}) END)")


BYTES_SQL = "X'" + _BYTES.hex().upper() + "'"
"""The blob of the 256 byte values, for :func:`value_sql`."""
