import { beforeAll, describe, expect, it } from "vitest";
import { api, createTemplate as createTemplateAs, download, fixture, fixtureJson, inspectPdf, newKey } from "./client";
import { wordAt } from "./pdf-text";

// docs/rendering.md#option-precedence: the request's options, then the template's, then the document's own @page rules.
const invoice = (options?: Record<string, unknown>) => ({
  name: "invoice",
  source: fixture("invoice.liquid.html"),
  schema: fixtureJson("invoice.schema.json"),
  ...(options ? { options } : {}),
});
const MM = 72 / 25.4;

// An account of its own: the other render tests' identical invoice renders would answer these from the cache.
let key: string;
beforeAll(async () => {
  key = await newKey();
});
const createTemplate = (body: Record<string, unknown>) => createTemplateAs(body, key);

async function renderPdf(
  template: string,
  options?: Record<string, unknown>,
  data: unknown = fixtureJson("invoice.data.json"),
) {
  const res = await api("POST", "/v1/render", { template, data, ...(options ? { options } : {}) }, key);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return inspectPdf((await download(res.json.url)).bytes);
}

/** Page width and height in points, to the point: Chromium rounds a page to whole device pixels. */
function expectPage(pdf: { width: number; height: number }, width: number, height: number) {
  expect(Math.abs(pdf.width - width), `width ${pdf.width} for ${width}`).toBeLessThan(1.5);
  expect(Math.abs(pdf.height - height), `height ${pdf.height} for ${height}`).toBeLessThan(1.5);
}
const A4 = [210 * MM, 297 * MM] as const;

describe("page size, orientation and margins: options over the document's @page", () => {
  it("keeps the invoice's own @page (A4, 16 mm at the left) when no page option is set", async () => {
    const pdf = await renderPdf(await createTemplate(invoice()));
    expectPage(pdf, A4[0], A4[1]);
    expect((await wordAt(pdf.file, "Northwind")).x).toBeCloseTo(16 * MM, 0);
  });

  it("turns the invoice's CSS A4 with landscape: true, alone or with page_size A4, and Letter with page_size Letter", async () => {
    const template = await createTemplate(invoice());
    expectPage(await renderPdf(template, { landscape: true }), A4[1], A4[0]);
    expectPage(await renderPdf(template, { landscape: true, page_size: "A4" }), A4[1], A4[0]);
    const letter = await renderPdf(template, { landscape: true, page_size: "Letter" });
    expectPage(letter, 792, 612);
    expect(letter.text).toContain("INV-2026-0142");
  });

  it("moves the content to margin: 40mm whatever the CSS margin says", async () => {
    const pdf = await renderPdf(await createTemplate(invoice()), { margin: "40mm" });
    expectPage(pdf, A4[0], A4[1]);
    const at = await wordAt(pdf.file, "Northwind");
    expect(at.x).toBeCloseTo(40 * MM, 0);
    expect(at.y).toBeGreaterThan(40 * MM - 1);
    expect(at.y).toBeLessThan(40 * MM + 12);
  });

  it("takes the template's options over the document's, and the request's over the template's", async () => {
    const template = await createTemplate(invoice({ landscape: true, margin: { left: "30mm" } }));
    const byTemplate = await renderPdf(template);
    expectPage(byTemplate, A4[1], A4[0]);
    expect((await wordAt(byTemplate.file, "Northwind")).x).toBeCloseTo(30 * MM, 0);
    const byRequest = await renderPdf(template, { landscape: false, margin: { left: "5mm" } });
    expectPage(byRequest, A4[0], A4[1]);
    expect((await wordAt(byRequest.file, "Northwind")).x).toBeCloseTo(5 * MM, 0);
  });

  it("reads the document's own size as the paper to turn: two lengths, and a named size with an orientation", async () => {
    const lengths = await createTemplate({
      name: "wide",
      source: "<style>@page { size: 200mm 100mm; margin: 0 }</style><p>Wide</p>",
    });
    expectPage(await renderPdf(lengths, undefined, {}), 200 * MM, 100 * MM);
    expectPage(await renderPdf(lengths, { landscape: false }, {}), 100 * MM, 200 * MM);
    expectPage(await renderPdf(lengths, { landscape: true }, {}), 200 * MM, 100 * MM);
    const named = await createTemplate({
      name: "a5",
      source: "<style>@media print { @page { size: A5 landscape; margin: 20mm } }</style><p>Named</p>",
    });
    const margined = await renderPdf(named, { margin: "5mm" }, {});
    expectPage(margined, 210 * MM, 148 * MM);
    // The body keeps its default 8 px (6 pt) margin inside the page margin.
    expect((await wordAt(margined.file, "Named")).x).toBeCloseTo(5 * MM + 6, 0);
    expectPage(await renderPdf(named, { landscape: false }, {}), 148 * MM, 210 * MM);
  });
});
