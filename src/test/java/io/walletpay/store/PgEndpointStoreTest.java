package io.walletpay.store;

import static io.walletpay.store.StoreTestSupport.await;
import static io.walletpay.store.StoreTestSupport.rows;
import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.vertx.sqlclient.Tuple;
import io.walletpay.support.BehaviourTest;
import io.walletpay.webhook.EndpointInput.EndpointChanges;
import io.walletpay.webhook.EndpointInput.NewEndpoint;
import io.walletpay.webhook.WebhookEndpoint;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The endpoint store on PostgreSQL: the first endpoint read from the merchant row, the further ones in the order
 * they were made, the limit holding under concurrent creates, and no call reaching another merchant's endpoint.
 */
@BehaviourTest
class PgEndpointStoreTest {

    @RegisterExtension
    final StoreFixture fixture = new StoreFixture();

    private Database database;
    private EndpointStore store;
    private UUID merchant;

    @BeforeEach
    void open() throws Exception {
        database = fixture.database("endpoint-store-test");
        store = new PgEndpointStore(database);
        merchant = StoreTestSupport.merchant(database);
    }

    private WebhookEndpoint create(UUID merchantId, String url, int limit) throws Exception {
        return await(store.create(
                merchantId,
                UUID.randomUUID(),
                new NewEndpoint(url, List.of("refund.updated"), "Desk"),
                "whsec_x",
                limit));
    }

    @Test
    void theFirstEndpointIsTheMerchantsWebhookUrlListedFirst() throws Exception {
        WebhookEndpoint further = create(merchant, "https://shop.example/refunds", 16);
        assertThat(await(store.list(merchant))).containsExactly(further);

        await(database.statements()
                .preparedQuery("UPDATE merchants SET webhook_url = 'https://shop.example/hooks' WHERE id = $1")
                .execute(Tuple.of(merchant)));
        List<WebhookEndpoint> listed = await(store.list(merchant));

        assertThat(listed).hasSize(2);
        WebhookEndpoint first = listed.get(0);
        assertThat(first.fromSettings()).isTrue();
        assertThat(first.url()).isEqualTo("https://shop.example/hooks");
        assertThat(first.enabledEvents()).containsExactly("*");
        assertThat(first.id()).isNotNull();
        assertThat(listed.get(1)).isEqualTo(further);
        assertThat(await(store.get(merchant, first.id()))).isEqualTo(first);

        await(store.describeFirst(merchant, "Main"));
        assertThat(await(store.get(merchant, first.id())).description()).isEqualTo("Main");
    }

    @Test
    void concurrentCreatesNeverPassTheLimit() throws Exception {
        List<Future<WebhookEndpoint>> creates = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            creates.add(store.create(
                    merchant,
                    UUID.randomUUID(),
                    new NewEndpoint("https://shop.example/" + i, List.of("*"), null),
                    "whsec_" + i,
                    5));
        }
        await(Future.join(creates));

        assertThat(creates.stream().map(Future::result).filter(Objects::nonNull))
                .hasSize(5);
        assertThat(await(store.list(merchant))).hasSize(5);
        assertThat(create(merchant, "https://shop.example/more", 5)).isNull();
    }

    @Test
    void aChangeARotationAndADeleteReachOnlyTheMerchantsOwnEndpoint() throws Exception {
        WebhookEndpoint made = create(merchant, "https://shop.example/refunds", 16);
        UUID other = StoreTestSupport.merchant(database);
        EndpointChanges describe = new EndpointChanges(null, null, "taken", false);
        OffsetDateTime until = OffsetDateTime.now(ZoneOffset.UTC).plusHours(24).truncatedTo(ChronoUnit.SECONDS);

        assertThat(await(store.get(other, made.id()))).isNull();
        assertThat(await(store.update(other, made.id(), describe))).isNull();
        assertThat(await(store.rotate(other, made.id(), "whsec_other", until))).isNull();
        assertThat(await(store.delete(other, made.id()))).isFalse();

        WebhookEndpoint changed = await(
                store.update(merchant, made.id(), new EndpointChanges(null, List.of("payment.updated"), null, true)));
        assertThat(changed.url()).isEqualTo(made.url());
        assertThat(changed.enabledEvents()).containsExactly("payment.updated");
        assertThat(changed.description()).isNull();

        assertThat(await(store.rotate(merchant, made.id(), "whsec_new", until))).isNotNull();
        assertThat(rows(
                        database,
                        "SELECT secret, previous_secret, previous_secret_until = $2 AS until FROM webhook_endpoints"
                                + " WHERE id = $1",
                        Tuple.of(made.id(), until)))
                .containsExactly("{\"secret\":\"whsec_new\",\"previous_secret\":\"whsec_x\",\"until\":true}");

        assertThat(await(store.delete(merchant, made.id()))).isTrue();
        assertThat(await(store.get(merchant, made.id()))).isNull();
    }
}
