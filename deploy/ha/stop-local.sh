#!/usr/bin/env bash
# Stops every process of the cluster start-local.sh started in [base-dir] (default /tmp/walletpay-ha), then
# removes its data.
#
#   deploy/ha/stop-local.sh [base-dir]
#
# A process belongs to the cluster when its command line names a path inside base-dir (etcd, Patroni, PostgreSQL
# and HAProxy all do, as does a node restarted by hand or a second start), or when it descends from one
# (PostgreSQL's own processes). The pid files are not trusted: a node restarted by hand has another pid, and an
# old pid may belong to someone else by now. Patroni and HAProxy are asked to stop first (Patroni stops its
# PostgreSQL), then what is left gets a fast shutdown or TERM, then KILL. The data is removed only once none of
# those processes is left; otherwise the script names them, keeps the data and exits 1.
set -uo pipefail
base="$(realpath -m "${1:-/tmp/walletpay-ha}")"
if [ "$base" = / ]; then
  echo "stop-local.sh: refusing to stop and remove /" >&2
  exit 2
fi
# before anything is signalled: every process whose command line names a path inside an arbitrary directory
# (/usr, a home) is not a cluster to stop
if [ -n "$(ls -A "$base" 2>/dev/null)" ] && ! [ -e "$base/superuser.password" ] && ! [ -e "$base/etcd" ]; then
  echo "stop-local.sh: $base is not a directory start-local.sh made; nothing stopped or removed" >&2
  exit 2
fi

# "pid args" of every process of the cluster; never this script, its callers, or the commands it runs
members() {
  ps -ww -e -o pid=,ppid=,args= | BASE="$base/" SELF="$$" awk '
    { pid = $1; parent[pid] = $2; args[pid] = $0; sub(/^ *[0-9]+ +[0-9]+ +/, "", args[pid])
      if (index(args[pid], ENVIRON["BASE"])) named[pid] = 1 }
    END {
      self = ENVIRON["SELF"] + 0
      for (p = self; (p in parent) && p + 0 > 1; p = parent[p]) caller[p] = 1
      for (p in parent) {
        if (p in caller) continue
        own = 0; hit = 0
        for (q = p; (q in parent) && q + 0 > 1; q = parent[q]) {
          if (q + 0 == self) { own = 1; break }
          if ((q in named) && !(q in caller)) hit = 1
        }
        if (hit && !own) print p, args[p]
      }
    }'
}

# pids of the members whose command line matches the extended regular expression $1 and not $2 (default: runuser,
# which starts a program as the postgres user and ends with it; signalled, it would KILL its program two seconds
# later)
pids_matching() {
  members | INCLUDE="$1" EXCLUDE="${2-^runuser }" awk '
    { pid = $1; sub(/^[0-9]+ /, "") }
    $0 ~ ENVIRON["INCLUDE"] && !(ENVIRON["EXCLUDE"] != "" && $0 ~ ENVIRON["EXCLUDE"]) { print pid }'
}

# every pid seen, with its start time, so that a process which has left the tree (a PostgreSQL child whose
# postmaster was killed) is still checked, and a pid reused since is not mistaken for it
declare -A seen
start_time() {
  local stat
  stat="$(cat "/proc/$1/stat" 2>/dev/null)" || return 1
  stat="${stat##*) }"
  set -- $stat
  [ "$1" != Z ] || return 1 # a zombie has stopped; only its parent has not looked yet
  echo "${20}"
}
remember() {
  local pid
  for pid in $(pids_matching . ''); do
    seen[$pid]="$(start_time "$pid")" || unset "seen[$pid]"
  done
}
left() {
  local pid
  remember
  for pid in "${!seen[@]}"; do
    [ "$(start_time "$pid")" = "${seen[$pid]}" ] && echo "$pid"
  done
}

# signal $1 to the members matching $2 and not $4 (see pids_matching), then wait up to $3 seconds for them to end
stop_matching() {
  local pids deadline=$((SECONDS + $3))
  remember
  pids="$(pids_matching "$2" "${4-^runuser }")"
  [ -n "$pids" ] || return 0
  kill "-$1" $pids 2>/dev/null
  while [ -n "$(pids_matching "$2" "${4-^runuser }")" ] && [ "$SECONDS" -lt "$deadline" ]; do
    sleep 0.2
  done
}

stop_matching TERM '^[^ ]*haproxy |^[^ ]*python[^ ]* [^ ]*patroni ' 30 # Patroni stops its PostgreSQL itself
stop_matching INT '^[^ ]*postgres -D ' 15 # a fast shutdown of a PostgreSQL whose Patroni is gone
stop_matching TERM . 10 # etcd, and whatever else is left
stop_matching KILL . 5 ''

remaining="$(left)"
if [ -n "$remaining" ]; then
  echo "stop-local.sh: still running, so $base is kept:" >&2
  ps -ww -o pid=,user=,args= -p "$(tr '\n' , <<<"$remaining" | sed 's/,$//')" >&2
  exit 1
fi

rm -rf "$base"
