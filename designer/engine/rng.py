"""The game's random generator: CPython's ``random.Random`` (MT19937), drawn exactly as
``random.Random(seed)`` draws, in typed Python that Cython compiles.

``Twister(seed)`` gives the same numbers as ``random.Random(seed)`` for a seed ``0 <= seed <
2**64``: :meth:`Twister.randbelow` is ``Random._randbelow`` (``getrandbits(k)`` with rejection),
:meth:`Twister.randrange` and :meth:`Twister.randint` are built on it as CPython builds them, and
:meth:`Twister.shuffle` is ``Random.shuffle``. Seeding starts from the state after
``init_genrand(19650218)`` (computed once at import) and runs ``init_by_array``'s two passes;
:meth:`Twister.seed4` seeds four generators at once (a batch's games). Interpreted, every operation is masked to 32 bits; compiled, the same code
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
        is the general form.

        ``init_by_array``'s two passes as straight loops: the first pass writes words 1-623
        from the base state (the key word added alternates with the word's parity: ``key[j] +
        j`` for ``j = (i - 1) % n_key``), wraps (word 0 takes word 623) and writes word 1 once
        more; the second pass writes words 2-623, wraps and writes word 1 again. The same
        words in the same order as the general form, without its per-word index tests. Each
        word depends on the one before: seeding is one chain of 1,247 dependent steps
        (:meth:`seed4` runs four chains side by side)."""
        i: cython.int
        prev: cython.uint
        k_odd: cython.uint
        k_even: cython.uint
        m1: cython.uint = 1664525
        m2: cython.uint = 1566083941
        base: Twister = _BASE
        n: cython.int = MT_N  # a local: a store into the state cannot change it (a module
        # variable is reloaded after every store, since the C compiler must assume aliasing)
        k_odd = seed & _MASK
        k_even = ((seed >> 32) + 1) & _MASK if seed >> 32 else k_odd
        prev = base.mt[0]
        self.mt[0] = prev
        # compiled, C unsigned arithmetic wraps at 32 bits; interpreted, every step is masked
        for i in range(1, n):
            if cython.compiled:
                prev = (base.mt[i] ^ ((prev ^ (prev >> 30)) * m1)) + (k_odd if i & 1 else k_even)
            else:
                prev = ((base.mt[i] ^ (((prev ^ (prev >> 30)) * m1) & _MASK)) + (k_odd if i & 1 else k_even)) & _MASK
            self.mt[i] = prev
        self.mt[0] = prev
        if cython.compiled:
            prev = (self.mt[1] ^ ((prev ^ (prev >> 30)) * m1)) + k_even
        else:
            prev = ((self.mt[1] ^ (((prev ^ (prev >> 30)) * m1) & _MASK)) + k_even) & _MASK
        self.mt[1] = prev
        for i in range(2, n):
            if cython.compiled:
                prev = (self.mt[i] ^ ((prev ^ (prev >> 30)) * m2)) - cython.cast(cython.uint, i)
            else:
                prev = ((self.mt[i] ^ (((prev ^ (prev >> 30)) * m2) & _MASK)) - i) & _MASK
            self.mt[i] = prev
        self.mt[0] = prev
        if cython.compiled:
            self.mt[1] = (self.mt[1] ^ ((prev ^ (prev >> 30)) * m2)) - cython.cast(cython.uint, 1)
        else:
            self.mt[1] = ((self.mt[1] ^ (((prev ^ (prev >> 30)) * m2) & _MASK)) - 1) & _MASK
        self.mt[0] = _UPPER
        self.mti = n

    @cython.ccall
    @cython.boundscheck(False)
    @cython.wraparound(False)
    def seed4(self, s0: cython.ulonglong, b: Twister, s1: cython.ulonglong, c: Twister, s2: cython.ulonglong,
              d: Twister, s3: cython.ulonglong) -> cython.void:
        """:meth:`seed` of four generators at once (this one with ``s0``, ``b`` with ``s1``,
        ``c`` with ``s2``, ``d`` with ``s3``; four distinct generators): the same words, the
        four dependent chains interleaved in one loop, so that the processor runs them side by
        side (seeding four costs about what seeding one does). Interpreted, four :meth:`seed`."""
        if not cython.compiled:
            self.seed(s0)
            b.seed(s1)
            c.seed(s2)
            d.seed(s3)
            return
        i: cython.int
        n: cython.int = MT_N
        m1: cython.uint = 1664525
        m2: cython.uint = 1566083941
        pa: cython.p_uint = self.mt
        pb: cython.p_uint = b.mt
        pc: cython.p_uint = c.mt
        pd: cython.p_uint = d.mt
        base: Twister = _BASE
        q: cython.p_uint = base.mt
        oa: cython.uint = s0 & _MASK  # the words added at odd and at even indices (see seed)
        ob: cython.uint = s1 & _MASK
        oc: cython.uint = s2 & _MASK
        od: cython.uint = s3 & _MASK
        ea: cython.uint = ((s0 >> 32) + 1) & _MASK if s0 >> 32 else oa
        eb: cython.uint = ((s1 >> 32) + 1) & _MASK if s1 >> 32 else ob
        ec: cython.uint = ((s2 >> 32) + 1) & _MASK if s2 >> 32 else oc
        ed: cython.uint = ((s3 >> 32) + 1) & _MASK if s3 >> 32 else od
        a_: cython.uint = q[0]
        b_: cython.uint = q[0]
        c_: cython.uint = q[0]
        d_: cython.uint = q[0]
        w: cython.uint
        for i in range(1, n):
            w = q[i]
            if i & 1:
                a_ = (w ^ ((a_ ^ (a_ >> 30)) * m1)) + oa
                b_ = (w ^ ((b_ ^ (b_ >> 30)) * m1)) + ob
                c_ = (w ^ ((c_ ^ (c_ >> 30)) * m1)) + oc
                d_ = (w ^ ((d_ ^ (d_ >> 30)) * m1)) + od
            else:
                a_ = (w ^ ((a_ ^ (a_ >> 30)) * m1)) + ea
                b_ = (w ^ ((b_ ^ (b_ >> 30)) * m1)) + eb
                c_ = (w ^ ((c_ ^ (c_ >> 30)) * m1)) + ec
                d_ = (w ^ ((d_ ^ (d_ >> 30)) * m1)) + ed
            pa[i] = a_
            pb[i] = b_
            pc[i] = c_
            pd[i] = d_
        pa[0] = a_
        pb[0] = b_
        pc[0] = c_
        pd[0] = d_
        a_ = (pa[1] ^ ((a_ ^ (a_ >> 30)) * m1)) + ea
        b_ = (pb[1] ^ ((b_ ^ (b_ >> 30)) * m1)) + eb
        c_ = (pc[1] ^ ((c_ ^ (c_ >> 30)) * m1)) + ec
        d_ = (pd[1] ^ ((d_ ^ (d_ >> 30)) * m1)) + ed
        pa[1] = a_
        pb[1] = b_
        pc[1] = c_
        pd[1] = d_
        for i in range(2, n):
            a_ = (pa[i] ^ ((a_ ^ (a_ >> 30)) * m2)) - cython.cast(cython.uint, i)
            b_ = (pb[i] ^ ((b_ ^ (b_ >> 30)) * m2)) - cython.cast(cython.uint, i)
            c_ = (pc[i] ^ ((c_ ^ (c_ >> 30)) * m2)) - cython.cast(cython.uint, i)
            d_ = (pd[i] ^ ((d_ ^ (d_ >> 30)) * m2)) - cython.cast(cython.uint, i)
            pa[i] = a_
            pb[i] = b_
            pc[i] = c_
            pd[i] = d_
        pa[1] = (pa[1] ^ ((a_ ^ (a_ >> 30)) * m2)) - cython.cast(cython.uint, 1)
        pb[1] = (pb[1] ^ ((b_ ^ (b_ >> 30)) * m2)) - cython.cast(cython.uint, 1)
        pc[1] = (pc[1] ^ ((c_ ^ (c_ >> 30)) * m2)) - cython.cast(cython.uint, 1)
        pd[1] = (pd[1] ^ ((d_ ^ (d_ >> 30)) * m2)) - cython.cast(cython.uint, 1)
        pa[0] = _UPPER
        pb[0] = _UPPER
        pc[0] = _UPPER
        pd[0] = _UPPER
        self.mti = n
        b.mti = n
        c.mti = n
        d.mti = n

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

    @cython.ccall
    def copy_from(self, other: Twister) -> cython.void:
        """Put this generator in ``other``'s state."""
        i: cython.int
        for i in range(MT_N):
            self.mt[i] = other.mt[i]
        self.mti = other.mti

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
    least any engine on this generator spends per game (the benchmark's floor). The games are
    seeded four at a time (:meth:`Twister.seed4`), as the typed engine's batches seed them."""
    total: cython.longlong = 0
    g: cython.int = 0
    k: cython.int
    j: cython.int
    r: Twister
    four = [Twister(0), Twister(0), Twister(0), Twister(0)]
    a: Twister = four[0]
    b: Twister = four[1]
    c: Twister = four[2]
    d: Twister = four[3]
    while g < games:
        if g + 4 <= games:
            a.seed4(g, b, g + 1, c, g + 2, d, g + 3)
        for j in range(4 if g + 4 <= games else games - g):
            r = four[j]
            if g + 4 > games:
                r.seed(g + j)
            for k in range(per_game):
                total += r.randbelow(6)
        g += 4
    return total
