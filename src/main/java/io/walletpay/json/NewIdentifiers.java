package io.walletpay.json;

import com.fasterxml.uuid.Generators;
import com.fasterxml.uuid.NoArgGenerator;
import java.util.UUID;

/**
 * The identifiers the service gives what it stores (payments, webhook deliveries, transfers, payment links,
 * merchants): UUID version 7, the millisecond it was made followed by 74 random bits. Made in time order, new
 * rows land at the right edge of each primary key and of every index that names them (a delivery's payment, a
 * ledger entry's source, an attempt's delivery) instead of on a random page per row, which is less work for
 * PostgreSQL on every insert and every foreign-key check. The random part is drawn afresh from a
 * {@link java.security.SecureRandom} for every identifier, never counted up from the one before, so no
 * identifier tells another. A payment's id reaches its customer (the wallet provider's order, the page that
 * offers another try) and is enough to ask for another try or for the payment's status there: those 74 bits keep
 * it as unguessable as it needs to be. Everything else an identifier names is checked against its owner.
 */
public final class NewIdentifiers {

    private static final NoArgGenerator TIME_ORDERED = Generators.timeBasedEpochRandomGenerator();

    private NewIdentifiers() {}

    /** A new identifier, ordered after every one made in an earlier millisecond. */
    public static UUID next() {
        return TIME_ORDERED.generate();
    }

    /**
     * The smallest identifier of {@code instant}'s millisecond: every identifier made at or after it is at least
     * this one (as PostgreSQL orders uuids, byte by byte), so "made since" is a range of a primary key.
     */
    public static UUID firstAt(java.time.Instant instant) {
        long millis = Math.max(0, instant.toEpochMilli()) & 0xFFFF_FFFF_FFFFL;
        return new UUID((millis << 16) | 0x7000L, 0x8000_0000_0000_0000L);
    }
}
