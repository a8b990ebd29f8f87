import { describe, expect, inject, it } from "vitest";
import { SWISS } from "../render/code-fixtures";
import { api, createTemplate, newKey } from "./client";

/** Each refused value: the template, its example, the field and rule a render and the create's warning name. */
const REFUSALS: Array<{
  what: string;
  source: string;
  example: Record<string, unknown>;
  field: string;
  rule: string;
  path?: string;
  options?: Record<string, unknown>;
}> = [
  {
    what: "a wrong check digit",
    source: '{{ "5901234123458" | barcode: "ean13" }}',
    example: {},
    field: "text",
    rule: "check_digit",
  },
  {
    what: "a bad IBAN",
    source: "{{ pay | epc_qr }}",
    example: { pay: { name: "Acme", iban: "DE89370400440532013001" } },
    field: "iban",
    rule: "iban",
    path: "example.pay",
  },
  {
    what: "a QR-IBAN with a creditor reference",
    source: "<p>Pay</p>\n{{ bill | swiss_qr_bill }}",
    example: { bill: { ...SWISS, reference: "RF18539007547034" } },
    field: "reference",
    rule: "qr_iban_reference",
    path: "example.bill",
  },
  {
    what: "a text too long",
    source: "{{ pay | epc_qr }}",
    example: { pay: { name: "Acme", iban: "DE89370400440532013000", text: "x".repeat(141) } },
    field: "text",
    rule: "too_long",
    path: "example.pay",
  },
  {
    what: "a non-EUR EPC code",
    source: "{{ pay | epc_qr }}",
    example: { pay: { name: "Acme", iban: "DE89370400440532013000", currency: "CHF" } },
    field: "currency",
    rule: "currency",
    path: "example.pay",
  },
  {
    what: "empty input",
    source: "{{ ticket.code | qr_code }}",
    example: { ticket: { code: "" } },
    field: "text",
    rule: "empty",
    path: "example.ticket.code",
  },
  {
    what: "a module under 0.25 mm",
    source: '{{ "https://example.com/a/long/address/for/a/small/code" | qr_code: size: "6mm" }}',
    example: {},
    field: "size",
    rule: "too_small",
  },
  {
    what: "the QR-bill on a narrow page",
    source: "{{ bill | swiss_qr_bill }}",
    example: { bill: SWISS },
    field: "page",
    rule: "page_geometry",
    path: "example.bill",
    options: { page_size: "A5" },
  },
];

describe("a refused code value", () => {
  for (const { what, source, example, field, rule, path, options } of REFUSALS)
    it(`(${what}) is a warning invalid_code at create and render_failed at render, naming field and rule`, async () => {
      const name = `refused-${rule}`;
      const created = await api("POST", "/v1/templates", {
        name: `${name}-${process.pid}-${Date.now()}`,
        source,
        example,
        ...(options ? { options } : {}),
      });
      expect(created.status, JSON.stringify(created.json)).toBe(201);
      const [warning] = created.json.warnings.filter((w: { code: string }) => w.code === "invalid_code");
      expect(warning).toMatchObject({ code: "invalid_code", rule, path: path ?? "source" });
      expect(warning.message).toMatch(/\(line \d+, column \d+\)/);
      const res = await api("POST", "/v1/render", { template: created.json.name, data: example });
      expect(res.status).toBe(500);
      expect(res.json.error).toMatchObject({
        type: "render_failed",
        details: { stage: "template", field, rule, retryable: false },
      });
    });

  it("refuses a 10,000-row loop of qr_code with its figure, quickly, while /healthz answers", async () => {
    const key = await newKey();
    const same = await createTemplate(
      { name: "ten-thousand-same", source: '{% for i in (1..10000) %}{{ "ticket" | qr_code }}{% endfor %}' },
      key,
    );
    const distinct = await createTemplate(
      { name: "ten-thousand", source: "{% for i in (1..10000) %}{{ i | qr_code }}{% endfor %}" },
      key,
    );
    let settled = false;
    const renders = Promise.all([
      api("POST", "/v1/render", { template: same }, key),
      api("POST", "/v1/render", { template: distinct }, key),
    ]).finally(() => (settled = true));
    const answers: number[] = [];
    do {
      const started = Date.now();
      const health = await fetch(`${inject("baseUrl")}/healthz`);
      expect(health.status).toBe(200);
      answers.push(Date.now() - started);
    } while (!settled);
    const [sameRes, distinctRes] = await renders;
    expect(sameRes.json.error).toMatchObject({ type: "render_failed", details: { rule: "too_many", max_codes: 2000 } });
    // Distinct codes cost more each: the render's Liquid time ends the loop before the count does.
    expect(distinctRes.json.error).toMatchObject({ type: "render_failed", details: { stage: "template" } });
    expect(Math.max(...answers)).toBeLessThan(1000);
  });
});
