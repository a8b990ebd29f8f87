import { describe, expect, it } from "vitest";
import * as x509 from "../../../src/lib/x509";
import { call } from "../../helpers";
import { issue, keyPem, pemUpload } from "./pki";
import { expectFieldRefusal, paidKey, upload } from "./upload-helpers";

// docs/signing.md#refusals: every refusal is a 400 at the field that carried the value, never repeating it.

const DAY = 86_400_000;
const SERVER_AUTH = "1.3.6.1.5.5.7.3.1";
const DOCUMENT_SIGNING = "1.3.6.1.4.1.311.10.3.12";

describe("POST /v1/certificates with PEM", () => {
  it("takes a signer with its chain, and each key type Folio signs with", async () => {
    const key = await paidKey();
    const root = await issue("CN=Root", { ca: true });
    const middle = await issue("CN=Middle", { ca: true, issuer: root });
    const signer = await issue("CN=Signer", { issuer: middle, eku: [DOCUMENT_SIGNING] });
    const res = await upload(key, await pemUpload(signer, [root, middle]));
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ subject: "CN=Signer", issuer: "CN=Middle", key: "RSA-2048", name: null });
    for (const [spec, name] of [
      [{ rsa: 3072 }, "RSA-3072"],
      [{ rsa: 4096 }, "RSA-4096"],
      [{ curve: "P-256" }, "EC-P256"],
      [{ curve: "P-384" }, "EC-P384"],
    ] as const) {
      const made = await upload(key, await pemUpload(await issue("CN=Kinds", { key: spec })));
      expect(made.json.key).toBe(name);
    }
  });

  it("names the three upload forms when a body is none of them, or mixes two", async () => {
    const key = await paidKey();
    for (const body of [{}, { generate: { common_name: "x" }, pkcs12: "AAAA", password: "secret-pw" }]) {
      const res = await upload(key, body);
      expect(res.status, res.text).toBe(400);
      const [error] = res.json.error.errors;
      expect(error).toMatchObject({ path: "body" });
      expect(error.message).toContain(
        "{pkcs12, password}, {certificate_pem, private_key_pem, chain_pem?}, or {generate}",
      );
      expect(res.text).not.toContain("secret-pw");
    }
  });

  it("refuses a key that is not the certificate's at private_key_pem", async () => {
    const key = await paidKey();
    const signer = await issue("CN=Signer");
    const stranger = await issue("CN=Stranger");
    const body = { ...(await pemUpload(signer)), private_key_pem: await keyPem(stranger.keys) };
    expectFieldRefusal(await upload(key, body), "private_key_pem", [body.private_key_pem.slice(40)]);
    const ecKey = await keyPem((await issue("CN=Ec", { key: { curve: "P-256" } })).keys);
    expectFieldRefusal(await upload(key, { ...body, private_key_pem: ecKey }), "private_key_pem", [ecKey.slice(40)]);
  });

  // Its 8,192-bit key's primes take from one second to tens to find: 10 s alone here, past 30 s in a loaded suite.
  it("refuses certificates Folio must not sign with at certificate_pem", async () => {
    const key = await paidKey();
    const cases = [
      await issue("CN=Expired", { notBefore: new Date(Date.now() - 30 * DAY), notAfter: new Date(Date.now() - DAY) }),
      await issue("CN=Future", { notBefore: new Date(Date.now() + DAY), notAfter: new Date(Date.now() + 30 * DAY) }),
      await issue("CN=Usage", { usages: x509.KeyUsageFlags.keyEncipherment }),
      await issue("CN=Tls", { eku: [SERVER_AUTH] }),
      await issue("CN=Small", { key: { rsa: 1024 } }),
      await issue("CN=Big", { key: { rsa: 8192 } }),
      await issue("CN=Curve", { key: { curve: "P-521" } }),
    ];
    for (const signer of cases) {
      const body = await pemUpload(signer);
      const res = await upload(key, body);
      expectFieldRefusal(res, "certificate_pem", [body.private_key_pem.slice(40)]);
    }
    // Only a certificate for TLS servers alone is refused: one that also names another use may sign.
    const both = await issue("CN=Both", { eku: [SERVER_AUTH, "1.3.6.1.5.5.7.3.4"] });
    expect((await upload(key, await pemUpload(both))).status).toBe(201);
  }, 120_000);

  it("refuses a chain over 10 or whose links do not verify at chain_pem", async () => {
    const key = await paidKey();
    const root = await issue("CN=Root", { ca: true });
    const signer = await issue("CN=Signer", { issuer: root });
    const impostor = await issue("CN=Root", { ca: true });
    expectFieldRefusal(await upload(key, await pemUpload(signer, [impostor])), "chain_pem", []);
    const unrelated = await issue("CN=Elsewhere", { ca: true });
    expectFieldRefusal(await upload(key, await pemUpload(signer, [root, unrelated])), "chain_pem", []);
    const eleven = Array.from({ length: 11 }, () => root);
    const long = await upload(key, await pemUpload(signer, eleven));
    expect(expectFieldRefusal(long, "chain_pem", []).details).toEqual({ max_certificates: 10 });
    const garbage = {
      ...(await pemUpload(signer)),
      chain_pem: "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----",
    };
    expectFieldRefusal(await upload(key, garbage), "chain_pem", []);
  });

  it("refuses PEM that is not a certificate or an unencrypted PKCS#8 key, at its field", async () => {
    const key = await paidKey();
    const body = await pemUpload(await issue("CN=Signer"));
    const encrypted = "-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n-----END ENCRYPTED PRIVATE KEY-----";
    expectFieldRefusal(await upload(key, { ...body, private_key_pem: encrypted }), "private_key_pem", []);
    expectFieldRefusal(await upload(key, { ...body, certificate_pem: "hello" }), "certificate_pem", []);
    expectFieldRefusal(await upload(key, { ...body, certificate_pem: body.private_key_pem }), "certificate_pem", [
      body.private_key_pem.slice(40),
    ]);
    const res = await call("POST", "/v1/certificates", { key, body: { generate: { common_name: "Dev" } } });
    expect(res.status).toBe(400);
  });
});
