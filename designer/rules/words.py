"""Words the rules' messages share, as messages (designer.core.messages): what the accelerators are called."""

from __future__ import annotations

from designer.core.messages import Msg, _m


def device(name: str, plural: bool = False) -> Msg:
    """RuleContext.device ("GPU" or "accelerator") as a word of the message, singular or plural."""
    if name == "GPU":
        return _m("GPUs") if plural else _m("GPU")
    return _m("accelerators") if plural else _m("accelerator")
