/**
 * What a publish's `If-Match` names as the latest version (docs/requests.md#if-match): its checksum, or its
 * number as `v<N>`. The number also covers what the checksum leaves out (example, description). Any other value
 * (a weak tag, a list, `*`, `v0`, a typo) names no version at all, so it can never be the latest: it is a
 * `version_moved` conflict like a stale one, as the header's contract says of any value that differs, and the
 * conflict's message says which forms the header takes.
 */
export type PublishGuard = { checksum: string } | { version: number } | { unreadable: string };

const CHECKSUM = /^[0-9a-f]{64}$/i;
// One spelling per number: no sign, no leading zero, no exponent; nine digits reach past any real version.
const VERSION = /^v([1-9][0-9]{0,8})$/;
/** How much of an unreadable value a conflict's message repeats. */
const SHOWN = 80;

export function parsePublishGuard(header: string | undefined): PublishGuard | undefined {
  if (header === undefined) return undefined;
  const trimmed = header.trim();
  const value = /^"([^"]*)"$/.exec(trimmed)?.[1] ?? trimmed;
  const version = VERSION.exec(value);
  if (version) return { version: Number(version[1]) };
  if (CHECKSUM.test(value)) return { checksum: value.toLowerCase() };
  return {
    unreadable: trimmed.length > SHOWN ? `${trimmed.slice(0, SHOWN)}… (${trimmed.length} characters)` : trimmed,
  };
}

/** Whether the latest version is the one the guard names; an unreadable value names none. */
export const guardHolds = (guard: PublishGuard, latest: { version: number; checksum: string }) =>
  "version" in guard
    ? guard.version === latest.version
    : "checksum" in guard
      ? guard.checksum === latest.checksum
      : false;

/** What the conflict says If-Match named: a version, or a value that is neither form. */
export function guardNamed(guard: PublishGuard): string {
  if ("unreadable" in guard)
    return (
      `If-Match \`${guard.unreadable}\`, which is neither a checksum (64 hex digits) nor a version number ("v3"), ` +
      "so it names no version"
    );
  return "the one If-Match names";
}
