import { describe, expect, it } from "vitest";
import { api, createTemplate, fixture, fixtureJson, internal } from "./client";

// The render backend's e-invoice checks take turns between accounts like Chromium's pages (docs/limits.md#fair-share):
// free work holds at most one of the two checks admitted at a time, and a check's 20 s counts from when it starts.
// Before, one first-come queue per thread, its limit counting the wait: free `validate` calls on a large example
// made another account's Factur-X renders fail ("e-invoice check stopped") or wait up to 18 s.

/** Lines in the free accounts' example: each check of it holds a thread for seconds. */
const LINES = 1_500;
/** Validate loops each free account keeps running at once. */
const LOOPS_PER_ACCOUNT = 2;

const FACTUR_X = { standard: "factur-x", profile: "en16931", xml: fixture("invoice.facturx.xml.liquid") };
const largeExample = () => ({
  ...fixtureJson("invoice.data.json"),
  items: Array.from({ length: LINES }, (_, i) => ({
    description: `Line ${i + 1}`,
    quantity: 1 + (i % 3),
    unit_price: 10 + (i % 7),
  })),
});
const invoiceTemplate = (key: string, example: unknown) =>
  createTemplate(
    { name: "side-fair", source: fixture("invoice.liquid.html"), example, options: { e_invoice: FACTUR_X } },
    key,
  );

describe("the render backend's e-invoice checks under a flood of free work", () => {
  it("let a paying account's Factur-X renders all succeed while two trials loop validate on a large example", async () => {
    const [paid, ...trials] = await Promise.all([
      internal("POST", "/v1/internal/accounts", { name: "side-fair-paid", plan: "payg" }).then((r) => r.json.api_key),
      ...[1, 2].map(() => internal("POST", "/v1/internal/trials").then((r) => r.json.api_key)),
    ]);
    const paidTemplate = await invoiceTemplate(paid, fixtureJson("invoice.data.json"));
    const flooding = await Promise.all(
      trials.map(async (key) => ({ key, ref: await invoiceTemplate(key, largeExample()) })),
    );

    let flooded = true;
    const validated: number[] = [];
    const loop = async ({ key, ref }: { key: string; ref: string }) => {
      while (flooded) validated.push((await api("POST", `/v1/templates/${ref}/validate`, { data: {} }, key)).status);
    };
    const flood = flooding.flatMap((trial) => Array.from({ length: LOOPS_PER_ACCOUNT }, () => loop(trial)));
    try {
      // Let the free checks fill every queue first.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      for (let n = 0; n < 3; n++) {
        const res = await api(
          "POST",
          "/v1/render",
          { template: paidTemplate, data: fixtureJson("invoice.data.json") },
          paid,
        );
        expect(res.status, JSON.stringify(res.json)).toBe(200);
        expect(res.json.compliance.e_invoice).toMatchObject({ standard: "factur-x", valid: true });
      }
    } finally {
      flooded = false;
      await Promise.all(flood);
    }
    // The flood ran, answered (a free check that waited its longest wait is "unchecked", never a failure).
    expect(validated.length).toBeGreaterThan(0);
    expect(new Set(validated)).toEqual(new Set([200]));
  }, 300_000);
});
