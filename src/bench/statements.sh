#!/usr/bin/env bash
# Where PostgreSQL's time goes, statement by statement: a fresh service on its embedded default with
# pg_stat_statements loaded (tracking nested statements too, so the foreign-key checks and the functions' own
# queries show), the bundled generator's full flow at RATE paid payments a second with one merchant, and the
# statistics counted over the measured window only. Prints, per statement, its calls, rows, execution time per row
# and per paid payment, the total per paid payment, and how many of the hot tables' row updates PostgreSQL made in
# place (HOT: no index touched) over the same window. Execution time only: commits, parsing and the network are
# not in it; the time is the clock's (on busy cores it includes a backend's waits for a core); and a nested
# statement's time is also inside the statement that ran it. The total counts the top-level statements of the
# service's own role only, not this script's queries.
#
# Usage (from the project root, after `mvn -q package -DskipTests`; psql on the PATH):
#   src/bench/statements.sh                      # RATE=1000 WARMUP=30 DURATION=20 TOP=20
#   RATE=2500 src/bench/statements.sh            # at capacity (the per-merchant create limit is raised here)
#   JAR=other.jar src/bench/statements.sh        # another build
set -uo pipefail

JAR=${JAR:-target/walletpay.jar}
RATE=${RATE:-1000}
WARMUP=${WARMUP:-30}
DURATION=${DURATION:-20}
TOP=${TOP:-20}
HTTP_PORT=${HTTP_PORT:-18380}
PG_PORT=${PG_PORT:-15732}
WORK=$(mktemp -d /tmp/walletpay-statements.XXXXXX)
service=
generator=
cleanup() {
  for pid in $generator $service; do kill "$pid" 2> /dev/null; wait "$pid" 2> /dev/null; done
  rm -rf "$WORK/data"
}
trap cleanup EXIT

[ -f "$JAR" ] || { echo "no $JAR: run mvn -q package -DskipTests first" >&2; exit 2; }
command -v psql > /dev/null || { echo "no psql on the PATH (apt-get install postgresql-client)" >&2; exit 2; }
export WALLETPAY_DATA_DIR="$WORK/data" WALLETPAY_HTTP_PORT=$HTTP_PORT WALLETPAY_DB_EMBEDDED_PORT=$PG_PORT
export WALLETPAY_PAYMENTS_CREATE_RATE_PER_SECOND=1000000

start_service() {
  java -jar "$JAR" >> "$WORK/service.log" 2>&1 &
  service=$!
  until curl -sf "http://127.0.0.1:$HTTP_PORT/health/ready" > /dev/null 2>&1; do
    kill -0 "$service" 2> /dev/null || { echo "the service stopped; see $WORK/service.log" >&2; exit 1; }
    sleep 0.1
  done
}
stop_service() { kill "$service"; wait "$service" 2> /dev/null; service=; }

sql() { psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -d postgres -X -q -v ON_ERROR_STOP=1 "$@"; }
# a first start makes the data directory; the library is loaded at the server's next start
start_service
PGPASSWORD=$(sed -n 's/.*"superuser_password" *: *"\([^"]*\)".*/\1/p' "$WORK/data/database-credentials.json")
export PGPASSWORD
sql -c "ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'" || exit 1
stop_service
start_service
sql -c "CREATE EXTENSION IF NOT EXISTS pg_stat_statements" || exit 1
sql -c "ALTER SYSTEM SET pg_stat_statements.track = 'all'" -c "SELECT pg_reload_conf()" > /dev/null || exit 1

token=$(sed -n 's/.*"admin_token" *: *"\([^"]*\)".*/\1/p' "$WORK/data/secrets.json")
java -Xmx1g -jar "$JAR" loadtest --quiet --target "http://127.0.0.1:$HTTP_PORT" --admin-token "$token" \
  --merchants 1 --connections 64 --rate "$RATE" --pay --warmup "$WARMUP" --duration "$DURATION" \
  --service-pid "$service" > "$WORK/flow.txt" 2>&1 &
generator=$!
sleep "$WARMUP"
# per hot table: rows updated, and of them in place; backends report these at most once a second, so the two
# counts are as exact as a second of the window
updates() {
  sql -At -F' ' -c "SELECT relname, n_tup_upd, n_tup_hot_upd FROM pg_stat_user_tables
    WHERE relname IN ('payments', 'webhook_deliveries', 'merchants') ORDER BY relname"
}
sql -c "SELECT pg_stat_statements_reset()" > /dev/null
paid0=$(sql -At -c "SELECT count(*) FROM payments WHERE status = 'completed'")
updates > "$WORK/updates-before.txt"
sleep "$DURATION"
paid1=$(sql -At -c "SELECT count(*) FROM payments WHERE status = 'completed'")
updates > "$WORK/updates-after.txt"
snapshot="$WORK/statements.txt"
sql -c "COPY (SELECT calls, rows, total_exec_time, toplevel, regexp_replace(query, '\s+', ' ', 'g')
  FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = 'postgres')
  AND userid = 'walletpay'::regrole) TO STDOUT" > "$snapshot"
wait "$generator" || echo "(the generator reported errors: see $WORK/flow.txt)"
generator=
grep -E '^(pay|webhooks|cpu) ' "$WORK/flow.txt"

paid=$((paid1 - paid0))
[ "$paid" -gt 0 ] || { echo "no payment was completed in the window; see $WORK" >&2; exit 1; }
echo "== $paid payments completed in the ${DURATION} s counted; the $TOP statements that took the most time"
awk -F'\t' -v paid="$paid" -v top="$TOP" '
  { calls[NR] = $1; rows[NR] = $2; ms[NR] = $3; query[NR] = substr($5, 1, 96); n = NR }
  END {
    printf "%9s %9s %11s %12s  %s\n", "calls", "rows", "ms per row", "ms per paid", "statement"
    for (shown = 0; shown < top && shown < n; shown++) {
      best = 0
      for (i = 1; i <= n; i++) if (!(i in done) && (best == 0 || ms[i] > ms[best])) best = i
      done[best] = 1
      printf "%9d %9d %11.4f %12.4f  %s\n", calls[best], rows[best], ms[best] / (rows[best] > 0 ? rows[best] : calls[best]),
        ms[best] / paid, query[best]
    }
  }' "$snapshot"
echo "== statements run at the top level, per paid payment: $(awk -F'\t' -v paid="$paid" '
  $4 == "t" { t += $3 } END { printf "%.3f ms", t / paid }' "$snapshot")"
echo "== rows updated in the window, and how many of them in place (HOT):"
awk 'NR == FNR { updated[$1] = $2; hot[$1] = $3; next }
  { printf "   %-20s %9d updated, %9d in place\n", $1, $2 - updated[$1], $3 - hot[$1] }' \
  "$WORK/updates-before.txt" "$WORK/updates-after.txt"
echo "== per-run output in $WORK"
