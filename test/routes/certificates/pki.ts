import * as x509 from "../../../src/lib/x509";

// Certificates made in the test with WebCrypto and @peculiar/x509: a CA, signers with the extensions each case needs.

const RSA = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256", publicExponent: new Uint8Array([1, 0, 1]) };
const DAY = 86_400_000;

export type KeySpec = { rsa: number } | { curve: "P-256" | "P-384" | "P-521" };

export async function keyPair(spec: KeySpec = { rsa: 2048 }): Promise<CryptoKeyPair> {
  const algorithm = "rsa" in spec ? { ...RSA, modulusLength: spec.rsa } : { name: "ECDSA", namedCurve: spec.curve };
  return (await crypto.subtle.generateKey(algorithm, true, ["sign", "verify"])) as CryptoKeyPair;
}

const signingAlgorithm = (keys: CryptoKeyPair) =>
  keys.privateKey.algorithm.name === "ECDSA" ? { name: "ECDSA", hash: "SHA-256" } : RSA;

export interface Issued {
  certificate: x509.X509Certificate;
  keys: CryptoKeyPair;
}

export async function issue(
  subject: string,
  options: {
    issuer?: Issued;
    key?: KeySpec;
    usages?: x509.KeyUsageFlags;
    eku?: string[];
    ca?: boolean;
    notBefore?: Date;
    notAfter?: Date;
  } = {},
): Promise<Issued> {
  const keys = await keyPair(options.key);
  const signer = options.issuer?.keys ?? keys;
  const extensions: x509.Extension[] = [
    new x509.KeyUsagesExtension(
      options.usages ?? (options.ca ? x509.KeyUsageFlags.keyCertSign : x509.KeyUsageFlags.digitalSignature),
      true,
    ),
  ];
  if (options.ca) extensions.push(new x509.BasicConstraintsExtension(true, undefined, true));
  if (options.eku) extensions.push(new x509.ExtendedKeyUsageExtension(options.eku));
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: "0a1b2c",
    subject,
    issuer: options.issuer?.certificate.subject ?? subject,
    notBefore: options.notBefore ?? new Date(Date.now() - DAY),
    notAfter: options.notAfter ?? new Date(Date.now() + 365 * DAY),
    publicKey: keys.publicKey,
    signingKey: signer.privateKey,
    signingAlgorithm: signingAlgorithm(signer),
    extensions,
  });
  return { certificate, keys };
}

export async function keyPem(keys: CryptoKeyPair): Promise<string> {
  const der = await crypto.subtle.exportKey("pkcs8", keys.privateKey);
  return x509.PemConverter.encode(der as ArrayBuffer, "PRIVATE KEY");
}

/** The PEM upload of `signer` with its chain. */
export async function pemUpload(signer: Issued, chain: Issued[] = []) {
  return {
    certificate_pem: signer.certificate.toString("pem"),
    private_key_pem: await keyPem(signer.keys),
    ...(chain.length > 0 ? { chain_pem: chain.map((c) => c.certificate.toString("pem")).join("\n") } : {}),
  };
}
