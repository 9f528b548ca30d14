package io.walletpay.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * A test that starts what a user runs: PostgreSQL, the service, a child process, a cluster or a browser. It runs in
 * {@code mvn verify} (failsafe); {@code mvn test} runs only the fast tier of plain Java tests.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag(BehaviourTest.TAG)
@net.jqwik.api.Tag(BehaviourTest.TAG) // jqwik's properties carry their own kind of tag
public @interface BehaviourTest {

    String TAG = "behaviour";
}
