import { ServiceError } from "../../errors";

/**
 * What a publish's `If-Match` names as the latest version (docs/requests.md#if-match): its checksum, or its
 * number as `v<N>`. The number also covers what the checksum leaves out (example, description).
 */
export type PublishGuard = { checksum: string } | { version: number };

const CHECKSUM = /^[0-9a-f]{64}$/i;
// One spelling per number: no sign, no leading zero, no exponent; nine digits reach past any real version.
const VERSION = /^v([1-9][0-9]{0,8})$/;
const EXPECTED = 'one value: the latest version\'s checksum (64 hex digits) or its number as "v<N>", quoted or not';

function refuse(header: string, why: string): never {
  const message = `If-Match ${why}: it takes ${EXPECTED}.`;
  throw new ServiceError("invalid_request", message, {
    errors: [
      {
        path: "If-Match",
        message,
        expected: EXPECTED,
        received: header.length > 80 ? `${header.length} characters` : header,
        example: '"v3"',
      },
    ],
  });
}

/**
 * Reads the header. A weak tag (`W/"…"`), a list, `*` or a value that is neither form is refused with 400
 * rather than compared: such a value can never match, and a 409 would send the caller to merge for nothing.
 */
export function parsePublishGuard(header: string | undefined): PublishGuard | undefined {
  if (header === undefined) return undefined;
  const trimmed = header.trim();
  if (/^w\//i.test(trimmed)) refuse(header, "is a weak tag, which a publish cannot compare");
  if (trimmed.includes(",")) refuse(header, "names more than one value");
  const value = /^"([^"]*)"$/.exec(trimmed)?.[1] ?? trimmed;
  if (value.includes('"')) refuse(header, "has unbalanced quotes");
  const version = VERSION.exec(value);
  if (version) return { version: Number(version[1]) };
  if (CHECKSUM.test(value)) return { checksum: value.toLowerCase() };
  refuse(header, /^v/i.test(value) ? "is not a version number (v1, v2, …)" : "is neither a checksum nor a version");
}

/** Whether the latest version is the one the guard names. */
export const guardHolds = (guard: PublishGuard, latest: { version: number; checksum: string }) =>
  "version" in guard ? guard.version === latest.version : guard.checksum === latest.checksum;
