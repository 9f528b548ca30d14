package io.walletpay.portal;

import io.walletpay.store.PortalSessionStore.PortalSession;

/** A live portal session as the settings page lists it, and whether it is the browser's that reads the page. */
public record SessionView(PortalSession session, boolean current) {}
