package io.walletpay.portal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The permission table and the routes the portal mounts agree: every signed-in route (each {@code router.get} or
 * {@code router.post} of a {@code /portal/} path in the portal's page classes, the sign-in's doors apart) has its
 * rule in {@link PortalAccess#RULES}, and every rule names a mounted route. A page added without its rule would be
 * not found for everyone; a rule left without its page would be a permission no one checks.
 */
class PortalAccessRulesTest {

    private static final Path SOURCES = Path.of("src/main/java/io/walletpay/portal");
    /** The doors before a session: mounted by the sign-in ahead of the session check. */
    private static final String DOORS = "SignInPages.java";

    private static final Pattern MOUNT = Pattern.compile("router\\s*\\.\\s*(get|post)\\(\\s*\"(/portal/[^\"]*)\"");

    @Test
    void everySignedInRouteHasItsRuleAndEveryRuleItsRoute() throws IOException {
        Set<String> mounted = mountedRoutes(false);
        Set<String> ruled = PortalAccess.RULES.stream()
                .map(rule -> rule.method().name() + " " + rule.path())
                .collect(Collectors.toCollection(TreeSet::new));

        assertThat(mounted).as("the portal mounts its pages").contains("GET /portal/", "GET /portal/payments");
        assertThat(ruled).as("signed-in routes without a rule").containsAll(mounted);
        assertThat(mounted).as("rules without a mounted route").containsAll(ruled);
        assertThat(PortalAccess.RULES).as("one rule per route").hasSize(ruled.size());
    }

    @Test
    void theDoorsBeforeASessionAreInNoRule() throws IOException {
        Set<String> doors = mountedRoutes(true);
        assertThat(doors).contains("GET /portal/login", "POST /portal/login", "GET /portal/enrol");
        for (String door : doors) {
            String[] methodAndPath = door.split(" ", 2);
            assertThat(PortalAccess.ruleFor(io.vertx.core.http.HttpMethod.valueOf(methodAndPath[0]), methodAndPath[1]))
                    .as(door)
                    .isNull();
        }
    }

    @Test
    void aRulesIdentifierStandsForOnePathSegment() {
        assertThat(PortalAccess.ruleFor(io.vertx.core.http.HttpMethod.POST, "/portal/payments/abc/refund"))
                .isNotNull();
        assertThat(PortalAccess.ruleFor(io.vertx.core.http.HttpMethod.POST, "/portal/payments/a/b/refund"))
                .isNull();
        assertThat(PortalAccess.ruleFor(io.vertx.core.http.HttpMethod.GET, "/portal/payments/abc/refund"))
                .isNull();
    }

    /** "METHOD /path" of every route mounted in the doors' class ({@code doors}) or in every other page class. */
    private static Set<String> mountedRoutes(boolean doors) throws IOException {
        Set<String> routes = new TreeSet<>();
        try (Stream<Path> files = Files.list(SOURCES)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                if (file.getFileName().toString().equals(DOORS) != doors) {
                    continue;
                }
                Matcher m = MOUNT.matcher(Files.readString(file));
                while (m.find()) {
                    if (m.group(2).endsWith("*")) {
                        continue; // a handler for every form (the same-origin check), not a page
                    }
                    routes.add(m.group(1).toUpperCase(java.util.Locale.ROOT) + " " + m.group(2));
                }
            }
        }
        return routes;
    }
}
