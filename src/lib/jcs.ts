/** The canonical JSON of checksums, cache keys and idempotency: the SDK's source, so clients compute the same. */
export { canonicalJson } from "#sdk/checksum";
