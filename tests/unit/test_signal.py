"""Model events (issue 25): one failing listener does not stop the others, and listeners are held weakly."""

import gc

import pytest
from psygnal import EmitLoopError

from designer.core.signal import Signal
from designer.document import commands as cmd
from designer.document.document import Document


class Listener:
    def __init__(self, log: list) -> None:
        self.log = log

    def on_change(self, change) -> None:
        self.log.append(change)


def test_a_failing_listener_does_not_stop_the_next_and_the_error_still_surfaces(catalog, design_of):
    doc = Document(design_of("dgx-h100"), catalog)
    seen: list = []

    def inspector_bug(_change) -> None:
        raise KeyError("a bug in a panel")

    doc.changed.connect(inspector_bug)  # connected first, as the inspector is before the scene
    keep = Listener(seen)
    doc.changed.connect(keep.on_change)
    with pytest.raises(EmitLoopError) as caught:
        doc.push(cmd.set_meta(name="renamed"))
    assert isinstance(caught.value.__cause__, KeyError)  # the bug is not swallowed: it reaches the crash handler
    assert len(seen) == 1 and doc.design.meta.name == "renamed"  # the second listener got the change


def test_two_failing_listeners_are_both_reported():
    signal = Signal()

    def bad(_x) -> None:
        raise ValueError("one")

    def worse(_x) -> None:
        raise KeyError("two")

    signal.connect(bad)
    signal.connect(worse)
    with pytest.raises(EmitLoopError) as caught:
        signal.emit(1)
    group = caught.value.__cause__
    assert isinstance(group, ExceptionGroup) and len(group.exceptions) == 2


def test_a_listener_that_is_gone_is_neither_kept_alive_nor_called():
    signal = Signal()
    log: list = []
    listener = Listener(log)
    signal.connect(listener.on_change)
    signal.emit("a")
    del listener
    gc.collect()
    signal.emit("b")
    assert log == ["a"] and len(signal) == 0
