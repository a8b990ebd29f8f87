import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, expectError, newAccount } from "../../helpers";

// README "How a render stays safe": a template's Liquid is counted before it is parsed, parsed in linear time, and
// its warnings are capped, so no template can hold the service with its own parse or diagnostics.
const create = (key: string, name: string, source: string) =>
  call("POST", "/v1/templates", { key, body: { name, source } });
const nested = (depth: number) => `${"{% if true %}".repeat(depth)}x${"{% endif %}".repeat(depth)}`;

describe("Liquid counts, checked before the parse", () => {
  it("accepts 20,000 tags and outputs and refuses one more with 400 at source and details.max_nodes", async () => {
    const { api_key: key } = await newAccount();
    expect((await create(key, "at-the-limit", "{{a}}".repeat(20_000))).status).toBe(201);
    const refused = expectError(await create(key, "past-the-limit", "{{a}}".repeat(20_001)), 400, "invalid_request");
    expect(refused.errors?.[0]).toMatchObject({
      path: "source",
      message: expect.stringMatching(/more than 20,000 Liquid tags and outputs/),
    });
    expect(refused.details).toEqual({ max_nodes: 20_000 });
  });

  it("counts each line of a {% liquid %} tag, and refuses blocks nested past 64", async () => {
    const { api_key: key } = await newAccount();
    expect(
      expectError(await create(key, "one-tag", `{% liquid\n${"echo a\n".repeat(20_001)}%}`), 400, "invalid_request")
        .details,
    ).toEqual({ max_nodes: 20_000 });
    expect((await create(key, "deep-64", nested(64))).status).toBe(201);
    expect(expectError(await create(key, "deep-65", nested(65)), 400, "invalid_request").details).toEqual({
      max_depth: 64,
    });
    expect(
      expectError(
        await create(key, "deep-in-liquid", `{% liquid\n${"if true\n".repeat(65)}echo 1\n${"endif\n".repeat(65)}%}`),
        400,
        "invalid_request",
      ).details,
    ).toEqual({ max_depth: 64 });
  });

  it("fails a stored version already past a count (made before it was set) with render_failed at stage template", async () => {
    const { api_key: key } = await newAccount();
    const made = await create(key, "grandfathered", "<p>{{ a }}</p>");
    expect(made.status).toBe(201);
    await env.DB.prepare("UPDATE template_versions SET source = ? WHERE template_id = ?")
      .bind("{{a}}".repeat(20_001), made.json.id)
      .run();
    const res = await call("POST", "/v1/render", { key, body: { template: "grandfathered", data: { a: 1 } } });
    expect(expectError(res, 500, "render_failed").details).toMatchObject({ stage: "template", max_nodes: 20_000 });
  });
});

describe("warnings, capped", () => {
  it("answers at most 100 warnings with warnings_truncated, and a preview's header at most 8 KB, cut and said", async () => {
    const { api_key: key } = await newAccount();
    // Clock reads warn and still render, so a preview answers with them: 150 of them, each on its own line.
    const source = `<div style="display:flex">${Array.from({ length: 150 }, () => `{{ "now" | date: "%Y" }}`).join("\n")}</div>`;
    const made = await call("POST", "/v1/templates", { key, body: { name: "noisy", engine: "satori", source } });
    expect(made.status).toBe(201);
    expect(made.json.warnings).toHaveLength(100);
    expect(made.json.warnings_truncated).toBe(true);
    expect(made.json.warnings[0]).toMatchObject({
      code: "clock_read",
      message: expect.stringMatching(/\(line 1, column/),
    });
    const validated = await call("POST", "/v1/templates/noisy/validate", { key, body: { data: {} } });
    expect(validated.json).toMatchObject({ warnings_truncated: true });
    const previewed = await call("POST", "/v1/previews", { key, body: { template: "noisy", data: {} } });
    expect(previewed.status, previewed.text.slice(0, 400)).toBe(200);
    expect(previewed.headers.get("x-service-warnings-truncated")).toBe("true");
    expect(previewed.headers.get("x-service-warnings")!.length).toBeLessThanOrEqual(8 * 1024);
    expect(
      JSON.parse(Buffer.from(previewed.headers.get("x-service-warnings")!, "base64url").toString("utf8")).length,
    ).toBeGreaterThan(10);
    // 20,000 unknown filters: each warning's line is found by a scan, so only the first 101 are ever placed.
    const unknown = await create(
      key,
      "unknown",
      Array.from({ length: 20_000 }, (_, i) => `{{ a | nope${i} }}`).join("\n"),
    );
    expect(unknown.json.warnings).toHaveLength(100);
    expect(unknown.json.warnings_truncated).toBe(true);
    expect(JSON.stringify(unknown.json.warnings).length).toBeLessThan(32 * 1024);
    const clean = await create(key, "quiet", "<p>{{ a }}</p>");
    expect(clean.json.warnings).toEqual([]);
    expect(clean.json).not.toHaveProperty("warnings_truncated");
  });
});

describe("the Liquid counts against the review's spellings", () => {
  it("count {% block %} nesting, ignore end tags that close nothing, and leave what a comment holds alone", async () => {
    const { api_key: key } = await newAccount();
    const blocks = `${"{% block b %}".repeat(65)}x${"{% endblock %}".repeat(65)}`;
    expect(expectError(await create(key, "blocks", blocks), 400, "invalid_request").details).toEqual({ max_depth: 64 });
    const lowered = `${"{% if true %}{% endfor %}".repeat(65)}x${"{% endif %}".repeat(65)}`;
    expect(expectError(await create(key, "lowered", lowered), 400, "invalid_request").details).toEqual({
      max_depth: 64,
    });
    const commented = `{% comment %}{% endif %}{% endif %}{% liquid *** %}{% endcomment %}${nested(64)}`;
    expect((await create(key, "commented", commented)).status).toBe(201);
  });
});
