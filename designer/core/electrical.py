"""Electrical and thermal arithmetic, written once for nodes, racks and sites.

Feed capacity follows NetBox (netbox/dcim/models/power.py, PowerFeed.available_power): volts x amps x
maximum utilisation, times sqrt(3) for a three-phase feed (volts line to line). Three-phase current
I = P / (sqrt(3) x V_line x PF). 1 W = 3.412 BTU/h (designer.core.units); 1 ton of refrigeration =
3.517 kW (12,000 BTU/h).
"""

from __future__ import annotations

import math

from designer.core.units import W_TO_BTU_PER_HR, watts_to_btu_per_hr

BTU_PER_HR_PER_TON = 12_000.0  # one ton of refrigeration (ASHRAE definition)
WATTS_PER_TON = BTU_PER_HR_PER_TON / W_TO_BTU_PER_HR  # 3,516.85 W


def feed_capacity_w(volts: float, amps: float, phases: int, utilisation: float = 1.0) -> float:
    """Available power of one feed (NetBox): V x A x utilisation, x sqrt(3) for three-phase."""
    if volts <= 0 or amps <= 0:
        raise ValueError("a feed needs positive volts and amps")
    if phases not in (1, 3):
        raise ValueError("a feed has 1 or 3 phases")
    if not 0 < utilisation <= 1:
        raise ValueError("utilisation must be above 0 and at most 1")
    power = volts * amps * utilisation
    return power * math.sqrt(3) if phases == 3 else power


def phase_current_a(watts: float, volts: float, phases: int, power_factor: float = 1.0) -> float:
    """Line current drawn by `watts`: W / (V x PF) single-phase, W / (sqrt(3) x V_line x PF) three-phase."""
    if volts <= 0 or not 0 < power_factor <= 1:
        raise ValueError("volts must be positive and the power factor in (0, 1]")
    factor = math.sqrt(3) if phases == 3 else 1.0
    return watts / (factor * volts * power_factor)


def btu_per_hr(watts: float) -> float:
    return watts_to_btu_per_hr(watts)


def cooling_tons(watts: float) -> float:
    """Refrigeration tons that remove `watts` of heat."""
    return watts / WATTS_PER_TON
