import { describe, expect, inject, it } from "vitest";
import { api, createTemplate, download, fixture, fixtureJson } from "./client";
import { pageTexts } from "./pdf-text";
import { attachments, pdfFile, pdfInfo } from "./pdf-tools";

// XRechnung on CII and UBL 2.1 (EN 16931, Peppol BIS, XRechnung) through the real service, each checked by the
// render backend with the official rules. A UBL render is `format: "xml"`: the file is the XML, the PDF inside it.
const DATA = fixtureJson("invoice.data.json");
const invoice = () =>
  createTemplate({
    name: "invoice-ubl",
    source: fixture("invoice.liquid.html"),
    schema: fixtureJson("invoice.schema.json"),
  });
const ubl = (cius: string, xml: string, extra: Record<string, unknown> = {}) => ({
  e_invoice: { standard: "ubl", cius, xml, ...extra },
});
const render = (template: string, options: Record<string, unknown>, format?: string) =>
  api("POST", "/v1/render", { template, data: DATA, options, ...(format ? { format } : {}) });

/** The one PDF a UBL file carries, as its receiver takes it out: base64 in EmbeddedDocumentBinaryObject. */
function embeddedPdf(xml: string): Buffer {
  const objects = [...xml.matchAll(/<cbc:EmbeddedDocumentBinaryObject mimeCode="application\/pdf"[^>]*>([^<]*)</g)];
  expect(objects).toHaveLength(1);
  return Buffer.from(objects[0]?.[1] ?? "", "base64");
}

describe("XRechnung and UBL e-invoices", () => {
  it("renders each UBL fixture as XML that passes its rules, credit notes included", async () => {
    const template = await invoice();
    for (const [name, cius] of [
      ["peppol-bis-ubl.xml", "peppol-bis-3"],
      ["peppol-bis-ubl-credit-note.xml", "peppol-bis-3"],
      ["xrechnung-ubl.xml", "xrechnung"],
      ["xrechnung-ubl-credit-note.xml", "xrechnung"],
      ["ubl-credit-note.xml", "en16931"],
    ]) {
      const res = await render(template, ubl(cius ?? "", fixture(`e-invoice/${name}`)), "xml");
      expect(res.status, `${name}: ${JSON.stringify(res.json)}`).toBe(200);
      expect(res.json).toMatchObject({ format: "xml", page_count: 1, billable_units: 1 });
      const receipt = res.json.compliance.e_invoice;
      expect(receipt, name).toMatchObject({ standard: "ubl", cius, profile: cius, valid: true });
      expect(
        receipt.violations.filter((v: { severity: string }) => v.severity === "fatal"),
        name,
      ).toEqual([]);
      if (cius === "peppol-bis-3")
        expect(receipt.rules_not_applied[0].name).toBe("Peppol BIS Billing 3.0 rules (OpenPeppol), UBL");
    }
  });

  it("renders the XRechnung CII fixture as a PDF/A-3 with xrechnung.xml inside", async () => {
    const options = {
      e_invoice: { standard: "factur-x", profile: "xrechnung", xml: fixture("e-invoice/xrechnung-cii.xml") },
    };
    const res = await render(await invoice(), options);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.compliance.e_invoice).toMatchObject({ standard: "factur-x", profile: "xrechnung", valid: true });
    const file = pdfFile((await download(res.json.url)).bytes);
    expect([...(await attachments(file)).keys()]).toEqual(["xrechnung.xml"]);
  });

  it("ships the same pages and text inside the UBL as a PDF render of the same template, data and options", async () => {
    const template = await invoice();
    const options = { metadata: { title: "Invoice INV-2026-0142" } };
    const xmlRender = await render(
      template,
      { ...options, ...ubl("peppol-bis-3", fixture("invoice.ubl.xml.liquid")) },
      "xml",
    );
    expect(xmlRender.status, JSON.stringify(xmlRender.json)).toBe(200);
    expect(xmlRender.json.compliance.e_invoice).toMatchObject({ valid: true, violations: [] });
    const got = await download(xmlRender.json.url);
    expect(got.headers.get("content-type")).toBe("application/xml");
    const xml = got.bytes.toString("utf8");
    expect(xml).toContain("<cbc:ID>INV-2026-0142</cbc:ID><cac:Attachment>");
    const inside = pdfFile(embeddedPdf(xml));
    const plain = await render(template, options, "pdf");
    const printed = pdfFile((await download(plain.json.url)).bytes);
    expect((await pdfInfo(inside)).pages).toBe(plain.json.page_count);
    expect(xmlRender.json.page_count).toBe(plain.json.page_count);
    expect(await pageTexts(inside)).toEqual(await pageTexts(printed));
  });

  it("prints nothing with embed_pdf false: 1 unit, page_count 0, no reference in the XML", async () => {
    const res = await render(
      await invoice(),
      ubl("peppol-bis-3", fixture("e-invoice/peppol-bis-ubl.xml"), { embed_pdf: false }),
      "xml",
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ page_count: 0, billable_units: 1 });
    expect((await download(res.json.url)).bytes.toString("utf8")).toBe(fixture("e-invoice/peppol-bis-ubl.xml"));
  });

  it("renders XML when the template's own options hold a UBL e-invoice and the request names no format", async () => {
    const template = await createTemplate({
      name: "invoice-ubl-default",
      source: fixture("invoice.liquid.html"),
      options: ubl("peppol-bis-3", fixture("invoice.ubl.xml.liquid")),
    });
    const res = await api("POST", "/v1/render", { template, data: DATA });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.format).toBe("xml");
    // Asked for as a PDF, the template's UBL default serves no PDF: the plain invoice prints.
    const pdf = await api("POST", "/v1/render", { template, data: DATA, format: "pdf" });
    expect(pdf.status, JSON.stringify(pdf.json)).toBe(200);
    expect(pdf.json.format).toBe("pdf");
    expect(pdf.json.compliance).toBeUndefined();
  });

  it("refuses an XML that declares another CIUS (FOLIO-PROFILE), and reports it under validation report", async () => {
    const template = await invoice();
    const refused = await render(template, ubl("xrechnung", fixture("e-invoice/peppol-bis-ubl.xml")), "xml");
    expect(refused.status, JSON.stringify(refused.json)).toBe(500);
    expect(refused.json.error.details).toMatchObject({ stage: "e_invoice", retryable: false });
    expect(refused.json.error.details.violations[0]).toMatchObject({
      rule: "FOLIO-PROFILE",
      location: "/ubl:Invoice/cbc:CustomizationID",
    });
    const noCountry = fixture("e-invoice/peppol-bis-ubl.xml").replace(
      "<cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country>",
      "",
    );
    const reported = await render(template, ubl("peppol-bis-3", noCountry, { validation: "report" }), "xml");
    expect(reported.status, JSON.stringify(reported.json)).toBe(200);
    expect(reported.json.compliance.e_invoice.valid).toBe(false);
    expect(reported.json.compliance.e_invoice.violations.map((v: { rule: string }) => v.rule)).toContain("BR-11");
  });

  it("answers 400 at format for a UBL without xml, xml without a UBL, and at encryption inside an XML", async () => {
    const template = await invoice();
    const xml = fixture("e-invoice/peppol-bis-ubl.xml");
    const cases: Array<[Record<string, unknown>, string | undefined, string]> = [
      [ubl("peppol-bis-3", xml), undefined, "format"],
      [ubl("peppol-bis-3", xml), "pdf", "format"],
      [{}, "xml", "format"],
      [{ e_invoice: { standard: "factur-x", profile: "en16931", xml } }, "xml", "format"],
      [{ ...ubl("peppol-bis-3", xml), encryption: { owner_password: "owner-secret" } }, "xml", "options.encryption"],
      [{ ...ubl("peppol-bis-3", xml), chunk: { over: "items", size: 2 } }, "xml", "options.chunk"],
    ];
    for (const [options, format, path] of cases) {
      const res = await render(template, options, format);
      expect(res.status, JSON.stringify(res.json)).toBe(400);
      expect(res.json.error.errors[0].path, JSON.stringify(res.json)).toBe(path);
    }
  });

  it("previews the XML of either standard with its violations in X-Service-Warnings, never refused", async () => {
    const template = await invoice();
    const preview = async (options: Record<string, unknown>) => {
      const res = await fetch(`${inject("baseUrl")}/v1/previews`, {
        method: "POST",
        headers: { authorization: `Bearer ${inject("apiKey")}`, "content-type": "application/json" },
        body: JSON.stringify({ template, data: DATA, options, format: "xml" }),
      });
      const warnings = res.headers.get("x-service-warnings");
      const parsed = warnings ? JSON.parse(Buffer.from(warnings, "base64url").toString("utf8")) : [];
      return { res, text: await res.text(), rules: parsed.map((w: { rule?: string }) => w.rule).filter(Boolean) };
    };
    const cii = await preview({
      e_invoice: { standard: "factur-x", profile: "xrechnung", xml: fixture("invoice.facturx.xml.liquid") },
    });
    expect(cii.res.status, cii.text).toBe(200);
    expect(cii.res.headers.get("content-type")).toBe("application/xml");
    expect(cii.text).toMatch(/^<\?xml[^>]*>\s*<rsm:CrossIndustryInvoice/);
    expect(cii.rules).toContain("FOLIO-PROFILE");
    const own = await preview(ubl("peppol-bis-3", fixture("invoice.ubl.xml.liquid")));
    expect(own.res.status).toBe(200);
    expect(own.text).toContain("<cbc:ID>INV-2026-0142</cbc:ID>");
    expect(own.text).not.toContain("EmbeddedDocumentBinaryObject");
    expect(own.rules).toEqual([]);
  });
});
