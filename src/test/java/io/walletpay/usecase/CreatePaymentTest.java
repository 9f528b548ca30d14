package io.walletpay.usecase;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.walletpay.checkout.SandboxWalletProvider;
import io.walletpay.checkout.WalletProviders;
import io.walletpay.config.AppConfig;
import io.walletpay.error.ServiceException;
import io.walletpay.merchant.Merchant;
import io.walletpay.payment.AmountLimits;
import io.walletpay.payment.CreatePaymentRequest;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.payment.StoredResponse;
import io.walletpay.support.TestConfig;
import io.walletpay.support.TestMerchants;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A merchant creating payments over an in-memory payment store: what is stored, what a retry replays, what is refused. */
class CreatePaymentTest {

    @TempDir
    Path dataDir;

    private final InMemoryPaymentStore payments = new InMemoryPaymentStore();
    private final WalletProviders sandbox = WalletProviders.only(new SandboxWalletProvider("http://localhost:8080"));
    private final Merchant merchant = TestMerchants.active();

    @Test
    void aCreateStoresOnePendingPaymentWithTheMerchantsFees() {
        CreatePayment create = new CreatePayment(payments, sandbox, config().payments());

        StoredResponse answer = done(create.create(merchant, request("1500.50", "INV-1"), null));

        assertThat(answer.status()).isEqualTo(201);
        Payment stored = payments.payments.values().iterator().next();
        assertThat(stored.status()).isEqualTo(PaymentStatus.PENDING);
        assertThat(stored.amount()).isEqualByComparingTo("1500.50");
        assertThat(stored.fees()).isEqualByComparingTo("42.51"); // 2.50 % of 1 500.50 plus 5.00, rounded
        assertThat(stored.netAmount()).isEqualByComparingTo("1457.99");
        assertThat(answer.body()).contains(stored.id().toString()).contains(stored.redirectUrl());
    }

    @Test
    void aRetriedCreateWithTheSameKeyReplaysTheFirstAnswerAndStoresNothingMore() {
        CreatePayment create = new CreatePayment(payments, sandbox, config().payments());

        StoredResponse first = done(create.create(merchant, request("100", "INV-2"), "key-1"));
        StoredResponse again = done(create.create(merchant, request("100", "INV-2"), "key-1"));

        assertThat(again).isEqualTo(first);
        assertThat(payments.payments).hasSize(1);
    }

    @Test
    void theSameKeyWithAnotherBodyIsAConflict() {
        CreatePayment create = new CreatePayment(payments, sandbox, config().payments());
        done(create.create(merchant, request("100", "INV-3"), "key-2"));

        Future<StoredResponse> other = create.create(merchant, request("200", "INV-3"), "key-2");

        assertThat(((ServiceException) other.cause()).code()).isEqualTo("idempotency_key_reused");
        assertThat(payments.payments).hasSize(1);
    }

    private AppConfig config() {
        return TestConfig.forTest(dataDir, Map.of());
    }

    private static CreatePaymentRequest request(String amount, String reference) {
        String json = "{\"amount\":" + amount + ",\"reference_id\":\"" + reference + "\"}";
        return CreatePaymentRequest.parse(json.getBytes(StandardCharsets.UTF_8), AmountLimits.defaults());
    }

    private static <T> T done(Future<T> future) {
        assertThat(future.succeeded()).as(String.valueOf(future.cause())).isTrue();
        return future.result();
    }
}
