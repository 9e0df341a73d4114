"""Values with a JSON form: the frozen classes actions, cards and chance outcomes are made of
(``value``, ``interned``, ``every_value``), their exact JSON (``encode``, ``decode``: a field's
type is checked, a bool is not a seat), and ``Shuffle``, a whole deck order as one chance
outcome. ``SaveError`` is what reading such JSON raises."""

from __future__ import annotations

import dataclasses
import types
import typing
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from typing_extensions import dataclass_transform
else:  # only a marker for type checkers: at run time it changes nothing

    def dataclass_transform(**_kwargs: Any) -> Callable[[Any], Any]:
        return lambda decorator: decorator


T = TypeVar("T")


MAX_FIELD = 2**31
"""Every whole number in an action or a card lies strictly between -MAX_FIELD and MAX_FIELD."""


class IllegalAction(ValueError):
    """An action the rules forbid here. The message names the rule."""


class SaveError(ValueError):
    """A saved game that cannot be loaded (not JSON, wrong format, edited, badly signed, or not
    replayable), or a save key too short to sign with."""


_SAVED: set[type] = set()
"""Classes made by ``value``: the ones ``encode`` writes as ``{"type": name, ...}``."""


@dataclass_transform(frozen_default=True)
def value(cls: type[T]) -> type[T]:
    """Class decorator: a frozen dataclass that can be saved as JSON and read back. Each game
    lists its saved classes in ``State.ACTIONS``, so two games may use the same class name
    (``Bid`` in plates and in Rupees).

    When a value is made, the class's own ``__post_init__`` checks (and may normalise) it,
    then every field is checked against its annotation, exactly (a bool is not a whole number,
    a float is not a count). Anything wrong raises ``IllegalAction`` naming the field."""
    own_check = getattr(cls, "__post_init__", None)

    def __post_init__(self: Any) -> None:
        if own_check is not None:
            try:
                own_check(self)
            except IllegalAction:
                raise
            except (TypeError, ValueError, AttributeError) as e:
                raise IllegalAction(f"{type(self).__name__}: {e}") from None
        _check_fields(self)

    cls.__post_init__ = __post_init__  # type: ignore[attr-defined]  # set before dataclass()
    made = dataclasses.dataclass(frozen=True)(cls)
    _SAVED.add(made)
    return made


MAX_INTERNED = 10_000
"""The most values of one interned class kept for reuse. Only speed depends on it: a value made
beyond it is checked afresh, and is equal to (and hashes as) every other value like it."""


def interned(cls: type[T]) -> type[T]:
    """Class decorator, above ``value``, for a value made often (a card, a move): each distinct
    value is checked once and kept, so making it again is a look-up, and its hash and its text
    (``str``) are worked out once. Equality is by value, as for any dataclass; the same object
    is only the quick way to be equal."""
    made: dict[tuple[Any, ...], Any] = {}
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    names = [f.name for f in fields]
    size = len(names)
    defaults = {f.name: f.default for f in fields if f.default is not dataclasses.MISSING}
    check_and_set = cls.__init__

    def __new__(kind: type[T], *args: Any, **kwargs: Any) -> T:
        if kwargs or len(args) != size:  # every field in order, defaults filled in
            rest = names[len(args) :]
            if set(kwargs) - set(rest) or not all(n in kwargs or n in defaults for n in rest):
                check_and_set(object.__new__(kind), *args, **kwargs)  # raises TypeError
            args = (*args, *(kwargs[n] if n in kwargs else defaults[n] for n in rest))
        key = (*args, *map(type, args))  # the types too: True == 1, but True is no whole number
        try:
            found: T = made[key]
            return found
        except (KeyError, TypeError):  # TypeError: an unhashable field, refused below
            pass
        new = object.__new__(kind)
        check_and_set(new, *args)  # raises IllegalAction for a bad value
        settled = tuple(getattr(new, n) for n in names)  # the check may have normalised them
        canonical = (*settled, *map(type, settled))
        if canonical in made:
            new = made[canonical]
        elif kind in _CLOSED:
            raise TypeError(f"{kind.__name__}{settled!r} is not among the values its class lists")
        else:
            object.__setattr__(new, "_fields", settled)
            object.__setattr__(new, "_hash", hash(settled))
        if len(made) < MAX_INTERNED:
            made[canonical] = made[key] = new
        return new

    def __eq__(self: Any, other: Any) -> Any:
        if self is other:
            return True
        if other.__class__ is not self.__class__:
            return NotImplemented
        same: bool = self._fields == other._fields
        return same

    def __hash__(self: Any) -> int:
        found: int = self._hash
        return found

    def __reduce__(self: Any) -> tuple[type, tuple[Any, ...]]:
        return type(self), self._fields

    shown = cls.__str__

    def __str__(self: Any) -> str:  # worked out once: the value never changes
        text: str | None = self.__dict__.get("_text")
        if text is None:
            text = shown(self)
            object.__setattr__(self, "_text", text)
        return text

    cls.__new__ = __new__  # type: ignore[assignment]
    cls.__init__ = object.__init__  # type: ignore[method-assign]  # made whole by __new__
    cls.__reduce__ = __reduce__  # type: ignore[method-assign]
    cls.__str__ = __str__  # type: ignore[method-assign]
    cls.__eq__ = __eq__  # type: ignore[method-assign]
    cls.__hash__ = __hash__  # type: ignore[method-assign]
    return cls


_CLOSED: set[type] = set()
"""Interned classes closed by ``every_value``."""


def every_value(values: Iterable[tuple[Any, ...]]) -> Callable[[type[T]], type[T]]:
    """Class decorator, above ``interned``, for a class of few values that can all be listed
    (a card: 53 of them): every value is made at once, from its fields in ``values``, and never
    again, since no other value passes its check. So each value is one object for good, as an
    enum's member is, and ``==`` and ``hash`` by identity are by value: as cheap as Python
    allows (a card in a hand, a set of cards).

    Making a value the list left out raises ``TypeError``: the list and the check disagree."""

    def close(cls: type[T]) -> type[T]:
        made = [cls(*fields) for fields in values]
        if len(made) >= MAX_INTERNED:
            raise ValueError(f"{cls.__name__}: too many values to keep each one for good")
        _CLOSED.add(cls)
        cls.__eq__ = object.__eq__  # type: ignore[method-assign]  # one object per value
        cls.__hash__ = object.__hash__  # type: ignore[method-assign]
        return cls

    return close


_CHECKS: dict[type, tuple[tuple[str, Callable[[Any], bool], Any], ...]] = {}


def _field_checks(cls: type) -> tuple[tuple[str, Callable[[Any], bool], Any], ...]:
    """``(field name, test, annotation)`` of a value class, built once per class."""
    if cls not in _CHECKS:
        hints = typing.get_type_hints(cls)
        _CHECKS[cls] = tuple(
            (f.name, _test(hints[f.name]), hints[f.name]) for f in dataclasses.fields(cls)
        )
    return _CHECKS[cls]


def _check_fields(obj: Any) -> None:
    for name, fits, kind in _field_checks(type(obj)):
        got = getattr(obj, name)
        if not fits(got):
            shown = repr(got) if not isinstance(got, int) else "a number that large"
            raise IllegalAction(
                f"{type(obj).__name__}: {name} must be {_kind_name(kind)}, not {shown[:60]}"
            )


def _test(kind: Any) -> Callable[[Any], bool]:
    """A function telling whether a field's value is exactly of the annotated ``kind``."""
    if kind is Any:
        return lambda got: True
    if kind is int:
        return lambda got: type(got) is int and -MAX_FIELD < got < MAX_FIELD
    if kind in (str, bool, type(None)):
        return lambda got: type(got) is kind
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        tests = tuple(_test(k) for k in typing.get_args(kind))
        return lambda got: any(fits(got) for fits in tests)
    if origin is tuple or kind is tuple:
        return lambda got: isinstance(got, (tuple, list))  # a value class makes a list a tuple
    return lambda got: isinstance(kind, type) and isinstance(got, kind)


def _kind_name(kind: Any) -> str:
    names = {int: "a whole number", str: "text", bool: "True or False", type(None): "None"}
    if kind in names:
        return names[kind]
    if typing.get_origin(kind) in (typing.Union, types.UnionType):
        return " or ".join(_kind_name(k) for k in typing.get_args(kind))
    if typing.get_origin(kind) is tuple or kind is tuple:
        return "a tuple"
    return f"a {getattr(kind, '__name__', kind)}"


def _is_history(obj: Any) -> bool:
    """Whether ``obj`` is a game's ``History`` (``engine.core`` imports this module, so it is
    looked up when needed)."""
    from .core import History

    return isinstance(obj, History)


def encode(obj: Any) -> Any:
    """A value, or a tuple of values, as plain JSON data."""
    if type(obj) in _SAVED:
        out = {"type": type(obj).__name__}
        for f in dataclasses.fields(obj):
            out[f.name] = encode(getattr(obj, f.name))
        return out
    if obj is None or isinstance(obj, (bool, int, str)):
        return obj
    if isinstance(obj, (tuple, list)) or _is_history(obj):
        return [encode(x) for x in obj]
    raise TypeError(f"cannot save {obj!r}")


def decode(data: Any, kinds: Mapping[str, type]) -> Any:
    """The inverse of ``encode``, reading only the classes in ``kinds`` (name -> class: one
    game's ``State.kinds()``); raises ``SaveError`` on anything else."""
    if isinstance(data, list):
        return tuple(decode(x, kinds) for x in data)
    if isinstance(data, dict):
        kind = data.get("type")
        cls = kinds.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise SaveError(f"unknown kind of action or card: {kind!r}")
        names = {f.name for f in dataclasses.fields(cls)}
        given = set(data) - {"type"}
        if given != names:
            raise SaveError(f"{kind} needs fields {sorted(names)}, got {sorted(given)}")
        try:
            return cls(**{k: decode(data[k], kinds) for k in names})
        except (TypeError, ValueError) as e:
            raise SaveError(f"bad {kind}: {e}") from None
    if data is None or isinstance(data, (bool, int, str)):
        return data
    raise SaveError(f"unexpected value in saved game: {data!r}")


@value
class Shuffle:
    """The chance outcome of shuffling: the whole deck in the order it will be dealt.

    Applying a ``Shuffle`` you built yourself rigs the deal; ``sample_chance`` draws a fair one.
    """

    cards: tuple[Any, ...]

    def __post_init__(self) -> None:
        cards: Any = self.cards
        if isinstance(cards, list):  # keep it hashable and equal to its saved form
            object.__setattr__(self, "cards", tuple(cards))
        if not isinstance(self.cards, tuple):
            raise ValueError(f"a shuffle holds the deck as a tuple of cards, not {self.cards!r}")

    def holds(self, deck: Mapping[Any, int], key: Callable[[Any], Any] | None = None) -> bool:
        """Whether the shuffle holds exactly the cards counted in ``deck``, each as often (a
        shuffle is the whole deck, nothing more or less); ``key`` reads each card first."""
        try:
            return Counter(self.cards if key is None else map(key, self.cards)) == deck
        except TypeError:  # something unhashable: not a card
            return False

    def __str__(self) -> str:
        return f"shuffle ({len(self.cards)} cards)"
