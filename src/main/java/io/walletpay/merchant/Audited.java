package io.walletpay.merchant;

import java.util.UUID;

/** The audit entries the use cases write: the action names, and an entry for an actor. */
public final class Audited {

    public static final String SETTINGS_UPDATE = "settings.update";
    public static final String WEBHOOK_SECRET_ROTATE = "webhook_secret.rotate";
    public static final String SECRET_KEY_ROTATE = "secret_key.rotate";
    public static final String PAYOUT_PHONE_SET = "payout_phone.set";
    public static final String PAYMENT_LINK_CREATE = "payment_link.create";
    public static final String PAYMENT_LINK_DEACTIVATE = "payment_link.deactivate";
    /** A webhook endpoint other than the first (the settings' webhook_url, audited as the settings change). */
    public static final String WEBHOOK_ENDPOINT_CREATE = "webhook_endpoint.create";

    public static final String WEBHOOK_ENDPOINT_UPDATE = "webhook_endpoint.update";
    public static final String WEBHOOK_ENDPOINT_DELETE = "webhook_endpoint.delete";
    public static final String WEBHOOK_ENDPOINT_SECRET_ROTATE = "webhook_endpoint.secret_rotate";
    /** The team: {@code what} names the person by e-mail (and role), never a password, code or invite token. */
    public static final String PERSON_INVITE = "person.invite";

    public static final String INVITATION_WITHDRAW = "invitation.withdraw";
    public static final String PERSON_JOIN = "person.join";
    public static final String PERSON_ROLE_CHANGE = "person.role_change";
    public static final String PERSON_REMOVE = "person.remove";
    public static final String SECOND_FACTOR_ENROL = "second_factor.enrol";
    public static final String SECOND_FACTOR_RESET = "second_factor.reset";
    public static final String SESSION_END = "session.end";
    /** A restricted API key made or revoked; {@code what} is its id (and scope), never the key. */
    public static final String API_KEY_CREATE = "api_key.create";

    public static final String API_KEY_REVOKE = "api_key.revoke";

    private Audited() {}

    public static AuditEntry entry(UUID merchantId, Actor actor, String action, String what) {
        return new AuditEntry(merchantId, actor.who(), actor.sourceAddress(), action, what);
    }
}
