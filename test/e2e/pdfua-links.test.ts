// Links in a `pdfua` render through the real service and a real Chromium (docs/accessibility.md#in-a-render): each
// link annotation's /Contents is the name a reader hears (its text, its aria-label, its image's alt), not its URL,
// for a link that wraps over lines and pages too; a link in `header_html` or `footer_html` (an artifact's content)
// sits in a Link element of its own, named as the margin names it, so the file passes, and every page draws what the
// render without `pdfua` draws.
import { PDFDocument, PDFName, PDFRef } from "@cantoo/pdf-lib";
import { checkPdfUa } from "@folio/render-page/pdfua/check";
import { dictAt, dictOf, itemsAt, textAt } from "@folio/render-page/pdfua/pdf-values";
import { readStructureTree } from "@folio/render-page/pdfua/structure-tree";
import { ViolationTally } from "@folio/render-page/pdfua/violations";
import { describe, expect, inject, it } from "vitest";
import { differingPages, pagesPixels } from "../pdfua/page-pixels";
import { api, createTemplate, download } from "./client";

const withBackend = inject("chromiumDriver") !== "browser-rendering";

const LONG = "a link long enough to wrap over many lines of this narrow paragraph, from one page onto the next";

const LINKS = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Links</title>
<style>body { font: 12pt/1.4 sans-serif } .icon { display: inline-block; width: 16px; height: 16px; background: #36c }
.narrow { width: 120px } .push { height: {{ push }}px }</style></head>
<body><h1>Links</h1>
<p>Read <a href="https://example.com/orders/A-17">the   order
online</a>.</p>
<p>Help: <a class="icon" href="https://example.com/help" aria-label="Help centre"></a></p>
<p class="narrow"><a href="https://example.com/terms">the terms of sale that apply to every order</a></p>
<div class="push"></div>
<p class="narrow"><a href="https://example.com/long">${LONG} {{ more }}</a></p>
</body></html>`;

/** Each Link element of the file in reading order: its /Alt, and its annotations' /Contents with their page. */
async function linksOf(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const pageOf = new Map<string, number>();
  doc.getPages().forEach((page, index) => {
    for (const ref of page.node.Annots()?.asArray() ?? []) if (ref instanceof PDFRef) pageOf.set(ref.toString(), index);
  });
  const tree = readStructureTree(doc.catalog, true, new ViolationTally());
  return (tree?.elements ?? [])
    .filter((node) => node.standard === "Link")
    .map((link) => {
      const objects = itemsAt(link.dict, "K").filter((kid) => dictOf(kid)?.has(PDFName.of("Obj")));
      const annotations = objects.map((kid) => {
        const ref = dictOf(kid)?.get(PDFName.of("Obj"));
        return { contents: textAt(dictAt(dictOf(kid), "Obj"), "Contents"), page: pageOf.get(String(ref)) };
      });
      return { alt: textAt(link.dict, "Alt"), annotations };
    });
}

async function render(template: string, options: Record<string, unknown>, data: Record<string, unknown>) {
  const res = await api("POST", "/v1/render", { template, data, options });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { json: res.json, bytes: new Uint8Array((await download(res.json.url)).bytes) };
}

describe.runIf(withBackend)("links in a pdfua render", () => {
  it("each annotation's /Contents is its link's name: text, aria-label; a link wrapping over lines and pages", async () => {
    const template = await createTemplate({ name: "pdfua-link-names", source: LINKS });
    const { json, bytes } = await render(template, { pdfua: "1" }, { push: 780, more: "" });
    expect(json.compliance.accessibility.valid).toBe(true);
    expect((await checkPdfUa(bytes)).violations).toEqual([]);
    const links = await linksOf(bytes);
    const names = links.map((link) => [...new Set(link.annotations.map((a) => a.contents))]);
    expect(names).toEqual([
      ["the order online"],
      ["Help centre"],
      ["the terms of sale that apply to every order"],
      [LONG],
    ]);
    // The icon holds no text: its name is its element's /Alt too, so FOLIO-LINK-TEXT passes.
    expect(links[1]?.alt).toBe("Help centre");
    expect(links[2]?.annotations.length).toBeGreaterThan(2);
    expect(new Set(links[3]?.annotations.map((a) => a.page))).toEqual(new Set([0, 1]));
  });

  it("with toc: its links named by their entries; a link inside aria-hidden is tagged last, by its URL", async () => {
    const source = LINKS.replace("<h1>Links</h1>", "<h1>Links</h1><nav data-toc></nav><h2>More</h2>").replace(
      "</body>",
      '<p aria-hidden="true"><a href="https://example.com/hidden">decoration</a></p></body>',
    );
    const template = await createTemplate({ name: "pdfua-link-toc", source });
    const { json, bytes } = await render(template, { pdfua: "1", toc: true }, { push: 600, more: "" });
    expect(json.compliance.accessibility.valid).toBe(true);
    expect((await checkPdfUa(bytes)).violations).toEqual([]);
    const links = await linksOf(bytes);
    expect(links.map((link) => link.annotations[0]?.contents)).toEqual([
      "Links 1",
      "More 1",
      "the order online",
      "Help centre",
      "the terms of sale that apply to every order",
      LONG,
      "https://example.com/hidden",
    ]);
    expect(links.at(-1)?.alt).toBe("https://example.com/hidden");
  });

  it("links in header_html and footer_html: each target one Link element holding every page's copy; pixels unchanged", async () => {
    const template = await createTemplate({ name: "pdfua-link-margins", source: LINKS });
    const options = {
      margin: { top: "20mm", bottom: "20mm" },
      header_html:
        '<div style="font-size:9px; margin-left:10mm"><a href="https://example.com" aria-label="Example home">' +
        "example.com</a></div>",
      footer_html:
        '<div style="font-size:9px; margin-left:10mm"><a href="https://example.com/contact">Contact us</a> ' +
        'page <span class="pageNumber"></span></div>',
    };
    const data = { push: 780, more: "" };
    const { json, bytes } = await render(template, { ...options, pdfua: "1" }, data);
    expect(json.compliance.accessibility.valid).toBe(true);
    expect((await checkPdfUa(bytes)).violations).toEqual([]);
    const margins = (await linksOf(bytes)).slice(-2);
    // Named as the margins' HTML names them, one element per target however many pages print it.
    expect(margins).toEqual([
      { alt: "Example home", annotations: [0, 1].map((page) => ({ contents: "Example home", page })) },
      { alt: "Contact us", annotations: [0, 1].map((page) => ({ contents: "Contact us", page })) },
    ]);
    const plain = await render(template, options, data);
    expect(differingPages(await pagesPixels(plain.bytes), await pagesPixels(bytes))).toEqual([]);
  });
});
