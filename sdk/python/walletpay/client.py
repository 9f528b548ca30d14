"""The merchant API over HTTP: a token, JSON envelopes, Idempotency-Key, pages and retries on 429/503."""

import json
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

RETRIED_STATUSES = (429, 503)


class ApiError(Exception):
    """An answer that is not a success: its status, the error `code`, `message` and `field` (may be None)."""

    def __init__(self, status, code, message, field=None, headers=None):
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.field = field
        self.headers = headers or {}


def new_idempotency_key():
    """A fresh key for one logical request; send the same key again to retry that request safely."""
    return str(uuid.uuid4())


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


class Client:
    """One merchant's client. `base_url` is the service's public base URL (the `servers` URL of /openapi.yaml)."""

    def __init__(self, base_url, token=None, max_retries=3, max_retry_wait=30.0, timeout=30.0, sleep=time.sleep):
        self.base_url = base_url.rstrip("/")
        self.token = token
        self.max_retries = max_retries
        self.max_retry_wait = max_retry_wait
        self.timeout = timeout
        self._sleep = sleep
        self._opener = urllib.request.build_opener(_NoRedirect)

    # the operations a shop uses most; `request` reaches every other one

    def authenticate(self, merchant_id, secret_key):
        """Gets a token (POST /api/merchant/token/) and keeps it for the following calls; answers its data."""
        data = self.request("POST", "/api/merchant/token/", {"merchant_id": merchant_id, "secret_key": secret_key})
        self.token = data["token"]
        return data

    def create_payment(self, amount, idempotency_key=None, **fields):
        """Creates a payment; `amount` is a number in HTG (int, float or Decimal), never a string."""
        body = dict(fields, amount=_number(amount))
        return self.request("POST", "/api/merchant/payments/wallet/", body,
                            idempotency_key=idempotency_key or new_idempotency_key())

    def get_payment(self, payment_id):
        return self.request("GET", "/api/merchant/payments/" + urllib.parse.quote(payment_id, safe=""))

    def refund(self, payment_id, amount=None, reason=None, idempotency_key=None):
        body = {}
        if amount is not None:
            body["amount"] = _number(amount)
        if reason is not None:
            body["reason"] = reason
        return self.request("POST", "/api/merchant/payments/" + urllib.parse.quote(payment_id, safe="") + "/refunds",
                            body, idempotency_key=idempotency_key or new_idempotency_key())

    def update_settings(self, **fields):
        return self.request("PATCH", "/api/merchant/settings", fields)

    def iterate(self, path, limit=100, **params):
        """Every item of a list (newest first), page after page, following `starting_after` while `has_more`."""
        after = None
        while True:
            query = dict(params, limit=limit)
            if after is not None:
                query["starting_after"] = after
            envelope = self.request_envelope("GET", path + "?" + urllib.parse.urlencode(query))
            for item in envelope["data"]:
                yield item
            if not envelope.get("has_more") or not envelope["data"]:
                return
            after = envelope["data"][-1]["id"]

    def request(self, method, path, body=None, idempotency_key=None):
        """Sends one request; answers the envelope's `data`, or raises ApiError."""
        return self.request_envelope(method, path, body, idempotency_key)["data"]

    def request_envelope(self, method, path, body=None, idempotency_key=None):
        """Like `request`, answering the whole envelope (lists carry `has_more`)."""
        headers = {"Accept": "application/json"}
        if self.token:
            headers["Authorization"] = "Bearer " + self.token
        data = None
        if body is not None:
            data = json.dumps(body).encode("utf-8")
            headers["Content-Type"] = "application/json"
        if idempotency_key is not None:
            headers["Idempotency-Key"] = idempotency_key
        # a request is sent again only when repeating it cannot do the thing twice
        retry_safe = method in ("GET", "HEAD") or idempotency_key is not None
        attempt = 0
        while True:
            status, answer_headers, payload = self._send(method, path, data, headers)
            if status in RETRIED_STATUSES and retry_safe and attempt < self.max_retries:
                attempt += 1
                self._sleep(self._retry_wait(answer_headers.get("Retry-After"), attempt))
                continue
            envelope = json.loads(payload) if payload else {}
            if 200 <= status < 300 and envelope.get("success"):
                return envelope
            error = envelope.get("error") or {}
            raise ApiError(status, error.get("code", "http_" + str(status)), error.get("message", ""),
                           error.get("field"), answer_headers)

    def _send(self, method, path, data, headers):
        request = urllib.request.Request(self.base_url + path, data=data, headers=headers, method=method)
        try:
            with self._opener.open(request, timeout=self.timeout) as answer:
                return answer.status, dict(answer.headers.items()), answer.read()
        except urllib.error.HTTPError as answer:
            return answer.code, dict(answer.headers.items()), answer.read()

    def _retry_wait(self, retry_after, attempt):
        """Retry-After in seconds (or an HTTP date) when the service gives it, else 1, 2, 4 s; never above the cap."""
        wait = float(2 ** (attempt - 1))
        if retry_after:
            try:
                wait = float(retry_after)
            except ValueError:
                from email.utils import parsedate_to_datetime
                try:
                    wait = parsedate_to_datetime(retry_after).timestamp() - time.time()
                except (TypeError, ValueError):
                    pass
        return max(0.0, min(wait, self.max_retry_wait))


def _number(amount):
    if isinstance(amount, str) or isinstance(amount, bool):
        raise TypeError("amount is a number (2500 or 12.5), never a string")
    return float(amount) if not isinstance(amount, int) else amount
