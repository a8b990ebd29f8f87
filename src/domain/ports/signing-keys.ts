// What signing asks of an account's certificates (docs/signing.md): the key to sign one render with, opened from
// its seal for that request only, and the certificate with its chain to put in the signature. The key's shape is
// the signing core's own (src/render draws what it is given).
import type { SigningCertificate, SigningKey, SigningKeyType } from "../../render/pdf/signing/signing-key";

export type { SigningCertificate, SigningKey, SigningKeyType };

export interface SigningKeysPort {
  /** The account's live certificate `id`, or null when the account holds none by that id (deleted, another's). */
  find(accountId: string, id: string): Promise<SigningCertificate | null>;
  /**
   * The key opened for signing. Throws `conflict` `certificate_unreadable` when neither PAYLOAD_SECRET nor
   * PAYLOAD_SECRET_PREVIOUS opens its seal; a seal opened by the previous secret is sealed again under the current.
   */
  open(accountId: string, id: string): Promise<SigningKey>;
}
