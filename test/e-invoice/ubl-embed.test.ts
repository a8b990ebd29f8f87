// The PDF inside a UBL e-invoice: written where UBL 2.1's sequence puts an additional document reference, so every
// UBL fixture still passes every shipped rule with a PDF in it, whatever prefixes the XML uses.
import { readFileSync } from "node:fs";
import { validateEInvoice } from "@folio/e-invoice/validate";
import { describe, expect, it } from "vitest";
import { embedPdfInUbl } from "../../src/render/pdf/ubl-embed";

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/e-invoice/${name}`, import.meta.url), "utf8");
const PDF = new TextEncoder().encode("%PDF-1.7\n% a stand-in for the printed file's bytes\n%%EOF\n");
const base64 = Buffer.from(PDF).toString("base64");

describe("embedPdfInUbl", () => {
  it.each([
    ["peppol-bis-ubl.xml", "peppol-bis-3", "INV-2026-0043"],
    ["peppol-bis-ubl-credit-note.xml", "peppol-bis-3", "CN-2026-0007"],
    ["xrechnung-ubl.xml", "xrechnung", "INV-2026-0043"],
    ["xrechnung-ubl-credit-note.xml", "xrechnung", "CN-2026-0007"],
    ["ubl-credit-note.xml", "en16931", "CN-2026-0007"],
  ] as const)("%s keeps passing its rules with the PDF in it", (name, cius, number) => {
    const xml = embedPdfInUbl(fixture(name), PDF);
    const result = validateEInvoice(xml, { standard: "ubl", cius });
    expect(result.violations.filter((v) => v.severity === "fatal")).toEqual([]);
    expect(xml).toContain(
      `<cbc:ID>${number}</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="application/pdf" ` +
        `filename="${number}.pdf">${base64}</cbc:EmbeddedDocumentBinaryObject></cac:Attachment>`,
    );
    expect(xml.indexOf("AdditionalDocumentReference")).toBeLessThan(xml.indexOf("<cac:AccountingSupplierParty>"));
  });

  it("places it by namespace, not by prefix: an XML with other prefixes stays valid", () => {
    const renamed = fixture("ubl-invoice.xml").replaceAll("cac:", "a:").replaceAll("xmlns:cac=", "xmlns:a=");
    const xml = embedPdfInUbl(renamed, PDF);
    expect(validateEInvoice(renamed, { standard: "ubl", cius: "en16931" }).valid).toBe(true);
    expect(validateEInvoice(xml, { standard: "ubl", cius: "en16931" }).violations).toEqual([]);
    expect(xml).toMatch(/<cac:AdditionalDocumentReference [^>]+>[\s\S]*\n {2}<a:AccountingSupplierParty>/);
  });

  it("goes after the references the template wrote itself, before a project reference", () => {
    const own =
      "<cac:AdditionalDocumentReference><cbc:ID>TS-1</cbc:ID></cac:AdditionalDocumentReference>\n  " +
      "<cac:ProjectReference><cbc:ID>P-9</cbc:ID></cac:ProjectReference>\n  <cac:AccountingSupplierParty>";
    const withOwn = fixture("ubl-invoice.xml").replace("<cac:AccountingSupplierParty>", own);
    const xml = embedPdfInUbl(withOwn, PDF);
    expect(validateEInvoice(xml, { standard: "ubl", cius: "en16931" }).violations).toEqual([]);
    const at = (text: string) => xml.indexOf(text);
    expect(at("TS-1")).toBeLessThan(at("application/pdf"));
    expect(at("application/pdf")).toBeLessThan(at("<cac:ProjectReference>"));
  });

  it("reads the root's namespaces in one pass, however many spaces an attribute of its tag holds", () => {
    // `\s+xmlns` as a regular expression rescanned a run of spaces from each of its characters.
    const spaced = fixture("ubl-invoice.xml").replace("<Invoice ", `<Invoice note="${" ".repeat(200_000)}" `);
    expect(embedPdfInUbl(spaced, PDF)).toContain('filename="INV-2026-0043.pdf"');
  });
});
