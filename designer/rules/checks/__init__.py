"""Importing this package registers every rule."""

from designer.rules.checks import export, network, pcie, physical, power, resilience, scaleup  # noqa: F401
