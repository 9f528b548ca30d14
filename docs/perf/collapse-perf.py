#!/usr/bin/env python3
"""`perf script` output -> collapsed stacks (root first, ';'-separated, then a count), for render.sh and speedscope.

Usage: perf script -i perf.data | collapse-perf.py > NAME.collapsed.txt
Each sample is a header line (the command, its pid, the event) followed by one frame per line, innermost first,
and a blank line; the stack is prefixed with the process's command, so backends and the WAL writer stay apart.
"""
import collections
import sys


def main():
    stacks = collections.Counter()
    command, frames = None, []
    for line in sys.stdin:
        line = line.rstrip("\n")
        if not line.strip():
            if command is not None:
                stacks[";".join([command] + frames[::-1])] += 1
            command, frames = None, []
        elif not line[0].isspace():
            command = line.split()[0]
        else:
            parts = line.split(None, 1)
            symbol = parts[1].split(" (")[0] if len(parts) > 1 else "[unknown]"
            frames.append(symbol.split("+0x")[0])
    if command is not None:
        stacks[";".join([command] + frames[::-1])] += 1
    for stack, count in sorted(stacks.items()):
        print(f"{stack} {count}")


if __name__ == "__main__":
    main()
