package io.walletpay.net;

import java.util.Arrays;

/** One CIDR block, IPv4 or IPv6, and whether an address lies inside it. */
public final class Subnet {

    private final byte[] network;
    private final int prefixLength;
    private final String text;

    private Subnet(byte[] network, int prefixLength, String text) {
        this.network = network;
        this.prefixLength = prefixLength;
        this.text = text;
    }

    /**
     * Reads {@code 10.0.0.0/8}, {@code fc00::/7}, or a bare address (a one-address block). Host bits must be zero:
     * {@code 10.0.0.1/8} is more likely a typo than a wish to allow all of 10/8.
     */
    public static Subnet parse(String cidr) {
        String trimmed = cidr.trim();
        int slash = trimmed.indexOf('/');
        byte[] network = IpLiteral.parse(slash < 0 ? trimmed : trimmed.substring(0, slash));
        int bits = network.length * 8;
        int prefixLength = slash < 0 ? bits : prefixLength(trimmed.substring(slash + 1), bits, cidr);
        byte[] masked = mask(network, prefixLength);
        if (!Arrays.equals(masked, network)) {
            throw new IllegalArgumentException("subnet '" + cidr + "' has bits set after its /" + prefixLength);
        }
        return new Subnet(masked, prefixLength, trimmed);
    }

    /** False for an address of the other family: IPv4-mapped forms are unwrapped by the caller, not here. */
    public boolean contains(byte[] address) {
        return address.length == network.length && Arrays.equals(mask(address, prefixLength), network);
    }

    @Override
    public String toString() {
        return text;
    }

    private static int prefixLength(String digits, int bits, String cidr) {
        if (!digits.matches("\\d{1,3}") || Integer.parseInt(digits) > bits) {
            throw new IllegalArgumentException("subnet '" + cidr + "' needs a prefix length from 0 to " + bits);
        }
        return Integer.parseInt(digits);
    }

    private static byte[] mask(byte[] address, int prefixLength) {
        byte[] masked = address.clone();
        for (int i = 0; i < masked.length; i++) {
            int keep = Math.max(0, Math.min(8, prefixLength - 8 * i));
            masked[i] &= (byte) (0xff00 >> keep);
        }
        return masked;
    }
}
