// What a B-T signature asks of the deployment's time-stamp authority (src/domain/time-stamps/time-stamps.ts):
// one call, bounded and checked (docs/limits.md#time-stamps).
import type { TimeStamp } from "../../render/pdf/signing/time-stamp-token";

export type { TimeStamp };

export interface TimeStampAsk {
  /** Whose render asks: an account holds at most 2 of the authority's calls at once. */
  accountId: string;
  /** The CMS signer's signature value, which the token's imprint covers. */
  signature: Uint8Array;
  /** The signature's digest, which the imprint uses too. */
  digest: "SHA-256" | "SHA-384";
}

export interface TimeStampsPort {
  /**
   * A checked token over `signature`, with the receipt's facts (the authority's certificate subject, its time, the
   * token's serial); any failure is `render_failed` with `details.stage` "signature", retryable.
   */
  stamp(ask: TimeStampAsk): Promise<TimeStamp>;
}
