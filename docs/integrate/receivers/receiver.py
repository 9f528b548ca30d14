"""A walletpay webhook endpoint in Python, standard library only.

Run:  WEBHOOK_SECRET=whsec_... PORT=8000 python3 receiver.py
Then set the merchant's Webhook URL to http://<this host>:8000/webhooks/walletpay.
"""
import base64
import binascii
import hashlib
import hmac
import json
import os
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

TOLERANCE_SECONDS = 5 * 60


def signing_key(secret: str) -> bytes:
    """The HMAC key: the base64 after `whsec_`; a secret issued before that format is used as it is."""
    try:
        key = base64.b64decode(secret.removeprefix("whsec_"), validate=True)
        if secret.startswith("whsec_") and key:
            return key
    except binascii.Error:
        pass
    return secret.encode()


def verify(secret: str, headers, body: bytes) -> dict:
    """The parsed event when a `webhook-signature` matches the exact body bytes; raises ValueError otherwise."""
    msg_id = headers.get("webhook-id", "")
    timestamp = headers.get("webhook-timestamp", "")
    if not msg_id or not timestamp.isdigit():
        raise ValueError("missing webhook-id or webhook-timestamp")
    if abs(time.time() - int(timestamp)) > TOLERANCE_SECONDS:
        raise ValueError("timestamp too old or too new")
    signed = msg_id.encode() + b"." + timestamp.encode() + b"." + body
    expected = base64.b64encode(hmac.new(signing_key(secret), signed, hashlib.sha256).digest()).decode()
    for signature in headers.get("webhook-signature", "").split(" "):
        version, _, value = signature.partition(",")
        if version == "v1" and hmac.compare_digest(value, expected):
            return json.loads(body)
    raise ValueError("no matching signature")


class WebhookHandler(BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        try:
            event = verify(os.environ["WEBHOOK_SECRET"], self.headers, body)
        except ValueError as refused:
            self.send_response(400)
            self.end_headers()
            self.wfile.write(str(refused).encode())
            return
        # Acknowledge first; do the work idempotently, keyed by webhook-id (a delivery can arrive twice).
        print(event["event"], event["data"].get("transaction_id", ""), event["data"].get("status", ""), flush=True)
        self.send_response(204)
        self.end_headers()


if __name__ == "__main__":
    HTTPServer(("127.0.0.1", int(os.environ.get("PORT", "8000"))), WebhookHandler).serve_forever()
