// A shop's whole flow with the walletpay SDK, against a service in test mode (its sandbox checkout):
// a token, a payment, the customer paying on the sandbox page, the signed webhook received and verified, a refund
// and a paged list.
//
// Run (after `npm run build`):  WALLETPAY_URL=http://localhost:8080 WALLETPAY_MERCHANT_ID=... \
//   WALLETPAY_SECRET_KEY=sk_... WALLETPAY_WEBHOOK_SECRET=whsec_... node dist/examples/whole-flow.js
// It receives the webhook itself on 127.0.0.1 (a free port) and points the merchant's Webhook URL there.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import {
    ApiError,
    InvalidSignature,
    Walletpay,
    iterate,
    newIdempotencyKey,
    verifyServiceSignature,
    verifyWebhook,
    type WebhookEvent,
} from "../src";

function required(name: string): string {
    const value = process.env[name];
    if (!value) {
        throw new Error(`${name} is not set`);
    }
    return value;
}

function check(condition: boolean, what: string): void {
    if (!condition) {
        throw new Error(`failed: ${what}`);
    }
}

async function main(): Promise<void> {
    const baseUrl = process.env.WALLETPAY_URL ?? "http://localhost:8080";
    const webhookSecret = required("WALLETPAY_WEBHOOK_SECRET");
    const events: WebhookEvent[] = [];
    let arrived: () => void = () => {};

    const receiver = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on("data", (chunk: Buffer) => chunks.push(chunk));
        request.on("end", () => {
            const body = Buffer.concat(chunks);
            try {
                // both schemes walletpay signs with: Standard Webhooks (what verifyWebhook prefers), then the HMAC hex
                const event = verifyWebhook(body, request.headers, webhookSecret);
                verifyServiceSignature(body, request.headers["x-service-signature"] as string | undefined, webhookSecret);
                const altered = Buffer.concat([body, Buffer.from(" ")]);
                check(refused(() => verifyWebhook(altered, request.headers, webhookSecret)), "an altered body is refused");
                events.push(event);
                response.writeHead(204).end();
                arrived();
            } catch (error) {
                console.log("webhook refused:", error instanceof Error ? error.message : error);
                response.writeHead(400).end();
            }
        });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const port = (receiver.address() as AddressInfo).port;

    const walletpay = new Walletpay({ baseUrl });
    await walletpay.authenticate(required("WALLETPAY_MERCHANT_ID"), required("WALLETPAY_SECRET_KEY"));
    console.log("token: ok");
    await walletpay.account.updateSettings({ updateSettingsRequest: { webhookUrl: `http://127.0.0.1:${port}/walletpay` } });

    const idempotencyKey = newIdempotencyKey();
    const order = { amount: 1250.5, referenceId: "order-1001" };
    const payment = (await walletpay.payments.createPayment({ createPaymentRequest: order, idempotencyKey })).data;
    const again = (await walletpay.payments.createPayment({ createPaymentRequest: order, idempotencyKey })).data;
    check(again.id === payment.id, "the same Idempotency-Key answers the same payment");
    console.log("payment:", payment.id, payment.status, payment.amount);

    // the customer pays on the sandbox checkout page (a form post; the answer redirects to the Return URL)
    const paid = await fetch(payment.redirectUrl, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ phone: "50937123456", action: "pay" }),
        redirect: "manual",
    });
    check(paid.status === 200 || paid.status === 303, `the checkout answers 200 or 303, not ${paid.status}`);

    const completed = await new Promise<WebhookEvent>((resolve, reject) => {
        const timeout = setTimeout(() => reject(new Error("no payment.updated webhook within 60 s")), 60_000);
        arrived = () => {
            const event = events.find((e) => e.event === "payment.updated" && e.data.transaction_id === payment.id);
            if (event) {
                clearTimeout(timeout);
                resolve(event);
            }
        };
        arrived();
    });
    console.log("webhook:", completed.event, completed.data.status, "verified in both schemes");
    check(completed.data.status === "completed", "the payment is completed");

    const refund = (
        await walletpay.moneyOut.createRefund({ id: payment.id, createRefund: { amount: 250, reason: "one item returned" } })
    ).data;
    console.log("refund:", refund.id, refund.status, refund.amount);

    try {
        await walletpay.payments.getPayment({ id: "00000000-0000-4000-8000-000000000000" });
        check(false, "an unknown payment is an error");
    } catch (error) {
        const failure = await ApiError.from(error);
        check(failure.status === 404, "an unknown payment answers 404");
        console.log("unknown payment:", failure.status, failure.code);
    }

    const seen: string[] = [];
    for await (const each of iterate((startingAfter) => walletpay.payments.listPayments({ limit: 1, startingAfter }))) {
        seen.push(each.id);
    }
    check(seen.includes(payment.id), "the list holds the payment");
    console.log("listed:", seen.length, "payments");
    console.log("whole flow: ok");
    receiver.close();
}

function refused(verify: () => unknown): boolean {
    try {
        verify();
        return false;
    } catch (error) {
        return error instanceof InvalidSignature;
    }
}

main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
});
