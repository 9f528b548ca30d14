package io.walletpay.portal;

import io.walletpay.store.PortalSessionStore.PortalSession;

/** A live portal session as the settings page lists it, and whether it is the browser's that reads the page. */
public record SessionView(PortalSession session, boolean current) {

    /** The browser as it named itself, cut to what a line shows. */
    public String device() {
        String agent = session.userAgent();
        if (agent == null || agent.isBlank()) {
            return "?";
        }
        return agent.length() <= 90 ? agent : agent.substring(0, 90) + "…";
    }
}
