// A PKCS#12 file unpacked (docs/signing.md#pkcs12): its integrity checked with the password (a wrong password is
// told apart from a damaged file), then its certificates and its one private key taken out. Every iteration count
// the file shows (its MAC, each encrypted part, each shrouded key) is read and reserved against the file's budget
// (pkcs12-budget.ts) before the first key is derived; a shrouded key found inside an encrypted part, whose count
// cannot be read sooner, is reserved before its own derivation. So no file makes the Worker derive keys for long.
import type * as asn1js from "asn1js";
import {
  AuthenticatedSafe,
  type CertBag,
  type ContentInfo,
  EncryptedData,
  PFX,
  type PKCS8ShroudedKeyBag,
  type PrivateKeyInfo,
  SafeContents,
} from "pkijs";
import { ServiceError } from "../../errors";
import { type DerivedKey, derivationBudget } from "./pkcs12-budget";
import {
  decryptWithPassword,
  derivationsOf,
  type PasswordScheme,
  readScheme,
  unreadablePkcs12,
  wrongPassword,
} from "./pkcs12-ciphers";
import { pkcs12Derive } from "./pkcs12-kdf";
import { uploadRefusal } from "./upload-refusal";

/** The largest PKCS#12 file read, decoded (docs/signing.md#refusals). */
export const MAX_PKCS12_BYTES = 65_536;

const DATA = "1.2.840.113549.1.7.1";
const ENCRYPTED_DATA = "1.2.840.113549.1.7.6";
const KEY_BAG = "1.2.840.113549.1.12.10.1.1";
const SHROUDED_KEY_BAG = "1.2.840.113549.1.12.10.1.2";
const CERT_BAG = "1.2.840.113549.1.12.10.1.3";
const MAC_HASH: Record<string, { name: "SHA-1" | "SHA-256"; bytes: number }> = {
  "1.3.14.3.2.26": { name: "SHA-1", bytes: 20 },
  "2.16.840.1.101.3.4.2.1": { name: "SHA-256", bytes: 32 },
};

export interface UnpackedKeyAndCertificates {
  /** PKCS#8 DER. */
  privateKey: Uint8Array;
  /** DER certificates in the file's order. */
  certificates: Uint8Array[];
}

/** The decoded file, refused when larger than MAX_PKCS12_BYTES before it is decoded. */
export function decodePkcs12(base64: string): Uint8Array {
  const tooLarge = () =>
    uploadRefusal("pkcs12", `The PKCS#12 file is over ${MAX_PKCS12_BYTES} bytes.`, "a PKCS#12 file of 64 KB or less", {
      max_bytes: MAX_PKCS12_BYTES,
    });
  const compact = base64.replace(/[\s]/g, "");
  if (compact.length > Math.ceil(MAX_PKCS12_BYTES / 3) * 4) throw tooLarge();
  let file: Uint8Array;
  try {
    file = Uint8Array.from(atob(compact), (c) => c.charCodeAt(0));
  } catch {
    throw unreadablePkcs12();
  }
  if (file.length > MAX_PKCS12_BYTES) throw tooLarge();
  return file;
}

const octets = (value: asn1js.OctetString) => new Uint8Array(value.getValue());

function parse<T>(read: () => T): T {
  try {
    return read();
  } catch {
    throw unreadablePkcs12();
  }
}

/** A part of the file: plain safe contents, or contents encrypted under the password. */
type SafePart = { contents: SafeContents } | { scheme: PasswordScheme; ciphertext: Uint8Array };

function readPart(info: ContentInfo): SafePart {
  if (info.contentType === DATA) return { contents: parse(() => SafeContents.fromBER(octets(info.content))) };
  if (info.contentType !== ENCRYPTED_DATA) throw unreadablePkcs12();
  const encrypted = parse(() => new EncryptedData({ schema: info.content }));
  const { contentEncryptionAlgorithm } = encrypted.encryptedContentInfo;
  const ciphertext = parse(() => new Uint8Array(encrypted.encryptedContentInfo.getEncryptedContent()));
  return { scheme: readScheme(contentEncryptionAlgorithm), ciphertext };
}

const shroudedSchemes = (contents: SafeContents) =>
  contents.safeBags
    .filter((bag) => bag.bagId === SHROUDED_KEY_BAG)
    .map((bag) => readScheme((bag.bagValue as PKCS8ShroudedKeyBag).encryptionAlgorithm));

/** What the MAC's key takes, or nothing for a file without a MAC. */
function macDerivation(pfx: PFX): DerivedKey[] {
  const macData = pfx.macData;
  if (!macData) return [];
  const hash = MAC_HASH[macData.mac.digestAlgorithm.algorithmId];
  if (!hash) throw unreadablePkcs12();
  return [[{ iterations: macData.iterations ?? 1, bytes: hash.bytes, hash: hash.name }]];
}

async function checkMac(pfx: PFX, content: Uint8Array, password: string): Promise<void> {
  const macData = pfx.macData;
  const hash = MAC_HASH[macData?.mac.digestAlgorithm.algorithmId ?? ""];
  if (!macData || !hash) return;
  const salt = octets(macData.macSalt);
  const macKey = await pkcs12Derive(password, salt, 3, macData.iterations ?? 1, hash.bytes, hash.name);
  const key = await crypto.subtle.importKey("raw", macKey, { name: "HMAC", hash: hash.name }, false, ["verify"]);
  if (!(await crypto.subtle.verify("HMAC", key, octets(macData.mac.digest), content))) throw wrongPassword();
}

async function contentsOf(part: SafePart, password: string): Promise<SafeContents> {
  if ("contents" in part) return part.contents;
  const plain = await decryptWithPassword(part.scheme, part.ciphertext, password);
  return parse(() => SafeContents.fromBER(plain));
}

/** The key and certificates of a PKCS#12 file; refusals at `pkcs12` or, for a wrong password, at `password`. */
export async function readPkcs12(file: Uint8Array, password: string): Promise<UnpackedKeyAndCertificates> {
  try {
    return await unpack(file, password);
  } catch (error) {
    // A structure the file only seemed to have (a field of another type than its schema says) is a damaged file.
    throw error instanceof ServiceError ? error : unreadablePkcs12();
  }
}

async function unpack(file: Uint8Array, password: string): Promise<UnpackedKeyAndCertificates> {
  const pfx = parse(() => PFX.fromBER(file));
  if (pfx.authSafe.contentType !== DATA) throw unreadablePkcs12();
  const content = parse(() => octets(pfx.authSafe.content));
  const parts = parse(() => AuthenticatedSafe.fromBER(content)).safeContents.map(readPart);
  const reserve = derivationBudget();
  const partSchemes = parts.flatMap((part) => ("scheme" in part ? [part.scheme] : shroudedSchemes(part.contents)));
  reserve([...macDerivation(pfx), ...partSchemes.map(derivationsOf)]);
  await checkMac(pfx, content, password);
  const keys: Uint8Array[] = [];
  const certificates: Uint8Array[] = [];
  for (const part of parts) {
    const contents = await contentsOf(part, password);
    // A shrouded key inside an encrypted part showed no count until the part was opened: reserved before deriving.
    if ("scheme" in part) reserve(shroudedSchemes(contents).map(derivationsOf));
    for (const bag of contents.safeBags) {
      if (bag.bagId === CERT_BAG) certificates.push(octets((bag.bagValue as CertBag).certValue as asn1js.OctetString));
      if (bag.bagId === KEY_BAG) keys.push(new Uint8Array((bag.bagValue as PrivateKeyInfo).toSchema().toBER()));
      if (bag.bagId !== SHROUDED_KEY_BAG) continue;
      const shrouded = bag.bagValue as PKCS8ShroudedKeyBag;
      const scheme = readScheme(shrouded.encryptionAlgorithm);
      keys.push(await decryptWithPassword(scheme, octets(shrouded.encryptedData), password));
    }
  }
  if (keys.length !== 1 || certificates.length === 0)
    throw uploadRefusal(
      "pkcs12",
      `The PKCS#12 file holds ${keys.length} private keys and ${certificates.length} certificates; one key and its certificate are needed.`,
      "one private key with its certificate and, optionally, its chain",
    );
  return { privateKey: keys[0] as Uint8Array, certificates };
}
