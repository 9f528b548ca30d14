package io.walletpay.http;

import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import io.walletpay.bus.CheckoutMessages.Checkout;
import io.walletpay.bus.StoreClients;
import io.walletpay.checkout.PhoneNumber;
import io.walletpay.checkout.ReturnUrl;
import io.walletpay.checkout.WalletProvider;
import io.walletpay.config.AppConfig;
import io.walletpay.page.PageError;
import io.walletpay.page.Problem;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.usecase.ConfirmWithProvider;
import io.walletpay.usecase.PayAtCheckout;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The customer's side of a payment. In sandbox mode the checkout page at {@code /checkout/:token}: GET shows it,
 * its form POSTs {@code phone} and {@code action} back. In live mode the customer pays at the provider instead,
 * and {@link ProviderRoutes} takes the return and the notification; the sandbox page is not mounted at all, as
 * its Pay button would complete a payment nobody paid.
 *
 * <p>A decided payment answers every later submit exactly like the submit that decided it (303 to the Return
 * URL, or the receipt), and a GET of it shows the receipt. All answers here are HTML, failures included.
 */
final class CheckoutRoutes {

    private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9_-]{1,128}");
    private static final String FORM = "application/x-www-form-urlencoded";
    private static final int MAX_PHONE_ECHO = 40;

    private final StoreClients stores;
    private final WalletProvider provider;
    private final AppConfig config;

    private final MeterRegistry registry;
    private final PayAtCheckout payAtCheckout;

    CheckoutRoutes(StoreClients stores, WalletProvider provider, AppConfig config, MeterRegistry registry) {
        this.stores = stores;
        this.provider = provider;
        this.config = config;
        this.registry = registry;
        this.payAtCheckout = new PayAtCheckout(stores);
    }

    void mount(Router router) {
        if (config.provider().live()) {
            new ProviderRoutes(
                            provider,
                            new ConfirmWithProvider(stores, payAtCheckout, registry),
                            config.http().maxBodyBytes())
                    .mount(router);
            router.route("/checkout/*").handler(HtmlResponses::notFound); // customers pay at the provider's gateway
            return;
        }
        router.route("/checkout/*")
                .handler(BodyHandler.create(false).setBodyLimit(config.http().maxBodyBytes()));
        router.get("/checkout/:token").handler(this::show);
        router.post("/checkout/:token").handler(this::submit);
        router.route("/checkout/*").handler(CheckoutRoutes::noSuchRoute);
        router.route("/checkout/*").failureHandler(HtmlResponses::failure);
    }

    private void show(RoutingContext ctx) {
        String token = token(ctx);
        if (token == null) {
            HtmlResponses.notFound(ctx);
            return;
        }
        stores.checkouts()
                .byToken(token)
                .onSuccess(checkout -> {
                    Payment payment = checkout.payment();
                    if (payment.status() == PaymentStatus.EXPIRED
                            || (payment.status() == PaymentStatus.PENDING && checkout.pastExpiry())) {
                        HtmlResponses.problem(ctx, Problem.EXPIRED, checkout);
                    } else if (payment.status() == PaymentStatus.PENDING && !checkout.merchantActive()) {
                        HtmlResponses.problem(ctx, Problem.MERCHANT_DISABLED, checkout);
                    } else if (payment.status() == PaymentStatus.PENDING) {
                        HtmlResponses.paymentForm(ctx, 200, checkout, token, null, null);
                    } else {
                        receipt(ctx, checkout);
                    }
                })
                .onFailure(ctx::fail);
    }

    private void submit(RoutingContext ctx) {
        String token = token(ctx);
        if (token == null) {
            HtmlResponses.notFound(ctx);
            return;
        }
        if (!FORM.equals(Bodies.mediaType(ctx))) {
            HtmlResponses.unsupportedMediaType(ctx);
            return;
        }
        MultiMap form = ctx.request().formAttributes();
        String action = form.get("action");
        String phone = form.get("phone");
        PaymentStatus chosen = target(action, phone);
        // a valid choice is tried at once, in the statement that finds the payment; the checkout comes back as it
        // then is and the checks below explain a refusal exactly as they do after a read
        Future<Checkout> found = chosen == null
                ? stores.checkouts().byToken(token)
                : stores.checkouts().decide(token, chosen);
        found.onSuccess(checkout -> {
                    Payment payment = checkout.payment();
                    if (payment.status() != PaymentStatus.PENDING) {
                        result(ctx, checkout); // decided earlier: the same answer again, nothing changes
                        return;
                    }
                    if (checkout.pastExpiry()) {
                        HtmlResponses.problem(ctx, Problem.EXPIRED, checkout);
                        return;
                    }
                    if (!checkout.merchantActive()) {
                        HtmlResponses.problem(ctx, Problem.MERCHANT_DISABLED, checkout);
                        return;
                    }
                    PaymentStatus target;
                    if ("cancel".equals(action)) {
                        target = PaymentStatus.CANCELLED;
                    } else if ("pay".equals(action)) {
                        Optional<PhoneNumber> number = PhoneNumber.from(phone);
                        if (number.isEmpty()) {
                            rejected(ctx, checkout, token, phone, PageError.PHONE);
                            return;
                        }
                        target = number.get().declinedInSandbox() ? PaymentStatus.FAILED : PaymentStatus.COMPLETED;
                    } else {
                        rejected(ctx, checkout, token, phone, PageError.ACTION);
                        return;
                    }
                    payAtCheckout
                            .decide(checkout, target, null)
                            .onSuccess(decided -> result(ctx, decided))
                            .onFailure(ctx::fail);
                })
                .onFailure(ctx::fail);
    }

    /** The status the form asks for, or null when the form does not choose one validly. */
    private static PaymentStatus target(String action, String phone) {
        if ("cancel".equals(action)) {
            return PaymentStatus.CANCELLED;
        }
        if ("pay".equals(action)) {
            return PhoneNumber.from(phone)
                    .map(number -> number.declinedInSandbox() ? PaymentStatus.FAILED : PaymentStatus.COMPLETED)
                    .orElse(null);
        }
        return null;
    }

    /** Where a decided checkout sends the customer: the Return URL with the result, or the receipt. */
    static void result(RoutingContext ctx, Checkout checkout) {
        Payment payment = checkout.payment();
        if (payment.status() == PaymentStatus.EXPIRED) {
            HtmlResponses.problem(ctx, Problem.EXPIRED, checkout);
        } else if (checkout.returnUrl() != null && payment.status().terminal()) {
            HtmlResponses.seeOther(
                    ctx,
                    ReturnUrl.withResult(
                            checkout.returnUrl(),
                            payment.id(),
                            payment.referenceId(),
                            payment.status().wireName()));
        } else {
            receipt(ctx, checkout);
        }
    }

    static void receipt(RoutingContext ctx, Checkout checkout) {
        HtmlResponses.receipt(ctx, checkout);
    }

    private static void rejected(RoutingContext ctx, Checkout checkout, String token, String phone, PageError error) {
        String typed = phone == null ? null : phone.substring(0, Math.min(phone.length(), MAX_PHONE_ECHO));
        HtmlResponses.paymentForm(ctx, 400, checkout, token, typed, error);
    }

    private static void noSuchRoute(RoutingContext ctx) {
        String rest =
                ctx.request().path().substring(Math.min(ctx.request().path().length(), "/checkout/".length()));
        if (!rest.isEmpty() && !rest.contains("/")) {
            ctx.response().putHeader("Allow", "GET, POST");
            HtmlResponses.problem(ctx, Problem.NOT_ALLOWED);
        } else {
            HtmlResponses.notFound(ctx);
        }
    }

    /** The path token when it can be one (URL-safe, bounded); anything else cannot name a checkout. */
    private static String token(RoutingContext ctx) {
        String token = ctx.pathParam("token");
        return token != null && TOKEN.matcher(token).matches() ? token : null;
    }
}
