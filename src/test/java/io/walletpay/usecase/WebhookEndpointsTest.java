package io.walletpay.usecase;

import static io.walletpay.usecase.Done.done;
import static io.walletpay.usecase.Done.failure;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.vertx.core.Future;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.merchant.Actor;
import io.walletpay.merchant.AuditEntry;
import io.walletpay.merchant.Audited;
import io.walletpay.merchant.Merchant;
import io.walletpay.support.TestMerchants;
import io.walletpay.webhook.EndpointInput;
import io.walletpay.webhook.EndpointInput.EndpointChanges;
import io.walletpay.webhook.EndpointInput.NewEndpoint;
import io.walletpay.webhook.EndpointLimit;
import io.walletpay.webhook.WebhookEndpoint;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Webhook endpoints over in-memory stores: each made with a secret of its own shown once, at most the limit per
 * merchant counting the first one, changed and deleted by id, never another merchant's, the first one always taking
 * every event and rotated as the merchant's webhook secret.
 */
class WebhookEndpointsTest {

    private final InMemoryAuditStore audit = new InMemoryAuditStore();
    private final InMemoryEndpointStore store = new InMemoryEndpointStore();
    private final List<String> checked = new ArrayList<>();
    private final WebhookEndpoints endpoints = new WebhookEndpoints(
            store,
            audit,
            new UpdateMerchantSettings(StoresOver.of(audit, null, null), (field, url) -> {
                checked.add(field + "=" + url);
                return Future.succeededFuture();
            }),
            new RotateWebhookSecret(StoresOver.of(audit, null, null), 24),
            (field, url) -> {
                if (url != null && url.contains("refused")) {
                    return Future.failedFuture(ServiceException.invalid(field, field + " is not allowed"));
                }
                checked.add(field + "=" + url);
                return Future.succeededFuture();
            },
            24);
    private final Merchant merchant = audit.add(TestMerchants.active());
    private final Actor actor = Actor.merchant(merchant.id(), "198.51.100.7");

    private Future<WebhookEndpoints.Created> create(UUID merchantId, NewEndpoint endpoint) {
        return endpoints.create(merchantId, endpoint, Actor.merchant(merchantId, "198.51.100.7"));
    }

    private static NewEndpoint endpoint(String url, String... events) {
        return new NewEndpoint(url, List.of(events), null);
    }

    @Test
    void aNewEndpointHasItsOwnSecretAndIsListedAfterTheFirst() {
        WebhookEndpoint first = store.withFirst(merchant.id(), "https://shop.example/hooks");

        WebhookEndpoints.Created created =
                done(create(merchant.id(), endpoint("https://shop.example/refunds", "refund.updated")));

        assertThat(created.secret())
                .startsWith("whsec_")
                .isEqualTo(store.secrets.get(created.endpoint().id()))
                .isNotEqualTo(merchant.webhookSecret());
        assertThat(created.endpoint().fromSettings()).isFalse();
        assertThat(checked).containsExactly("url=https://shop.example/refunds");
        assertThat(done(endpoints.list(merchant.id())))
                .extracting(WebhookEndpoint::id)
                .containsExactly(first.id(), created.endpoint().id());
    }

    @Test
    void theFirstEndpointsPlaceIsKeptSoSettingAWebhookUrlLaterNeverMakesSeventeen() {
        for (int i = 1; i < EndpointLimit.PER_MERCHANT; i++) {
            done(create(merchant.id(), endpoint("https://shop.example/" + i, "*")));
        }

        Throwable refused = failure(create(merchant.id(), endpoint("https://shop.example/16", "*")));
        store.withFirst(merchant.id(), "https://shop.example/hooks");

        assertThat(refused).isInstanceOfSatisfying(ServiceException.class, e -> assertThat(e.code())
                .isEqualTo("endpoint_limit_reached"));
        assertThat(done(endpoints.list(merchant.id()))).hasSize(EndpointLimit.PER_MERCHANT);
    }

    @Test
    void theSeventeenthEndpointIsRefusedCountingTheFirst() {
        store.withFirst(merchant.id(), "https://shop.example/hooks");
        for (int i = 1; i < EndpointLimit.PER_MERCHANT; i++) {
            done(create(merchant.id(), endpoint("https://shop.example/" + i, "*")));
        }

        Throwable refused = failure(create(merchant.id(), endpoint("https://shop.example/17", "*")));

        assertThat(refused).isInstanceOfSatisfying(ServiceException.class, e -> {
            assertThat(e.kind()).isEqualTo(ErrorKind.CONFLICT);
            assertThat(e.code()).isEqualTo("endpoint_limit_reached");
        });
        assertThat(done(endpoints.list(merchant.id()))).hasSize(EndpointLimit.PER_MERCHANT);
    }

    @Test
    void aUrlDeliveryWouldRefuseIsNotSaved() {
        Throwable refused = failure(create(merchant.id(), endpoint("https://refused.example/", "*")));

        assertThat(((ServiceException) refused).code()).isEqualTo("invalid_url");
        assertThat(done(endpoints.list(merchant.id()))).isEmpty();
    }

    @Test
    void anotherMerchantsEndpointIsNotFoundForAnyCall() {
        UUID other = UUID.randomUUID();
        WebhookEndpoint theirs =
                done(create(other, endpoint("https://other.example/", "*"))).endpoint();
        EndpointChanges changes = new EndpointChanges(null, null, "mine now", false);

        for (Future<?> call : List.of(
                endpoints.get(merchant.id(), theirs.id()),
                endpoints.update(merchant.id(), theirs.id(), changes, actor),
                endpoints.delete(merchant.id(), theirs.id(), actor),
                endpoints.rotate(merchant.id(), theirs.id(), actor),
                endpoints.get(merchant.id(), UUID.randomUUID()))) {
            assertThat(failure(call)).isInstanceOfSatisfying(ServiceException.class, e -> assertThat(e.kind())
                    .isEqualTo(ErrorKind.NOT_FOUND));
        }
        assertThat(done(endpoints.get(other, theirs.id())).description()).isNull();
    }

    @Test
    void anEndpointChangesOnlyWhatIsSentAndIsGoneOnceDeleted() {
        WebhookEndpoint made = done(create(
                        merchant.id(), new NewEndpoint("https://shop.example/a", List.of("*"), "Desk")))
                .endpoint();

        WebhookEndpoint changed = done(endpoints.update(
                merchant.id(),
                made.id(),
                new EndpointChanges(null, List.of("payment.updated", "payout.updated"), null, false),
                actor));
        assertThat(changed.url()).isEqualTo("https://shop.example/a");
        assertThat(changed.description()).isEqualTo("Desk");
        assertThat(changed.takes("payout.updated")).isTrue();
        assertThat(changed.takes("refund.updated")).isFalse();

        done(endpoints.delete(merchant.id(), made.id(), actor));
        assertThat(failure(endpoints.get(merchant.id(), made.id()))).isInstanceOf(ServiceException.class);
    }

    @Test
    void aRotationKeepsThePreviousSecretSigningForTheOverlap() {
        WebhookEndpoints.Created made = done(create(merchant.id(), endpoint("https://shop.example/a", "*")));
        OffsetDateTime before = OffsetDateTime.now();

        WebhookEndpoints.Rotated rotated =
                done(endpoints.rotate(merchant.id(), made.endpoint().id(), actor));

        assertThat(rotated.secret()).startsWith("whsec_").isNotEqualTo(made.secret());
        assertThat(store.secrets.get(made.endpoint().id())).isEqualTo(rotated.secret());
        assertThat(rotated.previousActiveUntil())
                .isEqualTo(store.previousUntil.get(made.endpoint().id()))
                .isAfter(before.plusHours(23));
    }

    @Test
    void theFirstEndpointTakesEveryEventAndRotatesAsTheMerchantsWebhookSecret() {
        WebhookEndpoint first = store.withFirst(merchant.id(), "https://shop.example/hooks");

        Throwable narrowed = failure(endpoints.update(
                merchant.id(), first.id(), new EndpointChanges(null, List.of("refund.updated"), null, false), actor));
        assertThat(((ServiceException) narrowed).code()).isEqualTo("first_endpoint_takes_every_event");

        WebhookEndpoint described = done(endpoints.update(
                merchant.id(),
                first.id(),
                new EndpointChanges(null, List.of(EndpointInput.ALL), "Main", false),
                actor));
        assertThat(described.description()).isEqualTo("Main");
        assertThat(described.enabledEvents()).containsExactly(EndpointInput.ALL);

        WebhookEndpoints.Rotated rotated = done(endpoints.rotate(merchant.id(), first.id(), actor));
        assertThat(rotated.secret())
                .isEqualTo(audit.merchants.get(merchant.id()).webhookSecret());
        assertThat(audit.entries)
                .extracting(AuditEntry::action)
                .containsExactly(Audited.WEBHOOK_ENDPOINT_UPDATE, Audited.WEBHOOK_SECRET_ROTATE);
    }

    @Test
    void makingChangingRotatingAndDeletingAnEndpointIsAuditedByIdNeverBySecret() {
        WebhookEndpoints.Created made = done(create(merchant.id(), endpoint("https://shop.example/a", "*")));
        String id = made.endpoint().id().toString();
        done(endpoints.update(
                merchant.id(),
                made.endpoint().id(),
                new EndpointChanges("https://shop.example/b", List.of("payment.updated"), null, false),
                actor));
        WebhookEndpoints.Rotated rotated =
                done(endpoints.rotate(merchant.id(), made.endpoint().id(), actor));
        done(endpoints.delete(merchant.id(), made.endpoint().id(), actor));

        assertThat(audit.entries)
                .extracting(AuditEntry::action, AuditEntry::what)
                .containsExactly(
                        tuple(Audited.WEBHOOK_ENDPOINT_CREATE, id),
                        tuple(Audited.WEBHOOK_ENDPOINT_UPDATE, id + ": url,enabled_events"),
                        tuple(Audited.WEBHOOK_ENDPOINT_SECRET_ROTATE, id + ": secret"),
                        tuple(Audited.WEBHOOK_ENDPOINT_DELETE, id));
        assertThat(audit.entries).allSatisfy(entry -> {
            assertThat(entry.merchantId()).isEqualTo(merchant.id());
            assertThat(entry.actor()).isEqualTo(merchant.id().toString());
            assertThat(entry.sourceAddress()).isEqualTo("198.51.100.7");
            assertThat(entry.what()).doesNotContain(made.secret(), rotated.secret());
        });
    }

    @Test
    void aRefusedEndpointWritesNoAuditEntry() {
        failure(create(merchant.id(), endpoint("https://refused.example/", "*")));
        WebhookEndpoints.Created made = done(create(merchant.id(), endpoint("https://shop.example/a", "*")));
        audit.entries.clear();

        failure(endpoints.update(
                merchant.id(),
                made.endpoint().id(),
                new EndpointChanges("https://refused.example/", null, null, false),
                actor));
        failure(endpoints.delete(UUID.randomUUID(), made.endpoint().id(), actor));

        assertThat(audit.entries).isEmpty();
    }
}
