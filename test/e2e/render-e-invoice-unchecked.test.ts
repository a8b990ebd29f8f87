import { describe, expect, inject, it } from "vitest";
import { api, createTemplate, fixture, fixtureJson } from "./client";

// Where no render backend runs (the Browser Rendering driver alone) nothing can check an e-invoice with the official
// rules: an enforced render fails, retryable, and stores and bills nothing; a reported one ships with an unchecked
// receipt. This file runs in both e2e projects; with a backend the same renders are checked (e-invoice-rules.test.ts).
describe.runIf(inject("chromiumDriver") === "browser-rendering")("an e-invoice where no validator runs", () => {
  const render = async (validation: "enforce" | "report") =>
    api("POST", "/v1/render", {
      template: await createTemplate({ name: `unchecked-${validation}`, source: fixture("invoice.liquid.html") }),
      data: fixtureJson("invoice.data.json"),
      options: {
        e_invoice: { standard: "factur-x", profile: "en16931", xml: fixture("invoice.facturx.xml.liquid"), validation },
      },
    });

  it("fails an enforced render, retryable, with nothing stored or billed", async () => {
    const res = await render("enforce");
    expect(res.status, JSON.stringify(res.json)).toBe(500);
    expect(res.json.error).toMatchObject({
      type: "render_failed",
      details: { stage: "e_invoice", reason: "e_invoice_unchecked", retryable: true },
    });
    const [failed] = (await api("GET", "/v1/renders?limit=1")).json.data;
    expect(failed).toMatchObject({ status: "failed", url: null, billable_units: null });
  });

  it("renders a reported one with a receipt that says it was not checked", async () => {
    const res = await render("report");
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.compliance.e_invoice).toEqual({
      standard: "factur-x",
      profile: "en16931",
      valid: null,
      unchecked: true,
      rules: [],
      rules_not_applied: [],
      violations: [],
    });
  });
});
