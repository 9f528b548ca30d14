#!/usr/bin/env bash
# Three walletpay nodes on loopback, no containers: node 1 (role all), node 2 (api), node 3 (worker), clustered
# over Hazelcast on 127.0.0.1, one PostgreSQL, and a load balancer on 127.0.0.1:${LB_PORT:-8080} over the two API nodes.
# PostgreSQL: WALLETPAY_DB_URL if set (an external server); otherwise node 1's embedded PostgreSQL on
# 127.0.0.1:${PG_PORT:-55432}, which nodes 2 and 3 reach with the service password kept in node 1's data directory.
# Load balancer: haproxy or nginx from PATH. Ctrl-C stops everything this script started.
# Usage: mvn -q -DskipTests package && deploy/local-cluster.sh
set -euo pipefail
cd "$(dirname "$0")/.."
JAR=${JAR:-target/walletpay.jar}
RUN=${RUN_DIR:-target/local-cluster}
LB_PORT=${LB_PORT:-8080}
PG_PORT=${PG_PORT:-55432}
[ -f "$JAR" ] || { echo "build first: mvn -q -DskipTests package" >&2; exit 2; }
[ -f "$(dirname "$JAR")/walletpay-cluster.jar" ] \
  || { echo "clustered nodes need walletpay-cluster.jar beside $JAR (mvn package builds both)" >&2; exit 2; }
mkdir -p "$RUN"/node1 "$RUN"/node2 "$RUN"/node3
MEMBERS=127.0.0.1:5801,127.0.0.1:5802,127.0.0.1:5803
# checkout links point at the load balancer, or at node 1 when there is none to start
if command -v haproxy >/dev/null || command -v nginx >/dev/null; then PUBLIC_URL=http://127.0.0.1:$LB_PORT; else PUBLIC_URL=http://127.0.0.1:8081; fi
# One admin token and one JWT secret for all three nodes (a token issued by one node must be accepted by the
# other behind the load balancer; portal cookies too): from the environment, else generated once into $RUN.
if [ -z "${WALLETPAY_ADMIN_TOKEN:-}" ] || [ -z "${WALLETPAY_JWT_SECRET:-}" ]; then
  if [ ! -f "$RUN/secrets.env" ]; then
    random() { head -c "$1" /dev/urandom | od -An -tx1 | tr -d ' \n'; }
    (umask 077; printf 'WALLETPAY_ADMIN_TOKEN=adm_%s\nWALLETPAY_JWT_SECRET=%s\n' "$(random 24)" "$(random 32)" >"$RUN/secrets.env")
  fi
  set -a; . "$RUN/secrets.env"; set +a
  echo "admin token and JWT secret shared by the nodes: $RUN/secrets.env"
fi
export WALLETPAY_ADMIN_TOKEN WALLETPAY_JWT_SECRET
PIDS=()
cleanup() { for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done; wait || true; }
trap cleanup EXIT INT TERM

node() { # node <n> <role> <http port> <management port> [env...]
  local n=$1 role=$2 http=$3 mgmt=$4; shift 4
  env WALLETPAY_ROLE="$role" WALLETPAY_HTTP_HOST=127.0.0.1 WALLETPAY_HTTP_PORT="$http" \
    WALLETPAY_MANAGEMENT_PORT="$mgmt" WALLETPAY_DATA_DIR="$RUN/node$n" \
    WALLETPAY_PUBLIC_BASE_URL="$PUBLIC_URL" \
    WALLETPAY_CLUSTER_ENABLED=true WALLETPAY_CLUSTER_MEMBERS=$MEMBERS \
    WALLETPAY_CLUSTER_HOST=127.0.0.1 WALLETPAY_CLUSTER_PORT=$((5800 + n)) "$@" \
    java -jar "$JAR" >"$RUN/node$n.log" 2>&1 &
  PIDS+=($!)
  echo "node $n ($role): http 127.0.0.1:$http, health 127.0.0.1:$mgmt, log $RUN/node$n.log"
}
ready() { until curl -fsS "http://127.0.0.1:$1/health/ready" >/dev/null 2>&1; do sleep 1; done; }

if [ -n "${WALLETPAY_DB_URL:-}" ]; then
  node 1 all 8081 9091 WALLETPAY_DB_URL="$WALLETPAY_DB_URL"
  DB_URL=$WALLETPAY_DB_URL
else
  node 1 all 8081 9091 WALLETPAY_DB_EMBEDDED_PORT="$PG_PORT"
  ready 9091
  PASSWORD=$(sed -n 's/.*"service_password" *: *"\([^"]*\)".*/\1/p' "$RUN/node1/database-credentials.json")
  DB_URL="postgresql://walletpay:$PASSWORD@127.0.0.1:$PG_PORT/postgres"
fi
ready 9091
node 2 api 8082 9092 WALLETPAY_DB_URL="$DB_URL"
node 3 worker 8083 9093 WALLETPAY_DB_URL="$DB_URL"
ready 9092
ready 9093

if command -v haproxy >/dev/null; then
  sed -e "s/\*:8080/127.0.0.1:$LB_PORT/" \
      -e 's/node-all:8080 check port 9090/127.0.0.1:8081 check port 9091/' \
      -e 's/node-api:8080 check port 9090/127.0.0.1:8082 check port 9092/' deploy/haproxy.cfg >"$RUN/haproxy.cfg"
  haproxy -f "$RUN/haproxy.cfg" &
  PIDS+=($!)
elif command -v nginx >/dev/null; then
  cat >"$RUN/nginx.conf" <<CONF
pid $PWD/$RUN/nginx.pid; error_log $PWD/$RUN/nginx.log; daemon off;
events {}
http { access_log off; upstream walletpay { server 127.0.0.1:8081; server 127.0.0.1:8082; }
  server { listen 127.0.0.1:$LB_PORT; location / { proxy_pass http://walletpay; proxy_set_header Host \$host; } } }
CONF
  nginx -p "$PWD/$RUN" -c "$PWD/$RUN/nginx.conf" &
  PIDS+=($!)
else
  echo "no haproxy or nginx on PATH: use the API nodes directly (127.0.0.1:8081, 127.0.0.1:8082)" >&2
fi
echo "walletpay cluster up: $PUBLIC_URL (Ctrl-C stops it)"
wait
