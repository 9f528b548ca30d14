package io.walletpay.delivery;

import java.time.Duration;

/**
 * How often the gauges of rows by status are counted. Counting reads the payments and deliveries tables whole, and
 * they only grow (2 million payments take about half a second on two cores), so a fixed period would make the
 * database's idle load grow with its history. The next count waits {@link #FLOOR} while counting is quick, and at
 * least {@link #SHARE} times what the last one took once it is not: counting then takes at most 1/{@value #SHARE}
 * of one connection's time, whatever the tables hold, and the gauges are as old as that wait at most.
 */
final class CountingPace {

    static final Duration FLOOR = Duration.ofSeconds(5);
    static final int SHARE = 50;

    private CountingPace() {}

    /** The wait before the next count, given how long the last one took. */
    static Duration after(Duration lastCount) {
        Duration paced = lastCount.multipliedBy(SHARE);
        return paced.compareTo(FLOOR) > 0 ? paced : FLOOR;
    }
}
