package io.walletpay.error;

/**
 * The one error type of the service: a kind, a stable machine-readable code, a message for people and, for
 * validation errors, the field at fault. Thrown by the domain and the stores, mapped to HTTP in one place.
 */
public class ServiceException extends RuntimeException {

    private final ErrorKind kind;
    private final String code;
    private final String field;

    public ServiceException(ErrorKind kind, String code, String message) {
        this(kind, code, message, null);
    }

    public ServiceException(ErrorKind kind, String code, String message, String field) {
        super(message, null, false, false); // expected outcomes: no stack trace to fill or to leak
        this.kind = kind;
        this.code = code;
        this.field = field;
    }

    public static ServiceException invalid(String field, String message) {
        return new ServiceException(ErrorKind.VALIDATION, "invalid_" + field, message, field);
    }

    /**
     * Whether {@code failure} is the 503 of a database the stores cannot reach: logged once per outage where it is
     * found, so a loop that meets it on every tick need not say it again.
     */
    public static boolean databaseUnavailable(Throwable failure) {
        return failure instanceof ServiceException known && known.kind() == ErrorKind.UNAVAILABLE;
    }

    public static ServiceException notFound(String what) {
        return new ServiceException(ErrorKind.NOT_FOUND, "not_found", what + " not found");
    }

    public static ServiceException unavailable() {
        return new ServiceException(
                ErrorKind.UNAVAILABLE, "database_unavailable", "The database is not reachable right now; retry later");
    }

    public ErrorKind kind() {
        return kind;
    }

    public String code() {
        return code;
    }

    public String field() {
        return field;
    }
}
