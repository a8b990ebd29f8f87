import { describe, expect, it } from "vitest";
import { SWISS } from "../render/code-fixtures";
import { api, createTemplate, download, inspectPdf } from "./client";
import { pageTexts } from "./pdf-text";
import { scanPdfPage } from "./scan-codes";

/** An A4 invoice with no side margins and the payment part at its foot (192 mm of invoice above it). */
const INVOICE = `<style>@page{size:A4;margin:0}body{margin:0}</style>
<div style="height:192mm;padding:20mm;box-sizing:border-box;font-family:sans-serif">Invoice</div>{{ bill | swiss_qr_bill }}`;

const DPI = 300;
const mm = (px: number) => (px * 25.4) / DPI;
const px = (millimetres: number) => Math.round((millimetres * DPI) / 25.4);

async function renderBill(bill: Record<string, unknown>) {
  const template = await createTemplate({ name: "swiss", source: INVOICE, options: { margin: "0" } });
  const res = await api("POST", "/v1/render", { template, data: { bill } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return inspectPdf((await download(res.json.url)).bytes);
}

const creditorLines = [
  "S",
  "Robert Schneider AG",
  "Rue du Lac",
  "1268",
  "2501",
  "Biel",
  "CH",
  "",
  "",
  "",
  "",
  "",
  "",
  "",
];
const debtor = {
  name: "Pia-Maria Rutschmann-Schnyder",
  address: {
    street: "Grosse Marktgasse",
    building_number: "28",
    postal_code: "9400",
    town: "Rorschach",
    country: "CH",
  },
};
const debtorLines = ["S", "Pia-Maria Rutschmann-Schnyder", "Grosse Marktgasse", "28", "9400", "Rorschach", "CH"];
/** The German and English QR-IBAN bills' payload: the language changes the printed part only. */
const qrIbanPayload = [
  ...["SPC", "0200", "1", "CH4431999123000889012", ...creditorLines, "1949.75", "CHF", ...debtorLines],
  ...["QRR", "210000000003139471430009017", "Order of 15 June 2026", "EPD"],
];
const noDebtor = ["", "", "", "", "", "", ""];

/** Each bill, its language's titles, and the payload a banking app reads from its code. */
const BILLS = [
  {
    what: "a QR-IBAN bill with a QR reference (German)",
    bill: { ...SWISS, debtor, language: "de" },
    titles: [
      "Empfangsschein",
      "Zahlteil",
      "Konto / Zahlbar an",
      "Referenz",
      "Zusätzliche Informationen",
      "Zahlbar durch",
      "Währung",
      "Betrag",
      "Annahmestelle",
    ],
    payload: qrIbanPayload,
  },
  {
    what: "an IBAN bill with a creditor reference (French)",
    bill: {
      ...SWISS,
      creditor: { ...SWISS.creditor, iban: "CH93 0076 2011 6238 5295 7" },
      reference: "RF18 5390 0754 7034",
      amount: "199.95",
      currency: "EUR",
      language: "fr",
      billing_information: "//S1/10/10201409/11/190512",
    },
    titles: [
      "Récépissé",
      "Section paiement",
      "Compte / Payable à",
      "Référence",
      "Informations supplémentaires",
      "Payable par (nom/adresse)",
      "Monnaie",
      "Montant",
      "Point de dépôt",
    ],
    payload: [
      "SPC",
      "0200",
      "1",
      "CH9300762011623852957",
      ...creditorLines,
      "199.95",
      "EUR",
      ...noDebtor,
      "SCOR",
      "RF18539007547034",
      "Order of 15 June 2026",
      "EPD",
      "//S1/10/10201409/11/190512",
    ],
  },
  {
    what: "a bill without amount or reference (Italian)",
    bill: { creditor: { ...SWISS.creditor, iban: "CH93 0076 2011 6238 5295 7" }, currency: "CHF", language: "it" },
    titles: [
      "Ricevuta",
      "Sezione pagamento",
      "Conto / Pagabile a",
      "Pagabile da (nome/indirizzo)",
      "Valuta",
      "Importo",
      "Punto di accettazione",
    ],
    payload: [
      "SPC",
      "0200",
      "1",
      "CH9300762011623852957",
      ...creditorLines,
      "",
      "CHF",
      ...noDebtor,
      "NON",
      "",
      "",
      "EPD",
    ],
  },
  {
    what: "a QR-IBAN bill in English",
    bill: { ...SWISS, debtor, language: "en" },
    titles: [
      "Receipt",
      "Payment part",
      "Account / Payable to",
      "Reference",
      "Additional information",
      "Payable by",
      "Currency",
      "Amount",
      "Acceptance point",
    ],
    payload: qrIbanPayload,
  },
];

describe("the Swiss QR-bill's payment part", () => {
  for (const { what, bill, titles, payload } of BILLS)
    it(`reads back ${what}: its SPC payload from the code, its titles from the PDF's text`, async () => {
      const pdf = await renderBill(bill);
      if (process.env.CODES_LOOK)
        await (await import("./pdf-tools")).pagePng(pdf.file, 1, 110, `/tmp/codes-${bill.language}.png`);
      const { codes } = await scanPdfPage(pdf.file, 1, DPI);
      expect(codes.map((code) => code.text)).toEqual([payload.join("\n")]);
      const [text = ""] = await pageTexts(pdf.file);
      for (const title of titles) expect(text, title).toContain(title);
    });

  it("measures 210 x 105 mm at the page's foot, its code 46 x 46 mm at its place, the cross 7 mm, the cut lines", async () => {
    const pdf = await renderBill({ ...SWISS, language: "de" });
    expect(pdf.pages).toBe(1);
    const { codes, pixels } = await scanPdfPage(pdf.file, 1, DPI);
    const dark = (x: number, y: number) => (pixels.data[(y * pixels.width + x) * 4] ?? 255) < 128;
    const [code] = codes;
    if (!code) throw new Error("no code read");
    const { topLeft, topRight, bottomLeft } = code.position;
    // The code: 46 x 46 mm, 5 mm into the payment part (62 + 5 mm) and 17 mm under the block's top (192 + 17 mm).
    expect(mm(topRight.x - topLeft.x)).toBeCloseTo(46, 0);
    expect(mm(bottomLeft.y - topLeft.y)).toBeCloseTo(46, 0);
    expect(Math.abs(mm(topLeft.x) - 67)).toBeLessThan(0.3);
    expect(Math.abs(mm(topLeft.y) - 209)).toBeLessThan(0.3);
    // The cross: a 6 mm black square in a 7 mm white one at the code's centre; a row 2.5 mm above the centre
    // crosses the black square but not the white cross's arms.
    const centreX = px(67 + 23);
    const row = px(209 + 23 - 2.5);
    let left = centreX;
    while (dark(left - 1, row)) left--;
    let right = centreX;
    while (dark(right + 1, row)) right++;
    expect(mm(right - left + 1)).toBeCloseTo(6, 0);
    for (let x = 1; x <= px(0.45); x++) expect(dark(left - x, row) || dark(right + x, row)).toBe(false);
    // The cut lines: dashed across the page at 192 mm, and down from it at 62 mm to the page's foot.
    // A point is inked when a pixel within 0.25 mm of it is (the line is 0.2 mm wide, dashed 1 mm on, 0.6 mm off).
    const near = [-3, -2, -1, 0, 1, 2, 3];
    const inked = (points: Array<[number, number]>) =>
      points.filter(([x, y]) => near.some((d) => dark(x + d, y) || dark(x, y + d))).length / points.length;
    const across = Array.from({ length: 200 }, (_, i): [number, number] => [px(5 + i), px(192.1)]);
    const down = Array.from({ length: 100 }, (_, i): [number, number] => [px(62), px(193 + i)]);
    expect(inked(across)).toBeGreaterThan(0.4);
    expect(inked(down)).toBeGreaterThan(0.4);
    expect(mm(pixels.height)).toBeCloseTo(297, 0);
  });
});
