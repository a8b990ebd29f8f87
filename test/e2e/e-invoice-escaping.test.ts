import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { api, createTemplate, download, fixture, fixtureJson, inspectPdf } from "./client";
import { attachments } from "./pdf-tools";

// A name with `&` and `<` reads the same on the page and in the embedded e-invoice XML
// (docs/rendering.md#liquid-outputs-in-xml): the page's template escapes it, the XML's outputs are escaped by Folio
// or by their own filter.
const SELLER = "Müller & Söhne <Werk Süd>";
const FIXTURE_XML = fixture("invoice.facturx.xml.liquid");
/** The fixture's XML as a template written before outputs were escaped: the names printed without `| escape`. */
const UNESCAPED_XML = FIXTURE_XML.replace("{{ who.name | escape }}", "{{ who.name }}");

/** The seller's name as a receiver reads it from the CII XML: the parsed element's text, entities resolved. */
function sellerNameIn(xml: string): string {
  const parsed = new XMLParser({ processEntities: true, htmlEntities: false, parseTagValue: false }).parse(xml);
  return parsed["rsm:CrossIndustryInvoice"]["rsm:SupplyChainTradeTransaction"]["ram:ApplicableHeaderTradeAgreement"][
    "ram:SellerTradeParty"
  ]["ram:Name"];
}

describe("a seller named with & and < in a Factur-X invoice", () => {
  it.each([
    ["the fixture's XML, which escapes its outputs itself", FIXTURE_XML],
    ["an XML whose outputs do not escape", UNESCAPED_XML],
  ])("shows the same name on the page as in the embedded XML: %s", async (_, xml) => {
    expect(xml).toContain("{{ who.name");
    const template = await createTemplate({
      name: "invoice-escaping",
      source: fixture("invoice.liquid.html"),
      schema: fixtureJson("invoice.schema.json"),
      // The names are what this test is about, not the rules (an unescaped XML may not even parse).
      options: { e_invoice: { standard: "factur-x", profile: "en16931", xml, validation: "report" } },
    });
    const data = fixtureJson("invoice.data.json") as { seller: { name: string } };
    data.seller.name = SELLER;
    const res = await api("POST", "/v1/render", { template, data });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const pdf = await inspectPdf((await download(res.json.url)).bytes);
    const embedded = (await attachments(pdf.file)).get("factur-x.xml")!.toString("utf8");
    expect(embedded).toContain("<ram:Name>Müller &amp; Söhne &lt;Werk Süd&gt;</ram:Name>");
    expect(sellerNameIn(embedded)).toBe(SELLER);
    // The page prints the name once, at the start of the letterhead's line (the invoice number follows it there).
    const printed = pdf.text.split("\n").filter((line) => line.includes("Müller"));
    expect(printed).toHaveLength(1);
    expect(printed[0]?.trim().split(/\s{2,}| Invoice /)[0]).toBe(sellerNameIn(embedded));
  });
});
