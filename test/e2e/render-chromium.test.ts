import { describe, expect, it } from "vitest";
import {
  api,
  createTemplate,
  download,
  fixture,
  fixtureJson,
  imageSize,
  inspectPdf,
  newKey,
  sha256,
  waitForRender,
} from "./client";

const invoice = () => ({
  name: "invoice",
  source: fixture("invoice.liquid.html"),
  schema: fixtureJson("invoice.schema.json"),
  example: fixtureJson("invoice.data.json"),
});

describe("chromium renders through the real service", () => {
  it("renders the one-page invoice inline to an A4 PDF with the right text and a working signed link", async () => {
    const template = await createTemplate(invoice());
    const res = await api("POST", "/v1/render", { template, data: fixtureJson("invoice.data.json") });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      object: "render",
      status: "succeeded",
      template: `${template}@1`,
      format: "pdf",
      engine: "chromium",
      cached: false,
      page_count: 1,
      billable_units: 1,
      content_type: "application/pdf",
      error: null,
      webhook_status: null,
      webhook_attempts: 0,
    });
    expect(res.headers.get("x-request-id")).toBeTruthy();
    // Where the time went, Chromium's print and the finish of its file apart (docs/contributing.md#observability).
    const phases = (res.headers.get("server-timing") ?? "").split(", ").map((phase) => phase.split(";")[0]);
    expect(phases.sort()).toEqual(["admission", "finish", "queue", "render", "store", "template"]);
    const file = await download(res.json.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(Number(file.headers.get("content-length"))).toBe(res.json.byte_size);
    expect(file.headers.get("content-disposition")).toBe(`inline; filename="${template}-v1-${res.json.id}.pdf"`);
    expect(file.headers.get("etag")).toBeTruthy();
    const pdf = await inspectPdf(file.bytes);
    expect(pdf.pages).toBe(1);
    expect(Math.round(pdf.width)).toBe(595);
    expect(Math.round(pdf.height)).toBe(842);
    expect(pdf.text).toContain("Northwind Studio");
    expect(pdf.text).toContain("INV-2026-0142");
    expect(pdf.text).toContain("Nov 2, 2026");
    expect(pdf.text).toMatch(/Total due\s+[\d.,]+\s€/);
    expect(pdf.info).toMatchObject({ creationDate: undefined, modDate: undefined });
  });

  it("renders the long invoice to 8 pages and counts them", async () => {
    const template = await createTemplate(invoice());
    const res = await api("POST", "/v1/render", { template, data: fixtureJson("invoice-long.data.json") });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ page_count: 8, billable_units: 8 });
    const pdf = await inspectPdf((await download(res.json.url)).bytes);
    expect(pdf.pages).toBe(8);
    expect(pdf.text).toContain("Total due");
  });

  it("prints header and footer page numbers, honours landscape, Letter and metadata", async () => {
    const template = await createTemplate({
      name: "paged",
      source:
        "<html><head><title>Paged</title></head><body>{% for i in (1..3) %}<p style='break-after:page'>Part {{ i }} for {{ who }}</p>{% endfor %}</body></html>",
    });
    const options = {
      page_size: "Letter",
      landscape: true,
      margin: { top: "20mm", bottom: "20mm", left: "10mm", right: "10mm" },
      header_html: "<div style='font-size:10px;width:100%;text-align:center'>Report for {{ who }}</div>",
      footer_html:
        "<div style='font-size:10px;width:100%;text-align:center'>Page <span class='pageNumber'></span> of <span class='totalPages'></span></div>",
      metadata: { title: "Quarterly", author: "Folio Tests", subject: "Paging", keywords: "a, b" },
    };
    const res = await api("POST", "/v1/render", { template, data: { who: "Ada" }, options });
    expect(res.status).toBe(200);
    const pdf = await inspectPdf((await download(res.json.url)).bytes);
    expect(pdf.pages).toBe(3);
    expect(Math.round(pdf.width)).toBe(792);
    expect(Math.round(pdf.height)).toBe(612);
    for (const n of [1, 2, 3]) expect(pdf.text).toContain(`Page ${n} of 3`);
    expect(pdf.text).toContain("Report for Ada");
    expect(pdf.info).toMatchObject({ title: "Quarterly", author: "Folio Tests", subject: "Paging", keywords: "a, b" });
  });

  it("bills a 10-page PDF under-estimated as 1 page for 10 units", async () => {
    const key = await newKey();
    const template = await createTemplate(
      {
        name: "ten",
        expected_pages: 1,
        source: "{% for i in (1..10) %}<p style='break-after:page'>Page {{ i }}</p>{% endfor %}",
      },
      key,
    );
    const res = await api("POST", "/v1/render", { template }, key);
    expect(res.json).toMatchObject({ page_count: 10, billable_units: 10 });
    const usage = await api("GET", "/v1/usage", undefined, key);
    expect(usage.json.units).toMatchObject({ used: 10, remaining: 90 });
  });

  it("gives a document without <title> or metadata.title no /Title, never the address it was printed at", async () => {
    const template = await createTemplate({ name: "untitled", source: "<p>No title here</p>" });
    const file = await download((await api("POST", "/v1/render", { template })).json.url);
    expect((await inspectPdf(file.bytes)).info.title).toBeUndefined();
    expect(file.bytes.includes("/Title")).toBe(false);
    expect(file.bytes.includes("folio.invalid")).toBe(false);
  });

  it("renders PNG and JPG at the requested dimensions", async () => {
    const template = await createTemplate({
      name: "shot",
      source: "<body style='margin:0;background:#2f5bea'><h1 style='color:white'>{{ t }}</h1></body>",
    });
    const png = await api("POST", "/v1/render", {
      template,
      format: "png",
      data: { t: "png" },
      options: { width: 800, height: 600, full_page: false },
    });
    expect(png.json).toMatchObject({ format: "png", content_type: "image/png", page_count: 1, billable_units: 1 });
    expect(imageSize((await download(png.json.url)).bytes)).toEqual({ type: "png", width: 800, height: 600 });
    const jpg = await api("POST", "/v1/render", {
      template,
      format: "jpeg",
      data: { t: "jpg" },
      options: { width: 640, height: 360, full_page: false, device_scale_factor: 2, quality: 70 },
    });
    expect(jpg.json).toMatchObject({ format: "jpg", content_type: "image/jpeg" });
    const jpgFile = await download(jpg.json.url);
    expect(jpgFile.headers.get("content-type")).toBe("image/jpeg");
    expect(imageSize(jpgFile.bytes)).toEqual({ type: "jpg", width: 1280, height: 720 });
    const defaults = await api("POST", "/v1/render", { template, format: "png", data: { t: "default" } });
    expect(imageSize((await download(defaults.json.url)).bytes).width).toBe(1280);
  });

  it("gives byte-identical files for the same request from two accounts, templates created at different times", async () => {
    const first = await newKey();
    const a = await createTemplate(invoice(), first);
    await new Promise((r) => setTimeout(r, 1100));
    const second = await newKey();
    const b = await createTemplate(invoice(), second);
    const data = fixtureJson("invoice.data.json");
    const ra = await api("POST", "/v1/render", { template: a, data }, first);
    const rb = await api("POST", "/v1/render", { template: b, data }, second);
    expect(ra.json.cached).toBe(false);
    expect(rb.json.cached).toBe(false);
    expect(sha256((await download(ra.json.url)).bytes)).toBe(sha256((await download(rb.json.url)).bytes));
    const pa = await api("POST", "/v1/render", { template: a, data, format: "png" }, first);
    const pb = await api("POST", "/v1/render", { template: b, data, format: "png" }, second);
    expect(sha256((await download(pa.json.url)).bytes)).toBe(sha256((await download(pb.json.url)).bytes));
  });

  it("gives byte-identical tagged PDFs whatever the backend printed before (the structure's element ids)", async () => {
    const options = { tagged: true, outline: true };
    const data = fixtureJson("invoice.data.json");
    const first = await newKey();
    const ra = await api(
      "POST",
      "/v1/render",
      { template: await createTemplate(invoice(), first), data, options },
      first,
    );
    // Another account prints a longer tagged document first: Chromium numbers its elements on from there.
    const second = await newKey();
    const b = await createTemplate(invoice(), second);
    const long = await api(
      "POST",
      "/v1/render",
      { template: b, data: fixtureJson("invoice-long.data.json"), options },
      second,
    );
    expect(long.status).toBe(200);
    const rb = await api("POST", "/v1/render", { template: b, data, options }, second);
    expect([ra.json.cached, rb.json.cached]).toEqual([false, false]);
    expect(sha256((await download(rb.json.url)).bytes)).toBe(sha256((await download(ra.json.url)).bytes));
  });

  it("answers an identical request from the cache: 200, cached, a new id, the same object, not billed", async () => {
    const template = await createTemplate(invoice());
    const data = fixtureJson("invoice.data.json");
    const first = await api("POST", "/v1/render", { template, data, options: { scale: 0.9 } });
    const again = await api("POST", "/v1/render", {
      template,
      data: JSON.parse(JSON.stringify(data)),
      options: { scale: 0.9 },
      async: true,
    });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({
      status: "succeeded",
      cached: true,
      billable_units: 0,
      page_count: first.json.page_count,
      byte_size: first.json.byte_size,
    });
    expect(again.json.id).not.toBe(first.json.id);
    expect(sha256((await download(again.json.url)).bytes)).toBe(sha256((await download(first.json.url)).bytes));
  });

  it("queues the huge invoice (over the inline limit) and reaches succeeded", async () => {
    const template = await createTemplate(invoice());
    const res = await api("POST", "/v1/render", { template, data: fixtureJson("invoice-huge.data.json") });
    expect(res.status).toBe(202);
    expect(res.json).toMatchObject({
      status: "queued",
      url: null,
      page_count: null,
      billable_units: null,
      byte_size: null,
      completed_at: null,
      error: null,
    });
    const done = await waitForRender(res.json.id);
    expect(done, JSON.stringify(done)).toMatchObject({ status: "succeeded", cached: false });
    expect(done.page_count).toBeGreaterThan(20);
    expect((await inspectPdf((await download(done.url)).bytes)).pages).toBe(done.page_count);
  });

  it("ends a failing queued render as failed with its envelope, and answers an unknown filter inline with render_failed", async () => {
    const template = await createTemplate({ name: "broken", source: "<p>{{ total | shiny }}</p>" });
    const inline = await api("POST", "/v1/render", { template, data: { total: 3 } });
    expect(inline.status).toBe(500);
    expect(inline.json.error).toMatchObject({ type: "render_failed", details: { stage: "template", filter: "shiny" } });
    expect(inline.json.error.message).toContain("shiny");
    const queued = await api("POST", "/v1/render", { template, data: { total: 4 }, async: true });
    expect(queued.status).toBe(202);
    const done = await waitForRender(queued.json.id);
    expect(done).toMatchObject({
      status: "failed",
      url: null,
      error: { type: "render_failed", details: { stage: "template", filter: "shiny" } },
    });
    expect(done.error.docs_url).toMatch(/\/docs\/errors\/render_failed$/);
  });

  it("prints each request's own footer: one template version, two footers", async () => {
    const template = await createTemplate({
      name: "footers",
      source: "<p>Body</p>",
      options: { footer_html: "<div style='font-size:10px'>Template footer</div>" },
    });
    for (const words of ["Template footer", "First request footer", "Second request footer"]) {
      const options = words === "Template footer" ? {} : { footer_html: `<div style='font-size:10px'>${words}</div>` };
      const res = await api("POST", "/v1/render", { template, options });
      expect((await inspectPdf((await download(res.json.url)).bytes)).text).toContain(words);
    }
  });
});
