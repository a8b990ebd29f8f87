// The fixture invoice (1, 8 and 26 pages; and as a Factur-X PDF/A-3), a satori card printed as a PDF and a Japanese
// document with emoji render with `pdfua: "1"` through the real service: 200 with the receipt's accessibility valid,
// and the file's structure tree holds the document's headings, header cells with their Scope, figures with their
// alternative text, list items (Lbl and LBody) and links with their Contents (docs/accessibility.md).
import { textAt } from "@folio/render-page/pdfua/pdf-values";
import { describe, expect, it } from "vitest";
import { api, createTemplate, download, fixture, fixtureJson, waitForRender } from "./client";
import { loadStructure, pdfFile, pdfInfo, xmp } from "./pdf-tools";
import { expectOutlineOf } from "./pdfua-outline";

/** Renders with pdfua (waiting for a queued one); answers the file, checked valid, and its page count. */
async function accessible(template: string, body: Record<string, unknown>) {
  const res = await api("POST", "/v1/render", { template, ...body });
  const render = res.status === 202 ? await waitForRender(res.json.id, undefined, 120_000) : res.json;
  expect(res.status === 200 || res.status === 202, JSON.stringify(res.json)).toBe(true);
  expect(render.status, JSON.stringify(render)).toBe("succeeded");
  expect(render.compliance.accessibility).toMatchObject({ standard: "PDF/UA-1", valid: true });
  const bytes = (await download(render.url)).bytes;
  const file = pdfFile(bytes);
  return { bytes, file, pages: (await pdfInfo(file)).pages };
}

const invoice = () =>
  createTemplate({
    name: "pdfua-invoice",
    source: fixture("invoice.liquid.html"),
    schema: fixtureJson("invoice.schema.json"),
  });

/** A SEPA transfer code under the one-page invoice's totals (its `epc_qr` filter): a Figure with its /Alt. */
const PAYMENT = { name: "Northwind Studio GmbH", iban: "DE89370400440532013000", reference: "RF18539007547034" };

describe("the fixture invoice as an accessible PDF", () => {
  it("1 (with its payment code), 8 and 26 pages: valid, an H1 first, each header cell a TH with its Scope", async () => {
    const template = await invoice();
    for (const [name, pages] of [
      ["invoice.data.json", 1],
      ["invoice-long.data.json", 8],
      ["invoice-huge.data.json", 26],
    ] as const) {
      const data = pages === 1 ? { ...fixtureJson(name), payment: PAYMENT } : fixtureJson(name);
      const { bytes, pages: printed } = await accessible(template, { data, options: { pdfua: "1" } });
      expect(printed, name).toBe(pages);
      const outline = await expectOutlineOf(bytes, fixture("invoice.liquid.html"), data, name);
      expect(outline.headings[0]).toMatch(/^H1 /);
      expect(outline.headers).toEqual(expect.arrayContaining(["TH Column qty", "TH Row totaldue"]));
      expect(outline.figures).toHaveLength(pages === 1 ? 1 : 0);
    }
  });

  it("as a Factur-X PDF/A-3b: valid, the XMP claims both standards", async () => {
    const template = await invoice();
    const data = fixtureJson("invoice.data.json");
    const e_invoice = { standard: "factur-x", profile: "en16931", xml: fixture("invoice.facturx.xml.liquid") };
    const { bytes, file } = await accessible(template, { data, options: { pdfua: "1", pdfa: "3b", e_invoice } });
    const meta = await xmp(file);
    expect(meta).toContain("<pdfaid:part>3</pdfaid:part>");
    expect(meta).toMatch(/pdfuaid:part(>|=")1/);
    expect(meta).toContain("urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#");
    await expectOutlineOf(bytes, fixture("invoice.liquid.html"), data);
  });
});

const JAPANESE = `<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>請求書 {{ number }}</title></head>
<body style="font-family: sans-serif"><h1>請求書 {{ number }} 🎉</h1><p>ご注文ありがとうございます 😀。<a href="https://example.com/ja">オンラインで見る</a></p>
<h2>明細</h2><table><thead><tr><th scope="col">品目</th><th scope="col">金額</th></tr></thead>
<tbody><tr><td>ペン 🖊️</td><td>¥250</td></tr></tbody></table>
<h2>お知らせ</h2><ul><li>三日以内に発送します</li><li>返品は30日以内 ✅</li></ul>
<img alt="赤い四角" width="30" height="30" src="data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="30" height="30"><rect width="30" height="30" fill="red"/></svg>').toString("base64")}">
</body></html>`;

describe("other documents as accessible PDFs", () => {
  it("a Japanese document with emoji: valid, its headings, table, list, link and image in the structure tree", async () => {
    const template = await createTemplate({ name: "pdfua-ja", source: JAPANESE });
    const { bytes } = await accessible(template, { data: { number: "A-17" }, options: { pdfua: "1" } });
    const outline = await expectOutlineOf(bytes, JAPANESE, { number: "A-17" });
    expect(outline).toMatchObject({ figures: ["赤い四角"], links: ["オンラインで見る"] });
    expect(outline.items).toHaveLength(2);
  });

  it("a satori card printed as a PDF takes its language from options.metadata.lang", async () => {
    const template = await createTemplate({
      name: "pdfua-card",
      engine: "satori",
      source: fixture("card.satori.html"),
      schema: fixtureJson("card.schema.json"),
    });
    const metadata = { lang: "en", title: "Rendering ten thousand invoices" };
    const body = { format: "pdf", data: fixtureJson("card.data.json"), options: { pdfua: "1", metadata } };
    const { file } = await accessible(template, body);
    expect(textAt((await loadStructure(file)).catalog, "Lang")).toBe("en");
  });
});
