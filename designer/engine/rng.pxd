# The generator's C interface, for the typed modules that draw from it (``cimport``).

cimport cython


@cython.final
cdef class Twister:
    cdef unsigned int mt[624]
    cdef int mti
    cdef void _init_genrand(self, unsigned int s)
    cpdef void seed(self, unsigned long long seed)
    cdef void _seed_words(self, unsigned int key0, unsigned int key1, object more, int n_key)
    cpdef unsigned int next32(self) noexcept
    cpdef int randbelow(self, int n) except? -1
    cpdef int randrange(self, int n) except? -1
    cpdef int randint(self, int a, int b)
