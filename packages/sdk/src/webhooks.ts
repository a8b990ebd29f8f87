import type { components } from "./schema.js";

/** What Folio POSTs to a `webhook_url`: `data` is the render as GET /v1/renders/{id} answered at delivery time. */
export interface WebhookEvent {
  type: "render.succeeded" | "render.failed";
  created_at: string;
  data: components["schemas"]["Render"];
}

export interface VerifyOptions {
  /** How far the delivery's timestamp may be from now, either way (default 300 s). */
  toleranceSeconds?: number;
  /** Now, in unix seconds (tests pin it). */
  now?: () => number;
}

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export class WebhookVerificationError extends Error {
  override readonly name = "WebhookVerificationError";
  constructor(
    readonly reason: "missing_headers" | "stale_timestamp" | "bad_signature" | "bad_body",
    message: string,
  ) {
    super(message);
  }
}

const encoder = new TextEncoder();
const SECRET_PREFIX = "whsec_";

function header(headers: WebhookHeaders, name: string): string | null {
  if (headers instanceof Headers) return headers.get(name);
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  const value = entry?.[1];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

type Bytes = Uint8Array<ArrayBuffer>;

/** Copied into a fresh ArrayBuffer: some runtimes' typings give TextEncoder a buffer that may be shared, which Web Crypto's typings refuse. */
const utf8 = (text: string): Bytes => new Uint8Array(encoder.encode(text));
const bytesOf = (body: string | Uint8Array | ArrayBuffer): Bytes => (typeof body === "string" ? utf8(body) : new Uint8Array(body));

function concat(...parts: Bytes[]): Bytes {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  parts.reduce((at, part) => (out.set(part, at), at + part.byteLength), 0);
  return out;
}

function fromBase64(text: string): Bytes | null {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

const fromHex = (text: string): Bytes | null => (/^[0-9a-f]{64}$/i.test(text) ? Uint8Array.from(text.match(/../g)!, (pair) => parseInt(pair, 16)) : null);

/** HMAC-SHA256 checked by Web Crypto's verify, which compares in constant time, unlike `===` on strings. */
async function hmacMatches(key: Bytes, message: Bytes, signature: Bytes | null): Promise<boolean> {
  if (signature === null) return false;
  const cryptoKey = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
  return crypto.subtle.verify("HMAC", cryptoKey, signature, message);
}

function checkTimestamp(timestamp: string, options: VerifyOptions): void {
  const seconds = Number(timestamp);
  const now = options.now?.() ?? Math.floor(Date.now() / 1000);
  if (!/^\d+$/.test(timestamp) || Math.abs(now - seconds) > (options.toleranceSeconds ?? 300)) {
    throw new WebhookVerificationError("stale_timestamp", `the delivery's timestamp ${timestamp} is not within ${options.toleranceSeconds ?? 300} s of now (${now})`);
  }
}

/** Standard Webhooks: `v1,<base64 HMAC of "id.timestamp.body">` keyed with the base64 decoding of the secret after `whsec_`; several space-separated signatures may come. */
async function standardSignatureMatches(body: Bytes, id: string, timestamp: string, signatures: string, secret: string): Promise<boolean> {
  const key = fromBase64(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret);
  if (key === null) return false;
  const message = concat(utf8(`${id}.${timestamp}.`), body);
  const candidates = signatures.split(" ").filter((s) => s.startsWith("v1,"));
  const results = await Promise.all(candidates.map((s) => hmacMatches(key, message, fromBase64(s.slice(3)))));
  return results.includes(true);
}

/**
 * Checks a delivery and answers its event, or throws WebhookVerificationError. Pass the raw body exactly as
 * received (before any JSON parsing). The Standard Webhooks headers are checked when present (they sign the
 * timestamp too); otherwise Folio's v1 `X-Service-Signature: sha256=<hex HMAC of the body>`, keyed with the
 * secret's text. Either way the timestamp must be within the tolerance, so a captured delivery cannot be
 * replayed later.
 */
export async function verify(rawBody: string | Uint8Array | ArrayBuffer, headers: WebhookHeaders, secret: string, options: VerifyOptions = {}): Promise<WebhookEvent> {
  const body = bytesOf(rawBody);
  const [id, standardTimestamp, standardSignature] = ["webhook-id", "webhook-timestamp", "webhook-signature"].map((name) => header(headers, name));
  const [v1Signature, v1Timestamp] = ["x-service-signature", "x-service-timestamp"].map((name) => header(headers, name));
  let valid: boolean;
  if (id && standardTimestamp && standardSignature) {
    checkTimestamp(standardTimestamp, options);
    valid = await standardSignatureMatches(body, id, standardTimestamp, standardSignature, secret);
  } else if (v1Signature && v1Timestamp) {
    checkTimestamp(v1Timestamp, options);
    valid = v1Signature.startsWith("sha256=") && (await hmacMatches(utf8(secret), body, fromHex(v1Signature.slice(7))));
  } else {
    throw new WebhookVerificationError("missing_headers", "neither webhook-id/webhook-timestamp/webhook-signature nor X-Service-Signature/X-Service-Timestamp came with the delivery");
  }
  if (!valid) throw new WebhookVerificationError("bad_signature", "the signature does not match this body and secret");
  try {
    return JSON.parse(new TextDecoder().decode(body)) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError("bad_body", "the signed body is not JSON");
  }
}
