package io.walletpay.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.walletpay.bus.BusCalls;
import io.walletpay.bus.BusOperation;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The package rules of the code map in README.md, checked on the compiled main classes: who may use whom, so
 * that a dependency in the wrong direction fails the build instead of growing into a cycle.
 */
class ArchitectureTest {

    private static JavaClasses classes;

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

    @Test
    void httpNeverTouchesSql() {
        noClasses()
                .that()
                .resideInAPackage("io.walletpay.http..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("io.vertx.sqlclient..", "io.vertx.pgclient..", "io.walletpay.store..")
                .check(classes);
    }

    @Test
    void useCasesKnowNothingOfHttpOrSql() {
        noClasses()
                .that()
                .resideInAPackage("io.walletpay.usecase..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "io.vertx.ext.web..",
                        "io.vertx.core.http..",
                        "io.walletpay.http..",
                        "io.vertx.sqlclient..",
                        "io.vertx.pgclient..",
                        "io.walletpay.store..")
                .check(classes);
    }

    @Test
    void storesAreAskedOnlyThroughTheirTypedClients() {
        noClasses()
                .that()
                .resideOutsideOfPackage("io.walletpay.bus..")
                .should()
                .callMethod(BusCalls.class, "request", BusOperation.class, Object.class)
                .because("use cases, routes and verticles call the typed store clients (StoreClients), never raw bus"
                        + " operations")
                .check(classes);
    }
}
