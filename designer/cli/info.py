"""`templates`, `new`, `info`, `topo`, `schema`: the foundation commands."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from designer.analysis import headline_figures
from designer.cli.common import EXIT_OK, UsageError, fmt, print_json, resolve_design
from designer.core import i18n
from designer.core.locale import render
from designer.core.messages import Audience, _m
from designer.export.spec import (
    export_control_spec,
    failures_spec,
    key_figures_spec,
    power_spec,
    spec_schema_text,
)
from designer.io.files import save_design
from designer.io.schema import design_schema_text
from designer.model.catalog import default_catalog
from designer.model.data_text import data_msg
from designer.model.design import Design
from designer.model.facility import heat_balance
from designer.templates import BLANK, BLANK_CHASSIS, BLANK_DESCRIPTION, BLANK_TITLE, TEMPLATES, build_template
from designer.topology.figures import cpu_line
from designer.topology.graph import build_topology
from designer.topology.outcomes import outcomes
from designer.topology.paths import LEGEND, gpu_nic_affinity, topo_matrix


def cmd_templates(args: argparse.Namespace) -> int:
    rows = [(BLANK, BLANK_TITLE, f"{BLANK_DESCRIPTION}; --chassis picks the chassis (default {BLANK_CHASSIS})"),
            *((t.id, t.title, t.description) for t in TEMPLATES.values())]
    if args.json:
        print_json([{"id": tid, "title": title, "description": text} for tid, title, text in rows])
        return EXIT_OK
    width = max(len(tid) for tid, _, _ in rows)
    for tid, title, text in rows:
        print(f"{tid:<{width}}  {title}: {text}")
    return EXIT_OK


def cmd_new(args: argparse.Namespace) -> int:
    if (args.template is None) == (args.from_topo is None):
        raise UsageError("new: give a template id or --from-topo TOPO.txt (one of them)")
    if args.chassis is not None and args.template != BLANK:
        raise UsageError("new: --chassis goes with the blank design ('new blank --chassis ID'); a reference design "
                         "brings its own chassis")
    if args.from_topo is not None:
        from designer.cli.asbuilt import new_from_topo  # noqa: PLC0415

        return new_from_topo(args)
    out = Path(args.output)
    if out.exists() and not args.force:
        raise UsageError(f"{out} exists (use --force to replace it)")
    if out.is_dir():
        raise UsageError(f"{out} is a folder")
    if not out.parent.is_dir() and str(out.parent):
        raise UsageError(f"folder {out.parent} does not exist")
    save_design(build_template(args.template, default_catalog(), args.chassis), out)
    print(f"wrote {out}")
    return EXIT_OK


def info_dict(design_arg: str | Design) -> dict:
    """The JSON spec's vocabulary (designer.export.spec_model): its key_figures and power sections flattened (the
    power section's facility object, the heat balance, stays an object), its failures and export_control sections as
    they are, and the design's name, template and chassis."""
    catalog = default_catalog()
    design = design_arg if isinstance(design_arg, Design) else resolve_design(design_arg, catalog)
    failures = failures_spec(design, catalog)
    return {"name": design.meta.name, "template": design.meta.template, "chassis": design.chassis,
            **key_figures_spec(design, catalog).model_dump(mode="json"),
            **power_spec(design, catalog).model_dump(mode="json"),
            "failures": None if failures is None else failures.model_dump(mode="json"),
            "export_control": export_control_spec(design, catalog).model_dump(mode="json")}


def _physical(data: dict) -> str:
    phys = data["memory_physical_total_gb"]
    return f" ({fmt(phys, 0)} GB physical)" if phys > data["hbm_total_gb"] else ""


def _published_row(data: dict) -> tuple[str, str]:
    published = data["published_max_power_w"]
    if published is None:
        return ("Published maximum", "none published")
    gap = f"{round(data['wall_peak_w'] / published - 1, 3) + 0:+.1%}"
    if data["published_max_is_calibration"]:
        return ("Published maximum", f"{fmt(published, 0)} W for the reference system: the calibration point (the fan "
                                     f"term is derived from it), not an independent check (computed {gap})")
    return ("Published maximum", f"{fmt(published, 0)} W for the reference system (computed {gap})")


def _heat_row(data: dict) -> tuple[str, str]:
    f = data["facility"]
    wall, liquid = round(data["wall_peak_w"]), round(f["heat_to_liquid_w"])  # whole watts that add up as shown
    return ("Heat", f"{fmt(wall, 0)} W: {fmt(liquid, 0)} W to liquid, "
                    f"{fmt(wall - liquid, 0)} W to air ({fmt(data['heat_btu_per_hr'], 0)} BTU/hr in all); "
                    f"{fmt(f['airflow_cfm'], 0)} CFM of air for the air share at a {f['air_delta_t_c']:g} K rise")


def _facility_row(f: dict) -> tuple[str, str]:
    if f["coolant_flow_l_min"] is None:
        return ("Facility", "air-cooled: no coolant")
    inlet = "not given" if f["coolant_inlet_c_max"] is None else f"up to {f['coolant_inlet_c_max']:g} C"
    cdu = f["cdu"] or "coolant distribution unit not named"
    return ("Facility", f"{cdu}; coolant supply {inlet}; {fmt(f['coolant_flow_l_min'], 1)} L/min of water "
                        f"for {fmt(f['heat_to_liquid_w'], 0)} W to liquid at a {f['coolant_delta_t_k']:g} K rise"
                        f"{' (assumed)' if f['coolant_delta_t_assumed'] else ''} "
                        f"({f['coolant_l_min_per_kw']:.2f} L/min per kW; OCP guideline about 1.5, 1.25-2.0)")


def _policy_row(data: dict, lang: str) -> tuple[str, str]:
    if data["failures"] is None:
        return ("Failure policy", "-")
    p = data["failures"]["policy"]
    src = p["source"]
    cited = (render(data_msg(src["title"]), lang, Audience.CLI) if not src["url"]  # no document: a sentence
             else f"{src['title']}, {src['publisher']}, {src['url']}")
    name = data_msg(p["name"])
    if p["not_effective"]:
        name = _m("{policy} ({chosen} is not effective here)", policy=name, chosen=p["chosen"])
    return ("Failure policy", f"{render(name, lang, Audience.CLI)}; {cited}")


def _export_row(data: dict) -> tuple[str, str]:
    ec = data["export_control"]
    density = "unknown" if ec["performance_density"] is None else f"{ec['performance_density']:g}"
    tpp = "unknown" if ec["tpp"] is None else f"{ec['tpp']:,.0f}"
    return ("Export screening", f"accelerator {ec['accelerator_eccn']} (TPP {tpp}, performance density {density}),"
                                f" system {ec['system_eccn']} under {ec['rule']['federal_register']} "
                                f"({ec['rule']['date']}); a screening aid, not a classification")


def psu_summary(data: dict) -> str:
    """'6 x 3.3 kW, N+2', as KeyFigures.psu_summary writes it ('none' before any PSU is placed)."""
    if not data["psu_count"]:
        return "none"
    return f"{data['psu_count']} x {data['psu_unit_output_w'] / 1000:g} kW, {data['psu_redundancy']}"


def _messages(design: Design, lang: str) -> dict[str, str]:
    """The rows that are messages (the failure lines under the policy, the heat split's notes) in `lang`: the JSON
    keeps the English text, a person reading `info --lang` gets them in the language."""
    catalog = default_catalog()
    found = outcomes(build_topology(design, catalog))
    rows = {key: render(found[g].text, lang, Audience.CLI) if g in found else "-"
            for key, g in (("one_link", "link"), ("one_plane", "plane"))}
    heat = heat_balance(design, catalog)
    separator = "; " if lang == "en" else "；"
    rows["heat_split"] = separator.join(render(a, lang, Audience.CLI) for a in heat.assumptions) if heat.liquid else ""
    return rows


def cmd_info(args: argparse.Namespace) -> int:
    lang = i18n.parse_language(args.lang)
    design = resolve_design(args.design, default_catalog())
    data = info_dict(design)
    if args.json:
        print_json(data)
        return EXIT_OK
    said = _messages(design, lang)
    word = "GPU" if data["device_word"] == "GPUs" else "accelerator"
    fp8 = f"{fmt(data['fp8_dense_pflops'], 2)} PFLOPS" if data["fp8_supported"] else "not supported"
    rows = [
        ("Design", data["name"]),
        ("GPUs" if word == "GPU" else "Accelerators",
         f"{data['gpu_count']} x {', '.join(data['gpu_models'])}" if data["gpu_models"] else "0"),
        ("Scale-up fabric", data["scaleup_fabric"]),
        (f"Scale-up per {word}", f"{fmt(data['scaleup_gbytes_s_per_gpu_per_dir'])} GB/s per direction "
                             f"({fmt(data['scaleup_gbytes_s_per_gpu_bidir'])} GB/s bidirectional)"),
        ("Scale-up total", f"{fmt(data['scaleup_total_gbytes_s_per_dir'])} GB/s per direction "
                           f"({fmt(data['scaleup_total_gbytes_s_bidir'] / 1000, 2)} TB/s bidirectional)"),
        ("Bisection", f"{fmt(data['bisection_gbytes_s_per_dir'])} GB/s per direction"),
        (data["memory_kind"], f"{fmt(data['hbm_total_gb'], 0)} GB usable{_physical(data)}, "
                              f"{fmt(data['mem_bw_total_tbytes_s'], 2)} TB/s aggregate"
                + (f" ({data['mem_bw_unknown_gpus']} {word}s unknown)" if data["mem_bw_unknown_gpus"] else "")),
        ("Dense BF16 / FP8", f"{fmt(data['bf16_dense_pflops'], 2, 'PFLOPS')} / {fp8}"),
        ("CPUs", cpu_line(data["cpu_count"], data["cpu_models"], data["cpu_cores_total"])),
        ("Scale-out", f"{data['nic_count']} NICs x {'/'.join(f'{s:g}' for s in data['nic_speeds_gbit_s'])} Gb/s"
                      f" = {fmt(data['scaleout_gbit_s_per_gpu'], 0)} Gb/s per {word}"),
        ("Power", f"{fmt(data['dc_load_w'], 0)} W components, {fmt(data['wall_peak_w'], 0)} W "
                  f"peak at the wall; PSUs {psu_summary(data)} = {fmt(data['psu_usable_w'], 0)} W usable"),
        _published_row(data),
        _heat_row(data),
        _policy_row(data, lang),
        ("One link fails", said["one_link"]),
        ("One plane fails", said["one_plane"]),
        _facility_row(data["facility"]),
        *([("Heat split", said["heat_split"])] if said["heat_split"] else []),
        _export_row(data),
    ]
    width = max(len(k) for k, _ in rows)
    for key, value in rows:
        print(f"{key:<{width}}  {value}")
    if data["gpu_count"]:
        print_headlines(args.design, lang)
    else:  # an empty or GPU-less design (the blank design): nothing to simulate, and no error for asking
        print("\nno GPUs yet: the collective and headline figures come once the design has them")
    return EXIT_OK


def headline_lines(design_arg: str, lang: str = "en") -> list[str]:
    """The five headline figures (designer.core.figures), as the app, the spec sheet and the comparison show them,
    in `lang` (info --lang)."""
    catalog = default_catalog()
    rows = [(render(h.label, lang, Audience.CLI), render(h.value, lang, Audience.CLI))
            for h in headline_figures(resolve_design(design_arg, catalog), catalog)]
    width = max(len(label) for label, _ in rows)
    title = render(_m("Headline figures:"), lang, Audience.CLI)
    return [title, *(f"  {label:<{width}}  {value}" for label, value in rows)]


def print_headlines(design_arg: str, lang: str = "en") -> None:
    print()
    print("\n".join(headline_lines(design_arg, lang)))


def cmd_topo(args: argparse.Namespace) -> int:
    catalog = default_catalog()
    topo = build_topology(resolve_design(args.design, catalog), catalog)
    devices, matrix = topo_matrix(topo)
    labels = [d.upper() if len(d) <= 6 else d for d in devices]
    if not devices:
        raise UsageError(f"{args.design}: the design has no devices to show (add GPUs, NICs or CPUs)")
    width = max(7, *(len(label) + 1 for label in labels))
    print(" " * width + "".join(f"{label:<{width}}" for label in labels))
    for label, row in zip(labels, matrix, strict=True):
        print(f"{label:<{width}}" + "".join(f"{cell:<{width}}" for cell in row))
    print()
    affinity = gpu_nic_affinity(topo)
    if affinity:
        print("GPU to nearest compute NIC:")
        for a in affinity:
            nic = (a.nic or "-").upper()
            print(f"  {a.gpu.upper():<8}{nic:<8}{a.path_class:<6}{a.gbytes_s_per_dir:.1f} GB/s per direction")
        print()
    print(LEGEND)
    return EXIT_OK


def cmd_schema(args: argparse.Namespace) -> int:
    sys.stdout.write(spec_schema_text() if args.spec else design_schema_text())
    return EXIT_OK


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("templates", help="list the reference designs")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(func=cmd_templates)
    p = sub.add_parser("new", help="write a reference design (or a sketch from a topology paste) to a file")
    p.add_argument("template", nargs="?", help="a template id (templates lists them; 'blank': an empty chassis)")
    p.add_argument("--from-topo", metavar="TOPO.txt", help="sketch the design from nvidia-smi/rocm-smi/npu-smi output")
    p.add_argument("--gpu", metavar="PART", help="with --from-topo: the GPU part, when the paste does not tell")
    p.add_argument("--chassis", metavar="ID", help=f"with the template 'blank': the empty chassis (default "
                                                    f"{BLANK_CHASSIS}; an unknown id lists the others)")
    p.add_argument("-o", "--output", required=True, help="the design file to write (JSON)")
    p.add_argument("--force", action="store_true", help="replace an existing file")
    p.set_defaults(func=cmd_new)
    p = sub.add_parser("info", help="key figures of a design")
    p.add_argument("design", help="design file or template id")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.add_argument("--lang", default="en", help="language of the messages (failure lines, heat-split notes, failure "
                                                  "policy): en, zh-TW or zh-CN; the figures and --json stay English")
    p.set_defaults(func=cmd_info)
    p = sub.add_parser("topo", help="device matrix in the style of nvidia-smi topo -m")
    p.add_argument("design", help="design file, PDF spec sheet the app wrote, or template id")
    p.set_defaults(func=cmd_topo)
    p = sub.add_parser("schema", help="print the JSON Schema of design files (--spec: of the JSON spec)")
    p.add_argument("--spec", action="store_true", help="the schema of the JSON spec 'export --json' writes")
    p.set_defaults(func=cmd_schema)
