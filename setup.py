"""The compiled engine core (designer/engine/_core.c); everything else is in pyproject.toml.

The extension is optional: where no C compiler is found the package installs without it and the
reference engine plays every game."""

from setuptools import Extension, setup

setup(ext_modules=[Extension("designer.engine._core", ["designer/engine/_core.c"],
                             extra_compile_args=["-O2", "-std=c99"], optional=True)])
