package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.core.VertxException;
import io.vertx.pgclient.PgException;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import java.io.IOException;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a raw database failure means for a caller, decided by its type and SQLSTATE, never by its message: the
 * database is unreachable (503, retry later) or the service has a defect (500).
 */
final class DatabaseFailures {

    private static final Logger log = LoggerFactory.getLogger(DatabaseFailures.class);

    /** SQLSTATE read_only_sql_transaction: what a replica answers to a write. */
    static final String READ_ONLY_TRANSACTION = "25006";

    /** SQLSTATE lock_not_available: a lock not granted within the statement's lock_timeout. */
    static final String LOCK_NOT_AVAILABLE = "55P03";

    private DatabaseFailures() {}

    /** True when {@code failure} is a lock the database did not grant within its lock_timeout. */
    static boolean lockNotAvailable(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof PgException pg) {
                return LOCK_NOT_AVAILABLE.equals(pg.getSqlState());
            }
        }
        return false;
    }

    /**
     * {@code failure} as the service's error, for {@code recover} on a store's future; an unreachable database is
     * reported to {@code outage}, which logs the start of an outage once rather than once per request.
     */
    static <T> Future<T> classify(Throwable failure, OutageLog outage) {
        if (failure instanceof ServiceException known) {
            return Future.failedFuture(known);
        }
        if (unreachable(failure)) {
            outage.unreachable(failure.toString());
            return Future.failedFuture(ServiceException.unavailable());
        }
        log.error("unexpected database failure", failure);
        return Future.failedFuture(
                new ServiceException(ErrorKind.INTERNAL, "internal_error", "Something went wrong on our side"));
    }

    static boolean unreachable(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof PgException pg) {
                // the server answered: only connection exceptions (08), operator intervention such as shutdown
                // or crash (57P), resource exhaustion like too many connections (53), and a server that can no
                // longer write (25006: a leader demoted to replica in a failover) mean "not reachable now"
                String state = pg.getSqlState();
                return state != null
                        && (state.startsWith("08")
                                || state.startsWith("57P")
                                || state.startsWith("53")
                                || state.equals(READ_ONLY_TRANSACTION));
            }
            if (t instanceof IOException || t instanceof TimeoutException) {
                return true; // connect refused, connection reset, closed connection, DNS
            }
            if (t instanceof VertxException) {
                return true; // the client's own failures: pool closed, no connection within the acquire timeout
            }
        }
        return false;
    }
}
