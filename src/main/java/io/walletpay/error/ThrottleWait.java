package io.walletpay.error;

import java.time.Duration;

/** How long a throttled caller is told to wait, the one rule for {@code Retry-After} and the pages that say it. */
public final class ThrottleWait {

    private ThrottleWait() {}

    /** {@code wait} in whole seconds, rounded up and at least one: a caller told to come back never comes too early. */
    public static long seconds(Duration wait) {
        return Math.max(1, wait.getSeconds() + (wait.getNano() > 0 ? 1 : 0));
    }
}
