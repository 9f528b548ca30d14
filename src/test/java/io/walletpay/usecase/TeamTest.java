package io.walletpay.usecase;

import static io.walletpay.usecase.Done.done;
import static io.walletpay.usecase.Done.failure;
import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.walletpay.error.ServiceException;
import io.walletpay.mail.InviteLetter;
import io.walletpay.merchant.Actor;
import io.walletpay.merchant.AuditEntry;
import io.walletpay.merchant.Merchant;
import io.walletpay.page.Language;
import io.walletpay.people.Person;
import io.walletpay.people.SignInStep;
import io.walletpay.people.Totp;
import io.walletpay.support.TestMerchants;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A merchant's team over in-memory stores: invitations checked, audited and mailed when mail is set up (the link is
 * there either way), a link that serves once, a password that must be long enough, a second factor set up only with
 * its app's code, and a change of role or a removal that ends the person's sessions, never leaving the shop without
 * an owner.
 */
class TeamTest {

    private final Vertx vertx = Vertx.vertx();
    private final InMemoryAuditStore audit = new InMemoryAuditStore();
    private final InMemoryPortalSessionStore sessions = new InMemoryPortalSessionStore();
    private final InMemoryPersonStore people = new InMemoryPersonStore(Clock.systemUTC(), sessions);
    private final List<InviteLetter> letters = new ArrayList<>();
    private final Merchant merchant = audit.add(TestMerchants.active());
    private final Actor operator = Actor.admin("198.51.100.7");

    private Team team(io.walletpay.mail.InviteMail mail) {
        return new Team(people, sessions, audit, mail, vertx, "https://pay.example.ht/");
    }

    private final Team team = team(letter -> {
        letters.add(letter);
        return Future.succeededFuture(true);
    });

    @AfterEach
    void close() {
        vertx.close();
    }

    private static <T> T awaited(Future<T> future) throws Exception {
        return future.toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS);
    }

    private static Throwable refusal(Future<?> future) {
        try {
            future.toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            return e.getCause();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        throw new AssertionError("succeeded");
    }

    private static String token(Team.Invited invited) {
        return invited.url().substring(invited.url().lastIndexOf('/') + 1);
    }

    @Test
    void anInvitationIsCheckedAuditedAndMailedWithItsLink() {
        assertThat(((ServiceException) failure(team.invite(merchant, "not an address", "owner", operator, Language.HT)))
                        .code())
                .isEqualTo("invalid_email");
        assertThat(((ServiceException) failure(team.invite(merchant, "mari@boutik.ht", "boss", operator, Language.HT)))
                        .code())
                .isEqualTo("invalid_role");
        assertThat(letters).isEmpty();

        Team.Invited invited = done(team.invite(merchant, "  Mari@Boutik.HT ", "owner", operator, Language.FR));

        assertThat(invited.url()).startsWith("https://pay.example.ht/portal/invite/");
        assertThat(invited.invitation().email()).isEqualTo("mari@boutik.ht");
        assertThat(invited.mailed()).isEqualTo(Team.Mailed.SENT);
        assertThat(letters).singleElement().satisfies(letter -> {
            assertThat(letter.to()).isEqualTo("mari@boutik.ht");
            assertThat(letter.inviteUrl()).isEqualTo(invited.url());
            assertThat(letter.language()).isEqualTo(Language.FR);
            assertThat(letter.role()).isEqualTo("owner");
        });
        assertThat(audit.entries).extracting(AuditEntry::action).containsExactly("person.invite");
        assertThat(audit.entries.get(0).what())
                .isEqualTo("mari@boutik.ht: owner")
                .doesNotContain(token(invited));
    }

    @Test
    void theLinkIsThereToCopyWhenMailIsOffOrFails() {
        Team offline = team(letter -> Future.succeededFuture(false));
        Team broken = team(letter -> Future.failedFuture(new IllegalStateException("550 mailbox unavailable")));

        assertThat(done(offline.invite(merchant, "a@boutik.ht", "cashier", operator, Language.HT))
                        .mailed())
                .isEqualTo(Team.Mailed.NOT_CONFIGURED);
        Team.Invited failed = done(broken.invite(merchant, "b@boutik.ht", "cashier", operator, Language.HT));
        assertThat(failed.mailed()).isEqualTo(Team.Mailed.FAILED);
        assertThat(failed.url()).contains("/portal/invite/");
    }

    @Test
    void aLinkServesOnceWithAPasswordLongEnough() throws Exception {
        Team.Invited invited = done(team.invite(merchant, "kesye@boutik.ht", "cashier", operator, Language.HT));

        ServiceException weak = (ServiceException) refusal(team.join(token(invited), "Jak", "kout", "::1"));
        assertThat(weak.code()).isEqualTo("invalid_password");
        assertThat(weak.getMessage()).isEqualTo("password.too_short");
        assertThat(((ServiceException) refusal(team.join(token(invited), " ", "long enough pass", "::1"))).code())
                .isEqualTo("invalid_name");

        Person joined = awaited(team.join(token(invited), "Jak", "long enough pass", "::1"));
        assertThat(joined.email()).isEqualTo("kesye@boutik.ht");
        assertThat(joined.stepAfterPassword()).isEqualTo(SignInStep.IN);
        assertThat(joined.passwordHash()).startsWith("$argon2id$").doesNotContain("long enough pass");
        assertThat(((ServiceException) refusal(team.join(token(invited), "Jak", "long enough pass", "::1"))).kind())
                .isEqualTo(io.walletpay.error.ErrorKind.NOT_FOUND);
        assertThat(((ServiceException)
                                failure(team.invite(merchant, "KESYE@boutik.ht", "viewer", operator, Language.HT)))
                        .code())
                .isEqualTo("email_taken");
    }

    @Test
    void theSecondFactorIsSetUpOnlyWithItsAppsCodeAndGivesTenRecoveryCodes() throws Exception {
        Person owner = joined("mari@boutik.ht", "owner");
        assertThat(owner.stepAfterPassword()).isEqualTo(SignInStep.ENROL);
        byte[] secret = Totp.newSecret();

        assertThat(((ServiceException) failure(team.enrol(owner, secret, "123456x", "::1"))).code())
                .isEqualTo("invalid_code");
        Team.Enrolled enrolled = done(team.enrol(owner, secret, Totp.codeAt(secret, Instant.now()), "::1"));

        assertThat(enrolled.recoveryCodes()).hasSize(10).doesNotHaveDuplicates();
        assertThat(done(people.recoveryCodesLeft(owner.id()))).isEqualTo(10);
        Person now = done(people.get(merchant.id(), owner.id()));
        assertThat(now.stepAfterPassword()).isEqualTo(SignInStep.CODE);
        assertThat(failure(team.enrol(now, Totp.newSecret(), Totp.codeAt(secret, Instant.now()), "::1")))
                .isInstanceOf(ServiceException.class);
    }

    @Test
    void aNewRoleOrARemovalEndsThatPersonsSessionsAndTheShopKeepsAnOwner() throws Exception {
        Person owner = joined("mari@boutik.ht", "owner");
        Person cashier = joined("kesye@boutik.ht", "cashier");
        byte[] ownerSession = session(owner);
        byte[] cashierSession = session(cashier);
        Actor mari = Actor.person(owner.email(), "::1");

        Person manager = done(team.changeRole(merchant.id(), cashier.id(), "manager", mari));
        assertThat(manager.role()).isEqualTo(io.walletpay.people.Role.MANAGER);
        assertThat(done(sessions.use(cashierSession, PortalSession.LIFETIMES))).isEmpty();
        assertThat(done(sessions.use(ownerSession, PortalSession.LIFETIMES))).isPresent();
        assertThat(((ServiceException) failure(team.changeRole(merchant.id(), owner.id(), "viewer", mari))).code())
                .isEqualTo("last_owner");

        byte[] again = session(cashier);
        done(team.remove(merchant.id(), cashier.id(), mari));
        assertThat(done(sessions.use(again, PortalSession.LIFETIMES))).isEmpty();
        assertThat(done(people.get(merchant.id(), cashier.id()))).isNull();
        assertThat(((ServiceException) failure(team.remove(merchant.id(), owner.id(), mari))).code())
                .isEqualTo("last_owner");
        assertThat(audit.entries)
                .filteredOn(entry -> entry.actor().equals("person:mari@boutik.ht"))
                .extracting(AuditEntry::action)
                .containsExactly("person.join", "person.role_change", "person.remove");
    }

    @Test
    void aLostPhonesSecondFactorIsResetEndingThatPersonsSessions() throws Exception {
        Person manager = joined("jeran@boutik.ht", "manager");
        byte[] secret = Totp.newSecret();
        done(team.enrol(manager, secret, Totp.codeAt(secret, Instant.now()), "::1"));
        byte[] live = session(manager);
        Actor owner = Actor.person("mari@boutik.ht", "::1");

        done(team.resetSecondFactor(merchant.id(), manager.id(), owner));

        assertThat(done(sessions.use(live, PortalSession.LIFETIMES))).isEmpty();
        assertThat(done(people.get(merchant.id(), manager.id())).stepAfterPassword())
                .isEqualTo(SignInStep.ENROL);
        assertThat(failure(team.resetSecondFactor(merchant.id(), manager.id(), owner)))
                .isInstanceOf(ServiceException.class);
        assertThat(audit.entries).extracting(AuditEntry::action).contains("second_factor.reset");
    }

    private static final class PortalSession {
        static final io.walletpay.store.PortalSessionStore.Lifetimes LIFETIMES =
                io.walletpay.store.PortalSessionStore.Lifetimes.PORTAL;
    }

    private Person joined(String email, String role) throws Exception {
        Team.Invited invited = done(team.invite(merchant, email, role, operator, Language.HT));
        return awaited(team.join(token(invited), "Someone", "long enough pass", "::1"));
    }

    private byte[] session(Person person) {
        byte[] hash =
                io.walletpay.merchant.Secrets.hash(java.util.UUID.randomUUID().toString());
        done(sessions.open(hash, person.merchantId(), person.id(), SignInStep.IN, "::1", null));
        return hash;
    }
}
