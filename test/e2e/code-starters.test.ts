import { describe, expect, it } from "vitest";
import { api, createTemplate, download, fixture, fixtureJson, inspectPdf } from "./client";
import { pageTexts } from "./pdf-text";
import { decoded, scanPdfPage } from "./scan-codes";

/** A gallery document rendered from its fixtures, read back at 300 dpi. */
async function renderStarter(stem: string, data: unknown, options?: unknown) {
  const template = await createTemplate({
    name: "starter",
    source: fixture(`${stem}.liquid.html`),
    schema: fixtureJson(`${stem}.schema.json`),
    ...(options ? { options } : {}),
  });
  const res = await api("POST", "/v1/render", { template, data });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const pdf = await inspectPdf((await download(res.json.url)).bytes);
  return { pdf, ...(await scanPdfPage(pdf.file, 1, 300)) };
}

describe("the gallery's codes", () => {
  it("the shipping label carries its tracking number in Code 128 and its SSCC in a GS1 DataMatrix", async () => {
    const { codes } = await renderStarter("starters/shipping-label", fixtureJson("starters/shipping-label.data.json"));
    expect(decoded(codes)).toEqual([
      { format: "DataMatrix", text: "(00)340123450000000017(421)75211359" },
      { format: "Code128", text: "NL48219930117 7SE".replace(" ", "") },
    ]);
  });

  it("the invoice draws an EPC code when the data has a payment", async () => {
    const payment = { name: "Northwind Studio", iban: "DE89370400440532013000", amount: 1234.5, text: "INV-2026-0142" };
    const { codes } = await renderStarter("invoice", { ...fixtureJson("invoice.data.json"), payment });
    expect(codes.map((code) => code.text)).toEqual(
      [
        "BCD",
        "002",
        "1",
        "SCT",
        "",
        "Northwind Studio",
        "DE89370400440532013000",
        "EUR1234.50",
        "",
        "",
        "INV-2026-0142",
      ]
        .join("\n")
        .split("\0"),
    );
  });

  it("the Swiss invoice prints one A4 page with the payment part at its foot", async () => {
    const stem = "starters/swiss-invoice";
    const { pdf, codes } = await renderStarter(
      stem,
      fixtureJson(`${stem}.data.json`),
      fixtureJson(`${stem}.options.json`),
    );
    expect(pdf.pages).toBe(1);
    expect(codes[0]?.text).toMatch(/^SPC\n0200\n1\nCH4431999123000889012\n/);
    expect(codes[0]?.position.topLeft.y).toBeGreaterThan(((192 + 16) * 300) / 25.4);
    const [text = ""] = await pageTexts(pdf.file);
    expect(text).toContain("Zahlteil");
    if (process.env.CODES_LOOK)
      await (await import("./pdf-tools")).pagePng(pdf.file, 1, 100, "/tmp/codes-swiss-invoice.png");
  });
});
