"""Unit conversions. Names say the unit; GB = 1e9 bytes, Gb = 1e9 bits.

Bandwidths in this code base are per direction unless the name says `bidir`.
"""

from __future__ import annotations

BITS_PER_BYTE = 8
W_TO_BTU_PER_HR = 3.412141633  # 1 W = 3.412 BTU/hr (definition of the BTU_IT)

# Usable PCIe bandwidth per lane per direction (GB/s) after line encoding.
# Source: hardware-facts.md section 8 (PCIe throughput table: Gen3 0.985, Gen4 1.97, Gen5 3.94,
# Gen6 ~7.56 with FLIT/FEC overhead).
PCIE_GBYTES_S_PER_LANE_PER_DIR: dict[int, float] = {3: 0.985, 4: 1.969, 5: 3.938, 6: 7.56}


def gbit_to_gbyte(gbit_s: float) -> float:
    """Gb/s -> GB/s (same direction convention)."""
    return gbit_s / BITS_PER_BYTE


def pcie_gbytes_s_per_dir(gen: int, lanes: int) -> float:
    """Usable bandwidth of a PCIe link of `lanes` lanes at generation `gen`, per direction."""
    if gen not in PCIE_GBYTES_S_PER_LANE_PER_DIR:
        raise ValueError(f"unsupported PCIe generation {gen}")
    return PCIE_GBYTES_S_PER_LANE_PER_DIR[gen] * lanes


def watts_to_btu_per_hr(watts: float) -> float:
    return watts * W_TO_BTU_PER_HR


def airflow_cfm(watts: float, delta_t_c: float) -> float:
    """Airflow needed to carry `watts` away with an air temperature rise of `delta_t_c` kelvin.

    Sensible-heat equation for air at sea level: CFM = 3.16 * W / dT(degF), dT(degF) = 1.8 * dT(C).
    """
    if delta_t_c <= 0:
        raise ValueError("temperature rise must be positive")
    return 3.16 * watts / (1.8 * delta_t_c)


def signed_percent(value: float, digits: int = 1) -> str:
    """'+1.5%', '-2.0%'; a change that rounds to nothing is '+0.0%', never '-0.0%'. `value` in percent."""
    return f"{round(value, digits) + 0.0:+.{digits}f}%"


def parse_size(text: str) -> int:
    """'8', '64K', '1M', '16G' (binary multiples, as nccl-tests' -b/-e flags) -> bytes."""
    text = text.strip().upper().removesuffix("B")
    mult = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}
    factor = 1
    if text and text[-1] in mult:
        factor = mult[text[-1]]
        text = text[:-1]
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"not a size: {text!r} (use e.g. 8, 64K, 1M, 16G)") from None
    if value < 0 or value != value:
        raise ValueError("a size must be a non-negative number")
    return int(value * factor)


def format_bytes(size: int) -> str:
    for unit, div in (("G", 1 << 30), ("M", 1 << 20), ("K", 1 << 10)):
        if size >= div and size % div == 0:
            return f"{size // div}{unit}"
    return str(size)
