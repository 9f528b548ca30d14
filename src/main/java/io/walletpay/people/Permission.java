package io.walletpay.people;

/** What a portal page or form does, as {@link Permissions} grants it to roles. */
public enum Permission {
    /** Read the overview, payments, links, payouts, webhooks and settings; switch test mode; leave. */
    VIEW,
    /** See a payer's phone number whole (everyone else sees it masked). */
    SEE_PAYER,
    /** Cancel a pending payment. */
    CANCEL_PAYMENT,
    /** Create and deactivate payment links. */
    MANAGE_LINKS,
    /** Refund a payment. */
    REFUND,
    /** Send the balance to the payout phone. */
    PAYOUT,
    /** Approve or reject a refund or payout that waits for a second person. */
    APPROVE_MONEY_OUT,
    /** Change the payout phone. */
    PAYOUT_PHONE,
    /** Redeliver, recover and test webhooks; rotate the webhook secret. */
    WEBHOOKS,
    /** Change the merchant's settings (Return URL, webhook URL, language). */
    SETTINGS,
    /** Set the amount from which money out needs a second person. */
    APPROVAL_THRESHOLD,
    /** Rotate the secret key; create and revoke restricted keys. */
    API_KEYS,
    /** Invite people, change their roles, remove them, end their sessions. */
    TEAM
}
