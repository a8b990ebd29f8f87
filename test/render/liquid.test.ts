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
    ["a huge range loop", "{% for i in (1..100000000) %}x{% endfor %}", "memory_limit"],
    ["a doubling string", "{% assign s = 'xx' %}{% for i in (1..60) %}{% assign s = s | append: s %}{% endfor %}{{ s | size }}", "memory_limit"],
    ["nested loops", "{% for i in (1..10000) %}{% for j in (1..10000) %}{{ j }}{% endfor %}{% endfor %}", "render_limit"],
    ["nested loops writing nothing", "{% for i in (1..10000) %}{% for j in (1..10000) %}{% endfor %}{% endfor %}", "render_limit"],
    ["a long source", "x".repeat(1_000_001), "parse_limit"],
  ])("stops %s with render_failed at stage template, naming the limit", async (_, source, limit) => {
    const error = await failure(source);
    expect(error.type).toBe("render_failed");
    expect(error.extra.details).toMatchObject({ stage: "template", limit });
    // The message says what to do about it, a long document included.
    expect(error.message).toMatch(limit === "parse_limit" ? /may be 1,000,000 characters long/ : /needs splitting into several renders/);
  });

  it("lets the event loop run while a looping template renders", async () => {
    const order: string[] = [];
    const looping = renderLiquid("{% for i in (1..10000) %}{% for j in (1..10000) %}{{ j }}{% endfor %}{% endfor %}", {}, "interleave").catch(() => order.push("render ended"));
    await new Promise((resolve) => setTimeout(resolve, 0));
    order.push("timer fired");
    await looping;
    expect(order).toEqual(["timer fired", "render ended"]);
  });

  it("refuses to read the clock, and reports filter errors", async () => {
    expect((await failure("{{ 'now' | date: '%Y' }}")).message).toMatch(/clock/);
    expect((await failure("{{ 5 | money: 'NOPE' }}")).message).toMatch(/money/);
  });
});
