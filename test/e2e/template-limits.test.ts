import { describe, expect, inject, it } from "vitest";
import { api, createTemplate, newKey } from "./client";

// A template that would loop for hours: only the Liquid time limit ends it.
const LOOPING = "{% for i in (1..100000) %}{% for j in (1..100000) %}{{ j | plus: seed }}{% endfor %}{% endfor %}";

async function health() {
  const res = await fetch(`${inject("baseUrl")}/healthz`);
  return { status: res.status, json: (await res.json()) as { status: string; checks: Record<string, string> } };
}

describe("bounded templates on the real service", () => {
  it("keeps /healthz answering 200 with every check ok while six looping renders run, and fails them at stage template", async () => {
    const key = await newKey();
    const template = await createTemplate({ name: "looping", source: LOOPING }, key);
    let settled = false;
    // Distinct data per render, so each one really renders rather than waiting on an identical one.
    const renders = Promise.all(
      Array.from({ length: 6 }, (_, seed) => api("POST", "/v1/render", { template, data: { seed } }, key)),
    ).finally(() => (settled = true));

    const checks: Array<Awaited<ReturnType<typeof health>>> = [];
    do checks.push(await health());
    while (!settled);

    for (const check of checks)
      expect(check).toEqual({
        status: 200,
        json: { status: "ok", checks: { database: "ok", storage: "ok", renderer: "ok" } },
      });
    for (const res of await renders) {
      expect(res.status).toBe(500);
      expect(res.json.error).toMatchObject({
        type: "render_failed",
        details: { stage: "template", limit: "render_limit" },
      });
    }
  });
});
