package io.walletpay.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class WebhookSignerTest {

    @Test
    void matchesGitHubsDocumentedWebhookSignatureExample() {
        // https://docs.github.com/en/webhooks/using-webhooks/validating-webhook-deliveries#testing-the-webhook-payload-validation
        String header = WebhookSigner.signatureHeader(
                "Hello, World!".getBytes(StandardCharsets.UTF_8), "It's a Secret to Everybody");

        assertThat(header).isEqualTo("sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17");
    }

    @Test
    void matchesRfc4231TestCase2() {
        String header = WebhookSigner.signatureHeader(
                "what do ya want for nothing?".getBytes(StandardCharsets.US_ASCII), "Jefe");

        assertThat(header).isEqualTo("sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    }

    @Test
    void keysWithTheSecretsUtf8BytesNotLatin1() {
        // expected values from: printf '{}' | openssl dgst -sha256 -hmac "$(printf 's\xc3\xa9cret')"; with
        // 's\xe9cret' (Latin-1) it would be 4484ec1e24629607ac13eaa6d90123525b5cdfd61c5ea6a1e46926b49e3fff96
        String header = WebhookSigner.signatureHeader("{}".getBytes(StandardCharsets.UTF_8), "s\u00e9cret");

        assertThat(header).isEqualTo("sha256=6bdc600d7060e2255d31249ba5148f3467e62926a37d87eeb622e2332f1ca7e7");
    }

    @Test
    void changesWhenOneByteOfTheBodyChanges() {
        assertThat(WebhookSigner.signatureHeader("{\"a\":1}".getBytes(StandardCharsets.UTF_8), "k"))
                .isNotEqualTo(WebhookSigner.signatureHeader("{\"a\":2}".getBytes(StandardCharsets.UTF_8), "k"));
    }
}
