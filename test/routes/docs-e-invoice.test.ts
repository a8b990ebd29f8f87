import { FACTUR_X_PROFILES, UBL_CIUS } from "@folio/e-invoice/profiles";
import { RULE_FILES, SCHEMA_FILES } from "@folio/e-invoice/rule-files";
import { describe, expect, it } from "vitest";
import { call } from "../helpers";

/** The E-invoices section of /docs, as a browser shows its text. */
async function eInvoiceSection(): Promise<{ html: string; text: string }> {
  const { status, text } = await call("GET", "/docs");
  expect(status).toBe(200);
  expect(text).toContain('<a href="#e-invoices">');
  const start = text.indexOf('id="e-invoices"');
  expect(start).toBeGreaterThan(0);
  const html = text.slice(start, text.indexOf("<h2", start));
  const named: Record<string, string> = { lt: "<", gt: ">", quot: '"', amp: "&" };
  const shown = html
    .replace(/<br>/g, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(?:#(\d+)|(lt|gt|quot|amp));/g, (_, code: string | undefined, name: string | undefined) =>
      code ? String.fromCharCode(Number(code)) : (named[name ?? ""] ?? ""),
    );
  return { html, text: shown };
}

describe("the E-invoices guide in /docs", () => {
  it("names every rule set each profile applies, with the version the shipped artefacts carry", async () => {
    const { text } = await eInvoiceSection();
    for (const profile of ["minimum", "basic-wl", "basic", "en16931", "extended", "xrechnung"] as const) {
      const { schema, rules } = FACTUR_X_PROFILES[profile];
      for (const set of [SCHEMA_FILES[schema], ...rules.map((id) => RULE_FILES[id])])
        expect(text).toContain(`${set.name} ${set.version}`);
    }
    for (const cius of ["en16931", "peppol-bis-3", "xrechnung"] as const) {
      const [cen, own] = UBL_CIUS[cius].rules.map((id) => RULE_FILES[id]);
      const xsd = "OASIS UBL 2.1 Invoice XSD 2.1 or OASIS UBL 2.1 CreditNote XSD 2.1";
      expect(text).toMatch(new RegExp(`${cius}\\s*${xsd}\\s*${cen?.name}`));
      if (own) expect(text).toContain(`${own.name} ${own.version}`);
    }
    expect(text).toContain("CEN EN 16931 validation artefacts, UBL 1.3.16");
    expect(text).toContain("CEN EN 16931 validation artefacts, CII 1.3.16");
    expect(text).toContain("Factur-X EN16931 schematron 1.0.9");
  });

  it("says what is not shipped and why, which profiles are not invoices, and how the page and XML escape", async () => {
    const { text } = await eInvoiceSection();
    expect(text).toContain(`Not shipped: ${RULE_FILES["peppol-ubl"].name} ${RULE_FILES["peppol-ubl"].version}`);
    expect(text).toMatch(/consent before the rules are redistributed/);
    expect(text).toMatch(/minimum\s*Factur-X MINIMUM XSD[\s\S]*Not an invoice: a booking aid/);
    expect(text).toMatch(/basic-wl[\s\S]*Not an invoice: a booking aid/);
    expect(text).toMatch(/en16931[\s\S]*An e-invoice in Germany and France/);
    expect(text).toContain('"validation": "enforce"');
    expect(text).toContain("compliance.e_invoice");
    expect(text).toContain("{{ seller.name | escape }}");
    expect(text).toContain("Müller &amp; Söhne");
    expect(text).toMatch(/xrechnung[\s\S]*An e-invoice in Germany \(XRechnung, the CIUS/);
    expect(text).toContain('"format": "xml"');
    expect(text).toContain("cac:AdditionalDocumentReference/cac:Attachment/cbc:EmbeddedDocumentBinaryObject");
    expect(text).toContain("embed_pdf: false");
  });

  it("shows a complete CII and a complete UBL template, not an elided one, and says which rule sets did not run", async () => {
    const { html, text } = await eInvoiceSection();
    expect(text).not.toContain("<rsm:CrossIndustryInvoice ...>");
    expect(text).not.toContain("<Invoice ...>");
    const block = (name: string) => new RegExp(`<pre data-e-invoice="${name}"[^>]*>([\\s\\S]*?)</pre>`).exec(html)?.[1];
    expect(block("factur-x")).toMatch(
      /&#60;rsm:CrossIndustryInvoice xmlns:rsm=[\s\S]*&#60;\/rsm:CrossIndustryInvoice&#62;$/,
    );
    expect(block("ubl")).toMatch(/&#60;Invoice xmlns=[\s\S]*&#60;\/Invoice&#62;$/);
    expect(block("data")).toContain("&#34;buyer_reference&#34;");
    expect(text).toMatch(/valid speaks for the rule sets in rules only: a set in rules_not_applied did not run/);
    expect(text).toContain("X-Service-E-Invoice-Rules");
  });
});
