#!/usr/bin/env python3
"""Samples of an async-profiler collapsed-stack file by area: the first rule below that a stack matches names it.

Usage: areas.py FILE.collapsed   (one line per distinct stack: frames root first, ';'-separated, then a count)
"""
import collections
import sys

# glibc's names for the socket calls (x64; another libc may name them otherwise, and they fall to "kernel, other")
# (Java NIO writes with write/writev; Netty's native epoll transport sends with send/writev and reads with recv)
WRITES = {"__GI_write", "__write", "write", "writev", "__writev", "__GI___send", "__send", "send", "sendmsg"}
READS = {"__GI_read", "__read", "read", "readv", "__GI___recv", "__recv", "recv", "recvmsg"}

# (area, test on the stack's frames); order matters: a socket write inside the PostgreSQL client counts as a write
RULES = [
    ("threads that are not Java's (JIT compilers, GC)", lambda fr: fr[0] != "java/lang/Thread.run"),
    ("Netty's global executor (timers of futures without a context)", lambda fr: any("GlobalEventExecutor" in f for f in fr)),
    ("kernel: waiting for events (epoll_wait)", lambda fr: any("epoll_wait" in f or "epoll_pwait" in f for f in fr)),
    ("kernel: socket writes (HTTP answers, webhooks, PostgreSQL)", lambda fr: any(f in WRITES for f in fr)),
    ("kernel: socket reads", lambda fr: any(f in READS for f in fr)),
    ("form decoding's EndOfDataDecoderException (Netty)", lambda fr: any("EndOfDataDecoderException" in f for f in fr)),
    ("metrics (Micrometer)", lambda fr: any("micrometer" in f for f in fr)),
    ("PostgreSQL client (encode, decode, its futures)", lambda fr: any("pgclient" in f or "sqlclient" in f for f in fr)),
    ("HMAC (webhook signatures, JWT)", lambda fr: any("WebhookSigner" in f or "crypto" in f for f in fr)),
    ("JSON (Jackson)", lambda fr: any("jackson" in f for f in fr)),
    ("kernel, other", lambda fr: any(f.endswith("_[k]") for f in fr)),
    ("the rest: HTTP, vertx-web, event bus, the service's own code", lambda fr: True),
]


def main(path):
    areas = collections.Counter()
    for line in open(path):
        if not line.strip():
            continue
        stack, count = line.rstrip("\n").rsplit(" ", 1)
        frames = stack.split(";")
        areas[next(name for name, test in RULES if test(frames))] += int(count)
    total = sum(areas.values())
    print(f"{total} samples")
    for name, count in areas.most_common():
        print(f"  {100 * count / total:5.1f}%  {count:6d}  {name}")


if __name__ == "__main__":
    main(sys.argv[1])
