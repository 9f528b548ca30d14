# A failover trial against deploy/ha/start-local.sh: eight clients create payments, pay each on the sandbox page and
# receive its webhook, while the leader's machine is lost (kill -9 of its Patroni and postmaster) or a switchover
# runs; then it reports the answers by status, acknowledged payments missing, completed payments without a webhook,
# and the seconds from the kill or command to the first refused and the first successful create afterwards.
#
#   SERVICE_URL=http://127.0.0.1:18080 WALLETPAY_ADMIN_TOKEN=… python3 deploy/ha/failover_trial.py [dir] kill|switchover
#
# dir is the cluster's base directory as given to start-local.sh (default /tmp/walletpay-ha), and PRIMARY_PORT
# (default 5000) and PG_BIN_DIR (default /usr/lib/postgresql/15/bin) are read as start-local.sh reads them: the
# final count goes through HAProxy as the superuser. The service runs in development mode (sandbox page, loopback
# webhook receiver) with WALLETPAY_DB_URL as start-local.sh printed it; the receiver listens on RECEIVER_PORT
# (default 18099; 0 takes a free port). Run as root or as the cluster's owner.
import json, os, re, signal, subprocess, sys, threading, time, urllib.request, urllib.error
BASE = os.environ.get("SERVICE_URL", "http://127.0.0.1:18080")
ADMIN = os.environ["WALLETPAY_ADMIN_TOKEN"]
HA = os.path.realpath(sys.argv[1] if len(sys.argv) > 1 else "/tmp/walletpay-ha")
MODE = sys.argv[2] if len(sys.argv) > 2 else "kill"
PRIMARY_PORT = os.environ.get("PRIMARY_PORT", "5000")
PSQL = os.path.join(os.environ.get("PG_BIN_DIR", "/usr/lib/postgresql/15/bin"), "psql")
RECEIVER_PORT = int(os.environ.get("RECEIVER_PORT", "18099"))

def call(method, path, body=None, token=None, form=None):
    data = json.dumps(body).encode() if body is not None else (form.encode() if form else None)
    req = urllib.request.Request(BASE + path, data=data, method=method)
    if body is not None: req.add_header("Content-Type", "application/json")
    if form: req.add_header("Content-Type", "application/x-www-form-urlencoded")
    if token: req.add_header("Authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()
    except Exception as e:
        return 0, str(e).encode()

class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *a, **k): return None
opener = urllib.request.build_opener(NoRedirect)

import http.server
hooked = set()
class Hook(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        if body.get("data", {}).get("status") == "completed": hooked.add(body["data"]["transaction_id"])
        self.send_response(200); self.end_headers()
    def log_message(self, *a): pass
hooks = http.server.ThreadingHTTPServer(("127.0.0.1", RECEIVER_PORT), Hook)
threading.Thread(target=hooks.serve_forever, daemon=True).start()
hook_url = "http://127.0.0.1:%d/hooks" % hooks.server_address[1]
st, b = call("POST", "/api/admin/merchants", {"name": "HA shop", "webhook_url": hook_url}, ADMIN)
m = json.loads(b)["data"]
st, b = call("POST", "/api/merchant/token", {"merchant_id": m["merchant_id"], "secret_key": m["secret_key"]})
token = json.loads(b)["data"]["token"]

acked, paid, statuses, lock = [], [], {}, threading.Lock()
first_after_kill = [None]
first_refusal = [None]
kill_at = [None]
stop = threading.Event()

def client():
    while not stop.is_set():
        st, b = call("POST", "/api/merchant/payments/wallet/", {"amount": 100}, token)
        with lock:
            statuses[st] = statuses.get(st, 0) + 1
            if st != 201 and kill_at[0] and first_refusal[0] is None:
                first_refusal[0] = time.time()
            if st == 201:
                d = json.loads(b)["data"]; acked.append(d["id"])
                if first_refusal[0] and first_after_kill[0] is None:
                    first_after_kill[0] = time.time() - kill_at[0]
        if st == 201:
            tok = d["redirect_url"].rsplit("/", 1)[1]
            req = urllib.request.Request(BASE + "/checkout/" + tok, data=b"phone=37001234&action=pay", method="POST")
            req.add_header("Content-Type", "application/x-www-form-urlencoded")
            try:
                r = opener.open(req, timeout=30); code = r.status
            except urllib.error.HTTPError as e:
                code = e.code
            except Exception:
                code = 0
            if code in (200, 303):
                with lock: paid.append(d["id"])
        elif st != 201:
            time.sleep(0.05)

threads = [threading.Thread(target=client) for _ in range(8)]
for t in threads: t.start()
time.sleep(8)
leader = None
out = subprocess.run(["patronictl", "-c", HA + "/node1/patroni.yml", "list", "-f", "json"], capture_output=True, text=True).stdout
for member in json.loads(out):
    if member["Role"] == "Leader": leader = member["Member"]
print("leader", leader, flush=True)
if MODE == "kill":
    pid = int(subprocess.run(["pgrep", "-f", f"^[^ ]*python[^ ]* [^ ]*patroni {re.escape(HA)}/{leader}/patroni.yml"], capture_output=True, text=True).stdout.split()[0])
    pm = open(f"{HA}/{leader}/data/postmaster.pid").readline().strip()
    with lock: kill_at[0] = time.time()
    os.kill(pid, signal.SIGKILL); os.kill(int(pm), signal.SIGKILL)
else:
    with lock: kill_at[0] = time.time()
    subprocess.run(["patronictl", "-c", HA + "/node1/patroni.yml", "switchover", "--force", "--leader", leader], capture_output=True)
time.sleep(25)
stop.set()
for t in threads: t.join()
time.sleep(10)  # webhooks of the last payments
for t in threads: t.join()
ids = set()
q = subprocess.run([PSQL, "-h", "127.0.0.1", "-p", PRIMARY_PORT, "-U", "postgres", "-d", "walletpay", "-Atc", "SELECT id, status FROM payments"],
                   capture_output=True, text=True, env={**os.environ, "PGPASSWORD": open(HA + "/superuser.password").read().strip()})
rows = dict(l.split("|") for l in q.stdout.split())
lost = [i for i in acked if i not in rows]
paid_not_completed = [i for i in paid if rows.get(i) != "completed"]
completed_without_webhook = [i for i in acked if rows.get(i) == "completed" and i not in hooked]
print(json.dumps({"mode": MODE, "answers": statuses, "acknowledged": len(acked), "lost": len(lost),
                  "paid": len(paid), "paid_not_completed": len(paid_not_completed), "completed_without_webhook": len(completed_without_webhook),
                  "seconds_to_first_create": round(first_after_kill[0], 2) if first_after_kill[0] else None,
                  "seconds_to_first_refusal": round(first_refusal[0] - kill_at[0], 2) if first_refusal[0] else None}))
