// What the signing core signs with (docs/signing.md): an account's key, opened for one request, and its certificate.

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
