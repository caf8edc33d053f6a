"""The few names of Cython's pure Python mode the engine uses, as no-ops.

Used when ``import cython`` is not available at run time (the package installed without Cython):
the typed modules then run as plain Python, with the same results."""

from __future__ import annotations

import builtins

__all__ = ["boundscheck", "cast", "cclass", "cfunc", "ccall", "compiled", "declare", "exceptval", "final", "inline",
           "locals",
           "wraparound", "int", "uint", "longlong", "ulonglong", "bint", "double", "Py_ssize_t", "void"]

compiled = False


def _passthrough(*args, **kwargs):
    if len(args) == 1 and callable(args[0]) and not kwargs:
        return args[0]
    return lambda f: f


cclass = cfunc = ccall = final = inline = exceptval = _passthrough
boundscheck = wraparound = locals = _passthrough


def declare(kind=None, value=None, **kwargs):
    return value


class _Type:
    def __init__(self, py):
        self.py = py

    def __call__(self, x=0):
        return self.py(x)

    def __getitem__(self, item):
        return self


int = uint = longlong = ulonglong = Py_ssize_t = _Type(builtins.int)
void = None
bint = _Type(bool)
double = _Type(float)


def cast(kind, value, typecheck=False):
    return kind(value) if callable(kind) else value
