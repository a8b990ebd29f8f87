// The PKCS#12 key derivation (docs/signing.md#pkcs12), written from RFC 7292 appendix B over a synchronous hash, a
// slice of passes at a time with a turn of the event loop between slices: WebCrypto lacks it, and node-forge's ran a
// whole count in one go on the Worker's thread, so one upload held the isolate for seconds
// (docs/limits.md#pkcs12-key-derivation-iterations). PBKDF2 stays WebCrypto's: native, about thirty times cheaper.
import { sha1 } from "@noble/hashes/legacy.js";
import { sha256 } from "@noble/hashes/sha2.js";

export type KdfHash = "SHA-1" | "SHA-256" | "SHA-384" | "SHA-512";
const HASH_BYTES: Record<KdfHash, number> = { "SHA-1": 20, "SHA-256": 32, "SHA-384": 48, "SHA-512": 64 };
const HASHES = { "SHA-1": sha1, "SHA-256": sha256 } as const;

/** Hash passes between two turns of the event loop: a millisecond or two of the Worker's thread. */
const SLICE_PASSES = 1_000;

const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The passes a derivation of `bytes` with `hash` runs: this one and PBKDF2 both make their output a hash-sized block at
 * a time, and run their whole iteration count for each block.
 */
export const derivationPasses = (iterations: number, bytes: number, hash: KdfHash) =>
  iterations * Math.ceil(bytes / HASH_BYTES[hash]);

/** Runs `pass` `count` times, giving the event loop a turn after each slice. */
async function inSlices(count: number, pass: () => void): Promise<void> {
  for (let done = 0; done < count; ) {
    const end = Math.min(count, done + SLICE_PASSES);
    for (; done < end; done++) pass();
    await nextTurn();
  }
}

/** `bytes` of output made of the blocks `block(1)`, `block(2)`, … in turn. */
async function blocksOf(bytes: number, blockBytes: number, block: (index: number) => Promise<Uint8Array>) {
  const out = new Uint8Array(Math.ceil(bytes / blockBytes) * blockBytes);
  for (let index = 1; (index - 1) * blockBytes < bytes; index++) out.set(await block(index), (index - 1) * blockBytes);
  return out.slice(0, bytes);
}

/** `pattern` repeated to `length` bytes (the last copy cut short). */
function repeatTo(pattern: Uint8Array, length: number): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = pattern[i % pattern.length] as number;
  return out;
}

/** The password as RFC 7292 appendix B.1 reads it: big-endian UTF-16 code units and two zero bytes. */
function bmpString(password: string): Uint8Array {
  const out = new Uint8Array(password.length * 2 + 2);
  for (let i = 0; i < password.length; i++) {
    out[i * 2] = password.charCodeAt(i) >> 8;
    out[i * 2 + 1] = password.charCodeAt(i) & 0xff;
  }
  return out;
}

/** Step 6c of appendix B.2: each v-byte block of `input` becomes (block + B + 1) mod 2^(8v). */
function addToEachBlock(input: Uint8Array, b: Uint8Array): void {
  for (let start = 0; start < input.length; start += b.length) {
    let carry = 1;
    for (let at = b.length - 1; at >= 0; at--) {
      const sum = (input[start + at] as number) + (b[at] as number) + carry;
      input[start + at] = sum & 0xff;
      carry = sum >> 8;
    }
  }
}

/** RFC 7292 appendix B.2: `bytes` of key material for `id` (1 a key, 2 an IV, 3 a MAC key). */
export function pkcs12Derive(
  password: string,
  salt: Uint8Array,
  id: 1 | 2 | 3,
  iterations: number,
  bytes: number,
  hash: "SHA-1" | "SHA-256" = "SHA-1",
): Promise<Uint8Array> {
  const digest = HASHES[hash];
  const v = digest.blockLen;
  const password16 = bmpString(password);
  const saltAndPassword = new Uint8Array([
    ...repeatTo(salt, v * Math.ceil(salt.length / v)),
    ...repeatTo(password16, v * Math.ceil(password16.length / v)),
  ]);
  const diversifier = new Uint8Array(v).fill(id);
  return blocksOf(bytes, digest.outputLen, async () => {
    let block = digest(new Uint8Array([...diversifier, ...saltAndPassword]));
    await inSlices(iterations - 1, () => {
      block = digest(block);
    });
    addToEachBlock(saltAndPassword, repeatTo(block, v));
    return block;
  });
}
