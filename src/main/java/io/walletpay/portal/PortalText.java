package io.walletpay.portal;

import io.walletpay.merchant.Audited;
import io.walletpay.page.Language;
import io.walletpay.page.PageText;
import io.walletpay.payment.FeeRule;
import io.walletpay.webhook.Delivery;
import io.walletpay.webhook.EndpointHealth;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.text.MessageFormat;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * The words of the merchant portal, one bundle per language ({@code portal/portal_<tag>.properties}, UTF-8),
 * kept apart from the customer pages' bundles. A missing key fails loudly rather than showing a key.
 */
public final class PortalText {

    private static final Map<Language, Map<String, String>> BUNDLES = load();
    private final Language language;

    PortalText(Language language) {
        this.language = language;
    }

    public String lang() {
        return language.tag();
    }

    public Language language() {
        return language;
    }

    public String get(String key, Object... arguments) {
        String text = BUNDLES.get(language).get(key);
        if (text == null) {
            throw new IllegalStateException("no portal message '" + key + "' in " + language.tag());
        }
        if (arguments.length == 0) {
            return text;
        }
        return new MessageFormat(text.replace("'", "''"), Locale.ROOT).format(arguments);
    }

    public String amount(BigDecimal amount) {
        return PageText.formatAmount(amount, language);
    }

    public String moment(OffsetDateTime moment) {
        return moment == null ? "" : moment.atZoneSameInstant(PageText.HAITI).format(PageText.DATE_TIME);
    }

    public String status(String status) {
        return get("status." + status);
    }

    /** How the webhook endpoint is doing, in words (the same three states the settings API names). */
    public String health(EndpointHealth health) {
        return get("webhooks.health." + health.wireName());
    }

    /** The colour of the endpoint's badge, as the status badges' classes name it: green, grey while retrying, red. */
    public String healthBadge(EndpointHealth health) {
        return switch (health.status()) {
            case HEALTHY -> "completed";
            case RETRYING -> "pending";
            case FAILING -> "failed";
        };
    }

    /** A delivery's state in words: one that failed and will be tried again reads as retrying, not as waiting. */
    public String deliveryState(Delivery delivery) {
        return get(
                delivery.retrying()
                        ? "delivery.retrying"
                        : "delivery." + delivery.status().wireName());
    }

    /**
     * What names an order in the portal's lists: the merchant's reference, else the title of the payment link it was
     * paid through, else "(no reference)".
     */
    public String order(String referenceId, String linkTitle) {
        if (referenceId != null) {
            return referenceId;
        }
        return linkTitle != null && !linkTitle.isBlank() ? linkTitle : get("payments.no_reference");
    }

    /**
     * The payment link a payment was paid through, by its title: its description, which the payment carries; the
     * link's id only if that were ever blank.
     */
    public String linkTitle(String description, java.util.UUID linkId) {
        return description != null && !description.isBlank() ? description : linkId.toString();
    }

    /**
     * A label followed by its colon, as the language writes it: French puts a no-break space before the colon
     * ({@code Disponible\u00A0:}), so the colon never starts a line; Kreyòl and English put none.
     */
    public String label(String key, Object... arguments) {
        return get(key, arguments) + colon();
    }

    /** The colon after a label in this language (see {@link #label}). */
    public String colon() {
        return language == Language.FR ? "\u00A0:" : ":";
    }

    /**
     * An amount as a form field holds it for the merchant to change: written as the page writes amounts, without the
     * currency the field's label already names ({@code 1\u00A0200,00} in Kreyòl and French, {@code 1,200.00} in
     * English), and read back by {@link io.walletpay.payment.TypedAmount}.
     */
    public String typedAmount(BigDecimal amount) {
        String shown = amount(amount);
        return language == Language.EN
                ? shown.substring("HTG\u00A0".length())
                : shown.substring(0, shown.length() - "\u00A0HTG".length());
    }

    /**
     * A webhook's event in words a shopkeeper reads ({@code refund.updated} is "Refund update"); an event this
     * portal has no words for yet keeps its wire name.
     */
    public String event(String event) {
        String key = "event." + event;
        return BUNDLES.get(language).containsKey(key) ? get(key) : String.valueOf(event);
    }

    /** The paying wallet as the portal shows it: masked as the API masks it, or nothing when none is known. */
    public String payer(String payer) {
        String masked = io.walletpay.payment.WalletNumberMask.mask(payer);
        return masked == null ? "" : masked;
    }

    /** A browser named the way people say it ("Chrome on Android"), from the user-agent string it sent. */
    public String device(String userAgent) {
        UserAgent named = UserAgent.of(userAgent);
        if (named.browser() == null && named.system() == null) {
            return get("device.unknown");
        }
        if (named.system() == null) {
            return named.browser();
        }
        if (named.browser() == null) {
            return get("device.on", get("device.browser"), named.system());
        }
        return get("device.on", named.browser(), named.system());
    }

    /**
     * An attempt's outcome in words a shopkeeper reads, the HTTP status or error code kept in brackets for whoever
     * set up the server: {@code null}s mean no attempt yet.
     */
    public String outcome(Integer statusCode, String errorKind) {
        if (statusCode != null && statusCode >= 200 && statusCode < 300) {
            return get("outcome.ok", statusCode.toString());
        }
        if ("gone".equals(errorKind)) {
            return get("outcome.gone");
        }
        if (statusCode != null) {
            String kind = statusCode >= 500 ? "server_error" : statusCode >= 400 ? "refused" : "redirect";
            return get("outcome." + kind, statusCode.toString());
        }
        if (errorKind == null) {
            return get("outcome.none");
        }
        String key = "outcome." + errorKind;
        return BUNDLES.get(language).containsKey(key) ? get(key) : errorKind;
    }

    /**
     * The merchant's fee rule as a sentence with a worked example on 1 000 HTG, computed by the rule that charges
     * the payments, so the page and the money never disagree.
     */
    public String feeRule(BigDecimal percent, BigDecimal fixed) {
        if (percent.signum() == 0 && fixed.signum() == 0) {
            return get("settings.fees.none");
        }
        BigDecimal example = new BigDecimal("1000.00");
        return get(
                "settings.fees.rule",
                percent(percent),
                amount(fixed),
                amount(example),
                amount(new FeeRule(percent, fixed).chargeFor(example).netAmount()));
    }

    /** {@code 2,5 %} in Kreyòl and French (a no-break space before the sign), {@code 2.5%} in English. */
    public String percent(BigDecimal percent) {
        String number = percent.stripTrailingZeros().toPlainString();
        return language == Language.EN ? number + "%" : number.replace('.', ',') + "\u00A0%";
    }

    /**
     * What an audit entry changed, in words: the action, and for settings the fields by their names on the page
     * (a field without one keeps its wire name).
     */
    public String auditChange(String action, String what) {
        String label = get("audit.action." + action);
        if ("payout_phone.set".equals(action) && what != null && what.startsWith("509")) {
            return get("audit.list", label, what); // the new number, masked
        }
        if (what != null && (action.startsWith("person.") || action.equals(Audited.SESSION_END))) {
            return get("audit.list", label, what); // whom it was about, by e-mail (and role)
        }
        if (!"settings.update".equals(action) || what == null || what.isEmpty()) {
            return label;
        }
        List<String> fields = new ArrayList<>();
        for (String field : what.split(",")) {
            String key = "field." + field;
            fields.add(BUNDLES.get(language).containsKey(key) ? get(key) : field);
        }
        return get("audit.list", label, String.join(", ", fields));
    }

    static java.util.Set<String> keys(Language language) {
        return new java.util.TreeSet<>(BUNDLES.get(language).keySet());
    }

    private static Map<Language, Map<String, String>> load() {
        Map<Language, Map<String, String>> bundles = new EnumMap<>(Language.class);
        for (Language language : Language.values()) {
            String path = "portal/portal_" + language.tag() + ".properties";
            try (InputStream in = PortalText.class.getClassLoader().getResourceAsStream(path)) {
                if (in == null) {
                    throw new IllegalStateException("missing " + path);
                }
                Properties properties = new Properties();
                properties.load(new InputStreamReader(in, StandardCharsets.UTF_8));
                Map<String, String> texts = new java.util.HashMap<>();
                properties.forEach((k, v) -> texts.put((String) k, (String) v));
                bundles.put(language, Map.copyOf(texts));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return bundles;
    }
}
