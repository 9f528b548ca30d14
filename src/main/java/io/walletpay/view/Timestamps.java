package io.walletpay.view;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * The one way API answers write times: RFC 3339 in UTC, always with seconds (OffsetDateTime.toString() drops
 * them when they are zero, which is not RFC 3339); and the one way times sent to the API are read.
 */
public final class Timestamps {

    private Timestamps() {}

    /**
     * An RFC 3339 time: ISO 8601 with an offset and a year of four digits. The ISO reader alone also takes years such
     * as {@code +10000}, which RFC 3339 has no room for, so clients would fail to read them back.
     */
    public static OffsetDateTime parse(String text) {
        OffsetDateTime at = OffsetDateTime.parse(text);
        if (text.length() < 5 || !Character.isDigit(text.charAt(0)) || text.charAt(4) != '-') {
            throw new DateTimeParseException("RFC 3339 years have four digits", text, 0);
        }
        return at;
    }

    public static String format(OffsetDateTime at) {
        return at == null
                ? null
                : DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(at.withOffsetSameInstant(ZoneOffset.UTC));
    }
}
