package io.walletpay.support;

import io.vertx.core.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * HTTP/1.1 written byte for byte on a plain socket, for what a well-behaved client library refuses to send:
 * malformed percent-escapes in the target, raw non-ASCII or control bytes in headers, over-long lines. One
 * request per connection ({@code Connection: close}); the answer is read to the end.
 */
public final class RawHttp {

    /** An answer as parsed from the wire; {@code status} is -1 when the server closed without answering. */
    public record Answer(int status, Map<String, String> headers, String body) {

        public String header(String name) {
            return headers.get(name);
        }

        public JsonObject json() {
            return new JsonObject(body);
        }

        public String mediaType() {
            String type = header("Content-Type");
            return type == null ? null : type.split(";")[0].trim().toLowerCase(Locale.ROOT);
        }
    }

    private final int port;
    private final String localAddress;

    public RawHttp(int port) {
        this(port, null);
    }

    /** Connects from {@code localAddress} (any 127.x.y.z works on Linux), to look like another client. */
    public RawHttp(int port, String localAddress) {
        this.port = port;
        this.localAddress = localAddress;
    }

    /**
     * Sends {@code method target HTTP/1.1}, a Host header, {@code headerLines} (each without its CRLF, as raw
     * ISO-8859-1 or UTF-8 bytes already) and {@code body} with its Content-Length.
     */
    public Answer send(String method, byte[] target, byte[][] headerLines, byte[] body) {
        ByteArrayOutputStream request = new ByteArrayOutputStream();
        request.writeBytes((method + " ").getBytes(StandardCharsets.ISO_8859_1));
        request.writeBytes(target);
        request.writeBytes(
                " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n".getBytes(StandardCharsets.ISO_8859_1));
        for (byte[] line : headerLines) {
            request.writeBytes(line);
            request.writeBytes(new byte[] {'\r', '\n'});
        }
        if (body != null) {
            request.writeBytes(("Content-Length: " + body.length + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
        }
        request.writeBytes(new byte[] {'\r', '\n'});
        if (body != null) {
            request.writeBytes(body);
        }
        try (Socket socket = localAddress == null
                ? new Socket("127.0.0.1", port)
                : new Socket(InetAddress.getByName("127.0.0.1"), port, InetAddress.getByName(localAddress), 0)) {
            socket.setSoTimeout(30_000);
            socket.getOutputStream().write(request.toByteArray());
            socket.getOutputStream().flush();
            return parse(readAll(socket.getInputStream()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Answer send(String method, String target, Map<String, String> headers, String body) {
        byte[][] lines = headers.entrySet().stream()
                .map(e -> (e.getKey() + ": " + e.getValue()).getBytes(StandardCharsets.UTF_8))
                .toArray(byte[][]::new);
        return send(
                method,
                target.getBytes(StandardCharsets.UTF_8),
                lines,
                body == null ? null : body.getBytes(StandardCharsets.UTF_8));
    }

    public static byte[] headerLine(String name, byte[] value) {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        line.writeBytes((name + ": ").getBytes(StandardCharsets.ISO_8859_1));
        line.writeBytes(value);
        return line.toByteArray();
    }

    private static byte[] readAll(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] chunk = new byte[8192];
        try {
            for (int n; (n = in.read(chunk)) >= 0; ) {
                out.write(chunk, 0, n);
            }
        } catch (SocketException reset) {
            // the server may reset after answering; keep what arrived
        }
        return out.toByteArray();
    }

    private static Answer parse(byte[] raw) {
        String text = new String(raw, StandardCharsets.ISO_8859_1); // one char per byte until the body is cut out
        int headEnd = text.indexOf("\r\n\r\n");
        if (!text.startsWith("HTTP/1.") || headEnd < 0) {
            return new Answer(-1, Map.of(), utf8(text));
        }
        String[] lines = text.substring(0, headEnd).split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            headers.putIfAbsent(
                    lines[i].substring(0, colon).trim(),
                    lines[i].substring(colon + 1).trim());
        }
        String body = text.substring(headEnd + 4);
        if ("chunked".equalsIgnoreCase(headers.get("Transfer-Encoding"))) {
            body = unchunk(body);
        }
        return new Answer(status, headers, utf8(body));
    }

    private static String utf8(String bytes) {
        return new String(bytes.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
    }

    private static String unchunk(String chunked) {
        StringBuilder body = new StringBuilder();
        int at = 0;
        while (at < chunked.length()) {
            int lineEnd = chunked.indexOf("\r\n", at);
            int size = Integer.parseInt(
                    chunked.substring(at, lineEnd).split(";")[0].trim(), 16);
            if (size == 0) {
                break;
            }
            body.append(chunked, lineEnd + 2, Math.min(chunked.length(), lineEnd + 2 + size));
            at = lineEnd + 2 + size + 2;
        }
        return body.toString();
    }
}
