package io.walletpay.config;

import io.vertx.config.ConfigRetriever;
import io.vertx.config.ConfigRetrieverOptions;
import io.vertx.config.ConfigStoreOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds the defaults ({@code WALLETPAY_CONFIG}, else {@code config/application.json}, else the copy inside the
 * jar), reads them and the environment through vertx-config, and applies the overrides.
 */
public final class ConfigLoader {

    private ConfigLoader() {}

    /**
     * Starts readying what {@link #load} needs on a thread of its own, so a start does two things at once; the
     * configuration's classes are first touched on that thread, not on the caller's.
     */
    public static void prepareInBackground() {
        Thread thread = new Thread(ConfigBinding::prepare, "walletpay-config-prepare");
        thread.setDaemon(true);
        thread.start();
    }

    public static Future<AppConfig> load(Vertx vertx) {
        String explicit = System.getenv("WALLETPAY_CONFIG");
        ConfigStoreOptions defaults;
        if (explicit != null) {
            defaults = fileStore(explicit);
        } else if (Files.isRegularFile(Path.of("config/application.json"))) {
            defaults = fileStore("config/application.json");
        } else {
            defaults = fileStore("application.json"); // vertx-config falls back to the classpath
        }
        ConfigRetriever fileRetriever = ConfigRetriever.create(
                vertx, new ConfigRetrieverOptions().setScanPeriod(0).addStore(defaults));
        ConfigRetriever envRetriever = ConfigRetriever.create(
                vertx,
                new ConfigRetrieverOptions()
                        .setScanPeriod(0)
                        .addStore(new ConfigStoreOptions()
                                .setType("env")
                                .setConfig(new JsonObject().put("raw-data", true))));
        return Future.all(fileRetriever.getConfig(), envRetriever.getConfig())
                .map(both -> {
                    JsonObject file = both.resultAt(0);
                    JsonObject env = both.resultAt(1);
                    return AppConfig.from(EnvOverrides.apply(file, env.getMap()));
                })
                .onComplete(done -> {
                    fileRetriever.close();
                    envRetriever.close();
                });
    }

    private static ConfigStoreOptions fileStore(String path) {
        return new ConfigStoreOptions().setType("file").setFormat("json").setConfig(new JsonObject().put("path", path));
    }
}
