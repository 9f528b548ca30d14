package io.walletpay.checkout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.junit5.VertxExtension;
import io.walletpay.config.LiveProviderSettings;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.money.Transfer;
import io.walletpay.money.TransferOutcome;
import io.walletpay.support.BehaviourTest;
import java.math.BigDecimal;
import java.net.ServerSocket;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link LiveWalletProvider} against {@link FakeWalletProvider} on a real socket; calls block the test thread. */
@BehaviourTest
@ExtendWith(VertxExtension.class)
class LiveWalletProviderTest {

    private static final BigDecimal AMOUNT = new BigDecimal("2500.00");

    private Vertx vertx;
    private FakeWalletProvider fake;
    private MutableClock clock;
    private LiveWalletProvider provider;

    @BeforeEach
    void startFake(Vertx vertx) throws Exception {
        this.vertx = vertx;
        fake = await(new FakeWalletProvider().start(vertx));
        clock = new MutableClock(Instant.parse("2025-03-01T12:00:00Z"));
        provider = new LiveWalletProvider(vertx, fake.settings(Duration.ofSeconds(3)), clock);
    }

    @AfterEach
    void stop() throws Exception {
        provider.close();
        await(fake.close());
    }

    @Test
    void fetchesOneTokenAndReusesItForSeveralCalls() throws Exception {
        await(provider.createPayment(ProviderOrder.first(UUID.randomUUID()), AMOUNT));
        await(provider.createPayment(ProviderOrder.first(UUID.randomUUID()), AMOUNT));
        UUID paid = UUID.randomUUID();
        fake.complete(paid, AMOUNT, "2155000001");
        await(provider.retrieveByOrder(ProviderOrder.first(paid)));

        assertThat(fake.tokenRequests()).hasSize(1);
        List<String> bearers = fake.requests().stream()
                .filter(r -> r.path().startsWith("/api/v1/"))
                .map(FakeWalletProvider.Received::bearer)
                .distinct()
                .toList();
        assertThat(bearers).hasSize(1).doesNotContainNull();
    }

    @Test
    void asksForTheTokenWithBasicAuthAndTheClientCredentialsForm() throws Exception {
        await(provider.createPayment(ProviderOrder.first(UUID.randomUUID()), AMOUNT));

        FakeWalletProvider.Received token = fake.tokenRequests().get(0);
        String expected = "Basic "
                + Base64.getEncoder()
                        .encodeToString(
                                (FakeWalletProvider.DEFAULT_CLIENT_ID + ":" + FakeWalletProvider.DEFAULT_CLIENT_SECRET)
                                        .getBytes(StandardCharsets.UTF_8));
        assertThat(token.method()).isEqualTo("POST");
        assertThat(token.header("Authorization")).isEqualTo(expected);
        assertThat(token.header("Content-Type")).startsWith("application/x-www-form-urlencoded");
        assertThat(token.body()).isEqualTo("scope=read,write&grant_type=client_credentials");
    }

    @Test
    void fetchesANewTokenOnlyWhenTheCachedOneNearsItsExpiry() throws Exception {
        fake.tokenLifetime(Duration.ofSeconds(59)); // usable for 54 s: 5 s margin
        await(provider.createPayment(ProviderOrder.first(UUID.randomUUID()), AMOUNT));

        clock.advance(Duration.ofSeconds(53));
        await(provider.createPayment(ProviderOrder.first(UUID.randomUUID()), AMOUNT));
        assertThat(fake.tokenRequests()).hasSize(1);

        clock.advance(Duration.ofSeconds(2));
        await(provider.createPayment(ProviderOrder.first(UUID.randomUUID()), AMOUNT));
        assertThat(fake.tokenRequests()).hasSize(2);
        List<FakeWalletProvider.Received> creates = fake.createRequests();
        assertThat(creates.get(2).bearer()).isNotEqualTo(creates.get(1).bearer());
    }

    @Test
    void unauthorizedCreateRefreshesTheTokenOnceAndRetriesOnce() throws Exception {
        await(provider.createPayment(ProviderOrder.first(UUID.randomUUID()), AMOUNT));
        fake.revokeTokens();

        ProviderPayment payment = await(provider.createPayment(ProviderOrder.first(UUID.randomUUID()), AMOUNT));

        assertThat(payment.paymentToken()).isNotBlank();
        assertThat(fake.tokenRequests()).hasSize(2);
        List<FakeWalletProvider.Received> creates = fake.createRequests();
        assertThat(creates).hasSize(3);
        assertThat(creates.get(1).bearer()).isEqualTo(creates.get(0).bearer());
        assertThat(creates.get(2).bearer()).isNotEqualTo(creates.get(1).bearer());
    }

    @Test
    void aSecond401IsAProviderErrorWithoutFurtherRetries() throws Exception {
        fake.rejectNextCalls(10);

        ServiceException error = failure(provider.createPayment(ProviderOrder.first(UUID.randomUUID()), AMOUNT));

        assertProviderError(error);
        assertThat(fake.createRequests()).hasSize(2);
        assertThat(fake.tokenRequests()).hasSize(2);
    }

    @Test
    void createAnswering500IsAProviderError() throws Exception {
        fake.failNextCreates(1, 500);

        assertProviderError(failure(provider.createPayment(ProviderOrder.first(UUID.randomUUID()), AMOUNT)));
        assertThat(fake.createRequests()).hasSize(1); // a 500 is not retried: the payment may exist
        assertThat(await(provider.createPayment(ProviderOrder.first(UUID.randomUUID()), AMOUNT))
                        .paymentToken())
                .isNotBlank();
    }

    @Test
    void createThatNeverAnswersIsAProviderErrorAfterTheRequestTimeout() throws Exception {
        fake.stallCreates(true);
        LiveWalletProvider impatient = new LiveWalletProvider(vertx, fake.settings(Duration.ofMillis(300)), clock);
        try {
            ServiceException error = failure(impatient.createPayment(ProviderOrder.first(UUID.randomUUID()), AMOUNT));
            assertProviderError(error);
            assertThat(error.getMessage()).contains("in time");
            assertThat(fake.createRequests()).hasSize(1);
        } finally {
            impatient.close();
        }
    }

    @Test
    void unreachableProviderIsAProviderError() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        LiveWalletProvider nowhere = new LiveWalletProvider(
                vertx,
                new LiveProviderSettings(
                        "http://localhost:" + closedPort + "/api",
                        "http://localhost:" + closedPort + "/gateway",
                        "id",
                        "secret",
                        Duration.ofMillis(500),
                        Duration.ofMillis(500)));
        try {
            assertProviderError(failure(nowhere.createPayment(ProviderOrder.first(UUID.randomUUID()), AMOUNT)));
            assertProviderError(failure(nowhere.retrieveByOrder(ProviderOrder.first(UUID.randomUUID()))));
        } finally {
            nowhere.close();
        }
    }

    @Test
    void rejectedCredentialsAreAProviderErrorThatDoesNotRevealTheSecret() throws Exception {
        String secret = "s3cr3t-value-never-shown";
        LiveWalletProvider wrong = new LiveWalletProvider(
                vertx,
                new LiveProviderSettings(
                        fake.apiBaseUrl(),
                        fake.gatewayBaseUrl(),
                        FakeWalletProvider.DEFAULT_CLIENT_ID,
                        secret,
                        Duration.ofSeconds(1),
                        Duration.ofSeconds(2)));
        try {
            ServiceException error = failure(wrong.createPayment(ProviderOrder.first(UUID.randomUUID()), AMOUNT));
            assertProviderError(error);
            assertThat(error.getMessage()).doesNotContain(secret);
            assertThat(fake.createRequests()).isEmpty();
        } finally {
            wrong.close();
        }
        assertThat(fake.settings(Duration.ofSeconds(1)).toString())
                .doesNotContain(FakeWalletProvider.DEFAULT_CLIENT_SECRET)
                .contains("clientSecret=***");
    }

    @Test
    void aLaterTryIsOpenedAndFoundByItsOwnOrderId() throws Exception {
        UUID paymentId = UUID.randomUUID();
        ProviderOrder second = ProviderOrder.after(paymentId, 1);

        ProviderPayment opened = await(provider.createPayment(second, new BigDecimal("75")));
        FakeWalletProvider.CreatedPayment created =
                fake.created(paymentId + "-2").orElseThrow();
        assertThat(created.paymentToken()).isEqualTo(opened.paymentToken());
        fake.payToken(created.paymentToken(), "50937123456");

        ProviderTransaction byOrder = await(provider.retrieveByOrder(second));
        assertThat(byOrder.order()).isEqualTo(second);
        assertThat(await(provider.retrieveByTransaction(byOrder.transactionId()))
                        .order())
                .isEqualTo(second);
        assertThat(fake.requests("/api/v1/RetrieveOrderPayment").get(0).body())
                .isEqualTo("{\"orderId\":\"" + paymentId + "-2\"}");
        // the other tries of the payment are transactions of their own, unknown until paid or declined
        assertThat(failure(provider.retrieveByOrder(ProviderOrder.first(paymentId)))
                        .kind())
                .isEqualTo(ErrorKind.NOT_FOUND);
        assertThat(failure(provider.retrieveByOrder(new ProviderOrder(paymentId, 3)))
                        .kind())
                .isEqualTo(ErrorKind.NOT_FOUND);
    }

    @Test
    void createSendsTheAmountWithTwoDecimalsAndRedirectsToTheGatewayWithTheEncodedToken() throws Exception {
        UUID orderId = UUID.randomUUID();

        ProviderPayment payment = await(provider.createPayment(ProviderOrder.first(orderId), new BigDecimal("2500")));

        FakeWalletProvider.CreatedPayment created = fake.created(orderId).orElseThrow();
        assertThat(created.rawAmount()).isEqualTo("2500.00");
        assertThat(created.paymentToken()).isEqualTo(payment.paymentToken()).contains("=");
        assertThat(payment.redirectUrl())
                .isEqualTo(fake.gatewayBaseUrl() + "/Payment/Redirect?token="
                        + URLEncoder.encode(payment.paymentToken(), StandardCharsets.UTF_8));
        assertThat(payment.redirectUrl()).doesNotContain("==");
        FakeWalletProvider.Received request = fake.createRequests().get(0);
        assertThat(request.header("Content-Type")).startsWith("application/json");
        assertThat(request.body()).contains("\"orderId\":\"" + orderId + "\"");
        assertThat(payment.toString()).doesNotContain(payment.paymentToken());
    }

    @Test
    void createRefusesAmountsWithMoreThanTwoDecimalsWithoutCallingTheProvider() throws Exception {
        ServiceException error =
                failure(provider.createPayment(ProviderOrder.first(UUID.randomUUID()), new BigDecimal("10.005")));

        assertThat(error.kind()).isEqualTo(ErrorKind.VALIDATION);
        assertThat(fake.requests()).isEmpty();
    }

    @Test
    void retrieveByOrderParsesTheTransactionWithTheExactAmount() throws Exception {
        UUID orderId = UUID.randomUUID();
        BigDecimal beyondDouble = new BigDecimal("90071992547409.93"); // a double would round this
        fake.complete(orderId, beyondDouble, "2155000042", "50937123456");

        ProviderTransaction transaction = await(provider.retrieveByOrder(ProviderOrder.first(orderId)));

        assertThat(transaction.order()).isEqualTo(ProviderOrder.first(orderId));
        assertThat(transaction.transactionId()).isEqualTo("2155000042");
        assertThat(transaction.amount()).isEqualTo(beyondDouble); // equals: same value and scale 2
        assertThat(transaction.amount().compareTo(new BigDecimal("90071992547409.9300")))
                .isZero();
        assertThat(transaction.payer()).isEqualTo("50937123456");
        assertThat(transaction.successful()).isTrue();
        assertThat(fake.requests("/api/v1/RetrieveOrderPayment").get(0).body())
                .isEqualTo("{\"orderId\":\"" + orderId + "\"}");
    }

    @Test
    void retrieveByTransactionParsesTheTransaction() throws Exception {
        UUID orderId = UUID.randomUUID();
        fake.complete(orderId, new BigDecimal("150.50"), "2155000043");

        ProviderTransaction transaction = await(provider.retrieveByTransaction("2155000043"));

        assertThat(transaction)
                .isEqualTo(new ProviderTransaction(
                        "2155000043",
                        ProviderOrder.first(orderId),
                        new BigDecimal("150.50"),
                        FakeWalletProvider.DEFAULT_PAYER,
                        true));
        assertThat(fake.requests("/api/v1/RetrieveTransactionPayment").get(0).body())
                .isEqualTo("{\"transactionId\":\"2155000043\"}");
    }

    @Test
    void aTransactionTheProviderDoesNotCallSuccessfulIsReportedAsSuch() throws Exception {
        UUID orderId = UUID.randomUUID();
        fake.register(new FakeWalletProvider.Transaction(
                "2155000044", orderId, new BigDecimal("10.00"), "50937123456", "insufficient funds"));

        assertThat(await(provider.retrieveByOrder(ProviderOrder.first(orderId))).successful())
                .isFalse();
    }

    @Test
    void retrieveOfAnUnknownOrderOrTransactionIsNotFound() throws Exception {
        ServiceException byOrder = failure(provider.retrieveByOrder(ProviderOrder.first(UUID.randomUUID())));
        ServiceException byTransaction = failure(provider.retrieveByTransaction("no-such-transaction"));

        assertThat(byOrder.kind()).isEqualTo(ErrorKind.NOT_FOUND);
        assertThat(byTransaction.kind()).isEqualTo(ErrorKind.NOT_FOUND);
    }

    @Test
    void concurrentCallsShareOneTokenRequest() throws Exception {
        fake.tokenDelay(Duration.ofMillis(300));
        List<Future<ProviderPayment>> calls = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            calls.add(provider.createPayment(ProviderOrder.first(UUID.randomUUID()), AMOUNT));
        }

        await(Future.all(calls));

        assertThat(fake.tokenRequests()).hasSize(1);
        assertThat(fake.createRequests()).hasSize(8);
        assertThat(fake.createRequests().stream()
                        .map(FakeWalletProvider.Received::bearer)
                        .distinct())
                .hasSize(1);
    }

    @Test
    void callersOnDifferentEventLoopsWaitingForOneTokenEachResumeOnTheirOwnContext() throws Exception {
        fake.tokenDelay(Duration.ofMillis(300));
        List<Context> callers = List.of(vertx.getOrCreateContext(), vertx.getOrCreateContext());
        List<Future<Boolean>> resumedAtHome = new ArrayList<>();
        for (Context caller : callers) {
            Promise<Boolean> home = Promise.promise();
            caller.runOnContext(ignored -> provider.createPayment(ProviderOrder.first(UUID.randomUUID()), AMOUNT)
                    .onComplete(done -> home.complete(done.succeeded() && Vertx.currentContext() == caller)));
            resumedAtHome.add(home.future());
        }

        assertThat(await(Future.all(resumedAtHome)).<Boolean>list()).containsExactly(true, true);
        assertThat(fake.tokenRequests()).hasSize(1);
    }

    @Test
    void aFailedTokenRequestIsNotCachedAndTheNextCallAsksAgain() throws Exception {
        fake.failNextTokenRequests(1, 503);
        assertProviderError(failure(provider.createPayment(ProviderOrder.first(UUID.randomUUID()), AMOUNT)));
        assertThat(fake.createRequests()).isEmpty();

        assertThat(await(provider.createPayment(ProviderOrder.first(UUID.randomUUID()), AMOUNT))
                        .paymentToken())
                .isNotBlank();
        assertThat(fake.tokenRequests()).hasSize(2);
    }

    @Test
    void aBurstOfTwentyCreatesFromFourEventLoopsSharesOneTokenAndEachCallerResumesOnItsOwnContext() throws Exception {
        fake.tokenDelay(Duration.ofMillis(300)); // every caller arrives while the one token request is in flight
        List<Boolean> onOwnContext = new java.util.concurrent.CopyOnWriteArrayList<>();
        List<String> loops = new java.util.concurrent.CopyOnWriteArrayList<>();
        List<Future<String>> deployments = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            deployments.add(vertx.deployVerticle(new io.vertx.core.VerticleBase() {
                @Override
                public Future<?> start() {
                    loops.add(Thread.currentThread().getName());
                    List<Future<ProviderPayment>> calls = new ArrayList<>();
                    for (int j = 0; j < 5; j++) {
                        calls.add(provider.createPayment(ProviderOrder.first(UUID.randomUUID()), AMOUNT)
                                .andThen(done -> onOwnContext.add(io.vertx.core.Vertx.currentContext() == context)));
                    }
                    return Future.all(calls);
                }
            }));
        }

        await(Future.all(deployments));

        assertThat(fake.tokenRequests()).hasSize(1);
        assertThat(fake.createRequests()).hasSize(20);
        assertThat(fake.createRequests().stream()
                        .map(FakeWalletProvider.Received::bearer)
                        .distinct())
                .hasSize(1);
        assertThat(onOwnContext).hasSize(20).containsOnly(true);
        assertThat(loops.stream().distinct().count()).isGreaterThan(1); // the burst really came from several loops
    }

    @Test
    void aTokenTheProviderExpiresMidBurstIsRefreshedOnceForAllTheCallsThatHitIt() throws Exception {
        fake.tokenDelay(Duration.ofMillis(200));
        List<Future<ProviderPayment>> first = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            first.add(provider.createPayment(ProviderOrder.first(UUID.randomUUID()), AMOUNT));
        }
        await(Future.all(first));
        fake.revokeTokens(); // the provider's ~59 s ran out sooner than our clock says: every call now gets 401

        List<Future<ProviderPayment>> second = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            second.add(provider.createPayment(ProviderOrder.first(UUID.randomUUID()), AMOUNT));
        }
        await(Future.all(second));

        assertThat(fake.tokenRequests()).hasSize(2);
        assertThat(fake.createdPayments()).hasSize(20);
        long secondBearers = fake.createRequests().stream()
                .skip(10)
                .map(FakeWalletProvider.Received::bearer)
                .distinct()
                .count();
        assertThat(secondBearers).isEqualTo(2); // the revoked token, refused, then the one fresh token
    }

    @Test
    void theTokenIsRefreshedAheadOfItsExpiryByOneRequestForAllWaiters() throws Exception {
        await(provider.createPayment(ProviderOrder.first(UUID.randomUUID()), AMOUNT));
        clock.advance(Duration.ofSeconds(55)); // MonCash says expires_in 59: 55 s later it is too close to reuse
        fake.tokenDelay(Duration.ofMillis(200));
        List<Future<ProviderPayment>> calls = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            calls.add(provider.createPayment(ProviderOrder.first(UUID.randomUUID()), AMOUNT));
        }
        await(Future.all(calls));

        assertThat(fake.tokenRequests()).hasSize(2);
        List<String> bearers = fake.createRequests().stream()
                .map(FakeWalletProvider.Received::bearer)
                .toList();
        assertThat(bearers).hasSize(11); // no call went out with the old token and came back with 401
        assertThat(bearers.subList(1, 11)).containsOnly(bearers.get(1)).doesNotContain(bearers.get(0));
    }

    @Test
    void moncashErrorBodiesBecomeTheReasonOfTheProviderError() throws Exception {
        fake.failNextCreates(1, 400, "Bad Request", "Amount exceeds the wallet limit");

        ServiceException error = failure(provider.createPayment(ProviderOrder.first(UUID.randomUUID()), AMOUNT));

        assertProviderError(error);
        assertThat(error.getMessage())
                .isEqualTo("Wallet provider CreatePayment: the provider answered HTTP 400: Bad Request - Amount"
                        + " exceeds the wallet limit");
    }

    @Test
    void createReportsThePaymentTokenLifeAsExpiredMinusCreatedOnTheProvidersClock() throws Exception {
        fake.paymentTokenLife(Duration.ofMinutes(3));

        ProviderPayment opened = await(provider.createPayment(ProviderOrder.first(UUID.randomUUID()), AMOUNT));

        // the fake writes both times in UTC+14: compared with our clock they would say hours, not 3 minutes
        assertThat(opened.tokenLife()).isEqualTo(Duration.ofMinutes(3));
        assertThat(opened.expiresIn(Duration.ofMinutes(30))).isEqualTo(Duration.ofMinutes(3));
        assertThat(opened.expiresIn(Duration.ofMinutes(2))).isEqualTo(Duration.ofMinutes(2));
    }

    @Test
    void aCreateAboveTheAccountCapIsRefusedNamingTheLimitWithoutCallingTheProvider() throws Exception {
        LiveProviderSettings base = fake.settings(Duration.ofSeconds(3));
        LiveWalletProvider capped = new LiveWalletProvider(
                vertx,
                new LiveProviderSettings(
                        base.apiBaseUrl(),
                        base.gatewayBaseUrl(),
                        base.clientId(),
                        base.clientSecret(),
                        base.connectTimeout(),
                        base.requestTimeout(),
                        LiveProviderSettings.Paths.MONCASH,
                        new BigDecimal("75000.00")));
        try {
            ServiceException refused =
                    failure(capped.createPayment(ProviderOrder.first(UUID.randomUUID()), new BigDecimal("75000.01")));
            assertThat(refused.kind()).isEqualTo(ErrorKind.VALIDATION);
            assertThat(refused.getMessage()).contains("75000.00 HTG");
            assertThat(fake.requests()).isEmpty();

            assertThat(await(capped.createPayment(ProviderOrder.first(UUID.randomUUID()), new BigDecimal("75000.00")))
                            .paymentToken())
                    .isNotBlank();
        } finally {
            capped.close();
        }
    }

    @Test
    void everyPathComesFromTheSettings() throws Exception {
        LiveProviderSettings base = fake.settings(Duration.ofSeconds(3));
        LiveWalletProvider moved = new LiveWalletProvider(
                vertx,
                new LiveProviderSettings(
                        base.apiBaseUrl(),
                        base.gatewayBaseUrl(),
                        base.clientId(),
                        base.clientSecret(),
                        base.connectTimeout(),
                        base.requestTimeout(),
                        new LiveProviderSettings.Paths(
                                "/moved/oauth/token",
                                "/moved/v1/CreatePayment",
                                "/moved/v1/RetrieveTransactionPayment",
                                "/moved/v1/RetrieveOrderPayment",
                                "/Pay/Redirect"),
                        null));
        try {
            UUID orderId = UUID.randomUUID();
            ProviderPayment opened = await(moved.createPayment(ProviderOrder.first(orderId), AMOUNT));
            fake.complete(orderId, AMOUNT, "2155000077");
            await(moved.retrieveByOrder(ProviderOrder.first(orderId)));
            await(moved.retrieveByTransaction("2155000077"));

            assertThat(opened.redirectUrl()).startsWith(fake.gatewayBaseUrl() + "/Pay/Redirect?token=");
            assertThat(fake.requests().stream().map(FakeWalletProvider.Received::path))
                    .containsExactly(
                            "/api/moved/oauth/token",
                            "/api/moved/v1/CreatePayment",
                            "/api/moved/v1/RetrieveOrderPayment",
                            "/api/moved/v1/RetrieveTransactionPayment");
        } finally {
            moved.close();
        }
    }

    @Test
    void aSlowProviderWithinTheRequestTimeoutIsWaitedFor() throws Exception {
        fake.slowAnswers(Duration.ofMillis(500));
        UUID orderId = UUID.randomUUID();
        fake.complete(orderId, AMOUNT, "2155000099");

        assertThat(await(provider.retrieveByOrder(ProviderOrder.first(orderId))).transactionId())
                .isEqualTo("2155000099");
    }

    // ---- transfers: an outcome only when the answer proves it ------------------------------------------------

    @Test
    void aTransferTheProviderCallsSuccessfulSucceedsWithItsTransactionId() throws Exception {
        UUID reference = UUID.randomUUID();

        TransferOutcome outcome = await(provider.transfer(reference, "50937123456", new BigDecimal("150"), "Refund"));

        FakeWalletProvider.Transfer made = fake.transfers().get(0);
        assertThat(outcome).isEqualTo(TransferOutcome.succeeded(made.transactionId()));
        assertThat(made.transactionId()).isNotBlank();
        assertThat(fake.requests("/api/v1/Transfert").get(0).body())
                .isEqualTo("{\"amount\":150.00,\"receiver\":\"50937123456\",\"desc\":\"Refund\",\"reference\":\""
                        + reference + "\"}");
    }

    @Test
    void aSuccessfulTransferWithoutATransactionIdSucceedsWithoutOne() throws Exception {
        fake.answerTransfersWith("successful");

        assertThat(await(provider.transfer(UUID.randomUUID(), "50937123456", AMOUNT, "Payout")))
                .isEqualTo(TransferOutcome.succeeded(null));
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void a403FromTransfertOnTheWireOrInTheBodyFailsTheTransferAsRefused(boolean inBody) throws Exception {
        if (inBody) {
            fake.refuseTransferRequestsWith(403, true);
        } else {
            fake.refuseTransfers(true);
        }

        assertThat(await(provider.transfer(UUID.randomUUID(), "50937123456", AMOUNT, "Payout")))
                .isEqualTo(TransferOutcome.failed(Transfer.PROVIDER_REFUSED));
        assertThat(fake.transfers()).isEmpty();
    }

    /** A 400 may come after MonCash made the transfer: only a look-up may settle it, never a refusal taken on trust. */
    @ParameterizedTest
    @CsvSource({
        "400, false, HTTP 400",
        "400, true, status 400",
        "422, false, HTTP 422",
        "422, true, status 422",
        "500, false, HTTP 500",
        "500, true, status 500",
        "409, false, HTTP 409"
    })
    void anErrorOtherThan403FromTransfertLeavesTheOutcomeUnknown(int status, boolean inBody, String said)
            throws Exception {
        fake.refuseTransferRequestsWith(status, inBody);

        ServiceException error = failure(provider.transfer(UUID.randomUUID(), "50937123456", AMOUNT, "Payout"));

        assertProviderError(error);
        assertThat(error.getMessage())
                .isEqualTo("Wallet provider Transfert: the provider answered " + said
                        + ": Bad Request - The receiver is not a MonCash customer");
        assertThat(fake.requests("/api/v1/Transfert")).hasSize(1); // sent once: a send is never repeated here
    }

    @ParameterizedTest
    @ValueSource(strings = {"failed", "pending", "in process", "declined"})
    void aTransfertAnswerWhoseMessageIsNotSuccessfulLeavesTheOutcomeUnknown(String message) throws Exception {
        fake.answerTransfersWith(message);
        UUID reference = UUID.randomUUID();

        ServiceException error = failure(provider.transfer(reference, "50937123456", AMOUNT, "Payout"));

        assertProviderError(error);
        assertThat(error.getMessage()).startsWith("Wallet provider Transfert: the answer says " + message + ",");
        // why it cannot be a refusal: MonCash made this one
        assertThat(fake.transfers())
                .extracting(FakeWalletProvider.Transfer::reference)
                .containsExactly(reference.toString());
    }

    @Test
    void aTransfertWhoseAnswerNeverArrivesLeavesTheOutcomeUnknown() throws Exception {
        fake.loseTransferAnswers(1);
        LiveWalletProvider impatient = new LiveWalletProvider(vertx, fake.settings(Duration.ofMillis(300)), clock);
        try {
            ServiceException error = failure(impatient.transfer(UUID.randomUUID(), "50937123456", AMOUNT, "Payout"));

            assertProviderError(error);
            assertThat(error.getMessage()).isEqualTo("Wallet provider Transfert: the provider did not answer in time");
            assertThat(fake.transfers()).hasSize(1);
        } finally {
            impatient.close();
        }
    }

    @Test
    void theStatusOfATransferTheProviderMadeIsSucceeded() throws Exception {
        UUID reference = UUID.randomUUID();
        await(provider.transfer(reference, "50937123456", AMOUNT, "Payout"));

        assertThat(await(provider.transferStatus(reference))).isEqualTo(TransferOutcome.succeeded(null));
        assertThat(fake.requests("/api/v1/PrefundedTransactionStatus").get(0).body())
                .isEqualTo("{\"reference\":\"" + reference + "\"}");
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void theStatusOfAReferenceTheProviderDoesNotKnowIsNotFoundOnTheWireOrInTheBody(boolean inBody) throws Exception {
        if (inBody) {
            fake.answerTransferLookUpsWith(404, null);
        }

        assertThat(await(provider.transferStatus(UUID.randomUUID()))).isEqualTo(TransferOutcome.NOT_FOUND);
    }

    @ParameterizedTest
    @ValueSource(strings = {"failed", "Rejected", "declined", "cancelled"})
    void aStatusThatSaysTheTransferWasRefusedFailsItWithTheProvidersWord(String word) throws Exception {
        fake.answerTransferLookUpsWith(200, word);

        assertThat(await(provider.transferStatus(UUID.randomUUID())))
                .isEqualTo(TransferOutcome.failed("declined by the wallet provider: " + word));
    }

    @ParameterizedTest
    @ValueSource(strings = {"in process", "pending"})
    void aStatusOfATransferStillInFlightIsAFailedFutureToAskAgainLater(String word) throws Exception {
        fake.answerTransferLookUpsWith(200, word);

        ServiceException error = failure(provider.transferStatus(UUID.randomUUID()));

        assertProviderError(error);
        assertThat(error.getMessage())
                .isEqualTo("Wallet provider PrefundedTransactionStatus: the transfer is still " + word);
    }

    @Test
    void aStatusLookUpAnsweringAnErrorIsAFailedFuture() throws Exception {
        fake.answerTransferLookUpsWith(500, null);

        ServiceException error = failure(provider.transferStatus(UUID.randomUUID()));

        assertProviderError(error);
        assertThat(error.getMessage())
                .startsWith("Wallet provider PrefundedTransactionStatus: the provider answered status 500");
    }

    @Test
    void theBalanceIsWhatTheBusinessAccountHolds() throws Exception {
        await(provider.transfer(UUID.randomUUID(), "50937123456", new BigDecimal("150.00"), "Payout"));

        assertThat(await(provider.balance())).isEqualTo(fake.prefundedBalance()).isEqualTo(new BigDecimal("999850.00"));
    }

    // ---- helpers ----------------------------------------------------------------------------------------------

    private static void assertProviderError(ServiceException error) {
        assertThat(error.kind()).isEqualTo(ErrorKind.PROVIDER);
        assertThat(error.code()).isEqualTo("provider_error");
    }

    private static <T> T await(Future<T> future) throws Exception {
        return future.toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    private static ServiceException failure(Future<?> future) throws Exception {
        try {
            future.toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof ServiceException service) {
                return service;
            }
            return fail("expected a ServiceException, got " + e.getCause(), e.getCause());
        }
        return fail("expected a failure, got a success");
    }

    /** A clock the test moves by hand, so token expiry is checked without waiting. */
    static final class MutableClock extends Clock {

        private volatile Instant now;

        MutableClock(Instant start) {
            this.now = start;
        }

        void advance(Duration duration) {
            now = now.plus(duration);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
