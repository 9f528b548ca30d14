"""walletpay's Python SDK: a small client for the merchant API and webhook verification, standard library only."""

from .client import ApiError, Client, new_idempotency_key
from .webhooks import InvalidSignature, verify_service_signature, verify_standard, verify_webhook

__all__ = ["ApiError", "Client", "InvalidSignature", "new_idempotency_key", "verify_service_signature", "verify_standard", "verify_webhook"]
