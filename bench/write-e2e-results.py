#!/usr/bin/env python3
"""Writes the results file and plots of bench/run-e2e-bench.sh (issue 19).

    write-e2e-results.py [--delivery FILE] [--results DIR] RUN.json...

Each RUN.json is one msgx-e2e-bench --out run (its -latency.csv and -throughput.csv beside it),
labelled fsync-off or fsync-on. Writes DIR/<date>-<shortsha>.json: the fsync-off figures at the top
level, the fsync-on figures in "durable", delivery_ratio_to_raw_produce from the delivery bench's
--json file (its "median_ratio"; null when the file is missing), and the commit, date and machine;
then DIR/<date>-<shortsha>-latency.png and -throughput.png (python3-matplotlib; skipped with a
warning when it is not installed). Prints the path of the results file.
"""
import argparse
import csv
import datetime
import json
import os
import platform
import subprocess
import sys

KEYS = [
    "throughput_ratio_to_raw_commits", "latency_p99_ms", "poll_interval_ms", "backlog_drain_seconds",
    "delivery_ratio_to_raw_produce", "peak_rss_mb",
]


def git(*args):
    try:
        return subprocess.run(["git", *args], check=True, capture_output=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


def read_csv(path):
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return list(csv.DictReader(f))


def plot(runs, base):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("write-e2e-results: matplotlib missing (python3-matplotlib): no plots", file=sys.stderr)
        return []
    written = []
    # Latency per paced message over time, one panel per run.
    fig, axes = plt.subplots(len(runs), 1, figsize=(10, 3.2 * len(runs)), squeeze=False)
    for ax, (label, run, prefix) in zip(axes[:, 0], runs):
        rows = read_csv(prefix + "-latency.csv")
        t = [float(r["t_s"]) for r in rows]
        ms = [float(r["latency_ms"]) for r in rows]
        ax.scatter(t, ms, s=2, alpha=0.5, label="commit -> last msg record read")
        ax.axhline(run["poll_interval_ms"], color="grey", linestyle=":", label="poll interval")
        ax.axhline(run["poll_interval_ms"] + 50, color="red", linestyle="--", label="target p99 (poll + 50 ms)")
        ax.axhline(run["latency_p99_ms"], color="orange", linestyle="-", label="measured p99")
        ax.set_title(f"{label}: latency mailbox commit -> msg Kafka ack at {run['paced_rate_per_s']:.0f} msg/s")
        ax.set_xlabel("seconds into the paced phase")
        ax.set_ylabel("ms")
        top = max(ms) if ms else 1
        ax.set_ylim(0, min(top * 1.05, max(run["latency_p999_ms"] * 1.5, run["poll_interval_ms"] + 80)))
        ax.legend(loc="upper right", fontsize="small")
    fig.tight_layout()
    fig.savefig(base + "-latency.png", dpi=90)
    plt.close(fig)
    written.append(base + "-latency.png")
    # Messages per second of the backlog drain: terminal and Kafka-acked.
    fig, axes = plt.subplots(len(runs), 1, figsize=(10, 3.2 * len(runs)), squeeze=False)
    for ax, (label, run, prefix) in zip(axes[:, 0], runs):
        rows = read_csv(prefix + "-throughput.csv")
        sec = [int(r["second"]) for r in rows]
        ax.plot(sec, [int(r["terminal"]) for r in rows], label="mailbox -> terminal (SUCCEEDED/SKIPPED/DEAD)")
        ax.plot(sec, [int(r["acked"]) for r in rows], label="mailbox -> all msg records read (Kafka-acked)")
        ax.axhline(run["raw_commits_per_s"], color="grey", linestyle=":", label="raw PostgreSQL commits/s")
        ax.set_title(f"{label}: {run['backlog_messages']:.0f}-row backlog drained in {run['backlog_drain_seconds']:.1f} s")
        ax.set_xlabel("seconds after msgxd started")
        ax.set_ylabel("messages per second")
        ax.legend(loc="upper right", fontsize="small")
    fig.tight_layout()
    fig.savefig(base + "-throughput.png", dpi=90)
    plt.close(fig)
    written.append(base + "-throughput.png")
    return written


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--delivery", default="build/bench/delivery.json")
    parser.add_argument("--results", default="bench/results")
    parser.add_argument("runs", nargs="+")
    args = parser.parse_args()

    delivery = None
    if os.path.exists(args.delivery):
        with open(args.delivery) as f:
            delivery = json.load(f).get("median_ratio")
    else:
        print(f"write-e2e-results: {args.delivery} missing: delivery_ratio_to_raw_produce null", file=sys.stderr)

    runs = []
    for path in args.runs:
        with open(path) as f:
            run = json.load(f)
        run["delivery_ratio_to_raw_produce"] = delivery
        runs.append((run["label"], run, path[: -len(".json")]))
    by_label = {label: run for label, run, _ in runs}
    top = by_label.get("fsync-off") or runs[0][1]
    durable = by_label.get("fsync-on")

    sha = git("rev-parse", "--short", "HEAD") or "unknown"
    dirty = git("status", "--porcelain", "--", "core", "storage", "plugins", "handlers") != ""
    date = datetime.date.today().isoformat()
    result = {key: top.get(key) for key in KEYS}
    result.update({k: v for k, v in top.items() if k not in result})
    result["durable"] = ({key: durable.get(key) for key in KEYS} | {k: v for k, v in durable.items() if k not in KEYS}
                         if durable else None)
    result["commit"] = sha + ("+uncommitted" if dirty else "")
    result["date"] = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    result["machine"] = {"cpus": os.cpu_count(), "cpu": cpu_model(), "system": platform.platform()}

    os.makedirs(args.results, exist_ok=True)
    base = os.path.join(args.results, f"{date}-{sha}")
    with open(base + ".json", "w") as f:
        json.dump(result, f, indent=2)
        f.write("\n")
    plots = plot(runs, base)
    print(base + ".json")
    for p in plots:
        print(p)


if __name__ == "__main__":
    main()
