#!/usr/bin/env bash
# Stops what start-local.sh started in [base-dir] (default /tmp/walletpay-ha) and removes its data.
set -uo pipefail
base="${1:-/tmp/walletpay-ha}"
for pidfile in "$base"/haproxy.pid "$base"/node*.pid "$base"/etcd.pid; do
  [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null
done
sleep 2
pkill -f "postgres -D $base/" 2>/dev/null
rm -rf "$base"
