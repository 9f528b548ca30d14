package io.walletpay.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.walletpay.support.BehaviourTest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The package rules of the code map in docs/architecture.md, checked on the compiled main classes: who may use whom, so
 * that a dependency in the wrong direction fails the build instead of growing into a cycle.
 */
class ArchitectureTest {

    private static JavaClasses classes;
    private static JavaClasses testClasses;

    /** The compiled test classes, imported once for the rules that read them. */
    private static synchronized JavaClasses testClasses() {
        if (testClasses == null) {
            testClasses = new ClassFileImporter()
                    .withImportOption(ImportOption.Predefined.ONLY_INCLUDE_TESTS)
                    .importPackages("io.walletpay");
        }
        return testClasses;
    }

    @BeforeAll
    static void importMainClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.walletpay");
    }

    @Test
    void packagesHaveNoCycles() {
        slices().matching("io.walletpay.(*)..").should().beFreeOfCycles().check(classes);
    }

    @Test
    void domainRulesUseNoVertxTypes() {
        noClasses()
                .that()
                .resideInAnyPackage("io.walletpay.payment..", "io.walletpay.merchant..", "io.walletpay.webhook..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("io.vertx..")
                .check(classes);
    }

    @Test
    void onlyTheLauncherUsesTheLoadGenerator() {
        noClasses()
                .that()
                .resideOutsideOfPackage("io.walletpay.loadtest..")
                .and()
                .doNotHaveFullyQualifiedName("io.walletpay.Main")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("io.walletpay.loadtest..")
                .check(classes);
    }

    /** Hazelcast ships in the cluster add-on beside the service's jar, so a single node must never need it. */
    @Test
    void onlyTheClusterPackageTouchesHazelcast() {
        noClasses()
                .that()
                .resideOutsideOfPackage("io.walletpay.cluster..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "com.hazelcast..", "io.vertx.spi.cluster.hazelcast..", "io.github.bucket4j.grid.hazelcast..")
                .because("Hazelcast and its integrations are in walletpay-cluster.jar, which a single node may lack")
                .check(classes);
    }

    /**
     * What the rest of the service may know of the store package: its interfaces, the records they declare and
     * {@code Stores}; never a PostgreSQL implementation, its SQL or the verticle that owns the connections.
     */
    private static final DescribedPredicate<JavaClass> STORE_IMPLEMENTATION = DescribedPredicate.describe(
            "store implementations",
            type -> type.getPackageName().equals("io.walletpay.store")
                    && !type.isInterface()
                    && type.getEnclosingClass()
                            .map(outer -> !outer.isInterface())
                            .orElse(true)
                    && !type.getSimpleName().equals("Stores"));

    @Test
    void routesAndUseCasesReachStorageOnlyThroughTheStoreInterfaces() {
        noClasses()
                .that()
                .resideInAnyPackage(
                        "io.walletpay.http..",
                        "io.walletpay.portal..",
                        "io.walletpay.usecase..",
                        "io.walletpay.login..")
                .should()
                .dependOnClassesThat(STORE_IMPLEMENTATION)
                .because("they call the store interfaces (Stores); the implementations and their SQL are the"
                        + " store's own")
                .check(classes);
    }

    /** Queries, rows, pools and transactions; where a database is (connect options) may be read elsewhere. */
    @Test
    void nothingOutsideTheStoreTouchesSql() {
        noClasses()
                .that()
                .resideOutsideOfPackages("io.walletpay.store..", "io.walletpay.db..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("io.vertx.sqlclient..")
                .check(classes);
    }

    @Test
    void useCasesKnowNothingOfHttp() {
        noClasses()
                .that()
                .resideInAPackage("io.walletpay.usecase..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("io.vertx.ext.web..", "io.vertx.core.http..", "io.walletpay.http..")
                .check(classes);
    }

    /**
     * A provider is chosen in one place, by the name each payment and transfer keeps: nothing but the registry is
     * handed a provider when it is made (the composition root hands the registry on), so no class can hold one
     * provider for objects of another.
     */
    @Test
    void onlyTheProviderRegistryIsHandedAWalletProvider() {
        java.util.List<String> handed = new java.util.ArrayList<>();
        for (JavaClass type : classes) {
            if (type.getName().equals("io.walletpay.checkout.WalletProviders")) {
                continue;
            }
            type.getConstructors().forEach(constructor -> constructor.getRawParameterTypes().stream()
                    .filter(parameter -> parameter.isAssignableTo("io.walletpay.money.TransferProvider"))
                    .forEach(parameter -> handed.add(constructor.getFullName())));
        }
        org.assertj.core.api.Assertions.assertThat(handed)
                .as("constructors taking a wallet provider instead of the registry")
                .isEmpty();
    }

    /**
     * Every class of the use case package is a use case, and each has a fast test named after it (its name, then
     * anything, then {@code Test}) over in-memory stores: a use case no fast test names is one whose rules only a
     * slow test could catch breaking.
     */
    @Test
    void everyUseCaseHasAFastTestNamedAfterIt() {
        JavaClasses tests = testClasses();
        java.util.List<String> fast = tests.stream()
                .filter(type -> type.getSimpleName().endsWith("Test"))
                .filter(type -> !type.isAnnotatedWith(BehaviourTest.class))
                .map(JavaClass::getSimpleName)
                .toList();
        java.util.List<String> untested = classes.stream()
                .filter(type -> type.getPackageName().equals("io.walletpay.usecase"))
                .filter(type -> type.isTopLevelClass())
                .map(JavaClass::getSimpleName)
                .filter(name -> fast.stream().noneMatch(test -> test.startsWith(name)))
                .toList();
        org.assertj.core.api.Assertions.assertThat(untested)
                .as("use cases without a fast test named after them")
                .isEmpty();
    }

    /**
     * What makes a test slow: a database, the running service, a child process, a cluster or a browser. A test
     * class that uses any of them must say so ({@link BehaviourTest}), or it would slow the fast tier down.
     */
    private static final DescribedPredicate<JavaClass> STARTS_WHAT_USERS_RUN = DescribedPredicate.describe(
            "start a database, the service, a process, a cluster or a browser",
            type -> type.getName().startsWith("io.walletpay.support.")
                            && !type.getSimpleName().equals("BehaviourTest")
                            && !type.getSimpleName().equals("TestConfig")
                            && !type.getSimpleName().equals("Jwts")
                            && !type.getSimpleName().equals("TestMerchants")
                    || type.getName().equals("io.walletpay.store.StoreFixture")
                    || type.getName().equals("io.walletpay.cluster.ClusterNode")
                    || type.getName().equals("io.walletpay.Application")
                    || type.getName().equals("io.walletpay.ServiceVertx")
                    || type.getPackageName().startsWith("io.zonky.")
                    || type.getPackageName().startsWith("org.openqa.selenium")
                    || type.getName().equals("java.lang.ProcessBuilder"));

    @Test
    void testsThatStartWhatUsersRunAreBehaviourTests() {
        JavaClasses tests = testClasses();
        noClasses()
                .that()
                .haveSimpleNameEndingWith("Test")
                .and()
                .areNotAnnotatedWith(BehaviourTest.class)
                .should()
                .dependOnClassesThat(STARTS_WHAT_USERS_RUN)
                .because("mvn test is the fast tier; such tests run under failsafe in mvn verify")
                .check(tests);
    }
}
