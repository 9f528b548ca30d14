// The helpers alone, with node:test: webhook signatures in both schemes, retries, Idempotency-Key and pages.
import { strict as assert } from "node:assert";
import { createHmac } from "node:crypto";
import { test } from "node:test";
import { InvalidSignature, idempotencyKeyOnCreates, iterate, retryWaitSeconds, retryingFetch, verifyWebhook } from "../src";

const secret = "whsec_" + Buffer.alloc(32, 7).toString("base64");
const body = Buffer.from('{"event":"payment.updated","version":"v1","timestamp":"t","data":{"status":"completed"}}');

function standardHeaders(id: string, timestamp: number, key: Buffer): Record<string, string> {
    const signature = createHmac("sha256", key).update(`${id}.${timestamp}.`).update(body).digest("base64");
    return { "Webhook-Id": id, "Webhook-Timestamp": String(timestamp), "Webhook-Signature": `v1,AAAA v1,${signature}` };
}

test("a Standard Webhooks signature verifies, keyed with the decoded whsec_ secret, among several", () => {
    const now = 1_800_000_000;
    const event = verifyWebhook(body, standardHeaders("msg_1", now, Buffer.alloc(32, 7)), secret, now);
    assert.equal(event.data.status, "completed");
});

test("an older secret keys the standard signature with its own bytes", () => {
    const raw = "whsec_not-standard-base64_";
    const now = 1_800_000_000;
    assert.equal(verifyWebhook(body, standardHeaders("msg_1", now, Buffer.from(raw)), raw, now).event, "payment.updated");
});

test("an altered body, another secret or an old timestamp is refused", () => {
    const now = 1_800_000_000;
    const headers = standardHeaders("msg_1", now, Buffer.alloc(32, 7));
    assert.throws(() => verifyWebhook(Buffer.concat([body, Buffer.from(" ")]), headers, secret, now), InvalidSignature);
    assert.throws(() => verifyWebhook(body, headers, "whsec_" + Buffer.alloc(32, 8).toString("base64"), now), InvalidSignature);
    assert.throws(() => verifyWebhook(body, headers, secret, now + 301), InvalidSignature);
});

test("without the standard headers, X-Service-Signature decides", () => {
    const hex = createHmac("sha256", secret).update(body).digest("hex");
    assert.equal(verifyWebhook(body, { "x-service-signature": `sha256=${hex}` }, secret).event, "payment.updated");
    assert.throws(() => verifyWebhook(body, { "x-service-signature": `sha256=${"0".repeat(64)}` }, secret), InvalidSignature);
    assert.throws(() => verifyWebhook(body, {}, secret), InvalidSignature);
});

function answering(statuses: number[], retryAfter: string | null): { send: typeof fetch; calls: () => number } {
    let calls = 0;
    const send = (async () => {
        const status = statuses[Math.min(calls++, statuses.length - 1)];
        return new Response(status === 200 ? "{}" : "{}", { status, headers: retryAfter === null ? {} : { "Retry-After": retryAfter } });
    }) as typeof fetch;
    return { send, calls: () => calls };
}

test("a GET answered 503 then 429 is sent again until it succeeds", async () => {
    const service = answering([503, 429, 200], "0");
    const answer = await retryingFetch(service.send, 3, 30)("http://walletpay.test/api/merchant/payments", { method: "GET" });
    assert.equal(answer.status, 200);
    assert.equal(service.calls(), 3);
});

test("a POST without an Idempotency-Key is sent once; with one it is retried, at most maxRetries times", async () => {
    const once = answering([503], "0");
    assert.equal((await retryingFetch(once.send, 3, 30)("http://walletpay.test/x", { method: "POST" })).status, 503);
    assert.equal(once.calls(), 1);
    const keyed = answering([503], "0");
    const init = { method: "POST", headers: { "Idempotency-Key": "k" } };
    assert.equal((await retryingFetch(keyed.send, 2, 30)("http://walletpay.test/x", init)).status, 503);
    assert.equal(keyed.calls(), 3);
});

test("Retry-After is read in seconds or as a date, capped, else 1, 2, 4 s", () => {
    assert.equal(retryWaitSeconds("7", 1, 30), 7);
    assert.equal(retryWaitSeconds("120", 1, 30), 30);
    assert.equal(retryWaitSeconds(new Date(Date.now() - 5000).toUTCString(), 1, 30), 0);
    assert.equal(retryWaitSeconds(null, 3, 30), 4);
});

test("a create gets a fresh Idempotency-Key unless it has one; other requests get none", async () => {
    const pre = idempotencyKeyOnCreates.pre!;
    const fetchApi = fetch;
    const created = await pre({ fetch: fetchApi, url: "http://w.test/api/merchant/payments/wallet/", init: { method: "POST", headers: {} } });
    assert.match(new Headers(created!.init.headers).get("Idempotency-Key") ?? "", /^[0-9a-f-]{36}$/);
    const kept = await pre({ fetch: fetchApi, url: "http://w.test/api/merchant/payments/p1/refunds", init: { method: "POST", headers: { "Idempotency-Key": "mine" } } });
    assert.equal(new Headers(kept!.init.headers).get("Idempotency-Key"), "mine");
    assert.equal(await pre({ fetch: fetchApi, url: "http://w.test/api/merchant/token/", init: { method: "POST", headers: {} } }), undefined);
});

test("iterate follows starting_after from the last id while has_more", async () => {
    const asked: Array<string | undefined> = [];
    const pages: Record<string, { data: { id: string }[]; hasMore: boolean }> = {
        first: { data: [{ id: "c" }, { id: "b" }], hasMore: true },
        b: { data: [{ id: "a" }], hasMore: false },
    };
    const ids: string[] = [];
    for await (const item of iterate(async (after) => {
        asked.push(after);
        return pages[after ?? "first"];
    })) {
        ids.push(item.id);
    }
    assert.deepEqual(ids, ["c", "b", "a"]);
    assert.deepEqual(asked, [undefined, "b"]);
});
