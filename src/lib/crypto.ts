import { BoundedCache } from "./bounded-cache";

const encoder = new TextEncoder();

function toHex(buffer: ArrayBuffer): string {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function sha256Hex(input: string | Uint8Array): Promise<string> {
  const bytes = typeof input === "string" ? encoder.encode(input) : input;
  return toHex(await crypto.subtle.digest("SHA-256", bytes));
}

/** Imported HMAC keys per secret: every signed URL and webhook would otherwise import the same key again. */
const hmacKeys = new BoundedCache<Promise<CryptoKey>>(64);

export async function hmacSha256Hex(secret: string, message: string | Uint8Array): Promise<string> {
  const key = await hmacKeys.get(secret, () => crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]));
  const bytes = typeof message === "string" ? encoder.encode(message) : message;
  return toHex(await crypto.subtle.sign("HMAC", key, bytes));
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
