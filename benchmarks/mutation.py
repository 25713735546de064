"""Mutation testing of the rule check, the power budget and the collective model (mutmut; not in CI).

Configuration: [tool.mutmut] in pyproject.toml (what is mutated, which unit tests run). Install the pinned tool
with `.venv/bin/pip install -c constraints.txt -e '.[mutation]'`. The machine is shared, so the run is a seeded
random sample of the mutants (all of them with --sample 0); each mutant runs only the tests that reach the
function it changes (mutmut's own selection), one at a time.

Prints the score (killed / mutants run) and every survivor, which docs/mutation-survivors.md lists as killed (a
test added) or explained (an equivalent mutant, or what no unit test can observe).

Run: .venv/bin/python benchmarks/mutation.py [--sample N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MUTMUT = [sys.executable, "-m", "mutmut"]
LINE = re.compile(r"^\s*(\S+__mutmut_\d+): (.+)$")


def results() -> dict[str, str]:
    out = subprocess.run([*MUTMUT, "results", "--all", "true"], cwd=ROOT, capture_output=True, text=True).stdout
    return {m.group(1): m.group(2).strip() for line in out.splitlines() if (m := LINE.match(line))}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=300, help="mutants to run (0: all)")
    parser.add_argument("--seed", type=int, default=25)
    args = parser.parse_args(argv)
    try:
        import mutmut  # noqa: F401
    except ImportError:
        print("mutmut is not installed: .venv/bin/pip install -c constraints.txt -e '.[mutation]'", file=sys.stderr)
        return 2
    start = time.perf_counter()
    # generate the mutants and the test map (a name that matches nothing runs no mutant)
    subprocess.run([*MUTMUT, "run", "--max-children", "1", "no.such.mutant"], cwd=ROOT, capture_output=True)
    names = sorted(results())
    chosen = names if args.sample <= 0 else sorted(random.Random(args.seed).sample(names, min(args.sample,
                                                                                              len(names))))
    subprocess.run([*MUTMUT, "run", "--max-children", "1", *chosen], cwd=ROOT, capture_output=True)
    status = {name: s for name, s in results().items() if name in set(chosen)}
    killed = [n for n, s in status.items() if s == "killed"]
    survived = sorted(n for n, s in status.items() if s == "survived")
    other = sorted(f"{n}: {s}" for n, s in status.items() if s not in ("killed", "survived"))
    print(f"mutants: {len(names)} in designer/rules, designer/model/budget.py, designer/simulation; "
          f"run: {len(chosen)} (seed {args.seed})")
    print(f"killed {len(killed)}, survived {len(survived)}, other {len(other)}; "
          f"score {len(killed) / max(1, len(killed) + len(survived)):.1%} of those with a verdict; "
          f"{time.perf_counter() - start:.0f} s")
    for name in survived:
        print("survived:", name)
    for line in other:
        print("other:", line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
