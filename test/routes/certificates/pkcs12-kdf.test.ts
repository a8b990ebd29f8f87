import forge from "node-forge";
import { describe, expect, it } from "vitest";
import { pbkdf2Derive, pkcs12Derive } from "../../../src/domain/certificates/pkcs12-kdf";

// docs/limits.md#pkcs12-key-derivation-iterations: the derivations give the event loop turns while they run, and
// make the bytes the references do (node-forge's PKCS#12 derivation, WebCrypto's PBKDF2).
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

describe("the PKCS#12 key derivations", () => {
  it.each([
    ["a 3DES key", "correct-horse", 1, 2048, 24, "SHA-1"],
    ["an IV from the empty password", "", 2, 3, 8, "SHA-1"],
    ["a SHA-256 MAC key from a long password", "p€ss-".repeat(30), 3, 1500, 32, "SHA-256"],
  ] as const)(
    "derive %s as RFC 7292 appendix B says (node-forge's bytes)",
    async (_what, password, id, n, bytes, hash) => {
      const md = hash === "SHA-256" ? forge.md.sha256.create() : forge.md.sha1.create();
      const salt = forge.util.createBuffer(String.fromCharCode(...SALT));
      const expected = forge.pkcs12.generateKey(password, salt, id, n, bytes, md).toHex();
      expect(hex(await pkcs12Derive(password, SALT, id, n, bytes, hash))).toBe(expected);
    },
  );

  it.each([
    ["an AES-256 key with SHA-256", 2048, 32, "SHA-256"],
    ["an AES-256 key with SHA-1 (two blocks)", 1001, 32, "SHA-1"],
    ["a 3DES key with SHA-512", 7, 24, "SHA-512"],
  ] as const)("derive %s by PBKDF2 as WebCrypto does", async (_what, iterations, bytes, hash) => {
    const password = "correct-horse";
    const base = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, [
      "deriveBits",
    ]);
    const expected = await crypto.subtle.deriveBits({ name: "PBKDF2", hash, salt: SALT, iterations }, base, bytes * 8);
    expect(hex(await pbkdf2Derive(password, SALT, iterations, bytes, hash))).toBe(hex(expected));
  });

  it("give other requests turns while they run, rather than holding the Worker for the whole count", async () => {
    // 20,000 passes each: twenty slices, a turn after each (node-forge's derivation and WebCrypto's PBKDF2: none).
    expect(await turnsDuring(pkcs12Derive("pw", SALT, 1, 20_000, 20))).toBeGreaterThanOrEqual(15);
    expect(await turnsDuring(pbkdf2Derive("pw", SALT, 20_000, 32, "SHA-256"))).toBeGreaterThanOrEqual(15);
  });
});
