// The signing rows of /docs#limits (src/docs/limits-guide.ts): certificate uploads and B-T's time-stamp authority,
// each number the constant the code enforces.
import { CERTIFICATE_UPLOADS_PER_MINUTE } from "../domain/accounts/admission";
import { MAX_CERTIFICATES_PER_ACCOUNT } from "../domain/certificates/create-certificate";
import { MAX_PKCS12_ITERATIONS } from "../domain/certificates/pkcs12-budget";
import { MAX_PKCS12_BYTES } from "../domain/certificates/read-pkcs12";
import { BREAKER, TIME_STAMP_CALLS } from "../domain/time-stamps/time-stamps";
import { TIME_STAMP_MAX_BYTES, TIME_STAMP_TIMEOUT_MS } from "../render/pdf/signing/time-stamp-client";

/** [what, limit, past it], as the limits table shows them. */
export const SIGNING_ROWS: Array<[string, string, string]> = [
  [
    "certificates",
    `${CERTIFICATE_UPLOADS_PER_MINUTE} uploads a minute per API key; ${MAX_CERTIFICATES_PER_ACCOUNT} live per ` +
      `account; a PKCS#12 file of ${MAX_PKCS12_BYTES / 1024} KB with at most ` +
      `${MAX_PKCS12_ITERATIONS.toLocaleString("en-US")} key-derivation iterations for the whole file (MAC, ` +
      "every encrypted part, a legacy part's key and IV apart), all read before deriving",
    "429 `rate_limited` (`certificate_uploads_per_minute`); 409 `conflict` (`certificate_limit`); 400 at `pkcs12` " +
      "(`details.max_bytes`, `details.max_iterations`)",
  ],
  [
    "B-T time-stamps",
    `${TIME_STAMP_CALLS.deployment} calls at once to the time-stamp authority for the whole service, ` +
      `${TIME_STAMP_CALLS.account} per account; no redirects, ${TIME_STAMP_TIMEOUT_MS / 1000} s, ` +
      `${TIME_STAMP_MAX_BYTES / 1024} KB read; after ${BREAKER.failures} failures within a minute, no call until ` +
      "the minute has passed",
    "`render_failed` (stage `signature`, retryable)",
  ],
];
