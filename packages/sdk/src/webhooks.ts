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
  /**
   * Also accept a delivery signed only with Folio's v1 `X-Service-Signature` (for receivers that strip the
   * Standard Webhooks headers). Off by default: that signature covers the body alone, so its timestamp header
   * proves nothing; when on, the signed body's `created_at` must be within the tolerance instead.
   */
  allowServiceSignature?: boolean;
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

/**
 * Copied into a fresh ArrayBuffer: some runtimes' typings give TextEncoder a buffer that may be shared, which Web
 * Crypto's typings refuse.
 */
const utf8 = (text: string): Bytes => new Uint8Array(encoder.encode(text));
const bytesOf = (body: string | Uint8Array | ArrayBuffer): Bytes =>
  typeof body === "string" ? utf8(body) : new Uint8Array(body);

function concat(...parts: Bytes[]): Bytes {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

function fromBase64(text: string): Bytes | null {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

const fromHex = (text: string): Bytes | null =>
  /^[0-9a-f]{64}$/i.test(text) ? Uint8Array.from(text.match(/../g) ?? [], (pair) => parseInt(pair, 16)) : null;

/** HMAC-SHA256 checked by Web Crypto's verify, which compares in constant time, unlike `===` on strings. */
async function hmacMatches(key: Bytes, message: Bytes, signature: Bytes | null): Promise<boolean> {
  if (signature === null) return false;
  const cryptoKey = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
  return crypto.subtle.verify("HMAC", cryptoKey, signature, message);
}

function withinTolerance(seconds: number, shown: string, options: VerifyOptions): void {
  const now = options.now?.() ?? Math.floor(Date.now() / 1000);
  if (!Number.isFinite(seconds) || Math.abs(now - seconds) > (options.toleranceSeconds ?? 300)) {
    throw new WebhookVerificationError(
      "stale_timestamp",
      `the delivery's time ${shown} is not within ${options.toleranceSeconds ?? 300} s of now (${now})`,
    );
  }
}

function checkTimestamp(timestamp: string, options: VerifyOptions): void {
  withinTolerance(/^\d+$/.test(timestamp) ? Number(timestamp) : Number.NaN, timestamp, options);
}

/**
 * Standard Webhooks: `v1,<base64 HMAC of "id.timestamp.body">` keyed with the base64 decoding of the secret after
 * `whsec_`; several space-separated signatures may come.
 */
async function standardSignatureMatches(
  body: Bytes,
  id: string,
  timestamp: string,
  signatures: string,
  secret: string,
): Promise<boolean> {
  const key = fromBase64(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret);
  if (key === null) return false;
  const message = concat(utf8(`${id}.${timestamp}.`), body);
  const candidates = signatures.split(" ").filter((s) => s.startsWith("v1,"));
  const results = await Promise.all(candidates.map((s) => hmacMatches(key, message, fromBase64(s.slice(3)))));
  return results.includes(true);
}

function parseEvent(body: Bytes): WebhookEvent {
  try {
    return JSON.parse(new TextDecoder().decode(body)) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError("bad_body", "the signed body is not JSON");
  }
}

/**
 * Checks a delivery and answers its event, or throws WebhookVerificationError. Pass the raw body exactly as
 * received (before any JSON parsing). The Standard Webhooks headers are what is checked: they sign the id and
 * the timestamp with the body, and the timestamp must be within the tolerance, so a captured delivery cannot be
 * replayed later. Folio's v1 `X-Service-Signature: sha256=<hex HMAC of the body>` (keyed with the secret's text)
 * is accepted only with `allowServiceSignature`, and then the signed body's `created_at` is what must be recent:
 * dropping the Standard headers and writing a fresh `X-Service-Timestamp` cannot make an old delivery pass.
 */
export async function verify(
  rawBody: string | Uint8Array | ArrayBuffer,
  headers: WebhookHeaders,
  secret: string,
  options: VerifyOptions = {},
): Promise<WebhookEvent> {
  const body = bytesOf(rawBody);
  const [id, standardTimestamp, standardSignature] = ["webhook-id", "webhook-timestamp", "webhook-signature"].map(
    (name) => header(headers, name),
  );
  if (id && standardTimestamp && standardSignature) {
    checkTimestamp(standardTimestamp, options);
    if (!(await standardSignatureMatches(body, id, standardTimestamp, standardSignature, secret))) throw badSignature();
    return parseEvent(body);
  }
  const v1Signature = header(headers, "x-service-signature");
  if (!options.allowServiceSignature || !v1Signature) {
    const hint = v1Signature
      ? " (an X-Service-Signature alone is accepted only with { allowServiceSignature: true })"
      : "";
    throw new WebhookVerificationError(
      "missing_headers",
      `the webhook-id, webhook-timestamp and webhook-signature headers did not all come with the delivery${hint}`,
    );
  }
  if (!v1Signature.startsWith("sha256=") || !(await hmacMatches(utf8(secret), body, fromHex(v1Signature.slice(7)))))
    throw badSignature();
  const event = parseEvent(body);
  withinTolerance(Date.parse(event.created_at) / 1000, `created_at ${JSON.stringify(event.created_at)}`, options);
  return event;
}

const badSignature = () =>
  new WebhookVerificationError("bad_signature", "the signature does not match this body and secret");
