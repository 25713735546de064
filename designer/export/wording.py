"""Customer wording for the documents: display names instead of ids, the topology matrix's device names and
legends, the drawing's abbreviations and link kinds, all in the document's language (the sheet's text table,
designer/export/sheet_text.py, translated by the string tables' "sheet" section).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.model.names import ABBREVIATIONS, DisplayName, IdReplacer, abbreviation_meaning, display_names
from designer.topology.paths import LEGEND

Text = Mapping[str, str]
# the link kinds as the model writes them (bottleneck lines), as a customer reads them
KIND_WORDS = {"nvlink with in-switch reduction": "NVLink with in-switch reduction (NVLS)", "nvlink": "NVLink",
              "xgmi": "Infinity Fabric (xGMI)", "hccs": "HCCS", "pcie": "PCIe", "roce": "RoCE", "c2c": "NVLink-C2C",
              "socket": "CPU socket link", "network": "network"}
_KIND = re.compile(r"([(（])(" + "|".join(re.escape(k) for k in KIND_WORDS) + r")(?=[,，)）])")


# A list of display names ("GPU 0, GPU 1, ..."; in Chinese "GPU 0、GPU 1、...") and the shortest run said as a range
_NAMED = r"([A-Za-z][A-Za-z -]*?) (\d+)"
_LIST = re.compile(_NAMED + r"(?:(?:, |、)" + _NAMED + r")+")
RUN_AT_LEAST = 5


def compress_runs(text: str) -> str:
    """Runs of at least RUN_AT_LEAST consecutive display names of one kind in a list said as a range: "GPU 0, GPU 1,
    ..., GPU 71" -> "GPU 0–GPU 71" (a 72-GPU rack's findings listed every GPU); shorter runs stay as listed."""
    return _LIST.sub(lambda m: _compressed(m.group(0)), text)


def _compressed(listed: str) -> str:
    separator = "、" if "、" in listed else ", "
    items = [re.fullmatch(_NAMED, part) for part in listed.split(separator)]
    if any(m is None for m in items):
        return listed
    named = [(m.group(1), int(m.group(2))) for m in items if m is not None]
    out: list[str] = []
    start = 0
    for i in range(1, len(named) + 1):
        if i < len(named) and named[i][0] == named[start][0] and named[i][1] == named[i - 1][1] + 1:
            continue
        run = named[start:i]
        if len(run) >= RUN_AT_LEAST:
            out.append(f"{run[0][0]} {run[0][1]}–{run[-1][0]} {run[-1][1]}")
        else:
            out += [f"{word} {n}" for word, n in run]
        start = i
    return separator.join(out)


def topo_legend(tr: Callable[[str], str]) -> list[str]:
    """nvidia-smi's legend: the abbreviations as nvidia-smi prints them, the explanations translated by `tr`."""
    out = []
    for line in LEGEND.splitlines()[1:]:
        if "=" in line:
            abbr, meaning = (s.strip() for s in line.split("=", 1))
            out.append(f"{abbr} = {tr(meaning)}")
    return out


class Wording:
    """One design's names for one document language: long ("GPU 0") for sentences, short ("NVS 0") for boxes."""

    def __init__(self, design: Design, catalog: Catalog, lang: str, text: Text) -> None:
        self.design, self.lang, self.text = design, lang, text
        self.display: dict[str, DisplayName] = display_names(design, catalog)
        self.names = {cid: n.text(lang) for cid, n in self.display.items()}
        self.short = {cid: n.text(lang, short=True) for cid, n in self.display.items()}
        self.replace_ids = IdReplacer(design, self.names)

    def tr(self, key: str) -> str:
        return self.text.get(key, key)

    def sentence(self, text: str) -> str:
        """A line written with ids and model words (a finding, a bottleneck) as a customer reads it; the model's
        ASCII arrow ("GPU 0 -> NVS 0") as a typeset arrow."""
        text = _KIND.sub(lambda m: m.group(1) + self.tr(KIND_WORDS[m.group(2)]), self.replace_ids(text))
        return compress_runs(text.replace(" -> ", " → "))

    def abbreviations(self, tags: list[str]) -> str:
        """'GPU: graphics processing unit; NVS: NVSwitch; ...' for the abbreviations among the tags drawn (they
        stay as they are in every language, as nvidia-smi's do; their meanings are translated)."""
        used = dict.fromkeys(w for t in tags if (w := t.rsplit(" ", 1)[0]) in ABBREVIATIONS)
        colon, separator = self.tr("abbreviation_colon"), self.tr("abbreviation_separator")
        return separator.join(f"{w}{colon}{abbreviation_meaning(w, self.lang)}" for w in used)

    # The topology matrix ---------------------------------------------------------------------------------
    def matrix_names(self, devices: list[str]) -> list[str]:
        """nvidia-smi's names: GPU0.. for the GPUs (NPU0.. for NPUs), NIC0.. for every NIC in the design's order."""
        counters: dict[str, int] = {}
        out = []
        for cid in devices:
            role = self.display[cid].role
            word = {"npu": "NPU", "gpu": "GPU", "accelerator": "GPU"}.get(role, "NIC")
            out.append(f"{word}{counters.setdefault(word, 0)}")
            counters[word] += 1
        return out

    def nic_legend(self, devices: list[str], parts: Mapping[str, str]) -> list[str]:
        """What each matrix NIC is, consecutive NICs of one kind and part in one line ('NIC8–NIC9: Storage NIC 0–1,
        NVIDIA ConnectX-7 2x200G'), as nvidia-smi's 'NIC Legend' names them; parts: each component's part name as the
        sheet writes it, in its language."""
        nics = [(m, cid) for m, cid in zip(self.matrix_names(devices), devices, strict=True) if m.startswith("NIC")]
        groups: list[list[tuple[str, str]]] = []
        for m, cid in nics:
            key = (self.display[cid].role, parts[cid])
            if groups and (self.display[groups[-1][-1][1]].role, parts[groups[-1][-1][1]]) == key:
                groups[-1].append((m, cid))
            else:
                groups.append([(m, cid)])
        return [self._nic_line(g, parts) for g in groups]

    def _nic_line(self, group: list[tuple[str, str]], parts: Mapping[str, str]) -> str:
        (m0, c0), (m1, c1) = group[0], group[-1]
        colon, comma = self.tr("abbreviation_colon"), self.tr("comma")
        if len(group) == 1:
            return f"{m0}{colon}{self.names[c0]}{comma}{parts[c0]}"
        last = self.display[c1].index
        return f"{m0}–{m1}{colon}{self.names[c0]}–{last}{comma}{parts[c0]}"

    def topo_legend(self) -> list[str]:
        return topo_legend(self.tr)

    def class_meaning(self, english: str) -> str:
        """A class meaning with its number ('... a bonded set of 18 NVLinks'), translated by its '#' line."""
        m = re.search(r"\d+", english)
        if m is None:
            return self.tr(english)
        generic = english[:m.start()] + "#" + english[m.end():]
        return self.tr(generic).replace("#", m.group(0)) if generic in self.text else english

