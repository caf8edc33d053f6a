"""Compiled parts of the engine; everything else is in pyproject.toml.

- ``designer/engine/_core.c``: the compiled core that plays batches.
- the typed Python modules listed in ``TYPED`` (Cython's pure Python mode), compiled by Cython.

Both are optional: where Cython or a C compiler is missing the package installs without them,
the typed modules run as plain Python and the reference engine plays every game."""

from setuptools import Extension, setup

TYPED = ["designer/engine/rng.py", "designer/bench/kernel.py"]

ext_modules = [Extension("designer.engine._core", ["designer/engine/_core.c"],
                         extra_compile_args=["-O2", "-std=c99"], optional=True)]
try:
    from Cython.Build import cythonize
except ImportError:  # no Cython: the typed modules stay plain Python
    pass
else:
    typed = [Extension(path[:-3].replace("/", "."), [path], optional=True) for path in TYPED]
    ext_modules += cythonize(typed, compiler_directives={"language_level": 3}, quiet=True)

setup(ext_modules=ext_modules)
