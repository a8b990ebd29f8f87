// `options.pdfua: "1"` through the real service and a real Chromium (docs/accessibility.md#in-a-render): an accessible
// template renders, its receipt says PDF/UA-1 passed, the downloaded file passes the checker and draws the same
// pixels as the render without `pdfua`; a template without a language fails the render at stage accessibility with
// the checkpoint, and its preview answers 200 with the warning. This file runs in both e2e projects: where no render
// backend runs (the Browser Rendering driver alone) nothing can check the file, and a `pdfua` render is refused.
import { checkPdfUa } from "@folio/render-page/pdfua/check";
import { describe, expect, inject, it } from "vitest";
import { differingPages, inkedPixels, pagesPixels } from "../pdfua/page-pixels";
import { api, createTemplate, download, preview } from "./client";
import { pageTexts } from "./pdf-text";
import { encryption, opens, outlineTitles, pdfFile } from "./pdf-tools";
import { ACCESSIBLE, DATA } from "./pdfua-documents";

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

describe.runIf(withBackend)("pdfua with the finishing that changes the document", () => {
  const warningsOf = (headers: Headers) => {
    const header = headers.get("x-service-warnings");
    return header ? JSON.parse(Buffer.from(header, "base64url").toString("utf8")) : [];
  };

  it("with toc, outline and a watermark: the file passes the checker and keeps its bookmarks and contents", async () => {
    const source = ACCESSIBLE.replace("<h1>Order {{ number }}</h1>", "<h1>Order {{ number }}</h1><nav data-toc></nav>");
    const template = await createTemplate({ name: "pdfua-contents", source });
    const options = { pdfua: "1", toc: true, outline: true, watermark: { text: "DRAFT" } };
    const res = await renderPdf(template, options);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.compliance.accessibility.valid).toBe(true);
    const bytes = (await download(res.json.url)).bytes;
    expect((await checkPdfUa(new Uint8Array(bytes))).violations).toEqual([]);
    const file = pdfFile(bytes);
    expect(await outlineTitles(file)).toEqual([{ title: "Order A-17", kids: ["Items", "Notes"] }]);
    const [first] = await pageTexts(file);
    for (const entry of ["Order A-17", "Items", "Notes"]) expect(first).toMatch(new RegExp(`${entry}\\s+1`));
  });

  it("a preview of a pdfua template: the PREVIEW mark is an artifact, the file passes, no accessibility warning", async () => {
    const template = await createTemplate({ name: "pdfua-preview", source: ACCESSIBLE, options: { pdfua: "1" } });
    const res = await preview(inject("apiKey"), { template, data: DATA });
    expect(res.status, res.bytes.toString("utf8").slice(0, 300)).toBe(200);
    expect(warningsOf(res.headers)).not.toContainEqual(expect.objectContaining({ code: "accessibility" }));
    expect((await pageTexts(pdfFile(res.bytes), { raw: true })).join(" ")).toContain("PREVIEW");
    expect((await checkPdfUa(new Uint8Array(res.bytes))).violations).toEqual([]);
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
