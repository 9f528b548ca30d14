package io.walletpay.store;

import static io.walletpay.store.ContractCalls.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.people.SignInStep;
import io.walletpay.store.PortalSessionStore.Lifetimes;
import io.walletpay.store.PortalSessionStore.PortalSession;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What every implementation of {@link PortalSessionStore} must do, run against the in-memory store the use cases'
 * tests use and against PostgreSQL: a session is a person's and knows how far sign-in has come; one still signing in
 * lives ten minutes; a merchant ends only its own sessions; only sessions that are in are listed.
 */
public abstract class PortalSessionStoreContract {

    private static final SecureRandom RANDOM = new SecureRandom();

    protected abstract PortalSessionStore sessions();

    /** A new, active merchant the store knows. */
    protected abstract UUID newMerchant() throws Exception;

    /** A new person of the merchant; their id. */
    protected abstract UUID newPerson(UUID merchant) throws Exception;

    /** Moves the session's opening and last use {@code ago} into the past, as if that time had passed. */
    protected abstract void age(byte[] idHash, Duration ago) throws Exception;

    private static byte[] hash() {
        byte[] hash = new byte[32];
        RANDOM.nextBytes(hash);
        return hash;
    }

    private byte[] open(UUID merchant, UUID person, SignInStep step) throws Exception {
        byte[] id = hash();
        await(sessions().open(id, merchant, person, step, "203.0.113.7", "Firefox"));
        return id;
    }

    private boolean lives(byte[] id) throws Exception {
        return await(sessions().use(id, Lifetimes.PORTAL)).isPresent();
    }

    @Test
    void aSessionIsItsPersonsAndAnswersItsStep() throws Exception {
        UUID merchant = newMerchant();
        UUID person = newPerson(merchant);
        byte[] in = open(merchant, person, SignInStep.IN);
        byte[] code = open(merchant, person, SignInStep.CODE);
        byte[] enrol = open(merchant, person, SignInStep.ENROL);

        PortalSession session = await(sessions().use(in, Lifetimes.PORTAL)).orElseThrow();
        assertThat(session.idHash()).isEqualTo(in);
        assertThat(session.merchantId()).isEqualTo(merchant);
        assertThat(session.personId()).isEqualTo(person);
        assertThat(session.step()).isEqualTo(SignInStep.IN);
        assertThat(session.sourceAddress()).isEqualTo("203.0.113.7");
        assertThat(session.userAgent()).isEqualTo("Firefox");
        assertThat(session.livemode()).isTrue();
        assertThat(session.createdAt()).isNotNull();
        assertThat(await(sessions().use(code, Lifetimes.PORTAL)).orElseThrow().step())
                .isEqualTo(SignInStep.CODE);
        assertThat(await(sessions().use(enrol, Lifetimes.PORTAL)).orElseThrow().step())
                .isEqualTo(SignInStep.ENROL);
        assertThat(await(sessions().use(hash(), Lifetimes.PORTAL))).isEmpty();
    }

    @Test
    void aSessionStillSigningInEndsAfterTenMinutesWhereOneThatIsInLivesOn() throws Exception {
        UUID merchant = newMerchant();
        UUID person = newPerson(merchant);
        byte[] code = open(merchant, person, SignInStep.CODE);
        byte[] enrol = open(merchant, person, SignInStep.ENROL);
        byte[] in = open(merchant, person, SignInStep.IN);

        age(code, Duration.ofMinutes(9));
        assertThat(lives(code)).as("nine minutes after the password").isTrue();
        age(code, Duration.ofMinutes(2));
        age(enrol, Duration.ofMinutes(11));
        age(in, Duration.ofMinutes(11));

        assertThat(lives(code))
                .as("eleven minutes after the password, used two minutes ago")
                .isFalse();
        assertThat(lives(enrol)).isFalse();
        assertThat(lives(in)).isTrue();
        assertThat(lives(code)).as("an ended session stays ended").isFalse();
    }

    @Test
    void aSessionThatIsInEndsIdleOrOpenTooLong() throws Exception {
        UUID merchant = newMerchant();
        UUID person = newPerson(merchant);
        byte[] idle = open(merchant, person, SignInStep.IN);
        byte[] used = open(merchant, person, SignInStep.IN);

        age(idle, Duration.ofMinutes(31));
        age(used, Duration.ofMinutes(29));

        assertThat(lives(idle)).isFalse();
        assertThat(lives(used)).isTrue();
        assertThat(await(sessions().use(used, new Lifetimes(Duration.ofHours(1), Duration.ofMinutes(20)))))
                .as("past its absolute lifetime")
                .isEmpty();
    }

    @Test
    void endingAllOfAPersonsSessionsKeepsTheOneAskedAndEveryoneElses() throws Exception {
        UUID merchant = newMerchant();
        UUID anne = newPerson(merchant);
        UUID jan = newPerson(merchant);
        byte[] kept = open(merchant, anne, SignInStep.IN);
        byte[] second = open(merchant, anne, SignInStep.IN);
        byte[] signingIn = open(merchant, anne, SignInStep.CODE);
        byte[] jans = open(merchant, jan, SignInStep.IN);

        assertThat(await(sessions().endAllOf(anne, kept))).isEqualTo(2);

        assertThat(lives(kept)).isTrue();
        assertThat(lives(second)).isFalse();
        assertThat(lives(signingIn)).isFalse();
        assertThat(lives(jans)).isTrue();
        assertThat(await(sessions().endAllOf(anne, null))).isEqualTo(1);
        assertThat(lives(kept)).isFalse();
        assertThat(lives(jans)).isTrue();
    }

    @Test
    void aMerchantEndsOnlyItsOwnSessions() throws Exception {
        UUID merchant = newMerchant();
        byte[] mine = open(merchant, newPerson(merchant), SignInStep.IN);
        UUID other = newMerchant();
        byte[] theirs = open(other, newPerson(other), SignInStep.IN);

        assertThat(await(sessions().end(other, mine))).isFalse();
        assertThat(lives(mine)).isTrue();
        assertThat(await(sessions().end(merchant, mine))).isTrue();
        assertThat(lives(mine)).isFalse();
        assertThat(await(sessions().end(merchant, mine))).isFalse();
        assertThat(await(sessions().endAll(merchant, null))).isZero();
        assertThat(lives(theirs)).isTrue();
    }

    @Test
    void endingAllOfAMerchantsSessionsKeepsTheOneAsked() throws Exception {
        UUID merchant = newMerchant();
        UUID person = newPerson(merchant);
        byte[] kept = open(merchant, person, SignInStep.IN);
        byte[] ended = open(merchant, newPerson(merchant), SignInStep.IN);

        assertThat(await(sessions().endAll(merchant, kept))).isEqualTo(1);
        assertThat(lives(kept)).isTrue();
        assertThat(lives(ended)).isFalse();
        await(sessions().end(kept));
        assertThat(lives(kept)).isFalse();
        await(sessions().end(kept));
    }

    @Test
    void onlySessionsThatAreInAreListedMostRecentlyUsedFirst() throws Exception {
        UUID merchant = newMerchant();
        UUID person = newPerson(merchant);
        byte[] older = open(merchant, person, SignInStep.IN);
        byte[] newer = open(merchant, newPerson(merchant), SignInStep.IN);
        open(merchant, person, SignInStep.CODE);
        open(merchant, person, SignInStep.ENROL);
        byte[] idle = open(merchant, person, SignInStep.IN);
        UUID other = newMerchant();
        open(other, newPerson(other), SignInStep.IN);
        age(older, Duration.ofMinutes(5));
        age(idle, Duration.ofMinutes(31));

        assertThat(await(sessions().live(merchant, Lifetimes.PORTAL)))
                .extracting(PortalSession::idHash)
                .containsExactly(newer, older);
    }

    @Test
    void aSessionSwitchesToTestModeAndBack() throws Exception {
        UUID merchant = newMerchant();
        byte[] id = open(merchant, newPerson(merchant), SignInStep.IN);

        await(sessions().switchMode(id, false));
        PortalSession test = await(sessions().use(id, Lifetimes.PORTAL)).orElseThrow();
        assertThat(test.livemode()).isFalse();
        assertThat(test.merchantId()).isEqualTo(merchant);
        await(sessions().switchMode(id, true));
        assertThat(await(sessions().use(id, Lifetimes.PORTAL)).orElseThrow().livemode())
                .isTrue();
    }
}
