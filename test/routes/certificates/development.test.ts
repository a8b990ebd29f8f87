import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { database } from "../../../src/db/client";
import { accounts } from "../../../src/db/schema";
import { createCertificate } from "../../../src/domain/certificates/create-certificate";
import { developmentIssuer } from "../../../src/domain/certificates/development-ca";
import * as x509 from "../../../src/lib/x509";
import { buildServices } from "../../../src/services";
import { call, newAccount } from "../../helpers";
import { issue, keyPem } from "./pki";

// docs/signing.md#development: `generate` issues from the development CA `npm run dev` hands the Worker; this Worker
// (like every one without DEV_SIGNING_CA) refuses the form with 400.

describe("generate: a development certificate", () => {
  it("is issued by the development CA, checked like an upload, and signs", async () => {
    const authority = await issue("CN=Folio development CA", { key: { curve: "P-256" }, ca: true });
    const setting = btoa(
      JSON.stringify({
        certificate_pem: authority.certificate.toString("pem"),
        private_key_pem: await keyPem(authority.keys),
      }),
    );
    const { account: created, key_id } = await newAccount({ plan: "starter" });
    const [account] = await database(env.DB).select().from(accounts).where(eq(accounts.id, created.id));
    const services = buildServices(env);
    const caller = { account: account as NonNullable<typeof account>, apiKeyId: key_id };
    const generate = developmentIssuer(setting);
    const row = await createCertificate(services, caller, { generate: { common_name: "Try signing" } }, generate);
    expect(row).toMatchObject({ subject: "CN=Try signing", issuer: "CN=Folio development CA", key: "EC-P256" });
    const leaf = new x509.X509Certificate(Uint8Array.from(atob(row.chain[0] as string), (c) => c.charCodeAt(0)));
    expect(await leaf.verify({ publicKey: authority.certificate.publicKey, signatureOnly: true })).toBe(true);
    const opened = await services.signingKeys.open(created.id, row.id);
    expect(opened.chain).toHaveLength(2);
    const signature = await crypto.subtle.sign(
      { name: "ECDSA", hash: "SHA-256" },
      opened.privateKey,
      new Uint8Array(1),
    );
    expect(signature.byteLength).toBe(64);
  });

  it("is refused with 400 at generate where no development CA is set", async () => {
    const { api_key: key } = await newAccount({ plan: "starter" });
    const res = await call("POST", "/v1/certificates", { key, body: { generate: { common_name: "Nope" } } });
    expect(res.status).toBe(400);
    expect(res.json.error.errors[0].path).toBe("generate");
  });
});
