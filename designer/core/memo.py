"""Memoise a pure function of frozen values by the identity of its arguments.

Designs are frozen and the Document keeps one object per revision, so "the same design" is "the same
object". Every consumer of one revision (canvas, panels, status bar, rule check, exports) then shares one
topology and one power budget instead of each building its own. The cache holds its arguments, so an id is
never reused while its entry lives; it keeps the last `size` calls.

Thread-safe: the GUI thread, the performance worker and the export thread share one memo. A lock guards the
cache's bookkeeping (lookup, reorder, insert, evict), not the computation: two threads asking for the same new
value at once may both compute it (the results are equal: the function is pure) and one is kept.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from functools import update_wrapper
from threading import Lock
from typing import Any, Generic, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


class IdentityMemo(Generic[P, R]):
    def __init__(self, fn: Callable[P, R], size: int) -> None:
        self.fn = fn
        self.size = size
        self.calls = 0
        self.computed = 0
        self._cache: OrderedDict[tuple[int, ...], tuple[tuple[Any, ...], R]] = OrderedDict()
        self._lock = Lock()  # the window checks large designs on a worker thread while the canvas asks too
        update_wrapper(self, fn)

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        values = (*args, *kwargs.values())
        key = (*(id(v) for v in values), hash(tuple(kwargs)))
        with self._lock:
            self.calls += 1
            hit = self._cache.get(key)
            if hit is not None:
                self._cache.move_to_end(key)
                return hit[1]
            self.computed += 1
        result = self.fn(*args, **kwargs)  # outside the lock: two threads may both compute, one result is kept
        with self._lock:
            self._cache[key] = (values, result)
            if len(self._cache) > self.size:
                self._cache.popitem(last=False)
        return result

    def cache_clear(self) -> None:
        with self._lock:
            self._cache.clear()


def memo_by_identity(size: int = 4) -> Callable[[Callable[P, R]], IdentityMemo[P, R]]:
    def decorate(fn: Callable[P, R]) -> IdentityMemo[P, R]:
        return IdentityMemo(fn, size)
    return decorate
