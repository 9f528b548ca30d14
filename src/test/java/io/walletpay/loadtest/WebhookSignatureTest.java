package io.walletpay.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.loadtest.WebhookSignature.Headers;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The generator counts a webhook as verified only when both its signatures match: the values below are the Standard
 * Webhooks specification's own example (secret, message id, timestamp, payload and signature) and that payload's
 * {@code X-Service-Signature} under the same secret, computed outside Java.
 */
class WebhookSignatureTest {

    private static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    private static final byte[] BODY = "{\"test\": 2432232314}".getBytes(StandardCharsets.UTF_8);
    private static final String ID = "msg_p5jXN8AQM9LWM0D4loKWxJek";
    private static final long AT = 1614265330;
    private static final String STANDARD = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=";
    private static final String SERVICE = "sha256=80ec8a89ce3cd22133a1066caecb4d04fea7467657c8514d717ec42c38a5c94c";

    private final WebhookSignature signature = new WebhookSignature(SECRET);

    private boolean verified(String service, String id, String timestamp, String standard, long now) {
        return signature.matches(BODY, new Headers(service, id, timestamp, standard), now);
    }

    @Test
    void bothSignaturesMatchingIsVerified() {
        assertThat(verified(SERVICE, ID, Long.toString(AT), STANDARD, AT)).isTrue();
        // one of several signatures (a rotation's old and new secrets) is enough
        assertThat(verified(SERVICE, ID, Long.toString(AT), "v1,bm90IHRoaXMgb25l " + STANDARD, AT + 300))
                .isTrue();
    }

    @Test
    void eitherSignatureWrongOrMissingIsNot() {
        assertThat(verified(null, ID, Long.toString(AT), STANDARD, AT)).isFalse();
        assertThat(verified(SERVICE.replace("80ec", "80ed"), ID, Long.toString(AT), STANDARD, AT))
                .isFalse();
        assertThat(verified(SERVICE, ID, Long.toString(AT), null, AT)).isFalse();
        assertThat(verified(SERVICE, ID, Long.toString(AT), STANDARD.replace("g0h", "g0i"), AT))
                .isFalse();
        assertThat(verified(SERVICE, ID + "x", Long.toString(AT), STANDARD, AT)).isFalse();
        assertThat(verified(SERVICE, null, Long.toString(AT), STANDARD, AT)).isFalse();
    }

    /**
     * A secret from before the standard's format (URL-safe base64, which the standard's libraries cannot decode) is
     * keyed with its UTF-8 bytes for both signatures, as those libraries take it raw; values computed outside Java.
     */
    @Test
    void anOlderSecretIsKeyedRaw() {
        WebhookSignature older = new WebhookSignature("whsec_C2FVsBQIhrscChlQIMV-b5sSYspob7oD");
        Headers headers = new Headers(
                "sha256=f9b8750d464954e9f2adb62f6aecc08e06657aa98487f48d7add89682311eadb",
                ID,
                Long.toString(AT),
                "v1,gf3xi+bQhNipN7DhCIUg3pBV5Qy4o28KlC199QgI3Tw=");
        assertThat(older.matches(BODY, headers, AT)).isTrue();
        assertThat(signature.matches(BODY, headers, AT)).isFalse();
    }

    @Test
    void aTimestampMoreThanFiveMinutesOffOrNotANumberIsNot() {
        assertThat(verified(SERVICE, ID, Long.toString(AT), STANDARD, AT + 301)).isFalse();
        assertThat(verified(SERVICE, ID, Long.toString(AT), STANDARD, AT - 301)).isFalse();
        assertThat(verified(SERVICE, ID, "soon", STANDARD, AT)).isFalse();
        assertThat(verified(SERVICE, ID, Long.toString(AT + 1), STANDARD, AT)).isFalse();
    }
}
