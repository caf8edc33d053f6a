"""The model's validators, built once and kept between processes.

Building the scenario's validator is most of the model's import: pydantic walks about 130 classes
to generate one *core schema* (a tree of plain dicts), then pydantic-core compiles it, which takes
milliseconds. :func:`keep` writes the core schema of a model class to a small file (a pickle) once
pydantic has built it, and :func:`load` lets the next process compile it straight away, so a
start-up skips the generation. The model's base class (``designer.model.common.Model``) calls
both from ``model_rebuild``, which pydantic calls for every class the first time it is used (the
scenario's and the tiles' at import, the others when a default or a validator first makes one).

The file is keyed by everything the schema depends on: the sources of every module of
``designer.model`` (the model imports nothing else of the package), the Python, pydantic and
pydantic-core versions, and the modification times of the interpreter's ``site-packages``
folders (installing or removing a package changes them: a pydantic plugin installed since is
then looked up again). A schema is kept only when pydantic found no plugin (a plugin wraps the
validator, so a process with plugins builds the class as pydantic does). A file that cannot be
read, or that names an object the model no longer has, is ignored and written again. The folder
is ``DESIGNER_MODEL_CACHE``, else ``$XDG_CACHE_HOME/scenario-designer/models`` (``~/.cache``);
``DESIGNER_MODEL_CACHE=off`` keeps nothing. The files hold references to the model's classes and
functions by name, the way the interpreter's own bytecode cache holds code: only this user's
processes write them.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import pickle
import sys
from pathlib import Path
from typing import Any, Callable

__all__ = ["cache_dir", "keep", "kept", "key", "load"]

_HERE = Path(__file__).resolve().parent
_SITE = ("site-packages", "dist-packages")


def cache_dir() -> Path | None:
    """The folder of the kept schemas (None: ``DESIGNER_MODEL_CACHE=off``)."""
    value = os.environ.get("DESIGNER_MODEL_CACHE")
    if value == "off":
        return None
    if value:
        return Path(value)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "scenario-designer" / "models"


_SOURCES: bytes | None = None


def key(cls: type) -> str:
    """The name of ``cls``'s kept schema: a hash of what its schema depends on."""
    global _SOURCES
    import pydantic
    import pydantic_core

    if _SOURCES is None:
        h = hashlib.blake2b(digest_size=16)
        for f in sorted(_HERE.glob("*.py")):
            h.update(f.name.encode())
            h.update(f.read_bytes())
        for p in sys.path:
            if os.path.basename(p.rstrip(os.sep)) in _SITE:
                try:
                    h.update(f"{p}:{os.stat(p).st_mtime_ns}".encode())
                except OSError:
                    pass
        _SOURCES = h.digest()
    h = hashlib.blake2b(_SOURCES, digest_size=16)
    for part in (sys.version, pydantic.VERSION, pydantic_core.__version__,
                 os.environ.get("PYDANTIC_DISABLE_PLUGINS", ""), cls.__module__, cls.__qualname__):
        h.update(part.encode() + b"\0")
    return f"{cls.__qualname__}-{h.hexdigest()}"


def _factories() -> dict[int, tuple[str, str, str]]:
    """The model's default factories that pickle cannot name (lambdas): id -> (module, class, field)."""
    from pydantic import BaseModel

    found: dict[int, tuple[str, str, str]] = {}
    for name, module in list(sys.modules.items()):
        if not name.startswith(__package__ + ".") or module is None:
            continue
        for obj in vars(module).values():
            if isinstance(obj, type) and issubclass(obj, BaseModel) and obj.__module__ == name:
                for field, info in obj.__pydantic_fields__.items():
                    if info.default_factory is not None:
                        found.setdefault(id(info.default_factory), (name, obj.__qualname__, field))
    return found


class _Pickler(pickle.Pickler):
    def __init__(self, file: Any, factories: dict[int, tuple[str, str, str]]):
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.factories = factories

    def persistent_id(self, obj: Any) -> Any:
        if getattr(obj, "__name__", None) == "<lambda>":
            where = self.factories.get(id(obj))
            if where is None:
                raise pickle.PicklingError(f"a lambda outside the model's default factories: {obj!r}")
            return where
        return None


class _Unpickler(pickle.Unpickler):
    def persistent_load(self, pid: Any) -> Any:
        module, qualname, field = pid
        obj: Any = sys.modules[module]
        for part in qualname.split("."):
            obj = getattr(obj, part)
        factory = obj.__pydantic_fields__[field].default_factory
        if factory is None:
            raise pickle.UnpicklingError(f"{qualname}.{field} has no default factory now")
        return factory


def load(cls: type) -> bool:
    """Complete ``cls`` from its kept schema; False when there is none (or it cannot be used)."""
    folder = cache_dir()
    if folder is None:
        return False
    try:
        with open(folder / f"{key(cls)}.pickle", "rb") as f:
            kept = _Unpickler(f).load()
        schema, config = kept["schema"], kept["config"]
        from pydantic._internal._model_construction import set_deprecated_descriptors
        from pydantic._internal._signature import generate_pydantic_signature
        from pydantic._internal._utils import LazyClassAttribute
        from pydantic_core import SchemaSerializer, SchemaValidator
        from functools import partial

        validator = SchemaValidator(schema, config)
        serializer = SchemaSerializer(schema, config)
        fields = extra = None
        if not cls.__pydantic_fields_complete__:
            # the annotations pydantic could not evaluate when the class was made (names imported
            # at the end of its module), evaluated as its rebuild evaluates them
            from pydantic._internal._config import ConfigWrapper
            from pydantic._internal._fields import rebuild_model_fields
            from pydantic._internal._generics import get_model_typevars_map
            from pydantic._internal._model_construction import unpack_lenient_weakvaluedict
            from pydantic._internal._namespace_utils import NsResolver

            parent = unpack_lenient_weakvaluedict(cls.__pydantic_parent_namespace__) or {}
            resolver = NsResolver(parent_namespace={**vars(sys.modules[cls.__module__]), **parent})
            fields, extra = rebuild_model_fields(cls, config_wrapper=ConfigWrapper(cls.model_config, check=False),
                                                 ns_resolver=resolver, typevars_map=get_model_typevars_map(cls))
    except Exception:  # noqa: BLE001 - a missing, damaged or stale file: built as pydantic builds it
        return False
    # what pydantic's complete_model_class sets once it has generated the schema
    if fields is not None:
        cls.__pydantic_fields__, cls.__pydantic_extra_info__ = fields, extra
    cls.__pydantic_computed_fields__ = {k: v.info for k, v in cls.__pydantic_decorators__.computed_fields.items()}
    set_deprecated_descriptors(cls)
    cls.__pydantic_core_schema__ = schema
    cls.__pydantic_validator__ = validator
    cls.__pydantic_serializer__ = serializer
    cfg = cls.model_config
    cls.__signature__ = LazyClassAttribute("__signature__", partial(
        generate_pydantic_signature, init=cls.__init__, fields=cls.__pydantic_fields__,
        validate_by_alias=cfg.get("validate_by_alias", True), extra=cfg.get("extra")))
    cls.__pydantic_complete__ = True
    cls.__pydantic_on_complete__()
    return True


def keep(cls: type) -> None:
    """Write ``cls``'s schema for the next process (when pydantic found no plugin)."""
    folder = cache_dir()
    if folder is None:
        return
    from pydantic._internal._config import ConfigWrapper
    from pydantic.plugin import _loader

    if _loader._plugins:  # a plugin wraps the validator: build it as pydantic does
        return
    try:
        buf = io.BytesIO()
        _Pickler(buf, _factories()).dump({"schema": cls.__pydantic_core_schema__,
                                          "config": ConfigWrapper(cls.model_config).core_config(title=cls.__name__)})
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{key(cls)}.pickle"
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        tmp.write_bytes(buf.getvalue())
        os.replace(tmp, path)
    except Exception:  # noqa: BLE001 - an unwritable folder or an unnamed object: nothing kept
        pass


def kept(kind: str, source: str, make: Callable[[], Any]) -> Any:
    """``make()``, a JSON value computed from ``source`` alone (the field docstrings of a model
    module, say), kept in the folder by a hash of ``source``: the next process reads it back."""
    folder = cache_dir()
    if folder is None:
        return make()
    path = folder / f"{kind}-{hashlib.blake2b(source.encode(), digest_size=16).hexdigest()}.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        pass
    value = make()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(value), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        pass
    return value
