// What signing asks of an account's certificates (docs/signing.md): the key to sign one render with, opened from
// its seal for that request only, and the certificate with its chain to put in the signature.

/** The algorithm names the certificate API answers as `key`. */
export type SigningKeyType = "RSA-2048" | "RSA-3072" | "RSA-4096" | "EC-P256" | "EC-P384";

/** An account's certificate as a signature needs it; the private key never leaves the Worker. */
export interface SigningKey {
  id: string;
  subject: string;
  fingerprintSha256: string;
  notBefore: Date;
  notAfter: Date;
  key: SigningKeyType;
  /** Imported non-extractable, usage `sign`, for this request only. */
  privateKey: CryptoKey;
  /** DER certificates, the signer's first, then its chain as uploaded. */
  chain: Uint8Array[];
}

/** The certificate as a render checks it before the cache is looked up: no key material opened yet. */
export interface SigningCertificate {
  id: string;
  subject: string;
  fingerprintSha256: string;
  notBefore: Date;
  notAfter: Date;
  key: SigningKeyType;
}

export interface SigningKeysPort {
  /** The account's live certificate `id`, or null when the account holds none by that id (deleted, another's). */
  find(accountId: string, id: string): Promise<SigningCertificate | null>;
  /**
   * The key opened for signing. Throws `conflict` `certificate_unreadable` when neither PAYLOAD_SECRET nor
   * PAYLOAD_SECRET_PREVIOUS opens its seal; a seal opened by the previous secret is sealed again under the current.
   */
  open(accountId: string, id: string): Promise<SigningKey>;
}
