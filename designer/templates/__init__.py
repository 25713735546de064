"""The reference designs (templates), by id."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from designer.core import i18n
from designer.core.errors import DesignerError
from designer.core.messages import Msg, Name, _m
from designer.model.catalog import Catalog, shipped_catalog
from designer.model.data_text import ENGLISH_WORD, data_msg
from designer.model.design import Design, Metadata, Redundancy
from designer.templates import reference as ref
from designer.templates.gallery2026 import ROWS as GALLERY_2026
from designer.templates.gb200_nvl72 import DESCRIPTION as NVL72_DESCRIPTION
from designer.templates.gb200_nvl72 import GB300, GB300_DESCRIPTION, GB300_TITLE, build_gb200_nvl72, builder
from designer.templates.gb200_nvl72 import TITLE as NVL72_TITLE
from designer.templates.reference import Hgx
from designer.topology.graph import build_topology
from designer.topology.outcomes import documented_waivers


@dataclass(frozen=True)
class Template:
    id: str
    title: str
    description: str
    build: Callable[[Catalog, Metadata], Design]


def _hgx(cfg: Hgx) -> Callable[[Catalog, Metadata], Design]:
    return lambda cat, meta: ref.build_hgx(cat, meta, cfg)


def _mesh(**kw) -> Callable[[Catalog, Metadata], Design]:
    return lambda cat, meta: ref.build_mesh(cat, meta, **kw)


# Switch planes per board; each GPU's links split evenly over them (designer.model.wiring.plane_links: 18 over 4
# NVSwitch gen3 is 5/4/4/5, commonly cited, not published; the A800's 8 enabled NVLinks over the HGX A100 board's 6
# NVSwitch gen2 is 2/1/1/1/1/2, which 8 is not published).
NVSWITCH_GEN2, NVSWITCH_GEN3, NVLINK5_CHIPS = 6, 4, 2
N1, N2, NN = Redundancy.N_PLUS_1, Redundancy.N_PLUS_2, Redundancy.N_PLUS_N

TEMPLATES: dict[str, Template] = {
    t.id: t
    for t in [
        Template(
            "dgx-a100",
            "DGX A100",
            "8x A100 SXM4 80GB, 6 NVSwitch gen2, 8x 200G HDR, 2x EPYC 7742, 6x 3 kW (3+3)",
            _hgx(
                Hgx(
                    "chassis-dgx-a100",
                    "a100-sxm4-80gb",
                    "nvswitch-gen2",
                    NVSWITCH_GEN2,
                    "epyc-7742",
                    "pex88096",
                    "cx6-200",
                    "cx6-200",
                    2,
                    "psu-3000",
                    6,
                    NN,
                    "fan-wall-6u",
                )
            ),
        ),
        Template(
            "dgx-h100",
            "DGX H100",
            "8x H100 SXM5, 4 NVSwitch gen3 (NV18), 8x 400G NDR, 2x Xeon 8480C, 6x 3.3 kW (4+2)",
            _hgx(
                Hgx(
                    "chassis-dgx-h100",
                    "h100-sxm5",
                    "nvswitch-gen3",
                    NVSWITCH_GEN3,
                    "xeon-8480c",
                    "pex89144",
                    "cx7-400",
                    "cx7-2x200",
                    2,
                    "psu-3300",
                    6,
                    N2,
                    "fan-wall-8u",
                )
            ),
        ),
        Template(
            "dgx-h200",
            "DGX H200",
            "8x H200 SXM 141GB, 4 NVSwitch gen3, 8x 400G NDR, 2x Xeon 8480C, 6x 3.3 kW (4+2)",
            _hgx(
                Hgx(
                    "chassis-dgx-h100",
                    "h200-sxm",
                    "nvswitch-gen3",
                    NVSWITCH_GEN3,
                    "xeon-8480c",
                    "pex89144",
                    "cx7-400",
                    "cx7-2x200",
                    2,
                    "psu-3300",
                    6,
                    N2,
                    "fan-wall-8u",
                )
            ),
        ),
        Template(
            "dgx-b200",
            "DGX B200",
            "8x B200 1,000 W air-cooled, 2 NVLink5 switch chips, 8x 400G + 2 BlueField-3, 6x 3.3 kW (5+1)",
            _hgx(
                Hgx(
                    "chassis-dgx-b200",
                    "b200-sxm",
                    "nvlink5-switch",
                    NVLINK5_CHIPS,
                    "xeon-8570",
                    "pex89144",
                    "cx7-400",
                    "bf3-b3240",
                    2,
                    "psu-3300",
                    6,
                    N1,
                    "fan-wall-10u",
                )
            ),
        ),
        Template(
            "dgx-b300",
            "DGX B300",
            "8x B300 (Blackwell Ultra, 1,100 W) air-cooled, 2 NVLink5 switch chips, 8x ConnectX-8 800G (each GPU on "
            "its NIC's Gen6 switch) + 2 BlueField-3, 2x Xeon 6776P, 12x 3.3 kW (N+N); the AC version",
            _hgx(
                Hgx(
                    "chassis-dgx-b300",
                    "b300-sxm",
                    "nvlink5-switch",
                    NVLINK5_CHIPS,
                    "xeon-6776p",
                    "cx8-pcie-switch",
                    "cx8-800",
                    "bf3-b3240",
                    2,
                    "psu-3300",
                    12,
                    Redundancy.N_PLUS_N,
                    "fan-wall-10u-b300",
                    n_pcie_switch=8,
                )
            ),
        ),
        Template(
            "hgx-h800",
            "HGX H800 (Inspur NF5688-class)",
            "8x export-limited H800 (8 NVLinks, 400 GB/s bidir), 4 NVSwitch gen3, 8x 400G, 6U; PSUs not public: "
            "6x 3.2 kW, 3+3 assumed",
            _hgx(
                Hgx(
                    "chassis-hgx-6u",
                    "h800-sxm",
                    "nvswitch-gen3",
                    NVSWITCH_GEN3,
                    "xeon-8480plus",
                    "pex89144",
                    "cx7-400",
                    "cx7-2x200",
                    1,
                    "psu-3200",
                    6,
                    NN,
                    "fan-wall-6u",
                )
            ),
        ),
        Template(
            "hgx-a800",
            "HGX A800",
            "8x export-limited A800 (8 of 12 NVLinks), 6 NVSwitch gen2 (HGX A100 board), 8x 200G, 6U",
            _hgx(
                Hgx(
                    "chassis-hgx-6u",
                    "a800-sxm",
                    "nvswitch-gen2",
                    NVSWITCH_GEN2,
                    "epyc-7742",
                    "pex88096",
                    "cx6-200",
                    "cx6-200",
                    1,
                    "psu-3000",
                    6,
                    NN,
                    "fan-wall-6u",
                )
            ),
        ),
        Template(
            "dell-xe9680",
            "Dell PowerEdge XE9680 (H100)",
            "8x H100 SXM5, 4 NVSwitch gen3, 8x 400G, 2x Xeon 8480+, 6U air, 6x 3.2 kW (3+3 fault tolerant as "
            "reviewed by StorageReview; Dell also offers 5+1)",
            _hgx(
                Hgx(
                    "chassis-hgx-6u",
                    "h100-sxm5",
                    "nvswitch-gen3",
                    NVSWITCH_GEN3,
                    "xeon-8480plus",
                    "pex89144",
                    "cx7-400",
                    "cx7-2x200",
                    1,
                    "psu-3200",
                    6,
                    NN,
                    "fan-wall-6u",
                )
            ),
        ),
        Template(
            "hpe-xd670",
            "HPE Cray XD670",
            "8x H100 SXM5, 4 NVSwitch gen3, 8x 400G, 5U air-cooled (DLC is a separate variant); PSUs not public: "
            "6x 3 kW, 4+2 assumed (low confidence)",
            _hgx(
                Hgx(
                    "chassis-hgx-5u",
                    "h100-sxm5",
                    "nvswitch-gen3",
                    NVSWITCH_GEN3,
                    "xeon-8480plus",
                    "pex89144",
                    "cx7-400",
                    "cx7-2x200",
                    1,
                    "psu-3000",
                    6,
                    N2,
                    "fan-wall-5u",
                )
            ),
        ),
        Template(
            "supermicro-pcie-l40s",
            "Supermicro 4U PCIe L40S",
            "8x L40S on two PCIe Gen5 switches (x32 uplinks), no NVLink, 4x 400G on a flat fabric, 2x EPYC 9654; "
            "PSUs assumed (4x 3 kW, 2+2)",
            ref.build_pcie_l40s,
        ),
        Template(
            "amd-mi300x",
            "AMD MI300X platform",
            "8x MI300X OAM, Infinity Fabric full mesh (7 x 64 GB/s/dir), no switch, 8x 400G, 2x EPYC 9654; "
            "PSUs assumed (6x 3 kW, 5+1)",
            _mesh(
                chassis="chassis-oam-8u",
                gpu="mi300x",
                cpu="epyc-9654",
                n_cpu=2,
                pcie_switch="pex89144",
                nic="thor2-400",
                psu="psu-3000",
                n_psu=6,
                redundancy=N1,
                cooling="fan-wall-oam-8u",
            ),
        ),
        Template(
            "amd-mi325x",
            "AMD MI325X platform",
            "8x MI325X 1,000 W OAM, Infinity Fabric full mesh, 8x 400G, 2x EPYC 9654; PSUs assumed (6x 3.3 kW, 5+1)",
            _mesh(
                chassis="chassis-oam-8u",
                gpu="mi325x",
                cpu="epyc-9654",
                n_cpu=2,
                pcie_switch="pex89144",
                nic="thor2-400",
                psu="psu-3300",
                n_psu=6,
                redundancy=N1,
                cooling="fan-wall-oam-8u",
            ),
        ),
        Template(
            "huawei-atlas-910b",
            "Huawei Atlas 800T A2 (8x Ascend 910B)",
            "8x Ascend 910B, HCCS full mesh (7 x 28 GB/s/dir), on-package 200GE RoCE per NPU, 4x Kunpeng 920, 4U",
            _mesh(
                chassis="chassis-npu-8u",
                gpu="ascend-910b",
                cpu="kunpeng-920",
                n_cpu=4,
                pcie_switch=None,
                nic="ascend-roce-200",
                psu="psu-3000",
                n_psu=4,
                redundancy=NN,
                cooling="fan-wall-4u",
            ),
        ),
        Template(
            "gh200-quad",
            "Quad GH200 node",
            "4 Grace Hopper superchips: NVLink-C2C to each Grace, NVLink mesh (6 links per pair), liquid; NICs "
            "(4x 400G) and node PSUs are assumptions: HPE Cray EX GH200 nodes draw from cabinet power shelves",
            ref.build_gh200_quad,
        ),
        Template(
            "rtx-pcie-8",
            "8x RTX 4090 PCIe box",
            "Consumer 8-GPU box: 4 GPUs on each socket's root ports, one 200G NIC on socket 0; PSUs assumed",
            ref.build_rtx,
        ),
        Template("gb200-nvl72", NVL72_TITLE, NVL72_DESCRIPTION, build_gb200_nvl72),
        Template("gb300-nvl72", GB300_TITLE, GB300_DESCRIPTION, builder(GB300)),
    ]
}

TEMPLATES.update({row[0]: Template(*row) for row in GALLERY_2026})  # designer.templates.gallery2026


def template_description(template_id: str, lang: str | None = None) -> str:
    """A template's description in the language (the string tables' "templates" section); English where none."""
    english = TEMPLATES[template_id].description
    return str(i18n.table(i18n.language() if lang is None else lang).get("templates", {}).get(template_id, english))


def template_titles() -> list[str]:
    """The titles that carry English words ("GB200 NVL72 rack", "AMD MI300X platform"): documents show them in
    their language (message catalogs; packaging/update_catalogs.py adds them to the ids it extracts)."""
    return [t.title for t in TEMPLATES.values() if ENGLISH_WORD.search(t.title)]


def template_title(template_id: str) -> Msg:
    """A reference design's title as documents show it: translated where it carries English words."""
    title = TEMPLATES[template_id].title
    return data_msg(title) if ENGLISH_WORD.search(title) else _m("{name}", name=Name(title))


def template_ids() -> list[str]:
    return list(TEMPLATES)


# A blank design: an empty chassis of the user's choice (File > New, the gallery's first entry, `new blank
# --chassis ID`), not a reference design, so it is not in TEMPLATES (every loop over the reference designs expects
# parts). Its default chassis is a generic OEM HGX 8-GPU server.
BLANK = "blank"
BLANK_CHASSIS = "chassis-hgx-6u"
BLANK_TITLE = "Blank design"
BLANK_DESCRIPTION = "an empty chassis: add parts from the library and wire them (Auto-wire finishes the wiring)"


def build_blank(catalog: Catalog | None = None, chassis: str | None = None) -> Design:
    """An empty design on `chassis` (a chassis part id; the default BLANK_CHASSIS)."""
    catalog = catalog or shipped_catalog()
    chassis = chassis or BLANK_CHASSIS
    try:
        catalog.chassis(chassis)
    except (KeyError, DesignerError, TypeError):
        known = ", ".join(sorted(p.id for p in catalog.parts.values() if p.kind == "chassis"))
        raise DesignerError(f"unknown chassis '{chassis}' (one of: {known})") from None
    return Design(chassis=chassis, meta=Metadata())


def build_template(template_id: str, catalog: Catalog | None = None, chassis: str | None = None) -> Design:
    """A reference design by id, or the blank design (`chassis` picks its chassis; only the blank design takes one)."""
    if template_id == BLANK:
        return build_blank(catalog, chassis)
    if chassis is not None:
        raise DesignerError(f"only the blank design takes a chassis; '{template_id}' brings its own")
    try:
        tpl = TEMPLATES[template_id]
    except KeyError:
        raise DesignerError(f"unknown template '{template_id}' (see 'gpu-designer-cli templates')") from None
    meta = Metadata(name=tpl.title, description=tpl.description, template=tpl.id)
    catalog = catalog or shipped_catalog()
    design = tpl.build(catalog, meta)
    documented = documented_waivers(build_topology(design, catalog))  # built as the vendor ships it
    return design.model_copy(update={"waivers": [*design.waivers, *documented]}) if documented else design


# The reference designs whose PSU configuration (units, count, redundancy) is assumed, not published: each one's
# description says what was assumed ("PSUs assumed (6x 3 kW, 5+1)", "PSUs taken as ... not verified"; the Supermicro
# SYS-821GE is modelled 4+2 where Supermicro lists 3+3). A comparison marks their PSU capacity as assumed.
PSUS_ASSUMED = frozenset({
    "hgx-h800", "hpe-xd670", "supermicro-pcie-l40s", "amd-mi300x", "amd-mi325x", "gh200-quad", "rtx-pcie-8",
    "hgx-b300", "amd-mi355x", "gaudi3-8", "hgx-h20", "h100-nvl-pcie", "inspur-nf5688m6", "supermicro-821ge",
    "hgx-b200-dlc",
})


def _psus(design: Design, catalog: Catalog) -> tuple[list[str], Redundancy]:
    parts = sorted(c.part for c in design.components if catalog.get(c.part).kind == "psu")
    return parts, design.settings.psu_redundancy


def psus_assumed(design: Design, catalog: Catalog) -> bool:
    """Whether the design's PSUs are its reference design's assumed configuration (still as the template built it)."""
    tpl = TEMPLATES.get(design.meta.template or "")
    if tpl is None or tpl.id not in PSUS_ASSUMED:
        return False
    return _psus(design, catalog) == _psus(tpl.build(catalog, Metadata(name=tpl.title)), catalog)
