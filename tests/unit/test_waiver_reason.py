"""A waiver's reason on a customer document (issue 24, item 1): the reason a reference design's documented waiver
carries is its own message, written in the document's language; a user's reason stays as the user wrote it (it used
to go through the English phrase tables, which could rewrite a user's words that happened to match)."""

from designer.core.locale import render
from designer.core.messages import _m
from designer.export.sheet_data import sheet_data
from designer.model.design import Waiver
from designer.topology.outcomes import waiver_reason


def test_a_documented_waiver_reads_in_the_documents_language_a_users_as_written(catalog, design_of):
    rack = design_of("gb200-nvl72")
    saved = rack.waivers[0].reason
    assert saved == "documented platform behaviour (NVIDIA NMX-M documentation), as shipped"  # files keep English
    tw, cn = (render(_m("{r}", r=waiver_reason(saved)), lang) for lang in ("zh_TW", "zh_CN"))
    assert tw == "已記載的平台行為（NVIDIA NMX-M documentation），出廠即如此"
    assert cn == "已记载的平台行为（NVIDIA NMX-M documentation），出厂即如此"
    mine = "documented platform behaviour (our own test), as shipped"  # a user's words, not a policy source
    assert render(_m("{r}", r=waiver_reason(mine)), "zh_TW") == mine
    users = rack.model_copy(update={"waivers": [Waiver(rule=rack.waivers[0].rule, reason="accepted <b>risk</b>")]})
    data = sheet_data(rack, catalog, lang="zh_TW")
    shipped = data["rules"]["waived"]
    # on the sheet the document is cited by its number among the references, not written inline
    cited = next(i for i, ref in enumerate(data["references"], 1)
                 if ref["text"].startswith("NVIDIA NMX-M documentation"))
    assert shipped and {w["reason"] for w in shipped} == {f"已記載的平台行為（[{cited}]），出廠即如此"}
    waived = sheet_data(users, catalog, lang="zh_TW")["rules"]["waived"]
    assert waived and {w["reason"] for w in waived} == {"accepted <b>risk</b>"}
