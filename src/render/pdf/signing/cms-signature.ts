// The CMS SignedData of a PAdES baseline signature (docs/signing.md): detached, its signed attributes exactly
// content-type, message-digest and signing-certificate-v2 (no signing-time: the signature dictionary's /M holds the
// time), the signer's certificate and its chain included. Built with pkijs and asn1js, never encoded by hand.

import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import type { SigningKey, SigningKeyType } from "./signing-key";

export const CMS_OID = {
  data: "1.2.840.113549.1.7.1",
  signedData: "1.2.840.113549.1.7.2",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  signatureTimeStampToken: "1.2.840.113549.1.9.16.2.14",
  sha384: "2.16.840.1.101.3.4.2.2",
} as const;

export type DigestName = "SHA-256" | "SHA-384";

/** SHA-384 for a P-384 key (its strength), SHA-256 for every other. */
export const digestFor = (key: SigningKeyType): DigestName => (key === "EC-P384" ? "SHA-384" : "SHA-256");

/** ESS signing-certificate-v2: the signer's certificate by hash and issuer/serial, so it cannot be swapped. */
async function signingCertificateV2(signer: pkijs.Certificate, der: Uint8Array, digest: DigestName) {
  const certHash = await crypto.subtle.digest(digest, der);
  const issuerSerial = new pkijs.IssuerSerial({
    issuer: new pkijs.GeneralNames({ names: [new pkijs.GeneralName({ type: 4, value: signer.issuer })] }),
    serialNumber: signer.serialNumber,
  });
  // ESSCertIDv2's hashAlgorithm defaults to SHA-256, which DER leaves out.
  const hashAlgorithm = digest === "SHA-256" ? [] : [new pkijs.AlgorithmIdentifier({ algorithmId: CMS_OID.sha384 })];
  const essCertIdV2 = new asn1js.Sequence({
    value: [
      ...hashAlgorithm.map((algorithm) => algorithm.toSchema()),
      new asn1js.OctetString({ valueHex: certHash }),
      issuerSerial.toSchema(),
    ],
  });
  const value = new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] });
  return new pkijs.Attribute({ type: CMS_OID.signingCertificateV2, values: [value] });
}

/** The key must sign with the digest the signature names: an RSA key imported with another hash would not. */
function checkKeyDigest(key: SigningKey, digest: DigestName) {
  const algorithm = key.privateKey.algorithm as { hash?: { name: string } };
  if (algorithm.hash && algorithm.hash.name !== digest)
    throw new Error(`the certificate's key was opened for ${algorithm.hash.name}, a signature needs ${digest}`);
}

/** A SignedData over `contentDigest` (the digest of the file's /ByteRange), signed with the account's key. */
export async function signedCms(contentDigest: ArrayBuffer, key: SigningKey): Promise<pkijs.SignedData> {
  const digest = digestFor(key.key);
  checkKeyDigest(key, digest);
  const certificates = key.chain.map((der) => pkijs.Certificate.fromBER(der));
  const [signer] = certificates;
  if (!signer || !key.chain[0]) throw new Error("a signing key comes with its certificate");
  const attributes = [
    new pkijs.Attribute({ type: CMS_OID.contentType, values: [new asn1js.ObjectIdentifier({ value: CMS_OID.data })] }),
    new pkijs.Attribute({ type: CMS_OID.messageDigest, values: [new asn1js.OctetString({ valueHex: contentDigest })] }),
    await signingCertificateV2(signer, key.chain[0], digest),
  ];
  const signedData = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: CMS_OID.data }),
    certificates,
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: signer.issuer, serialNumber: signer.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes }),
      }),
    ],
  });
  await signedData.sign(key.privateKey, 0, digest);
  return signedData;
}

/** The signer's signature value: what an RFC 3161 time-stamp is asked over. */
export function signatureValue(signedData: pkijs.SignedData): Uint8Array {
  const signer = signedData.signerInfos[0];
  if (!signer) throw new Error("a signed CMS has its signer");
  return new Uint8Array(signer.signature.valueBlock.valueHexView);
}

/** `signedData` with the authority's token as the signer's unsigned signature-time-stamp-token attribute. */
export function withTimeStampToken(signedData: pkijs.SignedData, token: pkijs.ContentInfo): void {
  const signer = signedData.signerInfos[0];
  if (!signer) throw new Error("a signed CMS has its signer");
  const attribute = new pkijs.Attribute({ type: CMS_OID.signatureTimeStampToken, values: [token.toSchema()] });
  signer.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({ type: 1, attributes: [attribute] });
}

/** The ContentInfo as DER: what the signature dictionary's /Contents holds. */
export function encodedCms(signedData: pkijs.SignedData): Uint8Array {
  const info = new pkijs.ContentInfo({ contentType: CMS_OID.signedData, content: signedData.toSchema(true) });
  return new Uint8Array(info.toSchema().toBER());
}

/** The signer's common name (or its whole subject): the name a visible signature shows. */
export function signerName(key: SigningKey): string {
  const der = key.chain[0];
  const signer = der ? pkijs.Certificate.fromBER(der) : null;
  const commonName = signer?.subject.typesAndValues.find((entry) => entry.type === "2.5.4.3");
  return commonName ? String(commonName.value.valueBlock.value) : key.subject;
}
