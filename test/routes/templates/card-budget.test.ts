import { describe, expect, it } from "vitest";
import { call, expectError, newAccount } from "../../helpers";

// README "How a render stays safe": a satori card is measured before Satori parses or lays it out.
const card = (key: string, name: string, source: string) =>
  call("POST", "/v1/templates", { key, body: { name, engine: "satori", source } });
const spans = (n: number) =>
  `<div style="display:flex;flex-wrap:wrap">${Array.from({ length: n - 1 }, (_, i) => `<span>${i % 10}</span>`).join("")}</div>`;

describe("satori cards, counted before layout", () => {
  it("accepts 500 elements and 5,000 characters, and refuses more at create with 400 and the count", async () => {
    const { api_key: key } = await newAccount();
    expect((await card(key, "elements-500", spans(500))).status).toBe(201);
    expect(expectError(await card(key, "elements-501", spans(501)), 400, "invalid_request").details).toEqual({
      max_elements: 500,
    });
    expect((await card(key, "text-5000", `<div style="display:flex">${"x".repeat(5_000)}</div>`)).status).toBe(201);
    expect(
      expectError(
        await card(key, "text-5001", `<div style="display:flex">${"x".repeat(5_001)}</div>`),
        400,
        "invalid_request",
      ).details,
    ).toEqual({ max_characters: 5_000 });
  });

  it("accepts 50,000 characters of markup and refuses more, which Satori's parser reads in time growing as their square", async () => {
    const { api_key: key } = await newAccount();
    const padded = (length: number) => {
      const bare = `<div style="display:flex" title="">x</div>`;
      return bare.replace('title=""', `title="${"y".repeat(length - bare.length)}"`);
    };
    expect((await card(key, "markup-50000", padded(50_000))).status).toBe(201);
    const refused = expectError(await card(key, "markup-50001", padded(50_001)), 400, "invalid_request");
    expect(refused.details).toEqual({ max_markup_characters: 50_000 });
    expect(refused.errors?.[0]).toMatchObject({ path: "source" });
  });

  it("refuses 2,000 nested divs at once with max_depth, instead of overflowing Satori's stack", async () => {
    const { api_key: key } = await newAccount();
    const deep = (n: number) => `${'<div style="display:flex">'.repeat(n)}x${"</div>".repeat(n)}`;
    expect((await card(key, "deep-64", deep(64))).status).toBe(201);
    const refused = expectError(await card(key, "deep-2000", deep(2_000)), 400, "invalid_request");
    expect(refused.details).toEqual({ max_depth: 64 });
    expect(refused.errors?.[0]).toMatchObject({ path: "source" });
  });

  it("fails a render and a preview whose data makes the card too long with render_failed at stage layout", async () => {
    const { api_key: key } = await newAccount();
    expect((await card(key, "quote", `<div style="display:flex;font-size:200px">{{ text }}</div>`)).status).toBe(201);
    const long = { text: "x".repeat(60_000) };
    const rendered = expectError(
      await call("POST", "/v1/render", { key, body: { template: "quote", data: long } }),
      500,
      "render_failed",
    );
    expect(rendered.details).toMatchObject({ stage: "layout", max_characters: 5_000 });
    expect(
      expectError(
        await call("POST", "/v1/previews", { key, body: { template: "quote", data: long } }),
        500,
        "render_failed",
      ).details,
    ).toMatchObject({ stage: "layout", max_characters: 5_000 });
    expect(
      (await call("POST", "/v1/render", { key, body: { template: "quote", data: { text: "short" } } })).status,
    ).toBe(200);
  });
});

describe("the card counts against the review's spellings", () => {
  it("sees elements after a '<!--' inside an attribute, and cannot be lowered by closing tags that close nothing", async () => {
    const { api_key: key } = await newAccount();
    const hidden = `<div style="display:flex;flex-wrap:wrap" title="<!--">${"<span>x</span>".repeat(600)}<i title="-->"></i></div>`;
    expect(expectError(await card(key, "hidden-in-attribute", hidden), 400, "invalid_request").details).toMatchObject({
      max_elements: 500,
    });
    const unclosing = `${'<div style="display:flex"></br>'.repeat(100)}x${"</div>".repeat(100)}`;
    expect(expectError(await card(key, "unclosing", unclosing), 400, "invalid_request").details).toEqual({
      max_depth: 64,
    });
  });
});
