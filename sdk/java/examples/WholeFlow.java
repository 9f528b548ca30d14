import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import io.walletpay.client.ApiException;
import io.walletpay.client.api.MerchantAccountApi;
import io.walletpay.client.api.MoneyOutApi;
import io.walletpay.client.api.PaymentsApi;
import io.walletpay.client.api.PaymentsApi.APIListPaymentsRequest;
import io.walletpay.client.model.CreatePaymentRequest;
import io.walletpay.client.model.CreateRefund;
import io.walletpay.client.model.Payment;
import io.walletpay.client.model.PaymentCreated;
import io.walletpay.client.model.PaymentList;
import io.walletpay.client.model.Token;
import io.walletpay.client.model.Transfer;
import io.walletpay.client.model.UpdateSettingsRequest;
import io.walletpay.sdk.ApiError;
import io.walletpay.sdk.InvalidSignatureException;
import io.walletpay.sdk.Pages;
import io.walletpay.sdk.Walletpay;
import io.walletpay.sdk.WebhookVerifier;
import java.math.BigDecimal;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A shop's whole flow with the walletpay SDK, against a service in test mode (its sandbox checkout): a token, a
 * payment, the customer paying on the sandbox page, the signed webhook received and verified, a refund and a paged
 * list.
 *
 * <p>Run: {@code WALLETPAY_URL=http://localhost:8080 WALLETPAY_MERCHANT_ID=... WALLETPAY_SECRET_KEY=sk_...
 * WALLETPAY_WEBHOOK_SECRET=whsec_... java -cp <the SDK and jackson> examples/WholeFlow.java}. It receives the
 * webhook itself on 127.0.0.1 (a free port) and points the merchant's Webhook URL there.
 */
public class WholeFlow {

    public static void main(String[] args) throws Exception {
        String baseUrl = System.getenv().getOrDefault("WALLETPAY_URL", "http://localhost:8080");
        WebhookVerifier verifier = new WebhookVerifier(required("WALLETPAY_WEBHOOK_SECRET"));
        LinkedBlockingQueue<JsonNode> events = new LinkedBlockingQueue<>();

        HttpServer receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        receiver.createContext("/walletpay", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            try {
                // both schemes walletpay signs with: Standard Webhooks (what verify prefers), then the HMAC hex
                JsonNode event = verifier.verify(body, exchange.getRequestHeaders());
                verifier.verifyServiceSignature(body, exchange.getRequestHeaders().getFirst("X-Service-Signature"));
                byte[] altered = Arrays.copyOf(body, body.length + 1);
                altered[body.length] = ' ';
                check(refused(verifier, altered, exchange.getRequestHeaders()), "an altered body is refused");
                events.add(event);
                exchange.sendResponseHeaders(204, -1);
            } catch (InvalidSignatureException | IllegalStateException refused) {
                System.out.println("webhook refused: " + refused.getMessage());
                exchange.sendResponseHeaders(400, -1);
            }
            exchange.close();
        });
        receiver.start();

        Walletpay walletpay = new Walletpay(baseUrl);
        Token token = walletpay.authenticate(required("WALLETPAY_MERCHANT_ID"), required("WALLETPAY_SECRET_KEY"));
        check(token.getToken() != null && !token.getToken().isEmpty(), "the token answer carries the token");
        System.out.println("token: ok");
        PaymentsApi payments = new PaymentsApi(walletpay.apiClient());
        new MerchantAccountApi(walletpay.apiClient())
                .updateSettings(new UpdateSettingsRequest()
                        .webhookUrl(URI.create(
                                "http://127.0.0.1:" + receiver.getAddress().getPort() + "/walletpay")));

        String key = Walletpay.newIdempotencyKey();
        CreatePaymentRequest order =
                new CreatePaymentRequest().amount(new BigDecimal("1250.50")).referenceId("order-1001");
        PaymentCreated payment = payments.createPayment(order, key).getData();
        PaymentCreated again = payments.createPayment(order, key).getData();
        check(again.getId().equals(payment.getId()), "the same Idempotency-Key answers the same payment");
        System.out.println("payment: " + payment.getId() + " " + payment.getStatus() + " " + payment.getAmount());

        // the customer pays on the sandbox checkout page (a form post; the answer redirects to the Return URL)
        HttpResponse<Void> paid = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(payment.getRedirectUrl())
                                .header("Content-Type", "application/x-www-form-urlencoded")
                                .POST(HttpRequest.BodyPublishers.ofString("phone=50937123456&action=pay"))
                                .build(),
                        HttpResponse.BodyHandlers.discarding());
        check(paid.statusCode() == 200 || paid.statusCode() == 303, "the checkout answers 200 or 303");

        JsonNode event;
        do {
            event = events.poll(60, TimeUnit.SECONDS);
            check(event != null, "a payment.updated webhook within 60 s");
        } while (!event.path("event").asText().equals("payment.updated")
                || !event.path("data").path("transaction_id").asText().equals(payment.getId().toString()));
        String status = event.path("data").path("status").asText();
        System.out.println("webhook: payment.updated " + status + " verified in both schemes");
        check(status.equals("completed"), "the payment is completed");

        Transfer refund = new MoneyOutApi(walletpay.apiClient())
                .createRefund(
                        payment.getId(),
                        null,
                        new CreateRefund().amount(new BigDecimal("250")).reason("one item returned"))
                .getData();
        System.out.println("refund: " + refund.getId() + " " + refund.getStatus() + " " + refund.getAmount());

        try {
            payments.getPayment(UUID.fromString("00000000-0000-4000-8000-000000000000"));
            check(false, "an unknown payment is an error");
        } catch (ApiException failure) {
            ApiError error = ApiError.of(failure);
            check(error.status() == 404, "an unknown payment answers 404");
            System.out.println("unknown payment: " + error.status() + " " + error.code());
        }

        List<UUID> seen = new ArrayList<>();
        for (Payment each : Pages.iterate(
                after -> payments.listPayments(APIListPaymentsRequest.newBuilder()
                        .limit(1)
                        .startingAfter(after)
                        .build()),
                PaymentList::getData,
                PaymentList::getHasMore,
                Payment::getId)) {
            seen.add(each.getId());
        }
        check(seen.contains(payment.getId()), "the list holds the payment");
        System.out.println("listed: " + seen.size() + " payments");
        System.out.println("whole flow: ok");
        receiver.stop(0);
    }

    static boolean refused(WebhookVerifier verifier, byte[] body, com.sun.net.httpserver.Headers headers) {
        try {
            verifier.verify(body, name -> headers.getFirst(name), Instant.now());
            return false;
        } catch (InvalidSignatureException expected) {
            return true;
        }
    }

    static String required(String name) {
        String value = System.getenv(name);
        if (value == null || value.isEmpty()) {
            throw new IllegalStateException(name + " is not set");
        }
        return value;
    }

    static void check(boolean condition, String what) {
        if (!condition) {
            throw new IllegalStateException("failed: " + what);
        }
    }
}
