#!/usr/bin/env bash
# CPU profile of the full flow (create -> pay through the sandbox checkout -> signed webhook) with JFR, for the
# flame graphs under docs/perf/. Not a benchmark: a short run at a modest fixed rate, to see where the service's
# time goes, not how fast it is.
#
# Usage (from the project root, after `mvn -q package -DskipTests`):
#   docs/perf/profile.sh NAME [JAR]     # writes docs/perf/NAME.collapsed.txt, NAME.top.txt (and NAME.jfr in /tmp)
#   RATE=200 WARMUP=30 DURATION=30 docs/perf/profile.sh after
# Then docs/perf/render.sh NAME draws NAME.svg from the collapsed stacks.
set -uo pipefail

NAME=${1:?usage: profile.sh NAME [JAR]}
JAR=${2:-target/walletpay.jar}
RATE=${RATE:-200}
WARMUP=${WARMUP:-30}
DURATION=${DURATION:-30}
HTTP_PORT=${HTTP_PORT:-18180}
PG_PORT=${PG_PORT:-15532}
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d /tmp/walletpay-profile.XXXXXX)
[ -f "$JAR" ] || { echo "no $JAR" >&2; exit 2; }

pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT

# the recording starts once the warm-up is over (JIT compiled) and lasts the measured run
WALLETPAY_DATA_DIR="$WORK/data" WALLETPAY_HTTP_PORT=$HTTP_PORT WALLETPAY_DB_EMBEDDED_PORT=$PG_PORT \
WALLETPAY_PAYMENTS_CREATE_RATE_PER_SECOND=1000000 WALLETPAY_LOG_LEVEL=WARN \
  java -Xmx512m -XX:FlightRecorderOptions=stackdepth=256 -XX:StartFlightRecording=name=startup,settings=profile -jar "$JAR" \
  > "$WORK/service.log" 2>&1 &
SERVICE_PID=$!
pids+=("$SERVICE_PID")
for _ in $(seq 1 240); do
  curl -sf "http://127.0.0.1:$HTTP_PORT/health/ready" >/dev/null 2>&1 && break
  sleep 0.5
done
curl -sf "http://127.0.0.1:$HTTP_PORT/health/ready" >/dev/null || { echo "service did not start; see $WORK" >&2; exit 1; }
ADMIN_TOKEN=$(sed -n 's/.*"admin_token" *: *"\([^"]*\)".*/\1/p' "$WORK/data/secrets.json")

flow() { # flow SECONDS: the full flow at RATE/s, every webhook verified
  java -Xmx1g -jar "$JAR" loadtest --quiet --warmup 0 --duration "$1" --target "http://127.0.0.1:$HTTP_PORT" \
    --admin-token "$ADMIN_TOKEN" --merchants 4 --rate "$RATE" --pay --connections 128 --json "$2"
}
echo "== $NAME: warm-up ${WARMUP}s of the flow at $RATE/s"
flow "$WARMUP" "$WORK/warmup.json" > "$WORK/warmup.txt" 2>&1 || true
jcmd "$SERVICE_PID" JFR.stop name=startup > /dev/null 2>&1 || true # drop the start and warm-up samples
# the "profile" settings sample each thread every 10 ms, too few samples in a short run: every 1 ms here
jfr configure --input profile --output "$WORK/sampling.jfc" 'jdk.ExecutionSample#period=1ms' > /dev/null
jcmd "$SERVICE_PID" JFR.start settings="$WORK/sampling.jfc" name=measured > /dev/null
echo "== $NAME: recorded ${DURATION}s of the flow at $RATE/s"
flow "$DURATION" "$WORK/flow.json" > "$WORK/flow.txt" 2>&1 || true
jcmd "$SERVICE_PID" JFR.dump name=measured filename="$WORK/$NAME.jfr" > /dev/null
jfr print --json --events jdk.ExecutionSample --stack-depth 256 "$WORK/$NAME.jfr" > "$WORK/$NAME.samples.json"
python3 "$HERE/collapse.py" "$WORK/$NAME.samples.json" "$HERE/$NAME.collapsed.txt" "$HERE/$NAME.top.txt"
tr -d ' \n' < "$WORK/flow.json" | grep -o '"webhooks":{[^}]*' | sed "s/^/== $NAME: /"
echo "== $NAME: $HERE/$NAME.collapsed.txt, $HERE/$NAME.top.txt (recording $WORK/$NAME.jfr)"
