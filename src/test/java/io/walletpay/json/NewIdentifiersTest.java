package io.walletpay.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.uuid.impl.UUIDUtil;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The identifiers the service gives what it stores: time-ordered, readable back, never counted up. */
class NewIdentifiersTest {

    @Test
    void aNewIdentifierIsAVersionSevenUuidCarryingTheMillisecondItWasMade() {
        long before = Instant.now().toEpochMilli();
        UUID id = NewIdentifiers.next();
        long after = Instant.now().toEpochMilli();

        assertThat(id.version()).isEqualTo(7);
        assertThat(id.variant()).isEqualTo(2);
        assertThat(UUIDUtil.extractTimestamp(id)).isBetween(before, after);
    }

    @Test
    void itsTextIsTheCanonicalFormTheServiceReadsBack() {
        UUID id = NewIdentifiers.next();

        assertThat(Identifiers.parse(id.toString())).isEqualTo(id);
    }

    @Test
    void identifiersMadeInALaterMillisecondSortAfterAsPostgresqlOrdersThem() {
        UUID earlier = NewIdentifiers.next();
        UUID later = NewIdentifiers.next();
        while (UUIDUtil.extractTimestamp(later) == UUIDUtil.extractTimestamp(earlier)) {
            later = NewIdentifiers.next();
        }

        assertThat(UUIDUtil.extractTimestamp(later)).isGreaterThan(UUIDUtil.extractTimestamp(earlier));

        // PostgreSQL compares uuid values byte by byte, unsigned: the canonical text sorts the same way
        assertThat(later.toString()).isGreaterThan(earlier.toString());
    }

    @Test
    void identifiersOfOneMillisecondAreDistinctAndNotCountedUpFromOneAnother() {
        List<UUID> made = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            made.add(NewIdentifiers.next());
        }
        Set<UUID> distinct = new HashSet<>(made);
        assertThat(distinct).hasSize(made.size());

        int neighboursOfOneMillisecond = 0;
        int countedUp = 0;
        for (int i = 1; i < made.size(); i++) {
            UUID previous = made.get(i - 1);
            UUID next = made.get(i);
            if (UUIDUtil.extractTimestamp(previous) == UUIDUtil.extractTimestamp(next)) {
                neighboursOfOneMillisecond++;
                if (next.getLeastSignificantBits() - previous.getLeastSignificantBits() == 1) {
                    countedUp++;
                }
            }
        }
        assertThat(neighboursOfOneMillisecond)
                .as("identifiers made within one millisecond")
                .isPositive();
        assertThat(countedUp).as("identifiers one more than the one before").isZero();
    }
}
