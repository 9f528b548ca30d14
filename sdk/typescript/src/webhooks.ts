// Verifying a webhook walletpay sent, in either of its two signature schemes, over the raw body bytes.
import { createHmac, timingSafeEqual } from "node:crypto";

export const TOLERANCE_SECONDS = 5 * 60;

/** The delivery is not from walletpay (or was altered, or is too old): answer 400 and drop it. */
export class InvalidSignature extends Error {
    constructor(message: string) {
        super(message);
        this.name = "InvalidSignature";
    }
}

/** A delivery's headers: a fetch `Headers`, or a plain object as node:http gives it (any case). */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

/** The body of every event: `event`, `version`, `timestamp` and the event's `data`; later fields are kept. */
export interface WebhookEvent {
    event: string;
    version: string;
    timestamp: string;
    data: Record<string, unknown>;
    [field: string]: unknown;
}

/**
 * Answers the parsed event when `body` (the bytes as received) carries a valid signature, else throws
 * `InvalidSignature`. The Standard Webhooks signature (`webhook-id`, `webhook-timestamp` within 5 minutes,
 * `webhook-signature`) is checked when present; otherwise `X-Service-Signature`. `secret` is the `whsec_…`
 * webhook secret.
 */
export function verifyWebhook(
    body: Uint8Array | string,
    headers: WebhookHeaders,
    secret: string,
    nowSeconds: number = Date.now() / 1000,
): WebhookEvent {
    const bytes = asBytes(body);
    const standard = header(headers, "webhook-signature");
    if (standard !== undefined) {
        verifyStandard(bytes, headers, secret, nowSeconds);
    } else {
        verifyServiceSignature(bytes, header(headers, "x-service-signature"), secret);
    }
    return JSON.parse(Buffer.from(bytes).toString("utf8")) as WebhookEvent;
}

/** `X-Service-Signature: sha256=<hex>`: HMAC-SHA256 of the body keyed with the secret string. */
export function verifyServiceSignature(body: Uint8Array | string, signature: string | undefined, secret: string): void {
    if (signature === undefined || !signature.startsWith("sha256=")) {
        throw new InvalidSignature("no X-Service-Signature");
    }
    const expected = createHmac("sha256", secret).update(asBytes(body)).digest("hex");
    if (!sameText(expected, signature.slice("sha256=".length))) {
        throw new InvalidSignature("X-Service-Signature does not match");
    }
}

/** Standard Webhooks: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, one per active secret, space-separated. */
export function verifyStandard(
    body: Uint8Array | string,
    headers: WebhookHeaders,
    secret: string,
    nowSeconds: number = Date.now() / 1000,
): void {
    const id = header(headers, "webhook-id");
    const timestamp = header(headers, "webhook-timestamp");
    const signatures = header(headers, "webhook-signature");
    if (!id || !timestamp || !signatures) {
        throw new InvalidSignature("webhook-id, webhook-timestamp or webhook-signature missing");
    }
    if (!/^[0-9]+$/.test(timestamp)) {
        throw new InvalidSignature("webhook-timestamp is not a number");
    }
    if (Math.abs(nowSeconds - Number(timestamp)) > TOLERANCE_SECONDS) {
        throw new InvalidSignature("webhook-timestamp too far from now");
    }
    const expected = createHmac("sha256", key(secret))
        .update(`${id}.${timestamp}.`)
        .update(asBytes(body))
        .digest("base64");
    for (const candidate of signatures.split(" ")) {
        const comma = candidate.indexOf(",");
        if (comma > 0 && candidate.slice(0, comma) === "v1" && sameText(expected, candidate.slice(comma + 1))) {
            return;
        }
    }
    throw new InvalidSignature("no webhook-signature matches");
}

// whsec_ and standard base64: the key is the decoded part; an older secret is used as it is (a "raw" secret)
function key(secret: string): Buffer {
    const encoded = secret.startsWith("whsec_") ? secret.slice("whsec_".length) : undefined;
    if (encoded !== undefined && /^[A-Za-z0-9+/]+={0,2}$/.test(encoded) && encoded.length % 4 === 0) {
        return Buffer.from(encoded, "base64");
    }
    return Buffer.from(secret, "utf8");
}

function header(headers: WebhookHeaders, name: string): string | undefined {
    if (typeof Headers !== "undefined" && headers instanceof Headers) {
        return headers.get(name) ?? undefined;
    }
    const plain = headers as Record<string, string | string[] | undefined>;
    for (const field of Object.keys(plain)) {
        if (field.toLowerCase() === name) {
            const value = plain[field];
            return Array.isArray(value) ? value.join(" ") : value;
        }
    }
    return undefined;
}

function asBytes(body: Uint8Array | string): Uint8Array {
    return typeof body === "string" ? Buffer.from(body, "utf8") : body;
}

function sameText(expected: string, given: string): boolean {
    const a = Buffer.from(expected, "utf8");
    const b = Buffer.from(given, "utf8");
    return a.length === b.length && timingSafeEqual(a, b);
}
