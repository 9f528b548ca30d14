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
#
# Each account has its own password: the walletpay role's is in the printed URL, the postgres superuser's (random)
# in base-dir/superuser.password, the replicator's (random) in each node's patroni.yml, each file readable by its
# owner only. Prints the WALLETPAY_DB_URL to give the service. deploy/ha/stop-local.sh [base-dir] stops it all.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
base="${1:-/tmp/walletpay-ha}"
bin_dir="${PG_BIN_DIR:-/usr/lib/postgresql/15/bin}"
etcd_port="${ETCD_PORT:-2379}"
primary_port="${PRIMARY_PORT:-5000}"
pg_port_base="${PG_PORT_BASE:-5432}"      # node n listens on pg_port_base + n - 1
rest_port_base="${REST_PORT_BASE:-8008}"  # node n's Patroni REST API on rest_port_base + n - 1
random_password() { od -An -N16 -tx1 /dev/urandom | tr -d ' \n'; }
service_password="${HA_DB_PASSWORD:-$(random_password)}"
superuser_password="$(random_password)"
replication_password="$(random_password)"
if ! [[ "$service_password" =~ ^[A-Za-z0-9._~-]+$ ]]; then
  echo "HA_DB_PASSWORD may hold only letters, digits and . _ ~ -" >&2
  exit 2
fi

for tool in patroni patronictl etcd haproxy; do
  command -v "$tool" >/dev/null || { echo "missing $tool: apt-get install patroni etcd-server haproxy" >&2; exit 2; }
done
[ -x "$bin_dir/postgres" ] || { echo "no PostgreSQL in $bin_dir (set PG_BIN_DIR)" >&2; exit 2; }

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

"${run_as[@]}" mkdir -p "$base/etcd" "$base/log"
"${run_as[@]}" etcd --name walletpay-etcd --data-dir "$base/etcd" \
  --listen-client-urls "http://127.0.0.1:$etcd_port" --advertise-client-urls "http://127.0.0.1:$etcd_port" \
  --listen-peer-urls "http://127.0.0.1:$((etcd_port + 1))" \
  --initial-advertise-peer-urls "http://127.0.0.1:$((etcd_port + 1))" \
  --initial-cluster "walletpay-etcd=http://127.0.0.1:$((etcd_port + 1))" \
  > "$base/log/etcd.log" 2>&1 &
echo $! > "$base/etcd.pid"
for _ in $(seq 1 50); do
  curl -fs "http://127.0.0.1:$etcd_port/health" >/dev/null 2>&1 && break
  sleep 0.2
done

servers=""
for n in 1 2 3; do
  node="$base/node$n"
  "${run_as[@]}" mkdir -p "$node"
  chmod 700 "$node"
  sed -e "s|@NAME@|node$n|" -e "s|@REST_PORT@|$((rest_port_base + n - 1))|" -e "s|@ETCD_PORT@|$etcd_port|" \
      -e "s|@PG_PORT@|$((pg_port_base + n - 1))|" -e "s|@DATA_DIR@|$node/data|" -e "s|@BIN_DIR@|$bin_dir|" \
      -e "s|@NODE_DIR@|$node|" -e "s|@SUPERUSER_PASSWORD@|$superuser_password|" \
      -e "s|@REPLICATION_PASSWORD@|$replication_password|" \
      "$here/patroni.yml.template" > "$node/patroni.yml"
  chown "$owner" "$node/patroni.yml"
  chmod 600 "$node/patroni.yml"
  "${run_as[@]}" patroni "$node/patroni.yml" > "$base/log/node$n.log" 2>&1 &
  echo $! > "$base/node$n.pid"
  servers+="    server node$n 127.0.0.1:$((pg_port_base + n - 1)) check port $((rest_port_base + n - 1))"$'\n'
done

awk -v servers="$servers" '{ if ($0 == "@SERVERS@") printf "%s", servers; else print }' "$here/haproxy.cfg.template" \
  | sed -e "s|@PRIMARY_PORT@|$primary_port|" > "$base/haproxy.cfg"
haproxy -f "$base/haproxy.cfg" -D -p "$base/haproxy.pid"

# wait for a leader, then create the service's role and database through HAProxy
export PGPASSWORD="$superuser_password"
for _ in $(seq 1 120); do
  "$bin_dir/psql" -h 127.0.0.1 -p "$primary_port" -U postgres -d postgres -Atc "SELECT NOT pg_is_in_recovery()" \
    2>/dev/null | grep -q t && break
  sleep 0.5
done
"$bin_dir/psql" -h 127.0.0.1 -p "$primary_port" -U postgres -d postgres -v ON_ERROR_STOP=1 -q <<SQL
DO \$\$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'walletpay') THEN
    CREATE ROLE walletpay LOGIN PASSWORD '$service_password';
  END IF;
END \$\$;
SELECT 'CREATE DATABASE walletpay OWNER walletpay' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'walletpay')
\gexec
SQL
# a synchronous standby in place and every replica caught up before anyone relies on the cluster
for _ in $(seq 1 120); do
  members="$(patronictl -c "$base/node1/patroni.yml" list -f json 2>/dev/null || true)"
  if grep -q '"Role": "Sync Standby"' <<<"$members" \
      && [ "$(grep -o '"Lag in MB": 0[,}]' <<<"$members" | wc -l)" -ge 2 ]; then
    break
  fi
  sleep 0.5
done
patronictl -c "$base/node1/patroni.yml" list
echo "WALLETPAY_DB_URL=postgresql://walletpay:$service_password@127.0.0.1:$primary_port/walletpay"
