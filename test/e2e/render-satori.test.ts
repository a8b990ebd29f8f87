import { describe, expect, it } from "vitest";
import {
  api,
  createTemplate,
  decodePng,
  download,
  fixture,
  fixtureJson,
  imageSize,
  inspectPdf,
  newKey,
  sha256,
} from "./client";
import { fonts, pagePixels } from "./pdf-tools";

describe("satori cards through the real service", () => {
  const card = () => ({
    name: "card",
    engine: "satori",
    source: fixture("card.satori.html"),
    schema: fixtureJson("card.schema.json"),
  });

  it("renders the card inline as a 1200x630 PNG, deterministically", async () => {
    // An account of its own: another test's render of the same card would answer this one from the cache, unbilled.
    const key = await newKey();
    const template = await createTemplate(card(), key);
    const res = await api("POST", "/v1/render", { template, data: fixtureJson("card.data.json") }, key);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ format: "png", engine: "satori", page_count: 1, billable_units: 1 });
    const file = await download(res.json.url);
    expect(imageSize(file.bytes)).toEqual({ type: "png", width: 1200, height: 630 });
    const png = decodePng(file.bytes);
    expect(png.pixel(4, 4)).toEqual([0x0f, 0x17, 0x2a, 255]);
    expect(png.pixel(72 + 28, 64 + 28)).toEqual([0x38, 0xbd, 0xf8, 255]);
    const other = await createTemplate(card());
    const again = await api("POST", "/v1/render", { template: other, data: fixtureJson("card.data.json") });
    expect(sha256((await download(again.json.url)).bytes)).toBe(sha256(file.bytes));
  });

  it("honours width and height, and renders inline even past the inline data limit", async () => {
    const template = await createTemplate(card());
    const big = { ...fixtureJson("card.data.json"), padding: "x".repeat(40_000) };
    const res = await api("POST", "/v1/render", { template, data: big, options: { width: 600, height: 315 } });
    expect(res.status).toBe(200);
    expect(imageSize((await download(res.json.url)).bytes)).toEqual({ type: "png", width: 600, height: 315 });
  });

  it("keeps transparency with omit_background: straight alpha, fully clear where nothing is drawn", async () => {
    const template = await createTemplate({
      name: "halves",
      engine: "satori",
      source:
        "<div style='display:flex;width:100%;height:100%'><div style='display:flex;width:50%;height:100%;background:rgba(255,128,0,0.5)'></div></div>",
    });
    const res = await api("POST", "/v1/render", {
      template,
      options: { width: 200, height: 100, omit_background: true },
    });
    expect(res.status).toBe(200);
    const png = decodePng((await download(res.json.url)).bytes);
    expect(png.width).toBe(200);
    const [r, g, b, a] = png.pixel(20, 50);
    expect([r, b]).toEqual([255, 0]);
    expect(Math.abs(g - 128)).toBeLessThanOrEqual(1);
    expect(Math.abs(a - 128)).toBeLessThanOrEqual(1);
    expect(png.pixel(180, 50)).toEqual([0, 0, 0, 0]);
  });

  it("sends a satori template asked for PDF or JPG through chromium with the same markup", async () => {
    const template = await createTemplate(card());
    const pdf = await api("POST", "/v1/render", { template, format: "pdf", data: fixtureJson("card.data.json") });
    expect(pdf.json).toMatchObject({ engine: "chromium", format: "pdf" });
    expect((await inspectPdf((await download(pdf.json.url)).bytes)).text).toContain("Rendering ten thousand");
    const jpg = await api("POST", "/v1/render", { template, format: "jpg", data: fixtureJson("card.data.json") });
    expect(jpg.json).toMatchObject({ engine: "chromium", format: "jpg" });
  });

  it("keeps the card through chromium: the PNG's size as a JPG, one borderless page of it in Inter as a PDF", async () => {
    // Page options among the template's defaults serve no format of a card: they are ignored, not applied.
    const template = await createTemplate({
      ...card(),
      options: { page_size: "A4", landscape: true, margin: "20mm", full_page: true },
    });
    const data = fixtureJson("card.data.json");
    const jpg = await api("POST", "/v1/render", { template, format: "jpg", data });
    expect(imageSize((await download(jpg.json.url)).bytes)).toEqual({ type: "jpg", width: 1200, height: 630 });
    const small = await api("POST", "/v1/render", {
      template,
      format: "jpg",
      data,
      options: { width: 600, height: 315, device_scale_factor: 2 },
    });
    expect(imageSize((await download(small.json.url)).bytes)).toEqual({ type: "jpg", width: 1200, height: 630 });

    const res = await api("POST", "/v1/render", { template, format: "pdf", data });
    expect(res.json).toMatchObject({ engine: "chromium", page_count: 1 });
    const pdf = await inspectPdf((await download(res.json.url)).bytes);
    expect(pdf.pages).toBe(1);
    // A page is px * 0.75 points, to Chromium's rounding of page sizes to hundredths of an inch.
    expect(Math.abs(pdf.width - 1200 * 0.75)).toBeLessThan(1);
    expect(Math.abs(pdf.height - 630 * 0.75)).toBeLessThan(1);
    expect(pdf.text).toContain("7 min read");
    const used = await fonts(pdf.file);
    for (const face of ["Inter-Regular", "Inter-SemiBold", "Inter-Bold"]) {
      expect(used).toContainEqual(
        expect.objectContaining({
          name: expect.stringMatching(new RegExp(`^[A-Z]{6}\\+${face}$`)),
          embedded: true,
          subset: true,
          toUnicode: true,
        }),
      );
    }
    expect(used.map((font) => font.name).join(" ")).not.toMatch(/Serif|Liberation|DejaVu/);
    // Laid out as Satori lays it out: the background reaches the corner, the accent square sits inside the padding.
    const page = await pagePixels(pdf.file, 1, 96);
    expect(page.pixel(4, 4)).toEqual([0x0f, 0x17, 0x2a]);
    expect(page.pixel(72 + 28, 64 + 28)).toEqual([0x38, 0xbd, 0xf8]);
    expect(page.pixel(1195, 625)).toEqual([0x0f, 0x17, 0x2a]);

    const sized = await inspectPdf(
      (
        await download(
          (
            await api("POST", "/v1/render", { template, format: "pdf", data, options: { width: 600, height: 315 } })
          ).json.url,
        )
      ).bytes,
    );
    expect([Math.round(sized.width), sized.pages]).toEqual([450, 1]);
  });

  it("reports a layout error as render_failed at stage layout, and a refused image as asset_blocked", async () => {
    const layout = await createTemplate({
      name: "nodisplay",
      engine: "satori",
      source: "<div><span>a</span><span>b</span></div>",
    });
    const res = await api("POST", "/v1/render", { template: layout });
    expect(res.status).toBe(500);
    expect(res.json.error).toMatchObject({ type: "render_failed", details: { stage: "layout" } });
    const image = await createTemplate({
      name: "img",
      engine: "satori",
      source:
        "<div style='display:flex'><img src='https://169.254.169.254/latest/meta-data' width='10' height='10'></div>",
    });
    const blocked = await api("POST", "/v1/render", { template: image });
    expect(blocked.status).toBe(400);
    expect(blocked.json.error).toMatchObject({
      type: "asset_blocked",
      details: { url: "https://169.254.169.254/latest/meta-data" },
    });
  });
});
