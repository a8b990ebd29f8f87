import { describe, expect, inject, it } from "vitest";
import { api, createTemplate, fixture, fixtureJson } from "./client";

// Every Factur-X render is checked with the official rules on the render backend (this project's driver; Browser
// Rendering has no backend and is not run here). The fixture invoice is valid EN 16931; without its seller VAT id
// (INVALID_XML) it breaks BR-CO-26, and BR-S-02 on its standard-rated lines.
const invoice = () =>
  createTemplate({
    name: "invoice-rules",
    source: fixture("invoice.liquid.html"),
    schema: fixtureJson("invoice.schema.json"),
  });
const render = (template: string, xml: string, validation?: "enforce" | "report") =>
  api("POST", "/v1/render", {
    template,
    data: fixtureJson("invoice.data.json"),
    options: { e_invoice: { standard: "factur-x", profile: "en16931", xml, ...(validation ? { validation } : {}) } },
  });
const FIXTURE_XML = fixture("invoice.facturx.xml.liquid");
/** The fixture's XML with the seller's VAT id left out (the buyer's kept): BR-CO-26, and BR-S-02 on each line. */
const SELLER_VAT = "{%- if who.vat_id %}";
const INVALID_XML = FIXTURE_XML.replace(SELLER_VAT, '{%- if who.vat_id and role == "Buyer" %}');
/**
 * The EN 16931 rules an invoice breaks, by the ids its fatal violations cite: CEN's artefact names them by id, the
 * Factur-X schematron repeats them under ids of its own (FX-SCH-A-...) with the EN rule in the message.
 */
const rulesOf = (violations: Array<{ rule: string; severity: string; message: string }>) =>
  new Set(violations.filter((v) => v.severity === "fatal").map((v) => /^\[([A-Z0-9-]+)\]/.exec(v.message)?.[1]));

describe("e-invoices checked with the official rules", () => {
  it("refuses an invalid invoice by default with the rules' ids, and stores nothing", async () => {
    const template = await invoice();
    const res = await render(template, INVALID_XML);
    expect(res.status, JSON.stringify(res.json)).toBe(500);
    expect(res.json.error, JSON.stringify(res.json)).toMatchObject({
      type: "render_failed",
      details: { stage: "e_invoice", retryable: false },
    });
    const { violations } = res.json.error.details;
    expect(rulesOf(violations)).toEqual(new Set(["BR-CO-26", "BR-S-02"]));
    expect(violations[0]).toMatchObject({ severity: "fatal", message: expect.any(String) });
    expect(violations[0].location).toMatch(/^\/rsm:CrossIndustryInvoice/);
    const [failed] = (await api("GET", "/v1/renders?limit=1")).json.data;
    expect(failed).toMatchObject({ status: "failed", url: null, billable_units: null });
  });

  it("renders it under validation report, with the violations in the receipt of the answer and of GET", async () => {
    const template = await invoice();
    const res = await render(template, INVALID_XML, "report");
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const receipt = res.json.compliance.e_invoice;
    expect(receipt).toMatchObject({ standard: "factur-x", profile: "en16931", valid: false });
    expect(rulesOf(receipt.violations)).toEqual(new Set(["BR-CO-26", "BR-S-02"]));
    expect((await api("GET", `/v1/renders/${res.json.id}`)).json.compliance).toEqual(res.json.compliance);
  });

  it("renders the fixture invoice under enforce: a valid EN 16931 invoice", async () => {
    expect(INVALID_XML).not.toBe(FIXTURE_XML);
    const res = await render(await invoice(), FIXTURE_XML);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.compliance.e_invoice).toMatchObject({ profile: "en16931", valid: true });
  });

  it("renders a valid EN 16931 invoice with a receipt naming the rule sets and their versions", async () => {
    const template = await invoice();
    const res = await render(template, fixture("e-invoice/factur-x-en16931.xml"));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const receipt = res.json.compliance.e_invoice;
    expect(receipt).toMatchObject({ valid: true, violations: [] });
    expect(receipt.rules).toEqual(
      expect.arrayContaining([
        { name: "CEN EN 16931 validation artefacts, CII", version: "1.3.16" },
        { name: "Factur-X EN16931 schematron", version: "1.0.9" },
      ]),
    );
  });

  it("warns on create, publish and validate of a template whose example's XML breaks the rules", async () => {
    const options = { e_invoice: { standard: "factur-x", profile: "en16931", xml: INVALID_XML } };
    const body = {
      name: "invoice-rule-warnings",
      source: fixture("invoice.liquid.html"),
      example: fixtureJson("invoice.data.json"),
      options,
    };
    const warned = (warnings: Array<{ code: string; path: string; rule: string; message: string }>) => {
      const rules = warnings.filter((w) => w.code === "e_invoice_rule");
      expect(rules.length, JSON.stringify(warnings)).toBeGreaterThan(0);
      // Each says "<rule> (<severity>, at <XPath>): <the artefact's message>".
      const violations = rules.map((w) => {
        expect(w.path).toBe("options.e_invoice.xml");
        const [, rule, severity, message] = /^(\S+) \((fatal|warning), at \/[^ ]*\): (.*)$/s.exec(w.message) ?? [];
        expect(rule, w.message).toBe(w.rule);
        return { rule: w.rule, severity: severity ?? "", message: message ?? "" };
      });
      expect(rulesOf(violations)).toEqual(new Set(["BR-CO-26", "BR-S-02"]));
    };
    const created = await api("POST", "/v1/templates", body);
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    warned(created.json.warnings);
    warned((await api("POST", `/v1/templates/${body.name}/versions`, { source: body.source })).json.warnings);
    warned((await api("POST", `/v1/templates/${body.name}/validate`, { data: {} })).json.warnings);
    // An XML that passes every rule, the rules' warnings included, gives no e-invoice warning.
    const valid = { ...options, e_invoice: { ...options.e_invoice, xml: fixture("e-invoice/factur-x-en16931.xml") } };
    const clean = await api("POST", `/v1/templates/${body.name}/versions`, { source: body.source, options: valid });
    expect(clean.json.warnings.filter((w: { code: string }) => w.code.startsWith("e_invoice"))).toEqual([]);
  });

  it("previews an invalid invoice all the same: a preview shows work in progress, only a render enforces", async () => {
    const template = await invoice();
    const options = { e_invoice: { standard: "factur-x", profile: "en16931", xml: INVALID_XML } };
    const res = await fetch(`${inject("baseUrl")}/v1/previews`, {
      method: "POST",
      headers: { authorization: `Bearer ${inject("apiKey")}`, "content-type": "application/json" },
      body: JSON.stringify({ template, data: fixtureJson("invoice.data.json"), options }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
  });

  it("refuses each kind of fault with the artefacts' rule ids under enforce, and renders it with them under report", async () => {
    const template = await invoice();
    const valid = fixture("e-invoice/factur-x-en16931.xml");
    const total = /<ram:LineTotalAmount>([\d.]+)<\/ram:LineTotalAmount>\s*<ram:TaxBasisTotalAmount>/.exec(valid)?.[1];
    const faults: Array<[string, string, string, string[]]> = [
      [
        "a line sum 10.00 off",
        `<ram:LineTotalAmount>${total}</ram:LineTotalAmount>`,
        `<ram:LineTotalAmount>${(Number(total) + 10).toFixed(2)}</ram:LineTotalAmount>`,
        ["BR-CO-10", "BR-CO-13"],
      ],
      ["an empty buyer country", "<ram:CountryID>DE</ram:CountryID>", "<ram:CountryID></ram:CountryID>", ["BR-11"]],
      [
        "no seller VAT id",
        '<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">FR32123456789</ram:ID></ram:SpecifiedTaxRegistration>',
        "",
        ["BR-CO-26"],
      ],
      [
        "a profile the XML does not declare",
        "<ram:ID>urn:cen.eu:en16931:2017</ram:ID>",
        "<ram:ID>urn:factur-x.eu:1p0:basicwl</ram:ID>",
        ["FOLIO-PROFILE"],
      ],
    ];
    for (const [fault, find, replace, rules] of faults) {
      expect(valid, fault).toContain(find);
      const xml = valid.replace(find, replace);
      const refused = await render(template, xml);
      expect(refused.status, `${fault}: ${JSON.stringify(refused.json)}`).toBe(500);
      expect(refused.json.error.details.stage).toBe("e_invoice");
      const named = refused.json.error.details.violations.map((v: { rule: string }) => v.rule);
      expect(named, fault).toEqual(expect.arrayContaining(rules));
      const reported = await render(template, xml, "report");
      expect(reported.status, fault).toBe(200);
      const receipt = reported.json.compliance.e_invoice;
      expect(receipt.valid, fault).toBe(false);
      expect(
        receipt.violations.map((v: { rule: string }) => v.rule),
        fault,
      ).toEqual(expect.arrayContaining(rules));
    }
  });

  it("refuses a name written with `| raw` that breaks the XML, at the template stage, with where it broke", async () => {
    const template = await invoice();
    const raw = FIXTURE_XML.replace("{{ who.name | escape }}", "{{ who.name | raw }}");
    expect(raw).not.toBe(FIXTURE_XML);
    const data = fixtureJson("invoice.data.json");
    data.seller.name = "Müller & Söhne";
    const res = await api("POST", "/v1/render", {
      template,
      data,
      options: { e_invoice: { standard: "factur-x", profile: "en16931", xml: raw, validation: "report" } },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(500);
    expect(res.json.error.details).toMatchObject({ stage: "template", reason: "invalid_e_invoice_xml" });
    expect(res.json.error.message).toMatch(/line \d+, column \d+/);
  });
});
