#!/usr/bin/env bash
# PostgreSQL alone: how fast it stores payments and their webhook deliveries named by random identifiers (UUID
# version 4) and by time-ordered ones (version 7), on tables that already hold three million of each (a month of
# a busy merchant's payments). A throwaway server from the machine's PostgreSQL binaries (default settings, fsync
# and synchronous commit on), removed at the end; each transaction stores 20 payments and 20 deliveries, as a group
# commit does; both kinds of identifier are made by the same SQL, only the millisecond differs (the clock's or a
# random one). The tables carry only the identifiers' indexes (the service's payments table has more). The two variants alternate, ROUNDS times, each DURATION seconds with CLIENTS pgbench
# clients, each after a checkpoint, the one measured first changing every round. Per measurement it prints the
# transactions a second and the full-page images written to the log (pg_stat_wal): after each checkpoint
# PostgreSQL logs a whole page the first time it changes it.
#
# Usage: src/bench/identifiers.sh            # ROUNDS=3 DURATION=20 CLIENTS=4 ROWS=3000000
#        PGBIN=/usr/lib/postgresql/15/bin src/bench/identifiers.sh
set -euo pipefail

ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-20}
CLIENTS=${CLIENTS:-4}
ROWS=${ROWS:-3000000}
PORT=${PORT:-15900}
PGBIN=${PGBIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}
[ -x "$PGBIN/pgbench" ] || { echo "no PostgreSQL binaries: set PGBIN (apt-get install postgresql)" >&2; exit 2; }
WORK=$(mktemp -d /tmp/walletpay-identifiers.XXXXXX)
as_owner() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" != 0 ] || chown postgres "$WORK"
stop() { as_owner "$PGBIN/pg_ctl" -D "$WORK/data" -m fast stop > /dev/null 2>&1 || true; rm -rf "$WORK"; }
trap stop EXIT

as_owner "$PGBIN/initdb" -D "$WORK/data" -A trust > /dev/null
as_owner "$PGBIN/pg_ctl" -D "$WORK/data" -o "-p $PORT -k $WORK -c listen_addresses=''" -l "$WORK/log" -w start > /dev/null
psql() { as_owner "$PGBIN/psql" -h "$WORK" -p "$PORT" -d postgres -X -q -v ON_ERROR_STOP=1 "$@"; }

echo "== loading $ROWS payments and $ROWS deliveries of each kind (a few minutes)"
psql <<SQL
-- a version 7 identifier: the millisecond (48 bits) over a random identifier's first six bytes, version bits 0111
CREATE FUNCTION id_at(ms bigint) RETURNS uuid LANGUAGE sql VOLATILE AS \$\$
  SELECT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) PLACING substring(int8send(ms) FROM 3)
    FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid \$\$;
CREATE FUNCTION id_v7() RETURNS uuid LANGUAGE sql VOLATILE AS
  \$\$ SELECT id_at((extract(epoch FROM clock_timestamp()) * 1000)::bigint) \$\$;
-- the same work with a random millisecond: as scattered as version 4
CREATE FUNCTION id_v4() RETURNS uuid LANGUAGE sql VOLATILE AS \$\$ SELECT id_at((random() * 1e14)::bigint) \$\$;
CREATE TABLE p4 (id uuid PRIMARY KEY, amount numeric(12,2) NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE d4 (id uuid PRIMARY KEY, payment_id uuid NOT NULL REFERENCES p4 (id), body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now());
CREATE INDEX d4_payment ON d4 (payment_id);
CREATE TABLE p7 (LIKE p4 INCLUDING ALL);
CREATE TABLE d7 (LIKE d4 INCLUDING ALL, FOREIGN KEY (payment_id) REFERENCES p7 (id));
INSERT INTO p4 SELECT id_v4(), 100 FROM generate_series(1, $ROWS);
INSERT INTO d4 SELECT id_v4(), id, repeat('x', 400) FROM p4;
-- the stored ones made over the last 30 days, in order
INSERT INTO p7 SELECT id_at((extract(epoch FROM now()) * 1000)::bigint - 2592000000 + i::bigint * 2592000000 / $ROWS), 100
  FROM generate_series(1, $ROWS) i;
INSERT INTO d7 SELECT id_at((extract(epoch FROM now()) * 1000)::bigint - 2592000000
  + row_number() OVER (ORDER BY id) * 2592000000 / $ROWS), id, repeat('x', 400) FROM p7;
VACUUM ANALYZE;
SQL
for v in 4 7; do
  echo "WITH p AS (INSERT INTO p$v (id, amount) SELECT id_v$v(), 100 FROM generate_series(1, 20) RETURNING id)
    INSERT INTO d$v (id, payment_id, body) SELECT id_v$v(), id, repeat('x', 400) FROM p;" > "$WORK/tx$v.sql"
done
[ "$(id -u)" != 0 ] || chown postgres "$WORK"/tx*.sql
sizes() {
  psql -c "SELECT relname AS index, pg_size_pretty(pg_relation_size(oid)) AS size FROM pg_class
    WHERE relkind = 'i' AND relname ~ '^[pd][47]' ORDER BY 1"
}
echo "== the indexes after loading"; sizes
echo "== transactions a second (20 payments and 20 deliveries each), $CLIENTS clients, ${DURATION} s each"
for round in $(seq 1 "$ROUNDS"); do
  order="4 7"; [ $((round % 2)) = 1 ] || order="7 4"
  for v in $order; do
    psql -c "CHECKPOINT" -c "SELECT pg_stat_reset_shared('wal')" > /dev/null
    tps=$(as_owner "$PGBIN/pgbench" -h "$WORK" -p "$PORT" -n -c "$CLIENTS" -j 2 -T "$DURATION" -f "$WORK/tx$v.sql" postgres \
      2>/dev/null | sed -n 's/^tps = \([0-9.]*\).*/\1/p')
    fpi=$(psql -At -c "SELECT wal_fpi FROM pg_stat_wal")
    printf 'round %s  version %s  %10.1f transactions/s  %8s full-page images\n' "$round" "$v" "$tps" "$fpi"
  done
done
echo "== the indexes at the end"; sizes
