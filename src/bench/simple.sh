#!/usr/bin/env bash
# The simple way a user sizes a deployment: for each rate, a fresh service on its embedded default (new data
# directory, default heap, default log level, default connections), the bundled generator with one merchant and 64
# connections, a warm-up at the same rate, then the measured window of the full flow (create -> pay through the
# sandbox checkout -> signed webhook, every signature verified). Prints, per rate and run: paid payments a second,
# webhooks verified, the p99 from the pay request's send to its verified webhook, CPU per paid payment of the
# service's JVM (from /proc, as `top` sees it), the part of it its JIT compiler threads spent, how many times its
# threads went to sleep waiting for work per paid payment (their voluntary context switches: each costs a wake-up),
# the embedded PostgreSQL's processes' CPU per paid payment, and the start-to-ready time of that fresh service (a
# new data directory: initdb included).
#
# Usage (from the project root, after `mvn -q package -DskipTests`):
#   src/bench/simple.sh                           # RATES="400 1000", RUNS=3, WARMUP=40, DURATION=20
#   WALLETPAY_PAYMENTS_CREATE_RATE_PER_SECOND=1000000 RATES=2500 RUNS=1 src/bench/simple.sh
#                                                 # one capacity run: one merchant past the default
#                                                 # per-merchant create limit (2 000/s) needs it raised
#   JAVA_OPTS="-Xmx512m" src/bench/simple.sh      # the service with other JVM options
#   WALLETPAY_HTTP_INSTANCES=2 src/bench/simple.sh   # WALLETPAY_* variables of the caller reach the service
set -uo pipefail

JAR=${JAR:-target/walletpay.jar}
RATES=${RATES:-400 1000}
RUNS=${RUNS:-3}
WARMUP=${WARMUP:-40}
DURATION=${DURATION:-20}
CONNECTIONS=${CONNECTIONS:-64}
HTTP_PORT=${HTTP_PORT:-18280}
PG_PORT=${PG_PORT:-15632}
JAVA_OPTS=${JAVA_OPTS:-}
WORK=$(mktemp -d /tmp/walletpay-simple.XXXXXX)

[ -f "$JAR" ] || { echo "no $JAR: run mvn -q package -DskipTests first" >&2; exit 2; }
for port in $HTTP_PORT $PG_PORT; do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    echo "port $port is already in use (another run?); set HTTP_PORT / PG_PORT" >&2; exit 2
  fi
done
service=
generator=
cleanup() { kill $service $generator 2>/dev/null; wait 2>/dev/null || true; }
trap cleanup EXIT

ticks() { # user+system clock ticks of a process and its threads (fields after the command, which may hold spaces)
  sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | awk '{ print $12 + $13 }' || echo 0
}
reaped_ticks() { # user+system clock ticks of the children a process has waited for (exited backends, workers)
  sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | awk '{ print $14 + $15 }' || echo 0
}
postgres_ticks() { # the embedded PostgreSQL: the postmaster, its children, and the children that have exited
  local total=0 pid postmaster
  postmaster=$(pgrep -f -- "-D $1" | head -1)
  [ -n "$postmaster" ] || { echo 0; return; }
  total=$(reaped_ticks "$postmaster")
  for pid in "$postmaster" $(pgrep -P "$postmaster"); do
    total=$((total + $(ticks "$pid")))
  done
  echo "$total"
}
jit_ticks() { # the JVM's JIT compiler threads (C1, C2): a fresh service still compiles its hot paths for minutes
  local total=0 task
  for task in /proc/"$1"/task/*; do
    grep -q 'Compiler' "$task/comm" 2>/dev/null && total=$((total + $(ticks "${task#/proc/}")))
  done
  echo "$total"
}
hz=$(getconf CLK_TCK)

echo "== machine: $(nproc) cores, $(java -version 2>&1 | head -1); warm-up ${WARMUP}s, measured ${DURATION}s, $CONNECTIONS connections"
printf '%-6s %-4s %9s %11s %14s %11s %11s %7s %12s %8s\n' rate run "paid/s" verified "pay->hook p99" "service ms" "of it JIT" sleeps "postgres ms" "ready s"
for rate in $RATES; do
  for run in $(seq 1 "$RUNS"); do
    data="$WORK/data-$rate-$run"
    started=$(date +%s%N)
    # shellcheck disable=SC2086
    WALLETPAY_DATA_DIR="$data" WALLETPAY_HTTP_PORT=$HTTP_PORT WALLETPAY_DB_EMBEDDED_PORT=$PG_PORT \
      java $JAVA_OPTS -jar "$JAR" > "$data.log" 2>&1 &
    service=$!
    until curl -sf "http://127.0.0.1:$HTTP_PORT/health/ready" >/dev/null 2>&1; do
      kill -0 "$service" 2>/dev/null || { echo "the service stopped; see $data.log" >&2; exit 1; }
      [ $(( $(date +%s%N) - started )) -lt 120000000000 ] || { echo "not ready after 120 s; see $data.log" >&2; exit 1; }
      sleep 0.05
    done
    ready=$(awk -v a="$started" -v b="$(date +%s%N)" 'BEGIN { printf "%.1f", (b - a) / 1e9 }')
    token=$(sed -n 's/.*"admin_token" *: *"\([^"]*\)".*/\1/p' "$data/secrets.json")
    out="$WORK/flow-$rate-$run.json"
    java -Xmx1g -jar "$JAR" loadtest --quiet --target "http://127.0.0.1:$HTTP_PORT" --admin-token "$token" \
      --merchants 1 --connections "$CONNECTIONS" --rate "$rate" --pay --warmup "$WARMUP" --duration "$DURATION" \
      --service-pid "$service" --json "$out" > "$WORK/flow-$rate-$run.txt" 2>&1 &
    generator=$!
    sleep "$WARMUP"
    p0=$(postgres_ticks "$data/postgres"); c0=$(jit_ticks "$service")
    sleep "$DURATION"
    p1=$(postgres_ticks "$data/postgres"); c1=$(jit_ticks "$service")
    wait "$generator" || echo "   (the generator reported errors: see $WORK/flow-$rate-$run.txt)"
    generator=
    compact=$(tr -d ' \n\t' < "$out")
    paid_rps=$(echo "$compact" | grep -o '"pay":{.*' | grep -o '"ok_rps":[0-9.]*' | head -1 | cut -d: -f2)
    webhooks=$(echo "$compact" | grep -o '"webhooks":{.*')
    verified="$(echo "$webhooks" | grep -o '"verified":[0-9]*' | head -1 | cut -d: -f2)/$(echo "$webhooks" | grep -o '"expected":[0-9]*' | head -1 | cut -d: -f2)"
    # from the pay request's send to its webhook's arrival, verified: the answer-to-webhook figure beside it is 0 for
    # the many webhooks that arrive before the pay's answer does
    p99=$(echo "$webhooks" | grep -o '"from_pay_sent_ms":{[^}]*' | grep -o '"p99":[0-9.]*' | cut -d: -f2)
    service_ms=$(echo "$compact" | grep -o '"service_ms_per_flow":[0-9.]*' | head -1 | cut -d: -f2)
    sleeps=$(echo "$compact" | grep -o '"service_sleeps_per_flow":[0-9.]*' | head -1 | cut -d: -f2)
    # The JIT's and PostgreSQL's ticks are counted over this script's window: as long as the generator's measured
    # one, but starting when the generator was launched plus the warm-up, a few seconds before the generator's own
    # (its JVM start and set-up come first); so they are per paid payment over the same length, not the same seconds.
    per_paid() {
      awk -v t="$1" -v r="${paid_rps:-0}" -v d="$DURATION" -v hz="$hz" \
        'BEGIN { if (r > 0) printf "%.2f", t * 1000 / hz / (r * d); else print "n/a" }'
    }
    printf '%-6s %-4s %9s %11s %11s ms %11s %11s %7s %12s %8s\n' "$rate" "$run" "$paid_rps" "$verified" "$p99" \
      "$service_ms" "$(per_paid $((c1 - c0)))" "$sleeps" "$(per_paid $((p1 - p0)))" "$ready"
    kill "$service"; wait "$service" 2>/dev/null; service=
    rm -rf "$data" # its logs stay beside it
  done
done
echo "== per-run output in $WORK"
