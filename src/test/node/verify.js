// Verifies one recorded delivery with the guide's Node receiver (which uses the official `standardwebhooks`
// package) and prints what each check said. Input on stdin, as JSON:
//   {"snippet": "<path of docs/integrate/receivers/receiver.js>", "secret": "whsec_...", "headers": {...}, "body_base64": "..."}
// Output: {"standard": "ok" | "<error>", "service": "ok" | "<error>", "payload": {...} | null}
const fs = require("fs");

const input = JSON.parse(fs.readFileSync(0, "utf8"));
const { verifyStandardWebhook, verifyServiceSignature } = require(input.snippet);
const body = Buffer.from(input.body_base64, "base64");
const result = { standard: null, service: null, payload: null };
try {
  result.payload = verifyStandardWebhook(input.secret, input.headers, body);
  result.standard = "ok";
} catch (e) {
  result.standard = String(e && e.message ? e.message : e);
}
try {
  verifyServiceSignature(input.secret, input.headers, body);
  result.service = "ok";
} catch (e) {
  result.service = String(e && e.message ? e.message : e);
}
process.stdout.write(JSON.stringify(result));
