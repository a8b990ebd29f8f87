import { describe, expect, it } from "vitest";
import ecAes from "../../fixtures/signing/ec-aes.p12.b64?raw";
import hugeIterations from "../../fixtures/signing/ec-huge-iterations.p12.b64?raw";
import rsa3des from "../../fixtures/signing/rsa-3des.p12.b64?raw";
import rsaAes from "../../fixtures/signing/rsa-aes.p12.b64?raw";
import rsaLegacy from "../../fixtures/signing/rsa-legacy-rc2-3des.p12.b64?raw";
import { call, expectError, INTERNAL, newAccount } from "../../helpers";
import { expectFieldRefusal, paidKey, upload } from "./upload-helpers";

// docs/signing.md#certificates: PKCS#12 files as today's tools and older ones write them, read and answered as the
// certificate object; the key and the password never answered.

const PASSWORD = "correct-horse";
const OBJECT_KEYS = [
  "object",
  "id",
  "name",
  "subject",
  "issuer",
  "serial",
  "not_before",
  "not_after",
  "fingerprint_sha256",
  "key",
  "created_at",
].sort();

describe("POST /v1/certificates with a PKCS#12 file", () => {
  it.each([
    ["PBES2 AES-256 (today's OpenSSL)", rsaAes, "RSA-2048", "CN=Folio Test CA"],
    ["legacy RC2-40 certificates and a 3DES key", rsaLegacy, "RSA-2048", "CN=Folio Test CA"],
    ["legacy 3DES throughout (Windows, macOS)", rsa3des, "RSA-2048", "CN=Folio Test CA"],
    ["a P-256 key", ecAes, "EC-P256", "CN=Folio Test EC Signer"],
  ])("reads %s and answers exactly the certificate object", async (_form, file, key, issuer) => {
    const apiKey = await paidKey();
    const res = await upload(apiKey, { name: "Invoices", pkcs12: file.trim(), password: PASSWORD });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.json).sort()).toEqual(OBJECT_KEYS);
    expect(res.json).toMatchObject({ object: "certificate", name: "Invoices", key, issuer });
    expect(res.json.id).toMatch(/^crt_[a-z0-9]{24}$/);
    expect(res.json.serial).toMatch(/^[0-9A-F]+$/);
    expect(res.json.fingerprint_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(res.text).not.toContain(PASSWORD);
    const got = await call("GET", `/v1/certificates/${res.json.id}`, { key: apiKey });
    expect(got.json).toEqual(res.json);
  });

  it("refuses a wrong password at password, a damaged file at pkcs12, never repeating either", async () => {
    const key = await paidKey();
    const wrong = "not-the-password-123";
    expectFieldRefusal(await upload(key, { pkcs12: rsaAes.trim(), password: wrong }), "password", [wrong]);
    expectFieldRefusal(await upload(key, { pkcs12: rsaLegacy.trim(), password: wrong }), "password", [wrong]);
    const damaged = `${rsaAes.trim().slice(0, 2000)}AAAA`;
    expectFieldRefusal(await upload(key, { pkcs12: damaged, password: PASSWORD }), "pkcs12", [damaged, PASSWORD]);
    expectFieldRefusal(await upload(key, { pkcs12: "%%%not base64", password: PASSWORD }), "pkcs12", [PASSWORD]);
  });

  it("refuses a file over 64 KB before reading it", async () => {
    const key = await paidKey();
    const big = btoa("\0".repeat(65_537));
    const far = btoa("\0".repeat(3_000_000));
    expectFieldRefusal(await upload(key, { pkcs12: far, password: PASSWORD }), "pkcs12", [far]);
    const res = await upload(key, { pkcs12: big, password: PASSWORD });
    const error = expectFieldRefusal(res, "pkcs12", [big]);
    expect(error.details).toEqual({ max_bytes: 65_536 });
  });

  it("refuses more than 1,000,000 key-derivation iterations before deriving", async () => {
    const key = await paidKey();
    // The right password: the refusal is the count, read before the MAC key is derived.
    const res = await upload(key, { pkcs12: hugeIterations.trim(), password: PASSWORD });
    expect(expectFieldRefusal(res, "pkcs12", [PASSWORD]).details).toEqual({ max_iterations: 1_000_000 });
    // And with a wrong one: the count is refused, not the password, so nothing was derived.
    const wrong = await upload(key, { pkcs12: hugeIterations.trim(), password: "wrong" });
    expect(expectFieldRefusal(wrong, "pkcs12", []).details).toEqual({ max_iterations: 1_000_000 });
  });
});

describe("who may upload", () => {
  it("refuses free and trial accounts with 403 permission_error", async () => {
    const free = await newAccount({ plan: "free" });
    expectError(await upload(free.api_key, { pkcs12: ecAes.trim(), password: PASSWORD }), 403, "permission_error");
    const trial = await newAccount({ plan: "starter", trial: true });
    expectError(await upload(trial.api_key, { pkcs12: ecAes.trim(), password: PASSWORD }), 403, "permission_error");
  });

  it("takes 10 uploads a minute per key and at most 20 live certificates per account", async () => {
    const { account, api_key: first } = await newAccount({ plan: "growth" });
    const body = { pkcs12: ecAes.trim(), password: PASSWORD };
    for (let n = 0; n < 10; n++) expect((await upload(first, body)).status).toBe(201);
    const limited = expectError(await upload(first, body), 429, "rate_limited");
    expect(limited.details).toMatchObject({ limit_name: "certificate_uploads_per_minute", limit: 10 });
    const second = await call("POST", `/v1/internal/accounts/${account.id}/keys`, { headers: INTERNAL });
    for (let n = 0; n < 10; n++) expect((await upload(second.json.api_key, body)).status).toBe(201);
    const third = await call("POST", `/v1/internal/accounts/${account.id}/keys`, { headers: INTERNAL });
    const full = expectError(await upload(third.json.api_key, body), 409, "conflict");
    expect(full.details).toMatchObject({ code: "certificate_limit" });
    const list = await call("GET", "/v1/certificates?limit=15", { key: first });
    expect(list.json.data).toHaveLength(15);
    expect(list.json.has_more).toBe(true);
    const rest = await call("GET", `/v1/certificates?starting_after=${list.json.data[14].id}`, { key: first });
    expect(rest.json.data).toHaveLength(5);
    const deleted = await call("DELETE", `/v1/certificates/${rest.json.data[0].id}`, { key: first });
    expect(deleted.json).toEqual({ object: "certificate", id: rest.json.data[0].id, deleted: true });
    expectError(await call("GET", `/v1/certificates/${rest.json.data[0].id}`, { key: first }), 404, "not_found");
    expect((await upload(third.json.api_key, body)).status).toBe(201);
  });

  it("shows an account none of another's certificates", async () => {
    const owner = await paidKey();
    const other = await paidKey();
    const created = await upload(owner, { pkcs12: ecAes.trim(), password: PASSWORD });
    expectError(await call("GET", `/v1/certificates/${created.json.id}`, { key: other }), 404, "not_found");
    expectError(await call("DELETE", `/v1/certificates/${created.json.id}`, { key: other }), 404, "not_found");
    expect((await call("GET", "/v1/certificates", { key: other })).json.data).toEqual([]);
  });
});
