package io.walletpay.links;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.json.JsonObject;
import io.walletpay.checkout.SandboxWalletProvider;
import io.walletpay.error.ServiceException;
import io.walletpay.merchant.Merchant;
import io.walletpay.store.Stores;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.RunningService;
import io.walletpay.support.TestConfig;
import io.walletpay.usecase.Actor;
import io.walletpay.usecase.CreatePayment;
import io.walletpay.usecase.CreatePaymentLink;
import io.walletpay.usecase.CreatePaymentLink.PaymentLink;
import java.math.BigDecimal;
import java.net.URI;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Payment links end to end: a real payment made on the merchant's behalf, whose checkout opens and is paid. */
@BehaviourTest
class PaymentLinkTest {

    static RunningService service;
    static Http http;
    static Stores stores;
    static CreatePaymentLink links;

    @BeforeAll
    static void start() {
        service = RunningService.start();
        http = service.http;
        stores = service.stores();
        links = new CreatePaymentLink(
                stores,
                new CreatePayment(
                        stores.payments(),
                        new SandboxWalletProvider(service.config.publicBaseUrl()),
                        service.config.payments()));
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @Test
    void aLinksCheckoutOpensAndIsPaidInTheSandbox() {
        JsonObject created = service.createMerchant(new JsonObject()
                .put("name", "Bèl Rad")
                .put("return_url", "https://shop.example/thanks")
                .put("fee_percent", 2));
        Merchant merchant = merchant(created);

        PaymentLink link = RunningService.await(links.create(
                merchant,
                new BigDecimal("1250.00"),
                "Wòb wouj, gwosè M",
                "IG-42",
                Actor.portal(merchant.id(), "203.0.113.9")));

        assertThat(link.amount()).isEqualByComparingTo("1250.00");
        assertThat(link.amount().scale()).isEqualTo(2);
        assertThat(link.description()).isEqualTo("Wòb wouj, gwosè M");
        assertThat(link.reference()).isEqualTo("IG-42");
        String token = service.tokenFor(created);
        JsonObject payment =
                http.get("/api/merchant/payments/" + link.paymentId(), token).data();
        assertThat(payment.getString("status")).isEqualTo("pending");
        assertThat(payment.getString("redirect_url")).isEqualTo(link.checkoutUrl());
        assertThat(payment.getString("fees")).isEqualTo("25.00"); // the merchant's own fee rule, as for the API
        assertThat(payment.getString("description")).isEqualTo("Wòb wouj, gwosè M");
        assertThat(payment.getString("expires_at")).isNotNull();

        String path = URI.create(link.checkoutUrl()).getRawPath();
        Http.Response page = http.get(path, null);
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.body()).contains("Bèl Rad", "Wòb wouj, gwosè M", "1 250,00 HTG");

        Http.Response paid = http.send(
                "POST",
                path,
                null,
                "phone=50912345678&action=pay",
                Map.of("Content-Type", "application/x-www-form-urlencoded"));
        assertThat(paid.status()).isEqualTo(303);
        assertThat(paid.header("Location"))
                .startsWith("https://shop.example/thanks?")
                .contains("status=completed");
        assertThat(http.get("/api/merchant/payments/" + link.paymentId(), token)
                        .data()
                        .getString("status"))
                .isEqualTo("completed");

        JsonObject entry =
                http.get("/api/merchant/audit-log", token).dataArray().getJsonObject(0);
        assertThat(entry.getString("action")).isEqualTo("payment_link.create");
        assertThat(entry.getString("actor")).isEqualTo("portal:" + merchant.id());
        assertThat(entry.getString("source_address")).isEqualTo("203.0.113.9");
        assertThat(entry.getString("what")).isEqualTo(link.paymentId().toString());
    }

    @Test
    void theQrCodeOfALinkEncodesItsCheckoutUrl() {
        Merchant merchant = merchant(service.createMerchant("QR shop"));
        PaymentLink link = RunningService.await(
                links.create(merchant, new BigDecimal("10.00"), null, null, Actor.portal(merchant.id(), "127.0.0.1")));

        assertThat(link.description()).isNull();
        assertThat(link.reference()).isNull();
        assertThat(QrSvg.of(link.checkoutUrl()))
                .isEqualTo(QrSvg.of(link.checkoutUrl()))
                .startsWith("<svg");
    }

    @Test
    void badValuesAreTheApisFourHundredsAndStoreNothing() {
        Merchant merchant = merchant(service.createMerchant("Careful links"));
        Actor actor = Actor.portal(merchant.id(), "127.0.0.1");

        assertRefused(links.create(merchant, new BigDecimal("0"), null, null, actor), "invalid_amount");
        assertRefused(links.create(merchant, new BigDecimal("-5.00"), null, null, actor), "invalid_amount");
        assertRefused(links.create(merchant, new BigDecimal("1.234"), null, null, actor), "invalid_amount");
        assertRefused(links.create(merchant, null, null, null, actor), "invalid_amount");
        assertRefused(
                links.create(merchant, new BigDecimal("5.00"), "x".repeat(501), null, actor), "invalid_description");
        assertRefused(
                links.create(merchant, new BigDecimal("5.00"), null, "r".repeat(101), actor), "invalid_reference_id");

        assertThat(service.sql("SELECT count(*) FROM payments WHERE merchant_id = $1", merchant.id())
                        .iterator()
                        .next()
                        .getLong(0))
                .isZero();
        assertThat(service.sql("SELECT count(*) FROM audit_log WHERE merchant_id = $1", merchant.id())
                        .iterator()
                        .next()
                        .getLong(0))
                .isZero();
    }

    @Test
    void aDisabledMerchantMakesNoLink() {
        JsonObject created = service.createMerchant("Closed shop");
        assertThat(http.patch(
                                "/api/admin/merchants/" + created.getString("merchant_id"),
                                TestConfig.ADMIN_TOKEN,
                                new JsonObject().put("status", "disabled"))
                        .status())
                .isEqualTo(200);
        Merchant merchant = merchant(created);

        assertThatThrownBy(() -> RunningService.await(links.create(
                        merchant, new BigDecimal("5.00"), null, null, Actor.portal(merchant.id(), "127.0.0.1"))))
                .hasCauseInstanceOf(ServiceException.class)
                .hasMessageContaining("disabled");
        assertThat(service.sql("SELECT count(*) FROM payments WHERE merchant_id = $1", merchant.id())
                        .iterator()
                        .next()
                        .getLong(0))
                .isZero();
    }

    private static Merchant merchant(JsonObject created) {
        return RunningService.await(stores.merchants().get(UUID.fromString(created.getString("merchant_id"))));
    }

    private static void assertRefused(io.vertx.core.Future<PaymentLink> attempt, String code) {
        assertThatThrownBy(() -> RunningService.await(attempt))
                .cause()
                .isInstanceOfSatisfying(ServiceException.class, failure -> assertThat(failure.code())
                        .isEqualTo(code));
    }
}
