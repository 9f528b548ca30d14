import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.auth.JWTOptions;
import io.vertx.ext.auth.PubSecKeyOptions;
import io.vertx.ext.auth.authentication.TokenCredentials;
import io.vertx.ext.auth.jwt.JWTAuth;
import io.vertx.ext.auth.jwt.JWTAuthOptions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * What verifying a merchant token costs per request, against looking up a token already verified (what the
 * HTTP verticles do since the verified-token cache). Single-file program; run from the project root with
 *   java -cp target/walletpay.jar src/bench/JwtCost.java
 */
public class JwtCost {

    public static void main(String[] args) {
        Vertx vertx = Vertx.vertx();
        JWTOptions options = new JWTOptions()
                .setAlgorithm("HS256")
                .setIssuer("walletpay")
                .setAudience(List.of("walletpay-merchant-api"))
                .setExpiresInSeconds(3600);
        JWTAuth auth = JWTAuth.create(
                vertx,
                new JWTAuthOptions()
                        .setJWTOptions(options)
                        .addPubSecKey(new PubSecKeyOptions()
                                .setAlgorithm("HS256")
                                .setBuffer("bench-secret-0123456789abcdef0123456789")));
        String token =
                auth.generateToken(new JsonObject().put("sub", UUID.randomUUID().toString()));
        Map<String, UUID> cache = new LinkedHashMap<>(1024, 0.75f, true);
        cache.put(token, UUID.randomUUID());

        for (int round = 0; round < 3; round++) { // the first rounds warm the JIT up; the last one is reported
            int n = 200_000;
            long start = System.nanoTime();
            for (int i = 0; i < n; i++) {
                auth.authenticate(new TokenCredentials(token))
                        .result()
                        .principal()
                        .getString("sub");
            }
            long verify = (System.nanoTime() - start) / n;
            start = System.nanoTime();
            long sink = 0;
            for (int i = 0; i < n; i++) {
                sink += cache.get(token).getLeastSignificantBits();
            }
            long cached = (System.nanoTime() - start) / n;
            if (round == 2) {
                System.out.printf(
                        "JWT HS256 verification: %d ns per token; verified-token cache hit: %d ns (%d)%n",
                        verify, cached, sink & 1);
            }
        }
        vertx.close();
    }
}
