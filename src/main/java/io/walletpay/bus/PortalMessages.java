package io.walletpay.bus;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/** Requests of the merchant portal to the store and their replies. */
public final class PortalMessages {

    /** One merchant's payments created in [{@code from}, {@code to}), by status and by Haitian day. */
    public record Summarize(UUID merchantId, OffsetDateTime from, OffsetDateTime to) {}

    /** How many payments of one status, their amount, fees and net. */
    public record StatusTotal(String status, long count, BigDecimal amount, BigDecimal fees, BigDecimal net) {}

    /** The completed volume of one day ({@code yyyy-MM-dd} in Haiti). */
    public record DayVolume(String day, BigDecimal amount) {}

    public record Summary(List<StatusTotal> byStatus, List<DayVolume> days) {}

    private PortalMessages() {}
}
