import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFRef } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import { api, createTemplate, decodePng, download, newKey, preview } from "./client";
import { pagePixels, pdfFile } from "./pdf-tools";

// docs/limits.md: the PREVIEW mark is drawn inside each page's one content stream and tiled over the whole page, so
// no stream can be deleted to take it off and no part of a long page is free of it.

type Pixels = { width: number; height: number; pixel(x: number, y: number): number[] };

const differs = (a: Pixels, b: Pixels, x: number, y: number) =>
  a.pixel(x, y).some((channel, i) => Math.abs(channel - b.pixel(x, y)[i]!) > 8);

/** The pixels (every 2nd each way) where `a` and `b` differ, as "x,y". */
function differing(a: Pixels, b: Pixels): Set<string> {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  const found = new Set<string>();
  for (let y = 0; y < a.height; y += 2)
    for (let x = 0; x < a.width; x += 2) if (differs(a, b, x, y)) found.add(`${x},${y}`);
  return found;
}

const blank = (a: Pixels) => {
  for (let y = 0; y < a.height; y += 2)
    for (let x = 0; x < a.width; x += 2) if (a.pixel(x, y).some((channel) => channel < 250)) return false;
  return true;
};

/** Each way to delete one content stream of page `index`: one of its /Contents, or one form XObject it draws. */
async function strippedVariants(bytes: Buffer, index: number): Promise<Array<[string, Buffer]>> {
  const probe = await PDFDocument.load(bytes);
  const page = probe.getPage(index).node;
  const contents = probe.context.lookup(page.get(PDFName.of("Contents")));
  const count = contents instanceof PDFArray ? contents.size() : 1;
  const forms = page.Resources()?.lookupMaybe(PDFName.of("XObject"), PDFDict)?.keys() ?? [];
  const variants: Array<[string, Buffer]> = [];
  for (let n = 0; n < count; n++) {
    const doc = await PDFDocument.load(bytes);
    const node = doc.getPage(index).node;
    const kept = doc.context.lookup(node.get(PDFName.of("Contents")));
    const refs = kept instanceof PDFArray ? kept.asArray() : [node.get(PDFName.of("Contents")) as PDFRef];
    node.set(PDFName.of("Contents"), doc.context.obj(refs.filter((_, i) => i !== n)));
    variants.push([`content stream ${n + 1} of ${count}`, Buffer.from(await doc.save())]);
  }
  for (const name of forms) {
    const doc = await PDFDocument.load(bytes);
    doc.getPage(index).node.Resources()?.lookup(PDFName.of("XObject"), PDFDict).delete(name);
    variants.push([`form ${name}`, Buffer.from(await doc.save())]);
  }
  return variants;
}

describe("the PREVIEW mark on a PDF", () => {
  it("survives deleting any one content stream: the mark stays, or the page's content goes with it", async () => {
    const key = await newKey();
    const source =
      "<h1>Quarterly report</h1><p style='background:#cde'>Page text</p>" +
      "<div style='break-before:page;background:#edc;height:120mm'><h2>Second page</h2><p style='opacity:.5'>More text</p></div>";
    const template = await createTemplate({ name: "strip", source }, key);
    const previewed = await preview(key, { template });
    expect(previewed.status).toBe(200);
    const paid = (await download((await api("POST", "/v1/render", { template }, key)).json.url)).bytes;
    for (const index of [0, 1]) {
      const paidPage = await pagePixels(pdfFile(paid), index + 1, 36);
      const mark = differing(await pagePixels(pdfFile(previewed.bytes), index + 1, 36), paidPage);
      expect(mark.size).toBeGreaterThan(100);
      const variants = await strippedVariants(previewed.bytes, index);
      for (const [what, bytes] of variants) {
        const stripped = await pagePixels(pdfFile(bytes), index + 1, 36);
        const still = differing(stripped, paidPage);
        expect(still.size, `page ${index + 1} without ${what} is the paid page`).toBeGreaterThan(100);
        if (blank(stripped)) continue;
        const kept = [...mark].filter((at) => still.has(at)).length;
        expect(kept / mark.size, `page ${index + 1} without ${what} lost the mark`).toBeGreaterThan(0.9);
      }
      // The page's one stream: nothing else to delete that would leave its content.
      expect(variants.filter(([what]) => what.startsWith("content stream"))).toHaveLength(1);
    }
  });

  it("covers a 210 x 5000 mm page from top to bottom, the same bytes every time", async () => {
    const key = await newKey();
    const template = await createTemplate(
      { name: "tall", source: "<style>@page{size:210mm 5000mm;margin:0}</style><p>Top</p>" },
      key,
    );
    const previewed = await preview(key, { template });
    expect(previewed.status).toBe(200);
    expect((await preview(key, { template })).bytes.equals(previewed.bytes)).toBe(true);
    const paid = (await download((await api("POST", "/v1/render", { template }, key)).json.url)).bytes;
    // 18 dpi: 149 x 3543 pixels.
    const [marked, plain] = [await pagePixels(pdfFile(previewed.bytes), 1, 18), await pagePixels(pdfFile(paid), 1, 18)];
    const coverage = expectMarkedInEveryBand(marked, plain);
    console.info(`the mark covers ${(coverage * 100).toFixed(1)} % of the 210 x 5000 mm page`);
  });
});

/**
 * The marked image in bands as tall as it is wide (or as wide as it is tall): every band differs from the plain one
 * in at least 3 % of its pixels. Answers the share of the whole image that differs.
 */
function expectMarkedInEveryBand(marked: Pixels, plain: Pixels): number {
  const mark = differing(marked, plain);
  const tall = marked.height >= marked.width;
  const band = Math.min(marked.width, marked.height);
  const count = Math.floor(Math.max(marked.width, marked.height) / band);
  const inked = new Array<number>(count).fill(0);
  for (const at of mark) {
    const [x, y] = at.split(",").map(Number) as [number, number];
    const n = Math.floor((tall ? y : x) / band);
    if (n < count) inked[n]! += 1;
  }
  const sampled = (band / 2) * (band / 2);
  for (const [n, found] of inked.entries()) expect(found / sampled, `band ${n + 1} of ${count}`).toBeGreaterThan(0.03);
  return mark.size / ((marked.width / 2) * (marked.height / 2));
}

describe("the PREVIEW mark on a satori card", () => {
  it.each([
    [400, 3000],
    [3000, 400],
  ])("covers a %i x %i card end to end", async (width, height) => {
    const key = await newKey();
    const source = "<div style='display:flex;width:100%;height:100%;background:#fff'>Card</div>";
    const template = await createTemplate(
      { name: "long-card", engine: "satori", source, options: { width, height } },
      key,
    );
    const previewed = await preview(key, { template });
    expect(previewed.status).toBe(200);
    const paid = (await download((await api("POST", "/v1/render", { template }, key)).json.url)).bytes;
    const coverage = expectMarkedInEveryBand(decodePng(previewed.bytes), decodePng(paid));
    console.info(`the mark covers ${(coverage * 100).toFixed(1)} % of the ${width} x ${height} card`);
  });
});
