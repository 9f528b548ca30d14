package io.walletpay.webhook;

import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.json.JsonInput;
import io.walletpay.merchant.MerchantUrls;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The request bodies of the webhook endpoints API: {@code url} (the rule of the settings' webhook_url),
 * {@code enabled_events} (known event types, or {@code "*"} alone for every type) and {@code description}.
 */
public final class EndpointInput {

    /** Every type of event a webhook announces, in the order the API document lists them. */
    public static final List<String> EVENT_TYPES = EventType.names();

    /** Every event type, now and later. */
    public static final String ALL = "*";

    public static final int MAX_DESCRIPTION = 500;

    private static final Set<String> FIELDS = Set.of("url", "enabled_events", "description");
    private static final Map<String, String> EXPECTED = Map.of("enabled_events", JsonInput.TEXT_LIST);
    private static final int MAX_EVENTS = 32;

    /** A new endpoint: URL and event types required, the description optional. */
    public record NewEndpoint(String url, List<String> enabledEvents, String description) {}

    /** Changes to an endpoint; a null field is left as it is, the description cleared by {@code clearDescription}. */
    public record EndpointChanges(
            String url, List<String> enabledEvents, String description, boolean clearDescription) {

        public boolean none() {
            return url == null && enabledEvents == null && description == null && !clearDescription;
        }

        /** The wire names of the fields this change sets, comma-separated, as the audit log names them. */
        public String fields() {
            List<String> named = new ArrayList<>();
            if (url != null) {
                named.add("url");
            }
            if (enabledEvents != null) {
                named.add("enabled_events");
            }
            if (description != null || clearDescription) {
                named.add("description");
            }
            return String.join(",", named);
        }
    }

    private EndpointInput() {}

    public static NewEndpoint create(byte[] body) {
        JsonInput input = JsonInput.parseObject(body, FIELDS, EXPECTED);
        String url = MerchantUrls.validate("url", input.requiredText("url", MerchantUrls.MAX_LENGTH));
        List<String> events = input.optionalTextList("enabled_events", MAX_EVENTS, 64);
        if (events == null) {
            throw ServiceException.invalid("enabled_events", "enabled_events is required: " + allowed());
        }
        return new NewEndpoint(url, events(events), input.optionalText("description", MAX_DESCRIPTION));
    }

    public static EndpointChanges changes(byte[] body) {
        JsonInput input = JsonInput.parseObject(body, FIELDS, EXPECTED);
        if (input.has("url") && input.optionalText("url", MerchantUrls.MAX_LENGTH) == null) {
            throw ServiceException.invalid("url", "url cannot be removed; delete the endpoint instead");
        }
        String url = MerchantUrls.validate("url", input.optionalText("url", MerchantUrls.MAX_LENGTH));
        List<String> events = input.optionalTextList("enabled_events", MAX_EVENTS, 64);
        if (input.has("enabled_events") && events == null) {
            throw ServiceException.invalid("enabled_events", "enabled_events cannot be null: " + allowed());
        }
        String description = input.optionalText("description", MAX_DESCRIPTION);
        return new EndpointChanges(
                url,
                events == null ? null : events(events),
                description,
                input.has("description") && description == null);
    }

    /** The event types asked for, each once in the order given; a 400 listing the allowed ones otherwise. */
    static List<String> events(List<String> asked) {
        if (asked.isEmpty()) {
            throw ServiceException.invalid("enabled_events", "enabled_events must not be empty: " + allowed());
        }
        Set<String> unique = new LinkedHashSet<>(asked);
        if (unique.contains(ALL) && unique.size() > 1) {
            throw ServiceException.invalid("enabled_events", "\"*\" stands alone in enabled_events: " + allowed());
        }
        List<String> unknown = new ArrayList<>();
        for (String type : unique) {
            if (!type.equals(ALL) && !EVENT_TYPES.contains(type)) {
                unknown.add(type);
            }
        }
        if (!unknown.isEmpty()) {
            throw new ServiceException(
                    ErrorKind.VALIDATION,
                    "unknown_event_type",
                    "Unknown event type " + String.join(", ", unknown) + "; " + allowed(),
                    "enabled_events");
        }
        return List.copyOf(unique);
    }

    private static String allowed() {
        return "enabled_events takes " + String.join(", ", EVENT_TYPES) + ", or \"*\" alone for every type";
    }
}
