package io.walletpay.store;

import static io.walletpay.store.ContractCalls.await;
import static io.walletpay.store.ContractCalls.code;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.vertx.core.Future;
import io.walletpay.error.ServiceException;
import io.walletpay.people.Invitation;
import io.walletpay.people.Person;
import io.walletpay.people.Role;
import io.walletpay.people.SignInStep;
import io.walletpay.store.PortalSessionStore.Lifetimes;
import java.security.SecureRandom;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What every implementation of {@link PersonStore} must do, run against the in-memory store the use cases' tests use
 * and against PostgreSQL: an invitation joins one person once while it is open; an e-mail names one person across
 * the service, whatever its case; a code's time step and a recovery code serve once; a merchant always keeps an
 * owner; and another merchant's people and invitations are never found.
 */
public abstract class PersonStoreContract {

    private static final SecureRandom RANDOM = new SecureRandom();

    protected abstract PersonStore people();

    /** The sessions of the same people: removing a person ends theirs. */
    protected abstract PortalSessionStore sessions();

    /** A new, active merchant the store knows. */
    protected abstract UUID newMerchant() throws Exception;

    private static byte[] hash() {
        byte[] hash = new byte[32];
        RANDOM.nextBytes(hash);
        return hash;
    }

    private static String email() {
        return "anne." + UUID.randomUUID() + "@boutik.ht";
    }

    private static Invitation invitation(UUID merchant, String email, Role role, OffsetDateTime expiresAt) {
        return new Invitation(UUID.randomUUID(), merchant, email, role, "admin", null, expiresAt, null, null);
    }

    private static OffsetDateTime inThreeDays() {
        return OffsetDateTime.now(ZoneOffset.UTC).plus(Invitation.LIFETIME);
    }

    /** A person of the merchant with that role, joined through an invitation. */
    private Person member(UUID merchant, Role role) throws Exception {
        byte[] token = hash();
        await(people().invite(invitation(merchant, email(), role, inThreeDays()), token));
        return await(people().join(token, UUID.randomUUID(), "Anne", "$argon2id$x"));
    }

    @Test
    void anInvitationIsKeptLowercaseFoundByItsHashAndListedWhileOpen() throws Exception {
        UUID merchant = newMerchant();
        byte[] token = hash();
        String email = email();
        Invitation stored = await(people().invite(
                        invitation(
                                merchant,
                                "Anne." + email.substring(5).toUpperCase(Locale.ROOT),
                                Role.CASHIER,
                                inThreeDays()),
                        token));

        assertThat(stored.email()).isEqualTo(email.toLowerCase(Locale.ROOT));
        assertThat(stored.createdAt()).isNotNull();
        assertThat(stored.role()).isEqualTo(Role.CASHIER);
        assertThat(stored.invitedBy()).isEqualTo("admin");
        assertThat(stored.usedAt()).isNull();
        assertThat(stored.revokedAt()).isNull();
        assertThat(await(people().invitation(token)).id()).isEqualTo(stored.id());
        assertThat(await(people().invitation(hash()))).isNull();
        assertThat(await(people().openInvitations(merchant)))
                .extracting(Invitation::id)
                .containsExactly(stored.id());
        assertThat(await(people().openInvitations(newMerchant()))).isEmpty();
    }

    @Test
    void openInvitationsLeaveOutTheUsedTheWithdrawnAndTheExpired() throws Exception {
        UUID merchant = newMerchant();
        Invitation open = await(people().invite(invitation(merchant, email(), Role.VIEWER, inThreeDays()), hash()));
        byte[] usedToken = hash();
        await(people().invite(invitation(merchant, email(), Role.VIEWER, inThreeDays()), usedToken));
        await(people().join(usedToken, UUID.randomUUID(), "Jan", "$argon2id$x"));
        Invitation withdrawn =
                await(people().invite(invitation(merchant, email(), Role.VIEWER, inThreeDays()), hash()));
        await(people().withdraw(merchant, withdrawn.id()));
        byte[] expiredToken = hash();
        await(people().invite(
                        invitation(
                                merchant,
                                email(),
                                Role.VIEWER,
                                OffsetDateTime.now(ZoneOffset.UTC).minusMinutes(1)),
                        expiredToken));

        assertThat(await(people().openInvitations(merchant)))
                .extracting(Invitation::id)
                .containsExactly(open.id());
        assertThat(await(people().invitation(expiredToken)))
                .as("an expired one is still found by its hash")
                .isNotNull();
        assertThat(await(people().invitation(usedToken)).usedAt()).isNotNull();
    }

    @Test
    void anInvitationIsWithdrawnOnceAndOnlyByItsMerchant() throws Exception {
        UUID merchant = newMerchant();
        byte[] token = hash();
        Invitation stored = await(people().invite(invitation(merchant, email(), Role.MANAGER, inThreeDays()), token));

        assertThat(await(people().withdraw(newMerchant(), stored.id()))).isFalse();
        assertThat(await(people().invitation(token)).revokedAt()).isNull();
        assertThat(await(people().withdraw(merchant, stored.id()))).isTrue();
        assertThat(await(people().withdraw(merchant, stored.id()))).isFalse();
        assertThat(await(people().withdraw(merchant, UUID.randomUUID()))).isFalse();
        assertThat(await(people().invitation(token)).revokedAt()).isNotNull();
        assertThat(await(people().join(token, UUID.randomUUID(), "Anne", "$argon2id$x")))
                .isNull();
        assertThat(await(people().team(merchant))).isEmpty();
    }

    @Test
    void anInvitationJoinsOnePersonOnceWithItsMerchantEmailAndRole() throws Exception {
        UUID merchant = newMerchant();
        byte[] token = hash();
        String email = email();
        await(people().invite(invitation(merchant, email, Role.MANAGER, inThreeDays()), token));
        UUID id = UUID.randomUUID();

        Person joined = await(people().join(token, id, "Anne Pierre", "$argon2id$hash"));

        assertThat(joined.id()).isEqualTo(id);
        assertThat(joined.merchantId()).isEqualTo(merchant);
        assertThat(joined.email()).isEqualTo(email);
        assertThat(joined.role()).isEqualTo(Role.MANAGER);
        assertThat(joined.name()).isEqualTo("Anne Pierre");
        assertThat(joined.passwordHash()).isEqualTo("$argon2id$hash");
        assertThat(joined.enrolled()).isFalse();
        assertThat(joined.totpLastStep()).isZero();
        assertThat(joined.createdAt()).isNotNull();
        assertThat(await(people().invitation(token)).usedAt()).isNotNull();

        UUID second = UUID.randomUUID();
        assertThat(await(people().join(token, second, "Someone Else", "$argon2id$other")))
                .isNull();
        assertThat(await(people().get(merchant, second))).isNull();
        assertThat(await(people().team(merchant))).extracting(Person::id).containsExactly(id);
    }

    @Test
    void twoJoinsWithOneLinkAtOnceMakeOnePerson() throws Exception {
        UUID merchant = newMerchant();
        byte[] token = hash();
        await(people().invite(invitation(merchant, email(), Role.CASHIER, inThreeDays()), token));

        List<Person> joined = await(Future.all(
                        people().join(token, UUID.randomUUID(), "One", "$argon2id$x"),
                        people().join(token, UUID.randomUUID(), "Two", "$argon2id$x")))
                .list();

        assertThat(joined).filteredOn(person -> person != null).hasSize(1);
        assertThat(await(people().team(merchant))).hasSize(1);
    }

    @Test
    void anExpiredInvitationJoinsNobody() throws Exception {
        UUID merchant = newMerchant();
        byte[] token = hash();
        await(people().invite(
                        invitation(
                                merchant,
                                email(),
                                Role.OWNER,
                                OffsetDateTime.now(ZoneOffset.UTC).minusSeconds(1)),
                        token));

        assertThat(await(people().join(token, UUID.randomUUID(), "Anne", "$argon2id$x")))
                .isNull();
        assertThat(await(people().team(merchant))).isEmpty();
        assertThat(await(people().invitation(token)).usedAt()).isNull();
    }

    @Test
    void anUnknownLinkJoinsNobody() throws Exception {
        assertThat(await(people().join(hash(), UUID.randomUUID(), "Anne", "$argon2id$x")))
                .isNull();
    }

    @Test
    void joiningWithAnEmailSomeoneHasIsRefusedAndTheInvitationStaysOpen() throws Exception {
        Person anne = member(newMerchant(), Role.OWNER);
        UUID other = newMerchant();
        byte[] token = hash();
        Invitation again = await(people().invite(
                        invitation(other, anne.email().toUpperCase(Locale.ROOT), Role.VIEWER, inThreeDays()), token));
        UUID id = UUID.randomUUID();

        assertThat(code(() -> people().join(token, id, "Anne", "$argon2id$x"))).isEqualTo("email_taken");

        assertThat(await(people().invitation(token)).usedAt()).isNull();
        assertThat(await(people().openInvitations(other)))
                .extracting(Invitation::id)
                .containsExactly(again.id());
        assertThat(await(people().get(other, id))).isNull();
        assertThat(await(people().team(other))).isEmpty();
    }

    @Test
    void twoJoinsOfOneEmailAtOnceMakeOnePersonAndLeaveTheOtherInvitationOpen() throws Exception {
        String email = email();
        UUID one = newMerchant();
        UUID two = newMerchant();
        byte[] first = hash();
        byte[] second = hash();
        await(people().invite(invitation(one, email, Role.OWNER, inThreeDays()), first));
        await(people().invite(invitation(two, email, Role.OWNER, inThreeDays()), second));

        List<String> outcomes = await(Future.all(
                        outcome(people().join(first, UUID.randomUUID(), "Anne", "$argon2id$x"), "joined"),
                        outcome(people().join(second, UUID.randomUUID(), "Anne", "$argon2id$x"), "joined")))
                .list();

        assertThat(outcomes).containsExactlyInAnyOrder("joined", "email_taken");
        Person anne = await(people().byEmail(email));
        byte[] left = anne.merchantId().equals(one) ? second : first;
        assertThat(await(people().invitation(left)).usedAt()).isNull();
        assertThat(await(people().team(one)).size() + await(people().team(two)).size())
                .isEqualTo(1);
    }

    @Test
    void aPersonIsFoundByTheirEmailInAnyCase() throws Exception {
        Person anne = member(newMerchant(), Role.CASHIER);

        assertThat(await(people().byEmail(anne.email())).id()).isEqualTo(anne.id());
        assertThat(await(people().byEmail(anne.email().toUpperCase(Locale.ROOT)))
                        .id())
                .isEqualTo(anne.id());
        assertThat(await(people().byEmail("nobody." + anne.email()))).isNull();
    }

    @Test
    void anotherMerchantsPersonIsNeverFoundChangedOrRemoved() throws Exception {
        UUID merchant = newMerchant();
        Person owner = member(merchant, Role.OWNER);
        Person cashier = member(merchant, Role.CASHIER);
        UUID other = newMerchant();
        member(other, Role.OWNER);

        assertThat(await(people().get(merchant, cashier.id())).email()).isEqualTo(cashier.email());
        assertThat(await(people().get(other, cashier.id()))).isNull();
        assertThat(await(people().changeRole(other, cashier.id(), Role.OWNER))).isNull();
        assertThat(await(people().remove(other, cashier.id()))).isFalse();
        assertThat(await(people().remove(other, owner.id()))).isFalse();
        assertThat(await(people().changeRole(merchant, UUID.randomUUID(), Role.VIEWER)))
                .isNull();
        assertThat(await(people().remove(merchant, UUID.randomUUID()))).isFalse();
        assertThat(await(people().team(merchant)))
                .extracting(Person::id, Person::role)
                .containsExactly(tuple(owner.id(), Role.OWNER), tuple(cashier.id(), Role.CASHIER));
    }

    @Test
    void aSecondFactorIsEnrolledOnceAndItsStepIsSpent() throws Exception {
        Person anne = member(newMerchant(), Role.OWNER);
        byte[] secret = hash();

        assertThat(await(people().enrol(anne.id(), secret, 1000, codes(10)))).isTrue();
        assertThat(await(people().enrol(anne.id(), hash(), 2000, codes(10)))).isFalse();

        Person enrolled = await(people().get(anne.merchantId(), anne.id()));
        assertThat(enrolled.enrolled()).isTrue();
        assertThat(enrolled.totpSecret()).isEqualTo(secret);
        assertThat(enrolled.totpLastStep()).isEqualTo(1000);
        assertThat(await(people().recoveryCodesLeft(anne.id()))).isEqualTo(10);
        assertThat(await(people().useStep(anne.id(), 1000)))
                .as("the code that proved the enrolment")
                .isFalse();
        assertThat(await(people().useStep(anne.id(), 1001))).isTrue();
    }

    @Test
    void aResetSecondFactorIsGoneWithItsRecoveryCodesForItsOwnMerchantOnly() throws Exception {
        Person anne = member(newMerchant(), Role.MANAGER);
        await(people().enrol(anne.id(), hash(), 1000, codes(10)));

        assertThat(await(people().resetSecondFactor(newMerchant(), anne.id()))).isFalse();
        assertThat(await(people().resetSecondFactor(anne.merchantId(), anne.id())))
                .isTrue();
        assertThat(await(people().resetSecondFactor(anne.merchantId(), anne.id())))
                .isFalse();

        Person reset = await(people().get(anne.merchantId(), anne.id()));
        assertThat(reset.enrolled()).isFalse();
        assertThat(await(people().recoveryCodesLeft(anne.id()))).isZero();
        byte[] again = hash();
        assertThat(await(people().enrol(anne.id(), again, 1000, codes(10)))).isTrue();
        assertThat(await(people().get(anne.merchantId(), anne.id())).totpSecret())
                .isEqualTo(again);
    }

    @Test
    void aTimeStepIsAcceptedOnceAndNeverOneBeforeIt() throws Exception {
        Person anne = member(newMerchant(), Role.MANAGER);
        await(people().enrol(anne.id(), hash(), 50, codes(1)));

        assertThat(await(people().useStep(anne.id(), 100))).isTrue();
        assertThat(await(people().useStep(anne.id(), 100))).isFalse();
        assertThat(await(people().useStep(anne.id(), 99))).isFalse();
        assertThat(await(people().useStep(anne.id(), 101))).isTrue();
        assertThat(await(people().get(anne.merchantId(), anne.id())).totpLastStep())
                .isEqualTo(101);

        List<Boolean> both = await(Future.all(people().useStep(anne.id(), 102), people().useStep(anne.id(), 102)))
                .list();
        assertThat(both).containsExactlyInAnyOrder(true, false);
    }

    @Test
    void aRecoveryCodeServesOnceAndOnlyItsPerson() throws Exception {
        Person anne = member(newMerchant(), Role.OWNER);
        Person jan = member(newMerchant(), Role.OWNER);
        List<byte[]> codes = codes(3);
        await(people().enrol(anne.id(), hash(), 1, codes));
        await(people().enrol(jan.id(), hash(), 1, codes(3)));

        assertThat(await(people().useRecoveryCode(jan.id(), codes.get(0)))).isFalse();
        assertThat(await(people().useRecoveryCode(anne.id(), codes.get(0)))).isTrue();
        assertThat(await(people().useRecoveryCode(anne.id(), codes.get(0)))).isFalse();
        assertThat(await(people().useRecoveryCode(anne.id(), hash()))).isFalse();
        assertThat(await(people().recoveryCodesLeft(anne.id()))).isEqualTo(2);
        assertThat(await(people().recoveryCodesLeft(jan.id()))).isEqualTo(3);
        assertThat(await(people().recoveryCodesLeft(UUID.randomUUID()))).isZero();
    }

    @Test
    void theLastOwnerIsNeitherDemotedNorRemovedButOneOfTwoIs() throws Exception {
        UUID merchant = newMerchant();
        Person first = member(merchant, Role.OWNER);
        Person viewer = member(merchant, Role.VIEWER);

        assertThat(code(() -> people().changeRole(merchant, first.id(), Role.MANAGER)))
                .isEqualTo("last_owner");
        assertThat(code(() -> people().remove(merchant, first.id()))).isEqualTo("last_owner");
        assertThat(await(people().get(merchant, first.id())).role()).isEqualTo(Role.OWNER);
        assertThat(await(people().changeRole(merchant, first.id(), Role.OWNER)).role())
                .isEqualTo(Role.OWNER);

        assertThat(await(people().changeRole(merchant, viewer.id(), Role.OWNER)).role())
                .isEqualTo(Role.OWNER);
        assertThat(await(people().changeRole(merchant, first.id(), Role.MANAGER))
                        .role())
                .isEqualTo(Role.MANAGER);
        assertThat(code(() -> people().remove(merchant, viewer.id()))).isEqualTo("last_owner");
        assertThat(await(people().remove(merchant, first.id()))).isTrue();
        assertThat(await(people().team(merchant))).extracting(Person::id).containsExactly(viewer.id());
    }

    @Test
    void twoOwnersRemovingEachOtherAtOnceLeaveOne() throws Exception {
        UUID merchant = newMerchant();
        Person one = member(merchant, Role.OWNER);
        Person two = member(merchant, Role.OWNER);

        List<String> outcomes = await(Future.all(
                        outcome(people().remove(merchant, one.id()), "removed"),
                        outcome(people().remove(merchant, two.id()), "removed")))
                .list();

        assertThat(outcomes).containsExactlyInAnyOrder("removed", "last_owner");
        assertThat(await(people().team(merchant))).singleElement().satisfies(left -> assertThat(left.role())
                .isEqualTo(Role.OWNER));
    }

    @Test
    void removingAPersonEndsTheirSessionsAndNoOneElses() throws Exception {
        UUID merchant = newMerchant();
        Person owner = member(merchant, Role.OWNER);
        Person cashier = member(merchant, Role.CASHIER);
        byte[] ownersSession = hash();
        byte[] cashiersSession = hash();
        byte[] cashiersOther = hash();
        await(sessions().open(ownersSession, merchant, owner.id(), SignInStep.IN, "127.0.0.1", "test"));
        await(sessions().open(cashiersSession, merchant, cashier.id(), SignInStep.IN, "127.0.0.1", "test"));
        await(sessions().open(cashiersOther, merchant, cashier.id(), SignInStep.CODE, "127.0.0.1", "test"));

        assertThat(await(people().remove(merchant, cashier.id()))).isTrue();

        assertThat(await(sessions().use(cashiersSession, Lifetimes.PORTAL))).isEmpty();
        assertThat(await(sessions().use(cashiersOther, Lifetimes.PORTAL))).isEmpty();
        assertThat(await(sessions().use(ownersSession, Lifetimes.PORTAL))).isPresent();
        assertThat(await(people().get(merchant, cashier.id()))).isNull();
        assertThat(await(people().byEmail(cashier.email()))).isNull();
    }

    /** {@code done} when the call did what it was asked, "nothing" when it answered null or false, else its code. */
    private static Future<String> outcome(Future<?> call, String done) {
        return call.map(answer -> answer == null || Boolean.FALSE.equals(answer) ? "nothing" : done)
                .recover(failure -> Future.succeededFuture(
                        failure instanceof ServiceException known ? known.code() : failure.toString()));
    }

    private static List<byte[]> codes(int n) {
        return Stream.generate(PersonStoreContract::hash).limit(n).toList();
    }
}
