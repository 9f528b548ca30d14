#!/usr/bin/env bash
# Where the whole machine's time goes while the service takes creates in a closed loop: a fresh service on its
# embedded default, 20 s of creates at CONNECTIONS connections (4 merchants) to warm it, then `perf record -a -g`
# over 10 s of the same load. Writes NAME.collapsed.txt.gz (every process's stacks, the command first:
# `npx speedscope` opens it once unzipped) and NAME.top.txt: the samples by process and thread (PostgreSQL's
# backends, the service's event loop, the generator's, idle), then the hottest symbols. Not a benchmark: a way to
# see what a figure of src/bench/benchmark.sh is made of. Needs perf, as root (kernel frames and other processes).
#
# Usage (from the project root, after `mvn -q package -DskipTests`):
#   docs/perf/creates-profile.sh NAME [JAR]        # CONNECTIONS=32 by default
set -uo pipefail

NAME=${1:?usage: creates-profile.sh NAME [JAR]}
JAR=${2:-target/walletpay.jar}
CONNECTIONS=${CONNECTIONS:-32}
HTTP_PORT=${HTTP_PORT:-18380}
PG_PORT=${PG_PORT:-15732}
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d /tmp/walletpay-creates-profile.XXXXXX)
[ -f "$JAR" ] || { echo "no $JAR" >&2; exit 2; }
command -v perf >/dev/null || { echo "perf not found (apt-get install linux-perf)" >&2; exit 2; }

for port in $HTTP_PORT $PG_PORT; do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    echo "port $port is already in use (another run still stopping?); set HTTP_PORT / PG_PORT" >&2; exit 2
  fi
done

pids=()
# the service and its database stop first; then its data directory (gigabytes after a few runs) goes with the rest
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

WALLETPAY_DATA_DIR="$WORK/data" WALLETPAY_HTTP_PORT=$HTTP_PORT WALLETPAY_DB_EMBEDDED_PORT=$PG_PORT \
WALLETPAY_PAYMENTS_CREATE_RATE_PER_SECOND=1000000 WALLETPAY_LOG_LEVEL=WARN \
  java -Xmx512m -jar "$JAR" > "$WORK/service.log" 2>&1 &
pids+=("$!")
for _ in $(seq 1 240); do
  curl -sf "http://127.0.0.1:$HTTP_PORT/health/ready" >/dev/null 2>&1 && break
  sleep 0.5
done
curl -sf "http://127.0.0.1:$HTTP_PORT/health/ready" >/dev/null \
  || { echo "not ready:" >&2; tail -5 "$WORK/service.log" >&2; exit 1; }
TOKEN=$(sed -n 's/.*"admin_token" *: *"\([^"]*\)".*/\1/p' "$WORK/data/secrets.json")

java -Xmx1g -jar "$JAR" loadtest --quiet --warmup 20 --duration 12 --target "http://127.0.0.1:$HTTP_PORT" \
  --admin-token "$TOKEN" --merchants 4 --concurrency "$CONNECTIONS" --connections "$CONNECTIONS" \
  > "$WORK/load.txt" 2>&1 &
generator=$!
pids+=("$generator")
sleep 21
perf record -a -g -o "$WORK/perf.data" -- sleep 10 > /dev/null 2>&1
wait "$generator"
grep -E "^create" "$WORK/load.txt"

perf script -i "$WORK/perf.data" 2> /dev/null | "$HERE/collapse-perf.py" | gzip > "$NAME.collapsed.txt.gz"
{
  echo "creates at $CONNECTIONS connections, 4 merchants, a fresh service after 20 s of the same; perf -a over 10 s"
  grep -E "^create" "$WORK/load.txt"
  echo
  echo "samples by process and thread (% of all $(nproc) cores)"
  perf report -i "$WORK/perf.data" --no-children --sort pid --stdio -g none 2> /dev/null \
    | grep -E "^ +[0-9]" | head -12
  echo
  echo "hottest symbols (% of all)"
  perf report -i "$WORK/perf.data" --no-children --sort comm,sym --stdio -g none 2> /dev/null \
    | grep -E "^ +[0-9]" | head -30
} > "$NAME.top.txt"
echo "wrote $NAME.collapsed.txt.gz and $NAME.top.txt"
