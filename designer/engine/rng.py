"""The game's random generator: CPython's ``random.Random`` (MT19937), drawn exactly as
``random.Random(seed)`` draws, in typed Python that Cython compiles.

``Twister(seed)`` gives the same numbers as ``random.Random(seed)`` for a seed ``0 <= seed <
2**64``: :meth:`Twister.randbelow` is ``Random._randbelow`` (``getrandbits(k)`` with rejection),
:meth:`Twister.randrange` and :meth:`Twister.randint` are built on it as CPython builds them, and
:meth:`Twister.shuffle` is ``Random.shuffle``. Seeding copies the state after
``init_genrand(19650218)`` (computed once at import) and runs the second half of
``init_by_array``. Interpreted, every operation is masked to 32 bits; compiled, the same code
works on C ``unsigned int``.
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # installed without Cython: the same code runs as plain Python
    from . import _cyshim as cython

from array import array

__all__ = ["MT_N", "Twister", "seed_and_draw"]

MT_N = cython.declare(cython.int, 624)
_M = cython.declare(cython.int, 397)
_MASK = cython.declare(cython.uint, 0xFFFFFFFF)
_UPPER = cython.declare(cython.uint, 0x80000000)
_LOWER = cython.declare(cython.uint, 0x7FFFFFFF)
_MATRIX = cython.declare(cython.uint, 0x9908B0DF)
_TEMPER_B = cython.declare(cython.uint, 0x9D2C5680)
_TEMPER_C = cython.declare(cython.uint, 0xEFC60000)


@cython.final
@cython.cclass
class Twister:
    """MT19937 seeded and drawn as ``random.Random`` is."""

    mt: cython.uint[624]
    mti: cython.int

    def __init__(self, seed=0):
        if not cython.compiled:
            self.mt = array("I", bytes(4 * MT_N))
        if _BASE is None:  # the first generator, made at import: the base state itself
            self._init_genrand(19650218)
        elif 0 <= seed < 2**64:
            self.seed(seed)
        else:
            self.seed_int(seed)

    @cython.cfunc
    @cython.boundscheck(False)
    @cython.wraparound(False)
    def _init_genrand(self, s: cython.uint) -> cython.void:
        i: cython.int
        prev: cython.uint
        self.mt[0] = s
        for i in range(1, MT_N):
            prev = self.mt[i - 1]
            self.mt[i] = (1812433253 * (prev ^ (prev >> 30)) + i) & _MASK
        self.mti = MT_N

    def seed_int(self, seed) -> None:
        """``random.seed(seed)`` for any Python integer (``random.Random`` seeds with its absolute
        value, cut into 32-bit words, lowest first)."""
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"a game seed is a whole number, got {seed!r}")
        seed = abs(seed)
        words = []
        while True:
            words.append(seed & 0xFFFFFFFF)
            seed >>= 32
            if not seed:
                break
        words.append(0)
        self._seed_words(words[0], words[1], words[2:], len(words) - 1)

    @cython.ccall
    @cython.boundscheck(False)
    @cython.wraparound(False)
    def seed(self, seed: cython.ulonglong) -> cython.void:
        """``random.seed(seed)`` for ``0 <= seed < 2**64``: ``init_by_array`` of its one or
        two 32-bit words, written out for that case (the games' seeds); :meth:`_seed_words`
        is the general form."""
        key: cython.uint[2]
        i: cython.int
        j: cython.int = 0
        k: cython.int
        n_key: cython.int
        prev: cython.uint
        x: cython.uint
        base: Twister = _BASE
        n: cython.int = MT_N  # a local: a store into the state cannot change it (a module
        # variable is reloaded after every store, since the C compiler must assume aliasing)
        if not cython.compiled:
            key = [0, 0]
        key[0] = seed & _MASK
        key[1] = (seed >> 32) & _MASK
        n_key = 2 if key[1] else 1
        for i in range(n):
            self.mt[i] = base.mt[i]
        i = 1
        for k in range(n, 0, -1):
            prev = self.mt[i - 1]
            x = (prev ^ (prev >> 30)) * cython.cast(cython.uint, 1664525)
            if cython.compiled:  # C unsigned arithmetic wraps at 32 bits
                self.mt[i] = (self.mt[i] ^ x) + key[j] + cython.cast(cython.uint, j)
            else:
                self.mt[i] = ((self.mt[i] ^ (x & _MASK)) + key[j] + j) & _MASK
            i += 1
            j += 1
            if i >= n:
                self.mt[0] = self.mt[n - 1]
                i = 1
            if j >= n_key:
                j = 0
        for k in range(n - 1, 0, -1):
            prev = self.mt[i - 1]
            x = (prev ^ (prev >> 30)) * cython.cast(cython.uint, 1566083941)
            if cython.compiled:
                self.mt[i] = (self.mt[i] ^ x) - cython.cast(cython.uint, i)
            else:
                self.mt[i] = ((self.mt[i] ^ (x & _MASK)) - i) & _MASK
            i += 1
            if i >= n:
                self.mt[0] = self.mt[n - 1]
                i = 1
        self.mt[0] = _UPPER
        self.mti = n

    @cython.cfunc
    @cython.boundscheck(False)
    @cython.wraparound(False)
    def _seed_words(self, key0: cython.uint, key1: cython.uint, more: object, n_key: cython.int) -> cython.void:
        """``init_by_array`` of the key words ``key0, key1, *more`` (``n_key`` of them) from
        the base state."""
        i: cython.int
        j: cython.int = 0
        k: cython.int
        prev: cython.uint
        key: cython.uint
        base: Twister = _BASE
        for i in range(MT_N):
            self.mt[i] = base.mt[i]
        i = 1
        for k in range(max(MT_N, n_key), 0, -1):
            prev = self.mt[i - 1]
            key = key0 if j == 0 else key1 if j == 1 else more[j - 2]
            self.mt[i] = ((self.mt[i] ^ (((prev ^ (prev >> 30)) * 1664525) & _MASK)) + key + j) & _MASK
            i += 1
            j += 1
            if i >= MT_N:
                self.mt[0] = self.mt[MT_N - 1]
                i = 1
            if j >= n_key:
                j = 0
        for k in range(MT_N - 1, 0, -1):
            prev = self.mt[i - 1]
            self.mt[i] = ((self.mt[i] ^ (((prev ^ (prev >> 30)) * 1566083941) & _MASK)) - i) & _MASK
            i += 1
            if i >= MT_N:
                self.mt[0] = self.mt[MT_N - 1]
                i = 1
        self.mt[0] = _UPPER
        self.mti = MT_N

    @cython.ccall
    @cython.exceptval(check=False)
    @cython.boundscheck(False)
    @cython.wraparound(False)
    def next32(self) -> cython.uint:
        """The next 32 random bits (``genrand_uint32``).

        The state is twisted one word at a time, as each word is drawn, instead of all 624 words
        at the first draw after seeding and after every 624th: the words are computed by the
        same formulas in the same order (word ``kk`` reads words ``kk + 1`` and ``kk + 397``,
        still untwisted, and, from ``kk = 227`` on, words already twisted, as the in-place
        twist does), so the numbers are CPython's. A game draws a few dozen numbers: it pays
        for those, not for 624 words. ``mti`` counts the words twisted and drawn."""
        y: cython.uint
        kk: cython.int = self.mti
        # the constants as locals (registers): module variables are reloaded after every store
        n: cython.int = MT_N
        m: cython.int = _M
        upper: cython.uint = _UPPER
        lower: cython.uint = _LOWER
        matrix: cython.uint = _MATRIX
        if kk >= n:
            kk = 0
        if kk < n - m:
            y = (self.mt[kk] & upper) | (self.mt[kk + 1] & lower)
            y = self.mt[kk + m] ^ (y >> 1) ^ (matrix if y & 1 else 0)
        elif kk < n - 1:
            y = (self.mt[kk] & upper) | (self.mt[kk + 1] & lower)
            y = self.mt[kk + (m - n)] ^ (y >> 1) ^ (matrix if y & 1 else 0)
        else:
            y = (self.mt[n - 1] & upper) | (self.mt[0] & lower)
            y = self.mt[m - 1] ^ (y >> 1) ^ (matrix if y & 1 else 0)
        self.mt[kk] = y
        self.mti = kk + 1
        y ^= y >> 11
        y ^= (y << 7) & _TEMPER_B
        y ^= (y << 15) & _TEMPER_C
        y ^= y >> 18
        return y

    @cython.ccall
    @cython.exceptval(-1, check=True)
    def randbelow(self, n: cython.int) -> cython.int:
        """``Random._randbelow(n)`` for ``0 < n < 2**31``."""
        if n <= 0:
            raise ValueError("empty range for randrange()")
        k: cython.int = 0
        v: cython.uint = n
        x: cython.uint
        while v:
            k += 1
            v >>= 1
        x = self.next32() >> (32 - k)
        while x >= n:
            x = self.next32() >> (32 - k)
        return x

    @cython.ccall
    @cython.exceptval(-1, check=True)
    def randrange(self, n: cython.int) -> cython.int:
        """``Random.randrange(n)``."""
        return self.randbelow(n)

    @cython.ccall
    def randint(self, a: cython.int, b: cython.int) -> cython.int:
        """``Random.randint(a, b)``."""
        return a + self.randbelow(b - a + 1)

    def random(self) -> float:
        """``Random.random()``: a float in [0, 1) from 53 random bits."""
        a: cython.uint = self.next32() >> 5
        b: cython.uint = self.next32() >> 6
        return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)

    def choice(self, seq):
        """``Random.choice(seq)``."""
        return seq[self.randbelow(len(seq))]

    def copy(self) -> "Twister":
        """An independent generator in the same state."""
        c: Twister = Twister(0)
        i: cython.int
        for i in range(MT_N):
            c.mt[i] = self.mt[i]
        c.mti = self.mti
        return c

    def shuffle(self, x: list) -> None:
        """``Random.shuffle(x)`` in place."""
        i: cython.int
        j: cython.int
        for i in range(len(x) - 1, 0, -1):
            j = self.randbelow(i + 1)
            x[i], x[j] = x[j], x[i]


_BASE = cython.declare(Twister, None)
_BASE = Twister(0)
"""The state after ``init_genrand(19650218)``, where every ``init_by_array`` starts."""


def seed_and_draw(games: cython.int, per_game: cython.int) -> cython.longlong:
    """Seed a generator for each of ``games`` games and draw ``per_game`` dice from it: the
    least any engine on this generator spends per game (the benchmark's floor)."""
    total: cython.longlong = 0
    g: cython.int
    k: cython.int
    r: Twister = Twister(0)
    for g in range(games):
        r.seed(g)
        for k in range(per_game):
            total += r.randbelow(6)
    return total
