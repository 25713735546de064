import os

# Qt tests run offscreen; set once here, before any Qt import (never per test module).
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Keep the user's own catalog folder out of the tests.
os.environ.setdefault("XDG_DATA_HOME", os.path.join(os.path.dirname(__file__), ".no-user-data"))

import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402

# CI replays the same examples every run (a red build is then reproducible); locally they vary.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

from designer.model.catalog import shipped_catalog  # noqa: E402
from designer.templates import build_template  # noqa: E402


@pytest.fixture(scope="session")
def catalog():
    return shipped_catalog()


@pytest.fixture
def design_of(catalog):
    def make(template_id: str):
        return build_template(template_id, catalog)

    return make
