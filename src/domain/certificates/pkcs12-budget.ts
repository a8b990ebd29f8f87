// What one PKCS#12 file may make the Worker derive (docs/signing.md#refusals). The work of a derivation is its
// iteration count times the hash-sized blocks it makes (pkcs12-kdf.ts), summed over every derivation the file asks
// for: its MAC, each encrypted part, and for the legacy PBES1 parts the key and the IV apart. The counts a file
// shows are read and summed before its first key is derived, so a costly file is refused before any work.
import { derivationPasses, type KdfHash } from "./pkcs12-kdf";
import { uploadRefusal } from "./upload-refusal";

/** Key-derivation iterations one file may ask, summed over all its derivations (docs/signing.md#refusals). */
export const MAX_PKCS12_ITERATIONS = 1_000_000;
/** Password-derived keys one file may need: its MAC, its encrypted certificates and its key, with room to spare. */
export const MAX_PKCS12_DERIVATIONS = 4;

/** One derivation: `bytes` of output from `iterations` of `hash`. */
export interface Derivation {
  iterations: number;
  bytes: number;
  hash: KdfHash;
}

/** The derivations behind one password-derived key: one, or for PBES1 two (the key, then its IV). */
export type DerivedKey = Derivation[];

const tooManyIterations = (message: string) =>
  uploadRefusal("pkcs12", message, `at most ${MAX_PKCS12_ITERATIONS} key-derivation iterations for the whole file`, {
    max_iterations: MAX_PKCS12_ITERATIONS,
  });

const tooManyKeys = () =>
  uploadRefusal(
    "pkcs12",
    `The PKCS#12 file needs more than ${MAX_PKCS12_DERIVATIONS} password-derived keys.`,
    "a file with one key and its certificates",
    { max_derivations: MAX_PKCS12_DERIVATIONS },
  );

/**
 * The file's allowance: each call reserves the keys it is given, all at once, and refuses the file when the keys
 * or the iterations reserved so far pass the ceilings. Nothing is derived here.
 */
export function derivationBudget(): (keys: DerivedKey[]) => void {
  let keysReserved = 0;
  let iterationsReserved = 0;
  return (keys) => {
    keysReserved += keys.length;
    if (keysReserved > MAX_PKCS12_DERIVATIONS) throw tooManyKeys();
    for (const { iterations, bytes, hash } of keys.flat()) {
      // A count of zero, below it, or too long to read (asn1js reads it as 0) is no count a tool writes.
      if (!Number.isSafeInteger(iterations) || iterations < 1)
        throw tooManyIterations(
          `The PKCS#12 file holds a key-derivation iteration count that is not a number from 1 to ${MAX_PKCS12_ITERATIONS}.`,
        );
      iterationsReserved += derivationPasses(iterations, bytes, hash);
    }
    if (iterationsReserved > MAX_PKCS12_ITERATIONS)
      throw tooManyIterations(
        `The PKCS#12 file asks for ${iterationsReserved} key-derivation iterations in all (its MAC and every ` +
          `encrypted part together); at most ${MAX_PKCS12_ITERATIONS} are read.`,
      );
  };
}
