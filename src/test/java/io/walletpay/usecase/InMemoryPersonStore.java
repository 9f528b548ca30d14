package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.people.Invitation;
import io.walletpay.people.Person;
import io.walletpay.people.Role;
import io.walletpay.people.TeamRefusals;
import io.walletpay.store.PersonStore;
import io.walletpay.store.PortalSessionStore;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * {@link PersonStore} in memory, for the use cases' tests; held to the same contract as PostgreSQL's. Removing a
 * person ends their sessions in the session store it is given, as the database's foreign key does.
 */
final class InMemoryPersonStore implements PersonStore {

    private final Map<UUID, Person> people = new LinkedHashMap<>();
    private final Map<UUID, Invitation> invitations = new LinkedHashMap<>();
    private final Map<ByteBuffer, UUID> invitationByHash = new HashMap<>();
    private final Map<UUID, Map<ByteBuffer, Boolean>> recoveryCodes = new HashMap<>();
    private final Clock clock;
    private final PortalSessionStore sessions;

    InMemoryPersonStore() {
        this(Clock.systemUTC(), null);
    }

    /** With {@code clock} deciding when invitations expire, and the sessions a removal ends (null for none). */
    InMemoryPersonStore(Clock clock, PortalSessionStore sessions) {
        this.clock = clock;
        this.sessions = sessions;
    }

    private OffsetDateTime now() {
        return OffsetDateTime.now(clock).withOffsetSameInstant(ZoneOffset.UTC);
    }

    @Override
    public synchronized Future<Invitation> invite(Invitation invitation, byte[] tokenHash) {
        Invitation stored = new Invitation(
                invitation.id(),
                invitation.merchantId(),
                lower(invitation.email()),
                invitation.role(),
                invitation.invitedBy(),
                now(),
                invitation.expiresAt(),
                null,
                null);
        invitations.put(stored.id(), stored);
        invitationByHash.put(key(tokenHash), stored.id());
        return Future.succeededFuture(stored);
    }

    @Override
    public synchronized Future<Invitation> invitation(byte[] tokenHash) {
        UUID id = invitationByHash.get(key(tokenHash));
        return Future.succeededFuture(id == null ? null : invitations.get(id));
    }

    @Override
    public synchronized Future<List<Invitation>> openInvitations(UUID merchantId) {
        OffsetDateTime now = now();
        List<Invitation> open = new ArrayList<>();
        invitations.values().stream()
                .filter(invitation -> invitation.merchantId().equals(merchantId) && invitation.open(now))
                .forEach(open::add);
        open.sort(Comparator.comparing(Invitation::createdAt).reversed());
        return Future.succeededFuture(open);
    }

    @Override
    public synchronized Future<Boolean> withdraw(UUID merchantId, UUID invitationId) {
        Invitation invitation = invitations.get(invitationId);
        if (invitation == null || !invitation.merchantId().equals(merchantId) || !invitation.open(now())) {
            return Future.succeededFuture(false);
        }
        invitations.put(invitationId, withEnds(invitation, null, now()));
        return Future.succeededFuture(true);
    }

    @Override
    public synchronized Future<Person> join(byte[] tokenHash, UUID personId, String name, String passwordHash) {
        UUID id = invitationByHash.get(key(tokenHash));
        Invitation invitation = id == null ? null : invitations.get(id);
        if (invitation == null || !invitation.open(now())) {
            return Future.succeededFuture(null);
        }
        if (byEmailNow(invitation.email()) != null) {
            return Future.failedFuture(TeamRefusals.emailTaken());
        }
        invitations.put(id, withEnds(invitation, now(), null));
        Person person = new Person(
                personId,
                invitation.merchantId(),
                invitation.email(),
                name,
                invitation.role(),
                passwordHash,
                null,
                0,
                now());
        people.put(personId, person);
        return Future.succeededFuture(person);
    }

    /** Stores a person as they are, as an invitation joined long ago would have: for tests that start from a team. */
    synchronized Person add(Person person) {
        Person stored = new Person(
                person.id(),
                person.merchantId(),
                lower(person.email()),
                person.name(),
                person.role(),
                person.passwordHash(),
                person.totpSecret(),
                person.totpLastStep(),
                person.createdAt() == null ? now() : person.createdAt());
        people.put(stored.id(), stored);
        return stored;
    }

    @Override
    public synchronized Future<Person> byEmail(String email) {
        return Future.succeededFuture(byEmailNow(email));
    }

    private Person byEmailNow(String email) {
        String wanted = lower(email);
        return people.values().stream()
                .filter(person -> person.email().equals(wanted))
                .findFirst()
                .orElse(null);
    }

    @Override
    public synchronized Future<Person> get(UUID merchantId, UUID personId) {
        return Future.succeededFuture(mine(merchantId, personId));
    }

    private Person mine(UUID merchantId, UUID personId) {
        Person person = people.get(personId);
        return person != null && person.merchantId().equals(merchantId) ? person : null;
    }

    @Override
    public synchronized Future<List<Person>> team(UUID merchantId) {
        List<Person> team = new ArrayList<>();
        people.values().stream()
                .filter(person -> person.merchantId().equals(merchantId))
                .forEach(team::add);
        return Future.succeededFuture(team);
    }

    @Override
    public synchronized Future<Boolean> enrol(
            UUID personId, byte[] totpSecret, long usedStep, List<byte[]> recoveryCodeHashes) {
        Person person = people.get(personId);
        if (person == null || person.enrolled()) {
            return Future.succeededFuture(false);
        }
        people.put(
                personId, with(person, person.role(), totpSecret.clone(), Math.max(person.totpLastStep(), usedStep)));
        Map<ByteBuffer, Boolean> codes = new LinkedHashMap<>();
        recoveryCodeHashes.forEach(hash -> codes.put(key(hash), false));
        recoveryCodes.put(personId, codes);
        return Future.succeededFuture(true);
    }

    @Override
    public synchronized Future<Boolean> resetSecondFactor(UUID merchantId, UUID personId) {
        Person person = people.get(personId);
        if (person == null || !person.merchantId().equals(merchantId) || !person.enrolled()) {
            return Future.succeededFuture(false);
        }
        people.put(personId, with(person, person.role(), null, person.totpLastStep()));
        recoveryCodes.remove(personId);
        return Future.succeededFuture(true);
    }

    @Override
    public synchronized Future<Boolean> useStep(UUID personId, long step) {
        Person person = people.get(personId);
        if (person == null || person.totpLastStep() >= step) {
            return Future.succeededFuture(false);
        }
        people.put(personId, with(person, person.role(), person.totpSecret(), step));
        return Future.succeededFuture(true);
    }

    @Override
    public synchronized Future<Boolean> useRecoveryCode(UUID personId, byte[] codeHash) {
        Map<ByteBuffer, Boolean> codes = recoveryCodes.getOrDefault(personId, Map.of());
        ByteBuffer code = key(codeHash);
        if (!Boolean.FALSE.equals(codes.get(code))) {
            return Future.succeededFuture(false);
        }
        codes.put(code, true);
        return Future.succeededFuture(true);
    }

    @Override
    public synchronized Future<Integer> recoveryCodesLeft(UUID personId) {
        long left = recoveryCodes.getOrDefault(personId, Map.of()).values().stream()
                .filter(used -> !used)
                .count();
        return Future.succeededFuture((int) left);
    }

    @Override
    public synchronized Future<Person> changeRole(UUID merchantId, UUID personId, Role role) {
        Person person = mine(merchantId, personId);
        if (person == null) {
            return Future.succeededFuture(null);
        }
        if (role != Role.OWNER && lastOwner(person)) {
            return Future.failedFuture(TeamRefusals.lastOwner());
        }
        Person changed = with(person, role, person.totpSecret(), person.totpLastStep());
        people.put(personId, changed);
        return Future.succeededFuture(changed);
    }

    @Override
    public synchronized Future<Boolean> remove(UUID merchantId, UUID personId) {
        Person person = mine(merchantId, personId);
        if (person == null) {
            return Future.succeededFuture(false);
        }
        if (lastOwner(person)) {
            return Future.failedFuture(TeamRefusals.lastOwner());
        }
        people.remove(personId);
        recoveryCodes.remove(personId);
        if (sessions == null) {
            return Future.succeededFuture(true);
        }
        return sessions.endAllOf(personId, null).map(ended -> true);
    }

    private boolean lastOwner(Person person) {
        if (person.role() != Role.OWNER) {
            return false;
        }
        Set<UUID> owners = new LinkedHashSet<>();
        people.values().stream()
                .filter(other -> other.merchantId().equals(person.merchantId()) && other.role() == Role.OWNER)
                .forEach(other -> owners.add(other.id()));
        return owners.size() == 1;
    }

    private static Person with(Person person, Role role, byte[] totpSecret, long totpLastStep) {
        return new Person(
                person.id(),
                person.merchantId(),
                person.email(),
                person.name(),
                role,
                person.passwordHash(),
                totpSecret,
                totpLastStep,
                person.createdAt());
    }

    private static Invitation withEnds(Invitation invitation, OffsetDateTime usedAt, OffsetDateTime revokedAt) {
        return new Invitation(
                invitation.id(),
                invitation.merchantId(),
                invitation.email(),
                invitation.role(),
                invitation.invitedBy(),
                invitation.createdAt(),
                invitation.expiresAt(),
                usedAt,
                revokedAt);
    }

    private static ByteBuffer key(byte[] hash) {
        return ByteBuffer.wrap(hash.clone());
    }

    private static String lower(String email) {
        return email.toLowerCase(Locale.ROOT);
    }
}
