const LOWER_ALNUM = "abcdefghijklmnopqrstuvwxyz0123456789";
const MIXED_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** Uniformly random characters from `alphabet`: bytes past the largest multiple of its length are redrawn. */
export function randomString(length: number, alphabet: string): string {
  const limit = 256 - (256 % alphabet.length);
  let out = "";
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < limit && out.length < length) out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}

/**
 * `prv`: a preview, never stored; its id only names the Chromium slot it holds. `test`: a webhook test event's
 * delivery id (`webhook-id`), never stored either.
 */
export type IdPrefix = "rnd" | "tpl" | "tv" | "bat" | "acct" | "key" | "prv" | "test" | "crt";

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomString(24, LOWER_ALNUM)}`;
}

export function newSecret(prefix: "folio_sk_" | "whsec_" | "vt_"): string {
  return `${prefix}${randomString(40, MIXED_ALNUM)}`;
}

export const API_KEY_PATTERN = /^folio_sk_[A-Za-z0-9]{40}$/;
