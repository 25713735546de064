"""Survivors of the mutation run (docs/mutation-survivors.md, categories M, J, B, F) killed by the behaviour a user
relies on: a fix hint where a finding asks for an action, the --json summary's figures, power lines that say what
was assumed, the collective model's edges. Each test names the survivor it kills; each was checked with the mutant
applied by hand (it fails with the mutant, passes without). Assertions are on severities, ids, figures and the
presence of a hint, not on English wording (rule messages are becoming message ids)."""

from pathlib import Path

import pytest

from designer.core.errors import DesignerError
from designer.model import edits
from designer.model.budget import fan_watts, power_budget
from designer.model.design import Link, LinkKind, Placement, Redundancy
from designer.model.parts import CoolingSpec, NetworkKind
from designer.rules.checks.scaleup import plane_counts
from designer.rules.engine import RuleContext, Severity, check
from designer.simulation.fabric import NodeFabric
from designer.simulation.fitting import NVLS_EFFICIENCY, fit, parameters, placement, profile
from designer.simulation.measured import parse_row, read_log, read_log_file
from designer.simulation.model import SimConfig, simulate
from designer.simulation.network import network_of
from designer.simulation.parallelism import TrainingSetup, estimate
from designer.topology.graph import build_topology

SINGLE = "resilience.single_failure"
LOG = Path(__file__).parent.parent / "fixtures" / "nccl" / "rccl-mi300x-1node-allreduce.txt"


def findings(design, catalog, rule=SINGLE):
    return [v for v in check(design, catalog).violations if v.rule == rule]


def without(design, ids):
    return edits.remove_components(design, set(ids))


# M: the fix hint of each finding that asks for an action ------------------------------------------------------


def test_the_only_compute_nic_is_a_warning_with_a_hint(catalog, design_of):
    """resilience._nic_findings mutant 10 (hint None)."""
    design = design_of("rtx-pcie-8")  # one ConnectX-6 for 8 GPUs
    [only] = [v for v in findings(design, catalog) if v.ids == ("nic0",)]
    assert only.severity is Severity.WARNING and only.fix


def test_a_psu_whose_failure_drops_the_load_is_a_warning_with_a_hint(catalog, design_of):
    """resilience._psu_findings mutants 16 and 17 (hint dropped): 2 x 3 kW with no redundancy for a 5.5 kW load."""
    design = design_of("rtx-pcie-8")
    design = edits.set_settings(without(design, ["psu2"]), psu_redundancy=Redundancy.NONE)
    b = power_budget(design, catalog)
    assert (b.psu_count - 1) * b.psu_unit_w < b.load_w <= b.usable_w  # the case: one failure drops the load
    [psu] = [v for v in findings(design, catalog) if v.ids == () and v.severity is Severity.WARNING]
    assert psu.fix


def test_a_power_shelf_failure_that_drops_the_rack_asks_for_a_shelf_and_one_that_does_not_asks_nothing(
        catalog, design_of):
    """rack._power_shelf mutant 36 (a hint on the INFO finding too) and mutant 2 (`or` to `and`)."""
    design = design_of("gb200-nvl72")
    def shelf(d):
        return [v for v in findings(d, catalog) if v.ids == () and "shelf" in v.message.lower()]
    [ok] = shelf(design)
    assert ok.severity is Severity.INFO and ok.fix == ""
    psus = [c.id for c in design.components if c.id.startswith("psu")]
    short = without(design, psus[24:])  # 4 shelves of 6 x 5.5 kW: a failed one leaves 99 kW for a 112 kW load
    [bad] = shelf(short)
    assert bad.severity is Severity.ERROR and bad.fix


def test_psus_in_no_shelf_give_no_shelf_finding_and_no_crash(catalog, design_of):
    """rack._power_shelf mutant 2 (`or` to `and`: PSUs placed in no shelf slot reached max() of no shelves)."""
    design = design_of("gb200-nvl72")
    loose = design.model_copy(update={"components": [c.model_copy(update={"slot": None}) if c.id.startswith("psu")
                                                     else c for c in design.components]})
    assert power_budget(loose, catalog).psu_count == 48
    assert not [v for v in findings(loose, catalog) if "shelf" in v.message.lower()]


def test_a_run_that_does_not_fill_whole_nodes_is_refused_naming_the_log_and_ranks(catalog, design_of):
    """fitting.placement mutant 9 (the refusal's message None)."""
    run = read_log_file(LOG)[0]
    fab = NodeFabric(build_topology(design_of("amd-mi300x"), catalog))
    odd = type(run)(run.collective, fab.n + 3, 2, run.rows, "odd.txt", ())
    with pytest.raises(DesignerError) as err:
        placement(odd, fab)
    assert "odd.txt" in str(err.value) and str(fab.n + 3) in str(err.value) and str(fab.n) in str(err.value)


def test_a_single_gpu_node_is_refused_naming_the_collective(catalog, design_of):
    """model._best mutant 54 (the refusal's message None): one GPU on one node has no collective to run."""
    design = design_of("rtx-pcie-8")
    one = without(design, [f"gpu{i}" for i in range(1, 8)])
    with pytest.raises(DesignerError) as err:
        simulate(one, catalog, SimConfig(collectives=("allreduce",), sizes=(8,)))
    assert "allreduce" in str(err.value)


def test_a_layout_that_does_not_fill_the_gpus_is_refused_with_its_product(catalog, design_of):
    """parallelism.TrainingSetup.validate mutant 36 (TP x PP / DP in the refusal; listed as T, it is a figure)."""
    with pytest.raises(DesignerError) as err:
        TrainingSetup(params=70e9, layers=80, hidden=8192, tp=8, pp=2, dp=4).validate(gpus_per_node=8, nodes=2)
    assert "= 64 " in str(err.value) and "16" in str(err.value)  # 8 x 2 x 4 = 64 for 16 GPUs


def test_a_failed_compute_tray_names_how_many_gpus_keep_their_bandwidth(catalog, design_of):
    """rack._compute_tray mutant 26 (n + lost instead of n - lost; listed as T, it is a figure): NVL72 loses 4."""
    design = design_of("gb200-nvl72")
    [tray] = [v for v in findings(design, catalog) if len(v.ids) == 4]
    gpus = sum(catalog.get(c.part).kind == "gpu" for c in design.components)
    assert f" {gpus - len(tray.ids)} " in tray.message and f" {gpus + len(tray.ids)} " not in tray.message


def test_training_comm_lines_within_the_node_carry_no_note(catalog, design_of):
    """parallelism.estimate mutant 80 (note None) and mutant 82 (`and` to `or`: a DP group across nodes got the
    TP note); mutant 56 (`or` to `and`: a dimension of size 1 still got a line)."""
    fab = NodeFabric(build_topology(design_of("dgx-h100"), catalog))
    lines = estimate(fab, 4, TrainingSetup(params=70e9, layers=80, hidden=8192, tp=8, pp=1, dp=4))
    assert [line.dimension for line in lines] == ["TP", "DP"]  # PP = EP = 1: no line for them
    assert [line.note for line in lines] == ["", ""] and [line.spans_nodes for line in lines] == [False, True]
    crossing = estimate(fab, 2, TrainingSetup(params=70e9, layers=80, hidden=8192, tp=16, pp=1, dp=1))
    assert [line.dimension for line in crossing] == ["TP"] and crossing[0].note  # the TP group leaves the node


def test_a_training_line_busbw_is_the_simulated_busbw_of_its_op(catalog, design_of):
    """parallelism._op mutant 28 (size x time instead of size / time)."""
    design = design_of("dgx-h100")
    [tp] = estimate(NodeFabric(build_topology(design, catalog)), 1,
                    TrainingSetup(params=70e9, layers=80, hidden=8192, tp=8))
    [row] = simulate(design, catalog, SimConfig(collectives=("allreduce",), sizes=(tp.bytes_per_op,))).rows
    assert tp.busbw_GBps == pytest.approx(row.busbw_GBps, rel=1e-6)
    assert tp.time_per_op_us == pytest.approx(row.time_us, rel=1e-6)


# J: the --json summary -------------------------------------------------------------------------------------------


def test_the_json_summary_keeps_a_tenth_of_a_watt_and_four_places_of_the_published_gap(catalog, design_of):
    """engine.check mutants 31 (load_w rounded to whole watts) and 58 (published_gap rounded to an integer)."""
    design = design_of("rtx-pcie-8")  # a 5,525.8 W load
    b = power_budget(design, catalog)
    assert check(design, catalog).summary["dc_load_w"] == round(b.load_w, 1) != round(b.load_w)
    fewer = without(design_of("dgx-h100"), ["gpu7"])  # 7 GPUs against the published 8-GPU maximum
    gap = power_budget(fewer, catalog).published_gap
    assert gap is not None and round(gap, 4) != round(gap)
    assert check(fewer, catalog).summary["published_gap"] == round(gap, 4)


def test_the_json_summary_has_every_figure_under_its_key(catalog, design_of):
    """engine.check mutants 34 and 50 (the wall_w and published_max_w keys renamed; listed as T, they are J); the keys
    are the JSON spec's names since the one key vocabulary (issue 24 item 7)."""
    design = design_of("dgx-h100")
    summary, b = check(design, catalog).summary, power_budget(design, catalog)
    assert summary["wall_peak_w"] == round(b.wall_w, 1) and summary["published_max_power_w"] == b.published_max_w
    assert set(summary) == {"dc_load_w", "wall_peak_w", "psu_usable_w", "heat_btu_per_hr", "airflow_cfm",
                            "heat_to_liquid_w", "heat_to_air_w", "cooling_capacity_w", "published_max_power_w",
                            "published_gap"}


def test_the_fabric_summary_of_a_simulation_is_json_with_its_keys(catalog, design_of):
    """model.fabric_summary mutants 12, 17, 29, 40 (keys renamed, model_dump mode broken; listed as T)."""
    import json

    summary = simulate(design_of("dgx-h100"), catalog, SimConfig(collectives=("allreduce",), sizes=(8,))).fabric_summary
    assert {"ring", "all_to_all", "nvls", "network", "mesh", "scaleout"} <= set(summary)
    assert summary["ring"]["bottleneck"] and summary["mesh"] is False
    assert json.loads(json.dumps(summary)) == summary


# B: behaviour ----------------------------------------------------------------------------------------------------


def test_the_memory_line_is_keyed_dimm_and_says_it_is_assumed(catalog, design_of):
    """budget._chassis_lines mutants 5 (part key None), 12 (source None) and 63 (the drives' key upper-cased; listed
    as T): each chassis line carries its plain key (PowerLine.part: "dimm", "drive"), and a figure no vendor
    publishes says so."""
    lines = power_budget(design_of("dgx-h100"), catalog).lines
    [memory] = [line for line in lines if line.category == "Memory"]
    [drives] = [line for line in lines if line.category == "Drives"]
    assert memory.part == "dimm" and memory.assumed and memory.note and memory.source
    assert drives.part == "drive" and drives.assumed and drives.note and drives.source


def test_a_part_line_keeps_its_assumed_flag_and_note_apart(catalog, design_of):
    """budget._part_line mutant 16 (the note passed as the assumed flag)."""
    lines = power_budget(design_of("dgx-h100"), catalog).lines
    gpu = next(line for line in lines if line.item == "gpu0")
    switch = next(line for line in lines if line.item == "nvs0")  # NVSwitch power: not published, assumed
    assert gpu.assumed is False and gpu.note == ""
    assert switch.assumed is True and switch.note


def test_published_fan_power_is_not_marked_assumed(catalog, design_of):
    """budget.fan_watts mutant 2 (a published figure marked assumed). No shipped fan wall publishes its power, so a
    catalog entry that does (a user's catalog) is made from the shipped one."""
    design = design_of("dgx-h100")
    chassis = catalog.chassis(design.chassis)
    cooling = next(p for c in design.components if isinstance(p := catalog.get(c.part), CoolingSpec))
    published = cooling.model_copy(update={"power_w": 900.0})
    assert fan_watts(chassis, published, 9000.0) == (900.0, False, "")
    assert fan_watts(chassis, cooling, 9000.0)[1] is True  # the shipped one: derived, so marked assumed


def test_two_compute_nics_report_what_one_failure_leaves(catalog, design_of):
    """resilience._nic_findings mutant 22 (`> 1` to `> 2`): two NICs, one fails."""
    design = design_of("supermicro-pcie-l40s")
    two = without(design, ["nic2", "nic3"])
    infos = [v for v in findings(two, catalog) if v.severity is Severity.INFO and v.ids and v.ids[0].startswith("nic")]
    assert [v.ids for v in infos] == [("nic0",)]


def test_a_gpu_without_a_link_to_a_plane_counts_zero_links_there(catalog, design_of):
    """scaleup.plane_counts mutant 21 (a missing link counted as 1): DGX A100 has 2 links per GPU per plane."""
    design = design_of("dgx-a100")
    gone = [lk.id for lk in design.links if lk.kind is LinkKind.NVLINK and {lk.a, lk.b} == {"gpu0", "nvs0"}]
    counts, mode = plane_counts(RuleContext(edits.remove_links(design, gone), catalog))["nvs0"]
    assert counts["gpu0"] == 0 and mode == 2


def test_the_bottleneck_names_the_links_of_the_design(catalog, design_of):
    """fabric._bottleneck mutant 17 (no link ids): the app highlights the bottleneck by these ids."""
    design = design_of("supermicro-pcie-l40s")
    ring = NodeFabric(build_topology(design, catalog)).ring
    assert ring.bottleneck is not None and ring.bottleneck.link_ids
    assert set(ring.bottleneck.link_ids) <= {lk.id for lk in design.links}


def test_no_traffic_has_no_limit_and_no_bottleneck(catalog, design_of):
    """fabric._limit mutants 13 and 23 (a Rate without its bottleneck argument: a TypeError)."""
    fab = NodeFabric(build_topology(design_of("dgx-h100"), catalog))
    for flows in ([], [("gpu0", "gpu1", 0.0)]):
        rate = fab.rate(flows)
        assert rate.gbytes_s == float("inf") and rate.bottleneck is None


def test_a_log_without_a_test_name_and_too_small_rows_is_refused_naming_the_file():
    """measured._finish mutant 13 (the file name not passed to the refusal)."""
    row = "8 2 float sum -1 20.00 0.00 0.00 0 20.00 0.00 0.00 0"  # 8 B: too small to read busbw/algbw from
    text = "#  Rank  0 Group  0 Pid 1 on host device  0 [0x1b] GPU\n" + row + "\n"
    with pytest.raises(DesignerError) as err:
        read_log(text, "tiny.log")
    assert "tiny.log" in str(err.value)


def test_a_row_of_exactly_seven_columns_is_read():
    """measured.parse_row mutant 4 (`< 7` to `<= 7`): size, count, type, redop, time, algbw, busbw."""
    parsed = parse_row("1048576 262144 float sum 10.50 99.86 174.76")
    assert parsed is not None
    row, redop = parsed
    assert (row.size_bytes, row.time_us, row.algbw_GBps, row.busbw_GBps, redop) == (1048576, 10.5, 99.86, 174.76,
                                                                                   "sum")


def test_a_simulation_reports_the_gpus_per_node_and_the_fabric(catalog, design_of):
    """model.simulate mutant 66 (the GPU count left out: the fabric summary landed in its place)."""
    result = simulate(design_of("dgx-h100"), catalog, SimConfig(collectives=("allreduce",), sizes=(1 << 20,)))
    assert result.gpus_per_node == 8 and result.fabric_summary and isinstance(result.fabric_summary, dict)


def test_the_network_kind_follows_the_compute_nics_not_the_storage_ones(catalog, design_of):
    """network.network_of mutant 3 (every NIC counted): 1 InfiniBand compute NIC, 2 RoCE storage NICs."""
    design = design_of("rtx-pcie-8")
    assert catalog.get("cx6-200").network_kind is NetworkKind.INFINIBAND
    assert catalog.get("thor2-400").network_kind is NetworkKind.ROCE
    design = edits.add_components(design, [Placement(id="snic0", part="thor2-400"),
                                           Placement(id="snic1", part="thor2-400"),
                                           Placement(id="storage0", part="scaleout-storage")])
    design = edits.add_links(design, [Link(id=f"s{i}", kind=LinkKind.NETWORK, a=f"snic{i}", b="storage0", count=1)
                                      for i in range(2)] + [
        Link(id=f"p{i}", kind=LinkKind.PCIE, a=f"snic{i}", b="cpu0", count=16) for i in range(2)])
    assert network_of(build_topology(design, catalog)).kind is NetworkKind.INFINIBAND


# F: the calibration fit pieces -----------------------------------------------------------------------------------


def test_an_nvls_fabric_offers_its_nvls_efficiency_for_the_fit_keyed_by_fabric_and_capped_at_one(catalog, design_of):
    """fitting.parameters mutants 24, 27, 29 (the NVLS parameter's group, cap, key)."""
    fab = NodeFabric(build_topology(design_of("dgx-h100"), catalog))
    assert fab.nvls is not None
    [nvls] = [p for p in parameters(fab, []) if p.group == "nvls_efficiency"]
    assert (nvls.key, nvls.start, nvls.cap) == (fab.fabric.value, NVLS_EFFICIENCY[fab.fabric], 1.0)
    cal = profile([nvls], [0.5])
    assert cal.nvls_efficiency == {fab.fabric: 0.5}


def test_the_fit_summary_names_the_design_and_the_median_error(catalog, design_of):
    """fitting.fit mutant 63 (no design name) and _median_abs mutant 4 (always 0)."""
    design = design_of("amd-mi300x")
    result = fit(design, catalog, read_log_file(LOG))
    summary = result.calibration.fit
    errors = sorted(abs(c.error) for _, cs in result.before for c in cs)
    assert summary.design == design.meta.name
    assert summary.median_before == errors[len(errors) // 2] > 0


# L: the collective model, pinned by public measurements ------------------------------------------------------------

# Habana, 'Collectives Performance' (docs.habana.ai, Management_and_Monitoring/Network_Configuration/
# Collectives_Performance.html): HLS-3, 8 Gaudi 3, hccl_demo AllGather at 128 MiB (16 MiB per rank) 'NW Bandwidth'
# (nccl-tests busbw) 509.19 GB/s; also a held-out row of benchmarks/validate_model.py.
GAUDI3_ALLGATHER_128M_BUSBW = 509.19


def test_gaudi3_allgather_on_its_mesh_is_within_the_model_band_of_habanas_measurement(catalog, design_of):
    """collectives._gather_direct mutant 21 ((n-1)/n to (n-2)/n of the data: +11 % off the measurement)."""
    from designer.simulation.constants import MODEL_SPREAD

    [row] = simulate(design_of("gaudi3-8"), catalog, SimConfig(collectives=("allgather",), sizes=(128 << 20,))).rows
    assert abs(row.busbw_GBps / GAUDI3_ALLGATHER_128M_BUSBW - 1) <= MODEL_SPREAD


@pytest.mark.parametrize("tid,nodes", [("dgx-h100", 1), ("dgx-h100", 2), ("amd-mi300x", 1),
                                       ("supermicro-pcie-l40s", 1)])
def test_every_simulated_row_names_its_phase(catalog, design_of, tid, nodes):
    """collectives._allreduce_ring mutant 16 (the ring phase unnamed): the table's Phase column."""
    rows = simulate(design_of(tid), catalog, SimConfig(nodes=nodes, algorithm="ring", sizes=(8, 1 << 20, 1 << 30))).rows
    assert rows and all(isinstance(r.phase, str) and r.phase for r in rows)


def test_a_calibrated_latency_scale_lengthens_every_nvls_pipeline_step(catalog, design_of):
    """collectives._nvls_pipeline mutant 14 (the step cost divided by the scale): a 64 MiB NVLS AllReduce runs
    more pipeline steps than an 8 B one, each paying the scaled latency, so doubling the scale adds more to it."""
    from designer.simulation.calibration import Calibration

    design = design_of("dgx-h100")

    def times(scale):
        config = SimConfig(collectives=("allreduce",), algorithm="nvls", sizes=(8, 64 << 20),
                           calibration=Calibration(latency_scale=scale))
        return [row.time_us for row in simulate(design, catalog, config).rows]

    (small1, big1), (small2, big2) = times(1.0), times(2.0)
    assert small2 > small1 and big2 - big1 > small2 - small1
