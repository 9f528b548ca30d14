package io.walletpay.store;

import io.vertx.core.Vertx;
import io.walletpay.config.AppConfig;
import io.walletpay.db.DatabaseTarget;
import io.walletpay.support.TestConfig;
import io.walletpay.support.TestDatabase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * What a store test opens on the real PostgreSQL, closed after it whether it passed or not: a Vert.x (closing it
 * closes every pool made with it), a test configuration in a data directory of its own, and its databases.
 * Register it with {@code @RegisterExtension final StoreFixture fixture = new StoreFixture();}.
 */
final class StoreFixture implements AfterEachCallback {

    private final Vertx vertx = Vertx.vertx();
    private Path dataDir;
    private AppConfig config;

    Vertx vertx() {
        return vertx;
    }

    /** The test configuration (defaults, a data directory of this test's own). */
    AppConfig config() throws IOException {
        if (config == null) {
            dataDir = Files.createTempDirectory("walletpay-store-test");
            config = TestConfig.forTest(dataDir, Map.of());
        }
        return config;
    }

    /** A database on the migrated test PostgreSQL; {@code owner} names its pools. */
    Database database(String owner) throws IOException {
        return database(TestDatabase.migrated(), owner);
    }

    Database database(DatabaseTarget target, String owner) throws IOException {
        return database(target, owner, 1);
    }

    /** One of {@code sharers} databases splitting {@code db.pool_size} connections, as a node's verticles do. */
    Database database(DatabaseTarget target, String owner, int sharers) throws IOException {
        return Database.connect(vertx, target, config().db(), owner, sharers);
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        try {
            vertx.close().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
        } finally {
            if (dataDir != null) {
                try (Stream<Path> files = Files.walk(dataDir)) {
                    for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                        Files.deleteIfExists(file);
                    }
                }
            }
        }
    }
}
