package io.walletpay.portal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vertx.core.json.JsonObject;
import io.walletpay.page.Language;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.PortalClient;
import io.walletpay.support.RunningService;
import io.walletpay.support.WebhookReceiver;
import io.walletpay.support.WebhookReceiver.Answer;
import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What a merchant reads on the portal's pages, as the server renders them: French punctuation kept with its word,
 * every date in Haiti's time as dd/mm/yyyy, the payer whole for an owner or a manager and otherwise masked as the
 * API masks it (the CSV masked for everyone), a payment's
 * history in time order saying what became of each webhook, events named in words, an amount put back in a form as
 * the page writes amounts, and turning a printed link off asked for first.
 */
@BehaviourTest
class PortalReadingTest {

    static RunningService service;
    static WebhookReceiver receiver;
    static String base;

    @BeforeAll
    static void start() {
        service = RunningService.start(PortalPagesTest.FAST);
        receiver = new WebhookReceiver();
        base = "http://localhost:" + service.config.http().port();
    }

    @AfterAll
    static void stop() {
        service.close();
        receiver.close();
    }

    /** A shop whose server refuses every webhook (500), without fees, with one paid payment and a refund of it. */
    record Shop(JsonObject merchant, String token, PortalClient portal, String paid) {}

    static Shop shop(String name, String hooks) throws Exception {
        receiver.script(hooks, n -> new Answer(500, null, 0, "<!DOCTYPE html><html><body>Erè</body></html>"));
        JsonObject merchant = service.createMerchant(new JsonObject()
                .put("name", name)
                .put("webhook_url", receiver.url(hooks))
                .put("fee_percent", "0.00")
                .put("fee_fixed", "0.00"));
        String token = service.tokenFor(merchant);
        PortalClient portal = new PortalClient(base);
        portal.logIn(merchant);
        return new Shop(merchant, token, portal, PortalMoneyTest.paidThrough(service, token, 1200));
    }

    static String refund(Shop shop, String amount, String lang) throws Exception {
        HttpResponse<String> confirm =
                shop.portal().get("/portal/payments/" + shop.paid() + "?confirm=refund&lang=" + lang);
        HttpResponse<String> asked = shop.portal()
                .submit(
                        confirm,
                        "/portal/payments/" + shop.paid() + "/refund",
                        Map.of("amount", amount, "form_key", PortalMoneyTest.key(confirm)));
        assertThat(asked.statusCode()).as(asked.body()).isEqualTo(303);
        return confirm.body();
    }

    @Test
    void thePaymentPageShowsThePayerWholeToOwnersAndManagersOnlyAndTheCsvMasksItForEveryone() throws Exception {
        Shop shop = shop("Maske", "/mask");
        String shown = service.http
                .get("/api/merchant/payments/" + shop.paid(), shop.token())
                .data()
                .getString("payer");
        assertThat(shown).isEqualTo("509****1234");
        String whole = service.sql("SELECT payer FROM payments WHERE id = $1::uuid", shop.paid())
                .iterator()
                .next()
                .getString(0);
        assertThat(whole).endsWith("37001234");

        Map<String, PortalClient> people = new java.util.LinkedHashMap<>();
        people.put("owner", shop.portal());
        for (String role : List.of("manager", "cashier", "developer", "viewer")) {
            PortalClient browser = new PortalClient(base);
            browser.logIn(shop.merchant(), role);
            people.put(role, browser);
        }
        for (var person : people.entrySet()) {
            String page =
                    person.getValue().get("/portal/payments/" + shop.paid()).body();
            if (person.getKey().equals("owner") || person.getKey().equals("manager")) {
                assertThat(page).as(person.getKey()).contains("id=\"payer\" class=\"nb\">" + whole + "<");
            } else {
                assertThat(page)
                        .as(person.getKey())
                        .contains("id=\"payer\" class=\"nb\">509****1234<")
                        .doesNotContain("37001234");
            }
            for (String sep : List.of("", "&sep=semicolon")) {
                String csv = person.getValue()
                        .get("/portal/payments.csv?status=completed" + sep)
                        .body();
                assertThat(csv).as(person.getKey()).contains("509****1234").doesNotContain("37001234");
            }
        }
    }

    @Test
    void theHistoryIsInTimeOrderSaysWhatBecameOfEachWebhookAndNamesEventsInWords() throws Exception {
        Shop shop = shop("Istwa", "/history");
        refund(shop, "200", "en");
        PortalText en = new PortalText(Language.EN);
        // the shop's server refuses everything: both webhooks end as not delivered
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            String page = shop.portal()
                    .get("/portal/payments/" + shop.paid() + "?lang=en")
                    .body();
            return page.contains(en.get("timeline.webhook.failed", en.get("event.payment.updated")))
                    && page.contains(en.get("timeline.webhook.failed", en.get("event.refund.updated")));
        });
        String page = shop.portal()
                .get("/portal/payments/" + shop.paid() + "?lang=en")
                .body();
        List<String> history = items(section(page, "<ol class=\"timeline\"", "</ol>"));
        assertThat(history).hasSizeGreaterThanOrEqualTo(5);
        assertThat(history.get(0)).endsWith("Created");
        assertThat(history).anySatisfy(line -> assertThat(line)
                .endsWith(en.get("timeline.webhook.failed", en.get("event.payment.updated"))));
        assertThat(history).anySatisfy(line -> assertThat(line)
                .endsWith(en.get("timeline.webhook.failed", en.get("event.refund.updated"))));
        int refundAsked = indexOf(history, en.get("timeline.refund", en.amount(new BigDecimal("200.00"))));
        int refundWebhook = indexOf(history, en.get("event.refund.updated"));
        assertThat(refundAsked).isPositive().isLessThan(refundWebhook);
        assertThat(indexOf(history, en.get("event.payment.updated"))).isLessThan(refundAsked);
        assertThat(indexOf(history, "Completed")).isPositive().isLessThan(refundAsked);
        // the moments read in order too
        List<String> moments =
                history.stream().map(line -> line.substring(0, 16)).toList();
        assertThat(moments).isSortedAccordingTo(java.util.Comparator.comparing(PortalReadingTest::sortable));
        assertThat(page)
                .doesNotContain(">refund.updated<")
                .doesNotContain(">payment.updated<")
                .doesNotContain("Webhook sent");

        // the delivery log names each event in words, and a refund's row its own amount
        String log = shop.portal().get("/portal/webhooks?lang=en").body();
        assertThat(log)
                .contains("<td class=\"more event\">Refund update</td>")
                .contains("<td class=\"more event\">Payment update</td>")
                .contains(en.amount(new BigDecimal("200.00")))
                .doesNotContain("refund.updated");
    }

    @Test
    void aPayoutsRowInTheDeliveryLogShowsItsAmountAndItsEvent() throws Exception {
        Shop shop = shop("Retrè", "/payout");
        assertThat(service.http
                        .patch(
                                "/api/merchant/settings",
                                shop.token(),
                                new JsonObject()
                                        .put("payout_phone", "3712 3456")
                                        .put("secret_key", shop.merchant().getString("secret_key")))
                        .status())
                .isEqualTo(200);
        assertThat(service.http
                        .send(
                                "POST",
                                "/api/merchant/payouts",
                                shop.token(),
                                new JsonObject().put("amount", 345.5).encode(),
                                Map.of("Content-Type", "application/json"))
                        .status())
                .isEqualTo(201);
        PortalText ht = new PortalText(Language.HT);
        await().atMost(Duration.ofSeconds(30))
                .until(() ->
                        shop.portal().get("/portal/webhooks?lang=ht").body().contains(ht.get("event.payout.updated")));
        String log = shop.portal().get("/portal/webhooks?lang=ht").body();
        Matcher row = Pattern.compile("<tr data-id=[^>]*><td class=\"what\">" + ht.get("delivery.payout")
                        + "</td><td class=\"num\">([^<]*)</td><td class=\"more event\">([^<]*)</td>")
                .matcher(log);
        assertThat(row.find()).as(log).isTrue();
        assertThat(row.group(1)).isEqualTo(ht.amount(new BigDecimal("345.50")));
        assertThat(row.group(2)).isEqualTo(ht.get("event.payout.updated"));
    }

    @ParameterizedTest
    @EnumSource(
            value = Language.class,
            names = {"HT", "FR"})
    void theRefundAmountIsWrittenAsThePageWritesAmountsAndIsReadBack(Language language) throws Exception {
        Shop shop = shop("Ranbouse " + language.tag(), "/refund-" + language.tag());
        String form = refund(shop, "1\u00A0200,00", language.tag());
        assertThat(form)
                .contains(
                        "id=\"refund-amount\" name=\"amount\" inputmode=\"decimal\" maxlength=\"20\" value=\"1\u00A0200,00\"");
        assertThat(service.sql("SELECT amount::text FROM transfers WHERE payment_id = $1::uuid", shop.paid())
                        .iterator()
                        .next()
                        .getString(0))
                .isEqualTo("1200.00");
    }

    @Test
    void turningAPaymentLinkOffIsAskedForFirst() throws Exception {
        Shop shop = shop("Lyen", "/link");
        HttpResponse<String> form = shop.portal().get("/portal/links?lang=ht");
        HttpResponse<String> created = shop.portal()
                .submit(form, "/portal/links", Map.of("description", "Pate", "amount", "50", "max_payments", ""));
        String link = created.headers().firstValue("Location").orElseThrow();
        String page = shop.portal().get(link).body();
        assertThat(page).doesNotContain("id=\"link-off\"");
        // one tap opens the question; nothing is turned off yet
        assertThat(page)
                .contains("href=\"" + link + "?confirm=deactivate#deactivate-confirm\"")
                .doesNotContain("action=\"" + link + "/deactivate\"");
        HttpResponse<String> asking = shop.portal().get(link + "?confirm=deactivate");
        assertThat(asking.body())
                .contains("id=\"deactivate-confirm\"")
                .contains(new PortalText(Language.HT).get("paylinks.deactivate.confirm"))
                .contains("id=\"keep\" href=\"" + link + "\"");
        HttpResponse<String> off = shop.portal().submit(asking, link + "/deactivate", Map.of());
        assertThat(off.statusCode()).isEqualTo(303);
        assertThat(shop.portal().get(link).body()).contains("id=\"link-off\"");
    }

    /**
     * Every ':' ';' '?' '!' a French page shows follows a no-break space (U+00A0 or U+202F), read from the text the
     * page shows: times (14:05), addresses (https://) and the name of the character itself ("(;)") aside, and the
     * merchant's own server's answer, which is not ours to write.
     */
    @Test
    void frenchPagesKeepTheirPunctuationWithTheWordBeforeIt() throws Exception {
        Shop shop = shop("Ponktiyasyon", "/punctuation");
        refund(shop, "100", "fr");
        PortalClient portal = shop.portal();
        List<String> pages = new ArrayList<>();
        for (String path : List.of(
                "/portal/?lang=fr",
                "/portal/payouts",
                "/portal/payments",
                "/portal/payments/" + shop.paid(),
                "/portal/payments/" + shop.paid() + "?confirm=refund",
                "/portal/webhooks",
                "/portal/links",
                "/portal/settings")) {
            pages.add(portal.get(path).body());
        }
        HttpResponse<String> settings = portal.get("/portal/settings");
        pages.add(portal.submit(settings, "/portal/settings/webhook-secret", Map.of())
                .body());
        pages.add(portal.submit(portal.get("/portal/webhooks"), "/portal/webhooks/test", Map.of())
                .body());
        for (String html : pages) {
            String text = shownText(html)
                    .replaceAll("https?://\\S+", "")
                    .replaceAll("\\d:\\d", "")
                    .replace("(;)", "");
            Matcher bare = Pattern.compile("[^\u00A0\u202F][:;?!]").matcher(text);
            List<String> found = new ArrayList<>();
            while (bare.find()) {
                found.add(text.substring(Math.max(0, bare.start() - 30), bare.end()));
            }
            assertThat(found).as(title(html)).isEmpty();
        }
    }

    /** No portal page shows a machine's timestamp: every moment reads 24/11/2026 14:05, in Haiti's time. */
    @ParameterizedTest
    @EnumSource(Language.class)
    void noPortalPageShowsAnIsoTimestamp(Language language) throws Exception {
        Shop shop = shop("Dat " + language.tag(), "/dates-" + language.tag());
        refund(shop, "100", language.tag());
        PortalClient portal = shop.portal();
        List<String> pages = new ArrayList<>();
        for (String path : List.of(
                "/portal/?lang=" + language.tag(),
                "/portal/payouts",
                "/portal/payments",
                "/portal/payments/" + shop.paid(),
                "/portal/webhooks",
                "/portal/links",
                "/portal/settings")) {
            pages.add(portal.get(path).body());
        }
        HttpResponse<String> rotated =
                portal.submit(portal.get("/portal/settings"), "/portal/settings/webhook-secret", Map.of());
        assertThat(rotated.body()).contains("id=\"previous-until\"");
        pages.add(rotated.body());
        Pattern iso = Pattern.compile("\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}|\\(UTC\\)");
        Pattern shown = Pattern.compile("\\d{2}/\\d{2}/\\d{4}\u00A0\\d{2}:\\d{2}");
        for (String html : pages) {
            String text = shownText(html);
            assertThat(iso.matcher(text).find()).as("%s: %s", title(html), text).isFalse();
        }
        assertThat(shown.matcher(section(rotated.body(), "id=\"previous-until\"", "</p>"))
                        .find())
                .isTrue();
    }

    // ---- reading a page as its reader sees it ----

    /** The text a page shows: no styles, no tags, entities read; the merchant's server's answer left out. */
    static String shownText(String html) {
        return html.replaceAll("(?s)<style>.*?</style>", " ")
                .replaceAll("(?s)<pre class=\"answer\">.*?</pre>", " ")
                .replaceAll("(?s)<code>.*?</code>", " ")
                .replaceAll("(?s)<title>.*?</title>", " ")
                .replaceAll("<[^>]*>", " ")
                .replace("&#39;", "'")
                .replace("&quot;", "\"")
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&amp;", "&");
    }

    private static String title(String html) {
        Matcher m = Pattern.compile("<title>([^<]*)</title>").matcher(html);
        return m.find() ? m.group(1) : "?";
    }

    private static String section(String html, String from, String to) {
        int start = html.indexOf(from);
        assertThat(start).as(from).isNotNegative();
        return html.substring(start, html.indexOf(to, start));
    }

    private static List<String> items(String list) {
        List<String> items = new ArrayList<>();
        Matcher m = Pattern.compile("(?s)<li>(.*?)</li>").matcher(list);
        while (m.find()) {
            items.add(shownText(m.group(1)).replaceAll("\\s+", " ").strip());
        }
        return items;
    }

    private static int indexOf(List<String> lines, String part) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(part)) {
                return i;
            }
        }
        return -1;
    }

    /** dd/mm/yyyy HH:mm as yyyy/mm/dd HH:mm, to compare moments as text. */
    private static String sortable(String moment) {
        return moment.substring(6, 10) + moment.substring(3, 5) + moment.substring(0, 2) + moment.substring(11);
    }
}
