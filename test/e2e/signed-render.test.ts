// options.sign through the real service (docs/signing.md): the fixture invoice of 1 and 26 pages signed B-B, the
// CMS read back with pkijs (exactly three signed attributes, the digest over the /ByteRange, the chain); signed with
// `pdfa: "3b"` + Factur-X + `pdfua` the file keeps its PDF/A parts and passes the PDF/UA check, the widget in a Form
// element; a UBL render's PDF inside is the one signed; a queued render whose certificate went fails with its 404.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { checkPdfUa } from "@folio/render-page/pdfua/check";
import { describe, expect, inject, it } from "vitest";
import { CMS_ATTRIBUTE, latin1, timeStampOf, verifiedSignature } from "../render/read-signature";
import { api, fixture, fixtureJson } from "./client";
import { fonts, pdfFile, pdfInfo, pdfObjects, xmp } from "./pdf-tools";
import { signedFile, signingAccount } from "./signing-account";

const THREE = [CMS_ATTRIBUTE.contentType, CMS_ATTRIBUTE.messageDigest, CMS_ATTRIBUTE.signingCertificateV2];
const facturX = () => ({ standard: "factur-x", profile: "en16931", xml: fixture("invoice.facturx.xml.liquid") });

describe("a signed render through the service", () => {
  it("signs the 1- and 26-page invoice B-B (RSA-2048, P-256) and B-T: three signed attributes, the digest, the chain, the token over the signature value", async () => {
    for (const [key, level] of [
      [{ rsa: 2048 }, "B-B"],
      [{ curve: "P-256" }, "B-B"],
      [{ curve: "P-256" }, "B-T"],
    ] as const) {
      const account = await signingAccount(key);
      for (const [name, pages] of [
        ["invoice.data.json", 1],
        ["invoice-huge.data.json", 26],
      ] as const) {
        const sign = { certificate: account.certificate, level, reason: "Invoice issued" };
        const { render, bytes } = await signedFile(account, { data: fixtureJson(name), options: { sign } });
        expect(render.page_count).toBe(pages);
        const receipt = render.compliance.signature;
        expect(receipt).toMatchObject({ level, subject: "CN=Northwind Billing" });
        const verified = await verifiedSignature(bytes);
        expect(verified.attributes, name).toEqual(THREE);
        expect(verified.digestMatches).toBe(true);
        expect(verified.signatureVerified).toBe(true);
        expect(verified.signedData.certificates?.length).toBe(2);
        expect((await pdfInfo(pdfFile(bytes))).pages).toBe(pages);
        const stamp = await timeStampOf(verified.signer);
        if (level === "B-B") expect(stamp).toBeNull();
        else {
          expect(stamp?.imprintMatches).toBe(true);
          expect(receipt.timestamp).toEqual({
            authority: "CN=Folio development time-stamp authority (not trusted anywhere)",
            time: stamp?.genTime.toISOString(),
            serial: expect.stringMatching(/^[0-9A-F]+$/),
          });
        }
      }
      const log = readFileSync(join(inject("statePath"), "service.log"), "utf8");
      const keyBody = account.privateKeyPem.split("\n")[1] ?? "";
      expect(keyBody.length).toBeGreaterThan(40);
      expect(log).not.toContain(keyBody);
    }
  });

  it("keeps PDF/A-3b, Factur-X and PDF/UA: the check passes on the signed file, the widget in a Form with /Alt", async () => {
    const account = await signingAccount();
    const visible = { page: -1, x: "20mm", y: "250mm", width: "70mm", height: "18mm" };
    const options = {
      pdfa: "3b",
      pdfua: "1",
      e_invoice: facturX(),
      sign: { certificate: account.certificate, visible },
    };
    const { render, bytes } = await signedFile(account, { data: fixtureJson("invoice.data.json"), options });
    expect(Object.keys(render.compliance).sort()).toEqual(["accessibility", "e_invoice", "signature"]);
    expect(render.compliance.e_invoice.valid).toBe(true);
    expect((await checkPdfUa(new Uint8Array(bytes))).violations).toEqual([]);
    expect((await verifiedSignature(bytes)).signatureVerified).toBe(true);
    const file = pdfFile(bytes);
    const meta = await xmp(file);
    expect(meta).toContain("<pdfaid:part>3</pdfaid:part>");
    expect(meta).toContain("urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#");
    expect((await fonts(file)).filter((font) => !font.embedded)).toEqual([]);
    const { catalog, resolve } = await pdfObjects(file);
    expect(catalog["/OutputIntents"]).toBeDefined();
    const form = resolve(catalog["/AcroForm"]) as Record<string, unknown>;
    const widget = resolve((form["/Fields"] as string[])[0]) as Record<string, unknown>;
    expect(widget["/F"]).toBe(4);
    expect(latin1(bytes)).toMatch(/\/S \/Form[^>]*\/Alt <FEFF/);
  });

  it("signs the PDF inside a UBL e-invoice, never the XML", async () => {
    const account = await signingAccount();
    const e_invoice = { standard: "ubl", cius: "peppol-bis-3", xml: fixture("invoice.ubl.xml.liquid") };
    const options = { e_invoice, sign: { certificate: account.certificate } };
    const data = fixtureJson("invoice.data.json");
    const { render, bytes } = await signedFile(account, { data, format: "xml", options });
    expect(render.compliance.e_invoice.valid).toBe(true);
    expect(render.compliance.signature.level).toBe("B-T");
    const xml = bytes.toString("utf8");
    expect(xml).not.toContain("ByteRange");
    const inside = /<cbc:EmbeddedDocumentBinaryObject mimeCode="application\/pdf"[^>]*>([^<]*)</.exec(xml)?.[1];
    const pdf = Buffer.from(inside ?? "", "base64");
    expect((await verifiedSignature(pdf)).signatureVerified).toBe(true);
  });

  it("refuses an async request whose certificate was deleted with the 404 envelope, before queueing", async () => {
    const account = await signingAccount();
    const sign = { certificate: account.certificate };
    const deleted = await api("DELETE", `/v1/certificates/${account.certificate}`, undefined, account.apiKey);
    expect(deleted.status).toBe(200);
    const refused = await api(
      "POST",
      "/v1/render",
      { template: account.template, data: fixtureJson("invoice.data.json"), async: true, options: { sign } },
      account.apiKey,
    );
    expect(refused.status, JSON.stringify(refused.json)).toBe(404);
    expect(refused.json.error.message).toBe(`No certificate \`${account.certificate}\` on this account.`);
  });
});
