import { BoundedCache } from "./bounded-cache";

const encoder = new TextEncoder();

/** Lower-case hex of bytes. */
export function toHex(bytes: ArrayBuffer | ArrayBufferView): string {
  const view = ArrayBuffer.isView(bytes)
    ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    : new Uint8Array(bytes);
  return [...view].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function sha256Hex(input: string | Uint8Array): Promise<string> {
  const bytes = typeof input === "string" ? encoder.encode(input) : input;
  return toHex(await crypto.subtle.digest("SHA-256", bytes));
}

/** Imported HMAC keys per secret: every signed URL and webhook would otherwise import the same key again. */
const hmacKeys = new BoundedCache<Promise<CryptoKey>>(64);

/** HMAC-SHA256 of `message` under the key whose raw bytes `keyBytes()` gives; `cacheKey` names that key. */
async function hmacSha256(
  cacheKey: string,
  keyBytes: () => Uint8Array,
  message: string | Uint8Array,
): Promise<ArrayBuffer> {
  const key = await hmacKeys.get(cacheKey, () =>
    crypto.subtle.importKey("raw", keyBytes(), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]),
  );
  return crypto.subtle.sign("HMAC", key, typeof message === "string" ? encoder.encode(message) : message);
}

/** Keyed with the secret's UTF-8 bytes, answered in hex: signed file URLs and the v1 webhook signature. */
export async function hmacSha256Hex(secret: string, message: string | Uint8Array): Promise<string> {
  return toHex(await hmacSha256(`utf8:${secret}`, () => encoder.encode(secret), message));
}

/** Keyed with the base64 decoding of `base64Key`, answered in base64: the Standard Webhooks signature. */
export async function hmacSha256Base64(base64Key: string, message: string): Promise<string> {
  const signature = await hmacSha256(
    `base64:${base64Key}`,
    () => Uint8Array.from(atob(base64Key), (c) => c.charCodeAt(0)),
    message,
  );
  return btoa(String.fromCharCode(...new Uint8Array(signature)));
}

/** Compares two strings in time that depends only on their lengths, never on where they differ. */
export function timingSafeEqual(a: string, b: string): boolean {
  const left = encoder.encode(a);
  const right = encoder.encode(b);
  if (left.byteLength !== right.byteLength) {
    crypto.subtle.timingSafeEqual(left, left);
    return false;
  }
  return crypto.subtle.timingSafeEqual(left, right);
}
