"""Exports: PDF spec sheet, JSON spec, diagrams (matplotlib Figure builders, no pyplot)."""
