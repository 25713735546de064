"""The identity memo (topology, power budget) is shared by the GUI thread, the performance worker and the export
thread (issue 25): concurrent calls never corrupt it nor return another argument's result.

CPython rarely switches threads between the memo's lookup and its bookkeeping, so the test makes it do so: the
cache's `get` sleeps after reading, which is where an unlocked memo lets another thread evict the entry."""

import threading
import time
from collections import OrderedDict

from designer.core.memo import IdentityMemo


class SwitchAfterLookup(OrderedDict):
    def get(self, key, default=None):
        value = super().get(key, default)
        time.sleep(0.0002)  # another thread runs here
        return value


def test_concurrent_calls_on_a_small_memo_stay_correct():
    memo = IdentityMemo(lambda box: ("result of", id(box)), size=2)
    memo._cache = SwitchAfterLookup()
    boxes = [object() for _ in range(3)]
    errors: list[BaseException] = []
    start = threading.Barrier(4)

    def hammer(offset: int) -> None:
        start.wait()
        try:
            for i in range(150):
                box = boxes[(i + offset) % len(boxes)]
                assert memo(box) == ("result of", id(box))
        except BaseException as exc:  # noqa: BLE001 (reported by the main thread)
            errors.append(exc)

    threads = [threading.Thread(target=hammer, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(memo._cache) <= 2 and memo.calls == 4 * 150
