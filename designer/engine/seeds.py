"""Game seeds of a run: game ``i`` of a run with base seed ``S`` plays with ``game_seed(S, i)``."""

from __future__ import annotations

import hashlib

__all__ = ["game_seed"]


def game_seed(base_seed: int, index: int | str) -> int:
    """The seed of game ``index`` of a run with ``base_seed`` (stable on every machine): the
    first 8 bytes of BLAKE2b of ``"<base_seed>:<index>"``, read big-endian, shifted right once
    (below 2**63)."""
    digest = hashlib.blake2b(f"{base_seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1
