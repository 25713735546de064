"""Design rule check: pure rules over a Design, grouped by id, with severities and waivers."""

from designer.rules.engine import RULES, Finding, Report, Severity, Violation, check

__all__ = ["RULES", "Finding", "Report", "Severity", "Violation", "check"]
