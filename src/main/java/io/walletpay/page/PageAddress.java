package io.walletpay.page;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The address of a customer page as its links and forms write it: a path (relative, so pages work behind a path
 * prefix; empty for "this page") and a query built one parameter at a time. Every link a page offers is built here,
 * so the first parameter always follows a {@code ?} and the others an {@code &}, whichever were added before.
 */
public final class PageAddress {

    private final String path;
    private final List<String> query;

    private PageAddress(String path, List<String> query) {
        this.path = path;
        this.query = List.copyOf(query);
    }

    /** {@code path} without a query; {@code ""} is the page itself. */
    public static PageAddress of(String path) {
        if (path == null || path.indexOf('?') >= 0 || path.indexOf('#') >= 0) {
            throw new IllegalArgumentException("a page path without query or fragment: " + path);
        }
        return new PageAddress(path, List.of());
    }

    /** This address plus {@code name=value}, the value percent-encoded. */
    public PageAddress with(String name, String value) {
        return plus(encode(name) + "=" + encode(value));
    }

    /** This address plus the bare parameter {@code name} (a switch such as {@code ?cancel}). */
    public PageAddress with(String name) {
        return plus(encode(name));
    }

    /** This address plus a query already encoded, as a request carried it ({@code a=1&b=2}; empty or null adds nothing). */
    public PageAddress withRawQuery(String rawQuery) {
        if (rawQuery == null || rawQuery.isEmpty()) {
            return this;
        }
        List<String> more = new ArrayList<>(query);
        for (String part : rawQuery.split("&")) {
            if (!part.isEmpty()) {
                more.add(part);
            }
        }
        return new PageAddress(path, more);
    }

    private PageAddress plus(String parameter) {
        List<String> more = new ArrayList<>(query);
        more.add(parameter);
        return new PageAddress(path, more);
    }

    /** The address as a link's {@code href} or a form's {@code action} writes it. */
    public String href() {
        return query.isEmpty() ? (path.isEmpty() ? "?" : path) : path + "?" + String.join("&", query);
    }

    @Override
    public String toString() {
        return href();
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
