// The studio gallery's e-invoice starters through the real service, as the studio makes them (starter-files.ts,
// the XML editor's text put back into the options): created without a warning, rendered with the rules enforced
// (200, valid, no violation at all), and the rule sets that did not run named in the receipt and in a preview.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { createFolio, type PreviewRequest } from "../../packages/sdk/src/index";
import { E_INVOICE_STARTERS, starterTexts } from "../../web/src/templates/starter-files";
import { joinInvoiceXml } from "../../web/src/xml/invoice-xml-text";
import { api, newKey, preview } from "./client";

const ROOT = join(import.meta.dirname, "../..");
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");

/** A starter's template as the studio publishes it. */
function definition(entry: (typeof E_INVOICE_STARTERS)[number]) {
  const texts = starterTexts(entry, read);
  if (!texts) throw new Error(`${entry.id}: its files are missing`);
  const options = joinInvoiceXml(JSON.parse(texts.options), texts.xml) as { e_invoice: Record<string, unknown> };
  return { source: texts.source, schema: JSON.parse(texts.schema), example: JSON.parse(texts.example), options };
}

const decoded = (header: string | null) => JSON.parse(Buffer.from(header ?? "", "base64url").toString("utf8"));

describe("the e-invoice starters, valid out of the box", () => {
  it.each(E_INVOICE_STARTERS)(
    "$label: created clean, rendered under enforce: 200, valid, no violation",
    async (entry) => {
      const body = definition(entry);
      expect(body.options.e_invoice.xml).toMatch(/^\{%- comment -%\}/);
      const created = await api("POST", "/v1/templates", { name: `starter-${entry.id}-${process.pid}`, ...body });
      expect(created.status, JSON.stringify(created.json)).toBe(201);
      expect(created.json.warnings).toEqual([]);
      const options = { e_invoice: { ...body.options.e_invoice, validation: "enforce" } };
      const res = await api("POST", "/v1/render", { template: created.json.name, data: body.example, options });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const receipt = res.json.compliance.e_invoice;
      expect(receipt).toMatchObject({ valid: true, violations: [] });
      expect(res.json.format).toBe(entry.eInvoice.standard === "ubl" ? "xml" : "pdf");
      const notApplied = receipt.rules_not_applied.map((rule: { name: string }) => rule.name);
      if (entry.id === "peppol") expect(notApplied).toEqual(["Peppol BIS Billing 3.0 rules (OpenPeppol), UBL"]);
      if (entry.id === "factur-x") expect(notApplied).toEqual([]);
    },
  );

  it("a preview names the rule sets applied and not applied, as the receipt does", async () => {
    const key = await newKey();
    const peppol = E_INVOICE_STARTERS.find((entry) => entry.id === "peppol");
    if (!peppol) throw new Error("no Peppol starter");
    const { example, ...rest } = definition(peppol);
    const res = await preview(key, { ...rest, data: example, format: "xml" });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-service-warnings")).toBeNull();
    const rules = decoded(res.headers.get("x-service-e-invoice-rules"));
    expect(rules.rules.map((rule: { name: string }) => rule.name)).toContain("CEN EN 16931 validation artefacts, UBL");
    expect(rules.rules_not_applied).toEqual([
      { name: "Peppol BIS Billing 3.0 rules (OpenPeppol), UBL", reason: expect.stringMatching(/OpenPeppol's terms/) },
    ]);
    // The SDK reads them as eInvoiceRules; a template without an e-invoice has none.
    const folio = createFolio({ apiKey: key, baseUrl: inject("baseUrl") });
    const read = await folio.preview({ ...rest, data: example, format: "xml" } as PreviewRequest);
    expect(read.eInvoiceRules).toEqual(rules);
    const plain = await folio.preview({ source: "<p>Hi</p>", format: "pdf" });
    expect(plain.eInvoiceRules).toBeNull();
  });
});
