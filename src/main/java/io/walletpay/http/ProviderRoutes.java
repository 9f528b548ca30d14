package io.walletpay.http;

import io.vertx.core.Future;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import io.walletpay.checkout.Checkout;
import io.walletpay.checkout.ProviderConfirmation;
import io.walletpay.checkout.ProviderOrder;
import io.walletpay.checkout.ProviderTransaction;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.net.ClientAddress;
import io.walletpay.page.Problem;
import io.walletpay.usecase.ProviderLookups;
import io.walletpay.usecase.RetryWithProvider;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Live mode: {@code GET /provider/return?transactionId=…} (the customer's browser, back from the provider's
 * gateway; HTML) and {@code GET|POST /provider/notify} (the provider's server, MonCash's Alert URL; JSON).
 * Neither trusts what it is sent: the id only says where to look, the provider's retrieve call says what happened, and
 * {@link ProviderConfirmation} decides whether that pays the payment. Only then does the payment change. Both are
 * open to anyone, so {@link ProviderLookups} asks the provider only about a payment of ours that waits for it, within
 * {@link ProviderLookupLimits}; over the limits they answer 429 with Retry-After.
 */
final class ProviderRoutes {

    private static final Logger log = LoggerFactory.getLogger(ProviderRoutes.class);
    private static final int MAX_TRANSACTION_ID = 100;

    private final ProviderLookups lookups;
    private final ProviderLookupLimits limits;
    private final int maxBodyBytes;
    private final RetryWithProvider retries;

    ProviderRoutes(ProviderLookups lookups, ProviderLookupLimits limits, RetryWithProvider retries, int maxBodyBytes) {
        this.lookups = lookups;
        this.limits = limits;
        this.retries = retries;
        this.maxBodyBytes = maxBodyBytes;
    }

    void mount(Router router) {
        router.route("/provider/*").handler(BodyHandler.create(false).setBodyLimit(maxBodyBytes));
        router.get("/provider/return").handler(this::customerReturn);
        router.route("/provider/return").failureHandler(HtmlResponses::failure);
        router.post("/provider/retry").handler(this::retry);
        router.route("/provider/retry").failureHandler(HtmlResponses::failure);
        // MonCash calls the Alert URL with GET ?transactionId=…; some integrations POST it
        router.get("/provider/notify").handler(this::notification);
        router.post("/provider/notify").handler(this::notification);
    }

    private void customerReturn(RoutingContext ctx) {
        var ids = ctx.queryParam("transactionId");
        String transactionId = ids.size() == 1 ? ids.get(0).strip() : null;
        if (transactionId == null || transactionId.isEmpty() || transactionId.length() > MAX_TRANSACTION_ID) {
            HtmlResponses.problem(ctx, Problem.PROVIDER_NO_TRANSACTION);
            return;
        }
        lookups.byTransaction(transactionId, allowance(ctx))
                .onSuccess(answer -> {
                    Checkout checkout = answer.checkout();
                    ProviderTransaction transaction = answer.transaction();
                    if (transaction != null && !transaction.successful() && checkout.open()) {
                        // declined, and the customer may try again: say why, and offer another try
                        HtmlResponses.retryPage(ctx, checkout, transaction.message());
                    } else if (checkout.refusal().isPresent()) {
                        CheckoutRoutes.refused(ctx, checkout, checkout.refusal().get());
                    } else {
                        CheckoutRoutes.result(ctx, checkout);
                    }
                })
                .onFailure(failure -> HtmlResponses.unconfirmedReturn(ctx, failure));
    }

    /** One look-up from the limits, charged to the request's client address. */
    private ProviderLookups.Allowance allowance(RoutingContext ctx) {
        String address = ClientAddress.of(ctx);
        return () -> limits.take(address);
    }

    /** The retry page's form: the payment's next try at the provider, and the customer sent on to it. */
    private void retry(RoutingContext ctx) {
        if (!"application/x-www-form-urlencoded".equals(Bodies.mediaType(ctx))) {
            HtmlResponses.unsupportedMediaType(ctx);
            return;
        }
        String payment = ctx.request().getFormAttribute("payment");
        UUID paymentId = payment == null ? null : io.walletpay.json.Identifiers.parse(payment.strip());
        if (paymentId == null) {
            HtmlResponses.notFound(ctx);
            return;
        }
        retries.retry(paymentId)
                .onSuccess(outcome -> {
                    if (outcome instanceof RetryWithProvider.Gateway gateway) {
                        HtmlResponses.seeOther(ctx, gateway.redirectUrl());
                    } else if (outcome instanceof RetryWithProvider.Refused refused) {
                        CheckoutRoutes.refused(ctx, refused.checkout(), refused.refusal());
                    } else if (outcome instanceof RetryWithProvider.Decided decided) {
                        CheckoutRoutes.result(ctx, decided.checkout());
                    }
                })
                .onFailure(ctx::fail);
    }

    /**
     * Accepts {@code transactionId} or {@code orderId} (the payment id) in the query string (GET or POST, as
     * MonCash's Alert URL sends it), or as JSON or form fields of a POST; other fields are ignored. Answers 200
     * {@code {success:true, data:{transaction_id, status}}} once the payment reflects what the provider confirmed; a
     * repeated notification of a decided payment answers the same from our record, without asking the provider. A
     * reference that names no payment waiting for the provider is 404 {@code not_found}.
     */
    private void notification(RoutingContext ctx) {
        Reference reference = reference(ctx);
        Future<ProviderLookups.Answer> lookup = reference.transactionId() != null
                ? lookups.byTransaction(reference.transactionId(), allowance(ctx))
                : lookups.byOrder(reference.order(), allowance(ctx));
        lookup.map(ProviderLookups.Answer::checkout)
                .onSuccess(checkout -> Responses.json(
                        ctx,
                        200,
                        new JsonObject()
                                .put("success", true)
                                .put(
                                        "data",
                                        new JsonObject()
                                                .put(
                                                        "transaction_id",
                                                        checkout.payment().id().toString())
                                                .put(
                                                        "status",
                                                        checkout.payment()
                                                                .status()
                                                                .wireName()))))
                .onFailure(ctx::fail);
    }

    private record Reference(String transactionId, ProviderOrder order) {}

    private static Reference reference(RoutingContext ctx) {
        String transactionId = single(ctx, "transactionId");
        String orderId = single(ctx, "orderId");
        if (transactionId != null || orderId != null || ctx.request().method() == HttpMethod.GET) {
            return reference(transactionId, orderId);
        }
        String media = Bodies.mediaType(ctx);
        if (media.equals("application/json")) {
            JsonObject body;
            try {
                body = ctx.body().buffer() == null ? null : ctx.body().asJsonObject();
            } catch (DecodeException | ClassCastException e) {
                body = null;
            }
            if (body == null) {
                throw new ServiceException(
                        ErrorKind.VALIDATION, "malformed_json", "The body must be one valid JSON object");
            }
            transactionId = text(body, "transactionId");
            orderId = text(body, "orderId");
        } else if (media.equals("application/x-www-form-urlencoded")) {
            transactionId = ctx.request().getFormAttribute("transactionId");
            orderId = ctx.request().getFormAttribute("orderId");
        } else {
            throw new ServiceException(
                    ErrorKind.UNSUPPORTED_MEDIA_TYPE,
                    "unsupported_media_type",
                    "Send the notification as application/json or application/x-www-form-urlencoded");
        }
        return reference(transactionId, orderId);
    }

    /** A query parameter given once; given twice it is refused rather than guessed. */
    private static String single(RoutingContext ctx, String name) {
        var values = ctx.queryParam(name);
        if (values.size() > 1) {
            throw ServiceException.invalid(name, name + " must be given once");
        }
        return values.isEmpty() || values.get(0).isBlank() ? null : values.get(0);
    }

    private static Reference reference(String transactionId, String orderId) {
        if (transactionId != null && !transactionId.isBlank()) {
            if (transactionId.length() > MAX_TRANSACTION_ID) {
                throw ServiceException.invalid(
                        "transactionId", "transactionId must be at most " + MAX_TRANSACTION_ID + " characters");
            }
            return new Reference(transactionId.strip(), null);
        }
        if (orderId != null && !orderId.isBlank()) {
            return new Reference(
                    null,
                    ProviderOrder.parse(orderId.strip())
                            .orElseThrow(() -> ServiceException.invalid(
                                    "orderId", "orderId must be an order id this service gave the provider")));
        }
        throw ServiceException.invalid("transactionId", "Send transactionId or orderId");
    }

    private static String text(JsonObject body, String field) {
        Object value = body.getValue(field);
        if (value == null) {
            return null;
        }
        if (value instanceof String || value instanceof Number) {
            return value.toString();
        }
        throw ServiceException.invalid(field, field + " must be a string");
    }
}
