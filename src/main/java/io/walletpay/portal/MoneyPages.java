package io.walletpay.portal;

import io.vertx.core.Future;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.login.PersonLogin;
import io.walletpay.merchant.Merchant;
import io.walletpay.money.Transfer;
import io.walletpay.money.TransferRequest;
import io.walletpay.money.TransferStatus;
import io.walletpay.payment.TypedAmount;
import io.walletpay.store.Stores;
import io.walletpay.usecase.ApproveTransfers;
import io.walletpay.usecase.MoneyOut;
import io.walletpay.usecase.SetPayoutPhone;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Money out in the portal: {@code /portal/payouts} (the balance, a payout to the merchant's number, the number itself
 * with the secret key typed again, and the payouts so far) and the refund form of a payment's page. Every refusal
 * (not enough balance, more than is left of the payment, a wrong key) is said on the page, in words. The refunds
 * and payouts awaiting a second person's approval are listed on the payouts page with Approve and Reject
 * ({@code POST /portal/transfers/:id/approve|reject}); the person who asked sees them without the buttons and is
 * refused (403) if they post anyway.
 */
final class MoneyPages {

    static final int PAYOUTS_PER_PAGE = 50;

    /** A refusal of the API said in the portal's words: the text key of each error code. */
    private static final Map<String, String> NOTICES = Map.of(
            "insufficient_balance", "money.insufficient",
            "refund_exceeds_payment", "money.exceeds",
            "no_payout_phone", "money.no_phone",
            "no_payer", "money.no_payer",
            "invalid_state", "money.not_completed",
            "idempotency_key_reused", "money.form_used",
            "approval_by_requester", "approval.own",
            "not_awaiting_approval", "approval.decided");

    private final PortalPages pages;
    private final Stores stores;
    private final MoneyOut moneyOut;
    private final SetPayoutPhone payoutPhone;
    private final PasswordTypedAgain passwordTypedAgain;
    private final PaymentPages payments;
    private final ApproveTransfers approvals;

    MoneyPages(
            PortalPages pages,
            Stores stores,
            PersonLogin login,
            PaymentPages payments,
            MoneyOut moneyOut,
            SetPayoutPhone payoutPhone,
            ApproveTransfers approvals) {
        this.pages = pages;
        this.approvals = approvals;
        this.stores = stores;
        this.moneyOut = moneyOut;
        this.payoutPhone = payoutPhone;
        this.passwordTypedAgain = new PasswordTypedAgain(login, pages);
        this.payments = payments;
    }

    /**
     * What a money form did, named in the address it redirects to ({@code ?done=}) and said there: after a payout,
     * a payout number or a refund the browser is sent on to a page of its own, so reloading it shows the outcome
     * again instead of sending the form twice (which the form's CSRF token, used up, would refuse as expired).
     */
    private static final Map<String, String> DONE = Map.of(
            "payout", "payouts.sent",
            "phone", "payouts.phone.saved",
            "refund", "refund.done",
            "waiting", "approval.waiting",
            "approved", "approval.approved",
            "rejected", "approval.rejected");

    /** The notice of the money form the page was redirected from, or null. */
    static String doneNotice(RoutingContext ctx) {
        return DONE.get(PortalPages.param(ctx, "done", 8));
    }

    void mount(Router router) {
        router.get("/portal/payouts").handler(ctx -> payouts(ctx, doneNotice(ctx)));
        router.post("/portal/payouts").handler(this::payout);
        router.post("/portal/payouts/phone").handler(this::phone);
        router.post("/portal/payments/:id/refund").handler(this::refund);
        router.post("/portal/transfers/:id/approve").handler(ctx -> decide(ctx, true));
        router.post("/portal/transfers/:id/reject").handler(ctx -> decide(ctx, false));
    }

    /**
     * The payouts page: the newest {@value #PAYOUTS_PER_PAGE} payouts, or those older than {@code ?after=} (a payout's
     * id) with a link to the next older ones.
     */
    private void payouts(RoutingContext ctx, String notice) {
        payouts(ctx, 200, notice == null ? null : pages.text(ctx).get(notice));
    }

    /** The payouts page answered with {@code status}, saying {@code noticeText} (in the page's language) if any. */
    private void payouts(RoutingContext ctx, int status, String noticeText) {
        UUID merchantId = PortalPages.merchant(ctx).id();
        Optional<ListPage> asked = ListPage.asked(ctx);
        if (asked.isEmpty()) {
            pages.badRequest(ctx);
            return;
        }
        var balance = moneyOut.balance(merchantId);
        var awaiting = approvals.awaiting(merchantId);
        var page = stores.transfers()
                .payouts(
                        merchantId,
                        PAYOUTS_PER_PAGE,
                        asked.get().startingAfter(),
                        asked.get().endingBefore());
        Future.all(balance, page, awaiting)
                .onSuccess(all -> {
                    List<Transfer> shown = page.result().payouts();
                    Map<String, Object> model = new HashMap<>();
                    model.put("balance", balance.result());
                    model.put("payouts", shown);
                    model.put("awaiting", awaiting.result());
                    model.put("actor", PortalPages.actor(ctx).who());
                    boolean more = page.result().hasMore();
                    model.put("nextHref", asked.get().next("/portal/payouts?", more, shown, Transfer::id));
                    model.put("previousHref", asked.get().previous("/portal/payouts?", more, shown, Transfer::id));
                    model.put("notice", noticeText);
                    model.put("formKey", UUID.randomUUID().toString());
                    pages.render(ctx, status, "portal/payouts.jte", model);
                })
                .onFailure(ctx::fail);
    }

    private void payout(RoutingContext ctx) {
        Merchant merchant = PortalPages.merchant(ctx);
        Optional<BigDecimal> amount = amount(PortalPages.param(ctx, "amount", 20));
        if (amount.isEmpty()) {
            payouts(ctx, "money.bad_amount");
            return;
        }
        moneyOut.payout(merchant.id(), merchant.livemode(), new TransferRequest(amount.get(), null), formKey(ctx))
                .onSuccess(created -> PortalPages.seeOther(
                        ctx, "/portal/payouts?done=" + (awaits(created.transfer()) ? "waiting" : "payout")))
                .onFailure(failure -> explain(ctx, failure, notice -> payouts(ctx, notice)));
    }

    private void phone(RoutingContext ctx) {
        Merchant merchant = PortalPages.merchant(ctx);
        String phone = PortalPages.param(ctx, "payout_phone", 40);
        String password = ctx.request().getFormAttribute("password");
        passwordTypedAgain
                .check(ctx, password, (status, text) -> payouts(ctx, status, text))
                .compose(verified -> verified
                        ? payoutPhone
                                .set(merchant.id(), phone, PortalPages.actor(ctx))
                                .map(true)
                        : Future.succeededFuture(false))
                .onSuccess(set -> {
                    if (set) {
                        PortalPages.seeOther(ctx, "/portal/payouts?done=phone");
                    }
                })
                .onFailure(failure -> explain(ctx, failure, notice -> payouts(ctx, notice)));
    }

    private void refund(RoutingContext ctx) {
        UUID id = PortalPages.parseUuid(ctx.pathParam("id"));
        if (id == null) {
            pages.notFound(ctx);
            return;
        }
        String typed = PortalPages.param(ctx, "amount", 20);
        Optional<BigDecimal> amount = typed.isEmpty() ? Optional.empty() : amount(typed);
        if (!typed.isEmpty() && amount.isEmpty()) {
            payments.detail(ctx, "money.bad_amount");
            return;
        }
        TransferRequest request;
        try {
            request = TransferRequest.refund(amount.orElse(null), PortalPages.param(ctx, "reason", 200));
        } catch (ServiceException unfit) {
            payments.detail(ctx, "refund.bad_reason");
            return;
        }
        moneyOut.refund(PortalPages.merchant(ctx).id(), id, request, formKey(ctx), PortalPages.actor(ctx))
                .onSuccess(created -> PortalPages.seeOther(
                        ctx, "/portal/payments/" + id + "?done=" + (awaits(created.transfer()) ? "waiting" : "refund")))
                .onFailure(failure -> explain(ctx, failure, notice -> payments.detail(ctx, notice)));
    }

    private static boolean awaits(Transfer transfer) {
        return transfer.status() == TransferStatus.AWAITING_APPROVAL;
    }

    /**
     * Approve or Reject of a refund or payout awaiting approval, by the person signed in; back to the page the form
     * was on ({@code back=payment}: the refund's payment page; otherwise the payouts page). A refusal (the asker,
     * decided already) is said on the payouts page, where the transfers awaiting approval are, with its status.
     */
    private void decide(RoutingContext ctx, boolean approve) {
        UUID id = PortalPages.parseUuid(ctx.pathParam("id"));
        if (id == null) {
            pages.notFound(ctx);
            return;
        }
        UUID merchantId = PortalPages.merchant(ctx).id();
        var actor = PortalPages.actor(ctx);
        boolean toPayment = "payment".equals(PortalPages.param(ctx, "back", 8));
        (approve ? approvals.approve(merchantId, id, actor) : approvals.reject(merchantId, id, actor))
                .onSuccess(decided -> PortalPages.seeOther(
                        ctx,
                        (toPayment && decided.paymentId() != null
                                        ? "/portal/payments/" + decided.paymentId()
                                        : "/portal/payouts")
                                + "?done=" + (approve ? "approved" : "rejected")))
                .onFailure(failure -> {
                    if (failure instanceof ServiceException error && NOTICES.containsKey(error.code())) {
                        payouts(ctx, error.kind().status(), pages.text(ctx).get(NOTICES.get(error.code())));
                    } else {
                        ctx.fail(failure);
                    }
                });
    }

    /** A known refusal shown on the page it came from; anything else is the portal's failure page. */
    private static void explain(RoutingContext ctx, Throwable failure, java.util.function.Consumer<String> page) {
        if (failure instanceof ServiceException error && NOTICES.containsKey(error.code())) {
            page.accept(NOTICES.get(error.code()));
        } else if (failure instanceof ServiceException error && error.kind() == ErrorKind.VALIDATION) {
            page.accept("payout_phone".equals(error.field()) ? "money.bad_phone" : "money.bad_amount");
        } else {
            ctx.fail(failure);
        }
    }

    /**
     * An amount as people type it, in any of the portal's languages: {@code 1 000}, {@code 1,000.50} or
     * {@code 1.000,50} is a thousand, never one (see {@link TypedAmount}).
     */
    static Optional<BigDecimal> amount(String typed) {
        try {
            return Optional.of(TypedAmount.read("amount", typed, TransferRequest.MIN, TransferRequest.MAX));
        } catch (ServiceException notAnAmount) {
            return Optional.empty();
        }
    }

    /**
     * The form's one-time key, used as Idempotency-Key: submitting the same form twice (a double click, a reload)
     * makes one refund or payout. Bounded to what a key may be.
     */
    private static String formKey(RoutingContext ctx) {
        String key = PortalPages.param(ctx, "form_key", 64);
        return key.isEmpty() || !key.chars().allMatch(c -> c >= 0x21 && c <= 0x7e) ? null : "portal-" + key;
    }
}
