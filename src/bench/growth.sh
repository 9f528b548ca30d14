#!/usr/bin/env bash
# How cost grows with stored data: the same creates and reads on a fresh embedded database, then after PAYMENTS
# payments are added to it (one merchant holding half of them, the rest shared by nine others, spread over DAYS days
# with their webhook deliveries and ledger entries), as a deployment that has run for months would hold them.
#
# Prints, for each stage: creates a second at CONNECTIONS connections (the bundled generator, creates only), and the
# p50 / p95 of READS sequential requests of each read a merchant or the portal makes for the big merchant: the
# portal's overview and payments page, the API's list (its first page and a page 100 000 rows in, by cursor), a
# search by reference and by short code, and a one-day settlement CSV. Then how long the service took, after the
# fill, to sum the history that can no longer change (closed days, the ledger up to its cut): until then the
# overview sums those days from the payments.
#
# Each stage is measured RUNS times (creates, then every read), so the spread shows; the filled database is kept in
# its work directory, and REUSE=that directory measures it again without filling (the same merchants).
#
# Usage (from the project root, after `mvn -q package -DskipTests`):
#   src/bench/growth.sh                          # PAYMENTS=10000000 DAYS=90, READS=200, CREATES_FOR=20 (seconds), RUNS=3
#   PAYMENTS=1000000 src/bench/growth.sh         # a quicker look
#   REUSE=/tmp/walletpay-growth.AbCd12 RUNS=2 src/bench/growth.sh   # the filled database again (another build)
# Needs: java, curl, python3 (the owner's sign-in code) and psql (PostgreSQL client tools) on the PATH. The fill of
# 10 M payments takes a while (about 20 minutes on two cores) and some 25 GB of disk under TMPDIR (check with df).
#
# The history is written behind the service's back, so the sums it keeps are made again from it after the fill; the
# service is started with a sweep every SWEEP_SECONDS (2; 30 by default in a deployment) so that catching up on 90
# days takes minutes, not the better part of an hour. Attempts are filled for the last 30 days only: older ones are
# forgotten by the service (a deployment that ran 90 days holds no more).
set -euo pipefail

JAR=${JAR:-target/walletpay.jar}
PAYMENTS=${PAYMENTS:-10000000}
DAYS=${DAYS:-90}
READS=${READS:-200}
CREATES_FOR=${CREATES_FOR:-20}
CONNECTIONS=${CONNECTIONS:-64}
RUNS=${RUNS:-3}
SWEEP_SECONDS=${SWEEP_SECONDS:-2}
HTTP_PORT=${HTTP_PORT:-18380}
PG_PORT=${PG_PORT:-15732}
WORK=${REUSE:-$(mktemp -d "${TMPDIR:-/tmp}/walletpay-growth.XXXXXX")}
DATA="$WORK/data"
BASE="http://127.0.0.1:$HTTP_PORT"

[ -f "$JAR" ] || { echo "no $JAR: run mvn -q package -DskipTests first" >&2; exit 2; }
service=
cleanup() { [ -z "$service" ] || kill "$service" 2>/dev/null; wait 2>/dev/null || true; }
trap cleanup EXIT

start_service() {
  WALLETPAY_DATA_DIR="$DATA" WALLETPAY_HTTP_PORT=$HTTP_PORT WALLETPAY_DB_EMBEDDED_PORT=$PG_PORT \
    WALLETPAY_PAYMENTS_CREATE_RATE_PER_SECOND=1000000 WALLETPAY_PAYMENTS_EXPIRY_SWEEP_SECONDS=$SWEEP_SECONDS java -jar "$JAR" >> "$WORK/service.log" 2>&1 &
  service=$!
  local started=$SECONDS
  until curl -sf "$BASE/health/ready" > /dev/null 2>&1; do
    kill -0 "$service" 2>/dev/null || { echo "the service stopped; see $WORK/service.log" >&2; exit 1; }
    [ $((SECONDS - started)) -lt 600 ] || { echo "not ready after 600 s; see $WORK/service.log" >&2; exit 1; }
    sleep 0.2
  done
}
sql() { psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -d postgres -X -q -At -v ON_ERROR_STOP=1 "$@"; }
json_field() { sed -n "s/.*\"$1\" *: *\"\\([^\"]*\\)\".*/\\1/p"; }

start_service
ADMIN=$(json_field admin_token < "$DATA/secrets.json")
export PGPASSWORD=$(json_field superuser_password < "$DATA/database-credentials.json")
sql -c "SELECT 1" > /dev/null 2>&1 || { echo "psql cannot reach the embedded database (database name?)" >&2; exit 1; }
merchant() { # a new merchant: "id secret_key"
  curl -sf -X POST "$BASE/api/admin/merchants" -H "Authorization: Bearer $ADMIN" -H 'Content-Type: application/json' \
    -d "{\"name\":\"$1\",\"webhook_url\":\"https://example.com/hook\",\"return_url\":\"https://example.com/back\"}" \
    | tr -d '\n' | sed -n 's/.*"merchant_id" *: *"\([^"]*\)".*"secret_key" *: *"\([^"]*\)".*/\1 \2/p'
}
if [ -n "${REUSE:-}" ]; then
  read -r BIG BIG_KEY < "$WORK/merchants.txt"
else
  read -r BIG BIG_KEY <<< "$(merchant "Gwo Boutik")"
  OTHERS=()
  for i in 1 2 3 4 5 6 7 8 9; do read -r id _ <<< "$(merchant "Boutik $i")"; OTHERS+=("$id"); done
  [ -n "$BIG" ] && [ -n "$BIG_KEY" ] || { echo "could not create the merchants" >&2; exit 1; }
  echo "$BIG $BIG_KEY" > "$WORK/merchants.txt"
fi

token() {
  curl -sf -X POST "$BASE/api/merchant/token/" -H 'Content-Type: application/json' \
    -d "{\"merchant_id\":\"$BIG\",\"secret_key\":\"$BIG_KEY\"}" | json_field token
}
csrf_of() { sed -n 's/.*name="X-XSRF-TOKEN" value="\([^"]*\)".*/\1/p' "$WORK/page.html" | head -1; }
page() { curl -sf -c "$WORK/cookies" -b "$WORK/cookies" -o "$WORK/page.html" "$BASE$1"; }
totp() { # the six-digit code of a Base32 secret now (RFC 6238: SHA-1, 30 s steps), as a phone's app shows it
  python3 -c 'import base64, hashlib, hmac, struct, sys, time
s = sys.argv[1]; key = base64.b32decode(s + "=" * (-len(s) % 8))
mac = hmac.new(key, struct.pack(">Q", int(time.time()) // 30), hashlib.sha1).digest()
o = mac[-1] & 15; print("%06d" % ((struct.unpack(">I", mac[o:o + 4])[0] & 0x7fffffff) % 1000000))' "$1"
}
submit() { # submit PATH FIELD=VALUE...: posts a portal form with the page's form token; the answer in page.html
  local path=$1; shift
  local args=(--data-urlencode "X-XSRF-TOKEN=$(csrf_of)")
  for field in "$@"; do args+=(--data-urlencode "$field"); done
  curl -s -o "$WORK/page.html" -c "$WORK/cookies" -b "$WORK/cookies" -X POST "$BASE$path" "${args[@]}"
}
wait_for_next_step() { sleep $((31 - $(date +%s) % 30)); } # a code's 30 s step is accepted once
portal_sign_in() { # a portal session of the big merchant's owner in $WORK/cookies: invited and enrolled the first time
  local email password secret invite
  rm -f "$WORK/cookies"
  if [ ! -f "$WORK/owner.txt" ]; then
    email="owner-$(date +%s)@gwo-boutik.example"
    invite=$(curl -sf -X POST "$BASE/api/admin/merchants/$BIG/invitations" -H "Authorization: Bearer $ADMIN" \
      -H 'Content-Type: application/json' -d "{\"email\":\"$email\",\"role\":\"owner\"}" | json_field invite_url)
    [ -n "$invite" ] || { echo "the owner could not be invited" >&2; exit 1; }
    invite="/portal/${invite#*/portal/}" # the link names the public base URL; the service is reached here on $BASE
    page "$invite"
    submit "$invite" "name=Owner" "password=growth-bench-$BIG"
    page /portal/enrol
    secret=$(sed -n 's/.*otpauth:[^"<]*secret=\([A-Z2-7]*\).*/\1/p' "$WORK/page.html" | head -1)
    [ -n "$secret" ] || { echo "the enrolment page showed no secret" >&2; exit 1; }
    submit /portal/enrol "code=$(totp "$secret")"
    echo "$email growth-bench-$BIG $secret" > "$WORK/owner.txt"
  else
    read -r email password secret < "$WORK/owner.txt"
    page /portal/login
    submit /portal/login "email=$email" "password=$password"
    page /portal/login/code
    submit /portal/login/code "code=$(totp "$secret")"
  fi
  wait_for_next_step
  [ "$(curl -s -o /dev/null -w '%{http_code}' -b "$WORK/cookies" "$BASE/portal/")" = 200 ] \
    || { echo "the portal did not sign the owner in" >&2; exit 1; }
}

# p50 and p95 in ms of READS sequential GETs of one address (after 10 not counted); every answer must be 200
timed() {
  local url=$1; shift
  for _ in $(seq 1 10); do curl -s -o /dev/null "$@" "$url"; done
  for _ in $(seq 1 "$READS"); do
    curl -s -o /dev/null -w '%{http_code} %{time_total}\n' "$@" "$url"
  done > "$WORK/timed.txt"
  local bad; bad=$(awk '$1 != 200' "$WORK/timed.txt" | wc -l)
  [ "$bad" = 0 ] || echo "  ($bad of $READS answers were not 200: $url)" >&2
  awk '{ print $2 * 1000 }' "$WORK/timed.txt" | sort -n | awk '{ t[NR] = $1 }
    END { p50 = int(NR * 0.5); p95 = int(NR * 0.95); if (p50 < 1) p50 = 1; if (p95 < 1) p95 = 1
          printf "%.1f / %.1f", t[p50], t[p95] }'
}

measure() { # $1: the stage's name
  local stage=$1 creates tok deep reference code day started=$SECONDS
  creates=$(java -Xmx1g -jar "$JAR" loadtest --quiet --target "$BASE" --admin-token "$ADMIN" --merchants 1 \
    --concurrency "$CONNECTIONS" --connections "$CONNECTIONS" --warmup 10 --duration "$CREATES_FOR" --json "$WORK/creates-$stage.json" > /dev/null 2>&1 \
    && tr -d ' \n\t' < "$WORK/creates-$stage.json" | grep -o '"ok_rps":[0-9.]*' | head -1 | cut -d: -f2)
  tok=$(token)
  portal_sign_in
  deep=$(sql -c "SELECT id FROM payments WHERE merchant_id = '$BIG' ORDER BY created_at DESC, id DESC OFFSET 100000 LIMIT 1")
  reference=$(sql -c "SELECT reference_id FROM payments WHERE merchant_id = '$BIG' ORDER BY created_at LIMIT 1 OFFSET 7")
  code=$(sql -c "SELECT short_code FROM payments WHERE merchant_id = '$BIG' ORDER BY created_at LIMIT 1 OFFSET 9")
  day=$(TZ=America/Port-au-Prince date -d yesterday +%F)
  printf '%-34s %s\n' "$stage: payments stored" "$(sql -c 'SELECT count(*) FROM payments')"
  printf '%-34s %s\n' "creates/s, $CONNECTIONS connections" "${creates:-failed}"
  printf '%-34s %s ms\n' "portal overview p50 / p95" "$(timed "$BASE/portal/" -b "$WORK/cookies")"
  printf '%-34s %s ms\n' "portal payments page" "$(timed "$BASE/portal/payments" -b "$WORK/cookies")"
  printf '%-34s %s ms\n' "API list, first page" "$(timed "$BASE/api/merchant/payments" -H "Authorization: Bearer $tok")"
  if [ -n "$deep" ]; then
    printf '%-34s %s ms\n' "API list, 100 000 rows in" \
      "$(timed "$BASE/api/merchant/payments?starting_after=$deep" -H "Authorization: Bearer $tok")"
  fi
  [ -z "$reference" ] || printf '%-34s %s ms\n' "search by reference" \
    "$(timed "$BASE/api/merchant/payments?reference_id=$reference" -H "Authorization: Bearer $tok")"
  [ -z "$code" ] || printf '%-34s %s ms\n' "search by short code" \
    "$(timed "$BASE/api/merchant/payments?short_code=$code" -H "Authorization: Bearer $tok")"
  printf '%-34s %s ms\n' "settlement CSV of one day" \
    "$(timed "$BASE/api/merchant/reports/settlement?date=$day&format=csv" -H "Authorization: Bearer $tok")"
  printf '%-34s %s s; load average then %s\n' "(this stage took)" "$((SECONDS - started))" "$(cut -d' ' -f1-3 /proc/loadavg)"
}
measure_runs() { # $1: the stage's name
  for run in $(seq 1 "$RUNS"); do measure "$1, run $run"; done
}

if [ -n "${REUSE:-}" ]; then what="the payments filled before"; else what="$PAYMENTS payments over $DAYS days"; fi
echo "== $(nproc) cores; $what; $READS reads each; work in $WORK; $(date -u +%FT%TZ); $JAR"
if [ -n "${REUSE:-}" ]; then
  measure_runs "filled (reused)"
  echo "== the service's log: $WORK/service.log"
  exit 0
fi
measure_runs empty

echo "== adding $PAYMENTS payments (half to one merchant), with their deliveries and ledger entries"
start_fill=$SECONDS
CHUNK=${CHUNK:-500000}
others="ARRAY['$(IFS=,; echo "${OTHERS[*]}" | sed "s/,/'::uuid,'/g")'::uuid]"
# Payments n = 1..PAYMENTS in time order over DAYS days, ending two hours ago; even n the big merchant's, odd n the
# others' in turn, so the merchants' rows interleave in the table as they would in a deployment. Each chunk is one
# statement and one transaction: its payments, the ledger entry of each completed one, the webhook delivery of each
# and, in the last 30 days, the delivery's one attempt.
fill() { # $1 first n, $2 last n
  sql <<SQL
WITH p AS (
  INSERT INTO payments (id, merchant_id, reference_id, amount, fees, net_amount, status, checkout_token, redirect_url,
      created_at, updated_at, completed_at, expires_at, short_code_number, short_code, payer)
  SELECT gen_random_uuid(), a.merchant, 'order-' || n, a.amount, round(a.amount * 0.03, 2),
      a.amount - round(a.amount * 0.03, 2), a.status, 'fill-' || n, 'https://pay.example/fill', a.at,
      a.at + interval '40 seconds', CASE WHEN a.status = 'completed' THEN a.at + interval '40 seconds' END,
      a.at + interval '1 hour', 100000000000 + n, payment_short_code(100000000000 + n),
      '509' || lpad((n % 100000000)::text, 8, '0')
  FROM generate_series($1, $2) n,
      LATERAL (SELECT CASE WHEN n % 2 = 0 THEN '$BIG'::uuid ELSE ($others)[1 + (n / 2) % ${#OTHERS[@]}] END AS merchant,
                      (100 + (n::bigint * 7919) % 4900)::numeric(14, 2) AS amount,
                      now() - interval '$DAYS days' + (n::double precision / $PAYMENTS) * interval '$DAYS days'
                          - interval '2 hours' AS at,
                      CASE WHEN n % 20 < 17 THEN 'completed' WHEN n % 20 < 18 THEN 'expired'
                           WHEN n % 20 < 19 THEN 'failed' ELSE 'cancelled' END AS status) a
  RETURNING id, merchant_id, net_amount, status, completed_at, updated_at),
ledger AS (
  INSERT INTO ledger_entries (merchant_id, kind, source_id, amount, created_at)
  SELECT merchant_id, 'payment', id, net_amount, completed_at FROM p WHERE status = 'completed'),
delivery AS (
  INSERT INTO webhook_deliveries (id, merchant_id, payment_id, event, body, status, attempts, created_at, updated_at,
      delivered_at, next_attempt_at)
  SELECT gen_random_uuid(), merchant_id, id, 'payment.updated', '{"payment_id":"' || id || '"}', 'succeeded', 1,
      updated_at, updated_at, updated_at, updated_at FROM p
  RETURNING id, delivered_at)
INSERT INTO webhook_attempts (delivery_id, attempted_at, status_code, duration_ms, response_excerpt)
SELECT id, delivered_at, 200, 12, 'ok' FROM delivery WHERE delivered_at > now() - interval '30 days';
SQL
}
for ((first = 1; first <= PAYMENTS; first += CHUNK)); do
  last=$((first + CHUNK - 1)); [ "$last" -le "$PAYMENTS" ] || last=$PAYMENTS
  fill "$first" "$last"
done
echo "   payments, ledger, deliveries and attempts written in $((SECONDS - start_fill)) s"
# the history was written behind the service's back: the sums it kept meanwhile are made again from it
sql -c "BEGIN; TRUNCATE report_day_totals, report_days_closed, ledger_balances; UPDATE ledger_cut SET through_id = 0;
        COMMIT"
vacuum_started=$SECONDS
sql -c "VACUUM ANALYZE"
echo "   VACUUM ANALYZE took $((SECONDS - vacuum_started)) s"
echo "   filled in $((SECONDS - start_fill)) s; database $(sql -c "SELECT pg_size_pretty(pg_database_size('postgres'))")"

echo "== the service sums the history that can no longer change"
catch_up=$SECONDS
until [ "$(sql -c "SELECT count(*) FROM merchants m LEFT JOIN report_days_closed c ON c.merchant_id = m.id
                     WHERE c.through IS NULL OR c.through < (now() AT TIME ZONE 'America/Port-au-Prince')::date - 2")" = 0 ] \
   && [ "$(sql -c "SELECT (SELECT coalesce(max(id), 0) FROM ledger_entries) - through_id < 100000 FROM ledger_cut")" = t ]; do
  [ $((SECONDS - catch_up)) -lt 3600 ] || { echo "   not caught up after an hour" >&2; break; }
  sleep 5
done
echo "   caught up in $((SECONDS - catch_up)) s"
measure_runs "after the fill"
echo "== the service's log: $WORK/service.log"
