// The generated client's configuration with what a shop needs around it: the token kept after authenticating,
// an Idempotency-Key on every create, retries on 429/503 after Retry-After, and errors read from the envelope.
import { randomUUID } from "node:crypto";
import {
    CheckoutApi,
    Configuration,
    MerchantAccountApi,
    MoneyOutApi,
    PaymentLinksApi,
    PaymentsApi,
    ResponseError,
    type FetchAPI,
    type Middleware,
    type Token,
    WebhooksApi,
} from "../generated";

export const RETRIED_STATUSES = [429, 503];

// the creates the service makes idempotent with an Idempotency-Key: a payment, a refund, a payout
const IDEMPOTENT_CREATES = [/\/api\/merchant\/payments\/wallet\/?$/, /\/api\/merchant\/payments\/[^/]+\/refunds$/, /\/api\/merchant\/payouts$/];

export interface WalletpayOptions {
    /** The service's public base URL (the `servers` URL of /openapi.yaml). */
    baseUrl: string;
    /** A token already obtained; `authenticate` gets one otherwise. */
    token?: string;
    /** How many times a 429 or 503 is sent again (default 3). */
    maxRetries?: number;
    /** The longest wait between two attempts, in seconds (default 30). */
    maxRetryWaitSeconds?: number;
    /** The fetch to send with (default: the global fetch). */
    fetch?: FetchAPI;
}

/** A fresh key for one logical request; send the same key again to retry that request safely. */
export function newIdempotencyKey(): string {
    return randomUUID();
}

/** One merchant's client: the generated APIs, sharing one configuration. */
export class Walletpay {
    readonly configuration: Configuration;
    readonly account: MerchantAccountApi;
    readonly payments: PaymentsApi;
    readonly moneyOut: MoneyOutApi;
    readonly paymentLinks: PaymentLinksApi;
    readonly webhooks: WebhooksApi;
    readonly checkout: CheckoutApi;
    token: string | undefined;

    constructor(options: WalletpayOptions) {
        this.token = options.token;
        this.configuration = new Configuration({
            basePath: options.baseUrl.replace(/\/+$/, ""),
            accessToken: () => this.token ?? "",
            fetchApi: retryingFetch(options.fetch ?? fetch, options.maxRetries ?? 3, options.maxRetryWaitSeconds ?? 30),
            middleware: [idempotencyKeyOnCreates],
        });
        this.account = new MerchantAccountApi(this.configuration);
        this.payments = new PaymentsApi(this.configuration);
        this.moneyOut = new MoneyOutApi(this.configuration);
        this.paymentLinks = new PaymentLinksApi(this.configuration);
        this.webhooks = new WebhooksApi(this.configuration);
        this.checkout = new CheckoutApi(this.configuration);
    }

    /** Gets a token (POST /api/merchant/token/) and keeps it for the following calls. */
    async authenticate(merchantId: string, secretKey: string): Promise<Token> {
        const answer = await this.account.createToken({ tokenRequest: { merchantId, secretKey } });
        this.token = answer.data.token;
        return answer.data;
    }
}

/** Adds a fresh Idempotency-Key to a create that has none, so that retrying it cannot make it twice. */
export const idempotencyKeyOnCreates: Middleware = {
    async pre({ url, init }) {
        const path = new URL(url).pathname;
        if ((init.method ?? "GET").toUpperCase() !== "POST" || !IDEMPOTENT_CREATES.some((create) => create.test(path))) {
            return undefined;
        }
        const headers = new Headers(init.headers);
        if (!headers.has("Idempotency-Key")) {
            headers.set("Idempotency-Key", newIdempotencyKey());
        }
        return { url, init: { ...init, headers } };
    },
};

/**
 * A fetch that sends a 429 or 503 again after the Retry-After the service gives (else 1, 2, 4 s; at most
 * `maxWaitSeconds`), only for GETs and requests with an Idempotency-Key, which cannot do a thing twice.
 */
export function retryingFetch(send: FetchAPI, maxRetries: number, maxWaitSeconds: number): FetchAPI {
    return async (input, init) => {
        const method = (init?.method ?? "GET").toUpperCase();
        const retrySafe = method === "GET" || method === "HEAD" || new Headers(init?.headers).has("Idempotency-Key");
        for (let attempt = 1; ; attempt++) {
            const response = await send(input, init);
            if (!RETRIED_STATUSES.includes(response.status) || !retrySafe || attempt > maxRetries) {
                return response;
            }
            await response.body?.cancel();
            const wait = retryWaitSeconds(response.headers.get("Retry-After"), attempt, maxWaitSeconds);
            await new Promise((resolve) => setTimeout(resolve, wait * 1000));
        }
    };
}

/** Retry-After in seconds or as an HTTP date when given, else 1, 2, 4 s; never below 0 nor above the cap. */
export function retryWaitSeconds(retryAfter: string | null, attempt: number, maxWaitSeconds: number): number {
    let wait = 2 ** (attempt - 1);
    if (retryAfter !== null && retryAfter.trim() !== "") {
        const seconds = Number(retryAfter);
        const date = Date.parse(retryAfter);
        if (Number.isFinite(seconds)) {
            wait = seconds;
        } else if (!Number.isNaN(date)) {
            wait = (date - Date.now()) / 1000;
        }
    }
    return Math.max(0, Math.min(wait, maxWaitSeconds));
}

/** A failure as the service explains it: the status and the envelope's `error` (other fields are kept). */
export class ApiError extends Error {
    constructor(
        readonly status: number,
        readonly code: string,
        message: string,
        readonly field: string | null,
        readonly requestId: string | null,
        readonly body: Record<string, unknown>,
    ) {
        super(`${status} ${code}: ${message}`);
        this.name = "ApiError";
    }

    /** Reads a generated client's `ResponseError`; any other error (a network failure) is thrown again. */
    static async from(error: unknown): Promise<ApiError> {
        if (!(error instanceof ResponseError)) {
            throw error;
        }
        const response = error.response;
        let envelope: Record<string, unknown> = {};
        try {
            envelope = (await response.clone().json()) as Record<string, unknown>;
        } catch {
            // not JSON: the status alone explains it
        }
        const detail = (typeof envelope.error === "object" && envelope.error !== null ? envelope.error : {}) as Record<string, unknown>;
        const text = (value: unknown): string | null => (typeof value === "string" ? value : null);
        return new ApiError(
            response.status,
            text(detail.code) ?? `http_${response.status}`,
            text(detail.message) ?? "",
            text(detail.field),
            text(detail.request_id) ?? text(envelope.request_id) ?? response.headers.get("X-Request-Id"),
            envelope,
        );
    }
}
