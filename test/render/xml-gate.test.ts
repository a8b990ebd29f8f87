import { describe, expect, it } from "vitest";
import { ServiceError } from "../../src/errors";
import { checkEInvoiceXml } from "../../src/render/e-invoice/e-invoice";
import { preparePdfFinishing } from "../../src/render/pdf/pdf-finishing";

const checkCrossIndustryInvoice = (xml: string) => checkEInvoiceXml(xml, "factur-x");

// docs/document-finishing.md#document-finishing: XML Folio embeds is data only; what is more is refused before anything parses it.
const CII = (inner = "") =>
  `<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100">${inner}</rsm:CrossIndustryInvoice>`;

function failure(run: () => unknown): { type: string; reason: unknown; stage: unknown } | "accepted" {
  try {
    run();
    return "accepted";
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return { type: error.type, reason: error.extra.details?.reason, stage: error.extra.details?.stage };
  }
}

describe("the e-invoice XML gate", () => {
  it.each([
    ["a DOCTYPE", `<!DOCTYPE rsm:CrossIndustryInvoice>${CII()}`, "xml_dtd"],
    ["a parameter entity", `<!DOCTYPE x [<!ENTITY % p "x"> %p;]>${CII()}`, "xml_dtd"],
    ["a billion laughs", `<!DOCTYPE x [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]>${CII("&b;")}`, "xml_dtd"],
    [
      "an xml-stylesheet instruction",
      `<?xml version="1.0"?><?xml-stylesheet type="text/xsl" href="http://evil.example/x.xsl"?>${CII()}`,
      "xml_stylesheet",
    ],
    [
      "XInclude",
      CII('<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="file:///etc/passwd"/>'),
      "xml_include",
    ],
    ["20,000-deep nesting", CII(`${"<a>".repeat(20_000)}${"</a>".repeat(20_000)}`), "xml_too_deep"],
  ])("refuses %s as render_failed at stage template, naming the reason", (_, xml, reason) => {
    expect(failure(() => checkCrossIndustryInvoice(xml))).toEqual({ type: "render_failed", reason, stage: "template" });
  });

  it("accepts an invoice whose comments and CDATA merely mention those constructs, and nesting within the limit", () => {
    expect(
      failure(() =>
        checkCrossIndustryInvoice(
          CII(
            `<!-- <!DOCTYPE x> <?xml-stylesheet?> --><n><![CDATA[<!ENTITY x "y">]]></n>${"<a>".repeat(90)}${"</a>".repeat(90)}`,
          ),
        ),
      ),
    ).toBe("accepted");
  });

  it("gates an attachment declared as XML the same way, in utf8 and base64, and leaves other types alone", async () => {
    const render = async (source: string) => source;
    const attach = (mime_type: string, content: string, encoding?: "base64") =>
      preparePdfFinishing(
        { attachments: [{ filename: "a.xml", content, mime_type, ...(encoding ? { encoding } : {}) }] } as never,
        render,
      );
    const hostile = '<?xml-stylesheet href="x.xsl"?><r/>';
    for (const type of ["application/xml", "text/xml", "application/vnd.acme+xml"]) {
      await expect(attach(type, hostile)).rejects.toMatchObject({
        type: "render_failed",
        extra: { details: { reason: "xml_stylesheet", part: "options.attachments[0].content" } },
      });
    }
    await expect(attach("application/xml", btoa("<!DOCTYPE r><r/>"), "base64")).rejects.toMatchObject({
      extra: { details: { reason: "xml_dtd" } },
    });
    const plain = await attach("text/plain", hostile);
    expect(plain?.attachments[0]?.filename).toBe("a.xml");
  });
});

describe("the XML gate against the review's spellings", () => {
  it.each([
    [
      "a DOCTYPE after a processing instruction that mentions a comment",
      `<?x <!-- ?><!DOCTYPE rsm:CrossIndustryInvoice SYSTEM "http://attacker.example/x.dtd">${CII()}`,
      "xml_dtd",
    ],
    [
      "XInclude bound as a default namespace with a character reference",
      CII('<include xmlns="http&#58;//www.w3.org/2001/XInclude" href="file:///etc/passwd"/>'),
      "xml_include",
    ],
    [
      "XInclude under another prefix",
      CII('<x:include xmlns:x="http://www.w3.org/2001/XInclude" href="a.xml"/>'),
      "xml_include",
    ],
    [
      "nesting hidden behind a '/>' inside a quoted attribute",
      CII(`${'<a x="/>">'.repeat(150)}${"</a>".repeat(150)}`),
      "xml_too_deep",
    ],
  ])("refuses %s", (_, xml, reason) => {
    expect(failure(() => checkCrossIndustryInvoice(xml))).toEqual({ type: "render_failed", reason, stage: "template" });
  });

  it("reads unclosed comments and tags in one pass: a megabyte of each ends well inside the test's own time limit", () => {
    // 400 KB of "<!--" held a Worker for 20 s with a lazy regular expression: at a megabyte that scan would take
    // minutes.
    for (const xml of [`<r>${"<!--".repeat(250_000)}`, `<r>${"<a".repeat(500_000)}`, `<r><a ${'="'.repeat(500_000)}`]) {
      expect(failure(() => checkCrossIndustryInvoice(xml))).toMatchObject({ type: "render_failed", stage: "template" });
    }
  });

  it("reads a comment opened inside an attribute as attribute text: 150,000 of them in one pass", () => {
    // A lazy regular expression scanned from each such "<!--" to the end (512 KB held a Worker 37 s).
    expect(failure(() => checkCrossIndustryInvoice(CII('<a b="<!--"/>'.repeat(150_000))))).toBe("accepted");
  });

  it("finds an undefined entity after an attribute that mentions a comment, and none inside a real comment", () => {
    expect(failure(() => checkCrossIndustryInvoice(CII('<a b="<!--"/>&nbsp;<!-- -->')))).toMatchObject({
      type: "render_failed",
      reason: "invalid_e_invoice_xml",
    });
    expect(failure(() => checkCrossIndustryInvoice(CII('<a b="&nope;"/>')))).toMatchObject({ type: "render_failed" });
    expect(failure(() => checkCrossIndustryInvoice(CII("<!-- &nbsp; --><n><![CDATA[&nbsp;]]>&amp;&#160;</n>")))).toBe(
      "accepted",
    );
  });

  it("takes a UBL Invoice or CreditNote in UBL's own namespace, and refuses any other root or binding", () => {
    const ubl = (name: string, namespace = `urn:oasis:names:specification:ubl:schema:xsd:${name}-2`) =>
      `<${name} xmlns="${namespace}"><ID/></${name}>`;
    const check = (xml: string) => failure(() => checkEInvoiceXml(xml, "ubl"));
    expect(check(ubl("Invoice"))).toBe("accepted");
    expect(check(ubl("CreditNote"))).toBe("accepted");
    const refused = { type: "render_failed", reason: "invalid_e_invoice_xml", stage: "template" };
    expect(check(ubl("Invoice", "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"))).toEqual(refused);
    expect(check(ubl("Order", "urn:oasis:names:specification:ubl:schema:xsd:Order-2"))).toEqual(refused);
    expect(check(CII())).toEqual(refused);
    expect(failure(() => checkCrossIndustryInvoice(ubl("Invoice")))).toEqual(refused);
  });
});
