import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A walletpay webhook endpoint in Java, JDK only.
 *
 * <p>Run: {@code WEBHOOK_SECRET=whsec_... PORT=8000 java Receiver.java}; then set the merchant's Webhook URL to
 * {@code http://<this host>:8000/webhooks/walletpay}. Parse the verified body with your JSON library.
 */
public class Receiver {

    static final long TOLERANCE_SECONDS = 300;

    /** The HMAC key: the base64 after {@code whsec_}; a secret issued before that format is used as it is. */
    static byte[] signingKey(String secret) {
        // "whsec_" and padded base64: 6 characters and a multiple of 4
        if (secret.startsWith("whsec_") && secret.length() % 4 == 2) {
            try {
                byte[] key = Base64.getDecoder().decode(secret.substring(6));
                if (key.length > 0) {
                    return key;
                }
            } catch (IllegalArgumentException notBase64) {
                // an older secret: used as it is, below
            }
        }
        return secret.getBytes(StandardCharsets.UTF_8);
    }

    /** True when a {@code webhook-signature} matches the exact body bytes and the timestamp is recent. */
    static boolean verify(String secret, String id, String timestamp, String signatures, byte[] body)
            throws GeneralSecurityException {
        if (id == null || timestamp == null || signatures == null || !timestamp.matches("\\d{1,12}")) {
            return false;
        }
        if (Math.abs(Instant.now().getEpochSecond() - Long.parseLong(timestamp)) > TOLERANCE_SECONDS) {
            return false;
        }
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(signingKey(secret), "HmacSHA256"));
        mac.update((id + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8));
        byte[] expected = Base64.getEncoder().encode(mac.doFinal(body));
        for (String signature : signatures.split(" ")) {
            if (signature.startsWith("v1,")
                    && MessageDigest.isEqual(expected, signature.substring(3).getBytes(StandardCharsets.UTF_8))) {
                return true;
            }
        }
        return false;
    }

    static void handle(HttpExchange exchange) throws IOException {
        byte[] body = exchange.getRequestBody().readAllBytes();
        boolean valid;
        try {
            valid = verify(
                    System.getenv("WEBHOOK_SECRET"),
                    exchange.getRequestHeaders().getFirst("webhook-id"),
                    exchange.getRequestHeaders().getFirst("webhook-timestamp"),
                    exchange.getRequestHeaders().getFirst("webhook-signature"),
                    body);
        } catch (GeneralSecurityException e) {
            valid = false;
        }
        if (!valid) {
            exchange.sendResponseHeaders(400, -1);
            exchange.close();
            return;
        }
        // Acknowledge first; do the work idempotently, keyed by webhook-id (a delivery can arrive twice).
        System.out.println(new String(body, StandardCharsets.UTF_8));
        exchange.sendResponseHeaders(204, -1);
        exchange.close();
    }

    public static void main(String[] args) throws IOException {
        int port = Integer.parseInt(System.getenv().getOrDefault("PORT", "8000"));
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
        server.createContext("/", Receiver::handle);
        server.start();
    }
}
