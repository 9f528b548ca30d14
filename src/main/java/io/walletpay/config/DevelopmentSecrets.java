package io.walletpay.config;

import io.vertx.core.json.JsonObject;
import io.walletpay.merchant.Secrets;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * In development, fills in the admin token and the JWT secret when none is configured: generated once, kept in
 * {@code <data_dir>/secrets.json} (owner-only), so tokens stay valid across restarts. Production never gets here:
 * its config refuses to load without them.
 */
public final class DevelopmentSecrets {

    public record Resolved(AppConfig config, boolean adminTokenGenerated) {}

    private DevelopmentSecrets() {}

    public static Resolved resolve(AppConfig config) throws IOException {
        boolean needsAdmin = config.adminToken() == null;
        boolean needsJwt =
                config.jwt().algorithm().equals("HS256") && config.jwt().secret() == null;
        if (!needsAdmin && !needsJwt) {
            return new Resolved(config, false);
        }
        Path file = config.dataDir().resolve("secrets.json");
        JsonObject kept = Files.isRegularFile(file) ? new JsonObject(Files.readString(file)) : new JsonObject();
        boolean changed = false;
        if (kept.getString("admin_token") == null) {
            kept.put("admin_token", "adm_" + Secrets.randomToken(32));
            changed = true;
        }
        if (kept.getString("jwt_secret") == null) {
            kept.put("jwt_secret", Secrets.randomToken(48));
            changed = true;
        }
        if (changed) {
            Files.createDirectories(config.dataDir());
            Files.writeString(file, kept.encodePrettily());
            ownerOnly(file);
        }
        AppConfig.Jwt jwt = config.jwt();
        AppConfig resolved = new AppConfig(
                config.mode(),
                config.publicBaseUrl(),
                config.dataDir(),
                needsAdmin ? kept.getString("admin_token") : config.adminToken(),
                config.http(),
                config.db(),
                needsJwt
                        ? new AppConfig.Jwt(
                                jwt.algorithm(),
                                kept.getString("jwt_secret"),
                                jwt.privateKeyPem(),
                                jwt.publicKeyPem(),
                                jwt.issuer(),
                                jwt.audience(),
                                jwt.ttlSeconds())
                        : jwt,
                config.fees(),
                config.payments(),
                config.webhooks(),
                config.provider(),
                config.money(),
                config.checkout(),
                config.management(),
                config.logins(),
                config.role(),
                config.cluster(),
                config.eventLoops(),
                config.backup(),
                config.mail());
        return new Resolved(resolved, needsAdmin);
    }

    static void ownerOnly(Path file) {
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException | IOException ignored) {
            // not a POSIX file system: the data directory's own permissions must protect it
        }
    }
}
