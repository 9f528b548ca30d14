package io.walletpay.portal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.http.HttpServerResponse;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentPage;
import io.walletpay.payment.WalletNumberMask;
import io.walletpay.report.SpreadsheetText;
import io.walletpay.store.PaymentStore;
import io.walletpay.view.Timestamps;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The CSV export of a filtered set of payments, of any size: read from the store one page at a time (newest first,
 * the list's own cursor) and written to the response as it comes, waiting for the client whenever its buffer is
 * full, so memory stays one page however many rows there are. RFC 4180 quoting (jackson-dataformat-csv), CRLF,
 * UTF-8 with a byte-order mark so spreadsheet programs show Kreyòl as written. Two forms: commas with decimal
 * points (what most programs read), and semicolons with decimal commas, what a spreadsheet set to French expects.
 */
final class PaymentsCsv {

    /** Rows read from the store per round trip. */
    static final int PAGE = 500;

    /** The two forms of the file: field separator and decimal mark. */
    enum Form {
        COMMA(',', '.'),
        SEMICOLON(';', ',');

        final char separator;
        final char decimalMark;
        final ObjectWriter writer;

        Form(char separator, char decimalMark) {
            this.separator = separator;
            this.decimalMark = decimalMark;
            this.writer = new CsvMapper()
                    .writer(CsvSchema.emptySchema().withLineSeparator("\r\n").withColumnSeparator(separator));
        }

        /** The form a request asks for: {@code sep=semicolon}, or the comma form. */
        static Form of(String asked) {
            return "semicolon".equals(asked) ? SEMICOLON : COMMA;
        }
    }

    static final List<String> COLUMNS = List.of(
            "id",
            "short_code",
            "created_at",
            "status",
            "amount",
            "fees",
            "net_amount",
            "currency",
            "reference_id",
            "description",
            "customer_name",
            "customer_email",
            "payer",
            "provider_transaction_id",
            "completed_at",
            "expires_at",
            "failure_reason",
            "needs_review");

    private static final String BOM = "\uFEFF";

    private final PaymentStore payments;

    PaymentsCsv(PaymentStore payments) {
        this.payments = payments;
    }

    /**
     * Writes the header, then every payment of {@code merchantId} matching {@code filter}, then ends the response.
     * The head is already sent when a later page fails, so the response is then reset: the download breaks instead
     * of looking complete.
     */
    Future<Void> export(UUID merchantId, PaymentFilter filter, Form form, HttpServerResponse response) {
        response.setChunked(true);
        response.write(BOM + csv(form, List.<String[]>of(COLUMNS.toArray(String[]::new))));
        Promise<Void> done = Promise.promise();
        nextPage(merchantId, filter, form, null, response, done);
        return done.future().onFailure(failure -> response.reset());
    }

    private void nextPage(
            UUID merchantId,
            PaymentFilter filter,
            Form form,
            UUID after,
            HttpServerResponse response,
            Promise<Void> done) {
        payments.list(filter.query(merchantId, PAGE, after))
                .onFailure(done::fail)
                .onSuccess(page -> {
                    if (response.closed()) {
                        done.fail("the client went away");
                        return;
                    }
                    write(page, form, response);
                    if (!page.hasMore()) {
                        response.end().onComplete(done);
                        return;
                    }
                    UUID last = page.payments().get(page.payments().size() - 1).id();
                    if (response.writeQueueFull()) {
                        response.drainHandler(drained -> nextPage(merchantId, filter, form, last, response, done));
                    } else {
                        nextPage(merchantId, filter, form, last, response, done);
                    }
                });
    }

    private static void write(PaymentPage page, Form form, HttpServerResponse response) {
        if (page.payments().isEmpty()) {
            return;
        }
        List<String[]> rows = new ArrayList<>(page.payments().size());
        for (Payment p : page.payments()) {
            rows.add(row(p, form));
        }
        response.write(csv(form, rows));
    }

    static String[] row(Payment p, Form form) {
        return new String[] {
            p.id().toString(),
            p.shortCode(),
            time(p.createdAt()),
            p.status().wireName(),
            money(p.amount(), form),
            money(p.fees(), form),
            money(p.netAmount(), form),
            Payment.CURRENCY,
            SpreadsheetText.defused(p.referenceId()),
            SpreadsheetText.defused(p.description()),
            SpreadsheetText.defused(p.customerName()),
            SpreadsheetText.defused(p.customerEmail()),
            // masked as in the API and on the page: a file is mailed and kept far longer than a page is looked at
            SpreadsheetText.defused(WalletNumberMask.mask(p.payer())),
            SpreadsheetText.defused(p.providerTransactionId()),
            time(p.completedAt()),
            time(p.expiresAt()),
            SpreadsheetText.defused(p.failureReason()),
            Boolean.toString(p.needsReview())
        };
    }

    private static String csv(Form form, List<String[]> rows) {
        try {
            return form.writer.writeValueAsString(rows);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String money(BigDecimal amount, Form form) {
        return amount == null ? "" : amount.toPlainString().replace('.', form.decimalMark);
    }

    private static String time(OffsetDateTime moment) {
        return moment == null ? "" : Timestamps.format(moment);
    }
}
