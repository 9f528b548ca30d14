package io.walletpay.view;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * The one way API answers write times: RFC 3339 in UTC, always with seconds (OffsetDateTime.toString() drops
 * them when they are zero, which is not RFC 3339).
 */
public final class Timestamps {

    private Timestamps() {}

    public static String format(OffsetDateTime at) {
        return at == null
                ? null
                : DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(at.withOffsetSameInstant(ZoneOffset.UTC));
    }
}
