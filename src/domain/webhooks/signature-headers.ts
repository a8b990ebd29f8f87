import { hmacSha256Base64, hmacSha256Hex } from "../../lib/crypto";

const SECRET_PREFIX = "whsec_";

/**
 * The signing headers of one attempt, in both schemes, over the same raw body and timestamp:
 * Folio's v1 (`X-Service-Signature: sha256=<hex HMAC of the body>` keyed with the secret as text) and
 * Standard Webhooks (`webhook-signature: v1,<base64 HMAC of "id.timestamp.body">` keyed with the base64
 * decoding of the secret after `whsec_`), so the `standardwebhooks` and `svix` verifiers accept the
 * account's secret exactly as it was shown.
 */
export async function signatureHeaders(
  secret: string,
  deliveryId: string,
  attempt: number,
  timestamp: number,
  rawBody: string,
): Promise<Record<string, string>> {
  const standardKey = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  const [v1, standard] = await Promise.all([
    hmacSha256Hex(secret, rawBody),
    hmacSha256Base64(standardKey, `${deliveryId}.${timestamp}.${rawBody}`),
  ]);
  return {
    "x-service-signature": `sha256=${v1}`,
    "x-service-delivery": deliveryId,
    "x-service-attempt": String(attempt),
    "x-service-timestamp": String(timestamp),
    "webhook-id": deliveryId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": `v1,${standard}`,
  };
}
