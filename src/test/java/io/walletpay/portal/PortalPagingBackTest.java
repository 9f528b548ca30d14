package io.walletpay.portal;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.page.Language;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.PortalClient;
import io.walletpay.support.RunningService;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The portal's lists page back as well as on: past the first page a list links to the newer page before it with
 * the same cursor the API takes ({@code before=}, as {@code ending_before}), and going back lands on exactly the rows
 * seen going on. Shown on the links list, whose pages are the shortest (20), and which pages as the others do.
 */
@BehaviourTest
class PortalPagingBackTest {

    private static final Pattern ROW = Pattern.compile("<tr data-id=\"([0-9a-f-]{36})\"");
    private static final Pattern NEXT = Pattern.compile("<a id=\"next\" href=\"([^\"]+)\"");
    private static final Pattern PREVIOUS = Pattern.compile("<a id=\"previous\" href=\"([^\"]+)\"");

    static RunningService service;
    static String base;

    @BeforeAll
    static void start() {
        service = RunningService.start(PortalPagesTest.FAST);
        base = "http://localhost:" + service.config.http().port();
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @Test
    void aListPagesOnAndBackToTheSameRowsWithAPreviousLinkPastTheFirstPage() throws Exception {
        JsonObject merchant = service.createMerchant("Many links");
        String token = service.tokenFor(merchant);
        for (int i = 0; i < 45; i++) {
            Http.Response made = service.http.post(
                    "/api/merchant/payment-links",
                    token,
                    new JsonObject().put("amount", 10 + i).put("description", "Link " + i));
            assertThat(made.status()).as(made.body()).isEqualTo(201);
        }
        PortalClient portal = new PortalClient(base);
        portal.logIn(merchant);

        String first = page(portal, "/portal/links?lang=en");
        assertThat(rows(first)).hasSize(LinkPages.PAGE_SIZE);
        assertThat(link(PREVIOUS, first)).as("the first page has nothing newer").isNull();
        String second = page(portal, link(NEXT, first));
        String third = page(portal, link(NEXT, second));
        assertThat(rows(third)).hasSize(5);
        assertThat(link(NEXT, third)).as("nothing older than the last page").isNull();
        assertThat(second).contains(new PortalText(Language.EN).get("paylinks.previous"));

        String backToSecond = page(portal, link(PREVIOUS, third));
        assertThat(rows(backToSecond)).isEqualTo(rows(second));
        assertThat(link(NEXT, backToSecond)).isNotNull();
        String backToFirst = page(portal, link(PREVIOUS, backToSecond));
        assertThat(rows(backToFirst)).isEqualTo(rows(first));
        assertThat(link(PREVIOUS, backToFirst))
                .as("back on the newest rows, nothing newer is offered")
                .isNull();
        assertThat(link(NEXT, backToFirst)).isNotNull();

        assertThat(portal.get("/portal/links?before=nope").statusCode()).isEqualTo(400);
        assertThat(portal.get("/portal/links?before=" + rows(second).get(0) + "&after="
                                + rows(second).get(0))
                        .statusCode())
                .isEqualTo(400);
    }

    private static String page(PortalClient portal, String path) throws Exception {
        assertThat(path).isNotNull();
        HttpResponse<String> answer = portal.get(path.replace("&amp;", "&"));
        assertThat(answer.statusCode()).as(path).isEqualTo(200);
        return answer.body();
    }

    private static List<String> rows(String page) {
        List<String> ids = new ArrayList<>();
        Matcher row = ROW.matcher(page);
        while (row.find()) {
            ids.add(row.group(1));
        }
        return ids;
    }

    private static String link(Pattern which, String page) {
        Matcher found = which.matcher(page);
        return found.find() ? found.group(1) : null;
    }
}
