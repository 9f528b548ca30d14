package io.walletpay.webhook;

import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;

/**
 * How many webhook endpoints a merchant may have, the first (the settings' webhook_url) included: the one number
 * the stores count against when an endpoint is made, so a later split by mode changes it here alone.
 */
public final class EndpointLimit {

    public static final int PER_MERCHANT = 16;

    /**
     * The endpoints a merchant may add beside the first. The first's place is kept whether or not a webhook_url is
     * set, so setting one later never takes a merchant past {@link #PER_MERCHANT}.
     */
    public static final int FURTHER = PER_MERCHANT - 1;

    private EndpointLimit() {}

    /** The 409 of an endpoint asked for beyond the limit. */
    public static ServiceException reached() {
        return new ServiceException(
                ErrorKind.CONFLICT,
                "endpoint_limit_reached",
                "A merchant has at most " + PER_MERCHANT + " webhook endpoints; delete one before adding another");
    }
}
