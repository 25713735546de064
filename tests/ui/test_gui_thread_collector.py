"""The cyclic garbage collector runs on the GUI thread only while a window is open (designer.ui.qt_guard): a cycle
made on a worker thread is not collected there, and is collected by the GUI thread's timer."""

import gc
import threading
import weakref

from designer.ui.qt_guard import COLLECT_MS, collect_on_gui_thread


class Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: only the cyclic collector frees it


def test_a_cycle_made_on_a_worker_thread_is_collected_on_the_gui_thread(make_window, qtbot):
    make_window()
    assert collect_on_gui_thread() and not gc.isenabled()  # the window put it in place
    refs: list[weakref.ref] = []
    collected_in: list[str] = []

    def note(phase: str, info: dict) -> None:
        if phase == "start":
            collected_in.append(threading.current_thread().name)

    def work() -> None:
        for _ in range(20000):  # far past generation 0's threshold: the interpreter would collect on this thread
            refs.append(weakref.ref(Node()))

    gc.callbacks.append(note)
    try:
        worker = threading.Thread(target=work, name="worker")
        worker.start()
        worker.join()
        assert all(r() is not None for r in refs[:100]) and "worker" not in collected_in
        qtbot.waitUntil(lambda: all(r() is None for r in refs), timeout=COLLECT_MS * 10)
    finally:
        gc.callbacks.remove(note)
    assert collected_in and set(collected_in) == {threading.main_thread().name}
