#!/usr/bin/env bash
# Starts a whole walletpay database cluster on one machine, from Debian's packages (patroni, etcd-server, haproxy and
# PostgreSQL 15): one etcd, three PostgreSQL nodes run by Patroni with synchronous replication, and HAProxy routing
# to the leader. For trying the topology and for the failover test; production puts each node on its own machine.
#
#   deploy/ha/start-local.sh [base-dir]      (default /tmp/walletpay-ha; run as root or as a non-root user)
#
# Environment, all optional:
#   ETCD_PORT       2379: etcd's clients; the next port is its peers'
#   PRIMARY_PORT    5000: HAProxy, always to the leader (the port in WALLETPAY_DB_URL)
#   PG_PORT_BASE    5432: node n's PostgreSQL listens on PG_PORT_BASE + n - 1 (5432, 5433, 5434)
#   REST_PORT_BASE  8008: node n's Patroni REST API on REST_PORT_BASE + n - 1 (8008, 8009, 8010)
#   HA_DB_PASSWORD  the walletpay role's password, made of letters, digits and . _ ~ - so that it goes into the
#                   URL as it is; random when unset
#   PG_BIN_DIR      /usr/lib/postgresql/15/bin
#   PGBACKREST      /usr/bin/pgbackrest (Debian 12's 2.45) when there, else the pgbackrest on the PATH
#
# The nodes archive their WAL with pgBackRest into base-dir/backups (the stanza walletpay, created and checked
# once the leader answers); each node's base-dir/node<n>/pgbackrest.conf names its data directory, so
#   pgbackrest --config=base-dir/node<n>/pgbackrest.conf --stanza=walletpay backup
# as the cluster's user on the leader's node backs the cluster up (deploy docs: docs/operate/backups.md).
#
# Each account has its own password: the walletpay role's is in the printed URL, the postgres superuser's (random)
# in base-dir/superuser.password, the replicator's and the Patroni REST API's (random) in each node's patroni.yml,
# each file readable by its owner only.
#
# Prints the members and the WALLETPAY_DB_URL to give the service once the leader, both replicas (caught up) and
# the synchronous standby are in place; exits 1 saying which is missing, with the end of the logs in
# base-dir/log, when they are not within a minute or two. Refuses (exit 2) a base-dir that a cluster is running
# in or that holds files already, and ports that are taken. deploy/ha/stop-local.sh [base-dir] stops it all and
# removes base-dir.
set -Eeuo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
base="$(realpath -m "${1:-/tmp/walletpay-ha}")"
bin_dir="${PG_BIN_DIR:-/usr/lib/postgresql/15/bin}"
etcd_port="${ETCD_PORT:-2379}"
primary_port="${PRIMARY_PORT:-5000}"
pg_port_base="${PG_PORT_BASE:-5432}"      # node n listens on pg_port_base + n - 1
rest_port_base="${REST_PORT_BASE:-8008}"  # node n's Patroni REST API on rest_port_base + n - 1
random_password() { od -An -N16 -tx1 /dev/urandom | tr -d ' \n'; }
service_password="${HA_DB_PASSWORD:-$(random_password)}"
superuser_password="$(random_password)"
replication_password="$(random_password)"
rest_password="$(random_password)"
if ! [[ "$service_password" =~ ^[A-Za-z0-9._~-]+$ ]]; then
  echo "start-local.sh: HA_DB_PASSWORD may hold only letters, digits and . _ ~ -" >&2
  exit 2
fi

for tool in patroni patronictl etcd haproxy curl python3; do
  command -v "$tool" >/dev/null \
    || { echo "missing $tool: apt-get install patroni etcd-server haproxy curl python3" >&2; exit 2; }
done
pgbackrest="${PGBACKREST:-}"
if [ -z "$pgbackrest" ]; then
  if [ -x /usr/bin/pgbackrest ]; then pgbackrest=/usr/bin/pgbackrest; else pgbackrest="$(command -v pgbackrest || true)"; fi
fi
[ -n "$pgbackrest" ] && [ -x "$pgbackrest" ] \
  || { echo "missing pgbackrest: apt-get install pgbackrest (or set PGBACKREST)" >&2; exit 2; }
[ -x "$bin_dir/postgres" ] || { echo "no PostgreSQL in $bin_dir (set PG_BIN_DIR)" >&2; exit 2; }

# pids of the processes whose command line names a path under $base (as every process of a cluster there does),
# but this script, its callers and the commands it runs
processes_in_base() {
  ps -ww -e -o pid=,ppid=,args= | BASE="$base/" SELF="$$" awk '
    { parent[$1] = $2; if (index($0, ENVIRON["BASE"])) named[$1] = 1 }
    END {
      self = ENVIRON["SELF"] + 0
      for (p = self; (p in parent) && p + 0 > 1; p = parent[p]) caller[p] = 1
      for (p in named) {
        if (p in caller) continue
        for (q = p; (q in parent) && q + 0 > 1 && q + 0 != self; q = parent[q]) ;
        if (q + 0 != self) print p
      }
    }'
}
running="$(processes_in_base | sort -n | paste -sd ' ')"
if [ -n "$running" ]; then
  echo "start-local.sh: a cluster is running in $base already (pids $running);" \
    "deploy/ha/stop-local.sh $base stops it" >&2
  exit 2
fi
if [ -n "$(ls -A "$base" 2>/dev/null)" ]; then
  echo "start-local.sh: $base holds files already; deploy/ha/stop-local.sh $base removes an earlier cluster's" >&2
  exit 2
fi
for port in "$etcd_port" "$((etcd_port + 1))" "$primary_port" \
    "$pg_port_base" "$((pg_port_base + 1))" "$((pg_port_base + 2))" \
    "$rest_port_base" "$((rest_port_base + 1))" "$((rest_port_base + 2))"; do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    echo "start-local.sh: port $port is taken; see the ports in the header of $0" >&2
    exit 2
  fi
done

# From here on a failure says what did not come up, shows the end of the logs that tell why, and leaves what did
# start running for a look.
started=""
fail() {
  trap - ERR
  echo "start-local.sh: $1" >&2
  shift
  for log in "$@"; do
    echo "--- the end of $log" >&2
    tail -n 15 "$log" >&2 || true
  done
  if [ -n "$started" ]; then
    echo "start-local.sh: what did start is still running; deploy/ha/stop-local.sh $base stops it and removes $base" >&2
  fi
  exit 1
}
trap 'fail "failed at line $LINENO: $BASH_COMMAND"' ERR
alive() { # a process that has ended but not been waited for yet (a zombie) does not count
  local stat
  stat="$(cat "/proc/$1/stat" 2>/dev/null)" || return 1
  stat="${stat##*) }"
  [ "${stat%% *}" != Z ]
}

# PostgreSQL refuses to run as root: as root, the cluster runs as the postgres user
run_as=()
owner="$(id -un)"
if [ "$(id -u)" -eq 0 ]; then
  owner=postgres
  run_as=(runuser -u postgres --)
fi

mkdir -p "$base"
chmod 755 "$base"
chown "$owner" "$base"
(umask 077 && echo "$superuser_password" > "$base/superuser.password")

"${run_as[@]}" mkdir -p "$base/etcd" "$base/log" "$base/backups"
started=yes
"${run_as[@]}" etcd --name walletpay-etcd --data-dir "$base/etcd" \
  --listen-client-urls "http://127.0.0.1:$etcd_port" --advertise-client-urls "http://127.0.0.1:$etcd_port" \
  --listen-peer-urls "http://127.0.0.1:$((etcd_port + 1))" \
  --initial-advertise-peer-urls "http://127.0.0.1:$((etcd_port + 1))" \
  --initial-cluster "walletpay-etcd=http://127.0.0.1:$((etcd_port + 1))" \
  > "$base/log/etcd.log" 2>&1 &
etcd_pid=$!
echo "$etcd_pid" > "$base/etcd.pid"
deadline=$((SECONDS + 20))
until curl -fs "http://127.0.0.1:$etcd_port/health" >/dev/null 2>&1; do
  alive "$etcd_pid" || fail "etcd exited" "$base/log/etcd.log"
  [ "$SECONDS" -lt "$deadline" ] || fail "etcd did not answer on port $etcd_port within 20 s" "$base/log/etcd.log"
  sleep 0.2
done

servers=""
patroni_pids=()
for n in 1 2 3; do
  node="$base/node$n"
  "${run_as[@]}" mkdir -p "$node"
  chmod 700 "$node"
  sed -e "s|@NAME@|node$n|" -e "s|@REST_PORT@|$((rest_port_base + n - 1))|" -e "s|@ETCD_PORT@|$etcd_port|" \
      -e "s|@PG_PORT@|$((pg_port_base + n - 1))|" -e "s|@DATA_DIR@|$node/data|" -e "s|@BIN_DIR@|$bin_dir|" \
      -e "s|@NODE_DIR@|$node|" -e "s|@SUPERUSER_PASSWORD@|$superuser_password|" \
      -e "s|@REPLICATION_PASSWORD@|$replication_password|" -e "s|@REST_PASSWORD@|$rest_password|" \
      -e "s|@PGBACKREST@|$pgbackrest|" -e "s|@OWNER@|$owner|" \
      "$here/patroni.yml.template" > "$node/patroni.yml"
  chown "$owner" "$node/patroni.yml"
  chmod 600 "$node/patroni.yml"
  # this node's view of the shared repository: the same stanza, its own data directory, socket and lock
  cat > "$node/pgbackrest.conf" <<CONF
[global]
repo1-path=$base/backups
repo1-retention-full=2
start-fast=y
archive-timeout=30
lock-path=$node/pgbackrest-lock
log-path=$base/log
log-level-file=off
log-level-console=warn

[walletpay]
pg1-path=$node/data
pg1-port=$((pg_port_base + n - 1))
pg1-socket-path=$node
pg1-user=postgres
CONF
  chown "$owner" "$node/pgbackrest.conf"
  chmod 600 "$node/pgbackrest.conf"
  "${run_as[@]}" patroni "$node/patroni.yml" > "$base/log/node$n.log" 2>&1 &
  patroni_pids+=($!)
  echo $! > "$base/node$n.pid"
  servers+="    server node$n 127.0.0.1:$((pg_port_base + n - 1)) check port $((rest_port_base + n - 1))"$'\n'
done
node_logs=("$base/log/node1.log" "$base/log/node2.log" "$base/log/node3.log")
all_alive() {
  local n
  alive "$etcd_pid" || fail "etcd exited" "$base/log/etcd.log"
  for n in 1 2 3; do
    alive "${patroni_pids[n - 1]}" || fail "node$n's Patroni exited" "$base/log/node$n.log"
  done
}

awk -v servers="$servers" '{ if ($0 == "@SERVERS@") printf "%s", servers; else print }' "$here/haproxy.cfg.template" \
  | sed -e "s|@PRIMARY_PORT@|$primary_port|" > "$base/haproxy.cfg"
haproxy -f "$base/haproxy.cfg" -D -p "$base/haproxy.pid" || fail "HAProxy did not start on port $primary_port"

# wait for a leader, then create the service's role and database through HAProxy
export PGPASSWORD="$superuser_password" PGCONNECT_TIMEOUT=5
deadline=$((SECONDS + 60))
until [ "$("$bin_dir/psql" -h 127.0.0.1 -p "$primary_port" -U postgres -d postgres -Atc \
        "SELECT NOT pg_is_in_recovery()" 2>/dev/null)" = t ]; do
  all_alive
  [ "$SECONDS" -lt "$deadline" ] \
    || fail "no leader answered through HAProxy on port $primary_port within 60 s" "${node_logs[@]}"
  sleep 0.5
done
if ! "$bin_dir/psql" -h 127.0.0.1 -p "$primary_port" -U postgres -d postgres -v ON_ERROR_STOP=1 -q <<SQL
CREATE ROLE walletpay LOGIN PASSWORD '$service_password';
CREATE DATABASE walletpay OWNER walletpay;
SQL
then
  fail "could not create the walletpay role and database on the leader" "${node_logs[@]}"
fi

# the stanza, on the leader, and a check that its WAL reaches the repository (a segment switched and archived)
leader_dir="$("$bin_dir/psql" -h 127.0.0.1 -p "$primary_port" -U postgres -d postgres -Atc "SHOW data_directory")"
leader_conf="$(dirname "$leader_dir")/pgbackrest.conf"
"${run_as[@]}" "$pgbackrest" --config="$leader_conf" --stanza=walletpay stanza-create > "$base/log/stanza.log" 2>&1 \
  || fail "pgBackRest could not create the stanza walletpay" "$base/log/stanza.log"
"${run_as[@]}" "$pgbackrest" --config="$leader_conf" --stanza=walletpay check >> "$base/log/stanza.log" 2>&1 \
  || fail "the leader's WAL did not reach the pgBackRest repository" "$base/log/stanza.log" "${node_logs[@]}"

# both replicas caught up and a synchronous standby in place before anyone relies on the cluster; prints what is
# still missing
missing() {
  { patronictl -c "$base/node1/patroni.yml" list -f json 2>/dev/null || true; } | python3 -c '
import json, sys
try:
    members = {m["Member"]: m for m in json.load(sys.stdin)}
except ValueError:
    members = {}
missing = []
if not any(m["Role"] == "Leader" for m in members.values()):
    missing.append("no leader")
for name in ("node1", "node2", "node3"):
    m = members.get(name)
    if m is None:
        missing.append(name + " is not in the cluster")
    elif m["Role"] != "Leader" and (m["State"] not in ("running", "streaming") or m.get("Lag in MB") != 0):
        missing.append("%s is not a replica caught up yet (%s)" % (name, m["State"]))
if not any(m["Role"] == "Sync Standby" for m in members.values()):
    missing.append("no synchronous standby")
print("; ".join(missing))'
}
deadline=$((SECONDS + 90))
while true; do
  not_yet="$(missing)"
  [ -n "$not_yet" ] || break
  all_alive
  [ "$SECONDS" -lt "$deadline" ] || {
    patronictl -c "$base/node1/patroni.yml" list >&2 || true
    fail "the replicas were not in place within 90 s: $not_yet" "${node_logs[@]}"
  }
  sleep 0.5
done
trap - ERR
patronictl -c "$base/node1/patroni.yml" list
echo "pgBackRest: stanza walletpay in $base/backups ($("$pgbackrest" version))"
echo "WALLETPAY_DB_URL=postgresql://walletpay:$service_password@127.0.0.1:$primary_port/walletpay"
