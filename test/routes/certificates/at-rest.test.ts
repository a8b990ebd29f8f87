import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../../../src/db/client";
import { signingKeys } from "../../../src/domain/certificates/signing-keys";
import { ServiceError } from "../../../src/errors";
import rsaAes from "../../fixtures/signing/rsa-aes.p12.b64?raw";
import { call } from "../../helpers";
import { issue, keyPem, pemUpload } from "./pki";
import { paidKey, upload } from "./upload-helpers";

// docs/signing.md#keys: the key is kept only sealed, bound to its row; the previous secret opens older seals, which
// are sealed again under the current one; a seal neither opens is 409 certificate_unreadable.

const PASSWORD = "correct-horse";
const SECRET = "test-payload-secret";
const base64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));

async function rowOf(id: string) {
  return env.DB.prepare("SELECT * FROM certificates WHERE id = ?").bind(id).first<Record<string, unknown>>();
}

describe("certificate keys at rest", () => {
  it("stores no key material and no password in D1 or R2", async () => {
    const key = await paidKey();
    const signer = await issue("CN=At rest", { key: { curve: "P-256" } });
    const pem = await keyPem(signer.keys);
    const pkcs8 = base64((await crypto.subtle.exportKey("pkcs8", signer.keys.privateKey)) as ArrayBuffer);
    const jwk = (await crypto.subtle.exportKey("jwk", signer.keys.privateKey)) as JsonWebKey;
    const made = await upload(key, await pemUpload(signer));
    const fromFile = await upload(key, { pkcs12: rsaAes.trim(), password: PASSWORD });
    expect([made.status, fromFile.status]).toEqual([201, 201]);
    const rows = [await rowOf(made.json.id), await rowOf(fromFile.json.id)];
    const stored = JSON.stringify(rows);
    for (const secret of [pkcs8.slice(20, 80), pem.slice(40, 100), jwk.d as string, PASSWORD, rsaAes.slice(100, 160)])
      expect(stored).not.toContain(secret);
    expect(typeof rows[0]?.sealed_key).toBe("string");
    const objects = await env.FILES.list();
    for (const object of objects.objects) {
      const body = await (await env.FILES.get(object.key))?.text();
      for (const secret of [pkcs8.slice(20, 80), PASSWORD]) expect(body ?? "").not.toContain(secret);
    }
    // Deleting erases the seal.
    await call("DELETE", `/v1/certificates/${made.json.id}`, { key });
    expect((await rowOf(made.json.id))?.sealed_key).toBeNull();
  });

  it("opens a key sealed before a rotation with the previous secret, seals it again, and refuses one neither opens", async () => {
    const key = await paidKey();
    const signer = await issue("CN=Rotation");
    const made = await upload(key, await pemUpload(signer));
    const { id } = made.json;
    const accountId = (await rowOf(id))?.account_id as string;
    const db = database(env.DB);
    const before = (await rowOf(id))?.sealed_key;
    const rotated = signingKeys(db, { current: () => "the-new-secret", previous: SECRET });
    const opened = await rotated.open(accountId, id);
    expect(opened.privateKey.extractable).toBe(false);
    expect(opened.privateKey.usages).toEqual(["sign"]);
    expect(opened.chain).toHaveLength(1);
    const message = new TextEncoder().encode("signed after the rotation");
    const signature = await crypto.subtle.sign("RSASSA-PKCS1-v1_5", opened.privateKey, message);
    expect(await crypto.subtle.verify("RSASSA-PKCS1-v1_5", signer.keys.publicKey, signature, message)).toBe(true);
    const after = (await rowOf(id))?.sealed_key;
    expect(after).not.toEqual(before);
    // Sealed again under the new secret: it opens without the previous one now, and no longer under the old one.
    await signingKeys(db, { current: () => "the-new-secret", previous: null }).open(accountId, id);
    const lost = signingKeys(db, { current: () => SECRET, previous: "another-secret" });
    const refused = await lost.open(accountId, id).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ServiceError);
    expect(refused).toMatchObject({ type: "conflict", extra: { details: { code: "certificate_unreadable" } } });
    // The seal is bound to its row: another account asking for it finds nothing.
    expect(await rotated.find("acct_someoneelse000000000000", id)).toBeNull();
    expect(await rotated.find(accountId, id)).toMatchObject({ id, key: "RSA-2048", subject: "CN=Rotation" });
  });
});
