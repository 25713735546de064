import pytest

from designer.io.migrations import MigrationError, migrate, migration


def test_steps_run_in_order_on_raw_dicts():
    registry = {}

    @migration(1, 2, registry)
    def rename(raw):
        raw["links"] = raw.pop("wires")
        return raw

    @migration(2, 3, registry)
    def add_settings(raw):
        raw.setdefault("settings", {"psu_redundancy": "N+1"})
        return raw

    out = migrate({"schema_version": 1, "wires": []}, 3, registry)
    assert out == {"schema_version": 3, "links": [], "settings": {"psu_redundancy": "N+1"}}


def test_a_file_without_version_is_version_one():
    assert migrate({"chassis": "x"}, 1, {}) == {"chassis": "x"}


def test_newer_files_are_refused_with_a_clear_message():
    with pytest.raises(MigrationError, match="schema_version 5; this version of GPU Node Designer reads up to 2"):
        migrate({"schema_version": 5}, 2, {})


def test_a_gap_in_the_chain_is_reported():
    with pytest.raises(MigrationError, match="no migration from schema_version 1"):
        migrate({"schema_version": 1}, 2, {})


def test_a_migration_must_go_one_step():
    with pytest.raises(ValueError):
        migration(1, 3, {})
