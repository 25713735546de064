"""Importing this package registers every rule."""

from designer.rules.checks import export, facility, network, pcie, physical, power, resilience, scaleup  # noqa: F401
