import ts from "typescript";
import { describe, expect, inject, it } from "vitest";
import { createFolio, FolioError, type Render, types, unwrap } from "../../packages/sdk/src/index";
import { createTemplate, download, fixtureJson, inspectPdf, internal } from "./client";

/** Every request the SDK sent, as the service answered it. */
function recordingFetch() {
  const sent: Array<{ method: string; path: string; key: string | null; status: number }> = [];
  const fetch = async (request: Request) => {
    const response = await globalThis.fetch(request);
    sent.push({
      method: request.method,
      path: new URL(request.url).pathname,
      key: request.headers.get("idempotency-key"),
      status: response.status,
    });
    return response;
  };
  return { sent, fetch };
}

const folioFor = (apiKey: string, fetch?: (request: Request) => Promise<Response>) =>
  createFolio({ apiKey, baseUrl: inject("baseUrl"), fetch });
const HELLO = {
  name: "sdk-hello",
  source: "<h1>Hello {{ name }}</h1>",
  schema: { type: "object", required: ["name"], properties: { name: { type: "string" } } },
};
const CARD = {
  name: "sdk-card",
  engine: "satori",
  source: "<div style='display:flex;font-size:40px'>Card {{ n }}</div>",
};

describe("the SDK against the real service", () => {
  it("renders inline and answers the finished render with its signed URL", async () => {
    const template = await createTemplate(HELLO);
    const render = await folioFor(inject("apiKey")).render({ template, data: { name: "Ada" } });
    expect(render).toMatchObject({ status: "succeeded", format: "pdf", page_count: 1 });
    expect((await inspectPdf((await download(render.url!)).bytes)).text).toContain("Hello Ada");
  });

  it("waits for a queued render by polling, reporting each state it reads", async () => {
    const template = await createTemplate(HELLO);
    const seen: Render["status"][] = [];
    const render = await folioFor(inject("apiKey")).render(
      { template, data: { name: "Grace" }, async: true },
      { onProgress: (r) => seen.push(r.status) },
    );
    expect(seen[0]).toBe("queued");
    expect(seen.at(-1)).toBe("succeeded");
    expect(render.status).toBe("succeeded");
    expect((await inspectPdf((await download(render.url!)).bytes)).text).toContain("Hello Grace");
  });

  it("sends one Idempotency-Key per logical call: the same key twice replays the first render", async () => {
    const template = await createTemplate(HELLO);
    const { sent, fetch } = recordingFetch();
    const folio = folioFor(inject("apiKey"), fetch);
    const key = `sdk-${crypto.randomUUID()}`;
    const first = await folio.render({ template, data: { name: "Once" } }, { idempotencyKey: key });
    const again = await folio.render({ template, data: { name: "Once" } }, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    expect(sent.filter((s) => s.path === "/v1/render").map((s) => s.key)).toEqual([key, key]);
    await unwrap(folio.api.POST("/v1/templates", { body: { ...HELLO, name: `sdk-keyed-${process.pid}` } }));
    expect(sent.at(-1)!.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("retries a 429 after its Retry-After with the same Idempotency-Key", async () => {
    const { api_key: key } = (
      await internal("POST", "/v1/internal/accounts", { name: "sdk-429", limits: { renders_per_minute: 1 } })
    ).json;
    const template = await createTemplate(CARD, key);
    const { sent, fetch } = recordingFetch();
    const folio = folioFor(key, fetch);
    await folio.render({ template, data: { n: 1 } });
    const second = await folio.render({ template, data: { n: 2 } });
    expect(second.status).toBe("succeeded");
    const posts = sent.filter((s) => s.path === "/v1/render").slice(1);
    expect(posts.map((p) => p.status)).toEqual([429, 200]);
    expect(posts[1]!.key).toBe(posts[0]!.key);
  }, 150_000);

  it("throws a FolioError carrying the envelope on a 422", async () => {
    const template = await createTemplate(HELLO);
    const error = await folioFor(inject("apiKey"))
      .render({ template, data: { name: 42 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FolioError);
    expect(error).toMatchObject({
      status: 422,
      type: "validation_error",
      errors: [{ path: "data.name", expected: "string" }],
    });
    expect((error as FolioError).docs_url).toMatch(/\/docs\/errors\/validation_error$/);
  });

  it("re-runs a transient render_failed under a key of its own, then throws it", async () => {
    // A page far too heavy for its 1 s budget fails with render_failed (stage browser, retryable) every time.
    const source = `{% for i in (1..50000) %}<div style="filter: blur(3px); box-shadow: 0 0 30px red">row {{ i }} {{ seed }}</div>{% endfor %}`;
    const template = await createTemplate({ name: "sdk-slow", source, options: { timeout_ms: 1000 } });
    const { sent, fetch } = recordingFetch();
    const error = await folioFor(inject("apiKey"), fetch)
      .render({ template, data: { seed: Math.random() } }, { attempts: 2, idempotencyKey: "slow-call" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FolioError);
    expect(error).toMatchObject({
      type: "render_failed",
      status: 500,
      transientRenderFailure: true,
      details: { retryable: true },
    });
    expect(sent.filter((s) => s.path === "/v1/render").map((s) => s.key)).toEqual(["slow-call", "slow-call:rerun-2"]);
  });

  it("previews an unsaved definition: the file, its page count and the template's warnings decoded", async () => {
    const folio = folioFor(inject("apiKey"));
    const clean = await folio.preview({ source: "<h1>Preview {{ name }}</h1>", data: { name: "Ada" } });
    expect(clean).toMatchObject({
      contentType: "application/pdf",
      pageCount: 1,
      warnings: [],
      warningsTruncated: false,
      truncated: false,
    });
    expect((await inspectPdf(Buffer.from(clean.bytes))).text).toContain("Preview Ada");
    const source =
      "<div style='display:flex'>{{ who }}{% if who == 'later' %}{{ 'now' | date: '%Y' }}{% endif %}</div>";
    const warned = await folio.preview({ engine: "satori", source, data: { who: "x" } });
    expect(warned.contentType).toBe("image/png");
    expect(warned.warnings).toEqual([expect.objectContaining({ code: "clock_read", path: "source" })]);
    const refused = await folio.preview({ source: "{% if %}" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(FolioError);
    expect(refused).toMatchObject({
      type: "invalid_request",
      status: 400,
      errors: [expect.objectContaining({ path: "source" })],
    });
  });

  it("types.fromSchema turns a stored template's schema into a type its example satisfies, and bad data does not", async () => {
    const template = await createTemplate({
      name: "sdk-invoice",
      source: "<p>{{ invoice.number }}</p>",
      schema: fixtureJson("invoice.schema.json"),
    });
    const stored = await unwrap(
      folioFor(inject("apiKey")).api.GET("/v1/templates/{ref}", { params: { path: { ref: template } } }),
    );
    const declarations = types.fromSchema(stored.schema, "InvoiceData");
    const example = fixtureJson("invoice.data.json");
    expect(typeErrors(`${declarations}\nconst data: InvoiceData = ${JSON.stringify(example)};`)).toEqual([]);
    const broken = { ...example, items: [{ ...example.items[0], quantity: "three" }] };
    expect(typeErrors(`${declarations}\nconst data: InvoiceData = ${JSON.stringify(broken)};`).join("\n")).toMatch(
      /quantity|not assignable/,
    );
  });
});

/** Type-checks one in-memory file with the TypeScript compiler and answers its error messages. */
function typeErrors(code: string): string[] {
  const file = "check.ts";
  const options: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, types: [] };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => (name === file ? code : readFile(name));
  host.fileExists = (
    (exists) => (name: string) =>
      name === file || exists(name)
  )(host.fileExists.bind(host));
  host.getSourceFile = (
    (get) => (name: string, version: ts.ScriptTarget) =>
      name === file ? ts.createSourceFile(file, code, version) : get(name, version)
  )(host.getSourceFile.bind(host));
  const program = ts.createProgram([file], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}
