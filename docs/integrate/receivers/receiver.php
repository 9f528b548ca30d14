<?php
// A walletpay webhook endpoint in PHP, no extension or package needed.
// Run:  WEBHOOK_SECRET=whsec_... php -S 127.0.0.1:8000 receiver.php
// (or put it behind your web server); then set the merchant's Webhook URL to this script's address.

const TOLERANCE_SECONDS = 300;

// The HMAC key: the base64 after "whsec_"; a secret issued before that format is used as it is.
function signing_key(string $secret): string
{
    // "whsec_" and padded base64: 6 characters and a multiple of 4
    if (str_starts_with($secret, 'whsec_') && strlen($secret) % 4 === 2) {
        $key = base64_decode(substr($secret, 6), true);
        if ($key !== false && $key !== '') {
            return $key;
        }
    }
    return $secret;
}

// The decoded event when a webhook-signature matches the exact body bytes; throws otherwise.
function verify_webhook(string $secret, array $headers, string $body): array
{
    $id = $headers['webhook-id'] ?? '';
    $timestamp = $headers['webhook-timestamp'] ?? '';
    if ($id === '' || !ctype_digit($timestamp)) {
        throw new InvalidArgumentException('missing webhook-id or webhook-timestamp');
    }
    if (abs(time() - (int) $timestamp) > TOLERANCE_SECONDS) {
        throw new InvalidArgumentException('timestamp too old or too new');
    }
    $expected = base64_encode(hash_hmac('sha256', "$id.$timestamp.$body", signing_key($secret), true));
    foreach (explode(' ', $headers['webhook-signature'] ?? '') as $signature) {
        [$version, $value] = array_pad(explode(',', $signature, 2), 2, '');
        if ($version === 'v1' && hash_equals($expected, $value)) {
            return json_decode($body, true, 512, JSON_THROW_ON_ERROR);
        }
    }
    throw new InvalidArgumentException('no matching signature');
}

$body = file_get_contents('php://input');
$headers = array_change_key_case(getallheaders(), CASE_LOWER);
try {
    $event = verify_webhook(getenv('WEBHOOK_SECRET'), $headers, $body);
} catch (InvalidArgumentException $refused) {
    http_response_code(400);
    echo $refused->getMessage();
    return;
}
// Acknowledge first; do the work idempotently, keyed by webhook-id (a delivery can arrive twice).
file_put_contents('php://stdout', sprintf("%s %s %s\n", $event['event'], $event['data']['transaction_id'] ?? '',
    $event['data']['status'] ?? ''));
http_response_code(204);
