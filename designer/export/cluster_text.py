"""The cluster sheet's fixed English text: headings, labels and sentence templates with named placeholders
(`{gpus}`), given to designer.core.i18n.sheet_text so that `cluster export --lang` puts them in another
language from the "sheet" string tables. Keys start with "cl_" (the node sheet's keys are apart).
Numbers, part names, units and nccl-tests terms are filled in as they are."""

from __future__ import annotations

CLUSTER_TEXT = {
    "lang": "en", "page": "page", "of": "of", "page_end": "",
    "cl_title": "Cluster plan",
    "cl_subtitle": "{gpus} GPUs in {nodes} x {node} ({per_node} GPUs each)",
    "cl_disclaimer": "A planning document: counts follow the public NVIDIA DGX SuperPOD sizing rules; power, "
                     "cooling and performance figures are modelled, not measured. Check them against the vendors' "
                     "documents and a site survey before ordering.",
    # headline cards
    "cl_card_gpus": "GPUs", "cl_card_gpus_detail": "{node}",
    "cl_card_nodes": "nodes", "cl_card_nodes_detail": "{per_rack} per compute rack",
    "cl_card_racks": "racks", "cl_card_racks_detail": "{compute} compute, {network} network, {management} management",
    "cl_card_it": "kW IT power", "cl_card_it_detail": "facility {facility} kW at PUE {pue}",
    "cl_card_busbw": "GB/s busbw", "cl_card_busbw_detail": "AllReduce of 1 GiB on {gpus} GPUs (modelled)",
    # section headings
    "cl_overview": "Overview", "cl_elevations": "Rack elevations", "cl_fabric": "Compute fabric",
    "cl_bom": "Bill of materials", "cl_power": "Power and cooling", "cl_rules": "Cluster rule check",
    "cl_performance": "Performance across tiers", "cl_whatif": "Failure what-if", "cl_assumptions": "Assumptions",
    "cl_references": "References", "cl_racks_table": "Power per rack", "cl_site": "Site totals",
    # overview rows
    "cl_node": "Node design", "cl_size": "Size", "cl_fabric_row": "Compute fabric", "cl_site_row": "Site",
    "cl_fabric_value": "{switch}, {topology}, {tiers}, {planes}, {sus} SU of {per_su} positions, "
                       "{ratio}:1 oversubscription",
    "cl_n_tier": "{n} tier", "cl_n_tiers": "{n} tiers", "cl_n_plane": "{n} plane", "cl_n_planes": "{n} planes",
    "cl_site_value": "{rack_kw} kW and {height}U per rack, {cooling} cooling, {feeds} feeds of {volts} V {amps} A "
                     "{phases}-phase per rack ({policy}), PUE {pue}",
    "cl_rail_optimized": "rail-optimised fat tree", "cl_leaf_spine": "leaf-spine",
    "cl_air": "air", "cl_liquid": "liquid", "cl_2n": "2N: each feed carries the rack",
    "cl_n": "N: the feeds share the load",
    # elevations
    "cl_elev_intro": "Every rack type drawn once to U scale, bottom U 1; the number under a rack is how many racks "
                     "of that type the plan has.",
    "cl_rack_count": "x {count}", "cl_types_left": "{count} more rack types are not drawn (see Power per rack).",
    "cl_role_compute": "compute", "cl_role_network": "network",
    "cl_role_management": "management",
    "cl_kind_node": "node", "cl_kind_switch": "switch", "cl_kind_server": "server", "cl_kind_pdu": "PDU (0U)",
    "cl_kind_cdu": "CDU", "cl_kind_power_shelf": "power shelf", "cl_kind_empty": "empty",
    # fabric
    "cl_fabric_intro": "Switch groups by tier with their counts; the lines carry the cables between tiers.",
    "cl_tier": "Tier", "cl_switches": "Switches", "cl_cables_up": "Cables up", "cl_groups": "Groups",
    "cl_tier_node": "Nodes", "cl_tier_leaf": "Leaf", "cl_tier_spine": "Spine", "cl_tier_core": "Core",
    "cl_per_plane": "{count} per plane x {planes} planes", "cl_leaf_groups": "{sus} SU x {rails} rail leaves",
    "cl_leaf_groups_planes": "{sus} SU x {rails} rail leaves x {planes} planes",
    "cl_cables": "{count} cables", "cl_optics": "Transceivers: {switch_side} on switches, {node_side} on nodes",
    "cl_aux": "{role} fabric: {switch}, {leaves} leaf and {spines} spine switches for {ports} node ports",
    "cl_storage": "storage", "cl_inband": "in-band", "cl_oob": "out-of-band",
    "cl_diagram_title": "{name}: compute fabric",
    "cl_planes_note": "{planes} planes, each a whole fabric: every NIC port is split into one link per plane; one box "
                      "of spines (and cores) per plane.",
    "cl_medium_dac": "copper (DAC)", "cl_medium_fiber": "fibre", "cl_medium_aoc": "active optical (AOC)",
    "cl_medium_acc": "active copper",
    # BOM
    "cl_category": "Category", "cl_part": "Part", "cl_qty": "Qty", "cl_where": "Where",
    "cl_cat_node": "node", "cl_cat_switch": "switch", "cl_cat_cable": "cable", "cl_cat_transceiver": "transceiver",
    "cl_per_rack": "Per rack", "cl_contents": "One rack holds", "cl_kw_each": "kW each", "cl_kw_all": "kW in all",
    "cl_cat_pdu": "PDU", "cl_cat_rack": "rack", "cl_cat_cdu": "CDU",
    # power and cooling
    "cl_racks_col": "Racks", "cl_role": "Role", "cl_kw": "kW", "cl_btu": "BTU/hr", "cl_to_liquid": "to liquid (kW)",
    "cl_feed_load": "Feed load", "cl_after_loss": "One feed lost",
    "cl_it": "IT power", "cl_facility": "Facility power", "cl_tons": "Cooling",
    "cl_heat": "Heat to air / to liquid", "cl_coolant": "Coolant flow", "cl_cdus": "CDUs", "cl_feeds": "Feeds",
    "cl_feeds_value": "{feeds} per rack of {capacity} kW each (volts x amps x utilisation x √3 for three "
                      "phases); {policy}",
    "cl_tons_value": "{tons} tons of refrigeration ({btu} BTU/hr)",
    "cl_coolant_value": "{flow} L/min at a {dt} K rise; supply water {supply} °C",
    "cl_none": "none",
    "cl_shipped_book": "shipped", "cl_card_cost": "{cur} per GPU-hour",
    "cl_card_cost_detail": "estimated; capital {cur}{capital} million",
    "cl_capital": "Capital", "cl_capital_value": "{cur}{total} million, of which {cur}{estimated} million from "
                                                 "estimates (price book: {book})",
    "cl_tco": "Cost of ownership", "cl_tco_value": "{cur}{yearly} million a year; {cur}{per_hour} per GPU-hour at "
                                                   "{util} utilisation and US${kwh}/kWh; {energy} MWh a year",
    "cl_unit_price": "Unit price", "cl_extended": "Extended", "cl_subtotal": "Subtotal, {category}",
    "cl_total": "Total",
    "cl_bom_book": "Prices from the {book} price book, version {version}.",
    "cl_bom_rate": "Amounts in {code} at {rate} {code} per US$ ({date}; its source is under References).",
    "cl_bom_estimate": "* an estimate, not a list price.", "cl_sentence_gap": " ",
    "cl_valid_until": "Prices valid until {date} ({days} days from this document's date).",
    "cl_not_offer": "Prices for planning, not an offer.",
    "cl_lengths": "Cable lengths from a floor layout (compute racks in rows by SU, the network racks in a middle row; "
                  "rise to an overhead tray and 10 % slack, assumed), bought in standard lengths: node-leaf {nl}, "
                  "leaf-spine {ls}, spine-core {sc}; copper up to {dac} m, multimode fibre within the "
                  "transceivers' multimode reach, single mode beyond.",
    # rules
    "cl_trains": "What it trains",
    "cl_tr_intro": "Modelled, not measured: for each model, the fastest parallel layout found on this plan's "
                   "{gpus} GPUs and its wiring, training the model's default budget of 20 tokens per parameter at "
                   "the plan's cost per GPU-hour. The model's mean error against published training measurements is "
                   "about 7 %.",
    "cl_tr_model": "Model", "cl_tr_layout": "Best layout", "cl_tr_mfu": "MFU", "cl_tr_days": "Days",
    "cl_tr_cost": "{cur} million", "cl_tr_none": "does not fit in the GPUs' memory",
    "cl_cannot_run": "This plan cannot run as it stands: {n} rule error(s), listed under Cluster rule check. Its "
                     "figures and price describe a cluster that would not work until they are fixed.",
    "cl_rules_summary": "{rules} rules run: {errors} errors, {warnings} warnings, {infos} infos; {waived} waived.",
    "cl_severity": "Severity", "cl_rule": "Rule", "cl_finding": "Finding", "cl_fix": "Fix", "cl_waived": "Waived",
    "cl_no_findings": "No findings.",
    # performance
    "cl_perf_intro": "A job of N GPUs placed compactly: inside a node, inside one SU's leaves, across the spine, "
                     "across the core. Modelled 1 GiB AllReduce busbw (nccl-tests terms, GB = 10⁹ bytes).",
    "cl_perf_band": "The shaded band and the low and high columns are the model's uncertainty (busbw +/-{band}%); "
                    "the model is checked against public multi-node nccl-tests results.",
    "cl_perf_core": "The core tier's extra switch hops are not in the latency model.",
    "cl_job_gpus": "GPUs in the job", "cl_job_nodes": "Nodes", "cl_job_tier": "Highest tier",
    "cl_busbw": "busbw (GB/s)", "cl_low": "low", "cl_high": "high",
    "cl_chart_title": "AllReduce 1 GiB busbw against job size (modelled)", "cl_chart_x": "GPUs in the job",
    "cl_chart_y": "busbw (GB/s)", "cl_chart_series": "modelled busbw", "cl_band": "uncertainty band",
    "cl_tier_node_job": "node", "cl_tier_leaf_job": "leaf", "cl_tier_spine_job": "spine",
    "cl_tier_core_job": "core",
    "cl_failure": "Failure", "cl_affected": "GPUs affected", "cl_effect": "Effect", "cl_busbw_after": "busbw after",
    "cl_fail_leaf": "one leaf", "cl_fail_spine": "one spine", "cl_fail_plane": "one plane", "cl_fail_feed": "one feed",
    "cl_fail_cdu": "one CDU",
    # closing
    "cl_closing": "Generated by {generator} with catalog {catalog} on {date}. The cluster plan is attached to this "
                  "PDF as cluster-plan.json.",
}
