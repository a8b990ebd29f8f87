// How much disk the printed pieces of chunked renders may take (docs/limits.md#disk-and-money): an account holds at
// most the pieces of its renders in flight, up to a ceiling of its own and, with every other account, the instance's.
// Pages, not page counts, decide it: 3.9 KB a page of the statement fixture, 28 MB a page of drawn noise.
import { ACCOUNT_PIECES_MIB, DISK_RETRY_SECONDS, INSTANCE_PIECES_MIB } from "@folio/render-page/chunk-limits";
import { JobFailure } from "@folio/render-page/job-failure";

const MIB = 2 ** 20;

/** A whole number of MiB from the environment, or `fallback`; anything else stops the backend at start. */
function mebibytes(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a whole number of MiB, not ${value}`);
  return value * MIB;
}

/** Settable so that the e2e service reaches an account's ceiling with a few pieces. */
export const ACCOUNT_PIECES_BYTES = mebibytes("CHUNK_DISK_ACCOUNT_MB", ACCOUNT_PIECES_MIB);
export const INSTANCE_PIECES_BYTES = mebibytes("CHUNK_DISK_INSTANCE_MB", INSTANCE_PIECES_MIB);

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
export function refusePastCeiling(held: HeldBytes, adding: number): void {
  if (held.session + adding > ACCOUNT_PIECES_BYTES)
    throw new JobFailure(
      "render_failed",
      `The chunks' printed pieces passed ${mib(ACCOUNT_PIECES_BYTES)}, the most one account's chunked renders may ` +
        "keep on the render backend's disk; nothing was stored or billed. Its pages are unusually heavy (large " +
        "images or drawn effects): lighten them, or split the document into several renders.",
      { stage: "browser", reason: "pieces_too_large", retryable: false, max_bytes: ACCOUNT_PIECES_BYTES },
    );
  const scope =
    held.account + adding > ACCOUNT_PIECES_BYTES
      ? { name: "account", max: ACCOUNT_PIECES_BYTES, held: held.account, whose: "this account's chunked renders" }
      : held.instance + adding > INSTANCE_PIECES_BYTES
        ? { name: "instance", max: INSTANCE_PIECES_BYTES, held: held.instance, whose: "the chunked renders in flight" }
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
