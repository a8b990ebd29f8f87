import { describe, expect, it } from "vitest";
import { api, createTemplate, download, imageSize, inspectPdf } from "./client";
import { decoded, scanPdfPage, scanPng } from "./scan-codes";

/** One of each code, in a grid with room between them. */
const EVERY_CODE = `<style>body{font-family:sans-serif} .c{display:inline-block;margin:6mm;vertical-align:top}</style>
<div class="c">{{ "Grüße aus Zürich: https://example.com/t/42" | qr_code }}</div>
<div class="c">{{ "FOLIO-128/abc" | barcode: "code128" }}</div>
<div class="c">{{ "(01)09501101530003(17)261231(10)AB-12" | barcode: "gs1-128" }}</div>
<div class="c">{{ "590123412345" | barcode: "ean13" }}</div>
<div class="c">{{ "9638507" | barcode: "ean8" }}</div>
<div class="c">{{ "03600029145" | barcode: "upca" }}</div>
<div class="c">{{ "FOLIO-39" | barcode: "code39" }}</div>
<div class="c">{{ "1540014128876" | barcode: "itf14" }}</div>
<div class="c">{{ "Data Matrix: 12345" | barcode: "datamatrix", width: "20mm" }}</div>
<div class="c">{{ "(01)09501101530003(17)261231" | barcode: "gs1-datamatrix", width: "20mm" }}</div>
<div class="c">{{ "PDF417 at Folio" | barcode: "pdf417", width: "60mm" }}</div>
<div class="c">{{ payment | epc_qr }}</div>`;

const PAYMENT = {
  name: "Acme AG",
  iban: "DE89 3704 0044 0532 0130 00",
  bic: "COBADEFFXXX",
  amount: 12.3,
  reference: "RF18539007547034",
  information: "Invoice 2026-17",
};

const EXPECTED = [
  { format: "QRCode", text: "Grüße aus Zürich: https://example.com/t/42" },
  { format: "Code128", text: "FOLIO-128/abc" },
  { format: "Code128", text: "(01)09501101530003(17)261231(10)AB-12" },
  { format: "EAN13", text: "5901234123457" },
  { format: "EAN8", text: "96385074" },
  // ZXing reports a UPC-A as the EAN-13 it is part of (a leading 0) when it reads both: the 12 digits 036000291452.
  { format: "EAN13", text: "0036000291452" },
  { format: "Code39", text: "FOLIO-39" },
  { format: "ITF", text: "15400141288763" },
  { format: "DataMatrix", text: "Data Matrix: 12345" },
  { format: "DataMatrix", text: "(01)09501101530003(17)261231" },
  { format: "PDF417", text: "PDF417 at Folio" },
  {
    format: "QRCode",
    text: [
      "BCD",
      "002",
      "1",
      "SCT",
      "COBADEFFXXX",
      "Acme AG",
      "DE89370400440532013000",
      "EUR12.30",
      "",
      "RF18539007547034",
      "",
      "Invoice 2026-17",
    ].join("\n"),
  },
];

describe("codes read back as a scanner reads them", () => {
  it("decodes each filter's text exactly from the PDF at 300 dpi, the EPC payload's lines in order", async () => {
    const template = await createTemplate({ name: "every-code", source: EVERY_CODE });
    const res = await api("POST", "/v1/render", { template, data: { payment: PAYMENT } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const pdf = await inspectPdf((await download(res.json.url)).bytes);
    const { codes } = await scanPdfPage(pdf.file, 1, 300);
    expect(decoded(codes)).toEqual(decoded(EXPECTED as never));
  });

  it("decodes them from a PNG at device_scale_factor 2", async () => {
    const template = await createTemplate({ name: "every-code-png", source: EVERY_CODE });
    const res = await api("POST", "/v1/render", {
      template,
      data: { payment: PAYMENT },
      format: "png",
      options: { device_scale_factor: 2, width: 1000, full_page: true },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(decoded(await scanPng((await download(res.json.url)).bytes))).toEqual(decoded(EXPECTED as never));
  });

  it("draws the same codes in a satori card", async () => {
    const source = `<div style="display:flex;flex-direction:row;gap:24px;padding:24px;background:#fff;width:100%;height:100%">
{{ "https://example.com/card" | qr_code: size: "40mm" }}{{ "CARD-128" | barcode: "code128", width: "100mm" }}{{ p | epc_qr }}</div>`;
    const template = await createTemplate({ name: "card-codes", engine: "satori", source });
    const res = await api("POST", "/v1/render", {
      template,
      data: { p: PAYMENT },
      options: { width: 1200, height: 630 },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const png = (await download(res.json.url)).bytes;
    expect(imageSize(png)).toMatchObject({ width: 1200, height: 630 });
    expect(decoded(await scanPng(png)).map((c) => c.text)).toEqual(
      ["https://example.com/card", "CARD-128", EXPECTED[11]?.text].sort((a, b) => String(a).localeCompare(String(b))),
    );
  });
});
