package io.walletpay.webhook;

import java.time.OffsetDateTime;
import java.util.UUID;

/** One event: {@code body} is the webhook body it was sent as. */
public record EventView(UUID id, String type, UUID paymentId, String body, OffsetDateTime createdAt) {}
