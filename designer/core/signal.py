"""Model events (the Qt-free Document and Selection announce changes): psygnal signals.

psygnal holds bound methods weakly (a panel that is gone is not kept alive by the document, nor called) and
strongly holds plain functions. One change is delivered to every listener even if one of them raises: the
canvas still applies a change when the inspector's slot fails. The first error is then raised from `emit`
(psygnal wraps it in `EmitLoopError`, the original as its cause) so a bug still reaches the crash handler.
"""

from __future__ import annotations

from typing import Any

from psygnal import SignalInstance


class Signal(SignalInstance):
    def __init__(self, *types: Any) -> None:
        super().__init__(types or (object,))  # one argument of any type unless told: (change), (is_clean), (ids)

    def _run_emit_loop_immediate(self) -> None:  # psygnal's loop for the default reemission mode, isolated
        args = self._emit_queue.popleft()
        errors: list[Exception] = []
        for caller in list(self._slots):
            if caller._is_alive():  # noqa: SLF001 (psygnal's own loop, copied: see the module's note)
                try:
                    caller.cb(args)
                except Exception as exc:  # noqa: BLE001 (raised again below, after every slot ran)
                    errors.append(exc)
        if len(errors) == 1:
            raise errors[0]
        if errors:
            raise ExceptionGroup(f"{len(errors)} listeners failed", errors)
