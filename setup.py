"""Compiled parts of the engine; everything else is in pyproject.toml.

- the typed Python modules listed in ``TYPED`` (Cython's pure Python mode), compiled by Cython:
  the generator and the typed engine that plays batches (``designer/engine/typed/play.py``).
- the plain Python modules listed in ``ENGINE`` (the state, the board, the Python bots' helpers
  and view), compiled by Cython as they are written: their annotations stay documentation
  (``annotation_typing`` off), so the compiled modules keep Python's semantics exactly.

All are optional: where Cython or a C compiler is missing the package installs without them,
the modules run as plain Python (``DESIGNER_ENGINE=python`` runs them so even where they are
built) and every game is the same."""

from setuptools import Extension, setup

TYPED = ["designer/engine/rng.py", "designer/engine/typed/play.py", "designer/bench/kernel.py"]
ENGINE = ["designer/engine/state.py", "designer/engine/board.py", "designer/engine/policies.py",
          "designer/engine/view.py"]

ext_modules = []
try:
    from Cython.Build import cythonize
except ImportError:  # no Cython: the typed modules stay plain Python
    pass
else:
    def _extensions(paths):
        return [Extension(path[:-3].replace("/", "."), [path], optional=True) for path in paths]

    def _record_sources(paths):
        """Write ``designer/engine/_built.py``: a hash of each compiled engine module's source,
        so that a build older than its source is never used (``designer.engine.modes``)."""
        import hashlib
        from pathlib import Path

        here = Path(__file__).resolve().parent
        rows = {p[len("designer/engine/"):-3].replace("/", "."):
                hashlib.blake2b((here / p).read_bytes(), digest_size=16).hexdigest()
                for p in paths if p.startswith("designer/engine/")}
        body = "".join(f"    {k!r}: {v!r},\n" for k, v in sorted(rows.items()))
        (here / "designer" / "engine" / "_built.py").write_text(
            '"""Written by setup.py when it compiles the engine: the hash of each compiled module\'s source."""\n\n'
            f"SOURCES = {{\n{body}}}\n", encoding="utf-8")

    _record_sources(TYPED + ENGINE)
    ext_modules += cythonize(_extensions(TYPED), compiler_directives={"language_level": 3}, quiet=True)
    ext_modules += cythonize(_extensions(ENGINE), compiler_directives={"language_level": 3, "annotation_typing": False},
                             quiet=True)

setup(ext_modules=ext_modules)
