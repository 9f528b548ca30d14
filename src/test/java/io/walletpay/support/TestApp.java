package io.walletpay.support;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import io.walletpay.Application;
import io.walletpay.config.AppConfig;
import io.walletpay.db.DatabaseTarget;

/** A deployed service on its own migrated database, with a web client pointed at it. */
public record TestApp(Application application, AppConfig config, DatabaseTarget database, WebClient client) {

    public static Future<TestApp> start(Vertx vertx, AppConfig config) {
        DatabaseTarget database = TestDatabase.migrated();
        return Application.deploy(vertx, config, database, TestDatabase.schemaVersion())
                .map(app -> new TestApp(
                        app,
                        config,
                        database,
                        WebClient.create(
                                vertx,
                                new WebClientOptions()
                                        .setDefaultHost("localhost")
                                        .setDefaultPort(config.http().port()))));
    }

    public int port() {
        return config.http().port();
    }
}
