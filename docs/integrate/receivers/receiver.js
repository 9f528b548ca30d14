// A walletpay webhook endpoint in Node, with the official Standard Webhooks package.
// Run:  npm install standardwebhooks && WEBHOOK_SECRET=whsec_... PORT=8000 node receiver.js
// Then set the merchant's Webhook URL to http://<this host>:8000/webhooks/walletpay.
const crypto = require("crypto");
const http = require("http");
const { Webhook } = require("standardwebhooks");

// secret: your webhook_secret; headers: lower-case names; rawBody: a Buffer of the exact body bytes.
// Returns the parsed event; throws unless a signature matches (and refuses timestamps over 5 minutes away).
function verifyStandardWebhook(secret, headers, rawBody) {
  // secrets issued before Standard Webhooks support are not standard base64: the library takes them "raw"
  const standard = /^whsec_(?:[A-Za-z0-9+/]{4})+$|^whsec_(?:[A-Za-z0-9+/]{4})*[A-Za-z0-9+/]{2}(?:==|[A-Za-z0-9+/]=)$/;
  const webhook = standard.test(secret) ? new Webhook(secret) : new Webhook(secret, { format: "raw" });
  return webhook.verify(rawBody.toString("utf8"), headers);
}

// The same check over X-Service-Signature (hex HMAC-SHA256 of the body, keyed with the secret string).
function verifyServiceSignature(secret, headers, rawBody) {
  const expected = Buffer.from("sha256=" + crypto.createHmac("sha256", secret).update(rawBody).digest("hex"));
  const given = Buffer.from(headers["x-service-signature"] || "");
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
    throw new Error("X-Service-Signature does not match");
  }
}

function serve(secret, port) {
  return http
    .createServer((request, response) => {
      const chunks = [];
      request.on("data", (chunk) => chunks.push(chunk));
      request.on("end", () => {
        let event;
        try {
          event = verifyStandardWebhook(secret, request.headers, Buffer.concat(chunks));
        } catch (refused) {
          response.writeHead(400).end(String(refused.message));
          return;
        }
        // Acknowledge first; do the work idempotently, keyed by webhook-id (a delivery can arrive twice).
        console.log(event.event, event.data.transaction_id || "", event.data.status || "");
        response.writeHead(204).end();
      });
    })
    .listen(port, "127.0.0.1");
}

module.exports = { verifyStandardWebhook, verifyServiceSignature };

if (require.main === module) {
  serve(process.env.WEBHOOK_SECRET, Number(process.env.PORT || 8000));
}
