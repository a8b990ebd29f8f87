// How long and how much a chunked render's pieces may rest on the render backend (docs/limits.md#disk-and-money):
// the backend enforces these, the Worker's served docs announce them.

/** One account's pieces on one instance, in MiB (CHUNK_DISK_ACCOUNT_MB overrides it, for the e2e service). */
export const ACCOUNT_PIECES_MIB = 512;
/** Every account's pieces on one instance, in MiB: a third of a standard-2 container's 12 GB disk. */
export const INSTANCE_PIECES_MIB = 4_096;
/**
 * A session whose Worker sent nothing for this long is dropped: the longest silence of a render in flight is its next
 * chunk's Liquid (2 s), a wait for one of its account's slots (60 s) and for a seat on the instance (60 s).
 */
export const SILENT_SESSION_MS = 3 * 60_000;
/** When to try again past a disk ceiling: about one chunk's print, after which a render in flight has gone on or ended. */
export const DISK_RETRY_SECONDS = 30;
