package io.walletpay.net;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Turns the text of an IP address into its bytes without ever asking DNS. {@code InetAddress.getByName} falls back
 * to a name lookup for anything it does not read as a literal, and accepts ambiguous forms such as {@code 10.1}
 * or {@code 010.0.0.1}; both are wrong for configuration that decides where webhooks may go.
 */
public final class IpLiteral {

    private static final Pattern OCTET = Pattern.compile("0|[1-9]\\d{0,2}");
    private static final Pattern HEXTET = Pattern.compile("[0-9a-fA-F]{1,4}");

    private IpLiteral() {}

    /** Four bytes for dotted-quad IPv4, sixteen for IPv6 (with {@code ::} and a trailing dotted quad allowed). */
    public static byte[] parse(String text) {
        return text.indexOf(':') >= 0 ? ipv6(text) : ipv4(text);
    }

    private static byte[] ipv4(String text) {
        String[] parts = text.split("\\.", -1);
        if (parts.length != 4) {
            throw invalid(text);
        }
        byte[] bytes = new byte[4];
        for (int i = 0; i < 4; i++) {
            if (!OCTET.matcher(parts[i]).matches() || Integer.parseInt(parts[i]) > 255) {
                throw invalid(text);
            }
            bytes[i] = (byte) Integer.parseInt(parts[i]);
        }
        return bytes;
    }

    private static byte[] ipv6(String text) {
        int gap = text.indexOf("::");
        if (gap >= 0 && text.indexOf("::", gap + 1) >= 0) {
            throw invalid(text);
        }
        List<Integer> head = hextets(gap >= 0 ? text.substring(0, gap) : text, gap < 0, text);
        List<Integer> tail = gap >= 0 ? hextets(text.substring(gap + 2), true, text) : List.of();
        int given = head.size() + tail.size();
        if (gap >= 0 ? given > 7 : given != 8) {
            throw invalid(text);
        }
        byte[] bytes = new byte[16];
        put(bytes, 0, head);
        put(bytes, 8 - tail.size(), tail);
        return bytes;
    }

    private static List<Integer> hextets(String part, boolean mayEndInIpv4, String text) {
        List<Integer> hextets = new ArrayList<>();
        if (part.isEmpty()) {
            return hextets;
        }
        String[] groups = part.split(":", -1);
        for (int i = 0; i < groups.length; i++) {
            boolean last = i == groups.length - 1;
            if (last && mayEndInIpv4 && groups[i].indexOf('.') >= 0) {
                byte[] v4 = ipv4(groups[i]);
                hextets.add((v4[0] & 0xff) << 8 | (v4[1] & 0xff));
                hextets.add((v4[2] & 0xff) << 8 | (v4[3] & 0xff));
            } else if (HEXTET.matcher(groups[i]).matches()) {
                hextets.add(Integer.parseInt(groups[i], 16));
            } else {
                throw invalid(text);
            }
        }
        return hextets;
    }

    private static void put(byte[] bytes, int firstHextet, List<Integer> hextets) {
        for (int i = 0; i < hextets.size(); i++) {
            bytes[2 * (firstHextet + i)] = (byte) (hextets.get(i) >> 8);
            bytes[2 * (firstHextet + i) + 1] = (byte) (int) hextets.get(i);
        }
    }

    private static IllegalArgumentException invalid(String text) {
        return new IllegalArgumentException("'" + text + "' is not an IPv4 or IPv6 address literal");
    }
}
