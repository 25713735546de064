"""The reference designs' PCIe trees reproduce published `nvidia-smi topo -m` matrices.

Each fixture under tests/fixtures/topo/ is a matrix as printed in a public thread (its URL is in the file) and a
`map:` line from the published device names to the template's component ids. The test runs the CLI's `topo`
command on the template and compares every published cell with the printed one.
"""

from pathlib import Path

import pytest

from designer.cli.main import main

FIXTURES = Path(__file__).parent.parent / "fixtures" / "topo"


def published(name: str) -> tuple[str, dict[str, str], dict[tuple[str, str], str]]:
    lines = (FIXTURES / name).read_text().splitlines()
    source = next(ln.split("source:", 1)[1].strip() for ln in lines if "source:" in ln)
    mapping = dict(pair.split("=") for ln in lines if ln.startswith("# map:") for pair in ln[6:].split())
    rows = [ln.split("\t") for ln in lines if ln and not ln.startswith("#")]
    header = rows[0][1:]
    cells = {(row[0], col): cell for row in rows[1:] for col, cell in zip(header, row[1:], strict=True)}
    return source, mapping, cells


def printed(capsys, template: str) -> dict[tuple[str, str], str]:
    assert main(["topo", template]) == 0
    lines = capsys.readouterr().out.split("\n\n")[0].splitlines()
    header = lines[0].split()
    return {(row.split()[0].lower(), col.lower()): cell
            for row in lines[1:] for col, cell in zip(header, row.split()[1:], strict=True)}


@pytest.mark.parametrize("template,fixture", [
    ("dgx-a100", "dgx-a100-nics.txt"), ("dgx-a100", "dgx-a100-gpus.txt"),
    ("dgx-h100", "hgx-h100.txt"), ("dgx-h200", "hgx-h100.txt"), ("dell-xe9680", "hgx-h100.txt"),
])
def test_template_topo_matches_the_published_matrix(capsys, template, fixture):
    source, mapping, cells = published(fixture)
    assert source.startswith("https://github.com/")
    ours = printed(capsys, template)
    gpus = {k: v for k, v in mapping.items() if k.startswith("GPU")}
    wrong = {(row, col): (want, ours[(gpus[row], mapping[col])]) for (row, col), want in cells.items()
             if ours[(gpus[row], mapping[col])] != want}
    assert wrong == {}, f"differs from {source}"
