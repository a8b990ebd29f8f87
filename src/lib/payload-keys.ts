// No password at rest (README, "Document finishing"): what must be stored but never read back in plain text is
// sealed, and what is stored only to be compared is digested, each under a key derived from PAYLOAD_SECRET.
// Two keys from one secret (HKDF, each with its own purpose): AES-GCM seals a queued render's `encryption` option
// in its R2 payload; HMAC-SHA256 digests the passwords inside the cache key and the Idempotency-Key fingerprint,
// so neither is a bare hash anyone holding the database can test guesses against.

import { BoundedCache } from "./bounded-cache";

const encoder = new TextEncoder();
const SEAL_INFO = "folio/payload-seal/v1";
const DIGEST_INFO = "folio/digest/v1";
const IV_BYTES = 12;

export interface PayloadKeys {
  /** AES-GCM under the seal key, bound to `context` (the render id), as base64 of the IV and the ciphertext. */
  seal(plaintext: string, context: string): Promise<string>;
  /** The plaintext `seal` was given; throws when the secret changed or the text was altered or moved. */
  open(sealed: string, context: string): Promise<string>;
  /** HMAC-SHA256 of `message` under the digest key, in hex. */
  digest(message: string): Promise<string>;
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

type DerivedKeys = { seal: CryptoKey; digest: CryptoKey };

/**
 * Derived keys per secret, for the isolate's life: every request with an Idempotency-Key would otherwise derive them
 * anew.
 */
const derived = new BoundedCache<Promise<DerivedKeys>>(8);

/**
 * The keys derived from `secret()`, read only when first used (a request that seals and digests nothing needs no
 * secret).
 */
export function payloadKeys(secret: () => string): PayloadKeys {
  const derive = () => {
    const value = secret();
    return derived.get(value, async () => {
      const master = await crypto.subtle.importKey("raw", encoder.encode(value), "HKDF", false, ["deriveKey"]);
      const params = (info: string) => ({
        name: "HKDF",
        hash: "SHA-256",
        salt: new Uint8Array(0),
        info: encoder.encode(info),
      });
      return {
        seal: await deriveSealKey(value, SEAL_INFO),
        digest: await crypto.subtle.deriveKey(
          params(DIGEST_INFO),
          master,
          { name: "HMAC", hash: "SHA-256", length: 256 },
          false,
          ["sign"],
        ),
      };
    });
  };
  return {
    async seal(plaintext, context) {
      return sealBytes((await derive()).seal, encoder.encode(plaintext), context);
    },
    async open(sealed, context) {
      return new TextDecoder().decode(await openBytes((await derive()).seal, sealed, context));
    },
    async digest(message) {
      const mac = await crypto.subtle.sign("HMAC", (await derive()).digest, encoder.encode(message));
      return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, "0")).join("");
    },
  };
}

/** AES-GCM under `key`, bound to `context`, as base64 of the IV and the ciphertext. */
export async function sealBytes(key: CryptoKey, plaintext: Uint8Array, context: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const additionalData = encoder.encode(context);
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData }, key, plaintext);
  return toBase64(new Uint8Array([...iv, ...new Uint8Array(sealed)]));
}

/** What `sealBytes` sealed; throws when the key or the context differ or the text was altered. */
export async function openBytes(key: CryptoKey, sealed: string, context: string): Promise<Uint8Array> {
  const bytes = fromBase64(sealed);
  const iv = bytes.subarray(0, IV_BYTES);
  const additionalData = encoder.encode(context);
  return new Uint8Array(
    await crypto.subtle.decrypt({ name: "AES-GCM", iv, additionalData }, key, bytes.subarray(IV_BYTES)),
  );
}

const sealKeys = new BoundedCache<Promise<CryptoKey>>(8);

/** An AES-GCM key derived (HKDF) from `secret` for the purpose `info`, once per secret and purpose. */
export function deriveSealKey(secret: string, info: string): Promise<CryptoKey> {
  return sealKeys.get(`${info}\n${secret}`, async () => {
    const master = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"]);
    const params = { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode(info) };
    return crypto.subtle.deriveKey(params, master, { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
  });
}
