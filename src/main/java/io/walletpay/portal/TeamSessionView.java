package io.walletpay.portal;

import io.walletpay.people.Person;
import io.walletpay.store.PortalSessionStore.PortalSession;

/**
 * A live session as the team page lists it: whose it is, its id hash in hex (what the page's end button sends; the
 * hash of a cookie, never the cookie), and whether it is the browser's that reads the page.
 */
public record TeamSessionView(PortalSession session, Person person, String handle, boolean current) {

    public String personName() {
        return person == null ? "" : person.name();
    }

    public String personEmail() {
        return person == null ? "" : person.email();
    }
}
