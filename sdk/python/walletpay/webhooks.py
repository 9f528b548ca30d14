"""Verifying a webhook walletpay sent, in either of its two signature schemes, over the raw body bytes."""

import base64
import hashlib
import hmac
import json
import time

TOLERANCE_SECONDS = 5 * 60


class InvalidSignature(Exception):
    """The delivery is not from walletpay (or was altered, or is too old): answer 400 and drop it."""


def verify_webhook(body, headers, secret, now=None):
    """Answers the parsed event when `body` (bytes, as received) carries a valid signature, else raises.

    `headers` is a mapping of the delivery's headers (any case). `secret` is the merchant's webhook secret
    (`whsec_...`). The Standard Webhooks signature (`webhook-id`, `webhook-timestamp`, `webhook-signature`) is
    checked when present, with the timestamp within 5 minutes; otherwise `X-Service-Signature` (HMAC-SHA256 hex).
    """
    lowered = {name.lower(): value for name, value in headers.items()}
    if "webhook-signature" in lowered:
        verify_standard(body, lowered, secret, now)
    else:
        verify_service_signature(body, lowered.get("x-service-signature"), secret)
    return json.loads(body)


def verify_service_signature(body, header, secret):
    """`X-Service-Signature: sha256=<hex>`: HMAC-SHA256 of the body keyed with the secret string."""
    if not header or not header.startswith("sha256="):
        raise InvalidSignature("no X-Service-Signature")
    expected = hmac.new(secret.encode("utf-8"), body, hashlib.sha256).hexdigest()
    if not hmac.compare_digest(expected, header[len("sha256="):]):
        raise InvalidSignature("X-Service-Signature does not match")


def verify_standard(body, headers, secret, now=None):
    """Standard Webhooks: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, one per active secret."""
    delivery = headers.get("webhook-id")
    timestamp = headers.get("webhook-timestamp")
    if not delivery or not timestamp:
        raise InvalidSignature("webhook-id or webhook-timestamp missing")
    try:
        sent = int(timestamp)
    except ValueError:
        raise InvalidSignature("webhook-timestamp is not a number") from None
    if abs((now if now is not None else time.time()) - sent) > TOLERANCE_SECONDS:
        raise InvalidSignature("webhook-timestamp too far from now")
    signed = delivery.encode("utf-8") + b"." + timestamp.encode("utf-8") + b"." + body
    expected = base64.b64encode(hmac.new(_key(secret), signed, hashlib.sha256).digest()).decode("ascii")
    for candidate in headers["webhook-signature"].split(" "):
        version, _, signature = candidate.partition(",")
        if version == "v1" and hmac.compare_digest(expected, signature):
            return
    raise InvalidSignature("no webhook-signature matches")


def _key(secret):
    # whsec_ and base64: the key is the decoded part; an older secret is used as it is (a "raw" secret)
    if secret.startswith("whsec_"):
        try:
            return base64.b64decode(secret[len("whsec_"):], validate=True)
        except ValueError:
            pass
    return secret.encode("utf-8")
