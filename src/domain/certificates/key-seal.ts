// A certificate's private key at rest (docs/signing.md#keys): AES-GCM under a key derived from PAYLOAD_SECRET for
// this purpose alone, bound to the account, the certificate and its fingerprint, so a seal copied to another row
// opens nowhere. The previous secret, while set, still opens seals made before a rotation.

import { ServiceError } from "../../errors";
import { deriveSealKey, openBytes, sealBytes } from "../../lib/payload-keys";

const CERTIFICATE_KEY_INFO = "folio/certificate-key-seal/v1";

export interface SealSecrets {
  current: () => string;
  previous: string | null;
}

/** What a seal is bound to: `account_id|crt_id|fingerprint`. */
export const sealContext = (accountId: string, id: string, fingerprint: string) => `${accountId}|${id}|${fingerprint}`;

export async function sealPrivateKey(secrets: SealSecrets, pkcs8: Uint8Array, context: string): Promise<string> {
  return sealBytes(await deriveSealKey(secrets.current(), CERTIFICATE_KEY_INFO), pkcs8, context);
}

async function openUnder(secret: string, sealed: string, context: string): Promise<Uint8Array | null> {
  try {
    return await openBytes(await deriveSealKey(secret, CERTIFICATE_KEY_INFO), sealed, context);
  } catch {
    return null;
  }
}

/**
 * The key, and whether the previous secret opened it (the caller then seals it again under the current one).
 * Neither opening it is 409 `certificate_unreadable`: the certificate must be uploaded again.
 */
export async function openPrivateKey(
  secrets: SealSecrets,
  sealed: string,
  context: string,
): Promise<{ pkcs8: Uint8Array; openedByPrevious: boolean }> {
  const current = await openUnder(secrets.current(), sealed, context);
  if (current) return { pkcs8: current, openedByPrevious: false };
  const previous = secrets.previous ? await openUnder(secrets.previous, sealed, context) : null;
  if (previous) return { pkcs8: previous, openedByPrevious: true };
  throw new ServiceError(
    "conflict",
    "This certificate's key can no longer be opened (the service's secret changed since it was uploaded). Upload it again.",
    { details: { code: "certificate_unreadable" } },
  );
}
