package io.walletpay.support;

import io.vertx.core.json.JsonObject;
import io.walletpay.config.AppConfig;
import io.walletpay.config.EnvOverrides;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** The shipped defaults ({@code config/application.json}) with overrides given as environment variables. */
public final class TestConfig {

    public static final String ADMIN_TOKEN = "test-admin-token-0123456789abcdef";
    public static final String JWT_SECRET = "test-jwt-secret-0123456789abcdef0123456789";

    private TestConfig() {}

    public static JsonObject defaults() {
        try {
            return new JsonObject(Files.readString(Path.of("config/application.json")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static AppConfig with(Map<String, String> env) {
        return AppConfig.from(EnvOverrides.apply(defaults(), env));
    }

    /** Defaults on a free port with a throw-away data directory and known secrets, plus {@code more}. */
    public static AppConfig forTest(Path dataDir, Map<String, String> more) {
        Map<String, String> env = new HashMap<>();
        env.put("WALLETPAY_HTTP_PORT", Integer.toString(freePort()));
        env.put("WALLETPAY_HTTP_INSTANCES", "2");
        env.put("WALLETPAY_DATA_DIR", dataDir.toString());
        env.put("WALLETPAY_ADMIN_TOKEN", ADMIN_TOKEN);
        env.put("WALLETPAY_JWT_SECRET", JWT_SECRET);
        env.putAll(more);
        return with(env);
    }

    public static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
