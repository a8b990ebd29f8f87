import forge from "node-forge";
import { describe, expect, it } from "vitest";
import { pkcs12Derive } from "../../../src/domain/certificates/pkcs12-kdf";

// docs/limits.md#pkcs12-key-derivation-iterations: the PKCS#12 derivation gives the event loop turns while it runs,
// and makes the bytes node-forge's did.
const SALT = Uint8Array.from([9, 8, 7, 6, 5, 4, 3, 2, 1]);
const hex = (bytes: Uint8Array | ArrayBuffer) =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** How many turns of the event loop other work got while `work` ran. */
async function turnsDuring(work: Promise<unknown>): Promise<number> {
  let done = false;
  const finished = work.then(() => (done = true));
  let turns = 0;
  while (!done) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    turns++;
  }
  await finished;
  return turns;
}

describe("the PKCS#12 key derivation", () => {
  it.each([
    ["a 3DES key", "correct-horse", 1, 2048, 24, "SHA-1"],
    ["an IV from the empty password", "", 2, 3, 8, "SHA-1"],
    ["a SHA-256 MAC key from a long password", "p€ss-".repeat(30), 3, 1500, 32, "SHA-256"],
  ] as const)(
    "derives %s as RFC 7292 appendix B says (node-forge's bytes)",
    async (_what, password, id, n, bytes, hash) => {
      const md = hash === "SHA-256" ? forge.md.sha256.create() : forge.md.sha1.create();
      const salt = forge.util.createBuffer(String.fromCharCode(...SALT));
      const expected = forge.pkcs12.generateKey(password, salt, id, n, bytes, md).toHex();
      expect(hex(await pkcs12Derive(password, SALT, id, n, bytes, hash))).toBe(expected);
    },
  );

  it("gives other requests turns while it runs, rather than holding the Worker for the whole count", async () => {
    // 20,000 passes: twenty slices, a turn after each (node-forge's derivation gave none).
    expect(await turnsDuring(pkcs12Derive("pw", SALT, 1, 20_000, 20))).toBeGreaterThanOrEqual(15);
  });
});
