package io.walletpay.db;

import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The embedded PostgreSQL's passwords, generated on first use and kept in {@code <data_dir>/}{@value #FILE},
 * readable by the service's OS user only (0600): the superuser's (for upgrades and an operator's maintenance)
 * and the service role's.
 */
public record DatabaseCredentials(String superuserPassword, String servicePassword) {

    public static final String FILE = "database-credentials.json";
    private static final SecureRandom RANDOM = new SecureRandom();

    @Override
    public String toString() {
        return "DatabaseCredentials[***]";
    }

    /** The kept passwords, or new ones written first (so a start that dies half-way reuses them). */
    public static DatabaseCredentials loadOrCreate(Path dataDir) throws IOException {
        Path file = dataDir.resolve(FILE);
        if (Files.isRegularFile(file)) {
            JsonObject kept = new JsonObject(Files.readString(file));
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
            return new DatabaseCredentials(kept.getString("superuser_password"), kept.getString("service_password"));
        }
        DatabaseCredentials created = new DatabaseCredentials(random(), random());
        Path partial = dataDir.resolve(FILE + ".new");
        Files.deleteIfExists(partial);
        Files.createFile(partial, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(
                partial,
                new JsonObject()
                        .put("superuser", EmbeddedDatabase.SUPERUSER)
                        .put("superuser_password", created.superuserPassword())
                        .put("service_role", EmbeddedDatabase.SERVICE_ROLE)
                        .put("service_password", created.servicePassword())
                        .encodePrettily());
        Files.move(partial, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        return created;
    }

    private static String random() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }
}
