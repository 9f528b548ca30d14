package io.walletpay.store;

import io.vertx.core.Future;
import io.walletpay.people.Invitation;
import io.walletpay.people.Person;
import io.walletpay.people.Role;
import java.util.List;
import java.util.UUID;

/**
 * The people who sign in to the portal, their invitations and their recovery codes. E-mails are stored lowercase
 * and are unique across the service (a person's sign-in name); invitation tokens and recovery codes are known by
 * their SHA-256 only. Every call that acts on a merchant's team names the merchant: another merchant's person or
 * invitation is never found.
 */
public interface PersonStore {

    /** Stores a new invitation under {@code tokenHash} ({@code usedAt} and {@code revokedAt} are ignored). */
    Future<Invitation> invite(Invitation invitation, byte[] tokenHash);

    /** The invitation whose token hashes to {@code tokenHash}, used, withdrawn or expired alike; null if none. */
    Future<Invitation> invitation(byte[] tokenHash);

    /** The merchant's invitations still open (not used, not withdrawn, not expired), newest first. */
    Future<List<Invitation>> openInvitations(UUID merchantId);

    /** Withdraws an open invitation of the merchant; false when it has none open of that id. */
    Future<Boolean> withdraw(UUID merchantId, UUID invitationId);

    /**
     * Joins {@code person} to the team through the invitation, in one transaction: the invitation is marked used
     * only if it is still open, and the person is stored with the invitation's merchant, e-mail and role. Null when
     * the invitation is no longer open (used meanwhile, withdrawn, expired). Fails with
     * {@link io.walletpay.error.ErrorCode#EMAIL_TAKEN} when someone already signs in with that e-mail.
     */
    Future<Person> join(byte[] tokenHash, UUID personId, String name, String passwordHash);

    /** The person who signs in with {@code email} (any case); null if none. */
    Future<Person> byEmail(String email);

    /** The merchant's person; null when it has none of that id. */
    Future<Person> get(UUID merchantId, UUID personId);

    /** The merchant's team, oldest first. */
    Future<List<Person>> team(UUID merchantId);

    /**
     * Sets the person's second factor, once: the TOTP secret, the time step of the code that proved it (no later
     * sign-in may use that step again) and the recovery codes' hashes. False when the person already has one.
     */
    Future<Boolean> enrol(UUID personId, byte[] totpSecret, long usedStep, List<byte[]> recoveryCodeHashes);

    /**
     * Takes away the merchant's person's second factor and recovery codes (they lost their phone), so their next
     * sign-in sets one up again; false when the merchant has no such person with a second factor.
     */
    Future<Boolean> resetSecondFactor(UUID merchantId, UUID personId);

    /**
     * Accepts a code of time step {@code step}: true only if no code of that step or a later one was accepted
     * before, so one code never serves twice, even from two nodes at once.
     */
    Future<Boolean> useStep(UUID personId, long step);

    /** Spends one of the person's recovery codes: true if it was theirs and unused, and is used now. */
    Future<Boolean> useRecoveryCode(UUID personId, byte[] codeHash);

    /** How many of the person's recovery codes are left. */
    Future<Integer> recoveryCodesLeft(UUID personId);

    /**
     * Gives the merchant's person another role; null when it has none of that id. Refused with
     * {@link io.walletpay.error.ErrorCode#LAST_OWNER} when it would leave the merchant without an owner.
     */
    Future<Person> changeRole(UUID merchantId, UUID personId, Role role);

    /**
     * Removes the merchant's person, and with them their sessions and recovery codes; false when it has none of that
     * id. Refused with {@link io.walletpay.error.ErrorCode#LAST_OWNER} for the last owner.
     */
    Future<Boolean> remove(UUID merchantId, UUID personId);
}
