// The call to the deployment's RFC 3161 time-stamp authority (docs/limits.md#time-stamps): through the egress policy,
// no redirects, 5 s for the whole answer, at most 64 KB of it read, then every check of time-stamp-token.ts.

import { checkUrl, type EgressPolicy } from "@folio/render-page/egress-policy";
import { ServiceError } from "../../../errors";
import { readCapped } from "../../../lib/read-capped";
import type { DigestName } from "./cms-signature";
import { checkedTimeStamp, type TimeStamp, timeStampFailed, timeStampQuery } from "./time-stamp-token";

/** The whole call, connection to last byte: a signing render waits for it (docs/limits.md#time-stamps). */
export const TIME_STAMP_TIMEOUT_MS = 5_000;
/** A token with its authority's chain fits in a few KB; more is not an answer Folio reads. */
export const TIME_STAMP_MAX_BYTES = 64 * 1024;

/** The authority's answer as bytes, or a `timeStampFailed` error saying in Folio's words why not. */
async function answerOf(url: URL, query: Uint8Array): Promise<Uint8Array> {
  const signal = AbortSignal.timeout(TIME_STAMP_TIMEOUT_MS);
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/timestamp-query", accept: "application/timestamp-reply" },
      body: query,
      redirect: "manual",
      signal,
    });
    if (response.status !== 200) {
      await response.body?.cancel();
      throw timeStampFailed(
        response.status >= 300 && response.status < 400
          ? "the time-stamp authority answered with a redirect, which Folio does not follow"
          : `the time-stamp authority answered HTTP ${response.status}`,
      );
    }
    return await readCapped(response.body, TIME_STAMP_MAX_BYTES, () =>
      timeStampFailed("the time-stamp authority's answer is larger than 64 KB"),
    );
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    if (signal.aborted) throw timeStampFailed("the time-stamp authority did not answer within 5 s");
    throw timeStampFailed("the time-stamp authority could not be reached");
  }
}

/**
 * A checked RFC 3161 token over `signature` (its `digest` names the imprint's hash) from the authority at
 * `authorityUrl`, judged by `policy` first; `now` is the clock the token's time must be near.
 */
export async function requestTimeStamp(
  authorityUrl: string,
  policy: EgressPolicy,
  signature: Uint8Array,
  digest: DigestName,
  now: () => Date,
): Promise<TimeStamp> {
  const verdict = checkUrl(authorityUrl, policy);
  // The reason names the authority's address, which a render's error never shows: the setting is named instead.
  if (!verdict.ok)
    throw timeStampFailed("the deployment's time-stamp authority (SIGN_TSA_URL) is not an address Folio may call");
  const query = await timeStampQuery(signature, digest);
  const answer = await answerOf(verdict.url, query.der);
  return checkedTimeStamp(answer, query, signature, now());
}
