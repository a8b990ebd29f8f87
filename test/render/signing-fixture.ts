// Certificates and keys a signing test makes for itself (pkijs over WebCrypto): a CA and a signer it issued, as the
// certificates port would open them (the signer's key non-extractable).
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import type { SigningKey, SigningKeyType } from "../../src/render/pdf/signing/signing-key";

const rsa = (modulusLength: number) => ({
  name: "RSASSA-PKCS1-v1_5",
  modulusLength,
  publicExponent: new Uint8Array([1, 0, 1]),
  hash: "SHA-256",
});
const ALGORITHMS: Record<SigningKeyType, ReturnType<typeof rsa> | { name: string; namedCurve: string }> = {
  "RSA-2048": rsa(2048),
  "RSA-3072": rsa(3072),
  "RSA-4096": rsa(4096),
  "EC-P256": { name: "ECDSA", namedCurve: "P-256" },
  "EC-P384": { name: "ECDSA", namedCurve: "P-384" },
};

const commonName = (name: string) =>
  new pkijs.RelativeDistinguishedNames({
    typesAndValues: [
      new pkijs.AttributeTypeAndValue({ type: "2.5.4.3", value: new asn1js.Utf8String({ value: name }) }),
    ],
  });

interface Issued {
  subject: string;
  issuer: string;
  serial: number;
  publicKey: CryptoKey;
  issuerKey: CryptoKey;
  ca?: boolean;
  extendedKeyUsage?: string[];
}

/** A certificate valid from an hour ago for a year, signed by `issuerKey` (an ECDSA P-256 CA key). */
export async function issuedCertificate(issued: Issued): Promise<pkijs.Certificate> {
  const certificate = new pkijs.Certificate({
    version: 2,
    serialNumber: new asn1js.Integer({ value: issued.serial }),
    issuer: commonName(issued.issuer),
    subject: commonName(issued.subject),
  });
  certificate.notBefore.value = new Date(Date.now() - 3_600_000);
  certificate.notAfter.value = new Date(Date.now() + 365 * 86_400_000);
  certificate.extensions = [];
  if (issued.ca) {
    const constraints = new pkijs.BasicConstraints({ cA: true });
    const extnValue = constraints.toSchema().toBER(false);
    certificate.extensions.push(new pkijs.Extension({ extnID: "2.5.29.19", critical: true, extnValue }));
  }
  if (issued.extendedKeyUsage) {
    const usage = new pkijs.ExtKeyUsage({ keyPurposes: issued.extendedKeyUsage });
    const extnValue = usage.toSchema().toBER(false);
    certificate.extensions.push(new pkijs.Extension({ extnID: "2.5.29.37", critical: true, extnValue }));
  }
  await certificate.subjectPublicKeyInfo.importKey(issued.publicKey);
  await certificate.sign(issued.issuerKey, "SHA-256");
  return certificate;
}

export const generatedKeys = (type: SigningKeyType) =>
  crypto.subtle.generateKey(ALGORITHMS[type], false, ["sign", "verify"]) as Promise<CryptoKeyPair>;

/** A test CA's keys and certificate. */
export async function testCa() {
  const keys = await generatedKeys("EC-P256");
  const ca = { subject: "Folio Test CA", issuer: "Folio Test CA", serial: 1, ca: true };
  const certificate = await issuedCertificate({ ...ca, publicKey: keys.publicKey, issuerKey: keys.privateKey });
  return { keys, certificate };
}

/** A signer of `type` under a fresh test CA, as the certificates port opens it. */
export async function testSigner(type: SigningKeyType, name = "Ada Signer"): Promise<{ key: SigningKey }> {
  const ca = await testCa();
  const keys = await generatedKeys(type);
  const issued = { subject: name, issuer: "Folio Test CA", serial: 0x0a1b2c, publicKey: keys.publicKey };
  const certificate = await issuedCertificate({ ...issued, issuerKey: ca.keys.privateKey });
  const der = new Uint8Array(certificate.toSchema().toBER());
  const key: SigningKey = {
    id: "crt_testsigner000000000000000",
    subject: `CN=${name}`,
    fingerprintSha256: Buffer.from(await crypto.subtle.digest("SHA-256", der)).toString("hex"),
    notBefore: certificate.notBefore.value,
    notAfter: certificate.notAfter.value,
    key: type,
    privateKey: keys.privateKey,
    chain: [der, new Uint8Array(ca.certificate.toSchema().toBER())],
  };
  return { key };
}
