// How a PKCS#12 file's password turns into its keys (docs/signing.md#pkcs12): PBES2 (PBKDF2 with AES-CBC, today's
// tools) and the legacy PBES1 forms (3DES, RC2) older OpenSSL, macOS and Windows export. PBKDF2 and AES through
// WebCrypto; the PKCS#12 derivation is pkcs12-kdf.ts's, which gives the event loop turns, and 3DES and RC2 come from
// node-forge, since WebCrypto has neither. A part's scheme is read first, so its cost is known before any derivation.
import type * as asn1js from "asn1js";
import forge from "node-forge";
import { type AlgorithmIdentifier, PBES2Params, PBKDF2Params } from "pkijs";
import type { DerivedKey } from "./pkcs12-budget";
import { type KdfHash, pkcs12Derive } from "./pkcs12-kdf";
import { uploadRefusal } from "./upload-refusal";

type LegacyCipher = "3DES-CBC" | "RC2";

/** A part encrypted under the password, as its AlgorithmIdentifier says. */
export type PasswordScheme =
  | { scheme: "PBES1"; cipher: LegacyCipher; keyBytes: number; rc2Bits?: number; salt: Uint8Array; iterations: number }
  | {
      scheme: "PBES2";
      cipher: "3DES-CBC" | "AES-CBC";
      hash: KdfHash;
      keyBytes: number;
      salt: Uint8Array;
      iterations: number;
      iv: Uint8Array;
    };

const PBES1: Record<string, { cipher: LegacyCipher; keyBytes: number; rc2Bits?: number }> = {
  "1.2.840.113549.1.12.1.3": { cipher: "3DES-CBC", keyBytes: 24 },
  "1.2.840.113549.1.12.1.4": { cipher: "3DES-CBC", keyBytes: 16 },
  "1.2.840.113549.1.12.1.5": { cipher: "RC2", keyBytes: 16, rc2Bits: 128 },
  "1.2.840.113549.1.12.1.6": { cipher: "RC2", keyBytes: 5, rc2Bits: 40 },
};
const PBES2_OID = "1.2.840.113549.1.5.13";
const PBKDF2_OID = "1.2.840.113549.1.5.12";
const PRF_HASH: Record<string, KdfHash> = {
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
const PBES1_IV_BYTES = 8;

const unreadable = () =>
  uploadRefusal("pkcs12", "The PKCS#12 file is not readable.", "a PKCS#12 (.p12, .pfx) file in base64");
const wrongPassword = () =>
  uploadRefusal("password", "The password does not open this PKCS#12 file.", "the password the file was exported with");

const hexView = (value: asn1js.OctetString) => new Uint8Array(value.valueBlock.valueHexView);

function readPbes2(algorithm: AlgorithmIdentifier): PasswordScheme {
  const params = new PBES2Params({ schema: algorithm.algorithmParams });
  if (params.keyDerivationFunc.algorithmId !== PBKDF2_OID) throw unreadable();
  const kdf = new PBKDF2Params({ schema: params.keyDerivationFunc.algorithmParams });
  const hash = PRF_HASH[kdf.prf?.algorithmId ?? "1.2.840.113549.2.7"];
  const { algorithmId, algorithmParams } = params.encryptionScheme;
  const keyBytes = algorithmId === DES_EDE3_CBC ? 24 : AES_CBC_BYTES[algorithmId];
  if (!hash || !keyBytes) throw unreadable();
  const cipher = algorithmId === DES_EDE3_CBC ? "3DES-CBC" : "AES-CBC";
  const salt = hexView(kdf.salt as asn1js.OctetString);
  const iv = hexView(algorithmParams as asn1js.OctetString);
  return { scheme: "PBES2", cipher, hash, keyBytes, salt, iterations: kdf.iterationCount, iv };
}

/** The scheme of a part encrypted under the password; nothing is derived. */
export function readScheme(algorithm: AlgorithmIdentifier): PasswordScheme {
  if (algorithm.algorithmId === PBES2_OID) return readPbes2(algorithm);
  const pbes1 = PBES1[algorithm.algorithmId];
  if (!pbes1) throw unreadable();
  const params = algorithm.algorithmParams as asn1js.Sequence;
  const [salt, count] = params.valueBlock.value as [asn1js.OctetString, asn1js.Integer];
  return { scheme: "PBES1", ...pbes1, salt: hexView(salt), iterations: count.valueBlock.valueDec };
}

/** What opening a part under `scheme` derives. */
export function derivationsOf(scheme: PasswordScheme): DerivedKey {
  const { iterations, keyBytes } = scheme;
  if (scheme.scheme === "PBES2") return [{ iterations, bytes: keyBytes, hash: scheme.hash }];
  return [
    { iterations, bytes: keyBytes, hash: "SHA-1" },
    { iterations, bytes: PBES1_IV_BYTES, hash: "SHA-1" },
  ];
}

const binary = (bytes: Uint8Array) => String.fromCharCode(...bytes);
const fromBinary = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

/** 3DES or RC2 through node-forge; a bad padding is a wrong password. */
function decryptLegacy(cipher: LegacyCipher, key: Uint8Array, iv: Uint8Array, data: Uint8Array, rc2Bits?: number) {
  const input = forge.util.createBuffer(binary(data));
  if (cipher === "RC2") {
    const rc2 = forge.rc2.createDecryptionCipher(binary(key), rc2Bits);
    rc2.start(binary(iv));
    rc2.update(input);
    if (!rc2.finish()) throw wrongPassword();
    return fromBinary(rc2.output.getBytes());
  }
  // Two-key 3DES is three-key 3DES whose third key is its first.
  const threeKeys = key.length === 16 ? new Uint8Array([...key, ...key.subarray(0, 8)]) : key;
  const decipher = forge.cipher.createDecipher("3DES-CBC", binary(threeKeys));
  decipher.start({ iv: binary(iv) });
  decipher.update(input);
  if (!decipher.finish()) throw wrongPassword();
  return fromBinary(decipher.output.getBytes());
}

/** The plaintext of `data` encrypted under `password` as `scheme` says; a bad padding is a wrong password. */
export async function decryptWithPassword(
  scheme: PasswordScheme,
  data: Uint8Array,
  password: string,
): Promise<Uint8Array> {
  const { salt, iterations, keyBytes } = scheme;
  if (scheme.scheme === "PBES1") {
    const key = await pkcs12Derive(password, salt, 1, iterations, keyBytes);
    const iv = await pkcs12Derive(password, salt, 2, iterations, PBES1_IV_BYTES);
    return decryptLegacy(scheme.cipher, key, iv, data, scheme.rc2Bits);
  }
  const base = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, [
    "deriveBits",
  ]);
  const pbkdf2 = { name: "PBKDF2", hash: scheme.hash, salt, iterations };
  const bits = new Uint8Array(await crypto.subtle.deriveBits(pbkdf2, base, keyBytes * 8));
  if (scheme.cipher === "3DES-CBC") return decryptLegacy("3DES-CBC", bits, scheme.iv, data);
  const key = await crypto.subtle.importKey("raw", bits, "AES-CBC", false, ["decrypt"]);
  try {
    return new Uint8Array(await crypto.subtle.decrypt({ name: "AES-CBC", iv: scheme.iv }, key, data));
  } catch {
    throw wrongPassword();
  }
}

export { unreadable as unreadablePkcs12, wrongPassword };
