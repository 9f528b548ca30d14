package io.walletpay.login;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.walletpay.error.ThrottleWait;
import io.walletpay.people.PasswordHash;
import io.walletpay.people.PasswordWorkers;
import io.walletpay.people.Person;
import io.walletpay.people.RecoveryCodes;
import io.walletpay.people.Totp;
import io.walletpay.store.PersonStore;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A person signing in to the portal: the password, then the second factor's code. Both are refused while
 * {@link LoginThrottle} says so, before anything is checked, and both count their failures against the pair (e-mail,
 * address) and the address, so nobody can lock someone else out. An unknown e-mail costs what a wrong password does
 * (a dummy Argon2id hash is checked). Argon2id runs on a worker thread, never on the event loop.
 */
public final class PersonLogin {

    /** What an attempt came to. */
    public sealed interface Outcome permits Throttled, Wrong, Verified {}

    /** Too many failures lately from this address or for this e-mail: try again after {@code retryAfter}. */
    public record Throttled(Duration retryAfter) implements Outcome {

        public long retryAfterSeconds() {
            return ThrottleWait.seconds(retryAfter);
        }
    }

    /** No such e-mail and password, or a code that is not the person's now; counted as a failure. */
    public record Wrong() implements Outcome {}

    /** The password (or the code) is the person's. */
    public record Verified(Person person) implements Outcome {}

    private final PersonStore people;
    private final LoginThrottle throttle;
    private final Vertx vertx;

    public PersonLogin(PersonStore people, LoginThrottle throttle, Vertx vertx) {
        this.people = people;
        this.throttle = throttle;
        this.vertx = vertx;
    }

    /** The e-mail as people sign in with it: trimmed, lowercase. */
    public static String normalised(String email) {
        return email == null ? "" : email.strip().toLowerCase(Locale.ROOT);
    }

    /** The first step: e-mail and password. */
    public Future<Outcome> password(String sourceAddress, String email, String password) {
        String account = normalised(email);
        Optional<Duration> wait = throttle.blocked(sourceAddress, account);
        if (wait.isPresent()) {
            return Future.succeededFuture(new Throttled(wait.get()));
        }
        Future<Person> found =
                account.isEmpty() || account.length() > 254 ? Future.succeededFuture(null) : people.byEmail(account);
        return found.compose(person -> PasswordWorkers.run(
                        vertx,
                        () -> PasswordHash.matches(
                                        password == null ? "" : password,
                                        person == null ? PasswordHash.dummy() : person.passwordHash())
                                && person != null)
                .map(right -> {
                    if (!right) {
                        throttle.failed(sourceAddress, account);
                        return (Outcome) new Wrong();
                    }
                    return new Verified(person);
                }));
    }

    /**
     * The second step: a code from the person's authenticator app (six digits, each time step good once) or one of
     * their recovery codes (each good once).
     */
    public Future<Outcome> code(String sourceAddress, Person person, String code) {
        Optional<Duration> wait = throttle.blocked(sourceAddress, person.email());
        if (wait.isPresent()) {
            return Future.succeededFuture(new Throttled(wait.get()));
        }
        String typed = code == null ? "" : code.strip();
        Future<Boolean> right;
        if (!person.enrolled()) {
            right = Future.succeededFuture(false);
        } else if (RecoveryCodes.looksLikeOne(typed)) {
            right = people.useRecoveryCode(person.id(), RecoveryCodes.hashOf(typed));
        } else {
            OptionalLong step = Totp.verify(person.totpSecret(), typed, Instant.now(), person.totpLastStep());
            right = step.isPresent() ? people.useStep(person.id(), step.getAsLong()) : Future.succeededFuture(false);
        }
        return right.map(accepted -> {
            if (!accepted) {
                throttle.failed(sourceAddress, person.email());
                return new Wrong();
            }
            return new Verified(person);
        });
    }
}
