#!/usr/bin/env python3
"""JFR execution samples (`jfr print --json --events jdk.ExecutionSample`) to collapsed stacks and a top table.

collapsed: one line per distinct stack, root first, frames joined by ';', then the sample count (the format of
flamegraph.pl, speedscope and render.py). top: the frames most often on top of the stack (self time) and the
project's own methods most often anywhere on it (total time), each with its share of all samples.
"""
import collections
import json
import re
import sys

# a lambda's class name carries its address and hash (Foo$$Lambda$849+0x00007fac9c40c800.832272859): one name
LAMBDA = re.compile(r"\$\$Lambda\$\d+(\+0x[0-9a-f]+)?(\.\d+)?|\$Lambda\$\d+")


# where a sample's time goes, by the first rule whose text is on its stack (so PostgreSQL client work is counted
# as such whichever route caused it)
AREAS = [
    ("PostgreSQL client (encode, decode)", "io.vertx.pgclient."),
    ("webhook delivery (send, sign, record)", "io.walletpay.delivery."),
    ("checkout pages (GET, POST)", "io.walletpay.http.CheckoutRoutes"),
    ("create route (auth, parse, fees)", "io.walletpay.http.PaymentRoutes"),
    ("merchant guard (token, limits)", "io.walletpay.http.MerchantGuard"),
    ("store verticle (outside the client)", "io.walletpay.store."),
    ("event bus", "io.vertx.core.eventbus."),
    ("HTTP server and client (Netty, vertx-web)", "io.netty.handler.codec.http"),
    ("HTTP server and client (Netty, vertx-web)", "io.vertx.core.http."),
    ("JFR, GC and other", ""),
]


def area(frames):
    for name, text in AREAS:
        if any(text in frame for frame in frames):
            return name
    return AREAS[-1][0]


def frame_name(frame):
    method = frame["method"]
    klass = method["type"]["name"].replace("/", ".")
    return LAMBDA.sub("$$Lambda", f"{klass}.{method['name']}")


def main(samples_path, collapsed_path, top_path):
    with open(samples_path) as f:
        events = json.load(f)["recording"]["events"]
    stacks = collections.Counter()
    self_counts = collections.Counter()
    total_counts = collections.Counter()
    threads = collections.Counter()
    areas = collections.Counter()
    for event in events:
        values = event["values"]
        frames = [frame_name(fr) for fr in (values.get("stackTrace") or {}).get("frames", [])]
        if not frames:
            continue
        thread = (values.get("sampledThread") or {}).get("javaName") or "?"
        # event-loop-thread-3 and event-loop-thread-5 are the same kind of work: one root per thread group
        group = thread.rstrip("0123456789").rstrip("-")
        threads[group] += 1
        # a stack deeper than the recording's stackdepth lost its root frames: keep it apart, marked
        root = [group, "[truncated]"] if (values.get("stackTrace") or {}).get("truncated") else [group]
        stacks[";".join(root + frames[::-1])] += 1
        self_counts[frames[0]] += 1
        areas[area(frames)] += 1
        for name in set(frames):
            if name.startswith("io.walletpay."):
                total_counts[name] += 1
    n = sum(stacks.values())
    with open(collapsed_path, "w") as out:
        for stack, count in sorted(stacks.items()):
            out.write(f"{stack} {count}\n")
    with open(top_path, "w") as out:
        out.write(f"{n} execution samples (JFR, settings=profile with jdk.ExecutionSample#period=1ms)\n\nsamples by thread group\n")
        for name, count in threads.most_common():
            out.write(f"{100.0 * count / n:6.1f}%  {count:7d}  {name}\n")
        out.write("\nsamples by area (first match on the stack: see AREAS in collapse.py)\n")
        for name, count in areas.most_common():
            out.write(f"{100.0 * count / n:6.1f}%  {count:7d}  {name}\n")
        out.write("\ntop 30 frames by self samples\n")
        for name, count in self_counts.most_common(30):
            out.write(f"{100.0 * count / n:6.1f}%  {count:7d}  {name}\n")
        out.write("\ntop 30 walletpay methods by total samples (on the stack)\n")
        for name, count in total_counts.most_common(30):
            out.write(f"{100.0 * count / n:6.1f}%  {count:7d}  {name}\n")


if __name__ == "__main__":
    main(*sys.argv[1:4])
