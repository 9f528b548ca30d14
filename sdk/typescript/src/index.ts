// walletpay's TypeScript SDK: the generated client (every operation and model) and the helpers around it.
export * from "../generated";
export { ApiError, Walletpay, idempotencyKeyOnCreates, newIdempotencyKey, retryWaitSeconds, retryingFetch } from "./client";
export type { WalletpayOptions } from "./client";
export { iterate } from "./pages";
export type { Page } from "./pages";
export { InvalidSignature, TOLERANCE_SECONDS, verifyServiceSignature, verifyStandard, verifyWebhook } from "./webhooks";
export type { WebhookEvent, WebhookHeaders } from "./webhooks";
