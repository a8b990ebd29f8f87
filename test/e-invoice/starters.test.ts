// The studio gallery's e-invoice starters (fixtures/starters/e-invoice.*): each one's XML, rendered from the
// starter's example data, passes every rule applied with no violation at all, warnings included.
import { readFileSync } from "node:fs";
import { validateEInvoice } from "@folio/e-invoice/validate";
import { describe, expect, it } from "vitest";
import { renderLiquid } from "../../src/render/liquid/liquid";
import { E_INVOICE_STARTERS } from "../../web/src/templates/starter-files";

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");

describe("the e-invoice starters are valid out of the box", () => {
  it.each(E_INVOICE_STARTERS)("$label", async ({ stem, eInvoice }) => {
    const data = JSON.parse(read(`${stem}.data.json`));
    const { xmlFile, ...kind } = eInvoice;
    const xml = await renderLiquid(read(xmlFile), { data, instant: new Date("2026-11-02") }, "xml", "xml");
    const result = validateEInvoice(xml, kind);
    expect(result.violations).toEqual([]);
    expect(result.valid).toBe(true);
    // The CEN rules and the standard's XSD ran (Peppol's own rules are not shipped: rules_not_applied names them).
    expect(result.rules.map((rule) => rule.name).join()).toMatch(/XSD.*CEN EN 16931/);
  });
});
