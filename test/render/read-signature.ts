// A PAdES signature as a reader finds it (docs/signing.md), for the tests that check one: the /ByteRange, the bytes
// it covers, the hex of /Contents and the CMS in it, read with pkijs alone.
import * as pkijs from "pkijs";

export const CMS_ATTRIBUTE = {
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  timeStampToken: "1.2.840.113549.1.9.16.2.14",
};

export const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1");

export function readSignature(signed: Uint8Array) {
  const text = latin1(signed);
  const ranges = [...text.matchAll(/\/ByteRange \[(\d+) (\d+) (\d+) (\d+)\]/g)];
  const range = ranges.at(-1);
  if (!range) throw new Error("no /ByteRange");
  const [a, b, c, d] = range.slice(1).map(Number) as [number, number, number, number];
  const covered = Buffer.concat([signed.subarray(a, a + b), signed.subarray(c, c + d)]);
  const hex = text.slice(b + 1, c - 1);
  const info = pkijs.ContentInfo.fromBER(Buffer.from(hex, "hex"));
  return { range: [a, b, c, d] as const, covered, hex, signedData: new pkijs.SignedData({ schema: info.content }) };
}

export const sha = (name: string, bytes: Uint8Array) => crypto.subtle.digest(name, bytes).then((d) => Buffer.from(d));

/** Checks the CMS over its /ByteRange: the three signed attributes, the digest, the signature; answers the signer. */
export async function verifiedSignature(signed: Uint8Array, digest: "SHA-256" | "SHA-384" = "SHA-256") {
  const { range, covered, signedData } = readSignature(signed);
  if (range[0] !== 0 || range[2] + range[3] !== signed.length) throw new Error("the range leaves bytes out");
  const signer = signedData.signerInfos[0] as pkijs.SignerInfo;
  const attributes = (signer.signedAttrs?.attributes ?? []).map((attribute) => attribute.type);
  const messageDigest = Buffer.from(signer.signedAttrs?.attributes[1]?.values[0].valueBlock.valueHexView);
  const verified = await signedData.verify({ signer: 0, data: covered, checkChain: false, extendedMode: true });
  return {
    attributes,
    digestMatches: messageDigest.equals(await sha(digest, covered)),
    signatureVerified: verified.signatureVerified === true,
    signedData,
    signer,
  };
}

/**
 * The B-T token in the signer's unsigned attributes: its TSTInfo's imprint, and whether that imprint is the digest
 * of the signature value (what RFC 3161 stamps in PAdES B-T).
 */
export async function timeStampOf(signer: pkijs.SignerInfo, digest: "SHA-256" | "SHA-384" = "SHA-256") {
  const attribute = signer.unsignedAttrs?.attributes.find((a) => a.type === CMS_ATTRIBUTE.timeStampToken);
  if (!attribute) return null;
  const token = new pkijs.ContentInfo({ schema: attribute.values[0] });
  const signed = new pkijs.SignedData({ schema: token.content });
  const eContent = signed.encapContentInfo.eContent;
  if (!eContent) throw new Error("a time-stamp token without its TSTInfo");
  const info = pkijs.TSTInfo.fromBER(eContent.getValue());
  const imprint = Buffer.from(info.messageImprint.hashedMessage.valueBlock.valueHexView);
  const value = new Uint8Array(signer.signature.valueBlock.valueHexView);
  return { info, imprintMatches: imprint.equals(await sha(digest, value)), genTime: info.genTime };
}
