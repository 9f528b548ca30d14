package io.walletpay.webhook;

import java.util.List;

/** A delivery with the body it sends and its attempts, oldest first. */
public record DeliveryDetail(Delivery delivery, String body, List<AttemptView> attempts) {}
