import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber } from "@cantoo/pdf-lib";
import type * as pkijs from "pkijs";
import { describe, expect, it } from "vitest";
import { signPdf } from "../../src/render/pdf/signing/sign-pdf";
import type { SigningKeyType } from "../../src/render/pdf/signing/signing-key";
import { CMS_ATTRIBUTE, latin1, readSignature, sha } from "./read-signature";
import { testSigner } from "./signing-fixture";

// docs/signing.md: a PAdES baseline signature in one incremental update, read back with pkijs and WebCrypto alone.
const OID = CMS_ATTRIBUTE;

async function pdfOf(pages: number, useObjectStreams = true): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([595, 842]).drawText(`Page ${i + 1}`, { x: 50, y: 700 });
  return doc.save({ useObjectStreams });
}

describe("a PAdES signature", () => {
  it.each<[SigningKeyType, string]>([
    ["RSA-2048", "SHA-256"],
    ["EC-P256", "SHA-256"],
    ["EC-P384", "SHA-384"],
  ])(
    "with %s: detached CMS, %s over the whole file but /Contents, exactly three signed attributes",
    async (type, digest) => {
      const { key } = await testSigner(type);
      const original = await pdfOf(2);
      const signed = await signPdf(original, { key, signedAt: new Date("2026-11-28T10:00:00Z"), reason: "Approved" });
      expect(Buffer.from(signed.subarray(0, original.length)).equals(Buffer.from(original))).toBe(true);
      const { range, covered, signedData } = readSignature(signed);
      expect(range[0]).toBe(0);
      expect(range[2] + range[3]).toBe(signed.length);
      expect(signedData.encapContentInfo.eContent).toBeUndefined();
      const signer = signedData.signerInfos[0] as pkijs.SignerInfo;
      const attributes = signer.signedAttrs?.attributes ?? [];
      expect(attributes.map((attribute) => attribute.type)).toEqual([
        OID.contentType,
        OID.messageDigest,
        OID.signingCertificateV2,
      ]);
      const messageDigest = Buffer.from(attributes[1]?.values[0].valueBlock.valueHexView);
      expect(messageDigest.equals(await sha(digest, covered))).toBe(true);
      expect(signedData.certificates).toHaveLength(2);
      const verified = await signedData.verify({ signer: 0, data: covered, checkChain: false, extendedMode: true });
      expect(verified.signatureVerified).toBe(true);
      expect(signer.digestAlgorithm.algorithmId).toBe(
        digest === "SHA-256" ? "2.16.840.1.101.3.4.2.1" : "2.16.840.1.101.3.4.2.2",
      );
    },
  );

  it("is an invisible printed widget in an AcroForm with /SigFlags 3, after a cross-reference table too", async () => {
    const { key } = await testSigner("EC-P256");
    const original = await pdfOf(1, false);
    const signed = await signPdf(original, { key, signedAt: new Date("2026-11-28T10:00:00Z") });
    expect(latin1(signed.subarray(original.length))).toMatch(
      /\ntrailer\n<<[\s\S]*\/Prev \d+[\s\S]*>>\nstartxref\n\d+\n%%EOF\n$/,
    );
    const doc = await PDFDocument.load(signed);
    const form = doc.catalog.lookup(PDFName.of("AcroForm"), PDFDict);
    expect(form.get(PDFName.of("SigFlags"))).toEqual(PDFNumber.of(3));
    const widget = form.lookup(PDFName.of("Fields"), PDFArray).lookup(0, PDFDict);
    expect(widget.lookup(PDFName.of("Rect"), PDFArray).asArray().map(String)).toEqual(["0", "0", "0", "0"]);
    expect(widget.get(PDFName.of("F"))).toEqual(PDFNumber.of(4));
    const signature = widget.lookup(PDFName.of("V"), PDFDict);
    expect(signature.get(PDFName.of("SubFilter"))).toEqual(PDFName.of("ETSI.CAdES.detached"));
    expect(doc.getPage(0).node.lookup(PDFName.of("Annots"), PDFArray).size()).toBe(1);
  });

  it.each([
    ["invisible", undefined],
    ["visible", { page: -1, x: "20mm", y: "20mm", width: "60mm", height: "20mm" }],
  ])("%s: differs between two signings only in /M, the time text and the signature value", async (_, visible) => {
    const { key } = await testSigner("EC-P256");
    const original = await pdfOf(1);
    const one = await signPdf(original, { key, signedAt: new Date("2026-11-28T10:00:00Z"), visible });
    const two = await signPdf(original, { key, signedAt: new Date("2026-11-28T11:22:33Z"), visible });
    expect(one.length).toBe(two.length);
    // The time text is in the appearance's content stream: the one stream after /BBox [0 0 w h].
    const blank = (bytes: Uint8Array) =>
      latin1(bytes)
        .replace(readSignature(bytes).hex, "")
        .replace(/\/M \(D:\d+Z\)/, "/M ()")
        .replace(/(\/BBox \[ ?0 0 [1-9][^\]]*\][\s\S]*?stream\n)[\s\S]*?(\nendstream)/, "$1$2");
    expect(blank(one)).toBe(blank(two));
    expect(latin1(one) === latin1(two)).toBe(false);
  });
});
