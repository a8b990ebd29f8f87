import type { TemplateWarning } from "@folio/sdk";
import { describe, expect, it } from "vitest";
import { locationSteps, xmlLocator } from "../../web/src/xml/xml-lines";
import { placedViolations, uncheckedNote } from "../../web/src/xml/xml-violations";

const RSM = "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100";
const RAM = "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100";

/** A CII invoice whose prefixes are not the validator's (x for rsm, r for ram), with a comment and CDATA. */
const CII = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  `<x:CrossIndustryInvoice xmlns:x="${RSM}" xmlns:r="${RAM}">`,
  "  <!-- <x:SupplyChainTradeTransaction> in a comment is no element -->",
  "  <x:SupplyChainTradeTransaction>",
  '    <r:IncludedSupplyChainTradeLineItem note="a > b"><r:Name><![CDATA[<r:Fake/>]]></r:Name></r:IncludedSupplyChainTradeLineItem>',
  "    <r:IncludedSupplyChainTradeLineItem>",
  "      <r:Name>second</r:Name>",
  "    </r:IncludedSupplyChainTradeLineItem>",
  "    <r:ApplicableHeaderTradeAgreement>",
  "      <r:BuyerTradeParty/>",
  "      <r:SellerTradeParty>",
  "        <r:Name>Seller</r:Name>",
  "      </r:SellerTradeParty>",
  "    </r:ApplicableHeaderTradeAgreement>",
  "  </x:SupplyChainTradeTransaction>",
  "</x:CrossIndustryInvoice>",
].join("\n");

/** A UBL invoice in the default namespace, as UBL usually is. */
const UBL = [
  '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"',
  '    xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">',
  "  <cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>",
  '  <cbc:ID schemeID="x">1</cbc:ID>',
  "</Invoice>",
].join("\n");

const HEAD = "/rsm:CrossIndustryInvoice[1]/rsm:SupplyChainTradeTransaction[1]";
const lineIn = (xml: string, location: string) => xmlLocator(xml)(location).line;

describe("an XPath location's line in the XML", () => {
  it("finds an element by the validator's prefixes whatever prefixes the XML uses, with its [n] index", () => {
    expect(lineIn(CII, `${HEAD}/ram:ApplicableHeaderTradeAgreement[1]/ram:SellerTradeParty[1]`)).toBe(11);
    expect(lineIn(CII, `${HEAD}/ram:IncludedSupplyChainTradeLineItem[1]`)).toBe(5);
    expect(lineIn(CII, `${HEAD}/ram:IncludedSupplyChainTradeLineItem[2]/ram:Name[1]`)).toBe(7);
    expect(lineIn(CII, `/Q{${RSM}}CrossIndustryInvoice[1]/Q{${RSM}}SupplyChainTradeTransaction[1]`)).toBe(4);
  });

  it("spans the start tag, so the studio underlines it", () => {
    const place = xmlLocator(CII)(`${HEAD}/ram:ApplicableHeaderTradeAgreement[1]/ram:BuyerTradeParty[1]`);
    expect(CII.slice(place.from, place.to)).toBe("<r:BuyerTradeParty/>");
  });

  it("reads a default namespace, and a step without an index as [1]", () => {
    expect(lineIn(UBL, "/ubl:Invoice/cbc:CustomizationID")).toBe(3);
    expect(lineIn(UBL, "/ubl:Invoice")).toBe(1);
  });

  it("maps an attribute or text() to its element", () => {
    expect(lineIn(UBL, "/ubl:Invoice[1]/cbc:ID[1]/@schemeID")).toBe(4);
    expect(lineIn(CII, `${HEAD}/ram:IncludedSupplyChainTradeLineItem[2]/ram:Name[1]/text()`)).toBe(7);
  });

  it("falls back to the nearest ancestor found, and to line 1 when nothing matches", () => {
    expect(lineIn(CII, `${HEAD}/ram:IncludedSupplyChainTradeLineItem[3]/ram:Name[1]`)).toBe(4);
    expect(lineIn(CII, `${HEAD}/ram:ApplicableHeaderTradeAgreement[1]/ram:SellerTaxRegistration[1]`)).toBe(9);
    // A step in another namespace is another element: cbc:CustomizationID is no CII element.
    expect(lineIn(CII, `${HEAD}/cbc:CustomizationID`)).toBe(4);
    expect(lineIn(UBL, "/cn:CreditNote[1]/cbc:ID[1]")).toBe(1);
    expect(lineIn(UBL, "/")).toBe(1);
  });

  it("reads the steps of a location up to what names no element", () => {
    expect(locationSteps("/ubl:Invoice/cbc:ID[2]/@schemeID")).toEqual([
      { uri: "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2", local: "Invoice", index: 1 },
      { uri: "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2", local: "ID", index: 2 },
    ]);
    expect(locationSteps("/Invoice/ID")).toEqual([
      { uri: null, local: "Invoice", index: 1 },
      { uri: null, local: "ID", index: 1 },
    ]);
  });
});

describe("the rule violations of an XML preview", () => {
  const rule = (message: string, extra: Partial<TemplateWarning> = {}): TemplateWarning => ({
    path: "options.e_invoice.xml",
    code: "e_invoice_rule",
    message,
    ...extra,
  });

  it("reads rule, severity, location and text from each warning, in the order of the XML", () => {
    const seller = `${HEAD}/ram:ApplicableHeaderTradeAgreement[1]/ram:SellerTradeParty[1]`;
    const line = `${HEAD}/ram:IncludedSupplyChainTradeLineItem[2]`;
    const placed = placedViolations(CII, [
      rule(`BR-CO-26 (fatal, at ${seller}): [BR-CO-26]-The seller (BT-31) shall be present.`, { rule: "BR-CO-26" }),
      rule(`BR-S-02 (warning, at ${line}/text()): Line two.`, { rule: "BR-S-02" }),
      { path: "source", code: "clock_read", message: "prints the date" },
    ]);
    expect(placed.map(({ rule, severity, line, message }) => ({ rule, severity, line, message }))).toEqual([
      { rule: "BR-S-02", severity: "warning", line: 6, message: "Line two." },
      { rule: "BR-CO-26", severity: "error", line: 11, message: "[BR-CO-26]-The seller (BT-31) shall be present." },
    ]);
  });

  it("says when the XML could not be checked", () => {
    const unchecked: TemplateWarning = { path: "options.e_invoice.xml", code: "e_invoice_unchecked", message: "No." };
    expect(uncheckedNote([unchecked])).toBe("No.");
    expect(uncheckedNote([])).toBeNull();
  });
});
