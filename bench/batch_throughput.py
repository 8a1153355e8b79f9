"""Rows per second of `ckey encode --batch` at 512 px PNG, one worker against
every core, in the same run (issue 12 item 1).

Writes a CSV of random mixed-case URLs (seeded) and runs the batch N times
with each --jobs value, alternating, and prints the median and spread of rows
per second. Use a release build of the CLI: swift build -c release.

Run: python3 bench/batch_throughput.py [--cli .build/release/ckey] [--rows 400] [--repeat 3]
"""
import argparse
import os
import random
import statistics
import string
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def rows_csv(count, seed):
    rng = random.Random(seed)
    alphabet = string.ascii_letters + string.digits
    lines = ["name,payload"]
    for i in range(count):
        path = "".join(rng.choice(alphabet) for _ in range(rng.randint(10, 60)))
        lines.append(f"row{i:05d},https://example.com/{path}")
    return "\n".join(lines) + "\n"


def run_batch(cli, csv_path, out_dir, jobs, size):
    start = time.perf_counter()
    result = subprocess.run([cli, "encode", "--batch", str(csv_path), "--out-dir", str(out_dir), "--size", str(size),
                             "--jobs", str(jobs)], capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"batch failed ({result.returncode}): {result.stderr}")
    return seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cli", default=str(ROOT / ".build/release/ckey"))
    parser.add_argument("--rows", type=int, default=400)
    parser.add_argument("--size", type=int, default=512)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=12)
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    with tempfile.TemporaryDirectory() as temp:
        csv_path = Path(temp) / "rows.csv"
        csv_path.write_text(rows_csv(args.rows, args.seed))
        rates = {1: [], cores: []}
        for round_ in range(args.repeat):
            for jobs in rates:
                out = Path(temp) / f"out-{jobs}-{round_}"
                rates[jobs].append(args.rows / run_batch(args.cli, csv_path, out, jobs, args.size))
        print(f"{args.rows} rows, {args.size} px PNG, {args.repeat} runs each (whole process, wall clock)")
        for jobs, values in rates.items():
            print(f"  --jobs {jobs}: median {statistics.median(values):7.1f} rows/s  "
                  f"(min {min(values):.1f}, max {max(values):.1f})")
        print(f"  speed-up: {statistics.median(rates[cores]) / statistics.median(rates[1]):.2f}x on {cores} cores")


if __name__ == "__main__":
    main()
