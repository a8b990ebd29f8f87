// `options.pdfua: "1"` through the real service and a real Chromium (docs/accessibility.md#in-a-render): an accessible
// template renders, its receipt says PDF/UA-1 passed, the downloaded file passes the checker and draws the same
// pixels as the render without `pdfua`; a template without a language fails the render at stage accessibility with
// the checkpoint, and its preview answers 200 with the warning. This file runs in both e2e projects: where no render
// backend runs (the Browser Rendering driver alone) nothing can check the file, and a `pdfua` render is refused.
import { checkPdfUa } from "@folio/render-page/pdfua/check";
import { describe, expect, inject, it } from "vitest";
import { differingPages, inkedPixels, pagesPixels } from "../pdfua/page-pixels";
import { api, createTemplate, download } from "./client";
import { encryption, opens, pdfFile } from "./pdf-tools";

const ACCESSIBLE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Order {{ number }}</title>
<style>body { font: 12pt/1.4 sans-serif } table { border-collapse: collapse } th, td { border: 1px solid #888; padding: 4px }</style></head>
<body><h1>Order {{ number }}</h1><p>Thank you for your order. <a href="https://example.com/orders/{{ number }}">See it online</a>.</p>
<h2>Items</h2><table><thead><tr><th scope="col">Item</th><th scope="col">Price</th></tr></thead>
<tbody>{% for item in items %}<tr><td>{{ item.name }}</td><td>{{ item.price }}</td></tr>{% endfor %}</tbody></table>
<h2>Notes</h2><ul><li>Delivery in three days</li><li>Returns within 30 days</li></ul>
<img alt="A red square" width="40" height="40" src="data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="red"/></svg>').toString("base64")}">
</body></html>`;
const DATA = {
  number: "A-17",
  items: [
    { name: "Pen", price: "2.50" },
    { name: "Paper", price: "4.00" },
  ],
};

async function renderPdf(template: string, options: Record<string, unknown>) {
  const res = await api("POST", "/v1/render", { template, data: DATA, options });
  return res;
}

const withBackend = inject("chromiumDriver") !== "browser-rendering";

describe.runIf(withBackend)("pdfua renders", () => {
  it("an accessible template: 200, receipt valid, the file passes the checker, every page's pixels unchanged", async () => {
    const template = await createTemplate({ name: "pdfua-ok", source: ACCESSIBLE });
    const accessible = await renderPdf(template, { pdfua: "1" });
    expect(accessible.status, JSON.stringify(accessible.json)).toBe(200);
    expect(accessible.json.compliance).toEqual({
      accessibility: { standard: "PDF/UA-1", checker: "folio-pdfua-1", checks: expect.any(Number), valid: true },
    });
    const file = new Uint8Array((await download(accessible.json.url)).bytes);
    expect((await checkPdfUa(file)).violations).toEqual([]);
    const plain = await renderPdf(template, {});
    expect(plain.status).toBe(200);
    const [before, after] = [await pagesPixels((await download(plain.json.url)).bytes), await pagesPixels(file)];
    expect(inkedPixels(after[0])).toBeGreaterThan(1000);
    expect(differingPages(before, after)).toEqual([]);
    const fetched = await api("GET", `/v1/renders/${accessible.json.id}`);
    expect(fetched.json.compliance).toEqual(accessible.json.compliance);
  });

  it("a template without a language: render_failed at stage accessibility naming the checkpoint; its preview warns", async () => {
    const source = ACCESSIBLE.replace('<html lang="en">', "<html>");
    const template = await createTemplate({ name: "pdfua-no-lang", source });
    const refused = await renderPdf(template, { pdfua: "1" });
    expect(refused.status).toBe(500);
    expect(refused.json.error, JSON.stringify(refused.json)).toMatchObject({
      type: "render_failed",
      details: { stage: "accessibility", retryable: false },
    });
    const rules = refused.json.error.details.violations.map((v: { rule: string }) => v.rule);
    expect(rules).toContain("11-006");
    const res = await fetch(`${inject("baseUrl")}/v1/previews`, {
      method: "POST",
      headers: { authorization: `Bearer ${inject("apiKey")}`, "content-type": "application/json" },
      body: JSON.stringify({ template, data: DATA, options: { pdfua: "1" } }),
    });
    expect(res.status).toBe(200);
    const header = res.headers.get("x-service-warnings");
    const warnings = header ? JSON.parse(Buffer.from(header, "base64url").toString("utf8")) : [];
    expect(warnings).toContainEqual(expect.objectContaining({ code: "accessibility", rule: "11-006" }));
  });

  it("with a watermark and encryption: mended and checked before the encryption, which keeps copying allowed", async () => {
    const template = await createTemplate({ name: "pdfua-locked", source: ACCESSIBLE });
    const options = {
      pdfua: "1",
      watermark: { text: "DRAFT" },
      encryption: { owner_password: "owner-Secret-4711", permissions: { modify: false } },
    };
    const res = await renderPdf(template, options);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.compliance.accessibility.valid).toBe(true);
    const file = pdfFile((await download(res.json.url)).bytes);
    expect(await encryption(file)).toEqual({
      algorithm: "AES-256",
      print: true,
      change: false,
      copy: true,
      addNotes: true,
    });
    expect(await opens(file, "owner-Secret-4711")).toBe("opened");
  });
});

describe.runIf(!withBackend)("pdfua where no checker runs", () => {
  it("refuses the render before Chromium prints: render_failed, stage accessibility, retryable", async () => {
    const template = await createTemplate({ name: "pdfua-unchecked", source: ACCESSIBLE });
    const res = await renderPdf(template, { pdfua: "1" });
    expect(res.status, JSON.stringify(res.json)).toBe(500);
    expect(res.json.error).toMatchObject({
      type: "render_failed",
      details: { stage: "accessibility", reason: "accessibility_unchecked", retryable: true },
    });
  });
});
