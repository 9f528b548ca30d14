package io.walletpay.error;

import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Every {@code code} an error body can carry, each with the one kind (and so the one status) it is answered with:
 * the catalogue integrators program against. The API document's error schema lists the same codes, and a
 * validation error's code is {@code invalid_} and the name of the field at fault. One code has a second status:
 * {@code invalid_secret_key} is 403 for a wrong key and 400 for a key sent where no change needs it.
 */
public enum ErrorCode {
    BAD_REQUEST("bad_request", ErrorKind.VALIDATION),
    MALFORMED_JSON("malformed_json", ErrorKind.VALIDATION),
    UNKNOWN_FIELD("unknown_field", ErrorKind.VALIDATION),
    AMBIGUOUS_FRAMING("ambiguous_framing", ErrorKind.VALIDATION),
    INVALID_AMOUNT("invalid_amount", ErrorKind.VALIDATION),
    INVALID_APPROVAL_THRESHOLD("invalid_approval_threshold", ErrorKind.VALIDATION),
    INVALID_CREATED_GTE("invalid_created_gte", ErrorKind.VALIDATION),
    INVALID_CREATED_LT("invalid_created_lt", ErrorKind.VALIDATION),
    INVALID_CUSTOMER_EMAIL("invalid_customer_email", ErrorKind.VALIDATION),
    INVALID_CUSTOMER_NAME("invalid_customer_name", ErrorKind.VALIDATION),
    INVALID_DATE("invalid_date", ErrorKind.VALIDATION),
    INVALID_DESCRIPTION("invalid_description", ErrorKind.VALIDATION),
    INVALID_ENABLED_EVENTS("invalid_enabled_events", ErrorKind.VALIDATION),
    INVALID_EXPIRES_AT("invalid_expires_at", ErrorKind.VALIDATION),
    INVALID_FEE_FIXED("invalid_fee_fixed", ErrorKind.VALIDATION),
    INVALID_FEE_PERCENT("invalid_fee_percent", ErrorKind.VALIDATION),
    INVALID_FORMAT("invalid_format", ErrorKind.VALIDATION),
    INVALID_IDEMPOTENCY_KEY("invalid_idempotency_key", ErrorKind.VALIDATION),
    INVALID_LANG("invalid_lang", ErrorKind.VALIDATION),
    INVALID_LIMIT("invalid_limit", ErrorKind.VALIDATION),
    INVALID_LOCALE("invalid_locale", ErrorKind.VALIDATION),
    INVALID_MAX_PAYMENTS("invalid_max_payments", ErrorKind.VALIDATION),
    INVALID_MERCHANT_ID("invalid_merchant_id", ErrorKind.VALIDATION),
    INVALID_MIN_AMOUNT("invalid_min_amount", ErrorKind.VALIDATION),
    INVALID_NAME("invalid_name", ErrorKind.VALIDATION),
    INVALID_NEEDS_REVIEW("invalid_needs_review", ErrorKind.VALIDATION),
    INVALID_NOTE("invalid_note", ErrorKind.VALIDATION),
    INVALID_ORDER_ID("invalid_orderId", ErrorKind.VALIDATION),
    INVALID_OUTCOME("invalid_outcome", ErrorKind.VALIDATION),
    INVALID_PAYMENT("invalid_payment", ErrorKind.VALIDATION),
    INVALID_PAYMENT_ID("invalid_payment_id", ErrorKind.VALIDATION),
    INVALID_PAYMENT_LINK_ID("invalid_payment_link_id", ErrorKind.VALIDATION),
    INVALID_PAYOUT_PHONE("invalid_payout_phone", ErrorKind.VALIDATION),
    INVALID_PHONE("invalid_phone", ErrorKind.VALIDATION),
    INVALID_PROVIDER_TRANSACTION_ID("invalid_provider_transaction_id", ErrorKind.VALIDATION),
    INVALID_REASON("invalid_reason", ErrorKind.VALIDATION),
    INVALID_REFERENCE_ID("invalid_reference_id", ErrorKind.VALIDATION),
    INVALID_RETURN_URL("invalid_return_url", ErrorKind.VALIDATION),
    INVALID_SCOPE("invalid_scope", ErrorKind.VALIDATION),
    INVALID_SHORT_CODE("invalid_short_code", ErrorKind.VALIDATION),
    INVALID_SINCE("invalid_since", ErrorKind.VALIDATION),
    INVALID_STARTING_AFTER("invalid_starting_after", ErrorKind.VALIDATION),
    INVALID_ENDING_BEFORE("invalid_ending_before", ErrorKind.VALIDATION),
    INVALID_STATUS("invalid_status", ErrorKind.VALIDATION),
    INVALID_TRANSACTION_ID("invalid_transactionId", ErrorKind.VALIDATION),
    INVALID_TYPE("invalid_type", ErrorKind.VALIDATION),
    INVALID_EMAIL("invalid_email", ErrorKind.VALIDATION),
    INVALID_ROLE("invalid_role", ErrorKind.VALIDATION),
    INVALID_PASSWORD("invalid_password", ErrorKind.VALIDATION),
    INVALID_CODE("invalid_code", ErrorKind.VALIDATION),
    INVALID_URL("invalid_url", ErrorKind.VALIDATION),
    INVALID_WEBHOOK_URL("invalid_webhook_url", ErrorKind.VALIDATION),
    AMOUNT_TOO_SMALL("amount_too_small", ErrorKind.VALIDATION),
    AMOUNT_TOO_LARGE("amount_too_large", ErrorKind.VALIDATION),
    UNKNOWN_EVENT_TYPE("unknown_event_type", ErrorKind.VALIDATION),
    UNAUTHORIZED("unauthorized", ErrorKind.UNAUTHORIZED),
    INVALID_TOKEN("invalid_token", ErrorKind.UNAUTHORIZED),
    TOKEN_EXPIRED("token_expired", ErrorKind.UNAUTHORIZED),
    INVALID_CREDENTIALS("invalid_credentials", ErrorKind.UNAUTHORIZED),
    INVALID_SECRET_KEY("invalid_secret_key", ErrorKind.FORBIDDEN),
    MERCHANT_DISABLED("merchant_disabled", ErrorKind.FORBIDDEN),
    INSUFFICIENT_SCOPE("insufficient_scope", ErrorKind.FORBIDDEN),
    APPROVAL_BY_REQUESTER("approval_by_requester", ErrorKind.FORBIDDEN),
    NOT_FOUND("not_found", ErrorKind.NOT_FOUND),
    ROUTE_NOT_FOUND("route_not_found", ErrorKind.NOT_FOUND),
    TEST_MODE_ONLY("test_mode_only", ErrorKind.NOT_FOUND),
    METHOD_NOT_ALLOWED("method_not_allowed", ErrorKind.METHOD_NOT_ALLOWED),
    INVALID_STATE("invalid_state", ErrorKind.CONFLICT),
    IDEMPOTENCY_KEY_REUSED("idempotency_key_reused", ErrorKind.CONFLICT),
    IDEMPOTENCY_KEY_IN_USE("idempotency_key_in_use", ErrorKind.CONFLICT),
    REFUND_EXCEEDS_PAYMENT("refund_exceeds_payment", ErrorKind.CONFLICT),
    INSUFFICIENT_BALANCE("insufficient_balance", ErrorKind.CONFLICT),
    NO_PAYER("no_payer", ErrorKind.CONFLICT),
    NO_PAYOUT_PHONE("no_payout_phone", ErrorKind.CONFLICT),
    NOT_IN_REVIEW("not_in_review", ErrorKind.CONFLICT),
    NOT_AWAITING_APPROVAL("not_awaiting_approval", ErrorKind.CONFLICT),
    PROVIDER_MISMATCH("provider_mismatch", ErrorKind.CONFLICT),
    PAYMENT_NOT_SUCCESSFUL("payment_not_successful", ErrorKind.CONFLICT),
    PAYMENT_LINK_BUSY("payment_link_busy", ErrorKind.CONFLICT),
    ENDPOINT_LIMIT_REACHED("endpoint_limit_reached", ErrorKind.CONFLICT),
    KEY_LIMIT_REACHED("key_limit_reached", ErrorKind.CONFLICT),
    EMAIL_TAKEN("email_taken", ErrorKind.CONFLICT),
    LAST_OWNER("last_owner", ErrorKind.CONFLICT),
    FIRST_ENDPOINT_TAKES_EVERY_EVENT("first_endpoint_takes_every_event", ErrorKind.CONFLICT),
    PAYMENT_LINK_GONE("payment_link_gone", ErrorKind.GONE),
    PAYLOAD_TOO_LARGE("payload_too_large", ErrorKind.PAYLOAD_TOO_LARGE),
    URI_TOO_LONG("uri_too_long", ErrorKind.URI_TOO_LONG),
    UNSUPPORTED_MEDIA_TYPE("unsupported_media_type", ErrorKind.UNSUPPORTED_MEDIA_TYPE),
    RATE_LIMITED("rate_limited", ErrorKind.RATE_LIMITED),
    HEADERS_TOO_LARGE("headers_too_large", ErrorKind.HEADERS_TOO_LARGE),
    INTERNAL_ERROR("internal_error", ErrorKind.INTERNAL),
    PROVIDER_ERROR("provider_error", ErrorKind.PROVIDER),
    DATABASE_UNAVAILABLE("database_unavailable", ErrorKind.UNAVAILABLE);

    private static final Map<String, ErrorCode> BY_CODE =
            Arrays.stream(values()).collect(Collectors.toUnmodifiableMap(ErrorCode::code, Function.identity()));

    private final String code;
    private final ErrorKind kind;

    ErrorCode(String code, ErrorKind kind) {
        this.code = code;
        this.kind = kind;
    }

    /** The code as the error body spells it. */
    public String code() {
        return code;
    }

    /** What kind of failure it is, and so its HTTP status. */
    public ErrorKind kind() {
        return kind;
    }

    /** The catalogued code spelled {@code code}, if there is one. */
    public static Optional<ErrorCode> of(String code) {
        return Optional.ofNullable(BY_CODE.get(code));
    }
}
