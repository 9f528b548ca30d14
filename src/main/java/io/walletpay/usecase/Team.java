package io.walletpay.usecase;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.walletpay.error.ErrorCode;
import io.walletpay.error.ServiceException;
import io.walletpay.json.NewIdentifiers;
import io.walletpay.login.PersonLogin;
import io.walletpay.mail.InviteLetter;
import io.walletpay.mail.InviteMail;
import io.walletpay.merchant.Actor;
import io.walletpay.merchant.Audited;
import io.walletpay.merchant.Merchant;
import io.walletpay.merchant.Secrets;
import io.walletpay.page.Language;
import io.walletpay.payment.EmailAddressShape;
import io.walletpay.people.Invitation;
import io.walletpay.people.PasswordHash;
import io.walletpay.people.PasswordWorkers;
import io.walletpay.people.Person;
import io.walletpay.people.RecoveryCodes;
import io.walletpay.people.Role;
import io.walletpay.people.TeamRefusals;
import io.walletpay.people.Totp;
import io.walletpay.store.AuditStore;
import io.walletpay.store.PersonStore;
import io.walletpay.store.PortalSessionStore;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;

/**
 * A merchant's team: invitations (a link shown to copy and, when mail is set up, e-mailed), joining through one,
 * enrolling the second factor, changing a role, removing a person. Every change is audited naming who made it; a
 * change of role or a removal ends that person's sessions at once, so what they may do changes with it. A merchant
 * always keeps an owner.
 */
public final class Team {

    private static final String ROLES_NAMED = "role must be one of: owner, manager, cashier, developer, viewer";

    /** The longest name a person may give. */
    public static final int MAX_NAME = 100;

    /** A new invitation, its link (shown this once: only its hash is kept) and whether it went out by e-mail. */
    public record Invited(Invitation invitation, String url, Mailed mailed) {}

    /** What became of the invitation's e-mail. */
    public enum Mailed {
        SENT,
        /** Mail is not set up: the link is to copy. */
        NOT_CONFIGURED,
        /** The mail server refused or could not be reached: the link is to copy. */
        FAILED
    }

    /** A second factor set up: the recovery codes, shown this once. */
    public record Enrolled(List<String> recoveryCodes) {}

    private final PersonStore people;
    private final PortalSessionStore sessions;
    private final AuditStore audit;
    private final InviteMail mail;
    private final Vertx vertx;
    private final String inviteBaseUrl;

    /** @param publicBaseUrl where people reach the portal; invitation links start with it */
    public Team(
            PersonStore people,
            PortalSessionStore sessions,
            AuditStore audit,
            InviteMail mail,
            Vertx vertx,
            String publicBaseUrl) {
        this.people = people;
        this.sessions = sessions;
        this.audit = audit;
        this.mail = mail;
        this.vertx = vertx;
        this.inviteBaseUrl = publicBaseUrl.replaceAll("/+$", "") + "/portal/invite/";
    }

    /**
     * Invites {@code email} to {@code merchant}'s team with the role named {@code roleName}: 400 for an address that
     * is not one or a role that is none, 409 {@code email_taken} when someone signs in with that address already.
     */
    public Future<Invited> invite(Merchant merchant, String email, String roleName, Actor by, Language language) {
        String address = PersonLogin.normalised(email);
        if (!EmailAddressShape.accepts(address)) {
            return Future.failedFuture(refusal(ErrorCode.INVALID_EMAIL, "email must be an e-mail address", "email"));
        }
        Role role = Role.of(roleName == null ? "" : roleName.strip());
        if (role == null) {
            return Future.failedFuture(refusal(ErrorCode.INVALID_ROLE, ROLES_NAMED, "role"));
        }
        return people.byEmail(address).compose(existing -> {
            if (existing != null) {
                return Future.failedFuture(TeamRefusals.emailTaken());
            }
            String token = Secrets.randomToken(32);
            OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
            Invitation invitation = new Invitation(
                    NewIdentifiers.next(),
                    merchant.id(),
                    address,
                    role,
                    by.who(),
                    now,
                    now.plus(Invitation.LIFETIME),
                    null,
                    null);
            return people.invite(invitation, Secrets.hash(token))
                    .compose(stored -> audit.record(Audited.entry(
                                    merchant.id(), by, Audited.PERSON_INVITE, address + ": " + role.wireName()))
                            .map(stored))
                    .compose(stored -> send(stored, inviteBaseUrl + token, merchant, language));
        });
    }

    private Future<Invited> send(Invitation invitation, String url, Merchant merchant, Language language) {
        InviteLetter letter = new InviteLetter(
                invitation.email(),
                url,
                merchant.name(),
                invitation.role().wireName(),
                language,
                invitation.expiresAt().toInstant());
        return mail.send(letter)
                .map(sent -> new Invited(invitation, url, sent ? Mailed.SENT : Mailed.NOT_CONFIGURED))
                .recover(failed -> Future.succeededFuture(new Invited(invitation, url, Mailed.FAILED)));
    }

    /** The invitation a link carries, if it is still open. */
    public Future<Optional<Invitation>> openInvitation(String token) {
        if (token == null || token.length() > 64) {
            return Future.succeededFuture(Optional.empty());
        }
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        return people.invitation(Secrets.hash(token))
                .map(found -> Optional.ofNullable(found).filter(invitation -> invitation.open(now)));
    }

    public Future<List<Invitation>> openInvitations(UUID merchantId) {
        return people.openInvitations(merchantId);
    }

    /** Withdraws an open invitation: its link stops working. */
    public Future<Void> withdraw(UUID merchantId, UUID invitationId, Actor by) {
        return people.withdraw(merchantId, invitationId)
                .compose(withdrawn -> withdrawn
                        ? audit.record(
                                Audited.entry(merchantId, by, Audited.INVITATION_WITHDRAW, invitationId.toString()))
                        : Future.failedFuture(ServiceException.notFound("invitation")));
    }

    /**
     * Joins the team through the link: a name and a password (see {@link PasswordHash#problem}; 400 naming the field
     * otherwise). 404 when the link is no longer open.
     */
    public Future<Person> join(String token, String name, String password, String sourceAddress) {
        String given = name == null ? "" : name.strip();
        if (given.isEmpty() || given.codePointCount(0, given.length()) > MAX_NAME) {
            return Future.failedFuture(
                    refusal(ErrorCode.INVALID_NAME, "name must be 1 to " + MAX_NAME + " characters", "name"));
        }
        Optional<String> weak = PasswordHash.problem(password == null ? "" : password);
        if (weak.isPresent()) {
            return Future.failedFuture(refusal(ErrorCode.INVALID_PASSWORD, weak.get(), "password"));
        }
        return openInvitation(token).compose(open -> {
            if (open.isEmpty()) {
                return Future.failedFuture(ServiceException.notFound("invitation"));
            }
            return PasswordWorkers.run(vertx, () -> PasswordHash.hash(password))
                    .compose(hash -> people.join(Secrets.hash(token), NewIdentifiers.next(), given, hash))
                    .compose(person -> {
                        if (person == null) {
                            return Future.failedFuture(ServiceException.notFound("invitation"));
                        }
                        Actor actor = Actor.person(person.email(), sourceAddress);
                        return audit.record(Audited.entry(
                                        person.merchantId(),
                                        actor,
                                        Audited.PERSON_JOIN,
                                        person.email() + ": " + person.role().wireName()))
                                .map(person);
                    });
        });
    }

    /**
     * Sets up the person's second factor with {@code secret}, once {@code code} shows their app has it; the recovery
     * codes come back to be shown once. 400 {@code code} for a code that is not the secret's now.
     */
    public Future<Enrolled> enrol(Person person, byte[] secret, String code, String sourceAddress) {
        OptionalLong step = Totp.verify(secret, code == null ? "" : code, java.time.Instant.now(), 0);
        if (step.isEmpty()) {
            return Future.failedFuture(
                    refusal(ErrorCode.INVALID_CODE, "code is not the authenticator's code now", "code"));
        }
        List<String> codes = RecoveryCodes.newCodes();
        List<byte[]> hashes = codes.stream().map(RecoveryCodes::hashOf).toList();
        return people.enrol(person.id(), secret, step.getAsLong(), hashes).compose(enrolled -> {
            if (!enrolled) {
                return Future.failedFuture(new ServiceException(
                        ErrorCode.INVALID_STATE.kind(),
                        ErrorCode.INVALID_STATE.code(),
                        "a second factor is set up already"));
            }
            Actor actor = Actor.person(person.email(), sourceAddress);
            return audit.record(Audited.entry(person.merchantId(), actor, Audited.SECOND_FACTOR_ENROL, person.email()))
                    .map(new Enrolled(codes));
        });
    }

    public Future<List<Person>> members(UUID merchantId) {
        return people.team(merchantId);
    }

    /** Gives a person another role and ends their sessions, so they sign in again under it. */
    public Future<Person> changeRole(UUID merchantId, UUID personId, String roleName, Actor by) {
        Role role = Role.of(roleName == null ? "" : roleName.strip());
        if (role == null) {
            return Future.failedFuture(refusal(ErrorCode.INVALID_ROLE, ROLES_NAMED, "role"));
        }
        return people.changeRole(merchantId, personId, role).compose(changed -> {
            if (changed == null) {
                return Future.failedFuture(ServiceException.notFound("person"));
            }
            return sessions.endAllOf(personId, null)
                    .compose(ended -> audit.record(Audited.entry(
                            merchantId, by, Audited.PERSON_ROLE_CHANGE, changed.email() + ": " + role.wireName())))
                    .map(changed);
        });
    }

    /**
     * Takes away a person's second factor (a lost phone, no recovery code left): their sessions end and their next
     * sign-in sets one up again. 404 for someone who has none.
     */
    public Future<Void> resetSecondFactor(UUID merchantId, UUID personId, Actor by) {
        return people.get(merchantId, personId).compose(person -> {
            if (person == null) {
                return Future.failedFuture(ServiceException.notFound("person"));
            }
            return people.resetSecondFactor(merchantId, personId)
                    .compose(reset -> reset
                            ? sessions.endAllOf(personId, null)
                                    .compose(ended -> audit.record(
                                            Audited.entry(merchantId, by, Audited.SECOND_FACTOR_RESET, person.email())))
                            : Future.failedFuture(ServiceException.notFound("second factor")));
        });
    }

    /** Removes a person from the team; their sessions end with them. */
    public Future<Void> remove(UUID merchantId, UUID personId, Actor by) {
        return people.get(merchantId, personId).compose(person -> {
            if (person == null) {
                return Future.failedFuture(ServiceException.notFound("person"));
            }
            return people.remove(merchantId, personId)
                    .compose(removed ->
                            audit.record(Audited.entry(merchantId, by, Audited.PERSON_REMOVE, person.email())));
        });
    }

    /** Ends one of the merchant's sessions (an owner ending someone's, or a person their own). */
    public Future<Void> endSession(UUID merchantId, byte[] sessionHash, String whose, Actor by) {
        return sessions.end(merchantId, sessionHash)
                .compose(ended -> ended
                        ? audit.record(Audited.entry(merchantId, by, Audited.SESSION_END, whose))
                        : Future.failedFuture(ServiceException.notFound("session")));
    }

    private static ServiceException refusal(ErrorCode code, String message, String field) {
        return new ServiceException(code.kind(), code.code(), message, field);
    }
}
