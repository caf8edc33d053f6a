# The generator's C interface, for the typed modules that draw from it (``cimport``).

cimport cython


@cython.final
cdef class Twister:
    cdef unsigned int mt[624]
    cdef int mti
    cdef void _init_genrand(self, unsigned int s)
    cpdef void seed(self, unsigned long long seed)
    cpdef void seed4(self, unsigned long long s0, Twister b, unsigned long long s1, Twister c,
                     unsigned long long s2, Twister d, unsigned long long s3)
    cdef void _seed_words(self, unsigned int key0, unsigned int key1, object more, int n_key)
    cpdef unsigned int next32(self) noexcept
    cpdef void copy_from(self, Twister other)
    cpdef int randbelow(self, int n) except? -1
    cpdef int randrange(self, int n) except? -1
    cpdef int randint(self, int a, int b)
