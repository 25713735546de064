"""Importing this package registers every rule."""

from designer.rules.checks import network, pcie, physical, power, resilience, scaleup  # noqa: F401
