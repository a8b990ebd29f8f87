import { describe, expect, it } from "vitest";
import { call, expectError, newAccount } from "../../helpers";

async function withVersions() {
  const { api_key: key } = await newAccount();
  await call("POST", "/v1/templates", { key, body: { name: "card", source: "one" } });
  await call("POST", "/v1/templates/card/versions", { key, body: { source: "two" } });
  await call("POST", "/v1/templates/card/versions", { key, body: { source: "three" } });
  return key;
}

describe("GET /v1/templates/{ref}", () => {
  it.each([
    ["card", 3],
    ["card@latest", 3],
    ["card@", 3],
    ["card@1", 1],
    ["card@2", 2],
    ["CARD@2", 2],
    ["Card", 3],
  ])("resolves %s to version %i", async (ref, version) => {
    const key = await withVersions();
    const res = await call("GET", `/v1/templates/${encodeURIComponent(ref)}`, { key });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      version,
      latest_version: 3,
      ref: `card@${version}`,
      source: ["one", "two", "three"][version - 1],
    });
  });

  it.each(["card@0", "card@v3", "card@-1", "card@three", "card@1.5", "-card", "ca rd", "card@@1"])(
    "refuses the malformed reference %s at path template",
    async (ref) => {
      const key = await withVersions();
      const error = expectError(
        await call("GET", `/v1/templates/${encodeURIComponent(ref)}`, { key }),
        400,
        "invalid_request",
      );
      expect(error.errors?.[0]).toMatchObject({ path: "template", received: ref });
    },
  );

  it("404s an unknown template or version", async () => {
    const key = await withVersions();
    expectError(await call("GET", "/v1/templates/nothing", { key }), 404, "not_found");
    const error = expectError(await call("GET", "/v1/templates/card@4", { key }), 404, "not_found");
    expect(error.details).toMatchObject({ template: "card", version: 4, latest_version: 3 });
  });

  it("never shows another account's template", async () => {
    const key = await withVersions();
    const other = await newAccount();
    expectError(await call("GET", "/v1/templates/card", { key: other.api_key }), 404, "not_found");
    expect(key).not.toBe(other.api_key);
  });
});

describe("GET /v1/templates", () => {
  it("lists live templates at their latest version, most recently updated first", async () => {
    const { api_key: key } = await newAccount();
    await call("POST", "/v1/templates", { key, body: { name: "first", source: "1" } });
    await call("POST", "/v1/templates", { key, body: { name: "second", source: "2" } });
    await call("POST", "/v1/templates/first/versions", { key, body: { source: "1b" } });
    const res = await call("GET", "/v1/templates", { key });
    expect(res.json.object).toBe("list");
    expect(res.json.data.map((t: { ref: string }) => t.ref)).toEqual(["first@2", "second@1"]);
    expect(res.json.data[0]).toMatchObject({ object: "template", latest_version: 2, version: 2, source: "1b" });
  });

  it("is empty for a new account", async () => {
    const { api_key: key } = await newAccount();
    expect((await call("GET", "/v1/templates", { key })).json).toEqual({ object: "list", data: [] });
  });
});

describe("DELETE /v1/templates/{ref}", () => {
  it("soft-deletes: gone from the list, every reference 404, the name free for a new version 1", async () => {
    const key = await withVersions();
    const before = await call("GET", "/v1/templates/card", { key });
    const res = await call("DELETE", "/v1/templates/card", { key });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ object: "template", id: before.json.id, name: "card", deleted: true });
    expect((await call("GET", "/v1/templates", { key })).json.data).toEqual([]);
    for (const ref of ["card", "card@1", "card@3", "card@latest"])
      expectError(await call("GET", `/v1/templates/${ref}`, { key }), 404, "not_found");
    expectError(await call("GET", "/v1/templates/card/versions", { key }), 404, "not_found");
    expectError(await call("POST", "/v1/templates/card@1/validate", { key, body: { data: {} } }), 404, "not_found");
    expectError(await call("DELETE", "/v1/templates/card", { key }), 404, "not_found");

    const again = await call("POST", "/v1/templates", { key, body: { name: "card", source: "one" } });
    expect(again.status).toBe(201);
    expect(again.json).toMatchObject({ version: 1, latest_version: 1, ref: "card@1" });
    expect(again.json.id).not.toBe(before.json.id);
    expect((await call("GET", "/v1/templates/card@1", { key })).json.id).toBe(again.json.id);
  });

  it("accepts any valid reference and deletes the whole template", async () => {
    const key = await withVersions();
    expect((await call("DELETE", "/v1/templates/card@2", { key })).status).toBe(200);
    expectError(await call("GET", "/v1/templates/card@3", { key }), 404, "not_found");
  });

  it("keeps version rows and checksums of a deleted template", async () => {
    const { env } = await import("cloudflare:workers");
    const key = await withVersions();
    const { id, checksum } = (await call("GET", "/v1/templates/card@1", { key })).json;
    await call("DELETE", "/v1/templates/card", { key });
    const rows = await env.DB.prepare(
      "SELECT version, checksum FROM template_versions WHERE template_id = ? ORDER BY version",
    )
      .bind(id)
      .all<{ version: number; checksum: string }>();
    expect(rows.results.map((r) => r.version)).toEqual([1, 2, 3]);
    expect(rows.results[0]?.checksum).toBe(checksum);
  });

  it("400s a malformed reference and 404s an unknown one", async () => {
    const key = await withVersions();
    expectError(await call("DELETE", "/v1/templates/card@0", { key }), 400, "invalid_request");
    expectError(await call("DELETE", "/v1/templates/other", { key }), 404, "not_found");
  });
});
