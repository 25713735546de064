"""Refusals are DesignerErrors raised on purpose; any other KeyError/ValueError in a command is a bug and reaches
the crash handler instead of being shown as "Refused: ..." (issue 25)."""

import pytest

from designer.core.errors import DesignerError, UnknownIdError
from designer.document import commands as cmd
from designer.document.document import Document


@pytest.fixture
def doc(catalog, design_of):
    return Document(design_of("dgx-h100"), catalog)


def test_an_edit_aimed_at_a_component_already_gone_is_a_refusal(doc):
    with pytest.raises(UnknownIdError, match="no component 'ghost' in the design"):
        doc.push(cmd.move_component("ghost", 0))
    with pytest.raises(DesignerError, match="no link 'ghost'"):
        doc.design.link("ghost")


def test_invalid_values_and_wiring_refusals_stay_refusals(doc):
    with pytest.raises(cmd.CommandError, match="name"):
        doc.push(cmd.set_meta(name="x" * 500))  # pydantic: at most 200 characters
    with pytest.raises(cmd.CommandError):
        doc.push(cmd.connect_components("psu0", "gpu0"))  # no link kind joins a PSU and a GPU
    with pytest.raises(cmd.CommandError, match="slot #99"):
        doc.push(cmd.move_component("gpu0", 99))


@pytest.mark.parametrize("bug", [KeyError("nvs9"), ValueError("math domain error"), TypeError("unhashable")])
def test_a_bug_inside_a_command_is_not_turned_into_a_refusal(doc, bug):
    def broken(design, catalog):
        raise bug

    before = doc.design
    with pytest.raises(type(bug)) as caught:
        doc.push(cmd.Command("Broken edit", broken))
    assert not isinstance(caught.value, DesignerError)
    assert doc.design is before and not doc.history.can_undo
