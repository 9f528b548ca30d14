package io.walletpay.people;

import static io.walletpay.people.Permission.*;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The roles as the portal's contract lists them: the owner everything; a manager money out and settings but not the
 * keys, the payout phone or the team; a cashier payments and links; a developer keys and webhooks, no money out; a
 * viewer reads. Only owners and managers see payers whole and need a second factor.
 */
class PermissionsTest {

    private static Set<Permission> of(Role role) {
        return Arrays.stream(Permission.values())
                .filter(permission -> Permissions.allows(role, permission))
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(Permission.class)));
    }

    @Test
    void eachRoleMayDoWhatItsDescriptionSaysAndNothingElse() {
        assertThat(of(Role.OWNER)).isEqualTo(EnumSet.allOf(Permission.class));
        assertThat(of(Role.MANAGER))
                .containsExactlyInAnyOrder(
                        VIEW,
                        SEE_PAYER,
                        CANCEL_PAYMENT,
                        MANAGE_LINKS,
                        REFUND,
                        PAYOUT,
                        APPROVE_MONEY_OUT,
                        WEBHOOKS,
                        SETTINGS);
        assertThat(of(Role.CASHIER)).containsExactlyInAnyOrder(VIEW, CANCEL_PAYMENT, MANAGE_LINKS);
        assertThat(of(Role.DEVELOPER)).containsExactlyInAnyOrder(VIEW, WEBHOOKS, API_KEYS);
        assertThat(of(Role.VIEWER)).containsExactly(VIEW);
    }

    @Test
    void onlyTheRolesThatMoveMoneyNeedASecondFactorAndSeePayersWhole() {
        for (Role role : Role.values()) {
            boolean movesMoney = Permissions.allows(role, REFUND) || Permissions.allows(role, PAYOUT);
            assertThat(role.needsSecondFactor()).as(role.name()).isEqualTo(movesMoney);
            assertThat(Permissions.allows(role, SEE_PAYER)).as(role.name()).isEqualTo(movesMoney);
        }
    }

    @Test
    void nobodyMayDoAnythingBeforeSigningIn() {
        for (Permission permission : Permission.values()) {
            assertThat(Permissions.Granted.NOBODY.has(permission)).isFalse();
        }
        assertThat(Permissions.of(Role.CASHIER).has(REFUND)).isFalse();
        assertThat(Permissions.of(Role.MANAGER).has(REFUND)).isTrue();
    }

    @Test
    void rolesAreKnownByTheirWireNamesOnly() {
        assertThat(Role.of("owner")).isEqualTo(Role.OWNER);
        assertThat(Role.of("viewer")).isEqualTo(Role.VIEWER);
        assertThat(Role.of("OWNER")).isNull();
        assertThat(Role.of("admin")).isNull();
    }
}
