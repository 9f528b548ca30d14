package io.walletpay.portal;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.PortalClient;
import io.walletpay.support.RunningService;
import java.io.StringReader;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The portal's CSV export over real HTTP and a real PostgreSQL: 20,000 payments (texts with commas, quotes, line
 * breaks, Kreyòl and formula-like starts; runs of identical creation times across the store's page boundaries) come
 * out in the list's order, every row and field equal to what is stored, read back by an independent CSV parser
 * (Apache Commons CSV). Filters export exactly the filtered set, and no export ever holds another merchant's row.
 */
@BehaviourTest
class PaymentsExportTest {

    static final int ROWS = 20_000;
    static final ZoneId HAITI = ZoneId.of("America/Port-au-Prince");

    static RunningService service;
    static JsonObject shop;
    static JsonObject other;
    static String base;

    @BeforeAll
    static void start() {
        service = RunningService.start();
        base = "http://localhost:" + service.config.http().port();
        shop = service.createMerchant("Boutik Ekspò");
        other = service.createMerchant("Lòt Machann Ekspò");
        // three payments share each creation time, so runs of equal times straddle the export's 500-row pages
        service.sql(
                "INSERT INTO payments (id, merchant_id, reference_id, amount, fees, net_amount, status,"
                        + " customer_name, customer_email, description, checkout_token, redirect_url,"
                        + " provider_transaction_id, created_at, updated_at, completed_at, expires_at, payer,"
                        + " failure_reason, needs_review)"
                        + " SELECT gen_random_uuid(), $1,"
                        + "  CASE i % 5 WHEN 0 THEN 'R-' || i WHEN 1 THEN 'R,' || i || ' \"kote\"'"
                        + "   WHEN 2 THEN E'R\\nliy ' || i WHEN 3 THEN '=HYPERLINK(' || i || ')' ELSE NULL END,"
                        + "  (i % 5000 + 1) + (i % 100) / 100.0, CASE WHEN i % 4 = 0 THEN 0.50 ELSE 0 END,"
                        + "  CASE WHEN i % 4 = 0 THEN (i % 5000 + 1) + (i % 100) / 100.0 - 0.50 ELSE 0 END,"
                        + "  (ARRAY['completed','pending','failed','cancelled','expired'])[i % 4 + 1 + (i % 20 = 3)::int],"
                        + "  CASE WHEN i % 3 = 0 THEN 'Jàn Batis ' || i END,"
                        + "  CASE WHEN i % 3 = 1 THEN 'kliyan' || i || '@example.ht' END,"
                        + "  CASE i % 4 WHEN 0 THEN 'Diri, pwa ak \"sòs\" pou ' || i WHEN 1 THEN '+509 ' || i"
                        + "   WHEN 2 THEN E'de\\r\\nliy' ELSE NULL END,"
                        + "  'tok-export-' || i, 'http://localhost/checkout/tok-export-' || i,"
                        + "  CASE WHEN i % 4 = 0 THEN 'MC' || i END,"
                        + "  now() - (i / 3) * interval '1 minute', now(),"
                        + "  CASE WHEN i % 4 = 0 THEN now() - (i / 3) * interval '1 minute' + interval '30 second' END,"
                        + "  now() + interval '1 hour', CASE WHEN i % 4 = 0 THEN '5093712' || lpad(i::text, 4, '0') END,"
                        + "  CASE WHEN i % 4 = 2 THEN 'insufficient_funds' END, i % 97 = 0"
                        + " FROM generate_series(1, " + ROWS + ") AS i",
                UUID.fromString(shop.getString("merchant_id")));
        service.sql(
                "INSERT INTO payments (id, merchant_id, reference_id, amount, fees, net_amount, status,"
                        + " checkout_token, redirect_url, expires_at)"
                        + " SELECT gen_random_uuid(), $1, 'OTHER-' || i, 10, 0, 0, 'pending', 'tok-other-' || i,"
                        + " 'http://localhost/checkout/tok-other-' || i, now() + interval '1 hour'"
                        + " FROM generate_series(1, 50) AS i",
                UUID.fromString(other.getString("merchant_id")));
    }

    @AfterAll
    static void stop() {
        if (service != null) {
            service.close();
        }
    }

    @Test
    void theWholeSetComesOutRowByRowAsStored() throws Exception {
        PortalClient browser = new PortalClient(base);
        browser.logIn(shop);
        HttpResponse<String> export = browser.get("/portal/payments.csv");
        assertThat(export.statusCode()).isEqualTo(200);
        assertThat(export.headers().firstValue("Content-Type")).hasValue("text/csv; charset=utf-8");
        assertThat(export.headers().firstValue("Content-Disposition"))
                .hasValueSatisfying(v -> assertThat(v).startsWith("attachment; filename=\"payments-"));
        assertThat(export.headers().firstValue("Transfer-Encoding")).hasValue("chunked");

        List<CSVRecord> records = parse(export.body());
        List<Row> stored = stored(shop, "");
        assertThat(stored).hasSize(ROWS);
        assertThat(records).hasSize(ROWS);
        for (int i = 0; i < ROWS; i++) {
            assertSameRow(records.get(i), stored.get(i));
        }
    }

    @Test
    void aFilteredExportHoldsExactlyTheFilteredSet() throws Exception {
        PortalClient browser = new PortalClient(base);
        browser.logIn(shop);
        LocalDate today = LocalDate.now(HAITI);
        LocalDate from = today.minusDays(5);
        String path = "/portal/payments.csv?status=completed&reference=&from=" + from + "&to=" + today;
        List<CSVRecord> records = parse(browser.get(path).body());
        List<Row> stored = stored(
                shop,
                " AND status = 'completed' AND created_at >= '"
                        + from.atStartOfDay(HAITI).toOffsetDateTime()
                        + "' AND created_at < '"
                        + today.plusDays(1).atStartOfDay(HAITI).toOffsetDateTime() + "'");
        assertThat(stored).isNotEmpty().hasSizeLessThan(ROWS / 4 + 1);
        assertThat(records).hasSameSizeAs(stored);
        for (int i = 0; i < stored.size(); i++) {
            assertSameRow(records.get(i), stored.get(i));
        }
        List<CSVRecord> byReference =
                parse(browser.get("/portal/payments.csv?reference=R-10").body());
        assertThat(byReference).singleElement().satisfies(r -> assertThat(r.get("reference_id"))
                .isEqualTo("R-10"));
    }

    /** The form a spreadsheet set to French opens by itself: semicolons between fields, decimal commas. */
    @Test
    void theSemicolonFormHoldsTheSameRowsWithDecimalCommas() throws Exception {
        PortalClient browser = new PortalClient(base);
        browser.logIn(shop);
        String filter = "/portal/payments.csv?status=completed&from="
                + LocalDate.now(HAITI).minusDays(2);
        List<CSVRecord> comma = parse(browser.get(filter).body());
        List<CSVRecord> semicolon = parse(browser.get(filter + "&sep=semicolon").body(), ';');

        assertThat(semicolon).hasSameSizeAs(comma).isNotEmpty();
        for (int i = 0; i < comma.size(); i++) {
            CSVRecord a = comma.get(i);
            CSVRecord b = semicolon.get(i);
            for (String column : List.of("amount", "fees", "net_amount")) {
                assertThat(b.get(column)).as(column).isEqualTo(a.get(column).replace('.', ','));
                assertThat(b.get(column)).as(column).matches("\\d+,\\d{2}");
            }
            for (String column : List.of("id", "short_code", "created_at", "reference_id", "description")) {
                assertThat(b.get(column)).as(column).isEqualTo(a.get(column));
            }
        }
    }

    @Test
    void noExportEverHoldsAnotherMerchantsRows() throws Exception {
        PortalClient browser = new PortalClient(base);
        browser.logIn(other);
        List<CSVRecord> own = parse(browser.get("/portal/payments.csv").body());
        assertThat(own).hasSize(50).allSatisfy(r -> assertThat(r.get("reference_id"))
                .startsWith("OTHER-"));
        // the other merchant's reference and filters find nothing of the shop's
        assertThat(parse(browser.get("/portal/payments.csv?reference=R-10").body()))
                .isEmpty();
        assertThat(parse(browser.get("/portal/payments.csv?status=completed").body()))
                .isEmpty();
    }

    @Test
    void withoutASessionTheExportIsTheLoginPageAndABadFilterA400Page() throws Exception {
        PortalClient stranger = new PortalClient(base);
        HttpResponse<String> answer = stranger.get("/portal/payments.csv");
        assertThat(answer.statusCode()).isEqualTo(303);
        assertThat(answer.headers().firstValue("Location")).hasValue("/portal/login");
        assertThat(answer.body()).doesNotContain("R-10");

        PortalClient browser = new PortalClient(base);
        browser.logIn(shop);
        HttpResponse<String> bad = browser.client.send(
                HttpRequest.newBuilder(URI.create(base + "/portal/payments.csv?from=2026-13-40&lang=fr"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(bad.headers().firstValue("Content-Type"))
                .hasValueSatisfying(v -> assertThat(v).startsWith("text/html"));
        assertThat(bad.body()).contains("lang=\"fr\"");
    }

    private static List<CSVRecord> parse(String body) throws Exception {
        return parse(body, ',');
    }

    private static List<CSVRecord> parse(String body, char delimiter) throws Exception {
        assertThat(body).startsWith("\uFEFF");
        try (var parser = CSVFormat.RFC4180
                .builder()
                .setDelimiter(delimiter)
                .setHeader()
                .setSkipHeaderRecord(true)
                .build()
                .parse(new StringReader(body.substring(1)))) {
            List<CSVRecord> records = parser.getRecords();
            assertThat(parser.getHeaderNames())
                    .containsExactly(
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
            return records;
        }
    }

    /** The merchant's payments as PostgreSQL orders them for the list: newest first, then by id. */
    private static List<Row> stored(JsonObject merchant, String andWhere) {
        List<Row> rows = new ArrayList<>();
        service.sql(
                        "SELECT * FROM payments WHERE merchant_id = $1" + andWhere
                                + " ORDER BY created_at DESC, id DESC",
                        UUID.fromString(merchant.getString("merchant_id")))
                .forEach(rows::add);
        return rows;
    }

    private static void assertSameRow(CSVRecord csv, Row row) {
        String where = "row " + csv.getRecordNumber();
        assertThat(csv.get("id")).as(where).isEqualTo(row.getUUID("id").toString());
        assertThat(csv.get("short_code")).as(where).isEqualTo(row.getString("short_code"));
        assertSameMoment(csv.get("created_at"), row.getOffsetDateTime("created_at"), where);
        assertThat(csv.get("status")).as(where).isEqualTo(row.getString("status"));
        assertThat(new BigDecimal(csv.get("amount"))).as(where).isEqualTo(row.getBigDecimal("amount"));
        assertThat(new BigDecimal(csv.get("fees"))).as(where).isEqualTo(row.getBigDecimal("fees"));
        assertThat(new BigDecimal(csv.get("net_amount"))).as(where).isEqualTo(row.getBigDecimal("net_amount"));
        assertThat(csv.get("currency")).as(where).isEqualTo("HTG");
        assertThat(csv.get("reference_id")).as(where).isEqualTo(spreadsheetSafe(row.getString("reference_id")));
        assertThat(csv.get("description")).as(where).isEqualTo(spreadsheetSafe(row.getString("description")));
        assertThat(csv.get("customer_name")).as(where).isEqualTo(spreadsheetSafe(row.getString("customer_name")));
        assertThat(csv.get("customer_email")).as(where).isEqualTo(spreadsheetSafe(row.getString("customer_email")));
        // the payer masked as the API and the payment page mask it: the file never holds a whole MonCash number
        assertThat(csv.get("payer"))
                .as(where)
                .isEqualTo(spreadsheetSafe(io.walletpay.payment.WalletNumberMask.mask(row.getString("payer"))));
        if (row.getString("payer") != null) {
            assertThat(csv.get("payer")).as(where).matches("509\\*{4}\\d{4}");
        }
        assertThat(csv.get("provider_transaction_id"))
                .as(where)
                .isEqualTo(spreadsheetSafe(row.getString("provider_transaction_id")));
        assertSameMoment(csv.get("completed_at"), row.getOffsetDateTime("completed_at"), where);
        assertSameMoment(csv.get("expires_at"), row.getOffsetDateTime("expires_at"), where);
        assertThat(csv.get("failure_reason")).as(where).isEqualTo(spreadsheetSafe(row.getString("failure_reason")));
        assertThat(csv.get("needs_review"))
                .as(where)
                .isEqualTo(row.getBoolean("needs_review").toString());
    }

    private static void assertSameMoment(String csv, OffsetDateTime stored, String where) {
        if (stored == null) {
            assertThat(csv).as(where).isEmpty();
        } else {
            assertThat(OffsetDateTime.parse(csv).toInstant()).as(where).isEqualTo(stored.toInstant());
        }
    }

    /** What a spreadsheet must see: the stored text, with a formula-like start made inert by a leading apostrophe. */
    private static String spreadsheetSafe(String stored) {
        if (stored == null) {
            return "";
        }
        if (stored.isEmpty()) {
            return stored;
        }
        String start = stored.stripLeading();
        boolean formula = "\t\r\n".indexOf(stored.charAt(0)) >= 0
                || (!start.isEmpty() && "=+-@\uFF1D\uFF0B\uFF0D\uFF20".indexOf(start.charAt(0)) >= 0);
        return formula ? "'" + stored : stored;
    }
}
