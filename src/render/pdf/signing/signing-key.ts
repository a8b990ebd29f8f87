// What the signing core signs with (docs/signing.md): an account's key, opened for one request, and its certificate.

/** The algorithm names the certificate API answers as `key`. */
export type SigningKeyType = "RSA-2048" | "RSA-3072" | "RSA-4096" | "EC-P256" | "EC-P384";

/** The certificate as a render checks it before the cache is looked up: no key material opened yet. */
export interface SigningCertificate {
  id: string;
  subject: string;
  fingerprintSha256: string;
  notBefore: Date;
  notAfter: Date;
  key: SigningKeyType;
}

/** An account's certificate as a signature needs it; the private key never leaves the Worker. */
export interface SigningKey extends SigningCertificate {
  /** Imported non-extractable, usage `sign`, for this request only. */
  privateKey: CryptoKey;
  /** DER certificates, the signer's first, then its chain as uploaded. */
  chain: Uint8Array[];
}
