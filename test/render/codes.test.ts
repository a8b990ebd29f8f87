import { describe, expect, it } from "vitest";
import { ServiceError } from "../../src/errors";
import type { PageGeometry } from "../../src/render/codes/code-ledger";
import { liquidBudget, renderLiquid } from "../../src/render/liquid/liquid";
import { SWISS } from "./code-fixtures";

const INSTANT = new Date("2027-02-03T04:05:06Z");
const A4: PageGeometry = { widthMm: 210, scale: 1 };
/** Renders on `page` (null: a satori card, which has none). */
const render = (source: string, data: unknown = {}, page: PageGeometry | null = A4, markup?: "xml") =>
  renderLiquid(source, { data, instant: INSTANT, budget: liquidBudget(page ?? undefined) }, "source", markup);

/** The render_failed details of a source a code filter refuses, with its message. */
async function refusal(source: string, data: unknown = {}, page: PageGeometry | null = A4, markup?: "xml") {
  const error = await render(source, data, page, markup).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  const failure = error as ServiceError;
  expect(failure.type).toBe("render_failed");
  return { message: failure.message, ...failure.extra.details } as Record<string, unknown>;
}

describe("code filters", () => {
  it("draw one inline SVG with its role, label and size", async () => {
    const svg = await render('{{ "https://example.com/t/1" | qr_code: size: "40mm" }}');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="-8 -8 /);
    expect(svg).toContain('role="img" aria-label="https://example.com/t/1"');
    expect(svg).toContain('width="151.181"');
    expect(svg.match(/<path /g)).toHaveLength(1);
    expect(await render('{{ "https://example.com/t/1" | qr_code: size: "40mm" }}')).toBe(svg);
  });

  it("draw a linear code's bars and its digits as one filled path, the bars exactly where their strokes were", async () => {
    for (const symbology of ["code128", "ean13", "itf14", "code39"]) {
      const text = { code128: "AB-12", ean13: "590123412345", itf14: "1540014128876", code39: "AB12" }[symbology];
      const svg = await render(`{{ "${text}" | barcode: "${symbology}" }}`);
      expect(svg.match(/<path /g), symbology).toHaveLength(1);
      expect(svg, symbology).not.toContain("stroke");
    }
    // A bar stroked 2 units wide at x = 20 paints 19 to 21: so does its rectangle.
    const svg = await render('{{ "AB-12" | barcode: "code128", human_readable: false }}');
    expect(svg).toMatch(/M\d+(\.\d+)? 0H\d+(\.\d+)?V\d+(\.\d+)?H\d+(\.\d+)?Z/);
  });

  it("refuse each value naming the filter, the field and the rule", async () => {
    const cases: Array<[string, unknown, Record<string, unknown>]> = [
      ["{{ missing | qr_code }}", {}, { filter: "qr_code", field: "text", rule: "empty" }],
      ['{{ "x" | qr_code: size: "5mm" }}', {}, { filter: "qr_code", field: "size", rule: "too_small" }],
      ['{{ "x" | qr_code: sise: "5mm" }}', {}, { filter: "qr_code", field: "sise", rule: "argument" }],
      ['{{ "5901234123458" | barcode: "ean13" }}', {}, { filter: "barcode", field: "text", rule: "check_digit" }],
      ['{{ "abc" | barcode: "code39" }}', {}, { filter: "barcode", field: "text", rule: "character_set" }],
      ['{{ "(01)09501101530004" | barcode: "gs1-128" }}', {}, { filter: "barcode", rule: "encoding" }],
      ['{{ "x" | barcode: "qr" }}', {}, { filter: "barcode", field: "symbology", rule: "symbology" }],
      [
        "{{ p | epc_qr }}",
        { p: { name: "A", iban: "DE89370400440532013000", currency: "USD" } },
        { field: "currency", rule: "currency" },
      ],
      ["{{ p | epc_qr }}", { p: { name: "A", iban: "DE89370400440532013001" } }, { field: "iban", rule: "iban" }],
      [
        "{{ p | epc_qr }}",
        { p: { name: "A", iban: "DE89370400440532013000", text: "x".repeat(141) } },
        { field: "text", rule: "too_long", max_characters: 140 },
      ],
      [
        "{{ p | epc_qr }}",
        { p: { name: "A", iban: "DE89370400440532013000", reference: "RF19539007547034" } },
        { field: "reference", rule: "creditor_reference" },
      ],
      [
        "{{ b | swiss_qr_bill }}",
        { b: { ...SWISS, reference: "RF18539007547034" } },
        { field: "reference", rule: "qr_iban_reference" },
      ],
      [
        "{{ b | swiss_qr_bill }}",
        { b: { ...SWISS, reference: "210000000003139471430009018" } },
        { field: "reference", rule: "check_digit" },
      ],
      [
        "{{ b | swiss_qr_bill }}",
        { b: { ...SWISS, creditor: { ...SWISS.creditor, iban: "DE89370400440532013000" } } },
        { field: "creditor.iban", rule: "iban_country" },
      ],
    ];
    for (const [source, data, expected] of cases) {
      const details = await refusal(source, data);
      expect(details, source).toMatchObject({ stage: "template", retryable: false, ...expected });
      expect(details.message, source).not.toMatch(/bwip/);
    }
  });

  it("compute a missing EAN check digit and check a given one", async () => {
    expect(await render('{{ "590123412345" | barcode: "ean13" }}')).toContain('aria-label="5901234123457"');
    expect(await render('{{ "5901234123457" | barcode: "ean13" }}')).toContain('aria-label="5901234123457"');
  });

  it("refuse the Swiss payment part on a page narrower than 210 mm or scaled, and on a card", async () => {
    const data = { b: SWISS };
    for (const page of [{ widthMm: 148, scale: 1 }, { widthMm: 210, scale: 0.9 }, null])
      expect(await refusal("{{ b | swiss_qr_bill }}", data, page)).toMatchObject({
        rule: "page_geometry",
        min_page_width_mm: 210,
      });
    expect(await render("{{ b | swiss_qr_bill }}", data)).toContain("Zahlteil");
  });

  it("are an error in XML", async () => {
    expect(await refusal('<a>{{ "x" | qr_code }}</a>', {}, A4, "xml")).toMatchObject({
      filter: "qr_code",
      rule: "xml",
    });
  });

  it("draw at most 2,000 codes a render and 1,200 bytes a QR code", async () => {
    const loop = (n: number) => `{% for i in (1..${n}) %}{{ "same" | qr_code }}{% endfor %}`;
    expect((await render(loop(2000))).match(/<svg /g)).toHaveLength(2000);
    expect(await refusal(loop(10_000))).toMatchObject({ filter: "qr_code", rule: "too_many", max_codes: 2000 });
    expect(await render(`{{ "${"é".repeat(600)}" | qr_code: size: "80mm" }}`)).toContain("<svg");
    expect(await refusal(`{{ "${"é".repeat(600)}x" | qr_code }}`)).toMatchObject({ rule: "too_long", max_bytes: 1200 });
  });

  it("count their output against the render's Liquid memory", async () => {
    const big = `{% for i in (1..2000) %}{{ "${"x".repeat(1000)}" | qr_code: ecc: "H", size: "150mm" }}{% endfor %}`;
    expect(await refusal(big)).toMatchObject({ limit: "memory_limit" });
  });
});
