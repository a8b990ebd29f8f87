// How a PKCS#12 file's password turns into its keys (docs/signing.md#pkcs12): PBES2 (PBKDF2 with AES-CBC, today's
// tools) through WebCrypto; the legacy PBES1 forms (3DES, RC2) older OpenSSL, macOS and Windows export through
// node-forge, since WebCrypto has neither cipher nor the PKCS#12 key derivation.
import type * as asn1js from "asn1js";
import forge from "node-forge";
import { type AlgorithmIdentifier, PBES2Params, PBKDF2Params } from "pkijs";
import { uploadRefusal } from "./upload-refusal";

/** Key-derivation iterations a single derivation may ask; checked before deriving (docs/signing.md#refusals). */
export const MAX_KDF_ITERATIONS = 1_000_000;

const PBES1: Record<string, { cipher: "3DES-CBC" | "RC2"; keyBytes: number; rc2Bits?: number }> = {
  "1.2.840.113549.1.12.1.3": { cipher: "3DES-CBC", keyBytes: 24 },
  "1.2.840.113549.1.12.1.4": { cipher: "3DES-CBC", keyBytes: 16 },
  "1.2.840.113549.1.12.1.5": { cipher: "RC2", keyBytes: 16, rc2Bits: 128 },
  "1.2.840.113549.1.12.1.6": { cipher: "RC2", keyBytes: 5, rc2Bits: 40 },
};
const PBES2_OID = "1.2.840.113549.1.5.13";
const PBKDF2_OID = "1.2.840.113549.1.5.12";
const PRF_HASH: Record<string, string> = {
  "1.2.840.113549.2.7": "SHA-1",
  "1.2.840.113549.2.9": "SHA-256",
  "1.2.840.113549.2.10": "SHA-384",
  "1.2.840.113549.2.11": "SHA-512",
};
const AES_CBC_BYTES: Record<string, number> = {
  "2.16.840.1.101.3.4.1.2": 16,
  "2.16.840.1.101.3.4.1.22": 24,
  "2.16.840.1.101.3.4.1.42": 32,
};
const DES_EDE3_CBC = "1.2.840.113549.3.7";

const unreadable = () =>
  uploadRefusal("pkcs12", "The PKCS#12 file is not readable.", "a PKCS#12 (.p12, .pfx) file in base64");
const wrongPassword = () =>
  uploadRefusal("password", "The password does not open this PKCS#12 file.", "the password the file was exported with");

/** Refuses an iteration count past the ceiling before any key is derived. */
export function checkIterations(iterations: number): void {
  if (Number.isSafeInteger(iterations) && iterations >= 1 && iterations <= MAX_KDF_ITERATIONS) return;
  throw uploadRefusal(
    "pkcs12",
    `The PKCS#12 file asks for ${iterations} key-derivation iterations; at most ${MAX_KDF_ITERATIONS} are read.`,
    `at most ${MAX_KDF_ITERATIONS} iterations`,
    { max_iterations: MAX_KDF_ITERATIONS },
  );
}

const binary = (bytes: Uint8Array) => String.fromCharCode(...bytes);
const fromBinary = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

/** RFC 7292 appendix B: the PKCS#12 derivation of `bytes` for `id` (1 key, 2 IV, 3 MAC). */
export function pkcs12Derive(
  password: string,
  salt: Uint8Array,
  id: 1 | 2 | 3,
  iterations: number,
  bytes: number,
  hash: "SHA-1" | "SHA-256" = "SHA-1",
): Uint8Array {
  checkIterations(iterations);
  const md = hash === "SHA-256" ? forge.md.sha256.create() : forge.md.sha1.create();
  const key = forge.pkcs12.generateKey(password, forge.util.createBuffer(binary(salt)), id, iterations, bytes, md);
  return fromBinary(key.getBytes());
}

function pbes1(algorithm: AlgorithmIdentifier, data: Uint8Array, password: string): Uint8Array {
  const scheme = PBES1[algorithm.algorithmId];
  if (!scheme) throw unreadable();
  const params = algorithm.algorithmParams as asn1js.Sequence;
  const [salt, count] = params.valueBlock.value as [asn1js.OctetString, asn1js.Integer];
  const iterations = count.valueBlock.valueDec;
  checkIterations(iterations);
  const saltBytes = new Uint8Array(salt.valueBlock.valueHexView);
  const key = binary(pkcs12Derive(password, saltBytes, 1, iterations, scheme.keyBytes));
  const iv = binary(pkcs12Derive(password, saltBytes, 2, iterations, 8));
  const input = forge.util.createBuffer(binary(data));
  if (scheme.cipher === "RC2") {
    const cipher = forge.rc2.createDecryptionCipher(key, scheme.rc2Bits);
    cipher.start(iv);
    cipher.update(input);
    if (!cipher.finish()) throw wrongPassword();
    return fromBinary(cipher.output.getBytes());
  }
  // Two-key 3DES is three-key 3DES whose third key is its first.
  const decipher = forge.cipher.createDecipher("3DES-CBC", key.length === 16 ? key + key.slice(0, 8) : key);
  decipher.start({ iv });
  decipher.update(input);
  if (!decipher.finish()) throw wrongPassword();
  return fromBinary(decipher.output.getBytes());
}

async function pbes2(algorithm: AlgorithmIdentifier, data: Uint8Array, password: string): Promise<Uint8Array> {
  const params = new PBES2Params({ schema: algorithm.algorithmParams });
  if (params.keyDerivationFunc.algorithmId !== PBKDF2_OID) throw unreadable();
  const kdf = new PBKDF2Params({ schema: params.keyDerivationFunc.algorithmParams });
  checkIterations(kdf.iterationCount);
  const hash = PRF_HASH[kdf.prf?.algorithmId ?? "1.2.840.113549.2.7"];
  const scheme = params.encryptionScheme;
  const keyBytes = scheme.algorithmId === DES_EDE3_CBC ? 24 : AES_CBC_BYTES[scheme.algorithmId];
  if (!hash || !keyBytes) throw unreadable();
  const iv = new Uint8Array((scheme.algorithmParams as asn1js.OctetString).valueBlock.valueHexView);
  const base = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, [
    "deriveBits",
  ]);
  const salt = new Uint8Array((kdf.salt as asn1js.OctetString).valueBlock.valueHexView);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash, salt, iterations: kdf.iterationCount },
    base,
    keyBytes * 8,
  );
  if (scheme.algorithmId === DES_EDE3_CBC) {
    const decipher = forge.cipher.createDecipher("3DES-CBC", binary(new Uint8Array(bits)));
    decipher.start({ iv: binary(iv) });
    decipher.update(forge.util.createBuffer(binary(data)));
    if (!decipher.finish()) throw wrongPassword();
    return fromBinary(decipher.output.getBytes());
  }
  const key = await crypto.subtle.importKey("raw", bits, "AES-CBC", false, ["decrypt"]);
  try {
    return new Uint8Array(await crypto.subtle.decrypt({ name: "AES-CBC", iv }, key, data));
  } catch {
    throw wrongPassword();
  }
}

/** The plaintext of `data` encrypted under `password` as `algorithm` says; a bad padding is a wrong password. */
export function decryptWithPassword(
  algorithm: AlgorithmIdentifier,
  data: Uint8Array,
  password: string,
): Promise<Uint8Array> {
  if (algorithm.algorithmId === PBES2_OID) return pbes2(algorithm, data, password);
  return Promise.resolve().then(() => pbes1(algorithm, data, password));
}

export { unreadable as unreadablePkcs12, wrongPassword };
