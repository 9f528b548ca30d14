package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import io.walletpay.support.TestMerchants;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/** What the store's tests on a real PostgreSQL share: waiting for a future, and a table as comparable JSON rows. */
final class StoreTestSupport {

    private StoreTestSupport() {}

    static <T> T await(Future<T> future) throws Exception {
        return future.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    /** Every row {@code sql} returns, as JSON text, in its order: two runs compare with {@code equals}. */
    static List<String> rows(Database database, String sql) throws Exception {
        List<String> rows = new ArrayList<>();
        for (Row row : await(database.statements().query(sql).execute())) {
            rows.add(row.toJson().encode());
        }
        return rows;
    }

    /** The same for a prepared statement with {@code params}. */
    static List<String> rows(Database database, String sql, Tuple params) throws Exception {
        List<String> rows = new ArrayList<>();
        for (Row row : await(database.statements().preparedQuery(sql).execute(params))) {
            rows.add(row.toJson().encode());
        }
        return rows;
    }

    /** A new active merchant with no fees, as the store's statements need one; its id. */
    static UUID merchant(Database database) throws Exception {
        UUID id = UUID.randomUUID();
        await(TestMerchants.row(id).insert(database.statements()));
        return id;
    }

    /** A new person of the merchant with that role (its wire name), as a portal session needs one; their id. */
    static UUID person(Database database, UUID merchant, String role) throws Exception {
        UUID id = UUID.randomUUID();
        await(database.statements()
                .preparedQuery("INSERT INTO people (id, merchant_id, email, name, role, password_hash)"
                        + " VALUES ($1, $2, $3, 'Anne', $4, $5)")
                .execute(Tuple.of(id, merchant, id + "@boutik.ht", role, "$argon2id$x")));
        return id;
    }
}
