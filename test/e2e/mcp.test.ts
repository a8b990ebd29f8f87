import type { Client } from "@modelcontextprotocol/client";
import { describe, expect, inject, it } from "vitest";
import { anotherAddress, imageSize, newKey } from "./client";
import { connect, type Era } from "./mcp-client";
import { pageTexts } from "./pdf-text";
import { pagePixels, pdfFile, pngPixels } from "./pdf-tools";

/** The keys of a tool's structured answer these tests read; the assertions judge the rest. */
interface ToolAnswer {
  api_key?: string;
  url?: string;
  id?: string;
  data?: unknown[];
  error?: unknown;
  trial?: unknown;
  [key: string]: unknown;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const res = (await client.callTool({ name, arguments: args })) as {
    isError?: boolean;
    structuredContent: ToolAnswer;
    content: Array<{ type: string; text: string }>;
  };
  return res;
}

const TOOLS = [
  "create_template",
  "update_template",
  "get_template",
  "list_templates",
  "list_versions",
  "validate_template",
  "preview_template",
  "render",
  "get_render",
  "list_renders",
  "list_deliveries",
  "list_certificates",
  "get_usage",
  "get_api_key",
];
const READS = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const ADDS = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
const ANNOTATIONS: Record<string, object> = {
  create_template: ADDS,
  update_template: ADDS,
  get_template: READS,
  list_templates: READS,
  list_versions: READS,
  validate_template: READS,
  preview_template: { ...READS, openWorldHint: true },
  render: { ...ADDS, openWorldHint: true },
  get_render: READS,
  list_renders: READS,
  list_deliveries: READS,
  list_certificates: READS,
  get_usage: READS,
  get_api_key: ADDS,
};
const JSON_TYPES = ["array", "boolean", "integer", "null", "number", "object", "string"];
const typesOf = (schema: unknown): string[] =>
  (schema as { anyOf: Array<{ type: string }> }).anyOf.map((branch) => branch.type).sort();

describe.each<Era>(["modern", "legacy"])("the MCP server with a %s client", (era) => {
  it("lists every tool with its input schema, without a key and without minting", async () => {
    const client = await connect(era);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOLS].sort());
    const render = tools.find((t) => t.name === "render")!;
    expect(render.description).toMatch(/signed URL/);
    expect(render.inputSchema.properties).toHaveProperty("template");
    expect(render.inputSchema.properties).toHaveProperty("api_key");
    for (const tool of tools) {
      expect(tool.title, tool.name).toMatch(/^[A-Z]/);
      expect(tool.annotations, tool.name).toEqual(ANNOTATIONS[tool.name]);
    }
    // Arguments that take any JSON value say so, type by type, so a client sends JSON rather than a string.
    const argument = (tool: string, name: string) => tools.find((t) => t.name === tool)!.inputSchema.properties![name];
    for (const [tool, name] of [
      ["render", "data"],
      ["validate_template", "data"],
      ["create_template", "example"],
      ["update_template", "example"],
    ] as const) {
      expect(typesOf(argument(tool, name)), `${tool}.${name}`).toEqual(JSON_TYPES);
    }
    expect(client.getInstructions()).toMatch(/trial \(50 units/);
    expect(client.getInstructions()).toMatch(/create_template[\s\S]*render[\s\S]*get_render/);
    await client.close();
  });

  it("mints a trial on the first keyless call whose key works on REST, then round-trips every tool with it", async () => {
    const client = await connect(era, undefined, anotherAddress());
    const created = await call(client, "create_template", {
      name: `mcp-${era}`,
      engine: "satori",
      source: "<div style='display:flex;font-size:40px'>Hi {{ who }}</div>",
      schema: { type: "object", required: ["who"] },
      example: { who: "Ada" },
    });
    expect(created.isError).toBeFalsy();
    const key = created.structuredContent.api_key as string;
    expect(key).toMatch(/^folio_sk_/);
    expect(created.content[0]!.text).toMatch(/pass it as the api_key argument/);
    expect(created.structuredContent).toMatchObject({ object: "template", ref: `mcp-${era}@1` });
    const rest = await fetch(`${inject("baseUrl")}/v1/templates`, { headers: { authorization: `Bearer ${key}` } });
    expect(((await rest.json()) as { data: Array<{ name: string }> }).data.map((t) => t.name)).toEqual([`mcp-${era}`]);

    const updated = await call(client, "update_template", {
      api_key: key,
      name: `mcp-${era}`,
      source: "<div style='display:flex;font-size:40px'>Hello {{ who }}</div>",
    });
    expect(updated.structuredContent).toMatchObject({ ref: `mcp-${era}@2` });
    const pinned = await call(client, "update_template", { api_key: key, name: `mcp-${era}@2`, source: "x" });
    expect(pinned.isError).toBe(true);
    expect(pinned.content[0]!.text).toMatch(/^invalid_request: .*bare template name/);
    expect((await call(client, "get_template", { api_key: key, ref: `mcp-${era}@1` })).structuredContent).toMatchObject(
      { version: 1, latest_version: 2 },
    );
    expect((await call(client, "list_templates", { api_key: key })).structuredContent.data).toHaveLength(1);
    expect(
      (await call(client, "list_versions", { api_key: key, name: `mcp-${era}` })).structuredContent.data?.map(
        (v) => (v as { ref: string }).ref,
      ),
    ).toEqual([`mcp-${era}@2`, `mcp-${era}@1`]);
    const preview = await call(client, "preview_template", {
      api_key: key,
      template: `mcp-${era}`,
      data: { who: "P" },
    });
    expect(preview.structuredContent).toMatchObject({ object: "preview", content_type: "image/png", page_count: 1 });
    const image = preview.content.find((item) => item.type === "image") as unknown as {
      data: string;
      mimeType: string;
    };
    expect(image.mimeType).toBe("image/png");
    expect(imageSize(Buffer.from(image.data, "base64")).type).toBe("png");
    const invalid = await call(client, "validate_template", { api_key: key, ref: `mcp-${era}`, data: {} });
    expect(invalid.structuredContent).toMatchObject({
      valid: false,
      errors: [{ path: "data.who" }],
      example: { who: "Ada" },
    });
    const render = await call(client, "render", { api_key: key, template: `mcp-${era}`, data: { who: "MCP" } });
    expect(render.structuredContent).toMatchObject({ object: "render", status: "succeeded", format: "png" });
    expect((await fetch(render.structuredContent.url ?? "missing:url")).status).toBe(200);
    expect(
      (await call(client, "get_render", { api_key: key, id: render.structuredContent.id })).structuredContent.url,
    ).toBeTruthy();
    expect((await call(client, "list_renders", { api_key: key })).structuredContent.data).toHaveLength(1);
    expect((await call(client, "get_usage", { api_key: key })).structuredContent.trial).toEqual({
      renders_total: 50,
      renders_used: 1,
      renders_remaining: 49,
    });
    expect((await call(client, "get_api_key", { api_key: key })).structuredContent).toMatchObject({
      api_key: key,
      trial: true,
    });
    // The object arrived as an object: the same data through REST is the same render, from the cache.
    const same = await fetch(`${inject("baseUrl")}/v1/render`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}` },
      body: JSON.stringify({ template: `mcp-${era}`, data: { who: "MCP" } }),
    });
    expect(await same.json()).toMatchObject({ cached: true, template: `mcp-${era}@2` });
    // A JSON-encoded string is a string, as through REST: refused by this schema, never parsed behind the caller's back.
    const stringified = await call(client, "render", {
      api_key: key,
      template: `mcp-${era}`,
      data: JSON.stringify({ who: "MCP" }),
    });
    expect(stringified.isError).toBe(true);
    expect(stringified.structuredContent.error).toMatchObject({ type: "validation_error", errors: [{ path: "data" }] });
    const refused = await call(client, "render", { api_key: key, template: `mcp-${era}`, data: {} });
    expect(refused.content[0]!.text).toMatch(/^validation_error: /);
    await client.close();
  });

  it("uses the key from the Authorization header, and refuses a bad one with 401", async () => {
    const minted = (await (
      await fetch(`${inject("baseUrl")}/v1/internal/trials`, {
        method: "POST",
        headers: { "x-internal-secret": inject("internalSecret") },
      })
    ).json()) as { api_key: string };
    const client = await connect(era, minted.api_key);
    const listed = await call(client, "list_templates");
    expect(listed.structuredContent).toEqual({ object: "list", data: [] });
    expect(listed.structuredContent).not.toHaveProperty("api_key");
    await client.close();
    await expect(connect(era, "folio_sk_bad")).rejects.toThrow();
    const raw = await fetch(`${inject("baseUrl")}/mcp`, {
      method: "POST",
      headers: {
        authorization: "Bearer nope",
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(raw.status).toBe(401);
    expect(raw.headers.get("www-authenticate")).toBe('Bearer error="invalid_token"');
  });
});

describe("preview_template", () => {
  it("answers a PDF preview as its first page drawn, with its page count and warnings, in the previews' own window", async () => {
    const key = await newKey();
    const client = await connect("modern", key);
    const definition = {
      source:
        "{% for i in (1..2) %}<p style='break-after:page'>Part {{ i }} {{ who }} {{ 'now' | date: '%Y' }}</p>{% endfor %}",
      data: { who: "Ada" },
    };
    const res = (await client.callTool({ name: "preview_template", arguments: definition })) as {
      structuredContent: Record<string, unknown>;
      content: Array<Record<string, unknown>>;
    };
    expect(res.structuredContent).toMatchObject({
      object: "preview",
      content_type: "image/png",
      pdf_first_page: true,
      page_count: 2,
      warnings: [{ code: "clock_read" }],
    });
    expect(res.content.some((item) => item.type === "resource")).toBe(false);
    const image = res.content.find((item) => item.type === "image") as { data: string; mimeType: string };
    expect(image.mimeType).toBe("image/png");
    const png = Buffer.from(image.data, "base64");
    const printed = await fetch(`${inject("baseUrl")}/v1/previews`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify(definition),
    });
    const pdf = pdfFile(Buffer.from(await printed.arrayBuffer()));
    expect((await pageTexts(pdf, { raw: true }))[0]).toMatch(/Part 1 Ada[\s\S]*PREVIEW/);
    // The page as printed, at a pixel per CSS px (A4: 795 x 1123): the REST preview's PDF drawn here, pixel for pixel.
    const expected = await pagePixels(pdf);
    expect(imageSize(png)).toMatchObject({ type: "png", width: expected.width, height: expected.height });
    expect(expected.height).toBe(1123);
    const drawn = await pngPixels(png);
    let differing = 0;
    for (let y = 0; y < expected.height; y += 3)
      for (let x = 0; x < expected.width; x += 3)
        if (expected.pixel(x, y).some((value, i) => Math.abs(value - (drawn.pixel(x, y)[i] ?? 0)) > 8)) differing++;
    expect(differing).toBe(0);
    // The grey PREVIEW mark across the page, not only the line of text.
    expect(drawn.inked).toBeGreaterThan(20_000);
    // The REST previews and the tool count in one window of 30 a minute per key.
    const rest = await Promise.all(
      Array.from({ length: 30 }, () =>
        fetch(`${inject("baseUrl")}/v1/previews`, {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body: JSON.stringify({ source: "<div style='display:flex'>x</div>", engine: "satori" }),
        }),
      ),
    );
    expect(rest.filter((r) => r.status === 429).length).toBeGreaterThan(0);
    const limited = (await client.callTool({ name: "preview_template", arguments: { source: "<p>x</p>" } })) as {
      isError?: boolean;
      structuredContent: { error: { type: string } };
    };
    expect(limited.isError).toBe(true);
    expect(limited.structuredContent.error.type).toBe("rate_limited");
    await client.close();
  });
});

describe("preview_template's page limit", () => {
  it("previews a 51-page document as its first 50 pages, said cut, like POST /v1/previews", async () => {
    const client = await connect("modern", await newKey());
    const source =
      '{% for i in (1..51) %}<p{% unless forloop.first %} style="break-before:page"{% endunless %}>{{ i }}</p>{% endfor %}';
    const res = await call(client, "preview_template", { source });
    expect(res.structuredContent).toMatchObject({ object: "preview", page_count: 50, truncated: true });
    await client.close();
  });
});

describe("the tools' arguments", () => {
  it("each has a description, in every tool tools/list gives", async () => {
    const { tools } = await (await connect("modern")).listTools();
    const undescribed = tools.flatMap((tool) =>
      Object.entries(tool.inputSchema.properties ?? {})
        .filter(([, schema]) => !(schema as { description?: string }).description?.trim())
        .map(([name]) => `${tool.name}.${name}`),
    );
    expect(undescribed).toEqual([]);
  });
});

describe("the MCP endpoint over plain HTTP", () => {
  it("answers GET with 405 and refuses a foreign Origin", async () => {
    expect((await fetch(`${inject("baseUrl")}/mcp`)).status).toBe(405);
    const foreign = await fetch(`${inject("baseUrl")}/mcp`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      body: "{}",
    });
    expect(foreign.status).toBe(403);
    const own = new URL(inject("baseUrl")).origin;
    const preflight = await fetch(`${inject("baseUrl")}/mcp`, {
      method: "OPTIONS",
      headers: {
        origin: own,
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, mcp-protocol-version",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(own);
    expect(preflight.headers.get("access-control-allow-headers")).toMatch(/Authorization/);
    expect(preflight.headers.get("access-control-allow-headers")).toMatch(/Mcp-Protocol-Version/);
    expect(preflight.headers.get("access-control-expose-headers")).toMatch(/WWW-Authenticate/);
  });

  it("refuses the trial's 51st render through MCP and REST alike", async () => {
    const client = await connect("modern", undefined, anotherAddress());
    const created = await call(client, "create_template", {
      name: "fifty",
      engine: "satori",
      source: "<div style='display:flex'>{{ n }}</div>",
    });
    const key = created.structuredContent.api_key as string;
    for (let n = 1; n <= 50; n++)
      expect(
        (await call(client, "render", { api_key: key, template: "fifty", data: { n } })).isError,
        `render ${n}`,
      ).toBeFalsy();
    const viaMcp = await call(client, "render", { api_key: key, template: "fifty", data: { n: 51 } });
    expect(viaMcp.isError).toBe(true);
    expect(viaMcp.structuredContent.error).toMatchObject({
      type: "quota_exceeded",
      details: { next_step: expect.any(String) },
    });
    const viaRest = await fetch(`${inject("baseUrl")}/v1/render`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}` },
      body: JSON.stringify({ template: "fifty", data: { n: 52 } }),
    });
    expect(viaRest.status).toBe(402);
    await client.close();
  }, 120_000);
});
