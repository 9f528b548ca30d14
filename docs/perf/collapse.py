#!/usr/bin/env python3
"""JFR execution samples (`jfr print --json --events jdk.ExecutionSample`) to collapsed stacks and a top table.

collapsed: one line per distinct stack, root first, frames joined by ';', then the sample count (the format of
flamegraph.pl, speedscope and render.py). top: the frames most often on top of the stack (self time) and the
project's own methods most often anywhere on it (total time), each with its share of all samples.
"""
import collections
import json
import sys


def frame_name(frame):
    method = frame["method"]
    klass = method["type"]["name"].replace("/", ".")
    return f"{klass}.{method['name']}"


def main(samples_path, collapsed_path, top_path):
    with open(samples_path) as f:
        events = json.load(f)["recording"]["events"]
    stacks = collections.Counter()
    self_counts = collections.Counter()
    total_counts = collections.Counter()
    threads = collections.Counter()
    for event in events:
        values = event["values"]
        frames = [frame_name(fr) for fr in (values.get("stackTrace") or {}).get("frames", [])]
        if not frames:
            continue
        thread = (values.get("sampledThread") or {}).get("javaName") or "?"
        # event-loop-thread-3 and event-loop-thread-5 are the same kind of work: one root per thread group
        group = thread.rstrip("0123456789").rstrip("-")
        threads[group] += 1
        stacks[";".join([group] + frames[::-1])] += 1
        self_counts[frames[0]] += 1
        for name in set(frames):
            if name.startswith("io.walletpay."):
                total_counts[name] += 1
    n = sum(stacks.values())
    with open(collapsed_path, "w") as out:
        for stack, count in sorted(stacks.items()):
            out.write(f"{stack} {count}\n")
    with open(top_path, "w") as out:
        out.write(f"{n} execution samples (JFR, settings=profile)\n\nsamples by thread group\n")
        for name, count in threads.most_common():
            out.write(f"{100.0 * count / n:6.1f}%  {count:7d}  {name}\n")
        out.write("\ntop 30 frames by self samples\n")
        for name, count in self_counts.most_common(30):
            out.write(f"{100.0 * count / n:6.1f}%  {count:7d}  {name}\n")
        out.write("\ntop 30 walletpay methods by total samples (on the stack)\n")
        for name, count in total_counts.most_common(30):
            out.write(f"{100.0 * count / n:6.1f}%  {count:7d}  {name}\n")


if __name__ == "__main__":
    main(*sys.argv[1:4])
