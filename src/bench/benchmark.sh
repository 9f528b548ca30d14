#!/usr/bin/env bash
# One-machine benchmark of walletpay, all against the same embedded PostgreSQL (synchronous_commit on):
#   (1) pgbench inserting the row the create route writes, one per transaction: the database's own limit; and
#       pgbench's minimal durable insert (one row into a table holding only its primary key), the floor of a commit
#   (2) a trivial Vert.x route with no database: the HTTP ceiling
#   (3) walletpay's create route at maximum concurrency, then at half that rate (open loop) for p99
#   (4) the full flow: create -> pay through the sandbox checkout -> signed webhook, verified
# and prints each figure with the ratios service/pgbench and service/HTTP-ceiling, the CPU per paid payment of the
# service and of the load generator (OS process accounting over the measured window), and, over RUNS runs, the
# spread (min / median / max) of every figure: the machine is shared and noisy, one run is not a figure. Its work
# directory in /tmp keeps every log and results.tsv; the databases it made there are removed when it ends.
#
# Usage (from the project root, after `mvn -q package -DskipTests`):
#   src/bench/benchmark.sh                      # defaults below: 3 runs, 32 and 64 connections, flow at 400 and 1000/s
#   RUNS=1 CONCURRENCIES=32 FLOW_RATES=400 DURATION=20 src/bench/benchmark.sh
#   NODES=3 src/bench/benchmark.sh             # 3 clustered nodes (role all) on node 1's PostgreSQL; the generator
#                                               # spreads its requests over them (no load balancer on 2 cores);
#                                               # needs walletpay-cluster.jar beside $JAR, as mvn package leaves it
#   HEAP_RUN=300 src/bench/benchmark.sh         # also a 5-minute max-rate run sampling the service's heap
#   SERVICE_WARMUP=40                           # seconds of unreported load first, so the JIT has compiled
#   GROUP_COMMIT=off src/bench/benchmark.sh     # creates one by one (db.group_commit), for the before/after
#   DB_URL=postgresql://u:p@host:5432/db src/bench/benchmark.sh   # the service on an external PostgreSQL
# Needs: java, pgbench and psql (PostgreSQL client tools) on the PATH.
set -uo pipefail

JAR=${JAR:-target/walletpay.jar}
CONCURRENCIES=${CONCURRENCIES:-${CONCURRENCY:-32 64}}
CONCURRENCY=${CONCURRENCIES%% *}   # the first: warm-up and the heap run
RUNS=${RUNS:-3}
NODES=${NODES:-1}
DURATION=${DURATION:-20}
WARMUP=${WARMUP:-30}   # each generator's own warm-up: a fresh JVM's JIT still compiles its hot path for ~30 s at 400/s
FLOW_RATES=${FLOW_RATES:-${FLOW_RATE:-400 1000}}
HEAP_RUN=${HEAP_RUN:-0}
SERVICE_HEAP=${SERVICE_HEAP:-512m}
HTTP_PORT=${HTTP_PORT:-18080}
PG_PORT=${PG_PORT:-15432}
CEILING_PORT=${CEILING_PORT:-18090}
WORK=$(mktemp -d /tmp/walletpay-bench.XXXXXX)
OUT=${OUT:-$WORK}
GROUP_COMMIT=${GROUP_COMMIT:-on}
DB_URL=${DB_URL:-}

[ -f "$JAR" ] || { echo "no $JAR: run mvn -q package -DskipTests first" >&2; exit 2; }
[ "$NODES" -gt 1 ] && [ ! -f "$(dirname "$JAR")/walletpay-cluster.jar" ] \
  && { echo "NODES=$NODES needs walletpay-cluster.jar beside $JAR (mvn package builds both)" >&2; exit 2; }
command -v pgbench >/dev/null || { echo "pgbench not found (PostgreSQL client tools)" >&2; exit 2; }

pids=()
declare -A HTTP_FLOOR
# the services and their databases stop first; then the data directories (gigabytes after a run) go, and the
# logs and results stay in $WORK
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$WORK"/data*
}
trap cleanup EXIT

compact() { tr -d ' \n\t' < "$1" 2>/dev/null || true; } # the JSON summary without white space
field() { # field FILE KEY -> first numeric value of "KEY": in a JSON file
  compact "$1" | grep -o "\"$2\":[0-9.eE+-]*" | head -1 | cut -d: -f2 || true
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }

echo "== machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(java -version 2>&1 | head -1)"
echo "== work dir $WORK"

for port in $HTTP_PORT $PG_PORT $CEILING_PORT; do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    echo "port $port is already in use; set HTTP_PORT / PG_PORT / CEILING_PORT" >&2; exit 2
  fi
done

echo "== starting walletpay (embedded PostgreSQL on port $PG_PORT, heap $SERVICE_HEAP)"
echo "== db.group_commit=$GROUP_COMMIT, database: ${DB_URL:+external (DB_URL)}${DB_URL:-embedded}"
[ -n "$DB_URL" ] && export WALLETPAY_DB_URL="$DB_URL"
CLUSTER_ENV=()
if [ "$NODES" -gt 1 ]; then
  MEMBERS=$(for n in $(seq 1 "$NODES"); do printf '127.0.0.1:%d,' $((5900 + n)); done | sed 's/,$//')
  # one JWT secret for all nodes: a token issued by one is honoured by every other
  CLUSTER_ENV=(WALLETPAY_CLUSTER_ENABLED=true WALLETPAY_CLUSTER_MEMBERS=$MEMBERS WALLETPAY_CLUSTER_HOST=127.0.0.1
    WALLETPAY_JWT_SECRET=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n'))
fi
env "${CLUSTER_ENV[@]}" ${CLUSTER_ENV:+WALLETPAY_CLUSTER_PORT=5901} \
WALLETPAY_DB_GROUP_COMMIT=$GROUP_COMMIT \
WALLETPAY_DATA_DIR="$WORK/data" WALLETPAY_HTTP_PORT=$HTTP_PORT WALLETPAY_DB_EMBEDDED_PORT=$PG_PORT \
WALLETPAY_PAYMENTS_CREATE_RATE_PER_SECOND=1000000 WALLETPAY_LOG_LEVEL=WARN \
  java -Xmx$SERVICE_HEAP -jar "$JAR" > "$WORK/service.log" 2>&1 &
SERVICE_PID=$!
pids+=("$SERVICE_PID")
for _ in $(seq 1 240); do
  curl -sf "http://127.0.0.1:$HTTP_PORT/health/ready" >/dev/null 2>&1 && break
  sleep 0.5
done
curl -sf "http://127.0.0.1:$HTTP_PORT/health/ready" >/dev/null || { echo "service did not start; see $WORK/service.log" >&2; exit 1; }
ADMIN_TOKEN=$(sed -n 's/.*"admin_token" *: *"\([^"]*\)".*/\1/p' "$WORK/data/secrets.json")
TARGETS="http://127.0.0.1:$HTTP_PORT"
SERVICE_PIDS=("$SERVICE_PID")
if [ "$NODES" -gt 1 ]; then
  SERVICE_DB_URL=${DB_URL:-postgresql://walletpay:$(sed -n 's/.*"service_password" *: *"\([^"]*\)".*/\1/p' "$WORK/data/database-credentials.json")@127.0.0.1:$PG_PORT/postgres}
  for n in $(seq 2 "$NODES"); do
    port=$((HTTP_PORT + n - 1))
    env "${CLUSTER_ENV[@]}" WALLETPAY_CLUSTER_PORT=$((5900 + n)) WALLETPAY_DB_URL="$SERVICE_DB_URL" \
      WALLETPAY_DB_GROUP_COMMIT=$GROUP_COMMIT WALLETPAY_ADMIN_TOKEN="$ADMIN_TOKEN" \
      WALLETPAY_DATA_DIR="$WORK/data$n" WALLETPAY_HTTP_PORT=$port WALLETPAY_PUBLIC_BASE_URL="http://127.0.0.1:$HTTP_PORT" \
      WALLETPAY_PAYMENTS_CREATE_RATE_PER_SECOND=1000000 WALLETPAY_LOG_LEVEL=WARN \
      java -Xmx$SERVICE_HEAP -jar "$JAR" > "$WORK/service$n.log" 2>&1 &
    pids+=("$!"); SERVICE_PIDS+=("$!")
    for _ in $(seq 1 240); do curl -sf "http://127.0.0.1:$port/health/ready" >/dev/null 2>&1 && break; sleep 0.5; done
    curl -sf "http://127.0.0.1:$port/health/ready" >/dev/null || { echo "node $n did not start; see $WORK/service$n.log" >&2; exit 1; }
    TARGETS="$TARGETS,http://127.0.0.1:$port"
  done
  echo "== $NODES nodes clustered: $TARGETS"
fi
MERCHANT_ID=$(sed -n 's/.*"merchant_id" *: *"\([^"]*\)".*/\1/p' "$WORK/data/demo-merchant.json")
# the embedded PostgreSQL takes passwords only (README "Running in production"); pgbench and psql read this one
if [ -z "$DB_URL" ]; then
  export PGPASSWORD=$(sed -n 's/.*"superuser_password" *: *"\([^"]*\)".*/\1/p' "$WORK/data/database-credentials.json")
  PG_TARGET=(-h 127.0.0.1 -p "$PG_PORT" -U postgres postgres)
else
  PG_TARGET=("$DB_URL") # pgbench and psql take the URL as their connection string
fi
psql "${PG_TARGET[@]}" -Atc "SHOW synchronous_commit; SHOW fsync" | tr '\n' ' ' \
  | sed 's/^/== PostgreSQL synchronous_commit, fsync: /'; echo

loadtest() { java -Xmx1g -jar "$JAR" loadtest --quiet --warmup "$WARMUP" --duration "$DURATION" "$@"; }

echo "== warming the service up: ${SERVICE_WARMUP:=40}s of creates and ${FLOW_WARMUP:-30}s of the full flow, not reported (the JIT needs it)"
java -Xmx1g -jar "$JAR" loadtest --quiet --warmup 0 --duration "$SERVICE_WARMUP" --target "$TARGETS" \
  --admin-token "$ADMIN_TOKEN" --merchants 4 --concurrency "$CONCURRENCY" --connections "$CONCURRENCY" \
  > "$WORK/warmup.txt" 2>&1 || true
java -Xmx1g -jar "$JAR" loadtest --quiet --warmup 0 --duration "${FLOW_WARMUP:-30}" --target "$TARGETS" \
  --admin-token "$ADMIN_TOKEN" --merchants 4 --rate 200 --pay --connections 128 \
  > "$WORK/warmup-flow.txt" 2>&1 || true   # the checkout and webhook paths need their JIT too

RESULTS="$WORK/results.tsv"; : > "$RESULTS"
# walletpay_webhook_event_to_delivered_seconds buckets of every node, summed: "le count" lines
scrape_delivered() {
  for target in ${TARGETS//,/ }; do curl -s "$target/metrics"; done \
    | sed -n 's/^walletpay_webhook_event_to_delivered_seconds_bucket{le="\([^"]*\)"[^ ]* \([0-9.eE+]*\)$/\1 \2/p' \
    | awk '{ n[$1] += $2 } END { for (le in n) print le, n[le] }'
}
# the upper bound of the bucket holding the 99th percentile of what was delivered between two scrapes, in ms
delivered_p99() {
  awk 'NR == FNR { before[$1] = $2; next } { d = $2 - before[$1]; le = ($1 == "+Inf") ? 1e9 : $1; print le, d }' \
    "$1" "$2" | sort -g | awk '{ le[NR] = $1; c[NR] = $2 } END {
      if (NR == 0 || c[NR] == 0) { print "n/a"; exit }
      for (i = 1; i <= NR; i++) if (c[i] >= 0.99 * c[NR]) { printf "%.1f", le[i] * 1000; exit } }'
}
record() { printf '%s\t%s\t%s\n' "$1" "$2" "$3" >> "$RESULTS"; echo "   [$2] $1: $3"; }
latency() { compact "$1" | grep -o '"latency_ms":{[^}]*}' | head -1 | grep -o "\"$2\":[0-9.]*" | cut -d: -f2; }
# the service's CPU is that of all its nodes together; the generator reads its own
SERVICE_CPU_PID=$(IFS=,; echo "${SERVICE_PIDS[*]}")

# the row the service writes: an identifier and a checkout token that start with the millisecond (in order, as
# the service's are), a short code with the sequence's next number, each made in SQL as cheaply as it can be
cat > "$WORK/insert.sql" <<SQL
WITH made AS (SELECT lpad(to_hex((extract(epoch FROM clock_timestamp()) * 1000)::bigint), 12, '0') AS millis,
                     nextval('payment_short_code_numbers') AS number)
INSERT INTO payments (id, merchant_id, reference_id, amount, fees, net_amount, customer_name, customer_email,
  description, checkout_token, redirect_url, expires_at, short_code, short_code_number)
SELECT (millis || '7' || substr(md5(random()::text), 1, 19))::uuid, '$MERCHANT_ID', 'bench', 2500.00, 0.00,
  2500.00, 'Jean', 'jean@example.ht', NULL, millis || md5(random()::text), 'http://localhost/checkout/x',
  now() + 1800 * interval '1 second', 'WP-' || lpad(number::text, 8, '0'), number
FROM made
RETURNING id, merchant_id, reference_id, amount, fees, net_amount, status, customer_name, customer_email,
  description, checkout_token, redirect_url, provider_transaction_id, created_at, updated_at, completed_at, expires_at;
SQL

# PostgreSQL's own minimal durable single-row insert: a table with only its primary key, one row per commit
psql "${PG_TARGET[@]}" -qc "CREATE TABLE IF NOT EXISTS bench_minimal (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY)"
echo "INSERT INTO bench_minimal DEFAULT VALUES;" > "$WORK/minimal.sql"

echo "== HTTP ceiling: trivial Vert.x route, no database, $CONCURRENCY connections (once)"
java -Xmx$SERVICE_HEAP -jar "$JAR" loadtest --ceiling-server --port "$CEILING_PORT" > "$WORK/ceiling.log" 2>&1 &
CEILING_PID=$!
pids+=("$CEILING_PID")
sleep 2
loadtest --target "http://127.0.0.1:$CEILING_PORT" --no-auth --concurrency "$CONCURRENCY" \
  --connections "$CONCURRENCY" --json "$WORK/ceiling.json" > "$WORK/ceiling.txt" 2>&1 || true
CEILING_RPS=$(field "$WORK/ceiling.json" rps)
kill "$CEILING_PID" 2>/dev/null || true
echo "   ceiling: $CEILING_RPS req/s"

# The HTTP floor of a paid payment: at F paid/s the service answers 2F requests (create, pay) and sends F
# webhooks, 3F HTTP exchanges a second. The ceiling server answering 3F requests/s with no work at all, CPU per
# request x 3, is what the exchanges alone cost at that rate on this machine, before any database or logic.
for rate in $FLOW_RATES; do
  java -Xmx$SERVICE_HEAP -jar "$JAR" loadtest --ceiling-server --port "$CEILING_PORT" > "$WORK/ceiling-$rate.log" 2>&1 &
  CEILING_PID=$!
  pids+=("$CEILING_PID")
  sleep 2
  loadtest --target "http://127.0.0.1:$CEILING_PORT" --no-auth --rate $((3 * rate)) --connections 256 \
    --service-pid "$CEILING_PID" --json "$WORK/floor-$rate.json" > "$WORK/floor-$rate.txt" 2>&1 || true
  kill "$CEILING_PID" 2>/dev/null || true
  HTTP_FLOOR[$rate]=$(awk -v m="$(field "$WORK/floor-$rate.json" service_ms_per_flow)" 'BEGIN { printf "%.3f", 3 * m }')
  echo "   HTTP floor at $rate paid/s ($((3 * rate)) exchanges/s): ${HTTP_FLOOR[$rate]} ms of CPU per paid payment"
done

for run in $(seq 1 "$RUNS"); do
  echo "== run $run of $RUNS"
  for c in $CONCURRENCIES; do
    pgbench -n -M prepared -c "$c" -j 2 -T "$DURATION" -f "$WORK/insert.sql" "${PG_TARGET[@]}" \
      > "$WORK/pgbench-$c-$run.txt" 2>&1
    tps=$(sed -n 's/^tps = \([0-9.]*\).*/\1/p' "$WORK/pgbench-$c-$run.txt" | head -1)
    record "pgbench INSERT, $c clients (tps)" "$run" "$tps"
    pgbench -n -M prepared -c "$c" -j 2 -T "$DURATION" -f "$WORK/minimal.sql" "${PG_TARGET[@]}" \
      > "$WORK/pgbench-minimal-$c-$run.txt" 2>&1
    minimal=$(sed -n 's/^tps = \([0-9.]*\).*/\1/p' "$WORK/pgbench-minimal-$c-$run.txt" | head -1)
    record "pgbench minimal INSERT, $c clients (tps)" "$run" "$minimal"
    out="$WORK/create-$c-$run.json"
    loadtest --target "$TARGETS" --admin-token "$ADMIN_TOKEN" --merchants 4 --service-pid "$SERVICE_CPU_PID" \
      --concurrency "$c" --connections "$c" --json "$out" > "${out%.json}.txt" 2>&1 || true
    rps=$(field "$out" ok_rps) # answered 201: a refusal or a time-out is no create
    record "create, $c connections (req/s)" "$run" "$rps"
    record "create, $c connections, p99 (ms)" "$run" "$(latency "$out" p99)"
    record "create / pgbench, $c" "$run" "$(ratio "$rps" "$tps")"
    record "create / pgbench minimal, $c" "$run" "$(ratio "$rps" "$minimal")"
    record "create errors, $c" "$run" "$(compact "$out" | grep -o '"errors":{[^}]*}' | head -1 | grep -o ':[0-9]*' | tr -d : | awk '{s+=$1} END {print s+0}')"
    # where the two cores go at that rate: CPU per create times creates per second, in cores
    record "create, $c: cores of service / generator" "$run" "$(awk -v r="$rps" -v s="$(field "$out" service_ms_per_flow)" \
      -v g="$(field "$out" generator_ms_per_flow)" 'BEGIN { printf "%.2f/%.2f", r * s / 1000, r * g / 1000 }')"
    [ "$c" = "$CONCURRENCY" ] && HALF_RATE=$(awk -v r="$rps" 'BEGIN { printf "%d", r / 2 }')
  done
  out="$WORK/half-$run.json"
  loadtest --target "$TARGETS" --admin-token "$ADMIN_TOKEN" --merchants 4 \
    --rate "${HALF_RATE:-1000}" --connections 256 --json "$out" > "${out%.json}.txt" 2>&1 || true
  record "create p99 at half the $CONCURRENCY-connection rate (ms)" "$run" "$(latency "$out" p99)"
  # the database's own p99 at that rate: pgbench in open loop (-R), latency counted from each insert's scheduled
  # time as the generator counts it (pgbench's per-transaction log: under -R its time field runs from the
  # scheduled start, so it already holds the schedule lag of the last field)
  rm -f "$WORK"/pglat-$run.*
  pgbench -n -M prepared -c "$CONCURRENCY" -j 2 -T "$DURATION" -R "${HALF_RATE:-1000}" -l --log-prefix="$WORK/pglat-$run" \
    -f "$WORK/insert.sql" "${PG_TARGET[@]}" > "$WORK/pgbench-half-$run.txt" 2>&1
  record "pgbench INSERT p99 at that rate, open loop (ms)" "$run" "$(cat "$WORK"/pglat-$run.* 2>/dev/null \
    | awk '{print $3 / 1000}' | sort -n | awk '{v[NR] = $1} END {if (NR) printf "%.1f", v[int(NR * 0.99)]}')"
  for rate in $FLOW_RATES; do
    out="$WORK/flow-$rate-$run.json"
    loadtest --target "$TARGETS" --admin-token "$ADMIN_TOKEN" --merchants 4 --service-pid "$SERVICE_CPU_PID" \
      --rate "$rate" --pay --connections 256 --json "$out" > "${out%.json}.txt" 2>&1 &
    flow=$!
    # the service's own event->webhook histogram (from the transition's transaction to the merchant's 2xx, on the
    # service's clock) over the measured window: read once the generator's warm-up is over, and again at the end
    sleep "$WARMUP"; scrape_delivered > "$WORK/delivered-before-$rate-$run.txt"
    wait "$flow" || true
    scrape_delivered > "$WORK/delivered-after-$rate-$run.txt"
    record "flow at $rate/s: event->webhook p99, service's histogram (ms, at most)" "$run" \
      "$(delivered_p99 "$WORK/delivered-before-$rate-$run.txt" "$WORK/delivered-after-$rate-$run.txt")"
    webhooks=$(compact "$out" | grep -o '"webhooks":{.*')
    record "flow at $rate/s: paid payments/s" "$run" "$(compact "$out" | grep -o '"pay":{.*' | grep -o '"ok_rps":[0-9.]*' | head -1 | cut -d: -f2)"
    record "flow at $rate/s: webhooks verified/expected, missing" "$run" "$(echo "$webhooks" | grep -o '"verified":[0-9]*' | head -1 | cut -d: -f2)/$(echo "$webhooks" | grep -o '"expected":[0-9]*' | head -1 | cut -d: -f2), $(echo "$webhooks" | grep -o '"missing":[0-9]*' | cut -d: -f2)"
    record "flow at $rate/s: event->webhook p99 (ms)" "$run" "$(echo "$webhooks" | grep -o '"p99":[0-9.]*' | head -1 | cut -d: -f2)"
    record "flow at $rate/s: service CPU per paid payment (ms)" "$run" "$(field "$out" service_ms_per_flow)"
    record "flow at $rate/s: service threads' sleeps per paid payment" "$run" "$(field "$out" service_sleeps_per_flow)"
    record "flow at $rate/s: generator CPU per paid payment (ms)" "$run" "$(field "$out" generator_ms_per_flow)"
  done
done

if [ "$HEAP_RUN" -gt 0 ]; then
  echo "== (5) heap: ${HEAP_RUN}s at maximum rate, sampling the service's heap after GC every 10 s"
  ( for _ in $(seq 1 $((HEAP_RUN / 10))); do
      sleep 10
      jcmd "$SERVICE_PID" GC.heap_info 2>/dev/null | awk '/used/ {print; exit}'
    done ) > "$WORK/heap.txt" &
  SAMPLER=$!
  java -Xmx1g -jar "$JAR" loadtest --quiet --warmup 0 --duration "$HEAP_RUN" --target "$TARGETS" \
    --admin-token "$ADMIN_TOKEN" --concurrency "$CONCURRENCY" --connections "$CONCURRENCY" \
    --json "$WORK/heap-run.json" > "$WORK/heap-run.txt" 2>&1 || true
  wait "$SAMPLER" || true
  echo "   heap samples (used): $(grep -o 'used [0-9]*K' "$WORK/heap.txt" | awk '{print $2}' | tr '\n' ' ')"
fi

echo
echo "== summary ($(date -u +%Y-%m-%dT%H:%MZ), $NODES node(s), db.group_commit=$GROUP_COMMIT, ${DURATION}s per measurement, $RUNS run(s))"
printf '%-62s %12s\n' "HTTP ceiling, no database (req/s)" "$CEILING_RPS"
for rate in $FLOW_RATES; do
  printf '%-62s %12s\n' "HTTP floor of a paid payment at $rate/s (ms CPU, 3 exchanges)" "${HTTP_FLOOR[$rate]}"
done
printf '%-62s %12s %12s %12s\n' "figure" "min" "median" "max"
# one line per figure: min / median / max over the runs (text figures: the runs' values side by side)
awk -F'\t' '
  { order[$1] = order[$1] ? order[$1] : ++n; name[n] = $1; vals[$1] = vals[$1] (vals[$1] == "" ? "" : " ") $3 }
  END {
    for (i = 1; i <= n; i++) {
      k = name[i]; m = split(vals[k], v, " ")
      numeric = 1; for (j = 1; j <= m; j++) if (v[j] !~ /^[0-9.]+$/) numeric = 0
      if (!numeric) { printf "%-62s %s\n", k, vals[k]; continue }
      for (a = 1; a <= m; a++) for (b = a + 1; b <= m; b++) if (v[b] + 0 < v[a] + 0) { t = v[a]; v[a] = v[b]; v[b] = t }
      med = (m % 2) ? v[(m + 1) / 2] : (v[m / 2] + v[m / 2 + 1]) / 2
      printf "%-62s %12s %12s %12s\n", k, v[1], med, v[m]
    }
  }' "$RESULTS"
echo "raw outputs in $WORK (results.tsv: every figure of every run)"
