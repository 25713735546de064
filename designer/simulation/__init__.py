"""Collective performance model: nccl-tests terms, derived from the topology graph."""

from designer.simulation.model import COLLECTIVES, SimConfig, SimResult, SimRow, Simulator, simulate

__all__ = ["COLLECTIVES", "SimConfig", "SimResult", "SimRow", "Simulator", "simulate"]
