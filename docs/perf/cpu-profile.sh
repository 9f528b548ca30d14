#!/usr/bin/env bash
# Where the service's CPU goes, kernel included: async-profiler in cpu mode (perf events, so socket writes,
# epoll_wait and the JIT's threads show, which JFR's Java samples miss) over 12 s of the full flow at each of RATES
# paid payments per second, after 20 s of creates and 40 s of the flow at 400/s warming the service. Not a
# benchmark: a way to see what a figure of src/bench/benchmark.sh is made of.
#
# Usage (from the project root, after `mvn -q package -DskipTests`; Linux x64; as root, or with
# kernel.perf_event_paranoid <= 1 and kernel.kptr_restrict = 0, else the kernel's frames are missing):
#   RATES="100 400 1000" docs/perf/cpu-profile.sh NAME [JAR]
# writes /tmp/walletpay-cpu-profile.*/NAME-RATE.collapsed (collapsed stacks; `npx speedscope FILE` draws them)
# and prints, per rate, the samples by area (docs/perf/areas.py).
set -uo pipefail

NAME=${1:?usage: cpu-profile.sh NAME [JAR]}
JAR=${2:-target/walletpay.jar}
RATES=${RATES:-400}
HTTP_PORT=${HTTP_PORT:-18180}
PG_PORT=${PG_PORT:-15532}
PROFILER_VERSION=4.1
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d /tmp/walletpay-cpu-profile.XXXXXX)
[ -f "$JAR" ] || { echo "no $JAR" >&2; exit 2; }

# async-profiler's Maven Central jar carries its native library
mkdir -p "$WORK/profiler"
mvn -q dependency:copy -Dartifact=tools.profiler:async-profiler:$PROFILER_VERSION -DoutputDirectory="$WORK/profiler" \
  && (cd "$WORK/profiler" && jar xf async-profiler-$PROFILER_VERSION.jar linux-x64/libasyncProfiler.so)
LIB="$WORK/profiler/linux-x64/libasyncProfiler.so"
[ -f "$LIB" ] || { echo "could not get async-profiler $PROFILER_VERSION's linux-x64 library; see above" >&2; exit 2; }

pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT

WALLETPAY_DATA_DIR="$WORK/data" WALLETPAY_HTTP_PORT=$HTTP_PORT WALLETPAY_DB_EMBEDDED_PORT=$PG_PORT \
WALLETPAY_PAYMENTS_CREATE_RATE_PER_SECOND=1000000 WALLETPAY_LOG_LEVEL=WARN \
  java -Xmx512m -XX:+UnlockDiagnosticVMOptions -XX:+DebugNonSafepoints -jar "$JAR" > "$WORK/service.log" 2>&1 &
SERVICE_PID=$!
pids+=("$SERVICE_PID")
for _ in $(seq 1 240); do
  curl -sf "http://127.0.0.1:$HTTP_PORT/health/ready" >/dev/null 2>&1 && break
  sleep 0.5
done
curl -sf "http://127.0.0.1:$HTTP_PORT/health/ready" >/dev/null || { echo "service did not start; see $WORK" >&2; exit 1; }
ADMIN_TOKEN=$(sed -n 's/.*"admin_token" *: *"\([^"]*\)".*/\1/p' "$WORK/data/secrets.json")
loadtest() {
  java -Xmx1g -jar "$JAR" loadtest --quiet --target "http://127.0.0.1:$HTTP_PORT" --admin-token "$ADMIN_TOKEN" \
    --merchants 4 "$@"
}
profiler() { # jcmd prints "return code: 0" when the agent took the command
  jcmd "$SERVICE_PID" JVMTI.agent_load "$LIB" "\"$1\"" | grep -q 'return code: 0' \
    || { echo "async-profiler refused: $1" >&2; exit 1; }
}

echo "== $NAME: warming the service up (20 s of creates, 40 s of the flow at 400/s)"
loadtest --warmup 0 --duration 20 --concurrency 32 --connections 32 > "$WORK/warmup-creates.txt" 2>&1
loadtest --warmup 0 --duration 40 --rate 400 --pay --connections 256 > "$WORK/warmup-flow.txt" 2>&1
for rate in $RATES; do
  loadtest --warmup 15 --duration 20 --rate "$rate" --pay --connections 256 > "$WORK/flow-$rate.txt" 2>&1 &
  generator=$!
  sleep 20 # the generator's own warm-up, and 5 s into its measured run
  profiler "start,event=cpu,interval=1ms"
  sleep 12
  profiler "stop,collapsed,file=$WORK/$NAME-$rate.collapsed"
  [ -s "$WORK/$NAME-$rate.collapsed" ] || { echo "no profile written at $rate/s; see $WORK" >&2; exit 1; }
  wait "$generator"
  echo "== $NAME at $rate paid/s: $(grep -E '^webhooks' "$WORK/flow-$rate.txt" | cut -c1-80)"
  python3 "$HERE/areas.py" "$WORK/$NAME-$rate.collapsed"
done
