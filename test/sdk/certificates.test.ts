import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createFolio, FolioError } from "../../packages/sdk/src/index";
import ecAes from "../fixtures/signing/ec-aes.p12.b64?raw";
import { newAccount } from "../helpers";

// The SDK's certificate calls against the Worker itself (docs/signing.md#certificates).

const folioFor = (apiKey: string) =>
  createFolio({ apiKey, baseUrl: "http://localhost", fetch: (request) => exports.default.fetch(request) });

describe("folio.certificates", () => {
  it("uploads, lists, gets and deletes, and throws FolioError at the refused field", async () => {
    const folio = folioFor((await newAccount({ plan: "starter" })).api_key);
    const created = await folio.certificates.create({ name: "SDK", pkcs12: ecAes.trim(), password: "correct-horse" });
    expect(created).toMatchObject({ object: "certificate", key: "EC-P256", name: "SDK" });
    expect((await folio.certificates.list()).data.map((c) => c.id)).toEqual([created.id]);
    expect((await folio.certificates.get(created.id)).fingerprint_sha256).toBe(created.fingerprint_sha256);
    expect(await folio.certificates.delete(created.id)).toEqual({
      object: "certificate",
      id: created.id,
      deleted: true,
    });
    const refused = await folio.certificates
      .create({ pkcs12: ecAes.trim(), password: "wrong" })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(FolioError);
    expect((refused as FolioError).errors?.[0]?.path).toBe("password");
  });
});
