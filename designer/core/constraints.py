"""A refused value in words: pydantic's error for a field ("Input should be greater than 0") said as the tool says
things ("must be more than 0"), as a message the interface and the CLI render in their language. `scale` divides
a limit given in the model's unit (W) into the unit the user typed (kW)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from designer.core.messages import Msg, Name, Number, _m, many

_LIMITS = {"greater_than": "gt", "greater_than_equal": "ge", "less_than": "lt", "less_than_equal": "le"}
_WORDS = {"gt": _m("must be more than {limit}"), "ge": _m("must be at least {limit}"),
          "lt": _m("must be less than {limit}"), "le": _m("must be at most {limit}")}
_KINDS = {
    "int_parsing": _m("must be a whole number"), "int_from_float": _m("must be a whole number"),
    "float_parsing": _m("must be a number"), "finite_number": _m("must be a finite number"),
    "string_too_long": _m("is too long"), "string_too_short": _m("must not be empty"),
    "missing": _m("is missing"), "bool_parsing": _m("must be true or false"),
}


def constraint(err: Mapping[str, Any], scale: float = 1.0) -> Msg:
    """The refusal of one pydantic error in words; its English text where the kind has no words here."""
    kind, ctx = err.get("type", ""), err.get("ctx") or {}
    if kind in _LIMITS:
        key = _LIMITS[kind]
        limit = ctx.get(key)
        if isinstance(limit, int | float):
            return _m(_WORDS[key].id, limit=Number(limit / scale, None))
    if kind == "literal_error" and ctx.get("expected"):
        choices = [c.strip("'\"") for c in re.split(r", | or ", str(ctx["expected"])) if c]
        return _m("must be one of {choices}", choices=many(Name(c) for c in choices))
    return _KINDS.get(kind) or Msg(str(err.get("msg", "is not valid")))


def refusal(field: Msg, err: Mapping[str, Any], scale: float = 1.0) -> Msg:
    """'Feed current (A): must be more than 0'."""
    return _m("{field}: {reason}", field=field, reason=constraint(err, scale))
