// What the signed-render tests share (docs/signing.md): a paid account holding one certificate issued by a test CA
// (PEM made in the test with WebCrypto), the fixture invoice as its template, and a render of it fetched whole.
import { expect } from "vitest";
import { issue, pemUpload } from "../routes/certificates/pki";
import { api, createTemplate, download, fixture, fixtureJson, internal, waitForRender } from "./client";

export type SigningAccount = Awaited<ReturnType<typeof signingAccount>>;

/** A paid account with one certificate issued by a test CA, and the fixture invoice as its template. */
export async function signingAccount(key: { rsa: number } | { curve: "P-256" | "P-384" } = { curve: "P-256" }) {
  const apiKey = (await internal("POST", "/v1/internal/accounts", { name: "signing e2e", plan: "starter" })).json
    .api_key;
  const ca = await issue("CN=Folio e2e CA", { ca: true, key: { curve: "P-256" } });
  const signer = await issue("CN=Northwind Billing", { issuer: ca, key });
  const upload = await pemUpload(signer, [ca]);
  const made = await api("POST", "/v1/certificates", upload, apiKey);
  expect(made.status, JSON.stringify(made.json)).toBe(201);
  const template = await createTemplate(
    { name: "signed-invoice", source: fixture("invoice.liquid.html"), schema: fixtureJson("invoice.schema.json") },
    apiKey,
  );
  return { apiKey, template, certificate: made.json.id as string, privateKeyPem: upload.private_key_pem };
}

export async function signedFile(account: SigningAccount, body: Record<string, unknown>) {
  const res = await api("POST", "/v1/render", { template: account.template, ...body }, account.apiKey);
  const render = res.status === 202 ? await waitForRender(res.json.id, account.apiKey, 120_000) : res.json;
  expect(render.status, JSON.stringify(render)).toBe("succeeded");
  return { render, bytes: (await download(render.url)).bytes };
}

/** Renders with `sign` and answers the status and body, whatever they are. */
export const signedRender = (account: SigningAccount, sign: Record<string, unknown>, extra = {}) =>
  api(
    "POST",
    "/v1/render",
    { template: account.template, data: fixtureJson("invoice.data.json"), ...extra, options: { sign } },
    account.apiKey,
  );
