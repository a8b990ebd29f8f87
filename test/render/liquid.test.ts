import { describe, expect, it } from "vitest";
import { ServiceError } from "../../src/errors";
import { liquidSyntaxError, parsedSource, renderLiquid } from "../../src/render/liquid/liquid";
import { liquidFindings } from "../../src/render/liquid/liquid-diagnostics";

/** The instant the renders here are requested at. */
const INSTANT = new Date("2027-02-03T04:05:06Z");

function render(source: string, instant = INSTANT) {
  return renderLiquid(source, { data: {}, instant });
}

async function failure(source: string) {
  const error = await render(source).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

describe("Liquid rendering", () => {
  it("formats money and medium dates, and renders unknown variables empty", async () => {
    expect(
      await render(
        "{{ 1234.5 | money: 'EUR', 'de-DE' }}|{{ 5 | money }}|{{ '2026-11-02' | date_medium }}|{{ nobody.knows }}|",
      ),
    ).toBe("1.234,50\u00a0€|$5.00|Nov 2, 2026||");
  });

  it("names an unknown filter at stage template", async () => {
    const error = await failure("{{ x | sparkle }}");
    expect(error.type).toBe("render_failed");
    expect(error.extra.details).toMatchObject({ stage: "template", filter: "sparkle" });
    expect(error.message).toContain("sparkle");
  });

  it.each([
    ["a huge range loop", "{% for i in (1..100000000) %}x{% endfor %}", "memory_limit"],
    [
      "a doubling string",
      "{% assign s = 'xx' %}{% for i in (1..60) %}{% assign s = s | append: s %}{% endfor %}{{ s | size }}",
      "memory_limit",
    ],
    [
      "nested loops",
      "{% for i in (1..10000) %}{% for j in (1..10000) %}{{ j }}{% endfor %}{% endfor %}",
      "render_limit",
    ],
    [
      "nested loops writing nothing",
      "{% for i in (1..10000) %}{% for j in (1..10000) %}{% endfor %}{% endfor %}",
      "render_limit",
    ],
    ["a long source", "x".repeat(1_000_001), "parse_limit"],
  ])("stops %s with render_failed at stage template, naming the limit", async (_, source, limit) => {
    const error = await failure(source);
    expect(error.type).toBe("render_failed");
    expect(error.extra.details).toMatchObject({ stage: "template", limit });
    // The message says what to do about it, a long document included.
    expect(error.message).toMatch(
      limit === "parse_limit" ? /may be 1,000,000 characters long/ : /needs splitting into several renders/,
    );
  });

  it("lets the event loop run while a looping template renders", async () => {
    const order: string[] = [];
    const looping = render("{% for i in (1..10000) %}{% for j in (1..10000) %}{{ j }}{% endfor %}{% endfor %}").catch(
      () => order.push("render ended"),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    order.push("timer fired");
    await looping;
    expect(order).toEqual(["timer fired", "render ended"]);
  });

  it('reads "now" and "today" as the instant it is given, in every date filter, never the clock', async () => {
    const source =
      "{{ 'now' | date: '%Y-%m-%d %H:%M:%S' }}|{{ ' Today ' | date: '%Y' }}|{{ 'now' | date_to_xmlschema }}|{{ 'now' | date_to_rfc822 }}|{{ 'today' | date_to_string }}|{{ 'now' | date_to_long_string }}|{{ 'now' | date_medium }}";
    expect(await render(source)).toBe(
      "2027-02-03 04:05:06|2027|2027-02-03T04:05:06+00:00|Wed, 03 Feb 2027 04:05:06 +0000|03 Feb 2027|03 February 2027|Feb 3, 2027",
    );
    expect(await render(source, new Date("1999-12-31T23:59:59Z"))).toMatch(/^1999-12-31 23:59:59\|1999\|/);
  });

  it("reports filter errors", async () => {
    expect((await failure("{{ 5 | money: 'NOPE' }}")).message).toMatch(/money/);
  });
});

describe("one parse per source", () => {
  it("is shared by the create check, the diagnostics and every render, and a render still refuses an unknown filter", async () => {
    const source = `<p>{{ a | upcase }}</p>${"{{ b }}".repeat(50)}`;
    expect(liquidSyntaxError(source)).toBeNull();
    const first = parsedSource(source);
    expect(liquidFindings(source)).toEqual([]);
    expect(await renderLiquid(source, { data: { a: "x" }, instant: INSTANT })).toMatch(/^<p>X<\/p>/);
    expect(parsedSource(source)).toBe(first);
    const unknown = "<p>{{ a | shiny }}</p>";
    expect(liquidSyntaxError(unknown)).toBeNull();
    expect(liquidFindings(unknown)).toEqual([expect.objectContaining({ code: "unknown_filter", filter: "shiny" })]);
    const refused = await renderLiquid(unknown, { data: { a: "x" }, instant: INSTANT }).then(
      () => null,
      (error: unknown) => error,
    );
    expect((refused as ServiceError).extra.details).toMatchObject({ stage: "template", filter: "shiny" });
  });
});
