import { describe, expect, it } from "vitest";
import tripleDesKeyAndIv from "../../fixtures/signing/costly-3des-key-and-iv.p12.b64?raw";
import legacyMillionEach from "../../fixtures/signing/costly-legacy.p12.b64?raw";
import macAndBag from "../../fixtures/signing/costly-mac-and-bag.p12.b64?raw";
import oneBag from "../../fixtures/signing/costly-one-bag.p12.b64?raw";
import { expectFieldRefusal, paidKey, upload } from "./upload-helpers";

// docs/signing.md#refusals: the key-derivation iterations of the whole file, every count read before any key is
// derived (test/fixtures/signing/make-costly.mjs made these files; each opens with PASSWORD).
const PASSWORD = "correct-horse";

describe("POST /v1/certificates counts a PKCS#12 file's key-derivation work as a whole", () => {
  it.each([
    // A key bag (PBKDF2-HMAC-SHA256 to an AES-256 key: one pass) at 1,000,001, and the MAC at 1.
    ["one bag past the ceiling", oneBag, 1_000_002],
    // Each under the ceiling alone, past it together.
    ["a MAC and a key bag at 600,000 each", macAndBag, 1_200_000],
    // PBES1 derives the 3DES key (24 bytes: two SHA-1 passes) and its IV (one) apart: 500,000 iterations cost 1,500,000.
    ["a 3DES key bag whose key and IV are derived apart", tripleDesKeyAndIv, 1_500_001],
    // openssl pkcs12 -export -legacy -iter 1000000 -maciter: the MAC, RC2 certificates (key and IV) and 3DES key.
    ["a legacy file at 1,000,000 for each part", legacyMillionEach, 6_000_000],
  ])("refuses %s at pkcs12, naming the file's total, before the password is tried", async (_form, file, total) => {
    const key = await paidKey();
    for (const password of [PASSWORD, "not-the-password"]) {
      const res = await upload(key, { pkcs12: file.trim(), password });
      const error = expectFieldRefusal(res, "pkcs12", [password]);
      expect(error.details).toEqual({ max_iterations: 1_000_000 });
      expect(error.message).toContain(`asks for ${total} key-derivation iterations in all`);
    }
  });
});
