#!/usr/bin/env bash
# One-machine benchmark of walletpay, all against the same embedded PostgreSQL (synchronous_commit on):
#   (1) pgbench running the create route's single-row durable INSERT: the database's own limit
#   (2) a trivial Vert.x route with no database: the HTTP ceiling
#   (3) walletpay's create route at maximum concurrency, then at half that rate (open loop) for p99
#   (4) the full flow: create -> pay through the sandbox checkout -> signed webhook, verified
# and prints each figure with the ratios service/pgbench and service/HTTP-ceiling.
#
# Usage (from the project root, after `mvn -q package -DskipTests`):
#   src/bench/benchmark.sh                      # defaults below
#   CONCURRENCY=32 DURATION=20 FLOW_RATE=1000 src/bench/benchmark.sh
#   HEAP_RUN=300 src/bench/benchmark.sh         # also a 5-minute max-rate run sampling the service's heap
#   SERVICE_WARMUP=40                           # seconds of unreported load first, so the JIT has compiled
#   GROUP_COMMIT=off src/bench/benchmark.sh     # creates one by one (db.group_commit), for the before/after
#   DB_URL=postgresql://u:p@host:5432/db src/bench/benchmark.sh   # the service on an external PostgreSQL
# Needs: java, pgbench and psql (PostgreSQL client tools) on the PATH.
set -uo pipefail

JAR=${JAR:-target/walletpay.jar}
CONCURRENCY=${CONCURRENCY:-32}
DURATION=${DURATION:-20}
WARMUP=${WARMUP:-5}
FLOW_RATE=${FLOW_RATE:-1000}
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
command -v pgbench >/dev/null || { echo "pgbench not found (PostgreSQL client tools)" >&2; exit 2; }

pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; }
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

echo "== warming the service up: ${SERVICE_WARMUP:=40}s of creates and 30s of the full flow, not reported (the JIT needs it)"
java -Xmx1g -jar "$JAR" loadtest --quiet --warmup 0 --duration "$SERVICE_WARMUP" --target "http://127.0.0.1:$HTTP_PORT" \
  --admin-token "$ADMIN_TOKEN" --merchants 4 --concurrency "$CONCURRENCY" --connections "$CONCURRENCY" \
  > "$WORK/warmup.txt" 2>&1 || true
java -Xmx1g -jar "$JAR" loadtest --quiet --warmup 0 --duration 30 --target "http://127.0.0.1:$HTTP_PORT" \
  --admin-token "$ADMIN_TOKEN" --merchants 4 --rate 200 --pay --connections 128 \
  > "$WORK/warmup-flow.txt" 2>&1 || true   # the checkout and webhook paths need their JIT too

echo "== (1) pgbench: the create route's INSERT, $CONCURRENCY clients, ${DURATION}s"
cat > "$WORK/insert.sql" <<SQL
INSERT INTO payments (id, merchant_id, reference_id, amount, fees, net_amount, customer_name, customer_email,
  description, checkout_token, redirect_url, expires_at)
VALUES (gen_random_uuid(), '$MERCHANT_ID', 'bench', 2500.00, 0.00, 2500.00, 'Jean', 'jean@example.ht', NULL,
  md5(random()::text || clock_timestamp()::text), 'http://localhost/checkout/x', now() + 1800 * interval '1 second')
RETURNING id, merchant_id, reference_id, amount, fees, net_amount, status, customer_name, customer_email,
  description, checkout_token, redirect_url, provider_transaction_id, created_at, updated_at, completed_at, expires_at;
SQL
pgbench -n -M prepared -c "$CONCURRENCY" -j 2 -T "$DURATION" -f "$WORK/insert.sql" "${PG_TARGET[@]}" \
  > "$WORK/pgbench.txt" 2>&1
PGBENCH_TPS=$(sed -n 's/^tps = \([0-9.]*\).*/\1/p' "$WORK/pgbench.txt" | head -1)
PGBENCH_LAT=$(sed -n 's/^latency average = \([0-9.]*\).*/\1/p' "$WORK/pgbench.txt")
echo "   pgbench: $PGBENCH_TPS tps, average latency $PGBENCH_LAT ms"

echo "== (2) HTTP ceiling: trivial Vert.x route, no database, $CONCURRENCY connections"
java -Xmx$SERVICE_HEAP -jar "$JAR" loadtest --ceiling-server --port "$CEILING_PORT" > "$WORK/ceiling.log" 2>&1 &
pids+=("$!")
sleep 2
loadtest --target "http://127.0.0.1:$CEILING_PORT" --no-auth --concurrency "$CONCURRENCY" \
  --connections "$CONCURRENCY" --json "$WORK/ceiling.json" > "$WORK/ceiling.txt" 2>&1 || true
CEILING_RPS=$(field "$WORK/ceiling.json" rps)
echo "   ceiling: $CEILING_RPS req/s"

echo "== (3) walletpay create route, $CONCURRENCY connections, closed loop"
loadtest --target "http://127.0.0.1:$HTTP_PORT" --admin-token "$ADMIN_TOKEN" --merchants 4 \
  --concurrency "$CONCURRENCY" --connections "$CONCURRENCY" --json "$WORK/create.json" > "$WORK/create.txt" 2>&1 || true
CREATE_RPS=$(field "$WORK/create.json" rps)
CREATE_P99=$(compact "$WORK/create.json" | grep -o '"latency_ms":{[^}]*}'  | head -1 | grep -o '"p99":[0-9.]*' | cut -d: -f2)
CREATE_ERRORS=$(compact "$WORK/create.json" | grep -o '"errors":{[^}]*}'  | head -1)
echo "   create: $CREATE_RPS req/s, p99 $CREATE_P99 ms, errors $CREATE_ERRORS"

HALF_RATE=$(awk -v r="$CREATE_RPS" 'BEGIN { printf "%d", r / 2 }')
echo "== (3b) walletpay create route at half the maximum rate ($HALF_RATE/s), open loop"
loadtest --target "http://127.0.0.1:$HTTP_PORT" --admin-token "$ADMIN_TOKEN" --merchants 4 \
  --rate "$HALF_RATE" --connections 256 --json "$WORK/half.json" > "$WORK/half.txt" 2>&1 || true
HALF_P99=$(compact "$WORK/half.json" | grep -o '"latency_ms":{[^}]*}'  | head -1 | grep -o '"p99":[0-9.]*' | cut -d: -f2)
HALF_P50=$(compact "$WORK/half.json" | grep -o '"latency_ms":{[^}]*}'  | head -1 | grep -o '"p50":[0-9.]*' | cut -d: -f2)
echo "   half rate: p50 $HALF_P50 ms, p99 $HALF_P99 ms"

echo "== (4) full flow at $FLOW_RATE/s: create -> pay (sandbox checkout) -> webhook, every signature verified"
loadtest --target "http://127.0.0.1:$HTTP_PORT" --admin-token "$ADMIN_TOKEN" --merchants 4 \
  --rate "$FLOW_RATE" --pay --connections 256 --json "$WORK/flow.json" > "$WORK/flow.txt" 2>&1 || true
FLOW_RPS=$(field "$WORK/flow.json" rps)
FLOW_VERIFIED=$(compact "$WORK/flow.json" | grep -o '"webhooks":{[^}]*'  | grep -o '"verified":[0-9]*' | cut -d: -f2)
FLOW_MISSING=$(compact "$WORK/flow.json" | grep -o '"webhooks":{[^}]*'  | grep -o '"missing":[0-9]*' | cut -d: -f2)
FLOW_HOOK_P99=$(compact "$WORK/flow.json" | grep -o '"webhooks":{.*'  | grep -o '"p99":[0-9.]*' | head -1 | cut -d: -f2)
echo "   flow: $FLOW_RPS paid payments/s, webhooks verified $FLOW_VERIFIED, missing $FLOW_MISSING, event->webhook p99 $FLOW_HOOK_P99 ms"

if [ "$HEAP_RUN" -gt 0 ]; then
  echo "== (5) heap: ${HEAP_RUN}s at maximum rate, sampling the service's heap after GC every 10 s"
  ( for _ in $(seq 1 $((HEAP_RUN / 10))); do
      sleep 10
      jcmd "$SERVICE_PID" GC.heap_info 2>/dev/null | awk '/used/ {print; exit}'
    done ) > "$WORK/heap.txt" &
  SAMPLER=$!
  java -Xmx1g -jar "$JAR" loadtest --quiet --warmup 0 --duration "$HEAP_RUN" --target "http://127.0.0.1:$HTTP_PORT" \
    --admin-token "$ADMIN_TOKEN" --concurrency "$CONCURRENCY" --connections "$CONCURRENCY" \
    --json "$WORK/heap-run.json" > "$WORK/heap-run.txt" 2>&1 || true
  wait "$SAMPLER" || true
  echo "   heap samples (used): $(grep -o 'used [0-9]*K' "$WORK/heap.txt" | awk '{print $2}' | tr '\n' ' ')"
fi

echo
echo "== summary ($(date -u +%Y-%m-%dT%H:%MZ), concurrency $CONCURRENCY, ${DURATION}s per run)"
printf '%-44s %12s\n' "pgbench single-row INSERT (tps)" "$PGBENCH_TPS"
printf '%-44s %12s\n' "HTTP ceiling, no database (req/s)" "$CEILING_RPS"
printf '%-44s %12s\n' "walletpay create (req/s)" "$CREATE_RPS"
printf '%-44s %12s\n' "walletpay create / pgbench" "$(ratio "$CREATE_RPS" "$PGBENCH_TPS")"
printf '%-44s %12s\n' "walletpay create / HTTP ceiling" "$(ratio "$CREATE_RPS" "$CEILING_RPS")"
printf '%-44s %12s\n' "create p99 at half rate (ms)" "$HALF_P99"
printf '%-44s %12s\n' "full flow (paid payments/s)" "$FLOW_RPS"
printf '%-44s %12s\n' "full flow webhooks verified / missing" "$FLOW_VERIFIED / $FLOW_MISSING"
printf '%-44s %12s\n' "event->webhook p99 (ms)" "$FLOW_HOOK_P99"
echo "raw outputs in $WORK"
