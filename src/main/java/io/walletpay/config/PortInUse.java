package io.walletpay.config;

import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/**
 * A port the configuration names that another process holds. Start-up stops with one line naming the key, so a
 * deployer knows which setting to change: the API's, the management listener's or the embedded database's.
 */
public final class PortInUse extends RuntimeException {

    private final String key;

    public PortInUse(String key, String host, int port, Throwable cause) {
        super(
                "port " + port + " on " + host
                        + " is already in use by another process; stop it or choose another port",
                cause);
        this.key = key;
    }

    /** The refusal's one line: {@code configuration key 'k' (WALLETPAY_K): port … is already in use …}. */
    public String line() {
        return ConfigException.line(key, getMessage());
    }

    /**
     * Refuses {@code port} on {@code host} when another process listens there. For a server started by this process
     * that would otherwise find out late and obscurely: the embedded PostgreSQL, which cannot bind, while its start
     * check logs in to whichever server holds the port instead. Port 0 (any free one) passes.
     */
    public static void check(String key, String host, int port) {
        if (port == 0) {
            return;
        }
        try (ServerSocket probe = new ServerSocket()) {
            probe.setReuseAddress(true); // a port left in TIME_WAIT by a server that just stopped is free to use
            probe.bind(new InetSocketAddress(host, port));
        } catch (IOException e) {
            if (isBindFailure(e)) {
                throw new PortInUse(key, host, port, e);
            }
        }
    }

    /** {@code failure} as a {@link PortInUse} of {@code key} when binding {@code port} failed, else unchanged. */
    public static Throwable ifBindFailure(Throwable failure, String key, String host, int port) {
        return isBindFailure(failure) ? new PortInUse(key, host, port, failure) : failure;
    }

    /** Java's own bind failure, or the native transport's, which says it in its message. */
    private static boolean isBindFailure(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof BindException
                    || String.valueOf(cause.getMessage()).contains("Address already in use")) {
                return true;
            }
        }
        return false;
    }
}
