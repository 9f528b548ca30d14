package io.walletpay.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;

/**
 * axe-core (the npm package under {@code src/test/node}, installed by the build) run inside the page a browser
 * shows: every WCAG 2.x A and AA rule and axe's best practices, as a person auditing the page with the axe browser
 * extension would see them.
 */
public final class Axe {

    static final Path SCRIPT = Path.of("src/test/node/node_modules/axe-core/axe.min.js");

    private final String script;

    private Axe(String script) {
        this.script = script;
    }

    public static Axe load() {
        try {
            return new Axe(Files.readString(SCRIPT));
        } catch (IOException e) {
            throw new UncheckedIOException(SCRIPT + " is missing: mvn verify installs it (npm ci in src/test/node)", e);
        }
    }

    /** One rule broken on the page: its id, what it asks, and the elements (CSS selectors) that break it. */
    public record Violation(String rule, String help, List<String> elements) {
        @Override
        public String toString() {
            return rule + " (" + help + "): " + elements;
        }
    }

    /** The violations on the page the browser shows now; empty when axe finds none. */
    @SuppressWarnings("unchecked")
    public List<Violation> violations(WebDriver browser) {
        JavascriptExecutor js = (JavascriptExecutor) browser;
        if (!Boolean.TRUE.equals(js.executeScript("return typeof window.axe === 'object';"))) {
            js.executeScript(script);
        }
        Object result = js.executeAsyncScript(
                """
                const done = arguments[arguments.length - 1];
                axe.run(document, {resultTypes: ['violations']})
                   .then(r => done(r.violations.map(v => ({
                       rule: v.id, help: v.help, elements: v.nodes.map(n => n.target.join(' '))}))))
                   .catch(e => done([{rule: 'axe-error', help: String(e), elements: []}]));
                """);
        return ((List<Map<String, Object>>) result)
                .stream()
                        .map(v -> new Violation(
                                (String) v.get("rule"), (String) v.get("help"), (List<String>) v.get("elements")))
                        .toList();
    }
}
