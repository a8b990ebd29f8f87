import { describe, expect, it } from "vitest";
import { api, createTemplate, decodePng, download, fixture, fixtureJson, inspectPdf, newKey, preview } from "./client";
import { pageTexts } from "./pdf-text";
import { pagePixels, pdfFile } from "./pdf-tools";

/** Each page's text in content-stream order, where the rotated watermark stays one word. */
const rawTexts = (file: string) => pageTexts(file, { raw: true });

describe("PDF previews through Chromium", () => {
  it("carry PREVIEW on every page of the 8-page invoice, report the page count, and bill nothing", async () => {
    const key = await newKey();
    const res = await preview(key, {
      source: fixture("invoice.liquid.html"),
      schema: fixtureJson("invoice.schema.json"),
      data: fixtureJson("invoice-long.data.json"),
    });
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
    expect((await rawTexts(pdfFile(res.bytes))).join("\f")).toMatch(/Hello Ada\s[\s\S]*PREVIEW/);
    const rendered = await api("POST", "/v1/render", { template, data: { name: "Ada" } }, key);
    const file = Buffer.from(await (await fetch(rendered.json.url)).arrayBuffer());
    expect((await rawTexts(pdfFile(file))).join("\f")).not.toContain("PREVIEW");
  });
});

/** Templates that hid a mark written into the document: a fake <body> in a comment, CSS on aria-hidden, visibility. */
const HOSTILE = {
  "a <body> inside a comment": "<!-- <body> --><html><body><h1>Quarterly report</h1><p>Page text</p></body></html>",
  "CSS hiding aria-hidden":
    "<style>[aria-hidden]{display:none!important}</style><h1>Quarterly report</h1><p>Page text</p>",
  "visibility turned off and back on":
    "<style>body{visibility:hidden} h1,p{visibility:visible}</style><h1>Quarterly report</h1><p>Page text</p>",
  "the mark moved off the page":
    "<style>[aria-hidden], body > div:first-child{transform:translateX(-9999px)!important;opacity:0!important}</style><h1>Quarterly report</h1><p>Page text</p>",
};

/** How many of the sampled pixels differ between two images of one size (every 3rd pixel each way). */
function differing(a: { width: number; height: number; pixel(x: number, y: number): number[] }, b: typeof a): number {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  let count = 0;
  for (let y = 0; y < a.height; y += 3)
    for (let x = 0; x < a.width; x += 3)
      if (a.pixel(x, y).some((channel, i) => Math.abs(channel - b.pixel(x, y)[i]!) > 8)) count++;
  return count;
}

describe("the PREVIEW mark cannot be hidden by the template", () => {
  it.each(Object.entries(HOSTILE))(
    "PDF, %s: every page differs from the paid render of the same source",
    async (_, source) => {
      const key = await newKey();
      const template = await createTemplate(
        { name: "hostile", source: `${source}<div style="break-before:page"><p>Second page</p></div>` },
        key,
      );
      const previewed = await preview(key, { template });
      expect(previewed.status).toBe(200);
      const paid = await api("POST", "/v1/render", { template }, key);
      const paidFile = pdfFile((await download(paid.json.url)).bytes);
      const previewFile = pdfFile(previewed.bytes);
      expect((await inspectPdf(previewed.bytes)).pages).toBe(2);
      for (const page of [1, 2])
        expect(
          differing(await pagePixels(previewFile, page, 36), await pagePixels(paidFile, page, 36)),
        ).toBeGreaterThan(100);
    },
  );

  it.each(["png", "jpg"] as const)(
    "%s through Chromium: the captured pixels carry the mark, hidden-markup templates or not",
    async (format) => {
      const key = await newKey();
      const template = await createTemplate({ name: "hostile-image", source: HOSTILE["CSS hiding aria-hidden"] }, key);
      const previewed = await preview(key, {
        template,
        format,
        options: { width: 600, height: 400, full_page: false },
      });
      expect(previewed.status).toBe(200);
      const paid = await download(
        (
          await api(
            "POST",
            "/v1/render",
            { template, format, options: { width: 600, height: 400, full_page: false } },
            key,
          )
        ).json.url,
      );
      if (format === "png") {
        const [a, b] = [decodePng(previewed.bytes), decodePng(paid.bytes)];
        expect([a.width, a.height]).toEqual([600, 400]);
        expect(differing(a, b)).toBeGreaterThan(100);
      } else {
        expect(previewed.bytes.equals(paid.bytes)).toBe(false);
        expect(previewed.bytes.subarray(0, 2).toString("hex")).toBe("ffd8");
      }
    },
  );
});
