package io.walletpay.people;

import static io.walletpay.people.Permission.*;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * The one table of who may do what in the portal. Every portal route names the permission it needs
 * ({@link io.walletpay.portal.PortalAccess}); pages ask the same table which buttons to show.
 */
public final class Permissions {

    private static final Map<Role, Set<Permission>> GRANTED = Map.of(
            Role.OWNER, EnumSet.allOf(Permission.class),
            Role.MANAGER,
                    EnumSet.of(
                            VIEW,
                            SEE_PAYER,
                            CANCEL_PAYMENT,
                            MANAGE_LINKS,
                            REFUND,
                            PAYOUT,
                            APPROVE_MONEY_OUT,
                            WEBHOOKS,
                            SETTINGS),
            Role.CASHIER, EnumSet.of(VIEW, CANCEL_PAYMENT, MANAGE_LINKS),
            Role.DEVELOPER, EnumSet.of(VIEW, WEBHOOKS, API_KEYS),
            Role.VIEWER, EnumSet.of(VIEW));

    private Permissions() {}

    public static boolean allows(Role role, Permission permission) {
        return GRANTED.get(role).contains(permission);
    }

    /** What {@code role} may do, as pages ask it ({@code can.has(Permission.REFUND)}). */
    public static Granted of(Role role) {
        return new Granted(role);
    }

    /** One role's grants, for the pages. */
    public record Granted(Role role) {

        /** No grants: pages shown before anyone signs in. */
        public static final Granted NOBODY = new Granted(null);

        public boolean has(Permission permission) {
            return role != null && allows(role, permission);
        }
    }
}
