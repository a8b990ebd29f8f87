import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../../src/index";
import { sha256Hex } from "../../../src/lib/crypto";
import { canonicalJson } from "../../../src/lib/jcs";
import { call, expectError, newAccount } from "../../helpers";

const DOC = { name: "doc", source: "<p>{{ who }}</p>" };
const CARD = { name: "card", engine: "satori", source: "<div style='display:flex;font-size:48px'>Hi {{ who }}</div>" };

async function setup(templates: Array<Record<string, unknown>> = [DOC, CARD]) {
  const { api_key: key, account } = await newAccount();
  for (const body of templates) expect((await call("POST", "/v1/templates", { key, body })).status).toBe(201);
  return { key, accountId: account.id };
}

/** The cache key as docs/rendering.md#cache-key defines it, over the merged options. */
async function expectedCacheKey(
  key: string,
  template: string,
  format: string,
  data: unknown,
  merged: Record<string, unknown>,
) {
  const { checksum } = (await call("GET", `/v1/templates/${template}`, { key })).json;
  return sha256Hex(`${checksum}\n${format}\n${canonicalJson(data)}\n${canonicalJson(merged)}`);
}

async function storedRender(id: string) {
  return env.DB.prepare("SELECT cache_key, object_key FROM renders WHERE id = ?")
    .bind(id)
    .first<{ cache_key: string; object_key: string }>();
}

const pngSize = (bytes: Uint8Array) => {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return { width: view.getUint32(16), height: view.getUint32(20) };
};

describe("request options that do not apply to the output format", () => {
  it.each([
    ["doc", undefined, { quality: 50 }, "options.quality", "`quality` applies to jpg only."],
    ["doc", "pdf", { width: 300 }, "options.width", "`width` applies to png and jpg only."],
    ["doc", "png", { page_size: "A4" }, "options.page_size", "`page_size` applies to pdf only."],
    ["doc", "jpg", { omit_background: true }, "options.omit_background", "`omit_background` applies to png only."],
    ["doc", "png", { landscape: true }, "options.landscape", "`landscape` applies to pdf only."],
    ["card", undefined, { quality: 80 }, "options.quality", "`quality` applies to jpg only."],
    [
      "card",
      "pdf",
      { footer_html: "x" },
      "options.footer_html",
      "`footer_html` does not apply to a satori template: its PDF is one page of the card's width x height, with no margin.",
    ],
    [
      "card",
      "pdf",
      { margin: "1mm" },
      "options.margin",
      "`margin` does not apply to a satori template: its PDF is one page of the card's width x height, with no margin.",
    ],
    [
      "card",
      "jpg",
      { full_page: false },
      "options.full_page",
      "`full_page` does not apply to a satori template: its image is always the card, width x height.",
    ],
  ])("refuses %s as %s with %j: 400 at %s", async (template, format, options, path, message) => {
    const { key } = await setup();
    const error = expectError(
      await call("POST", "/v1/render", { key, body: { template, format, data: { who: "x" }, options } }),
      400,
      "invalid_request",
    );
    expect(error.message).toBe(message);
    expect(error.errors).toEqual([
      {
        path,
        message,
        expected: `no \`${Object.keys(options)[0]}\` for ${format ?? (template === "card" ? "png" : "pdf")} output`,
        received: expect.any(String),
      },
    ]);
  });

  it("names every option that does not apply, before looking at the data", async () => {
    const { key } = await setup();
    const error = expectError(
      await call("POST", "/v1/render", {
        key,
        body: { template: "doc", data: 42, options: { quality: 50, width: 300, scale: 1.5 } },
      }),
      400,
      "invalid_request",
    );
    expect(error.errors?.map((e) => e.path)).toEqual(["options.width", "options.quality"]);
    expect(error.message).toBe("`width` applies to png and jpg only. And 1 more option that pdf output does not use.");
  });

  it("refuses them in a batch item as that item's error", async () => {
    const { key } = await setup();
    const res = await call("POST", "/v1/render/batch", {
      key,
      body: {
        renders: [
          { template: "card", data: { who: "a" } },
          { template: "card", data: { who: "b" }, options: { quality: 10 } },
        ],
      },
    });
    expect(res.status).toBe(202);
    expect(res.json.renders[0]).toMatchObject({ object: "render", status: "queued" });
    expect(res.json.renders[1]).toMatchObject({
      object: "error",
      error: { type: "invalid_request", errors: [{ path: "options.quality" }] },
    });
  });

  it("lets width and height size a satori card in every format", async () => {
    const { key } = await setup();
    const res = await call("POST", "/v1/render", {
      key,
      body: { template: "card", data: { who: "x" }, options: { width: 600, height: 300, device_scale_factor: 2 } },
    });
    expect(res.status).toBe(200);
  });
});

describe("template default options that do not apply to the output format", () => {
  const DEFAULTS = {
    width: 600,
    height: 300,
    quality: 80,
    margin: "1mm",
    page_size: "Letter",
    full_page: false,
    header_html: "h",
  };
  const card = { ...CARD, name: "defaults", options: DEFAULTS };

  it("are ignored, while the cache key still covers every merged option, inline and queued", async () => {
    const { key, accountId } = await setup([card]);
    const inline = await call("POST", "/v1/render", {
      key,
      body: { template: "defaults", data: { who: "inline" }, options: { device_scale_factor: 2 } },
    });
    expect(inline.status, JSON.stringify(inline.json)).toBe(200);
    const file = await env.FILES.get((await storedRender(inline.json.id))!.object_key);
    expect(pngSize(new Uint8Array(await file!.arrayBuffer()))).toEqual({ width: 1200, height: 600 });
    expect((await storedRender(inline.json.id))!.cache_key).toBe(
      await expectedCacheKey(key, "defaults", "png", { who: "inline" }, { ...DEFAULTS, device_scale_factor: 2 }),
    );

    const queued = await call("POST", "/v1/render", {
      key,
      body: { template: "defaults", data: { who: "queued" }, async: true },
    });
    expect(queued.status).toBe(202);
    const batch = createMessageBatch("folio-renders", [
      { id: `m-${queued.json.id}`, timestamp: new Date(), attempts: 1, body: { renderId: queued.json.id } },
    ]);
    await worker.queue(batch as never, env);
    await getQueueResult(batch, createExecutionContext());
    expect((await call("GET", `/v1/renders/${queued.json.id}`, { key })).json).toMatchObject({ status: "succeeded" });
    const stored = await storedRender(queued.json.id);
    const expected = await expectedCacheKey(key, "defaults", "png", { who: "queued" }, DEFAULTS);
    expect(stored).toEqual({ cache_key: expected, object_key: `renders/${accountId}/${expected}.png` });
  });
});
