package io.walletpay.people;

import io.walletpay.error.ErrorCode;
import io.walletpay.error.ServiceException;

/** The two refusals of a team change, one place for their codes and words whichever store refuses. */
public final class TeamRefusals {

    private TeamRefusals() {}

    /** Someone already signs in with that e-mail: it names one person across the service. */
    public static ServiceException emailTaken() {
        return new ServiceException(
                ErrorCode.EMAIL_TAKEN.kind(),
                ErrorCode.EMAIL_TAKEN.code(),
                "Someone already signs in with this e-mail address");
    }

    /** The change would leave the merchant with no owner. */
    public static ServiceException lastOwner() {
        return new ServiceException(
                ErrorCode.LAST_OWNER.kind(),
                ErrorCode.LAST_OWNER.code(),
                "The team keeps at least one owner: make someone else an owner first");
    }
}
