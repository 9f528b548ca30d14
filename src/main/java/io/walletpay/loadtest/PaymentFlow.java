package io.walletpay.loadtest;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

/**
 * One unit of load: create a payment and, with {@code --pay}, pay it through the sandbox checkout, recording each
 * outcome. Latency runs from the time the create request was due, which the lanes pass in: in open loop the
 * schedule's time (a late send is the generator's or the service's fault, and shows), in closed loop the send.
 */
final class PaymentFlow {

    static final String CREATE_PATH = "/api/merchant/payments/wallet/";
    private static final Buffer PAY_FORM = Buffer.buffer("phone=50937123456&action=pay");
    private static final Pattern PAID_RETURN = Pattern.compile("[?&]status=completed(&|$)");
    private static final String PAID_RECEIPT = "data-status=\"completed\"";
    private static final long MIN_CENTS = 100;
    private static final long MAX_CENTS = 500_000;

    private final TargetClient client;
    private final List<LoadMerchant> merchants;
    private final RunClock clock;
    private final OperationStats create;
    private final OperationStats pay;
    private final WebhookVerifier webhooks;
    private final String createUri;
    private final String referencePrefix;
    private final AtomicLong sequence = new AtomicLong();
    private final AtomicInteger outstanding = new AtomicInteger();

    /**
     * @param pay the pay outcomes, or null when payments are only created
     * @param webhooks told of every paid payment, or null when webhooks are not verified
     */
    PaymentFlow(
            TargetClient client,
            List<LoadMerchant> merchants,
            RunClock clock,
            String runId,
            OperationStats create,
            OperationStats pay,
            WebhookVerifier webhooks) {
        this.client = client;
        this.merchants = merchants;
        this.clock = clock;
        this.create = create;
        this.pay = pay;
        this.webhooks = webhooks;
        this.createUri = client.api(CREATE_PATH);
        this.referencePrefix = "lt-" + runId + "-";
    }

    /** Flows started and not finished yet. */
    int outstanding() {
        return outstanding.get();
    }

    /** A create that was due but not sent, because {@code --max-outstanding} flows were still unanswered. */
    void dropped(long dueAt) {
        create.failed(clock.phaseOf(dueAt), OperationStats.BACKLOG);
    }

    /** Runs one flow that was due at {@code dueAt} ({@link System#nanoTime()}); the future never fails. */
    Future<Void> run(long dueAt) {
        Phase phase = clock.phaseOf(dueAt);
        long number = sequence.getAndIncrement();
        LoadMerchant merchant = merchants.get((int) (number % merchants.size()));
        outstanding.incrementAndGet();
        create.sent();
        return client.send(HttpMethod.POST, createUri, merchant.authorization(), TargetClient.JSON, createBody(number))
                .transform(answer -> {
                    long now = System.nanoTime();
                    if (answer.failed()) {
                        create.failed(phase, OperationStats.kindOf(answer.cause()));
                        return Future.<Void>succeededFuture();
                    }
                    if (answer.result().status() != 201) {
                        create.failed(
                                phase, OperationStats.httpStatus(answer.result().status()));
                        return Future.<Void>succeededFuture();
                    }
                    create.succeeded(phase, now - dueAt);
                    return pay == null
                            ? Future.<Void>succeededFuture()
                            : pay(answer.result().body(), dueAt, phase);
                })
                .andThen(done -> outstanding.decrementAndGet());
    }

    private Future<Void> pay(Buffer created, long dueAt, Phase phase) {
        String paymentId;
        String checkoutPath;
        try {
            JsonObject data = created.toJsonObject().getJsonObject("data");
            paymentId = data.getString("id");
            // The path only: the target is the service under test, whatever public base URL it puts in links.
            checkoutPath = URI.create(data.getString("redirect_url")).getRawPath();
        } catch (RuntimeException unreadable) {
            pay.failed(phase, OperationStats.BAD_ANSWER);
            return Future.succeededFuture();
        }
        pay.sent();
        long sentAt = System.nanoTime();
        return client.send(HttpMethod.POST, checkoutPath, null, TargetClient.FORM, PAY_FORM)
                .transform(answer -> {
                    long now = System.nanoTime();
                    if (answer.failed()) {
                        pay.failed(phase, OperationStats.kindOf(answer.cause()));
                    } else if (paid(answer.result())) {
                        pay.succeeded(phase, now - dueAt);
                        if (webhooks != null) {
                            webhooks.expect(paymentId, sentAt, now, phase);
                        }
                    } else if (answer.result().status() == 303
                            || answer.result().status() == 200) {
                        pay.failed(phase, OperationStats.NOT_PAID); // declined, failed: an answer, not a payment
                    } else {
                        pay.failed(
                                phase, OperationStats.httpStatus(answer.result().status()));
                    }
                    return Future.<Void>succeededFuture();
                });
    }

    /**
     * Whether the checkout's answer says the payment is paid: the Return URL with {@code status=completed}, or (a
     * merchant without one) the receipt showing it completed. A decline also answers 303, back to the page.
     */
    static boolean paid(TargetClient.Answer answer) {
        if (answer.status() == 303) {
            String location = answer.location();
            return location != null && PAID_RETURN.matcher(location).find();
        }
        return answer.status() == 200
                && answer.body().toString(StandardCharsets.UTF_8).contains(PAID_RECEIPT);
    }

    /** A small create body: an amount from 1.00 to 5000.00 as a JSON number with two decimals, and a reference. */
    private Buffer createBody(long number) {
        long cents = ThreadLocalRandom.current().nextLong(MIN_CENTS, MAX_CENTS + 1);
        long fraction = cents % 100;
        return Buffer.buffer(64)
                .appendString("{\"amount\":")
                .appendString(Long.toString(cents / 100))
                .appendString(fraction < 10 ? ".0" : ".")
                .appendString(Long.toString(fraction))
                .appendString(",\"reference_id\":\"")
                .appendString(referencePrefix)
                .appendString(Long.toString(number))
                .appendString("\"}");
    }
}
