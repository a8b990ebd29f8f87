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
];

describe("/openapi.json from the running service", () => {
  it("is a valid OpenAPI 3.1 document, version 1.0.0, served without a key", async () => {
    const res = await fetch(`${inject("baseUrl")}/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const document = (await res.json()) as any;
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.version).toBe("1.0.0");
  });

  it("lists every public route, no internal one, with the shared error envelope and key security", async () => {
    const document = (await (await fetch(`${inject("baseUrl")}/openapi.json`)).json()) as any;
    const operations = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    for (const route of PUBLIC_ROUTES) expect(operations).toContain(route);
    expect(operations.filter((o) => o.includes("/internal"))).toEqual([]);
    expect(document.components.schemas.Error.properties.error.properties.type.enum).toHaveLength(12);
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(["apiKeyHeader", "bearerAuth"]);
    const create = document.paths["/v1/templates"].post;
    expect(create.security).toEqual([{ bearerAuth: [] }, { apiKeyHeader: [] }]);
    expect(create.requestBody.content["application/json"].schema.$ref).toBe("#/components/schemas/TemplateInput");
    expect(create.responses["409"].content["application/json"].schema.$ref).toBe("#/components/schemas/Error");
    expect(create.responses["201"].content["application/json"].schema.$ref).toBe("#/components/schemas/Template");
  });
});

describe("the dev service", () => {
  it("is healthy: database, storage and renderer all answer", async () => {
    const res = await fetch(`${inject("baseUrl")}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", checks: { database: "ok", storage: "ok", renderer: "ok" } });
  });

  it("prints a key that works with curl against /v1/templates", async () => {
    const res = await fetch(`${inject("baseUrl")}/v1/templates`, { headers: { authorization: `Bearer ${inject("apiKey")}` } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { object: string }).object).toBe("list");
  });
});
