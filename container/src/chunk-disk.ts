// How much disk the printed pieces of chunked renders may take (docs/limits.md#disk-and-money): an account holds at
// most the pieces of its renders in flight, up to a ceiling of its own and, with every other account, the instance's.
// Pages, not page counts, decide it: 3.9 KB a page of the statement fixture, 28 MB a page of drawn noise.
import { DISK_RETRY_SECONDS } from "@folio/render-page/chunk-limits";
import { JobFailure } from "@folio/render-page/job-failure";
import type { PieceCeilings } from "./settings.ts";

const MIB = 2 ** 20;

/** What the pieces on the instance take: the session's own, its account's (its own included) and the instance's. */
export interface HeldBytes {
  session: number;
  account: number;
  instance: number;
}

const mib = (bytes: number) => `${Math.round(bytes / MIB)} MiB`;

/**
 * Refuses a piece of `adding` bytes that would take the pieces past a ceiling: `render_failed` when the render's own
 * pieces pass its account's ceiling (no wait helps), else 429 until other renders end.
 */
export function refusePastCeiling(held: HeldBytes, adding: number, ceilings: PieceCeilings): void {
  const { accountBytes, instanceBytes } = ceilings;
  if (held.session + adding > accountBytes)
    throw new JobFailure(
      "render_failed",
      `The chunks' printed pieces passed ${mib(accountBytes)}, the most one account's chunked renders may ` +
        "keep on the render backend's disk; nothing was stored or billed. Its pages are unusually heavy (large " +
        "images or drawn effects): lighten them, or split the document into several renders.",
      { stage: "browser", reason: "pieces_too_large", retryable: false, max_bytes: accountBytes },
    );
  const scope =
    held.account + adding > accountBytes
      ? { name: "account", max: accountBytes, held: held.account, whose: "this account's chunked renders" }
      : held.instance + adding > instanceBytes
        ? { name: "instance", max: instanceBytes, held: held.instance, whose: "the chunked renders in flight" }
        : null;
  if (!scope) return;
  throw new JobFailure(
    "rate_limited",
    `The printed pieces of ${scope.whose} already take ${mib(scope.held)} of the ${mib(scope.max)} they may ` +
      `keep on the render backend's disk; nothing was stored or billed. Retry after ${DISK_RETRY_SECONDS} s, ` +
      "when the renders in flight have ended.",
    {
      reason: "chunk_disk_full",
      ceiling: scope.name,
      max_bytes: scope.max,
      held_bytes: scope.held,
      retry_after_seconds: DISK_RETRY_SECONDS,
    },
  );
}
