// If-Match on a publish names the latest version by checksum or by number ("v<N>"): a publish lands only on
// that version, and a value that can never match is refused as malformed rather than answered "moved".
import { describe, expect, it } from "vitest";
import { call, newAccount } from "../../helpers";

async function setup() {
  const { api_key: key } = await newAccount();
  const created = await call("POST", "/v1/templates", {
    key,
    body: { name: "memo", source: "<p>{{ a }}</p>", example: { a: 1 }, description: "Memo" },
  });
  expect(created.status).toBe(201);
  const publish = (ifMatch: string, body: Record<string, unknown> = { source: "<p>{{ a }}!</p>" }) =>
    call("POST", "/v1/templates/memo/versions", { key, body, headers: { "if-match": ifMatch } });
  const latest = async () => (await call("GET", "/v1/templates/memo", { key })).json.latest_version as number;
  return { key, checksum: created.json.checksum as string, publish, latest };
}

describe("If-Match on POST /v1/templates/{name}/versions", () => {
  it('publishes on "v<N>" naming the latest version, quoted or not, and 409s version_moved once it moved', async () => {
    const { publish, latest } = await setup();
    expect((await publish('"v1"')).status).toBe(201);
    expect((await publish("v2")).status).toBe(201);
    const stale = await publish('"v2"');
    expect(stale.status).toBe(409);
    expect(stale.json.error).toMatchObject({
      type: "conflict",
      details: { code: "version_moved", template: "memo", latest_version: 3 },
    });
    expect(stale.json.error.message).toContain('If-Match "v3"');
    // A version number ahead of the latest has not been published either: it is not the latest.
    expect((await publish('"v9"')).json.error.details.code).toBe("version_moved");
    expect(await latest()).toBe(3);
  });

  it("catches a colleague's change of example alone, which the checksum form cannot see", async () => {
    const { publish, checksum } = await setup();
    // The colleague publishes the same definition with another example: the checksum stays the same.
    const colleague = await publish('"v1"', { source: "<p>{{ a }}</p>", example: { a: 2 } });
    expect(colleague.json.checksum).toBe(checksum);
    expect((await publish(`"${checksum}"`, { source: "<p>mine</p>" })).status).toBe(201);
    const byNumber = await publish('"v2"', { source: "<p>mine again</p>" });
    expect(byNumber.status).toBe(409);
    expect(byNumber.json.error.details).toMatchObject({ code: "version_moved", latest_version: 3 });
  });

  it("keeps the checksum form: quoted, bare, in capitals; a stale one is 409 version_moved", async () => {
    const { publish, checksum } = await setup();
    expect((await publish(`"${checksum}"`)).status).toBe(201);
    const stale = await publish(checksum.toUpperCase());
    expect(stale.status).toBe(409);
    expect(stale.json.error.details).toMatchObject({ code: "version_moved", latest_version: 2 });
  });

  it("takes a value that names no version as a version that moved: 409, saying the forms it takes, publishing nothing", async () => {
    const { publish, latest, checksum } = await setup();
    const malformed = [
      "v",
      '"v"',
      "v0",
      '"v0"',
      "vx",
      "v01",
      "v-1",
      "v+1",
      "v1.0",
      "v1e3",
      "V1",
      "v 1",
      "v1 2",
      "v9999999999",
      '"v1", "v2"',
      "v1,v2",
      'W/"v1"',
      `W/"${checksum}"`,
      "*",
      '"v1',
      '""',
      "latest",
      checksum.slice(1),
      `${checksum}0`,
      `"v${"1".repeat(8000)}"`,
    ];
    for (const value of malformed) {
      const res = await publish(value);
      expect(res.status, value).toBe(409);
      expect(res.json.error.details, value).toMatchObject({ code: "version_moved", latest_version: 1 });
      expect(res.json.error.message, value).toContain('neither a checksum (64 hex digits) nor a version number ("v3")');
      // The value is repeated only when short: a long one is cut and counted.
      expect(res.json.error.message.length, value).toBeLessThan(600);
    }
    expect(await latest()).toBe(1);
  });

  it("is described in both forms by the OpenAPI schema and /docs", async () => {
    const spec = await call("GET", "/openapi.json");
    const operation = spec.json.paths["/v1/templates/{name}/versions"].post;
    const header = operation.parameters.find((p: { name: string }) => p.name === "If-Match");
    expect(header.description).toMatch(/`checksum`.*`v<N>`/s);
    expect(header.schema.example).toBe('"v3"');
    const docs = await call("GET", "/docs");
    expect(docs.text).toMatch(/its number as <code>v(&lt;|&#60;)N(&gt;|&#62;)<\/code>/);
  });
});
