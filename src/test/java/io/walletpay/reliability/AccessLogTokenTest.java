package io.walletpay.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.RawHttp;
import io.walletpay.support.RunningService;
import java.util.List;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * The access log names the route template that answered, never the raw path: a checkout token reaches no log
 * line whichever spelling of the path carried it, and a path the router did not match is logged as one label.
 */
@BehaviourTest
class AccessLogTokenTest {

    static final String TOKEN = "tok3nS3cretValueThatMustNeverBeLogged";

    @Test
    void noSpellingOfACheckoutPathPutsItsTokenInTheLog() {
        Logger access = (Logger) LoggerFactory.getLogger("walletpay.access");
        Level level = access.getLevel();
        ListAppender<ILoggingEvent> captured = new ListAppender<>();
        captured.start();
        access.addAppender(captured);
        access.setLevel(Level.INFO);
        List<String> spellings = List.of(
                "/checkout/" + TOKEN,
                "//checkout/" + TOKEN,
                "/foo/../checkout/" + TOKEN,
                "/%63heckout/" + TOKEN,
                "/checkout/./" + TOKEN,
                "/checkout/" + TOKEN + "/pay",
                "/somewhere/" + TOKEN);
        try (RunningService service = RunningService.start()) {
            RawHttp raw = new RawHttp(service.config.http().port());
            for (String path : spellings) {
                assertThat(raw.send("GET", path, Map.of(), null).status())
                        .as(path)
                        .isBetween(200, 499);
            }
            assertThat(raw.send("HEAD", "/checkout/" + TOKEN, Map.of(), null).status())
                    .isEqualTo(404);
            Awaitility.await().until(() -> captured.list.size() >= spellings.size() + 1);
        } finally {
            access.detachAppender(captured);
            access.setLevel(level);
        }

        List<String> lines =
                captured.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
        assertThat(lines).allSatisfy(line -> assertThat(line).doesNotContain(TOKEN));
        assertThat(lines).anySatisfy(line -> assertThat(line).startsWith("GET /checkout/ 404"));
        assertThat(lines).anySatisfy(line -> assertThat(line).contains("(unrouted)"));
        // a HEAD is routed as a GET, and logged as what it was
        assertThat(lines).anySatisfy(line -> assertThat(line).startsWith("HEAD /checkout/ 404"));
    }
}
