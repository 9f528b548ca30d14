package io.walletpay.http;

import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.checkout.Checkout;
import io.walletpay.checkout.PhoneNumber;
import io.walletpay.checkout.ReturnUrl;
import io.walletpay.checkout.SandboxChoice;
import io.walletpay.config.AppConfig;
import io.walletpay.error.ErrorKind;
import io.walletpay.net.FormBody;
import io.walletpay.page.PageError;
import io.walletpay.page.Problem;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.usecase.PayAtCheckout;
import io.walletpay.wiring.UseCases;
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

    private final Vertx vertx;
    private final AppConfig config;
    private final UseCases useCases;
    private final PayAtCheckout payAtCheckout;

    CheckoutRoutes(Vertx vertx, UseCases useCases, AppConfig config) {
        this.vertx = vertx;
        this.config = config;
        this.useCases = useCases;
        this.payAtCheckout = useCases.payAtCheckout();
    }

    void mount(Router router) {
        if (config.provider().live()) {
            new ProviderRoutes(
                            useCases.providerLookups(),
                            ProviderLookupLimits.shared(vertx, config.provider()),
                            useCases.retryWithProvider(),
                            config.http().maxBodyBytes())
                    .mount(router);
        }
        router.route("/checkout/*").handler(FormBody.limitedTo(config.http().maxBodyBytes()));
        if (config.provider().live()) {
            // test mode's payments are paid on the sandbox page here too; a live payment's customers pay at the
            // provider's gateway, and its token opens nothing on this page (else the page could "pay" it)
            router.route("/checkout/:token").handler(this::sandboxPaymentsOnly);
        }
        router.get("/checkout/:token").handler(this::show);
        router.post("/checkout/:token").handler(this::submit);
        router.route("/checkout/*").handler(CheckoutRoutes::noSuchRoute);
        router.route("/checkout/*").failureHandler(HtmlResponses::failure);
    }

    /** Where the provider is live, the sandbox page serves only payments the sandbox took (test mode's). */
    private void sandboxPaymentsOnly(RoutingContext ctx) {
        String token = token(ctx);
        if (token == null) {
            HtmlResponses.notFound(ctx);
            return;
        }
        payAtCheckout
                .show(token)
                .onSuccess(checkout -> {
                    if (io.walletpay.checkout.WalletProviders.SANDBOX.equals(
                            checkout.payment().provider())) {
                        ctx.next();
                    } else {
                        HtmlResponses.notFound(ctx);
                    }
                })
                .onFailure(ctx::fail);
    }

    private void show(RoutingContext ctx) {
        String token = token(ctx);
        if (token == null) {
            HtmlResponses.notFound(ctx);
            return;
        }
        payAtCheckout
                .show(token)
                .onSuccess(checkout -> {
                    if (checkout.refusal().isPresent()) {
                        refused(ctx, checkout, checkout.refusal().get());
                    } else if (checkout.open()) {
                        HtmlResponses.paymentForm(ctx, 200, checkout, token, asksToCancel(ctx), null, null);
                    } else {
                        receipt(ctx, checkout);
                    }
                })
                .onFailure(ctx::fail);
    }

    /** The tries left the page showed (one digit), or null for a form without it. */
    private static Integer triesLeft(String field) {
        return field != null && field.length() == 1 && Character.isDigit(field.charAt(0))
                ? Integer.valueOf(field)
                : null;
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
        String phone = form.get("phone");
        payAtCheckout
                .submit(token, form.get("action"), phone, triesLeft(form.get("tries_left")))
                .onSuccess(outcome -> {
                    if (outcome instanceof PayAtCheckout.Refused refused) {
                        refused(ctx, refused.checkout(), refused.refusal());
                    } else if (outcome instanceof PayAtCheckout.Declined) {
                        // back to the page (a GET, so reloading it resubmits nothing), which says what happened
                        HtmlResponses.seeOther(
                                ctx, HtmlResponses.withAskedLanguage(ctx, token).href());
                    } else if (outcome instanceof PayAtCheckout.Rejected rejected) {
                        rejected(ctx, rejected.checkout(), token, phone, rejected.invalid(), rejected.phoneProblem());
                    } else {
                        result(ctx, outcome.checkout());
                    }
                })
                .onFailure(ctx::fail);
    }

    static void refused(RoutingContext ctx, Checkout checkout, Checkout.Refusal refusal) {
        HtmlResponses.problem(
                ctx, refusal == Checkout.Refusal.EXPIRED ? Problem.EXPIRED : Problem.MERCHANT_DISABLED, checkout);
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

    private static void rejected(
            RoutingContext ctx,
            Checkout checkout,
            String token,
            String phone,
            SandboxChoice.Invalid invalid,
            PhoneNumber.Problem phoneProblem) {
        String typed = phone == null ? null : phone.substring(0, Math.min(phone.length(), MAX_PHONE_ECHO));
        HtmlResponses.paymentForm(
                ctx, ErrorKind.VALIDATION.status(), checkout, token, false, typed, pageError(invalid, phoneProblem));
    }

    private static PageError pageError(SandboxChoice.Invalid invalid, PhoneNumber.Problem phoneProblem) {
        if (invalid != SandboxChoice.Invalid.PHONE) {
            return PageError.ACTION;
        }
        return switch (phoneProblem) {
            case MISSING -> PageError.PHONE_MISSING;
            case NOT_DIGITS -> PageError.PHONE_NOT_DIGITS;
            case TOO_SHORT -> PageError.PHONE_TOO_SHORT;
            case TOO_LONG -> PageError.PHONE_TOO_LONG;
            case NOT_HAITIAN -> PageError.PHONE_NOT_HAITIAN;
            case LANDLINE -> PageError.PHONE_LANDLINE;
            case NOT_MOBILE -> PageError.PHONE_NOT_MOBILE;
        };
    }

    /** {@code ?cancel} asks the page to confirm before cancelling; reading it changes nothing. */
    private static boolean asksToCancel(RoutingContext ctx) {
        try {
            return ctx.queryParams().contains("cancel");
        } catch (IllegalArgumentException | io.vertx.ext.web.handler.HttpException undecodable) {
            return false;
        }
    }

    private static void noSuchRoute(RoutingContext ctx) {
        String rest =
                ctx.request().path().substring(Math.min(ctx.request().path().length(), "/checkout/".length()));
        if (!rest.isEmpty() && !rest.contains("/")) {
            ctx.response().putHeader("Allow", "GET, HEAD, POST");
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
