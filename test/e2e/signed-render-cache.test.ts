// A signed render cached as any render (docs/signing.md#caching): a repeat answers the stored signed bytes and the
// first signing's receipt; another `nonce` signs anew, only /M and the signature value differing; previews never
// sign; a visible box on a page the document lacks fails at stage signature.
import { describe, expect, it } from "vitest";
import { latin1, readSignature, verifiedSignature } from "../render/read-signature";
import { download, fixtureJson, preview } from "./client";
import { signedRender, signingAccount } from "./signing-account";

const BOX = { x: "10mm", y: "10mm", width: "60mm", height: "20mm" };

describe("a signed render, cached", () => {
  it("answers a repeat cached with the same bytes and receipt; /M is the receipt's signed_at", async () => {
    const account = await signingAccount();
    const sign = { certificate: account.certificate, reason: "Issued" };
    const first = await signedRender(account, sign);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const receipt = first.json.compliance.signature;
    // The service has a time-stamp authority (npm run dev's), so B-T is the default level.
    expect(receipt).toMatchObject({ level: "B-T", certificate: account.certificate });
    expect(receipt.timestamp.authority).toMatch(/^CN=Folio development time-stamp authority/);
    const bytes = (await download(first.json.url)).bytes;
    expect(latin1(bytes)).toContain(`/M (D:${receipt.signed_at.replace(/[-:T]/g, "").slice(0, 14)}Z)`);
    const again = await signedRender(account, sign);
    expect(again.json).toMatchObject({ cached: true, compliance: { signature: receipt } });
    expect((await download(again.json.url)).bytes.equals(bytes)).toBe(true);
  });

  it("signs anew for another nonce: the files differ only in /M and the signature value", async () => {
    const account = await signingAccount();
    const one = (
      await download((await signedRender(account, { certificate: account.certificate, nonce: "a" })).json.url)
    ).bytes;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const second = await signedRender(account, { certificate: account.certificate, nonce: "b" });
    expect(second.json.cached).toBe(false);
    const two = (await download(second.json.url)).bytes;
    expect(two.length).toBe(one.length);
    const blank = (bytes: Buffer) =>
      latin1(bytes)
        .replace(readSignature(bytes).hex, "")
        .replace(/\/M \(D:\d+Z\)/, "/M ()");
    expect(blank(two)).toBe(blank(one));
    expect(two.equals(one)).toBe(false);
  });

  it("with P-384 signs SHA-384; a visible box on a page the document lacks fails at stage signature", async () => {
    const account = await signingAccount({ curve: "P-384" });
    const signed = await signedRender(account, { certificate: account.certificate });
    const verified = await verifiedSignature((await download(signed.json.url)).bytes, "SHA-384");
    expect(verified.digestMatches && verified.signatureVerified).toBe(true);
    const missing = await signedRender(account, { certificate: account.certificate, visible: { page: 3, ...BOX } });
    expect(missing.status).toBe(500);
    expect(missing.json.error.details).toMatchObject({ stage: "signature", retryable: false });
    expect(missing.json.error.message).toMatch(/on page 3, and the document has 1 page: name a page it has/);
  });

  it("is never made by a preview: sign_skipped first, the box outlined, no signature in the file", async () => {
    const account = await signingAccount();
    const sign = { certificate: account.certificate, visible: { page: 1, ...BOX } };
    const body = { template: account.template, data: fixtureJson("invoice.data.json"), options: { sign } };
    const res = await preview(account.apiKey, body);
    expect(res.status).toBe(200);
    const header = res.headers.get("x-service-warnings") ?? "";
    const warnings = JSON.parse(Buffer.from(header, "base64url").toString("utf8"));
    expect(warnings[0]).toMatchObject({ code: "sign_skipped", path: "options.sign" });
    expect(warnings[0].message).toMatch(/outlined where the signature would be drawn/);
    expect(latin1(res.bytes)).not.toContain("/ByteRange");
  });
});
