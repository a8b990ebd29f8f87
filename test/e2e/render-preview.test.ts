import { describe, expect, inject, it } from "vitest";
import { api, createTemplate, fixture, fixtureJson, inspectPdf, newKey } from "./client";
import { pageTexts } from "./pdf-text";
import { pdfFile } from "./pdf-tools";

/** Each page's text in content-stream order, where the rotated watermark stays one word. */
const rawTexts = (file: string) => pageTexts(file, { raw: true });

async function preview(key: string, body: Record<string, unknown>) {
  const res = await fetch(`${inject("baseUrl")}/v1/previews`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe("PDF previews through Chromium", () => {
  it("carry PREVIEW on every page of the 8-page invoice, report the page count, and bill nothing", async () => {
    const key = await newKey();
    const res = await preview(key, { source: fixture("invoice.liquid.html"), schema: fixtureJson("invoice.schema.json"), data: fixtureJson("invoice-long.data.json") });
    expect(res.status, res.bytes.toString("utf8").slice(0, 300)).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const pdf = await inspectPdf(res.bytes);
    expect(pdf.pages).toBeGreaterThan(1);
    expect(res.headers.get("x-service-page-count")).toBe(String(pdf.pages));
    const pages = (await rawTexts(pdf.file)).filter((page) => page.trim() !== "");
    expect(pages).toHaveLength(pdf.pages);
    for (const page of pages) expect(page).toContain("PREVIEW");
    expect((await api("GET", "/v1/usage", undefined, key)).json.units.used).toBe(0);
    expect((await api("GET", "/v1/renders", undefined, key)).json.data).toEqual([]);
  });

  it("previews a stored version by reference, and the render of it carries no watermark", async () => {
    const key = await newKey();
    const template = await createTemplate({ name: "hello", source: "<h1>Hello {{ name }}</h1>" }, key);
    const res = await preview(key, { template, data: { name: "Ada" } });
    expect(res.status).toBe(200);
    expect((await rawTexts(pdfFile(res.bytes))).join("\f")).toMatch(/Hello Ada\s+PREVIEW/);
    const rendered = await api("POST", "/v1/render", { template, data: { name: "Ada" } }, key);
    const file = Buffer.from(await (await fetch(rendered.json.url)).arrayBuffer());
    expect((await rawTexts(pdfFile(file))).join("\f")).not.toContain("PREVIEW");
  });
});
