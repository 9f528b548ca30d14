"""A shop's whole flow with the walletpay SDK, against a service in test mode (its sandbox checkout):
a token, a payment, the customer paying on the sandbox page, the signed webhook received and verified, a refund.

Run:  WALLETPAY_URL=http://localhost:8080 WALLETPAY_MERCHANT_ID=... WALLETPAY_SECRET_KEY=sk_... \
      WALLETPAY_WEBHOOK_SECRET=whsec_... python3 examples/whole_flow.py
It receives the webhook itself on 127.0.0.1 (a free port) and points the merchant's Webhook URL there.
"""

import http.server
import os
import queue
import sys
import threading
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from walletpay import (  # noqa: E402
    Client, InvalidSignature, new_idempotency_key, verify_service_signature, verify_webhook)

base_url = os.environ.get("WALLETPAY_URL", "http://localhost:8080")
webhook_secret = os.environ["WALLETPAY_WEBHOOK_SECRET"]
events = queue.Queue()


class Receiver(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        try:
            # both schemes walletpay signs with: Standard Webhooks (what verify_webhook prefers), then the HMAC hex
            event = verify_webhook(body, dict(self.headers.items()), webhook_secret)
            verify_service_signature(body, self.headers.get("X-Service-Signature"), webhook_secret)
        except InvalidSignature as refused:
            self.send_response(400)
            self.end_headers()
            print("webhook refused:", refused, flush=True)
            return
        self.send_response(204)
        self.end_headers()
        events.put(event)

    def log_message(self, *args):
        pass


receiver = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
threading.Thread(target=receiver.serve_forever, daemon=True).start()

client = Client(base_url)
client.authenticate(os.environ["WALLETPAY_MERCHANT_ID"], os.environ["WALLETPAY_SECRET_KEY"])
print("token: ok", flush=True)
client.update_settings(webhook_url=f"http://127.0.0.1:{receiver.server_address[1]}/walletpay")

key = new_idempotency_key()
payment = client.create_payment(1250.5, idempotency_key=key, reference_id="order-1001")
again = client.create_payment(1250.5, idempotency_key=key, reference_id="order-1001")
assert again["id"] == payment["id"], "the same Idempotency-Key answers the same payment"
print("payment:", payment["id"], payment["status"], payment["amount"], flush=True)

# the customer pays on the sandbox checkout page (a form post; the answer redirects to the Return URL)
form = urllib.parse.urlencode({"phone": "50937123456", "action": "pay"}).encode()
pay = urllib.request.Request(payment["redirect_url"], data=form, method="POST",
                             headers={"Content-Type": "application/x-www-form-urlencoded"})
try:
    urllib.request.build_opener(type("NoRedirect", (urllib.request.HTTPRedirectHandler,),
                                     {"redirect_request": lambda *a: None})).open(pay, timeout=30).close()
except urllib.error.HTTPError as answer:
    if answer.code not in (200, 303):
        raise

while True:
    event = events.get(timeout=60)
    if event["event"] == "payment.updated" and event["data"]["transaction_id"] == payment["id"]:
        break
print("webhook:", event["event"], event["data"]["status"], "verified in both schemes", flush=True)
assert event["data"]["status"] == "completed"

refund = client.refund(payment["id"], 250, reason="one item returned")
print("refund:", refund["id"], refund["status"], refund["amount"], flush=True)

seen = [p["id"] for p in client.iterate("/api/merchant/payments", limit=1)]
assert payment["id"] in seen
print("listed:", len(seen), "payments", flush=True)
print("whole flow: ok", flush=True)
receiver.shutdown()
