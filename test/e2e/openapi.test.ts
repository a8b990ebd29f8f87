import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, inject, it } from "vitest";

const PUBLIC_ROUTES = [
  "GET /healthz",
  "GET /v1/templates",
  "POST /v1/templates",
  "GET /v1/templates/{ref}",
  "DELETE /v1/templates/{ref}",
  "GET /v1/templates/{name}/versions",
  "POST /v1/templates/{name}/versions",
  "POST /v1/templates/{ref}/validate",
  "GET /v1/verify",
  "POST /v1/render",
  "POST /v1/render/batch",
  "GET /v1/renders",
  "GET /v1/renders/{id}",
  "GET /v1/files/{id}",
  "GET /v1/account",
  "POST /v1/account/webhook-secret",
  "GET /v1/usage",
  "POST /v1/previews",
  "POST /v1/trials",
];

/** The value at `keys` in a JSON document, or undefined: the document is read as data, the assertions judge it. */
const at = (value: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], value);

const fetchDocument = async (): Promise<unknown> => (await fetch(`${inject("baseUrl")}/openapi.json`)).json();

describe("/openapi.json from the running service", () => {
  it("is a valid OpenAPI 3.1 document, version 1.0.0, served without a key", async () => {
    const res = await fetch(`${inject("baseUrl")}/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const document = (await res.json()) as Record<string, unknown>;
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe("3.1.0");
    expect(at(document, "info", "version")).toBe("1.0.0");
  });

  it("lists every public route, no internal one, with the shared error envelope and key security", async () => {
    const document = await fetchDocument();
    const paths = at(document, "paths") as Record<string, Record<string, unknown>>;
    const operations = Object.entries(paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    for (const route of PUBLIC_ROUTES) expect(operations).toContain(route);
    expect(operations.filter((o) => o.includes("/internal"))).toEqual([]);
    const schemas = at(document, "components", "schemas");
    expect(at(schemas, "Error", "properties", "error", "properties", "type", "enum")).toHaveLength(12);
    const securitySchemes = at(document, "components", "securitySchemes") as object;
    expect(Object.keys(securitySchemes).sort()).toEqual(["apiKeyHeader", "bearerAuth"]);
    const create = at(paths, "/v1/templates", "post");
    const schemaOf = (...keys: string[]) => at(create, ...keys, "content", "application/json", "schema", "$ref");
    expect(at(create, "security")).toEqual([{ bearerAuth: [] }, { apiKeyHeader: [] }]);
    expect(schemaOf("requestBody")).toBe("#/components/schemas/TemplateInput");
    expect(schemaOf("responses", "409")).toBe("#/components/schemas/Error");
    expect(schemaOf("responses", "201")).toBe("#/components/schemas/SavedTemplate");
    expect(at(schemas, "SavedTemplate", "allOf")).toEqual([
      { $ref: "#/components/schemas/Template" },
      expect.objectContaining({ required: ["warnings"] }),
    ]);
    expect(at(schemas, "ValidationResult", "required")).toContain("warnings");
    expect(at(schemas, "Template", "properties")).not.toHaveProperty("warnings");
  });

  it("passes `redocly lint` with its recommended rules and no error; public routes declare `security: []`", async () => {
    const document = await fetchDocument();
    for (const route of ["get /healthz", "get /v1/verify", "get /v1/files/{id}", "post /v1/trials"]) {
      const [method, path] = route.split(" ") as [string, string];
      expect(at(document, "paths", path, method, "security"), route).toEqual([]);
    }
    const file = join(mkdtempSync(join(tmpdir(), "folio-openapi-")), "openapi.json");
    writeFileSync(file, JSON.stringify(document));
    const redocly = join(import.meta.dirname, "../../node_modules/.bin/redocly");
    let output = "";
    try {
      output = execFileSync(redocly, ["lint", file, "--format=json"], {
        encoding: "utf8",
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      });
    } catch (failure) {
      output = String((failure as { stdout?: string }).stdout ?? failure);
    }
    const report = JSON.parse(output.slice(output.indexOf("{"))) as {
      totals: { errors: number };
      problems: Array<{ severity: string; message: string }>;
    };
    expect(report.problems.filter((p) => p.severity === "error")).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });
});

describe("the pages a person reads", () => {
  it("/docs is a server-rendered reference: options, Liquid with computed examples, webhooks, every error and endpoint", async () => {
    const res = await fetch(`${inject("baseUrl")}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const html = await res.text();
    for (const anchor of [
      'id="options"',
      'id="liquid"',
      'id="webhooks"',
      'id="errors"',
      'id="schemas"',
      'id="createRender"',
      'id="createPreview"',
    ])
      expect(html).toContain(anchor);
    expect(html).toContain("$1,234.50");
    expect(html).toContain("X-Service-Signature");
    expect(html).toContain("webhook-signature");
    expect(html).not.toMatch(/<script|https:\/\/cdn/i);
    for (const type of ["invalid_request", "quota_exceeded", "render_failed"])
      expect(html).toContain(`/docs/errors/${type}`);
  });

  it("/ links to the docs, the studio, the OpenAPI document and the agent server", async () => {
    const html = await (await fetch(`${inject("baseUrl")}/`)).text();
    for (const path of ["/docs", "/studio", "/openapi.json", "/mcp"])
      expect(html).toContain(`${inject("baseUrl")}${path}"`);
  });

  it("/favicon.ico is an icon, so a browser's first request is not a 404", async () => {
    const res = await fetch(`${inject("baseUrl")}/favicon.ico`);
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    // An ICO directory (reserved 0, type 1) holding the 16, 32 and 48 px images.
    expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2), bytes.readUInt16LE(4)]).toEqual([0, 1, 3]);
    expect([bytes[6], bytes[22], bytes[38]]).toEqual([16, 32, 48]);
  });

  it("error pages are HTML with no raw markdown marks", async () => {
    for (const type of ["quota_exceeded", "render_failed", "rate_limited"]) {
      const res = await fetch(`${inject("baseUrl")}/docs/errors/${type}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/html");
      const text = (await res.text()).replace(/<pre>[\s\S]*?<\/pre>/g, "");
      expect(text).not.toMatch(/`|\*\*/);
    }
  });
});

describe("the dev service", () => {
  it("is healthy: database, storage and renderer all answer", async () => {
    const res = await fetch(`${inject("baseUrl")}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", checks: { database: "ok", storage: "ok", renderer: "ok" } });
  });

  it("prints a key that works with curl against /v1/templates", async () => {
    const res = await fetch(`${inject("baseUrl")}/v1/templates`, {
      headers: { authorization: `Bearer ${inject("apiKey")}` },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { object: string }).object).toBe("list");
  });
});
