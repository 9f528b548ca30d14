package io.walletpay.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.HeadlessChromium;
import io.walletpay.support.RunningService;
import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;

/**
 * The order in which a customer's page picks its language, as a real Chromium set to a phone's languages meets it:
 * {@code ?lang} > the cookie it leaves > the shop's locale > the browser's languages > Kreyòl. A shop that speaks
 * Kreyòl is read in Kreyòl on phones set to French or English, which most phones in Haiti are.
 */
@BehaviourTest
class LanguageOrderBrowserTest {

    static RunningService service;
    static String kreyolShop;
    static String anyShop;

    @BeforeAll
    static void start() {
        service = RunningService.start();
        kreyolShop = service.tokenFor(service.createMerchant(
                new JsonObject().put("name", "Boutik Kreyòl").put("locale", "ht")));
        anyShop = service.tokenFor(service.createMerchant("Boutik san lang"));
    }

    @AfterAll
    static void stop() {
        if (service != null) {
            service.close();
        }
    }

    @ParameterizedTest(name = "shop {0}, phone {1}, ?lang={2}, then plain link: {3} then {4}")
    @CsvSource(
            delimiter = '|',
            nullValues = "-",
            value = {
                // shop's locale | phone's languages          | ?lang | page  | the next plain visit
                "ht              | fr-FR,fr                   | -     | ht    | ht",
                "ht              | en-US,en;q=0.9,ht;q=0.8    | -     | ht    | ht",
                "-               | fr-FR,fr                   | -     | fr    | fr",
                "-               | en-US,en                   | -     | en    | en",
                "-               | de-DE,de                   | -     | ht    | ht",
                "ht              | en-US,en                   | fr    | fr    | fr",
                "-               | fr-FR,fr                   | en    | en    | en",
            })
    void thePageSpeaksTheFirstLanguageInTheOrder(
            String shopLocale, String phone, String query, String expected, String nextVisit) throws IOException {
        String token = shopLocale == null ? anyShop : kreyolShop;
        String page = service.createPayment(token, new JsonObject().put("amount", 500))
                .getString("redirect_url");
        try (HeadlessChromium chromium = HeadlessChromium.start(options -> {
            options.addArguments("--lang=" + phone.split(",")[0]);
            options.setExperimentalOption("prefs", Map.of("intl.accept_languages", phone));
        })) {
            WebDriver browser = chromium.driver();
            browser.get(query == null ? page : page + "?lang=" + query);
            assertThat(pageLanguage(browser)).isEqualTo(expected);
            assertThat(browser.findElement(By.cssSelector("nav [aria-current]")).getAttribute("lang"))
                    .as("the switch marks the language shown")
                    .isEqualTo(expected);

            // the same page opened again without ?lang: a choice made with ?lang is remembered by its cookie
            browser.get(page);
            assertThat(pageLanguage(browser)).isEqualTo(nextVisit);
        }
    }

    private static String pageLanguage(WebDriver browser) {
        return browser.findElement(By.tagName("html")).getAttribute("lang");
    }
}
