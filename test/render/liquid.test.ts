import { describe, expect, it } from "vitest";
import { ServiceError } from "../../src/errors";
import { renderLiquid } from "../../src/render/liquid";

async function failure(source: string, data: unknown = {}) {
  const error = await renderLiquid(source, data, `test:${source}`).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

describe("Liquid rendering", () => {
  it("formats money and medium dates, and renders unknown variables empty", async () => {
    expect(await renderLiquid("{{ 1234.5 | money: 'EUR', 'de-DE' }}|{{ 5 | money }}|{{ '2026-11-02' | date_medium }}|{{ nobody.knows }}|", {}, "t1")).toBe("1.234,50\u00a0€|$5.00|Nov 2, 2026||");
  });

  it("names an unknown filter at stage template", async () => {
    const error = await failure("{{ x | sparkle }}");
    expect(error.type).toBe("render_failed");
    expect(error.extra.details).toMatchObject({ stage: "template", filter: "sparkle" });
    expect(error.message).toContain("sparkle");
  });

  it.each([
    ["a huge loop", "{% for i in (1..100000000) %}x{% endfor %}"],
    ["a doubling string", "{% assign s = 'xx' %}{% for i in (1..60) %}{% assign s = s | append: s %}{% endfor %}{{ s | size }}"],
  ])("stops %s fast with render_failed", async (_, source) => {
    const started = Date.now();
    const error = await failure(source);
    expect(error.type).toBe("render_failed");
    expect(error.extra.details?.stage).toBe("template");
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("refuses to read the clock, and reports filter errors", async () => {
    expect((await failure("{{ 'now' | date: '%Y' }}")).message).toMatch(/clock/);
    expect((await failure("{{ 5 | money: 'NOPE' }}")).message).toMatch(/money/);
  });
});
