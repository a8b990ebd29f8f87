import { describe, expect, it } from "vitest";
import { call, expectError, newAccount } from "../../helpers";

// `options.sign` (docs/signing.md#the-option): its shape, the options it cannot go with, and the template defaults
// that never hold it, refused at the field before anything renders.
const DOC = { name: "doc", source: "<h1>{{ who }}</h1>" };
const CERTIFICATE = "crt_0123456789abcdefghijklmn";
const SIGN = { certificate: CERTIFICATE };
const UBL = { standard: "ubl", cius: "en16931", xml: "<Invoice/>" };

async function setup() {
  const { api_key: key } = await newAccount();
  expect((await call("POST", "/v1/templates", { key, body: DOC })).status).toBe(201);
  return key;
}

const render = (key: string, body: Record<string, unknown>) =>
  call("POST", "/v1/render", { key, body: { template: "doc", data: { who: "x", rows: [] }, ...body } });

async function refusedAt(options: Record<string, unknown>, path: string, extra: Record<string, unknown> = {}) {
  const error = expectError(await render(await setup(), { ...extra, options }), 400, "invalid_request");
  expect(error.errors?.map((e) => e.path)).toContain(path);
  return error;
}

describe("options.sign", () => {
  it.each([
    [{ sign: { certificate: "crt_short" } }, "options.sign.certificate"],
    [{ sign: { ...SIGN, reason: "r".repeat(257) } }, "options.sign.reason"],
    [{ sign: { ...SIGN, location: "" } }, "options.sign.location"],
    [{ sign: { ...SIGN, contact_info: "c".repeat(257) } }, "options.sign.contact_info"],
    [{ sign: { ...SIGN, nonce: "n".repeat(65) } }, "options.sign.nonce"],
    [{ sign: { ...SIGN, level: "B-LTA" } }, "options.sign.level"],
    [
      { sign: { ...SIGN, visible: { page: 0, x: "0", y: "0", width: "40mm", height: "10mm" } } },
      "options.sign.visible.page",
    ],
    [
      { sign: { ...SIGN, visible: { page: 1, x: "1em", y: "0", width: "40mm", height: "10mm" } } },
      "options.sign.visible.x",
    ],
    [{ sign: { ...SIGN, key: "pem" } }, "options.sign.key"],
  ])("refuses a malformed %j at its field", async (options, path) => {
    await refusedAt(options, path);
  });

  it("applies to PDF only", async () => {
    const error = await refusedAt({ sign: SIGN }, "options.sign", { format: "png" });
    expect(error.errors?.[0]?.message).toBe("`sign` applies to pdf only.");
  });

  it.each([
    [
      "pdf",
      { sign: SIGN, encryption: { owner_password: "owner-Secret-4711" } },
      /cannot be combined with `encryption`/,
    ],
    ["pdf", { sign: SIGN, chunk: { over: "rows", size: 10 } }, /`sign` cannot be combined with `chunk`/],
    ["xml", { sign: SIGN, e_invoice: { ...UBL, embed_pdf: false } }, /`embed_pdf: false` leaves none/],
  ])("refuses on %s %j at options.sign", async (format, options, message) => {
    const error = await refusedAt(options, "options.sign", { format });
    expect(error.errors?.find((e) => e.path === "options.sign")?.message).toMatch(message);
  });

  it("refuses B-T where the deployment has no time-stamp authority", async () => {
    const error = await refusedAt({ sign: { ...SIGN, level: "B-T" } }, "options.sign.level");
    expect(error.message).toMatch(/needs a time-stamp authority, and this deployment has none/);
  });

  it("is never a template default", async () => {
    const { api_key: key } = await newAccount();
    const created = await call("POST", "/v1/templates", { key, body: { ...DOC, options: { sign: SIGN } } });
    expect(expectError(created, 400, "invalid_request").errors?.map((e) => e.path)).toEqual(["options.sign"]);
    expect(created.json.error.message).toMatch(/`sign` cannot be a template default/);
  });
});
