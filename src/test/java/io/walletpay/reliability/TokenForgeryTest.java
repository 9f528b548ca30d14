package io.walletpay.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.Jwts;
import io.walletpay.support.RunningService;
import io.walletpay.support.TestConfig;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Forged merchant tokens, beyond the basic cases of MerchantAuthenticationTest (missing, malformed, expired,
 * wrong key, alg none, wrong issuer or audience, tampered subject): algorithm confusion in both directions
 * (HS256 service given RS256-labelled tokens, RS256 service given HS256 tokens keyed with its public key),
 * alg-none spellings, claims missing, a subject that is no merchant. Every one is a 401 with the envelope; the
 * control tokens show the forger itself is right.
 */
@BehaviourTest
class TokenForgeryTest {

    static RunningService hs256;
    static RunningService rs256;
    static String hsMerchant;
    static String rsMerchant;
    static KeyPair serviceKeys;
    static String publicPem;

    @BeforeAll
    static void start(@TempDir Path keys) throws Exception {
        hs256 = RunningService.start();
        hsMerchant = hs256.createMerchant("Signed HS").getString("merchant_id");

        serviceKeys = rsaKeys();
        publicPem = pem("PUBLIC KEY", serviceKeys.getPublic().getEncoded());
        Files.writeString(
                keys.resolve("private.pem"),
                pem("PRIVATE KEY", serviceKeys.getPrivate().getEncoded()));
        Files.writeString(keys.resolve("public.pem"), publicPem);
        rs256 = RunningService.start(Map.of(
                "WALLETPAY_JWT_ALGORITHM",
                "RS256",
                "WALLETPAY_JWT_PRIVATE_KEY_PEM",
                keys.resolve("private.pem").toString(),
                "WALLETPAY_JWT_PUBLIC_KEY_PEM",
                keys.resolve("public.pem").toString()));
        rsMerchant = rs256.createMerchant("Signed RS").getString("merchant_id");
    }

    @AfterAll
    static void stop() {
        hs256.close();
        rs256.close();
    }

    @Test
    void forgeriesOfAnHs256ServicesTokensAre401() throws Exception {
        JsonObject claims = Jwts.claims(hsMerchant, Instant.now().getEpochSecond() + 600);
        byte[] secret = TestConfig.JWT_SECRET.getBytes(StandardCharsets.UTF_8);
        Map<String, String> forged = new LinkedHashMap<>();
        forged.put(
                "HS256 signature under an RS256 header (HS to RS switch)",
                Jwts.forged(Jwts.header("RS256"), claims, Jwts.hmacWith(secret)));
        forged.put(
                "RS256 signed with the attacker's own key",
                Jwts.forged(Jwts.header("RS256"), claims, Jwts.rsaWith(rsaKeys().getPrivate())));
        forged.put(
                "RS256 with the attacker's key embedded as jwk",
                Jwts.forged(
                        Jwts.header("RS256").put("jwk", new JsonObject().put("kty", "RSA")),
                        claims,
                        Jwts.rsaWith(rsaKeys().getPrivate())));
        forged.put(
                "HS512 signed with the right secret (an algorithm not configured)",
                Jwts.forged(Jwts.header("HS512"), claims, input -> hmac512(secret, input)));
        forged.put("alg None", Jwts.forged(Jwts.header("None"), claims, input -> new byte[0]));
        forged.put("alg NONE", Jwts.forged(Jwts.header("NONE"), claims, input -> new byte[0]));
        forged.put(
                "alg none keeping a valid signature", Jwts.forged(Jwts.header("none"), claims, Jwts.hmacWith(secret)));
        forged.put("HS256 with an empty signature", Jwts.forged(Jwts.header("HS256"), claims, input -> new byte[0]));
        forged.put(
                "header swapped to none on a valid token",
                swapHeader(Jwts.hs256(TestConfig.JWT_SECRET, claims), Jwts.header("none")));
        forged.put(
                "expired one second ago",
                Jwts.hs256(
                        TestConfig.JWT_SECRET,
                        Jwts.claims(hsMerchant, Instant.now().getEpochSecond() - 1)));
        forged.put("no issuer", Jwts.hs256(TestConfig.JWT_SECRET, claims.copy().put("iss", (String) null)));
        forged.put(
                "no audience", Jwts.hs256(TestConfig.JWT_SECRET, claims.copy().put("aud", (String) null)));
        forged.put(
                "audience list without ours",
                Jwts.hs256(
                        TestConfig.JWT_SECRET,
                        claims.copy().put("aud", new io.vertx.core.json.JsonArray().add("other-api"))));
        forged.put(
                "subject not a merchant id",
                Jwts.hs256(TestConfig.JWT_SECRET, claims.copy().put("sub", "admin")));
        forged.put("no subject", Jwts.hs256(TestConfig.JWT_SECRET, claims.copy().put("sub", (String) null)));
        forged.put(
                "subject of no merchant",
                Jwts.hs256(TestConfig.JWT_SECRET, claims.copy().put("sub", "00000000-0000-4000-8000-000000000000")));
        // correctly signed, as with a leaked signing key or a careless issuer: still not tokens this service gives
        long now = Instant.now().getEpochSecond();
        forged.put(
                "signed without an expiry",
                Jwts.hs256(
                        TestConfig.JWT_SECRET,
                        claims.copy().put("exp", (String) null).put("iat", (String) null)));
        forged.put(
                "signed for ten days",
                Jwts.hs256(TestConfig.JWT_SECRET, claims.copy().put("iat", now).put("exp", now + 10 * 86_400)));
        forged.put(
                "signed for ten days, without iat",
                Jwts.hs256(
                        TestConfig.JWT_SECRET,
                        claims.copy().put("iat", (String) null).put("exp", now + 10 * 86_400)));
        forged.put(
                "subject in upper case",
                Jwts.hs256(
                        TestConfig.JWT_SECRET,
                        claims.copy().put("sub", hsMerchant.toUpperCase(java.util.Locale.ROOT))));
        forged.put(
                "subject in full-width digits",
                Jwts.hs256(TestConfig.JWT_SECRET, claims.copy().put("sub", fullWidth(hsMerchant))));
        forged.put(
                "payload tampered: expiry extended",
                Jwts.tampered(
                        Jwts.hs256(
                                TestConfig.JWT_SECRET,
                                Jwts.claims(hsMerchant, Instant.now().getEpochSecond() - 60)),
                        claims));

        assertAllRefused(hs256, forged);
        assertThat(hs256.http
                        .get("/api/merchant/settings", Jwts.hs256(TestConfig.JWT_SECRET, claims))
                        .status())
                .as("control: the same claims correctly signed")
                .isEqualTo(200);
    }

    @Test
    void forgeriesOfAnRs256ServicesTokensAre401() throws Exception {
        JsonObject claims = Jwts.claims(rsMerchant, Instant.now().getEpochSecond() + 600);
        Map<String, String> forged = new LinkedHashMap<>();
        forged.put(
                "HS256 keyed with the service's public key PEM (RS to HS confusion)",
                Jwts.forged(
                        Jwts.header("HS256"), claims, Jwts.hmacWith(publicPem.getBytes(StandardCharsets.US_ASCII))));
        forged.put(
                "HS256 keyed with the service's public key DER",
                Jwts.forged(
                        Jwts.header("HS256"),
                        claims,
                        Jwts.hmacWith(serviceKeys.getPublic().getEncoded())));
        forged.put(
                "RS256 signed with another key",
                Jwts.forged(Jwts.header("RS256"), claims, Jwts.rsaWith(rsaKeys().getPrivate())));
        forged.put("alg none", Jwts.unsigned(claims));
        forged.put(
                "expired, correctly signed",
                Jwts.forged(
                        Jwts.header("RS256"),
                        Jwts.claims(rsMerchant, Instant.now().getEpochSecond() - 1),
                        Jwts.rsaWith(serviceKeys.getPrivate())));
        forged.put(
                "wrong audience, correctly signed",
                Jwts.forged(
                        Jwts.header("RS256"),
                        claims.copy().put("aud", "other-api"),
                        Jwts.rsaWith(serviceKeys.getPrivate())));
        forged.put(
                "wrong issuer, correctly signed",
                Jwts.forged(
                        Jwts.header("RS256"),
                        claims.copy().put("iss", "someone-else"),
                        Jwts.rsaWith(serviceKeys.getPrivate())));

        assertAllRefused(rs256, forged);
        assertThat(rs256.http
                        .get(
                                "/api/merchant/settings",
                                Jwts.forged(Jwts.header("RS256"), claims, Jwts.rsaWith(serviceKeys.getPrivate())))
                        .status())
                .as("control: the same claims signed with the service's key")
                .isEqualTo(200);
        JsonObject issued = rs256.createMerchant("Issued RS");
        assertThat(rs256.http
                        .get("/api/merchant/settings", rs256.tokenFor(issued))
                        .status())
                .as("control: a token the RS256 service issued")
                .isEqualTo(200);
    }

    /** The cases signed correctly by the service's key, for its issuer and audience, whose only fault is their age. */
    static final java.util.Set<String> OURS_BUT_EXPIRED =
            java.util.Set.of("expired one second ago", "expired, correctly signed");

    static void assertAllRefused(RunningService service, Map<String, String> forged) {
        forged.forEach((kind, token) -> {
            for (String path : new String[] {"/api/merchant/settings", "/api/merchant/payments"}) {
                Http.Response answer = service.http.get(path, token);
                assertThat(answer.status()).as(kind + " on " + path).isEqualTo(401);
                // a token of the service's own that is merely out of time is told apart, so its client gets a new one
                boolean expired = OURS_BUT_EXPIRED.contains(kind);
                assertThat(answer.header("WWW-Authenticate"))
                        .as(kind)
                        .isEqualTo(expired ? Jwts.EXPIRED_TOKEN_CHALLENGE : Jwts.INVALID_TOKEN_CHALLENGE);
                assertThat(answer.errorCode()).as(kind).isEqualTo(expired ? "token_expired" : "invalid_token");
            }
        });
    }

    static String swapHeader(String token, JsonObject header) {
        String[] parts = token.split("\\.");
        return Base64.getUrlEncoder()
                        .withoutPadding()
                        .encodeToString(header.encode().getBytes(StandardCharsets.UTF_8)) + "." + parts[1] + "."
                + parts[2];
    }

    static byte[] hmac512(byte[] key, String input) {
        try {
            javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA512");
            mac.init(new javax.crypto.spec.SecretKeySpec(key, "HmacSHA512"));
            return mac.doFinal(input.getBytes(StandardCharsets.UTF_8));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static KeyPair rsaKeys() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        return generator.generateKeyPair();
    }

    static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                        .encodeToString(der) + "\n-----END " + type + "-----\n";
    }

    /** The same id with its digits and letters in their full-width forms, which UUID.fromString also reads. */
    static String fullWidth(String id) {
        StringBuilder wide = new StringBuilder();
        for (char c : id.toCharArray()) {
            wide.append(Character.isLetterOrDigit(c) ? (char) (c - 0x20 + 0xFF00) : c);
        }
        return wide.toString();
    }
}
