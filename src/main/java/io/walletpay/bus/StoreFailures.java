package io.walletpay.bus;

import io.vertx.core.VertxException;
import io.vertx.pgclient.PgException;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import java.net.ConnectException;

/** Decides what a raw database failure means for a caller: unreachable (503) or a defect (500). */
final class StoreFailures {

    private StoreFailures() {}

    static ServiceException map(Throwable failure) {
        if (failure instanceof ServiceException known) {
            return known;
        }
        if (unreachable(failure)) {
            return ServiceException.unavailable();
        }
        return new ServiceException(ErrorKind.INTERNAL, "internal_error", "Something went wrong on our side");
    }

    private static boolean unreachable(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof ConnectException
                    || t instanceof java.io.IOException
                    || t instanceof java.util.concurrent.TimeoutException
                    || t.getClass().getSimpleName().contains("Timeout")) {
                return true;
            }
            if (t instanceof PgException pg
                    && pg.getSqlState() != null
                    && (pg.getSqlState().startsWith("08")
                            || pg.getSqlState().startsWith("57P")
                            || pg.getSqlState().startsWith("53"))) {
                return true; // connection exceptions, operator intervention (shutdown, crash), too many connections
            }
            if (t instanceof VertxException vertx
                    && vertx.getMessage() != null
                    && (vertx.getMessage().contains("closed")
                            || vertx.getMessage().contains("Timeout"))) {
                return true;
            }
        }
        return false;
    }
}
