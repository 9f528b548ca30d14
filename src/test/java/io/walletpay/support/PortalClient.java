package io.walletpay.support;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** A browser-like HTTP client for the portal: keeps cookies, never follows redirects, reads the CSRF field. */
public final class PortalClient {

    public static final String CSRF_FIELD = "X-XSRF-TOKEN";

    public final CookieManager cookies = new CookieManager(null, CookiePolicy.ACCEPT_ALL);
    public final HttpClient client = HttpClient.newBuilder()
            .cookieHandler(cookies)
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    private final String base;

    public PortalClient(String base) {
        this.base = base;
    }

    public HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return client.send(
                HttpRequest.newBuilder(URI.create(base + path)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    public HttpResponse<String> post(String path, Map<String, String> form) throws IOException, InterruptedException {
        String body = form.entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                        + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        return client.send(
                HttpRequest.newBuilder(URI.create(base + path))
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** Where a browser goes after {@code answer}: the page a 303 sends it to, or {@code answer} itself. */
    public HttpResponse<String> follow(HttpResponse<String> answer) throws IOException, InterruptedException {
        if (answer.statusCode() != 303) {
            return answer;
        }
        return get(answer.headers().firstValue("Location").orElseThrow());
    }

    /** {@code form} plus the CSRF token of {@code page}: what a browser submits from that page. */
    public HttpResponse<String> submit(HttpResponse<String> page, String path, Map<String, String> form)
            throws IOException, InterruptedException {
        Map<String, String> full = new java.util.HashMap<>(form);
        full.put(CSRF_FIELD, csrfFrom(page));
        return post(path, full);
    }

    public String csrfFrom(HttpResponse<String> page) {
        Matcher m = Pattern.compile("name=\"X-XSRF-TOKEN\" value=\"([^\"]+)\"").matcher(page.body());
        assertThat(m.find()).as("a CSRF field in %s", page.body()).isTrue();
        return m.group(1);
    }

    public void logIn(JsonObject merchant) throws IOException, InterruptedException {
        logIn(merchant.getString("merchant_id"), merchant.getString("secret_key"));
    }

    public void logIn(String merchantId, String secretKey) throws IOException, InterruptedException {
        HttpResponse<String> login = get("/portal/login?lang=en");
        HttpResponse<String> answer = post(
                "/portal/login",
                Map.of(CSRF_FIELD, csrfFrom(login), "merchant_id", merchantId, "secret_key", secretKey));
        assertThat(answer.statusCode()).isEqualTo(303);
        assertThat(answer.headers().firstValue("Location")).hasValue("/portal/");
    }
}
