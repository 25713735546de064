"""Test harness for the desktop app: real mouse and key events on the real widgets (gestures) and a seeded long
editing session. Not shipped: tests/ is on sys.path under pytest (tests/conftest.py); benchmarks add it."""
