"""The line under a design's name asks whether the design is still its template as built: the template is built
once per template and catalog, not on every edit (the Inspector asks on each; gb200-nvl72's template costs ~100 ms)."""

from __future__ import annotations

from designer.export import summary
from designer.templates import build_template


def test_the_template_is_built_once_however_often_the_line_is_asked(catalog, monkeypatch):
    built: list[str] = []
    real = summary.build_template

    def counting(template_id, cat=None):
        built.append(template_id)
        return real(template_id, cat)

    monkeypatch.setattr(summary, "build_template", counting)
    summary._reference_signature.cache_clear()
    design = build_template("gb200-nvl72", catalog)
    for i in range(3):
        edited = design.model_copy(update={"meta": design.meta.model_copy(update={"name": f"rack {i}"})})
        assert summary.description_line(edited, catalog) == design.meta.description  # still as built
    assert built == ["gb200-nvl72"]
    fewer = design.model_copy(update={"components": design.components[:-1]})
    assert summary.stale_template_description(fewer, catalog)  # a part gone: the template's text is stale
    assert built == ["gb200-nvl72"]
