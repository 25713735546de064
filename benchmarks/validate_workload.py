"""The training step model and the serving model against public measurements: every point's prediction and error,
the fitted ones marked; `--fit` refits the GEMM-efficiency curve (BEST, HALF_GFLOP) and the serving model's fp8 and
fp4 shares to their fitted points with scipy and prints them.

Run: .venv/bin/python benchmarks/validate_workload.py [--fit]
"""

from __future__ import annotations

import sys

import numpy as np
from scipy.optimize import least_squares

from designer.model.catalog import default_catalog
from designer.workload.efficiency import GemmEfficiency
from designer.workload.infer import ServingRates
from designer.workload.validation import (
    check,
    check_moe,
    check_serving,
    points,
    predict,
    predict_serving,
    serving_points,
)


def fit() -> GemmEfficiency:
    catalog = default_catalog()
    fitted = [p for p in points() if p.fitted]
    measured = np.array([p.measured for p in fitted])

    def residuals(x: np.ndarray) -> np.ndarray:
        eff = GemmEfficiency(float(x[0]), float(x[1]))
        return (np.array([predict(p, catalog, eff) for p in fitted]) - measured) / measured

    x = least_squares(residuals, [0.8, 6.0], bounds=([0.3, 0.01], [1.0, 500.0])).x
    return GemmEfficiency(round(float(x[0]), 3), round(float(x[1]), 1))


def fit_serving() -> ServingRates:
    catalog = default_catalog()
    fitted = [p for p in serving_points() if p.fitted]
    measured = np.array([p.measured for p in fitted])

    def residuals(x: np.ndarray) -> np.ndarray:
        rates = ServingRates(fp8_share=float(x[0]), fp4_share=float(x[1]))
        return (np.array([predict_serving(p, catalog, rates) for p in fitted]) - measured) / measured

    x = least_squares(residuals, [0.8, 0.5], bounds=([0.1, 0.1], [1.5, 1.5])).x
    return ServingRates(fp8_share=round(float(x[0]), 3), fp4_share=round(float(x[1]), 3))


def serving(rates: ServingRates) -> None:
    print(f"\nServing: HBM share {rates.hbm_share} (assumed), fp8 {rates.fp8_share} and fp4 {rates.fp4_share} of the "
          "curve's share at bf16")
    rows = check_serving(default_catalog(), rates)
    for p, value in rows:
        error = (value - p.measured) / p.measured
        print(f"{p.label:<64} output tokens/s  measured {p.measured:>8.0f}  model {value:>8.0f}  {error:+6.1%}"
              f"  {'fitted' if p.fitted else 'held out'}")
    held = [abs(v - p.measured) / p.measured for p, v in rows if not p.fitted]
    print(f"held-out mean |error| {np.mean(held):.1%} over {len(held)} points; within 20 %: "
          f"{sum(e <= 0.2 for e in held)}; worst {max(held):.1%}")


def main() -> None:
    eff = fit() if "--fit" in sys.argv else GemmEfficiency()
    print(f"GEMM efficiency: best {eff.best} of the dense peak, half at {eff.half_gflop} GFLOP")
    rows = check(default_catalog(), eff)
    for r in rows:
        mark = "fitted" if r.point.fitted else "held out"
        print(f"{r.point.label:<58} {r.point.metric:<24} measured {r.point.measured:>8.2f}  model {r.predicted:>8.2f}"
              f"  {r.error:+6.1%}  {mark}")
    held = [abs(r.error) for r in rows if not r.point.fitted]
    every = np.mean([abs(r.error) for r in rows])
    print(f"held-out mean |error| {np.mean(held):.1%} over {len(held)} points; all points {every:.1%}")
    print("\nMixtures of experts (held out, reported apart: not validated)")
    for r in check_moe(default_catalog()):
        print(f"{r.point.label:<66} tokens/s per GPU  measured {r.point.measured:>8.0f}  model {r.predicted:>8.0f}"
              f"  {r.error:+6.1%}")
    serving(fit_serving() if "--fit" in sys.argv else ServingRates())


if __name__ == "__main__":
    main()
