import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, expectError } from "../../helpers";
import { deliver } from "../../queue";
import { issue, pemUpload } from "../certificates/pki";
import { paidKey, upload } from "../certificates/upload-helpers";

// The certificate `options.sign` names is checked before the cache is looked up (docs/signing.md#the-option): one the
// account does not hold is 404, one outside its validity 409 certificate_expired (signing itself:
// signed-render.test.ts).
const DOC = { name: "doc", source: "<h1>{{ who }}</h1>" };

async function accountWithCertificate() {
  const key = await paidKey();
  expect((await call("POST", "/v1/templates", { key, body: DOC })).status).toBe(201);
  const made = await upload(key, await pemUpload(await issue("CN=Render signer", { key: { curve: "P-256" } })));
  expect(made.status).toBe(201);
  return { key, certificate: made.json.id as string };
}

const signed = (key: string, certificate: string, extra: Record<string, unknown> = {}) =>
  call("POST", "/v1/render", {
    key,
    body: { template: "doc", data: { who: "x" }, ...extra, options: { sign: { certificate } } },
  });

describe("the certificate options.sign names", () => {
  it("is 404 when deleted, and when it is another account's", async () => {
    const own = await accountWithCertificate();
    const other = await accountWithCertificate();
    const foreign = expectError(await signed(own.key, other.certificate), 404, "not_found");
    expect(foreign.message).toBe(`No certificate \`${other.certificate}\` on this account.`);
    expect((await call("DELETE", `/v1/certificates/${own.certificate}`, { key: own.key })).status).toBe(200);
    expectError(await signed(own.key, own.certificate), 404, "not_found");
    expectError(await signed(own.key, own.certificate, { async: true }), 404, "not_found");
  });

  it("is 409 certificate_expired outside its validity", async () => {
    const { key, certificate } = await accountWithCertificate();
    const past = new Date(Date.now() - 86_400_000).toISOString();
    await env.DB.prepare("UPDATE certificates SET not_after = ? WHERE id = ?").bind(past, certificate).run();
    const error = expectError(await signed(key, certificate), 409, "conflict");
    expect(error.details).toMatchObject({ code: "certificate_expired", not_after: past });
  });

  it("fails a queued render whose certificate went before its turn, with the 404 envelope in error", async () => {
    const { key, certificate } = await accountWithCertificate();
    const queued = await signed(key, certificate, { async: true });
    expect(queued.status, JSON.stringify(queued.json)).toBe(202);
    expect((await call("DELETE", `/v1/certificates/${certificate}`, { key })).status).toBe(200);
    await deliver(queued.json.id);
    const render = (await call("GET", `/v1/renders/${queued.json.id}`, { key })).json;
    expect(render.status).toBe("failed");
    expect(render.error).toMatchObject({
      type: "not_found",
      message: `No certificate \`${certificate}\` on this account.`,
    });
  });
});
