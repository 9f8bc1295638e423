"""Actions and unit events as plain data, for the action log (which is also the
save file) and for `to_dict()`. Dataclasses become {"type": name, ...fields};
lists come back as tuples so decoded actions are hashable and compare equal."""
from __future__ import annotations

import dataclasses
from typing import Any, Iterable


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def encode(obj: Any) -> dict[str, Any]:
    cls = type(obj)
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(obj))
    data: dict[str, Any] = {"type": cls.__name__}
    for name in names:
        value = getattr(obj, name)
        data[name] = value if type(value) in _SCALAR_TYPES else _plain(value)  # most fields: no call
    return data


_SCALARS = (int, float, str, bool, type(None))
_SCALAR_TYPES = frozenset(_SCALARS)


def _plain(value: Any) -> Any:
    if isinstance(value, _SCALARS):
        return value
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return encode(value)
    raise TypeError(f"cannot store {value!r} in the log")


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


def decoder(types: Iterable[type]):
    """A function turning encoded data back into one of `types`."""
    by_name = {t.__name__: t for t in types}

    def decode(data: dict[str, Any]) -> Any:
        fields = dict(data)
        name = fields.pop("type")
        if name not in by_name:
            raise ValueError(f"unknown entry type {name!r} in the log")
        return by_name[name](**{k: _frozen(v) for k, v in fields.items()})

    return decode
