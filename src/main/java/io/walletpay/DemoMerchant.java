package io.walletpay;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import io.walletpay.config.AppConfig;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.json.NewIdentifiers;
import io.walletpay.merchant.Actor;
import io.walletpay.merchant.MerchantInput.NewMerchant;
import io.walletpay.merchant.Secrets;
import io.walletpay.page.Language;
import io.walletpay.people.Person;
import io.walletpay.store.MerchantStore;
import io.walletpay.store.PersonStore;
import io.walletpay.usecase.Team;
import java.nio.file.Path;
import java.util.UUID;

/**
 * Development only: the first start creates a demo merchant and its owner and keeps their credentials in
 * {@code <data_dir>/demo-merchant.json}, so a newcomer can get a token and create a payment at once, and sign in to
 * the portal (the owner sets up the second factor at the first sign-in). A file whose
 * merchant the database does not have (the database was replaced, or is another one) is made again, so the
 * credentials printed always work.
 */
final class DemoMerchant {

    static final String FILE = "demo-merchant.json";

    private DemoMerchant() {}

    /** The demo merchant's credentials and its owner's sign-in, created on first use. */
    static Future<JsonObject> ensure(
            Vertx vertx, AppConfig config, MerchantStore merchants, PersonStore people, Team team) {
        Path file = config.dataDir().resolve(FILE);
        return ensure(vertx, config, merchants)
                .compose(credentials -> withOwner(vertx, credentials, merchants, people, team, file));
    }

    /**
     * The credentials with the demo owner's e-mail and password: the owner the file names if the database has them,
     * else a new one, invited and joined as a person would be, and the file written again.
     */
    private static Future<JsonObject> withOwner(
            Vertx vertx, JsonObject credentials, MerchantStore merchants, PersonStore people, Team team, Path file) {
        String email = credentials.getString("owner_email");
        Future<Person> existing = email == null ? Future.succeededFuture(null) : people.byEmail(email);
        return existing.compose(owner -> {
            if (owner != null && owner.merchantId().toString().equals(credentials.getString("merchant_id"))) {
                return Future.succeededFuture(credentials);
            }
            UUID merchantId = UUID.fromString(credentials.getString("merchant_id"));
            String newEmail = "owner-"
                    + Secrets.randomToken(6).toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]", "x")
                    + "@example.com";
            String password = Secrets.randomToken(12);
            return merchants
                    .get(merchantId)
                    .compose(merchant ->
                            team.invite(merchant, newEmail, "owner", Actor.admin("development"), Language.HT))
                    .compose(invited -> team.join(
                            invited.url().substring(invited.url().lastIndexOf('/') + 1),
                            "Demo Owner",
                            password,
                            "127.0.0.1"))
                    .map(joined ->
                            credentials.copy().put("owner_email", newEmail).put("owner_password", password))
                    .compose(updated -> vertx.fileSystem()
                            .writeFile(file.toString(), updated.toBuffer().appendString("\n"))
                            .compose(written -> vertx.fileSystem().chmod(file.toString(), "rw-------"))
                            .map(updated));
        });
    }

    /** The demo merchant's credentials, created on first use. */
    private static Future<JsonObject> ensure(Vertx vertx, AppConfig config, MerchantStore merchants) {
        String file = config.dataDir().resolve(FILE).toString();
        return vertx.fileSystem()
                .exists(file)
                .compose(exists -> exists
                        ? vertx.fileSystem().readFile(file).map(buffer -> read(buffer, file))
                        : Future.succeededFuture((JsonObject) null))
                .compose(saved -> saved == null
                        ? create(vertx, config, merchants, Path.of(file))
                        : known(merchants, saved, file)
                                .compose(known -> known
                                        ? Future.succeededFuture(saved)
                                        : create(vertx, config, merchants, Path.of(file))));
    }

    /** Whether the database has the merchant {@code saved} names. */
    private static Future<Boolean> known(MerchantStore merchants, JsonObject saved, String file) {
        UUID id;
        try {
            id = UUID.fromString(saved.getString("merchant_id", ""));
        } catch (IllegalArgumentException | ClassCastException e) {
            return Future.failedFuture(new IllegalStateException(
                    file + " is not the JSON this service wrote; delete it and a new demo merchant is made"));
        }
        return merchants
                .get(id)
                .map(merchant -> true)
                .recover(failure -> failure instanceof ServiceException missing && missing.kind() == ErrorKind.NOT_FOUND
                        ? Future.succeededFuture(false)
                        : Future.failedFuture(failure));
    }

    private static JsonObject read(Buffer saved, String file) {
        try {
            return new JsonObject(saved);
        } catch (DecodeException e) { // not chained: the start-up's one line names the root cause, which is this
            throw new IllegalStateException(
                    file + " is not the JSON this service wrote; delete it and a new demo merchant is made");
        }
    }

    private static Future<JsonObject> create(Vertx vertx, AppConfig config, MerchantStore merchants, Path file) {
        Secrets.Issued secrets = Secrets.forNewMerchant();
        Secrets.Issued test = Secrets.forTestMode();
        NewMerchant demo = new NewMerchant(
                "Demo Merchant",
                null,
                null,
                null,
                config.fees().percent(),
                config.fees().fixed());
        return merchants
                .create(
                        NewIdentifiers.next(),
                        demo,
                        secrets.secretHash(),
                        secrets.webhookSecret(),
                        test.secretHash(),
                        test.webhookSecret())
                .map(merchant -> new JsonObject()
                        .put("merchant_id", merchant.id().toString())
                        .put("name", merchant.name())
                        .put("secret_key", secrets.secretKey())
                        .put("webhook_secret", secrets.webhookSecret())
                        .put("test_secret_key", test.secretKey())
                        .put("test_webhook_secret", test.webhookSecret()))
                .compose(credentials -> vertx.fileSystem()
                        .writeFile(file.toString(), credentials.toBuffer().appendString("\n"))
                        .compose(written -> vertx.fileSystem().chmod(file.toString(), "rw-------"))
                        .map(credentials));
    }
}
