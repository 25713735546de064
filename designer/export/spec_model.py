"""The JSON spec's models: every object closed (`extra="forbid"`), every property typed and described.

The key vocabulary is shared: `info --json` is built from these models (designer.cli.info), and `compare --json`
names its figure rows by the same keys (designer.compare.data). One name per quantity, the unit in every key.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, WithJsonSchema, create_model

from designer.model.design import LinkKind
from designer.model.parts import Fabric, NetworkKind

SPEC_VERSION = 3  # an integer, like the design file's schema_version; docs/user-guide/exports.md says what changed
DESIGN_SCHEMA_ID = "https://gpu-node-designer.invalid/schema/design.schema.json"


def _f(description: str, **kw: Any) -> Any:
    return Field(description=description, **kw)


class _Closed(BaseModel):
    model_config = ConfigDict(extra="forbid")


class BomLine(_Closed):
    """One line of the bill of materials: a catalog part (all its placements) or a budget line without a part."""

    id: str = _f("Stable id: the catalog part id, or the budget category id for lines without a part")
    part: str = _f("Catalog part id; empty for budget lines that are not catalog parts (DIMMs, drives, board)")
    name: str = _f("Part name as published (catalog), or what the line covers")
    kind: str = _f("Part kind (gpu, cpu, nic, ...) or budget category id (memory, drives, board)")
    category: str = _f("Power budget category id (gpus, cpus, scaleup_switches, ..., other)")
    quantity: int = _f("Number of units")
    unit_power_w: float = _f("Power of one unit in W (rated/published, or the stated default); 0 if none drawn")
    total_power_w: float = _f("Power of the line in W; the lines sum to power.dc_load_w")
    power_assumed: bool = _f("True when the power is a stated default, not a published figure")
    source: str = _f("Where the part's figures come from (catalog source), or the assumption used")


class CategoryPower(_Closed):
    category: str = _f("Budget category id")
    label: str = _f("Display label of the category")
    power_w: float = _f("DC power of the category in W")


class OcpFlowGuide(_Closed):
    low: float = _f("Low end of the guideline, L/min per kW")
    typical: float = _f("Typical value, L/min per kW")
    high: float = _f("High end of the guideline, L/min per kW")
    source: str = _f("Where the guideline comes from")


class FacilitySpec(_Closed):
    """The heat balance: heat_to_liquid_w + heat_to_air_w = power.wall_peak_w."""

    heat_to_liquid_w: float = _f("Heat the coolant carries in W (cold-plated parts' captured share; 0 for air)")
    heat_to_air_w: float = _f("Heat to room air in W: PSU losses, fans, DIMMs, drives, parts without cold plates; "
                              "heat_to_liquid_w + heat_to_air_w = power.wall_peak_w")
    air_delta_t_c: float = _f("Air temperature rise across the node the airflow is computed at, in K")
    airflow_cfm: float = _f("Airflow the heat to air needs at air_delta_t_c, in CFM")
    coolant_delta_t_k: float | None = _f("Coolant temperature rise across the node in K; null for air cooling")
    coolant_flow_l_min: float | None = _f("Water flow the heat to liquid needs at coolant_delta_t_k, in L/min; "
                                          "null for air cooling")
    coolant_delta_t_assumed: bool = _f("True when coolant_delta_t_k is the stated default, not the cooling part's")
    coolant_l_min_per_kw: float | None = _f("coolant_flow_l_min per kW of heat_to_liquid_w; null for air cooling")
    ocp_l_min_per_kw: OcpFlowGuide = _f("The OCP cold-plate flow guideline coolant_l_min_per_kw is read against")
    psu_loss_w: float = _f("Heat the PSUs lose converting wall power to the DC load, in W (wall_peak_w - dc_load_w)")
    liquid_cooling: str = _f("Name of the liquid cooling part; empty for air cooling")
    cdu: str = _f("The coolant distribution unit the cooling part names; empty when none is named")
    coolant_inlet_c_max: float | None = _f("Highest coolant supply temperature the cooling part allows, in C; null "
                                           "when not given")
    cdu_capacity_w: float | None = _f("Heat the named CDU removes in W; null when not published")
    cdu_capacity_source: str = _f("Where cdu_capacity_w comes from; empty when there is none")
    heat_assumptions: list[str] = _f("What the heat split assumes, and where its figures come from")


class PowerSpec(_Closed):
    dc_load_w: float = _f("DC load at the PSU outputs in W: every component at its rated power")
    wall_peak_w: float = _f("Estimated peak input power at the wall in W (DC load / PSU efficiency)")
    psu_part: str = _f("Catalog part id of the PSUs")
    psu_count: int = _f("PSUs installed")
    psu_unit_output_w: float = _f("Rated output of one PSU in W")
    psu_redundancy: str = _f("Redundancy policy (none, N+1, N+2, N+N)")
    psu_usable_w: float = _f("PSU output in W that survives the redundancy policy's failures")
    heat_btu_per_hr: float = _f("Heat to remove in BTU/hr (all wall power)")
    facility: FacilitySpec = _f("Where the wall power goes as heat (to liquid and to air) and what the facility "
                                "must supply for it: airflow, coolant flow, the CDU")
    cooling_capacity_w: float | None = _f("Heat the cooling solution removes in W; null when not published")
    published_max_power_w: float | None = _f("The vendor's published maximum power of the reference system in this "
                                             "chassis, W; null when none is published")
    published_max_is_calibration: bool = _f("True when a budget term (the fan term) is derived from "
                                            "published_max_power_w, so it is a calibration point, not a check")
    by_category: list[CategoryPower] = _f("DC power per budget category")
    assumptions: list[str] = _f("Stated defaults used where no figure is published")


class KeyFiguresSpec(_Closed):
    gpu_count: int = _f("GPUs (accelerators) in the node")
    gpu_parts: list[str] = _f("Catalog part ids of the GPUs, in design order, without repeats")
    gpu_models: list[str] = _f("Names of the GPU parts as published, in design order, without repeats")
    device_word: Literal["GPUs", "accelerators"] = _f("'accelerators' where the design holds non-GPU parts (NPUs, "
                                                     "Gaudi), else 'GPUs'")
    scaleup_fabric: str = _f("Scale-up fabric id(s) joined by '/', or 'none'")
    scaleup_gbytes_s_per_gpu_per_dir: float = _f("Scale-up bandwidth of the least-connected GPU, GB/s per direction")
    scaleup_gbytes_s_per_gpu_bidir: float = _f("The same, both directions added (the vendor-style figure), GB/s")
    scaleup_total_gbytes_s_per_dir: float = _f("Sum over GPUs of scale-up bandwidth, GB/s per direction")
    scaleup_total_gbytes_s_bidir: float = _f("The same, both directions added, GB/s")
    bisection_gbytes_s_per_dir: float = _f("Max flow between the two halves of the GPUs, GB/s per direction")
    hbm_total_gb: float = _f("GPU memory of all GPUs, usable as the vendors publish it, GB (1e9 bytes)")
    memory_physical_total_gb: float = _f("GPU memory stacks' raw capacity of all GPUs, GB (B200: 192 per GPU, "
                                         "180 usable)")
    memory_kind: str = _f("Kind of GPU memory: HBM, GDDR6, GDDR6X, or a mix joined by ' + '")
    cpu_count: int = _f("CPUs in the node")
    cpu_cores_total: int = _f("Cores of all CPUs together (2 x 56-core CPUs: 112)")
    cpu_models: list[str] = _f("Names of the CPU parts as published, without repeats")
    mem_bw_total_tbytes_s: float | None = _f("Aggregate GPU memory bandwidth, TB/s; null when any GPU's is unknown")
    mem_bw_unknown_gpus: int = _f("GPUs whose memory bandwidth is not published")
    nic_count: int = _f("Compute (scale-out) NICs")
    nic_speeds_gbit_s: list[float] = _f("Distinct line rates of the compute NICs, Gb/s")
    scaleout_gbit_s_total: float = _f("Sum of compute NIC line rates, Gb/s")
    scaleout_gbit_s_per_gpu: float = _f("Compute NIC line rate per GPU, Gb/s")
    bf16_dense_pflops: float | None = _f("Dense BF16 throughput of all GPUs, PFLOPS; null when unknown")
    fp8_dense_pflops: float | None = _f("Dense FP8 throughput of all GPUs, PFLOPS; null when unknown or not "
                                        "supported (fp8_supported says which)")
    fp8_supported: bool = _f("False when a GPU has no FP8 (its catalog figure is 0); then fp8_dense_pflops is null")


class Finding(_Closed):
    rule: str = _f("Rule id (dotted)")
    severity: Literal["error", "warning", "info"] = _f("Severity after the design's settings")
    title: str = _f("Rule title")
    message: str = _f("What was found, with the numbers")
    ids: list[str] = _f("Component or link ids involved")
    fix: str = _f("How to fix it (may be empty)")
    waiver_reason: str = _f("The waiver's reason when waived, else empty")
    # The message and the fix as data (designer.core.messages), for documents in other languages; not in the JSON.
    _text: Any = PrivateAttr(default=None)
    _hint: Any = PrivateAttr(default=None)

    def with_messages(self, text: Any, hint: Any) -> Finding:
        """The finding carrying its message and fix as data (for the sheet's language)."""
        self._text, self._hint = text, hint
        return self

    @property
    def text_msg(self) -> Any:
        """The message as data, or None (a finding read back from JSON has only its English)."""
        return self._text

    @property
    def hint_msg(self) -> Any:
        return self._hint


class SeverityCounts(_Closed):
    error: int = _f("Unwaived errors")
    warning: int = _f("Unwaived warnings")
    info: int = _f("Unwaived infos")


class RackLimitsSpec(_Closed):
    air_w: float = _f("Heat to air one rack may give the room, W")
    liquid_w: float = _f("Heat to liquid one rack may give its coolant loop, W")
    air_source: str = _f("Where the air limit comes from: the design's settings, the site's (Preferences) or the "
                         "public default")
    liquid_source: str = _f("Where the liquid limit comes from, as air_source")


class RulesSpec(_Closed):
    rules_run: list[str] = _f("Ids of the rules run")
    severities_included: list[str] = _f("Severities reported")
    counts: SeverityCounts = _f("Unwaived findings per severity")
    violations: list[Finding] = _f("Unwaived findings")
    waived: list[Finding] = _f("Waived findings, with the reason")
    rack_limits: RackLimitsSpec = _f("The rack limits the check judged power.rack_density against")


class PerfPoint(_Closed):
    collective: str = _f("Collective id (allreduce, allgather, reducescatter, alltoall)")
    nodes: int = _f("Nodes")
    gpus: int = _f("GPUs taking part (all nodes)")
    size_bytes: int = _f("Message size in bytes, as nccl-tests' 'size' column")
    time_us: float = _f("Time of one operation in microseconds")
    algbw_gbytes_s: float = _f("Algorithm bandwidth (size / time), GB/s (1e9 bytes)")
    busbw_gbytes_s: float = _f("Bus bandwidth as nccl-tests defines it, GB/s (1e9 bytes)")
    busbw_low_gbytes_s: float = _f("Lower edge of the uncertainty band: busbw x (1 - spread), GB/s", default=0.0)
    busbw_high_gbytes_s: float = _f("Upper edge of the uncertainty band: busbw x (1 + spread), GB/s", default=0.0)
    algorithm: str = _f("Algorithm the model chose (ring, tree, nvls, direct, hierarchical)")
    protocol: str = _f("Protocol the model chose (LL, LL128, Simple)")
    bottleneck: str = _f("The link that limits this point")


DesignJson = Annotated[dict[str, Any], WithJsonSchema({"$ref": DESIGN_SCHEMA_ID,
                                                       "description": "The design file (design.schema.json)"})]


class FailureSpec(_Closed):
    text: str = _f("What the failure does under the policy, with the numbers")
    severity: str = _f("'error' where the NVLink domain stops (uninitialised fabric, unhealthy partition), else 'info'")
    drop: float = _f("The worst GPU pair's loss of scale-up bandwidth, 0-1 (1: no NVLink left)")


class PolicySource(_Closed):
    title: str = _f("The document's title and section, or what was searched where none is published")
    publisher: str = _f("Who publishes it ('assumption' where no vendor does)")
    url: str = _f("Where it is published; empty where none is")
    short: str = _f("A short name of the document")


class PolicySpec(_Closed):
    id: str = _f("The policy in force (designer/data/failure_policy.json)")
    chosen: str = _f("The design's setting (platform_default: the platform's documented default)")
    platform: str = _f("nvswitch_a100, nvswitch, nvl72 or mesh")
    name: str = _f("What the policy is, in words")
    documented: bool = _f("Whether a vendor document describes it (false: an assumption)")
    alternatives: list[str] = _f("The platform's documented modes")
    not_effective: bool = _f("The chosen mode does not apply on this platform; the default is in force")
    source: PolicySource = _f("The document the policy follows")
    notes: list[str] = _f("What the document leaves open and how the tool takes it")


class FailuresSpec(_Closed):
    policy: PolicySpec = _f("The fabric failure policy in force")
    one_link: FailureSpec | None = _f("One physical scale-up link fails", default=None)
    one_plane: FailureSpec | None = _f("One switch chip fails", default=None)
    one_tray: FailureSpec | None = _f("One switch tray of a rack-scale chassis fails", default=None)


class ScreenedPart(_Closed):
    part: str = _f("Catalog part id of the accelerator")
    name: str = _f("Part name as published")
    count: int = _f("How many the design holds")
    tpp: float | None = _f("Total processing performance of one part as the rule defines it; null when unknown")
    tpp_basis: str = _f("The catalog figure the TPP is computed from")
    die_area_mm2: float | None = _f("Die area in mm2; null when not published")
    die_area_source: str = _f("Where the die area comes from")
    performance_density: float | None = _f("TPP per mm2 of die area; null when the die area is unknown")
    eccn: str = _f("The part's class under the rule (3A090.a, 3A090.b, not listed, undetermined)")


class ExportRule(_Closed):
    title: str = _f("Title of the rule as published in the Federal Register")
    publisher: str = _f("Who publishes it")
    federal_register: str = _f("Federal Register citation (88 FR 73458)")
    document_number: str = _f("Federal Register document number")
    date: str = _f("Publication date, YYYY-MM-DD")
    effective: str = _f("Effective date, YYYY-MM-DD")
    url: str = _f("Where the rule is published")
    confidence: str = _f("How sure the tool is of its reading of the thresholds (H, M, L)")
    regulation: str = _f("The regulation and entries the rule amends")


class ExportControlSpec(_Closed):
    tpp: float | None = _f("TPP of the design's highest-TPP accelerator; null when unknown or without accelerators")
    performance_density: float | None = _f("Performance density of that accelerator; null when unknown")
    accelerator_eccn: str = _f("Class of that accelerator under the rule")
    system_eccn: str = _f("Class of the system (4A090.a, 4A090.b, ...) from its accelerators")
    system_entry: str = _f("What the system entry of the rule covers")
    accelerators: list[ScreenedPart] = _f("Each accelerator model's screening")
    rule: ExportRule = _f("The rule the thresholds come from")
    statement: str = _f("What this screening is and is not (not a classification)")


def _efficiency_map(name: str, keys: list[str], what: str) -> Any:
    """A closed object with one optional efficiency per technology (null: not fitted, the model's default)."""
    fields: dict[str, Any] = {k: (float | None, _f(f"Fitted {what} efficiency of {k}, 0-1; null: not fitted",
                                                   default=None)) for k in keys}
    return create_model(name, __base__=_Closed, **fields)


LinkEfficiency = _efficiency_map("LinkEfficiency", [k.value for k in LinkKind], "link")
NvlsEfficiency = _efficiency_map("NvlsEfficiency", [f.value for f in Fabric], "NVLS")
NetworkEfficiency = _efficiency_map("NetworkEfficiency", [n.value for n in NetworkKind], "network")


class FitSpec(_Closed):
    design: str = _f("The design the measurements were taken on")
    logs: list[str] = _f("The nccl-tests logs fitted")
    points: int = _f("Measured points fitted")
    rms_before: float = _f("Root mean square relative busbw error of the uncalibrated model")
    rms_after: float = _f("The same after the fit")
    median_before: float = _f("Median relative busbw error of the uncalibrated model")
    median_after: float = _f("The same after the fit")


class CalibrationSpec(_Closed):
    kind: Literal["gpu-node-designer calibration"] = _f("What the profile is")
    version: int = _f("Version of the calibration profile format")
    link_efficiency: LinkEfficiency = _f("Scale-up link efficiency per link kind")  # type: ignore[valid-type]
    nvls_efficiency: NvlsEfficiency = _f("NVLS efficiency per scale-up fabric")  # type: ignore[valid-type]
    network_efficiency: NetworkEfficiency = _f("Network efficiency per network kind")  # type: ignore[valid-type]
    latency_scale: float = _f("Factor on every per-step and fixed latency")
    spread: float | None = _f("Median relative error after the fit: the half-width of the uncertainty band; null "
                              "when not fitted")
    fit: FitSpec | None = _f("What the profile was fitted to; null when not fitted")


class PhysicalSpec(_Closed):
    height_mm: float | None = _f("Height, mm; null when the vendor's document gives none")
    width_mm: float | None = _f("Width, mm; null when not published")
    depth_mm: float | None = _f("Depth, mm; null when not published")
    weight_kg: float | None = _f("Weight, kg (the document's maximum where it gives one); null when not published")
    ac_volts: list[int] | None = _f("AC input voltage range [low, high], V; null when not published")
    cords: int | None = _f("Power cords shipped with the system; null when not published")
    plug: str = _f("The power cords' plug standard (\"C19/C20\"); empty when not published")
    cord_rating: str = _f("The cords' rating (\"250 V, 20 A\"); empty when not published")
    operating_temp_c: list[float] | None = _f("Operating temperature range [low, high], °C; null when not published")
    source: str = _f("The vendor document the facts come from")


class SpecDocument(_Closed):
    spec_version: int = _f("Version of this spec format (an integer, like the design's schema_version)")
    generator: str = _f("Program and version that wrote the spec")
    generated_at: str = _f("When the spec was written: ISO 8601 date and time with UTC offset")
    catalog_version: str = _f("Version of the parts catalog used")
    design: DesignJson
    key_figures: KeyFiguresSpec = _f("Headline figures derived from the design, catalog and topology")
    physical: PhysicalSpec | None = _f("The chassis vendor's physical and site facts of its reference system; null "
                                       "when no vendor document read gives them", default=None)
    bom: list[BomLine] = _f("Bill of materials: every catalog part and every power budget line")
    power: PowerSpec = _f("Power and thermal budget")
    rules: RulesSpec = _f("Design rule check")
    failures: FailuresSpec | None = _f("Single scale-up failures under the design's fabric failure policy; null "
                                       "without a scale-up fabric", default=None)
    performance: list[PerfPoint] = _f("Collective performance (model) at key sizes, 1 node and the nodes asked")
    calibration: CalibrationSpec | None = _f("The calibration profile the performance figures use (as written by "
                                             "'calibrate'), or null for the uncalibrated model", default=None)
    export_control: ExportControlSpec = _f("Export-control screening of the accelerators (a screening aid, not a "
                                           "classification)")
