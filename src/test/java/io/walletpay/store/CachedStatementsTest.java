package io.walletpay.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.walletpay.db.DatabaseTarget;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * Every statement of the stores is short enough for the reactive client to prepare it once per connection and keep
 * it: a longer one would be parsed and planned by PostgreSQL on every execution, unnoticed by any other test.
 */
class CachedStatementsTest {

    @Test
    void everyStatementOfTheStoresFitsTheClientsStatementCache() throws Exception {
        Predicate<String> kept = new DatabaseTarget("localhost", 5432, "walletpay", "walletpay", "secret")
                .connectOptions()
                .getPreparedStatementCacheSqlFilter();
        List<String> statements = new ArrayList<>();
        List<String> tooLong = new ArrayList<>();
        for (JavaClass sqlClass : new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.walletpay.store")) {
            if (!sqlClass.getSimpleName().endsWith("Sql")) {
                continue;
            }
            for (Field field : sqlClass.reflect().getDeclaredFields()) {
                if (field.getType() == String.class && Modifier.isStatic(field.getModifiers())) {
                    field.setAccessible(true);
                    String sql = (String) field.get(null);
                    statements.add(sqlClass.getSimpleName() + "." + field.getName());
                    if (!kept.test(sql)) {
                        tooLong.add(sqlClass.getSimpleName() + "." + field.getName() + " (" + sql.length() + ")");
                    }
                }
            }
        }

        assertThat(statements).as("the stores' statements found").contains("DeliverySql.RECORD_ATTEMPTS");
        assertThat(tooLong).as("statements the client would not keep prepared").isEmpty();
    }
}
