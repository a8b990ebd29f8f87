import { describe, expect, it } from "vitest";
import { buildApp } from "../../src/app";
import { call } from "../helpers";

/** Routes that are deliberately not in the document: the internal surface, the document itself and the HTML pages. */
const UNDOCUMENTED = [
  /^\/v1\/internal\//,
  /^\/openapi\.json$/,
  /^\/docs(\/|$)/,
  /^\/$/,
  /^\/favicon\.ico$/,
  /^\*$/,
  /^\/v1\/\*$/,
];

describe("/openapi.json completeness", () => {
  it("documents every route the app mounts, except the internal surface", async () => {
    const app = buildApp();
    const mounted = app.routes
      .filter((r) => r.method !== "ALL" && !UNDOCUMENTED.some((p) => p.test(r.path)))
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, "{$1}")}`);
    const document = (await call("GET", "/openapi.json")).json;
    const documented = Object.entries(document.paths as Record<string, object>).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(new Set(documented)).toEqual(new Set(mounted));
  });
});
