package io.walletpay.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP proxy in front of a server (PostgreSQL) that a test can cut and restore: cutting closes every open
 * connection and refuses new ones, as a database that went down would.
 */
public final class TcpProxy implements AutoCloseable {

    private final int port;
    private final String targetHost;
    private final int targetPort;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private volatile ServerSocket listener;
    private boolean frozen;

    public TcpProxy(String targetHost, int targetPort) {
        this.port = TestConfig.freePort();
        this.targetHost = targetHost;
        this.targetPort = targetPort;
        restore();
    }

    public int port() {
        return port;
    }

    /** Closes the listening socket and every connection through it. */
    public synchronized void cut() {
        try {
            if (listener != null) {
                listener.close();
                listener = null;
            }
        } catch (IOException ignored) {
            // closing anyway
        }
        open.forEach(TcpProxy::closeQuietly);
        open.clear();
    }

    /** Keeps every connection open but forwards no byte, as a database that hangs would. */
    public synchronized void freeze() {
        frozen = true;
    }

    /** Forwards again what was held while frozen. */
    public synchronized void thaw() {
        frozen = false;
        notifyAll();
    }

    private synchronized void awaitThawed() throws InterruptedException {
        while (frozen) {
            wait();
        }
    }

    /** Accepts connections again. */
    public synchronized void restore() {
        try {
            ServerSocket server = new ServerSocket();
            server.setReuseAddress(true);
            server.bind(new InetSocketAddress("127.0.0.1", port));
            listener = server;
            Thread acceptor = new Thread(() -> accept(server), "tcp-proxy-accept");
            acceptor.setDaemon(true);
            acceptor.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void accept(ServerSocket server) {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                if (!track(server, client)) {
                    return;
                }
                Socket upstream = new Socket(targetHost, targetPort);
                if (!track(server, upstream)) {
                    closeQuietly(client);
                    return;
                }
                pump(client, upstream);
                pump(upstream, client);
            } catch (IOException closed) {
                return;
            }
        }
    }

    /**
     * Records a socket for {@link #cut()} to close, unless the listener that accepted it was cut already: a
     * connection accepted just before a cut would otherwise outlive it.
     */
    private synchronized boolean track(ServerSocket server, Socket socket) {
        if (listener != server) {
            closeQuietly(socket);
            return false;
        }
        open.add(socket);
        return true;
    }

    private void pump(Socket from, Socket to) {
        Thread thread = new Thread(
                () -> {
                    try (InputStream in = from.getInputStream();
                            OutputStream out = to.getOutputStream()) {
                        byte[] buffer = new byte[8192];
                        for (int n; (n = in.read(buffer)) >= 0; ) {
                            awaitThawed();
                            out.write(buffer, 0, n);
                        }
                    } catch (IOException | InterruptedException ignored) {
                        // one side closed
                    } finally {
                        closeQuietly(from);
                        closeQuietly(to);
                    }
                },
                "tcp-proxy-pump");
        thread.setDaemon(true);
        thread.start();
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    @Override
    public void close() {
        cut();
    }
}
